// The IPC contract's payload types. Everything that crosses from the shell is
// generated from the Rust types into `bindings.ts` (ts-rs, by
// src-tauri/src/bindings.rs; a Rust test fails when it is stale); this file
// re-exports them and adds what only the UI knows.

export type {
  AuditCheck, Attempt, ChartRequest, Column, ColumnKind, DoctorReport, DrawnChart, ExportedReport,
  Finding, GeneratedCode, InputDescription, Interpretation, IpcErrorPayload, Lang, ListRunsQuery,
  PolicyReport, Provider, RunFailed, RunFinished, RunOutput, RunProgress, RunReport, RunStatus,
  RunSummary, SandboxReport, Settings, Stage, StartRunRequest, StopKind, Table, Theme, UiLanguage, Verdict,
} from "./bindings";
export type { Connection, ConnectionReport, LocalServer, ServerKind } from "./bindings";
export type { DescribeProgress, GenerationProgress } from "./bindings";
import type { Stage } from "./bindings";

/** Pipeline stages the UI shows, in order: the engine's own (`Stage`,
 * generated), listed once more for iteration; a unit test checks the two
 * lists are the same. */
export const STAGES = ["plan", "generate", "check", "run", "validate", "explain"] as const satisfies readonly Stage[];
