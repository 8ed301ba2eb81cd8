//! Spreadsheets (`.xlsx`, `.xlsm`, `.xls`, `.ods`) read on the host with
//! `calamine`: the workbook's sheets listed, one sheet read (the first, or
//! the one named by `file.xlsx#Sheet`), title rows above the header
//! skipped with a note, header cells merged across columns named after the
//! merged cell, dates written as dates.
//!
//! The sandbox reads the same sheet with pandas' `read_excel` (openpyxl,
//! xlrd or odfpy from the image), skipping the same rows, so the columns
//! and types described here are the ones the code gets.

use std::io::{Cursor, Read};
use std::path::{Path, PathBuf};

use calamine::{Data, Dimensions, Range, Reader, SheetType};
use sha2::{Digest, Sha256};

use super::table::{date_text, number_text, Base, Builder};
use super::{InputDescription, InputError, InputFormat, SheetInfo};
use crate::units::human_bytes;

/// Largest workbook read: the whole file and its sheet are held in memory.
pub const MAX_WORKBOOK_BYTES: u64 = 256 * 1024 * 1024;
/// Rows at the top of a sheet looked at for a title above the header.
pub const MAX_TITLE_ROWS: usize = 10;

/// `file.xlsx#Sheet` split into the file and the sheet, when the whole path
/// is no file and the part before the last `#` is one.
pub fn split_sheet(path: &Path) -> (PathBuf, Option<String>) {
    let text = path.to_string_lossy();
    if path.exists() {
        return (path.to_owned(), None);
    }
    match text.rsplit_once('#') {
        Some((file, sheet)) if !sheet.is_empty() && Path::new(file).exists() => {
            (PathBuf::from(file), Some(sheet.to_owned()))
        }
        _ => (path.to_owned(), None),
    }
}

/// One opened workbook, whatever its format.
enum Book {
    Xlsx(calamine::Xlsx<Cursor<Vec<u8>>>),
    Xls(calamine::Xls<Cursor<Vec<u8>>>),
    Ods(calamine::Ods<Cursor<Vec<u8>>>),
}

impl Book {
    fn open(format: InputFormat, bytes: Vec<u8>) -> Result<Self, String> {
        let cursor = Cursor::new(bytes);
        match format {
            InputFormat::Xls => calamine::Xls::new(cursor)
                .map(Self::Xls)
                .map_err(|e| e.to_string()),
            InputFormat::Ods => calamine::Ods::new(cursor)
                .map(Self::Ods)
                .map_err(|e| e.to_string()),
            _ => calamine::Xlsx::new(cursor)
                .map(Self::Xlsx)
                .map_err(|e| e.to_string()),
        }
    }

    /// Worksheets in workbook order (chart sheets left out).
    fn sheets(&self) -> Vec<String> {
        let meta = match self {
            Self::Xlsx(b) => b.sheets_metadata(),
            Self::Xls(b) => b.sheets_metadata(),
            Self::Ods(b) => b.sheets_metadata(),
        };
        meta.iter()
            .filter(|s| s.typ == SheetType::WorkSheet)
            .map(|s| s.name.clone())
            .collect()
    }

    fn range(&mut self, sheet: &str) -> Result<Range<Data>, String> {
        match self {
            Self::Xlsx(b) => b.worksheet_range(sheet).map_err(|e| e.to_string()),
            Self::Xls(b) => b.worksheet_range(sheet).map_err(|e| e.to_string()),
            Self::Ods(b) => b.worksheet_range(sheet).map_err(|e| e.to_string()),
        }
    }

    /// Cells merged into one (`.xlsx` and `.xls`; none known for `.ods`).
    fn merged(&mut self, sheet: &str) -> Vec<Dimensions> {
        match self {
            Self::Xlsx(b) => b.merge_cells_by_sheet_name(sheet).unwrap_or_default(),
            Self::Xls(b) => b.merge_cells_by_sheet_name(sheet).unwrap_or_default(),
            Self::Ods(_) => Vec::new(),
        }
    }
}

/// Describes sheet `wanted` (else the first) of the workbook `file`.
pub(super) fn describe(
    mut file: std::fs::File,
    base: Base,
    wanted: Option<&str>,
) -> Result<InputDescription, InputError> {
    let name = base.name.clone();
    if base.size_bytes > MAX_WORKBOOK_BYTES {
        return Err(InputError::WorkbookTooLarge {
            name,
            size: base.size_bytes,
            max: MAX_WORKBOOK_BYTES,
        });
    }
    let mut bytes = Vec::with_capacity(base.size_bytes as usize);
    file.read_to_end(&mut bytes)
        .map_err(|e| InputError::Unreadable {
            name: name.clone(),
            reason: e.to_string(),
        })?;
    let sha256 = hex::encode(Sha256::digest(&bytes));
    let damaged = |reason: String| InputError::Damaged {
        name: name.clone(),
        what: base.format.what().into(),
        reason,
    };
    let mut book = Book::open(base.format, bytes).map_err(damaged)?;
    let sheets = book.sheets();
    let sheet = choose(&name, &sheets, wanted)?;
    let range = book.range(&sheet).map_err(damaged)?;
    let merged = book.merged(&sheet);
    let rows = sheet_rows(&range);
    let (skip, titles) = title_rows(&rows);
    let (row0, _) = range.start().unwrap_or((0, 0));
    let header_abs = row0 + skip as u32 + blank_rows_before(&rows, skip) as u32;
    let mut notes = sheet_notes(&sheet, &sheets, wanted.is_some());
    if !titles.is_empty() {
        notes.push(title_note(&titles));
    }
    let mut builder = Builder::sniffing();
    for row in rows.into_iter().skip(skip) {
        builder.push(row);
    }
    let mut renamed = false;
    let mut d = builder.finish(
        Base {
            sha256,
            notes,
            ..base
        },
        |header| {
            let named = merged_names(header, &merged, header_abs);
            renamed = named.is_some();
            named
        },
    )?;
    if renamed {
        d.notes.insert(0, merged_note(&d, &merged, header_abs));
    }
    d.sheet = Some(SheetInfo {
        name: sheet,
        sheets,
        header_row: header_abs,
        names_given: renamed || !d.has_header,
    });
    Ok(d)
}

/// The sheet asked for (exactly, else ignoring case), or the first.
fn choose(name: &str, sheets: &[String], wanted: Option<&str>) -> Result<String, InputError> {
    let Some(wanted) = wanted else {
        return sheets
            .first()
            .cloned()
            .ok_or_else(|| InputError::Empty(name.to_owned()));
    };
    sheets
        .iter()
        .find(|s| *s == wanted)
        .or_else(|| {
            sheets
                .iter()
                .find(|s| s.to_lowercase() == wanted.to_lowercase())
        })
        .cloned()
        .ok_or_else(|| InputError::NoSuchSheet {
            name: name.to_owned(),
            sheet: wanted.to_owned(),
            sheets: sheets.to_vec(),
        })
}

/// Every row of the sheet from its first column (`A`), cells as text.
fn sheet_rows(range: &Range<Data>) -> Vec<Vec<String>> {
    let (_, col0) = range.start().unwrap_or((0, 0));
    range
        .rows()
        .map(|row| {
            let mut cells = vec![String::new(); col0 as usize];
            cells.extend(row.iter().map(cell_text));
            while cells.last().is_some_and(String::is_empty) {
                cells.pop();
            }
            cells
        })
        .collect()
}

/// A cell as pandas shows it after `read_excel`.
fn cell_text(cell: &Data) -> String {
    match cell {
        Data::Empty | Data::Error(_) => String::new(),
        Data::String(s) => s.clone(),
        Data::Int(i) => i.to_string(),
        Data::Float(f) => number_text(*f),
        Data::Bool(b) => if *b { "True" } else { "False" }.into(),
        Data::DateTime(dt) if dt.is_datetime() => {
            let (y, mo, d, h, mi, s, _) = dt.to_ymd_hms_milli();
            date_text(y, mo, d, h, mi, s)
        }
        Data::DateTime(dt) => format!("{} days", number_text(dt.as_f64())),
        Data::DateTimeIso(s) => s.replace('T', " "),
        Data::DurationIso(s) => s.clone(),
    }
}

fn filled(row: &[String]) -> usize {
    row.iter().filter(|c| !c.trim().is_empty()).count()
}

/// Rows (from the first) that are a title above the header: at most one
/// cell filled each, above a row with two or more, within
/// [`MAX_TITLE_ROWS`]. Returns how many rows to skip and the titles.
fn title_rows(rows: &[Vec<String>]) -> (usize, Vec<String>) {
    let Some(header) = rows
        .iter()
        .take(MAX_TITLE_ROWS + 1)
        .position(|r| filled(r) >= 2)
    else {
        return (0, Vec::new());
    };
    let titles: Vec<String> = rows[..header]
        .iter()
        .filter_map(|r| r.iter().find(|c| !c.trim().is_empty()).cloned())
        .collect();
    if titles.is_empty() {
        return (header, Vec::new());
    }
    (header, titles)
}

/// Blank rows between the skipped rows and the header (none: the skipped
/// rows end right above it).
fn blank_rows_before(rows: &[Vec<String>], skip: usize) -> usize {
    rows[skip.min(rows.len())..]
        .iter()
        .take_while(|r| filled(r) == 0)
        .count()
}

/// Header names with each merged cell's text given to every column it
/// spans (the second `Q1` becomes `Q1.1`, as pandas names a repeat), when
/// a merge spans the header row.
fn merged_names(header: &[String], merged: &[Dimensions], row: u32) -> Option<Vec<String>> {
    let mut names = header.to_vec();
    let mut changed = false;
    for m in merged.iter().filter(|m| m.start.0 <= row && row <= m.end.0) {
        let first = m.start.1 as usize;
        let text = header.get(first).cloned().unwrap_or_default();
        for col in first + 1..=(m.end.1 as usize).min(names.len().saturating_sub(1)) {
            if names[col].is_empty() && !text.is_empty() {
                names[col] = text.clone();
                changed = true;
            }
        }
    }
    changed.then_some(names)
}

fn sheet_notes(sheet: &str, sheets: &[String], asked: bool) -> Vec<String> {
    if sheets.len() < 2 || asked {
        return vec![format!("the sheet \"{sheet}\" is read")];
    }
    let others: Vec<String> = sheets[1..].iter().map(|s| format!("\"{s}\"")).collect();
    vec![format!(
        "the workbook has {} sheets: the first, \"{sheet}\", is read; to read another ({}), name it after the file (file.xlsx#Sheet) or pick it in the app",
        sheets.len(),
        super::listed(&others)
    )]
}

fn title_note(titles: &[String]) -> String {
    let shown: Vec<String> = titles.iter().map(|t| format!("\"{t}\"")).collect();
    format!(
        "the row{} above the header ({}) {} a title, not data: skipped",
        if titles.len() == 1 { "" } else { "s" },
        super::listed(&shown),
        if titles.len() == 1 { "is" } else { "are" }
    )
}

fn merged_note(d: &InputDescription, merged: &[Dimensions], row: u32) -> String {
    let spans: Vec<String> = merged
        .iter()
        .filter(|m| m.start.0 <= row && row <= m.end.0 && m.end.1 > m.start.1)
        .filter_map(|m| {
            let cols: Vec<String> = (m.start.1..=m.end.1)
                .filter_map(|c| d.columns.get(c as usize))
                .map(|c| format!("\"{}\"", c.name))
                .collect();
            (cols.len() > 1).then(|| super::listed(&cols))
        })
        .collect();
    format!(
        "header cells merged across columns name each column they span: {}",
        spans.join("; ")
    )
}

/// `TooLarge`'s wording for a workbook.
pub(super) fn too_large(size: u64, max: u64) -> String {
    format!(
        "the workbook is {}, more than the {} a spreadsheet may have here: save the sheet as CSV",
        human_bytes(size),
        human_bytes(max)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(text: &[&[&str]]) -> Vec<Vec<String>> {
        text.iter()
            .map(|r| r.iter().map(|c| c.to_string()).collect())
            .collect()
    }

    #[test]
    fn a_title_above_the_header_is_skipped() {
        let r = rows(&[&["Sales 2025"], &[], &["region", "amount"], &["South", "3"]]);
        assert_eq!(title_rows(&r), (2, vec!["Sales 2025".to_string()]));
        assert_eq!((blank_rows_before(&r, 1), blank_rows_before(&r, 2)), (1, 0));
        let plain = rows(&[&["region", "amount"], &["South", "3"]]);
        assert_eq!(title_rows(&plain), (0, Vec::new()));
    }

    #[test]
    fn merged_header_cells_name_every_column_they_span() {
        let header: Vec<String> = ["region", "Q1", "", "Q2"].map(String::from).to_vec();
        let merged = [Dimensions::new((3, 1), (3, 2))];
        let named = merged_names(&header, &merged, 3).expect("renamed");
        assert_eq!(named, ["region", "Q1", "Q1", "Q2"]);
        assert_eq!(merged_names(&header, &merged, 4), None);
    }

    #[test]
    fn a_sheet_is_named_after_a_hash() {
        let dir = tempfile::tempdir().expect("dir");
        let file = dir.path().join("book.xlsx");
        std::fs::write(&file, b"x").expect("write");
        let asked = PathBuf::from(format!("{}#Sales 2025", file.display()));
        assert_eq!(
            split_sheet(&asked),
            (file.clone(), Some("Sales 2025".into()))
        );
        assert_eq!(split_sheet(&file), (file, None));
    }

    #[test]
    fn excel_cells_read_as_pandas_shows_them() {
        use calamine::{ExcelDateTime, ExcelDateTimeType};
        let date = ExcelDateTime::new(45943.5, ExcelDateTimeType::DateTime, false);
        assert_eq!(cell_text(&Data::DateTime(date)), "2025-10-13 12:00:00");
        let day = ExcelDateTime::new(45943.0, ExcelDateTimeType::DateTime, false);
        assert_eq!(cell_text(&Data::DateTime(day)), "2025-10-13");
        assert_eq!(cell_text(&Data::Float(3.0)), "3");
        assert_eq!(cell_text(&Data::Bool(true)), "True");
    }
}
