//! The report of one run — what the CLI prints as `--json` and the app
//! shows — as a fold over the run's typed events ([`RunReport::apply`]).
//!
//! The run loop applies each event as it records it, and history folds the
//! stored events with the same function, so a past run opens in exactly the
//! views a fresh one did: one code path, not two that a test keeps equal.

use glovebox_sandbox::Outcome;
use serde::Serialize;
use serde_json::json;

use crate::audit::event::{
    Answer, AnswerItem, Event, Interpretation, ModelReply, Recorded, RunFinished, StopKind,
};
use crate::inputs::InputDescription;
use crate::lang::Lang;
use crate::pipeline::memory::MemoryFrom;
use crate::policy::{Finding, PolicyReport, Verdict};
use crate::validate::{self, CheckedResult, Value};

pub use crate::audit::event::Status;

/// A chart as reported: SVG inline, PNG bytes kept for writing files.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DrawnChart {
    /// `bar`, `line`, `scatter`, `pie` or `histogram`; `figure` for one the
    /// code drew.
    pub kind: String,
    /// Title.
    pub title: String,
    /// The table it was drawn from (a figure: the files it came from).
    pub table: String,
    /// Drawn by the code (a figure it saved or showed), not by the host
    /// (absent when false: a host chart's JSON is as before).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<bool>"))]
    pub drawn_by_code: bool,
    /// SVG document.
    pub svg: String,
    /// PNG image (empty for a figure saved as SVG only).
    #[serde(skip)]
    pub png: Vec<u8>,
}

/// A file the code wrote to `/output`: always listed; copied only into an
/// output folder the person gave.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WrittenFile {
    /// Its path under `/output` (control and direction characters cannot
    /// occur: the sandbox refuses such names).
    pub name: String,
    /// Size in bytes.
    pub size_bytes: u64,
    /// Where the copy is, with an output folder (`--out DIR`: `DIR/files/…`).
    pub copy: Option<String>,
}

/// One attempt, as reported.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Attempt"))]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AttemptReport {
    /// 1-based.
    pub number: u32,
    /// Policy verdict of this attempt's code (none when the model's reply
    /// had no code).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub verdict: Option<Verdict>,
    /// Why it failed, if it did.
    pub failure: Option<String>,
}

/// The policy's verdict on the last attempt's code (no verdict before any
/// code was checked).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct PolicySummary {
    /// The strongest severity found.
    pub verdict: Option<Verdict>,
    /// Findings in line order.
    pub findings: Vec<Finding>,
}

impl From<&PolicyReport> for PolicySummary {
    fn from(report: &PolicyReport) -> Self {
        Self {
            verdict: Some(report.verdict),
            findings: report.findings.clone(),
        }
    }
}

/// Where the run's record ends in the audit log.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct AuditRef {
    /// Hash of the run's last entry so far (a report's anchor).
    pub entry_hash: String,
    /// Its position in the log.
    pub seq: i64,
}

/// The sandbox part of the report.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, Serialize, Default, PartialEq)]
pub struct SandboxReport {
    /// Exit code.
    pub exit_code: Option<i32>,
    /// Signal.
    pub signal: Option<i32>,
    /// The wall-clock backstop was reached (the code waited rather than
    /// computed).
    pub timed_out: bool,
    /// The CPU-time limit (the time limit) was reached.
    pub cpu_limit_hit: bool,
    /// Memory limit reached.
    pub oom_killed: bool,
    /// Wall time.
    pub wall_ms: u64,
    /// The wall-clock backstop it ran under (0: not recorded).
    pub wall_limit_ms: u64,
    /// CPU time, all processes of the code together.
    pub cpu_ms: u64,
    /// The CPU-time limit it ran under (0: not recorded).
    pub cpu_limit_ms: u64,
    /// Peak memory.
    pub peak_memory_bytes: u64,
    /// The memory limit it ran under (absent for runs recorded before it
    /// was reported).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub memory_limit_bytes: Option<u64>,
    /// Who chose that limit: estimated from the inputs (`input`) or set by
    /// the person (`you`); absent for runs recorded before the estimate.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub memory_limit_from: Option<MemoryFrom>,
    /// Files read (seen by the sandbox): the inputs the job opened, as the
    /// sandbox saw them from outside the job. Where the sandbox could not
    /// observe reads (rootless), the code's own audit hook's list, and
    /// `cross_check` says so.
    pub files_read: Vec<String>,
    /// Whether `files_read` was seen by the sandbox (else: the hook's list).
    #[serde(skip)]
    files_seen_by_sandbox: Option<bool>,
    /// Network attempts: seen by the sandbox (seccomp) and by the audit hook.
    #[cfg_attr(feature = "ts", ts(type = "Array<Record<string, unknown>>"))]
    pub network_attempts: Vec<serde_json::Value>,
    /// Image digest.
    pub image_digest: String,
    /// Sandbox mode.
    pub mode: String,
    /// Disagreement between what the sandbox saw and what the code's own
    /// audit hook reported (a sign the code tampered with the hook).
    pub cross_check: Option<String>,
    /// Log printed by the code (stdout), truncated.
    pub stdout: String,
    /// Errors printed by the code (stderr), truncated.
    pub stderr: String,
}

/// The full report of a run (the CLI's `--json`).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunReport {
    /// Run id.
    pub run_id: String,
    /// Outcome.
    pub status: Status,
    /// `values` (name -> number or text) and `text`.
    pub answer: Answer,
    /// Tables.
    pub tables: Vec<validate::RawTable>,
    /// Charts.
    pub charts: Vec<validate::RawChart>,
    /// Plain-language explanation: built from the plan and the checked
    /// result for offline recipes; the code's own notes otherwise.
    pub explanation: String,
    /// Notes the code added.
    pub notes: Vec<String>,
    /// Charts drawn by the host from the checked tables (SVG; PNG bytes are
    /// not serialized).
    pub drawn_charts: Vec<DrawnChart>,
    /// Charts that could not be drawn, and why.
    pub chart_problems: Vec<String>,
    /// Files the code wrote to `/output` (copied when an output folder was given).
    pub output_files: Vec<String>,
    /// The same files with their sizes and copies (absent when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<Vec<WrittenFile>>"))]
    pub files_written: Vec<WrittenFile>,
    /// Entries of `/output` the sandbox left out, each with why ("a\u{202e}b:
    /// the name holds a control or direction character"); names shown
    /// escaped.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<Vec<String>>"))]
    pub output_left_out: Vec<String>,
    /// The code that ran (or was refused).
    pub code: String,
    /// Attempts.
    pub attempts: Vec<AttemptReport>,
    /// Why the run stopped, in plain words.
    pub stop_reason: Option<String>,
    /// What kind of stop.
    pub stop_kind: Option<StopKind>,
    /// How the goal was read (offline planner), restated.
    pub interpretation: Option<Interpretation>,
    /// Rephrasings that would run as written, when the goal was not clear.
    pub suggestions: Vec<String>,
    /// Policy verdict and findings of the last attempt.
    pub policy: PolicySummary,
    /// Sandbox outcome of the last attempt.
    pub sandbox: SandboxReport,
    /// Audit: the run's last entry.
    pub audit: AuditRef,
    /// The inputs as described.
    pub inputs: Vec<InputDescription>,
    /// The goal's language.
    pub lang: Lang,
    /// The run this one follows up, and the goals it builds on.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub follows: Option<crate::audit::event::FollowUp>,
}

impl RunReport {
    /// The report of a run that has just started: stopped, nothing yet.
    pub fn started(run_id: &str, lang: Lang) -> Self {
        Self {
            run_id: run_id.to_owned(),
            status: Status::Stopped,
            answer: Answer::default(),
            tables: vec![],
            charts: vec![],
            explanation: String::new(),
            notes: vec![],
            drawn_charts: vec![],
            chart_problems: vec![],
            output_files: vec![],
            files_written: vec![],
            output_left_out: vec![],
            code: String::new(),
            attempts: vec![],
            stop_reason: None,
            interpretation: None,
            suggestions: vec![],
            stop_kind: None,
            policy: PolicySummary::default(),
            sandbox: SandboxReport::default(),
            audit: AuditRef::default(),
            inputs: vec![],
            lang,
            follows: None,
        }
    }

    /// The report of a recorded run, folded from its events; `None` when
    /// they do not start with `run_started`. A run with no end yet reads as
    /// `running`.
    pub fn from_events(events: &[Recorded]) -> Option<Self> {
        let first = events.first()?;
        let Event::RunStarted(started) = &first.event else {
            return None;
        };
        let mut report = Self::started(&first.run_id, started.lang);
        for recorded in events {
            report.apply(recorded);
        }
        if report.stop_kind.is_none() && report.status != Status::Answered {
            report.stop_kind = Some(StopKind::Running);
            report.stop_reason = Some("this run has not finished".into());
        }
        Some(report)
    }

    /// Takes one recorded step into the report.
    pub fn apply(&mut self, recorded: &Recorded) {
        self.audit = AuditRef {
            entry_hash: recorded.hash.clone(),
            seq: recorded.seq,
        };
        match &recorded.event {
            Event::RunStarted(started) => self.follows.clone_from(&started.follows),
            Event::GeneratedCode(_)
            | Event::ModelRequest(_)
            | Event::ModelError(_)
            | Event::GenerationFailed(_)
            | Event::Approval(_)
            | Event::SandboxError(_) => {}
            Event::Input(description) => self.inputs.push(description.clone()),
            Event::Code(code) => self.code = code.text.clone(),
            // A reply without usable code counts as an attempt of its own.
            Event::ModelReply(ModelReply::NoCode { attempt, .. }) => {
                self.attempts.push(AttemptReport {
                    number: *attempt,
                    verdict: None,
                    failure: None,
                });
            }
            Event::ModelReply(ModelReply::Code { .. }) => {}
            Event::Policy(checked) => {
                self.policy = PolicySummary::from(&checked.report);
                self.attempts.push(AttemptReport {
                    number: checked.attempt,
                    verdict: Some(checked.report.verdict),
                    failure: None,
                });
            }
            Event::Sandbox(ran) => {
                self.sandbox = sandbox_report(&ran.outcome);
                self.sandbox.memory_limit_bytes = Some(ran.limits.memory_bytes);
                self.sandbox.memory_limit_from = ran.memory_from;
                self.output_files = ran
                    .outcome
                    .output_files
                    .iter()
                    .map(|f| f.name.clone())
                    .collect();
                self.files_written = ran
                    .outcome
                    .output_files
                    .iter()
                    .map(|f| WrittenFile {
                        name: f.name.clone(),
                        size_bytes: f.size_bytes,
                        copy: (!f.host_path.as_os_str().is_empty())
                            .then(|| f.host_path.to_string_lossy().into_owned()),
                    })
                    .collect();
                self.output_left_out = ran
                    .outcome
                    .output_skipped
                    .iter()
                    .map(|f| format!("{}: {}", f.name, f.reason))
                    .collect();
            }
            Event::AttemptFailed(failed) => {
                if let Some(a) = self
                    .attempts
                    .iter_mut()
                    .find(|a| a.number == failed.attempt)
                {
                    a.failure = Some(failed.reason.clone());
                }
            }
            Event::Result(checked) => self.take_result(&checked.result),
            Event::Chart(chart) => self.drawn_charts.push(DrawnChart {
                kind: chart.kind.clone(),
                title: chart.title.clone(),
                table: chart.table.clone(),
                drawn_by_code: chart.drawn_by_code,
                svg: chart.svg.clone(),
                png: chart.png.clone(),
            }),
            Event::ChartFailed(failed) => self.chart_problems.push(failed.reason.clone()),
            Event::RunFinished(finished) => self.finish(finished),
            Event::RunInterrupted(interrupted) => {
                self.stop_kind = Some(StopKind::Interrupted);
                self.stop_reason = Some(interrupted.reason.clone());
            }
        }
    }

    fn take_result(&mut self, result: &CheckedResult) {
        enrich_sandbox_report(&mut self.sandbox, result);
        self.tables = result.tables.clone();
        self.charts = result.charts.clone();
        self.notes = result.notes.clone();
    }

    fn finish(&mut self, finished: &RunFinished) {
        self.status = finished.status;
        if let Some(answer) = &finished.answer {
            self.answer = answer.clone();
        }
        if let Some(explanation) = &finished.explanation {
            self.explanation = explanation.clone();
        }
        self.stop_kind = finished.stop_kind;
        self.stop_reason = finished.stop_reason.clone();
        self.interpretation = finished.interpretation.clone();
        self.suggestions = finished.suggestions.clone();
        // The attempt that ended the run failed for the run's reason.
        if let (Some(a), Some(reason)) = (self.attempts.last_mut(), &self.stop_reason) {
            if a.failure.is_none() && self.status != Status::Answered {
                a.failure = Some(reason.clone());
            }
        }
    }
}

/// The answer of a checked result: each value by name, and one line.
pub fn answer(checked: &CheckedResult) -> Answer {
    let mut values = serde_json::Map::new();
    let mut items = Vec::new();
    let mut parts = Vec::new();
    for a in &checked.answers {
        let (v, shown) = match &a.value {
            Value::Number(n) => (json!(n), format_number(*n)),
            Value::Text(t) => (json!(t), t.clone()),
        };
        values.insert(a.name.clone(), v.clone());
        items.push(AnswerItem {
            name: a.name.clone(),
            value: v,
            unit: a.unit.clone(),
        });
        let unit = a
            .unit
            .as_deref()
            .filter(|u| !matches!(*u, "count" | "rate"))
            .map(|u| {
                if u == "percent" {
                    " %".to_owned()
                } else {
                    format!(" {u}")
                }
            })
            .unwrap_or_default();
        parts.push(format!("{}: {shown}{unit}", a.name));
    }
    Answer {
        values,
        text: parts.join("; "),
        items,
    }
}

fn format_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        let s = format!("{n:.4}");
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    }
}

fn sandbox_report(o: &Outcome) -> SandboxReport {
    SandboxReport {
        exit_code: o.exit_code,
        signal: o.signal,
        timed_out: o.timed_out,
        cpu_limit_hit: o.cpu_limit_hit,
        oom_killed: o.oom_killed,
        wall_ms: o.usage.wall_ms,
        wall_limit_ms: o.usage.wall_limit_ms,
        cpu_ms: o.usage.cpu_ms,
        cpu_limit_ms: o.usage.cpu_limit_ms,
        peak_memory_bytes: o.usage.peak_memory_bytes,
        memory_limit_bytes: None,
        memory_limit_from: None,
        files_read: o.files_read.paths().into_iter().map(str::to_owned).collect(),
        files_seen_by_sandbox: Some(o.files_read.observed()),
        network_attempts: o.network_attempts.iter().map(|a| json!({"seen_by": "sandbox", "family": a.family, "type": a.socket_type, "at_ms": a.at_ms})).collect(),
        image_digest: o.image_digest.clone(),
        mode: o.mode.describe(),
        cross_check: None,
        stdout: o.stdout.chars().take(64 * 1024).collect(),
        stderr: o.stderr.chars().take(64 * 1024).collect(),
    }
}

fn enrich_sandbox_report(s: &mut SandboxReport, checked: &CheckedResult) {
    let hook: Vec<String> = checked
        .files_opened
        .iter()
        .filter_map(|f| f["path"].as_str().map(str::to_owned))
        .collect();
    let mut notes = Vec::new();
    if s.files_seen_by_sandbox == Some(true) {
        // The hook lives in the job, which can silence or fill it: the
        // sandbox's record stands, a difference is only said.
        let hook_inputs: Vec<&String> = hook.iter().filter(|p| p.starts_with("/input/")).collect();
        let missed: Vec<&str> = s
            .files_read
            .iter()
            .filter(|p| !hook_inputs.contains(p))
            .map(String::as_str)
            .collect();
        if !missed.is_empty() {
            notes.push(format!(
                "the sandbox saw the code open {} that the code's own audit hook did not report",
                missed.join(", ")
            ));
        }
    } else {
        notes.push(
            "files read were not observed by the sandbox here: the list is the code's own audit hook's, which the code could edit"
                .to_owned(),
        );
        s.files_read = hook;
    }
    for event in &checked.network_events {
        let mut e = event.clone();
        e["seen_by"] = json!("audit hook");
        s.network_attempts.push(e);
    }
    // The hook sees Python-level events (sockets, name lookups); the sandbox
    // sees every socket the process makes. Attempts seen only by the sandbox
    // mean the code reached the network around Python's own audit events.
    let sandbox_sockets = s
        .network_attempts
        .iter()
        .filter(|a| a["seen_by"] == "sandbox")
        .count();
    if sandbox_sockets > 0 && checked.network_events.is_empty() {
        notes.push(format!(
            "the sandbox refused {sandbox_sockets} network attempt(s) that the code's own audit hook did not report"
        ));
    }
    if !notes.is_empty() {
        s.cross_check = Some(notes.join("; "));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::event::{AttemptFailed, Code, PolicyChecked, RunStarted};

    fn recorded(seq: i64, event: Event) -> Recorded {
        Recorded {
            run_id: "run-1".into(),
            seq,
            at: "2026-12-02T00:00:00.000Z".into(),
            hash: format!("h{seq}"),
            event,
        }
    }

    fn started() -> Event {
        Event::RunStarted(RunStarted {
            goal: "total revenue per region".into(),
            files: vec!["shop.csv".into()],
            provider: "offline".into(),
            model: None,
            lang: Lang::Fr,
            pid: 1,
            pid_start: None,
            limits: glovebox_sandbox::Limits::default(),
            rerun_of: None,
            follows: None,
        })
    }

    fn code(attempt: u32, text: &str) -> Event {
        Event::Code(Code {
            attempt,
            origin: "openai".into(),
            text: text.into(),
            plan: None,
        })
    }

    fn policy(attempt: u32, verdict: Verdict) -> Event {
        Event::Policy(PolicyChecked {
            attempt,
            report: PolicyReport {
                verdict,
                findings: vec![],
            },
        })
    }

    #[test]
    fn a_repaired_then_refused_run_folds_to_its_attempts_and_stop() {
        let events = vec![
            recorded(1, started()),
            recorded(2, code(1, "import socket")),
            recorded(3, policy(1, Verdict::Deny)),
            recorded(
                4,
                Event::AttemptFailed(AttemptFailed {
                    attempt: 1,
                    kind: StopKind::Policy,
                    reason: "line 1: no network".into(),
                    detail: "…".into(),
                    repair: true,
                }),
            ),
            recorded(5, code(2, "import os")),
            recorded(6, policy(2, Verdict::Deny)),
            recorded(
                7,
                Event::RunFinished(RunFinished::stopped(
                    Status::Blocked,
                    StopKind::Policy,
                    "gave up after 2 attempts".into(),
                )),
            ),
        ];
        let report = RunReport::from_events(&events).expect("a run");
        assert_eq!(report.lang, Lang::Fr);
        assert_eq!(report.status, Status::Blocked);
        assert_eq!(report.stop_kind, Some(StopKind::Policy));
        assert_eq!(report.code, "import os");
        assert_eq!(report.policy.verdict, Some(Verdict::Deny));
        let failures: Vec<_> = report
            .attempts
            .iter()
            .map(|a| a.failure.as_deref())
            .collect();
        assert_eq!(
            failures,
            [Some("line 1: no network"), Some("gave up after 2 attempts")]
        );
        assert_eq!(report.audit.entry_hash, "h7");
        assert_eq!(report.audit.seq, 7);
    }

    fn outcome_with(files_read: serde_json::Value) -> Outcome {
        serde_json::from_value(json!({"exit_code": 0, "signal": null, "timed_out": false,
            "oom_killed": false, "pids_limit_hit": false, "cancelled": false,
            "usage": {"wall_ms": 5, "cpu_ms": 4, "peak_memory_bytes": 1000, "pids_limit_events": 0, "create_ms": 1},
            "stdout": "", "stderr": "", "stdout_total_bytes": 0, "stderr_total_bytes": 0,
            "stdout_truncated": false, "stderr_truncated": false, "result": "", "result_truncated": false,
            "output_files": [], "output_skipped": [], "network_attempts": [], "network_attempts_total": 0,
            "files_read": files_read, "image_digest": "sha256:fake",
            "mode": {"isolation": "root", "cgroup_layout": "v2", "cgroup_manager": "cgroupfs"}}))
        .expect("an outcome")
    }

    fn checked_with_hook_files(files: serde_json::Value) -> CheckedResult {
        let doc = json!({"glovebox": 1, "nonce": "n", "answers": [{"name": "a", "value": 1, "unit": null}],
            "tables": [], "charts": [], "notes": [], "error": null, "files_opened": files,
            "network_events": [], "process_events": []});
        crate::validate::check(&doc.to_string(), false, "n", Lang::En).expect("a valid document")
    }

    #[test]
    fn files_read_are_the_sandbox_s_record_and_the_hook_only_a_labelled_second_source() {
        // Seen by the sandbox; the code silenced its own hook.
        let mut s = sandbox_report(&outcome_with(json!({"seen_by": "sandbox (fanotify)",
            "files": [{"path": "/input/shop.csv", "opened": true, "read": true}]})));
        enrich_sandbox_report(&mut s, &checked_with_hook_files(json!([])));
        assert_eq!(s.files_read, ["/input/shop.csv"]);
        assert_eq!(
            s.cross_check.as_deref(),
            Some("the sandbox saw the code open /input/shop.csv that the code's own audit hook did not report")
        );
        // Seen by the sandbox, reading nothing; the hook claims a read: the sandbox's record stands.
        let mut s = sandbox_report(&outcome_with(
            json!({"seen_by": "sandbox (fanotify)", "files": []}),
        ));
        enrich_sandbox_report(
            &mut s,
            &checked_with_hook_files(json!([{"path": "/input/shop.csv", "mode": "read"}])),
        );
        assert!(s.files_read.is_empty());
        assert_eq!(s.cross_check, None);
        // Not observed (rootless): the hook's list, said to be the hook's.
        let mut s = sandbox_report(&outcome_with(json!({"not_observed": "no root"})));
        enrich_sandbox_report(
            &mut s,
            &checked_with_hook_files(json!([{"path": "/input/shop.csv", "mode": "read"}])),
        );
        assert_eq!(s.files_read, ["/input/shop.csv"]);
        assert!(
            s.cross_check
                .as_deref()
                .is_some_and(|c| c.starts_with("files read were not observed by the sandbox")),
            "{:?}",
            s.cross_check
        );
    }

    #[test]
    fn a_run_without_an_end_reads_as_running_and_an_interrupted_one_says_so() {
        let running = RunReport::from_events(&[recorded(1, started())]).expect("a run");
        assert_eq!(running.stop_kind, Some(StopKind::Running));
        let interrupted = RunReport::from_events(&[
            recorded(1, started()),
            recorded(
                2,
                Event::RunInterrupted(crate::audit::event::RunInterrupted {
                    reason: "the program stopped".into(),
                }),
            ),
        ])
        .expect("a run");
        assert_eq!(interrupted.stop_kind, Some(StopKind::Interrupted));
        assert_eq!(
            interrupted.stop_reason.as_deref(),
            Some("the program stopped")
        );
        assert!(RunReport::from_events(&[recorded(1, code(1, "x"))]).is_none());
    }
}
