//! Audited reports of a run: a canonical JSON manifest built only from the
//! run's audit entries (what was asked, read, generated, checked, run and
//! answered, with the hash of the run's last audit entry), and its rendering
//! as one self-contained HTML page (inline CSS and SVG, no external
//! resource) in the run's language.
//!
//! The manifest is canonical: `serde_json` objects keep their keys sorted,
//! numbers and strings have one spelling, so the same run always gives the
//! same bytes. Signing and PDF output build on it.

pub mod diff;
pub mod html;
pub mod manifest;
pub mod sign;

pub use manifest::{manifest, ReportError};
