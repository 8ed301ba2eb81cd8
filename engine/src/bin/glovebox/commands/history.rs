//! `glovebox history`: one line per recent run (id, time, status, goal).

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;

use super::open_store;

/// Runs `glovebox history`, newest first, at most `limit` runs.
#[allow(clippy::print_stdout)]
pub(crate) fn run(db: &Path, limit: i64) -> Result<ExitCode> {
    let store = open_store(db)?;
    for entry in store.recent_runs(limit)? {
        let finished = store
            .run_entries(&entry.run_id)?
            .into_iter()
            .rev()
            .find(|e| e.kind == "run_finished" || e.kind == "run_interrupted");
        let status = finished
            .map(|e| {
                if e.kind == "run_interrupted" {
                    "interrupted".to_owned()
                } else {
                    e.body["status"].as_str().unwrap_or("?").to_owned()
                }
            })
            .unwrap_or_else(|| "running".into());
        println!(
            "{}  {}  {:<11} {}",
            entry.run_id,
            entry.at,
            status,
            entry.body["goal"].as_str().unwrap_or("")
        );
    }
    Ok(ExitCode::SUCCESS)
}
