//! The payloads of the commands and events that are the shell's own (the
//! engine's report types are declared in the engine). `bindings` turns all
//! of them into `ui/src/ipc/bindings.ts`; a test fails when that file is stale.

use serde::{Deserialize, Serialize};

use crate::settings::Provider;

/// `generate_code`'s answer. `origin` says who wrote it (`offline`, or a model name).
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct GeneratedCode {
    /// Python code.
    pub code: String,
    /// Who wrote it.
    pub origin: String,
    /// The code's own notes: the comment lines it starts with (empty when
    /// it has none); shown when there is no `reading`.
    pub plan: String,
    /// How the question was read, restated (steps, columns, filters,
    /// assumptions): the plan the offline recipes wrote the code from;
    /// none for code a model wrote.
    pub reading: Option<glovebox_engine::audit::event::Interpretation>,
    /// The run the code was drafted in (recorded in the audit log with the
    /// inputs and any model request); `start_run` runs it on that run.
    pub run_id: String,
}

/// What `start_run` is asked to run.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
pub struct StartRunRequest {
    /// Input files (host paths).
    pub files: Vec<String>,
    /// The question.
    pub goal: String,
    /// The code to run, as the person left it in the editor.
    pub code: String,
    /// Who wrote the code.
    pub provider: Provider,
    /// The person pressed "Run anyway" on a `review` verdict.
    pub approve_review: bool,
    /// The run whose drafted code this is (`GeneratedCode.run_id`): the run
    /// goes on under that id, for the question and files it was drafted
    /// for; none for code that was not generated.
    #[ts(optional)]
    pub draft: Option<String>,
}

/// `run_progress`: the stage a run is in, sent when it changes and every
/// [`crate::runs::PROGRESS_TICK`] while it runs.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct RunProgress {
    /// The run.
    pub run_id: String,
    /// `plan generate check run validate explain`.
    pub stage: glovebox_engine::pipeline::Stage,
    /// Time since the run started.
    #[ts(type = "number")]
    pub elapsed_ms: u64,
    /// The calculation's time limit.
    #[ts(type = "number")]
    pub time_limit_ms: u64,
}

/// `generation_progress`: a model is being asked for code. Sent when the
/// request leaves, every second until the reply is whole, and as its words
/// arrive; never for the offline generator.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct GenerationProgress {
    /// Time since the request left.
    #[ts(type = "number")]
    pub elapsed_ms: u64,
    /// Characters of the reply received so far.
    #[ts(type = "number")]
    pub received: u64,
    /// The reply's words since the last event (often empty).
    pub text: String,
}

/// `describe_progress`: how far a file being added has been read, every
/// [`crate::commands::files::DESCRIBE_EVENT_EVERY`] while it is read (a
/// file read faster sends none).
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct DescribeProgress {
    /// The file, as `describe_files` was given it.
    pub path: String,
    /// Bytes read so far.
    #[ts(type = "number")]
    pub read: u64,
    /// The file's size in bytes.
    #[ts(type = "number")]
    pub total: u64,
}

/// `run_output`: text the code printed, as it arrives.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct RunOutput {
    /// The run.
    pub run_id: String,
    /// `stdout` or `stderr`.
    #[ts(type = "\"stdout\" | \"stderr\"")]
    pub stream: String,
    /// The new text.
    pub text: String,
}

/// `run_finished`: the whole report.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct RunFinished {
    /// The run.
    pub run_id: String,
    /// Its report.
    pub report: glovebox_engine::pipeline::RunReport,
}

/// `run_failed`: the engine itself failed (its audit log could not be
/// written, or an internal error); nothing ran unrecorded.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct RunFailed {
    /// The run.
    pub run_id: String,
    /// What kind of error (`internal` when the record itself failed).
    pub code: crate::error::ErrorCode,
    /// Plain-language message.
    pub message: String,
}

/// One line of history (from the audit log).
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct RunSummary {
    /// The run.
    pub run_id: String,
    /// RFC 3339.
    pub started_at: String,
    /// `answered`, `blocked`, `stopped`, `interrupted` (a process died
    /// during it) or `running`.
    #[ts(type = "RunStatus | \"interrupted\" | \"running\"")]
    pub status: String,
    /// The question.
    pub goal: String,
    /// File names.
    pub files: Vec<String>,
    /// The run this one follows up ("Ask a follow-up"), if it is one: the
    /// history nests it under that run.
    pub follows: Option<String>,
}

/// `list_runs`' question.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
pub struct ListRunsQuery {
    /// Words to find in the goal, file names or date; empty = all.
    pub query: String,
    /// Most runs returned.
    pub limit: u32,
}

/// `verify_audit`'s answer.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct AuditCheck {
    /// The chain is intact.
    pub ok: bool,
    /// Entries checked.
    #[ts(type = "number")]
    pub entries: u64,
    /// Sequence number of the first broken entry, null when intact.
    #[ts(type = "number | null")]
    pub first_break: Option<u64>,
}

/// `doctor`'s answer: can this machine run the sandbox?
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct DoctorReport {
    /// Runs can start.
    pub ready: bool,
    /// The sandbox mode in words (e.g. "rootless (cgroup v2, systemd)").
    pub mode: Option<String>,
    /// Why the machine cannot sandbox, in plain words (null when ready).
    pub reason: Option<String>,
    /// How to fix it, in plain words (null when ready).
    pub fix: Option<String>,
}

/// `export_report`'s answer.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct ExportedReport {
    /// The report file.
    pub path: String,
    /// Fingerprint of the key that signed it (`glovebox key export-public`
    /// prints the whole public key to share).
    pub fingerprint: String,
    /// Its size.
    #[ts(type = "number")]
    pub bytes: u64,
}

/// `test_connection`'s answer: the engine's typed outcome and its sentence
/// in the UI language.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct ConnectionReport {
    /// The service answered and accepted the key.
    pub connected: bool,
    /// What happened, for people.
    pub message: String,
    /// The outcome, to branch on (`no_key`: show the key field).
    pub outcome: glovebox_engine::provider::Connection,
}
