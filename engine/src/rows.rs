//! Rows of an input file by position, for a preview grid that scrolls
//! through millions of rows: [`RowPager`] reads the file as the inspector
//! described it (encoding, delimiter, header, blank lines skipped) and keeps
//! its place, so scrolling forward reads on from where it stopped. For UTF-8
//! files it also remembers where every [`CHECKPOINT_ROWS`]th row starts, so a
//! jump back (or to a row already passed) seeks instead of reading from the
//! top.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::PathBuf;

use crate::inputs::{transcoder, InputDescription, InputError};

/// Rows between two remembered positions.
pub const CHECKPOINT_ROWS: u64 = 10_000;
/// Most rows one call returns.
pub const MAX_PAGE_ROWS: usize = 1_000;
/// Longest cell text returned, in characters; longer cells end with `…`.
pub const MAX_CELL_CHARS: usize = 500;

struct Cursor {
    reader: csv::Reader<Box<dyn Read + Send>>,
    /// Decoded byte offset where the reader started.
    base: u64,
    /// Data row index of the next record.
    next_row: u64,
    /// The header is still to be skipped.
    header_pending: bool,
}

/// Reads rows `start..start + count` of one described file.
pub struct RowPager {
    path: PathBuf,
    name: String,
    encoding: &'static encoding_rs::Encoding,
    bom_len: u64,
    delimiter: u8,
    has_header: bool,
    /// `checkpoints[k]` = decoded byte offset of data row `k * CHECKPOINT_ROWS`
    /// (UTF-8 files only).
    checkpoints: Vec<u64>,
    cursor: Option<Cursor>,
    /// The inspector's preview rows, for a file that is not a plain CSV (a
    /// workbook, Parquet, JSON, a compressed CSV): the grid shows those.
    fixed: Option<Vec<Vec<String>>>,
}

impl std::fmt::Debug for RowPager {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RowPager")
            .field("path", &self.path)
            .field("checkpoints", &self.checkpoints.len())
            .finish()
    }
}

impl RowPager {
    /// A pager over the file `description` was made from.
    pub fn new(description: &InputDescription) -> Self {
        let encoding = encoding_rs::Encoding::for_label(description.encoding.as_bytes())
            .unwrap_or(encoding_rs::UTF_8);
        let bom_len = match (description.bom, encoding.name()) {
            (false, _) => 0,
            (true, "UTF-8") => 3,
            (true, _) => 2,
        };
        Self {
            path: description.path.clone(),
            name: description.name.clone(),
            encoding,
            bom_len,
            delimiter: u8::try_from(description.delimiter).unwrap_or(b','),
            has_header: description.has_header,
            checkpoints: Vec::new(),
            cursor: None,
            fixed: (!description.format.is_csv()).then(|| description.preview.clone()),
        }
    }

    fn seekable(&self) -> bool {
        self.encoding == encoding_rs::UTF_8
    }

    fn unreadable(&self, e: impl std::fmt::Display) -> InputError {
        InputError::Unreadable {
            name: self.name.clone(),
            reason: e.to_string(),
        }
    }

    /// Opens a cursor at data row `row`, from the nearest remembered position.
    fn open_at(&self, row: u64) -> Result<Cursor, InputError> {
        let mut file = File::open(&self.path).map_err(|e| self.unreadable(e))?;
        let k = (row / CHECKPOINT_ROWS) as usize;
        let nearest = k.min(self.checkpoints.len().saturating_sub(1));
        let (inner, base, next_row, header_pending): (Box<dyn Read + Send>, u64, u64, bool) =
            if self.seekable() && nearest > 0 {
                let offset = self.checkpoints[nearest];
                file.seek(SeekFrom::Start(offset + self.bom_len))
                    .map_err(|e| self.unreadable(e))?;
                (
                    Box::new(file),
                    offset,
                    nearest as u64 * CHECKPOINT_ROWS,
                    false,
                )
            } else {
                (
                    Box::new(transcoder(file, self.encoding)),
                    0,
                    0,
                    self.has_header,
                )
            };
        let reader = csv::ReaderBuilder::new()
            .delimiter(self.delimiter)
            .has_headers(false)
            .flexible(true)
            .from_reader(inner);
        Ok(Cursor {
            reader,
            base,
            next_row,
            header_pending,
        })
    }

    /// Data rows `start..start + count` (fewer at the end of the file; at most
    /// [`MAX_PAGE_ROWS`]). Header and blank lines are not rows.
    pub fn rows(&mut self, start: u64, count: usize) -> Result<Vec<Vec<String>>, InputError> {
        let _span = tracing::debug_span!("preview_rows", name = %self.name, start, count).entered();
        let count = count.min(MAX_PAGE_ROWS);
        if let Some(fixed) = &self.fixed {
            let start = usize::try_from(start)
                .unwrap_or(usize::MAX)
                .min(fixed.len());
            return Ok(fixed[start..(start + count).min(fixed.len())].to_vec());
        }
        let reuse = matches!(&self.cursor, Some(c) if c.next_row <= start
            && (!self.seekable()
                || start - c.next_row < CHECKPOINT_ROWS
                || (start / CHECKPOINT_ROWS) as usize >= self.checkpoints.len()));
        let mut cursor = match (reuse, self.cursor.take()) {
            (true, Some(c)) => c,
            _ => self.open_at(start)?,
        };
        let mut record = csv::ByteRecord::new();
        let mut out = Vec::with_capacity(count);
        while out.len() < count {
            let more =
                cursor
                    .reader
                    .read_byte_record(&mut record)
                    .map_err(|e| InputError::Syntax {
                        name: self.name.clone(),
                        line: e.position().map_or(0, |p| p.line()),
                        reason: e.to_string(),
                    })?;
            if !more {
                break;
            }
            if record.iter().all(|f| f.trim_ascii().is_empty()) {
                continue;
            }
            if cursor.header_pending {
                cursor.header_pending = false;
                continue;
            }
            let row = cursor.next_row;
            cursor.next_row += 1;
            if self.seekable() && row % CHECKPOINT_ROWS == 0 {
                let k = (row / CHECKPOINT_ROWS) as usize;
                if k == self.checkpoints.len() {
                    let offset = cursor.base + record.position().map_or(0, |p| p.byte());
                    self.checkpoints.push(offset);
                }
            }
            if row >= start {
                out.push(record.iter().map(cell_text).collect());
            }
        }
        self.cursor = Some(cursor);
        Ok(out)
    }
}

fn cell_text(cell: &[u8]) -> String {
    let text = String::from_utf8_lossy(cell);
    match text.char_indices().nth(MAX_CELL_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A temporary file (its owner's alone, 0600) made readable by all,
    /// as an input must be for the sandbox's user, then described.
    fn describe(path: &std::path::Path, max: u64) -> Result<InputDescription, InputError> {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        crate::inputs::describe(path, max)
    }

    fn file_with(
        rows: u64,
        header: &str,
        encoding_bytes: impl Fn(&str) -> Vec<u8>,
    ) -> tempfile::NamedTempFile {
        let mut text = format!("{header}\n");
        for i in 0..rows {
            text.push_str(&format!("{i};név {i}\n"));
            if i % 7 == 0 {
                text.push('\n');
            }
        }
        let f = tempfile::NamedTempFile::new().expect("temp file");
        std::fs::write(f.path(), encoding_bytes(&text)).expect("write");
        f
    }

    fn check_random_access(f: &tempfile::NamedTempFile, rows: u64) {
        let d = describe(f.path(), u64::MAX).expect("describe");
        assert_eq!(d.row_count, rows);
        let mut pager = RowPager::new(&d);
        // Forward, then far ahead, then back, then past the end.
        for &start in &[0u64, 200, 25_000, 3, 24_990, 49_999, 12_345, 50_000] {
            let got = pager.rows(start, 200).expect("rows");
            let expected = (start..(start + 200).min(rows)).collect::<Vec<_>>();
            assert_eq!(got.len(), expected.len(), "rows from {start}");
            for (row, i) in got.iter().zip(expected) {
                assert_eq!(row, &vec![i.to_string(), format!("név {i}")], "row {i}");
            }
        }
    }

    #[test]
    fn utf8_rows_by_position_forward_backward_and_past_the_end() {
        let f = file_with(50_000, "\u{feff}id;name", |t| t.as_bytes().to_vec());
        check_random_access(&f, 50_000);
    }

    #[test]
    fn windows_1252_rows_are_decoded_and_read_in_order() {
        let f = file_with(50_000, "id;name", |t| {
            encoding_rs::WINDOWS_1252.encode(t).0.into_owned()
        });
        check_random_access(&f, 50_000);
    }

    /// A million rows: page N holds rows N.., whatever was read before it
    /// (far ahead first, then back, then forward again from the index).
    #[test]
    fn a_million_rows_page_by_page_in_any_order() {
        use std::io::Write;
        const ROWS: u64 = 1_000_000;
        let f = tempfile::NamedTempFile::new().expect("temp file");
        let mut out = std::io::BufWriter::new(f.reopen().expect("reopen"));
        writeln!(out, "id,city,amount").expect("header");
        for i in 0..ROWS {
            // A quoted cell with the delimiter in it every 5th row.
            let city = if i % 5 == 0 {
                format!("\"Paris, {i}\"")
            } else {
                format!("Lyon {i}")
            };
            writeln!(out, "{i},{city},{}", (i * 7919) % 100_003).expect("row");
        }
        out.flush().expect("flush");
        drop(out);
        let d = describe(f.path(), u64::MAX).expect("describe");
        assert_eq!(d.row_count, ROWS);
        let mut pager = RowPager::new(&d);
        for &start in &[987_654u64, 5, 500_000, 999_900, 123_456, 987_000, 0] {
            let t = std::time::Instant::now();
            let got = pager.rows(start, 200).expect("rows");
            println!("page at {start}: {} ms", t.elapsed().as_millis());
            assert_eq!(got.len(), 200.min((ROWS - start) as usize), "from {start}");
            for (k, row) in got.iter().enumerate() {
                let i = start + k as u64;
                let city = if i % 5 == 0 {
                    format!("Paris, {i}")
                } else {
                    format!("Lyon {i}")
                };
                let amount = ((i * 7919) % 100_003).to_string();
                assert_eq!(row, &vec![i.to_string(), city, amount], "row {i}");
            }
        }
        // The index is bounded: one offset per CHECKPOINT_ROWS rows.
        assert!(pager.checkpoints.len() as u64 <= ROWS / CHECKPOINT_ROWS + 1);
    }

    #[test]
    fn page_size_and_cell_length_are_capped() {
        let f = tempfile::NamedTempFile::new().expect("temp file");
        let long = "x".repeat(2 * MAX_CELL_CHARS);
        let mut text = String::from("a,b\n");
        for i in 0..(MAX_PAGE_ROWS + 10) {
            text.push_str(&format!("{i},{long}\n"));
        }
        std::fs::write(f.path(), text).expect("write");
        let d = describe(f.path(), u64::MAX).expect("describe");
        let rows = RowPager::new(&d).rows(0, MAX_PAGE_ROWS * 2).expect("rows");
        assert_eq!(rows.len(), MAX_PAGE_ROWS);
        assert_eq!(rows[0][1].chars().count(), MAX_CELL_CHARS + 1);
        assert!(rows[0][1].ends_with('…'));
    }
}
