//! Prices of a market file, said as people say them. A file of daily
//! prices has `Open`, `High`, `Low` and `Close` columns, none of them named
//! "price": "the highest price of the year" is the highest `High`, "the
//! lowest price it traded at" the lowest `Low`, "le plus haut de l'année"
//! the highest `High`. Only a file that has both a high and a low column is
//! read so; elsewhere "price" is left to the column names.

use crate::generator::lexicon::{self, Op};
use crate::generator::plan::reading::{Mention, Reading};
use crate::generator::text;
use crate::inputs::ColumnKind;

/// Words for a price, folded.
const PRICE_WORDS: &[&str] = &["price", "prices", "prix", "precio", "precios", "cours"];

/// Names of the high and the low column, folded.
const HIGH_NAMES: &[&str] = &["high", "haut", "plus haut", "maximo", "alto"];
const LOW_NAMES: &[&str] = &["low", "bas", "plus bas", "minimo", "bajo"];

/// "le plus haut", "le plus bas": the word after the ranking names the column.
const HIGH_WORDS: &[&str] = &["haut", "alto"];
const LOW_WORDS: &[&str] = &["bas", "bajo"];

/// How far a ranking word may stand from the price it ranks ("le prix le
/// plus haut", "highest price").
const REACH: usize = 3;

/// Reads prices ranked by a highest or lowest word into mentions of the
/// high or low column.
pub fn read(r: &mut Reading) {
    let (Some(high), Some(low)) = (column_named(r, HIGH_NAMES), column_named(r, LOW_NAMES)) else {
        return;
    };
    market_words(r);
    // "À quelle date le Close était-il le plus bas ?": a price column is
    // named; "bas" only ranks it.
    let named = r
        .mentions
        .iter()
        .any(|m| matches!(r.kind(&m.column), ColumnKind::Integer | ColumnKind::Decimal));
    if named {
        return;
    }
    for i in 0..r.g.tokens.len() {
        let word = r.g.tokens[i].folded.as_str();
        // "le plus haut" was read whole as a ranking: its "haut" still
        // names the column.
        let in_ranking = HIGH_WORDS.contains(&word) || LOW_WORDS.contains(&word);
        if !r.g.free(i, 1) && !in_ranking {
            continue;
        }
        // The ranking words are read later as operations; here they only
        // say which column the price is.
        let ranked = || {
            lexicon::OPS.iter().find_map(|(phrase, op)| {
                let column = match op {
                    Op::Highest => &high,
                    Op::Lowest => &low,
                    _ => return None,
                };
                r.g.find(phrase)
                    .iter()
                    .any(|at| at.abs_diff(i) <= REACH)
                    .then(|| column.clone())
            })
        };
        let column = if PRICE_WORDS.contains(&word) {
            ranked()
        } else if HIGH_WORDS.contains(&word) {
            Some(high.clone())
        } else if LOW_WORDS.contains(&word) {
            Some(low.clone())
        } else {
            None
        };
        if let Some(column) = column {
            r.g.take(i, 1);
            r.mentions.push(Mention {
                start: i,
                len: 1,
                column,
            });
        }
    }
    r.mentions.sort_by_key(|m| m.start);
}

/// The stock the file follows ("the highest price the share ever
/// reached"), and its days and trades said beside a mean ("average daily
/// trading volume", "volume moyen échangé par jour"): in a file of one
/// row a day, the mean of the rows is the mean per day.
fn market_words(r: &mut Reading) {
    const SUBJECT: &[&str] = &[
        "the share",
        "the stock",
        "this stock",
        "ever",
        "l action",
        "la accion",
        "trading",
        "traded",
        "echange",
        "negociado",
    ];
    const DAILY: &[&str] = &[
        "daily",
        "per day",
        "a day",
        "par jour",
        "quotidien",
        "quotidienne",
        "por dia",
        "al dia",
        "diario",
        "diaria",
    ];
    // "the share of days the close beat the open" is a share.
    for phrase in SUBJECT {
        let words: Vec<&str> = phrase.split_whitespace().collect();
        for at in r.g.find(phrase) {
            let of =
                r.g.tokens.get(at + words.len()).is_some_and(|t| {
                    matches!(t.folded.as_str(), "of" | "de" | "du" | "des" | "del")
                });
            if !of && r.g.free(at, words.len()) {
                r.g.take(at, words.len());
            }
        }
    }
    // The statistic's words are read later.
    const MEAN_WORDS: &[&str] = &[
        "average", "mean", "avg", "moyen", "moyenne", "moy", "media", "medio", "promedio",
    ];
    let averaged =
        r.g.tokens
            .iter()
            .any(|t| MEAN_WORDS.contains(&t.folded.as_str()));
    if !averaged {
        return;
    }
    // "jour", "day" may have been read as the date column's name.
    for phrase in DAILY {
        let words: Vec<&str> = phrase.split_whitespace().collect();
        for at in 0..r.g.tokens.len() {
            if r.g.says_at(at, &words) {
                r.g.take(at, words.len());
                r.mentions
                    .retain(|m| !(at..at + words.len()).contains(&m.start));
            }
        }
    }
}

/// The one numeric column whose whole name is one of `names`.
fn column_named(r: &Reading, names: &[&str]) -> Option<String> {
    r.columns
        .iter()
        .filter(|k| matches!(k.kind, ColumnKind::Integer | ColumnKind::Decimal))
        .find(|k| names.contains(&text::fold(&k.name).as_str()))
        .map(|k| k.name.clone())
}

#[cfg(test)]
mod tests {
    use crate::generator::golden_input;
    use crate::generator::plan::{plan, Recipe};
    use crate::generator::terms::Stat;
    use crate::lang::Lang;

    fn stats(file: &str, goal: &str) -> Vec<(Stat, String)> {
        let p = plan(goal, Lang::detect(goal), &[golden_input(file)]).expect(goal);
        match p.recipe {
            Recipe::Stats { items, .. } => items,
            other => panic!("{goal}: {other:?}"),
        }
    }

    #[test]
    fn a_ranked_price_of_a_market_file_is_its_high_or_low_column() {
        for (goal, want) in [
            ("What was the highest price?", (Stat::Max, "High")),
            ("and the lowest price it traded at?", (Stat::Min, "Low")),
            ("Quel a été le plus haut ?", (Stat::Max, "High")),
            ("¿Cuál fue el precio más bajo?", (Stat::Min, "Low")),
        ] {
            assert_eq!(
                stats("stocks.csv", goal),
                [(want.0, want.1.to_owned())],
                "{goal}"
            );
        }
        // A price column named: "bas" only ranks it.
        assert_eq!(
            stats("stocks.csv", "Quel a été le Close le plus bas ?"),
            [(Stat::Min, "Close".to_owned())]
        );
        // A file with no high and low columns: "price" is its own column.
        assert_eq!(
            stats("housing.csv", "What was the highest price?"),
            [(Stat::Max, "price".to_owned())]
        );
    }
}
