//! The manifest of a run: everything a reader needs to trust a result,
//! taken only from the run's audit entries, as a typed [`Manifest`] whose
//! JSON is canonical. Reports carry that JSON (signed) and render from the
//! typed reading, so a renamed field is a compile error, not an empty line.

use glovebox_sandbox::{Limits, Mode, NetworkAttempt, Outcome, OutputFile, Usage};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::audit::event::{
    Answer, Approval, AttemptFailed, Event, GenerationFailed, Interpretation, SandboxError, Status,
    StopKind,
};
use crate::audit::{AuditError, AuditStore};
use crate::inputs::{ColumnKind, InputDescription};
use crate::lang::Lang;
use crate::policy::PolicyReport;
use crate::validate::{self, RawChart, RawTable};

/// Version of the manifest format: 1, then 2 (adds [`Manifest::printed`],
/// and the reports say when the answer is a tie). Reports of format 1
/// render, and so verify, exactly as they did.
pub const REPORT_FORMAT: u32 = 2;

/// Most lines of what the code printed that a manifest keeps (and its
/// report shows).
pub const MAX_PRINTED_LINES: usize = 60;

/// Most characters of what the code printed that a manifest keeps.
pub const MAX_PRINTED_CHARS: usize = 4000;

/// Why a report cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// No entry has this run id.
    #[error("there is no run {0} in the audit log")]
    NoSuchRun(String),
    /// The run has no final entry yet.
    #[error("run {0} has not finished; export it once it has")]
    Unfinished(String),
    /// The audit log failed.
    #[error(transparent)]
    Audit(#[from] AuditError),
}

/// An input as a manifest shows it: no host path, no preview, columns by
/// name, kind and empty cells.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ManifestInput {
    /// File name (as the code saw it, under `/input/`).
    pub name: String,
    /// Size in bytes.
    pub size_bytes: u64,
    /// sha256 of the bytes, hex.
    pub sha256: String,
    /// Encoding name.
    pub encoding: String,
    /// A byte-order mark starts the file.
    pub bom: bool,
    /// Field delimiter.
    pub delimiter: char,
    /// Numbers use a decimal comma.
    pub decimal_comma: bool,
    /// The first row names the columns.
    pub has_header: bool,
    /// Data rows (header excluded).
    pub row_count: u64,
    /// Columns.
    pub columns: Vec<ManifestColumn>,
}

/// A column of an input: name, inferred kind, empty cells.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManifestColumn {
    /// Header text, or `column_N` without a header.
    pub name: String,
    /// Inferred type.
    pub kind: ColumnKind,
    /// Empty cells seen.
    pub empty_cells: u64,
}

impl From<&InputDescription> for ManifestInput {
    fn from(i: &InputDescription) -> Self {
        Self {
            name: i.name.clone(),
            size_bytes: i.size_bytes,
            sha256: i.sha256.clone(),
            encoding: i.encoding.clone(),
            bom: i.bom,
            delimiter: i.delimiter,
            decimal_comma: i.decimal_comma,
            has_header: i.has_header,
            row_count: i.row_count,
            columns: i
                .columns
                .iter()
                .map(|c| ManifestColumn {
                    name: c.name.clone(),
                    kind: c.kind,
                    empty_cells: c.empty_cells,
                })
                .collect(),
        }
    }
}

/// What the sandbox reported of one attempt, without the captured output.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ManifestOutcome {
    /// Exit code, when the process exited on its own.
    pub exit_code: Option<i32>,
    /// The signal that ended the process, when it was killed.
    pub signal: Option<i32>,
    /// The wall-time limit was reached.
    pub timed_out: bool,
    /// The OOM killer ended a process of the job.
    pub oom_killed: bool,
    /// The pids limit refused a fork or thread.
    pub pids_limit_hit: bool,
    /// The job was cancelled.
    pub cancelled: bool,
    /// Resource usage.
    pub usage: Usage,
    /// Network sockets the job tried to open (the first 256).
    pub network_attempts: Vec<NetworkAttempt>,
    /// How many network attempts there were in all (as in [`Outcome`]).
    #[serde(default)]
    pub network_attempts_total: u64,
    /// Digest of the sandbox image.
    pub image_digest: String,
    /// How the sandbox was set up.
    pub mode: Mode,
    /// Files the job left in `/output`.
    pub output_files: Vec<OutputFile>,
}

impl From<&Outcome> for ManifestOutcome {
    fn from(o: &Outcome) -> Self {
        Self {
            exit_code: o.exit_code,
            signal: o.signal,
            timed_out: o.timed_out,
            oom_killed: o.oom_killed,
            pids_limit_hit: o.pids_limit_hit,
            cancelled: o.cancelled,
            usage: o.usage.clone(),
            network_attempts: o.network_attempts.clone(),
            network_attempts_total: o.network_attempts_total,
            image_digest: o.image_digest.clone(),
            mode: o.mode,
            output_files: o.output_files.clone(),
        }
    }
}

/// Why an attempt failed, as recorded: the body of one of three events,
/// told apart by their fields (in this order: a repaired failure has a
/// `kind`, a generation failure a `provider`, a sandbox error a `code`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum AttemptFailure {
    /// `attempt_failed`: the attempt went back to its generator.
    Repaired(AttemptFailed),
    /// `generation_failed`: no code, the run stopped.
    Generation(GenerationFailed),
    /// `sandbox_error`: the sandbox could not run the code.
    Sandbox(SandboxError),
}

impl AttemptFailure {
    /// The recorded reason (a sandbox error has a message, not a reason).
    pub fn reason(&self) -> Option<&str> {
        match self {
            Self::Repaired(f) => Some(&f.reason),
            Self::Generation(f) => Some(&f.reason),
            Self::Sandbox(_) => None,
        }
    }
}

/// One attempt: its code, verdict, approval, sandbox report and failure.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ManifestAttempt {
    /// 1-based attempt number.
    pub number: u32,
    /// Who wrote the code: a generator's name, or `user`.
    pub origin: Option<String>,
    /// The code.
    pub code: Option<String>,
    /// The policy's verdict and findings.
    pub policy: Option<PolicyReport>,
    /// The approval of a review.
    pub approval: Option<Approval>,
    /// What the sandbox reported.
    pub sandbox: Option<ManifestOutcome>,
    /// Why the attempt failed.
    pub failure: Option<AttemptFailure>,
}

/// The checked result's parts a report shows: all four for a run with a
/// result, none (`{}`) for a run without one.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ManifestResult {
    /// Checked answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answers: Option<Vec<validate::Answer>>,
    /// Tables, the internal ones (`validate::INTERNAL_TABLES`) included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tables: Option<Vec<RawTable>>,
    /// Charts asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub charts: Option<Vec<RawChart>>,
    /// Notes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<Vec<String>>,
}

/// A drawn chart, its PNG named by sha256 (the PDF report carries it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManifestChart {
    /// `bar`, `line`, `scatter`, `pie` or `histogram`.
    pub kind: String,
    /// Its title.
    pub title: String,
    /// The table it was drawn from (a figure: the files it came from).
    pub table: String,
    /// Drawn by the code, not the host (absent when false, so manifests
    /// of runs before figures are unchanged).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drawn_by_code: bool,
    /// The SVG document (the HTML page shows it).
    pub svg: String,
    /// sha256 of its PNG image, hex (every chart a run draws has one; a
    /// chart without one has no image in a PDF report).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub png_sha256: Option<String>,
}

/// What the answering attempt's code printed (its standard output), as a
/// report shows it: the start of it, at most [`MAX_PRINTED_LINES`] lines
/// and [`MAX_PRINTED_CHARS`] characters, line ends as `\n`, other control
/// characters but tabs as U+FFFD. Only a log: the answer travels apart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManifestPrinted {
    /// The text shown.
    pub text: String,
    /// Bytes the code wrote to its standard output in all.
    pub total_bytes: u64,
    /// The text is only the start of what the code printed.
    pub cut: bool,
}

impl ManifestPrinted {
    /// What `o` printed, bounded; none when it printed nothing but blanks.
    pub fn of(o: &Outcome) -> Option<Self> {
        if o.stdout.trim().is_empty() {
            return None;
        }
        let unified = o.stdout.replace("\r\n", "\n").replace('\r', "\n");
        let mut text = String::new();
        let mut cut = o.stdout_truncated;
        for (i, line) in unified.trim_end().split('\n').enumerate() {
            if i == MAX_PRINTED_LINES {
                cut = true;
                break;
            }
            if i > 0 {
                text.push('\n');
            }
            text.extend(line.chars().map(|c| {
                if c.is_control() && c != '\t' {
                    '\u{FFFD}'
                } else {
                    c
                }
            }));
        }
        if let Some((at, _)) = text.char_indices().nth(MAX_PRINTED_CHARS) {
            text.truncate(at);
            cut = true;
        }
        Some(Self {
            text,
            total_bytes: o.stdout_total_bytes,
            cut,
        })
    }
}

/// The network a sandbox gives a job.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Network {
    /// None: the sandbox has no network.
    #[serde(rename = "none")]
    None,
}

/// The sandbox as the run had it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ManifestSandbox {
    /// Always none.
    pub network: Network,
    /// The limits of every attempt.
    pub limits: Limits,
    /// Image digest of the last sandbox run.
    pub image_digest: Option<String>,
    /// Mode of the last sandbox run.
    pub mode: Option<Mode>,
}

/// Where the run's record ends in the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManifestAudit {
    /// Hash of the run's last audit entry.
    pub run_last_entry_hash: String,
    /// Its position in the log.
    pub run_last_entry_seq: i64,
    /// How many entries the run has.
    pub run_entries: usize,
}

/// How a run ended, as a manifest says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ManifestStatus {
    /// A checked answer.
    Answered,
    /// The policy refused the code (or a review was not approved).
    Blocked,
    /// Stopped with a reason.
    Stopped,
    /// The program stopped before the run finished.
    Interrupted,
}

impl From<Option<Status>> for ManifestStatus {
    fn from(status: Option<Status>) -> Self {
        match status {
            None => Self::Interrupted,
            Some(Status::Answered) => Self::Answered,
            Some(Status::Blocked) => Self::Blocked,
            Some(Status::Stopped) => Self::Stopped,
        }
    }
}

/// Everything a reader needs to trust a result. Its JSON (through
/// `serde_json::Value`, whose keys sort) is the canonical manifest that
/// reports carry and sign; reports render from this typed reading of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// Version of the manifest format ([`REPORT_FORMAT`]).
    pub glovebox_report: u32,
    /// The Glovebox that made it.
    pub app_version: String,
    /// The run.
    pub run_id: String,
    /// The question as typed.
    pub goal: String,
    /// The goal's language (the report's).
    pub lang: Lang,
    /// Generator name.
    pub provider: String,
    /// When the run started (its first entry).
    pub started_at: String,
    /// When it ended (its final entry).
    pub finished_at: String,
    /// How it ended.
    pub status: ManifestStatus,
    /// What kind of stop (runs that did not answer).
    pub stop_kind: Option<StopKind>,
    /// Why it stopped.
    pub stop_reason: Option<String>,
    /// The answer (answered runs).
    pub answer: Option<Answer>,
    /// The explanation (answered runs).
    pub explanation: Option<String>,
    /// How the question was read, restated, with its assumptions (answered
    /// runs of the offline planner; absent from older reports).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interpretation: Option<Interpretation>,
    /// The files read.
    pub inputs: Vec<ManifestInput>,
    /// The code as generated (see [`Manifest::of_run`]).
    pub generated_code: Option<String>,
    /// The code of the last attempt.
    pub final_code: Option<String>,
    /// Every attempt that got code, a verdict, a sandbox run or a result.
    pub attempts: Vec<ManifestAttempt>,
    /// The sandbox.
    pub sandbox: ManifestSandbox,
    /// Resources used by the last sandbox run.
    pub usage: Option<Usage>,
    /// Files read: the inputs the sandbox saw the job open (`path`,
    /// `read`) when `files_read_seen_by` is set; else the files the code
    /// opened as its own audit hook saw them (free-form objects: `path`,
    /// `mode`, ...).
    pub files_read: Option<Vec<Value>>,
    /// Who saw `files_read` from outside the job (`sandbox (fanotify)`);
    /// absent in older runs and where the sandbox could not observe reads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub files_read_seen_by: Option<String>,
    /// With `files_read_seen_by`: the files the code says it opened, as its
    /// own audit hook (inside the job, which could edit it) recorded them —
    /// a second source, kept apart from the sandbox's record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub files_opened_by_code: Option<Vec<Value>>,
    /// Network attempts of the last sandbox run.
    pub network_attempts: Option<Vec<NetworkAttempt>>,
    /// What the last sandbox run's code printed (format 2; absent when it
    /// printed nothing, and from older reports).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub printed: Option<ManifestPrinted>,
    /// The checked result's parts.
    pub result: ManifestResult,
    /// The charts drawn.
    pub charts: Vec<ManifestChart>,
    /// Where the run's record ends.
    pub audit: ManifestAudit,
}

/// A manifest as a report carries it: its JSON, kept exactly as it was
/// signed (fields this version does not know included), and its typed
/// reading, which is what the report shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    json: Value,
    manifest: Manifest,
}

impl Document {
    /// A manifest just built, carried as it serializes.
    pub fn new(manifest: Manifest) -> Result<Self, serde_json::Error> {
        Ok(Self {
            json: serde_json::to_value(&manifest)?,
            manifest,
        })
    }

    /// A manifest read back from a report: kept as it is, read as a
    /// [`Manifest`] to render it.
    pub fn read(json: Value) -> Result<Self, serde_json::Error> {
        let manifest = Manifest::deserialize(&json)?;
        Ok(Self { json, manifest })
    }

    /// The manifest's JSON, as signed.
    pub fn json(&self) -> &Value {
        &self.json
    }

    /// The typed manifest.
    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }
}

/// The chart images of `run_id`, in the order of the manifest's `charts`.
pub fn chart_pngs(store: &AuditStore, run_id: &str) -> Result<Vec<Vec<u8>>, ReportError> {
    Ok(store
        .events(run_id)?
        .into_iter()
        .filter_map(|r| match r.event {
            Event::Chart(c) => Some(c.png),
            _ => None,
        })
        .collect())
}

/// The manifest of `run_id` as JSON (see [`Manifest::of_run`]).
pub fn manifest(store: &AuditStore, run_id: &str) -> Result<Value, ReportError> {
    let manifest = Manifest::of_run(store, run_id)?;
    Ok(serde_json::to_value(&manifest).map_err(AuditError::from)?)
}

impl Manifest {
    /// The manifest of `run_id`, built from its audit events.
    pub fn of_run(store: &AuditStore, run_id: &str) -> Result<Self, ReportError> {
        let _span = tracing::info_span!("report_manifest", %run_id).entered();
        let events = store.events(run_id)?;
        let Some((first, Event::RunStarted(started))) = events.first().map(|r| (r, &r.event))
        else {
            return Err(ReportError::NoSuchRun(run_id.to_owned()));
        };
        let Some(end) = events
            .iter()
            .rev()
            .find(|r| matches!(r.event, Event::RunFinished(_) | Event::RunInterrupted(_)))
        else {
            return Err(ReportError::Unfinished(run_id.to_owned()));
        };
        let Some(last) = events.last() else {
            return Err(ReportError::NoSuchRun(run_id.to_owned()));
        };
        let finished = match &end.event {
            Event::RunFinished(f) => Some(f),
            _ => None,
        };
        let steps: Vec<&Event> = events.iter().map(|r| &r.event).collect();
        let last_sandbox = steps.iter().rev().find_map(|e| match e {
            Event::Sandbox(s) => Some(&s.outcome),
            _ => None,
        });
        let result = steps.iter().rev().find_map(|e| match e {
            Event::Result(r) => Some(&r.result),
            _ => None,
        });
        Ok(Self {
            glovebox_report: REPORT_FORMAT,
            app_version: env!("CARGO_PKG_VERSION").to_owned(),
            run_id: run_id.to_owned(),
            goal: started.goal.clone(),
            lang: started.lang,
            provider: started.provider.clone(),
            started_at: first.at.clone(),
            finished_at: end.at.clone(),
            status: finished.map(|f| f.status).into(),
            stop_kind: finished.and_then(|f| f.stop_kind),
            stop_reason: finished.and_then(|f| f.stop_reason.clone()),
            answer: finished.and_then(|f| f.answer.clone()),
            explanation: finished.and_then(|f| f.explanation.clone()),
            interpretation: finished.and_then(|f| f.interpretation.clone()),
            inputs: steps
                .iter()
                .filter_map(|e| match e {
                    Event::Input(i) => Some(ManifestInput::from(i)),
                    _ => None,
                })
                .collect(),
            generated_code: generated_code(&steps).map(str::to_owned),
            final_code: steps.iter().rev().find_map(|e| match e {
                Event::Code(c) => Some(c.text.clone()),
                _ => None,
            }),
            attempts: attempts(&steps),
            sandbox: ManifestSandbox {
                network: Network::None,
                limits: started.limits.clone(),
                image_digest: last_sandbox.map(|o| o.image_digest.clone()),
                mode: last_sandbox.map(|o| o.mode),
            },
            usage: last_sandbox.map(|o| o.usage.clone()),
            files_read: files_read(last_sandbox, result),
            files_read_seen_by: last_sandbox
                .filter(|o| o.files_read.observed())
                .and_then(|o| o.files_read.seen_by.clone()),
            files_opened_by_code: result
                .filter(|_| last_sandbox.is_some_and(|o| o.files_read.observed()))
                .map(|r| r.files_opened.clone()),
            network_attempts: last_sandbox.map(|o| o.network_attempts.clone()),
            printed: last_sandbox.and_then(ManifestPrinted::of),
            result: result
                .map(|r| ManifestResult {
                    answers: Some(r.answers.clone()),
                    tables: Some(r.tables.clone()),
                    charts: Some(r.charts.clone()),
                    notes: Some(r.notes.clone()),
                })
                .unwrap_or_default(),
            charts: steps
                .iter()
                .filter_map(|e| match e {
                    Event::Chart(c) => Some(ManifestChart {
                        kind: c.kind.clone(),
                        title: c.title.clone(),
                        table: c.table.clone(),
                        drawn_by_code: c.drawn_by_code,
                        svg: c.svg.clone(),
                        // A figure saved as SVG only has no image for a PDF.
                        png_sha256: (!c.png.is_empty())
                            .then(|| hex::encode(Sha256::digest(&c.png))),
                    }),
                    _ => None,
                })
                .collect(),
            audit: ManifestAudit {
                run_last_entry_hash: last.hash.clone(),
                run_last_entry_seq: last.seq,
                run_entries: events.len(),
            },
        })
    }

    /// The result tables as reports show them: the internal ones
    /// (`validate::INTERNAL_TABLES`, shown under "how it was computed") and
    /// the answer's own, each in manifest order.
    pub fn split_tables(&self) -> (Vec<&RawTable>, Vec<&RawTable>) {
        self.result
            .tables
            .iter()
            .flatten()
            .partition(|t| validate::INTERNAL_TABLES.contains(&t.name.as_str()))
    }
}

/// The code as generated: the app records the code it showed before the
/// person edited it; otherwise the first code a generator wrote.
fn generated_code<'a>(steps: &[&'a Event]) -> Option<&'a str> {
    steps
        .iter()
        .find_map(|e| match e {
            Event::GeneratedCode(g) => Some(g.text.as_str()),
            _ => None,
        })
        .or_else(|| {
            steps.iter().find_map(|e| match e {
                Event::Code(c) if c.origin != "user" => Some(c.text.as_str()),
                _ => None,
            })
        })
}

/// Every attempt that got code, a verdict, a sandbox run or a result.
fn attempts(steps: &[&Event]) -> Vec<ManifestAttempt> {
    let numbers: std::collections::BTreeSet<u32> = steps
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Code(_) | Event::Policy(_) | Event::Sandbox(_) | Event::Result(_)
            )
        })
        .filter_map(|e| e.attempt())
        .collect();
    let of = |n: u32| {
        steps
            .iter()
            .copied()
            .filter(move |e| e.attempt() == Some(n))
    };
    numbers
        .into_iter()
        .map(|n| {
            let code = of(n).find_map(|e| match e {
                Event::Code(c) => Some(c),
                _ => None,
            });
            ManifestAttempt {
                number: n,
                origin: code.map(|c| c.origin.clone()),
                code: code.map(|c| c.text.clone()),
                policy: of(n).find_map(|e| match e {
                    Event::Policy(p) => Some(p.report.clone()),
                    _ => None,
                }),
                approval: of(n).find_map(|e| match e {
                    Event::Approval(a) => Some(a.clone()),
                    _ => None,
                }),
                sandbox: of(n).find_map(|e| match e {
                    Event::Sandbox(s) => Some(ManifestOutcome::from(&s.outcome)),
                    _ => None,
                }),
                failure: of(n).find_map(|e| match e {
                    Event::AttemptFailed(f) => Some(AttemptFailure::Repaired(f.clone())),
                    Event::GenerationFailed(f) => Some(AttemptFailure::Generation(f.clone())),
                    Event::SandboxError(f) => Some(AttemptFailure::Sandbox(f.clone())),
                    _ => None,
                }),
            }
        })
        .collect()
}

/// The files read: the inputs the sandbox saw the job open, recorded
/// outside the job (each `{"path", "read"}`), when it observed
/// reads; else, as before, the code's own audit hook's list (which the code
/// could edit), so older runs keep their manifest.
fn files_read(
    outcome: Option<&Outcome>,
    result: Option<&validate::CheckedResult>,
) -> Option<Vec<Value>> {
    match outcome {
        Some(o) if o.files_read.observed() => Some(
            o.files_read
                .files
                .iter()
                .map(|f| serde_json::json!({"path": f.path, "read": f.read}))
                .collect(),
        ),
        _ => result.map(|r| r.files_opened.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::html;
    use serde_json::json;

    /// A run as the pipeline records it, with text from the data that must
    /// stay text.
    fn recorded_run(store: &mut AuditStore) -> String {
        let run = "run-test0001".to_owned();
        let hostile = "total <script>alert(1)</script> & \"more\"";
        let limits = json!(glovebox_sandbox::Limits::default());
        let outcome = json!({"exit_code": 0, "signal": null, "timed_out": false, "oom_killed": false,
            "pids_limit_hit": false, "cancelled": false,
            "usage": {"wall_ms": 5, "cpu_ms": 4, "peak_memory_bytes": 1000, "pids_limit_events": 0, "create_ms": 1},
            "stdout": "", "stderr": "", "stdout_total_bytes": 0, "stderr_total_bytes": 0,
            "stdout_truncated": false, "stderr_truncated": false, "result": "", "result_truncated": false,
            "output_files": [], "output_skipped": [], "network_attempts": [], "network_attempts_total": 0,
            "image_digest": "sha256:00",
            "mode": {"isolation": "root", "cgroup_layout": "v2", "cgroup_manager": "cgroupfs"}});
        let entries = [
            (
                "run_started",
                json!({"goal": hostile, "lang": "en", "provider": "offline", "model": null, "files": ["/home/u/shop.csv"], "pid": 1, "pid_start": null, "limits": limits, "rerun_of": null}),
            ),
            (
                "input",
                json!({"name": "shop.csv", "path": "/home/u/shop.csv", "size_bytes": 10, "sha256": "ab", "encoding": "UTF-8", "bom": false, "delimiter": ",", "decimal_comma": false, "has_header": true, "row_count": 2, "columns": [{"name": "a</td>", "kind": "integer", "empty_cells": 0, "values": []}], "preview": [["1"]]}),
            ),
            (
                "code",
                json!({"attempt": 1, "origin": "offline", "text": "x = 1\nprint('</script>')\n", "plan": null}),
            ),
            (
                "policy",
                json!({"attempt": 1, "report": {"verdict": "allow", "findings": []}}),
            ),
            (
                "sandbox",
                json!({"attempt": 1, "limits": limits, "outcome": outcome}),
            ),
            (
                "result",
                json!({"attempt": 1, "result": {"answers": [], "tables": [{"name": "t<b>", "columns": ["c"], "rows": [["<img src=x onerror=alert(1)>"]], "total_rows": 1}], "charts": [], "notes": [], "files_opened": [{"path": "/input/shop.csv"}], "network_events": [], "process_events": []}}),
            ),
            (
                "chart",
                json!({"kind": "bar", "title": "t", "table": "t<b>", "svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>a</text></svg>", "png_base64": "iVBOR"}),
            ),
            (
                "run_finished",
                json!({"status": "answered", "answer": {"text": "a: 1 <b>", "values": {"a": 1}}, "explanation": "Computed <it>."}),
            ),
        ];
        for (kind, body) in entries {
            // Each body reads back as its typed event (what the reports read).
            crate::audit::event::Event::from_entry(kind, &body).expect(kind);
            store.append(&run, kind, &body).expect("append");
        }
        run
    }

    /// A run that stopped after three failed attempts, one of each failure
    /// event, and no result.
    fn stopped_run(store: &mut AuditStore) -> String {
        let run = "run-test0002".to_owned();
        let limits = json!(glovebox_sandbox::Limits::default());
        let code =
            |n: u32| json!({"attempt": n, "origin": "offline", "text": "x = 1\n", "plan": null});
        let entries = [
            (
                "run_started",
                json!({"goal": "g", "lang": "fr", "provider": "offline", "model": null, "files": [], "pid": 1, "pid_start": null, "limits": limits, "rerun_of": null}),
            ),
            ("code", code(1)),
            (
                "sandbox_error",
                json!({"attempt": 1, "code": "no_image", "message": "no image"}),
            ),
            ("code", code(2)),
            (
                "attempt_failed",
                json!({"attempt": 2, "kind": "result", "reason": "it failed", "detail": "d", "repair": true}),
            ),
            ("code", code(3)),
            (
                "generation_failed",
                json!({"attempt": 3, "provider": "offline", "reason": "no recipe"}),
            ),
            (
                "run_finished",
                json!({"status": "stopped", "stop_kind": "model", "stop_reason": "no recipe"}),
            ),
        ];
        for (kind, body) in entries {
            store.append(&run, kind, &body).expect("append");
        }
        run
    }

    /// The typed manifest reads back from its JSON as itself, and writes
    /// the same JSON again: what verification relies on.
    fn assert_round_trip(json: &Value) -> Manifest {
        let typed = Manifest::deserialize(json).expect("reads as a Manifest");
        assert_eq!(&serde_json::to_value(&typed).expect("json"), json);
        typed
    }

    #[test]
    fn a_stopped_run_has_null_fields_an_empty_result_and_each_failure() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut store = AuditStore::open(&dir.path().join("a.sqlite3")).expect("store");
        let run = stopped_run(&mut store);
        let m = manifest(&store, &run).expect("manifest");
        let keys: Vec<&str> = m
            .as_object()
            .expect("object")
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            [
                "answer",
                "app_version",
                "attempts",
                "audit",
                "charts",
                "explanation",
                "files_read",
                "final_code",
                "finished_at",
                "generated_code",
                "glovebox_report",
                "goal",
                "inputs",
                "lang",
                "network_attempts",
                "provider",
                "result",
                "run_id",
                "sandbox",
                "started_at",
                "status",
                "stop_kind",
                "stop_reason",
                "usage"
            ]
        );
        for null in [
            "answer",
            "explanation",
            "files_read",
            "usage",
            "network_attempts",
        ] {
            assert!(m[null].is_null(), "{null}");
        }
        assert_eq!(m["result"], json!({}));
        assert_eq!(m["stop_kind"], "model");
        assert_eq!(m["status"], "stopped");
        assert_eq!(m["sandbox"]["network"], "none");
        assert!(m["sandbox"]["mode"].is_null() && m["sandbox"]["image_digest"].is_null());
        let typed = assert_round_trip(&m);
        assert_eq!(typed, Manifest::of_run(&store, &run).expect("manifest"));
        let failures: Vec<_> = typed.attempts.iter().map(|a| a.failure.clone()).collect();
        assert!(matches!(
            failures.as_slice(),
            [
                Some(AttemptFailure::Sandbox(_)),
                Some(AttemptFailure::Repaired(_)),
                Some(AttemptFailure::Generation(_))
            ]
        ));
        let reasons: Vec<_> = typed
            .attempts
            .iter()
            .map(|a| a.failure.as_ref().and_then(AttemptFailure::reason))
            .collect();
        assert_eq!(reasons, [None, Some("it failed"), Some("no recipe")]);
    }

    #[test]
    fn files_read_are_the_sandbox_s_record_when_it_saw_them_else_the_hook_s() {
        let outcome = |files_read: Value| -> Outcome {
            serde_json::from_value(json!({"exit_code": 0, "signal": null, "timed_out": false, "oom_killed": false,
                "pids_limit_hit": false, "cancelled": false,
                "usage": {"wall_ms": 5, "cpu_ms": 4, "peak_memory_bytes": 1000, "pids_limit_events": 0, "create_ms": 1},
                "stdout": "", "stderr": "", "stdout_total_bytes": 0, "stderr_total_bytes": 0,
                "stdout_truncated": false, "stderr_truncated": false, "result": "", "result_truncated": false,
                "output_files": [], "output_skipped": [], "network_attempts": [], "network_attempts_total": 0,
                "files_read": files_read, "image_digest": "sha256:00",
                "mode": {"isolation": "root", "cgroup_layout": "v2", "cgroup_manager": "cgroupfs"}}))
            .expect("an outcome")
        };
        // The code's hook claims it read nothing.
        let doc = json!({"glovebox": 1, "nonce": "n", "answers": [{"name": "a", "value": 1, "unit": null}],
            "tables": [], "charts": [], "notes": [], "error": null, "files_opened": [],
            "network_events": [], "process_events": []});
        let hook = validate::check(&doc.to_string(), false, "n", Lang::En).expect("valid");
        let seen = outcome(json!({"seen_by": "sandbox (fanotify)",
            "files": [{"path": "/input/shop.csv", "opened": true, "read": true}]}));
        assert_eq!(
            files_read(Some(&seen), Some(&hook)),
            Some(vec![json!({"path": "/input/shop.csv", "read": true})])
        );
        // A run stopped without a result still says what it read.
        assert_eq!(files_read(Some(&seen), None).map(|f| f.len()), Some(1));
        let unseen = outcome(json!({"not_observed": "no root"}));
        assert_eq!(files_read(Some(&unseen), Some(&hook)), Some(vec![]));
        assert_eq!(files_read(Some(&unseen), None), None);
    }

    #[test]
    fn manifests_read_back_as_themselves() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut store = AuditStore::open(&dir.path().join("a.sqlite3")).expect("store");
        let run = recorded_run(&mut store);
        let m = manifest(&store, &run).expect("manifest");
        assert_eq!(m["result"]["charts"], json!([]));
        assert_round_trip(&m);
        let sample = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/reports/sample-manifest.json");
        let sample: Value =
            serde_json::from_str(&std::fs::read_to_string(sample).expect("sample")).expect("json");
        let typed = assert_round_trip(&sample);
        let (internal, shown) = typed.split_tables();
        let names = |t: Vec<&RawTable>| t.into_iter().map(|t| t.name.clone()).collect::<Vec<_>>();
        assert_eq!(names(internal), ["rows_used", "row_counts"]);
        assert_eq!(names(shown), ["part de revenue (%) par region"]);
    }

    #[test]
    fn manifest_is_canonical_and_taken_from_the_log() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut store = AuditStore::open(&dir.path().join("a.sqlite3")).expect("store");
        let run = recorded_run(&mut store);
        let m = manifest(&store, &run).expect("manifest");
        let again = manifest(&store, &run).expect("manifest");
        assert_eq!(
            serde_json::to_string(&m).expect("json"),
            serde_json::to_string(&again).expect("json")
        );
        assert_eq!(m["status"], "answered");
        assert_eq!(m["inputs"][0]["sha256"], "ab");
        assert!(
            m["inputs"][0].get("path").is_none(),
            "no host paths in reports"
        );
        assert_eq!(m["attempts"][0]["policy"]["verdict"], "allow");
        assert_eq!(m["audit"]["run_entries"], 8);
        let last = store
            .run_entries(&run)
            .expect("entries")
            .pop()
            .expect("last");
        assert_eq!(m["audit"]["run_last_entry_hash"], last.hash.as_str());
        assert!(matches!(
            manifest(&store, "run-none"),
            Err(ReportError::NoSuchRun(_))
        ));
    }

    #[test]
    fn html_is_self_contained_and_text_from_data_stays_text() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut store = AuditStore::open(&dir.path().join("a.sqlite3")).expect("store");
        let run = recorded_run(&mut store);
        let m = manifest(&store, &run).expect("manifest");
        let page = html::render(&Document::read(m.clone()).expect("a manifest"));
        // One <script>, the manifest, and it is JSON, not code.
        assert_eq!(page.matches("<script").count(), 1);
        assert!(page.contains("<script type=\"application/json\" id=\"glovebox-manifest\">"));
        assert!(!page.contains("<img src=x"), "cell text escaped");
        assert!(page.contains("&lt;img src=x onerror=alert(1)&gt;"));
        assert!(!page.contains("<b>") && !page.contains("<it>"));
        // Nothing is fetched: no http(s) source or link; the chart is a data URI.
        for bad in ["src=\"http", "href=\"http", "url(http", "@import"] {
            assert!(!page.contains(bad), "{bad}");
        }
        assert!(page.contains("src=\"data:image/svg+xml;base64,"));
        // The embedded manifest reads back as the manifest.
        let start = page.find("id=\"glovebox-manifest\">").expect("manifest") + 23;
        let end = start + page[start..].find("</script>").expect("end");
        let embedded: Value = serde_json::from_str(&page[start..end]).expect("json");
        assert_eq!(embedded, m);
    }

    #[test]
    fn a_figure_drawn_by_the_code_is_labelled_and_a_host_chart_is_as_before() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut store = AuditStore::open(&dir.path().join("a.sqlite3")).expect("store");
        let run = recorded_run(&mut store);
        let mut m = manifest(&store, &run).expect("manifest");
        let host = m["charts"][0].clone();
        assert!(host.get("drawn_by_code").is_none(), "{host}");
        assert!(host.get("png_sha256").is_some(), "{host}");
        let figure = json!({"kind": "figure", "title": "sales <b>", "table": "sales.svg",
            "drawn_by_code": true, "svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>"});
        m["charts"].as_array_mut().expect("charts").push(figure);
        let doc = Document::read(m).expect("a manifest");
        let charts = &doc.manifest().charts;
        assert!(!charts[0].drawn_by_code && charts[1].drawn_by_code);
        assert_eq!(
            charts[1].png_sha256, None,
            "an SVG-only figure has no PDF image"
        );
        let page = html::render(&doc);
        assert_eq!(page.matches("Drawn by the code:").count(), 1);
        assert!(page.contains("Drawn by the code: sales &lt;b&gt;"));
    }
}
