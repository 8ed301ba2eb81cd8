//! The description every reader that is not the CSV scan produces
//! (spreadsheets, JSON, Parquet): rows of cells written as text the way
//! pandas shows them (`12`, `2.5`, `2026-01-31`, `True`), fed to the same
//! type candidates, category values, header rule and pandas names as a
//! CSV's, so a sheet and the same table saved as CSV read alike.

use std::path::PathBuf;

use super::{
    is_empty_cell, is_header, pandas_header, Candidates, Categories, Column, ColumnKind,
    InputDescription, InputError, InputFormat, SheetInfo, PREVIEW_ROWS, TYPE_SAMPLE_ROWS,
};

/// What is known of a file before its rows: who it is and how it is read.
pub(super) struct Base {
    pub name: String,
    pub path: PathBuf,
    pub size_bytes: u64,
    pub sha256: String,
    pub format: InputFormat,
    pub sheet: Option<SheetInfo>,
    pub notes: Vec<String>,
}

/// Rows fed one at a time; columns may be added as they appear (JSON keys).
pub(super) struct Builder {
    /// Column names known in advance (JSON keys, Parquet fields); `None`:
    /// the first row may be a header, as in a CSV.
    names: Option<Vec<String>>,
    first: Option<Vec<String>>,
    candidates: Vec<Candidates>,
    empties: Vec<u64>,
    categories: Vec<Categories>,
    preview: Vec<Vec<String>>,
    data_rows: u64,
}

impl Builder {
    /// Rows whose first one may name the columns.
    pub fn sniffing() -> Self {
        Self::new(None)
    }

    /// Rows under columns named in advance.
    pub fn named(names: Vec<String>) -> Self {
        Self::new(Some(names))
    }

    fn new(names: Option<Vec<String>>) -> Self {
        let width = names.as_ref().map_or(0, Vec::len);
        Self {
            names,
            first: None,
            candidates: vec![Candidates::new(); width],
            empties: vec![0; width],
            categories: vec![Categories::default(); width],
            preview: Vec::new(),
            data_rows: 0,
        }
    }

    /// The position of column `name`, added when new (named columns only).
    pub fn column(&mut self, name: &str) -> usize {
        let names = self.names.get_or_insert_with(Vec::new);
        if let Some(at) = names.iter().position(|n| n == name) {
            return at;
        }
        names.push(name.to_owned());
        let width = names.len();
        self.widen(width);
        width - 1
    }

    fn widen(&mut self, width: usize) {
        if self.candidates.len() < width {
            self.candidates.resize(width, Candidates::new());
            self.empties.resize(width, 0);
            self.categories.resize(width, Categories::default());
        }
    }

    /// One row of cells as text; a blank row of a sheet is skipped, as
    /// pandas skips it (a JSON record of nulls is a row to pandas).
    pub fn push(&mut self, mut row: Vec<String>) {
        if self.names.is_none() && row.iter().all(|c| c.trim().is_empty()) {
            return;
        }
        if self.names.is_none() && self.first.is_none() {
            self.widen(row.len());
            self.first = Some(row);
            return;
        }
        let width = self.candidates.len().max(row.len());
        self.widen(width);
        row.resize(width, String::new());
        self.data_rows += 1;
        if self.data_rows <= TYPE_SAMPLE_ROWS {
            for (i, cell) in row.iter().enumerate() {
                self.feed(i, cell);
            }
        }
        if self.preview.len() < PREVIEW_ROWS {
            self.preview.push(row);
        }
    }

    fn feed(&mut self, i: usize, cell: &str) {
        let cell = cell.trim();
        if is_empty_cell(cell) {
            self.empties[i] += 1;
        } else {
            self.candidates[i].feed(cell, false);
            self.categories[i].feed(cell);
        }
    }

    /// The description: `rename` gives the names of a header row when they
    /// are not its cells as read (merged cells), given explicitly then.
    pub fn finish(
        mut self,
        base: Base,
        rename: impl FnOnce(&[String]) -> Option<Vec<String>>,
    ) -> Result<InputDescription, InputError> {
        let width = self.candidates.len();
        let (names, has_header, mut notes) = match (self.names.take(), self.first.take()) {
            (Some(names), _) => {
                // A key a record lacks is an empty cell of that record,
                // also for records read before the key first appeared.
                let sampled = self.data_rows.min(TYPE_SAMPLE_ROWS);
                for (i, c) in self.candidates.iter().enumerate() {
                    self.empties[i] = sampled - c.cells;
                }
                (names, true, Vec::new())
            }
            (None, None) => return Err(InputError::Empty(base.name)),
            (None, Some(mut first)) => {
                first.resize(width, String::new());
                if is_header(&first, &self.candidates, false) {
                    let given = rename(&first);
                    let raw = given.clone().unwrap_or_else(|| first.clone());
                    let names = pandas_header(&raw);
                    (names.clone(), true, super::header_notes(&raw, &names))
                } else {
                    for (i, cell) in first.iter().enumerate() {
                        self.feed(i, cell);
                    }
                    self.data_rows += 1;
                    self.preview.insert(0, first);
                    self.preview.truncate(PREVIEW_ROWS);
                    let names = (1..=width).map(|i| format!("column_{i}")).collect();
                    (names, false, Vec::new())
                }
            }
        };
        if has_header && self.data_rows == 0 {
            return Err(InputError::Empty(base.name));
        }
        let columns: Vec<Column> = names
            .into_iter()
            .enumerate()
            .map(|(i, name)| Column {
                currency: Column::currency_of(
                    &name,
                    self.candidates[i].kind(),
                    self.candidates[i].marks,
                ),
                kind: self.candidates[i].kind(),
                empty_cells: self.empties[i],
                values: self.categories[i].values(self.candidates[i].kind()),
                name,
            })
            .collect();
        if columns.iter().all(|c| c.kind == ColumnKind::Empty) {
            return Err(InputError::Empty(base.name));
        }
        notes.extend(super::number_notes(&columns, &self.candidates, false));
        notes.extend(base.notes);
        Ok(InputDescription {
            name: base.name,
            path: base.path,
            size_bytes: base.size_bytes,
            sha256: base.sha256,
            encoding: "UTF-8".into(),
            bom: false,
            delimiter: ',',
            decimal_comma: false,
            has_header,
            columns,
            row_count: self.data_rows,
            preview: self.preview,
            notes,
            format: base.format,
            sheet: base.sheet,
        })
    }
}

/// A number as pandas shows it: a whole number without a decimal part
/// (the spreadsheet readers turn `12.0` into `12`), else its shortest form.
pub(super) fn number_text(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}

/// A date and time as pandas shows it: `2026-01-31`, or with its time
/// `2026-01-31 08:30:00`.
pub(super) fn date_text(y: u16, mo: u8, d: u8, h: u8, mi: u8, s: u8) -> String {
    if (h, mi, s) == (0, 0, 0) {
        format!("{y:04}-{mo:02}-{d:02}")
    } else {
        format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> Base {
        Base {
            name: "t".into(),
            path: "t".into(),
            size_bytes: 1,
            sha256: String::new(),
            format: InputFormat::JsonLines,
            sheet: None,
            notes: Vec::new(),
        }
    }

    #[test]
    fn rows_read_like_a_csv_with_the_same_cells() {
        let mut b = Builder::sniffing();
        for row in [
            ["region", "amount", "day"],
            ["South", "3", "2026-01-31"],
            ["North", "2.5", ""],
        ] {
            b.push(row.iter().map(|s| s.to_string()).collect());
        }
        let d = b.finish(base(), |_| None).expect("describe");
        let kinds: Vec<ColumnKind> = d.columns.iter().map(|c| c.kind).collect();
        assert_eq!(
            kinds,
            [ColumnKind::Text, ColumnKind::Decimal, ColumnKind::Date]
        );
        assert_eq!((d.row_count, d.columns[2].empty_cells), (2, 1));
        assert_eq!(d.columns[0].values, ["North", "South"]);
    }

    #[test]
    fn columns_named_in_advance_grow_as_keys_appear() {
        let mut b = Builder::named(Vec::new());
        let a = b.column("a");
        b.push(vec![String::from("1")]);
        let c = b.column("c");
        let mut row = vec![String::new(); 2];
        row[a] = "2".into();
        row[c] = "x".into();
        b.push(row);
        let d = b.finish(base(), |_| None).expect("describe");
        assert_eq!(d.columns.len(), 2);
        assert_eq!(
            (d.columns[1].name.as_str(), d.columns[1].empty_cells),
            ("c", 1)
        );
    }

    #[test]
    fn numbers_and_dates_are_written_as_pandas_shows_them() {
        assert_eq!(number_text(12.0), "12");
        assert_eq!(number_text(2.5), "2.5");
        assert_eq!(date_text(2026, 1, 31, 0, 0, 0), "2026-01-31");
        assert_eq!(date_text(2026, 1, 31, 8, 30, 0), "2026-01-31 08:30:00");
    }
}
