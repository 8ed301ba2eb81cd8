// The IPC contract's payload types. Everything that crosses from the shell is
// generated from the Rust types into `bindings.ts` (ts-rs, by
// src-tauri/src/bindings.rs; a Rust test fails when it is stale); this file
// re-exports them and adds what only the UI knows.

export type {
  AuditCheck, Attempt, ChartRequest, Column, ColumnKind, DoctorReport, DrawnChart, ExportedReport,
  Finding, GeneratedCode, InputDescription, IpcErrorPayload, Lang, ListRunsQuery,
  PolicyReport, Provider, RunFailed, RunFinished, RunOutput, RunProgress, RunReport, RunStatus,
  RunSummary, SandboxReport, Settings, StartRunRequest, StopKind, Table, Theme, UiLanguage, Verdict,
} from "./bindings";

/** Pipeline stages the UI shows, in order. */
export const STAGES = ["plan", "generate", "check", "run", "validate", "explain"] as const;
export type Stage = (typeof STAGES)[number];
