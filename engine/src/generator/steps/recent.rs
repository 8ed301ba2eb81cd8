//! The last few months, weeks or days of the file: "the total of the last
//! three months", "les 3 derniers mois", "los últimos 30 días", "the past
//! two weeks", "la semaine dernière". As "last month" is (`steps::latest`),
//! the span ends at the file's latest date, not today (a file is a record
//! of the past), and that reading is said as an assumption: months are
//! calendar months, the latest one included; weeks are seven days; days
//! end with the latest day. "The last three months of the year", "les
//! trois premiers mois de l'année" are months of the year (October to
//! December, January to March) of the file's latest year (said, as
//! `steps::latest` says it).
//! "The last 2 years" are the last two calendar years. A span said with
//! "of" and a month ("the last week of April") is a part of that month,
//! read by `steps::days`; a count before "last" in English is not read
//! here ("top 10 last week" ranks ten over the last week).

use super::super::plan::reading::{Goal, Reading};
use super::super::plan::{Cmp, DatePart, Filter, FilterValue, SpanUnit};
use crate::generator::text;

/// Words of "last" said before the count ("the last three months", "los
/// últimos tres meses") or after it ("les trois derniers mois").
const LAST: &[&str] = &[
    "last",
    "past",
    "previous",
    "latest",
    "final",
    "derniers",
    "dernieres",
    "ultimos",
    "ultimas",
];

/// The largest count of a span read ("the last 3660 days"); a larger one
/// is left unplaced.
const MAX_COUNT: f64 = 3660.0;

/// Words of "first": only "of the year" follows them here.
const FIRST: &[&str] = &["first", "premiers", "premieres", "primeros", "primeras"];

/// Unit words and what they count (a week is seven days).
const UNITS: &[(&str, SpanUnit, u32)] = &[
    ("months", SpanUnit::Month, 1),
    ("month", SpanUnit::Month, 1),
    ("mois", SpanUnit::Month, 1),
    ("meses", SpanUnit::Month, 1),
    ("mes", SpanUnit::Month, 1),
    ("weeks", SpanUnit::Day, 7),
    ("week", SpanUnit::Day, 7),
    ("semaines", SpanUnit::Day, 7),
    ("semaine", SpanUnit::Day, 7),
    ("semanas", SpanUnit::Day, 7),
    ("semana", SpanUnit::Day, 7),
    ("days", SpanUnit::Day, 1),
    ("day", SpanUnit::Day, 1),
    ("jours", SpanUnit::Day, 1),
    ("jour", SpanUnit::Day, 1),
    ("dias", SpanUnit::Day, 1),
    ("dia", SpanUnit::Day, 1),
    ("years", SpanUnit::Year, 1),
    ("ans", SpanUnit::Year, 1),
    ("annees", SpanUnit::Year, 1),
    ("anos", SpanUnit::Year, 1),
];

/// A single week said without a count: "last week", "la semaine
/// dernière", "la última semana", "la semana pasada".
const ONE_WEEK: &[&str] = &[
    "last week",
    "past week",
    "previous week",
    "semaine derniere",
    "derniere semaine",
    "ultima semana",
    "semana pasada",
];

/// Words that open the span and are placed with it ("over the last",
/// "sur les", "durante los", "au cours des").
const OPENERS: &[&str] = &[
    "in", "over", "during", "for", "within", "the", "these", "sur", "dans", "pendant", "durant",
    "au", "cours", "des", "les", "ces", "la", "en", "durante", "los", "las", "estos", "estas",
];

/// "of the year", "de l'année", "del año" after a span of months.
const OF_THE_YEAR: &[&[&str]] = &[
    &["of", "the", "year"],
    &["de", "l", "annee"],
    &["del", "ano"],
];

/// True when a count or a word of "last" or "first" stands right before
/// `at` ("the last three months of the year" is no month of the year as a
/// group).
pub fn counted_before(g: &Goal, at: usize) -> bool {
    at.checked_sub(1).is_some_and(|i| {
        let t = &g.tokens[i];
        text::number(t).is_some()
            || LAST.contains(&t.folded.as_str())
            || FIRST.contains(&t.folded.as_str())
    })
}

/// A span found: where its words are, and what it keeps.
struct Span {
    start: usize,
    end: usize,
    count: u32,
    unit: SpanUnit,
    /// Months of the year ("the last three months of the year").
    of_the_year: Option<Vec<f64>>,
}

/// The span whose "last" (or "first") word is at `i`.
fn span_at(r: &Reading, i: usize) -> Option<Span> {
    let t = &r.g.tokens;
    let word = |k: usize| t.get(k).map_or("", |t| t.folded.as_str());
    let unit_at = |k: usize| UNITS.iter().find(|(w, ..)| word(k) == *w).copied();
    let last = LAST.contains(&word(i));
    if !last && !FIRST.contains(&word(i)) {
        return None;
    }
    // "last three months" / "últimos tres meses"; "trois derniers mois".
    let (count, unit_at_k, start) = if let Some(n) = t.get(i + 1).and_then(text::number) {
        (n, i + 2, i)
    } else if let Some(n) = i
        .checked_sub(1)
        .filter(|_| matches!(word(i), "derniers" | "dernieres" | "premiers" | "premieres"))
        .and_then(|k| text::number(&t[k]))
    {
        // "les trois derniers mois" (French puts the count first; "top 10
        // last week" is a ranking and a week, never 70 days).
        (n, i + 1, i - 1)
    } else {
        return None;
    };
    let (_, unit, per) = unit_at(unit_at_k)?;
    if count.fract() != 0.0 || !(1.0..=MAX_COUNT).contains(&count) {
        return None;
    }
    let count = count as u32;
    let after = unit_at_k + 1;
    if OF_THE_YEAR
        .iter()
        .any(|w| w.iter().enumerate().all(|(j, x)| word(after + j) == *x))
    {
        if unit != SpanUnit::Month || count > 12 {
            return None;
        }
        let months: Vec<f64> = if last {
            (13 - count..=12).map(f64::from).collect()
        } else {
            (1..=count).map(f64::from).collect()
        };
        return Some(Span {
            start,
            end: after,
            count,
            unit,
            of_the_year: Some(months),
        });
    }
    // "the last week of April", "the first two days of the month".
    if !last || matches!(word(after), "of" | "de" | "del" | "d") {
        return None;
    }
    Some(Span {
        start,
        end: after,
        count: count * per,
        unit,
        of_the_year: None,
    })
}

/// A single week said without a count, not followed by "of" ("the last
/// week of April").
fn one_week_at(r: &Reading, i: usize) -> Option<Span> {
    ONE_WEEK.iter().find_map(|phrase| {
        let len = phrase.split_whitespace().count();
        let said = phrase
            .split_whitespace()
            .enumerate()
            .all(|(j, w)| r.g.tokens.get(i + j).is_some_and(|t| t.folded == w));
        let next = r.g.tokens.get(i + len).map_or("", |t| t.folded.as_str());
        (said && !matches!(next, "of" | "de" | "del" | "d")).then_some(Span {
            start: i,
            end: i + len,
            count: 7,
            unit: SpanUnit::Day,
            of_the_year: None,
        })
    })
}

/// True when the word at `i` is read as the date column's name ("days"
/// beside a column `day`).
fn date_named_at(r: &Reading, date: &str, i: usize) -> bool {
    r.mentions
        .iter()
        .any(|m| m.column == date && (m.start..m.start + m.len).contains(&i))
}

/// Reads a recent span said in the goal into a filter on the file's one
/// date column.
pub fn read(r: &mut Reading) {
    let Some(date) = super::codes::one_date_column(r) else {
        return;
    };
    let Some(span) = (0..r.g.tokens.len())
        .filter_map(|i| span_at(r, i).or_else(|| one_week_at(r, i)))
        .find(|s| (s.start..s.end).all(|i| r.g.free(i, 1) || date_named_at(r, &date, i)))
    else {
        return;
    };
    // "los últimos 10 días" beside a column `day`: the unit is no mention.
    r.mentions
        .retain(|m| m.column != date || m.start + m.len <= span.start || m.start >= span.end);
    if r.filters.iter().any(|f| f.column == date) {
        // Another time is said on the column.
        return;
    }
    let mut start = span.start;
    while start > 0
        && r.g.free(start - 1, 1)
        && OPENERS.contains(&r.g.tokens[start - 1].folded.as_str())
    {
        start -= 1;
    }
    r.g.take(start, span.end - start);
    let words = r.g.between(span.start, span.end - 1);
    let filter = match &span.of_the_year {
        Some(months) => Filter {
            column: date.clone(),
            cmp: Cmp::Eq,
            value: FilterValue::AnyOf(months.clone()),
            part: Some(DatePart::Month),
        },
        None => Filter {
            column: date.clone(),
            cmp: Cmp::Eq,
            value: FilterValue::Recent {
                count: span.count,
                unit: span.unit,
            },
            part: None,
        },
    };
    let said = filter.words(r.lang, |n| n.to_string());
    r.understood.push(said);
    r.filters.push(filter);
    if span.of_the_year.is_some() {
        // "of the year": the file's latest year, said.
        let at = span.end;
        let len = OF_THE_YEAR
            .iter()
            .find(|w| {
                w.iter()
                    .enumerate()
                    .all(|(j, x)| r.g.tokens[at + j].folded == *x)
            })
            .map_or(0, |w| w.len());
        let phrase = r.g.tokens[at..at + len]
            .iter()
            .map(|t| t.folded.clone())
            .collect::<Vec<_>>()
            .join(" ");
        r.g.take(at, len);
        super::latest::latest_filter(r, &date, at, len, &phrase, DatePart::Year);
        return;
    }
    let assumed = match span.unit {
        SpanUnit::Month => r.say(
            format!("\"{words}\" are the last {} calendar months {date} reaches in the file, the latest one included, not the months before today", span.count),
            format!("« {words} » sont les {} derniers mois civils que {date} atteint dans le fichier, le dernier compris, pas les mois précédant aujourd'hui", span.count),
            format!("«{words}» son los últimos {} meses naturales que alcanza {date} en el archivo, el último incluido, no los meses anteriores a hoy", span.count),
        ),
        SpanUnit::Day => r.say(
            format!("\"{words}\" are the last {} days {date} reaches in the file, the latest one included, not the days before today", span.count),
            format!("« {words} » sont les {} derniers jours que {date} atteint dans le fichier, le dernier compris, pas les jours précédant aujourd'hui", span.count),
            format!("«{words}» son los últimos {} días que alcanza {date} en el archivo, el último incluido, no los días anteriores a hoy", span.count),
        ),
        SpanUnit::Year => r.say(
            format!("\"{words}\" are the last {} calendar years {date} reaches in the file, the latest one included", span.count),
            format!("« {words} » sont les {} dernières années civiles que {date} atteint dans le fichier, la dernière comprise", span.count),
            format!("«{words}» son los últimos {} años naturales que alcanza {date} en el archivo, el último incluido", span.count),
        ),
    };
    r.assume(assumed, None);
}

#[cfg(test)]
mod tests {
    use crate::generator::golden_input;
    use crate::generator::plan::{plan, FilterValue, SpanUnit};
    use crate::lang::Lang;

    fn filters(file: &str, goal: &str) -> Vec<FilterValue> {
        let p = plan(goal, Lang::detect(goal), &[golden_input(file)]).expect(goal);
        p.filters.into_iter().map(|f| f.value).collect()
    }

    #[test]
    fn the_last_months_weeks_and_days_end_at_the_files_latest_date() {
        let months = |count| FilterValue::Recent {
            count,
            unit: SpanUnit::Month,
        };
        let days = |count| FilterValue::Recent {
            count,
            unit: SpanUnit::Day,
        };
        let cases = [
            (
                "orders.csv",
                "total amount of the last three months",
                months(3),
            ),
            ("orders.csv", "montant total des 3 derniers mois", months(3)),
            (
                "orders.csv",
                "importe total de los últimos dos meses",
                months(2),
            ),
            ("web.csv", "total visits over the past two weeks", days(14)),
            ("web.csv", "visites totales de la semaine dernière", days(7)),
            (
                "web.csv",
                "visitas totales de los últimos 10 días",
                days(10),
            ),
        ];
        for (file, goal, expected) in cases {
            assert_eq!(filters(file, goal), [expected], "{goal}");
        }
    }

    #[test]
    fn a_count_before_last_in_english_is_a_ranking_not_the_spans_length() {
        let p = plan(
            "top 3 pages by visits last week",
            Lang::En,
            &[golden_input("web.csv")],
        );
        for f in p.iter().flat_map(|p| &p.filters) {
            if let FilterValue::Recent { count, .. } = f.value {
                assert_eq!(count, 7, "{:?}", f);
            }
        }
    }

    #[test]
    fn the_last_months_of_the_year_are_its_last_months() {
        let found = filters(
            "stocks.csv",
            "highest closing price over the last three months of the year",
        );
        assert!(
            found.contains(&FilterValue::AnyOf(vec![10.0, 11.0, 12.0])),
            "{found:?}"
        );
    }

    #[test]
    fn the_last_week_of_a_month_is_not_read_as_the_files_last_week() {
        let p = plan(
            "total visits in the last week of April",
            Lang::En,
            &[golden_input("web.csv")],
        );
        let recent = p
            .iter()
            .flat_map(|p| &p.filters)
            .any(|f| matches!(f.value, FilterValue::Recent { .. }));
        assert!(!recent, "{p:?}");
    }
}
