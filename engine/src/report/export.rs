//! A finished run written out as a signed report file, HTML or PDF: what
//! `glovebox export` and the app's Export buttons do. The file is written
//! beside its target and renamed, so a reader never sees half a report.
//! Its default name comes from the question ([`file_name`]): a short, safe
//! slug and the run's date, e.g. `total-revenue-per-region-2026-12-04.html`.

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
    /// The file extension, without its dot.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Html => "html",
            Format::Pdf => "pdf",
        }
    }

    /// From `html` or `pdf`.
    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "html" => Some(Format::Html),
            "pdf" => Some(Format::Pdf),
            _ => None,
        }
    }
}

/// Most characters of the question kept in a report's file name (the date
/// and the extension come after).
pub const MAX_SLUG_CHARS: usize = 60;
/// The name's first part when the question gives nothing to keep.
const FALLBACK_SLUG: &str = "glovebox-report";

/// A Latin letter with a mark, as its plain letters (`é` → `e`, `ß` → `ss`).
fn fold(c: char) -> Option<&'static str> {
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'č' | 'ĉ' | 'ċ' => "c",
        'ď' | 'đ' | 'ð' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ė' | 'ę' | 'ě' => "e",
        'ğ' | 'ĝ' | 'ġ' | 'ģ' => "g",
        'ì' | 'í' | 'î' | 'ï' | 'ī' | 'į' | 'ı' => "i",
        'ł' | 'ľ' | 'ĺ' | 'ļ' => "l",
        'ñ' | 'ń' | 'ň' | 'ņ' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ő' => "o",
        'œ' => "oe",
        'ŕ' | 'ř' => "r",
        'ś' | 'š' | 'ş' | 'ș' => "s",
        'ß' => "ss",
        'ť' | 'ţ' | 'ț' => "t",
        'þ' => "th",
        'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' | 'ű' | 'ų' => "u",
        'ý' | 'ÿ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        _ => return None,
    })
}

/// The question as the first part of a file name: lower case, Latin
/// letters without their marks, other letters and digits kept, anything
/// else (dots, slashes, spaces, quotes, emoji, control characters) one
/// hyphen; at most [`MAX_SLUG_CHARS`] characters, cut at a hyphen when
/// one is near; `glovebox-report` when nothing is left.
pub fn slug(question: &str) -> String {
    let mut out = String::new();
    let mut pending_hyphen = false;
    for c in question.chars().flat_map(char::to_lowercase) {
        let piece: Option<std::borrow::Cow<'static, str>> = if c.is_ascii_alphanumeric() {
            Some(c.to_string().into())
        } else if let Some(folded) = fold(c) {
            Some(folded.into())
        } else if c.is_alphanumeric() && !crate::terminal::is_unsafe(c) {
            Some(c.to_string().into())
        } else {
            None
        };
        match piece {
            Some(p) => {
                if pending_hyphen && !out.is_empty() {
                    out.push('-');
                }
                pending_hyphen = false;
                out.push_str(&p);
            }
            None => pending_hyphen = true,
        }
        if out.chars().count() > MAX_SLUG_CHARS {
            break;
        }
    }
    if out.chars().count() > MAX_SLUG_CHARS {
        let cut: String = out.chars().take(MAX_SLUG_CHARS).collect();
        // Cut at the last hyphen in the second half, so no word is cut in two.
        out = match cut.rfind('-') {
            Some(at) if cut[..at].chars().count() >= MAX_SLUG_CHARS / 2 => cut[..at].to_owned(),
            _ => cut,
        };
    }
    if out.is_empty() {
        FALLBACK_SLUG.to_owned()
    } else {
        out
    }
}

/// The default file name of a run's report: the question's [`slug`], the
/// run's date (`YYYY-MM-DD` of `started_at`, left out when it does not
/// read as one) and the format's extension.
pub fn file_name(question: &str, started_at: &str, format: Format) -> String {
    let date = started_at.get(..10).filter(|d| {
        d.bytes().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                b == b'-'
            } else {
                b.is_ascii_digit()
            }
        })
    });
    match date {
        Some(d) => format!("{}-{d}.{}", slug(question), format.extension()),
        None => format!("{}.{}", slug(question), format.extension()),
    }
}

/// The default file name of `run`'s report (see [`file_name`]).
pub fn default_file_name(
    store: &AuditStore,
    run: &str,
    format: Format,
) -> Result<String, ReportError> {
    let m = Manifest::of_run(store, run)?;
    Ok(file_name(&m.goal, &m.started_at, format))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_becomes_a_short_safe_file_name() {
        assert_eq!(
            file_name(
                "total revenue per region",
                "2026-12-04T16:05:00.000Z",
                Format::Html
            ),
            "total-revenue-per-region-2026-12-04.html"
        );
        assert_eq!(
            file_name(
                "Part du chiffre d'affaires par région, à une décimale",
                "2026-11-29T17:38:40.900Z",
                Format::Pdf
            ),
            "part-du-chiffre-d-affaires-par-region-a-une-decimale-2026-11-29.pdf"
        );
        assert_eq!(
            slug("Año fiscal: ¿cuántas ventas?"),
            "ano-fiscal-cuantas-ventas"
        );
        assert_eq!(slug("Straße & Œuvre"), "strasse-oeuvre");
    }

    #[test]
    fn hostile_questions_give_no_path_and_no_hidden_file() {
        for (question, expected) in [
            ("../../etc/passwd", "etc-passwd"),
            ("..", FALLBACK_SLUG),
            ("/", FALLBACK_SLUG),
            ("C:\\Windows\\system32", "c-windows-system32"),
            (".hidden", "hidden"),
            ("📈 sales 📉 by month 🚀", "sales-by-month"),
            ("\u{202E}evil\u{200B}name\n\t", "evil-name"),
            ("", FALLBACK_SLUG),
            ("?!*<>|\"", FALLBACK_SLUG),
        ] {
            let name = slug(question);
            assert_eq!(name, expected, "{question:?}");
            assert!(!name.contains(['/', '\\', '.', ' ']) && !name.starts_with('-'));
        }
        // Letters of other scripts are kept as they are.
        assert_eq!(slug("Выручка по регионам"), "выручка-по-регионам");
        // A date that is not one is left out rather than copied.
        assert_eq!(file_name("q", "../../x", Format::Html), "q.html");
    }

    #[test]
    fn a_long_question_is_cut_at_a_word() {
        let long = "revenue ".repeat(40); // 320 characters
        let name = slug(&long);
        // "revenue" is 7 letters: 7 words and 6 hyphens make 55, an 8th
        // word would make 63 > 60.
        assert_eq!(name, ["revenue"; 7].join("-"));
        let one_word = "a".repeat(300);
        assert_eq!(slug(&one_word), "a".repeat(MAX_SLUG_CHARS));
        assert!(file_name(&long, "2026-12-04", Format::Pdf).len() <= MAX_SLUG_CHARS + 15);
    }
}
