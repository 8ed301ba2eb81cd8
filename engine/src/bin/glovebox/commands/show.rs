//! `glovebox show`: every recorded audit entry of one run, as JSON.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;

use super::open_store;

/// Runs `glovebox show`: 2 when the run is not in the log.
#[allow(clippy::print_stdout)]
pub(crate) fn run(db: &Path, run: String) -> Result<ExitCode> {
    let store = open_store(db)?;
    let entries = store.run_entries(&run)?;
    if entries.is_empty() {
        eprintln!(
            "glovebox: no run {} in {}",
            glovebox_engine::terminal::line(&run),
            glovebox_engine::terminal::line(&db.to_string_lossy())
        );
        return Ok(ExitCode::from(2));
    }
    println!(
        "{}",
        glovebox_engine::terminal::json(&serde_json::to_string_pretty(&entries)?)
    );
    Ok(ExitCode::SUCCESS)
}
