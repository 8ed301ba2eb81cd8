//! `glovebox history`: one line per recent run (id, time, status, goal,
//! and the run a follow-up follows).

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use glovebox_engine::terminal::line;

use super::open_store;

/// Runs `glovebox history`, newest first, at most `limit` runs.
#[allow(clippy::print_stdout)]
pub(crate) fn run(db: &Path, limit: i64) -> Result<ExitCode> {
    let store = open_store(db)?;
    let limit = u32::try_from(limit.max(1)).unwrap_or(u32::MAX);
    for run in glovebox_engine::history::list(&store, "", limit)? {
        let follows = run
            .follows
            .map(|f| format!("  (follows {})", line(&f)))
            .unwrap_or_default();
        println!(
            "{}  {}  {:<11} {}{follows}",
            line(&run.run_id),
            run.started_at,
            run.status,
            line(&run.goal)
        );
    }
    Ok(ExitCode::SUCCESS)
}
