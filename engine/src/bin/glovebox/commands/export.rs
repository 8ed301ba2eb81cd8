//! `glovebox export`: write a finished run as a signed, self-contained HTML
//! or PDF report; without `--out`, in the current folder under a name made
//! from the question (`report::export::default_file_name`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;
use glovebox_engine::terminal::{block, line};

use super::open_store;
use crate::ExportFormat;

/// Runs `glovebox export`: 0 written, 2 when the run cannot be reported.
#[allow(clippy::print_stdout)]
pub(crate) fn run(
    db: &Path,
    run: String,
    format: ExportFormat,
    out: Option<PathBuf>,
) -> Result<ExitCode> {
    use glovebox_engine::report::export::{default_file_name, export, ExportError, Format};
    let store = open_store(db)?;
    let format = match format {
        ExportFormat::Html => Format::Html,
        ExportFormat::Pdf => Format::Pdf,
    };
    let out = match out {
        Some(out) => out,
        None => match default_file_name(&store, &run, format) {
            Ok(name) => PathBuf::from(name),
            Err(e) => {
                eprintln!("glovebox: {}", block(&e.to_string()));
                return Ok(ExitCode::from(2));
            }
        },
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
