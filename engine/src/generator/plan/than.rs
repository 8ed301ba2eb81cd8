//! Two values compared in a question: "Are homes in Bristol dearer than
//! the ones in Reading?", "Did the north bring in more money than the
//! south in February?", "Le Sud a-t-il vendu plus de cahiers que
//! l'Ouest ?", "¿vendió el Centro más cuadernos que el Sur?". Each asks
//! the measure of both values side by side — the same answer as "average
//! price in Bristol vs Reading": one result for each, over the rows of the
//! two.
//!
//! The reading is made in three steps, each with the others' passes
//! between them:
//! 1. [`Reading::compared_by_than`], before the measures are read: a
//!    "than" / "que" after a degree word ("more", "plus", "más") or a
//!    comparative ("dearer", "older") in the same clause, with a value of
//!    the data on each side. "than" and the words that only bridge it to
//!    its value ("the ones in") are taken; a comparative is read as its
//!    superlative ("dearer" → "priciest"), so the measure it names is read
//!    as any ranking adjective's ("the priciest homes" ranks by price).
//! 2. `place_values` (conditions): two values of one column on each side
//!    of the "than" are the values compared ([`Reading::straddles_than`]).
//! 3. [`Reading::than_compared`], before the recipe: the ranking the
//!    degree word gave is dropped (both values are shown), the column of
//!    the two values groups the answer, and the measure is settled when no
//!    statistic was said. "than" followed by a negation ("than
//!    non-smokers") compares the yes and the no of the one yes/no column
//!    a filter keeps both of. The plan stops on "than" whenever the
//!    comparison is not exactly two values of one column: none found on
//!    each side, a second column of several values, a second ranking
//!    ("the hottest day … hotter"), no measure said of a count or a rate
//!    ("Do women smoke more than men?").
//!
//! Two values offered as a choice in a clause of their own ("Le Nord ou
//! le Sud : qui a rapporté le plus ?") are read the same way in step 3.
//!
//! Not read here: a difference asked ("how much more do smokers pay than
//! non-smokers", "cuánto más"), a test ("significantly higher"), a cause
//! ("why …"), rows counted ("count the homes … dearer than …"): each stops
//! as before.

use super::reading::Reading;
use super::{GoalProblem, Stat};
use crate::generator::lexicon::Op;
use crate::generator::text;

/// A comparison of two values: where its word is ("than", or the word that
/// asks which of two values offered), and the column whose values it
/// compares, once they are placed.
#[derive(Debug, Clone)]
pub struct Than {
    /// Where "than" / "que" is, or "which" / "qui" of two values offered.
    pub at: usize,
    /// Where the degree word or comparative is.
    pub degree: usize,
    /// The column of the two values, once placed on each side.
    pub column: Option<String>,
    /// "than" is followed by a negation ("than non-smokers", "que les
    /// non-fumeurs"): the two values are the yes and the no of a yes/no
    /// column, found among the filters in step 3.
    pub yes_no: bool,
}

/// The words that say "than", folded.
const THAN: &[&str] = &["than", "que", "qu"];

/// Words that may stand between "than" and its value: "than the ones in
/// Reading", "qu'à Paris", "que celles du Sud", "que las de Sevilla"
/// (and the nouns of the rows: "than people in HR").
const BRIDGES: &[&str] = &[
    "the", "ones", "one", "those", "in", "at", "for", "of", "from", "to", "by", "le", "la", "les",
    "l", "celles", "ceux", "celle", "celui", "de", "des", "du", "d", "a", "en", "au", "aux",
    "pour", "chez", "dans", "el", "los", "las", "lo", "del", "al", "para", "por",
];

/// Negations after "than" that name the no of a yes/no column: "than
/// non-smokers", "que les non-fumeurs", "que los no fumadores", "than
/// those without a garage", "que las sin garaje".
const NO_WORDS: &[&str] = &["non", "no", "not", "without", "sans", "sin"];

/// At most this many bridge words ("than the ones in").
const MAX_BRIDGE: usize = 4;

/// Degree words: their direction does not matter, both values are shown.
const DEGREES: &[&str] = &["more", "less", "fewer", "plus", "moins", "mas", "menos"];

/// Comparatives that say their measure, read as the superlative of the
/// same measure (the adjectives of `adjectives`).
const COMPARATIVES: &[(&str, &str)] = &[
    ("dearer", "priciest"),
    ("pricier", "priciest"),
    ("cheaper", "cheapest"),
    ("older", "oldest"),
    ("younger", "youngest"),
    ("bigger", "biggest"),
    ("larger", "largest"),
    ("roomier", "biggest"),
    ("heavier", "heaviest"),
    ("lighter", "lightest"),
    ("taller", "tallest"),
    ("windier", "windiest"),
    ("rainier", "rainiest"),
    ("wetter", "wettest"),
    ("drier", "driest"),
    ("warmer", "warmest"),
    ("hotter", "hottest"),
    ("colder", "coldest"),
];

/// Comparatives that say no measure of their own: the column is named
/// beside them ("charges higher", "better marks").
const PLAIN_COMPARATIVES: &[&str] = &[
    "higher",
    "lower",
    "greater",
    "better",
    "worse",
    "mieux",
    "meilleur",
    "meilleure",
    "meilleurs",
    "meilleures",
    "pire",
    "pires",
    "superieur",
    "superieure",
    "superieurs",
    "superieures",
    "inferieur",
    "inferieure",
    "inferieurs",
    "inferieures",
    "mejor",
    "mejores",
    "peor",
    "peores",
    "mayor",
    "mayores",
    "menor",
    "menores",
    "superior",
    "superiores",
    "inferior",
    "inferiores",
];

/// Words that ask which of two values offered ranks first: "North or
/// South: which sold more?", "qui a rapporté le plus", "¿quién vendió
/// más?" ("où" is read as written: folded it is "ou", "or").
const WHICH_ONE: &[&str] = &[
    "which", "who", "whose", "where", "qui", "lequel", "laquelle", "quien", "cual", "donde",
];

/// Words before "than" that make it no comparison of two values ("other
/// than", "rather than").
const NOT_COMPARING: &[&str] = &[
    "other", "rather", "autre", "autres", "otro", "otra", "otros", "otras", "distinto", "distinta",
];

/// Words that ask a difference, a test or a cause: "how much more",
/// "combien de plus", "cuánto más", "significantly".
fn asks_other_than_both(words: &[&str]) -> bool {
    let how_much = words
        .windows(2)
        .any(|w| w[0] == "how" && matches!(w[1], "much" | "many"));
    how_much
        || words.iter().any(|w| {
            matches!(
                *w,
                "combien"
                    | "cuanto"
                    | "cuanta"
                    | "cuantos"
                    | "cuantas"
                    | "significantly"
                    | "significant"
                    | "significativement"
                    | "significatif"
                    | "significative"
                    | "significativamente"
                    | "significativo"
                    | "significativa"
                    | "why"
                    | "count"
                    | "number"
                    | "nombre"
                    | "numero"
                    | "pourquoi"
                    | "difference"
                    | "diferencia"
                    | "ecart"
                    | "times"
                    | "fois"
                    | "veces"
            )
        })
}

impl Reading<'_> {
    /// Step 1: "than" between two values of the data, after a degree word
    /// or a comparative in its clause (see the module's doc).
    pub fn compared_by_than(&mut self) {
        let Some(at) = (1..self.g.tokens.len()).find(|&i| self.than_at(i)) else {
            return;
        };
        let clause = self.g.tokens[at].clause;
        let start = (0..at)
            .find(|&i| self.g.tokens[i].clause == clause)
            .unwrap_or(at);
        let words: Vec<&str> = self.g.tokens[start..at]
            .iter()
            .map(|t| t.folded.as_str())
            .collect();
        if asks_other_than_both(&words) {
            return;
        }
        let degree = (start..at).rev().find(|&i| {
            let w = self.g.tokens[i].folded.as_str();
            self.g.free(i, 1)
                && (DEGREES.contains(&w)
                    || PLAIN_COMPARATIVES.contains(&w)
                    || COMPARATIVES.iter().any(|(c, _)| *c == w))
        });
        let Some(degree) = degree else {
            return;
        };
        let Some((value, yes_no)) = self.value_after_than(at) else {
            return;
        };
        if !yes_no && !(start..at).any(|i| self.is_value_or_synonym(i)) {
            return;
        }
        let t = &mut self.g.tokens[degree];
        if let Some((_, superlative)) = COMPARATIVES.iter().find(|(c, _)| *c == t.folded) {
            t.folded = (*superlative).to_owned();
            t.key = (*superlative).to_owned();
        }
        self.g.take(at, value - at);
        self.than = Some(Than {
            at,
            degree,
            column: None,
            yes_no,
        });
    }

    /// Whether "than" / "que" at `at` may compare two values: free, not
    /// "other than", not before a number ("more than 50").
    fn than_at(&self, at: usize) -> bool {
        let t = &self.g.tokens;
        THAN.contains(&t[at].folded.as_str())
            && self.g.free(at, 1)
            && !NOT_COMPARING.contains(&t[at - 1].folded.as_str())
            && !t
                .get(self.g.skip_articles(at + 1))
                .is_some_and(|n| n.folded.starts_with(|c: char| c.is_ascii_digit()))
    }

    /// The place of the value right after "than" at `at`, past the words
    /// that only bridge to it, in the same clause; or of the negation of
    /// a yes/no column's value ("than non-smokers"), said true.
    fn value_after_than(&self, at: usize) -> Option<(usize, bool)> {
        let clause = self.g.tokens[at].clause;
        let mut i = at + 1;
        while i < self.g.tokens.len()
            && i - at <= MAX_BRIDGE
            && self.g.tokens[i].clause == clause
            && (BRIDGES.contains(&self.g.tokens[i].folded.as_str())
                || (super::words::is_row_noun(&self.g.tokens[i].key)
                    && !self.is_value_or_synonym(i)))
        {
            i += 1;
        }
        let t = self.g.tokens.get(i)?;
        if t.clause != clause || !self.g.free(i, 1) {
            return None;
        }
        if self.is_value_or_synonym(i) {
            return Some((i, false));
        }
        NO_WORDS.contains(&t.folded.as_str()).then_some((i, true))
    }

    /// Step 2: for two values of `column` placed from `before_end` to
    /// `after_start`, none when they do not stand on each side of the
    /// "than" read in step 1; else whether theirs is the column compared
    /// (the first such pair names it).
    pub(super) fn straddles_than(
        &mut self,
        before_end: usize,
        after_start: usize,
        column: &str,
    ) -> Option<bool> {
        let than = self.than.as_mut()?;
        if !(before_end <= than.at && than.at < after_start) {
            return None;
        }
        let compared = than.column.get_or_insert_with(|| column.to_owned());
        Some(compared == column)
    }

    /// The stop on a "than" whose comparison could not be read.
    pub(super) fn than_unread(&self) -> GoalProblem {
        let at = self.than.as_ref().map_or(0, |t| t.at);
        GoalProblem::Unplaced {
            words: vec![self.g.raw(at, 1)],
            understood: self.understood.clone(),
        }
    }

    /// Whether the word at `at` is a value of `column`, or a word for one
    /// ("women" for `Female`).
    fn names_a_value_of(&self, at: usize, column: &str) -> bool {
        let word = &self.g.tokens[at];
        let synonyms = super::conditions::value_synonyms_of(&word.folded);
        self.inputs
            .iter()
            .flat_map(|i| i.columns.iter().filter(|c| c.name == column))
            .flat_map(|c| &c.values)
            .any(|v| {
                let v = text::fold(v);
                text::same_word(&word.folded, &v) || synonyms.iter().any(|s| text::fold(s) == v)
            })
    }

    /// Step 3: the ranking the degree word gave is dropped and the
    /// degree word taken; the column compared groups the answer. Returns
    /// the column, or stops on "than" when no two values were placed on
    /// each side of it.
    pub(super) fn than_compared(&mut self) -> Result<Option<String>, GoalProblem> {
        let Some(than) = self.than.clone() else {
            return Ok(self.either_compared());
        };
        let Some(column) = than.column.clone().or_else(|| self.yes_and_no_kept(&than)) else {
            return Err(self.than_unread());
        };
        // "Was the hottest day in Paris hotter than in Lyon?": a ranking
        // besides the comparative's own is no comparison of the two.
        let rankings = self
            .ops
            .iter()
            .filter(|(_, o)| matches!(o, Op::Highest | Op::Lowest))
            .count();
        if rankings > 1 {
            return Err(self.than_unread());
        }
        self.ops
            .retain(|(_, o)| !matches!(o, Op::Highest | Op::Lowest));
        if self.g.free(than.degree, 1) {
            self.g.take(than.degree, 1);
        }
        if !self.measure_compared(than.degree, than.at, &column) {
            return Err(self.than_unread());
        }
        Ok(Some(column))
    }

    /// "Do smokers have higher charges than non-smokers?": the one
    /// column whose yes and no are both kept by a filter, when "than" was
    /// followed by a negation.
    fn yes_and_no_kept(&self, than: &Than) -> Option<String> {
        if !than.yes_no {
            return None;
        }
        let yes_no = |v: &String| {
            matches!(
                text::fold(v).as_str(),
                "yes" | "no" | "oui" | "non" | "si" | "true" | "false" | "1" | "0" | "y" | "n"
            )
        };
        let kept: Vec<&str> = self
            .filters
            .iter()
            .filter(|f| f.cmp == super::Cmp::Eq && f.part.is_none())
            .filter(|f| matches!(&f.value, super::FilterValue::List(v) if v.len() == 2 && v.iter().all(yes_no)))
            .map(|f| f.column.as_str())
            .collect();
        match kept.as_slice() {
            [one] => Some((*one).to_owned()),
            _ => None,
        }
    }

    /// "Le Nord ou le Sud : qui a rapporté le plus en mars ?", "Which
    /// sold more units in March, North or South?": two values offered as
    /// a choice, in a clause of their own, and a question that asks which
    /// of them ranks first — both are shown, as with "than". Not "who
    /// earns the most in Sales or Marketing" (a person among two
    /// departments: the values are no clause of their own).
    fn either_compared(&mut self) -> Option<String> {
        if self.group_by.is_some() || self.period.is_some() {
            return None;
        }
        let asked = (0..self.g.tokens.len()).find(|&i| {
            let t = &self.g.tokens[i];
            WHICH_ONE.contains(&t.folded.as_str()) || matches!(t.raw.as_str(), "où" | "Où")
        })?;
        // "Paris or Lyon: which day was the wettest?" asks a day.
        if self.asks_a_thing(asked + 1) {
            return None;
        }
        let ranked = self
            .ops
            .iter()
            .find(|(_, o)| matches!(o, Op::Highest | Op::Lowest))
            .map(|(i, _)| *i)
            .or_else(|| {
                (asked..self.g.tokens.len()).find(|&i| {
                    let w = self.g.tokens[i].folded.as_str();
                    self.g.free(i, 1) && (DEGREES.contains(&w) || PLAIN_COMPARATIVES.contains(&w))
                })
            })?;
        let (column, _, _) = self
            .either
            .iter()
            .find(|(column, start, end)| {
                self.offered_alone(*start, *end) && self.two_values_kept(column)
            })?
            .clone();
        if self.g.free(asked, 1) {
            self.g.take(asked, 1);
        }
        if self.g.free(ranked, 1) {
            self.g.take(ranked, 1);
        }
        self.ops
            .retain(|(_, o)| !matches!(o, Op::Highest | Op::Lowest | Op::Which));
        self.measure_compared(ranked, self.g.tokens.len(), &column);
        self.than = Some(Than {
            at: asked,
            degree: ranked,
            column: Some(column.clone()),
            yes_no: false,
        });
        Some(column)
    }

    /// Whether the word at `at`, right after a question word, names what is
    /// asked ("which day", "which product", "quel client"): a noun of the
    /// rows, a column of text or dates, or a time ("which sold", "quién
    /// ingresó" name a measure: the two values are what is asked).
    fn asks_a_thing(&self, at: usize) -> bool {
        let Some(t) = self.g.tokens.get(at) else {
            return false;
        };
        super::words::is_row_noun(&t.key)
            || self
                .mentions
                .iter()
                .any(|m| m.start == at && !super::is_number(self.kind(&m.column)))
            || crate::generator::lexicon::PERIODS
                .iter()
                .any(|(w, _)| t.key == *w || t.folded == *w)
    }

    /// Whether the words `start..end` are all of their clause but its
    /// articles: "Le Nord ou le Sud :", ", North or South?".
    fn offered_alone(&self, start: usize, end: usize) -> bool {
        let clause = self.g.tokens[start].clause;
        self.g.tokens.iter().enumerate().all(|(i, t)| {
            t.clause != clause
                || (start..end).contains(&i)
                || crate::generator::lexicon::ARTICLES.contains(&t.folded.as_str())
        })
    }

    /// Whether a filter keeps exactly two values of `column`.
    fn two_values_kept(&self, column: &str) -> bool {
        self.filters.iter().any(|f| {
            f.column == column
                && f.cmp == super::Cmp::Eq
                && f.part.is_none()
                && matches!(&f.value, super::FilterValue::List(v) if v.len() == 2)
        })
    }

    /// The measure of each value when no statistic was said: the mean of
    /// what a comparative names ("dearer": the typical price, as "the
    /// priciest city" ranks by it); the rows themselves when the degree
    /// word stands before the values ("more women than men"); the mean of
    /// a column named beside a plain comparative ("charges higher"), said
    /// as an assumption unless it is an amount, which the recipe totals
    /// (and says so). False when none of these is said ("Do women smoke
    /// more than men?": a count or a rate).
    fn measure_compared(&mut self, degree: usize, until: usize, column: &str) -> bool {
        let said = self
            .ops
            .iter()
            .any(|(_, o)| matches!(o, Op::Stat(_) | Op::Count | Op::Share | Op::Distinct));
        if said {
            return true;
        }
        if self.adjective_measure {
            self.ops.push((degree, Op::Stat(Stat::Mean)));
            return true;
        }
        let mut after = self.g.skip_articles(degree + 1);
        if self
            .g
            .tokens
            .get(after)
            .is_some_and(|t| matches!(t.folded.as_str(), "de" | "d"))
        {
            after = self.g.skip_articles(after + 1);
        }
        // "more women than men", "más socios en Getafe que en Leganés"
        let rows_compared = after < until
            && (self.names_a_value_of(after, column)
                || (super::words::is_row_noun(&self.g.tokens[after].key) && self.g.free(after, 1)));
        let measured: Vec<(usize, String)> = self
            .mentions
            .iter()
            .filter(|m| m.column != column && super::is_number(self.kind(&m.column)))
            .map(|m| (m.start, m.column.clone()))
            .collect();
        match measured.as_slice() {
            [] if rows_compared => self.ops.push((degree, Op::Count)),
            // "Do women smoke more than men?": a count, or a rate? Not said.
            [] => return false,
            [(at, measure)] if !super::recipe::summed(measure) => {
                let said = self.say(
                    format!("the mean of {measure} for each (no operation was named)"),
                    format!(
                        "la moyenne de {measure} pour chacun (aucune opération n'était nommée)"
                    ),
                    format!("la media de {measure} para cada uno (no se nombró ninguna operación)"),
                );
                let undo = super::undo::stat_before(&self.g.tokens, *at, Stat::Sum, self.lang);
                self.assume(said, undo);
                self.ops.push((degree, Op::Stat(Stat::Mean)));
            }
            _ => {}
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::generator::golden_input;
    use crate::generator::plan::{plan, FilterValue, Recipe, Stat};
    use crate::lang::Lang;

    /// The recipe and the values kept of `column`, or the stop in words.
    fn read(file: &str, goal: &str, column: &str) -> Result<(Recipe, Vec<String>), String> {
        let p = plan(goal, Lang::detect(goal), &[golden_input(file)]).map_err(|e| e.to_string())?;
        let kept = p
            .filters
            .iter()
            .filter(|f| f.column == column)
            .flat_map(|f| match &f.value {
                FilterValue::List(v) => v.clone(),
                _ => Vec::new(),
            })
            .collect();
        Ok((p.recipe, kept))
    }

    fn stats(stat: Stat, measure: &str, group: &str) -> Recipe {
        Recipe::Stats {
            items: vec![(stat, measure.into())],
            group_by: Some(group.into()),
        }
    }

    #[test]
    fn two_values_compared_with_than_are_both_measured() {
        let cases = [
            (
                "housing.csv",
                "Are homes in Bristol dearer than the ones in Reading?",
                stats(Stat::Mean, "price", "city"),
                "city",
                &["Bristol", "Reading"][..],
            ),
            (
                "shop.csv",
                "Did the north bring in more money than the south in February?",
                stats(Stat::Sum, "revenue", "region"),
                "region",
                &["North", "South"],
            ),
            (
                "ventes.csv",
                "Le Sud a-t-il vendu plus de cahiers que l'Ouest ?",
                stats(Stat::Sum, "Quantité", "Région"),
                "Région",
                &["Sud", "Ouest"],
            ),
            (
                "weather.csv",
                "Was Paris warmer than Lyon in July?",
                stats(Stat::Mean, "temp_c", "station"),
                "station",
                &["Paris", "Lyon"],
            ),
            (
                "hr.csv",
                "Are there more women than men in Sales?",
                Recipe::CountRows {
                    group_by: Some("gender".into()),
                },
                "gender",
                &["Female", "Male"],
            ),
            (
                "ventes.csv",
                "Le Nord ou le Sud : qui a rapporté le plus en mars ?",
                stats(Stat::Sum, "Chiffre d'affaires", "Région"),
                "Région",
                &["Nord", "Sud"],
            ),
            (
                "shop.csv",
                "Which sold more units in March, North or South?",
                stats(Stat::Sum, "units", "region"),
                "region",
                &["North", "South"],
            ),
        ];
        for (file, goal, recipe, column, values) in cases {
            let (read, kept) = read(file, goal, column).unwrap_or_else(|e| panic!("{goal}: {e}"));
            assert_eq!(read, recipe, "{goal}");
            let mut kept = kept;
            kept.sort();
            let mut values: Vec<String> = values.iter().map(|v| v.to_string()).collect();
            values.sort();
            assert_eq!(kept, values, "{goal}");
        }
    }

    #[test]
    fn than_that_compares_no_two_values_is_not_read_here() {
        // A number, "other than", a difference, a test, a cause.
        for (file, goal) in [
            ("hr.csv", "how many people earn more than 50000 in Sales?"),
            (
                "orders.csv",
                "how many orders came from countries other than the USA?",
            ),
        ] {
            let (recipe, _) = read(file, goal, "").unwrap_or_else(|e| panic!("{goal}: {e}"));
            assert!(
                !matches!(
                    recipe,
                    Recipe::Stats {
                        group_by: Some(_),
                        ..
                    } | Recipe::CountRows { group_by: Some(_) }
                ),
                "{goal}: {recipe:?}"
            );
        }
        for (file, goal) in [
            (
                "insurance.csv",
                "How much more do smokers pay than non-smokers on average?",
            ),
            ("hr.csv", "Do women earn significantly more than men?"),
            ("hr.csv", "Why do women in Sales earn more than men?"),
            // "French" is no value: the comparison is not read.
            (
                "survey.csv",
                "Do the French give better marks than the Canadians?",
            ),
            // One value excluded, then named: no two values compared.
            (
                "housing.csv",
                "Are homes outside Bristol dearer than those in Bristol?",
            ),
            // A second column of two values beside the compared one.
            (
                "hr.csv",
                "Do women earn more than men in Sales and Marketing?",
            ),
            // Rows counted, each against the other city's.
            (
                "housing.csv",
                "Count the homes in Bristol dearer than the ones in Reading",
            ),
            // A ranking besides the comparative.
            (
                "weather.csv",
                "Was the hottest day in Paris hotter than in Lyon?",
            ),
            // A count or a rate? Not said.
            ("insurance.csv", "Do women smoke more than men?"),
            // Values of two columns on each side of "than".
            (
                "shop.csv",
                "Did the North sell more pens than staplers in the South?",
            ),
        ] {
            assert!(read(file, goal, "").is_err(), "{goal}");
        }
    }

    #[test]
    fn two_values_offered_are_compared_only_in_a_clause_of_their_own() {
        // A person among two departments: the row looked up.
        let (recipe, kept) = read(
            "hr.csv",
            "Who earns the most in Sales or Marketing?",
            "department",
        )
        .expect("reads");
        assert!(matches!(recipe, Recipe::Lookup { .. }), "{recipe:?}");
        assert_eq!(kept.len(), 2);
        // A product ranked within two regions: not a comparison of the two.
        assert!(read(
            "shop.csv",
            "Which product sold the most units, North or South?",
            "region"
        )
        .map_or(true, |(r, _)| r != stats(Stat::Sum, "units", "region")));
        // A day asked: the row looked up, not the two stations compared.
        let (recipe, _) = read(
            "weather.csv",
            "Paris or Lyon: which day was the wettest?",
            "station",
        )
        .expect("reads");
        assert!(matches!(recipe, Recipe::Lookup { .. }), "{recipe:?}");
    }
}
