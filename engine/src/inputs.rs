//! Describing input files: encoding, delimiter, header, column types, row
//! count, sha256 and a preview — in one streaming pass with bounded memory.
//!
//! Bad input gets a clear, specific [`InputError`]: missing file, folder,
//! empty, binary, too large, undecodable bytes (with the line), ragged rows
//! (with the line).

use std::io::Read;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

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
    /// Contains NUL bytes or other binary data.
    #[error("{0}: this looks like a binary file, not a CSV or text table")]
    Binary(String),
    /// Larger than the limit.
    #[error("{name}: the file is {size} bytes, more than the {max} bytes allowed")]
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
    #[error("{name}: line {line} has {found} fields where the first line has {expected}")]
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
    /// Header text, or `column_N` without a header.
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

/// A reader that hashes the raw bytes and transcodes them to UTF-8, failing
/// on undecodable bytes with the line they are on.
pub(crate) struct Transcoder<R> {
    inner: R,
    hasher: Sha256,
    decoder: encoding_rs::Decoder,
    raw: Vec<u8>,
    out: Vec<u8>,
    out_pos: usize,
    lines: u64,
    eof: bool,
    bad_line: Option<u64>,
    quotes: u64,
}

impl<R: Read> Read for Transcoder<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while self.out_pos >= self.out.len() {
            if self.eof {
                return Ok(0);
            }
            self.raw.resize(CHUNK, 0);
            let n = self.inner.read(&mut self.raw)?;
            self.raw.truncate(n);
            self.hasher.update(&self.raw);
            let last = n == 0;
            self.eof = last;
            self.out.clear();
            self.out.resize(
                self.decoder
                    .max_utf8_buffer_length_without_replacement(n)
                    .unwrap_or(n * 3 + 16),
                0,
            );
            let (result, _, written) =
                self.decoder
                    .decode_to_utf8_without_replacement(&self.raw, &mut self.out, last);
            self.out.truncate(written);
            self.out_pos = 0;
            if let encoding_rs::DecoderResult::Malformed(_, _) = result {
                let good = &self.out[..written];
                let line = self.lines + good.iter().filter(|b| **b == b'\n').count() as u64 + 1;
                self.bad_line = Some(line);
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    "undecodable",
                ));
            }
            self.lines += self.out.iter().filter(|b| **b == b'\n').count() as u64;
            self.quotes += self.out.iter().filter(|b| **b == b'"').count() as u64;
        }
        let n = buf.len().min(self.out.len() - self.out_pos);
        buf[..n].copy_from_slice(&self.out[self.out_pos..self.out_pos + n]);
        self.out_pos += n;
        Ok(n)
    }
}

/// A UTF-8 view of `inner`, decoded from `encoding` with its byte-order mark removed.
pub(crate) fn transcoder<R: Read>(
    inner: R,
    encoding: &'static encoding_rs::Encoding,
) -> Transcoder<R> {
    Transcoder {
        inner,
        hasher: Sha256::new(),
        decoder: encoding.new_decoder_with_bom_removal(),
        raw: Vec::new(),
        out: Vec::new(),
        out_pos: 0,
        lines: 0,
        eof: false,
        bad_line: None,
        quotes: 0,
    }
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

fn is_integer(s: &str) -> bool {
    let t = s.strip_prefix(['-', '+']).unwrap_or(s);
    !t.is_empty() && t.len() <= 18 && t.bytes().all(|b| b.is_ascii_digit())
}

fn is_decimal(s: &str, comma: bool) -> bool {
    let t = s.strip_prefix(['-', '+']).unwrap_or(s);
    let sep = if comma { ',' } else { '.' };
    let mut parts = t.splitn(2, sep);
    let (a, b) = (parts.next().unwrap_or(""), parts.next());
    let digits = |x: &str| x.bytes().all(|c| c.is_ascii_digit());
    match b {
        Some(b) => !(a.is_empty() && b.is_empty()) && digits(a) && digits(b) && !b.is_empty(),
        None => false,
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

fn is_missing_marker(cell: &str) -> bool {
    MISSING_MARKERS.contains(&cell)
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
        }
    }
    fn feed(&mut self, cell: &str, comma: bool) {
        self.seen = true;
        let int = is_integer(cell);
        let number = int || is_decimal(cell, comma);
        self.cells += 1;
        self.numeric_cells += u64::from(number);
        self.integer &= int;
        self.decimal &= number;
        self.date &= is_date(cell);
        self.boolean &= is_boolean(cell);
    }
    fn kind(&self) -> ColumnKind {
        if !self.seen {
            ColumnKind::Empty
        } else if self.boolean {
            ColumnKind::Boolean
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

/// Describes the file at `path`, refusing files larger than `max_bytes`.
pub fn describe(path: &Path, max_bytes: u64) -> Result<InputDescription, InputError> {
    let name = file_name(path);
    let _span = tracing::info_span!("describe_input", %name).entered();
    let size_bytes = checked_size(path, &name, max_bytes)?;
    let sniffed = sniff(path, &name, size_bytes)?;
    let Scanned {
        first,
        rows,
        candidates,
        empties,
        categories,
        data_rows,
        sha256,
    } = scan(path, &name, &sniffed)?;
    let decimal_comma = sniffed.decimal_comma;
    let has_header = is_header(&first, &candidates, decimal_comma);
    if has_header && data_rows == 0 {
        return Err(InputError::Empty(name));
    }
    let mut row_count = data_rows;
    let mut preview = rows;
    let columns: Vec<Column> = if has_header {
        first
            .iter()
            .enumerate()
            .map(|(i, h)| Column {
                name: h.trim().to_owned(),
                kind: candidates[i].kind(),
                empty_cells: empties[i],
                values: categories[i].values(candidates[i].kind()),
            })
            .collect()
    } else {
        // The first row is data too.
        row_count += 1;
        preview.insert(0, first.clone());
        preview.truncate(PREVIEW_ROWS);
        first
            .iter()
            .enumerate()
            .map(|(i, cell)| {
                let mut c = candidates[i];
                let mut values = categories[i].clone();
                if !cell.trim().is_empty() {
                    c.feed(cell.trim(), decimal_comma);
                    values.feed(cell.trim());
                }
                Column {
                    name: format!("column_{}", i + 1),
                    kind: c.kind(),
                    empty_cells: empties[i],
                    values: values.values(c.kind()),
                }
            })
            .collect()
    };
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
    })
}

/// The size of a regular, non-empty file within `max_bytes`.
fn checked_size(path: &Path, name: &str, max_bytes: u64) -> Result<u64, InputError> {
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => InputError::NotFound(name.to_owned()),
        _ => InputError::Unreadable {
            name: name.to_owned(),
            reason: e.to_string(),
        },
    })?;
    if !meta.is_file() {
        return Err(InputError::NotAFile(name.to_owned()));
    }
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

/// What the first [`SNIFF_BYTES`] of a file tell.
struct Sniffed {
    encoding: &'static encoding_rs::Encoding,
    bom: bool,
    delimiter: char,
    decimal_comma: bool,
}

/// Encoding, byte-order mark, delimiter and decimal comma from the start of
/// the file; a binary file is refused here.
fn sniff(path: &Path, name: &str, size_bytes: u64) -> Result<Sniffed, InputError> {
    let unreadable = |e: std::io::Error| InputError::Unreadable {
        name: name.to_owned(),
        reason: e.to_string(),
    };
    let mut file = std::fs::File::open(path).map_err(unreadable)?;
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
    let decimal_comma = delimiter != ','
        && sample_text.lines().skip(1).take(50).any(|l| {
            l.split(delimiter)
                .any(|cell| is_decimal(cell.trim().trim_matches('"'), true))
        });
    Ok(Sniffed {
        encoding,
        bom,
        delimiter,
        decimal_comma,
    })
}

/// One pass over every row: the first row, the preview, what each column's
/// sampled cells could be, the data rows and the file's sha256.
struct Scanned {
    first: Vec<String>,
    rows: Vec<Vec<String>>,
    candidates: Vec<Candidates>,
    empties: Vec<u64>,
    categories: Vec<Categories>,
    data_rows: u64,
    sha256: String,
}

/// Reads every row once (decoded to UTF-8 on the way, hashed as read);
/// ragged rows, undecodable bytes and an unclosed quote are refused with
/// their line.
fn scan(path: &Path, name: &str, sniffed: &Sniffed) -> Result<Scanned, InputError> {
    let file = std::fs::File::open(path).map_err(|e| InputError::Unreadable {
        name: name.to_owned(),
        reason: e.to_string(),
    })?;
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(sniffed.delimiter as u8)
        .has_headers(false)
        .flexible(true)
        .from_reader(transcoder(file, sniffed.encoding));
    // Byte records: the transcoder already guarantees UTF-8, so cells are
    // only turned into text when they are sampled or previewed.
    let mut record = csv::ByteRecord::new();
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut first: Option<Vec<String>> = None;
    let mut candidates: Vec<Candidates> = Vec::new();
    let mut empties: Vec<u64> = Vec::new();
    let mut categories: Vec<Categories> = Vec::new();
    let mut data_rows = 0u64;
    let mut last_multiline: Option<u64> = None;
    loop {
        let more = match reader.read_byte_record(&mut record) {
            Ok(more) => more,
            Err(e) => {
                let line = e.position().map_or(0, |p| p.line());
                return Err(match e.kind() {
                    // The transcoder knows the line of the bad bytes.
                    csv::ErrorKind::Io(io) if io.kind() == std::io::ErrorKind::InvalidData => {
                        InputError::Undecodable {
                            name: name.to_owned(),
                            line: reader.get_ref().bad_line.unwrap_or(line),
                            encoding: sniffed.encoding.name().into(),
                        }
                    }
                    _ => InputError::Syntax {
                        name: name.to_owned(),
                        line,
                        reason: e.to_string(),
                    },
                });
            }
        };
        if !more {
            break;
        }
        if record.iter().all(|f| f.trim_ascii().is_empty()) {
            continue; // blank line
        }
        let line = record.position().map_or(0, |p| p.line());
        if record.iter().any(|f| f.contains(&b'\n')) {
            last_multiline = Some(line);
        }
        let text = |cell: &[u8]| String::from_utf8_lossy(cell).into_owned();
        match &first {
            None => {
                candidates = vec![Candidates::new(); record.len()];
                empties = vec![0; record.len()];
                categories = vec![Categories::default(); record.len()];
                first = Some(record.iter().map(text).collect());
                continue;
            }
            Some(header) if header.len() != record.len() => {
                return Err(InputError::Ragged {
                    name: name.to_owned(),
                    line,
                    expected: header.len(),
                    found: record.len(),
                });
            }
            Some(_) => {}
        }
        data_rows += 1;
        if data_rows <= TYPE_SAMPLE_ROWS {
            for (i, cell) in record.iter().enumerate() {
                let cell = std::str::from_utf8(cell).unwrap_or("").trim();
                if cell.is_empty() || is_missing_marker(cell) {
                    empties[i] += 1;
                } else {
                    candidates[i].feed(cell, sniffed.decimal_comma);
                    categories[i].feed(cell);
                }
            }
        }
        if rows.len() < PREVIEW_ROWS {
            rows.push(record.iter().map(text).collect());
        }
    }
    let Some(first) = first else {
        return Err(InputError::Empty(name.to_owned()));
    };
    let transcoder = reader.into_inner();
    if transcoder.quotes % 2 == 1 {
        // An odd number of quote characters: one is never closed.
        let line = last_multiline.unwrap_or(transcoder.lines);
        return Err(InputError::Syntax {
            name: name.to_owned(),
            line,
            reason: "a quote opened here is never closed".into(),
        });
    }
    Ok(Scanned {
        first,
        rows,
        candidates,
        empties,
        categories,
        data_rows,
        sha256: hex::encode(transcoder.hasher.finalize()),
    })
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
            "r.csv: line 3 has 1 fields where the first line has 2"
        );
    }

    #[test]
    fn binary_and_empty_files_are_named() {
        assert_eq!(
            describe_bytes("x.png", b"\x89PNG\r\n\x1a\n\0\0\0").unwrap_err(),
            InputError::Binary("x.png".into())
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
}
