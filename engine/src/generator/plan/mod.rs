//! From a goal in plain words and the inferred schema to a plan: which file,
//! which columns, which filters, which recipe. Every word of the goal is
//! accounted for: placed, a known filler, or part of a clause that asks
//! nothing; any other word stops the plan and is named. When the goal is
//! not understood, or could mean two things, planning stops with what was
//! understood and the columns available: it never guesses silently, and
//! each choice it makes on its own is kept as an assumption to restate.
//!
//! The stages: `reading` (the goal's words, rounding, names, operations,
//! groupings), `conditions` (filters), `recipe` (what is computed),
//! `words` (what is left), `names` (words for operations and columns).

pub(crate) mod adjectives;
mod ages;
mod asides;
mod captions;
pub(in crate::generator) mod conditions;
pub mod follow;
pub(in crate::generator) mod glosses;
mod names;
pub(super) mod numerals;
mod occasions;
pub(in crate::generator) mod reading;
pub(in crate::generator) mod recipe;
pub mod rephrase;
pub(in crate::generator) mod said_conditions;
mod stems;
mod stories;
mod than;
mod typos;
pub(in crate::generator) mod undo;
mod verbs;
pub mod words;

use serde::Serialize;

pub use super::steps::chart_kind::ChartKind;
pub use super::steps::derived::Derived;
pub use super::steps::join::Joined;
pub use super::terms::{Cmp, Period, Stat};
use super::{lexicon, text};
use crate::audit::event::Assumption;
use crate::inputs::{ColumnKind, InputDescription, InputFormat};
use crate::lang::Lang;
pub use names::stat_name;
use reading::Reading;

/// A value a filter compares with.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum FilterValue {
    /// Categories, as written in the data: the row's value is one of them
    /// (`Eq`) or none of them (`Ne`).
    List(Vec<String>),
    /// A number.
    Number(f64),
    /// Any of several numbers (months, years): `Eq` only.
    AnyOf(Vec<f64>),
    /// A date, `YYYY-MM-DD`, compared with the whole date.
    Date(String),
    /// The latest month or year the column's dates reach in the file
    /// ("last month"): `Eq` only, found by the code (`steps::latest`).
    Latest {
        /// The month or the year.
        latest: DatePart,
    },
    /// The last `count` calendar months (or days, or years) the column's
    /// dates reach in the file, the latest one included ("the last three
    /// months", "los últimos 30 días"): `Eq` only, found by the code
    /// (`steps::recent`).
    Recent {
        /// How many.
        count: u32,
        /// Of what.
        unit: SpanUnit,
    },
}

/// What a recent span counts (`FilterValue::Recent`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SpanUnit {
    /// Days (a week is seven).
    Day,
    /// Calendar months.
    Month,
    /// Calendar years.
    Year,
}

/// The part of a date a filter compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DatePart {
    /// Calendar year.
    Year,
    /// Month number, 1 to 12.
    Month,
    /// Day of the month, 1 to 31.
    Day,
    /// Month and day, month × 100 + day (420 is 20 April): a day said
    /// without its year, as a bound ("después del 20 de abril").
    MonthDay,
}

/// Keep only the rows where `column cmp value` (or `part(column) cmp value`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Filter {
    /// Column.
    pub column: String,
    /// Comparison.
    pub cmp: Cmp,
    /// Value.
    pub value: FilterValue,
    /// Part of a date column compared, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<DatePart>,
}

/// How outliers are found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OutlierMethod {
    /// More than 3 standard deviations from the mean.
    ZScore,
    /// Beyond 1.5 interquartile ranges outside the quartiles.
    Iqr,
}

/// What to compute.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "recipe", rename_all = "snake_case")]
pub enum Recipe {
    /// Statistics of columns, each `(stat, column)`, optionally per group.
    Stats {
        /// Pairs in the goal's order.
        items: Vec<(Stat, String)>,
        /// Group column.
        group_by: Option<String>,
    },
    /// Number of rows, optionally per group.
    CountRows {
        /// Group column.
        group_by: Option<String>,
    },
    /// `numerator / denominator`: the ratio of totals, and the mean of the
    /// row-by-row ratios; `row_mean` says which one was asked.
    Ratio {
        /// Numerator column.
        numerator: String,
        /// Denominator column.
        denominator: String,
        /// The mean of row ratios was asked ("average ratio").
        row_mean: bool,
        /// Group column.
        group_by: Option<String>,
    },
    /// Each group's share of a total (of `value`, or of rows), or the share
    /// of the rows matching `part`.
    Share {
        /// Column summed (None = rows counted).
        value: Option<String>,
        /// Group column.
        group_by: Option<String>,
        /// The part whose share is asked ("share of revenue from North").
        part: Option<Filter>,
    },
    /// Groups (or rows) ranked by a statistic.
    Rank {
        /// Statistic per group (Sum, Mean or Count).
        stat: Stat,
        /// Column (None = rows counted).
        value: Option<String>,
        /// Group column (None = rows ranked by `value`).
        group_by: Option<String>,
        /// Highest first.
        highest: bool,
        /// How many (1 for "which … has the highest").
        n: usize,
    },
    /// Number of different values.
    Distinct {
        /// Column.
        column: String,
    },
    /// Empty cells: of one column, or of every column.
    Missing {
        /// Column.
        column: Option<String>,
    },
    /// Correlation between two columns.
    Correlation {
        /// First column.
        a: String,
        /// Second column.
        b: String,
        /// Spearman (ranks) instead of Pearson.
        spearman: bool,
    },
    /// Shapiro-Wilk normality check.
    Normality {
        /// Column.
        column: String,
    },
    /// Unusual values.
    Outliers {
        /// Column.
        column: String,
        /// Method.
        method: OutlierMethod,
    },
    /// A statistic per period.
    Trend {
        /// Column (None = rows counted).
        value: Option<String>,
        /// Statistic per period.
        stat: Stat,
        /// Date column.
        date: String,
        /// Period.
        period: Period,
    },
    /// Histogram of a column.
    Distribution {
        /// Column.
        column: String,
    },
    /// A hypothesis test with its verdict (`steps::hypothesis`).
    Hypothesis(super::steps::hypothesis::HypothesisTest),
    /// A linear regression (`steps::regression`).
    Regression(super::steps::regression::Model),
    /// A statistic per pair of groups: a table with the first key's groups
    /// as rows and the second key's as columns (`steps::pivot`).
    Pivot {
        /// Statistic per cell (Count with no value: rows counted).
        stat: Stat,
        /// Column (None = rows counted).
        value: Option<String>,
        /// First key: the table's rows.
        rows: String,
        /// Second key: the table's columns.
        columns: String,
    },
    /// Another column's value at the rows where a column is highest or
    /// lowest ("on which date was the close lowest"), ties listed
    /// (`steps::lookup`).
    Lookup {
        /// The column looked up (a date, a name).
        show: String,
        /// The column whose extreme is found.
        value: String,
        /// The highest (else the lowest).
        highest: bool,
    },
}

/// How to read the chosen file.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Source {
    /// File name under `/input`.
    pub name: String,
    /// Python codec name.
    pub encoding: String,
    /// Field delimiter.
    pub delimiter: char,
    /// Decimal comma.
    pub decimal_comma: bool,
    /// Column names when the file has no header row.
    pub names: Option<Vec<String>>,
    /// Rows in the file.
    pub rows: u64,
    /// Columns and kinds.
    pub columns: Vec<(String, ColumnKind)>,
    /// Dates are ISO (`2026-01-31`).
    pub iso_dates: bool,
    /// Dates are written day first (`31/01/2026`), else month first.
    pub day_first: bool,
    /// Every file read, when several files of the same layout are stacked
    /// into one table (each row keeps its file in a `source file` column);
    /// empty when one file is read.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stacked: Vec<String>,
    /// A second file joined to this one on a key column, when the goal
    /// names columns of both.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub joined: Option<Box<Joined>>,
    /// The file's format (a CSV is written as before: no field).
    #[serde(skip_serializing_if = "InputFormat::is_csv")]
    pub format: InputFormat,
    /// The sheet read, for a workbook.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sheet: Option<String>,
    /// Rows of the sheet skipped before the header (or, with `names`, before
    /// the first row of data).
    #[serde(skip_serializing_if = "is_zero")]
    pub skip_rows: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Source {
    /// [`Self::display_name`] with the sheet read, for a workbook: `book.xlsx
    /// (sheet "Sales")`.
    pub fn named(&self, lang: Lang) -> String {
        let name = self.display_name();
        match (&self.sheet, lang) {
            (None, _) => name,
            (Some(sheet), Lang::En) => format!("{name} (sheet \"{sheet}\")"),
            (Some(sheet), Lang::Fr) => format!("{name} (feuille « {sheet} »)"),
            (Some(sheet), Lang::Es) => format!("{name} (hoja «{sheet}»)"),
        }
    }

    /// The file read, or the files stacked: "a.csv + b.csv".
    pub fn display_name(&self) -> String {
        if let Some(j) = &self.joined {
            format!("{} + {}", self.name, j.source.name)
        } else if self.stacked.len() > 1 {
            self.stacked.join(" + ")
        } else {
            self.name.clone()
        }
    }

    /// A column's kind (Empty when the file has no such column).
    pub fn kind(&self, column: &str) -> ColumnKind {
        self.columns
            .iter()
            .find(|(n, _)| n == column)
            .map_or(ColumnKind::Empty, |(_, k)| *k)
    }
}

/// The plan the code is written from, and the explanation too.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Plan {
    /// File read.
    pub source: Source,
    /// Filters applied first.
    pub filters: Vec<Filter>,
    /// What is computed.
    pub recipe: Recipe,
    /// Decimal places asked for.
    pub rounding: Option<u32>,
    /// The goal's language.
    pub lang: Lang,
    /// Choices the goal did not state, in its language, each with the goal
    /// that asks without it when there is one.
    pub assumptions: Vec<Assumption>,
    /// Clauses set aside because they ask nothing ("I'm preparing the
    /// board meeting"), as written.
    pub context: Vec<String>,
    /// Preparation asked before the measure (`steps::prep`), in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub prep: Vec<super::steps::prep::Prep>,
    /// Columns computed on each row before the recipe ("quantity ×
    /// price"), which it uses as columns of the file.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub derived: Vec<Derived>,
    /// The chart kind the goal asks for ("as a pie chart"), drawn when it
    /// fits the result (`steps::chart_kind`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chart: Option<ChartKind>,
    /// The goals this plan refines, oldest first, when it answers a
    /// follow-up (`follow`); empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub refines: Vec<String>,
}

/// Why a goal could not be planned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum GoalProblem {
    /// Nothing recognisable to compute.
    #[error("the goal was not understood")]
    NotUnderstood {
        /// What was recognised.
        understood: Vec<String>,
    },
    /// A phrase names several columns.
    #[error("\"{phrase}\" could mean several columns")]
    Ambiguous {
        /// The phrase.
        phrase: String,
        /// The columns it could mean.
        candidates: Vec<String>,
    },
    /// An operation without the column it needs.
    #[error("a column is missing for {what}")]
    NeedsColumn {
        /// The operation, in words.
        what: String,
        /// How many columns of numbers it needs.
        numbers: usize,
        /// What was recognised.
        understood: Vec<String>,
    },
    /// A column of the wrong kind.
    #[error("column {column} holds no numbers")]
    NotNumbers {
        /// The column.
        column: String,
        /// The operation.
        what: String,
    },
    /// Columns from several files.
    #[error("the goal uses columns from several files")]
    SeveralFiles {
        /// The files.
        files: Vec<String>,
    },
    /// A trend without a date column.
    #[error("no date column")]
    NoDate,
    /// Columns named in the goal that the recipe would not use (two
    /// groupings, two columns for a one-column test).
    #[error("the goal names more columns than the recipe uses")]
    TooMany {
        /// What was recognised.
        understood: Vec<String>,
    },
    /// Words the planner could not place: they may be a condition it would
    /// otherwise drop.
    #[error("words not understood: {}", words.join(" "))]
    Unplaced {
        /// The words, as written.
        words: Vec<String>,
        /// What was recognised.
        understood: Vec<String>,
    },
    /// Two things to compute where one recipe computes one.
    #[error("several operations asked: {}", operations.join(", "))]
    SeveralOperations {
        /// The operations, in words.
        operations: Vec<String>,
    },
    /// A share per group of some rows ("proportion of women per
    /// department"): within each group, or how those rows spread over the
    /// groups? Two different numbers; the goal must say which.
    #[error("share of {part} per {group}: within each {group}, or across them?")]
    ShareOfWhich {
        /// The rows, in words ("gender is Female").
        part: String,
        /// The grouping column.
        group: String,
    },
    /// "average spending per month" of an amount: the mean of each month's
    /// rows, or the average month's total? Two different numbers.
    #[error("average {column} per period: of the rows, or of the totals?")]
    MeanPerPeriod {
        /// The amount.
        column: String,
    },
    /// Two files could be joined on several columns they share, and the
    /// goal does not say which.
    #[error("files {} could be joined on {}", files.join(", "), candidates.join(", "))]
    JoinKey {
        /// The two files.
        files: Vec<String>,
        /// The shared columns.
        candidates: Vec<String>,
    },
    /// A test is asked and the goal does not say enough to choose it (a
    /// t-test on a column of four groups, none named).
    #[error("which test: {question}")]
    WhichTest {
        /// The question to answer, in the goal's language.
        question: String,
    },
    /// Several files have every column the goal names, and the goal does not
    /// say which.
    #[error("several files fit: {}", files.join(", "))]
    WhichFile {
        /// The files.
        files: Vec<String>,
    },
    /// A follow-up that cannot be applied to the previous answer.
    #[error("\"{said}\" cannot refine the previous answer")]
    CannotFollow {
        /// The follow-up, as written.
        said: String,
        /// The goal it follows.
        previous: String,
    },
}

/// Python's name for an encoding_rs encoding.
fn python_codec(encoding: &str, bom: bool) -> String {
    match encoding {
        "UTF-8" if bom => "utf-8-sig".into(),
        "UTF-8" => "utf-8".into(),
        "UTF-16LE" | "UTF-16BE" => "utf-16".into(),
        "windows-1252" => "cp1252".into(),
        "ISO-8859-2" => "iso8859_2".into(),
        other => other.to_lowercase(),
    }
}

/// True for the kinds of numbers (for the step modules).
pub(crate) fn is_number_kind(kind: ColumnKind) -> bool {
    is_number(kind)
}

fn is_number(kind: ColumnKind) -> bool {
    matches!(kind, ColumnKind::Integer | ColumnKind::Decimal)
}

fn is_category(kind: ColumnKind) -> bool {
    matches!(kind, ColumnKind::Text | ColumnKind::Boolean)
}

/// Plans `goal` on `inputs`. Each assumption the plan makes carries the
/// goal that asks without it, planned before it is offered.
pub fn plan(goal: &str, lang: Lang, inputs: &[InputDescription]) -> Result<Plan, GoalProblem> {
    let _span = tracing::info_span!("plan_goal").entered();
    // "under eighteen" is read as "under 18" by every pass; what is set
    // aside is said back as typed.
    let typed = goal;
    let in_digits = numerals::in_digits(goal, lang, inputs);
    let goal = in_digits.as_ref().map_or(goal, |d| d.text.as_str());
    let said_as_typed = |mut plan: Plan| {
        if let Some(d) = &in_digits {
            for c in &mut plan.context {
                *c = d.as_typed(typed, c);
            }
        }
        plan
    };
    let planned = match plan_once(goal, lang, inputs) {
        Ok((mut plan, assumed)) => {
            plan.assumptions = undo::offered(goal, lang, inputs, assumed);
            Ok(plan)
        }
        // Only a goal whose words were not all read, read again with its
        // typos corrected or a value's adjective read as the value (each
        // said as an assumption): a question the plan asks (which column,
        // which test…) is never answered by a guess.
        Err(
            problem @ (GoalProblem::Unplaced { .. }
            | GoalProblem::NotUnderstood { .. }
            | GoalProblem::NeedsColumn { .. }),
        ) => with_typos_read(goal, lang, inputs)
            .or_else(|| with_data_words_read(goal, lang, inputs, &problem))
            .ok_or(problem),
        // "Wich floor carries the biggest total budget?": a typo of the
        // question word leaves its operations unjoined.
        Err(problem @ (GoalProblem::SeveralOperations { .. } | GoalProblem::TooMany { .. })) => {
            with_typos_read(goal, lang, inputs).ok_or(problem)
        }
        Err(problem) => Err(problem),
    };
    planned.map(said_as_typed)
}

/// The plan of `goal` with its typos corrected ("avergae" → "average"),
/// each correction said first among the assumptions; none when no word is
/// a typo or the corrected goal does not plan either.
fn with_typos_read(goal: &str, lang: Lang, inputs: &[InputDescription]) -> Option<Plan> {
    let (fixed, fixes) = typos::corrected(goal, lang, inputs)?;
    let said = fixes.iter().map(|f| typos::said(f, lang)).collect();
    plan_read_again(&fixed, said, lang, inputs)
}

/// The plan of `goal` with the words its stop could not place read as the
/// values they are the adjective of ("financier" → `Finance`), each said
/// first among the assumptions; none when no word is so read or the goal
/// so read does not plan either.
fn with_data_words_read(
    goal: &str,
    lang: Lang,
    inputs: &[InputDescription],
    problem: &GoalProblem,
) -> Option<Plan> {
    let GoalProblem::Unplaced { words, .. } = problem else {
        return None;
    };
    let (reread, read) = stems::reread(goal, words, inputs)?;
    let said = read.iter().map(|r| stems::said(r, lang)).collect();
    plan_read_again(&reread, said, lang, inputs)
}

/// The plan of a goal read again (`read`, its words corrected), the
/// corrections `said` first among its assumptions; none when it does not
/// plan either.
fn plan_read_again(
    read: &str,
    said: Vec<String>,
    lang: Lang,
    inputs: &[InputDescription],
) -> Option<Plan> {
    let (mut plan, assumed) = plan_once(read, lang, inputs).ok()?;
    let offered = undo::offered(read, lang, inputs, assumed);
    plan.assumptions = said
        .into_iter()
        .map(|text| crate::audit::event::Assumption {
            text,
            instead: None,
        })
        .chain(offered)
        .collect();
    Some(plan)
}

/// "which region has the lowest target? just the boss's name": the
/// groups ranked, or the column looked up, are not what a clause set
/// aside asks the answer to show; the clause, unless the column shown is
/// a person's ("just the manager's name" of `Responsable`).
fn another_thing_shown(recipe: &Recipe, context: &[String]) -> Option<String> {
    let shown = match recipe {
        Recipe::Rank {
            group_by: Some(g), ..
        } => g,
        Recipe::Lookup { show, .. } => show,
        _ => return None,
    };
    if recipe::names_a_person(shown) {
        return None;
    }
    context
        .iter()
        .find(|c| words::asks_another_thing_shown(c))
        .cloned()
}

/// "which day had the most units for the region": a date asked for that
/// a ranking of other groups neither shows nor filters on (the plan would
/// answer each region, not the day).
fn date_dropped(r: &Reading, recipe: &Recipe, used: &[&str]) -> bool {
    let Some(date) = r.date_mentioned.as_deref() else {
        return false;
    };
    let ranks_another = matches!(recipe, Recipe::Rank { group_by: Some(g), .. } if g != date);
    ranks_another
        && !used.contains(&date)
        && !r.filters.iter().any(|f| f.column == date)
        && r.period.is_none()
}

/// "whose region has the smallest target?", "tell me whose region…":
/// asks for the one the region belongs to, not the region; a ranking of
/// the thing said after "whose" answers another question. The word,
/// when the plan ranks so.
fn whose_thing_ranked(r: &Reading, recipe: &Recipe) -> Option<String> {
    let Recipe::Rank {
        group_by: Some(group),
        ..
    } = recipe
    else {
        return None;
    };
    let tokens = &r.g.tokens;
    let at = tokens.iter().position(|t| t.folded == "whose")?;
    let thing = tokens.get(at + 1)?;
    let names_group = text::name_words(group)
        .iter()
        .any(|w| text::same_word(w, &thing.key));
    names_group.then(|| tokens[at].raw.clone())
}

/// Whether the answer of `recipe` names rows or groups ("with the name").
fn shows_names(recipe: &Recipe) -> bool {
    matches!(
        recipe,
        Recipe::Rank {
            group_by: Some(_),
            ..
        } | Recipe::Lookup { .. }
    )
}

/// Goals no computation answers, stopped before any reading: a cause
/// asked ("why"), money asked of files without it, a running total over
/// time, two questions in one.
fn no_computation_asked(r: &Reading) -> Result<(), GoalProblem> {
    if let Some(word) = words::asks_why(&r.g)
        .or_else(|| r.money_without_its_column())
        .or_else(|| r.cost_of_one())
        .or_else(|| words::running_total(&r.g))
    {
        return Err(GoalProblem::Unplaced {
            words: vec![word],
            understood: Vec::new(),
        });
    }
    if let Some((first, second)) = words::two_questions(&r.g) {
        return Err(GoalProblem::SeveralOperations {
            operations: vec![first, second],
        });
    }
    Ok(())
}

/// The words that say which file, and how the answer is to be given:
/// rounded, just the number, with the names, as a reply, in percent.
fn read_the_answers_form(r: &mut Reading) {
    r.file_names();
    r.rounding();
    r.just_the_number();
    r.names_shown();
    r.reply_verbs();
    r.percent_format();
}

/// One reading pass over the goal.
type Step = fn(&mut Reading) -> Result<(), GoalProblem>;

/// The passes of [`read_the_goal`], in their order.
const READING_PASSES: &[Step] = &[
    |r| {
        r.glossed_columns();
        Ok(())
    },
    |r| {
        r.role();
        Ok(())
    },
    |r| {
        r.sort_order();
        Ok(())
    },
    |r| {
        r.not_grouped();
        Ok(())
    },
    |r| {
        r.stories();
        Ok(())
    },
    |r| {
        r.file_caption();
        Ok(())
    },
    |r| {
        words::take_share_verbs(&mut r.g);
        Ok(())
    },
    |r| {
        r.occasions();
        Ok(())
    },
    |r| {
        r.compared_by_than();
        Ok(())
    },
    |r| {
        r.idioms();
        Ok(())
    },
    |r| {
        crate::generator::steps::feminine::read(r);
        Ok(())
    },
    |r| {
        r.hypothesis_words();
        Ok(())
    },
    |r| crate::generator::steps::measures::read(r),
    |r| {
        crate::generator::steps::codes::read(r);
        Ok(())
    },
    |r| {
        r.headcount();
        Ok(())
    },
    |r| {
        r.phrase_ops();
        Ok(())
    },
    |r| {
        r.panel_rows();
        Ok(())
    },
    |r| {
        r.per_sale_rows();
        Ok(())
    },
    |r| {
        r.file_nouns_first();
        Ok(())
    },
    |r| {
        r.paid_for_a_ticket();
        Ok(())
    },
    |r| {
        r.price_of_one();
        Ok(())
    },
    |r| r.column_mentions(),
    |r| {
        r.rows_said_with_their_count();
        Ok(())
    },
    |r| {
        r.name_of_a_column();
        Ok(())
    },
    |r| {
        r.kinds_of_columns();
        Ok(())
    },
    |r| {
        crate::generator::steps::rates::read(r);
        Ok(())
    },
    |r| {
        r.measure_nouns();
        Ok(())
    },
    |r| {
        crate::generator::steps::unfilled::read(r);
        Ok(())
    },
    |r| {
        crate::generator::steps::ohlc::read(r);
        Ok(())
    },
    |r| {
        r.measure_adjectives();
        Ok(())
    },
    |r| {
        r.more_rows();
        Ok(())
    },
    |r| {
        r.all_of_a_column();
        Ok(())
    },
    |r| r.derived_columns(),
    |r| super::steps::regression::read(r),
    |r| super::steps::prep::read(r),
    |r| {
        r.format_words();
        Ok(())
    },
    |r| r.currency_conversion(),
    |r| r.category_filters(),
    |r| {
        crate::generator::steps::happened::read(r);
        Ok(())
    },
    |r| crate::generator::steps::days::read(r),
    |r| r.numeric_filters(),
    |r| r.date_filters(),
    |r| {
        crate::generator::steps::years::read(r);
        Ok(())
    },
    |r| {
        crate::generator::steps::recent::read(r);
        Ok(())
    },
    |r| {
        crate::generator::steps::latest::read(r);
        Ok(())
    },
    |r| {
        crate::generator::steps::lookup::where_asked(r);
        Ok(())
    },
    |r| r.groups_and_periods(),
    |r| crate::generator::steps::pivot::second_group(r),
    |r| {
        r.yes_no_filters();
        Ok(())
    },
    |r| {
        r.word_ops();
        Ok(())
    },
    |r| {
        r.known_values();
        Ok(())
    },
    |r| {
        r.how_many_on_average();
        Ok(())
    },
    |r| r.compared_values(),
    |r| {
        r.population_words();
        Ok(())
    },
    |r| {
        r.settle_mentions();
        Ok(())
    },
];

/// Reads every word of the goal it can place, pass after pass (the order
/// matters: each pass leaves the words it placed to none after it), and
/// notes after each pass the words of the filters it added (a share's
/// part is told from the rows it is taken among by where each is said);
/// the chart kind asked, if one is.
fn read_the_goal(
    r: &mut Reading,
    goal: &str,
) -> Result<Option<super::steps::chart_kind::ChartKind>, GoalProblem> {
    let chart = follow::chart_words(r);
    r.quoted_columns(goal);
    r.note_filter_words();
    for step in READING_PASSES {
        step(r)?;
        r.note_filter_words();
    }
    Ok(chart)
}

/// Plans `goal` once: the plan (its assumptions not yet offered) and the
/// assumptions as the reading made them.
fn plan_once(
    goal: &str,
    lang: Lang,
    inputs: &[InputDescription],
) -> Result<(Plan, Vec<undo::Assumed>), GoalProblem> {
    let mut r = Reading::new(goal, lang, inputs);
    no_computation_asked(&r)?;
    read_the_answers_form(&mut r);
    let chart = read_the_goal(&mut r, goal)?;
    let source = choose_source(&mut r)?;
    let recipe = r.recipe(&super::steps::derived::with_derived(&source, &r.derived))?;
    let recipe = counted_by_frequency(&mut r, recipe, &source);
    let recipe = earned_by_the_row(&mut r, recipe)?;
    if let Some(name) = super::steps::derived::totalled_wrongly(&recipe, &r.derived) {
        return Err(GoalProblem::Unplaced {
            words: vec![name],
            understood: r.understood,
        });
    }
    if r.filters
        .iter()
        .any(|f| r.derived.iter().any(|d| d.name == f.column))
    {
        // The derived columns are computed on the rows the filters keep.
        return Err(GoalProblem::TooMany {
            understood: r.understood,
        });
    }
    if let Some(word) = whose_thing_ranked(&r, &recipe) {
        return Err(GoalProblem::Unplaced {
            words: vec![word],
            understood: r.understood,
        });
    }
    let named = r.names_asked.or_else(|| words::which_one(&r.g));
    if let (Some(at), false) = (named, shows_names(&recipe)) {
        // "average salary, with the name", "lequel a le plus petit budget
        // ?": no row is shown to name.
        return Err(GoalProblem::Unplaced {
            words: vec![r.g.raw(at, 1)],
            understood: r.understood,
        });
    }
    let prep = super::steps::prep::settle(&mut r, &recipe)?;
    r.file_subject();
    r.group_nouns();
    r.said_number_of_groups();
    r.managed_by();
    r.verbs_beside_placed();
    r.column_words_again();
    if let Some(word) = r
        .either_of_two_conditions()
        .or_else(|| r.people_where_rows_are_not())
        .or_else(|| r.things_where_rows_are_not())
        .or_else(|| words::rows_said_to_be(&r.g))
    {
        return Err(GoalProblem::Unplaced {
            words: vec![word],
            understood: r.understood,
        });
    }
    r.said_bracket_words();
    let left = words::leftovers(&r.g, r.lang);
    if let Some(clause) = another_thing_shown(&recipe, &left.context) {
        return Err(GoalProblem::Unplaced {
            words: vec![clause],
            understood: r.understood,
        });
    }
    if !left.unplaced.is_empty() {
        return Err(GoalProblem::Unplaced {
            words: left.unplaced,
            understood: r.understood,
        });
    }
    // A column named in the goal but left out of the recipe would be a
    // silent guess ("per product and region" grouped by product only).
    if let Some(j) = &source.joined {
        super::steps::join::measures_from_first(&recipe, j, &source.name)?;
    }
    let mut used = recipe_columns(&recipe);
    // "per client segment": the key two files are joined on is used.
    used.extend(source.joined.as_ref().map(|j| j.key.as_str()));
    used.extend(prep.iter().filter_map(|p| p.column()));
    // "how many respondents", "average score of the respondents who…",
    // "credit limit of our wholesale clients": the column that tells each
    // row apart, said as a noun of rows, names the rows, not a column
    // ("how many clients" of orders, whose clients repeat, still stops).
    // Beside another measure the noun must be plural ("the respondents").
    let counted = matches!(recipe, Recipe::CountRows { .. });
    let tokens = &r.g.tokens;
    let inputs = r.inputs;
    r.mentions.retain(|m| {
        let t = &tokens[m.start];
        // "cuántas regiones hay", "the mean Fertility of the 47 provinces"
        // in a file of one per row: said in the plural, any such column
        // names the rows.
        let plural = t.key != t.folded;
        let row_noun = m.len == 1 && ((words::is_row_noun(&t.key) && counted) || plural);
        !(row_noun && !used.contains(&m.column.as_str()) && names_each_row(inputs, &m.column))
    });
    let named = r.mentions.iter().map(|m| m.column.as_str());
    let grouping_dropped = r.group_by.as_deref().is_some_and(|g| !used.contains(&g))
        || r.second_group
            .as_deref()
            .is_some_and(|g| !used.contains(&g));
    if grouping_dropped
        || date_dropped(&r, &recipe, &used)
        || named
            .clone()
            .any(|c| !used.contains(&c) && !r.filters.iter().any(|f| f.column == c))
    {
        return Err(GoalProblem::TooMany {
            understood: r.understood,
        });
    }
    // Context set aside, in the order the goal says it.
    let mut context = [r.told, left.context].concat();
    context.sort_by_key(|c| goal.find(c.as_str()).unwrap_or(usize::MAX));
    let plan = Plan {
        source,
        filters: r.filters,
        recipe,
        rounding: r.rounding,
        lang,
        assumptions: Vec::new(),
        context,
        prep,
        derived: r.derived,
        chart,
        refines: Vec::new(),
    };
    Ok((plan, r.assumptions))
}

/// Names of a column that says how many cases each row stands for: a
/// table of frequencies (R's `Freq`), one row per combination.
const FREQUENCY_COLUMNS: &[&str] = &["freq", "frequency", "frequence", "frecuencia"];

/// Words that count the rows themselves, whatever each row stands for.
const ROWS_THEMSELVES: &[&str] = &[
    "row",
    "cell",
    "record",
    "entry",
    "combination",
    "fila",
    "registro",
    "enregistrement",
    "combinacion",
];

/// "How many suicides were by hanging" of a table of frequencies counts
/// the cases, not the rows: a count, a share or a ranking of rows (not a
/// trend or a mean, nor a pivot unless the frequency is named: those are
/// left as they are) becomes the total of the file's one frequency
/// column, said as an assumption — unless the goal
/// counts the rows themselves ("how many rows") or says the frequency
/// ("combinations with Freq > 100").
fn counted_by_frequency(r: &mut Reading, recipe: Recipe, source: &Source) -> Recipe {
    let frequency: Vec<&crate::inputs::Column> = r
        .inputs
        .iter()
        .filter(|i| i.name == source.name)
        .flat_map(|i| &i.columns)
        .filter(|c| is_number(c.kind) && FREQUENCY_COLUMNS.contains(&text::fold(&c.name).as_str()))
        .collect();
    let [column] = frequency.as_slice() else {
        return recipe;
    };
    // "how many rows…", "combinations with Freq > 100": the rows
    // themselves, or the frequency said as a condition or a measure.
    // "the number of respondents (Freq)": a mention alone glosses the
    // count (the recipe has not used it); only a condition counts rows.
    let freq_said = r.filters.iter().any(|f| f.column == column.name);
    if freq_said
        || r.g
            .tokens
            .iter()
            .any(|t| ROWS_THEMSELVES.contains(&t.key.as_str()))
    {
        return recipe;
    }
    let freq = column.name.clone();
    let folded = text::fold(&freq);
    let freq_named = r.mentions.iter().any(|m| m.column == freq)
        || r.g.tokens.iter().any(|t| t.folded == folded);
    let weighted = match recipe {
        // "the number of respondents (Freq) for every pair of Status and
        // Income": a table of counts weighted only when Freq is said.
        Recipe::Pivot {
            stat: Stat::Count,
            value: None,
            rows,
            columns,
        } if freq_named => Recipe::Pivot {
            stat: Stat::Sum,
            value: Some(freq.clone()),
            rows,
            columns,
        },
        Recipe::CountRows { group_by } => Recipe::Stats {
            items: vec![(Stat::Sum, freq.clone())],
            group_by,
        },
        Recipe::Share {
            value: None,
            group_by,
            part,
        } => Recipe::Share {
            value: Some(freq.clone()),
            group_by,
            part,
        },
        Recipe::Rank {
            stat: Stat::Count,
            value: None,
            group_by,
            highest,
            n,
        } => Recipe::Rank {
            stat: Stat::Sum,
            value: Some(freq.clone()),
            group_by,
            highest,
            n,
        },
        other => return other,
    };
    let said = r.say(
        format!("each row counts {freq} cases: the cases are the total of {freq}, not the rows"),
        format!("chaque ligne compte {freq} cas : les cas sont le total de {freq}, pas les lignes"),
        format!("cada fila cuenta {freq} casos: los casos son el total de {freq}, no las filas"),
    );
    r.assume(said, None);
    weighted
}

/// "the tallest person in Lille: what do they earn?": the one row at an
/// extreme, then a verb of earning — what that row earns (the salary
/// looked up at the extreme). Any other recipe that leaves the verb
/// unplaced stops on it.
fn earned_by_the_row(r: &mut Reading, recipe: Recipe) -> Result<Recipe, GoalProblem> {
    let Some(at) = r.earning_left_out(&recipe) else {
        return Ok(recipe);
    };
    if let Recipe::Stats {
        items,
        group_by: None,
    } = &recipe
    {
        if let ([(stat @ (Stat::Max | Stat::Min), value)], true) =
            (items.as_slice(), r.extreme_of_one_row())
        {
            if let Some(show) = r.earned_column() {
                r.g.take(at, 1);
                return Ok(Recipe::Lookup {
                    show,
                    value: value.clone(),
                    highest: *stat == Stat::Max,
                });
            }
        }
    }
    Err(GoalProblem::Unplaced {
        words: vec![r.g.raw(at, 1)],
        understood: r.understood.clone(),
    })
}

/// True when every row of the file has its own value of `column`: a
/// text column of ids or names, every cell filled, its values all
/// different (or too many to list).
pub(crate) fn names_each_row(inputs: &[InputDescription], column: &str) -> bool {
    inputs.iter().any(|i| {
        i.columns.iter().any(|c| {
            c.name == column
                && c.kind == ColumnKind::Text
                && c.empty_cells == 0
                && (c.values.is_empty() || c.values.len() as u64 == i.row_count)
        })
    })
}

/// The file the goal is about: the one that has every column it names. When
/// several have them all, the goal must name the file ("in sales_2024");
/// otherwise the plan asks which.
fn choose_source(r: &mut Reading) -> Result<Source, GoalProblem> {
    let mut named: Vec<&str> = r.mentions.iter().map(|m| m.column.as_str()).collect();
    named.extend(r.filters.iter().map(|f| f.column.as_str()));
    named.extend(r.group_by.as_deref());
    named.extend(r.second_group.as_deref());
    named.extend(r.date_mentioned.as_deref());
    let named = super::steps::derived::file_columns(&r.derived, &named);
    let fits: Vec<&InputDescription> = r
        .inputs
        .iter()
        .filter(|i| named.iter().all(|n| i.columns.iter().any(|c| c.name == *n)))
        .filter(|i| r.named_file.as_ref().is_none_or(|f| *f == i.name))
        .collect();
    if r.named_file.is_some() {
        // The goal said which file: its columns decide nothing more.
        r.candidate_files.clear();
        r.exact_files.extend(fits.iter().map(|i| i.name.clone()));
    }
    // Several files loaded: the goal's words must point at one of them, by
    // a column's own name that no other file has a look-alike of (a
    // synonym, "sales", points at no file: orders.csv's rows are sales too).
    let fits: Vec<&InputDescription> = if fits.len() == 1 && r.candidate_files.len() > 1 {
        r.inputs
            .iter()
            .filter(|i| r.candidate_files.contains(&i.name))
            .collect()
    } else if r.inputs.len() > 1 && fits.len() == 1 && !r.exact_files.contains(&fits[0].name) {
        r.inputs.iter().collect()
    } else {
        fits
    };
    if fits.is_empty() && r.inputs.len() > 1 {
        let named: Vec<String> = named.iter().map(|n| (*n).to_owned()).collect();
        return joined_source(r, &named);
    }
    let input = match fits.as_slice() {
        [] => return Err(several_files(r, &named)),
        [one] => *one,
        several if same_layout(several) => {
            let stacked: Vec<String> = several.iter().map(|i| i.name.clone()).collect();
            let said = r.say(
                format!("the {} files have the same columns: they are read as one table ({}), with a column \"source file\"", stacked.len(), stacked.join(", ")),
                format!("les {} fichiers ont les mêmes colonnes : ils sont lus comme une seule table ({}), avec une colonne « source file »", stacked.len(), stacked.join(", ")),
                format!("los {} archivos tienen las mismas columnas: se leen como una sola tabla ({}), con una columna «source file»", stacked.len(), stacked.join(", ")),
            );
            let undo = undo::in_file(&r.g.text, &several[0].name, r.lang);
            r.assume(said, Some(undo));
            let mut source = source_of(several[0], r.lang);
            source.rows = several.iter().map(|i| i.row_count).sum();
            source.stacked = stacked;
            return Ok(source);
        }
        several => {
            return Err(GoalProblem::WhichFile {
                files: several.iter().map(|i| i.name.clone()).collect(),
            })
        }
    };
    Ok(source_of(input, r.lang))
}

/// The stop for columns that are in several files, the files named.
fn several_files(r: &Reading, named: &[&str]) -> GoalProblem {
    let mut files: Vec<String> = named
        .iter()
        .filter_map(|n| r.columns.iter().find(|k| k.name == *n))
        .flat_map(|k| k.files.clone())
        .collect();
    files.sort();
    files.dedup();
    GoalProblem::SeveralFiles { files }
}

/// The columns of two files joined on their shared key (`steps::join`);
/// else the stop that says the columns are in several files.
fn joined_source(r: &mut Reading, named: &[String]) -> Result<Source, GoalProblem> {
    let named: Vec<&str> = named.iter().map(String::as_str).collect();
    let inputs = r.inputs;
    let choice = super::steps::join::choose(inputs, &named)?.filter(|c| {
        r.named_file
            .as_ref()
            .is_none_or(|f| *f == c.first.name || *f == c.second.name)
    });
    let Some(choice) = choice else {
        return Err(several_files(r, &named));
    };
    let said =
        super::steps::join::said(&choice.first.name, &choice.second.name, &choice.key, r.lang);
    r.assume(said, None);
    let brought = super::steps::join::brought_columns(&choice);
    let mut source = source_of(choice.first, r.lang);
    source.columns.extend(brought.iter().cloned());
    source.joined = Some(Box::new(Joined {
        source: source_of(choice.second, r.lang),
        key: choice.key,
        columns: brought.into_iter().map(|(n, _)| n).collect(),
    }));
    Ok(source)
}

/// How to read one input, for code written elsewhere (a model's prompt).
pub(crate) fn source_for(input: &InputDescription) -> Source {
    source_of(input, Lang::En)
}

/// How to read one input.
fn source_of(input: &InputDescription, lang: Lang) -> Source {
    let (iso_dates, day_first) = date_order(input, lang);
    let names_given = input.sheet.as_ref().is_some_and(|s| s.names_given);
    let skip_rows = input.sheet.as_ref().map_or(0, |s| {
        s.header_row + u32::from(s.names_given && input.has_header)
    });
    Source {
        name: input.name.clone(),
        encoding: python_codec(&input.encoding, input.bom),
        delimiter: input.delimiter,
        decimal_comma: input.decimal_comma,
        names: (!input.has_header || names_given)
            .then(|| input.columns.iter().map(|c| c.name.clone()).collect()),
        rows: input.row_count,
        columns: input
            .columns
            .iter()
            .map(|c| (c.name.clone(), c.kind))
            .collect(),
        iso_dates,
        day_first,
        stacked: Vec::new(),
        joined: None,
        format: input.format,
        sheet: input.sheet.as_ref().map(|s| s.name.clone()),
        skip_rows,
    }
}

/// Several inputs with the same columns (names and kinds, in order) and the
/// same reading options: one table in several files.
fn same_layout(inputs: &[&InputDescription]) -> bool {
    let layout = |i: &InputDescription| {
        (
            i.columns
                .iter()
                .map(|c| (c.name.clone(), c.kind))
                .collect::<Vec<_>>(),
            i.delimiter,
            i.encoding.clone(),
            i.bom,
            i.decimal_comma,
            i.has_header,
            i.format,
            i.sheet
                .as_ref()
                .map(|s| (s.name.clone(), s.header_row, s.names_given)),
        )
    };
    inputs.windows(2).all(|w| layout(w[0]) == layout(w[1]))
}

/// The columns a recipe uses.
pub fn recipe_columns(recipe: &Recipe) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    match recipe {
        Recipe::Stats { items, group_by } => {
            out.extend(items.iter().map(|(_, c)| c.as_str()));
            out.extend(group_by.as_deref());
        }
        Recipe::CountRows { group_by } => out.extend(group_by.as_deref()),
        Recipe::Ratio {
            numerator,
            denominator,
            group_by,
            ..
        } => {
            out.extend([numerator.as_str(), denominator.as_str()]);
            out.extend(group_by.as_deref());
        }
        Recipe::Share {
            value,
            group_by,
            part,
        } => {
            out.extend(value.as_deref());
            out.extend(group_by.as_deref());
            out.extend(part.as_ref().map(|f| f.column.as_str()));
        }
        Recipe::Rank {
            value, group_by, ..
        } => {
            out.extend(value.as_deref());
            out.extend(group_by.as_deref());
        }
        Recipe::Distinct { column }
        | Recipe::Normality { column }
        | Recipe::Outliers { column, .. }
        | Recipe::Distribution { column } => out.push(column),
        Recipe::Missing { column } => out.extend(column.as_deref()),
        Recipe::Correlation { a, b, .. } => out.extend([a.as_str(), b.as_str()]),
        Recipe::Trend { value, date, .. } => {
            out.extend(value.as_deref());
            out.push(date);
        }
        Recipe::Hypothesis(test) => out.extend(super::steps::hypothesis::columns(test)),
        Recipe::Regression(m) => {
            out.push(&m.target);
            out.extend(m.predictors.iter().map(String::as_str));
        }
        Recipe::Pivot {
            value,
            rows,
            columns,
            ..
        } => {
            out.extend(value.as_deref());
            out.extend([rows.as_str(), columns.as_str()]);
        }
        Recipe::Lookup { show, value, .. } => out.extend([show.as_str(), value.as_str()]),
    }
    out
}

fn dedup_keep_order(list: &mut Vec<String>) {
    let mut seen = std::collections::HashSet::new();
    list.retain(|x| seen.insert(x.clone()));
}

/// How the file writes its dates: (ISO `2026-01-31`, day first). Without
/// ISO dates, a first part above 12 (`31/01/2026`) means day first, a second
/// part above 12 (`01/31/2026`) month first; when no value tells, the
/// goal's language decides (month first in English, day first otherwise).
fn date_order(input: &InputDescription, lang: Lang) -> (bool, bool) {
    let values: Vec<&str> = input
        .columns
        .iter()
        .enumerate()
        .filter(|(_, c)| c.kind == ColumnKind::Date)
        .flat_map(|(i, _)| input.preview.iter().filter_map(move |r| r.get(i)))
        .map(|v| v.trim())
        .filter(|v| !v.is_empty())
        .collect();
    let iso = values
        .iter()
        .all(|v| v.len() >= 4 && v.bytes().take(4).all(|b| b.is_ascii_digit()));
    if iso {
        return (true, false);
    }
    let part = |v: &str, n: usize| -> u32 {
        v.split(['/', '.', '-', ' '])
            .nth(n)
            .and_then(|p| p.parse().ok())
            .unwrap_or(0)
    };
    if values.iter().any(|v| part(v, 0) > 12) {
        (false, true)
    } else if values.iter().any(|v| part(v, 1) > 12) {
        (false, false)
    } else {
        (false, lang != Lang::En)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn describe(file: &str) -> InputDescription {
        crate::generator::golden_input(file)
    }

    fn recipe(file: &str, goal: &str) -> Result<Recipe, GoalProblem> {
        let inputs = [describe(file)];
        plan(goal, Lang::detect(goal), &inputs).map(|p| p.recipe)
    }

    #[test]
    fn both_values_of_a_yes_no_column_joined_by_and_are_compared() {
        for goal in [
            "Give me the average charges for smokers and non-smokers",
            "frais moyens des fumeurs et des non-fumeurs",
        ] {
            assert!(
                matches!(
                    recipe("insurance.csv", goal),
                    Ok(Recipe::Stats { group_by: Some(ref g), .. }) if g == "smoker"
                ),
                "{goal}: {:?}",
                recipe("insurance.csv", goal)
            );
        }
    }

    #[test]
    fn a_share_is_of_the_part_said_after_its_verb_or_last() {
        // (goal, the part's column, the column of the rows it is taken among)
        for (file, goal, part, among) in [
            (
                "insurance.csv",
                "what percentage of the women are smokers",
                "smoker",
                "sex",
            ),
            (
                "insurance.csv",
                "what percentage of smokers are women",
                "sex",
                "smoker",
            ),
            (
                "insurance.csv",
                "¿qué porcentaje de las mujeres fuman?",
                "smoker",
                "sex",
            ),
            (
                "insurance.csv",
                "quel pourcentage des fumeurs sont des femmes ?",
                "sex",
                "smoker",
            ),
            (
                "shop.csv",
                "what share of North sales were returned",
                "returned",
                "region",
            ),
            (
                "passengers.csv",
                "what share of the women in first class survived",
                "Survived",
                "Sex",
            ),
            (
                "passengers.csv",
                "what percentage of passengers survived in first class",
                "Survived",
                "Pclass",
            ),
            (
                "insurance.csv",
                "what is the percentage of smokers among women",
                "smoker",
                "sex",
            ),
            (
                "insurance.csv",
                "quel est le pourcentage de fumeurs chez les femmes ?",
                "smoker",
                "sex",
            ),
            (
                "insurance.csv",
                "What percentage of women smoke? This is for a report.",
                "smoker",
                "sex",
            ),
            (
                "insurance.csv",
                "what percentage of smokers live in the southeast",
                "region",
                "smoker",
            ),
            (
                "insurance.csv",
                "How many smokers are women, in %?",
                "sex",
                "smoker",
            ),
            (
                "insurance.csv",
                "What percentage of smokers, roughly, are women?",
                "sex",
                "smoker",
            ),
            (
                "insurance.csv",
                "What percentage of women smoke in the southeast?",
                "smoker",
                "region",
            ),
            (
                "shop.csv",
                "what share of our returned sales were in March",
                "date",
                "returned",
            ),
        ] {
            let p = plan(goal, Lang::detect(goal), &[describe(file)]).expect(goal);
            let Recipe::Share { part: Some(f), .. } = &p.recipe else {
                panic!("{goal}: {:?}", p.recipe);
            };
            assert_eq!(f.column, part, "{goal}");
            assert!(
                p.filters.iter().any(|f| f.column == among),
                "{goal}: {:?}",
                p.filters
            );
        }
        // Two conditions after the verb make one part: asked back.
        for goal in [
            "what share of all insured are women who smoke",
            "What percentage of smokers among men are over 50?",
            "what percentage of smokers (smoker = yes) are women (sex = female) over 50 (age > 50)",
        ] {
            assert!(
                plan(goal, Lang::En, &[describe("insurance.csv")]).is_err(),
                "{goal}"
            );
        }
        // One pass read both conditions and a free verb may part them.
        let goal = "What percentage of survivors travelled in third class?";
        assert!(
            plan(goal, Lang::En, &[describe("passengers.csv")]).is_err(),
            "{goal}"
        );
    }

    #[test]
    fn a_frequency_column_counts_the_cases_not_the_rows() {
        let goal = "How many suicides were by hanging (method = hang)?";
        assert_eq!(
            recipe("pub24-suicide.csv", goal),
            Ok(Recipe::Stats {
                items: vec![(Stat::Sum, "Freq".into())],
                group_by: None
            })
        );
        let rows = "How many rows have method = hang?";
        assert!(!matches!(
            recipe("pub24-suicide.csv", rows),
            Ok(Recipe::Stats { .. })
        ));
    }

    #[test]
    fn french_synonyms_find_the_revenue_column() {
        let r = recipe("ventes.csv", "moyenne des ventes");
        assert_eq!(
            r,
            Ok(Recipe::Stats {
                items: vec![(Stat::Mean, "Chiffre d'affaires".into())],
                group_by: None
            })
        );
    }

    fn filters(file: &str, goal: &str) -> Vec<String> {
        let inputs = [describe(file)];
        plan(goal, Lang::detect(goal), &inputs)
            .expect("plan")
            .filters
            .iter()
            .map(|f| f.words(Lang::En, |n| n.to_string()))
            .collect()
    }

    #[test]
    fn values_of_one_column_are_one_filter_and_a_negation_excludes() {
        assert_eq!(
            filters("shop.csv", "total revenue in the North and South regions"),
            ["region is North or South"]
        );
        assert_eq!(
            filters("shop.csv", "total revenue except the North region"),
            ["region is not North"]
        );
        assert_eq!(
            filters("shop.csv", "total revenue for North but not South"),
            ["region is North"]
        );
        assert_eq!(
            filters("shop.csv", "mean of revenue where region = 'North'"),
            ["region is North"]
        );
        assert_eq!(
            filters("shop.csv", "mean of revenue where region != \"North\""),
            ["region is not North"]
        );
        assert_eq!(
            filters(
                "weather.csv",
                "average temperature in June, July and August"
            ),
            ["the month of date is 6 or 7 or 8"]
        );
        assert_eq!(
            filters("weather.csv", "average temperature before March 2024"),
            ["date is before 2024-03-01"]
        );
        assert_eq!(
            filters(
                "hr.csv",
                "average salary of people hired between 2015 and 2018"
            ),
            [
                "the year of hire_date is at least 2015",
                "the year of hire_date is at most 2018"
            ]
        );
    }

    #[test]
    fn a_category_named_like_an_operation_is_not_a_filter() {
        let mut shop = describe("shop.csv");
        if let Some(product) = shop.columns.iter_mut().find(|c| c.name == "product") {
            product.values.push("Total".into());
        }
        let p = plan("total revenue", Lang::En, &[shop]).expect("plan");
        assert!(p.filters.is_empty(), "{:?}", p.filters);
    }

    #[test]
    fn a_column_named_but_not_used_stops_the_plan() {
        assert!(matches!(
            recipe("shop.csv", "total revenue and units per product and region"),
            Err(GoalProblem::TooMany { .. })
        ));
        assert!(matches!(
            recipe("people.csv", "is height or weight normally distributed?"),
            Err(GoalProblem::TooMany { .. })
        ));
    }

    #[test]
    fn an_age_said_without_its_column_is_a_condition_on_the_one_age_column() {
        assert_eq!(
            filters("passengers.csv", "How many passengers were older than 60?"),
            ["Age > 60"]
        );
        assert_eq!(
            filters("hr.csv", "How many employees are 30 or younger?"),
            ["age <= 30"]
        );
        // pets.csv has pet_age and owner_age: the goal says whose age…
        assert_eq!(
            filters("pets.csv", "average fee for pets older than 5"),
            ["pet_age > 5"]
        );
        assert_eq!(
            filters("pets.csv", "How many owners are older than 70?"),
            ["owner_age > 70"]
        );
        // …by the part said nearest before the age ("dogs" are pets)…
        assert_eq!(
            filters("pets.csv", "How many dogs older than 5 were adopted?"),
            ["species is Dog", "pet_age > 5"]
        );
        // …or it is not said, and the plan stops.
        assert!(matches!(
            recipe("pets.csv", "average fee for those older than 5"),
            Err(GoalProblem::Unplaced { .. })
        ));
        // "whose owners": the part is said.
        assert_eq!(
            filters(
                "pets.csv",
                "average fee of pets whose owners are older than 70"
            ),
            ["owner_age > 70"]
        );
    }

    #[test]
    fn french_plural_of_a_word_ending_in_le() {
        assert_eq!(
            recipe("people.csv", "combien de villes différentes ?"),
            Ok(Recipe::Distinct {
                column: "city".into()
            })
        );
    }
}
