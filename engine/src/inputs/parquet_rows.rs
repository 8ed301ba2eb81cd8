//! The first rows of a Parquet file, for its preview: the first pages of
//! each column of the first row group, decoded by hand as the footer is
//! (`parquet.rs`), for what pandas and pyarrow write by default — flat
//! columns, required or optional, plain or dictionary encoded (booleans
//! also in runs), data pages of version 1 or 2, uncompressed, Snappy or gzip. Anything else (nested
//! columns, decimals, times, INT96, another codec or encoding) gives no
//! preview rather than a wrong one: the rows are then read only in the
//! sandbox, as before. Reads are bounded: at most
//! [`MAX_PREVIEW_CHUNK_BYTES`] of a column and [`MAX_PREVIEW_BYTES`] in
//! all, pages of at most [`MAX_PREVIEW_PAGE_BYTES`] once decompressed, and
//! only the values of the rows shown are decoded, whatever a page claims.

use std::fs::File;
use std::io::Read;
use std::os::unix::fs::FileExt;

use super::parquet::{Decoder, Value};
use super::table::number_text;

/// Most bytes read of one column for the preview.
pub const MAX_PREVIEW_CHUNK_BYTES: u64 = 8 * 1024 * 1024;
/// Largest page decompressed for the preview.
pub const MAX_PREVIEW_PAGE_BYTES: usize = 16 * 1024 * 1024;
/// Most bytes read for the whole preview (a wide file gives none past it).
pub const MAX_PREVIEW_BYTES: u64 = 64 * 1024 * 1024;

/// The first `rows` rows of the columns `names` (the description's, in
/// order), as text the way pandas shows them; `None` when a column cannot
/// be read here.
pub(super) fn first_rows(
    file: &File,
    meta: &Value,
    names: &[String],
    rows: usize,
) -> Option<Vec<Vec<String>>> {
    if rows == 0 {
        return Some(Vec::new());
    }
    let group = meta.list(4).first()?;
    let mut columns = Vec::with_capacity(names.len());
    let mut budget = MAX_PREVIEW_BYTES;
    for name in names {
        let element = meta
            .list(2)
            .iter()
            .skip(1)
            .find(|e| e.text(4).as_deref() == Some(name))?;
        let chunk = group.list(1).iter().find_map(|c| {
            let m = c.field(3)?;
            let path = m.list(3);
            (path.len() == 1 && path[0] == Value::Bytes(name.as_bytes().to_vec())).then_some(m)
        })?;
        columns.push(column_cells(file, element, chunk, rows, &mut budget)?);
    }
    Some(
        (0..rows)
            .map(|r| columns.iter().map(|c| c[r].clone()).collect())
            .collect(),
    )
}

/// How a column's values become text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shown {
    Text,
    Bool,
    Signed,
    Unsigned,
    Float,
    /// Days since 1970-01-01.
    Date,
    /// Units of a second since 1970-01-01 00:00 (1 000 for milliseconds…).
    Timestamp(i64),
}

/// How `element` is shown, from its physical, converted and logical
/// types; `None` for what is not previewed here.
fn shown(element: &Value) -> Option<Shown> {
    let logical = match element.field(10) {
        Some(Value::Struct(fields)) => fields.first().cloned(),
        _ => None,
    };
    let physical = element.int(1)?;
    let converted = element.int(6);
    Some(match (physical, converted, logical) {
        (_, Some(5 | 7 | 8), _) | (_, _, Some((5 | 7, _))) => return None,
        (1, Some(6), _) | (1, _, Some((6, _))) => Shown::Date,
        (2, Some(9), _) => Shown::Timestamp(1_000),
        (2, Some(10), _) => Shown::Timestamp(1_000_000),
        (2, _, Some((8, unit))) => Shown::Timestamp(match unit.field(2) {
            Some(Value::Struct(u)) => match u.first().map(|(id, _)| *id) {
                Some(1) => 1_000,
                Some(2) => 1_000_000,
                Some(3) => 1_000_000_000,
                _ => return None,
            },
            _ => return None,
        }),
        (1 | 2, Some(11..=14), _) => Shown::Unsigned,
        (1 | 2, _, Some((10, int))) if int.field(2) == Some(&Value::Bool(false)) => Shown::Unsigned,
        (0, _, _) => Shown::Bool,
        (1 | 2, _, _) => Shown::Signed,
        (4 | 5, _, _) => Shown::Float,
        (6, _, _) => Shown::Text,
        _ => return None,
    })
}

/// A value as stored.
#[derive(Debug, Clone, PartialEq)]
enum Plain {
    Bool(bool),
    Int(i64),
    Float(f64),
    Bytes(Vec<u8>),
}

/// The first `rows` cells of one column chunk.
fn column_cells(
    file: &File,
    element: &Value,
    chunk: &Value,
    rows: usize,
    budget: &mut u64,
) -> Option<Vec<String>> {
    let shown = shown(element)?;
    let physical = chunk.int(1)?;
    let optional = match element.int(3) {
        Some(0) | None => false,
        Some(1) => true,
        _ => return None,
    };
    let data_at = u64::try_from(chunk.int(9)?).ok()?;
    let start = match chunk.int(11).and_then(|d| u64::try_from(d).ok()) {
        Some(d) if d > 0 && d < data_at => d,
        _ => data_at,
    };
    let total = u64::try_from(chunk.int(7)?)
        .ok()?
        .min(MAX_PREVIEW_CHUNK_BYTES);
    *budget = budget.checked_sub(total)?;
    let mut bytes = vec![0u8; usize::try_from(total).ok()?];
    file.read_exact_at(&mut bytes, start).ok()?;
    let pages = Pages {
        bytes: &bytes,
        at: 0,
        codec: chunk.int(4)?,
        physical,
        optional,
    };
    let values = pages.first_values(rows)?;
    Some(values.iter().map(|v| text(v.as_ref(), shown)).collect())
}

/// One data page: its header, its bytes as stored and once decompressed,
/// and how many of its first values are wanted.
struct Page<'a> {
    header: &'a Value,
    body: &'a [u8],
    expected: usize,
    need: usize,
}

/// The pages of one column chunk, read in order.
struct Pages<'a> {
    bytes: &'a [u8],
    at: usize,
    codec: i64,
    physical: i64,
    optional: bool,
}

impl Pages<'_> {
    /// The first `rows` values (`None` for an empty cell).
    fn first_values(mut self, rows: usize) -> Option<Vec<Option<Plain>>> {
        let mut dictionary: Vec<Plain> = Vec::new();
        let mut out = Vec::with_capacity(rows);
        while out.len() < rows {
            let mut decoder = Decoder::new(self.bytes.get(self.at..)?);
            let header = decoder.structure(0).ok()?;
            self.at += decoder.position();
            let size = usize::try_from(header.int(3)?).ok()?;
            let body = self.bytes.get(self.at..self.at.checked_add(size)?)?;
            self.at += size;
            let expected = usize::try_from(header.int(2)?).ok()?;
            let need = rows - out.len();
            let page = Page {
                header: &header,
                body,
                expected,
                need,
            };
            match header.int(1)? {
                2 => {
                    let count = usize::try_from(header.field(7)?.int(1)?).ok()?;
                    let data = self.decompress(body, expected)?;
                    dictionary = plain(&data, self.physical, count)?;
                }
                0 => out.extend(self.page_v1(&page, &dictionary)?),
                3 => out.extend(self.page_v2(&page, &dictionary)?),
                _ => {}
            }
        }
        out.truncate(rows);
        Some(out)
    }

    fn page_v1(&self, page: &Page<'_>, dictionary: &[Plain]) -> Option<Vec<Option<Plain>>> {
        let h = page.header.field(5)?;
        let count = usize::try_from(h.int(1)?).ok()?.min(page.need);
        let data = self.decompress(page.body, page.expected)?;
        let (defined, values) = if self.optional {
            let len = u32::from_le_bytes(data.get(..4)?.try_into().ok()?) as usize;
            let levels = rle_hybrid(data.get(4..4usize.checked_add(len)?)?, 1, count)?;
            (Some(levels), data.get(4 + len..)?)
        } else {
            (None, &data[..])
        };
        self.cells(h.int(2)?, defined, values, count, dictionary)
    }

    fn page_v2(&self, page: &Page<'_>, dictionary: &[Plain]) -> Option<Vec<Option<Plain>>> {
        let (h, body) = (page.header.field(8)?, page.body);
        let count = usize::try_from(h.int(1)?).ok()?.min(page.need);
        let def_len = usize::try_from(h.int(5)?).ok()?;
        let rep_len = usize::try_from(h.int(6)?).ok()?;
        let levels_len = def_len.checked_add(rep_len)?;
        let levels = body.get(rep_len..levels_len)?;
        let defined = if self.optional {
            Some(rle_hybrid(levels, 1, count)?)
        } else {
            None
        };
        let rest = body.get(levels_len..)?;
        let compressed = h.field(7) != Some(&Value::Bool(false));
        let data = if compressed {
            self.decompress(rest, page.expected.checked_sub(levels_len)?)?
        } else {
            rest.to_vec()
        };
        self.cells(h.int(4)?, defined, &data, count, dictionary)
    }

    /// `count` cells: values in `encoding` where `defined` says (every one
    /// without levels).
    fn cells(
        &self,
        encoding: i64,
        defined: Option<Vec<u32>>,
        data: &[u8],
        count: usize,
        dictionary: &[Plain],
    ) -> Option<Vec<Option<Plain>>> {
        let present = defined
            .as_ref()
            .map_or(count, |d| d.iter().filter(|l| **l == 1).count());
        let mut values = match encoding {
            0 => plain(data, self.physical, present)?,
            // Booleans in RLE (pages v2): a length, then runs of one bit.
            3 if self.physical == 0 => {
                let len = u32::from_le_bytes(data.get(..4)?.try_into().ok()?) as usize;
                let bits = rle_hybrid(data.get(4..4usize.checked_add(len)?)?, 1, present)?;
                bits.into_iter().map(|b| Plain::Bool(b == 1)).collect()
            }
            2 | 8 => {
                let width = *data.first()?;
                let indices = rle_hybrid(data.get(1..)?, width, present)?;
                let looked_up: Option<Vec<Plain>> = indices
                    .iter()
                    .map(|i| dictionary.get(*i as usize).cloned())
                    .collect();
                looked_up?
            }
            _ => return None,
        }
        .into_iter();
        Some(match defined {
            None => values.map(Some).collect(),
            Some(levels) => levels
                .iter()
                .map(|l| if *l == 1 { values.next() } else { None })
                .collect(),
        })
    }

    /// A page's bytes, decompressed to exactly `expected` bytes.
    fn decompress(&self, body: &[u8], expected: usize) -> Option<Vec<u8>> {
        if expected > MAX_PREVIEW_PAGE_BYTES {
            return None;
        }
        let data = match self.codec {
            0 => body.to_vec(),
            1 => snappy(body, expected)?,
            2 => {
                let mut out = Vec::with_capacity(expected);
                flate2::read::GzDecoder::new(body)
                    .take(expected as u64 + 1)
                    .read_to_end(&mut out)
                    .ok()?;
                out
            }
            _ => return None,
        };
        (data.len() == expected).then_some(data)
    }
}

/// `count` plain-encoded values of `physical` type.
fn plain(data: &[u8], physical: i64, count: usize) -> Option<Vec<Plain>> {
    let mut out = Vec::with_capacity(count.min(data.len().saturating_mul(8)));
    let mut at = 0usize;
    let mut take = |n: usize| -> Option<&[u8]> {
        let s = data.get(at..at.checked_add(n)?)?;
        at += n;
        Some(s)
    };
    for i in 0..count {
        out.push(match physical {
            0 => Plain::Bool(data.get(i / 8)? >> (i % 8) & 1 == 1),
            1 => Plain::Int(i64::from(i32::from_le_bytes(take(4)?.try_into().ok()?))),
            2 => Plain::Int(i64::from_le_bytes(take(8)?.try_into().ok()?)),
            4 => Plain::Float(f64::from(f32::from_le_bytes(take(4)?.try_into().ok()?))),
            5 => Plain::Float(f64::from_le_bytes(take(8)?.try_into().ok()?)),
            6 => {
                let len = u32::from_le_bytes(take(4)?.try_into().ok()?) as usize;
                Plain::Bytes(take(len)?.to_vec())
            }
            _ => return None,
        });
    }
    Some(out)
}

/// `count` values of the RLE / bit-packed hybrid encoding, `width` bits each.
fn rle_hybrid(data: &[u8], width: u8, count: usize) -> Option<Vec<u32>> {
    if width > 32 {
        return None;
    }
    let width = usize::from(width);
    let mut out = Vec::with_capacity(count);
    let mut d = Decoder::new(data);
    while out.len() < count {
        let header = d.varint().ok()?;
        if header & 1 == 0 {
            let run = usize::try_from(header >> 1).ok()?;
            let bytes = d.take(width.div_ceil(8)).ok()?;
            let value = bytes
                .iter()
                .rev()
                .fold(0u32, |v, b| (v << 8) | u32::from(*b));
            out.extend(std::iter::repeat_n(value, run.min(count - out.len())));
        } else {
            let values = usize::try_from(header >> 1).ok()?.checked_mul(8)?;
            let packed = d.take(values.checked_mul(width)? / 8).ok()?;
            for i in 0..values.min(count - out.len()) {
                let mut v = 0u32;
                for b in 0..width {
                    let bit = i * width + b;
                    v |= u32::from(packed[bit / 8] >> (bit % 8) & 1) << b;
                }
                out.push(v);
            }
        }
    }
    Some(out)
}

/// Snappy's raw format (what Parquet's SNAPPY pages hold), to `expected` bytes.
fn snappy(input: &[u8], expected: usize) -> Option<Vec<u8>> {
    let mut d = Decoder::new(input);
    if usize::try_from(d.varint().ok()?).ok()? != expected {
        return None;
    }
    let mut out: Vec<u8> = Vec::with_capacity(expected);
    while out.len() < expected {
        let tag = d.take(1).ok()?[0];
        let (len, offset) = match tag & 3 {
            0 => {
                let mut len = usize::from(tag >> 2);
                if len >= 60 {
                    let bytes = d.take(len - 59).ok()?;
                    len = bytes
                        .iter()
                        .rev()
                        .fold(0usize, |v, b| (v << 8) | usize::from(*b));
                }
                out.extend_from_slice(d.take(len.checked_add(1)?).ok()?);
                continue;
            }
            1 => {
                let low = usize::from(d.take(1).ok()?[0]);
                (
                    4 + usize::from(tag >> 2 & 7),
                    usize::from(tag >> 5) << 8 | low,
                )
            }
            2 => {
                let b = d.take(2).ok()?;
                (
                    usize::from(tag >> 2) + 1,
                    usize::from(u16::from_le_bytes([b[0], b[1]])),
                )
            }
            _ => {
                let b = d.take(4).ok()?;
                let offset = u32::from_le_bytes(b.try_into().ok()?);
                (usize::from(tag >> 2) + 1, usize::try_from(offset).ok()?)
            }
        };
        if offset == 0 || offset > out.len() || out.len() + len > expected {
            return None;
        }
        let from = out.len() - offset;
        for i in 0..len {
            out.push(out[from + i]);
        }
    }
    (out.len() == expected).then_some(out)
}

/// A value as pandas shows it.
fn text(value: Option<&Plain>, shown: Shown) -> String {
    let Some(value) = value else {
        return String::new();
    };
    match (value, shown) {
        (Plain::Bytes(b), _) => String::from_utf8_lossy(b).into_owned(),
        (Plain::Bool(b), _) => if *b { "True" } else { "False" }.into(),
        (Plain::Float(f), _) => number_text(*f),
        (Plain::Int(i), Shown::Date) => date_time(i.saturating_mul(86_400)),
        (Plain::Int(i), Shown::Timestamp(per_second)) => date_time(i.div_euclid(per_second)),
        (Plain::Int(i), Shown::Unsigned) if *i < 0 => (*i as u64).to_string(),
        (Plain::Int(i), _) => i.to_string(),
    }
}

/// Seconds since 1970-01-01 00:00 as `2026-01-31`, or `2026-01-31 08:30:00`.
fn date_time(seconds: i64) -> String {
    let (days, secs) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    // Days to a civil date (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if secs == 0 {
        format!("{year:04}-{month:02}-{day:02}")
    } else {
        format!("{year:04}-{month:02}-{day:02} {h:02}:{m:02}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_times_read_as_pandas_shows_them() {
        assert_eq!(date_time(0), "1970-01-01");
        assert_eq!(date_time(20_091 * 86_400), "2025-01-03");
        assert_eq!(date_time(20_091 * 86_400 + 30_600), "2025-01-03 08:30:00");
        assert_eq!(date_time(-86_400), "1969-12-31");
        assert_eq!(date_time(11_016 * 86_400), "2000-02-29");
    }

    #[test]
    fn snappy_literals_and_overlapping_copies() {
        // "abcabcabcd": literal "abc", copy 6 from 3 back, literal "d".
        let packed = [10, 2 << 2, b'a', b'b', b'c', (6 - 4) << 2 | 1, 3, 0, b'd'];
        assert_eq!(snappy(&packed, 10).expect("unpacked"), b"abcabcabcd");
        // A copy from before the start, or past the length: refused.
        assert_eq!(snappy(&[4, 1, 3], 4), None);
        assert_eq!(snappy(&[3, 0, b'a', 1, 1], 3), None);
    }

    #[test]
    fn rle_and_bit_packed_runs() {
        // A run of 3 × 5 (width 3), then 8 packed values 0..7 (width 3),
        // least significant bit first: 000 100 01|0 110 001 1|01 011 111.
        let data = [3 << 1, 5, 1 << 1 | 1, 0b1000_1000, 0b1100_0110, 0b1111_1010];
        assert_eq!(
            rle_hybrid(&data, 3, 11).expect("decoded"),
            [5, 5, 5, 0, 1, 2, 3, 4, 5, 6, 7]
        );
        assert_eq!(rle_hybrid(&[3 << 1], 3, 3), None, "a run cut short");
    }

    #[test]
    fn plain_values_of_each_type() {
        let mut data = 7i32.to_le_bytes().to_vec();
        data.extend((-2i32).to_le_bytes());
        let ints = plain(&data, 1, 2).expect("ints");
        assert_eq!(ints, [Plain::Int(7), Plain::Int(-2)]);
        let mut text = 5u32.to_le_bytes().to_vec();
        text.extend(b"North");
        assert_eq!(
            plain(&text, 6, 1),
            Some(vec![Plain::Bytes(b"North".to_vec())])
        );
        assert_eq!(plain(&text, 6, 2), None, "a value past the end");
        assert_eq!(
            plain(&[0b101], 0, 3),
            Some(vec![
                Plain::Bool(true),
                Plain::Bool(false),
                Plain::Bool(true)
            ])
        );
    }
}
