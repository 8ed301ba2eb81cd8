//! Which kind of table a file holds, from its first bytes and its name: a
//! CSV or text table, an Excel or OpenDocument workbook, Parquet, JSON
//! records or lines, a gzip-compressed CSV or a zip holding one CSV.
//!
//! The first bytes decide (magic numbers, then the first characters of a
//! text); the name only tells apart what the bytes cannot (`.xlsb` from
//! `.xlsx`, a web page saved under a `.csv` or `.xls` name). A kind that is
//! no table Glovebox reads stays a [`ForeignKind`], refused with what it is.

use serde::{Deserialize, Serialize};

use super::ForeignKind;

/// How an input is read: the format the inspector found.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InputFormat {
    /// A CSV or other delimited text table.
    #[default]
    Csv,
    /// A CSV compressed with gzip (`.csv.gz`).
    CsvGzip,
    /// A zip archive that holds one CSV.
    CsvZip,
    /// An Excel workbook (`.xlsx`, `.xlsm`).
    Xlsx,
    /// An old-style Excel workbook (`.xls`).
    Xls,
    /// An OpenDocument spreadsheet (`.ods`).
    Ods,
    /// A Parquet file.
    Parquet,
    /// JSON: one array of records (`[{…}, {…}]`).
    JsonRecords,
    /// JSON lines: one record per line (`{…}\n{…}`).
    JsonLines,
}

impl InputFormat {
    /// The CSV format (serde's `skip_serializing_if`: a CSV's description
    /// is written as it always was).
    pub fn is_csv(&self) -> bool {
        *self == Self::Csv
    }

    /// A workbook read sheet by sheet.
    pub fn is_spreadsheet(self) -> bool {
        matches!(self, Self::Xlsx | Self::Xls | Self::Ods)
    }

    /// What it is, in a message: "an Excel workbook (.xlsx)".
    pub fn what(self) -> &'static str {
        match self {
            Self::Csv => "a CSV file",
            Self::CsvGzip => "a gzip-compressed CSV (.csv.gz)",
            Self::CsvZip => "a zip archive",
            Self::Xlsx => "an Excel workbook (.xlsx)",
            Self::Xls => "an old-style Excel workbook (.xls)",
            Self::Ods => "an OpenDocument spreadsheet (.ods)",
            Self::Parquet => "a Parquet file",
            Self::JsonRecords => "a JSON file of records",
            Self::JsonLines => "a JSON-lines file",
        }
    }
}

/// The format of a file from `sample`, its first bytes, and its `name`;
/// a kind Glovebox does not read is refused as what it is.
pub fn detect(sample: &[u8], name: &str) -> Result<InputFormat, ForeignKind> {
    let lower = name.to_lowercase();
    let named = |ext: &str| lower.ends_with(ext);
    let Some(kind) = ForeignKind::of(sample) else {
        return Ok(InputFormat::Csv);
    };
    Ok(match kind {
        ForeignKind::ExcelWorkbook if named(".xlsb") || has(sample, b"xl/workbook.bin") => {
            return Err(ForeignKind::ExcelBinaryWorkbook)
        }
        ForeignKind::ExcelWorkbook => InputFormat::Xlsx,
        ForeignKind::OldExcelWorkbook => InputFormat::Xls,
        ForeignKind::OpenDocumentSpreadsheet => InputFormat::Ods,
        ForeignKind::Zip => InputFormat::CsvZip,
        ForeignKind::Gzip => InputFormat::CsvGzip,
        ForeignKind::Parquet => InputFormat::Parquet,
        ForeignKind::Json => json_shape(sample),
        ForeignKind::Html
            if [".csv", ".tsv", ".txt", ".xls", ".xlsx"]
                .iter()
                .any(|e| named(e)) =>
        {
            return Err(ForeignKind::HtmlUnderTableName)
        }
        other => return Err(other),
    })
}

fn has(sample: &[u8], needle: &[u8]) -> bool {
    sample.windows(needle.len()).any(|w| w == needle)
}

/// Records in one array (`[`) or one record per line (`{`).
fn json_shape(sample: &[u8]) -> InputFormat {
    let first = sample
        .iter()
        .find(|b| !b.is_ascii_whitespace() && !matches!(b, 0xef | 0xbb | 0xbf));
    if first == Some(&b'[') {
        InputFormat::JsonRecords
    } else {
        InputFormat::JsonLines
    }
}

#[cfg(test)]
mod tests {
    use super::InputFormat::*;
    use super::*;

    #[test]
    fn formats_are_told_by_their_bytes_and_names() {
        let cases: &[(&[u8], &str, Result<InputFormat, ForeignKind>)] = &[
            (b"region,amount\nSouth,3\n", "sales.csv", Ok(Csv)),
            (
                b"PK\x03\x04..[Content_Types].xml..xl/workbook.xml",
                "a.xlsx",
                Ok(Xlsx),
            ),
            (b"PK\x03\x04..xl/workbook.xml", "a.xlsm", Ok(Xlsx)),
            (
                b"PK\x03\x04..xl/workbook.bin",
                "a.xlsb",
                Err(ForeignKind::ExcelBinaryWorkbook),
            ),
            (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1\0\0", "a.xls", Ok(Xls)),
            (
                b"PK\x03\x04mimetypeapplication/vnd.oasis.opendocument.spreadsheet",
                "a.ods",
                Ok(Ods),
            ),
            (b"PAR1\x15\x04", "a.parquet", Ok(Parquet)),
            (b"[{\"a\": 1}]", "a.json", Ok(JsonRecords)),
            (b"{\"a\": 1}\n{\"a\": 2}\n", "a.jsonl", Ok(JsonLines)),
            (b"\x1f\x8b\x08\0", "a.csv.gz", Ok(CsvGzip)),
            (b"PK\x03\x04\0\0sales.csv", "a.zip", Ok(CsvZip)),
            (
                b"<html><table>",
                "export.csv",
                Err(ForeignKind::HtmlUnderTableName),
            ),
            (
                b"<html><table>",
                "export.xls",
                Err(ForeignKind::HtmlUnderTableName),
            ),
            (b"<html><table>", "page.html", Err(ForeignKind::Html)),
            (b"%PDF-1.7", "a.csv", Err(ForeignKind::Pdf)),
        ];
        for (bytes, name, want) in cases {
            assert_eq!(detect(bytes, name), *want, "{name}");
        }
    }
}
