//! `glovebox export`: write a finished run as a signed, self-contained HTML
//! or PDF report.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;

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
                "report of {run} written to {}, signed by key {}",
                done.path.display(),
                done.fingerprint
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(ExportError::Report(e)) => {
            eprintln!("glovebox: {e}");
            Ok(ExitCode::from(2))
        }
        Err(e) => Err(e.into()),
    }
}
