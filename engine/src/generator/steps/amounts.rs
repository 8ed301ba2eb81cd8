//! Numbers said with their unit or with a comparison after them:
//! - a unit after a number, when it fits the column the condition is on:
//!   "precipitation more than 5 mm", "a discount of 10 % or more";
//! - a comparison after the number: "grades of 18 or more", "10 or more
//!   units", "10 % ou plus", "50 euros ou moins", "20 o más";
//! - a unit that names the column when no column is said: "below zero
//!   degrees" (the one temperature column), "more than 10 mm of rain" (the
//!   one `_mm` column), "plus de 100 m2" (`area_m2`), "more than 5 hours
//!   online", "au moins 50 euros" (the one column of money).
//!
//! A unit fits a column only by the column's own name (its unit suffix, or
//! a word of its kind: hours, degrees, percent, money, years); a unit that
//! fits no column, or several, is left unread and the plan stops on it.

use crate::generator::lexicon;
use crate::generator::plan::reading::{Goal, Reading};
use crate::generator::plan::{Filter, FilterValue};
use crate::generator::terms::Cmp;
use crate::generator::text;
use crate::inputs::ColumnKind;

/// Comparisons said after the number ("18 or more"), longest first.
pub const AFTER_NUMBER: &[(&str, Cmp)] = &[
    ("or more", Cmp::Ge),
    ("or above", Cmp::Ge),
    ("or higher", Cmp::Ge),
    ("or over", Cmp::Ge),
    ("and more", Cmp::Ge),
    ("and above", Cmp::Ge),
    ("and over", Cmp::Ge),
    ("or less", Cmp::Le),
    ("or fewer", Cmp::Le),
    ("or below", Cmp::Le),
    ("or under", Cmp::Le),
    ("ou plus", Cmp::Ge),
    ("et plus", Cmp::Ge),
    ("ou davantage", Cmp::Ge),
    ("ou moins", Cmp::Le),
    ("o mas", Cmp::Ge),
    ("y mas", Cmp::Ge),
    ("o menos", Cmp::Le),
];

/// Kinds of unit a person says after a number, and the words of a
/// column's name that carry each.
const UNIT_KINDS: &[(&[&str], &[&str])] = &[
    (
        &["%", "percent", "pourcent", "pourcents", "porciento"],
        &[
            "pct",
            "percent",
            "pourcentage",
            "porcentaje",
            "remise",
            "discount",
            "descuento",
            "humidity",
            "humidite",
            "humedad",
        ],
    ),
    (
        &["hour", "hours", "heure", "heures", "hora", "horas", "h"],
        &["hour", "hours", "heure", "heures", "hora", "horas", "h"],
    ),
    (
        &[
            "degree", "degrees", "degre", "degres", "grado", "grados", "°c", "°",
        ],
        &["c", "f", "temp", "temperature", "temperatura"],
    ),
    (
        &["year", "years", "an", "ans", "ano", "anos"],
        &["age", "edad"],
    ),
    (
        &[
            "euro", "euros", "eur", "€", "dollar", "dollars", "usd", "$", "pound", "pounds", "gbp",
            "£", "dolar", "dolares",
        ],
        &[
            "eur", "usd", "gbp", "amount", "montant", "importe", "price", "prix", "precio", "cost",
            "cout", "coste", "charges", "fee", "fare", "salary", "salaire", "salario", "revenue",
        ],
    ),
];

/// Verbs of time spent, before "more than 5 hours".
const SPENDING_TIME: &[&str] = &[
    "spend", "spends", "spent", "passe", "passent", "pasa", "pasan",
];

/// The comparison said after the number at `at`: its kind and length.
pub fn after_number(g: &Goal, at: usize) -> Option<(Cmp, usize)> {
    AFTER_NUMBER.iter().find_map(|(phrase, cmp)| {
        let len = phrase.split_whitespace().count();
        (at + len <= g.tokens.len() && g.free(at, len) && g.find(phrase).contains(&at))
            .then_some((*cmp, len))
    })
}

/// 1 when the word at `at` is a unit that fits `column`, else 0.
pub fn unit_len(g: &Goal, at: usize, column: &str) -> usize {
    let fits = g
        .tokens
        .get(at)
        .is_some_and(|t| !g.used[at] && unit_fits(&t.folded, column));
    usize::from(fits)
}

/// True when the unit word `unit` (folded) fits the column `column`.
fn unit_fits(unit: &str, column: &str) -> bool {
    let parts = name_parts(column);
    if lexicon::UNIT_SUFFIXES.contains(&unit) && unit.chars().count() >= 2 {
        return parts.iter().any(|p| p == unit);
    }
    UNIT_KINDS
        .iter()
        .filter(|(said, _)| said.contains(&unit))
        .any(|(_, named)| parts.iter().any(|p| named.contains(&p.as_str())))
}

/// The folded parts of a column's name: `precipitation_mm` → precipitation, mm.
fn name_parts(column: &str) -> Vec<String> {
    text::fold(column)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|p| !p.is_empty())
        .map(str::to_owned)
        .collect()
}

/// "below zero degrees", "more than 10 mm of rain", "plus de 100 m2": a
/// comparison, a number and a unit, with no column said beside them; the
/// unit names the one numeric column it fits.
pub fn read(r: &mut Reading) {
    let mut comparators: Vec<&(&str, Cmp)> = lexicon::COMPARATORS.iter().collect();
    comparators.sort_by_key(|(p, _)| std::cmp::Reverse(p.split_whitespace().count()));
    for (phrase, cmp) in comparators {
        let len = phrase.split_whitespace().count();
        for at in r.g.find(phrase) {
            let number_at = at + len;
            let Some(value) = r.g.tokens.get(number_at).and_then(text::number) else {
                continue;
            };
            if number_at + 2 > r.g.tokens.len() || !r.g.free(at, len + 2) {
                continue;
            }
            let unit = r.g.tokens.get(number_at + 1).map(|t| t.folded.clone());
            let Some(column) = unit.and_then(|u| column_of_unit(r, &u)) else {
                continue;
            };
            r.g.take(at, len + 2);
            take_column_words(r, number_at + 2, &column);
            add(r, column, *cmp, value);
        }
    }
}

/// "spend more than 5 hours online": the verb of time spent, before a
/// condition on a column of hours.
pub fn time_spent(r: &mut Reading) {
    let on_hours = r.filters.iter().any(|f| unit_fits("hours", &f.column));
    for v in 0..r.g.tokens.len().saturating_sub(1) {
        let verb = SPENDING_TIME.contains(&r.g.tokens[v].folded.as_str());
        if on_hours && verb && !r.g.used[v] && r.g.used[v + 1] {
            r.g.take(v, 1);
        }
    }
}

/// The one numeric column the unit fits.
fn column_of_unit(r: &Reading, unit: &str) -> Option<String> {
    let mut fitting = r
        .columns
        .iter()
        .filter(|k| matches!(k.kind, ColumnKind::Integer | ColumnKind::Decimal))
        .filter(|k| unit_fits(unit, &k.name));
    let one = fitting.next()?;
    fitting.next().is_none().then(|| one.name.clone())
}

/// After "10 mm", the column's own words ("of rain", "online") belong to
/// the condition.
fn take_column_words(r: &mut Reading, at: usize, column: &str) {
    let linked =
        r.g.tokens
            .get(at)
            .is_some_and(|t| matches!(t.folded.as_str(), "of" | "de" | "d"));
    let start = at + usize::from(linked);
    if let Some(m) = r
        .mentions
        .iter()
        .position(|m| m.start == start && m.column == column)
    {
        let len = r.mentions[m].len;
        r.g.take(at, start + len - at);
        r.mentions.remove(m);
        return;
    }
    let parts = name_parts(column);
    let own = r.g.tokens.get(at).is_some_and(|t| parts.contains(&t.key));
    if own && !r.g.used[at] {
        r.g.take(at, 1);
    }
}

/// Keeps the rows where `column` compares with `value` as `cmp`, and says so.
pub(crate) fn add(r: &mut Reading, column: String, cmp: Cmp, value: f64) {
    let said = r.say(
        format!("only rows where {column} {} {value}", cmp.python()),
        format!("seulement les lignes où {column} {} {value}", cmp.python()),
        format!("solo las filas donde {column} {} {value}", cmp.python()),
    );
    r.understood.push(said);
    r.filters.push(Filter {
        column,
        cmp,
        value: FilterValue::Number(value),
        part: None,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::golden_input;
    use crate::generator::plan::{plan, GoalProblem};
    use crate::lang::Lang;

    fn conditions(file: &str, goal: &str) -> Result<Vec<String>, GoalProblem> {
        let p = plan(goal, Lang::detect(goal), &[golden_input(file)])?;
        Ok(p.filters
            .iter()
            .filter_map(|f| match f.value {
                FilterValue::Number(n) => Some(format!("{} {} {n}", f.column, f.cmp.python())),
                _ => None,
            })
            .collect())
    }

    #[test]
    fn a_number_with_its_unit_or_a_comparison_after_it_is_a_condition() {
        for (file, goal, want) in [
            (
                "grades.csv",
                "how many grades of 18 or more?",
                "grade >= 18",
            ),
            (
                "orders.csv",
                "average discount on orders of 10 or more units",
                "quantity >= 10",
            ),
            (
                "ventes.csv",
                "combien de ventes avec une remise de 10 % ou plus ?",
                "Remise >= 10",
            ),
            (
                "weather.csv",
                "How many readings were below zero degrees?",
                "temp_c < 0",
            ),
            (
                "weather.csv",
                "How many readings had more than 10 mm of rain?",
                "precipitation_mm > 10",
            ),
            (
                "housing.csv",
                "precio medio de las casas de más de 100 m2",
                "area_m2 > 100",
            ),
            (
                "survey.csv",
                "how many respondents spend more than 5 hours online?",
                "hours_online > 5",
            ),
            (
                "budget.csv",
                "combien de dépenses d'au moins 50 euros ?",
                "Montant >= 50",
            ),
            (
                "orders.csv",
                "How many orders had a quantity of 20?",
                "quantity == 20",
            ),
            (
                "grades.csv",
                "how many grades are exactly 10?",
                "grade == 10",
            ),
        ] {
            assert_eq!(conditions(file, goal).expect(goal), [want], "{goal}");
        }
    }

    #[test]
    fn a_unit_that_fits_two_columns_or_none_is_not_read() {
        // orders.csv has two columns of money: unit_price and amount.
        assert!(conditions("orders.csv", "how many orders above 100 euros?").is_err());
        assert!(conditions("grades.csv", "how many grades above 10 mm?").is_err());
        // A year after "of" is no count.
        assert!(conditions("orders.csv", "How many orders had a quantity of 2024?").is_err());
    }

    #[test]
    fn a_unit_fits_a_column_by_its_name_only() {
        assert!(unit_fits("mm", "precipitation_mm"));
        assert!(unit_fits("m2", "area_m2"));
        assert!(unit_fits("degrees", "temp_c"));
        assert!(unit_fits("%", "discount_pct"));
        assert!(unit_fits("%", "Remise"));
        assert!(unit_fits("hours", "hours_online"));
        assert!(unit_fits("euros", "Montant"));
        assert!(!unit_fits("mm", "area_m2"));
        assert!(!unit_fits("%", "price"));
        assert!(!unit_fits("euros", "quantity"));
        assert!(!unit_fits("years", "price"));
    }
}
