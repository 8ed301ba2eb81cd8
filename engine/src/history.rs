//! Past runs, read back from the audit log: the list a history screen shows
//! (searchable by goal, file name and date) and a run's report rebuilt from
//! its entries, so a past run opens in the same views as a fresh one.

use serde_json::{json, Value};

use crate::audit::{AuditError, AuditStore, Entry};
use crate::inputs::InputDescription;
use crate::lang::Lang;
use crate::pipeline::{
    enrich_sandbox_report, sandbox_report, AttemptReport, DrawnChart, RunReport, SandboxReport,
    Status,
};
use crate::validate::CheckedResult;

/// Most runs one listing returns.
pub const MAX_LISTED_RUNS: u32 = 1_000;
/// Runs looked through when searching (newest first).
pub const SEARCHED_RUNS: i64 = 5_000;

/// One line of history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunListing {
    /// The run.
    pub run_id: String,
    /// When it started (RFC 3339).
    pub started_at: String,
    /// `answered`, `blocked`, `stopped`, `interrupted` or `running`.
    pub status: String,
    /// The question.
    pub goal: String,
    /// File names.
    pub files: Vec<String>,
}

fn file_names(started: &Entry) -> Vec<String> {
    started.body["files"]
        .as_array()
        .map(|files| {
            files
                .iter()
                .filter_map(Value::as_str)
                .map(|p| {
                    std::path::Path::new(p)
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_else(|| p.to_owned())
                })
                .collect()
        })
        .unwrap_or_default()
}

fn fold(text: &str) -> String {
    text.to_lowercase()
}

/// Newest runs first whose goal, file names or start date contain every word
/// of `query` (case-insensitive); all runs when `query` is blank.
pub fn list(store: &AuditStore, query: &str, limit: u32) -> Result<Vec<RunListing>, AuditError> {
    let _span = tracing::info_span!("list_runs", limit).entered();
    let words: Vec<String> = query.split_whitespace().map(fold).collect();
    let limit = limit.clamp(1, MAX_LISTED_RUNS) as usize;
    let mut out = Vec::new();
    for started in store.recent_runs(SEARCHED_RUNS)? {
        let files = file_names(&started);
        let goal = started.body["goal"].as_str().unwrap_or("").to_owned();
        let haystack = fold(&format!("{goal}\n{}\n{}", files.join("\n"), started.at));
        if !words.iter().all(|w| haystack.contains(w.as_str())) {
            continue;
        }
        let status = store
            .run_end(&started.run_id)?
            .map(|e| match e.kind.as_str() {
                "run_interrupted" => "interrupted".to_owned(),
                _ => e.body["status"].as_str().unwrap_or("stopped").to_owned(),
            })
            .unwrap_or_else(|| "running".into());
        out.push(RunListing {
            run_id: started.run_id.clone(),
            started_at: started.at.clone(),
            status,
            goal,
            files,
        });
        if out.len() >= limit {
            break;
        }
    }
    Ok(out)
}

fn attempt_of(e: &Entry) -> u64 {
    e.body["attempt"].as_u64().unwrap_or(1)
}

/// The report of a finished (or interrupted) run, rebuilt from its entries;
/// `None` when the log has no such run.
pub fn report(store: &AuditStore, run_id: &str) -> Result<Option<RunReport>, AuditError> {
    let _span = tracing::info_span!("rebuild_report", %run_id).entered();
    let entries = store.run_entries(run_id)?;
    Ok(rebuild(&entries))
}

/// [`report`] from entries already read.
pub fn rebuild(entries: &[Entry]) -> Option<RunReport> {
    let started = entries.iter().find(|e| e.kind == "run_started")?;
    fn of_kind<'a>(entries: &'a [Entry], kind: &'a str) -> impl Iterator<Item = &'a Entry> {
        entries.iter().filter(move |e| e.kind == kind)
    }
    let last = |kind: &str| entries.iter().rev().find(|e| e.kind == kind);
    let lang: Lang = serde_json::from_value(started.body["lang"].clone()).unwrap_or_default();
    let inputs: Vec<InputDescription> = of_kind(entries, "input")
        .filter_map(|e| serde_json::from_value(e.body.clone()).ok())
        .collect();
    let mut attempts: Vec<AttemptReport> = Vec::new();
    for policy in of_kind(entries, "policy") {
        attempts.push(AttemptReport {
            number: attempt_of(policy) as u32,
            verdict: serde_json::from_value(policy.body["report"]["verdict"].clone()).ok(),
            failure: None,
        });
    }
    for failed in of_kind(entries, "attempt_failed") {
        let n = attempt_of(failed) as u32;
        if let Some(a) = attempts.iter_mut().find(|a| a.number == n) {
            a.failure = failed.body["reason"].as_str().map(str::to_owned);
        }
    }
    let finished = last("run_finished");
    let interrupted = last("run_interrupted");
    let status = match finished.map(|f| f.body["status"].clone()) {
        Some(s) => serde_json::from_value(s).unwrap_or(Status::Stopped),
        None => Status::Stopped,
    };
    let (stop_kind, stop_reason) = match (finished, interrupted) {
        (Some(f), _) => (
            f.body["stop_kind"].as_str().map(str::to_owned),
            f.body["stop_reason"].as_str().map(str::to_owned),
        ),
        (None, Some(i)) => (
            Some("interrupted".to_owned()),
            i.body["reason"].as_str().map(str::to_owned),
        ),
        (None, None) => (
            Some("running".to_owned()),
            Some("this run has not finished".to_owned()),
        ),
    };
    if let (Some(a), Some(reason)) = (attempts.last_mut(), &stop_reason) {
        if a.failure.is_none() && status != Status::Answered {
            a.failure = Some(reason.clone());
        }
    }
    let checked: Option<CheckedResult> =
        last("result").and_then(|e| serde_json::from_value(e.body["result"].clone()).ok());
    let mut sandbox: SandboxReport = last("sandbox")
        .and_then(|e| serde_json::from_value(e.body["outcome"].clone()).ok())
        .map(|o| sandbox_report(&o))
        .unwrap_or_default();
    if let Some(c) = &checked {
        enrich_sandbox_report(&mut sandbox, c);
    }
    let drawn_charts = of_kind(entries, "chart")
        .map(|c| DrawnChart {
            kind: c.body["kind"].as_str().unwrap_or("").to_owned(),
            title: c.body["title"].as_str().unwrap_or("").to_owned(),
            table: c.body["table"].as_str().unwrap_or("").to_owned(),
            svg: c.body["svg"].as_str().unwrap_or("").to_owned(),
            png: Vec::new(),
        })
        .collect();
    let chart_problems = of_kind(entries, "chart_failed")
        .filter_map(|c| c.body["reason"].as_str().map(str::to_owned))
        .collect();
    let policy = last("policy")
        .map(|p| p.body["report"].clone())
        .unwrap_or_else(|| json!({"verdict": null, "findings": []}));
    let code = last("code")
        .and_then(|c| c.body["text"].as_str())
        .unwrap_or("")
        .to_owned();
    let end = finished.or(interrupted).unwrap_or(started);
    Some(RunReport {
        run_id: started.run_id.clone(),
        status,
        answer: finished
            .map(|f| f.body["answer"].clone())
            .filter(|a| !a.is_null())
            .unwrap_or_else(|| json!({"values": {}, "text": ""})),
        tables: checked
            .as_ref()
            .map(|c| c.tables.clone())
            .unwrap_or_default(),
        charts: checked
            .as_ref()
            .map(|c| c.charts.clone())
            .unwrap_or_default(),
        explanation: finished
            .and_then(|f| f.body["explanation"].as_str())
            .unwrap_or("")
            .to_owned(),
        notes: checked
            .as_ref()
            .map(|c| c.notes.clone())
            .unwrap_or_default(),
        drawn_charts,
        chart_problems,
        output_files: Vec::new(),
        code,
        attempts,
        stop_reason,
        stop_kind,
        policy,
        sandbox,
        audit: json!({"entry_hash": end.hash, "seq": end.seq}),
        inputs,
        lang,
    })
}
