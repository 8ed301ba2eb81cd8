// The application's state: one store for everything the screens show.

import type {
  DoctorReport, GeneratedCode, InputDescription, PolicyReport, Provider, RunReport, Settings, UiLanguage,
} from "../ipc/types";
import { initialRun, type RunState } from "./run-machine";
import { createStore, type Store } from "./store";

export type View = "data" | "ask" | "review" | "run" | "result" | "history" | "settings" | "doctor";

/** A file the person added: described by the shell, or refused with a
 * reason; neither while it is being read (`progress`: how far, for a file
 * that takes a while). */
export interface FileEntry {
  path: string;
  description: InputDescription | null;
  error: { code: string; message: string } | null;
  progress?: { read: number; total: number } | null;
}

export interface AppState {
  view: View;
  lang: UiLanguage;
  files: FileEntry[];
  reading: boolean;
  goal: string;
  provider: Provider;
  generating: boolean;
  /** A model asked for code: how long, and what it wrote so far (null for offline). */
  modelWait: ModelWait | null;
  askError: string | null;
  /** `askError` may pass if asked again (a model that failed, a cancel): Retry is offered. */
  askRetry: boolean;
  /** Rephrasings offered with `askError` when the question was not understood. */
  askSuggestions: string[];
  generated: GeneratedCode | null;
  /** What `generated` was written for; set and cleared with it. */
  draftedFor: DraftedFor | null;
  /** The code as the person left it in the editor. */
  code: string;
  policy: PolicyReport | null;
  checking: boolean;
  run: RunState;
  /** The question the current run was started for (shown above its answer). */
  runGoal: string | null;
  /** The last question was not understood by the offline recipes: "Ask a
   * language model instead" is offered. */
  askModelOffer: boolean;
  /** "Ask a language model instead" pressed with a model set up: what would
   * be sent, shown before anything is (null while it is prepared). */
  modelAsk: ModelAsk | null;
  /** Settings should open on the model fields (no model is set up yet). */
  modelSetup: boolean;
  /** Where the example file was put ("Try with an example"), once asked for. */
  samplePath: string | null;
  /** When the current run was started (RFC 3339), shown with its answer. */
  runAt: string | null;
  /** The run the question on screen follows up ("Ask a follow-up"); cleared when the question is edited. */
  follows: string | null;
  doctor: DoctorReport | null;
  settings: Settings | null;
  /** A past run opened from history. */
  opened: RunReport | null;
  notice: string | null;
  /** The provider whose missing key stopped the last "Write the code" (offers "Add your key"). */
  askNeedsKey: Provider | null;
  /** Settings should show and focus the key field of this provider (then it is cleared). */
  keyFor: Provider | null;
}

/** A question about to go to a model instead of the offline recipes. */
export interface ModelAsk {
  provider: Exclude<Provider, "offline">;
  goal: string;
  /** The exact request body (`preview_prompt`), null until it is known. */
  sent: string | null;
  error: string | null;
}

/** The model provider set up in Settings, or null when the settings say offline. */
export function configuredModel(s: AppState): Exclude<Provider, "offline"> | null {
  const p = s.settings?.provider;
  return p && p !== "offline" ? p : null;
}

/** The most of a model's reply kept to show while it writes (its end). */
export const MODEL_TEXT_SHOWN = 2_000;

/** While a model writes the code. */
export interface ModelWait {
  elapsedMs: number;
  /** Characters received so far. */
  received: number;
  /** The end of the reply so far (at most MODEL_TEXT_SHOWN characters). */
  text: string;
  /** Cancel was pressed; the shell has not answered yet. */
  cancelling: boolean;
}

/** The wait after one `generation_progress` event. */
export function waitAfter(wait: ModelWait | null, p: { elapsed_ms: number; received: number; text: string }): ModelWait {
  const text = (wait?.text ?? "") + p.text;
  return {
    elapsedMs: Math.max(wait?.elapsedMs ?? 0, p.elapsed_ms),
    received: Math.max(wait?.received ?? 0, p.received),
    text: text.length > MODEL_TEXT_SHOWN ? text.slice(text.length - MODEL_TEXT_SHOWN) : text,
    cancelling: wait?.cancelling ?? false,
  };
}

/** The question (trimmed), the files read and who wrote the code: drafted
 * code answers only these, and runs only for them. */
export interface DraftedFor {
  goal: string;
  files: string[];
  provider: Provider;
}

/** Why the drafted code no longer answers what is on screen. */
export type Staleness = "goal" | "files" | "provider";

export function initialState(lang: UiLanguage): AppState {
  return {
    view: "data", lang, files: [], reading: false, goal: "", provider: "offline",
    generating: false, modelWait: null, askError: null, askRetry: false, askSuggestions: [], generated: null, draftedFor: null, code: "", policy: null, checking: false,
    run: initialRun, runGoal: null, runAt: null, samplePath: null, askModelOffer: false, modelAsk: null, modelSetup: false, follows: null, doctor: null, settings: null, opened: null, notice: null,
    askNeedsKey: null, keyFor: null,
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

/** The example file is among the files read: its example questions apply. */
export function sampleLoaded(s: AppState): boolean {
  return s.samplePath !== null && s.files.some((f) => f.path === s.samplePath && f.description !== null);
}

/** What changed since the code was written (the question first, then the
 * files, then who writes the code); null when nothing did or there is no code. */
export function staleness(s: AppState): Staleness | null {
  const d = s.draftedFor;
  if (!s.generated) return null;
  if (!d || s.goal.trim() !== d.goal) return "goal";
  const files = usableFiles(s);
  if (files.length !== d.files.length || files.some((f, i) => f !== d.files[i])) return "files";
  if (s.provider !== d.provider) return "provider";
  return null;
}

/** Running is possible: sandbox ready, code written for the question, files
 * and provider on screen, verdict not deny, no run under way. */
export function canRun(s: AppState): boolean {
  return (
    s.doctor?.ready === true &&
    s.generated !== null &&
    staleness(s) === null &&
    s.code.trim() !== "" &&
    !s.checking &&
    s.policy !== null &&
    s.policy.verdict !== "deny" &&
    usableFiles(s).length > 0 &&
    !["starting", "running", "cancelling"].includes(s.run.phase)
  );
}

/** Where a freshly written draft goes: `run`, at once, when the policy
 * allows it, it is the code as written, running is possible and neither the
 * person's setting ("always show me the code first") nor this question
 * (`codeFirst`) asks to see it first; `review`, the Code step, otherwise
 * (code that needs approval or is refused always opens there first). */
export type AfterDraft = "run" | "review";

export function afterDraft(s: AppState, codeFirst = false): AfterDraft {
  if (codeFirst || s.settings?.show_code_first === true) return "review";
  if (!s.generated || s.code !== s.generated.code) return "review";
  if (s.checking || s.policy?.verdict !== "allow") return "review";
  return canRun(s) ? "run" : "review";
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
