//! The result document the job writes on its own channel, parsed by a strict
//! schema and checked for invariants before anything reaches a person.
//!
//! Output is data, never instructions: texts are kept as plain strings, sizes
//! are capped, numbers must be finite, charts must name columns that exist.

use serde::{Deserialize, Serialize};

use crate::lang::Lang;

/// Largest result document accepted (the sandbox caps the channel too).
pub const MAX_DOCUMENT_BYTES: usize = 8 * 1024 * 1024;
/// Most answers.
pub const MAX_ANSWERS: usize = 100;
/// Most tables.
pub const MAX_TABLES: usize = 20;
/// Most rows kept per table.
pub const MAX_ROWS: usize = 10_000;
/// Most columns per table.
pub const MAX_COLUMNS: usize = 100;
/// Longest text value.
pub const MAX_TEXT: usize = 10_000;
/// Most cells over all tables (rows × columns): what is drawn and printed
/// stays small even when every table is at its row and column caps.
pub const MAX_CELLS: usize = 200_000;
/// Most charts asked for.
pub const MAX_CHARTS: usize = 20;
/// Most notes.
pub const MAX_NOTES: usize = 50;
/// Longest name (answer, unit, table, column, chart title), in characters.
pub const MAX_NAME_CHARS: usize = 200;
/// Largest magnitude a number may have: far beyond any measured quantity,
/// and far enough from the largest `f64` (1.8e308) that sums, differences
/// and margins of `MAX_ROWS` such numbers stay finite when charts are
/// planned. A table cell beyond it is left empty and said in a note; an
/// answer beyond it is refused.
pub const MAX_MAGNITUDE: f64 = 1e100;
/// What a table cell that was not a finite number is replaced with.
const BLANK: RawValue = RawValue::Null;

/// A scalar as the job sent it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RawValue {
    /// Nothing.
    Null,
    /// True or false.
    Bool(bool),
    /// A number.
    Number(f64),
    /// A text.
    Text(String),
    /// NaN or an infinity, marked by the helper module.
    NonFinite {
        /// "nan", "inf" or "-inf".
        non_finite: String,
    },
}

/// An answer as sent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAnswer {
    /// Name.
    pub name: String,
    /// Value.
    pub value: RawValue,
    /// Unit or kind (`count`, `rate`, `percent`, a currency...).
    pub unit: Option<String>,
}

/// Tables the offline recipes add to say how many rows were used: read by
/// the explanation, shown under "how it was computed", never charted.
pub const INTERNAL_TABLES: &[&str] = &["rows_used", "row_counts", "date_range", "joined"];

/// A table as sent.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Table"))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTable {
    /// Name.
    pub name: String,
    /// Column names.
    pub columns: Vec<String>,
    /// Rows (at most `MAX_ROWS` kept by the module).
    #[cfg_attr(
        feature = "ts",
        ts(type = "Array<Array<number | string | boolean | null>>")
    )]
    pub rows: Vec<Vec<RawValue>>,
    /// Rows in the whole table.
    pub total_rows: u64,
}

/// A chart request as sent.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ChartRequest"))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawChart {
    /// `bar`, `line`, `scatter`, `pie`, `histogram`.
    pub kind: String,
    /// Table name.
    pub table: String,
    /// Column for x.
    pub x: String,
    /// Columns for y.
    pub y: Vec<String>,
    /// Title.
    pub title: Option<String>,
}

/// An exception the job raised.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawError {
    /// Exception type name.
    #[serde(rename = "type")]
    pub kind: String,
    /// Message.
    pub message: String,
    /// Line in the code, when known.
    pub line: Option<u64>,
}

/// The whole document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDocument {
    /// Format version (1).
    pub glovebox: u32,
    /// The run's nonce.
    pub nonce: String,
    /// Answers.
    pub answers: Vec<RawAnswer>,
    /// Tables.
    pub tables: Vec<RawTable>,
    /// Charts.
    pub charts: Vec<RawChart>,
    /// Notes.
    pub notes: Vec<String>,
    /// Exception, if the code failed.
    pub error: Option<RawError>,
    /// Files the code opened (audit hook).
    pub files_opened: Vec<serde_json::Value>,
    /// Network events (audit hook).
    pub network_events: Vec<serde_json::Value>,
    /// Process events (audit hook).
    pub process_events: Vec<serde_json::Value>,
}

/// A checked value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Value {
    /// A finite number.
    Number(f64),
    /// A text.
    Text(String),
}

/// A checked answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    /// Name.
    pub name: String,
    /// Value.
    pub value: Value,
    /// Unit.
    pub unit: Option<String>,
}

/// The checked result of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CheckedResult {
    /// Answers.
    pub answers: Vec<Answer>,
    /// Tables (cells: number, text or null).
    pub tables: Vec<RawTable>,
    /// Charts, each naming an existing table and columns.
    pub charts: Vec<RawChart>,
    /// Notes.
    pub notes: Vec<String>,
    /// Answers per group that had no value (NaN: the group's cells are all
    /// empty or unreadable), left out of `answers` and said in the
    /// explanation.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub empty_groups: Vec<String>,
    /// Files opened, as the code's audit hook saw them.
    pub files_opened: Vec<serde_json::Value>,
    /// Network events the audit hook saw.
    pub network_events: Vec<serde_json::Value>,
    /// Process events the audit hook saw.
    pub process_events: Vec<serde_json::Value>,
}

/// Why a result was not accepted; the message is for people.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
pub enum ResultProblem {
    /// Nothing arrived on the channel.
    #[error("the calculation ended without reporting a result (it must call glovebox.answer or glovebox.table)")]
    Missing,
    /// The document is not valid.
    #[error("the calculation reported its result in a form Glovebox cannot read ({0})")]
    Malformed(String),
    /// The nonce does not match: the document was not written by this run's module.
    #[error("the reported result does not carry this run's seal, so it was not trusted")]
    WrongNonce,
    /// The code raised an exception.
    #[error("line {line}: {message}")]
    CodeFailed {
        /// Line, or 0 when unknown.
        line: u64,
        /// Exception text.
        message: String,
    },
    /// Nothing was reported.
    #[error("the calculation reported no answer and no table")]
    Empty,
    /// A value is not finite.
    #[error("the value \"{0}\" is not a finite number")]
    NotFinite(String),
    /// A rate is outside [0, 1], a percent outside [0, 100], a count negative or fractional.
    #[error("the value \"{name}\" is {value}, which is not a valid {unit}")]
    OutOfRange {
        /// Answer name.
        name: String,
        /// Its value.
        value: String,
        /// Declared unit.
        unit: String,
    },
    /// Too much of something.
    #[error("the result has too many {0}")]
    TooMany(&'static str),
    /// A chart names a missing table or column.
    #[error("the chart \"{chart}\" uses {missing}, which is not in its table")]
    ChartColumn {
        /// Chart title or kind.
        chart: String,
        /// Missing table or column.
        missing: String,
    },
    /// A table row has the wrong width.
    #[error("the table \"{0}\" has rows of different widths")]
    RaggedTable(String),
    /// A number is finite but too large to be a result.
    #[error("the value \"{name}\" is {value}, larger than any result Glovebox accepts (at most 1e100 either way)")]
    TooLarge {
        /// Answer name.
        name: String,
        /// Its value.
        value: String,
    },
}

fn check_value(name: &str, raw: &RawValue, unit: Option<&str>) -> Result<Value, ResultProblem> {
    let value = match raw {
        RawValue::Number(n) if n.is_finite() && n.abs() > MAX_MAGNITUDE => {
            return Err(ResultProblem::TooLarge {
                name: name.into(),
                value: format!("{n:e}"),
            })
        }
        RawValue::Number(n) if n.is_finite() => Value::Number(*n),
        RawValue::Number(_) | RawValue::NonFinite { .. } => {
            return Err(ResultProblem::NotFinite(name.into()))
        }
        // An answer is one line wherever it is shown (a newline could print
        // a line of its own, "Answer: 1000000", in a terminal or an
        // explanation): controls made visible, cut at `MAX_TEXT`.
        RawValue::Text(t) => Value::Text(crate::terminal::cell(t, MAX_TEXT).into_owned()),
        RawValue::Bool(b) => Value::Text(b.to_string()),
        RawValue::Null => return Err(ResultProblem::NotFinite(name.into())),
    };
    if let (Value::Number(n), Some(unit)) = (&value, unit) {
        let ok = match unit.to_ascii_lowercase().as_str() {
            "rate" | "ratio" | "share" | "fraction" | "probability" => (0.0..=1.0).contains(n),
            // A percent may be a change (-12 %) or a growth (+250 %).
            "count" => *n >= 0.0 && n.fract() == 0.0,
            _ => true,
        };
        if !ok {
            return Err(ResultProblem::OutOfRange {
                name: name.into(),
                value: n.to_string(),
                unit: unit.into(),
            });
        }
    }
    Ok(value)
}

/// True for an answer named per group: "mean of revenue (North)".
fn is_group_answer(name: &str) -> bool {
    name.ends_with(')') && name.contains(" (")
}

/// Parses and checks the channel's text for a run sealed with `nonce`.
pub fn check(
    channel: &str,
    truncated: bool,
    nonce: &str,
    lang: Lang,
) -> Result<CheckedResult, ResultProblem> {
    let _span = tracing::info_span!("validate", bytes = channel.len()).entered();
    let text = channel.trim();
    if text.is_empty() {
        return Err(ResultProblem::Missing);
    }
    if truncated || text.len() > MAX_DOCUMENT_BYTES {
        return Err(ResultProblem::TooMany("bytes"));
    }
    let doc: RawDocument =
        serde_json::from_str(text).map_err(|e| ResultProblem::Malformed(e.to_string()))?;
    if doc.glovebox != 1 {
        return Err(ResultProblem::Malformed(format!(
            "format version {}",
            doc.glovebox
        )));
    }
    if doc.nonce != nonce {
        return Err(ResultProblem::WrongNonce);
    }
    if let Some(error) = &doc.error {
        return Err(ResultProblem::CodeFailed {
            line: error.line.unwrap_or(0),
            message: format!(
                "{}: {}",
                error.kind,
                error.message.chars().take(500).collect::<String>()
            ),
        });
    }
    if doc.answers.len() > MAX_ANSWERS {
        return Err(ResultProblem::TooMany("answers"));
    }
    if doc.tables.len() > MAX_TABLES {
        return Err(ResultProblem::TooMany("tables"));
    }
    if doc.answers.is_empty() && doc.tables.is_empty() {
        return Err(ResultProblem::Empty);
    }
    if doc.charts.len() > MAX_CHARTS {
        return Err(ResultProblem::TooMany("charts"));
    }
    if doc.notes.len() > MAX_NOTES {
        return Err(ResultProblem::TooMany("notes"));
    }
    let (answers, empty_groups) = check_answers(&doc.answers)?;
    if answers.is_empty() && doc.tables.is_empty() {
        return Err(ResultProblem::Empty);
    }
    let (tables, mut notes) = check_tables(doc.tables, lang)?;
    let charts = check_charts(doc.charts, &tables)?;
    // A note is one line: a newline in it could print a line of its own
    // ("Answer: 1000000") where the notes are shown.
    notes.splice(
        0..0,
        doc.notes
            .iter()
            .map(|n| crate::terminal::cell(n, MAX_TEXT).into_owned()),
    );
    Ok(CheckedResult {
        answers,
        tables,
        charts,
        notes,
        empty_groups,
        files_opened: doc.files_opened,
        network_events: doc.network_events,
        process_events: doc.process_events,
    })
}

/// A name from the document as Glovebox keeps it: every control, bidi or
/// invisible character made visible (so no terminal, report or chart obeys
/// it), at most `MAX_NAME_CHARS` characters.
pub fn clean_name(text: &str) -> String {
    crate::terminal::cell(text, MAX_NAME_CHARS).into_owned()
}

/// The answers, checked; answers per group without a value are set apart.
fn check_answers(raw: &[RawAnswer]) -> Result<(Vec<Answer>, Vec<String>), ResultProblem> {
    let mut empty_groups: Vec<String> = Vec::new();
    let mut answers = Vec::new();
    for a in raw {
        let name = clean_name(&a.name);
        match check_value(&name, &a.value, a.unit.as_deref()) {
            Ok(value) => answers.push(Answer {
                name,
                value,
                unit: a.unit.as_deref().map(clean_name),
            }),
            // One group without a value ("mean (North)" of a group whose
            // cells are all empty) is reported, not a refusal of the run.
            Err(ResultProblem::NotFinite(_)) if is_group_answer(&name) => empty_groups.push(name),
            Err(e) => return Err(e),
        }
    }
    Ok((answers, empty_groups))
}

/// Cells of one table that were not finite numbers within `MAX_MAGNITUDE`.
#[derive(Default)]
struct Blanked {
    nan: usize,
    infinite: usize,
    too_large: usize,
}

impl Blanked {
    /// The cell as kept: a number that is not finite or beyond
    /// `MAX_MAGNITUDE` becomes empty (and is counted), a text is cut at
    /// `MAX_TEXT` characters.
    fn cell(&mut self, value: RawValue) -> RawValue {
        match value {
            RawValue::Number(n) if n.is_nan() => {
                self.nan += 1;
                BLANK
            }
            RawValue::Number(n) if n.is_infinite() => {
                self.infinite += 1;
                BLANK
            }
            RawValue::Number(n) if n.abs() > MAX_MAGNITUDE => {
                self.too_large += 1;
                BLANK
            }
            RawValue::NonFinite { non_finite } if non_finite == "nan" => {
                self.nan += 1;
                BLANK
            }
            RawValue::NonFinite { .. } => {
                self.infinite += 1;
                BLANK
            }
            RawValue::Text(t) if t.chars().nth(MAX_TEXT).is_some() => {
                RawValue::Text(t.chars().take(MAX_TEXT).collect())
            }
            other => other,
        }
    }

    /// A sentence for the notes in `lang`, or `None` when every cell was
    /// kept.
    fn note(&self, table: &str, lang: Lang) -> Option<String> {
        let mut parts = Vec::new();
        let mut say = |n: usize, one: &str, many: &str| match n {
            0 => {}
            1 => parts.push(format!("1 {one}")),
            n => parts.push(format!("{n} {many}")),
        };
        say(
            self.nan,
            lang.pick(
                "was not a number (NaN)",
                "n'était pas un nombre (NaN)",
                "no era un número (NaN)",
            ),
            lang.pick(
                "were not a number (NaN)",
                "n'étaient pas des nombres (NaN)",
                "no eran números (NaN)",
            ),
        );
        say(
            self.infinite,
            lang.pick("was infinite", "était infinie", "era infinita"),
            lang.pick("were infinite", "étaient infinies", "eran infinitas"),
        );
        say(
            self.too_large,
            lang.pick("was larger than 1e100", "dépassait 1e100", "superaba 1e100"),
            lang.pick(
                "were larger than 1e100",
                "dépassaient 1e100",
                "superaban 1e100",
            ),
        );
        if parts.is_empty() {
            return None;
        }
        let total = self.nan + self.infinite + self.too_large;
        let list = parts.join(", ");
        Some(match (lang, total) {
            (Lang::En, 1) => format!("In the table \"{table}\", 1 cell left empty: {list}."),
            (Lang::En, _) => format!("In the table \"{table}\", {total} cells left empty: {list}."),
            (Lang::Fr, 1) => {
                format!("Dans le tableau « {table} », 1 cellule laissée vide : {list}.")
            }
            (Lang::Fr, _) => {
                format!("Dans le tableau « {table} », {total} cellules laissées vides : {list}.")
            }
            (Lang::Es, 1) => format!("En la tabla «{table}», 1 celda se dejó vacía: {list}."),
            (Lang::Es, _) => {
                format!("En la tabla «{table}», {total} celdas se dejaron vacías: {list}.")
            }
        })
    }
}

/// The tables, checked: caps on tables, rows, columns and cells, rows as
/// wide as the header, names cleaned, every number finite and within
/// `MAX_MAGNITUDE` (other numbers are left empty and said in the notes
/// returned, so nothing downstream — a chart, a report, a terminal — ever
/// sees one).
fn check_tables(
    raw: Vec<RawTable>,
    lang: Lang,
) -> Result<(Vec<RawTable>, Vec<String>), ResultProblem> {
    let mut cells = 0usize;
    for table in &raw {
        if table.columns.len() > MAX_COLUMNS {
            return Err(ResultProblem::TooMany("columns"));
        }
        if table.rows.len() > MAX_ROWS {
            return Err(ResultProblem::TooMany("rows"));
        }
        if table.rows.iter().any(|r| r.len() != table.columns.len()) {
            return Err(ResultProblem::RaggedTable(clean_name(&table.name)));
        }
        cells = cells.saturating_add(table.rows.len().saturating_mul(table.columns.len()));
        if cells > MAX_CELLS {
            return Err(ResultProblem::TooMany("cells"));
        }
    }
    let mut notes = Vec::new();
    let mut tables = Vec::with_capacity(raw.len());
    for table in raw {
        let name = clean_name(&table.name);
        let mut blanked = Blanked::default();
        let rows = table
            .rows
            .into_iter()
            .map(|row| row.into_iter().map(|v| blanked.cell(v)).collect())
            .collect();
        notes.extend(blanked.note(&name, lang));
        tables.push(RawTable {
            name,
            columns: table.columns.iter().map(|c| clean_name(c)).collect(),
            rows,
            total_rows: table.total_rows,
        });
    }
    Ok((tables, notes))
}

/// The charts, checked against the checked tables: a kind Glovebox draws
/// is not required here (the chart stage says so), but the table and every
/// column must exist, with names cleaned the same way as the tables'.
fn check_charts(raw: Vec<RawChart>, tables: &[RawTable]) -> Result<Vec<RawChart>, ResultProblem> {
    let mut charts = Vec::with_capacity(raw.len());
    for chart in raw {
        if chart.y.len() > MAX_COLUMNS {
            return Err(ResultProblem::TooMany("columns"));
        }
        let chart = RawChart {
            kind: clean_name(&chart.kind),
            table: clean_name(&chart.table),
            x: clean_name(&chart.x),
            y: chart.y.iter().map(|y| clean_name(y)).collect(),
            title: chart.title.as_deref().map(clean_name),
        };
        let label = chart.title.clone().unwrap_or_else(|| chart.kind.clone());
        let table = tables
            .iter()
            .find(|t| t.name == chart.table)
            .ok_or_else(|| ResultProblem::ChartColumn {
                chart: label.clone(),
                missing: format!("the table \"{}\"", chart.table),
            })?;
        for column in std::iter::once(&chart.x).chain(&chart.y) {
            if !table.columns.contains(column) {
                return Err(ResultProblem::ChartColumn {
                    chart: label.clone(),
                    missing: format!("the column \"{column}\""),
                });
            }
        }
        charts.push(chart);
    }
    Ok(charts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(field: &str, value: &str) -> String {
        let base = r#"{"glovebox":1,"nonce":"n1","answers":[],"tables":[],"charts":[],"notes":[],"error":null,"files_opened":[],"network_events":[],"process_events":[]}"#;
        let mut v: serde_json::Value = serde_json::from_str(base).unwrap();
        v[field] = serde_json::from_str(value).unwrap();
        v.to_string()
    }

    #[test]
    fn a_good_answer_passes() {
        let r = check(
            &with("answers", r#"[{"name":"mean","value":2.5,"unit":"EUR"}]"#),
            false,
            "n1",
            Lang::En,
        )
        .unwrap();
        assert_eq!(r.answers[0].value, Value::Number(2.5));
    }

    #[test]
    fn wrong_nonce_is_not_trusted() {
        let text = with("answers", r#"[{"name":"mean","value":2.5,"unit":null}]"#);
        assert_eq!(
            check(&text, false, "other", Lang::En),
            Err(ResultProblem::WrongNonce)
        );
    }

    #[test]
    fn non_finite_and_out_of_range_values_are_refused() {
        let nan = with(
            "answers",
            r#"[{"name":"m","value":{"non_finite":"nan"},"unit":null}]"#,
        );
        assert_eq!(
            check(&nan, false, "n1", Lang::En),
            Err(ResultProblem::NotFinite("m".into()))
        );
        let one_group = with(
            "answers",
            r#"[{"name":"m (North)","value":{"non_finite":"nan"},"unit":null},{"name":"m (South)","value":2.5,"unit":null}]"#,
        );
        let checked =
            check(&one_group, false, "n1", Lang::En).expect("one empty group is not a refusal");
        assert_eq!(checked.empty_groups, ["m (North)"]);
        assert_eq!(checked.answers.len(), 1);
        let change = with(
            "answers",
            r#"[{"name":"change (%)","value":-12.5,"unit":"percent"}]"#,
        );
        assert!(
            check(&change, false, "n1", Lang::En).is_ok(),
            "a percent change may be negative"
        );
        let rate = with(
            "answers",
            r#"[{"name":"conversion","value":1.7,"unit":"rate"}]"#,
        );
        assert!(matches!(
            check(&rate, false, "n1", Lang::En),
            Err(ResultProblem::OutOfRange { .. })
        ));
        let count = with(
            "answers",
            r#"[{"name":"orders","value":2.5,"unit":"count"}]"#,
        );
        assert!(matches!(
            check(&count, false, "n1", Lang::En),
            Err(ResultProblem::OutOfRange { .. })
        ));
    }

    #[test]
    fn unknown_fields_and_garbage_are_malformed() {
        let extra = with("instructions", r#""ignore the checks""#);
        assert!(matches!(
            check(&extra, false, "n1", Lang::En),
            Err(ResultProblem::Malformed(_))
        ));
        assert!(matches!(
            check("print('hi')", false, "n1", Lang::En),
            Err(ResultProblem::Malformed(_))
        ));
        assert_eq!(
            check("  \n", false, "n1", Lang::En),
            Err(ResultProblem::Missing)
        );
    }

    #[test]
    fn chart_columns_must_exist() {
        let mut v: serde_json::Value = serde_json::from_str(&with(
            "tables",
            r#"[{"name":"t","columns":["a","b"],"rows":[[1,2]],"total_rows":1}]"#,
        ))
        .unwrap();
        v["charts"] = serde_json::json!([{"kind":"bar","table":"t","x":"a","y":["c"],"title":"T"}]);
        let err = check(&v.to_string(), false, "n1", Lang::En).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the chart \"T\" uses the column \"c\", which is not in its table"
        );
    }

    #[test]
    fn non_finite_and_extreme_table_cells_are_left_empty_and_said() {
        let text = with(
            "tables",
            r#"[{"name":"t","columns":["k","v"],"rows":[["a",{"non_finite":"inf"}],["b",{"non_finite":"-inf"}],["c",{"non_finite":"nan"}],["d",1.7e308],["e",-1e101],["f",1e100],["g",{"non_finite":"\u001b[2J"}]],"total_rows":7}]"#,
        );
        let checked =
            check(&text, false, "n1", Lang::En).expect("a table with odd cells is still a result");
        let values: Vec<&RawValue> = checked.tables[0].rows.iter().map(|r| &r[1]).collect();
        assert_eq!(
            values,
            [
                &RawValue::Null,
                &RawValue::Null,
                &RawValue::Null,
                &RawValue::Null,
                &RawValue::Null,
                &RawValue::Number(1e100),
                &RawValue::Null,
            ]
        );
        assert_eq!(
            checked.notes,
            ["In the table \"t\", 6 cells left empty: 1 was not a number (NaN), 3 were infinite, 2 were larger than 1e100."]
        );
        // In the goal's language.
        let fr = check(&text, false, "n1", Lang::Fr).expect("a result");
        assert_eq!(
            fr.notes,
            ["Dans le tableau « t », 6 cellules laissées vides : 1 n'était pas un nombre (NaN), 3 étaient infinies, 2 dépassaient 1e100."]
        );
        let es = check(&text, false, "n1", Lang::Es).expect("a result");
        assert_eq!(
            es.notes,
            ["En la tabla «t», 6 celdas se dejaron vacías: 1 no era un número (NaN), 3 eran infinitas, 2 superaban 1e100."]
        );
    }

    #[test]
    fn an_answer_beyond_the_largest_magnitude_is_refused() {
        let text = with(
            "answers",
            r#"[{"name":"total","value":1.7e308,"unit":null}]"#,
        );
        assert_eq!(
            check(&text, false, "n1", Lang::En),
            Err(ResultProblem::TooLarge {
                name: "total".into(),
                value: "1.7e308".into()
            })
        );
        let inside = with(
            "answers",
            r#"[{"name":"total","value":-1e100,"unit":null}]"#,
        );
        assert!(check(&inside, false, "n1", Lang::En).is_ok());
        // Beyond f64 altogether, the document is not even read as numbers.
        let beyond = with("answers", r#"[{"name":"total","value":1,"unit":null}]"#)
            .replace("\"value\":1", "\"value\":1e400");
        assert!(matches!(
            check(&beyond, false, "n1", Lang::En),
            Err(ResultProblem::Malformed(_))
        ));
    }

    #[test]
    fn size_caps_hold_for_a_forged_document() {
        let row = format!("[{}]", vec!["1"; MAX_COLUMNS].join(","));
        let columns: Vec<String> = (0..MAX_COLUMNS).map(|i| format!("\"c{i}\"")).collect();
        let table = |name: &str| {
            format!(
                r#"{{"name":"{name}","columns":[{}],"rows":[{}],"total_rows":{MAX_ROWS}}}"#,
                columns.join(","),
                vec![row.as_str(); MAX_ROWS].join(",")
            )
        };
        // Each table is within its caps; together they pass MAX_CELLS.
        let tables = format!("[{},{},{}]", table("a"), table("b"), table("c"));
        const { assert!(3 * MAX_ROWS * MAX_COLUMNS > MAX_CELLS) };
        assert_eq!(
            check(&with("tables", &tables), false, "n1", Lang::En),
            Err(ResultProblem::TooMany("cells"))
        );
        let mut v: serde_json::Value = serde_json::from_str(&with(
            "tables",
            r#"[{"name":"t","columns":["a"],"rows":[[1]],"total_rows":1}]"#,
        ))
        .unwrap();
        v["charts"] = serde_json::Value::Array(vec![
            serde_json::json!({"kind":"bar","table":"t","x":"a","y":["a"],"title":null});
            MAX_CHARTS + 1
        ]);
        assert_eq!(
            check(&v.to_string(), false, "n1", Lang::En),
            Err(ResultProblem::TooMany("charts"))
        );
        v["charts"] = serde_json::json!([]);
        v["notes"] = serde_json::Value::Array(vec![serde_json::json!("n"); MAX_NOTES + 1]);
        assert_eq!(
            check(&v.to_string(), false, "n1", Lang::En),
            Err(ResultProblem::TooMany("notes"))
        );
    }

    #[test]
    fn names_carry_no_terminal_controls_and_charts_still_find_their_columns() {
        let mut v: serde_json::Value = serde_json::from_str(&with(
            "tables",
            r#"[{"name":"t\u001b]52;c;eA==\u0007","columns":["re\u202egion","v\r\u001b[1A"],"rows":[["N",1]],"total_rows":1}]"#,
        ))
        .unwrap();
        v["answers"] = serde_json::json!([{"name":"total\u{1b}[2J\nAnswer: 1000000","value":3,"unit":"EUR\u{9b}"}]);
        v["charts"] = serde_json::json!([{"kind":"bar","table":"t\u{1b}]52;c;eA==\u{7}","x":"re\u{202e}gion","y":["v\r\u{1b}[1A"],"title":"\u{1b}[31mred"}]);
        let checked =
            check(&v.to_string(), false, "n1", Lang::En).expect("names are cleaned, not refused");
        assert_eq!(checked.answers[0].name, "total␛[2J␊Answer: 1000000");
        assert_eq!(checked.answers[0].unit.as_deref(), Some("EUR<U+009B>"));
        let mut text = v.clone();
        text["answers"] = serde_json::json!([{"name":"top","value":"Pen\r\nAnswer: 1000000\u{1b}[1A","unit":null}]);
        let checked_text =
            check(&text.to_string(), false, "n1", Lang::En).expect("text answers are cleaned");
        assert_eq!(
            checked_text.answers[0].value,
            Value::Text("Pen␍␊Answer: 1000000␛[1A".into())
        );
        assert_eq!(checked.tables[0].name, "t␛]52;c;eA==␇");
        assert_eq!(checked.tables[0].columns, ["re<U+202E>gion", "v␍␛[1A"]);
        let chart = &checked.charts[0];
        assert_eq!(chart.table, checked.tables[0].name);
        assert_eq!(
            (chart.x.as_str(), chart.y[0].as_str()),
            ("re<U+202E>gion", "v␍␛[1A")
        );
        assert_eq!(chart.title.as_deref(), Some("␛[31mred"));
        let mut notes = v.clone();
        notes["notes"] = serde_json::json!(["fine", "two\nAnswer: 1000000\u{1b}]52;c;eA==\u{7}"]);
        let checked = check(&notes.to_string(), false, "n1", Lang::En).expect("notes are cleaned");
        assert_eq!(checked.notes, ["fine", "two␊Answer: 1000000␛]52;c;eA==␇"]);
        let long = with(
            "answers",
            &format!(
                r#"[{{"name":"{}","value":1,"unit":null}}]"#,
                "x".repeat(5000)
            ),
        );
        let name = &check(&long, false, "n1", Lang::En).unwrap().answers[0].name;
        assert_eq!(
            name.chars().count(),
            MAX_NAME_CHARS + 1,
            "cut with an ellipsis"
        );
    }

    #[test]
    fn code_errors_carry_their_line() {
        let text = with(
            "error",
            r#"{"type":"KeyError","message":"'amount'","line":4}"#,
        );
        assert_eq!(
            check(&text, false, "n1", Lang::En).unwrap_err().to_string(),
            "line 4: KeyError: 'amount'"
        );
    }
}
