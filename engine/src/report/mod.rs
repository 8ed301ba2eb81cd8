//! Audited reports of a run: a canonical JSON manifest built only from the
//! run's audit entries (what was asked, read, generated, checked, run and
//! answered, with the hash of the run's last audit entry), and its rendering
//! as one self-contained HTML page (inline CSS and SVG, no external
//! resource) or as a PDF (embedded font, the chart PNGs, the signed manifest
//! attached), in the run's language.
//!
//! The manifest is canonical: `serde_json` objects keep their keys sorted,
//! numbers and strings have one spelling, so the same run always gives the
//! same bytes. Signing builds on it.
//!
//! The manifest is typed ([`Manifest`]): reports render it field by field
//! and carry its JSON exactly as it was signed ([`manifest::Document`]), so
//! a field this version does not know does not stop a report from
//! verifying (except inside the result's tables and charts, whose types
//! refuse unknown fields).

pub mod diff;
pub mod export;
pub mod html;
mod human;
pub mod manifest;
pub mod pdf;
pub mod sign;
mod words;

pub use manifest::{chart_pngs, manifest, Manifest, ReportError};
