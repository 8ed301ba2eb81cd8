//! Adjectives that name a measure: "the cheapest city" ranks by price,
//! "the oldest passenger" by age, "which page loads slowest" by load time,
//! "le service le mieux payé" by salary, "la ciudad más barata" by price
//! (lowest). Each adjective names a concept; the concept is a column only
//! when exactly one column of the file is named by it (`pet_age` and
//! `owner_age` for "oldest": the word stays unplaced and the plan stops).
//!
//! A superlative ("cheapest", "oldest") carries its direction; a plain
//! adjective after "most"/"le plus"/"más" ("most expensive", "más barata")
//! takes the direction the ranking word already gave, reversed for the
//! adjectives of small values ("más barata" is the lowest price); alone
//! ("how old are the dogs") it only names the column.
//!
//! Words beside them that name a measure the same way (comparatives,
//! verbs of money and of selling) are read first, by `verbs`.

use super::names::column_forms;
use super::reading::{Mention, Reading};
use crate::generator::lexicon::Op;
use crate::generator::text;

/// Which way an adjective points on its measure.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Way {
    /// Large values ("expensive", "old").
    Up,
    /// Small values ("cheap", "young").
    Down,
}

/// An adjective: its folded words, the concept it measures, which way it
/// points, and whether it is a superlative on its own.
struct Adjective {
    words: &'static str,
    concept: &'static str,
    way: Way,
    superlative: bool,
}

const fn adj(words: &'static str, concept: &'static str, way: Way, superlative: bool) -> Adjective {
    Adjective {
        words,
        concept,
        way,
        superlative,
    }
}

/// Concepts whose groups rank by their total, not their typical value:
/// "le produit qui rapporte le plus" brings in the most in all, "the
/// rainiest station" has the most rain in all.
const TOTALLED: &[&str] = &["revenue", "amount", "rain", "visits"];

/// The adjectives read, longest first where they share words.
const ADJECTIVES: &[Adjective] = &[
    adj("best paid", "salary", Way::Up, true),
    adj("highest paid", "salary", Way::Up, true),
    adj("lowest paid", "salary", Way::Down, true),
    adj("worst paid", "salary", Way::Down, true),
    adj("pays best", "salary", Way::Up, true),
    adj("makes the most money", "salary", Way::Up, true),
    adj("earns the most money", "salary", Way::Up, true),
    adj("makes the least money", "salary", Way::Down, true),
    adj("earns the least money", "salary", Way::Down, true),
    adj("earns", "salary", Way::Up, false),
    adj("paid", "fare", Way::Up, false),
    adj("paid", "salary", Way::Up, false),
    adj("earn", "salary", Way::Up, false),
    adj("gagne", "salary", Way::Up, false),
    adj("gana", "salary", Way::Up, false),
    adj("cobra", "salary", Way::Up, false),
    adj("le mieux paye", "salary", Way::Up, true),
    adj("la mieux payee", "salary", Way::Up, true),
    adj("les mieux payes", "salary", Way::Up, true),
    adj("mieux paye", "salary", Way::Up, false),
    adj("moins bien paye", "salary", Way::Down, true),
    adj("mejor pagado", "salary", Way::Up, true),
    adj("peor pagado", "salary", Way::Down, true),
    adj("how old", "age", Way::Up, false),
    adj("que edad", "age", Way::Up, false),
    adj("quel age", "age", Way::Up, false),
    adj("what age", "age", Way::Up, false),
    adj("cuantos anos tienen", "age", Way::Up, false),
    adj("cuantos anos tiene", "age", Way::Up, false),
    adj("cuantos anos tenian", "age", Way::Up, false),
    adj("cuantos anos tenia", "age", Way::Up, false),
    adj("how big", "area", Way::Up, false),
    adj("how tall", "height", Way::Up, false),
    // A customer of longest standing: the earliest year of a column of
    // "since" (`client_since`); a file without one leaves them unread.
    adj("been with us the longest", "since", Way::Down, true),
    adj("been a client the longest", "since", Way::Down, true),
    adj("been a customer the longest", "since", Way::Down, true),
    adj("plus ancien", "since", Way::Down, true),
    adj("plus ancienne", "since", Way::Down, true),
    adj("mas antiguo", "since", Way::Down, true),
    adj("mas antigua", "since", Way::Down, true),
    adj("oldest", "age", Way::Up, true),
    adj("youngest", "age", Way::Down, true),
    adj("old", "age", Way::Up, false),
    adj("young", "age", Way::Down, false),
    adj("vieux", "age", Way::Up, false),
    adj("vieille", "age", Way::Up, false),
    adj("jeune", "age", Way::Down, false),
    adj("joven", "age", Way::Down, false),
    adj("viejo", "age", Way::Up, false),
    adj("vieja", "age", Way::Up, false),
    adj("expensive", "price", Way::Up, false),
    adj("priciest", "price", Way::Up, true),
    adj("cheapest", "price", Way::Down, true),
    adj("cheap", "price", Way::Down, false),
    adj("cher", "price", Way::Up, false),
    adj("chere", "price", Way::Up, false),
    adj("caro", "price", Way::Up, false),
    adj("cara", "price", Way::Up, false),
    adj("barato", "price", Way::Down, false),
    adj("barata", "price", Way::Down, false),
    adj("rapporte", "revenue", Way::Up, false),
    adj("rapportent", "revenue", Way::Up, false),
    adj("bring in", "revenue", Way::Up, false),
    adj("brings in", "revenue", Way::Up, false),
    adj("aporta", "revenue", Way::Up, false),
    adj("compra", "revenue", Way::Up, false),
    adj("factura", "revenue", Way::Up, false),
    adj("facturan", "revenue", Way::Up, false),
    adj("facturo", "revenue", Way::Up, false),
    adj("facturaron", "revenue", Way::Up, false),
    adj("facture", "revenue", Way::Up, false),
    adj("facturent", "revenue", Way::Up, false),
    adj("sells", "quantity", Way::Up, false),
    adj("vende", "quantity", Way::Up, false),
    adj("venden", "quantity", Way::Up, false),
    adj("vendent", "quantity", Way::Up, false),
    adj("compra", "amount", Way::Up, false),
    adj("coute", "amount", Way::Up, false),
    adj("coutent", "amount", Way::Up, false),
    adj("cuesta", "amount", Way::Up, false),
    adj("compran", "amount", Way::Up, false),
    adj("buys", "amount", Way::Up, false),
    adj("spends", "amount", Way::Up, false),
    adj("spent", "amount", Way::Up, false),
    adj("gasta", "amount", Way::Up, false),
    adj("achete", "amount", Way::Up, false),
    adj("depense", "amount", Way::Up, false),
    adj("windiest", "wind", Way::Up, true),
    adj("rainiest", "rain", Way::Up, true),
    adj("wettest", "rain", Way::Up, true),
    adj("driest", "rain", Way::Down, true),
    adj("pluvieux", "rain", Way::Up, false),
    adj("pluvieuse", "rain", Way::Up, false),
    adj("lluvioso", "rain", Way::Up, false),
    adj("lluviosa", "rain", Way::Up, false),
    adj("venteux", "wind", Way::Up, false),
    adj("venteuse", "wind", Way::Up, false),
    adj("ventoso", "wind", Way::Up, false),
    adj("ventosa", "wind", Way::Up, false),
    adj("froid", "temperature", Way::Down, false),
    adj("froide", "temperature", Way::Down, false),
    adj("chaud", "temperature", Way::Up, false),
    adj("chaude", "temperature", Way::Up, false),
    adj("frio", "temperature", Way::Down, false),
    adj("fria", "temperature", Way::Down, false),
    adj("caluroso", "temperature", Way::Up, false),
    adj("calurosa", "temperature", Way::Up, false),
    adj("largest", "area", Way::Up, true),
    adj("biggest", "area", Way::Up, true),
    adj("weakest", "grade", Way::Down, true),
    adj("coldest", "temperature", Way::Down, true),
    adj("hottest", "temperature", Way::Up, true),
    adj("warmest", "temperature", Way::Up, true),
    adj("tallest", "height", Way::Up, true),
    adj("deepest", "depth", Way::Up, true),
    adj("shallowest", "depth", Way::Down, true),
    adj("heaviest", "weight", Way::Up, true),
    adj("lightest", "weight", Way::Down, true),
    adj("de mas edad", "age", Way::Up, true),
    adj("de menos edad", "age", Way::Down, true),
    adj("most visited", "visits", Way::Up, true),
    adj("least visited", "visits", Way::Down, true),
    adj("la moins visitee", "visits", Way::Down, true),
    adj("le moins visite", "visits", Way::Down, true),
    adj("menos visitada", "visits", Way::Down, true),
    adj("menos visitado", "visits", Way::Down, true),
    adj("mas visitada", "visits", Way::Up, true),
    adj("mas visitado", "visits", Way::Up, true),
    adj("la plus visitee", "visits", Way::Up, true),
    adj("le plus visite", "visits", Way::Up, true),
    adj("slowest", "load time", Way::Up, true),
    adj("fastest", "load time", Way::Down, true),
];

/// Question words that ask a measure with the word after them ("how old",
/// "qué edad", "quel âge"), not which of its values.
const ASKING_HOW: &[&str] = &["how ", "what ", "que ", "quel ", "cuantos "];

/// True when `words` ("que edad", "what age") ask the measure an adjective
/// names: then the question word is no grouping ("which age").
pub(crate) fn asks_a_measure(words: &str) -> bool {
    ADJECTIVES
        .iter()
        .any(|a| a.words == words && ASKING_HOW.iter().any(|w| a.words.starts_with(w)))
}

impl Reading<'_> {
    /// Reads the adjectives of this module (after the ranking words and
    /// the column names).
    pub fn measure_adjectives(&mut self) {
        self.comparative_filters();
        self.how_much_paid();
        self.paid_or_earned();
        self.how_many_sold();
        self.sells_the_most();
        self.asked_before_its_column();
        for a in ADJECTIVES {
            let len = a.words.split_whitespace().count();
            for at in self.g.find(a.words) {
                if !self.g.free(at, len) || !self.whole_words(at, a.words) {
                    continue;
                }
                // A plain adjective names a measure only after a ranking
                // word ("most expensive") or "how" ("how old", "qué edad").
                self.degree_word(at);
                self.degree_after(at + len);
                let asked = a.superlative
                    || ASKING_HOW.iter().any(|w| a.words.starts_with(w))
                    || self.ranking_near(at, len).is_some();
                if !asked {
                    continue;
                }
                let Some(column) = self.one_column_for(a.concept) else {
                    continue;
                };
                let several: Vec<String> = self
                    .columns
                    .iter()
                    .filter(|k| k.name != column && super::is_number(k.kind))
                    .map(|k| k.name.clone())
                    .chain([column.clone()])
                    .collect();
                if let Some((_, at)) = super::names::by_their_part(&several, &self.g.tokens) {
                    self.take_parts(&at);
                }
                self.g.take(at, len);
                // "cuántos años tienen": how old, no count.
                self.ops
                    .retain(|(i, o)| !(*o == Op::Count && (at..at + len).contains(i)));
                self.adjective_measure = !TOTALLED.contains(&a.concept);
                if !self.mentions.iter().any(|m| m.column == column) {
                    self.mentions.push(Mention {
                        start: at,
                        len,
                        column,
                    });
                    self.mentions.sort_by_key(|m| m.start);
                }
                self.rank_as(at, len, a);
                if TOTALLED.contains(&a.concept) {
                    self.dear_after(at + len);
                }
            }
        }
        // "coûte" may have been read as the amount's own name ("coût").
        let amounts: Vec<usize> = self
            .mentions
            .iter()
            .filter(|m| super::recipe::summed(&m.column))
            .map(|m| m.start + m.len)
            .collect();
        for after in amounts {
            if self.ranking_near(after - 1, 1).is_some() {
                self.dear_after(after);
            }
        }
    }

    /// "qué edad tienen", "what age are": the question word of a "how"
    /// adjective whose noun was already read as the column's name asks
    /// that column (it is placed; the column is the measure).
    fn asked_before_its_column(&mut self) {
        for a in ADJECTIVES {
            let Some((how, noun)) = a.words.split_once(' ') else {
                continue;
            };
            if !ASKING_HOW.contains(&format!("{how} ").as_str()) || noun.contains(' ') {
                continue;
            }
            let Some(column) = self.one_column_for(a.concept) else {
                continue;
            };
            for at in 0..self.g.tokens.len().saturating_sub(1) {
                let said = self.g.tokens[at].folded == how
                    && self.g.free(at, 1)
                    && self.whole_words(at + 1, noun);
                let named = self
                    .mentions
                    .iter()
                    .any(|m| m.start == at + 1 && m.column == column);
                if said && named {
                    self.g.take(at, 1);
                    self.ops.retain(|(i, o)| !(*i == at && *o == Op::Which));
                }
            }
        }
    }

    /// The goal's words at `at` are `words` exactly, or their plural ("old"
    /// is not "older"; "chères" is "chère").
    fn whole_words(&self, at: usize, words: &str) -> bool {
        words.split_whitespace().enumerate().all(|(j, w)| {
            let t = &self.g.tokens[at + j];
            t.folded == w || t.key == w
        })
    }

    /// True when `word` (folded) is a superlative adjective on its own
    /// ("deepest", "cheapest"): a word of meaning, never a column's gloss.
    pub(crate) fn superlative(word: &str) -> bool {
        ADJECTIVES
            .iter()
            .any(|a| a.superlative && !a.words.contains(' ') && a.words == word)
    }

    /// The one column the concept names (by its name or a synonym).
    pub(super) fn one_column_for(&self, concept: &str) -> Option<String> {
        let found = self.columns.iter().filter(|k| {
            super::is_number(k.kind)
                && column_forms(&k.name)
                    .iter()
                    .any(|(words, _)| text::same_word(&words.join(" "), concept))
        });
        let all: Vec<String> = found.map(|k| k.name.clone()).collect();
        match all.as_slice() {
            [one] => Some(one.clone()),
            [] => None,
            several => super::names::by_their_part(several, &self.g.tokens).map(|(one, _)| one),
        }
    }

    /// "más barata", "la plus chère", "least expensive": a degree word
    /// right before an adjective that no ranking word was read for is one
    /// (most → highest, least → lowest, before the adjective's own way).
    fn degree_word(&mut self, at: usize) {
        if at == 0 || self.ranking_before(at).is_some() || !self.g.free(at - 1, 1) {
            return;
        }
        let op = match self.g.tokens[at - 1].folded.as_str() {
            "mas" | "plus" | "most" => Op::Highest,
            "menos" | "moins" | "least" => Op::Lowest,
            _ => return,
        };
        self.g.take(at - 1, 1);
        self.ops.push((at - 1, op));
    }

    /// "¿Qué cliente nos compra más?", "Quel produit rapporte plus ?": a
    /// degree word right after a verb that names a measure, with no
    /// number after it, ranks like one before it.
    fn degree_after(&mut self, after: usize) {
        if self.ranking_before(after).is_some() {
            return;
        }
        let Some(at) = (after..self.g.tokens.len().min(after + 2))
            .find(|&i| self.g.free(i, 1) && degree(&self.g.tokens[i].folded).is_some())
        else {
            return;
        };
        // "earn more than men": two values compared (`than`), no number.
        let compared = self.than.as_ref().is_some_and(|t| t.at == at + 1);
        let numbered = !compared
            && self.g.tokens.get(at + 1).is_some_and(|t| {
                matches!(t.folded.as_str(), "de" | "que" | "than" | "d")
                    || t.folded.starts_with(|c: char| c.is_ascii_digit())
            });
        if let (Some(op), false) = (degree(&self.g.tokens[at].folded), numbered) {
            self.g.take(at, 1);
            self.ops.push((at, op));
        }
    }

    /// "me coûte le plus cher", "me cuesta más caro": after a verb of
    /// money, "cher" only says the direction the ranking word gave.
    fn dear_after(&mut self, after: usize) {
        let end = self.g.tokens.len().min(after + 4);
        let dear = (after..end).find(|&i| {
            self.g.free(i, 1)
                && matches!(
                    self.g.tokens[i].folded.as_str(),
                    "cher" | "chere" | "chers" | "cheres" | "caro" | "cara"
                )
        });
        if let Some(i) = dear {
            self.g.take(i, 1);
        }
    }

    /// "¿Qué ciudad tiene más socios?", "which city has more members",
    /// "¿Qué gerente vendió más unidades?": in a question asking which, a
    /// degree word right before the rows ("socios", "orders" beside
    /// `order_id`) or a column of numbers ranks the groups by how many rows
    /// they have, or by that column.
    pub fn more_rows(&mut self) {
        let asks_which = self.g.tokens.iter().any(|t| {
            crate::generator::lexicon::OPS
                .iter()
                .any(|(p, o)| *o == Op::Which && t.folded == *p)
        });
        if !asks_which || self.has(Op::Highest) || self.has(Op::Lowest) {
            return;
        }
        for at in 0..self.g.tokens.len().saturating_sub(1) {
            let next = &self.g.tokens[at + 1];
            // "more clients" where `client` is a column names the column,
            // whose rows are not the clients.
            let measured = self
                .mentions
                .iter()
                .any(|m| m.start == at + 1 && super::is_number(self.kind(&m.column)));
            // "¿Qué ciudad tiene más veteranos?": a value of the data in
            // the plural, right after "has more", names the rows a filter
            // keeps, counted (never "sold more Widgets": a quantity).
            let had = at > 0 && HAS.contains(&self.g.tokens[at - 1].folded.as_str());
            let rows = measured
                || self.rows_said.contains(&(at + 1))
                || (!self.g.used[at + 1] && super::words::is_row_noun(&next.key))
                || (had
                    && !self.g.used[at + 1]
                    && next.key != next.folded
                    && self.is_value(at + 1));
            // "more employees than Sales": a comparison, not a ranking.
            let compared = self.g.tokens[at + 2..]
                .iter()
                .take_while(|t| t.clause == next.clause)
                .any(|t| matches!(t.folded.as_str(), "than" | "que" | "qu"));
            if compared {
                return;
            }
            if let (true, true, Some(op)) =
                (rows, self.g.free(at, 1), degree(&self.g.tokens[at].folded))
            {
                self.g.take(at, 1);
                self.ops.push((at, op));
                return;
            }
        }
    }

    /// The ranking word just before the adjective at `at` (of `len`
    /// words), or the degree word right after it ("compra más").
    fn ranking_near(&self, at: usize, len: usize) -> Option<usize> {
        self.ranking_before(at).or_else(|| {
            let after = at + len;
            self.ops.iter().rposition(|(i, o)| {
                (after..after + 2).contains(i) && matches!(o, Op::Highest | Op::Lowest)
            })
        })
    }

    /// The ranking word just before `at` ("most", "le plus", "más"), as
    /// its place in `ops`.
    fn ranking_before(&self, at: usize) -> Option<usize> {
        const REACH: usize = 3;
        self.ops
            .iter()
            .rposition(|(i, o)| *i < at && at - i <= REACH && matches!(o, Op::Highest | Op::Lowest))
    }

    /// The ranking the adjective gives: its own for a superlative; for a
    /// plain adjective, the ranking word before it, reversed for the
    /// adjectives of small values.
    fn rank_as(&mut self, at: usize, len: usize, a: &Adjective) {
        match (self.ranking_near(at, len), a.superlative) {
            (Some(k), _) if a.way == Way::Down => {
                let flipped = match self.ops[k].1 {
                    Op::Highest => Op::Lowest,
                    _ => Op::Highest,
                };
                self.ops[k].1 = flipped;
            }
            (Some(_), _) => {}
            (None, true) => {
                let op = match a.way {
                    Way::Up => Op::Highest,
                    Way::Down => Op::Lowest,
                };
                self.ops.push((at, op));
            }
            (None, false) => {}
        }
    }
}

/// Verbs of having before "more" ("tiene más veteranos", "has more").
const HAS: &[&str] = &["has", "have", "tiene", "tienen", "hay", "a", "ont"];

/// The ranking a bare degree word gives ("más", "plus", "more").
fn degree(word: &str) -> Option<Op> {
    match word {
        "mas" | "plus" | "more" | "most" => Some(Op::Highest),
        "menos" | "moins" | "less" | "fewer" | "least" => Some(Op::Lowest),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::generator::golden_input;
    use crate::generator::plan::{plan, Recipe};
    use crate::lang::Lang;

    fn recipe(file: &str, goal: &str) -> Recipe {
        plan(goal, Lang::detect(goal), &[golden_input(file)])
            .expect(goal)
            .recipe
    }

    #[test]
    fn an_adjective_names_the_measure_and_its_direction() {
        let r = recipe("housing.csv", "¿Cuál es la ciudad más barata?");
        let text = format!("{r:?}");
        assert!(
            text.contains("\"price\"") && text.contains("highest: false"),
            "{text}"
        );
        let r = recipe(
            "housing.csv",
            "Which city is the most expensive on average?",
        );
        let text = format!("{r:?}");
        assert!(
            text.contains("\"price\"") && text.contains("highest: true"),
            "{text}"
        );
    }

    #[test]
    fn who_earns_the_most_names_the_row_with_the_highest_salary() {
        for (file, goal, value, label) in [
            ("hr.csv", "Who earns the most?", "salary", "name"),
            (
                "passengers.csv",
                "Which passenger paid the highest fare?",
                "Fare",
                "Name",
            ),
        ] {
            let r = recipe(file, goal);
            // The row looked up, every tied row listed.
            assert_eq!(
                r,
                Recipe::Lookup {
                    show: label.into(),
                    value: value.into(),
                    highest: true,
                },
                "{goal}"
            );
        }
    }

    #[test]
    fn an_adjective_that_fits_two_columns_is_read_only_with_its_part() {
        // pets.csv has pet_age and owner_age.
        let input = golden_input("pets.csv");
        assert!(plan(
            "how old was the oldest one?",
            Lang::En,
            std::slice::from_ref(&input)
        )
        .is_err());
        let r = recipe("pets.csv", "how old was the oldest animal?");
        assert!(format!("{r:?}").contains("\"pet_age\""), "{r:?}");
        let r = recipe("pets.csv", "how old is the youngest owner?");
        assert!(format!("{r:?}").contains("\"owner_age\""), "{r:?}");
    }
}
