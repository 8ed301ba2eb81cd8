//! Years said of a column of years: "the clients who joined after 2020"
//! (`client_since`), "les maisons construites avant 1950" (`year_built`),
//! "the movies released before 1950" (`year`), "¿cuántos clientes tenemos
//! desde antes de 2020?", "since 2020 or earlier". In a file without a
//! column of dates, a year after a word of time ("before", "depuis",
//! "después de", "on or after") compares the file's one column of years:
//! whole numbers, named as years (`year`, `since`, `built`, `annee`…),
//! every previewed cell between 1800 and 2100. The verb before it
//! ("joined", "construites", "se dieron de alta") is placed with it; "in
//! 2020" needs that verb, as "the clients in 2020" may mean those who were
//! clients then. A column named apart (its own mention: a measure, or a
//! condition the numbers' reading takes) is left to that reading; with two
//! columns of years, the words stay unplaced and the plan stops: which one
//! is not said.

use crate::generator::plan::reading::{Goal, Mention, Reading};
use crate::generator::plan::Cmp;
use crate::generator::text;
use crate::inputs::ColumnKind;

/// Words of time before a year and the comparison they make, longest
/// first ("from", "de", "of" are left out: "the cars from 1999" names a
/// group, not a bound).
const CUES: &[(&str, Cmp)] = &[
    ("on or after", Cmp::Ge),
    ("on or before", Cmp::Le),
    ("in or after", Cmp::Ge),
    ("in or before", Cmp::Le),
    ("desde antes de", Cmp::Lt),
    ("desde antes del", Cmp::Lt),
    ("prior to", Cmp::Lt),
    ("antes de", Cmp::Lt),
    ("antes del", Cmp::Lt),
    ("despues de", Cmp::Gt),
    ("despues del", Cmp::Gt),
    ("a partir de", Cmp::Ge),
    ("a partir del", Cmp::Ge),
    ("jusqu en", Cmp::Le),
    ("jusqu a", Cmp::Le),
    ("up to", Cmp::Le),
    ("before", Cmp::Lt),
    ("avant", Cmp::Lt),
    ("after", Cmp::Gt),
    ("apres", Cmp::Gt),
    ("since", Cmp::Ge),
    ("depuis", Cmp::Ge),
    ("desde", Cmp::Ge),
    ("until", Cmp::Le),
    ("hasta", Cmp::Le),
    ("in", Cmp::Eq),
    ("en", Cmp::Eq),
];

/// Words after the year that turn its bound ("since 2020 or earlier" is
/// 2020 at the latest; "2015 or later" from 2015 on).
const TAILS: &[(&str, Cmp)] = &[
    ("or earlier", Cmp::Le),
    ("or before", Cmp::Le),
    ("and earlier", Cmp::Le),
    ("and before", Cmp::Le),
    ("ou avant", Cmp::Le),
    ("o antes", Cmp::Le),
    ("or later", Cmp::Ge),
    ("or after", Cmp::Ge),
    ("and later", Cmp::Ge),
    ("onwards", Cmp::Ge),
    ("onward", Cmp::Ge),
    ("and beyond", Cmp::Ge),
    ("en adelante", Cmp::Ge),
    ("ou apres", Cmp::Ge),
    ("o despues", Cmp::Ge),
];

/// Verbs of a thing's start said before the year ("joined", "built",
/// "released", "rejoints", "construites", "apuntado", "estrenadas"), with
/// the auxiliaries and pronouns that may stand with them.
const STARTED: &[&str] = &[
    "joined",
    "join",
    "started",
    "hired",
    "built",
    "constructed",
    "founded",
    "established",
    "released",
    "published",
    "opened",
    "registered",
    "signed",
    "acquired",
    "arrived",
    "rejoint",
    "rejoints",
    "rejointe",
    "rejointes",
    "construit",
    "construite",
    "construits",
    "construites",
    "fonde",
    "fondee",
    "fondes",
    "fondees",
    "sorti",
    "sortie",
    "sortis",
    "sorties",
    "publie",
    "publiee",
    "publies",
    "publiees",
    "inscrit",
    "inscrite",
    "inscrits",
    "inscrites",
    "arrive",
    "arrivee",
    "arrives",
    "arrivees",
    "acquis",
    "acquise",
    "acquises",
    "embauche",
    "embauchee",
    "embauches",
    "embauchees",
    "construido",
    "construida",
    "construidos",
    "construidas",
    "fundado",
    "fundada",
    "fundados",
    "fundadas",
    "estrenado",
    "estrenada",
    "estrenados",
    "estrenadas",
    "publicado",
    "publicada",
    "publicados",
    "publicadas",
    "apuntado",
    "apuntada",
    "apuntados",
    "apuntadas",
    "apuntaron",
    "inscrito",
    "inscrita",
    "inscritos",
    "inscritas",
    "contratado",
    "contratada",
    "contratados",
    "contratadas",
    "llegado",
    "llegaron",
    "alta",
];

/// Words that may stand with a verb of start ("who have joined", "nous
/// ont rejoints", "se han apuntado", "se dieron de alta", "went up").
const WITH_STARTED: &[&str] = &[
    "were", "was", "have", "has", "been", "got", "ont", "sont", "ete", "nous", "se", "han", "ha",
    "fueron", "dieron", "dados", "dado", "dadas", "dada", "de", "went", "up",
];

/// The first and last years a column of years may hold.
const YEARS: std::ops::RangeInclusive<f64> = 1800.0..=2100.0;

/// Words of a column's name that say it holds years ("year_built",
/// "client_since", "annee", "date1"): a column of sizes or prices whose
/// cells happen to fall between 1800 and 2100 is no column of years.
const YEAR_NAMES: &[&str] = &[
    "year",
    "yr",
    "since",
    "built",
    "annee",
    "an",
    "ano",
    "anio",
    "date",
    "founded",
    "established",
    "season",
    "vintage",
    "cohort",
];

/// True when a column's name says it holds years ("year_built",
/// "model_year", "annee").
fn named_as_years(column: &str) -> bool {
    text::name_words(column).iter().any(|w| {
        let w = w.trim_end_matches(|ch: char| ch.is_ascii_digit());
        YEAR_NAMES.contains(&w)
    })
}

/// Columns of whole numbers named as years whose previewed cells are all
/// years ("year_built", "model_year"; not "days_since_signup").
pub(in crate::generator) fn year_columns(r: &Reading) -> Vec<String> {
    let mut out = Vec::new();
    for input in r.inputs {
        for (i, c) in input.columns.iter().enumerate() {
            let named = named_as_years(&c.name);
            if c.kind != ColumnKind::Integer || !named || out.contains(&c.name) {
                continue;
            }
            let cells: Vec<&str> = input
                .preview
                .iter()
                .filter_map(|row| row.get(i).map(|s| s.trim()))
                .filter(|s| !s.is_empty())
                .collect();
            let years = cells
                .iter()
                .all(|s| s.parse::<f64>().is_ok_and(|y| YEARS.contains(&y)));
            if cells.len() >= 3 && years {
                out.push(c.name.clone());
            }
        }
    }
    out
}

/// A column named just "year" ("annee", "año", "yr") is the year of each
/// row (an observation's year, not a thing's start): "in 1988" is that
/// year, no verb needed ("the mean beer tax in 1988").
fn the_rows_year(column: &str) -> bool {
    matches!(
        text::fold(column).as_str(),
        "year" | "yr" | "annee" | "ano" | "anio"
    )
}

/// The cue before the year at `at`: its comparison, first word and length.
/// A cue may be read as the column's own name ("since" of
/// `client_since`): it is then the cue.
fn cue_before(r: &Reading, at: usize, column: &str) -> Option<(Cmp, usize, usize)> {
    let own = |i: usize| {
        r.mentions
            .iter()
            .any(|m| m.column == column && (m.start..m.start + m.len).contains(&i))
    };
    CUES.iter().find_map(|(phrase, cmp)| {
        let len = phrase.split_whitespace().count();
        let start = at.checked_sub(len)?;
        let said = phrase.split_whitespace().enumerate().all(|(j, w)| {
            r.g.tokens[start + j].folded == w && (!r.g.used[start + j] || own(start + j))
        });
        said.then_some((*cmp, start, len))
    })
}

/// The words of a verb of start ending right before `at`: where they
/// start (none without a verb among them).
fn started_before(r: &Reading, at: usize) -> Option<usize> {
    let mut start = at;
    let mut verb = false;
    while start > 0 {
        let t = &r.g.tokens[start - 1];
        let word = t.folded.as_str();
        // A verb read as the column's name ("built") is still the verb.
        let taken = r.g.used[start - 1] && !STARTED.contains(&word);
        if taken || !(STARTED.contains(&word) || WITH_STARTED.contains(&word)) {
            break;
        }
        verb |= STARTED.contains(&word);
        start -= 1;
    }
    verb.then_some(start)
}

/// Words naming the year before it ("after the year 2000", "après l'an
/// 2000", "después del año 2000"), longest first.
const YEAR_NOUNS: &[&[&str]] = &[
    &["the", "year"],
    &["l", "an"],
    &["l", "annee"],
    &["el", "ano"],
    &["year"],
    &["annee"],
    &["ano"],
];

/// How many words naming the year stand right before `at` (none if any
/// is already read).
pub(in crate::generator) fn year_noun_before(g: &Goal, at: usize) -> usize {
    year_nouns_before(g, at, true)
}

/// As [`year_noun_before`], read or not.
fn year_noun_before_any(g: &Goal, at: usize) -> usize {
    year_nouns_before(g, at, false)
}

fn year_nouns_before(g: &Goal, at: usize, free: bool) -> usize {
    YEAR_NOUNS
        .iter()
        .find(|words| {
            at.checked_sub(words.len()).is_some_and(|start| {
                words
                    .iter()
                    .enumerate()
                    .all(|(j, w)| g.tokens[start + j].folded == *w && !(free && g.used[start + j]))
            })
        })
        .map_or(0, |words| words.len())
}

/// The tail after the year at `at` that turns its bound, and its length
/// (read here and by the date columns' reading: "hired from 2020
/// onwards"). Never before a time of its own ("in 2020 and before March
/// 2021": two bounds, not a tail).
pub(in crate::generator) fn tail_after(g: &Goal, at: usize) -> Option<(Cmp, usize)> {
    TAILS.iter().find_map(|(phrase, cmp)| {
        let len = phrase.split_whitespace().count();
        let said = phrase.split_whitespace().enumerate().all(|(j, w)| {
            g.tokens
                .get(at + 1 + j)
                .is_some_and(|t| t.folded == w && !g.used[at + 1 + j])
        });
        let timed_after = g
            .tokens
            .get(at + 1 + len)
            .is_some_and(crate::generator::plan::words::says_a_time);
        let said = said && !timed_after;
        said.then_some((*cmp, len))
    })
}

/// Reads the years said of the file's column of years into conditions.
pub fn read(r: &mut Reading) {
    if r.columns.iter().any(|k| k.kind == ColumnKind::Date) {
        return;
    }
    let candidates = year_columns(r);
    if candidates.is_empty() {
        return;
    }
    let [column] = candidates.as_slice() else {
        return;
    };
    let column = column.clone();
    // Named as its own mention (a measure: "the median year_built of
    // houses renovated after 2000"), the column is left to the numbers'
    // reading; only a cue that is also its name ("since") may be.
    let cue_words: Vec<usize> = (0..r.g.tokens.len())
        .filter(|&i| {
            CUES.iter()
                .any(|(p, _)| !p.contains(' ') && r.g.tokens[i].folded == *p)
        })
        .collect();
    // A verb of start read as the column's name ("built" of
    // `year_built`) is the verb, not a mention apart.
    let verb_only = |m: &Mention| {
        (m.start..m.start + m.len).all(|i| STARTED.contains(&r.g.tokens[i].folded.as_str()))
    };
    // "after the year 2000": "year" names the year said, not the column.
    let year_nouns: Vec<usize> = (0..r.g.tokens.len())
        .filter(|&at| crate::generator::plan::conditions::year_of(&r.g.tokens[at]).is_some())
        .flat_map(|at| {
            let nouns = year_noun_before_any(&r.g, at);
            at - nouns..at
        })
        .collect();
    let the_year_said = |m: &Mention| (m.start..m.start + m.len).all(|i| year_nouns.contains(&i));
    let a_cue = |m: &Mention| m.len == 1 && cue_words.contains(&m.start);
    let named_apart = r
        .mentions
        .iter()
        .any(|m| m.column == column && !verb_only(m) && !a_cue(m) && !the_year_said(m));
    if named_apart {
        return;
    }
    let mut conditioned = false;
    for at in 0..r.g.tokens.len() {
        let Some(year) =
            crate::generator::plan::conditions::year_of(&r.g.tokens[at]).map(f64::from)
        else {
            continue;
        };
        if r.g.used[at] {
            continue;
        }
        let Some((cue, start, _)) = cue_before(r, at - year_noun_before_any(&r.g, at), &column)
        else {
            continue;
        };
        let verb = started_before(r, start);
        if cue == Cmp::Eq && verb.is_none() && !the_rows_year(&column) {
            continue;
        }
        let (cmp, tail) = match tail_after(&r.g, at) {
            Some((turned, len)) if cue == Cmp::Ge || cue == Cmp::Eq => (turned, len),
            _ => (cue, 0),
        };
        let first = verb.unwrap_or(start);
        r.g.take(first, at + 1 + tail - first);
        super::amounts::add(r, column.clone(), cmp, year);
        conditioned = true;
    }
    if conditioned {
        // The cue read as the column's name ("since") is no measure.
        r.mentions.retain(|m| m.column != column);
    }
}

#[cfg(test)]
mod tests {
    use crate::generator::golden_input;
    use crate::generator::plan::{plan, FilterValue};
    use crate::lang::Lang;

    fn conditions(file: &str, goal: &str) -> Vec<String> {
        let p = plan(goal, Lang::detect(goal), &[golden_input(file)]).expect(goal);
        p.filters
            .iter()
            .map(|f| match &f.value {
                FilterValue::Number(n) => format!("{}{}{n}", f.column, f.cmp.python()),
                other => format!("{}{other:?}", f.column),
            })
            .collect()
    }

    #[test]
    fn a_year_after_a_verb_of_start_compares_the_column_of_years() {
        let cases = [
            (
                "clients.csv",
                "average credit limit of the clients who joined after 2020",
                "client_since>2020",
            ),
            (
                "clients.csv",
                "combien de nos clients nous ont rejoints après 2021",
                "client_since>2021",
            ),
            (
                "clients.csv",
                "cuántos clientes tenemos desde antes de 2020",
                "client_since<2020",
            ),
            (
                "clients.csv",
                "how many clients have been with us since 2020 or earlier?",
                "client_since<=2020",
            ),
            (
                "housing.csv",
                "prix moyen des maisons de Bristol construites avant 1950",
                "year_built<1950",
            ),
        ];
        for (file, goal, expected) in cases {
            let found = conditions(file, goal);
            assert!(found.contains(&expected.to_owned()), "{goal}: {found:?}");
        }
    }

    #[test]
    fn in_a_year_is_the_year_of_a_column_named_year() {
        assert_eq!(
            conditions(
                "pub13-fatality.csv",
                "What was the mean beer tax (beertax) in 1988?"
            ),
            ["year==1988"]
        );
    }

    #[test]
    fn in_a_year_without_a_verb_or_the_column_stays_unplaced() {
        let p = plan(
            "how many clients in 2020",
            Lang::En,
            &[golden_input("clients.csv")],
        );
        assert!(p.is_err(), "{p:?}");
    }
}
