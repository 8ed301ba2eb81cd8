//! Conditions said as something that happened, on a column of amounts:
//! "median humidity in Paris when it rained" (precipitation above 0),
//! "How many orders had a discount?", "ventes avec une remise", "pedidos
//! con descuento" (discount above 0), "people with children" (children
//! above 0); said as never happening ("no children", "sin descuento") the
//! column is zero. The column is the file's one column of that concept;
//! the condition is said in the reading.

use super::super::plan::reading::Reading;
use super::super::plan::{Cmp, Filter, FilterValue};
use crate::generator::{lexicon, text};

/// A concept (the first word of its group in `lexicon::SYNONYMS`, whose
/// words name its column), and the phrases that say it happened.
struct Happened {
    concept: &'static str,
    phrases: &'static [&'static str],
    /// Phrases that say it never happened: the column is zero.
    never: &'static [&'static str],
}

const HAPPENINGS: &[Happened] = &[
    Happened {
        concept: "precipitation",
        phrases: &[
            "when it rained",
            "when it rains",
            "when it was raining",
            "on rainy days",
            "rainy days",
            "rain days",
            "days of rain",
            "quand il a plu",
            "quand il pleut",
            "les jours de pluie",
            "jours de pluie",
            "cuando llovio",
            "cuando llueve",
            "los dias de lluvia",
            "dias de lluvia",
        ],
        never: &[],
    },
    Happened {
        concept: "discount",
        phrases: &[
            "had a discount",
            "have a discount",
            "with a discount",
            "got a discount",
            "avec une remise",
            "avec remise",
            "ont eu une remise",
            "con descuento",
            "con un descuento",
            "tuvieron descuento",
            "tuvieron un descuento",
        ],
        never: &[
            "without a discount",
            "without discount",
            "no discount",
            "sans remise",
            "sin descuento",
        ],
    },
    Happened {
        concept: "children",
        phrases: &[
            "with children",
            "have children",
            "has children",
            "had children",
            "with kids",
            "have kids",
            "avec enfants",
            "avec des enfants",
            "ont des enfants",
            "a des enfants",
            "con hijos",
            "tienen hijos",
            "tiene hijos",
        ],
        never: &[
            "have no children",
            "has no children",
            "with no children",
            "without children",
            "no children",
            "no kids",
            "sans enfants",
            "sans enfant",
            "n ont pas d enfants",
            "pas d enfants",
            "sin hijos",
            "no tienen hijos",
        ],
    },
];

/// Reads the phrases of [`HAPPENINGS`] into "column > 0" filters (before
/// the numeric conditions, which would stop on a column named without its
/// value).
pub fn read(r: &mut Reading) {
    for h in HAPPENINGS {
        let words = lexicon::SYNONYMS
            .iter()
            .find(|group| group.first() == Some(&h.concept))
            .map_or(&[][..], |group| &group[..]);
        let mut columns = r.columns.iter().filter(|k| {
            super::super::plan::is_number_kind(k.kind)
                && text::name_words(&k.name)
                    .iter()
                    .any(|w| words.iter().any(|c| text::same_word(w, c)))
        });
        let (Some(column), None) = (columns.next(), columns.next()) else {
            continue;
        };
        let column = column.name.clone();
        let said = h
            .never
            .iter()
            .map(|p| (p, Cmp::Eq))
            .chain(h.phrases.iter().map(|p| (p, Cmp::Gt)));
        for (phrase, cmp) in said {
            let len = phrase.split_whitespace().count();
            // Its words are free, or the column's own mention ("a discount"),
            // or the days counted ("Combien de jours de pluie").
            let open = |at: usize| {
                (at..at + len).all(|i| {
                    r.g.free(i, 1)
                        || matches!(r.g.tokens[i].key.as_str(), "day" | "jour" | "dia")
                        || r.mentions
                            .iter()
                            .any(|m| m.column == column && (m.start..m.start + m.len).contains(&i))
                })
            };
            // "avec une remise de 10 % ou plus": a value is said; the
            // numeric conditions read it.
            let valued = |at: usize| {
                r.g.tokens[at + len..].iter().take(3).any(|t| {
                    text::number(t).is_some() || crate::generator::plan::words::asks_something(t)
                })
            };
            let Some(at) = phrase_at(r, phrase)
                .into_iter()
                .find(|&at| open(at) && !valued(at))
            else {
                continue;
            };
            r.g.take(at, len);
            // The column's own mention inside the phrase ("a discount") is
            // the condition, not a measure.
            r.mentions
                .retain(|m| !(m.start >= at && m.start < at + len && m.column == column));
            let filter = Filter {
                column: column.clone(),
                cmp,
                value: FilterValue::Number(0.0),
                part: None,
            };
            let said = filter.words(r.lang, |n| n.to_string());
            r.understood.push(said);
            r.filters.push(filter);
            break;
        }
    }
}

/// Where the words of `phrase` stand in the goal, placed or not.
fn phrase_at(r: &Reading, phrase: &str) -> Vec<usize> {
    let words: Vec<&str> = phrase.split_whitespace().collect();
    let tokens = &r.g.tokens;
    (0..tokens.len().saturating_sub(words.len() - 1))
        .filter(|&i| {
            words.iter().enumerate().all(|(j, w)| {
                tokens
                    .get(i + j)
                    .is_some_and(|t| t.folded == *w || text::same_word(&t.folded, w))
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::generator::golden_input;
    use crate::generator::plan::{plan, Cmp, FilterValue};
    use crate::lang::Lang;

    fn conditions(file: &str, goal: &str) -> Vec<(String, Cmp, FilterValue)> {
        let p = plan(goal, Lang::detect(goal), &[golden_input(file)]).expect(goal);
        p.filters
            .into_iter()
            .map(|f| (f.column, f.cmp, f.value))
            .collect()
    }

    #[test]
    fn rain_and_a_discount_that_happened_are_above_zero() {
        let above = |c: &str| (c.to_owned(), Cmp::Gt, FilterValue::Number(0.0));
        assert!(
            conditions("weather.csv", "median humidity in Paris when it rained")
                .contains(&above("precipitation_mm"))
        );
        assert_eq!(
            conditions("orders.csv", "How many orders had a discount?"),
            [above("discount_pct")]
        );
        assert_eq!(
            conditions("orders.csv", "¿cuántos pedidos con descuento?"),
            [above("discount_pct")]
        );
    }

    #[test]
    fn children_had_are_above_zero_and_none_is_zero() {
        let children = |cmp| vec![("children".to_owned(), cmp, FilterValue::Number(0.0))];
        for (goal, cmp) in [
            ("average charges for people with children", Cmp::Gt),
            ("¿Cuántos asegurados tienen hijos?", Cmp::Gt),
            ("how many people have no children?", Cmp::Eq),
            ("frais moyens des personnes sans enfants", Cmp::Eq),
            ("cargos medios sin hijos", Cmp::Eq),
        ] {
            assert_eq!(conditions("insurance.csv", goal), children(cmp), "{goal}");
        }
    }
}
