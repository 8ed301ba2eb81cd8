//! Coded columns named by everyday words, read before the column names
//! are matched:
//! - a 0/1 column named by what it records: "passengers who survived",
//!   "combien ont survécu", "los supervivientes" → `Survived = 1`; "who
//!   died", "did not survive", "n'ont pas survécu" → `Survived = 0`;
//!   "survival rate", "taux de survie", "tasa de supervivencia" → the mean
//!   of the column (the share of its 1s);
//! - a column of ranks or codes named by an ordinal: "first class",
//!   "première classe", "tercera clase", "class 2" → `Pclass = 1`…; "third
//!   term" → `term = T3` when exactly one value of the column carries that
//!   number;
//! - a part of the year named by an ordinal when no column is named so:
//!   "first quarter", "Q4", "second half of the year", "premier
//!   semestre", "deuxième trimestre" → the months of that part (of every
//!   year in the file, as the reading says), or that part of the year
//!   given ("the first quarter of 2024").
//!
//! Nothing here guesses a column: a word is read only when one column fits
//! it; otherwise it is left for the rest of the planner, which names it if
//! nothing else places it.

use crate::generator::lexicon::{self, Op};
use crate::generator::plan::reading::{Mention, Reading};
use crate::generator::plan::{adjectives, conditions};
use crate::generator::plan::{DatePart, Filter, FilterValue};
use crate::generator::terms::{Cmp, Stat};
use crate::generator::text;
use crate::inputs::ColumnKind;

/// A 0/1 column and the words that name its two values and its rate.
struct FlagWords {
    /// Folded names of the column.
    columns: &'static [&'static str],
    /// Phrases for the rows where it is 1.
    yes: &'static [&'static str],
    /// Phrases for the rows where it is 0.
    no: &'static [&'static str],
    /// Phrases for the share of its 1s.
    rate: &'static [&'static str],
}

const FLAGS: &[FlagWords] = &[FlagWords {
    columns: &["survived", "survival", "survive", "survie", "sobrevivio"],
    yes: &[
        "survived",
        "survive",
        "survivor",
        "survecu",
        "survivant",
        "sobrevivieron",
        "sobrevivio",
        "se salvaron",
        "se salvo",
        "made it",
        "superviviente",
        "sobreviviente",
    ],
    no: &[
        "did not make it",
        "didn t make it",
        "did not survive",
        "didn t survive",
        "not survive",
        "n ont pas survecu",
        "ont pas survecu",
        "pas survecu",
        "no sobrevivieron",
        "no sobrevivio",
        "died",
        "dead",
        "perished",
        "mort",
        "morte",
        "decede",
        "murieron",
        "murio",
        "muerto",
        "fallecido",
        "fallecieron",
    ],
    rate: &[
        "survival rate",
        "rate of survival",
        "taux de survie",
        "tasa de supervivencia",
        "survival",
        "survie",
        "supervivencia",
    ],
}];

/// Words after which a column's name is a measure ("average survived"),
/// not a condition.
const MEASURE_WORDS: &[&str] = &[
    "average", "mean", "total", "sum", "median", "moyenne", "somme", "mediane", "media",
    "promedio", "suma", "mediana",
];

/// The words that name a flag's rows ("survivor", "survivant"): words the
/// planner knows, for `feminine`.
pub(crate) fn flag_words() -> impl Iterator<Item = &'static &'static str> {
    FLAGS.iter().flat_map(|f| f.yes.iter().chain(f.no.iter()))
}

/// Ordinal words and their number.
const ORDINALS: &[(&str, u32)] = &[
    ("first", 1),
    ("1st", 1),
    ("premier", 1),
    ("premiere", 1),
    ("1er", 1),
    ("1re", 1),
    ("primer", 1),
    ("primero", 1),
    ("primera", 1),
    ("second", 2),
    ("2nd", 2),
    ("deuxieme", 2),
    ("seconde", 2),
    ("2e", 2),
    ("segundo", 2),
    ("segunda", 2),
    ("third", 3),
    ("3rd", 3),
    ("troisieme", 3),
    ("3e", 3),
    ("tercer", 3),
    ("tercero", 3),
    ("tercera", 3),
    ("fourth", 4),
    ("4th", 4),
    ("quatrieme", 4),
    ("4e", 4),
    ("cuarto", 4),
    ("cuarta", 4),
];

/// Parts of a year: the word, how many months each part has.
const YEAR_PARTS: &[(&str, u32)] = &[
    ("quarter", 3),
    ("trimestre", 3),
    ("trimester", 3),
    ("half", 6),
    ("semestre", 6),
    ("semester", 6),
];

/// Words that may follow a part of the year before its year: "of the
/// year", "de l'année", "del año".
const OF_THE_YEAR: &[&[&str]] = &[
    &["of", "the", "year"],
    &["de", "l", "annee"],
    &["de", "annee"],
    &["del", "ano"],
    &["de", "la", "annee"],
];

/// Reads flags, ordinal codes and parts of the year.
pub fn read(r: &mut Reading) {
    let _span = tracing::debug_span!("read_codes").entered();
    // A test of a flag ("is survival independent of class?") takes the
    // column itself, not its rows.
    if r.test.is_none() {
        flags(r);
    }
    ordinals(r);
    code_groups(r);
    quarters(r);
}

/// Words before a noun that make it the grouping or the answer's kind:
/// "by class", "which class", "chaque classe", "por clase".
const GROUP_CUES: &[&str] = &[
    "by", "per", "each", "every", "which", "par", "chaque", "quelle", "quel", "por", "cada", "que",
    "cual",
];

/// "by class", "which class": a noun that names one code column ("class"
/// for Pclass) after a grouping word is that column.
fn code_groups(r: &mut Reading) {
    glossed_groups(r);
    for i in 1..r.g.tokens.len() {
        let cue = r.g.tokens[i - 1].folded.clone();
        let cue = cue.as_str();
        if !r.g.free(i, 1) || !GROUP_CUES.contains(&cue) {
            continue;
        }
        // "qué edad tienen", "quel âge": how old, not which age.
        if adjectives::asks_a_measure(&format!("{cue} {}", r.g.tokens[i].folded)) {
            continue;
        }
        // "quel salaire moyen", "¿qué salario medio?": a statistic right
        // after asks the measure, not which group.
        let stat_after = r.g.tokens.get(i + 1).is_some_and(|n| {
            lexicon::OPS
                .iter()
                .any(|(p, o)| *p == n.folded && matches!(o, Op::Stat(_)))
        });
        if stat_after && WHICH.contains(&cue) {
            continue;
        }
        let noun = r.g.tokens[i].key.clone();
        let Some(column) = code_column(r, &noun) else {
            continue;
        };
        // Its own name is matched as any column's is, except after
        // "which" ("Which Month has the highest Ozone?" groups by Month);
        // a text column is found by its synonyms already.
        let own_name = text::fold(&column) == noun;
        if (own_name && !WHICH.contains(&cue)) || r.kind(&column) != ColumnKind::Integer {
            continue;
        }
        r.g.take(i, 1);
        if WHICH.contains(&cue) {
            // "which class had…": the codes are what is ranked, the groups.
            if r.group_by.is_none() {
                r.group_by = Some(column);
            }
            continue;
        }
        r.mentions.push(Mention {
            start: i,
            len: 1,
            column,
        });
    }
    r.mentions.sort_by_key(|m| m.start);
}

/// "Which experiment (Expt) has the highest mean Speed?", "Which ship
/// type (ship) had the most accidents?", "Which value of rad has the
/// highest average tax?": a column of whole-number codes named in more
/// than one word (a gloss and its bracket) or by its values right after
/// "which" is what is ranked, the groups.
fn glossed_groups(r: &mut Reading) {
    if r.group_by.is_some() {
        return;
    }
    let word = |i: usize| r.g.tokens[i].folded.as_str();
    // "Which three hospitals (provnum)": the number of groups asked may
    // stand between.
    let which_before = |start: usize| {
        (start > 0 && WHICH.contains(&word(start - 1)))
            || (start > 1
                && text::number(&r.g.tokens[start - 1]).is_some()
                && WHICH.contains(&word(start - 2)))
    };
    let glossed = r
        .mentions
        .iter()
        .find(|m| m.len > 1 && which_before(m.start) && r.kind(&m.column) == ColumnKind::Integer);
    // "which value of rad": the words of its values, then its name.
    let values_of = || {
        (2..r.g.tokens.len()).find_map(|at| {
            let column = integer_columns(r).find(|c| text::fold(c) == word(at))?;
            let asked = at >= 3
                && WHICH.contains(&word(at - 3))
                && crate::generator::plan::glosses::VALUE_NOUNS.contains(&word(at - 2))
                && matches!(word(at - 1), "of" | "de" | "del" | "d")
                && r.g.free(at - 2, 3);
            asked.then(|| Mention {
                start: at - 2,
                len: 3,
                column: column.to_owned(),
            })
        })
    };
    let Some(m) = glossed.cloned().or_else(values_of) else {
        return;
    };
    r.g.take(m.start, m.len);
    r.mentions.retain(|x| x.start != m.start);
    r.group_by = Some(m.column);
}

/// Whether the goal's grouping is a column of codes asked with "which"
/// ("Which state had the highest rate"): one group is asked.
pub fn asked_which(r: &Reading) -> bool {
    let Some(group) = &r.group_by else {
        return false;
    };
    // "Which state", "Which patient (id)", "Which number of gears (gear)";
    // never a relative "que" ("le meilleur score que chaque équipe…").
    const REACH: usize = 4;
    const ASKING: &[&str] = &[
        "which", "what", "quel", "quelle", "quels", "quelles", "cual",
    ];
    const EACH: &[&str] = &["each", "every", "chaque", "cada"];
    let t = &r.g.tokens;
    (1..t.len()).any(|i| {
        let asks = ASKING.contains(&t[i - 1].folded.as_str()) || t[i - 1].raw.ends_with("ué");
        asks && (i..t.len().min(i + REACH))
            .take_while(|&j| !EACH.contains(&t[j].folded.as_str()))
            .any(|j| {
                t[j].folded == text::fold(group)
                    || code_column(r, &t[j].key).as_ref() == Some(group)
            })
    })
}

/// The cues of [`GROUP_CUES`] that ask which group.
const WHICH: &[&str] = &["which", "quelle", "quel", "que", "cual"];

fn integer_columns<'c>(r: &'c Reading) -> impl Iterator<Item = &'c str> {
    r.columns
        .iter()
        .filter(|k| k.kind == ColumnKind::Integer)
        .map(|k| k.name.as_str())
}

/// The phrases of a list, longest first (so "did not survive" is read
/// before "survive").
fn longest_first(list: &[&'static str]) -> Vec<&'static str> {
    let mut v = list.to_vec();
    v.sort_by_key(|p| std::cmp::Reverse(p.split_whitespace().count()));
    v
}

fn flags(r: &mut Reading) {
    for family in FLAGS {
        let column = integer_columns(r)
            .find(|c| family.columns.contains(&text::fold(c).as_str()))
            .map(str::to_owned);
        let Some(column) = column else { continue };
        for phrase in longest_first(family.rate) {
            for start in r.g.find(phrase) {
                let len = phrase.split_whitespace().count();
                if !r.g.free(start, len) {
                    continue;
                }
                r.g.take(start, len);
                r.ops.push((start, Op::Stat(Stat::Mean)));
                r.mentions.push(Mention {
                    start,
                    len,
                    column: column.clone(),
                });
                let said = r.say(
                    format!("rate of {column}: the share of rows where it is 1"),
                    format!("taux de {column} : la part des lignes où il vaut 1"),
                    format!("tasa de {column}: la proporción de filas donde vale 1"),
                );
                r.understood.push(said);
            }
        }
        for (phrases, value) in [(family.no, 0.0), (family.yes, 1.0)] {
            for phrase in longest_first(phrases) {
                let len = phrase.split_whitespace().count();
                for start in r.g.find(phrase) {
                    // "survivantes" is not "survivant": the rows of women
                    // are more than the flag; a word is read only whole.
                    let whole = len > 1 || r.g.tokens[start].key == text::singular(phrase);
                    if !whole
                        || !r.g.free(start, len)
                        || named_as_measure(r, start)
                        || r.g.tokens[start].raw == column
                    {
                        continue;
                    }
                    r.g.take(start, len);
                    add_flag(r, &column, value);
                }
            }
        }
    }
    r.mentions.sort_by_key(|m| m.start);
}

/// "average survived": the word after a statistic is the measured column.
fn named_as_measure(r: &Reading, at: usize) -> bool {
    let before = |back: usize| {
        at.checked_sub(back)
            .map(|i| r.g.tokens[i].folded.as_str())
            .unwrap_or("")
    };
    MEASURE_WORDS.contains(&before(1))
        || (matches!(before(1), "of" | "de" | "del") && MEASURE_WORDS.contains(&before(2)))
}

fn add_flag(r: &mut Reading, column: &str, value: f64) {
    if r.filters.iter().any(|f| f.column == column) {
        return;
    }
    r.filters.push(Filter {
        column: column.to_owned(),
        cmp: Cmp::Eq,
        value: FilterValue::Number(value),
        part: None,
    });
    let said = r.say(
        format!("only rows where {column} is {value}"),
        format!("seulement les lignes où {column} vaut {value}"),
        format!("solo las filas donde {column} es {value}"),
    );
    r.understood.push(said);
}

fn ordinal(token: &text::Token) -> Option<u32> {
    ORDINALS
        .iter()
        .find(|(w, _)| *w == token.folded)
        .map(|(_, n)| *n)
}

/// The one column a noun names as a column of codes ("class" → Pclass,
/// "trimestre" → term): its name is the noun, ends with it, or is a
/// synonym of it.
fn code_column(r: &Reading, noun: &str) -> Option<String> {
    let names_it = |name: &str| {
        let name = text::fold(name);
        let fits = |w: &str| name == w || (w.len() >= 4 && name.ends_with(w));
        fits(noun)
            || lexicon::SYNONYMS
                .iter()
                .filter(|group| group.iter().any(|w| text::same_word(w, noun)))
                .any(|group| group.iter().any(|w| fits(w)))
    };
    let mut found = r
        .columns
        .iter()
        .filter(|k| matches!(k.kind, ColumnKind::Integer | ColumnKind::Text))
        .filter(|k| names_it(&k.name));
    let one = found.next()?;
    found.next().is_none().then(|| one.name.clone())
}

/// The value of `column` that carries the number `n`: the number itself in
/// a column of whole numbers; in a text column, the one value whose digits
/// are `n` beside at most two letters ("T3"), if exactly one is.
fn code_value(r: &Reading, column: &str, n: u32) -> Option<FilterValue> {
    if r.kind(column) == ColumnKind::Integer {
        return Some(FilterValue::Number(f64::from(n)));
    }
    let values = r
        .inputs
        .iter()
        .flat_map(|i| i.columns.iter().filter(|c| c.name == column))
        .flat_map(|c| c.values.iter());
    let mut matching = values.filter(|v| {
        let digits: String = v.chars().filter(char::is_ascii_digit).collect();
        let letters = v.chars().filter(|c| c.is_alphabetic()).count();
        digits == n.to_string() && letters <= 2 && v.chars().count() == digits.len() + letters
    });
    let one = matching.next()?.clone();
    matching
        .next()
        .is_none()
        .then(|| FilterValue::List(vec![one]))
}

/// "first class", "tercera clase", "class 2": the code column, filtered.
fn ordinals(r: &mut Reading) {
    let n = r.g.tokens.len();
    for i in 0..n.saturating_sub(1) {
        if !r.g.free(i, 2) {
            continue;
        }
        let (a, b) = (&r.g.tokens[i], &r.g.tokens[i + 1]);
        let (number, noun) = match (ordinal(a), b.folded.parse::<u32>()) {
            // "fourth class" of a column of whole numbers: its codes are
            // not listed, and no code past the third is assumed.
            (Some(k), _)
                if k > 3
                    && code_column(r, &b.key)
                        .is_some_and(|c| r.kind(&c) == ColumnKind::Integer) =>
            {
                continue
            }
            (Some(k), _) => (k, b.key.clone()),
            (None, Ok(k)) if (1..=12).contains(&k) => (k, a.key.clone()),
            _ => continue,
        };
        let Some(column) = code_column(r, &noun) else {
            continue;
        };
        let Some(value) = code_value(r, &column, number) else {
            continue;
        };
        if r.filters.iter().any(|f| f.column == column) {
            continue;
        }
        r.g.take(i, 2);
        // "except third class", "not counting first class"
        let cmp = if r.negated(i, &column) {
            Cmp::Ne
        } else {
            Cmp::Eq
        };
        let shown = match &value {
            FilterValue::List(v) => v.join(", "),
            _ => number.to_string(),
        };
        let said = match cmp {
            Cmp::Ne => r.say(
                format!("only rows where {column} is not {shown}"),
                format!("seulement les lignes où {column} ne vaut pas {shown}"),
                format!("solo las filas donde {column} no es {shown}"),
            ),
            _ => r.say(
                format!("only rows where {column} is {shown}"),
                format!("seulement les lignes où {column} vaut {shown}"),
                format!("solo las filas donde {column} es {shown}"),
            ),
        };
        r.understood.push(said);
        r.filters.push(Filter {
            column,
            cmp,
            value,
            part: None,
        });
    }
}

/// The one date column, if the inputs have exactly one.
pub(super) fn one_date_column(r: &Reading) -> Option<String> {
    let mut dates = r.columns.iter().filter(|k| k.kind == ColumnKind::Date);
    let one = dates.next()?;
    dates.next().is_none().then(|| one.name.clone())
}

/// "first quarter", "Q4", "second half of the year", "premier semestre":
/// the months of that part of the year, or that part of the year given.
fn quarters(r: &mut Reading) {
    let Some(date) = one_date_column(r) else {
        return;
    };
    if r.filters.iter().any(|f| f.column == date) {
        return;
    }
    let n = r.g.tokens.len();
    for i in 0..n {
        let Some((part, months, mut next)) = year_part(r, i) else {
            continue;
        };
        if of_a_month(r, next) {
            // "the second half of April": a part of that month, which
            // these parts of the year do not read; left for the plan to
            // name.
            continue;
        }
        if let Some(len) = OF_THE_YEAR
            .iter()
            .find(|p| words_at(r, next, p))
            .map(|p| p.len())
        {
            next += len;
        }
        let first = (part - 1) * months + 1;
        let year = year_after(r, next);
        r.g.take(i, next - i);
        let range = format!("{}–{}", month_name(first), month_name(first + months - 1));
        match year {
            Some(year) => {
                r.g.take(next, next_len(r, next));
                let from = format!("{year}-{first:02}-01");
                let until = if first + months > 12 {
                    format!("{}-01-01", year + 1)
                } else {
                    format!("{year}-{:02}-01", first + months)
                };
                for (cmp, day) in [(Cmp::Ge, from), (Cmp::Lt, until)] {
                    r.filters.push(Filter {
                        column: date.clone(),
                        cmp,
                        value: FilterValue::Date(day),
                        part: None,
                    });
                }
                let said = r.say(
                    format!("only {range} {year}"),
                    format!("seulement {range} {year}"),
                    format!("solo {range} de {year}"),
                );
                r.understood.push(said);
            }
            None => {
                r.filters.push(Filter {
                    column: date.clone(),
                    cmp: Cmp::Eq,
                    value: FilterValue::AnyOf((first..first + months).map(f64::from).collect()),
                    part: Some(DatePart::Month),
                });
                let said = r.say(
                    format!("only the months {range}, of every year in the file"),
                    format!("seulement les mois {range}, de chaque année du fichier"),
                    format!("solo los meses {range}, de cada año del archivo"),
                );
                r.understood.push(said);
            }
        }
        return;
    }
}

/// A part of the year starting at `i`: (which part, months per part, the
/// place after its words). "Q4" is one word; "first quarter", "premier
/// semestre" two.
fn year_part(r: &Reading, i: usize) -> Option<(u32, u32, usize)> {
    let token = r.g.tokens.get(i)?;
    if !r.g.free(i, 1) {
        return None;
    }
    if let Some(q) = token.folded.strip_prefix('q') {
        let q: u32 = q.parse().ok().filter(|q| (1..=4).contains(q))?;
        let a_value = r
            .inputs
            .iter()
            .flat_map(|i| &i.columns)
            .any(|c| c.values.iter().any(|v| text::fold(v) == token.folded));
        return (!a_value).then_some((q, 3, i + 1));
    }
    let k = ordinal(token)?;
    let noun = r.g.tokens.get(i + 1)?;
    if !r.g.free(i + 1, 1) || code_column(r, &noun.key).is_some() {
        return None;
    }
    let months = YEAR_PARTS
        .iter()
        .find(|(w, _)| *w == noun.key || *w == noun.folded)?
        .1;
    (k * months <= 12).then_some((k, months, i + 2))
}

/// True when "of April", "d'avril", "de abril" follows a part of the year.
fn of_a_month(r: &Reading, at: usize) -> bool {
    let month_at = |k: usize| {
        r.g.tokens
            .get(k)
            .is_some_and(|t| conditions::MONTHS.iter().any(|(w, _)| *w == t.folded))
    };
    match r.g.tokens.get(at).map(|t| t.folded.as_str()) {
        Some("of" | "de" | "d" | "del") => month_at(at + 1),
        _ => false,
    }
}

fn words_at(r: &Reading, at: usize, words: &[&str]) -> bool {
    words.iter().enumerate().all(|(j, w)| {
        r.g.tokens
            .get(at + j)
            .is_some_and(|t| t.folded == *w && !r.g.used[at + j])
    })
}

/// How many words the year after a part of the year takes: "2024", "of
/// 2024", "de 2024".
fn next_len(r: &Reading, at: usize) -> usize {
    match r.g.tokens.get(at).map(|t| t.folded.as_str()) {
        Some("of" | "de" | "del" | "in" | "en") => 2,
        _ => 1,
    }
}

/// The year said right after a part of the year, if one is.
fn year_after(r: &Reading, at: usize) -> Option<i32> {
    let at = at + next_len(r, at) - 1;
    let token = r.g.tokens.get(at)?;
    if r.g.used[at] || token.folded.len() != 4 {
        return None;
    }
    token
        .folded
        .parse()
        .ok()
        .filter(|y| (1900..=2100).contains(y))
}

fn month_name(m: u32) -> &'static str {
    const NAMES: [&str; 12] = [
        "01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12",
    ];
    NAMES[(m as usize).saturating_sub(1).min(11)]
}

#[cfg(test)]
mod tests {
    use crate::generator::golden_input;
    use crate::generator::plan::{plan, FilterValue, Recipe};
    use crate::generator::terms::Stat;
    use crate::lang::Lang;

    fn filters(file: &str, goal: &str) -> Vec<(String, String)> {
        let input = golden_input(file);
        let p = plan(goal, Lang::detect(goal), &[input]).expect(goal);
        p.filters
            .iter()
            .map(|f| (f.column.clone(), format!("{:?} {:?}", f.cmp, f.value)))
            .collect()
    }

    #[test]
    fn codes_glossed_or_valued_after_which_are_the_ranked_groups() {
        for (file, goal, group) in [
            (
                "pub4-morley.csv",
                "Which experiment (Expt) has the highest mean Speed?",
                "Expt",
            ),
            (
                "pub5-ships.csv",
                "Which ship type (ship) had the most accidents in total?",
                "ship",
            ),
            (
                "pub6-boston.csv",
                "Which value of rad has the highest average tax?",
                "rad",
            ),
            (
                "pub4-morley.csv",
                "Quelle expérience (Expt) a la vitesse moyenne (Speed) la plus basse ?",
                "Expt",
            ),
        ] {
            let p = plan(goal, Lang::detect(goal), &[golden_input(file)]).expect(goal);
            let Recipe::Rank { group_by, .. } = &p.recipe else {
                panic!("{goal}: {:?}", p.recipe);
            };
            assert_eq!(group_by.as_deref(), Some(group), "{goal}");
        }
    }

    #[test]
    fn a_flag_column_is_read_from_its_verb_in_three_languages() {
        for (goal, value) in [
            ("How many passengers survived?", 1.0),
            ("Combien de passagers ont survécu ?", 1.0),
            ("edad media de los supervivientes", 1.0),
            ("I need the number of passengers who did not survive", 0.0),
            ("edad media de los pasajeros que murieron", 0.0),
        ] {
            let got = filters("passengers.csv", goal);
            assert_eq!(
                got,
                [(
                    "Survived".to_owned(),
                    format!("Eq {:?}", FilterValue::Number(value))
                )],
                "{goal}"
            );
        }
    }

    #[test]
    fn a_rate_of_a_flag_is_its_mean() {
        let input = golden_input("passengers.csv");
        let p = plan("taux de survie des hommes", Lang::Fr, &[input]).expect("plan");
        assert!(
            matches!(&p.recipe, Recipe::Stats { items, .. } if items == &[(Stat::Mean, "Survived".to_owned())]),
            "{:?}",
            p.recipe
        );
    }

    #[test]
    fn an_ordinal_names_one_code_and_a_part_of_the_year_its_months() {
        assert_eq!(
            filters("passengers.csv", "average fare in first class"),
            [("Pclass".to_owned(), "Eq Number(1.0)".to_owned())]
        );
        assert_eq!(
            filters("grades.csv", "average grade in the third term"),
            [("term".to_owned(), "Eq List([\"T3\"])".to_owned())]
        );
        assert_eq!(
            filters("orders.csv", "total amount in Q4"),
            [(
                "order_date".to_owned(),
                "Eq AnyOf([10.0, 11.0, 12.0])".to_owned()
            )]
        );
        assert_eq!(
            filters("weather.csv", "total rain in the first quarter of 2024"),
            [
                ("date".to_owned(), "Ge Date(\"2024-01-01\")".to_owned()),
                ("date".to_owned(), "Lt Date(\"2024-04-01\")".to_owned())
            ]
        );
    }

    #[test]
    fn an_ordinal_that_fits_two_values_is_not_read() {
        // grades.csv has classes 3A and 3B: "third class" is not one of them.
        let input = golden_input("grades.csv");
        assert!(plan("average grade of the third class", Lang::En, &[input]).is_err());
    }
}
