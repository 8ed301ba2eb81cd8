//! Measures the statistics recipe did not read: percentiles ("the 90th
//! percentile of load time", "le 90e centile", "el percentil 90"),
//! quartiles ("quartiles" → the 25th percentile, the median and the 75th;
//! "the first quartile" → the 25th) and the mode ("most common value",
//! "valeur la plus fréquente", "moda"). A percentile without its number
//! stops the plan and names the word (which one?); several modes are all
//! given, never the first alone. A mode per group, or either measure beside
//! a ranking or a trend, is not computed: the plan stops.
//!
//! Golden expectations (tests/golden/steps-groups.txt): `percentile(c,90)`
//! (linear interpolation, as pandas' `quantile`), `mode(c)` (any of the
//! most frequent values is accepted).

use crate::generator::codegen::{py_str, words, Code};
use crate::generator::lexicon::Op;
use crate::generator::plan::reading::Reading;
use crate::generator::plan::{GoalProblem, Recipe, Stat};
use crate::generator::text::Token;
use crate::lang::Lang;

/// Most tied modes given as answers.
pub const MAX_MODES_LISTED: usize = 10;

/// How far from its word a percentile's number may stand ("the 90th
/// percentile", "percentil 90").
const PERCENT_REACH: usize = 2;

const PERCENTILE_WORDS: &[&str] = &["percentile", "centile", "percentil"];
const QUARTILE_WORDS: &[&str] = &["quartile", "cuartil"];
const LOWER: &[&str] = &[
    "first",
    "1st",
    "lower",
    "premier",
    "1er",
    "inferieur",
    "primer",
    "primero",
    "inferior",
];
const UPPER: &[&str] = &[
    "third",
    "3rd",
    "upper",
    "troisieme",
    "3e",
    "superieur",
    "tercer",
    "tercero",
    "superior",
];

/// The phrases for the mode, per language ("mode" alone only in English:
/// "mode de paiement" is a column).
fn mode_phrases(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::En => &[
            "mode",
            "most common value",
            "most frequent value",
            "most common",
            "most frequent",
            "occurs most often",
            "occur most often",
            "appears most often",
            "most often",
        ],
        Lang::Fr => &[
            "valeur la plus frequente",
            "valeur la plus courante",
            "valeur modale",
            "le mode",
            "la plus frequente",
            "le plus frequent",
            "la plus courante",
            "le plus courant",
            "le plus souvent",
        ],
        Lang::Es => &[
            "moda",
            "valor mas frecuente",
            "valor mas comun",
            "mas frecuente",
            "mas comun",
            "mas repetido",
            "mas repetida",
            "mas a menudo",
        ],
    }
}

/// "90th", "90e", "90", "90.º": a whole percent from 1 to 99.
fn percent(t: &Token) -> Option<u8> {
    let digits: String = t.folded.chars().take_while(char::is_ascii_digit).collect();
    let rest = &t.folded[digits.len()..];
    let suffix = matches!(
        rest,
        "" | "th" | "st" | "nd" | "rd" | "e" | "eme" | "o" | "º" | ".º" | "er"
    );
    let n: u8 = digits.parse().ok()?;
    (suffix && (1..=99).contains(&n)).then_some(n)
}

/// Reads percentiles, quartiles and the mode; their words are placed.
pub fn read(r: &mut Reading) -> Result<(), GoalProblem> {
    for phrase in mode_phrases(r.lang) {
        let len = phrase.split_whitespace().count();
        for at in r.g.find(phrase) {
            if r.g.free(at, len) {
                r.g.take(at, len);
                r.ops.push((at, Op::Stat(Stat::Mode)));
            }
        }
    }
    let n = r.g.tokens.len();
    for at in 0..n {
        if r.g.used[at] {
            continue;
        }
        let word = r.g.tokens[at].folded.clone();
        let is = |w: &&str| word == *w || word == format!("{w}s") || word == format!("{w}es");
        if PERCENTILE_WORDS.iter().any(is) {
            let near = (at.saturating_sub(PERCENT_REACH)..(at + PERCENT_REACH + 1).min(n))
                .filter(|&i| i != at && !r.g.used[i])
                .find_map(|i| percent(&r.g.tokens[i]).map(|p| (i, p)));
            let Some((i, p)) = near else {
                return Err(unplaced(r, at));
            };
            r.g.take(at, 1);
            r.g.take(i, 1);
            r.ops.push((at, Op::Stat(Stat::Percentile(p))));
        } else if QUARTILE_WORDS.iter().any(is) {
            quartile(r, at)?;
        }
    }
    Ok(())
}

fn unplaced(r: &Reading, at: usize) -> GoalProblem {
    GoalProblem::Unplaced {
        words: vec![r.g.raw(at, 1)],
        understood: r.understood.clone(),
    }
}

/// Words that make a quartile a grouping ("by bmi quartile", "par quartile
/// de charges", "por cuartiles de edad"): bands read by `steps::derived`.
const GROUPING_WORDS: &[&str] = &["by", "per", "par", "por", "selon", "segun"];

/// "quartiles" (all three), "the first quartile", "el tercer cuartil"; a
/// quartile after a grouping word is left to the bands of `steps::derived`.
fn quartile(r: &mut Reading, at: usize) -> Result<(), GoalProblem> {
    let grouped =
        (at.saturating_sub(2)..at).any(|i| GROUPING_WORDS.contains(&r.g.tokens[i].folded.as_str()));
    if grouped {
        return Ok(());
    }
    let plural = r.g.tokens[at].folded.ends_with('s') || r.g.tokens[at].folded.ends_with("es");
    let side = [at.checked_sub(1), Some(at + 1)]
        .into_iter()
        .flatten()
        .filter(|&i| i < r.g.tokens.len() && !r.g.used[i])
        .find_map(|i| {
            let w = r.g.tokens[i].folded.as_str();
            if LOWER.contains(&w) {
                Some((i, 25))
            } else if UPPER.contains(&w) {
                Some((i, 75))
            } else {
                None
            }
        });
    r.g.take(at, 1);
    match (side, plural) {
        (Some((i, p)), _) => {
            r.g.take(i, 1);
            r.ops.push((at, Op::Stat(Stat::Percentile(p))));
        }
        (None, true) => {
            r.ops.push((at, Op::Stat(Stat::Percentile(25))));
            r.ops.push((at, Op::Stat(Stat::Median)));
            r.ops.push((at, Op::Stat(Stat::Percentile(75))));
        }
        (None, false) => return Err(unplaced(r, at)),
    }
    Ok(())
}

/// A percentile or a mode is computed only by the statistics of columns
/// (and a percentile by a pivot; the mode of a category by counting the
/// rows of each value); a mode per group is not: the plan stops.
pub fn check(r: &Reading, recipe: &Recipe) -> Result<(), GoalProblem> {
    let asked: Vec<Stat> = r
        .ops
        .iter()
        .filter_map(|(_, o)| match o {
            Op::Stat(s @ (Stat::Mode | Stat::Percentile(_))) => Some(*s),
            _ => None,
        })
        .collect();
    let computed = |s: &Stat| match recipe {
        Recipe::Stats { items, group_by } => {
            items.iter().any(|(i, _)| i == s) && (group_by.is_none() || *s != Stat::Mode)
        }
        Recipe::Pivot { stat, .. } => stat == s && *s != Stat::Mode,
        // "the most common breed": the breed on the most rows
        Recipe::Rank {
            stat: Stat::Count,
            value: None,
            group_by: Some(_),
            highest: true,
            n: 1,
        } => *s == Stat::Mode,
        _ => false,
    };
    match asked.iter().find(|s| !computed(s)) {
        None => Ok(()),
        Some(s) => Err(GoalProblem::SeveralOperations {
            operations: vec![crate::generator::plan::stat_name(*s, r.lang).to_owned()],
        }),
    }
}

/// "90th percentile of load_time_ms", "90e centile de …", "percentil 90
/// de …".
pub fn percentile_name(p: u8, column: &str, lang: Lang) -> String {
    let suffix = match (p % 10, p % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    lang.pick(
        format!("{p}{suffix} percentile of {column}"),
        format!("{p}e centile de {column}"),
        format!("percentil {p} de {column}"),
    )
}

/// The code of a mode: every most frequent value, the first
/// `MAX_MODES_LISTED` as answers, and a note when several tie.
pub fn mode_code(c: &mut Code, var: &str, name: &str, lang: Lang) {
    c.line(format!("modes = {var}.mode()"));
    c.line(format!(
        "for rank, value in enumerate(modes.head({MAX_MODES_LISTED}), start=1):"
    ));
    c.line(format!(
        "    glovebox.answer({} if rank == 1 else {} + \" (\" + str(rank) + \")\", {})",
        py_str(name),
        py_str(name),
        c.value("value")
    ));
    c.line("if len(modes) > 1:");
    c.line(format!(
        "    glovebox.note(str(len(modes)) + {} + \", \".join(str(v) for v in modes.head({MAX_MODES_LISTED})))",
        py_str(&words(
            lang,
            " values tie as the most frequent: ",
            " valeurs sont ex aequo comme les plus fréquentes : ",
            " valores empatan como los más frecuentes: ",
        ))
    ));
}

#[cfg(test)]
mod tests {
    use crate::generator::plan::{plan, GoalProblem, Recipe, Stat};
    use crate::lang::Lang;

    fn recipe(file: &str, goal: &str) -> Result<Recipe, GoalProblem> {
        let inputs = [crate::generator::golden_input(file)];
        plan(goal, Lang::detect(goal), &inputs).map(|p| p.recipe)
    }

    fn stats(items: &[(Stat, &str)]) -> Result<Recipe, GoalProblem> {
        Ok(Recipe::Stats {
            items: items.iter().map(|(s, c)| (*s, (*c).to_owned())).collect(),
            group_by: None,
        })
    }

    #[test]
    fn percentiles_in_three_languages() {
        let want = stats(&[(Stat::Percentile(90), "load_time_ms")]);
        assert_eq!(recipe("web.csv", "the 90th percentile of load time"), want);
        assert_eq!(recipe("web.csv", "le 90e centile du load time"), want);
        assert_eq!(recipe("web.csv", "el percentil 90 del load time"), want);
    }

    #[test]
    fn quartiles_are_three_measures() {
        assert_eq!(
            recipe("housing.csv", "quartiles of price"),
            stats(&[
                (Stat::Percentile(25), "price"),
                (Stat::Median, "price"),
                (Stat::Percentile(75), "price")
            ])
        );
    }

    #[test]
    fn a_percentile_without_its_number_stops() {
        assert!(matches!(
            recipe("web.csv", "percentile of load time"),
            Err(GoalProblem::Unplaced { .. })
        ));
    }

    #[test]
    fn the_mode_alone_and_not_per_group() {
        assert_eq!(
            recipe("housing.csv", "what is the mode of bedrooms?"),
            stats(&[(Stat::Mode, "bedrooms")])
        );
        assert!(recipe("housing.csv", "mode of bedrooms per city").is_err());
    }

    #[test]
    fn ordinal_percents() {
        let tokens = crate::generator::text::tokens("90th 5e 12 100 top");
        let got: Vec<Option<u8>> = tokens.iter().map(super::percent).collect();
        assert_eq!(got, [Some(90), Some(5), Some(12), None, None]);
    }
}
