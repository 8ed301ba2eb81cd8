// The application's state: one store for everything the screens show.

import type {
  DoctorReport, GeneratedCode, InputDescription, PolicyReport, Provider, RunReport, Settings, UiLanguage,
} from "../ipc/types";
import { initialRun, type RunState } from "./run-machine";
import { createStore, type Store } from "./store";

export type View = "data" | "ask" | "review" | "run" | "result" | "history" | "settings" | "doctor";

/** A file the person added: described by the shell, or refused with a reason. */
export interface FileEntry {
  path: string;
  description: InputDescription | null;
  error: { code: string; message: string } | null;
}

export interface AppState {
  view: View;
  lang: UiLanguage;
  files: FileEntry[];
  reading: boolean;
  goal: string;
  provider: Provider;
  generating: boolean;
  askError: string | null;
  generated: GeneratedCode | null;
  /** The code as the person left it in the editor. */
  code: string;
  policy: PolicyReport | null;
  checking: boolean;
  run: RunState;
  doctor: DoctorReport | null;
  settings: Settings | null;
  /** A past run opened from history. */
  opened: RunReport | null;
  notice: string | null;
}

export function initialState(lang: UiLanguage): AppState {
  return {
    view: "data", lang, files: [], reading: false, goal: "", provider: "offline",
    generating: false, askError: null, generated: null, code: "", policy: null, checking: false,
    run: initialRun, doctor: null, settings: null, opened: null, notice: null,
  };
}

export type AppStore = Store<AppState>;

export function createAppStore(lang: UiLanguage): AppStore {
  return createStore(initialState(lang));
}

/** Files that were read successfully (the ones a run uses). */
export function usableFiles(s: AppState): string[] {
  return s.files.filter((f) => f.description).map((f) => f.path);
}

/** Running is possible: sandbox ready, code present, verdict not deny, no run under way. */
export function canRun(s: AppState): boolean {
  return (
    s.doctor?.ready === true &&
    s.code.trim() !== "" &&
    !s.checking &&
    s.policy !== null &&
    s.policy.verdict !== "deny" &&
    usableFiles(s).length > 0 &&
    !["starting", "running", "cancelling"].includes(s.run.phase)
  );
}

/** Views reachable from the navigation, given the state. */
export function reachable(s: AppState, view: View): boolean {
  switch (view) {
    case "ask": return true;
    case "review": return s.generated !== null;
    case "run": return s.run.phase !== "idle";
    case "result": return s.run.report !== null;
    default: return true;
  }
}
