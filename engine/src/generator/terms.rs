//! The words of the offline planner's vocabulary that both the lexicon (the
//! phrases people use for them) and the plan (what is computed) name: a
//! leaf, so neither imports the other for them.

use serde::Serialize;

/// A statistic of one column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stat {
    /// Arithmetic mean.
    Mean,
    /// Sum.
    Sum,
    /// Number of values present.
    Count,
    /// Smallest value.
    Min,
    /// Largest value.
    Max,
    /// Median.
    Median,
    /// Sample standard deviation.
    Std,
    /// Sample variance.
    Var,
    /// Population standard deviation (divided by n).
    PopStd,
    /// Population variance (divided by n).
    PopVar,
    /// Sample skewness.
    Skew,
    /// Most frequent value(s) (`steps::measures`).
    Mode,
    /// A percentile, 1 to 99, interpolated linearly (`steps::measures`).
    Percentile(u8),
}

/// A comparison in a filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cmp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `<`
    Lt,
    /// `<=`
    Le,
}

impl Cmp {
    /// The Python operator.
    pub fn python(self) -> &'static str {
        match self {
            Cmp::Eq => "==",
            Cmp::Ne => "!=",
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
            Cmp::Lt => "<",
            Cmp::Le => "<=",
        }
    }
}

/// A time bucket for trends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Period {
    /// Calendar day.
    Day,
    /// Week starting on Monday.
    Week,
    /// Calendar month.
    Month,
    /// Calendar year.
    Year,
}
