//! The typed run record: one [`Event`] variant per kind of audit entry.
//!
//! The run loop writes only these (through [`AuditStore::record`]) and every
//! reader — the live report, history, re-runs, reports — reads them back
//! through [`AuditStore::events`], so a field renamed on one side is a
//! compile error on the other instead of an empty string. Each variant's
//! JSON is exactly the entry body the log has always held (the kind is the
//! entry's `kind` column, the body its `body`): older logs read back as they
//! are, and hashes and signed manifests do not move.
//!
//! [`AuditStore::record`]: super::AuditStore::record
//! [`AuditStore::events`]: super::AuditStore::events

use std::path::PathBuf;

use glovebox_sandbox::{Limits, Outcome};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::inputs::InputDescription;
use crate::lang::Lang;
use crate::policy::{Finding, PolicyReport};
use crate::validate::CheckedResult;

/// The attempt of an entry the first logs did not number.
fn first_attempt() -> u32 {
    1
}

/// How a run ended.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "RunStatus"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A checked answer.
    Answered,
    /// The policy refused the code (or a review was not approved).
    Blocked,
    /// Stopped with a reason (input error, failed run, invalid result).
    Stopped,
}

/// Why a run stopped, or why an attempt failed: the one vocabulary the
/// record, the CLI's exit codes and the app's screens branch on.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopKind {
    /// An input cannot be used (missing, too big, not a table, changed
    /// while the code ran) or an output folder cannot be.
    Input,
    /// The goal was not understood well enough to answer it.
    Goal,
    /// No generator can write code for this run.
    NoGenerator,
    /// A model's key or settings are missing or wrong.
    Setup,
    /// The model service failed or its reply had no usable code.
    Model,
    /// The policy refused the code.
    Policy,
    /// The policy asked for a review and nobody approved.
    Review,
    /// The sandbox could not run the code.
    Sandbox,
    /// The code ran but its result is not a checked answer (error, limit,
    /// invalid result document).
    Result,
    /// The person cancelled.
    Cancelled,
    /// The program stopped before the run finished (read back only).
    Interrupted,
    /// The run has not finished yet (read back only).
    Running,
}

impl StopKind {
    /// A problem with what was asked (files, goal, settings) rather than
    /// with running it: the CLI exits 2 for these.
    pub fn is_usage(self) -> bool {
        matches!(
            self,
            Self::Input | Self::Goal | Self::NoGenerator | Self::Setup
        )
    }
}

/// `run_started`: what was asked, by which process, under which limits.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunStarted {
    /// The question as typed.
    pub goal: String,
    /// Input paths as given.
    pub files: Vec<PathBuf>,
    /// Generator name (`offline`, `openai`, `anthropic`).
    pub provider: String,
    /// A model provider's settings as recorded (never a key); null offline.
    pub model: Option<Value>,
    /// The goal's language.
    pub lang: Lang,
    /// The process running it (to tell a live run from an interrupted one).
    pub pid: u32,
    /// That process's start time in clock ticks since boot.
    pub pid_start: Option<u64>,
    /// The sandbox limits of every attempt.
    pub limits: Limits,
    /// The run this one repeats (`glovebox rerun`).
    #[serde(default)]
    pub rerun_of: Option<String>,
    /// The run this one follows up (`glovebox run --follow`, "Ask a
    /// follow-up"); absent in logs written before follow-ups.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follows: Option<FollowUp>,
}

/// The run a follow-up refines, and the chain of goals it builds on.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FollowUp {
    /// The run followed.
    pub run_id: String,
    /// The goals this one builds on, oldest first (the followed run's goal
    /// last); empty when the run followed is not in the log.
    pub goals: Vec<String>,
}

/// `generated_code`: what a generator wrote before the person edited it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GeneratedCode {
    /// The generator (`offline`, a model provider).
    pub origin: String,
    /// The code as generated.
    pub text: String,
    /// The offline plan it came from, as recorded (not read back).
    pub plan: Option<Value>,
    /// The code that ran differs from it.
    pub edited: bool,
}

/// `code`: the code of one attempt, before it is checked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Code {
    /// 1-based attempt number.
    pub attempt: u32,
    /// Who wrote it: a generator's name, or `user`.
    pub origin: String,
    /// The Python source.
    pub text: String,
    /// The offline plan it came from, as recorded (not read back).
    pub plan: Option<Value>,
}

/// `model_request`: the exact request, recorded before it leaves the machine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelRequest {
    /// 1-based attempt number.
    pub attempt: u32,
    /// Provider name.
    pub provider: String,
    /// Model name.
    pub model: String,
    /// Where it is sent (POST).
    pub url: String,
    /// The body, byte for byte.
    pub body: String,
}

/// `model_reply`: what the model answered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ModelReply {
    /// A reply without usable code (no block, conflicting blocks, …).
    NoCode {
        /// 1-based attempt number.
        attempt: u32,
        /// The whole reply.
        reply: String,
        /// Why no code could be taken from it.
        problem: String,
    },
    /// A reply with code.
    Code {
        /// 1-based attempt number.
        attempt: u32,
        /// The whole reply.
        reply: Option<String>,
        /// How the call went (tries, waits, time).
        call: Option<Value>,
    },
}

/// `model_error`: the model call failed (service, network, cancel).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelError {
    /// 1-based attempt number.
    pub attempt: u32,
    /// What failed, in words.
    pub reason: String,
}

/// `generation_failed`: no code, and the run stops.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GenerationFailed {
    /// 1-based attempt number.
    pub attempt: u32,
    /// Generator name (absent in the first logs).
    #[serde(default)]
    pub provider: String,
    /// Why, in words.
    pub reason: String,
}

/// `policy`: the policy's verdict on one attempt's code.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PolicyChecked {
    /// 1-based attempt number.
    pub attempt: u32,
    /// Verdict and findings.
    pub report: PolicyReport,
}

/// `approval`: a person approved code the policy sent to review.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Approval {
    /// 1-based attempt number.
    pub attempt: u32,
    /// Who, and how (`user (--yes)`, `user (Run anyway, in the app)`).
    pub by: String,
    /// The findings they approved.
    pub findings: Vec<Finding>,
}

/// `sandbox`: what the sandbox reports of one attempt.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SandboxRan {
    /// 1-based attempt number.
    pub attempt: u32,
    /// The limits it ran under.
    pub limits: Limits,
    /// Who chose its memory limit (absent in logs written before the
    /// limit was estimated from the inputs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory_from: Option<crate::pipeline::memory::MemoryFrom>,
    /// Exit, usage, output, files, network attempts, image, mode.
    pub outcome: Outcome,
}

/// `sandbox_error`: the sandbox could not run the code.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SandboxError {
    /// 1-based attempt number (the first logs had one attempt, unnumbered).
    #[serde(default = "first_attempt")]
    pub attempt: u32,
    /// The sandbox's error code (`helper_missing`, `no_image`, …).
    pub code: String,
    /// What failed, in words.
    pub message: String,
}

/// `attempt_failed`: an attempt failed and goes back to its generator.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AttemptFailed {
    /// 1-based attempt number.
    pub attempt: u32,
    /// What kind of failure.
    pub kind: StopKind,
    /// Why, for people.
    pub reason: String,
    /// What the generator is told (findings, error output, limit; absent in
    /// the first logs).
    #[serde(default)]
    pub detail: String,
    /// It is repaired (always true today: unrepaired failures end the run).
    pub repair: bool,
}

/// `result`: the checked result document of the attempt that answered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResultChecked {
    /// 1-based attempt number.
    pub attempt: u32,
    /// Answers, tables, charts asked, notes, files opened.
    pub result: CheckedResult,
}

/// `chart`: a chart the host drew from a checked table, or a figure the
/// code drew (saved into `/output`), checked by the host.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Chart {
    /// `bar`, `line`, `scatter`, `pie` or `histogram`; `figure` for one the
    /// code drew.
    pub kind: String,
    /// Its title (a figure's comes from its file name).
    pub title: String,
    /// The table it was drawn from; for a figure, the file or files of
    /// `/output` it came from.
    pub table: String,
    /// Drawn by the code, not the host (absent, and false, in entries
    /// before figures were collected: their JSON is unchanged).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drawn_by_code: bool,
    /// The SVG document.
    pub svg: String,
    /// The PNG image (stored as base64; empty for a figure the code saved
    /// as SVG only).
    #[serde(rename = "png_base64", with = "crate::base64::bytes")]
    pub png: Vec<u8>,
}

/// `chart_failed`: a chart that could not be drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChartFailed {
    /// The kind asked.
    pub kind: String,
    /// The table it was for.
    pub table: String,
    /// Why, in words.
    pub reason: String,
}

/// The answer of a run: each value by name, and one line for people.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    /// Name -> number or text, as the code reported it.
    #[cfg_attr(
        feature = "ts",
        ts(type = "Record<string, number | string | boolean | null>")
    )]
    pub values: serde_json::Map<String, Value>,
    /// `name: value unit; …`.
    pub text: String,
    /// The values in the result's order, with their units (runs recorded
    /// before this field have only `values`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<Vec<AnswerItem>>"))]
    pub items: Vec<AnswerItem>,
}

/// One value of an answer, as the code reported it.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AnswerItem {
    /// Name.
    pub name: String,
    /// A number or a text.
    #[cfg_attr(feature = "ts", ts(type = "number | string"))]
    pub value: Value,
    /// Unit or kind (`count`, `rate`, `percent`, a currency…), if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub unit: Option<String>,
}

/// `run_finished`: how the run ended; answered runs carry the answer and
/// its explanation, the others the stop's kind and reason.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunFinished {
    /// How it ended.
    pub status: Status,
    /// The answer (answered runs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<Answer>,
    /// The explanation (answered runs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
    /// What kind of stop (other runs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_kind: Option<StopKind>,
    /// Why it stopped, in the goal's language (other runs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_reason: Option<String>,
    /// How the goal was read (answered runs of the offline planner).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interpretation: Option<Interpretation>,
    /// Complete rephrasings that would run as written (goals that stopped
    /// because they were not clear).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub suggestions: Vec<String>,
}

/// How a goal was read, restated: one sentence in the goal's language, and
/// its parts.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Interpretation {
    /// What was computed, on which rows of which file.
    pub sentence: String,
    /// The file read.
    pub file: String,
    /// What is computed, in words ("mean of Fare").
    pub measures: Vec<String>,
    /// The columns used.
    pub columns: Vec<String>,
    /// The conditions on rows, in words; empty: every row.
    pub filters: Vec<String>,
    /// The grouping column, if any.
    pub grouping: Option<String>,
    /// Choices the goal did not state.
    pub assumptions: Vec<Assumption>,
    /// Clauses set aside because they ask nothing, as written.
    pub context: Vec<String>,
}

/// A choice the goal did not state ("the total of Amount (no operation was
/// named)"), and the question to ask to not make it.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Assumption {
    /// The choice, in the goal's language.
    pub text: String,
    /// The goal rephrased to say the other choice, planned before it is
    /// offered (it reads without this assumption); none when there is no
    /// other reading to offer.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub instead: Option<String>,
}

/// How an assumption is stored: logs written before assumptions could be
/// undone hold the sentence alone.
#[derive(Deserialize)]
#[serde(untagged)]
enum AssumptionRecord {
    Said(String),
    Full {
        text: String,
        #[serde(default)]
        instead: Option<String>,
    },
}

impl<'de> Deserialize<'de> for Assumption {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        AssumptionRecord::deserialize(deserializer).map(Self::from)
    }
}

impl From<AssumptionRecord> for Assumption {
    fn from(record: AssumptionRecord) -> Self {
        match record {
            AssumptionRecord::Said(text) => Assumption {
                text,
                instead: None,
            },
            AssumptionRecord::Full { text, instead } => Assumption { text, instead },
        }
    }
}

impl RunFinished {
    /// An answered run.
    pub fn answered(answer: Answer, explanation: String) -> Self {
        Self {
            status: Status::Answered,
            answer: Some(answer),
            explanation: Some(explanation),
            stop_kind: None,
            stop_reason: None,
            interpretation: None,
            suggestions: Vec::new(),
        }
    }

    /// A run that stopped (or was blocked) for `reason`.
    pub fn stopped(status: Status, kind: StopKind, reason: String) -> Self {
        Self {
            status,
            answer: None,
            explanation: None,
            stop_kind: Some(kind),
            stop_reason: Some(reason),
            interpretation: None,
            suggestions: Vec::new(),
        }
    }
}

/// `run_interrupted`: the process died before the run finished (written
/// when the log is next opened).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunInterrupted {
    /// Why, in words.
    pub reason: String,
}

/// One step of a run, as recorded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "body", rename_all = "snake_case")]
pub enum Event {
    /// The run is recorded before anything else happens.
    RunStarted(RunStarted),
    /// One input, as described.
    Input(InputDescription),
    /// The generated code the person saw before editing it.
    GeneratedCode(GeneratedCode),
    /// The request sent to a model, before it is sent.
    ModelRequest(ModelRequest),
    /// The model's reply.
    ModelReply(ModelReply),
    /// The model call failed.
    ModelError(ModelError),
    /// No code could be produced; the run stops.
    GenerationFailed(GenerationFailed),
    /// The code of one attempt.
    Code(Code),
    /// The policy's verdict.
    Policy(PolicyChecked),
    /// A review approved.
    Approval(Approval),
    /// The sandbox's report.
    Sandbox(SandboxRan),
    /// The sandbox could not run the code.
    SandboxError(SandboxError),
    /// An attempt failed and is repaired.
    AttemptFailed(AttemptFailed),
    /// The checked result.
    Result(ResultChecked),
    /// A chart drawn.
    Chart(Chart),
    /// A chart that could not be drawn.
    ChartFailed(ChartFailed),
    /// The end of the run.
    RunFinished(RunFinished),
    /// The run was interrupted.
    RunInterrupted(RunInterrupted),
}

impl Event {
    /// The entry kind (the log's `kind` column) and body of this event.
    pub fn to_entry(&self) -> Result<(String, Value), serde_json::Error> {
        use serde::ser::Error as _;
        let mut tagged = match serde_json::to_value(self)? {
            Value::Object(tagged) => tagged,
            _ => return Err(serde_json::Error::custom("an event is not an object")),
        };
        match (tagged.remove("kind"), tagged.remove("body")) {
            (Some(Value::String(kind)), Some(body)) => Ok((kind, body)),
            _ => Err(serde_json::Error::custom("an event has no kind or body")),
        }
    }

    /// The event an entry of `kind` with `body` records.
    pub fn from_entry(kind: &str, body: &Value) -> Result<Self, serde_json::Error> {
        serde_json::from_value(serde_json::json!({"kind": kind, "body": body}))
    }

    /// The attempt this event belongs to, for those that belong to one.
    pub fn attempt(&self) -> Option<u32> {
        Some(match self {
            Self::Code(e) => e.attempt,
            Self::ModelRequest(e) => e.attempt,
            Self::ModelReply(ModelReply::NoCode { attempt, .. })
            | Self::ModelReply(ModelReply::Code { attempt, .. }) => *attempt,
            Self::ModelError(e) => e.attempt,
            Self::GenerationFailed(e) => e.attempt,
            Self::Policy(e) => e.attempt,
            Self::Approval(e) => e.attempt,
            Self::Sandbox(e) => e.attempt,
            Self::SandboxError(e) => e.attempt,
            Self::AttemptFailed(e) => e.attempt,
            Self::Result(e) => e.attempt,
            _ => return None,
        })
    }
}

/// An event read back with its place in the log.
#[derive(Debug, Clone, PartialEq)]
pub struct Recorded {
    /// The run it belongs to.
    pub run_id: String,
    /// Position in the log, from 1.
    pub seq: i64,
    /// When it was recorded (RFC 3339, UTC).
    pub at: String,
    /// The entry's hash.
    pub hash: String,
    /// What it records.
    pub event: Event,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_assumption_reads_from_its_old_sentence_alone_and_round_trips_with_its_rephrasing() {
        let old: Assumption = serde_json::from_value(json!("the total of revenue")).expect("old");
        assert_eq!(
            old,
            Assumption {
                text: "the total of revenue".into(),
                instead: None
            }
        );
        assert_eq!(
            serde_json::to_value(&old).expect("json"),
            json!({"text": "the total of revenue"})
        );
        let new = Assumption {
            text: "the total of revenue".into(),
            instead: Some("average revenue".into()),
        };
        let json = serde_json::to_value(&new).expect("json");
        assert_eq!(
            json,
            json!({"text": "the total of revenue", "instead": "average revenue"})
        );
        assert_eq!(
            serde_json::from_value::<Assumption>(json).expect("back"),
            new
        );
    }

    /// Each event's entry, as the log held it before events were typed.
    fn legacy_entries() -> Vec<(&'static str, Value)> {
        let limits = serde_json::to_value(Limits::default()).expect("limits");
        vec![
            (
                "run_started",
                json!({"goal": "total", "files": ["/d/shop.csv"], "provider": "offline", "model": null, "lang": "fr", "pid": 7, "pid_start": 99, "limits": limits, "rerun_of": null}),
            ),
            (
                "generated_code",
                json!({"origin": "offline", "text": "x = 1", "plan": null, "edited": true}),
            ),
            (
                "code",
                json!({"attempt": 1, "origin": "user", "text": "x = 1", "plan": null}),
            ),
            (
                "model_request",
                json!({"attempt": 1, "provider": "openai", "model": "m", "url": "http://127.0.0.1:1/v1/chat/completions", "body": "{}"}),
            ),
            (
                "model_reply",
                json!({"attempt": 1, "reply": null, "call": null}),
            ),
            (
                "model_reply",
                json!({"attempt": 2, "reply": "prose", "problem": "no code block"}),
            ),
            ("model_error", json!({"attempt": 1, "reason": "timed out"})),
            (
                "generation_failed",
                json!({"attempt": 1, "provider": "offline", "reason": "not understood"}),
            ),
            (
                "policy",
                json!({"attempt": 1, "report": {"verdict": "review", "findings": [{"rule": "r", "line": 1, "message": "m", "severity": "review"}]}}),
            ),
            (
                "approval",
                json!({"attempt": 1, "by": "user (--yes)", "findings": []}),
            ),
            (
                "sandbox_error",
                json!({"attempt": 1, "code": "no_image", "message": "no image"}),
            ),
            (
                "attempt_failed",
                json!({"attempt": 1, "kind": "result", "reason": "r", "detail": "d", "repair": true}),
            ),
            (
                "chart",
                json!({"kind": "bar", "title": "t", "table": "t", "svg": "<svg/>", "png_base64": "iVBORw=="}),
            ),
            (
                "chart",
                json!({"kind": "figure", "title": "fig", "table": "fig.svg", "drawn_by_code": true, "svg": "<svg/>", "png_base64": ""}),
            ),
            (
                "chart_failed",
                json!({"kind": "pie", "table": "t", "reason": "negative values"}),
            ),
            (
                "run_finished",
                json!({"status": "answered", "answer": {"values": {"a": 1.5}, "text": "a: 1.5"}, "explanation": "e"}),
            ),
            (
                "run_finished",
                json!({"status": "blocked", "stop_kind": "review", "stop_reason": "needs approval"}),
            ),
            (
                "run_interrupted",
                json!({"reason": "the program stopped before the run finished"}),
            ),
        ]
    }

    #[test]
    fn every_recorded_kind_reads_back_and_writes_the_same_body() {
        for (kind, body) in legacy_entries() {
            let event = Event::from_entry(kind, &body)
                .unwrap_or_else(|e| panic!("{kind} does not read back: {e}"));
            let (kind_again, body_again) = event.to_entry().expect("entry");
            assert_eq!(kind_again, kind);
            // Same canonical text, so the same entry hash and manifest.
            assert_eq!(
                serde_json::to_string(&body_again).expect("json"),
                serde_json::to_string(&body).expect("json"),
                "{kind}"
            );
        }
    }

    #[test]
    fn a_body_of_the_wrong_shape_or_an_unknown_kind_is_an_error_not_a_blank() {
        assert!(Event::from_entry("code", &json!({"attempt": 1, "text": "x"})).is_err());
        assert!(Event::from_entry(
            "chart",
            &json!({"kind": "bar", "title": "t", "table": "t", "svg": "", "png_base64": "*"})
        )
        .is_err());
        assert!(Event::from_entry("step", &json!({})).is_err());
    }

    #[test]
    fn stop_kinds_that_are_the_askers_problem_exit_as_usage_errors() {
        let usage: Vec<StopKind> = [
            StopKind::Input,
            StopKind::Goal,
            StopKind::NoGenerator,
            StopKind::Setup,
            StopKind::Model,
            StopKind::Policy,
            StopKind::Review,
            StopKind::Sandbox,
            StopKind::Result,
            StopKind::Cancelled,
        ]
        .into_iter()
        .filter(|k| k.is_usage())
        .collect();
        assert_eq!(
            usage,
            [
                StopKind::Input,
                StopKind::Goal,
                StopKind::NoGenerator,
                StopKind::Setup
            ]
        );
    }
}
