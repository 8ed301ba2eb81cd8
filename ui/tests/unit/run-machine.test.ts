// State transitions of a run, fed with a real report from the engine.
import { describe, expect, it } from "vitest";
import { STAGES, type RunReport } from "../../src/ipc/types";
import { initialRun, isActive, next, OUTPUT_TAIL_LINES, type RunEvent, type RunState } from "../../src/state/run-machine";
import answered from "../fixtures/answered.json";
import blocked from "../fixtures/blocked.json";

const report = answered as unknown as RunReport;
const run = (events: RunEvent[], from: RunState = initialRun) => events.reduce(next, from);

describe("run state", () => {
  it("idle -> starting -> running -> stages -> finished", () => {
    let s = run([{ type: "start" }]);
    expect(s.phase).toBe("starting");
    expect(isActive(s)).toBe(true);
    s = run([{ type: "started", runId: "r1" }], s);
    expect(s).toMatchObject({ phase: "running", runId: "r1" });
    s = run([{ type: "progress", runId: "r1", stage: "run", elapsedMs: 900, timeLimitMs: 60_000 }], s);
    expect(s.stage).toBe("run");
    expect(s.done).toEqual(["plan", "generate", "check"]);
    expect(s.elapsedMs).toBe(900);
    s = run([{ type: "finished", runId: "r1", report }], s);
    expect(s.phase).toBe("finished");
    expect(s.done).toEqual([...STAGES]);
    expect(s.report?.answer.values?.["total revenue (North)"]).toBe(6109.2);
    expect(isActive(s)).toBe(false);
  });
  it("progress that arrives before start_run answers takes the run id", () => {
    const s = run([{ type: "start" }, { type: "progress", runId: "r2", stage: "plan", elapsedMs: 1, timeLimitMs: 60_000 }]);
    expect(s).toMatchObject({ phase: "running", runId: "r2" });
  });
  it("ignores events of another run and events after the end", () => {
    let s = run([{ type: "start" }, { type: "started", runId: "r1" }]);
    s = run([{ type: "progress", runId: "other", stage: "explain", elapsedMs: 5, timeLimitMs: 1 }, { type: "output", runId: "other", text: "x" }], s);
    expect(s.stage).toBeNull();
    expect(s.output).toEqual([]);
    s = run([{ type: "finished", runId: "r1", report }], s);
    const after = run([{ type: "progress", runId: "r1", stage: "plan", elapsedMs: 9, timeLimitMs: 1 }, { type: "output", runId: "r1", text: "late" }], s);
    expect(after).toBe(s);
  });
  it("cancel goes through cancelling and ends with the stopped report", () => {
    let s = run([{ type: "start" }, { type: "started", runId: "r1" }, { type: "cancel" }]);
    expect(s.phase).toBe("cancelling");
    expect(isActive(s)).toBe(true);
    const stopped = { ...report, status: "stopped", stop_kind: "cancelled", stop_reason: "stopped by you" } as RunReport;
    s = run([{ type: "finished", runId: "r1", report: stopped }], s);
    expect(s.phase).toBe("finished");
    expect(s.report?.status).toBe("stopped");
    expect(s.done).toEqual([]);
  });
  it("a refused start is a failure with the error code", () => {
    const s = run([{ type: "start" }, { type: "start_failed", code: "no_sandbox", message: "no cgroup v2" }]);
    expect(s).toMatchObject({ phase: "failed", errorCode: "no_sandbox", error: "no cgroup v2" });
  });
  it("start and reset are refused while a run is under way", () => {
    const s = run([{ type: "start" }, { type: "started", runId: "r1" }]);
    expect(next(s, { type: "start" })).toBe(s);
    expect(next(s, { type: "reset" })).toBe(s);
  });
  it("keeps a bounded tail of output lines", () => {
    let s = run([{ type: "start" }, { type: "started", runId: "r1" }]);
    for (let i = 0; i < OUTPUT_TAIL_LINES + 50; i++) s = next(s, { type: "output", runId: "r1", text: `line ${i}\n` });
    expect(s.output).toHaveLength(OUTPUT_TAIL_LINES);
    expect(s.output.at(-1)).toBe(`line ${OUTPUT_TAIL_LINES + 49}`);
  });
  it("a blocked report keeps the stages reached", () => {
    let s = run([{ type: "start" }, { type: "started", runId: "r1" }, { type: "progress", runId: "r1", stage: "check", elapsedMs: 5, timeLimitMs: 1 }]);
    s = next(s, { type: "finished", runId: "r1", report: blocked as unknown as RunReport });
    expect(s.done).toEqual(["plan", "generate"]);
    expect(s.report?.policy.verdict).toBe("deny");
  });
});
