//! JSON tables: one array of records (`[{"region": "South", …}, …]`) or one
//! record per line (JSON lines). Columns are the records' keys in the order
//! they first appear; a value is written as pandas shows it (`12`, `2.5`,
//! `True`, empty for `null`), a nested value as its JSON text.
//!
//! JSON lines are read as a stream; an array is read whole, within
//! [`MAX_JSON_DOCUMENT_BYTES`]. The sandbox reads the file with
//! `pd.read_json` (no date or type guessing, so a text stays a text).

use std::io::{BufRead, BufReader, Read};

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use super::hash::HashingReader;
use super::table::{number_text, Base, Builder};
use super::{InputDescription, InputError, InputFormat};

/// Largest JSON array read (it is held in memory whole); JSON lines have
/// no such limit.
pub const MAX_JSON_DOCUMENT_BYTES: u64 = 256 * 1024 * 1024;

/// Describes a JSON file of records or lines.
pub(super) fn describe(file: std::fs::File, base: Base) -> Result<InputDescription, InputError> {
    let mut reader = HashingReader::new(file);
    let mut builder = Builder::named(Vec::new());
    let name = base.name.clone();
    if base.format == InputFormat::JsonRecords {
        if base.size_bytes > MAX_JSON_DOCUMENT_BYTES {
            return Err(InputError::TooLarge {
                name,
                size: base.size_bytes,
                max: MAX_JSON_DOCUMENT_BYTES,
            });
        }
        records(&mut reader, &name, &mut builder)?;
    } else {
        lines(&mut reader, &name, &mut builder)?;
    }
    let sha256 = reader.finish().map_err(|e| InputError::Unreadable {
        name: base.name.clone(),
        reason: e.to_string(),
    })?;
    builder.finish(Base { sha256, ..base }, |_| None)
}

fn bad(name: &str, line: u64, reason: impl std::fmt::Display) -> InputError {
    InputError::BadJson {
        name: name.to_owned(),
        line,
        reason: reason.to_string(),
    }
}

fn records(reader: &mut impl Read, name: &str, builder: &mut Builder) -> Result<(), InputError> {
    let Records(items) =
        serde_json::from_reader(reader).map_err(|e| bad(name, e.line() as u64, e))?;
    for record in items {
        push(builder, record);
    }
    Ok(())
}

fn lines(reader: &mut impl Read, name: &str, builder: &mut Builder) -> Result<(), InputError> {
    let mut buffered = BufReader::new(reader);
    let mut line = String::new();
    let mut number = 0u64;
    loop {
        line.clear();
        let n = buffered
            .read_line(&mut line)
            .map_err(|e| bad(name, number + 1, e))?;
        if n == 0 {
            return Ok(());
        }
        number += 1;
        let text = line.trim().trim_start_matches('\u{feff}');
        if text.is_empty() {
            continue;
        }
        match serde_json::from_str::<Record>(text) {
            Ok(record) => push(builder, record),
            Err(e) if e.is_data() => {
                return Err(bad(name, number, "this line is not a record ({…})"))
            }
            Err(e) if number == 1 && e.is_eof() => {
                return Err(bad(
                    name,
                    1,
                    "it is one JSON object over several lines, not one record per line",
                ))
            }
            Err(e) => {
                // serde's "at line 1 column 31" is within this one line.
                let said = e.to_string();
                let what = said.split(" at line ").next().unwrap_or(&said);
                return Err(bad(name, number, format!("{what}, column {}", e.column())));
            }
        }
    }
}

/// One record, its keys in the file's order (pandas' column order).
struct Record(Vec<(String, Value)>);

impl<'de> Deserialize<'de> for Record {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Keys;
        impl<'de> Visitor<'de> for Keys {
            type Value = Record;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a record ({…})")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Record, A::Error> {
                let mut pairs = Vec::new();
                while let Some(pair) = map.next_entry::<String, Value>()? {
                    pairs.push(pair);
                }
                Ok(Record(pairs))
            }
        }
        d.deserialize_map(Keys)
    }
}

/// A list of records.
struct Records(Vec<Record>);

impl<'de> Deserialize<'de> for Records {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Items;
        impl<'de> Visitor<'de> for Items {
            type Value = Records;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of records ([{…}, {…}])")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Records, A::Error> {
                let mut items = Vec::new();
                while let Some(record) = seq.next_element::<Record>()? {
                    items.push(record);
                }
                Ok(Records(items))
            }
        }
        d.deserialize_seq(Items)
    }
}

fn push(builder: &mut Builder, Record(record): Record) {
    let mut row: Vec<String> = Vec::new();
    for (key, value) in record {
        let at = builder.column(&key);
        if row.len() <= at {
            row.resize(at + 1, String::new());
        }
        row[at] = value_text(&value);
    }
    builder.push(row);
}

/// A value as pandas shows it.
fn value_text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::Bool(b) => if *b { "True" } else { "False" }.into(),
        Value::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => i.to_string(),
            (None, Some(f)) => number_text(f),
            _ => n.to_string(),
        },
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inputs::ColumnKind;
    use sha2::{Digest, Sha256};

    fn describe_text(format: InputFormat, text: &str) -> Result<InputDescription, InputError> {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("t.json");
        std::fs::write(&path, text).expect("write");
        let base = Base {
            name: "t.json".into(),
            path: path.clone(),
            size_bytes: text.len() as u64,
            sha256: String::new(),
            format,
            sheet: None,
            notes: Vec::new(),
        };
        describe(std::fs::File::open(&path).expect("open"), base)
    }

    #[test]
    fn lines_and_records_give_the_same_table() {
        let lines = "{\"region\": \"South\", \"amount\": 3}\n{\"region\": \"North\", \"amount\": 2.5, \"ok\": true}\n";
        let records = "[{\"region\": \"South\", \"amount\": 3},\n {\"region\": \"North\", \"amount\": 2.5, \"ok\": true}]";
        for (format, text) in [
            (InputFormat::JsonLines, lines),
            (InputFormat::JsonRecords, records),
        ] {
            let d = describe_text(format, text).expect("describe");
            let cols: Vec<(&str, ColumnKind, u64)> = d
                .columns
                .iter()
                .map(|c| (c.name.as_str(), c.kind, c.empty_cells))
                .collect();
            assert_eq!(
                cols,
                [
                    ("region", ColumnKind::Text, 0),
                    ("amount", ColumnKind::Decimal, 0),
                    ("ok", ColumnKind::Boolean, 1)
                ]
            );
            assert_eq!(d.row_count, 2);
            assert_eq!(d.sha256, hex::encode(Sha256::digest(text.as_bytes())));
        }
    }

    #[test]
    fn broken_json_names_its_line() {
        let e = describe_text(InputFormat::JsonLines, "{\"a\": 1}\n{\"a\": \n").unwrap_err();
        assert!(matches!(e, InputError::BadJson { line: 2, .. }), "{e}");
        let e = describe_text(InputFormat::JsonLines, "{\n \"a\": 1\n}\n").unwrap_err();
        assert!(
            e.to_string().contains("one JSON object over several lines"),
            "{e}"
        );
    }
}
