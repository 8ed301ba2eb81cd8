//! The manifest of a run: everything a reader needs to trust a result,
//! taken only from the run's audit entries, as canonical JSON.

use glovebox_sandbox::{Limits, Mode, NetworkAttempt, Outcome, OutputFile, Usage};
use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::audit::event::{
    Answer, Approval, AttemptFailed, Event, GenerationFailed, SandboxError, Status, StopKind,
};
use crate::audit::{AuditError, AuditStore};
use crate::inputs::{ColumnKind, InputDescription};
use crate::lang::Lang;
use crate::policy::PolicyReport;
use crate::validate;

/// Version of the manifest format.
pub const REPORT_FORMAT: u32 = 1;

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
#[derive(Serialize)]
struct ManifestInput<'a> {
    name: &'a str,
    size_bytes: u64,
    sha256: &'a str,
    encoding: &'a str,
    bom: bool,
    delimiter: char,
    decimal_comma: bool,
    has_header: bool,
    row_count: u64,
    columns: Vec<ManifestColumn<'a>>,
}

#[derive(Serialize)]
struct ManifestColumn<'a> {
    name: &'a str,
    kind: ColumnKind,
    empty_cells: u64,
}

impl<'a> From<&'a InputDescription> for ManifestInput<'a> {
    fn from(i: &'a InputDescription) -> Self {
        Self {
            name: &i.name,
            size_bytes: i.size_bytes,
            sha256: &i.sha256,
            encoding: &i.encoding,
            bom: i.bom,
            delimiter: i.delimiter,
            decimal_comma: i.decimal_comma,
            has_header: i.has_header,
            row_count: i.row_count,
            columns: i
                .columns
                .iter()
                .map(|c| ManifestColumn {
                    name: &c.name,
                    kind: c.kind,
                    empty_cells: c.empty_cells,
                })
                .collect(),
        }
    }
}

/// What the sandbox reported of one attempt, without the captured output.
#[derive(Serialize)]
struct ManifestOutcome<'a> {
    exit_code: Option<i32>,
    signal: Option<i32>,
    timed_out: bool,
    oom_killed: bool,
    pids_limit_hit: bool,
    cancelled: bool,
    usage: &'a Usage,
    network_attempts: &'a [NetworkAttempt],
    network_attempts_total: u64,
    image_digest: &'a str,
    mode: &'a Mode,
    output_files: &'a [OutputFile],
}

impl<'a> From<&'a Outcome> for ManifestOutcome<'a> {
    fn from(o: &'a Outcome) -> Self {
        Self {
            exit_code: o.exit_code,
            signal: o.signal,
            timed_out: o.timed_out,
            oom_killed: o.oom_killed,
            pids_limit_hit: o.pids_limit_hit,
            cancelled: o.cancelled,
            usage: &o.usage,
            network_attempts: &o.network_attempts,
            network_attempts_total: o.network_attempts_total,
            image_digest: &o.image_digest,
            mode: &o.mode,
            output_files: &o.output_files,
        }
    }
}

/// Why an attempt failed, as recorded.
#[derive(Serialize)]
#[serde(untagged)]
enum AttemptFailure<'a> {
    Repaired(&'a AttemptFailed),
    Generation(&'a GenerationFailed),
    Sandbox(&'a SandboxError),
}

/// One attempt: its code, verdict, approval, sandbox report and failure.
#[derive(Serialize)]
struct ManifestAttempt<'a> {
    number: u32,
    origin: Option<&'a str>,
    code: Option<&'a str>,
    policy: Option<&'a PolicyReport>,
    approval: Option<&'a Approval>,
    sandbox: Option<ManifestOutcome<'a>>,
    failure: Option<AttemptFailure<'a>>,
}

/// The checked result's parts a report shows (empty for a run without one).
#[derive(Serialize, Default)]
struct ManifestResult<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    answers: Option<&'a [validate::Answer]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tables: Option<&'a [validate::RawTable]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    charts: Option<&'a [validate::RawChart]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    notes: Option<&'a [String]>,
}

/// A drawn chart, its PNG named by sha256 (the PDF report carries it).
#[derive(Serialize)]
struct ManifestChart<'a> {
    kind: &'a str,
    title: &'a str,
    table: &'a str,
    svg: &'a str,
    png_sha256: String,
}

/// The sandbox as the run had it.
#[derive(Serialize)]
struct ManifestSandbox<'a> {
    network: &'static str,
    limits: &'a Limits,
    image_digest: Option<&'a str>,
    mode: Option<&'a Mode>,
}

/// Where the run's record ends in the log.
#[derive(Serialize)]
struct ManifestAudit<'a> {
    run_last_entry_hash: &'a str,
    run_last_entry_seq: i64,
    run_entries: usize,
}

/// Everything a reader needs to trust a result (canonical JSON once
/// serialized: the keys sort).
#[derive(Serialize)]
struct Manifest<'a> {
    glovebox_report: u32,
    app_version: &'static str,
    run_id: &'a str,
    goal: &'a str,
    lang: Lang,
    provider: &'a str,
    started_at: &'a str,
    finished_at: &'a str,
    status: &'static str,
    stop_kind: Option<StopKind>,
    stop_reason: Option<&'a str>,
    answer: Option<&'a Answer>,
    explanation: Option<&'a str>,
    inputs: Vec<ManifestInput<'a>>,
    generated_code: Option<&'a str>,
    final_code: Option<&'a str>,
    attempts: Vec<ManifestAttempt<'a>>,
    sandbox: ManifestSandbox<'a>,
    usage: Option<&'a Usage>,
    files_read: Option<&'a [Value]>,
    network_attempts: Option<&'a [NetworkAttempt]>,
    result: ManifestResult<'a>,
    charts: Vec<ManifestChart<'a>>,
    audit: ManifestAudit<'a>,
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

/// The manifest of `run_id`, built from its audit events.
pub fn manifest(store: &AuditStore, run_id: &str) -> Result<Value, ReportError> {
    let _span = tracing::info_span!("report_manifest", %run_id).entered();
    let events = store.events(run_id)?;
    let Some((first, Event::RunStarted(started))) = events.first().map(|r| (r, &r.event)) else {
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
    let manifest = Manifest {
        glovebox_report: REPORT_FORMAT,
        app_version: env!("CARGO_PKG_VERSION"),
        run_id,
        goal: &started.goal,
        lang: started.lang,
        provider: &started.provider,
        started_at: &first.at,
        finished_at: &end.at,
        status: match finished.map(|f| f.status) {
            None => "interrupted",
            Some(Status::Answered) => "answered",
            Some(Status::Blocked) => "blocked",
            Some(Status::Stopped) => "stopped",
        },
        stop_kind: finished.and_then(|f| f.stop_kind),
        stop_reason: finished.and_then(|f| f.stop_reason.as_deref()),
        answer: finished.and_then(|f| f.answer.as_ref()),
        explanation: finished.and_then(|f| f.explanation.as_deref()),
        inputs: steps
            .iter()
            .filter_map(|e| match e {
                Event::Input(i) => Some(ManifestInput::from(i)),
                _ => None,
            })
            .collect(),
        generated_code: generated_code(&steps),
        final_code: steps.iter().rev().find_map(|e| match e {
            Event::Code(c) => Some(c.text.as_str()),
            _ => None,
        }),
        attempts: attempts(&steps),
        sandbox: ManifestSandbox {
            network: "none",
            limits: &started.limits,
            image_digest: last_sandbox.map(|o| o.image_digest.as_str()),
            mode: last_sandbox.map(|o| &o.mode),
        },
        usage: last_sandbox.map(|o| &o.usage),
        files_read: result.map(|r| r.files_opened.as_slice()),
        network_attempts: last_sandbox.map(|o| o.network_attempts.as_slice()),
        result: result
            .map(|r| ManifestResult {
                answers: Some(&r.answers),
                tables: Some(&r.tables),
                charts: Some(&r.charts),
                notes: Some(&r.notes),
            })
            .unwrap_or_default(),
        charts: steps
            .iter()
            .filter_map(|e| match e {
                Event::Chart(c) => Some(ManifestChart {
                    kind: &c.kind,
                    title: &c.title,
                    table: &c.table,
                    svg: &c.svg,
                    png_sha256: hex::encode(Sha256::digest(&c.png)),
                }),
                _ => None,
            })
            .collect(),
        audit: ManifestAudit {
            run_last_entry_hash: &last.hash,
            run_last_entry_seq: last.seq,
            run_entries: events.len(),
        },
    };
    Ok(serde_json::to_value(&manifest).map_err(AuditError::from)?)
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
fn attempts<'a>(steps: &[&'a Event]) -> Vec<ManifestAttempt<'a>> {
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
                origin: code.map(|c| c.origin.as_str()),
                code: code.map(|c| c.text.as_str()),
                policy: of(n).find_map(|e| match e {
                    Event::Policy(p) => Some(&p.report),
                    _ => None,
                }),
                approval: of(n).find_map(|e| match e {
                    Event::Approval(a) => Some(a),
                    _ => None,
                }),
                sandbox: of(n).find_map(|e| match e {
                    Event::Sandbox(s) => Some(ManifestOutcome::from(&s.outcome)),
                    _ => None,
                }),
                failure: of(n).find_map(|e| match e {
                    Event::AttemptFailed(f) => Some(AttemptFailure::Repaired(f)),
                    Event::GenerationFailed(f) => Some(AttemptFailure::Generation(f)),
                    Event::SandboxError(f) => Some(AttemptFailure::Sandbox(f)),
                    _ => None,
                }),
            }
        })
        .collect()
}

/// The result tables of a manifest as reports show them: the internal ones
/// (`validate::INTERNAL_TABLES`, shown under "how it was computed") and the
/// answer's own, each in manifest order.
pub fn split_tables(manifest: &Value) -> (Vec<&Value>, Vec<&Value>) {
    manifest["result"]["tables"]
        .as_array()
        .into_iter()
        .flatten()
        .partition(|t| crate::validate::INTERNAL_TABLES.contains(&t["name"].as_str().unwrap_or("")))
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
        let page = html::render(&m);
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
}
