//! Past runs, read back from the audit log: the list a history screen shows
//! (searchable by goal, file name and date) and a run's report rebuilt from
//! its entries, so a past run opens in the same views as a fresh one.

use crate::audit::event::{Event, RunStarted, Status};
use crate::audit::{AuditError, AuditStore};
use crate::run_report::RunReport;

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
    /// The run this one follows up, if it is a follow-up.
    pub follows: Option<String>,
}

fn file_names(started: &RunStarted) -> Vec<String> {
    started
        .files
        .iter()
        .map(|p| {
            p.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| p.to_string_lossy().into_owned())
        })
        .collect()
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
    for (recorded, started) in store.recent_starts(SEARCHED_RUNS)? {
        let files = file_names(&started);
        let follows = started.follows.map(|f| f.run_id);
        let goal = started.goal;
        let haystack = fold(&format!("{goal}\n{}\n{}", files.join("\n"), recorded.at));
        if !words.iter().all(|w| haystack.contains(w.as_str())) {
            continue;
        }
        let status = run_status(store, &recorded.run_id);
        out.push(RunListing {
            run_id: recorded.run_id,
            started_at: recorded.at,
            status,
            goal,
            files,
            follows,
        });
        if out.len() >= limit {
            break;
        }
    }
    Ok(out)
}

/// `answered`, `blocked`, `stopped`, `interrupted` or `running`; an end
/// that does not read is shown as a stop (with a warning in the log), not
/// as a list that fails.
fn run_status(store: &AuditStore, run_id: &str) -> String {
    let end = match store.end_of(run_id) {
        Ok(end) => end,
        Err(e) => {
            tracing::warn!(%run_id, error = %e, "a run's end cannot be read");
            return "stopped".into();
        }
    };
    match end.map(|e| e.event) {
        Some(Event::RunFinished(f)) => match f.status {
            Status::Answered => "answered",
            Status::Blocked => "blocked",
            Status::Stopped => "stopped",
        },
        Some(Event::RunInterrupted(_)) => "interrupted",
        Some(_) => "stopped",
        None => "running",
    }
    .to_owned()
}

/// The report of a finished (or interrupted, or still running) run, folded
/// from its events as the run itself folded them; `None` when the log has no
/// such run.
pub fn report(store: &AuditStore, run_id: &str) -> Result<Option<RunReport>, AuditError> {
    let _span = tracing::info_span!("rebuild_report", %run_id).entered();
    Ok(RunReport::from_events(&store.events(run_id)?))
}
