// The IPC contract's payload types. They mirror the Rust JSON exactly where it
// exists today (engine/src/pipeline.rs RunReport, engine/src/inputs.rs
// InputDescription, engine/src/policy/mod.rs PolicyReport); the rest is what the
// Tauri shell (src-tauri/) promises to send. Field names are the serde names.

/** `allow` | `review` | `deny` (policy::Verdict, snake_case). */
export type Verdict = "allow" | "review" | "deny";

/** One policy finding (policy::Finding). `line` is 1-based. */
export interface Finding {
  rule: string;
  line: number;
  message: string;
  severity: Verdict;
}

/** policy::PolicyReport. In a RunReport `verdict` is null when no code was checked. */
export interface PolicyReport {
  verdict: Verdict | null;
  findings: Finding[];
}

/** inputs::ColumnKind. */
export type ColumnKind = "integer" | "decimal" | "date" | "boolean" | "text" | "empty";

/** inputs::Column; `values` is present only for columns with few distinct values. */
export interface Column {
  name: string;
  kind: ColumnKind;
  empty_cells: number;
  values?: string[];
}

/** inputs::InputDescription. */
export interface InputDescription {
  name: string;
  path: string;
  size_bytes: number;
  sha256: string;
  encoding: string;
  bom: boolean;
  delimiter: string;
  decimal_comma: boolean;
  has_header: boolean;
  columns: Column[];
  row_count: number;
  preview: string[][];
}

/** validate::RawTable. Cells are numbers, text or null. */
export interface Table {
  name: string;
  columns: string[];
  rows: (number | string | null)[][];
  total_rows: number;
}

/** validate::RawChart: what the code asked to draw. */
export interface ChartRequest {
  kind: string;
  table: string;
  x?: string | null;
  y?: string[] | null;
  title?: string | null;
}

/** pipeline::DrawnChart: SVG drawn by the host from checked data. */
export interface DrawnChart {
  kind: string;
  title: string;
  table: string;
  svg: string;
}

/** pipeline::AttemptReport. */
export interface Attempt {
  number: number;
  verdict?: Verdict;
  failure: string | null;
}

/** pipeline::SandboxReport. */
export interface SandboxReport {
  exit_code: number | null;
  signal: number | null;
  timed_out: boolean;
  oom_killed: boolean;
  wall_ms: number;
  cpu_ms: number;
  peak_memory_bytes: number;
  files_read: string[];
  network_attempts: unknown[];
  image_digest: string;
  mode: string;
  cross_check: string | null;
  stdout: string;
  stderr: string;
}

export type RunStatus = "answered" | "blocked" | "stopped";

/** What kind of stop (pipeline.rs RunReport.stop_kind). */
export type StopKind =
  | "input" | "goal" | "no_generator" | "setup" | "model"
  | "policy" | "review" | "sandbox" | "result" | "cancelled" | string;

/** pipeline::RunReport: the CLI's `--json` object. */
export interface RunReport {
  run_id: string;
  status: RunStatus;
  answer: { text?: string; values?: Record<string, number | string> };
  tables: Table[];
  charts: ChartRequest[];
  explanation: string;
  notes: string[];
  drawn_charts: DrawnChart[];
  chart_problems?: string[];
  output_files?: string[];
  code: string;
  attempts: Attempt[];
  stop_reason: string | null;
  stop_kind: StopKind | null;
  policy: PolicyReport;
  sandbox: SandboxReport;
  audit: { entry_hash?: string; seq?: number };
  inputs: InputDescription[];
  lang: "en" | "fr" | "es";
}

/** `offline` (default, no network), `openai` (any compatible endpoint), `anthropic`. */
export type Provider = "offline" | "openai" | "anthropic";

/** generate_code's answer. `origin` says who wrote it (`offline`, or a model name). */
export interface GeneratedCode {
  code: string;
  origin: string;
  plan: string;
}

export interface StartRunRequest {
  files: string[];
  goal: string;
  code: string;
  provider: Provider;
  approve_review: boolean;
}

/** Pipeline stages the UI shows, in order. */
export const STAGES = ["plan", "generate", "check", "run", "validate", "explain"] as const;
export type Stage = (typeof STAGES)[number];

export interface RunProgress {
  run_id: string;
  stage: Stage;
  elapsed_ms: number;
  time_limit_ms: number;
}

export interface RunOutput {
  run_id: string;
  stream: "stdout" | "stderr";
  text: string;
}

export interface RunFinished {
  run_id: string;
  report: RunReport;
}

/** One line of history (from the audit log). `started_at` is RFC 3339. */
export interface RunSummary {
  run_id: string;
  started_at: string;
  status: RunStatus | "interrupted";
  goal: string;
  files: string[];
}

export interface ListRunsQuery {
  query: string;
  limit: number;
}

export interface AuditCheck {
  ok: boolean;
  entries: number;
  /** Sequence number of the first broken entry, null when intact. */
  first_break: number | null;
}

export interface DoctorReport {
  ready: boolean;
  /** The sandbox mode in words (e.g. "rootless (cgroup v2, systemd)"). */
  mode: string | null;
  /** Why the machine cannot sandbox, in plain words (null when ready). */
  reason: string | null;
  /** How to fix it, in plain words (null when ready). */
  fix: string | null;
}

export type Theme = "light" | "dark" | "system";
export type UiLanguage = "en" | "fr" | "es";

/** Settings kept by the shell. The API key is never here: see set_api_key. */
export interface Settings {
  provider: Provider;
  model: string;
  base_url: string;
  /** Last 4 characters of the stored key for `provider`, or null when none is stored. */
  api_key_hint: string | null;
  time_limit_ms: number;
  memory_limit_bytes: number;
  language: UiLanguage | null;
  theme: Theme;
}

/** Errors cross as `{code, message}`; the UI branches on `code`. */
export interface IpcErrorPayload {
  code: string;
  message: string;
}
