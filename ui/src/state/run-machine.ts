// The state of one run as the UI sees it, and its transitions on user actions
// and shell events. Pure: `next(state, event)` returns the new state; events of
// another run, or that arrive after the end, are ignored.

import { STAGES, type RunReport, type Stage } from "../ipc/types";

export type RunPhase = "idle" | "starting" | "running" | "cancelling" | "finished" | "failed";

export interface RunState {
  phase: RunPhase;
  runId: string | null;
  stage: Stage | null;
  /** Stages done so far, in order. */
  done: Stage[];
  elapsedMs: number;
  timeLimitMs: number;
  /** Last lines of the script's output (bounded). */
  output: string[];
  report: RunReport | null;
  /** Plain-language error when the run could not start or the shell failed. */
  error: string | null;
  errorCode: string | null;
}

export type RunEvent =
  | { type: "start" }
  | { type: "started"; runId: string }
  | { type: "start_failed"; code: string; message: string }
  | { type: "progress"; runId: string; stage: Stage; elapsedMs: number; timeLimitMs: number }
  | { type: "output"; runId: string; text: string }
  | { type: "cancel" }
  | { type: "finished"; runId: string; report: RunReport }
  | { type: "failed"; runId: string; code: string; message: string }
  | { type: "reset" };

export const OUTPUT_TAIL_LINES = 200;

export const initialRun: RunState = {
  phase: "idle", runId: null, stage: null, done: [], elapsedMs: 0, timeLimitMs: 0,
  output: [], report: null, error: null, errorCode: null,
};

function active(s: RunState): boolean {
  return s.phase === "starting" || s.phase === "running" || s.phase === "cancelling";
}

export function next(s: RunState, e: RunEvent): RunState {
  switch (e.type) {
    case "reset":
      return active(s) ? s : initialRun;
    case "start":
      return active(s) ? s : { ...initialRun, phase: "starting" };
    case "started":
      return s.phase === "starting" ? { ...s, phase: "running", runId: e.runId } : s;
    case "start_failed":
      return s.phase === "starting" ? { ...s, phase: "failed", error: e.message, errorCode: e.code } : s;
    case "progress": {
      if (!active(s) || (s.runId !== null && e.runId !== s.runId)) return s;
      const index = STAGES.indexOf(e.stage);
      const done = STAGES.slice(0, Math.max(0, index));
      return {
        ...s,
        runId: s.runId ?? e.runId,
        phase: s.phase === "starting" ? "running" : s.phase,
        stage: e.stage, done, elapsedMs: e.elapsedMs, timeLimitMs: e.timeLimitMs,
      };
    }
    case "output": {
      if (!active(s) || (s.runId !== null && e.runId !== s.runId)) return s;
      const added = e.text.split(/\r?\n/);
      if (added[added.length - 1] === "") added.pop();
      const output = [...s.output, ...added].slice(-OUTPUT_TAIL_LINES);
      return { ...s, output };
    }
    case "cancel":
      return s.phase === "running" || s.phase === "starting" ? { ...s, phase: "cancelling" } : s;
    case "failed":
      if (!active(s) || (s.runId !== null && e.runId !== s.runId)) return s;
      return { ...s, phase: "failed", runId: e.runId, error: e.message, errorCode: e.code, stage: null };
    case "finished":
      if (!active(s) || (s.runId !== null && e.runId !== s.runId)) return s;
      return {
        ...s, phase: "finished", runId: e.runId, report: e.report,
        done: e.report.status === "answered" ? [...STAGES] : s.done, stage: null,
      };
  }
}

/** True while a run is under way (Run is disabled, Cancel enabled). */
export function isActive(s: RunState): boolean {
  return active(s);
}
