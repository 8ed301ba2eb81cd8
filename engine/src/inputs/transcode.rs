//! The UTF-8 view of an input that the CSV reader reads: decoded from the
//! file's encoding, or — for UTF-8, most files — checked in place and
//! passed through without being decoded or copied into strings.
//!
//! As the bytes stream, each chunk is checked once (one `memchr` pass for
//! NUL bytes, one for newlines and quotes): a NUL byte, undecodable bytes,
//! a line longer than [`MAX_LINE_BYTES`] and a quote left open for more
//! than that many bytes stop the read with the line they are on, so a
//! hostile file never fills memory before it is refused.

use std::io::Read;

use super::{CHUNK, MAX_LINE_BYTES};

/// The UTF-8 byte-order mark.
pub(crate) const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// What stopped a read, with its 1-based line (counted from the start of
/// this reader).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Problem {
    /// A NUL byte.
    Nul(u64),
    /// Bytes that are not valid in the encoding.
    Undecodable(u64),
    /// A line longer than [`MAX_LINE_BYTES`].
    LongLine(u64),
    /// A quote opened on this line and not closed within [`MAX_LINE_BYTES`].
    OpenQuote(u64),
}

/// A reader that transcodes to UTF-8 (or checks UTF-8 in place), failing
/// with a [`Problem`] and its line.
pub(crate) struct Transcoder<R> {
    inner: R,
    /// `None`: UTF-8, checked and passed through.
    decoder: Option<encoding_rs::Decoder>,
    raw: Vec<u8>,
    out: Vec<u8>,
    out_pos: usize,
    /// The end of a UTF-8 character cut by the end of a read.
    carry: Vec<u8>,
    bom_pending: bool,
    eof: bool,
    /// Newlines in the chunks made so far.
    pub(crate) lines: u64,
    /// Quote characters in the chunks made so far.
    pub(crate) quotes: u64,
    /// Bytes of the chunks made so far.
    pub(crate) made: u64,
    line_bytes: u64,
    record_start: u64,
    record_line: u64,
    /// Why the read stopped.
    pub(crate) problem: Option<Problem>,
}

/// A UTF-8 view of `inner`, decoded from `encoding` with its byte-order mark removed.
pub(crate) fn transcoder<R: Read>(
    inner: R,
    encoding: &'static encoding_rs::Encoding,
) -> Transcoder<R> {
    transcoder_from(inner, encoding, true)
}

/// The same, for a reader that starts at the file's start (`at_start`,
/// where a byte-order mark is removed) or at the start of a later line.
pub(crate) fn transcoder_from<R: Read>(
    inner: R,
    encoding: &'static encoding_rs::Encoding,
    at_start: bool,
) -> Transcoder<R> {
    let decoder = (encoding != encoding_rs::UTF_8).then(|| {
        if at_start {
            encoding.new_decoder_with_bom_removal()
        } else {
            encoding.new_decoder_without_bom_handling()
        }
    });
    Transcoder {
        inner,
        decoder,
        raw: Vec::new(),
        out: Vec::new(),
        out_pos: 0,
        carry: Vec::new(),
        bom_pending: at_start,
        eof: false,
        lines: 0,
        quotes: 0,
        made: 0,
        line_bytes: 0,
        record_start: 0,
        record_line: 1,
        problem: None,
    }
}

fn invalid(what: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_owned())
}

impl<R: Read> Transcoder<R> {
    /// Reads the next chunk into `out`; returns the length of its valid
    /// prefix and whether bytes after it are malformed.
    fn fill(&mut self) -> std::io::Result<(usize, bool)> {
        match self.decoder.as_mut() {
            Some(decoder) => {
                self.raw.resize(CHUNK, 0);
                let n = self.inner.read(&mut self.raw)?;
                self.raw.truncate(n);
                let last = n == 0;
                self.eof = last;
                self.out.clear();
                self.out.resize(
                    decoder
                        .max_utf8_buffer_length_without_replacement(n)
                        .unwrap_or(n * 3 + 16),
                    0,
                );
                let (result, _, written) =
                    decoder.decode_to_utf8_without_replacement(&self.raw, &mut self.out, last);
                self.out.truncate(written);
                let malformed = matches!(result, encoding_rs::DecoderResult::Malformed(_, _));
                Ok((written, malformed))
            }
            None => self.fill_utf8(),
        }
    }

    /// UTF-8: the bytes as read, checked; a character cut by the end of
    /// the read waits for the next one.
    fn fill_utf8(&mut self) -> std::io::Result<(usize, bool)> {
        self.out.clear();
        self.out.append(&mut self.carry);
        let start = self.out.len();
        self.out.resize(start + CHUNK, 0);
        let n = loop {
            match self.inner.read(&mut self.out[start..]) {
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                other => break other?,
            }
        };
        self.out.truncate(start + n);
        self.eof = n == 0;
        if self.bom_pending && (self.out.len() >= UTF8_BOM.len() || self.eof) {
            self.bom_pending = false;
            if self.out.starts_with(UTF8_BOM) {
                self.out.drain(..UTF8_BOM.len());
            }
        }
        match std::str::from_utf8(&self.out) {
            Ok(_) => Ok((self.out.len(), false)),
            Err(e) if e.error_len().is_none() && !self.eof => {
                let valid = e.valid_up_to();
                self.carry.extend_from_slice(&self.out[valid..]);
                self.out.truncate(valid);
                Ok((valid, false))
            }
            Err(e) => Ok((e.valid_up_to(), true)),
        }
    }

    /// Counts the chunk's newlines and quotes, and refuses a line (or a
    /// quoted cell spanning lines) longer than [`MAX_LINE_BYTES`].
    fn check_chunk(&mut self) -> Result<(), Problem> {
        let max = MAX_LINE_BYTES as u64;
        let mut line_start = 0usize;
        for at in memchr::memchr2_iter(b'\n', b'"', &self.out) {
            if self.out[at] == b'"' {
                self.quotes += 1;
                continue;
            }
            if self.line_bytes + (at - line_start) as u64 > max {
                return Err(Problem::LongLine(self.lines + 1));
            }
            self.lines += 1;
            self.line_bytes = 0;
            line_start = at + 1;
            if self.quotes % 2 == 0 {
                self.record_start = self.made + line_start as u64;
                self.record_line = self.lines + 1;
            }
        }
        self.line_bytes += (self.out.len() - line_start) as u64;
        if self.line_bytes > max {
            return Err(Problem::LongLine(self.lines + 1));
        }
        let end = self.made + self.out.len() as u64;
        if self.quotes % 2 == 1 && end - self.record_start > max {
            return Err(Problem::OpenQuote(self.record_line));
        }
        self.made = end;
        Ok(())
    }

    fn stop(&mut self, problem: Problem) -> std::io::Error {
        self.problem = Some(problem);
        invalid(match problem {
            Problem::Nul(_) => "NUL byte",
            Problem::Undecodable(_) => "undecodable",
            Problem::LongLine(_) => "line too long",
            Problem::OpenQuote(_) => "quote not closed",
        })
    }
}

fn newlines(bytes: &[u8]) -> u64 {
    memchr::memchr_iter(b'\n', bytes).count() as u64
}

impl<R: Read> Read for Transcoder<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if let Some(problem) = self.problem {
            return Err(self.stop(problem));
        }
        while self.out_pos >= self.out.len() {
            if self.eof {
                return Ok(0);
            }
            let (valid, malformed) = self.fill()?;
            self.out_pos = 0;
            // A NUL anywhere, in any encoding, once decoded: checked chunk by
            // chunk, so the whole file is covered with bounded memory.
            if let Some(at) = memchr::memchr(0, &self.out) {
                let line = self.lines + newlines(&self.out[..at]) + 1;
                return Err(self.stop(Problem::Nul(line)));
            }
            if malformed {
                let line = self.lines + newlines(&self.out[..valid]) + 1;
                return Err(self.stop(Problem::Undecodable(line)));
            }
            if let Err(problem) = self.check_chunk() {
                return Err(self.stop(problem));
            }
        }
        let n = buf.len().min(self.out.len() - self.out_pos);
        buf[..n].copy_from_slice(&self.out[self.out_pos..self.out_pos + n]);
        self.out_pos += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(
        bytes: &[u8],
        encoding: &'static encoding_rs::Encoding,
    ) -> (Vec<u8>, Option<Problem>) {
        let mut t = transcoder(bytes, encoding);
        let mut out = Vec::new();
        let _ = t.read_to_end(&mut out);
        (out, t.problem)
    }

    #[test]
    fn utf8_passes_through_without_its_bom_and_a_cut_character_waits() {
        // A character cut by the chunk boundary: é is two bytes.
        let mut bytes = UTF8_BOM.to_vec();
        bytes.extend(std::iter::repeat_n(b'a', CHUNK - UTF8_BOM.len() - 1));
        bytes.extend_from_slice("é\nb\n".as_bytes());
        let (out, problem) = read_all(&bytes, encoding_rs::UTF_8);
        assert_eq!((out.as_slice(), problem), (&bytes[3..], None));
        let (_, problem) = read_all(b"a\nb\xff\n", encoding_rs::UTF_8);
        assert_eq!(problem, Some(Problem::Undecodable(2)));
        let (_, problem) = read_all(b"a\nb\nc\xc3", encoding_rs::UTF_8);
        assert_eq!(problem, Some(Problem::Undecodable(3)));
    }

    #[test]
    fn a_long_line_or_a_quote_left_open_stops_the_read_with_its_line() {
        let mut bytes = b"a,b\n1,2\n".to_vec();
        bytes.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES + 1));
        let (out, problem) = read_all(&bytes, encoding_rs::UTF_8);
        assert_eq!(problem, Some(Problem::LongLine(3)));
        assert!(out.len() < MAX_LINE_BYTES + CHUNK);
        // Exactly the limit is read.
        bytes.truncate(bytes.len() - 1);
        assert_eq!(read_all(&bytes, encoding_rs::UTF_8).1, None);
        let mut quoted = b"a,b\n1,\"open\n".to_vec();
        for _ in 0..(MAX_LINE_BYTES / 1000 + 1) {
            quoted.extend(std::iter::repeat_n(b'y', 999));
            quoted.push(b'\n');
        }
        assert_eq!(
            read_all(&quoted, encoding_rs::UTF_8).1,
            Some(Problem::OpenQuote(2))
        );
    }
}
