//! Follow-ups: a goal that refines the previous answer ("same for 2023",
//! "now per product", "only North", "and the median?", "et en
//! pourcentage ?", "¿y por mes?", "as a pie chart"). The follow-up is read
//! by the planner's own stages as a *partial* reading (filters, grouping,
//! period, measures, chart kind, rounding: a [`Refinement`]), every word
//! placed or a listed filler, then merged into the previous plan with typed
//! rules ([`merge`]):
//!
//! - a filter on a column the previous plan filtered replaces that column's
//!   filters of the same part ("same for 2023" after "…in 2024"); any
//!   other is added; a day said without its year keeps the one year said
//!   before ("…in 2023" → "and after April 20?"), and the file's latest
//!   year is never mixed with a year said in the other goal (not merged:
//!   the assumption that said it would be lost or false);
//! - a grouping replaces the previous one ("now per product"); a period
//!   makes a total or a count a series over time, or changes a series'
//!   period ("¿y por mes?");
//! - a statistic is added to the measures ("and the median?"), or replaces
//!   them when the follow-up says so ("instead", "plutôt", "en cambio") or
//!   when the recipe computes one statistic (a ranking, a series); a column
//!   named alone replaces the measured column ("same for unit_price");
//! - a share ("in percent", "en pourcentage") turns a total or a count per
//!   group into each group's share;
//! - a chart kind and a rounding are set; everything not said is kept.
//!
//! A follow-up that cannot be merged stops with
//! [`GoalProblem::CannotFollow`], saying what was not applied to which
//! answer. The previous plan is the previous goal planned again on the same
//! inputs (the planner is deterministic; the run checks the inputs' hashes),
//! so a chain is its goals, oldest first.
//!
//! Corpus grammar (`tests/golden/steps-followups.txt`): the GOAL field is
//! the chain `first goal >> follow-up [>> follow-up]*`; the expectation is
//! the combined plan's, in the grammar of `everyday.txt`.

use super::reading::Reading;
use super::{
    words, Cmp, DatePart, Filter, FilterValue, GoalProblem, InputDescription, Lang, Period, Plan,
    Recipe, Stat,
};
use crate::generator::lexicon::Op;
use crate::generator::steps::chart_kind;
use crate::inputs::ColumnKind;

/// Most goals in one chain (the first goal and its follow-ups).
pub const MAX_CHAIN: usize = 20;

/// The separator of a chain's goals in the golden corpus.
pub const CHAIN_SEPARATOR: &str = " >> ";

/// Phrases that open a follow-up, placed before the planner's stages read
/// the words ("what about per product?": "what" asks nothing).
const LEAD_PHRASES: &[&str] = &[
    "what about",
    "how about",
    "same thing",
    "the same",
    "la meme chose",
    "meme chose",
    "lo mismo",
    "que tal",
];

/// Words that link a follow-up to the previous answer, folded: placed
/// (they ask nothing more), in the three languages, after the stages
/// ("and" may join two values of one condition first).
const LINK_WORDS: &[&str] = &[
    "same",
    "now",
    "also",
    "too",
    "again",
    "and",
    "but",
    "do",
    "it",
    "this",
    "that",
    "show",
    "pareil",
    "idem",
    "maintenant",
    "aussi",
    "et",
    "mais",
    "fais",
    "refais",
    "montre",
    "mismo",
    "igual",
    "ahora",
    "tambien",
    "pero",
    "y",
    "haz",
    "muestra",
];

/// Words that say the new measure replaces the previous ones.
const INSTEAD_WORDS: &[&str] = &[
    "instead",
    "rather",
    "plutot",
    "a la place",
    "en cambio",
    "en su lugar",
    "mejor",
];

/// A refinement that does not apply to the plan it follows (a grouping on
/// a correlation, a share of a mean, a column of another file).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the follow-up cannot refine this plan")]
pub struct NotMerged;

/// What a follow-up says, read on its own.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Refinement {
    /// Conditions on rows.
    pub filters: Vec<Filter>,
    /// A new grouping.
    pub group_by: Option<String>,
    /// A new period (a series over time).
    pub period: Option<Period>,
    /// Statistics asked, each with its column when one is named.
    pub stats: Vec<(Stat, Option<String>)>,
    /// Columns named without an operation: the new measured column.
    pub columns: Vec<String>,
    /// Each group's share ("in percent").
    pub share: bool,
    /// The new measures replace the previous ones.
    pub instead: bool,
    /// The chart kind asked.
    pub chart: Option<chart_kind::ChartKind>,
    /// Decimal places asked.
    pub rounding: Option<u32>,
}

impl Refinement {
    fn is_empty(&self) -> bool {
        *self == Self::default()
    }
}

/// The stage that places chart-kind words ("as a pie chart", "en
/// camembert"): the first goals' and the follow-ups'.
pub(super) fn chart_words(r: &mut Reading) -> Option<chart_kind::ChartKind> {
    let keys: Vec<String> = r.g.tokens.iter().map(|t| t.folded.clone()).collect();
    let (kind, start, len) = chart_kind::find(&keys, |s, l| r.g.free(s, l))?;
    r.g.take(start, len);
    Some(kind)
}

/// Places `phrases` wherever they are free; true when one was found.
fn place(r: &mut Reading, phrases: &[&str]) -> bool {
    let mut found = false;
    let mut sorted: Vec<&&str> = phrases.iter().collect();
    sorted.sort_by_key(|p| std::cmp::Reverse(p.split_whitespace().count()));
    for phrase in sorted {
        let len = phrase.split_whitespace().count();
        while let Some(&at) = r.g.find(phrase).first() {
            r.g.take(at, len);
            found = true;
        }
    }
    found
}

/// Reads a follow-up on its own: what it changes.
pub fn read(
    goal: &str,
    lang: Lang,
    inputs: &[InputDescription],
) -> Result<Refinement, GoalProblem> {
    let mut r = Reading::new(goal, lang, inputs);
    let chart = chart_words(&mut r);
    let instead = place(&mut r, INSTEAD_WORDS);
    place(&mut r, LEAD_PHRASES);
    r.rounding();
    r.quoted_columns(goal);
    r.glossed_columns();
    r.headcount();
    r.phrase_ops();
    r.column_mentions()?;
    r.format_words();
    r.category_filters()?;
    crate::generator::steps::days::read(&mut r)?;
    r.numeric_filters()?;
    r.date_filters()?;
    r.groups_and_periods()?;
    r.yes_no_filters();
    r.word_ops();
    r.population_words();
    r.settle_mentions();
    place(&mut r, LINK_WORDS);
    let left = words::leftovers(&r.g, r.lang);
    if !left.unplaced.is_empty() {
        return Err(GoalProblem::Unplaced {
            words: left.unplaced,
            understood: r.understood,
        });
    }
    refinement(r, chart, instead)
}

/// The refinement a reading found.
fn refinement(
    r: Reading,
    chart: Option<chart_kind::ChartKind>,
    instead: bool,
) -> Result<Refinement, GoalProblem> {
    let taken: Vec<&str> = r
        .filters
        .iter()
        .map(|f| f.column.as_str())
        .chain(r.group_by.as_deref())
        .chain(r.date_mentioned.as_deref())
        .collect();
    let mut columns: Vec<String> = r
        .mentions
        .iter()
        .map(|m| m.column.clone())
        .filter(|c| !taken.contains(&c.as_str()))
        .collect();
    super::dedup_keep_order(&mut columns);
    let mut out = Refinement {
        filters: r.filters.clone(),
        group_by: r.group_by.clone(),
        period: r.period,
        chart,
        rounding: r.rounding,
        instead,
        ..Refinement::default()
    };
    for (_, op) in &r.ops {
        match op {
            Op::Stat(s) => out.stats.push((*s, None)),
            Op::Share => out.share = true,
            Op::Trend if out.period.is_some() => {}
            _ => {
                return Err(GoalProblem::CannotFollow {
                    said: r.g.text.clone(),
                    previous: String::new(),
                })
            }
        }
    }
    match (out.stats.len(), columns.len()) {
        (_, 0) => {}
        (0, _) => out.columns = columns,
        (_, 1) => {
            for s in &mut out.stats {
                s.1 = Some(columns[0].clone());
            }
        }
        _ => {
            return Err(GoalProblem::TooMany {
                understood: r.understood,
            })
        }
    }
    Ok(out)
}

/// The language of a follow-up: its own words weigh twice the previous
/// goal's, so a short follow-up ("en camembert", "¿y 2020?") keeps the
/// chain's language unless its words say another.
pub fn chain_lang<S: AsRef<str>>(before: &[S], goal: &str) -> Lang {
    match before.last() {
        Some(previous) => Lang::detect(&format!("{goal} {goal} {}", previous.as_ref())),
        None => Lang::detect(goal),
    }
}

/// Plans a chain of goals, oldest first: the first planned whole, each
/// next one read as a refinement and merged.
pub fn plan_chain(goals: &[&str], inputs: &[InputDescription]) -> Result<Plan, GoalProblem> {
    let _span = tracing::info_span!("plan_follow_up", goals = goals.len()).entered();
    let Some((first, rest)) = goals.split_first() else {
        return Err(GoalProblem::NotUnderstood {
            understood: Vec::new(),
        });
    };
    if goals.len() > MAX_CHAIN {
        return Err(GoalProblem::CannotFollow {
            said: goals[goals.len() - 1].to_string(),
            previous: first.to_string(),
        });
    }
    let mut plan = super::plan(first, Lang::detect(first), inputs)?;
    for (i, goal) in rest.iter().enumerate() {
        let lang = chain_lang(&goals[..=i], goal);
        // "and under sixteen?" reads its number as the first goal did.
        let in_digits = super::numerals::in_digits(goal, lang, inputs);
        let read_as = in_digits.as_ref().map_or(*goal, |d| d.text.as_str());
        let refinement = read(read_as, lang, inputs).map_err(|e| match e {
            GoalProblem::CannotFollow { said, .. } => GoalProblem::CannotFollow {
                said,
                previous: goals[i].to_string(),
            },
            other => other,
        })?;
        plan = merge(plan, &refinement).map_err(|NotMerged| GoalProblem::CannotFollow {
            said: goal.to_string(),
            previous: goals[i].to_string(),
        })?;
        plan.lang = lang;
        plan.refines = goals[..=i].iter().map(|g| g.to_string()).collect();
    }
    Ok(plan)
}

/// The previous plan with the refinement applied, or `Err` when it cannot
/// be (a grouping on a correlation, a share of a mean…).
pub fn merge(mut plan: Plan, said: &Refinement) -> Result<Plan, NotMerged> {
    if said.is_empty() {
        return Err(NotMerged);
    }
    let known = |c: &str| plan.source.columns.iter().any(|(n, _)| n == c);
    let named = said
        .filters
        .iter()
        .map(|f| f.column.as_str())
        .chain(said.group_by.as_deref())
        .chain(said.columns.iter().map(String::as_str))
        .chain(said.stats.iter().filter_map(|(_, c)| c.as_deref()));
    if !named.into_iter().all(known) {
        return Err(NotMerged);
    }
    merge_filters(&mut plan.filters, &said.filters)?;
    if let Some(g) = &said.group_by {
        plan.recipe = regroup(plan.recipe, g)?;
    }
    if let Some(p) = said.period {
        plan.recipe = over_time(plan.recipe, p, &plan.source)?;
    }
    if !said.columns.is_empty() {
        plan.recipe = measure_column(plan.recipe, &said.columns)?;
    }
    if !said.stats.is_empty() {
        plan.recipe = measures(plan.recipe, &said.stats, said.instead)?;
    }
    if said.share {
        plan.recipe = as_share(plan.recipe)?;
    }
    let numbers_ok = super::recipe_columns(&plan.recipe).iter().all(|c| {
        let measured = matches!(&plan.recipe, Recipe::Stats { items, .. } if items.iter().any(|(_, i)| i == c));
        !measured || super::is_number(plan.source.kind(c))
    });
    if !numbers_ok {
        return Err(NotMerged);
    }
    if said.chart.is_some() {
        plan.chart = said.chart;
    }
    if said.rounding.is_some() {
        plan.rounding = said.rounding;
    }
    Ok(plan)
}

/// A filter on a column already filtered (the same part of a date: a year
/// replaces a year, a month a month; the latest year replaces a year)
/// replaces that column's filters; any other is added. A day without its
/// year keeps the one year said before; any other mix of the file's latest
/// year with a year is not merged.
fn merge_filters(filters: &mut Vec<Filter>, new: &[Filter]) -> Result<(), NotMerged> {
    let latest_year = |f: &Filter| {
        matches!(
            f.value,
            FilterValue::Latest {
                latest: DatePart::Year
            }
        )
    };
    let year = |f: &Filter| f.part == Some(DatePart::Year);
    let one_year =
        |f: &Filter| year(f) && f.cmp == Cmp::Eq && matches!(f.value, FilterValue::Number(_));
    let day_part = |f: &Filter, column: &str| {
        f.column == column
            && matches!(
                f.part,
                Some(DatePart::Month | DatePart::Day | DatePart::MonthDay)
            )
    };
    // The file's latest year of a previous plan is said among its
    // assumptions: a year said now would leave that assumption false.
    let latest_before = |column: &str| filters.iter().any(|f| f.column == column && latest_year(f));
    if new.iter().any(|n| year(n) && latest_before(&n.column)) {
        return Err(NotMerged);
    }
    let mut kept = Vec::new();
    for n in new {
        if latest_year(n) && new.iter().any(|d| day_part(d, &n.column)) {
            // "total in 2023" → "and after April 20?": a day said without
            // its year is of the one year said before; with none (or
            // several), the follow-up's own assumption would be lost.
            // "on March 3" → "and on March 4?": the latest year already.
            let same_year = filters
                .iter()
                .any(|f| f.column == n.column && (one_year(f) || latest_year(f)));
            if same_year {
                continue;
            }
            return Err(NotMerged);
        }
        kept.push(n.clone());
    }
    filters.retain(|f| {
        let same_part = kept
            .iter()
            .any(|n| n.column == f.column && n.part == f.part);
        // "total in 2023" → "and this year?": the latest year replaces it.
        let year_replaced = kept
            .iter()
            .any(|n| n.column == f.column && latest_year(n) && year(f));
        !(same_part || year_replaced)
    });
    filters.extend(kept);
    Ok(())
}

/// The recipe grouped by `g` instead.
fn regroup(recipe: Recipe, g: &str) -> Result<Recipe, NotMerged> {
    let g = Some(g.to_owned());
    Ok(match recipe {
        Recipe::Stats { items, .. } => Recipe::Stats { items, group_by: g },
        Recipe::CountRows { .. } => Recipe::CountRows { group_by: g },
        Recipe::Ratio {
            numerator,
            denominator,
            row_mean,
            ..
        } => Recipe::Ratio {
            numerator,
            denominator,
            row_mean,
            group_by: g,
        },
        Recipe::Share {
            value, part: None, ..
        } => Recipe::Share {
            value,
            group_by: g,
            part: None,
        },
        Recipe::Rank {
            stat,
            value,
            group_by: Some(_),
            highest,
            n,
        } => Recipe::Rank {
            stat,
            value,
            group_by: g,
            highest,
            n,
        },
        Recipe::Trend {
            value: None,
            stat: Stat::Count,
            ..
        } => Recipe::CountRows { group_by: g },
        _ => return Err(NotMerged),
    })
}

/// The recipe as a series per `period` (a total or a count becomes one; a
/// series changes its period).
fn over_time(recipe: Recipe, period: Period, source: &super::Source) -> Result<Recipe, NotMerged> {
    let dates: Vec<&String> = source
        .columns
        .iter()
        .filter(|(_, k)| *k == ColumnKind::Date)
        .map(|(n, _)| n)
        .collect();
    let trend = |value: Option<String>, stat: Stat| -> Result<Recipe, NotMerged> {
        match dates.as_slice() {
            [date] => Ok(Recipe::Trend {
                value,
                stat,
                date: (*date).clone(),
                period,
            }),
            _ => Err(NotMerged),
        }
    };
    match recipe {
        Recipe::Trend {
            value, stat, date, ..
        } => Ok(Recipe::Trend {
            value,
            stat,
            date,
            period,
        }),
        Recipe::Stats {
            items,
            group_by: None,
        } if items.len() == 1 && matches!(items[0].0, Stat::Sum | Stat::Count) => {
            let (stat, col) = items[0].clone();
            trend(Some(col), stat)
        }
        Recipe::CountRows { group_by: None } => trend(None, Stat::Count),
        _ => Err(NotMerged),
    }
}

/// The recipe measuring `columns` instead of its column ("same for
/// unit_price").
fn measure_column(recipe: Recipe, columns: &[String]) -> Result<Recipe, NotMerged> {
    let [column] = columns else {
        return Err(NotMerged);
    };
    let col = Some(column.clone());
    Ok(match recipe {
        Recipe::Stats { items, group_by } => {
            let mut stats: Vec<Stat> = items.iter().map(|(s, _)| *s).collect();
            stats.dedup();
            Recipe::Stats {
                items: stats.into_iter().map(|s| (s, column.clone())).collect(),
                group_by,
            }
        }
        Recipe::Rank {
            stat,
            value: Some(_),
            group_by,
            highest,
            n,
        } => Recipe::Rank {
            stat,
            value: col,
            group_by,
            highest,
            n,
        },
        Recipe::Trend {
            value: Some(_),
            stat,
            date,
            period,
        } => Recipe::Trend {
            value: col,
            stat,
            date,
            period,
        },
        Recipe::Share {
            value: Some(_),
            group_by,
            part,
        } => Recipe::Share {
            value: col,
            group_by,
            part,
        },
        _ => return Err(NotMerged),
    })
}

/// The recipe with the statistics said added (or instead).
fn measures(
    recipe: Recipe,
    stats: &[(Stat, Option<String>)],
    instead: bool,
) -> Result<Recipe, NotMerged> {
    match recipe {
        Recipe::Stats { items, group_by } => {
            let Some(default) = items.first().map(|(_, c)| c.clone()) else {
                return Err(NotMerged);
            };
            let mut out = if instead { Vec::new() } else { items };
            for (s, c) in stats {
                let item = (*s, c.clone().unwrap_or_else(|| default.clone()));
                if !out.contains(&item) {
                    out.push(item);
                }
            }
            Ok(Recipe::Stats {
                items: out,
                group_by,
            })
        }
        Recipe::Trend {
            value: Some(v),
            date,
            period,
            ..
        } => match stats {
            [(s, c)] => Ok(Recipe::Trend {
                value: Some(c.clone().unwrap_or(v)),
                stat: *s,
                date,
                period,
            }),
            _ => Err(NotMerged),
        },
        Recipe::Rank {
            value: Some(v),
            group_by: Some(g),
            highest,
            n,
            ..
        } => match stats {
            [(s @ (Stat::Sum | Stat::Mean), c)] => Ok(Recipe::Rank {
                stat: *s,
                value: Some(c.clone().unwrap_or(v)),
                group_by: Some(g),
                highest,
                n,
            }),
            _ => Err(NotMerged),
        },
        _ => Err(NotMerged),
    }
}

/// A total or a count per group as each group's share.
fn as_share(recipe: Recipe) -> Result<Recipe, NotMerged> {
    match recipe {
        Recipe::Stats {
            items,
            group_by: Some(g),
        } if items.len() == 1 && items[0].0 == Stat::Sum => Ok(Recipe::Share {
            value: Some(items[0].1.clone()),
            group_by: Some(g),
            part: None,
        }),
        Recipe::CountRows { group_by: Some(g) } => Ok(Recipe::Share {
            value: None,
            group_by: Some(g),
            part: None,
        }),
        share @ Recipe::Share { .. } => Ok(share),
        _ => Err(NotMerged),
    }
}

/// The restated reading, with the chart asked (drawn, or not fitting) and,
/// for a follow-up, the answers it refines ("A" → "B", oldest first).
pub fn restated(plan: &Plan, sentence: String) -> String {
    let lang = plan.lang;
    let sentence = match plan.chart {
        None => sentence,
        Some(kind) if chart_kind::planned_kind(plan).is_some() => lang.pick(
            format!("{sentence}, drawn as {}, as asked", kind.words(lang)),
            format!("{sentence}, tracé en {}, comme demandé", kind.words(lang)),
            format!(
                "{sentence}, dibujado como {}, como se pidió",
                kind.words(lang)
            ),
        ),
        Some(kind) => lang.pick(
            format!(
                "{sentence}; {} was asked, but does not fit this result",
                kind.words(lang)
            ),
            format!(
                "{sentence} ; {} était demandé, mais ne convient pas à ce résultat",
                kind.words(lang)
            ),
            format!(
                "{sentence}; se pidió {}, pero no conviene a este resultado",
                kind.words(lang)
            ),
        ),
    };
    if plan.refines.is_empty() {
        return sentence;
    }
    let chain = plan
        .refines
        .iter()
        .map(|g| lang.pick(format!("“{g}”"), format!("« {g} »"), format!("«{g}»")))
        .collect::<Vec<_>>()
        .join(" → ");
    lang.pick(
        format!("{sentence} (refines the previous answer: {chain})"),
        format!("{sentence} (affine la réponse précédente : {chain})"),
        format!("{sentence} (afina la respuesta anterior: {chain})"),
    )
}

/// The stop reason of a follow-up that cannot be merged.
pub fn problem(said: &str, previous: &str, lang: Lang) -> String {
    lang.pick(
        format!("“{said}” could not be applied to the previous answer (“{previous}”): a follow-up can change the rows kept (a year, a region), the grouping (“now per product”), the period (“per month”), add a statistic (“and the median?”), ask for percents or a chart kind; ask the whole question instead"),
        format!("« {said} » n'a pas pu s'appliquer à la réponse précédente (« {previous} ») : une question de suite peut changer les lignes gardées (une année, une région), le regroupement (« maintenant par produit »), la période (« par mois »), ajouter une statistique (« et la médiane ? »), demander des pourcentages ou un type de graphique ; posez plutôt la question entière"),
        format!("«{said}» no se pudo aplicar a la respuesta anterior («{previous}»): una pregunta de seguimiento puede cambiar las filas (un año, una región), la agrupación («ahora por producto»), el periodo («por mes»), añadir una estadística («¿y la mediana?»), pedir porcentajes o un tipo de gráfico; haga la pregunta entera"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chain(file: &str, goals: &[&str]) -> Result<Plan, GoalProblem> {
        plan_chain(goals, &[crate::generator::golden_input(file)])
    }

    #[test]
    fn a_filter_on_a_filtered_column_replaces_it_and_others_are_added() {
        let p = chain("shop.csv", &["total revenue in 2024", "same for 2023"]).expect("plan");
        assert_eq!(
            p.filters,
            [Filter {
                column: "date".into(),
                cmp: Cmp::Eq,
                value: FilterValue::Number(2023.0),
                part: Some(DatePart::Year),
            }]
        );
        let p = chain("shop.csv", &["total revenue in 2024", "only North"]).expect("plan");
        assert_eq!(p.filters.len(), 2, "{:?}", p.filters);
        assert_eq!(p.refines, ["total revenue in 2024"]);
    }

    #[test]
    fn a_day_without_its_year_keeps_the_one_year_said_before() {
        let parts = |p: &Plan| -> Vec<(Option<DatePart>, FilterValue)> {
            p.filters
                .iter()
                .map(|f| (f.part, f.value.clone()))
                .collect()
        };
        let latest = FilterValue::Latest {
            latest: DatePart::Year,
        };
        let p = chain(
            "shop.csv",
            &["total revenue in 2024", "and after March 20?"],
        )
        .expect("plan");
        let found = parts(&p);
        assert!(
            found.contains(&(Some(DatePart::Year), FilterValue::Number(2024.0))),
            "{found:?}"
        );
        assert!(
            found.contains(&(Some(DatePart::MonthDay), FilterValue::Number(320.0))),
            "{found:?}"
        );
        assert!(!found.contains(&(None, latest)), "{found:?}");
        // The file's latest year, said as an assumption of one plan, is
        // never mixed with a year said in the other: not merged.
        let p = chain(
            "orders.csv",
            &["How many orders on March 3?", "and on March 4?"],
        )
        .expect("plan");
        let days: Vec<_> = p
            .filters
            .iter()
            .filter(|f| f.part == Some(DatePart::Day))
            .collect();
        assert_eq!(days.len(), 1, "{:?}", p.filters);
        for goals in [
            ["total revenue after March 20", "and in 2025?"],
            ["total revenue", "and after March 20?"],
            ["total revenue since 2022", "and after March 20?"],
        ] {
            assert!(chain("shop.csv", &goals).is_err(), "{goals:?}");
        }
    }

    #[test]
    fn a_grouping_replaces_and_a_statistic_is_added() {
        let p = chain(
            "shop.csv",
            &[
                "total revenue per region",
                "now per product",
                "and the median?",
            ],
        )
        .expect("plan");
        assert_eq!(
            p.recipe,
            Recipe::Stats {
                items: vec![
                    (Stat::Sum, "revenue".into()),
                    (Stat::Median, "revenue".into())
                ],
                group_by: Some("product".into()),
            }
        );
        assert_eq!(p.refines.len(), 2);
    }

    #[test]
    fn percents_turn_a_total_per_group_into_shares() {
        let p = chain(
            "shop.csv",
            &["total revenue per region", "et en pourcentage ?"],
        )
        .expect("plan");
        assert_eq!(
            p.recipe,
            Recipe::Share {
                value: Some("revenue".into()),
                group_by: Some("region".into()),
                part: None
            }
        );
        assert_eq!(p.lang, Lang::Fr);
    }

    #[test]
    fn what_cannot_be_merged_stops_with_a_question() {
        assert!(matches!(
            chain("shop.csv", &["average revenue", "et en pourcentage ?"]),
            Err(GoalProblem::CannotFollow { .. })
        ));
        assert!(matches!(
            chain("shop.csv", &["total revenue", "with the flux capacitor"]),
            Err(GoalProblem::Unplaced { .. })
        ));
    }

    #[test]
    fn a_merge_keeps_what_is_not_said() {
        let first = chain("shop.csv", &["average revenue per region in 2024"]).expect("plan");
        let merged = merge(
            first.clone(),
            &Refinement {
                chart: Some(chart_kind::ChartKind::Bar),
                ..Refinement::default()
            },
        )
        .expect("merge");
        assert_eq!(merged.filters, first.filters);
        assert_eq!(merged.recipe, first.recipe);
        assert_eq!(merged.chart, Some(chart_kind::ChartKind::Bar));
        assert_eq!(merge(first, &Refinement::default()), Err(NotMerged));
    }
}
