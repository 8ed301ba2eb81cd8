//! From a goal in plain words and the inferred schema to a plan: which file,
//! which columns, which filters, which recipe. When the goal is not
//! understood, or could mean two things, planning stops with what was
//! understood and the columns available: it never guesses silently.

use serde::Serialize;

use super::lexicon::{self, Op};
pub use super::terms::{Cmp, Period, Stat};
use super::text::{self, Token};
use crate::inputs::{ColumnKind, InputDescription};
use crate::lang::Lang;

/// A value a filter compares with.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum FilterValue {
    /// A category, as written in the data.
    Text(String),
    /// A number.
    Number(f64),
}

/// Keep only the rows where `column cmp value`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Filter {
    /// Column.
    pub column: String,
    /// Comparison.
    pub cmp: Cmp,
    /// Value.
    pub value: FilterValue,
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
}

impl Source {
    fn kind(&self, column: &str) -> ColumnKind {
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
}

/// A column mention in the goal.
#[derive(Debug, Clone)]
struct Mention {
    start: usize,
    len: usize,
    column: String,
}

/// The goal's words and which of them are already explained.
struct Goal {
    tokens: Vec<Token>,
    used: Vec<bool>,
}

impl Goal {
    fn keys(&self) -> Vec<&str> {
        self.tokens.iter().map(|t| t.key.as_str()).collect()
    }

    /// Unused places where `phrase` (folded words) starts.
    fn find(&self, phrase: &str) -> Vec<usize> {
        let words: Vec<String> = phrase.split_whitespace().map(text::singular).collect();
        let keys = self.keys();
        if words.is_empty() || words.len() > keys.len() {
            return vec![];
        }
        (0..=keys.len() - words.len())
            .filter(|&i| {
                words.iter().enumerate().all(|(j, w)| {
                    !self.used[i + j]
                        && (keys[i + j] == w || text::same_word(&self.tokens[i + j].folded, w))
                })
            })
            .collect()
    }

    fn take(&mut self, start: usize, len: usize) {
        for u in &mut self.used[start..start + len] {
            *u = true;
        }
    }

    /// The next place after `i` that is not an article.
    fn skip_articles(&self, mut i: usize) -> usize {
        while i < self.tokens.len() && lexicon::ARTICLES.contains(&self.tokens[i].key.as_str()) {
            i += 1;
        }
        i
    }
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

fn is_number(kind: ColumnKind) -> bool {
    matches!(kind, ColumnKind::Integer | ColumnKind::Decimal)
}

fn is_category(kind: ColumnKind) -> bool {
    matches!(kind, ColumnKind::Text | ColumnKind::Boolean)
}

fn describe_op(op: Op, lang: Lang) -> String {
    let en = match op {
        Op::Stat(s) => return stat_name(s, lang).to_owned(),
        Op::Count => "count",
        Op::Ratio => "ratio",
        Op::Share => "share",
        Op::Highest => "highest",
        Op::Lowest => "lowest",
        Op::Top => "top",
        Op::Distinct => "distinct values",
        Op::Missing => "missing values",
        Op::Correlation | Op::Spearman => "correlation",
        Op::Normality => "normality",
        Op::Outliers | Op::ZScore | Op::Iqr => "outliers",
        Op::Trend => "trend",
        Op::Distribution => "distribution",
        Op::Which => "which",
    };
    let (fr, es) = match en {
        "count" => ("nombre", "número"),
        "ratio" => ("rapport", "razón"),
        "share" => ("part", "proporción"),
        "highest" => ("le plus élevé", "el más alto"),
        "lowest" => ("le plus bas", "el más bajo"),
        "top" => ("premiers", "primeros"),
        "distinct values" => ("valeurs distinctes", "valores distintos"),
        "missing values" => ("valeurs manquantes", "valores faltantes"),
        "correlation" => ("corrélation", "correlación"),
        "normality" => ("normalité", "normalidad"),
        "outliers" => ("valeurs aberrantes", "valores atípicos"),
        "trend" => ("évolution", "tendencia"),
        "distribution" => ("répartition", "distribución"),
        _ => ("lequel", "cuál"),
    };
    match lang {
        Lang::En => en.into(),
        Lang::Fr => fr.into(),
        Lang::Es => es.into(),
    }
}

/// A statistic's name in a language.
pub fn stat_name(stat: Stat, lang: Lang) -> &'static str {
    use Lang::{En, Es, Fr};
    match (stat, lang) {
        (Stat::Mean, En) => "mean",
        (Stat::Mean, Fr) => "moyenne",
        (Stat::Mean, Es) => "media",
        (Stat::Sum, En) => "total",
        (Stat::Sum, Fr) => "total",
        (Stat::Sum, Es) => "total",
        (Stat::Count, En) => "count",
        (Stat::Count, Fr) => "nombre",
        (Stat::Count, Es) => "número",
        (Stat::Min, En) => "minimum",
        (Stat::Min, Fr) => "minimum",
        (Stat::Min, Es) => "mínimo",
        (Stat::Max, En) => "maximum",
        (Stat::Max, Fr) => "maximum",
        (Stat::Max, Es) => "máximo",
        (Stat::Median, En) => "median",
        (Stat::Median, Fr) => "médiane",
        (Stat::Median, Es) => "mediana",
        (Stat::Std, En) => "standard deviation",
        (Stat::Std, Fr) => "écart-type",
        (Stat::Std, Es) => "desviación estándar",
        (Stat::Var, En) => "variance",
        (Stat::Var, Fr) => "variance",
        (Stat::Var, Es) => "varianza",
        (Stat::Skew, En) => "skewness",
        (Stat::Skew, Fr) => "asymétrie",
        (Stat::Skew, Es) => "asimetría",
    }
}

/// Column forms: the words of its name (score 3), synonyms of its concept
/// (score 2), its last word alone (score 1).
fn column_forms(name: &str) -> Vec<(Vec<String>, u8)> {
    let all_words = text::name_words(name);
    let mut forms = vec![(all_words.clone(), 3u8)];
    // "height_cm", "load_time_ms": the unit is not said in goals.
    let mut words = all_words.clone();
    while words.len() > 1
        && words
            .last()
            .is_some_and(|w| lexicon::UNIT_SUFFIXES.contains(&w.as_str()))
    {
        words.pop();
    }
    if words != all_words {
        forms.push((words.clone(), 3));
    }
    let joined = words.join(" ");
    let last = words.last().cloned().unwrap_or_default();
    for group in lexicon::SYNONYMS {
        let singulars: Vec<String> = group
            .iter()
            .map(|p| {
                p.split_whitespace()
                    .map(text::singular)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        if singulars
            .iter()
            .any(|p| *p == joined || text::same_word(p, &last))
        {
            for p in singulars {
                if p != joined {
                    forms.push((p.split(' ').map(str::to_owned).collect(), 2));
                }
            }
        }
    }
    if words.len() > 1 {
        // "price" for unit_price, "edad" for edad_cliente
        for w in [&words[0], &last] {
            if w.len() > 2 && !lexicon::STOP_WORDS.contains(&w.as_str()) {
                forms.push((vec![w.clone()], 1));
            }
        }
        // the first word may name the concept: "edad_cliente" is an age
        for group in lexicon::SYNONYMS {
            if group.iter().any(|p| text::singular(p) == words[0]) {
                for p in group.iter() {
                    let f: Vec<String> = p.split_whitespace().map(text::singular).collect();
                    if f != [words[0].clone()] {
                        forms.push((f, 1));
                    }
                }
            }
        }
    }
    forms
}

/// Plans `goal` on `inputs`.
#[allow(
    clippy::too_many_lines,
    reason = "one pass over every recipe: split with the recipes into files of their own (planner work)"
)]
pub fn plan(goal: &str, lang: Lang, inputs: &[InputDescription]) -> Result<Plan, GoalProblem> {
    let _span = tracing::info_span!("plan_goal").entered();
    let tokens = text::tokens(goal);
    let mut g = Goal {
        used: vec![false; tokens.len()],
        tokens,
    };
    let mut understood: Vec<String> = Vec::new();

    // Every column name, with the files that have it.
    let mut columns: Vec<(String, ColumnKind, Vec<String>)> = Vec::new();
    for input in inputs {
        for c in &input.columns {
            match columns.iter_mut().find(|(n, _, _)| *n == c.name) {
                Some(entry) => entry.2.push(input.name.clone()),
                None => columns.push((c.name.clone(), c.kind, vec![input.name.clone()])),
            }
        }
    }

    // 1. Rounding.
    let rounding = find_rounding(&mut g);
    if let Some(n) = rounding {
        understood.push(match lang {
            Lang::En => format!("rounded to {n} decimals"),
            Lang::Fr => format!("arrondi à {n} décimales"),
            Lang::Es => format!("redondeado a {n} decimales"),
        });
    }

    // 2. Quoted column names.
    let mut mentions: Vec<Mention> = Vec::new();
    for q in text::quoted(goal) {
        let fq = text::fold(&q);
        if let Some((name, _, _)) = columns.iter().find(|(n, _, _)| text::fold(n) == fq) {
            let words = text::name_words(name).join(" ");
            if let Some(&start) = g.find(&words).first() {
                let len = words.split(' ').count();
                g.take(start, len);
                mentions.push(Mention {
                    start,
                    len,
                    column: name.clone(),
                });
            }
        }
    }

    // 3. Operations of several words (before columns: "z score", "number of").
    let mut ops: Vec<(usize, Op)> = Vec::new();
    let mut phrases: Vec<&(&str, Op)> = lexicon::OPS.iter().collect();
    phrases.sort_by_key(|(p, _)| std::cmp::Reverse(p.split_whitespace().count()));
    for (phrase, op) in phrases.iter().filter(|(p, _)| p.contains(' ')) {
        for start in g.find(phrase) {
            let len = phrase.split_whitespace().count();
            if g.used[start..start + len].iter().all(|u| !u) {
                g.take(start, len);
                ops.push((start, *op));
            }
        }
    }

    // 4. Column mentions: longest phrase first, exact names before synonyms.
    let mut candidates: Vec<(usize, usize, u8, String)> = Vec::new();
    for (name, _, _) in &columns {
        for (words, score) in column_forms(name) {
            for start in g.find(&words.join(" ")) {
                candidates.push((start, words.len(), score, name.clone()));
            }
        }
    }
    candidates.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)).then(a.0.cmp(&b.0)));
    let mut i = 0;
    while i < candidates.len() {
        let (start, len, score, _) = candidates[i].clone();
        let same: Vec<String> = candidates
            .iter()
            .filter(|c| c.0 == start && c.1 == len && c.2 == score)
            .map(|c| c.3.clone())
            .collect();
        if g.used[start..start + len].iter().any(|u| *u) {
            i += 1;
            continue;
        }
        let mut same_dedup = same.clone();
        dedup_keep_order(&mut same_dedup);
        if same_dedup.len() > 1 {
            let phrase = g.tokens[start..start + len]
                .iter()
                .map(|t| t.raw.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            return Err(GoalProblem::Ambiguous {
                phrase,
                candidates: same_dedup,
            });
        }
        g.take(start, len);
        mentions.push(Mention {
            start,
            len,
            column: same_dedup[0].clone(),
        });
        i += 1;
    }
    mentions.sort_by_key(|m| m.start);

    // 5. Category values: "for the North region", "pour la région Nord".
    let mut filters: Vec<Filter> = Vec::new();
    let mut value_hits: Vec<(usize, usize, String, String)> = Vec::new();
    for input in inputs {
        for c in input.columns.iter().filter(|c| c.kind == ColumnKind::Text) {
            for v in &c.values {
                let words: Vec<String> = text::tokens(v).into_iter().map(|t| t.key).collect();
                // A one-word value that is grammar or an operation ("Total", "Max")
                // is not taken for a filter.
                let is_word_we_know = |w: &str| {
                    lexicon::STOP_WORDS.contains(&w)
                        || lexicon::OPS.iter().any(|(p, _)| text::same_word(p, w))
                };
                if words.is_empty() || (words.len() == 1 && is_word_we_know(&words[0])) {
                    continue;
                }
                for start in g.find(&words.join(" ")) {
                    value_hits.push((start, words.len(), c.name.clone(), v.clone()));
                }
            }
        }
    }
    value_hits.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (start, len, column, value) in value_hits {
        if g.used[start..start + len].iter().any(|u| *u) {
            continue;
        }
        g.take(start, len);
        // "the North region": the column named beside its value is part of the filter.
        mentions.retain(|m| {
            !(m.column == column && (m.start + m.len + 2 >= start && m.start <= start + len + 2))
        });
        understood.push(match lang {
            Lang::En => format!("only rows where {column} is {value}"),
            Lang::Fr => format!("seulement les lignes où {column} vaut {value}"),
            Lang::Es => format!("solo las filas donde {column} es {value}"),
        });
        filters.push(Filter {
            column,
            cmp: Cmp::Eq,
            value: FilterValue::Text(value),
        });
    }

    // 6. Numeric conditions after a column: "age > 40", "âge supérieur à 40".
    let mut comparators: Vec<&(&str, Cmp)> = lexicon::COMPARATORS.iter().collect();
    comparators.sort_by_key(|(p, _)| std::cmp::Reverse(p.split_whitespace().count()));
    let mut conditioned: Vec<String> = Vec::new();
    for m in &mentions {
        let kind = columns
            .iter()
            .find(|c| c.0 == m.column)
            .map_or(ColumnKind::Empty, |c| c.1);
        if !is_number(kind) {
            continue;
        }
        let after = m.start + m.len;
        let after =
            if g.tokens.get(after).is_some_and(|t| {
                matches!(t.key.as_str(), "is" | "est" | "es" | "was" | "de" | "of")
            }) {
                after + 1
            } else {
                after
            };
        // "age > 40": the comparison after the column; "more than 10
        // units", "con más de 10 unidades": before it.
        let after_column = comparators.iter().find_map(|(phrase, cmp)| {
            let len = phrase.split_whitespace().count();
            let value = g.tokens.get(after + len).and_then(text::number)?;
            g.find(phrase)
                .contains(&after)
                .then_some((after, len + 1, *cmp, value))
        });
        let before_column = || {
            let number_at = m.start.checked_sub(1)?;
            let value = g.tokens.get(number_at).and_then(text::number)?;
            if g.used[number_at] {
                return None;
            }
            comparators.iter().find_map(|(phrase, cmp)| {
                let len = phrase.split_whitespace().count();
                let start = number_at.checked_sub(len)?;
                g.find(phrase)
                    .contains(&start)
                    .then_some((start, len + 1, *cmp, value))
            })
        };
        let Some((start, len, cmp, value)) = after_column.or_else(before_column) else {
            continue;
        };
        g.take(start, len);
        understood.push(match lang {
            Lang::En => format!("only rows where {} {} {value}", m.column, cmp.python()),
            Lang::Fr => format!(
                "seulement les lignes où {} {} {value}",
                m.column,
                cmp.python()
            ),
            Lang::Es => format!("solo las filas donde {} {} {value}", m.column, cmp.python()),
        });
        filters.push(Filter {
            column: m.column.clone(),
            cmp,
            value: FilterValue::Number(value),
        });
        conditioned.push(m.column.clone());
    }
    // A column only used in a condition is not also a measure.
    mentions.retain(|m| !conditioned.contains(&m.column));

    // 7. Group markers, periods and single-word operations.
    let mut group_by: Option<String> = None;
    let mut period: Option<Period> = None;
    let mut markers: Vec<&&str> = lexicon::GROUP_MARKERS.iter().collect();
    markers.sort_by_key(|p| std::cmp::Reverse(p.split_whitespace().count()));
    for marker in markers {
        for start in g.find(marker) {
            let len = marker.split_whitespace().count();
            let next = g.skip_articles(start + len);
            if let Some(m) = mentions.iter().find(|m| m.start == next) {
                let kind = columns
                    .iter()
                    .find(|c| c.0 == m.column)
                    .map_or(ColumnKind::Empty, |c| c.1);
                if is_category(kind) && group_by.is_none() {
                    g.take(start, len);
                    group_by = Some(m.column.clone());
                } else if kind == ColumnKind::Date && period.is_none() {
                    g.take(start, len);
                    period = Some(Period::Day);
                }
            } else if let Some((_, p)) = lexicon::PERIODS.iter().find(|(w, _)| {
                g.tokens
                    .get(next)
                    .is_some_and(|t| t.key == *w || t.folded == *w)
            }) {
                g.take(start, len);
                g.take(next, 1);
                period = period.or(Some(*p));
            }
        }
    }
    for (word, p) in lexicon::PERIODS {
        if lexicon::PERIOD_ADJECTIVES.contains(word) {
            for start in g.find(word) {
                g.take(start, 1);
                period = period.or(Some(*p));
            }
        }
    }
    if let Some(group) = &group_by {
        mentions.retain(|m| m.column != *group);
        understood.push(match lang {
            Lang::En => format!("grouped by {group}"),
            Lang::Fr => format!("par {group}"),
            Lang::Es => format!("por {group}"),
        });
    }
    for (phrase, op) in lexicon::OPS.iter().filter(|(p, _)| !p.contains(' ')) {
        for start in g.find(phrase) {
            g.take(start, 1);
            ops.push((start, *op));
        }
    }
    ops.sort_by_key(|(i, _)| *i);
    let has = |op: Op| ops.iter().any(|(_, o)| *o == op);
    for (_, op) in &ops {
        let d = describe_op(*op, lang);
        if *op != Op::Which && !understood.contains(&d) {
            understood.push(d);
        }
    }
    // Dates mentioned are the trend's axis, not measures.
    let date_mentioned: Option<String> = mentions
        .iter()
        .find(|m| kind_of(&columns, &m.column) == ColumnKind::Date)
        .map(|m| m.column.clone());
    mentions.retain(|m| kind_of(&columns, &m.column) != ColumnKind::Date);
    for m in &mentions {
        understood.push(match lang {
            Lang::En => format!("column {}", m.column),
            Lang::Fr => format!("colonne {}", m.column),
            Lang::Es => format!("columna {}", m.column),
        });
    }

    // 8. The file.
    let mut named: Vec<&str> = mentions.iter().map(|m| m.column.as_str()).collect();
    named.extend(filters.iter().map(|f| f.column.as_str()));
    named.extend(group_by.as_deref());
    named.extend(date_mentioned.as_deref());
    let input = inputs
        .iter()
        .find(|i| named.iter().all(|n| i.columns.iter().any(|c| c.name == *n)));
    let Some(input) = input else {
        let mut files: Vec<String> = named
            .iter()
            .filter_map(|n| columns.iter().find(|c| c.0 == *n))
            .flat_map(|c| c.2.clone())
            .collect();
        files.sort();
        files.dedup();
        return Err(GoalProblem::SeveralFiles { files });
    };
    let source = Source {
        name: input.name.clone(),
        encoding: python_codec(&input.encoding, input.bom),
        delimiter: input.delimiter,
        decimal_comma: input.decimal_comma,
        names: (!input.has_header).then(|| input.columns.iter().map(|c| c.name.clone()).collect()),
        rows: input.row_count,
        columns: input
            .columns
            .iter()
            .map(|c| (c.name.clone(), c.kind))
            .collect(),
        iso_dates: date_order(input, lang).0,
        day_first: date_order(input, lang).1,
    };

    // 9. The recipe.
    let numbers: Vec<String> = mentions
        .iter()
        .filter(|m| is_number(source.kind(&m.column)))
        .map(|m| m.column.clone())
        .collect();
    let mut numbers = numbers;
    dedup_keep_order(&mut numbers);
    let categories: Vec<String> = mentions
        .iter()
        .filter(|m| is_category(source.kind(&m.column)))
        .map(|m| m.column.clone())
        .collect();
    let first_text_mention = mentions
        .iter()
        .find(|m| !is_number(source.kind(&m.column)))
        .map(|m| m.column.clone());
    let need_numbers = |what: Op, n: usize| -> GoalProblem {
        if let Some(col) = &first_text_mention {
            GoalProblem::NotNumbers {
                column: col.clone(),
                what: describe_op(what, lang),
            }
        } else {
            GoalProblem::NeedsColumn {
                what: describe_op(what, lang),
                numbers: n,
                understood: understood.clone(),
            }
        }
    };
    let stats: Vec<(usize, Stat)> = ops
        .iter()
        .filter_map(|(i, o)| match o {
            Op::Stat(s) => Some((*i, *s)),
            _ => None,
        })
        .collect();
    let chosen_stat = |default: Stat| -> Stat {
        stats
            .iter()
            .map(|(_, s)| *s)
            .find(|s| {
                matches!(
                    s,
                    Stat::Mean | Stat::Sum | Stat::Median | Stat::Max | Stat::Min
                )
            })
            .or(if has(Op::Count) {
                Some(Stat::Count)
            } else {
                None
            })
            .unwrap_or(default)
    };
    let recipe = if has(Op::Normality) {
        let column = numbers
            .first()
            .ok_or_else(|| need_numbers(Op::Normality, 1))?;
        Recipe::Normality {
            column: column.clone(),
        }
    } else if has(Op::Outliers) || has(Op::ZScore) || has(Op::Iqr) {
        let column = numbers
            .first()
            .ok_or_else(|| need_numbers(Op::Outliers, 1))?;
        Recipe::Outliers {
            column: column.clone(),
            method: if has(Op::ZScore) {
                OutlierMethod::ZScore
            } else {
                OutlierMethod::Iqr
            },
        }
    } else if has(Op::Correlation) || has(Op::Spearman) {
        if numbers.len() < 2 {
            return Err(need_numbers(Op::Correlation, 2));
        }
        Recipe::Correlation {
            a: numbers[0].clone(),
            b: numbers[1].clone(),
            spearman: has(Op::Spearman),
        }
    } else if has(Op::Missing) {
        Recipe::Missing {
            column: mentions.first().map(|m| m.column.clone()),
        }
    } else if has(Op::Distinct) {
        let column = categories
            .first()
            .or(group_by.as_ref())
            .or(mentions.first().map(|m| &m.column))
            .ok_or_else(|| GoalProblem::NeedsColumn {
                what: describe_op(Op::Distinct, lang),
                numbers: 0,
                understood: understood.clone(),
            })?;
        Recipe::Distinct {
            column: column.clone(),
        }
    } else if has(Op::Share) {
        let group = group_by.clone().or(categories.first().cloned());
        let part = if group.is_none() && !filters.is_empty() {
            Some(filters.remove(0))
        } else {
            None
        };
        if group.is_none() && part.is_none() {
            return Err(GoalProblem::NeedsColumn {
                what: describe_op(Op::Share, lang),
                numbers: 0,
                understood,
            });
        }
        Recipe::Share {
            value: numbers.first().cloned(),
            group_by: group,
            part,
        }
    } else if has(Op::Ratio) {
        if numbers.len() < 2 {
            return Err(need_numbers(Op::Ratio, 2));
        }
        Recipe::Ratio {
            numerator: numbers[0].clone(),
            denominator: numbers[1].clone(),
            row_mean: stats.iter().any(|(_, s)| *s == Stat::Mean),
            group_by,
        }
    } else if has(Op::Top) || has(Op::Highest) || has(Op::Lowest) {
        let highest = !has(Op::Lowest);
        let n = top_n(&g).unwrap_or(if has(Op::Top) { 5 } else { 1 });
        let group = group_by.clone().or(categories.first().cloned());
        if group.is_none() && numbers.is_empty() {
            return Err(need_numbers(Op::Highest, 1));
        }
        let value = numbers.first().cloned();
        let default = if value.is_some() {
            Stat::Sum
        } else {
            Stat::Count
        };
        let stat = if group.is_none() {
            Stat::Sum
        } else {
            match chosen_stat(default) {
                s @ (Stat::Mean | Stat::Sum | Stat::Count | Stat::Median) => s,
                // "the highest maximum" is the highest value itself
                _ => Stat::Max,
            }
        };
        Recipe::Rank {
            stat: if value.is_none() { Stat::Count } else { stat },
            value,
            group_by: group,
            highest,
            n,
        }
    } else if has(Op::Trend) || period.is_some() {
        let date = date_mentioned
            .clone()
            .or_else(|| {
                source
                    .columns
                    .iter()
                    .find(|(_, k)| *k == ColumnKind::Date)
                    .map(|(n, _)| n.clone())
            })
            .ok_or(GoalProblem::NoDate)?;
        let value = numbers.first().cloned();
        let stat = if value.is_some() {
            chosen_stat(Stat::Sum)
        } else {
            Stat::Count
        };
        if value.is_none() && !categories.is_empty() && !has(Op::Count) {
            return Err(need_numbers(Op::Trend, 1));
        }
        Recipe::Trend {
            value,
            stat,
            date,
            period: period.unwrap_or(Period::Month),
        }
    } else if has(Op::Distribution) {
        if let Some(column) = numbers.first() {
            Recipe::Distribution {
                column: column.clone(),
            }
        } else if let Some(column) = categories.first() {
            Recipe::CountRows {
                group_by: Some(column.clone()),
            }
        } else {
            return Err(need_numbers(Op::Distribution, 1));
        }
    } else if !stats.is_empty() || has(Op::Count) {
        if numbers.is_empty() {
            if has(Op::Count) && stats.iter().all(|(_, s)| *s == Stat::Sum) {
                // "how many sales per region", "number of rows"
                Recipe::CountRows {
                    group_by: group_by.or(categories.first().cloned()),
                }
            } else {
                let op = stats.first().map_or(Op::Count, |(_, s)| Op::Stat(*s));
                return Err(need_numbers(op, 1));
            }
        } else {
            let mut items: Vec<(Stat, String)> = Vec::new();
            let mut all_stats: Vec<(usize, Stat)> = stats.clone();
            if has(Op::Count) && all_stats.is_empty() {
                let at = ops
                    .iter()
                    .find(|(_, o)| *o == Op::Count)
                    .map_or(0, |(i, _)| *i);
                all_stats.push((at, Stat::Count));
            }
            let number_mentions: Vec<&Mention> = mentions
                .iter()
                .filter(|m| is_number(source.kind(&m.column)))
                .collect();
            if all_stats.len() == 1 || number_mentions.len() == 1 {
                for (_, s) in &all_stats {
                    for m in &number_mentions {
                        items.push((*s, m.column.clone()));
                    }
                }
            } else {
                // "average age and total revenue": each statistic takes the
                // next column named after it (or, for the last, the one before).
                for (k, (at, s)) in all_stats.iter().enumerate() {
                    let until = all_stats.get(k + 1).map_or(usize::MAX, |(i, _)| *i);
                    let column = number_mentions
                        .iter()
                        .find(|m| m.start > *at && m.start < until)
                        .or_else(|| number_mentions.iter().rev().find(|m| m.start < *at))
                        .or(number_mentions.first())
                        .map(|m| m.column.clone());
                    if let Some(c) = column {
                        items.push((*s, c));
                    }
                }
            }
            items.dedup();
            Recipe::Stats {
                items,
                group_by: group_by.or(categories.first().cloned()),
            }
        }
    } else {
        return Err(GoalProblem::NotUnderstood { understood });
    };
    // A column named in the goal but left out of the recipe would be a
    // silent guess ("per product and region" grouped by product only).
    let used = recipe_columns(&recipe);
    if numbers
        .iter()
        .chain(&categories)
        .any(|c| !used.contains(&c.as_str()))
    {
        return Err(GoalProblem::TooMany { understood });
    }
    Ok(Plan {
        source,
        filters,
        recipe,
        rounding,
        lang,
    })
}

/// The columns a recipe uses.
fn recipe_columns(recipe: &Recipe) -> Vec<&str> {
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
    }
    out
}

fn dedup_keep_order(list: &mut Vec<String>) {
    let mut seen = std::collections::HashSet::new();
    list.retain(|x| seen.insert(x.clone()));
}

fn kind_of(columns: &[(String, ColumnKind, Vec<String>)], name: &str) -> ColumnKind {
    columns
        .iter()
        .find(|c| c.0 == name)
        .map_or(ColumnKind::Empty, |c| c.1)
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

/// "to two decimal places", "à 2 décimales", "con dos decimales", "to the
/// nearest whole number".
fn find_rounding(g: &mut Goal) -> Option<u32> {
    for phrase in lexicon::WHOLE_NUMBER {
        if let Some(&start) = g.find(phrase).first() {
            g.take(start, phrase.split_whitespace().count());
            return Some(0);
        }
    }
    for word in lexicon::DECIMAL_WORDS {
        let len = word.split_whitespace().count();
        for start in g.find(word) {
            if start == 0 {
                continue;
            }
            if let Some(n) = text::number(&g.tokens[start - 1]) {
                if (0.0..=10.0).contains(&n) && n.fract() == 0.0 {
                    g.take(start - 1, len + 1);
                    return Some(n as u32);
                }
            }
        }
    }
    None
}

/// A number next to "top", "first", "premiers"… that is not used yet.
fn top_n(g: &Goal) -> Option<usize> {
    g.tokens
        .iter()
        .enumerate()
        .filter(|(i, _)| !g.used[*i])
        .find_map(|(_, t)| text::number(t))
        .filter(|n| *n >= 1.0 && *n <= 1000.0 && n.fract() == 0.0)
        .map(|n| n as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inputs;

    fn describe(file: &str) -> InputDescription {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/golden/data")
            .join(file);
        inputs::describe(&path, u64::MAX).expect("describe")
    }

    fn recipe(file: &str, goal: &str) -> Result<Recipe, GoalProblem> {
        let inputs = [describe(file)];
        plan(goal, Lang::detect(goal), &inputs).map(|p| p.recipe)
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
            recipe("shop.csv", "total revenue per product and region"),
            Err(GoalProblem::TooMany { .. })
        ));
        assert!(matches!(
            recipe("people.csv", "is height or weight normally distributed?"),
            Err(GoalProblem::TooMany { .. })
        ));
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
