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
//! - a unit a column's name carries, said after it: "median area in m2".
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
        &[
            "kilo",
            "kilos",
            "kilogram",
            "kilograms",
            "kilogramme",
            "kilogrammes",
            "kilogramo",
            "kilogramos",
        ],
        &["kg"],
    ),
    (
        &[
            "centimeter",
            "centimeters",
            "centimetre",
            "centimetres",
            "centimetro",
            "centimetros",
        ],
        &["cm"],
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

/// The number written at `at` and how many words it takes: "200000",
/// "200,000", or groups of three digits after a space ("50 000", "1 250
/// 000", as French and Spanish write them).
pub fn number_at(g: &Goal, at: usize) -> Option<(f64, usize)> {
    let first = g.tokens.get(at)?;
    let mut value = text::number(first)?;
    let mut len = 1;
    let whole =
        |t: &text::Token| t.folded.len() <= 3 && t.folded.bytes().all(|b| b.is_ascii_digit());
    if whole(first) {
        while let Some(next) = g.tokens.get(at + len) {
            let gap = g.tokens[at + len - 1].span.1..next.span.0;
            let spaced = g
                .text
                .chars()
                .skip(gap.start)
                .take(gap.len())
                .all(char::is_whitespace)
                && gap.len() == 1;
            if !(spaced && next.folded.len() == 3 && whole(next)) {
                break;
            }
            value = value * 1000.0 + text::number(next)?;
            len += 1;
        }
    }
    Some((value, len))
}

/// 1 when the word at `at` is a unit that fits `column`, else 0.
pub fn unit_len(g: &Goal, at: usize, column: &str) -> usize {
    let fits = g
        .tokens
        .get(at)
        .is_some_and(|t| !g.used[at] && unit_fits(&t.folded, column));
    if !fits {
        return 0;
    }
    // "6 hours a day", "5 heures par jour", "3 horas al día": a column of
    // hours of each day.
    let words = |i: usize| g.tokens.get(i).map(|t| t.folded.as_str());
    let hours = unit_fits(&g.tokens[at].folded, "hours");
    let daily = matches!(
        (words(at + 1), words(at + 2)),
        (Some("a" | "per"), Some("day"))
            | (Some("par"), Some("jour"))
            | (Some("al" | "por"), Some("dia"))
    );
    if hours && daily && g.free(at + 1, 2) {
        3
    } else {
        1
    }
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
            let Some((value, digits)) = number_at_free(r, number_at) else {
                continue;
            };
            let unit_at = number_at + digits;
            if unit_at + 1 > r.g.tokens.len() || !r.g.free(at, len + digits + 1) {
                continue;
            }
            let unit = r.g.tokens.get(unit_at).map(|t| t.folded.clone());
            let Some(column) = unit.and_then(|u| column_of_unit(r, &u)) else {
                continue;
            };
            r.g.take(at, len + digits + 1);
            take_column_words(r, unit_at + 1, &column);
            add(r, column, *cmp, value);
        }
    }
}

/// Words before a unit said of a measure ("area in m2", "taille en cm").
const UNIT_OPENERS: &[&str] = &["in", "en"];

/// "median area in m2", "superficie moyenne en m²", "height in cm": the
/// unit a column's own name carries, said after it, only says how the
/// column is measured (placed). A unit the column's name does not carry
/// ("price in dollars") is left to the currency conversion, or unread.
pub fn units_said(r: &mut Reading) {
    for at in 0..r.g.tokens.len().saturating_sub(1) {
        let opener = UNIT_OPENERS.contains(&r.g.tokens[at].folded.as_str());
        if !opener || !r.g.free(at, 2) {
            continue;
        }
        let unit = r.g.tokens[at + 1].folded.clone();
        let carried = r.mentions.iter().any(|m| {
            m.start + m.len <= at
                && lexicon::UNIT_SUFFIXES.contains(&unit.as_str())
                && unit.chars().count() >= 2
                && name_parts(&m.column).contains(&unit)
        });
        if carried {
            r.g.take(at, 2);
        }
    }
}

/// The number at `at` ([`number_at`]), when its words are free.
fn number_at_free(r: &Reading, at: usize) -> Option<(f64, usize)> {
    number_at(&r.g, at).filter(|(_, len)| r.g.free(at, *len))
}

/// Words that open a range of numbers ("between 50000 and 70000").
const RANGE_OPENERS: &[&str] = &["between", "entre"];

/// Words that join the two ends of a range.
const RANGE_JOINS: &[&str] = &["and", "et", "y"];

/// Words between a column and the range that follows it ("salary of
/// between…", "un salaire compris entre…", "una edad de entre…").
const RANGE_BRIDGES: &[&str] = &[
    "is",
    "are",
    "was",
    "were",
    "of",
    "comprise",
    "compris",
    "comprises",
    "comprised",
    "de",
    "es",
    "esta",
    "situado",
    "situe",
];

/// "a salary between 50000 and 70000", "une surface comprise entre 80 et
/// 120 m2", "un precio entre 100 000 y 200 000": the column said just
/// before the range keeps the rows from the first number to the second,
/// both included. "between 80 and 120 m2" with no column said: the unit
/// names it. The years of a date and ages have their own readers.
pub fn ranges(r: &mut Reading) {
    for m in r.mentions.clone() {
        if !matches!(r.kind(&m.column), ColumnKind::Integer | ColumnKind::Decimal) {
            continue;
        }
        let mut at = m.start + m.len;
        while r
            .g
            .tokens
            .get(at)
            .is_some_and(|t| RANGE_BRIDGES.contains(&t.folded.as_str()))
        {
            at += 1;
        }
        if let Some(len) = range_at(r, at, &m.column) {
            r.g.take(m.start + m.len, at + len - (m.start + m.len));
            r.mentions.retain(|x| x.start != m.start);
        }
    }
    for at in 0..r.g.tokens.len() {
        let Some((a, b, len)) = range_numbers(r, at) else {
            continue;
        };
        let unit = r.g.tokens.get(at + len).map(|t| t.folded.clone());
        if let Some(column) = unit.and_then(|u| column_of_unit(r, &u)) {
            r.g.take(at, len + 1);
            take_column_words(r, at + len + 1, &column);
            add(r, column.clone(), Cmp::Ge, a);
            add(r, column, Cmp::Le, b);
        }
    }
}

/// A range at `at` on `column`: its filters added, and the words it takes.
fn range_at(r: &mut Reading, at: usize, column: &str) -> Option<usize> {
    let (a, b, len) = range_numbers(r, at)?;
    let unit = unit_len(&r.g, at + len, column);
    add(r, column.to_owned(), Cmp::Ge, a);
    add(r, column.to_owned(), Cmp::Le, b);
    Some(len + unit)
}

/// "between 50 000 and 70 000" at `at`, free: the two numbers, lowest
/// first, and how many words the range takes.
fn range_numbers(r: &Reading, at: usize) -> Option<(f64, f64, usize)> {
    let opener = r.g.tokens.get(at)?;
    if !RANGE_OPENERS.contains(&opener.folded.as_str()) || r.g.used[at] {
        return None;
    }
    let (a, a_len) = number_at(&r.g, at + 1)?;
    let join = at + 1 + a_len;
    if !r
        .g
        .tokens
        .get(join)
        .is_some_and(|t| RANGE_JOINS.contains(&t.folded.as_str()))
    {
        return None;
    }
    let (b, b_len) = number_at(&r.g, join + 1)?;
    let len = join + 1 + b_len - at;
    // "salary between 2015 and 2018" in a file of dates: years, for the
    // date reading (or a stop), never a range of salaries.
    let year = |n: f64| n.fract() == 0.0 && (1900.0..=2100.0).contains(&n);
    let dated = r.columns.iter().any(|k| k.kind == ColumnKind::Date);
    if dated && year(a) && year(b) {
        return None;
    }
    (r.g.free(at, len) && a <= b).then_some((a, b, len))
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
    // "more than 1 carat", "more than 50 stations": the column's own name.
    let own = |name: &str| text::singular(&text::fold(name)) == text::singular(unit);
    let mut fitting = r
        .columns
        .iter()
        .filter(|k| matches!(k.kind, ColumnKind::Integer | ColumnKind::Decimal))
        .filter(|k| unit_fits(unit, &k.name) || own(&k.name));
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
    fn a_range_after_a_column_keeps_both_ends() {
        for (file, goal, want) in [
            (
                "hr.csv",
                "how many employees have a salary between 50000 and 70000?",
                ["salary >= 50000", "salary <= 70000"],
            ),
            (
                "hr.csv",
                "combien d'employés ont un salaire compris entre 50 000 et 70 000 ?",
                ["salary >= 50000", "salary <= 70000"],
            ),
            (
                "housing.csv",
                "prix moyen des maisons entre 80 et 120 m2",
                ["area_m2 >= 80", "area_m2 <= 120"],
            ),
            (
                "housing.csv",
                "precio medio de las casas con una superficie de entre 1 000 y 120",
                ["area_m2 >= 1000", "area_m2 <= 120"],
            ),
        ] {
            let got = conditions(file, goal);
            if want[0].ends_with("1000") {
                // the lower end above the upper one: not a range
                assert!(got.is_err(), "{goal}: {got:?}");
                continue;
            }
            assert_eq!(got.expect(goal), want, "{goal}");
        }
    }

    #[test]
    fn years_after_a_column_of_a_dated_file_are_not_a_range_of_it() {
        let got = conditions("hr.csv", "average salary between 2015 and 2018");
        assert!(
            got.as_ref()
                .map_or(true, |c| c.iter().all(|c| !c.starts_with("salary"))),
            "{got:?}"
        );
    }

    #[test]
    fn a_comparative_names_its_measure() {
        for (file, goal, want) in [
            (
                "housing.csv",
                "how many houses are cheaper than 200000?",
                "price < 200000",
            ),
            (
                "housing.csv",
                "combien de maisons plus chères que 300 000 € ?",
                "price > 300000",
            ),
            (
                "housing.csv",
                "¿cuántas casas son más baratas que 150000?",
                "price < 150000",
            ),
            (
                "people.csv",
                "how many people are taller than 180 cm?",
                "height_cm > 180",
            ),
            (
                "weather.csv",
                "how many days colder than 0 degrees in Paris?",
                "temp_c < 0",
            ),
        ] {
            assert_eq!(conditions(file, goal).expect(goal), [want], "{goal}");
        }
        // two columns of money: "cheaper" names neither
        assert!(conditions("orders.csv", "how many orders cheaper than 100?").is_err());
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
