//! What a file that is not a text table is, from its first bytes: a
//! spreadsheet, an archive, a compressed file, a PDF, a web page, JSON…
//!
//! Only magic numbers and the very start of the text are looked at, so a
//! CSV is never taken for something else by its contents further down; a
//! file named here is refused with what it is and what to do, instead of
//! "a binary file" or a column named `{"region": "South"`.

use serde::{Deserialize, Serialize};

/// A kind of file people drop that is not a CSV or text table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ForeignKind {
    /// An Excel workbook (`.xlsx`, `.xlsm`): a zip holding `xl/`.
    ExcelWorkbook,
    /// An Excel binary workbook (`.xlsb`), which the sandbox has no reader for.
    ExcelBinaryWorkbook,
    /// An old Excel workbook (`.xls`): an OLE compound file.
    OldExcelWorkbook,
    /// An OpenDocument spreadsheet (`.ods`).
    OpenDocumentSpreadsheet,
    /// Any other zip archive.
    Zip,
    /// A gzip-compressed file (`.gz`).
    Gzip,
    /// A Parquet file.
    Parquet,
    /// A PDF document.
    Pdf,
    /// An SQLite database.
    Sqlite,
    /// A picture (PNG, JPEG, GIF).
    Image,
    /// A web page.
    Html,
    /// A web page saved under a table's name (`export.csv`, `report.xls`),
    /// as some programs export.
    HtmlUnderTableName,
    /// JSON data, one document or one record per line.
    Json,
}

impl ForeignKind {
    /// The kind told by `sample`, the first bytes of a file, if any.
    pub fn of(sample: &[u8]) -> Option<Self> {
        magic(sample).or_else(|| text_start(sample))
    }

    /// What it is and what to do, in one sentence (English, like every
    /// [`super::InputError`] detail).
    pub fn describe(self) -> &'static str {
        match self {
            Self::ExcelWorkbook => "this is an Excel workbook (.xlsx), not a CSV or text table: open it in your spreadsheet program and save the sheet you want as CSV",
            Self::ExcelBinaryWorkbook => "this is an Excel binary workbook (.xlsb), which Glovebox cannot read: open it in Excel and save it as .xlsx or CSV",
            Self::OldExcelWorkbook => "this is an old-style Excel workbook (.xls), not a CSV or text table: open it in your spreadsheet program and save the sheet you want as CSV",
            Self::OpenDocumentSpreadsheet => "this is an OpenDocument spreadsheet (.ods), not a CSV or text table: open it in LibreOffice Calc and save the sheet you want as CSV",
            Self::Zip => "this is a zip archive, not a CSV or text table: extract the CSV file from it and give that file",
            Self::Gzip => "this is a compressed file (gzip), not a CSV or text table: decompress it first and give the file it holds",
            Self::Parquet => "this is a Parquet file, not a CSV or text table: export it as CSV first",
            Self::Pdf => "this is a PDF document, not a CSV or text table: export the table from the program that made it as CSV",
            Self::Sqlite => "this is an SQLite database, not a CSV or text table: export the table you want as CSV first",
            Self::Image => "this is a picture, not a CSV or text table",
            Self::HtmlUnderTableName => "this is a web page (HTML) saved under a table's name, not a CSV or spreadsheet: open it in a spreadsheet program or a browser and save the table as CSV",
            Self::Html => "this is a web page (HTML), not a CSV or text table: save the table from it as CSV",
            Self::Json => "this is JSON data, not a CSV or text table: export it as CSV first",
        }
    }
}

/// Kinds with a magic number at offset 0.
fn magic(sample: &[u8]) -> Option<ForeignKind> {
    const OLE: &[u8] = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1";
    let starts = |m: &[u8]| sample.starts_with(m);
    if starts(b"PK\x03\x04") {
        return Some(zipped(sample));
    }
    Some(if starts(b"\x1f\x8b") {
        ForeignKind::Gzip
    } else if starts(OLE) {
        ForeignKind::OldExcelWorkbook
    } else if starts(b"PAR1") {
        ForeignKind::Parquet
    } else if starts(b"%PDF-") {
        ForeignKind::Pdf
    } else if starts(b"SQLite format 3\0") {
        ForeignKind::Sqlite
    } else if starts(b"\x89PNG\r\n\x1a\n") || starts(b"\xff\xd8\xff") || starts(b"GIF8") {
        ForeignKind::Image
    } else {
        return None;
    })
}

/// A zip's kind from the names and the `mimetype` entry near its start.
fn zipped(sample: &[u8]) -> ForeignKind {
    let has = |needle: &[u8]| sample.windows(needle.len()).any(|w| w == needle);
    if has(b"application/vnd.oasis.opendocument.spreadsheet") {
        ForeignKind::OpenDocumentSpreadsheet
    } else if has(b"xl/") {
        ForeignKind::ExcelWorkbook
    } else {
        ForeignKind::Zip
    }
}

/// A web page or JSON, from the first characters that are not blank (a
/// UTF-8 byte-order mark skipped).
fn text_start(sample: &[u8]) -> Option<ForeignKind> {
    let text = sample.strip_prefix(b"\xef\xbb\xbf").unwrap_or(sample);
    let start = text.iter().position(|b| !b.is_ascii_whitespace())?;
    let text = &text[start..];
    let lower: Vec<u8> = text.iter().take(16).map(u8::to_ascii_lowercase).collect();
    if lower.starts_with(b"<!doctype html") || lower.starts_with(b"<html") {
        return Some(ForeignKind::Html);
    }
    // `{` or `[` followed by what only JSON has there: a quoted key, a
    // nested value or the end of a line (a CSV header never starts so).
    let after = text[1..].iter().find(|b| !matches!(b, b' ' | b'\t'));
    match (text[0], after) {
        (b'{', Some(b'"' | b'\r' | b'\n' | b'}')) => Some(ForeignKind::Json),
        (b'[', Some(b'{' | b'[' | b'\r' | b'\n' | b']')) => Some(ForeignKind::Json),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::ForeignKind::{self, *};

    #[test]
    fn each_kind_is_told_by_its_first_bytes() {
        let cases: &[(&[u8], Option<ForeignKind>)] = &[
            (
                b"PK\x03\x04\x14\0\0\0[Content_Types].xml...xl/workbook.xml",
                Some(ExcelWorkbook),
            ),
            (
                b"PK\x03\x04\0\0mimetypeapplication/vnd.oasis.opendocument.spreadsheetPK",
                Some(OpenDocumentSpreadsheet),
            ),
            (b"PK\x03\x04\0\0sales.csv", Some(Zip)),
            (b"\x1f\x8b\x08\0", Some(Gzip)),
            (
                b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1\0\0",
                Some(OldExcelWorkbook),
            ),
            (b"PAR1\x15\x04", Some(Parquet)),
            (b"%PDF-1.7\n", Some(Pdf)),
            (b"SQLite format 3\0", Some(Sqlite)),
            (b"\x89PNG\r\n\x1a\n\0", Some(Image)),
            (b"\xef\xbb\xbf  <!DOCTYPE HTML><html>", Some(Html)),
            (b"<html><body><table>", Some(Html)),
            (b"{\"region\": \"South\", \"amount\": 3}\n", Some(Json)),
            (b"[\n  {\"a\": 1}\n]", Some(Json)),
            (b"[{\"a\": 1}]", Some(Json)),
        ];
        for (bytes, kind) in cases {
            assert_eq!(
                ForeignKind::of(bytes),
                *kind,
                "{}",
                String::from_utf8_lossy(bytes)
            );
        }
    }

    #[test]
    fn text_tables_are_not_taken_for_anything_else() {
        for table in [
            &b"region,amount\nSouth,3\n"[..],
            b"{name},value\nx,1\n",
            b"[unit] price;qty\n1;2\n",
            b"<b>,c\n1,2\n",
            b"PK,Name\n1,a\n",
            b"",
            b"   \n",
        ] {
            assert_eq!(
                ForeignKind::of(table),
                None,
                "{}",
                String::from_utf8_lossy(table)
            );
        }
    }
}
