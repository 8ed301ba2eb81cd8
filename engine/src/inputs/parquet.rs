//! Parquet files described from their footer alone: the file metadata at
//! the end (Thrift compact protocol, decoded here by hand — a few hundred
//! lines instead of a Parquet crate and its dependencies) gives the
//! columns, their types, the row count and each column's empty cells (the
//! null counts of its statistics, when written). The preview's first rows
//! are decoded by `parquet_rows` when it can (else the preview is empty);
//! no other row is read on the host, so text columns list no values; the
//! sandbox reads the file with pandas and pyarrow.

use std::io::{Read, Seek, SeekFrom};

use sha2::{Digest, Sha256};

use super::table::Base;
use super::{Column, ColumnKind, InputDescription, InputError, PREVIEW_ROWS};

/// Largest footer read.
pub const MAX_FOOTER_BYTES: u64 = 64 * 1024 * 1024;
/// Deepest nesting of Thrift structures and lists followed.
const MAX_DEPTH: usize = 32;

/// Describes a Parquet file from its footer; the whole file is hashed.
pub(super) fn describe(
    mut file: std::fs::File,
    base: Base,
) -> Result<InputDescription, InputError> {
    let damaged = |reason: &str| InputError::Damaged {
        name: base.name.clone(),
        what: base.format.what().into(),
        reason: reason.to_owned(),
    };
    let footer = read_footer(&mut file, base.size_bytes).map_err(|e| damaged(&e))?;
    let meta = Decoder::new(&footer).structure(0).map_err(damaged)?;
    let (columns, rows) = table_of(&meta).map_err(damaged)?;
    file.rewind().map_err(|e| damaged(&e.to_string()))?;
    let mut hasher = Sha256::new();
    std::io::copy(&mut file, &mut hasher).map_err(|e| damaged(&e.to_string()))?;
    if columns.is_empty() {
        return Err(InputError::Empty(base.name));
    }
    let names: Vec<String> = columns.iter().map(|c| c.name.clone()).collect();
    let shown = usize::try_from(rows)
        .unwrap_or(usize::MAX)
        .min(PREVIEW_ROWS);
    let preview = super::parquet_rows::first_rows(&file, &meta, &names, shown).unwrap_or_default();
    let mut notes = base.notes;
    notes.push(if preview.is_empty() {
        "a Parquet file: its columns, types and row count come from its footer; its rows are read only in the sandbox, so no preview is shown".into()
    } else {
        "a Parquet file: its columns, types and row count come from its footer, its first rows from its first pages; the other rows are read only in the sandbox".into()
    });
    Ok(InputDescription {
        name: base.name,
        path: base.path,
        size_bytes: base.size_bytes,
        sha256: hex::encode(hasher.finalize()),
        encoding: "UTF-8".into(),
        bom: false,
        delimiter: ',',
        decimal_comma: false,
        has_header: true,
        columns,
        row_count: rows,
        preview,
        notes,
        format: base.format,
        sheet: None,
    })
}

/// The metadata block: `<metadata><4-byte length>PAR1` at the end.
fn read_footer(file: &mut std::fs::File, size: u64) -> Result<Vec<u8>, String> {
    if size < 12 {
        return Err("the file is too short to be Parquet".into());
    }
    let mut tail = [0u8; 8];
    file.seek(SeekFrom::End(-8)).map_err(|e| e.to_string())?;
    file.read_exact(&mut tail).map_err(|e| e.to_string())?;
    if &tail[4..] != b"PAR1" {
        return Err("its end marker is missing: the file was cut short".into());
    }
    let len = u64::from(u32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]));
    if len > MAX_FOOTER_BYTES || len + 12 > size {
        return Err("its footer length does not fit the file".into());
    }
    let mut footer = vec![0u8; len as usize];
    file.seek(SeekFrom::End(-8 - len as i64))
        .map_err(|e| e.to_string())?;
    file.read_exact(&mut footer).map_err(|e| e.to_string())?;
    Ok(footer)
}

/// A decoded Thrift value (strings kept as bytes, maps skipped).
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Value {
    Int(i64),
    Bool(bool),
    Double(f64),
    Bytes(Vec<u8>),
    List(Vec<Value>),
    Struct(Vec<(i16, Value)>),
    Skipped,
}

impl Value {
    pub(super) fn field(&self, id: i16) -> Option<&Value> {
        match self {
            Value::Struct(fields) => fields.iter().find(|(f, _)| *f == id).map(|(_, v)| v),
            _ => None,
        }
    }
    pub(super) fn int(&self, id: i16) -> Option<i64> {
        match self.field(id)? {
            Value::Int(i) => Some(*i),
            _ => None,
        }
    }
    pub(super) fn list(&self, id: i16) -> &[Value] {
        match self.field(id) {
            Some(Value::List(items)) => items,
            _ => &[],
        }
    }
    pub(super) fn text(&self, id: i16) -> Option<String> {
        match self.field(id)? {
            Value::Bytes(b) => Some(String::from_utf8_lossy(b).into_owned()),
            _ => None,
        }
    }
}

/// Thrift's compact protocol over a byte slice.
pub(super) struct Decoder<'a> {
    bytes: &'a [u8],
    at: usize,
}

type Decoded<T> = Result<T, &'static str>;

impl<'a> Decoder<'a> {
    pub(super) fn new(bytes: &'a [u8]) -> Self {
        Self { bytes, at: 0 }
    }

    /// Bytes decoded so far.
    pub(super) fn position(&self) -> usize {
        self.at
    }

    fn byte(&mut self) -> Decoded<u8> {
        let b = *self.bytes.get(self.at).ok_or("its footer ends too soon")?;
        self.at += 1;
        Ok(b)
    }

    pub(super) fn varint(&mut self) -> Decoded<u64> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            value |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err("its footer holds a number too long")
    }

    fn zigzag(&mut self) -> Decoded<i64> {
        let v = self.varint()?;
        Ok((v >> 1) as i64 ^ -((v & 1) as i64))
    }

    pub(super) fn take(&mut self, n: usize) -> Decoded<&'a [u8]> {
        let end = self.at.checked_add(n).ok_or("its footer is inconsistent")?;
        let slice = self
            .bytes
            .get(self.at..end)
            .ok_or("its footer ends too soon")?;
        self.at = end;
        Ok(slice)
    }

    pub(super) fn structure(&mut self, depth: usize) -> Decoded<Value> {
        if depth > MAX_DEPTH {
            return Err("its footer nests too deep");
        }
        let mut fields = Vec::new();
        let mut last = 0i16;
        loop {
            let head = self.byte()?;
            let kind = head & 0x0f;
            if kind == 0 {
                return Ok(Value::Struct(fields));
            }
            let delta = i16::from(head >> 4);
            let id = if delta == 0 {
                i16::try_from(self.zigzag()?).map_err(|_| "a field id is out of range")?
            } else {
                last.checked_add(delta)
                    .ok_or("a field id is out of range")?
            };
            last = id;
            let value = match kind {
                1 => Value::Bool(true),
                2 => Value::Bool(false),
                _ => self.value(kind, depth)?,
            };
            fields.push((id, value));
        }
    }

    fn value(&mut self, kind: u8, depth: usize) -> Decoded<Value> {
        Ok(match kind {
            1 | 2 => Value::Bool(self.byte()? == 1),
            3 => Value::Int(i64::from(self.byte()? as i8)),
            4..=6 => Value::Int(self.zigzag()?),
            7 => {
                let b = self.take(8)?;
                Value::Double(f64::from_le_bytes(b.try_into().map_err(|_| "bad double")?))
            }
            8 => {
                let n = usize::try_from(self.varint()?).map_err(|_| "a text is too long")?;
                Value::Bytes(self.take(n)?.to_vec())
            }
            9 | 10 => self.list(depth)?,
            11 => self.map(depth)?,
            12 => self.structure(depth + 1)?,
            _ => return Err("its footer holds an unknown type"),
        })
    }

    fn list(&mut self, depth: usize) -> Decoded<Value> {
        let head = self.byte()?;
        let kind = head & 0x0f;
        let size = match head >> 4 {
            15 => usize::try_from(self.varint()?).map_err(|_| "a list is too long")?,
            n => usize::from(n),
        };
        if size > self.bytes.len() - self.at {
            return Err("a list is longer than its footer");
        }
        let mut items = Vec::with_capacity(size);
        for _ in 0..size {
            items.push(self.value(kind, depth + 1)?);
        }
        Ok(Value::List(items))
    }

    fn map(&mut self, depth: usize) -> Decoded<Value> {
        let size = usize::try_from(self.varint()?).map_err(|_| "a map is too long")?;
        if size == 0 {
            return Ok(Value::Skipped);
        }
        if size > self.bytes.len() - self.at {
            return Err("a map is longer than its footer");
        }
        let kinds = self.byte()?;
        for _ in 0..size {
            self.value(kinds >> 4, depth + 1)?;
            self.value(kinds & 0x0f, depth + 1)?;
        }
        Ok(Value::Skipped)
    }
}

/// The top-level columns and the row count of `FileMetaData`.
fn table_of(meta: &Value) -> Decoded<(Vec<Column>, u64)> {
    let schema = meta.list(2);
    let root = schema.first().ok_or("its footer has no schema")?;
    let top = root.int(5).unwrap_or(0);
    let rows = u64::try_from(meta.int(3).ok_or("its footer has no row count")?)
        .map_err(|_| "its row count is negative")?;
    let nulls = null_counts(meta);
    let mut columns = Vec::new();
    let mut at = 1usize;
    for _ in 0..top {
        let element = schema.get(at).ok_or("its schema is cut short")?;
        let name = element.text(4).ok_or("a column has no name")?;
        at = skip_subtree(schema, at)?;
        if name.starts_with("__index_level_") {
            continue; // pandas' index, restored as the index
        }
        columns.push(Column {
            empty_cells: nulls.get(&name).copied().unwrap_or(0),
            kind: kind_of(element),
            currency: Column::currency_of(&name, kind_of(element), Default::default()),
            name,
            values: Vec::new(),
        });
    }
    Ok((columns, rows))
}

/// The position after element `at` and all its children.
fn skip_subtree(schema: &[Value], at: usize) -> Decoded<usize> {
    let mut pending = 1i64;
    let mut i = at;
    while pending > 0 {
        let element = schema.get(i).ok_or("its schema is cut short")?;
        pending += element.int(5).unwrap_or(0) - 1;
        i += 1;
    }
    Ok(i)
}

/// Null counts of the top-level leaf columns, summed over row groups.
fn null_counts(meta: &Value) -> std::collections::HashMap<String, u64> {
    let mut out = std::collections::HashMap::new();
    for group in meta.list(4) {
        for chunk in group.list(1) {
            let Some(column) = chunk.field(3) else {
                continue;
            };
            let path = column.list(3);
            let (Some(Value::Bytes(name)), 1) = (path.first(), path.len()) else {
                continue;
            };
            let nulls = column.field(12).and_then(|s| s.int(3)).unwrap_or(0);
            *out.entry(String::from_utf8_lossy(name).into_owned())
                .or_insert(0) += u64::try_from(nulls).unwrap_or(0);
        }
    }
    out
}

/// The kind of a schema element from its physical, converted and logical
/// types.
fn kind_of(element: &Value) -> ColumnKind {
    if element.int(5).unwrap_or(0) > 0 {
        return ColumnKind::Text; // a nested group: lists and records
    }
    // LogicalType is a union: the field set names the type.
    let logical = match element.field(10) {
        Some(Value::Struct(fields)) => fields.first().map(|(id, _)| *id),
        _ => None,
    };
    match (logical, element.int(6), element.int(1)) {
        (Some(6 | 8), _, _) | (_, Some(6 | 9 | 10), _) | (_, _, Some(3)) => ColumnKind::Date,
        (Some(5), _, _) | (_, Some(5), _) => ColumnKind::Decimal,
        (Some(1 | 4 | 12 | 14 | 7), _, _) | (_, Some(0 | 4 | 7 | 8), _) => ColumnKind::Text,
        (_, _, Some(0)) => ColumnKind::Boolean,
        (_, _, Some(1 | 2)) => ColumnKind::Integer,
        (_, _, Some(4 | 5)) => ColumnKind::Decimal,
        _ => ColumnKind::Text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A compact-protocol writer for the test footers.
    #[derive(Default)]
    struct W(Vec<u8>, Vec<i16>);

    impl W {
        fn varint(&mut self, mut v: u64) {
            loop {
                let b = (v & 0x7f) as u8;
                v >>= 7;
                if v == 0 {
                    self.0.push(b);
                    return;
                }
                self.0.push(b | 0x80);
            }
        }
        fn head(&mut self, id: i16, kind: u8) {
            let last = self.1.last().copied().unwrap_or(0);
            self.0.push(((id - last) as u8) << 4 | kind);
            *self.1.last_mut().unwrap() = id;
        }
        fn int(&mut self, id: i16, v: i64) {
            self.head(id, 5);
            self.varint(((v << 1) ^ (v >> 63)) as u64);
        }
        fn text(&mut self, id: i16, s: &str) {
            self.head(id, 8);
            self.varint(s.len() as u64);
            self.0.extend_from_slice(s.as_bytes());
        }
        fn open(&mut self) {
            self.1.push(0);
        }
        fn close(&mut self) {
            self.0.push(0);
            self.1.pop();
        }
        fn element(&mut self, name: &str, ty: Option<i64>, children: i64, converted: Option<i64>) {
            self.open();
            if let Some(t) = ty {
                self.int(1, t);
            }
            self.text(4, name);
            if children > 0 {
                self.int(5, children);
            }
            if let Some(c) = converted {
                self.int(6, c);
            }
            self.close();
        }
    }

    #[test]
    fn a_footer_gives_columns_types_and_rows() {
        let mut w = W::default();
        w.open();
        w.int(1, 2);
        w.head(2, 9);
        w.0.push(5 << 4 | 12);
        w.element("schema", None, 4, None);
        w.element("region", Some(6), 0, Some(0));
        w.element("amount", Some(5), 0, None);
        w.element("units", Some(2), 0, None);
        w.element("day", Some(1), 0, Some(6));
        w.head(3, 6);
        w.varint(240); // 120 rows, zigzag
        w.close();
        let meta = Decoder::new(&w.0).structure(0).expect("decode");
        let (columns, rows) = table_of(&meta).expect("table");
        let got: Vec<(&str, ColumnKind)> =
            columns.iter().map(|c| (c.name.as_str(), c.kind)).collect();
        assert_eq!(
            got,
            [
                ("region", ColumnKind::Text),
                ("amount", ColumnKind::Decimal),
                ("units", ColumnKind::Integer),
                ("day", ColumnKind::Date)
            ]
        );
        assert_eq!(rows, 120);
    }

    #[test]
    fn a_cut_footer_is_an_error_not_a_panic() {
        for bytes in [&b"\x15"[..], b"\x19\xfc", b"\x19\xf5\xff\xff\xff\x0f", b""] {
            assert!(Decoder::new(bytes).structure(0).is_err());
        }
    }
}
