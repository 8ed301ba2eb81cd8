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
        p.column() == Some(column) && serde_json::to_value(p).is_ok_and(|v| v["step"] == "scale")
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::plan;
    use crate::inputs::{describe, DEFAULT_MAX_INPUT_BYTES};
    use crate::lang::Lang;
    use crate::validate::Answer;

    /// `text` written to a file named `name`, described.
    fn described(name: &str, text: &str) -> (tempfile::TempDir, InputDescription) {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("write");
        let d = describe(&path, DEFAULT_MAX_INPUT_BYTES).expect("described");
        (dir, d)
    }

    fn answer(name: &str, value: f64) -> Answer {
        Answer {
            name: name.into(),
            value: Value::Number(value),
            unit: None,
        }
    }

    fn checked(answers: Vec<Answer>) -> CheckedResult {
        CheckedResult {
            answers,
            tables: Vec::new(),
            charts: Vec::new(),
            notes: Vec::new(),
            empty_groups: Vec::new(),
            files_opened: Vec::new(),
            network_events: Vec::new(),
            process_events: Vec::new(),
        }
    }

    fn units(c: &CheckedResult) -> Vec<Option<&str>> {
        c.answers.iter().map(|a| a.unit.as_deref()).collect()
    }

    /// The same amounts written the English, French and Spanish ways: the
    /// inspector reads them as numbers of one currency.
    #[test]
    fn marked_numbers_are_numbers_of_their_currency_in_each_format() {
        for (file, text, column, unit) in [
            (
                "en.csv",
                "item,price\na,€12.50\nb,€7.25\nc,\"€1,200.00\"\n",
                "price",
                "EUR",
            ),
            (
                "us.csv",
                "item,amount\na,$3\nb,\"$1,200\"\nc,-$5\n",
                "amount",
                "$",
            ),
            (
                "fr.csv",
                "article;prix\na;12,50 €\nb;7,25 €\nc;1 200,00 €\n",
                "prix",
                "EUR",
            ),
            (
                "es.csv",
                "artículo;precio\na;12,50 €\nb;7,25 €\nc;1.200,00 €\n",
                "precio",
                "EUR",
            ),
            (
                "codes.csv",
                "item;total\na;12,50 EUR\nb;7 EUR\n",
                "total",
                "EUR",
            ),
            (
                "header.csv",
                "item,price_usd\na,12.5\nb,7\n",
                "price_usd",
                "USD",
            ),
        ] {
            let (_dir, d) = described(file, text);
            let c = d.columns.iter().find(|c| c.name == column).expect(column);
            assert!(
                matches!(
                    c.kind,
                    crate::inputs::ColumnKind::Integer | crate::inputs::ColumnKind::Decimal
                ),
                "{file}: {:?}",
                c.kind
            );
            assert_eq!(c.currency.as_deref(), Some(unit), "{file}");
        }
        // Two currencies in one column: no one amount, text.
        let (_dir, d) = described("mixed.csv", "item,price\na,€12.50\nb,$7.25\n");
        assert_eq!(d.columns[1].kind, crate::inputs::ColumnKind::Text);
        assert_eq!(d.columns[1].currency, None);
        // A header naming a currency on a column of text: none.
        let (_dir, d) = described("names.csv", "name_eur,x\nabc,1\ndef,2\n");
        assert_eq!(d.columns[0].currency, None);
    }

    /// A total per group of a column in euros: every total gets EUR, and
    /// the explanation says where it came from; the count beside it does
    /// not.
    #[test]
    fn totals_and_means_of_a_currency_column_carry_it_counts_do_not() {
        let (_dir, d) = described(
            "sales.csv",
            "region,amount_eur,units\nNorth,10.5,2\nSouth,4,3\nNorth,2,1\n",
        );
        let inputs = [d];
        let plan = plan::plan("total amount_eur per region", Lang::En, &inputs).expect("plan");
        let mut c = checked(vec![
            answer("total amount_eur (North)", 12.5),
            answer("total amount_eur (South)", 4.0),
            answer("rows (North)", 2.0),
        ]);
        let said = annotate(&plan, &inputs, &mut c);
        assert_eq!(units(&c), [Some("EUR"), Some("EUR"), None]);
        assert_eq!(
            said,
            ["The amounts of amount_eur are in EUR: its header says so."]
        );
        let plan = plan::plan("mean of units", Lang::En, &inputs).expect("plan");
        let mut c = checked(vec![answer("mean of units", 2.0)]);
        assert!(annotate(&plan, &inputs, &mut c).is_empty());
        assert_eq!(units(&c), [None]);
    }

    /// French marks on the cells: the unit is said as coming from them; a
    /// ratio of two columns, a count and a variance get none.
    #[test]
    fn a_ratio_a_count_or_a_variance_gets_no_currency() {
        let (_dir, d) = described(
            "ventes.csv",
            "région;montant;coût\nNord;12,50 €;3,00 €\nSud;7,25 €;2,00 €\n",
        );
        assert_eq!(d.columns[1].currency.as_deref(), Some("EUR"));
        let inputs = [d];
        let plan = plan::plan("moyenne de montant", Lang::Fr, &inputs).expect("plan");
        let name = measure_name(Stat::Mean, "montant", Lang::Fr);
        let mut c = checked(vec![answer(&name, 9.875)]);
        let said = annotate(&plan, &inputs, &mut c);
        assert_eq!(units(&c), [Some("EUR")]);
        assert_eq!(
            said,
            ["Les montants de montant sont en EUR\u{a0}: ses cellules sont écrites avec cette devise."]
        );
        for goal in [
            "montant divisé par coût",
            "nombre de lignes",
            "variance de montant",
        ] {
            let Ok(plan) = plan::plan(goal, Lang::Fr, &inputs) else {
                continue;
            };
            let mut c = checked(vec![answer("x", 1.0), answer(&name, 2.0)]);
            assert!(annotate(&plan, &inputs, &mut c).is_empty(), "{goal}");
            assert_eq!(units(&c), [None, None], "{goal}");
        }
    }

    /// Spanish: the highest amount per product, ranked: each ranked value
    /// is in the currency; a header's USD agrees with $ marks.
    #[test]
    fn ranked_totals_carry_the_currency() {
        let (_dir, d) = described("ventas.csv", "producto,importe USD\nA,$10\nB,$20\nA,$5\n");
        assert_eq!(d.columns[1].currency.as_deref(), Some("USD"));
        let inputs = [d];
        let plan = plan::plan(
            "qué producto tiene el mayor importe USD total",
            Lang::Es,
            &inputs,
        )
        .expect("plan");
        assert!(
            matches!(plan.recipe, Recipe::Rank { .. }),
            "{:?}",
            plan.recipe
        );
        let mut c = checked(vec![
            Answer {
                name: "producto".into(),
                value: Value::Text("B".into()),
                unit: None,
            },
            answer("1. B", 20.0),
            answer("2. A", 15.0),
        ]);
        let said = annotate(&plan, &inputs, &mut c);
        assert_eq!(units(&c), [None, Some("USD"), Some("USD")]);
        assert_eq!(said.len(), 1);
    }
}
