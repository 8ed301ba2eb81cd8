//! Counting the rows after the type sample, fast: a UTF-8 file is read in
//! large chunks with positioned reads, and each line is checked with
//! `memchr` (its fields counted, blank lines skipped as pandas skips
//! them, NUL bytes, undecodable bytes and the size limits refused with
//! their line) without being parsed into records.
//!
//! Quotes are understood where they are plain: a quoted field that opens
//! at the start of a field and closes on the same line, before a
//! delimiter or the end of the line. Anything else — a quoted cell that
//! spans lines, a quote inside a field, a lone carriage return, a quote
//! in a file of one column — makes the fast count uncertain: it returns
//! [`Counted::Uncertain`] with where that line starts, and the inspector
//! reads the rest with the exact CSV reader.

use std::fs::File;
use std::os::unix::fs::FileExt;

use super::transcode::Problem;
use super::{MAX_CELL_BYTES, MAX_LINE_BYTES};

/// Bytes read at once.
const COUNT_CHUNK: usize = 1024 * 1024;

/// Where counting starts and what each row must be.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Start {
    /// Byte offset of the first line to count, in the file.
    pub(crate) offset: u64,
    /// Its 1-based line number.
    pub(crate) line: u64,
    /// Field delimiter.
    pub(crate) delimiter: u8,
    /// Fields every row has.
    pub(crate) width: usize,
}

/// How far the fast count went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Counted {
    /// Every row to the end of the file.
    Done {
        /// Rows counted (blank lines are not rows).
        rows: u64,
    },
    /// The rows before the line at `offset`, which the fast count cannot
    /// read for sure.
    Uncertain {
        /// Rows counted before it.
        rows: u64,
        /// Byte offset of that line in the file.
        offset: u64,
        /// Its 1-based line number.
        line: u64,
    },
}

/// Why counting stopped.
#[derive(Debug, thiserror::Error)]
pub(crate) enum CountError {
    /// The file could not be read.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// A NUL byte, undecodable bytes or a line too long.
    #[error("{0:?}")]
    Stream(Problem),
    /// A row of another width.
    #[error("line {line} has {found} fields")]
    Ragged {
        /// 1-based line.
        line: u64,
        /// Fields found.
        found: usize,
    },
    /// A cell larger than [`MAX_CELL_BYTES`].
    #[error("line {line}, column {column}: cell too large")]
    CellTooLong {
        /// 1-based line.
        line: u64,
        /// 1-based column.
        column: usize,
    },
}

/// A line's fields, or `None` when the fast count cannot tell.
fn fields(body: &[u8], delimiter: u8) -> Option<usize> {
    match memchr::memchr2(b'"', b'\r', body) {
        None => Some(1 + memchr::memchr_iter(delimiter, body).count()),
        Some(_) => quoted_fields(body, delimiter),
    }
}

/// The fields of a line with quotes, when each quote opens a field and
/// closes on this line before a delimiter or the line's end.
fn quoted_fields(body: &[u8], delimiter: u8) -> Option<usize> {
    let mut count = 1;
    let mut i = 0;
    let mut field_start = true;
    while i < body.len() {
        let b = body[i];
        if field_start && b == b'"' {
            i += 1;
            loop {
                i += memchr::memchr(b'"', &body[i..])? + 1;
                if body.get(i) != Some(&b'"') {
                    break;
                }
                i += 1; // a doubled quote inside the field
            }
            match body.get(i) {
                None => break,
                Some(&d) if d == delimiter => {}
                Some(_) => return None,
            }
        } else if b == b'"' || b == b'\r' {
            return None;
        }
        field_start = body[i] == delimiter;
        count += usize::from(field_start);
        i += 1;
    }
    Some(count)
}

/// The 1-based column of the first cell over [`MAX_CELL_BYTES`] in a line
/// without quotes.
fn large_cell(body: &[u8], delimiter: u8) -> Option<usize> {
    body.split(|b| *b == delimiter)
        .position(|cell| cell.len() > MAX_CELL_BYTES)
        .map(|i| i + 1)
}

/// Counts the rows from `start` to the end of `file` (UTF-8, read from
/// `start.offset` on, the file's own offset untouched).
pub(crate) fn count_rows(file: &File, start: Start) -> Result<Counted, CountError> {
    let mut buf: Vec<u8> = Vec::with_capacity(COUNT_CHUNK);
    let mut at = start.offset;
    let mut line = start.line;
    let mut rows = 0u64;
    loop {
        let old = buf.len();
        buf.resize(old + COUNT_CHUNK, 0);
        let n = loop {
            match file.read_at(&mut buf[old..], at + old as u64) {
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                other => break other?,
            }
        };
        buf.truncate(old + n);
        let eof = n == 0;
        let end = match memchr::memrchr(b'\n', &buf) {
            _ if eof => buf.len(),
            Some(i) => i + 1,
            None if buf.len() > MAX_LINE_BYTES => {
                return Err(CountError::Stream(Problem::LongLine(line)))
            }
            None => continue,
        };
        let lines = Lines {
            bytes: &buf[..end],
            first: line,
            delimiter: start.delimiter,
            width: start.width,
        };
        match lines.count()? {
            (counted, next, None) => {
                rows += counted;
                line = next;
            }
            (counted, uncertain_line, Some(skip)) => {
                return Ok(Counted::Uncertain {
                    rows: rows + counted,
                    offset: at + skip as u64,
                    line: uncertain_line,
                })
            }
        }
        buf.drain(..end);
        at += end as u64;
        if eof {
            return Ok(Counted::Done { rows });
        }
    }
}

/// Whole lines of a chunk.
struct Lines<'a> {
    bytes: &'a [u8],
    first: u64,
    delimiter: u8,
    width: usize,
}

impl Lines<'_> {
    /// The rows among these lines; the number of the line after them, or
    /// of an uncertain line with its offset in `bytes`.
    fn count(&self) -> Result<(u64, u64, Option<usize>), CountError> {
        let bytes = self.bytes;
        let newlines = |upto: usize| memchr::memchr_iter(b'\n', &bytes[..upto]).count() as u64;
        if let Some(z) = memchr::memchr(0, bytes) {
            return Err(CountError::Stream(Problem::Nul(self.first + newlines(z))));
        }
        if let Err(e) = std::str::from_utf8(bytes) {
            let line = self.first + newlines(e.valid_up_to());
            return Err(CountError::Stream(Problem::Undecodable(line)));
        }
        let (mut rows, mut pos, mut line) = (0u64, 0usize, self.first);
        while pos < bytes.len() {
            let nl = memchr::memchr(b'\n', &bytes[pos..]).map_or(bytes.len(), |i| pos + i);
            let raw = &bytes[pos..nl];
            if raw.len() > MAX_LINE_BYTES {
                return Err(CountError::Stream(Problem::LongLine(line)));
            }
            let body = raw.strip_suffix(b"\r").unwrap_or(raw);
            let Some(found) = fields(body, self.delimiter) else {
                return Ok((rows, line, Some(pos)));
            };
            if found == 1 && memchr::memchr(b'"', body).is_some() {
                // One quoted field: blank or not, the CSV reader tells.
                return Ok((rows, line, Some(pos)));
            }
            let blank = found == 1 && body.trim_ascii().is_empty();
            if !blank {
                if found != self.width {
                    return Err(CountError::Ragged { line, found });
                }
                if body.len() > MAX_CELL_BYTES {
                    if memchr::memchr(b'"', body).is_some() {
                        return Ok((rows, line, Some(pos)));
                    }
                    if let Some(column) = large_cell(body, self.delimiter) {
                        return Err(CountError::CellTooLong { line, column });
                    }
                }
                rows += 1;
            }
            pos = nl + 1;
            line += 1;
        }
        Ok((rows, line, None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(text: &[u8], width: usize) -> Result<Counted, CountError> {
        let mut f = tempfile::tempfile().expect("temp file");
        std::io::Write::write_all(&mut f, text).expect("write");
        count_rows(
            &f,
            Start {
                offset: 0,
                line: 1,
                delimiter: b',',
                width,
            },
        )
    }

    #[test]
    fn plain_quoted_and_blank_lines_are_counted_as_the_csv_reader_counts_them() {
        let text = b"1,2\n\n  \r\n\"a,b\",3\r\n\"say \"\"hi\"\"\",\n4,\"\"\n5,6";
        // What the CSV reader reads, blank records left out.
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(&text[..]);
        let want = reader
            .byte_records()
            .map(|r| r.expect("record"))
            .filter(|r| !(r.len() == 1 && r[0].trim_ascii().is_empty()))
            .inspect(|r| assert_eq!(r.len(), 2))
            .count() as u64;
        assert_eq!(want, 5);
        assert_eq!(count(text, 2).expect("count"), Counted::Done { rows: want });
    }

    #[test]
    fn quotes_it_cannot_read_for_sure_hand_over_at_their_line() {
        // (text, line handed over): a cell over lines, a quote inside a
        // field, a lone carriage return, a quoted lone field.
        let cases: [(&[u8], u64, u64); 4] = [
            (b"1,2\n3,\"x\ny\"\n", 2, 4),
            (b"1,2\n3,5\"2\n", 2, 4),
            (b"1,2\n3,4\r5,6\n", 2, 4),
            (b"1,2\n\"\"\n", 2, 4),
        ];
        for (text, line, offset) in cases {
            assert_eq!(
                count(text, 2).expect("count"),
                Counted::Uncertain {
                    rows: 1,
                    offset,
                    line
                },
                "{:?}",
                String::from_utf8_lossy(text)
            );
        }
    }

    #[test]
    fn problems_are_named_with_their_line() {
        let ragged = count(b"1,2\n3,4\n5\n", 2).unwrap_err();
        assert!(
            matches!(ragged, CountError::Ragged { line: 3, found: 1 }),
            "{ragged}"
        );
        let nul = count(b"1,2\n3,4\0\n", 2).unwrap_err();
        assert!(matches!(nul, CountError::Stream(Problem::Nul(2))), "{nul}");
        let bad = count(b"1,2\n\n3,\xff\n", 2).unwrap_err();
        assert!(
            matches!(bad, CountError::Stream(Problem::Undecodable(3))),
            "{bad}"
        );
        let mut wide = b"1,2\n3,".to_vec();
        wide.extend(std::iter::repeat_n(b'x', MAX_CELL_BYTES + 1));
        let cell = count(&wide, 2).unwrap_err();
        assert!(
            matches!(cell, CountError::CellTooLong { line: 2, column: 2 }),
            "{cell}"
        );
        let mut long = b"1,2\n".to_vec();
        long.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES + 1));
        let line = count(&long, 2).unwrap_err();
        assert!(
            matches!(line, CountError::Stream(Problem::LongLine(2))),
            "{line}"
        );
    }
}
