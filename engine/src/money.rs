//! Amounts of money on answers. The offline recipes report numbers
//! without a unit; when the file states the currency of a column (its
//! header, or marks on its numbers: `inputs::currency`), the answers that
//! are a total, mean, median, percentile, minimum or maximum of that
//! column get it as their unit — never a count, a share, a ratio between
//! columns, a change in %, a variance, or a column rescaled first — and
//! the explanation says where the unit came from.

use std::collections::BTreeMap;

use crate::generator::codegen::measure_name;
use crate::generator::plan::{Plan, Recipe};
use crate::generator::terms::Stat;
use crate::inputs::{currency, InputDescription};
use crate::messages;
use crate::validate::{CheckedResult, Value};

/// Statistics whose value is in the column's own unit.
fn keeps_the_unit(stat: Stat) -> bool {
    matches!(
        stat,
        Stat::Sum | Stat::Mean | Stat::Median | Stat::Min | Stat::Max | Stat::Percentile(_)
    )
}

/// The currency of each column the inputs state one for: a column found
/// in several inputs (stacked or joined files) only when they all state
/// the same.
fn currencies(inputs: &[InputDescription]) -> BTreeMap<&str, Option<&str>> {
    let mut out: BTreeMap<&str, Option<&str>> = BTreeMap::new();
    for column in inputs.iter().flat_map(|i| &i.columns) {
        let unit = column.currency.as_deref();
        out.entry(column.name.as_str())
            .and_modify(|u| {
                if *u != unit {
                    *u = None;
                }
            })
            .or_insert(unit);
    }
    out
}

/// What names an answer of a money column: its name is `label` or starts
/// with `label (` (per group, "(highest)", "(last period)"), or any
/// number of the recipe is one (`all`).
struct Rule<'a> {
    column: &'a str,
    label: Option<String>,
}

/// The rules of `plan`'s recipe: which answers are a statistic, that
/// keeps the unit, of which column.
fn rules(plan: &Plan) -> Vec<Rule<'_>> {
    let lang = plan.lang;
    let named = |stat: Stat, column: &str| -> Option<String> {
        keeps_the_unit(stat).then(|| measure_name(stat, column, lang))
    };
    match &plan.recipe {
        Recipe::Stats { items, .. } => items
            .iter()
            .filter_map(|(stat, column)| {
                named(*stat, column).map(|label| Rule {
                    column,
                    label: Some(label),
                })
            })
            .collect(),
        Recipe::Trend {
            value: Some(column),
            stat,
            ..
        }
        | Recipe::Pivot {
            value: Some(column),
            stat,
            ..
        } => named(*stat, column)
            .map(|label| Rule {
                column,
                label: Some(label),
            })
            .into_iter()
            .collect(),
        // Ranked groups: every number is the statistic of a group; ranked
        // rows: the column's own extreme.
        Recipe::Rank {
            stat,
            value: Some(column),
            group_by,
            ..
        } => (group_by.is_none() || keeps_the_unit(*stat))
            .then_some(Rule {
                column,
                label: None,
            })
            .into_iter()
            .collect(),
        Recipe::Lookup { value, .. } => vec![Rule {
            column: value,
            label: Some(value.clone()),
        }],
        _ => Vec::new(),
    }
}

/// Whether `plan` rescales `column` before its measure (standard scores,
/// 0 to 1): its values are then no amounts of money.
fn rescaled(plan: &Plan, column: &str) -> bool {
    plan.prep.iter().any(|p| {
        p.column() == Some(column)
            && serde_json::to_value(p).is_ok_and(|v| v["step"] == "scale")
    })
}

/// Sets the currency of the file on the answers of `plan` that are
/// amounts of a column the file states the currency of, when they have no
/// unit yet; answers one sentence per column saying where each unit came
/// from (for the explanation).
pub fn annotate(
    plan: &Plan,
    inputs: &[InputDescription],
    checked: &mut CheckedResult,
) -> Vec<String> {
    let known = currencies(inputs);
    let mut said = Vec::new();
    for rule in rules(plan) {
        let Some(Some(unit)) = known.get(rule.column) else {
            continue;
        };
        if rescaled(plan, rule.column) {
            continue;
        }
        let mut set = false;
        for answer in checked.answers.iter_mut() {
            let is_number = matches!(answer.value, Value::Number(_));
            let named = match &rule.label {
                Some(label) => {
                    answer.name == *label || answer.name.starts_with(&format!("{label} ("))
                }
                None => true,
            };
            if is_number && named && answer.unit.is_none() {
                answer.unit = Some((*unit).to_owned());
                set = true;
            }
        }
        if set {
            let header = currency::of_header(rule.column).is_some();
            let sentence = messages::currency_source(plan.lang, unit, rule.column, header);
            if !said.contains(&sentence) {
                said.push(sentence);
            }
        }
    }
    said
}
