//! The latest period of the file: "What was the total rainfall last
//! month?", "dépenses du dernier mois", "ventas del mes pasado", "revenue
//! of the last year in the file". A file is a record of the past, so "last
//! month" is read as the last calendar month its dates reach (not the month
//! before today), and that reading is said as an assumption. The filter
//! keeps the rows whose date falls in the month (or year) of the file's
//! latest date; the code finds that date inside the sandbox. Seasons
//! ("summer", "hiver", "verano") are read here too, as their months.

use super::super::plan::reading::Reading;
use super::super::plan::{Cmp, DatePart, Filter, FilterValue};

/// Phrases of the latest month and of the latest year, folded, longest
/// first where they share words.
const PHRASES: &[(&str, DatePart)] = &[
    ("the last month", DatePart::Month),
    ("last month", DatePart::Month),
    ("past month", DatePart::Month),
    ("previous month", DatePart::Month),
    ("latest month", DatePart::Month),
    ("du dernier mois", DatePart::Month),
    ("le dernier mois", DatePart::Month),
    ("dernier mois", DatePart::Month),
    ("le mois dernier", DatePart::Month),
    ("mois dernier", DatePart::Month),
    ("el ultimo mes", DatePart::Month),
    ("ultimo mes", DatePart::Month),
    ("el mes pasado", DatePart::Month),
    ("mes pasado", DatePart::Month),
    ("the last year", DatePart::Year),
    ("last year", DatePart::Year),
    ("past year", DatePart::Year),
    ("previous year", DatePart::Year),
    ("l annee derniere", DatePart::Year),
    ("annee derniere", DatePart::Year),
    ("la derniere annee", DatePart::Year),
    ("derniere annee", DatePart::Year),
    ("el ano pasado", DatePart::Year),
    ("ano pasado", DatePart::Year),
    ("el ultimo ano", DatePart::Year),
    ("ultimo ano", DatePart::Year),
    // "the highest price of the year", "volume échangé sur l'année": the
    // year the file is about, read as its latest year (said).
    ("of the year", DatePart::Year),
    ("this year", DatePart::Year),
    ("de l annee", DatePart::Year),
    ("sur l annee", DatePart::Year),
    ("cette annee", DatePart::Year),
    ("del ano", DatePart::Year),
    ("este ano", DatePart::Year),
];

/// "in the file", "du fichier", "del archivo" after the period: placed.
const OF_THE_FILE: &[&[&str]] = &[
    &["in", "the", "file"],
    &["of", "the", "file"],
    &["in", "the", "data"],
    &["du", "fichier"],
    &["dans", "le", "fichier"],
    &["del", "archivo"],
    &["en", "el", "archivo"],
];

/// Seasons, as the months of the northern hemisphere (said as an
/// assumption).
const SEASONS: &[(&[&str], [f64; 3])] = &[
    (&["summer", "ete", "verano"], [6.0, 7.0, 8.0]),
    (&["autumn", "automne", "otono"], [9.0, 10.0, 11.0]),
    (&["winter", "hiver", "invierno"], [12.0, 1.0, 2.0]),
    (&["spring", "printemps", "primavera"], [3.0, 4.0, 5.0]),
];

/// Whether `word` (folded, singular) names a season.
pub fn is_season(word: &str) -> bool {
    SEASONS.iter().any(|(words, _)| words.contains(&word))
}

/// "average summer temperature", "température moyenne en hiver": a season
/// is its three months of every year in the file; said beside the months
/// themselves ("summer (June, July, August)") it only names them.
pub fn seasons(r: &mut Reading) {
    let Some(date) = super::codes::one_date_column(r) else {
        return;
    };
    for (words, months) in SEASONS {
        // "été" is also "been" ("ont été adoptés"): a season only after
        // "en", "l'", "cet", "d'".
        let said = |i: usize| {
            let word = r.g.tokens[i].folded.as_str();
            words.contains(&word)
                && (word != "ete"
                    || i.checked_sub(1).is_some_and(|j| {
                        matches!(r.g.tokens[j].folded.as_str(), "en" | "l" | "cet" | "d")
                    }))
        };
        let Some(at) = (0..r.g.tokens.len()).find(|&i| r.g.free(i, 1) && said(i)) else {
            continue;
        };
        let said_months: Vec<f64> = r
            .filters
            .iter()
            .filter(|f| f.column == date && f.part == Some(DatePart::Month) && f.cmp == Cmp::Eq)
            .flat_map(|f| match &f.value {
                FilterValue::Number(n) => vec![*n],
                FilterValue::AnyOf(ns) => ns.clone(),
                _ => vec![],
            })
            .collect();
        let same = {
            let mut a = said_months.clone();
            let mut b = months.to_vec();
            a.sort_by(f64::total_cmp);
            b.sort_by(f64::total_cmp);
            a == b
        };
        if r.filters.iter().any(|f| f.column == date) && !same {
            // Another time is said: the season is left unplaced.
            return;
        }
        r.g.take(at, 1);
        if same {
            return;
        }
        let filter = Filter {
            column: date.clone(),
            cmp: Cmp::Eq,
            value: FilterValue::AnyOf(months.to_vec()),
            part: Some(DatePart::Month),
        };
        let said = filter.words(r.lang, |n| n.to_string());
        r.understood.push(said);
        r.filters.push(filter);
        let season = r.g.tokens[at].raw.clone();
        let assumed = r.say(
            format!("{season} is its three months in the northern hemisphere, of every year in the file"),
            format!("{season} : ses trois mois dans l'hémisphère nord, de chaque année du fichier"),
            format!("{season}: sus tres meses en el hemisferio norte, de cada año del archivo"),
        );
        r.assume(assumed, None);
    }
}

/// True when the phrase says "last" itself ("last year", "l'année
/// dernière"), not only "the year" ("of the year", "cette année").
fn says_last(phrase: &str) -> bool {
    const LAST: &[&str] = &["last", "past", "previous", "derniere", "pasado", "ultimo"];
    phrase.split_whitespace().any(|w| LAST.contains(&w))
}

/// Reads a latest period said in the goal into a filter on the file's one
/// date column (with several date columns it is left unplaced: which one
/// is not said).
pub fn read(r: &mut Reading) {
    seasons(r);
    let Some(date) = super::codes::one_date_column(r) else {
        return;
    };
    if r.filters.iter().any(|f| f.column == date) {
        return;
    }
    for (phrase, part) in PHRASES {
        let len = phrase.split_whitespace().count();
        let Some(&at) = r.g.find(phrase).iter().find(|&&at| r.g.free(at, len)) else {
            continue;
        };
        r.g.take(at, len);
        latest_filter(r, &date, at, len, phrase, *part);
        return;
    }
}

/// Places the latest period said at `at` (`len` words, `phrase` folded)
/// as a filter on `date`, its words after it ("in the file"), and the
/// reading as an assumption.
pub fn latest_filter(
    r: &mut Reading,
    date: &str,
    at: usize,
    len: usize,
    phrase: &str,
    part: DatePart,
) {
    let after = at + len;
    if let Some(words) = OF_THE_FILE.iter().find(|w| {
        w.iter()
            .enumerate()
            .all(|(j, x)| r.g.tokens.get(after + j).is_some_and(|t| t.folded == *x))
    }) {
        r.g.take(after, words.len());
    }
    let filter = Filter {
        column: date.to_owned(),
        cmp: Cmp::Eq,
        value: FilterValue::Latest { latest: part },
        part: None,
    };
    let said = filter.words(r.lang, |n| n.to_string());
    r.understood.push(said);
    r.filters.push(filter);
    let assumed = match part {
        DatePart::Month => r.say(
            format!("\"last month\" is the last month {date} reaches in the file, not the month before today"),
            format!("« dernier mois » est le dernier mois que {date} atteint dans le fichier, pas le mois précédant aujourd'hui"),
            format!("«último mes» es el último mes que alcanza {date} en el archivo, no el mes anterior a hoy"),
        ),
        DatePart::Year if says_last(phrase) => r.say(
            format!("\"last year\" is the last year {date} reaches in the file, not the year before this one"),
            format!("« dernière année » est la dernière année que {date} atteint dans le fichier, pas l'année précédant celle-ci"),
            format!("«último año» es el último año que alcanza {date} en el archivo, no el año anterior a este"),
        ),
        // "of the year", "cette année": which year is not said (no
        // phrase names the latest day).
        DatePart::Year | DatePart::Day | DatePart::MonthDay => {
            let words = r.g.between(at, at + len - 1);
            r.say(
                format!("\"{words}\" is the last year {date} reaches in the file (the whole file if it covers one year)"),
                format!("« {words} » est la dernière année que {date} atteint dans le fichier (tout le fichier s'il couvre une seule année)"),
                format!("«{words}» es el último año que alcanza {date} en el archivo (todo el archivo si cubre un solo año)"),
            )
        }
    };
    r.assume(assumed, None);
}

#[cfg(test)]
mod tests {
    use crate::generator::golden_input;
    use crate::generator::plan::{plan, DatePart, FilterValue};
    use crate::lang::Lang;

    fn latest(file: &str, goal: &str) -> Vec<(String, FilterValue)> {
        let p = plan(goal, Lang::detect(goal), &[golden_input(file)]).expect(goal);
        assert!(!p.assumptions.is_empty(), "{goal}: the reading is said");
        p.filters.into_iter().map(|f| (f.column, f.value)).collect()
    }

    #[test]
    fn a_season_is_its_months_but_ete_as_been_is_no_season() {
        let summer = FilterValue::AnyOf(vec![6.0, 7.0, 8.0]);
        assert_eq!(
            latest("weather.csv", "average temperature in summer"),
            [("date".to_owned(), summer)]
        );
        let winter = latest("weather.csv", "température moyenne en hiver");
        assert_eq!(
            winter,
            [("date".to_owned(), FilterValue::AnyOf(vec![12.0, 1.0, 2.0]))]
        );
        let p = plan(
            "Combien de chiens ont été adoptés à Hillcrest ?",
            Lang::Fr,
            &[golden_input("pets.csv")],
        )
        .expect("planned");
        assert!(
            p.filters.iter().all(|f| f.column != "adopted_on"),
            "{:?}",
            p.filters
        );
    }

    #[test]
    fn the_last_month_is_the_files_last_month_in_three_languages() {
        let month = FilterValue::Latest {
            latest: DatePart::Month,
        };
        assert_eq!(
            latest("weather.csv", "What was the total rainfall last month?"),
            [("date".to_owned(), month.clone())]
        );
        assert_eq!(
            latest("budget.csv", "dépenses du dernier mois"),
            [("Date".to_owned(), month.clone())]
        );
        assert_eq!(
            latest(
                "orders.csv",
                "what was the revenue of the last month in the file?"
            ),
            [("order_date".to_owned(), month)]
        );
    }
}
