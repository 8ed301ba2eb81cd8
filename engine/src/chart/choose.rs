//! Picks a chart from a result table's shape when the code did not ask for
//! one.
//!
//! Columns are read as *dates* (every non-empty cell an ISO date, month or
//! week), *numbers* (every non-empty cell a number) or *text* (anything
//! else); empty columns are ignored. The first rule that applies wins:
//!
//! 1. fewer than 2 rows: no chart;
//! 2. a date column and a number column: **line** of the first number column
//!    over the first date column (sorted by date);
//! 3. a text column, a number column and at most `MAX_BARS` rows: **bar** of
//!    the first number column per value of the first text column, in the
//!    table's order;
//! 4. two number columns: **line** when the first one strictly increases
//!    down the table (years, an index), else **scatter** of the second
//!    against the first when there are at least `MIN_SCATTER_ROWS` rows;
//! 5. a number column with at least `MIN_HISTOGRAM_VALUES` values:
//!    **histogram** of the first number column;
//! 6. otherwise no chart.
//!
//! A pie is never chosen: whether values are parts of one whole cannot be
//! told from the shape, so the code must ask for it.

use super::{date_column, number, MAX_BARS};
use crate::validate::{RawChart, RawTable, RawValue};

/// Fewest rows for a scatter chart to be chosen.
pub const MIN_SCATTER_ROWS: usize = 10;
/// Fewest numbers for a histogram to be chosen.
pub const MIN_HISTOGRAM_VALUES: usize = 10;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Date,
    Number,
    Text,
    Empty,
}

fn shape(table: &RawTable, i: usize) -> Shape {
    if date_column(table, i).is_some() {
        return Shape::Date;
    }
    let mut any = false;
    for r in &table.rows {
        match r.get(i) {
            Some(RawValue::Null) | None => {}
            Some(RawValue::Number(_) | RawValue::NonFinite { .. }) => any = true,
            Some(_) => return Shape::Text,
        }
    }
    if any {
        Shape::Number
    } else {
        Shape::Empty
    }
}

/// Chooses a chart for `table` by the rules above, or `None` when nothing
/// sensible fits.
pub fn choose(table: &RawTable) -> Option<RawChart> {
    if table.rows.len() < 2 {
        return None;
    }
    let shapes: Vec<Shape> = (0..table.columns.len()).map(|i| shape(table, i)).collect();
    let first = |s: Shape| shapes.iter().position(|&t| t == s);
    let numbers: Vec<usize> = (0..shapes.len())
        .filter(|&i| shapes[i] == Shape::Number)
        .collect();
    let chart = |kind: &str, x: usize, y: Option<usize>| RawChart {
        kind: kind.to_string(),
        table: table.name.clone(),
        x: table.columns[x].clone(),
        y: y.map(|y| table.columns[y].clone()).into_iter().collect(),
        title: None,
    };
    let y = *numbers.first()?;
    if let Some(x) = first(Shape::Date) {
        return Some(chart("line", x, Some(y)));
    }
    if let Some(x) = first(Shape::Text) {
        if table.rows.len() <= MAX_BARS {
            return Some(chart("bar", x, Some(y)));
        }
    }
    if let Some(&y2) = numbers.get(1) {
        let xs: Vec<Option<f64>> = table.rows.iter().map(|r| number(r.get(y))).collect();
        let increasing = xs.iter().all(Option::is_some)
            && xs
                .windows(2)
                .all(|w| matches!((w[0], w[1]), (Some(a), Some(b)) if a < b));
        if increasing {
            return Some(chart("line", y, Some(y2)));
        }
        if table.rows.len() >= MIN_SCATTER_ROWS {
            return Some(chart("scatter", y, Some(y2)));
        }
    }
    let values = xs_count(table, y);
    if values >= MIN_HISTOGRAM_VALUES {
        return Some(chart("histogram", y, None));
    }
    None
}

fn xs_count(table: &RawTable, i: usize) -> usize {
    table
        .rows
        .iter()
        .filter(|r| number(r.get(i)).is_some())
        .count()
}
