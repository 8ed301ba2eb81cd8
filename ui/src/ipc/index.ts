// The one typed door to the Tauri shell: `call` (commands) and `on` (events).
// Every command name, its arguments and its answer are listed in `Commands`;
// every event in `Events`. Errors from the shell arrive as `{code, message}`
// (a question not understood adds `suggestions`) and are thrown as `IpcError`,
// so screens can branch on `code`.

import { invoke } from "@tauri-apps/api/core";
import { listen, type UnlistenFn } from "@tauri-apps/api/event";
import { cleanSuggestions } from "../lib/suggestions";
import type {
  AuditCheck, DescribeProgress, DoctorReport, ExportedReport, GeneratedCode, GenerationProgress, InputDescription, IpcErrorPayload,
  ListRunsQuery, PolicyReport, Provider, RunFailed, RunFinished, RunOutput, RunProgress,
  RunReport, RunSummary, Settings, StartRunRequest, LocalServer, ConnectionReport,
} from "./types";

export * from "./types";

/** Command name -> [arguments, answer]. Argument keys are what Tauri receives. */
export interface Commands {
  /** Files given on the app's command line (answered once, then []). */
  initial_files: [Record<string, never>, string[]];
  /** The first screen is up; answers the milliseconds since the process started. */
  app_ready: [Record<string, never>, number];
  describe_files: [{ paths: string[] }, InputDescription[]];
  preview_rows: [{ path: string; start: number; count: number }, string[][]];
  /** The example file ("Try with an example"), written beside the audit log; its path. */
  sample_file: [Record<string, never>, string];
  /** `follows`: the run a follow-up refines (its plan is kept and changed as the goal says). */
  generate_code: [{ goal: string; files: string[]; provider: Provider; follows?: string }, GeneratedCode];
  /** Stops the code being written (generate_code then fails with `cancelled`); nothing when none is. */
  cancel_generation: [Record<string, never>, void];
  /** The exact request a model provider would receive (nothing is sent). */
  preview_prompt: [{ goal: string; files: string[]; provider: Provider }, string];
  check_code: [{ code: string; lang: string }, PolicyReport];
  start_run: [{ request: StartRunRequest }, string];
  cancel_run: [{ runId: string }, void];
  list_runs: [{ query: ListRunsQuery }, RunSummary[]];
  get_run: [{ runId: string }, RunReport];
  verify_audit: [Record<string, never>, AuditCheck];
  /** Writes the signed report of a finished run to `path` (`format`: pdf or html). */
  export_report: [{ runId: string; format: "pdf" | "html"; path: string }, ExportedReport];
  /** Where the save dialog starts: the question as a safe file name with the run's date, in Documents. */
  report_file_name: [{ runId: string; format: "pdf" | "html" }, string];
  /** Opens a report saved in this session with the system's default app. */
  open_report: [{ path: string }, void];
  doctor: [Record<string, never>, DoctorReport];
  get_settings: [Record<string, never>, Settings];
  /** Saves; the UI then reads them back with get_settings. */
  set_settings: [{ settings: Settings }, void];
  /** Stores the key in the OS keyring; never echoed back. */
  set_api_key: [{ provider: Provider; key: string }, void];
  /** Model servers on this computer (loopback only; only their model lists are asked). */
  detect_local_models: [Record<string, never>, LocalServer[]];
  /** Asks the service on screen (not yet saved) for its model list; nothing else is sent. */
  test_connection: [{ provider: Provider; model: string; baseUrl: string; lang: string }, ConnectionReport];
  /** tauri-plugin-dialog's open(); null when the person closed the picker. */
  /** tauri-plugin-dialog's save(); null when the person closed the dialog. */
  "plugin:dialog|save": [{ options: { defaultPath: string; filters: { name: string; extensions: string[] }[] } }, string | null];
  "plugin:dialog|open": [{ options: { multiple: boolean; directory: boolean; filters: { name: string; extensions: string[] }[] } }, string[] | string | null];
}

/** Event name -> payload. */
export interface Events {
  /** `stage` may also be the engine's own name (inspect, policy, execute, record). */
  run_progress: RunProgress;
  run_output: RunOutput;
  run_finished: RunFinished;
  /** The engine itself failed (its audit log could not be written). */
  run_failed: RunFailed;
  /** A model is being asked for code: elapsed time and the reply's words (never for offline). */
  generation_progress: GenerationProgress;
  /** How far a file being added has been read (only for a file that takes a while). */
  describe_progress: DescribeProgress;
  "tauri://drag-enter": { paths: string[] } | null;
  "tauri://drag-leave": null;
  "tauri://drag-drop": { paths: string[] };
}

/** An error from the shell, with a stable `code` to branch on. */
export class IpcError extends Error {
  readonly code: string;
  /** Rephrasings that would run as written (`goal` errors); often none. */
  readonly suggestions: string[];
  constructor(code: string, message: string, suggestions: string[] = []) {
    super(message);
    this.code = code;
    this.suggestions = suggestions;
    this.name = "IpcError";
  }
}

/** Turns anything thrown by invoke into an IpcError. */
export function toIpcError(raw: unknown): IpcError {
  if (raw instanceof IpcError) return raw;
  if (raw && typeof raw === "object" && "code" in raw && "message" in raw) {
    const p = raw as IpcErrorPayload;
    return new IpcError(String(p.code), String(p.message), cleanSuggestions(p.suggestions));
  }
  if (typeof raw === "string") return new IpcError("internal", raw);
  if (raw instanceof Error) return new IpcError("internal", raw.message);
  return new IpcError("internal", String(raw));
}

/** Calls a shell command; throws IpcError. */
export async function call<K extends keyof Commands>(
  name: K,
  args: Commands[K][0],
): Promise<Commands[K][1]> {
  try {
    return (await invoke(name, args as Record<string, unknown>)) as Commands[K][1];
  } catch (raw) {
    throw toIpcError(raw);
  }
}

/** Listens to a shell event; resolves to the function that stops listening. */
export function on<K extends keyof Events>(
  name: K,
  handler: (payload: Events[K]) => void,
): Promise<UnlistenFn> {
  return listen<Events[K]>(name, (e) => handler(e.payload));
}

/** Opens the system file picker for CSV/TSV files; [] when cancelled. */
export async function pickFiles(filterName: string): Promise<string[]> {
  const picked = await call("plugin:dialog|open", {
    options: {
      multiple: true,
      directory: false,
      filters: [{ name: filterName, extensions: ["csv", "tsv", "txt"] }],
    },
  });
  if (picked == null) return [];
  return Array.isArray(picked) ? picked : [picked];
}
