//! A finished run written out as a signed report file, HTML or PDF: what
//! `glovebox export` and the app's Export buttons do. The file is written
//! beside its target and renamed, so a reader never sees half a report.

use std::path::{Path, PathBuf};

use crate::audit::{AuditError, AuditStore};
use crate::report::manifest::{Document, Manifest};
use crate::report::sign::{self, SignError, Signer};
use crate::report::{chart_pngs, ReportError};

/// Report formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// One self-contained HTML page.
    Html,
    /// A PDF with its font embedded and the signed manifest attached.
    Pdf,
}

impl Format {
    /// From `html` or `pdf`.
    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "html" => Some(Format::Html),
            "pdf" => Some(Format::Pdf),
            _ => None,
        }
    }
}

/// Why a report could not be exported.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The run cannot be reported (unknown, unfinished, unreadable log).
    #[error(transparent)]
    Report(#[from] ReportError),
    /// The signing key could not be read or made.
    #[error("cannot get the report signing key: {0}")]
    Key(#[from] SignError),
    /// The PDF could not be made.
    #[error("cannot make the PDF report: {0}")]
    Pdf(String),
    /// The file could not be written.
    #[error("cannot write the report to {path}: {reason}")]
    Write {
        /// Target.
        path: PathBuf,
        /// OS reason.
        reason: String,
    },
}

/// What was written.
#[derive(Debug, Clone)]
pub struct Exported {
    /// The report file.
    pub path: PathBuf,
    /// Fingerprint of the key that signed it.
    pub fingerprint: String,
    /// Its size.
    pub bytes: u64,
}

/// Writes the signed report of `run` to `out` (the signing key is made on
/// the first export and kept in the OS keyring).
pub fn export(
    store: &AuditStore,
    run: &str,
    format: Format,
    out: &Path,
) -> Result<Exported, ExportError> {
    let _span = tracing::info_span!("export_report", %run, ?format).entered();
    let manifest = Document::new(Manifest::of_run(store, run)?)
        .map_err(|e| ReportError::Audit(AuditError::from(e)))?;
    let signer = Signer::from_keyring()?;
    let bytes = match format {
        Format::Html => sign::signed_html(&manifest, &signer).into_bytes(),
        Format::Pdf => {
            let pngs = chart_pngs(store, run)?;
            sign::signed_pdf(&manifest, &pngs, &signer)
                .map_err(|e| ExportError::Pdf(e.to_string()))?
        }
    };
    let write_error = |e: std::io::Error| ExportError::Write {
        path: out.to_owned(),
        reason: e.to_string(),
    };
    let tmp = out.with_extension("glovebox-partial");
    std::fs::write(&tmp, &bytes)
        .and_then(|()| std::fs::rename(&tmp, out))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            write_error(e)
        })?;
    Ok(Exported {
        path: out.to_owned(),
        fingerprint: signer.fingerprint(),
        bytes: bytes.len() as u64,
    })
}
