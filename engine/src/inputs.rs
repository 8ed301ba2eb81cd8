//! Describing input files: encoding, delimiter, header, column types, row
//! count, sha256 and a preview — in one streaming pass with bounded memory.
//! The first [`TYPE_SAMPLE_ROWS`] rows are typed and checked with the CSV
//! reader; the rest of a UTF-8 file is counted fast (`count`) while the
//! sha256 is computed on a thread of its own (`hash`). Hostile shapes stop
//! as they stream: more than [`MAX_COLUMNS`] columns, a line over
//! [`MAX_LINE_BYTES`], a cell over [`MAX_CELL_BYTES`].
//!
//! Bad input gets a clear, specific [`InputError`]: missing file, folder,
//! empty, binary, a NUL byte anywhere (with the line), too large,
//! undecodable bytes (with the line), ragged rows (with the line), a file
//! the sandboxed job could not open, a file the person may not open.
//! Files are opened by `access`: as root, with the rights of the person
//! Glovebox runs for, and only when the sandboxed job could read them too,
//! so no content of a file it could not read is ever read, previewed or
//! recorded.
//!
//! One reading of the data: column names are the ones pandas gives the
//! header row (spaces kept, an empty name is `Unnamed: N`, a repeated name
//! gets `.1`, `.2`…), and a cell counts as a number exactly when the
//! generated code reads it as one (`3504.`, `1.18e+03`, and numbers with
//! thousands separators, `1,250.00`, `1.250,00`, `1 250,00`, which the
//! code's `numbers()` reads); what was renamed is said in
//! [`InputDescription::notes`].

mod access;
mod cache;
mod compressed;
mod count;
pub mod currency;
mod format;
mod hash;
mod json;
mod kind;
mod parquet;
mod parquet_rows;
mod progress;
mod sheet;
mod table;
mod transcode;

use std::io::{Read, Seek};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::units::human_bytes;
pub use access::{invoker_from, Access, AccessFix, Invoker, Launch};
pub use cache::{DescribeCache, FINGERPRINT_BYTES, MAX_CACHED_INPUTS};
pub use format::InputFormat;
pub use kind::ForeignKind;
pub use progress::{percent_of, ReadProgress, Reading};
pub use sheet::{split_sheet, MAX_WORKBOOK_BYTES};
pub(crate) use transcode::transcoder;

use serde::{Deserialize, Serialize};

/// Largest input accepted by default: 4 GiB.
pub const DEFAULT_MAX_INPUT_BYTES: u64 = 4 * 1024 * 1024 * 1024;
/// Rows shown in a preview.
pub const PREVIEW_ROWS: usize = 10;
/// Rows used to infer column types (all rows are still counted and checked).
pub const TYPE_SAMPLE_ROWS: u64 = 100_000;
/// Bytes read to guess encoding and delimiter.
const SNIFF_BYTES: usize = 64 * 1024;
/// Size of one read.
const CHUNK: usize = 256 * 1024;
/// Most columns read: a wider file is refused on its first line, before
/// anything is done per column (the time of the plan, the code and the
/// messages grows with the width).
pub const MAX_COLUMNS: usize = 16_384;
/// Longest line read, in bytes: a longer line is refused as it streams,
/// before it is held in memory (also a quoted cell that spans lines and
/// does not close within this many bytes).
pub const MAX_LINE_BYTES: usize = 8 * 1024 * 1024;
/// Largest cell read, in bytes.
pub const MAX_CELL_BYTES: usize = 1024 * 1024;

/// Why an input cannot be used; every message names the file.
#[derive(Debug, thiserror::Error, PartialEq, Eq, Clone, Serialize)]
pub enum InputError {
    /// No such file.
    #[error("{0}: file not found")]
    NotFound(String),
    /// A folder or device.
    #[error("{0}: this is not a regular file")]
    NotAFile(String),
    /// Cannot be opened or read.
    #[error("{name}: cannot be read ({reason})")]
    Unreadable {
        /// File name.
        name: String,
        /// OS reason.
        reason: String,
    },
    /// Zero bytes, or only a header / blank lines.
    #[error("{0}: the file is empty")]
    Empty(String),
    /// Contains NUL bytes or other binary data at its start.
    #[error("{0}: this looks like a binary file, not a CSV or text table")]
    Binary(String),
    /// A kind of file that is not a text table, told by its first bytes
    /// (a spreadsheet, an archive, a web page, JSON…).
    #[error("{name}: {}", .kind.describe())]
    NotATable {
        /// File name.
        name: String,
        /// What it is.
        kind: ForeignKind,
    },
    /// A NUL byte further in: a binary or damaged file.
    #[error("{name}: line {line} contains a NUL byte (a zero byte), which a CSV or text table never has: this looks like a binary or damaged file")]
    NulByte {
        /// File name.
        name: String,
        /// 1-based line.
        line: u64,
    },
    /// The sandboxed job, a separate user with no special rights, could not
    /// open the file; nothing of it was read.
    #[error("{name}: the sandbox cannot read this file{}: its permissions ({permissions}) let {} read it, and the sandboxed code runs as a separate user with no special rights, so nothing of it was read. {fix}", access::through(.target), readers(.permissions))]
    SandboxCannotRead {
        /// File name.
        name: String,
        /// Permissions as `ls -l` shows them (`rw-------`).
        permissions: String,
        /// Where the path leads, when it is a symbolic link.
        target: Option<String>,
        /// What to do.
        fix: AccessFix,
    },
    /// The person Glovebox reads for may not open the file (or a folder on
    /// its way); nothing of it was read.
    #[error("{name}: you ({user}) may not read this file{}{}, so nothing of it was read. To use it, give a file you may read yourself (ask its owner for a copy)", access::through(.target), if *.on_behalf { ", and Glovebox, started as root for you, reads your files with your rights only" } else { "" })]
    NoPermission {
        /// File name.
        name: String,
        /// The person, by name or `uid N`.
        user: String,
        /// Where the path leads, when it is a symbolic link.
        target: Option<String>,
        /// Glovebox runs as root for this person.
        on_behalf: bool,
    },
    /// Larger than the limit.
    #[error("{name}: the file is {}, more than the {} allowed", human_bytes(*.size), human_bytes(*.max))]
    TooLarge {
        /// File name.
        name: String,
        /// Its size.
        size: u64,
        /// The limit.
        max: u64,
    },
    /// Bytes that are not valid in the detected encoding.
    #[error("{name}: line {line} contains bytes that are not valid {encoding} text")]
    Undecodable {
        /// File name.
        name: String,
        /// 1-based line.
        line: u64,
        /// Encoding name.
        encoding: String,
    },
    /// A row with a different number of fields than the header.
    #[error("{name}: line {line} has {} where the first line has {}", fields(*.found), fields(*.expected))]
    Ragged {
        /// File name.
        name: String,
        /// 1-based line.
        line: u64,
        /// Fields expected.
        expected: usize,
        /// Fields found.
        found: usize,
    },
    /// More columns than [`MAX_COLUMNS`]; the columns are not listed.
    #[error("{name}: line {line} has {columns} columns, more than the {max} Glovebox reads: keep only the columns you need (a spreadsheet can delete the others) and save the file again")]
    TooManyColumns {
        /// File name.
        name: String,
        /// 1-based line.
        line: u64,
        /// Columns found.
        columns: usize,
        /// The limit.
        max: usize,
    },
    /// A line longer than [`MAX_LINE_BYTES`].
    #[error("{name}: line {line} is longer than {}, the longest line Glovebox reads: a table has one row per line, and this file may not be one", human_bytes(*.max as u64))]
    LineTooLong {
        /// File name.
        name: String,
        /// 1-based line.
        line: u64,
        /// The limit, in bytes.
        max: usize,
    },
    /// A cell larger than [`MAX_CELL_BYTES`].
    #[error("{name}: line {line}, column {column} holds more than {} of text, the largest cell Glovebox reads", human_bytes(*.max as u64))]
    CellTooLong {
        /// File name.
        name: String,
        /// 1-based line where the row starts.
        line: u64,
        /// 1-based column.
        column: usize,
        /// The limit, in bytes.
        max: usize,
    },
    /// A spreadsheet, archive or Parquet file that cannot be read: damaged,
    /// cut short, or another kind under its name.
    #[error("{name}: this looks like {what} but is damaged or cut short, so it cannot be read ({reason})")]
    Damaged {
        /// File name.
        name: String,
        /// What it looked like ("an Excel workbook (.xlsx)").
        what: String,
        /// What the reader said.
        reason: String,
    },
    /// A workbook larger than a spreadsheet may be here.
    #[error("{name}: {}", sheet::too_large(*.size, *.max))]
    WorkbookTooLarge {
        /// File name.
        name: String,
        /// Its size.
        size: u64,
        /// The limit.
        max: u64,
    },
    /// A sheet asked for (`book.xlsx#Sheet`, `--sheet`) that the workbook
    /// does not have.
    #[error("{name}: there is no sheet \"{sheet}\" in this workbook; its sheets are {}", listed(&.sheets.iter().map(|s| format!("\"{s}\"")).collect::<Vec<_>>()))]
    NoSuchSheet {
        /// File name.
        name: String,
        /// The sheet asked for.
        sheet: String,
        /// The sheets it has.
        sheets: Vec<String>,
    },
    /// A sheet named after a file that is no workbook.
    #[error("{name}: a sheet was named after the file, but it is {}, which has no sheets", .format.what())]
    NotAWorkbook {
        /// File name.
        name: String,
        /// What it is.
        format: InputFormat,
    },
    /// A zip archive that does not hold exactly one file.
    #[error("{name}: this zip archive holds {}, not one CSV: extract the CSV you want and give that file", zip_entries(.entries))]
    NotOneCsvInZip {
        /// File name.
        name: String,
        /// The names inside (at most a few).
        entries: Vec<String>,
    },
    /// JSON that is not records (or not JSON at all past its start).
    #[error("{name}: line {line} cannot be read as JSON records ({reason})")]
    BadJson {
        /// File name.
        name: String,
        /// 1-based line.
        line: u64,
        /// What is wrong.
        reason: String,
    },
    /// A quote that never closes, or another CSV syntax problem.
    #[error("{name}: line {line} cannot be read as CSV ({reason})")]
    Syntax {
        /// File name.
        name: String,
        /// 1-based line.
        line: u64,
        /// What the reader said.
        reason: String,
    },
}

/// Most distinct values kept per text column (the generator matches goals
/// against them: "for the North region").
pub const MAX_CATEGORY_VALUES: usize = 50;
/// Longest category value kept, in bytes.
pub const MAX_CATEGORY_VALUE_BYTES: usize = 100;

/// Inferred type of a column.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColumnKind {
    /// Whole numbers.
    Integer,
    /// Numbers with a fractional part (dot or comma decimal separator).
    Decimal,
    /// Dates (ISO `2026-01-31`, `31/01/2026`, `31.01.2026`), with or without a time.
    Date,
    /// true/false, yes/no, oui/non, sí/no, 0/1 is integer.
    Boolean,
    /// Anything else.
    Text,
    /// No value at all.
    Empty,
}

/// One column.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Column {
    /// The name pandas gives the column: the header text (spaces kept),
    /// `Unnamed: N` for an empty one, `name.1` for a repeated one; or
    /// `column_N` without a header.
    pub name: String,
    /// Inferred type.
    pub kind: ColumnKind,
    /// Empty cells seen.
    pub empty_cells: u64,
    /// Distinct values of a text or boolean column in the sampled rows,
    /// sorted; empty when there are more than `MAX_CATEGORY_VALUES`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<Vec<String>>"))]
    pub values: Vec<String>,
    /// The currency of a column of numbers, when the file says it: its
    /// header names one or its numbers carry one (`currency`); `EUR`,
    /// `USD`, `$`...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub currency: Option<String>,
}

impl Column {
    /// The currency of a column named `name` of `kind` whose numbers carry
    /// `marks`: the one the header and the marks agree on (a header's
    /// `USD` with `$` marks is USD), none for a column that is not of
    /// numbers or when they disagree.
    pub fn currency_of(name: &str, kind: ColumnKind, marks: currency::Marks) -> Option<String> {
        if !matches!(kind, ColumnKind::Integer | ColumnKind::Decimal) {
            return None;
        }
        let unit = match (currency::of_header(name), marks.unit()) {
            (Some("USD"), Some("$")) => Some("USD"),
            (Some(h), Some(v)) if h != v => None,
            (h, v) => h.or(v),
        };
        unit.filter(|_| marks != currency::Marks::Mixed)
            .map(str::to_owned)
    }
}

/// What Glovebox knows of one input.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputDescription {
    /// File name (as seen at `/input/<name>`).
    pub name: String,
    /// Host path.
    pub path: PathBuf,
    /// Size in bytes.
    pub size_bytes: u64,
    /// sha256 of the bytes, hex.
    pub sha256: String,
    /// Encoding name (`UTF-8`, `windows-1252`, `UTF-16LE`...).
    pub encoding: String,
    /// A byte-order mark starts the file.
    pub bom: bool,
    /// Field delimiter.
    pub delimiter: char,
    /// Numbers use a decimal comma (`3,5`).
    pub decimal_comma: bool,
    /// The first row names the columns.
    pub has_header: bool,
    /// Columns.
    pub columns: Vec<Column>,
    /// Data rows (header excluded).
    pub row_count: u64,
    /// First rows, as text.
    pub preview: Vec<Vec<String>>,
    /// What a person should know about how the file is read: columns
    /// renamed the way pandas names them (no name, a repeated name), names
    /// with spaces around them, numbers written with thousands separators.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<Vec<String>>"))]
    pub notes: Vec<String>,
    /// How the file is read: a CSV (written as before: no field), a
    /// workbook, Parquet, JSON, a compressed CSV.
    #[serde(default, skip_serializing_if = "InputFormat::is_csv")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<InputFormat>"))]
    pub format: InputFormat,
    /// The sheet read, for a workbook.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub sheet: Option<SheetInfo>,
}

/// The sheet of a workbook that is read, and where its table starts.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetInfo {
    /// The sheet's name.
    pub name: String,
    /// Every worksheet of the workbook, in order (for a sheet picker).
    pub sheets: Vec<String>,
    /// Rows of the sheet above the header (a title, blank rows), skipped;
    /// without a header, above the first row of data.
    pub header_row: u32,
    /// The column names are given to the reader (header cells merged
    /// across columns, or no header at all) instead of read from the
    /// header row.
    pub names_given: bool,
}

/// Size, modification time and inode of a file: what changes when a program
/// rewrites it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileStamp {
    size: u64,
    modified_ns: i128,
    inode: u64,
}

/// The stamp of `path` now, if it can be read.
pub fn stamp(path: &Path) -> Option<FileStamp> {
    use std::os::unix::fs::MetadataExt;
    let m = std::fs::metadata(path).ok()?;
    Some(FileStamp {
        size: m.len(),
        modified_ns: i128::from(m.mtime()) * 1_000_000_000 + i128::from(m.mtime_nsec()),
        inode: m.ino(),
    })
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

fn sniff_encoding(sample: &[u8], complete: bool) -> (&'static encoding_rs::Encoding, bool) {
    if let Some((enc, _)) = encoding_rs::Encoding::for_bom(sample) {
        return (enc, true);
    }
    let valid = match std::str::from_utf8(sample) {
        Ok(_) => true,
        // A character cut at the end of the sample is fine.
        Err(e) => e.error_len().is_none() && !complete,
    };
    if valid {
        return (encoding_rs::UTF_8, false);
    }
    if has_utf8_multibyte(sample) {
        // Real UTF-8 with a bad byte somewhere: decoding will name the line.
        return (encoding_rs::UTF_8, false);
    }
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(sample, complete);
    // Spreadsheets of French and Spanish users export Windows-1252; the
    // hint keeps a Western reading when the sample is too short to tell.
    (detector.guess(Some(b"fr"), true), false)
}

/// True when `bytes` holds at least one valid multi-byte UTF-8 sequence.
fn has_utf8_multibyte(bytes: &[u8]) -> bool {
    bytes.windows(2).enumerate().any(|(i, w)| {
        let lead = w[0];
        let len = match lead {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => return false,
        };
        bytes
            .get(i..i + len)
            .is_some_and(|seq| std::str::from_utf8(seq).is_ok())
    })
}

fn sniff_delimiter(text: &str) -> char {
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(20)
        .collect();
    let mut best = (',', 0usize, false);
    for candidate in [',', ';', '\t', '|'] {
        let counts: Vec<usize> = lines
            .iter()
            .map(|l| count_outside_quotes(l, candidate))
            .collect();
        let first = counts.first().copied().unwrap_or(0);
        let consistent = first > 0 && counts.iter().all(|c| *c == first);
        let better = (consistent && !best.2) || (consistent == best.2 && first > best.1);
        if better {
            best = (candidate, first, consistent);
        }
    }
    best.0
}

fn count_outside_quotes(line: &str, delimiter: char) -> usize {
    let mut inside = false;
    line.chars()
        .filter(|c| {
            if *c == '"' {
                inside = !inside;
            }
            !inside && *c == delimiter
        })
        .count()
}

fn all_digits(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_digit())
}

/// Longest whole number typed as an integer: longer digit strings (card
/// numbers, identifiers) are text, as pandas keeps them.
const MAX_INTEGER_DIGITS: usize = 18;

/// A number as pandas' reader reads it with `mark` as the decimal mark:
/// `12`, `-3.5`, `3504.`, `.5`, `1.18e+03`, `+5`.
fn plain_number(s: &str, mark: char) -> Option<ColumnKind> {
    let t = s.strip_prefix(['-', '+']).unwrap_or(s);
    let (mantissa, exponent) = match t.find(['e', 'E']) {
        Some(i) => (&t[..i], Some(&t[i + 1..])),
        None => (t, None),
    };
    let (int, frac) = match mantissa.split_once(mark) {
        Some((a, b)) => (a, Some(b)),
        None => (mantissa, None),
    };
    let no_digits = int.is_empty() && frac.is_none_or(str::is_empty);
    if no_digits || !all_digits(int) || !frac.is_none_or(all_digits) {
        return None;
    }
    if let Some(e) = exponent {
        let e = e.strip_prefix(['-', '+']).unwrap_or(e);
        if e.is_empty() || !all_digits(e) {
            return None;
        }
    }
    if frac.is_none() && exponent.is_none() {
        return (int.len() <= MAX_INTEGER_DIGITS).then_some(ColumnKind::Integer);
    }
    // 1e500 is not a number to pandas either.
    let finite = s
        .replacen(mark, ".", 1)
        .parse::<f64>()
        .is_ok_and(f64::is_finite);
    finite.then_some(ColumnKind::Decimal)
}

/// Python regular expression (for `str.fullmatch`) of the cells with
/// thousands separators that the inspector counts as numbers in a
/// decimal-point file; the generated code removes their commas before
/// reading them as numbers.
pub const POINT_GROUPED_PATTERN: &str = r"\s*[+-]?[0-9]{1,3}(,[0-9]{3})+(\.[0-9]*)?\s*";
/// The same in a decimal-comma file: the separator is the same all along
/// (`\1`); the code removes [`COMMA_GROUPED_SEPARATORS`] from these cells.
pub const COMMA_GROUPED_PATTERN: &str =
    r"\s*[+-]?[0-9]{1,3}([. \u00a0\u202f])[0-9]{3}(\1[0-9]{3})*(,[0-9]*)?\s*";
/// Python character class of the separators in a decimal-comma file.
pub const COMMA_GROUPED_SEPARATORS: &str = r"[. \u00a0\u202f]";

/// Thousands separators of decimal-point files (`1,250.00`).
const POINT_FILE_GROUPING: [char; 1] = [','];
/// Thousands separators of decimal-comma files (`1.250,00`, `1 250,00`
/// with a space, a no-break space or a narrow no-break space).
const COMMA_FILE_GROUPING: [char; 4] = ['.', ' ', '\u{a0}', '\u{202f}'];

/// A number written with thousands separators: one to three digits, then
/// groups of three after one and the same separator, then an optional
/// decimal part. The generated code's `numbers()` reads exactly these
/// ([`POINT_GROUPED_PATTERN`], [`COMMA_GROUPED_PATTERN`]).
fn grouped_number(s: &str, comma: bool) -> Option<ColumnKind> {
    let (mark, seps): (char, &[char]) = if comma {
        (',', &COMMA_FILE_GROUPING)
    } else {
        ('.', &POINT_FILE_GROUPING)
    };
    let t = s.strip_prefix(['-', '+']).unwrap_or(s);
    let (int, frac) = match t.split_once(mark) {
        Some((a, b)) => (a, Some(b)),
        None => (t, None),
    };
    let sep = int.chars().find(|c| seps.contains(c))?;
    let mut groups = int.split(sep);
    let first = groups.next().unwrap_or("");
    let grouped = (1..=3).contains(&first.len())
        && all_digits(first)
        && groups.all(|g| g.len() == 3 && all_digits(g))
        && frac.is_none_or(all_digits);
    if !grouped {
        return None;
    }
    let digits = int.bytes().filter(u8::is_ascii_digit).count();
    match frac {
        Some(_) => Some(ColumnKind::Decimal),
        None => (digits <= MAX_INTEGER_DIGITS).then_some(ColumnKind::Integer),
    }
}

/// What a (trimmed) cell is as a number, read the way the generated code
/// reads it: pandas' own numbers with the file's decimal mark, numbers with
/// thousands separators, and in a decimal-comma file a point decimal too
/// (`numbers()` turns commas into points, so `3.5` reads as 3.5; `1.250` is
/// 1250 there).
fn number_kind(cell: &str, comma: bool) -> Option<ColumnKind> {
    grouped_number(cell, comma)
        .or_else(|| plain_number(cell, if comma { ',' } else { '.' }))
        .or_else(|| comma.then(|| plain_number(cell, '.')).flatten())
}

/// A decimal written with a comma: `3,5`, `1.250,00`, `1 250,5`, `1,18e+03`
/// (a currency mark beside it too: `12,50 €`).
fn is_comma_decimal(cell: &str) -> bool {
    let cell = without_mark(cell);
    cell.contains(',')
        && (plain_number(&cell, ',').is_some() || grouped_number(&cell, true).is_some())
}

/// A decimal with a point after comma-separated thousands: `1,250.00`
/// (`$1,250.00` too).
fn is_point_grouped_decimal(cell: &str) -> bool {
    let cell = without_mark(cell);
    cell.contains(',') && grouped_number(&cell, false) == Some(ColumnKind::Decimal)
}

/// The cell without the currency mark beside its number, if it has one.
fn without_mark(cell: &str) -> std::borrow::Cow<'_, str> {
    match currency::strip(cell) {
        Some((number, _)) => number.into(),
        None => cell.into(),
    }
}

fn is_date(s: &str) -> bool {
    let date = s.split([' ', 'T']).next().unwrap_or("");
    let parts: Vec<&str> = date.split(['-', '/', '.']).collect();
    if parts.len() != 3
        || !parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    {
        return false;
    }
    let n: Vec<u32> = parts.iter().map(|p| p.parse().unwrap_or(0)).collect();
    let (y, m, d) = if parts[0].len() == 4 {
        (n[0], n[1], n[2])
    } else if parts[2].len() == 4 {
        (n[2], n[1], n[0])
    } else {
        return false;
    };
    (1000..=9999).contains(&y) && (1..=12).contains(&m) && (1..=31).contains(&d)
        || (1000..=9999).contains(&y)
            && (1..=12).contains(&d)
            && (1..=31).contains(&m)
            && parts[2].len() == 4
}

fn is_boolean(s: &str) -> bool {
    matches!(
        s.to_lowercase().as_str(),
        "true"
            | "false"
            | "yes"
            | "no"
            | "oui"
            | "non"
            | "sí"
            | "si"
            | "vrai"
            | "faux"
            | "verdadero"
            | "falso"
    )
}

/// Cells pandas reads as missing by default; the inspector counts them as
/// empty so that its types and pandas' agree.
pub const MISSING_MARKERS: &[&str] = &[
    "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN", "<NA>",
    "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null",
];
/// A column whose non-empty cells are at least this share of numbers (per
/// mille) is typed as numbers; the odd cells are reported as unreadable when
/// it is used.
pub const MOSTLY_NUMERIC_PER_MILLE: u64 = 950;
/// ... provided it has at least this many non-empty cells.
pub const MOSTLY_NUMERIC_MIN_CELLS: u64 = 20;

/// A (trimmed) cell with no value: blank or a missing-value marker.
fn is_empty_cell(cell: &str) -> bool {
    cell.is_empty() || MISSING_MARKERS.contains(&cell)
}

/// Which kinds a column can still be.
#[derive(Debug, Clone, Copy)]
struct Candidates {
    integer: bool,
    decimal: bool,
    date: bool,
    boolean: bool,
    seen: bool,
    cells: u64,
    numeric_cells: u64,
    /// Numbers written with thousands separators.
    grouped_cells: u64,
    /// The currency marks beside numbers (`€12.50`, `12,50 €`).
    marks: currency::Marks,
}

impl Candidates {
    fn new() -> Self {
        Self {
            integer: true,
            decimal: true,
            date: true,
            boolean: true,
            seen: false,
            cells: 0,
            numeric_cells: 0,
            grouped_cells: 0,
            marks: currency::Marks::None,
        }
    }
    fn feed(&mut self, cell: &str, comma: bool) {
        self.seen = true;
        let (kind, grouped) = match number_kind(cell, comma) {
            Some(kind) => (Some(kind), grouped_number(cell, comma).is_some()),
            // A number with a currency mark is a number of that currency.
            None => match currency::strip(cell) {
                Some((number, unit)) => match number_kind(&number, comma) {
                    Some(kind) => {
                        self.marks.feed(unit);
                        (Some(kind), grouped_number(&number, comma).is_some())
                    }
                    None => (None, false),
                },
                None => (None, false),
            },
        };
        let int = kind == Some(ColumnKind::Integer);
        let number = kind.is_some();
        self.cells += 1;
        self.numeric_cells += u64::from(number);
        self.grouped_cells += u64::from(number && grouped);
        self.integer &= int;
        self.decimal &= number;
        // A column already ruled out is not tested again (most cells of a
        // large file are not dates or booleans).
        self.date = self.date && is_date(cell);
        self.boolean = self.boolean && is_boolean(cell);
    }
    fn kind(&self) -> ColumnKind {
        if !self.seen {
            ColumnKind::Empty
        } else if self.boolean {
            ColumnKind::Boolean
        } else if self.marks == currency::Marks::Mixed {
            // Amounts in several currencies are not one measure.
            ColumnKind::Text
        } else if self.integer {
            ColumnKind::Integer
        } else if self.decimal
            || (self.cells >= MOSTLY_NUMERIC_MIN_CELLS
                && self.numeric_cells * 1000 >= self.cells * MOSTLY_NUMERIC_PER_MILLE)
        {
            ColumnKind::Decimal
        } else if self.date {
            ColumnKind::Date
        } else {
            ColumnKind::Text
        }
    }
}

/// Distinct values of one column, up to `MAX_CATEGORY_VALUES`.
#[derive(Debug, Clone, Default)]
struct Categories {
    seen: std::collections::BTreeSet<String>,
    overflow: bool,
}

impl Categories {
    fn feed(&mut self, cell: &str) {
        if self.overflow || self.seen.contains(cell) {
            return;
        }
        if self.seen.len() >= MAX_CATEGORY_VALUES || cell.len() > MAX_CATEGORY_VALUE_BYTES {
            self.overflow = true;
            self.seen.clear();
        } else {
            self.seen.insert(cell.to_owned());
        }
    }
    fn values(&self, kind: ColumnKind) -> Vec<String> {
        if self.overflow || !matches!(kind, ColumnKind::Text | ColumnKind::Boolean) {
            return Vec::new();
        }
        self.seen.iter().cloned().collect()
    }
}

/// Describes the file at `path`, refusing files larger than `max_bytes`,
/// under this process's [`Access`] rules.
pub fn describe(path: &Path, max_bytes: u64) -> Result<InputDescription, InputError> {
    describe_with(path, max_bytes, Access::of_this_process())
}

/// Describes the file at `path` opened under `access`: with the person's
/// rights, and only if the sandboxed job could read it. A workbook's sheet
/// is named after a `#` (`book.xlsx#Sales`); the format is told by the
/// first bytes and the name ([`InputFormat`]).
pub fn describe_with(
    path: &Path,
    max_bytes: u64,
    access: &Access,
) -> Result<InputDescription, InputError> {
    describe_reporting(path, max_bytes, access, None)
}

/// [`describe_with`], telling `progress` (when given) how far the file has
/// been read as it is read.
pub fn describe_reporting(
    path: &Path,
    max_bytes: u64,
    access: &Access,
    progress: Option<&Arc<ReadProgress>>,
) -> Result<InputDescription, InputError> {
    let Some(progress) = progress else {
        return describe_opened(path, max_bytes, access, None);
    };
    progress::scope(Some(Arc::clone(progress)), || {
        let described = describe_opened(path, max_bytes, access, Some(progress));
        progress.finish(described.is_ok());
        described
    })
}

/// [`describe_reporting`] once the progress is this thread's.
fn describe_opened(
    path: &Path,
    max_bytes: u64,
    access: &Access,
    progress: Option<&Arc<ReadProgress>>,
) -> Result<InputDescription, InputError> {
    let (path, sheet) = sheet::split_sheet(path);
    let path = path.as_path();
    let name = file_name(path);
    let _span = tracing::info_span!("describe_input", %name).entered();
    let access::Opened { mut file, meta } = access::open(path, access)?;
    let size_bytes = checked_size(&meta, &name, max_bytes)?;
    if let Some(p) = progress {
        p.start(&name, size_bytes);
    }
    let format = detect_format(&mut file, &name)?;
    if sheet.is_some() && !format.is_spreadsheet() {
        return Err(InputError::NotAWorkbook { name, format });
    }
    let base = table::Base {
        name,
        path: path.to_owned(),
        size_bytes,
        sha256: String::new(),
        format,
        sheet: None,
        notes: Vec::new(),
    };
    match format {
        InputFormat::Csv => describe_csv(file, path, base.name, size_bytes),
        InputFormat::CsvGzip | InputFormat::CsvZip => compressed::describe(file, base),
        InputFormat::Parquet => parquet::describe(file, base),
        InputFormat::JsonRecords | InputFormat::JsonLines => json::describe(file, base),
        InputFormat::Xlsx | InputFormat::Xls | InputFormat::Ods => {
            sheet::describe(file, base, sheet.as_deref())
        }
    }
}

/// The format from the first bytes and the name; the file is left at its
/// start.
fn detect_format(file: &mut std::fs::File, name: &str) -> Result<InputFormat, InputError> {
    let unreadable = |e: std::io::Error| InputError::Unreadable {
        name: name.to_owned(),
        reason: e.to_string(),
    };
    let mut sample = Vec::with_capacity(SNIFF_BYTES);
    (&mut *file)
        .take(SNIFF_BYTES as u64)
        .read_to_end(&mut sample)
        .map_err(unreadable)?;
    file.rewind().map_err(unreadable)?;
    format::detect(&sample, name).map_err(|kind| InputError::NotATable {
        name: name.to_owned(),
        kind,
    })
}

/// Describes a CSV or text table: one streaming pass.
fn describe_csv(
    mut file: std::fs::File,
    path: &Path,
    name: String,
    size_bytes: u64,
) -> Result<InputDescription, InputError> {
    let sniffed = sniff(&mut file, &name, size_bytes)?;
    let unreadable = |e: &dyn std::fmt::Display| InputError::Unreadable {
        name: name.clone(),
        reason: e.to_string(),
    };
    file.rewind().map_err(|e| unreadable(&e))?;
    // Hashed on its own thread while the rows are read.
    let hashing = hash::spawn(&file).map_err(|e| unreadable(&e))?;
    let scanned = scan(&file, &name, &sniffed)?;
    let sha256 = hashing.finish().map_err(|e| unreadable(&e))?;
    csv_description(path, name, size_bytes, &sniffed, scanned, sha256)
}

/// A CSV's description from what its sniff and its scan found, and the
/// file's hash.
fn csv_description(
    path: &Path,
    name: String,
    size_bytes: u64,
    sniffed: &Sniffed,
    scanned: Scanned,
    sha256: String,
) -> Result<InputDescription, InputError> {
    let Scanned {
        first,
        rows,
        candidates,
        empties,
        categories,
        data_rows,
        ..
    } = scanned;
    let first = first.unwrap_or_default();
    let decimal_comma = sniffed.decimal_comma;
    let has_header = is_header(&first, &candidates, decimal_comma);
    if has_header && data_rows == 0 {
        return Err(InputError::Empty(name));
    }
    let mut row_count = data_rows;
    let mut preview = rows;
    let mut notes = Vec::new();
    let (names, candidates, categories) = if has_header {
        let names = pandas_header(&first);
        notes = header_notes(&first, &names);
        (names, candidates, categories)
    } else {
        // The first row is data too.
        row_count += 1;
        preview.insert(0, first.clone());
        preview.truncate(PREVIEW_ROWS);
        let mut candidates = candidates;
        let mut categories = categories;
        for (i, cell) in first.iter().enumerate() {
            let cell = cell.trim();
            if !is_empty_cell(cell) {
                candidates[i].feed(cell, decimal_comma);
                categories[i].feed(cell);
            }
        }
        let names = (1..=first.len()).map(|i| format!("column_{i}")).collect();
        (names, candidates, categories)
    };
    let columns: Vec<Column> = names
        .into_iter()
        .enumerate()
        .map(|(i, name)| Column {
            currency: Column::currency_of(&name, candidates[i].kind(), candidates[i].marks),
            kind: candidates[i].kind(),
            empty_cells: empties[i] + u64::from(!has_header && is_empty_cell(first[i].trim())),
            values: categories[i].values(candidates[i].kind()),
            name,
        })
        .collect();
    if columns.iter().all(|c| c.kind == ColumnKind::Empty) {
        // Rows of delimiters only: nothing to read.
        return Err(InputError::Empty(name));
    }
    notes.extend(number_notes(&columns, &candidates, decimal_comma));
    Ok(InputDescription {
        name,
        path: path.to_owned(),
        size_bytes,
        sha256,
        encoding: sniffed.encoding.name().into(),
        bom: sniffed.bom,
        delimiter: sniffed.delimiter,
        decimal_comma,
        has_header,
        columns,
        row_count,
        preview,
        notes,
        format: InputFormat::Csv,
        sheet: None,
    })
}

/// The names pandas' reader (its C parser) gives a header row: an empty
/// name is `Unnamed: N` (N the position from 0); a repeated name gets
/// `.1`, `.2`… skipping names the header already holds, named columns
/// first; nothing is trimmed.
fn pandas_header(raw: &[String]) -> Vec<String> {
    use std::collections::HashMap;
    let mut names: Vec<String> = raw
        .iter()
        .enumerate()
        .map(|(i, h)| {
            if h.is_empty() {
                format!("Unnamed: {i}")
            } else {
                h.clone()
            }
        })
        .collect();
    // How many columns hold each name now (pandas' `col in this_header`).
    let mut holding: HashMap<String, usize> = HashMap::new();
    for n in &names {
        *holding.entry(n.clone()).or_default() += 1;
    }
    let named = (0..raw.len()).filter(|&i| !raw[i].is_empty());
    let unnamed = (0..raw.len()).filter(|&i| raw[i].is_empty());
    let mut counts: HashMap<String, usize> = HashMap::new();
    for i in named.chain(unnamed) {
        let old = names[i].clone();
        let mut col = old.clone();
        let mut cur = counts.get(&col).copied().unwrap_or(0);
        if cur > 0 {
            while cur > 0 {
                counts.insert(old.clone(), cur + 1);
                col = format!("{old}.{cur}");
                if holding.get(&col).is_some_and(|n| *n > 0) {
                    cur += 1;
                } else {
                    cur = counts.get(&col).copied().unwrap_or(0);
                }
            }
            if let Some(n) = holding.get_mut(&old) {
                *n -= 1;
            }
            *holding.entry(col.clone()).or_default() += 1;
            names[i] = col.clone();
        }
        counts.insert(col, cur + 1);
    }
    names
}

/// Positions listed in one note, at most.
const NOTE_LIST: usize = 5;

/// `a`, `a and b`, `a, b and c`, `a, b, c, d, e and 3 more`.
fn listed(items: &[String]) -> String {
    let shown = &items[..items.len().min(NOTE_LIST)];
    let more = items.len() - shown.len();
    match (shown, more) {
        ([one], 0) => one.clone(),
        ([init @ .., last], 0) => format!("{} and {last}", init.join(", ")),
        (_, more) => format!("{} and {more} more", shown.join(", ")),
    }
}

/// What a person should know of the header: columns without a name,
/// repeated names, names with spaces around them.
fn header_notes(raw: &[String], names: &[String]) -> Vec<String> {
    let quoted = |s: &str| format!("\"{s}\"");
    let mut notes = Vec::new();
    let unnamed: Vec<usize> = (0..raw.len()).filter(|&i| raw[i].is_empty()).collect();
    match unnamed.as_slice() {
        [] => {}
        [i] => notes.push(format!(
            "column {} has no name: it is called {}, as pandas calls it",
            i + 1,
            quoted(&names[*i])
        )),
        many => notes.push(format!(
            "columns {} have no name: they are called {}, as pandas calls them",
            listed(&many.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>()),
            listed(&many.iter().map(|&i| quoted(&names[i])).collect::<Vec<_>>())
        )),
    }
    // Linear in the width: a wide header is checked with a set.
    let mut seen = std::collections::HashSet::new();
    let mut repeated: Vec<&String> = Vec::new();
    for r in raw {
        if !r.is_empty() && !seen.insert(r) && !repeated.contains(&r) {
            repeated.push(r);
            if repeated.len() > NOTE_LIST {
                break;
            }
        }
    }
    for r in repeated.iter().take(NOTE_LIST) {
        let at: Vec<usize> = (0..raw.len()).filter(|&i| raw[i] == **r).collect();
        notes.push(format!(
            "columns {} are {} named {}: they are called {}, as pandas calls them",
            listed(&at.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>()),
            if at.len() == 2 { "both" } else { "all" },
            quoted(r),
            listed(&at.iter().map(|&i| quoted(&names[i])).collect::<Vec<_>>())
        ));
    }
    let spaced: Vec<String> = raw
        .iter()
        .filter(|r| !r.is_empty() && r.trim() != r.as_str())
        .map(|r| quoted(r))
        .collect();
    match spaced.as_slice() {
        [] => {}
        [one] => notes.push(format!(
            "the column name {one} has spaces around it: they are part of the name, as pandas reads it"
        )),
        many => notes.push(format!(
            "the column names {} have spaces around them: they are part of the names, as pandas reads them",
            listed(many)
        )),
    }
    notes
}

/// Number columns whose cells use thousands separators.
fn number_notes(columns: &[Column], candidates: &[Candidates], comma: bool) -> Vec<String> {
    let grouped: Vec<String> = columns
        .iter()
        .zip(candidates)
        .filter(|(c, k)| {
            matches!(c.kind, ColumnKind::Integer | ColumnKind::Decimal) && k.grouped_cells > 0
        })
        .map(|(c, _)| format!("\"{}\"", c.name))
        .collect();
    if grouped.is_empty() {
        return Vec::new();
    }
    let example = if comma {
        "1 250,50 or 1.250,50"
    } else {
        "1,250.50"
    };
    vec![format!(
        "{} {} numbers with thousands separators ({example}): they are read as numbers",
        listed(&grouped),
        if grouped.len() == 1 {
            "writes"
        } else {
            "write"
        }
    )]
}

/// `no file`, `2 files ("a.csv" and "b.csv")`.
fn zip_entries(entries: &[String]) -> String {
    let quoted: Vec<String> = entries.iter().map(|e| format!("\"{e}\"")).collect();
    match entries.len() {
        0 => "no file".into(),
        n => format!("{n} files ({})", listed(&quoted)),
    }
}

/// `1 field`, `3 fields`.
fn fields(count: usize) -> String {
    format!("{count} field{}", if count == 1 { "" } else { "s" })
}

/// A quote opened on `line` and never closed.
fn unclosed_quote(name: &str, line: u64) -> InputError {
    InputError::Syntax {
        name: name.to_owned(),
        line,
        reason: "a quote opened here is never closed".into(),
    }
}

/// The size of a regular, non-empty file within `max_bytes`, from the
/// metadata of the open file.
fn checked_size(meta: &std::fs::Metadata, name: &str, max_bytes: u64) -> Result<u64, InputError> {
    if meta.len() == 0 {
        return Err(InputError::Empty(name.to_owned()));
    }
    if meta.len() > max_bytes {
        return Err(InputError::TooLarge {
            name: name.to_owned(),
            size: meta.len(),
            max: max_bytes,
        });
    }
    Ok(meta.len())
}

/// Whether a process running as `uid`:`gid` with no other group and no
/// capability may read a file of `mode` owned by `owner`:`group` (the
/// classic permission bits; access control lists are not consulted).
fn may_read(mode: u32, owner: u32, group: u32, uid: u32, gid: u32) -> bool {
    if uid == owner {
        mode & 0o400 != 0
    } else if gid == group {
        mode & 0o040 != 0
    } else {
        mode & 0o004 != 0
    }
}

/// `rw-r-----`, as `ls -l` shows permissions.
fn permission_text(mode: u32) -> String {
    (0..9)
        .map(|i| {
            if mode & (0o400 >> i) == 0 {
                '-'
            } else {
                ['r', 'w', 'x'][i % 3]
            }
        })
        .collect()
}

fn sandbox_cannot_read(
    name: &str,
    mode: u32,
    target: Option<String>,
    fix: AccessFix,
) -> InputError {
    InputError::SandboxCannotRead {
        name: name.to_owned(),
        permissions: permission_text(mode),
        target,
        fix,
    }
}

/// Who permissions as `ls -l` shows them (`rw-r-----`) let read a file, in
/// words.
fn readers(permissions: &str) -> &'static str {
    let may = |at: usize| permissions.as_bytes().get(at) == Some(&b'r');
    match (may(0), may(3), may(6)) {
        (false, false, false) => "no one",
        (true, false, false) => "only its owner",
        (false, true, false) => "only its group",
        (true, true, false) => "only its owner and its group",
        _ => "others but not the sandbox's user",
    }
}

/// Refuses a file that the sandboxed job, running on the host as `uid`:`gid`
/// with no other group and no capability, could not open: inputs are bind
/// mounts, which keep the file's owner and permissions. ([`describe`]
/// applies the same rule to the file it opens, for the job's ids in every
/// mode this process could use.)
pub fn check_readable_by(path: &Path, uid: u32, gid: u32) -> Result<(), InputError> {
    let access = Access {
        open_as: None,
        person_uid: uid,
        job_ids: vec![(uid, gid)],
    };
    access::open(path, &access).map(|_| ())
}

/// What the first [`SNIFF_BYTES`] of a file tell.
struct Sniffed {
    encoding: &'static encoding_rs::Encoding,
    bom: bool,
    delimiter: char,
    decimal_comma: bool,
}

/// Encoding, byte-order mark, delimiter and decimal comma from the start of
/// the file; a binary file is refused here.
fn sniff(file: &mut impl Read, name: &str, size_bytes: u64) -> Result<Sniffed, InputError> {
    let unreadable = |e: std::io::Error| InputError::Unreadable {
        name: name.to_owned(),
        reason: e.to_string(),
    };
    let mut sample = vec![0u8; SNIFF_BYTES];
    let mut filled = 0;
    while filled < sample.len() {
        let n = file.read(&mut sample[filled..]).map_err(unreadable)?;
        if n == 0 {
            break;
        }
        filled += n;
    }
    sample.truncate(filled);
    let complete = (filled as u64) == size_bytes;
    if let Some(kind) = ForeignKind::of(&sample) {
        return Err(InputError::NotATable {
            name: name.to_owned(),
            kind,
        });
    }
    let (encoding, bom) = sniff_encoding(&sample, complete);
    let utf16 = encoding == encoding_rs::UTF_16LE || encoding == encoding_rs::UTF_16BE;
    if !utf16 && sample.contains(&0) {
        return Err(InputError::Binary(name.to_owned()));
    }
    let (sample_text, _, _) = encoding.decode(&sample);
    let controls = sample_text
        .chars()
        .filter(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t' | '\x0c'))
        .count();
    if controls * 20 > sample_text.chars().count().max(1) {
        return Err(InputError::Binary(name.to_owned()));
    }
    let delimiter = sniff_delimiter(sample_text.trim_start_matches('\u{feff}'));
    let cells = || {
        sample_text
            .lines()
            .skip(1)
            .take(50)
            .flat_map(|l| l.split(delimiter))
            .map(|cell| cell.trim().trim_matches('"').trim())
    };
    // `3,5` or `1.250,00` somewhere, and no `1,250.00`.
    let decimal_comma =
        delimiter != ',' && cells().any(is_comma_decimal) && !cells().any(is_point_grouped_decimal);
    Ok(Sniffed {
        encoding,
        bom,
        delimiter,
        decimal_comma,
    })
}

/// One pass over every row: the first row, the preview, what each column's
/// sampled cells could be, and the data rows.
#[derive(Default)]
struct Scanned {
    first: Option<Vec<String>>,
    rows: Vec<Vec<String>>,
    candidates: Vec<Candidates>,
    empties: Vec<u64>,
    categories: Vec<Categories>,
    data_rows: u64,
    /// The line of the last record that spans lines.
    last_multiline: Option<u64>,
}

impl Scanned {
    /// Takes the first record: the header or the first row.
    fn take_first(&mut self, record: &csv::ByteRecord) {
        let width = record.len();
        self.candidates = vec![Candidates::new(); width];
        self.empties = vec![0; width];
        self.categories = vec![Categories::default(); width];
        self.first = Some(record.iter().map(cell_text).collect());
    }

    /// Takes a data row: typed while in the sample, kept while in the preview.
    fn take_row(&mut self, record: &csv::ByteRecord, decimal_comma: bool) {
        self.data_rows += 1;
        if self.data_rows <= TYPE_SAMPLE_ROWS {
            for (i, cell) in record.iter().enumerate() {
                let cell = std::str::from_utf8(cell).unwrap_or("").trim();
                if is_empty_cell(cell) {
                    self.empties[i] += 1;
                } else {
                    self.candidates[i].feed(cell, decimal_comma);
                    self.categories[i].feed(cell);
                }
            }
        }
        if self.rows.len() < PREVIEW_ROWS {
            self.rows.push(record.iter().map(cell_text).collect());
        }
    }
}

fn cell_text(cell: &[u8]) -> String {
    String::from_utf8_lossy(cell).into_owned()
}

/// What a run of [`read_records`] knows besides the rows.
struct ReadCtx<'a> {
    name: &'a str,
    sniffed: &'a Sniffed,
    /// Lines before the reader's first line (0 from the file's start).
    line_base: u64,
    /// Pause once the type sample is full (the rest is counted fast).
    pause_after_sample: bool,
}

impl ReadCtx<'_> {
    /// The error for a failed read, the transcoder's problem first.
    fn read_error<R>(&self, e: &csv::Error, t: &transcode::Transcoder<R>) -> InputError {
        let line = e.position().map_or(0, |p| p.line()) + self.line_base;
        match t.problem {
            Some(problem) => self.stream_problem(problem, self.line_base),
            None => InputError::Syntax {
                name: self.name.to_owned(),
                line,
                reason: e.to_string(),
            },
        }
    }

    /// A [`transcode::Problem`] as an error, its line counted after `base`.
    fn stream_problem(&self, problem: transcode::Problem, base: u64) -> InputError {
        use transcode::Problem;
        let name = self.name.to_owned();
        match problem {
            Problem::Nul(line) => InputError::NulByte {
                name,
                line: base + line,
            },
            Problem::Undecodable(line) => InputError::Undecodable {
                name,
                line: base + line,
                encoding: self.sniffed.encoding.name().into(),
            },
            Problem::LongLine(line) => InputError::LineTooLong {
                name,
                line: base + line,
                max: MAX_LINE_BYTES,
            },
            Problem::OpenQuote(line) => InputError::Syntax {
                name,
                line: base + line,
                reason: format!(
                    "a quote opened here is not closed within {}",
                    human_bytes(MAX_LINE_BYTES as u64)
                ),
            },
        }
    }
}

/// A cell over [`MAX_CELL_BYTES`] in `record`, by its 1-based column.
fn large_cell(record: &csv::ByteRecord) -> Option<usize> {
    if record.as_slice().len() <= MAX_CELL_BYTES {
        return None;
    }
    record
        .iter()
        .position(|f| f.len() > MAX_CELL_BYTES)
        .map(|i| i + 1)
}

/// Reads records into `into` until the end (`Ok(false)`) or, when asked,
/// until the type sample is full (`Ok(true)`); ragged rows, undecodable
/// bytes, an unclosed quote and the size limits are refused with their line.
fn read_records<R: Read>(
    reader: &mut csv::Reader<transcode::Transcoder<R>>,
    ctx: &ReadCtx<'_>,
    into: &mut Scanned,
) -> Result<bool, InputError> {
    let name = ctx.name;
    let mut record = csv::ByteRecord::new();
    loop {
        if ctx.pause_after_sample && into.data_rows >= TYPE_SAMPLE_ROWS {
            return Ok(true);
        }
        match reader.read_byte_record(&mut record) {
            Ok(true) => {}
            Ok(false) => return Ok(false),
            Err(e) => return Err(ctx.read_error(&e, reader.get_ref())),
        }
        if record.len() == 1 && record[0].trim_ascii().is_empty() {
            // A blank line, as pandas skips it; a line of delimiters only
            // is a row of empty cells to pandas, and here too.
            continue;
        }
        let line = record.position().map_or(0, |p| p.line()) + ctx.line_base;
        let multiline = record.iter().any(|f| f.contains(&b'\n'));
        if multiline {
            into.last_multiline = Some(line);
        }
        if let Some(column) = large_cell(&record) {
            return Err(InputError::CellTooLong {
                name: name.to_owned(),
                line,
                column,
                max: MAX_CELL_BYTES,
            });
        }
        let Some(width) = into.first.as_ref().map(Vec::len) else {
            if record.len() > MAX_COLUMNS {
                return Err(InputError::TooManyColumns {
                    name: name.to_owned(),
                    line,
                    columns: record.len(),
                    max: MAX_COLUMNS,
                });
            }
            into.take_first(&record);
            continue;
        };
        if width != record.len() {
            let found = record.len();
            // A quote left open swallows the rest of the file into one
            // last record: say where it opened, not its field count.
            if multiline && matches!(reader.read_byte_record(&mut record), Ok(false)) {
                return Err(unclosed_quote(name, line));
            }
            return Err(InputError::Ragged {
                name: name.to_owned(),
                line,
                expected: width,
                found,
            });
        }
        into.take_row(&record, ctx.sniffed.decimal_comma);
    }
}

fn csv_reader<R: Read>(inner: R, delimiter: char) -> csv::Reader<R> {
    csv::ReaderBuilder::new()
        .delimiter(delimiter as u8)
        .has_headers(false)
        .flexible(true)
        .from_reader(inner)
}

/// Reads every row once: the first [`TYPE_SAMPLE_ROWS`] with the CSV
/// reader (typed, previewed), the rest of a UTF-8 file counted fast
/// (`count`), the rest of another encoding with the CSV reader again.
fn scan(file: &std::fs::File, name: &str, sniffed: &Sniffed) -> Result<Scanned, InputError> {
    if sniffed.encoding != encoding_rs::UTF_8 {
        return scan_reader(file, name, sniffed);
    }
    let mut reader = csv_reader(transcoder(file, sniffed.encoding), sniffed.delimiter);
    let ctx = ReadCtx {
        name,
        sniffed,
        line_base: 0,
        pause_after_sample: true,
    };
    let mut scanned = Scanned::default();
    let paused = read_records(&mut reader, &ctx, &mut scanned)?;
    let Some(width) = scanned.first.as_ref().map(Vec::len) else {
        return Err(InputError::Empty(name.to_owned()));
    };
    let (quotes, last_line) = if paused {
        count_the_rest(file, &reader, &ctx, width, &mut scanned)?
    } else {
        let t = reader.get_ref();
        (t.quotes, t.lines)
    };
    check_quotes(name, quotes, scanned.last_multiline.unwrap_or(last_line))?;
    Ok(scanned)
}

/// Reads every row of any reader (a file in another encoding, a stream
/// that cannot be read at an offset) with the CSV reader.
fn scan_reader(inner: impl Read, name: &str, sniffed: &Sniffed) -> Result<Scanned, InputError> {
    let mut reader = csv_reader(transcoder(inner, sniffed.encoding), sniffed.delimiter);
    let ctx = ReadCtx {
        name,
        sniffed,
        line_base: 0,
        pause_after_sample: false,
    };
    let mut scanned = Scanned::default();
    read_records(&mut reader, &ctx, &mut scanned)?;
    if scanned.first.is_none() {
        return Err(InputError::Empty(name.to_owned()));
    }
    let t = reader.get_ref();
    check_quotes(name, t.quotes, scanned.last_multiline.unwrap_or(t.lines))?;
    Ok(scanned)
}

/// An odd number of quote characters: one is never closed (said at `line`).
fn check_quotes(name: &str, quotes: u64, line: u64) -> Result<(), InputError> {
    if quotes % 2 == 1 {
        return Err(unclosed_quote(name, line));
    }
    Ok(())
}

/// Counts the rows after the sample of a UTF-8 file: fast, else from the
/// first uncertain line with the CSV reader. Returns the quote characters
/// of the whole file, up to parity, and its last line.
fn count_the_rest(
    file: &std::fs::File,
    reader: &csv::Reader<transcode::Transcoder<&std::fs::File>>,
    ctx: &ReadCtx<'_>,
    width: usize,
    scanned: &mut Scanned,
) -> Result<(u64, u64), InputError> {
    let name = ctx.name;
    let unreadable = |e: std::io::Error| InputError::Unreadable {
        name: name.to_owned(),
        reason: e.to_string(),
    };
    let bom = if ctx.sniffed.bom {
        transcode::UTF8_BOM.len() as u64
    } else {
        0
    };
    let next = reader.position();
    let t = reader.get_ref();
    // The reader holds read-ahead bytes: their quotes are counted again.
    let ahead = quotes_between(file, bom + next.byte(), bom + t.made).map_err(unreadable)?;
    let quotes = t.quotes.saturating_sub(ahead);
    let start = count::Start {
        offset: bom + next.byte(),
        line: next.line(),
        delimiter: ctx.sniffed.delimiter as u8,
        width,
    };
    let counted = count::count_rows(file, start).map_err(|e| count_error(ctx, width, e))?;
    match counted {
        count::Counted::Done { rows } => {
            scanned.data_rows += rows;
            // Every line counted fast holds its quotes in pairs.
            Ok((quotes, t.lines))
        }
        count::Counted::Uncertain { rows, offset, line } => {
            scanned.data_rows += rows;
            let mut at = file;
            at.seek(std::io::SeekFrom::Start(offset))
                .map_err(unreadable)?;
            let t = transcode::transcoder_from(at, encoding_rs::UTF_8, false);
            let mut rest = csv_reader(t, ctx.sniffed.delimiter);
            let ctx = ReadCtx {
                line_base: line - 1,
                pause_after_sample: false,
                ..*ctx
            };
            read_records(&mut rest, &ctx, scanned)?;
            let t = rest.get_ref();
            Ok((quotes + t.quotes, ctx.line_base + t.lines))
        }
    }
}

/// Quote characters in `file[from..to]`.
fn quotes_between(file: &std::fs::File, from: u64, to: u64) -> std::io::Result<u64> {
    use std::os::unix::fs::FileExt;
    let mut buf = vec![0u8; usize::try_from(to.saturating_sub(from)).unwrap_or(0)];
    file.read_exact_at(&mut buf, from)?;
    Ok(memchr::memchr_iter(b'"', &buf).count() as u64)
}

fn count_error(ctx: &ReadCtx<'_>, width: usize, e: count::CountError) -> InputError {
    let name = ctx.name.to_owned();
    match e {
        count::CountError::Io(e) => InputError::Unreadable {
            name,
            reason: e.to_string(),
        },
        count::CountError::Stream(problem) => ctx.stream_problem(problem, 0),
        count::CountError::Ragged { line, found } => InputError::Ragged {
            name,
            line,
            expected: width,
            found,
        },
        count::CountError::CellTooLong { line, column } => InputError::CellTooLong {
            name,
            line,
            column,
            max: MAX_CELL_BYTES,
        },
    }
}

/// A header is a first row that does not fit the types of the rows below
/// it, or a row of distinct texts.
fn is_header(first: &[String], candidates: &[Candidates], decimal_comma: bool) -> bool {
    let mut first_types = vec![Candidates::new(); first.len()];
    for (i, cell) in first.iter().enumerate() {
        if !cell.trim().is_empty() {
            first_types[i].feed(cell.trim(), decimal_comma);
        }
    }
    let differs = first_types.iter().zip(candidates).any(|(f, c)| {
        let (fk, ck) = (f.kind(), c.kind());
        ck != ColumnKind::Text
            && ck != ColumnKind::Empty
            && fk != ck
            && !(fk == ColumnKind::Integer && ck == ColumnKind::Decimal)
    });
    let all_text_unique = {
        let mut names: Vec<&String> = first.iter().collect();
        names.sort();
        names.dedup();
        names.len() == first.len() && first_types.iter().all(|t| t.kind() == ColumnKind::Text)
    };
    differs || all_text_unique
}

#[cfg(test)]
mod tests {
    use super::*;

    fn describe_bytes(name: &str, bytes: &[u8]) -> Result<InputDescription, InputError> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        describe(&path, DEFAULT_MAX_INPUT_BYTES)
    }

    #[test]
    fn missing_markers_are_empty_and_a_stray_word_keeps_a_column_numeric() {
        let mut csv = String::from("id,score,label\n");
        for i in 0..30 {
            let score = match i {
                3 => "NA".to_owned(),
                4 => "n/a".to_owned(),
                5 => "unknown".to_owned(),
                _ => format!("{i}.5"),
            };
            csv.push_str(&format!(
                "{i},{score},{}\n",
                if i == 7 { "NULL" } else { "x" }
            ));
        }
        let d = describe_bytes("survey.csv", csv.as_bytes()).unwrap();
        let score = &d.columns[1];
        assert_eq!((score.kind, score.empty_cells), (ColumnKind::Decimal, 2));
        assert_eq!(d.columns[2].empty_cells, 1);
        assert_eq!(d.columns[2].values, ["x"]);
        // Too few cells to call a column "mostly numbers".
        let d = describe_bytes("few.csv", b"id,val\n1,10\n2,abc\n3,4.5\n").unwrap();
        assert_eq!(d.columns[1].kind, ColumnKind::Text);
    }

    #[test]
    fn comma_file_with_header() {
        let d = describe_bytes(
            "s.csv",
            b"date,region,amount\n2026-01-05,North,12.5\n2026-01-06,South,3\n",
        )
        .unwrap();
        assert_eq!((d.delimiter, d.has_header, d.row_count), (',', true, 2));
        let kinds: Vec<ColumnKind> = d.columns.iter().map(|c| c.kind).collect();
        assert_eq!(
            kinds,
            [ColumnKind::Date, ColumnKind::Text, ColumnKind::Decimal]
        );
    }

    #[test]
    fn french_excel_export() {
        let bytes = b"\xe9tiquette;montant\ncaf\xe9;3,50\nth\xe9;2,00\n";
        let d = describe_bytes("ventes.csv", bytes).unwrap();
        assert_eq!(
            (d.delimiter, d.decimal_comma, d.encoding.as_str()),
            (';', true, "windows-1252")
        );
        assert_eq!(d.columns[0].name, "étiquette");
        assert_eq!(d.columns[1].kind, ColumnKind::Decimal);
    }

    #[test]
    fn ragged_row_names_its_line() {
        let err = describe_bytes("r.csv", b"a,b\n1,2\n3\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "r.csv: line 3 has 1 field where the first line has 2 fields"
        );
    }

    #[test]
    fn an_unclosed_quote_names_the_line_it_opened_on() {
        // Three columns: the open quote swallows the rest into a record of
        // two fields, which is not a ragged row but a quote left open.
        let err = describe_bytes("q.csv", b"a,b,c\n1,2,3\n4,\"five\n6,7,8\n9,10,11\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "q.csv: line 3 cannot be read as CSV (a quote opened here is never closed)"
        );
    }

    #[test]
    fn files_that_are_not_tables_are_named_for_what_they_are() {
        let cases: [(&str, &[u8], &str); 4] = [
            (
                "book.csv",
                b"PK\x03\x04\x14\0[Content_Types].xml xl/workbook.xml",
                "this looks like an Excel workbook (.xlsx) but is damaged",
            ),
            (
                "s.csv.gz",
                b"\x1f\x8b\x08\0\0\0",
                "this looks like a gzip-compressed CSV (.csv.gz) but is damaged",
            ),
            (
                "page.csv",
                b"<!DOCTYPE html><html><body>\x01\x02</body></html>",
                "this is a web page (HTML) saved under a table's name",
            ),
            (
                "page.html",
                b"<!DOCTYPE html><html><body>\x01\x02</body></html>",
                "this is a web page (HTML), not a CSV",
            ),
        ];
        for (name, bytes, said) in cases {
            let message = describe_bytes(name, bytes).unwrap_err().to_string();
            assert!(message.starts_with(&format!("{name}: {said}")), "{message}");
        }
        // JSON lines are a table now, read as one.
        let json =
            b"{\"region\": \"South\", \"amount\": 3}\n{\"region\": \"North\", \"amount\": 4}\n";
        let d = describe_bytes("r.csv", json).expect("json lines");
        assert_eq!((d.format, d.row_count), (InputFormat::JsonLines, 2));
    }

    #[test]
    fn a_file_too_large_says_its_size_in_units() {
        let err = InputError::TooLarge {
            name: "big.csv".into(),
            size: 5_368_709_120,
            max: DEFAULT_MAX_INPUT_BYTES,
        };
        assert_eq!(
            err.to_string(),
            "big.csv: the file is 5 GB, more than the 4 GB allowed"
        );
    }

    #[test]
    fn binary_and_empty_files_are_named() {
        assert_eq!(
            describe_bytes("x.bin", b"\x01\x02\0\0\0\x03").unwrap_err(),
            InputError::Binary("x.bin".into())
        );
        assert_eq!(
            describe_bytes("e.csv", b"").unwrap_err(),
            InputError::Empty("e.csv".into())
        );
        assert_eq!(
            describe_bytes("h.csv", b"a,b\n").unwrap_err(),
            InputError::Empty("h.csv".into())
        );
    }

    /// Data rows as the CSV reader reads the whole file: blank records
    /// left out, the header too.
    fn rows_read_whole(bytes: &[u8]) -> u64 {
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes));
        let records = reader
            .byte_records()
            .map(|r| r.expect("record"))
            .filter(|r| !(r.len() == 1 && r[0].trim_ascii().is_empty()))
            .count() as u64;
        records - 1
    }

    #[test]
    fn rows_after_the_type_sample_are_counted_as_the_csv_reader_reads_them() {
        let sample = TYPE_SAMPLE_ROWS as usize;
        // (label, line ending, byte-order mark, a row written every 1000 rows)
        let cases: [(&str, &str, bool, &str); 6] = [
            ("plain", "\n", false, "1,x,2.5"),
            ("crlf and bom", "\r\n", true, "1,x,2.5"),
            ("blank lines", "\n", false, "\n   "),
            ("plain quotes", "\n", false, "1,\"a, \"\"b\"\"\",2.5"),
            ("a cell over lines", "\r\n", false, "1,\"two\nlines\",2.5"),
            ("quotes inside a cell", "\n", false, "1,5\"2 or 6\"1,2.5"),
        ];
        for (label, eol, bom, odd) in cases {
            let mut text = String::from(if bom { "\u{feff}" } else { "" });
            text.push_str(&format!("id,label,value{eol}"));
            for i in 0..sample + 5_000 {
                let row = if i % 1000 == 999 {
                    odd.to_owned()
                } else {
                    format!("{i},r{},{}.5", i % 7, i % 13)
                };
                text.push_str(&row);
                text.push_str(eol);
            }
            let d = describe_bytes("n.csv", text.as_bytes()).expect(label);
            assert_eq!(d.row_count, rows_read_whole(text.as_bytes()), "{label}");
        }
    }

    #[test]
    fn invalid_utf8_after_the_sample_names_its_line() {
        let mut bytes = b"name,v\n".to_vec();
        for i in 0..20_000 {
            bytes.extend_from_slice(format!("row{i},1\n").as_bytes());
        }
        bytes.extend_from_slice(b"bad\xff\xfe,2\n");
        let err = describe_bytes("u.csv", &bytes).unwrap_err();
        assert_eq!(
            err,
            InputError::Undecodable {
                name: "u.csv".into(),
                line: 20_002,
                encoding: "UTF-8".into()
            }
        );
    }

    #[test]
    fn cells_are_numbers_exactly_when_the_code_reads_them_as_numbers() {
        use ColumnKind::{Decimal, Integer};
        // (cell, decimal comma, what the inspector and the code read)
        let cases: &[(&str, bool, Option<ColumnKind>)] = &[
            ("12", false, Some(Integer)),
            ("+5", false, Some(Integer)),
            ("-0012", false, Some(Integer)),
            ("123456789012345678", false, Some(Integer)),
            ("1234567890123456789", false, None), // identifiers stay text
            ("3.5", false, Some(Decimal)),
            ("3504.", false, Some(Decimal)),
            (".5", false, Some(Decimal)),
            ("-.5e-3", false, Some(Decimal)),
            ("1.18e+03", false, Some(Decimal)),
            ("1E5", false, Some(Decimal)),
            ("5.e3", false, Some(Decimal)),
            ("1e500", false, None),
            ("1e", false, None),
            (".", false, None),
            ("+", false, None),
            ("1..2", false, None),
            ("1,250.00", false, Some(Decimal)),
            ("1,250.", false, Some(Decimal)),
            ("-3,000", false, Some(Integer)),
            ("12,345,678", false, Some(Integer)),
            ("1,25", false, None),
            ("1,2345", false, None),
            ("1250,000.5", false, None),
            ("1 250.00", false, None),
            ("3,5", false, None),
            ("$1,250", false, None),
            ("3,5", true, Some(Decimal)),
            ("3504,", true, Some(Decimal)),
            ("1,18e+03", true, Some(Decimal)),
            ("1.250,00", true, Some(Decimal)),
            ("1 250,00", true, Some(Decimal)),
            ("1\u{a0}250,5", true, Some(Decimal)),
            ("1\u{202f}250\u{202f}000", true, Some(Integer)),
            ("1.250", true, Some(Integer)),
            ("12.345.678", true, Some(Integer)),
            ("3.5", true, Some(Decimal)),
            ("1.18e+03", true, Some(Decimal)),
            ("1.250 000", true, None),
            ("1.25.0", true, None),
            ("31.01.2026", true, None),
            ("1,250.00", true, None),
        ];
        let wrong: Vec<String> = cases
            .iter()
            .filter(|(cell, comma, want)| number_kind(cell, *comma) != *want)
            .map(|(cell, comma, want)| {
                format!(
                    "{cell:?} (comma {comma}): {:?}, want {want:?}",
                    number_kind(cell, *comma)
                )
            })
            .collect();
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    #[test]
    fn header_names_are_the_ones_pandas_gives() {
        // (header line, names pandas 2.2 gives; checked with read_csv)
        let cases: &[(&str, &[&str])] = &[
            (" region ,amount", &[" region ", "amount"]),
            ("a,a", &["a", "a.1"]),
            ("a,a,a.1,a", &["a", "a.2", "a.1", "a.3"]),
            ("a,a.1,a", &["a", "a.1", "a.2"]),
            ("a,,b,", &["a", "Unnamed: 1", "b", "Unnamed: 3"]),
            (",a,a", &["Unnamed: 0", "a", "a.1"]),
            ("Unnamed: 1,,b", &["Unnamed: 1", "Unnamed: 1.1", "b"]),
            ("a, ,b", &["a", " ", "b"]),
        ];
        for (header, want) in cases {
            let width = want.len();
            let row = vec!["1"; width].join(",");
            let csv = format!("{header}\n{row}\n{row}\n");
            let d = describe_bytes("h.csv", csv.as_bytes()).unwrap();
            let names: Vec<&str> = d.columns.iter().map(|c| c.name.as_str()).collect();
            assert_eq!(&names, want, "{header:?}");
            assert!(d.has_header, "{header:?}");
        }
    }

    #[test]
    fn renamed_columns_are_noted() {
        let d = describe_bytes("n.csv", b"a,a, region ,,x,\n1,2,3,4,5,6\n").unwrap();
        assert_eq!(
            d.notes,
            [
                "columns 4 and 6 have no name: they are called \"Unnamed: 3\" and \"Unnamed: 5\", as pandas calls them",
                "columns 1 and 2 are both named \"a\": they are called \"a\" and \"a.1\", as pandas calls them",
                "the column name \" region \" has spaces around it: they are part of the name, as pandas reads it",
            ]
        );
        let d = describe_bytes("plain.csv", b"a,b\n1,2\n").unwrap();
        assert!(d.notes.is_empty());
        // Old descriptions (audit entries) read back without notes.
        let json = serde_json::to_value(&d).unwrap();
        assert!(json.get("notes").is_none());
    }

    #[test]
    fn thousands_separators_make_numbers_in_both_decimal_marks() {
        // (file, delimiter, decimal comma, kinds, a word of the note)
        let cases: &[(&str, char, bool, &[ColumnKind])] = &[
            (
                "region,amount,units\nNorth,\"1,250.00\",\"3,000\"\nSouth,12.5,7\n",
                ',',
                false,
                &[ColumnKind::Text, ColumnKind::Decimal, ColumnKind::Integer],
            ),
            (
                "region;amount;units\nNord;1.250,00;1 000\nSud;12,5;7\n",
                ';',
                true,
                &[ColumnKind::Text, ColumnKind::Decimal, ColumnKind::Integer],
            ),
            (
                "region;amount\nNord;\"1 250,00\"\nSud;\"1\u{a0}000,5\"\n",
                ';',
                true,
                &[ColumnKind::Text, ColumnKind::Decimal],
            ),
            (
                // Comma thousands with a decimal point: not a decimal-comma file.
                "region;amount\nNorth;1,250.00\nSouth;12,000.5\n",
                ';',
                false,
                &[ColumnKind::Text, ColumnKind::Decimal],
            ),
            (
                "x,y\n1.18e+03,3504.\n2.5E-1,.5\n",
                ',',
                false,
                &[ColumnKind::Decimal, ColumnKind::Decimal],
            ),
        ];
        for (csv, delimiter, comma, kinds) in cases {
            let d = describe_bytes("t.csv", csv.as_bytes()).unwrap();
            let got: Vec<ColumnKind> = d.columns.iter().map(|c| c.kind).collect();
            assert_eq!(
                (d.delimiter, d.decimal_comma, got.as_slice()),
                (*delimiter, *comma, *kinds),
                "{csv:?}"
            );
            let grouped = csv.contains("1,250") || csv.contains("1.250") || csv.contains("1 250");
            assert_eq!(
                d.notes.iter().any(|n| n.contains("thousands separators")),
                grouped,
                "{csv:?}: {:?}",
                d.notes
            );
        }
    }

    #[test]
    fn a_nul_byte_anywhere_is_refused_with_its_line() {
        let mut bytes = b"name,v\n".to_vec();
        for i in 0..40_000 {
            bytes.extend_from_slice(format!("row{i},1\n").as_bytes());
        }
        // Past the sniffed start and past the first read.
        assert!(bytes.len() > SNIFF_BYTES + CHUNK);
        bytes.extend_from_slice(b"bad\0,2\n");
        let err = describe_bytes("z.csv", &bytes).unwrap_err();
        assert_eq!(
            err,
            InputError::NulByte {
                name: "z.csv".into(),
                line: 40_002
            }
        );
        assert!(err.to_string().contains("NUL byte"), "{err}");
        // UTF-16 has zero bytes in every character, not a NUL character.
        let mut utf16 = vec![0xFF, 0xFE];
        for ch in "a,b\n1,2\n".encode_utf16() {
            utf16.extend_from_slice(&ch.to_le_bytes());
        }
        assert!(describe_bytes("w.csv", &utf16).is_ok());
    }

    #[test]
    fn rows_of_delimiters_are_rows_as_in_pandas() {
        let d = describe_bytes("d.csv", b"a,b\n1,2\n,\n   \n3,4\n").unwrap();
        assert_eq!(d.row_count, 3);
        assert_eq!(d.columns[0].empty_cells, 1);
        assert_eq!(
            describe_bytes("e.csv", b"a,b\n,\n,\n").unwrap_err(),
            InputError::Empty("e.csv".into())
        );
    }

    #[test]
    fn who_may_read_a_file() {
        // (mode, owner, group, reader uid, reader gid, may read)
        let cases = [
            (0o644, 0, 0, 1000, 1000, true),
            (0o600, 0, 0, 1000, 1000, false),
            (0o640, 0, 1000, 1000, 1000, true),
            (0o640, 0, 0, 1000, 1000, false),
            (0o000, 1000, 1000, 1000, 1000, false),
            (0o044, 1000, 1000, 1000, 1000, false), // the owner's bits count
            (0o400, 1000, 1000, 1000, 1000, true),
            (0o604, 0, 1000, 1000, 1000, false), // the group's bits count
        ];
        for (mode, owner, group, uid, gid, want) in cases {
            assert_eq!(
                may_read(mode, owner, group, uid, gid),
                want,
                "{mode:o} {owner}:{group} read by {uid}:{gid}"
            );
        }
        assert_eq!(permission_text(0o640), "rw-r-----");
        assert_eq!(permission_text(0o000), "---------");
    }

    /// Access rules under which the job runs as a user that is neither
    /// this process's user nor in its group.
    fn job_apart() -> (Access, u32) {
        use std::os::unix::fs::MetadataExt;
        let me = std::fs::metadata("/proc/self").unwrap().uid();
        let other = me.wrapping_add(1000);
        let access = Access {
            open_as: None,
            person_uid: me,
            job_ids: vec![(other, other)],
        };
        (access, me)
    }

    #[test]
    fn a_file_the_sandbox_cannot_read_is_refused_with_a_sentence() {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("locked.csv");
        std::fs::write(&path, "a,b\nSECRET,2\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o000)).unwrap();
        let err = describe(&path, DEFAULT_MAX_INPUT_BYTES).unwrap_err();
        let me = std::fs::metadata("/proc/self").unwrap().uid();
        if me == 0 {
            // Root opens it, but the job could not: refused before reading.
            assert_eq!(
                err.to_string(),
                format!("locked.csv: the sandbox cannot read this file: its permissions (---------) let no one read it, and the sandboxed code runs as a separate user with no special rights, so nothing of it was read. To use it, let every user of this machine read it (chmod o+r {}), or give a copy that everyone may read", path.display())
            );
        } else {
            assert!(
                matches!(
                    err,
                    InputError::NoPermission {
                        on_behalf: false,
                        ..
                    }
                ),
                "{err}"
            );
        }
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        let meta = std::fs::metadata(&path).unwrap();
        assert!(check_readable_by(&path, meta.uid(), meta.gid()).is_ok());
        let other = meta.uid().wrapping_add(1000);
        let err = check_readable_by(&path, other, other).unwrap_err();
        assert!(
            err.to_string()
                .contains("(rw-------) let only its owner read it"),
            "{err}"
        );
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        assert!(check_readable_by(&path, other, other).is_ok());
    }

    #[test]
    fn a_link_to_a_file_the_job_could_not_read_is_refused_and_named() {
        use std::os::unix::fs::PermissionsExt;
        let (access, me) = job_apart();
        let dir = tempfile::tempdir().unwrap();
        let secret = dir.path().join("shadow");
        std::fs::write(&secret, "name,hash\nroot,SECRET\n").unwrap();
        std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.path().join("data.csv");
        std::os::unix::fs::symlink(&secret, &link).unwrap();
        let err = describe_with(&link, DEFAULT_MAX_INPUT_BYTES, &access).unwrap_err();
        let real = std::fs::canonicalize(&secret).unwrap();
        assert_eq!(
            err,
            InputError::SandboxCannotRead {
                name: "data.csv".into(),
                permissions: "rw-r-----".into(),
                target: Some(real.to_string_lossy().into_owned()),
                fix: AccessFix::LetEveryoneRead {
                    path: link.to_string_lossy().into_owned()
                },
            }
        );
        assert!(
            err.to_string().contains(&format!(
                "data.csv: the sandbox cannot read this file (a link to {})",
                real.display()
            )),
            "{err}"
        );
        // Someone else's file: the fix is a copy, never a chmod of theirs.
        let theirs = Access {
            person_uid: me.wrapping_add(1),
            ..access.clone()
        };
        let err = describe_with(&link, DEFAULT_MAX_INPUT_BYTES, &theirs).unwrap_err();
        assert!(
            matches!(
                &err,
                InputError::SandboxCannotRead {
                    fix: AccessFix::GiveACopy { .. },
                    ..
                }
            ),
            "{err}"
        );
        assert!(!err.to_string().contains("chmod o+r /"), "{err}");
        // Readable by everyone: described through the link.
        std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o644)).unwrap();
        let d = describe_with(&link, DEFAULT_MAX_INPUT_BYTES, &access).unwrap();
        assert_eq!((d.name.as_str(), d.row_count), ("data.csv", 1));
    }

    #[test]
    fn a_pipe_or_a_folder_is_refused_without_being_opened() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe.csv");
        let c_path = std::ffi::CString::new(fifo.to_string_lossy().as_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o644) }, 0);
        // Opening a pipe with no writer would wait forever: it is never opened.
        assert_eq!(
            describe(&fifo, DEFAULT_MAX_INPUT_BYTES).unwrap_err(),
            InputError::NotAFile("pipe.csv".into())
        );
        assert_eq!(
            describe(dir.path(), DEFAULT_MAX_INPUT_BYTES).unwrap_err(),
            InputError::NotAFile(file_name(dir.path()))
        );
    }
}
