//! `glovebox export`: write a finished run as a signed, self-contained HTML
//! or PDF report.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;
use glovebox_engine::terminal::{block, line};

use super::open_store;
use crate::ExportFormat;

/// Runs `glovebox export`: 0 written, 2 when the run cannot be reported.
#[allow(clippy::print_stdout)]
pub(crate) fn run(db: &Path, run: String, format: ExportFormat, out: PathBuf) -> Result<ExitCode> {
    use glovebox_engine::report::export::{export, ExportError, Format};
    let store = open_store(db)?;
    let format = match format {
        ExportFormat::Html => Format::Html,
        ExportFormat::Pdf => Format::Pdf,
    };
    match export(&store, &run, format, &out) {
        Ok(done) => {
            println!(
                "report of {} written to {}, signed by key {}",
                line(&run),
                line(&done.path.to_string_lossy()),
                done.fingerprint
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(ExportError::Report(e)) => {
            eprintln!("glovebox: {}", block(&e.to_string()));
            Ok(ExitCode::from(2))
        }
        Err(e) => Err(e.into()),
    }
}
