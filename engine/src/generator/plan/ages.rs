//! Ages said without their column, beside a number: "employees over 50",
//! "children under 12", "más de 50 años", "plus de 18 ans", "between 30
//! and 40 years old", "aged 65 and over". Each is a condition on the
//! file's one column of ages (found by `conditions::age_filters`); the
//! number is an age because a unit of years follows it or because it
//! follows people ("employees", "socios") and "over"/"under".

use super::reading::Reading;
use super::{Filter, FilterValue};
use crate::generator::lexicon;
use crate::generator::terms::Cmp;
use crate::generator::text;

/// Words after a number that make it an age.
const AGE_UNITS: &[&[&str]] = &[
    &["years", "old"],
    &["year", "old"],
    &["years"],
    &["yo"],
    &["ans"],
    &["an"],
    &["anos"],
    &["ano"],
];

/// Rows of people (or animals) an age is said of: "employees over 50".
const AGED_NOUNS: &[&str] = &[
    "employee",
    "people",
    "person",
    "passenger",
    "woman",
    "women",
    "man",
    "men",
    "child",
    "children",
    "kid",
    "customer",
    "client",
    "staff",
    "folk",
    "folks",
    "member",
    "worker",
    "personne",
    "passager",
    "salarie",
    "femme",
    "homme",
    "enfant",
    "socio",
    "persona",
    "pasajero",
    "empleado",
    "mujer",
    "hombre",
    "nino",
    "cliente",
    "owner",
    "adopter",
    "adoptant",
    "adoptante",
    "dueno",
    "pet",
    "animal",
    "mascota",
    "dog",
    "cat",
    "rabbit",
    "chien",
    "chat",
    "perro",
    "gato",
    // Feminine forms ("socias mayores de 40"), and people named by a
    // value of the file ("smokers over 50"). Nouns of people who may carry
    // another number (players' ratings, students' marks, patients'
    // readings) are left out: "players over 85" is no age.
    "socia",
    "empleada",
    "pasajera",
    "duena",
    "nina",
    "salariee",
    "passagere",
    "assure",
    "assuree",
    "insured",
    "asegurado",
    "asegurada",
    "smoker",
    "fumeur",
    "fumeuse",
    "fumador",
    "fumadora",
    "survivor",
    "survivant",
    "survivante",
    "superviviente",
];

/// Children said as people of an age ("children under 12"): the word is
/// the condition, no column of children.
pub(super) const CHILDREN: &[&str] = &["child", "children", "kid", "enfant", "nino"];

/// Verbs that may stand between the people and the comparison ("employees
/// are over 60").
const LINKS: &[&str] = &["are", "is", "were", "was", "aged"];

/// Words that join people to a place already read ("people in Sales").
const PLACE_LINKS: &[&str] = &[
    "in", "from", "at", "of", "en", "de", "du", "des", "del", "dans",
];

/// The highest number read as an age without its unit ("people over
/// 50000" is no age).
const MAX_AGE: f64 = 130.0;

/// The most words of a place between people and their age.
const MAX_PLACE_WORDS: usize = 3;

/// "and over", "or more": the number before is a lower bound.
const AT_LEAST_AFTER: &[&[&str]] = &[
    &["and", "over"],
    &["or", "over"],
    &["or", "more"],
    &["and", "up"],
    &["and", "above"],
    &["or", "older"],
    &["and", "older"],
    &["ou", "plus"],
    &["et", "plus"],
    &["o", "mas"],
    &["y", "mas"],
];

/// Words right before an age in years: "tienen 50 años", "ont 60 ans",
/// "are 30 years or older", "de 60 ans et plus".
const AGE_VERBS: &[&str] = &[
    "are", "is", "was", "were", "aged", "tienen", "tiene", "tenia", "tenian", "ont", "avait",
    "avaient", "agees", "ages", "agee", "age",
];

/// "or younger", "or less": the number before is an upper bound.
const AT_MOST_AFTER: &[&[&str]] = &[
    &["or", "younger"],
    &["or", "under"],
    &["or", "less"],
    &["and", "under"],
    &["and", "younger"],
    &["ou", "moins"],
    &["et", "moins"],
    &["o", "menos"],
    &["y", "menos"],
];

/// Decades of a life: "in their twenties", "dans la trentaine" (the
/// ten years from the number on).
const DECADES: &[(&str, f64)] = &[
    ("teens", 13.0),
    ("twenties", 20.0),
    ("thirties", 30.0),
    ("forties", 40.0),
    ("fifties", 50.0),
    ("sixties", 60.0),
    ("seventies", 70.0),
    ("eighties", 80.0),
    ("vingtaine", 20.0),
    ("trentaine", 30.0),
    ("quarantaine", 40.0),
    ("cinquantaine", 50.0),
    ("soixantaine", 60.0),
];

/// Words before a decade: "in their twenties", "dans la trentaine".
const DECADE_OPENERS: &[&[&str]] = &[
    &["in", "their"],
    &["in", "his"],
    &["in", "her"],
    &["dans", "la"],
    &["de", "la"],
];

impl Reading<'_> {
    /// Reads the age conditions of this module on `age`.
    pub(super) fn ages_in_words(&mut self, age: &str) {
        let n = self.g.tokens.len();
        for i in 0..n {
            if let Some((len, filters)) = self.age_at(i) {
                if !self.g.free(i, len) {
                    continue;
                }
                self.g.take(i, len);
                // "el cliente tenía 60 años o más": the people the age is
                // said of name the age's column, no measure of it.
                let people: Vec<usize> = (i.saturating_sub(MAX_PLACE_WORDS)..i)
                    .filter(|&j| self.people_at(Some(j)))
                    .collect();
                self.mentions
                    .retain(|m| !(m.column == age && people.contains(&m.start)));
                // "children under 12": the children are the rows of that age.
                if i > 0
                    && CHILDREN.contains(&self.g.tokens[i - 1].key.as_str())
                    && self.g.free(i - 1, 1)
                {
                    self.g.take(i - 1, 1);
                }
                for (cmp, value) in filters {
                    self.understood.push(self.say(
                        format!("only rows where {age} {} {value}", cmp.python()),
                        format!("seulement les lignes où {age} {} {value}", cmp.python()),
                        format!("solo las filas donde {age} {} {value}", cmp.python()),
                    ));
                    self.filters.push(Filter {
                        column: age.to_owned(),
                        cmp,
                        value: FilterValue::Number(value),
                        part: None,
                    });
                }
            }
        }
    }

    /// The age condition starting at `i`: how many words it takes and its
    /// comparisons.
    fn age_at(&self, i: usize) -> Option<(usize, Vec<(Cmp, f64)>)> {
        if let Some(found) = self.between_ages(i) {
            return Some(found);
        }
        // "más de 50 años", "at least 18 years old", "plus de 18 ans".
        for (phrase, cmp) in lexicon::COMPARATORS {
            let words: Vec<&str> = phrase.split_whitespace().collect();
            if !self.words_at(i, &words) {
                continue;
            }
            let at = i + words.len();
            let Some(value) = self.number_at(at) else {
                continue;
            };
            if let Some(unit) = self.unit_len(at + 1) {
                return Some((words.len() + 1 + unit, vec![(*cmp, value)]));
            }
            // "employees over 50", "children under 12".
            // "socios mayores de 55", "clients de plus de 60".
            let people = self.people_before(i);
            let plain = matches!(
                words.as_slice(),
                ["over" | "under" | "above" | "below"] | ["mayores" | "menores", "de"]
            );
            let plausible = (0.0..=MAX_AGE).contains(&value);
            if people && plain && plausible && !self.measured_after(at + 1) {
                return Some((words.len() + 1, vec![(*cmp, value)]));
            }
        }
        if let Some(found) = self.decade_at(i) {
            return Some(found);
        }
        // "50 años o más", "60 ans et plus", "10 years or younger": a
        // number of years and its side.
        // Only where the years are an age: after a verb of being so old
        // or people ("tienen 50 años o más", "assurés de 60 ans et
        // plus"; "with us for 10 years or more" is no age).
        // ("assurés de 60 ans": "de" after people only.)
        let before = |k: usize| i.checked_sub(k).map(|j| self.g.tokens[j].folded.as_str());
        let aged = before(1).is_some_and(|w| AGE_VERBS.contains(&w))
            || (before(1) == Some("de") && self.people_at(i.checked_sub(2)));
        if let (Some(value), Some(unit), true) = (
            self.number_at(i),
            self.unit_len(i + 1),
            aged || self.people_before(i),
        ) {
            if let Some((len, cmp)) = self.side_after(i + 1 + unit) {
                return Some((1 + unit + len, vec![(cmp, value)]));
            }
        }
        // "members are 60 or over": people, then the number and its tail.
        if let (Some(value), true) = (self.number_at(i), self.people_before(i)) {
            let plausible = (0.0..=MAX_AGE).contains(&value);
            if let (Some((len, cmp)), true) = (self.side_after(i + 1), plausible) {
                if !self.measured_after(i + 1 + len) {
                    return Some((1 + len, vec![(cmp, value)]));
                }
            }
        }
        // "aged 65 and over", "aged 10 or more", "aged 10 or younger".
        if self.words_at(i, &["aged"]) {
            let value = self.number_at(i + 1)?;
            let (len, cmp) = self.side_after(i + 2)?;
            return Some((2 + len, vec![(cmp, value)]));
        }
        None
    }

    /// "or more" / "or younger" at `at`: how many words and which side.
    fn side_after(&self, at: usize) -> Option<(usize, Cmp)> {
        let side = |tails: &[&[&str]], cmp: Cmp| {
            tails
                .iter()
                .find(|w| self.words_at(at, w))
                .map(|w| (w.len(), cmp))
        };
        side(AT_LEAST_AFTER, Cmp::Ge).or_else(|| side(AT_MOST_AFTER, Cmp::Le))
    }

    /// "people in their twenties", "les clients dans la trentaine": the
    /// ten years of the decade, people said before it.
    fn decade_at(&self, i: usize) -> Option<(usize, Vec<(Cmp, f64)>)> {
        let opener = DECADE_OPENERS.iter().find(|w| self.words_at(i, w))?;
        let at = i + opener.len();
        let word = self.g.tokens.get(at)?;
        let (_, low) = DECADES.iter().find(|(w, _)| *w == word.folded)?;
        let high = if *low == 13.0 { 19.0 } else { low + 9.0 };
        (!self.g.used[at] && self.people_before(i))
            .then(|| (opener.len() + 1, vec![(Cmp::Ge, *low), (Cmp::Le, high)]))
    }

    /// "between 30 and 40 years old", "aged between 30 and 40", "entre 30
    /// et 40 ans": both bounds included.
    fn between_ages(&self, i: usize) -> Option<(usize, Vec<(Cmp, f64)>)> {
        let aged = usize::from(self.words_at(i, &["aged"]));
        let at = i + aged;
        let opener = self.g.tokens.get(at)?.folded.as_str();
        if !matches!(opener, "between" | "entre") {
            return None;
        }
        let low = self.number_at(at + 1)?;
        let joiner = self.g.tokens.get(at + 2)?.folded.as_str();
        if !matches!(joiner, "and" | "et" | "y") {
            return None;
        }
        let high = self.number_at(at + 3)?;
        let unit = self.unit_len(at + 4);
        // "charges for people between 30 and 40": people said just before.
        if aged == 0 && unit.is_none() && !self.people_before(at) {
            return None;
        }
        let len = aged + 4 + unit.unwrap_or(0);
        Some((len, vec![(Cmp::Ge, low), (Cmp::Le, high)]))
    }

    fn words_at(&self, at: usize, words: &[&str]) -> bool {
        words.iter().enumerate().all(|(j, w)| {
            self.g
                .tokens
                .get(at + j)
                .is_some_and(|t| t.folded == *w && !self.g.used[at + j])
        })
    }

    /// The number at `at`, in digits or as a word from two on ("kids
    /// under ten"; "one" is too often no number).
    fn number_at(&self, at: usize) -> Option<f64> {
        let token = self.g.tokens.get(at)?;
        if self.g.used[at] {
            return None;
        }
        let digits = token.folded.starts_with(|c: char| c.is_ascii_digit());
        text::number(token).filter(|n| digits || *n >= 2.0)
    }

    /// How many words a unit of years at `at` takes, if one stands there.
    fn unit_len(&self, at: usize) -> Option<usize> {
        AGE_UNITS
            .iter()
            .find(|w| self.words_at(at, w))
            .map(|w| w.len())
    }

    /// People stand right before `i`, or before a linking verb ("employees
    /// are over 60"), or before a place already read as a condition
    /// ("people in Sales are over 50", "los empleados de Sevilla con más
    /// de 40").
    fn people_before(&self, i: usize) -> bool {
        let mut at = i;
        while at > 0 && LINKS.contains(&self.g.tokens[at - 1].folded.as_str()) {
            at -= 1;
        }
        if self.people_at(at.checked_sub(1)) {
            return true;
        }
        let mut skipped = 0;
        while at > 1 && skipped < MAX_PLACE_WORDS && self.g.used[at - 1] {
            at -= 1;
            skipped += 1;
        }
        // "orders from customers in Paris are over 100": the people are
        // the orders' customers, and the number is no age.
        let owned = at
            .checked_sub(3)
            .is_some_and(|j| PLACE_LINKS.contains(&self.g.tokens[j].folded.as_str()));
        skipped > 0
            && !owned
            && PLACE_LINKS.contains(&self.g.tokens[at - 1].folded.as_str())
            && self.people_at(at.checked_sub(2))
    }

    /// A noun of people (or animals) stands at `at`.
    fn people_at(&self, at: Option<usize>) -> bool {
        at.map(|j| &self.g.tokens[j]).is_some_and(|t| {
            AGED_NOUNS.contains(&t.key.as_str()) || AGED_NOUNS.contains(&t.folded.as_str())
        })
    }

    /// A word after the number says what is measured ("over 50 euros",
    /// "under 10 %"): then it is not an age.
    fn measured_after(&self, at: usize) -> bool {
        self.g
            .tokens
            .get(at)
            .is_some_and(|t| !self.g.used[at] && !super::words::is_filler(t))
    }
}

#[cfg(test)]
mod tests {
    use crate::generator::golden_input;
    use crate::generator::plan::plan;
    use crate::lang::Lang;

    fn conditions(file: &str, goal: &str) -> Vec<String> {
        let p = plan(goal, Lang::detect(goal), &[golden_input(file)]).expect(goal);
        p.filters
            .iter()
            .map(|f| format!("{} {} {:?}", f.column, f.cmp.python(), f.value))
            .collect()
    }

    #[test]
    fn an_age_is_read_from_its_unit_or_from_people_over_a_number() {
        for (file, goal, want) in [
            (
                "hr.csv",
                "How many employees are over 60?",
                vec!["age > Number(60.0)"],
            ),
            (
                "passengers.csv",
                "What's the average fare for children under 12?",
                vec!["Age < Number(12.0)"],
            ),
            (
                "club.csv",
                "¿Cuántos socios tienen más de 50 años?",
                vec!["Edad > Number(50.0)"],
            ),
            (
                "passengers.csv",
                "number of passengers aged 65 and over",
                vec!["Age >= Number(65.0)"],
            ),
            (
                "insurance.csv",
                "average charges for people between 30 and 40 years old",
                vec!["age >= Number(30.0)", "age <= Number(40.0)"],
            ),
            (
                "hr.csv",
                "¿cuántos empleados tienen 50 años o más?",
                vec!["age >= Number(50.0)"],
            ),
            (
                "insurance.csv",
                "combien d'assurés ont 60 ans et plus ?",
                vec!["age >= Number(60.0)"],
            ),
            (
                "passengers.csv",
                "how many kids aged 10 or younger were in third class",
                vec!["Pclass == Number(3.0)", "Age <= Number(10.0)"],
            ),
            (
                "hr.csv",
                "how many employees are in their twenties",
                vec!["age >= Number(20.0)", "age <= Number(29.0)"],
            ),
        ] {
            assert_eq!(conditions(file, goal), want, "{goal}");
        }
    }

    #[test]
    fn of_two_age_columns_each_age_is_of_the_part_said_nearest_before_it() {
        for (goal, want) in [
            (
                "How many dogs older than 8 were adopted?",
                "pet_age > Number(8.0)",
            ),
            (
                "How many dogs were adopted by people over 60?",
                "owner_age > Number(60.0)",
            ),
            (
                "average fee paid by owners under 25",
                "owner_age < Number(25.0)",
            ),
            (
                "average adoption fee for pets younger than 1 year",
                "pet_age < Number(1.0)",
            ),
        ] {
            let got = conditions("pets.csv", goal);
            assert!(got.contains(&want.to_owned()), "{goal}: {got:?}");
        }
        // Two ages of two parts: the plan stops rather than read one column.
        let goal = "How many pets older than 5 have owners over 60?";
        assert!(plan(goal, Lang::En, &[golden_input("pets.csv")]).is_err());
    }

    #[test]
    fn years_said_without_an_age_are_no_age() {
        // Years with the company, not years of age: no condition on age.
        let goal = "How many employees have been with us for 10 years or more?";
        let read = plan(goal, Lang::En, &[golden_input("hr.csv")]);
        assert!(
            read.as_ref()
                .map_or(true, |p| p.filters.iter().all(|f| f.column != "age")),
            "{goal}: {read:?}"
        );
    }

    #[test]
    fn a_number_that_measures_something_else_is_not_an_age() {
        // "over 50 euros" beside people is an amount, not an age: unread.
        let goal = "How many customers paid over 50 euros?";
        assert!(plan(goal, Lang::En, &[golden_input("orders.csv")]).is_err());
    }
}
