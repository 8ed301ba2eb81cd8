//! A condition written exactly in brackets, and said in words just before
//! it: "player seasons with at least 400 at bats (ab >= 400)", "in the
//! 1927 season (year = 1927)", "less than 40 percent of the vote (demVote
//! < 40)", "workers whose wage is set by a union contract (union = yes)".
//! The bracket is what counts; the words before it say the same thing and
//! are placed with it, never read as a second condition or an operation
//! ("at least" is no minimum there).
//!
//! Two passes. Early, before conditions and operations are read: the
//! bracket's own number said again before it (its unit, "years", after
//! it), with the words of its direction when they are said ("at least",
//! "less than", "after") and the plain words between it and the bracket.
//! Late, once every other word has been read and the bracket's condition
//! has been placed: the plain words left just before it in its clause.
//! Both stop at a word that carries a meaning of its own
//! (`carries_meaning`): a word placed, a number, a negation, "and", "or",
//! "versus", a comparison, a relative pronoun, a word of grouping or of
//! time, an operation, a noun of the rows, a name written with a capital,
//! a word of a column's name or of a value of the data — unless the
//! bracket's own text says it ("southern" of `south = TRUE`, "not shorts"
//! of `Short = 0`). Those words stop the plan, as before.
//!
//! A column in brackets gets the late pass too, narrower: only the words
//! of its noun phrase, joined by "of" or an article ("the most years of
//! full-time work experience (exp)"), or the two groups of a two-valued
//! column said before it ("between men and women (sex)").

use super::conditions::NEGATIONS;
use super::reading::Reading;
use super::{lexicon, text, words};

/// The most words between the bracket and its number said again ("at
/// least 400 at bats", "less than 40 percent of the vote").
const MAX_WORDS_AFTER_NUMBER: usize = 5;

/// The most words the late pass places before one bracketed condition.
const MAX_LATE_WORDS: usize = 10;

/// The most words the late pass places before one bracketed column.
const MAX_LATE_COLUMN_WORDS: usize = 4;

/// Words that join the words of a noun phrase ("years of experience").
const OF: &[&str] = &["of", "de", "d", "du", "del", "des"];

/// A bracket that names a column or states a condition.
#[derive(Debug, Clone)]
pub struct Bracketed {
    /// The first word of what says it in words before it (its gloss, its
    /// number said again), or the bracket's first word.
    pub start: usize,
    /// The bracket's first word.
    pub first: usize,
    /// The bracket's last word.
    pub last: usize,
    /// A condition ("ab >= 400"), not a column's name or an expression
    /// ("income / pop").
    pub condition: bool,
    /// The bracket's text.
    pub inside: String,
}

/// Direction words said before a number, upwards ("more than 400 (x >
/// 400)", "at least 400 (x >= 400)": either bracket, the same side).
const UP: &[&str] = &[
    "more than",
    "greater than",
    "higher than",
    "over",
    "above",
    "after",
    "exceeding",
    "exceed",
    "exceeds",
    "exceeded",
    "topped",
    "depasse",
    "depassent",
    "depassait",
    "depassaient",
    "supera",
    "superan",
    "supero",
    "superaron",
    "superaba",
    "superaban",
    "at least",
    "no less than",
    "plus de",
    "plus que",
    "au moins",
    "superieur a",
    "superieure a",
    "apres",
    "mas de",
    "mas que",
    "mayor que",
    "mayor de",
    "mayores de",
    "al menos",
    "despues de",
    "older than",
];

/// Direction words said before a number, downwards.
const DOWN: &[&str] = &[
    "less than",
    "fewer than",
    "lower than",
    "under",
    "below",
    "before",
    "at most",
    "no more than",
    "moins de",
    "moins que",
    "au plus",
    "inferieur a",
    "inferieure a",
    "avant",
    "menos de",
    "menos que",
    "menor que",
    "menor de",
    "menores de",
    "como mucho",
    "antes de",
    "younger than",
];

/// Direction words that say an age: read only before a bracket on ages.
const AGE_DIRECTIONS: &[&str] = &["older than", "younger than"];

/// Words after the number that keep its side ("400 or more").
const AFTER_NUMBER: &[&str] = &[
    "or more",
    "or over",
    "and over",
    "and more",
    "ou plus",
    "et plus",
    "o mas",
    "y mas",
    "or less",
    "or fewer",
    "and under",
    "ou moins",
    "o menos",
];

/// Words of a percentage between the number and the bracket ("40
/// percent of the vote").
const PERCENT_WORDS: &[&str] = &[
    "percent", "per", "cent", "pourcent", "pour", "por", "ciento",
];

/// Words that open a clause of their own inside a sentence: the late pass
/// stops there ("workers whose wage is set…").
const RELATIVES: &[&str] = &[
    "whose", "who", "whom", "that", "which", "where", "qui", "que", "dont", "ou", "cuyo", "cuya",
    "cuyos", "cuyas", "quien", "quienes", "donde",
];

/// Negations beyond the words that exclude a value ("non-white",
/// "never").
const MORE_NEGATIONS: &[&str] = &["non", "never", "jamais", "nunca", "neither", "ni", "nor"];

/// Words of a grouping: never a gloss ("by ethnicity").
const GROUPING: &[&str] = &[
    "by", "per", "each", "every", "par", "por", "chaque", "cada", "across", "among", "parmi",
];

/// Units of time a number may count ("16 years of education").
const UNITS_OF_TIME: &[&str] = &[
    "year", "month", "week", "day", "hour", "an", "annee", "moi", "semaine", "jour", "heure",
    "ano", "mes", "semana", "dia", "hora",
];

/// Words that place a time relative to now ("last season", "ce mois").
const RELATIVE_TIMES: &[&str] = &[
    "last", "this", "next", "previous", "current", "recent", "dernier", "derniere", "ce", "cette",
    "prochain", "ultimo", "ultima", "este", "esta", "pasado", "pasada", "proximo",
];

/// Words that join or compare: never placed by the late pass.
const JOINS_AND_COMPARES: &[&str] = &[
    "and",
    "or",
    "but",
    "et",
    "mais",
    "y",
    "o",
    "e",
    "u",
    "pero",
    "versus",
    "vs",
    "compared",
    "compare",
    "contre",
    "frente",
    "more",
    "less",
    "fewer",
    "most",
    "least",
    "than",
    "over",
    "under",
    "above",
    "below",
    "plus",
    "moins",
    "mas",
    "menos",
    "same",
    "different",
    "meme",
    "mismo",
    "misma",
    "only",
    "seulement",
    "solo",
    "solamente",
];

/// Which side a bracket's condition keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Up,
    Down,
    Equal,
}

impl Reading<'_> {
    /// Early pass, for the bracket `first..=last` (a condition, `inside`
    /// as written) whose gloss is `gloss`: places its number said again
    /// before it, with its direction words, and remembers the bracket for
    /// the late pass.
    pub(super) fn said_condition(
        &mut self,
        first: usize,
        last: usize,
        inside: &str,
        gloss: &[usize],
    ) {
        let mut start = gloss.first().map_or(first, |&g| g.min(first));
        if let Some((side, number)) = side_and_number(inside) {
            if let Some(from) = self.number_said_before(first, (side, number), inside, gloss) {
                self.g.take(from, first - from);
                start = from;
            }
        }
        self.bracketed.push(Bracketed {
            start,
            first,
            last,
            condition: inside.contains(['=', '<', '>']),
            inside: inside.to_owned(),
        });
    }

    /// Late pass: the plain words left just before each placed bracket,
    /// in its clause, are its gloss.
    pub fn said_bracket_words(&mut self) {
        for b in self.bracketed.clone() {
            if !(b.first..=b.last).all(|i| self.g.used[i]) {
                continue;
            }
            let mut words = self.words_left_before(&b);
            if !b.condition && words.is_empty() && self.two_values(&b.inside) {
                words = self.two_groups_said(b.start);
            }
            for i in words {
                self.g.take(i, 1);
            }
        }
    }

    /// The plain words left just before the bracket `b`, in its clause.
    fn words_left_before(&self, b: &Bracketed) -> Vec<usize> {
        let Some(clause) = b.first.checked_sub(1).map(|i| self.g.tokens[i].clause) else {
            return Vec::new();
        };
        let most = if b.condition {
            MAX_LATE_WORDS
        } else {
            MAX_LATE_COLUMN_WORDS
        };
        let mut words = Vec::new();
        let mut i = b.start;
        while i > 0 && words.len() < most {
            i -= 1;
            let w = self.g.tokens[i].folded.as_str();
            let joins = OF.contains(&w) || lexicon::ARTICLES.contains(&w);
            let narrow = b.condition || joins || !lexicon::STOP_WORDS.contains(&w);
            if self.g.tokens[i].clause != clause {
                break;
            }
            // "not shorts (Short = 0)": the bracket's own column, read
            // already, is passed over.
            if self.g.used[i] && self.of_the_bracket(i, &b.inside) {
                continue;
            }
            let meaning = self.g.used[i]
                || (self.carries_meaning(i, &b.inside) && !self.said_again_by(i, &b.inside));
            if meaning || !narrow {
                break;
            }
            words.push(i);
        }
        // A column's phrase ends on a word of its own, not on "of".
        if !b.condition {
            while words
                .last()
                .is_some_and(|&i| OF.contains(&self.g.tokens[i].folded.as_str()))
            {
                words.pop();
            }
        }
        words
    }

    /// True when the column named `inside` a bracket holds exactly two
    /// values (the two groups a goal may name in its own words).
    fn two_values(&self, inside: &str) -> bool {
        const SEXES: &[&str] = &["sex", "gender", "sexe", "genre", "sexo", "genero"];
        let name = text::fold(inside.trim().trim_matches(['`', '\'', '"']));
        // a column of the sexes coded in numbers ("men and women (sex)")
        let sexes = SEXES.contains(&name.as_str());
        self.inputs
            .iter()
            .flat_map(|i| &i.columns)
            .any(|c| text::fold(&c.name) == name && (c.values.len() == 2 || sexes))
    }

    /// "a t-test comparing … between men and women (sex)": the two groups
    /// said in words before a column in brackets, the second its gloss
    /// (starting at `start`): the first and the "and" between them.
    fn two_groups_said(&self, start: usize) -> Vec<usize> {
        const OPENERS: &[&str] = &["between", "comparing", "compare", "entre", "comparer"];
        let Some(opener) = start.checked_sub(3) else {
            return Vec::new();
        };
        let word = |i: usize| self.g.tokens[i].folded.as_str();
        let plain = |i: usize| !self.g.used[i] && !self.carries_meaning(i, "");
        let same_clause =
            (opener..=start).all(|i| self.g.tokens[i].clause == self.g.tokens[start].clause);
        let sexes = |w: &str| {
            [
                "men", "women", "male", "female", "males", "females", "hommes", "femmes",
                "hombres", "mujeres", "boys", "girls",
            ]
            .contains(&w)
        };
        let named_sexes = sexes(word(opener + 1)) == sexes(word(start));
        let said = named_sexes
            && OPENERS.contains(&word(opener))
            && (plain(opener + 1) || (sexes(word(opener + 1)) && !self.g.used[opener + 1]))
            && matches!(word(opener + 2), "and" | "et" | "y")
            && !self.g.used[opener + 2]
            && self.g.used[start]
            && same_clause;
        if said {
            vec![opener + 1, opener + 2]
        } else {
            Vec::new()
        }
    }

    /// True when the word at `i` carries a meaning of its own, never a
    /// bracket's gloss: a number, a negation ("non", "never"), "and",
    /// "or", "versus", a comparison, a relative pronoun, a word of grouping
    /// or of time, an operation, a noun of the rows, a name written with a
    /// capital inside its clause, or a word of a column's name or of a
    /// value of the data (or a word for one) — except the words of the
    /// bracket's own text `inside` ("years of education (education >=
    /// 16)").
    fn carries_meaning(&self, i: usize, inside: &str) -> bool {
        let t = &self.g.tokens[i];
        let w = t.folded.as_str();
        let own = self.of_the_bracket(i, inside);
        let first_of_clause = i == 0 || self.g.tokens[i - 1].clause != t.clause;
        let capital = t.raw.starts_with(char::is_uppercase) && !first_of_clause && t.raw != "I";
        let column_word = self.columns.iter().any(|k| {
            text::name_words(&k.name)
                .iter()
                .any(|n| text::fold(n) == w || text::fold(n) == t.key)
        });
        text::number(t).is_some()
            || !w.chars().any(char::is_alphabetic)
            || NEGATIONS.contains(&w)
            || MORE_NEGATIONS.contains(&w)
            || RELATIVES.contains(&w)
            || JOINS_AND_COMPARES.contains(&w)
            || GROUPING.contains(&w)
            || words::is_time_word(t)
            || RELATIVE_TIMES.contains(&w)
            || super::conditions::MONTHS.iter().any(|(m, _)| *m == w)
            || lexicon::OPS.iter().any(|(p, _)| *p == w)
            || words::is_row_noun(&t.key)
            || words::PEOPLE_NOUNS.contains(&t.key.as_str())
            || capital
            || (!own && (column_word || self.is_value_or_synonym(i)))
    }

    /// True when the word at `i` says a word of the bracket's text
    /// `inside`: the same word, or its stem ("southern" of `south`).
    fn of_the_bracket(&self, i: usize, inside: &str) -> bool {
        let t = &self.g.tokens[i];
        bracket_words(inside).iter().any(|x| {
            *x == t.folded
                || *x == t.key
                || (x.chars().count() >= 4
                    && x.chars().all(char::is_alphabetic)
                    && t.folded.starts_with(x.as_str()))
        })
    }

    /// True when the word at `i`, a meaning of its own, is said again by
    /// the bracket `inside`: "not shorts (Short = 0)", "covered by
    /// Medicaid (medicaid = yes)", "set by a union contract (union =
    /// yes)" — a negation or "by" before the bracket's own column, the
    /// negation where the bracket keeps its 0, no or false.
    fn said_again_by(&self, i: usize, inside: &str) -> bool {
        let w = self.g.tokens[i].folded.as_str();
        let Some(next) = (i + 1..self.g.tokens.len())
            .find(|&j| !lexicon::ARTICLES.contains(&self.g.tokens[j].folded.as_str()))
        else {
            return false;
        };
        let own_next = self.of_the_bracket(next, inside);
        let keeps_none = {
            let value = text::fold(inside.rsplit(['=', '<', '>']).next().unwrap_or(""));
            matches!(
                value.trim().trim_matches(['\'', '"']),
                "0" | "no" | "false" | "non"
            )
        };
        let negation = NEGATIONS.contains(&w) || MORE_NEGATIONS.contains(&w);
        own_next && ((negation && keeps_none) || matches!(w, "by" | "par" | "por"))
    }

    /// Where the number `number` is said again before the bracket at
    /// `first`: the first word of what says it — its direction words
    /// when they are said and on the bracket's side, else the number.
    fn number_said_before(
        &self,
        first: usize,
        (side, number): (Side, f64),
        inside: &str,
        gloss: &[usize],
    ) -> Option<usize> {
        let clause = self.g.tokens[first.checked_sub(1)?].clause;
        let at = (first.saturating_sub(MAX_WORDS_AFTER_NUMBER + 1)..first)
            .rev()
            .find(|&i| text::number(&self.g.tokens[i]) == Some(number))?;
        // "at least 400 at bats", "40 percent of the vote", "years of
        // education (education >= 16)": plain words, its own column.
        let plain = |i: usize| {
            let t = &self.g.tokens[i];
            let w = t.folded.as_str();
            let little = lexicon::STOP_WORDS.contains(&w)
                || lexicon::ARTICLES.contains(&w)
                || PERCENT_WORDS.contains(&w);
            // "16 years of education": the number's unit, right after it
            let unit = i == at + 1 && UNITS_OF_TIME.contains(&t.key.as_str());
            (!self.g.used[i] || gloss.contains(&i))
                && t.clause == clause
                && (gloss.contains(&i)
                    || unit
                    || (little
                        && !JOINS_AND_COMPARES.contains(&w)
                        && !NEGATIONS.contains(&w)
                        && !MORE_NEGATIONS.contains(&w))
                    || !self.carries_meaning(i, inside))
        };
        let mut between = at + 1;
        if side != Side::Equal {
            if let Some(len) = self.phrase_at(between, AFTER_NUMBER, gloss) {
                between += len;
            }
        }
        if self.g.used[at] || !(between..first).all(plain) {
            return None;
        }
        let directions = match side {
            Side::Up => UP,
            Side::Down => DOWN,
            Side::Equal => return Some(at),
        };
        // "older than 30 (age > 30)": words of age only before a bracket
        // on ages ("older than 30 (tenure > 30)" is two things).
        let aged = bracket_words(inside).iter().any(|w| {
            text::name_words(w)
                .iter()
                .any(|part| ["age", "edad", "ages", "edades"].contains(&part.as_str()))
        });
        let directions: Vec<&str> = directions
            .iter()
            .copied()
            .filter(|p| aged || !AGE_DIRECTIONS.contains(p))
            .collect();
        let directions = directions.as_slice();
        let said = directions
            .iter()
            .map(|p| p.split_whitespace().count())
            .filter(|&len| len <= at)
            .find(|&len| self.phrase_at(at - len, directions, gloss) == Some(len));
        Some(said.map_or(at, |len| at - len))
    }

    /// The length of the phrase of `phrases` written at `at`, its words
    /// free or of the bracket's `gloss`, if one is.
    fn phrase_at(&self, at: usize, phrases: &[&str], gloss: &[usize]) -> Option<usize> {
        phrases.iter().find_map(|p| {
            let words: Vec<&str> = p.split_whitespace().collect();
            let said = self.g.tokens.get(at..at + words.len())?;
            let free = (at..at + words.len()).all(|i| !self.g.used[i] || gloss.contains(&i));
            (free && said.iter().zip(&words).all(|(t, w)| t.folded == *w)).then_some(words.len())
        })
    }
}

/// The words of a bracket's text, folded: names of columns and values
/// ("income / pop": income, pop; "Short = 0": short, 0).
pub(super) fn bracket_words(inside: &str) -> Vec<String> {
    text::fold(inside)
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The side and the number of a bracket's condition ("ab >= 400": up,
/// 400), when it compares with a number.
fn side_and_number(inside: &str) -> Option<(Side, f64)> {
    // "!=" keeps no side: it is found (so its "=" is not read as an
    // equality) and then refused.
    let signs = [
        (">=", Some(Side::Up)),
        ("<=", Some(Side::Down)),
        ("==", Some(Side::Equal)),
        ("!=", None),
        (">", Some(Side::Up)),
        ("<", Some(Side::Down)),
        ("=", Some(Side::Equal)),
    ];
    let (at, sign, side) = signs
        .iter()
        .filter_map(|(s, side)| inside.find(s).map(|at| (at, *s, *side)))
        .min_by_key(|(at, s, _)| (*at, std::cmp::Reverse(s.len())))?;
    let side = side?;
    let rest = inside[at + sign.len()..]
        .trim()
        .trim_matches(['\'', '"', '`']);
    let number: f64 = rest.split_whitespace().next()?.parse().ok()?;
    Some((side, number))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::golden_input;
    use crate::lang::Lang;

    /// The filters of the plan of `goal` on `file` ("column cmp value"),
    /// or the words its stop names.
    fn read(file: &str, goal: &str) -> Result<Vec<String>, Vec<String>> {
        let inputs = [golden_input(file)];
        match super::super::plan(goal, Lang::detect(goal), &inputs) {
            Ok(p) => Ok(p
                .filters
                .iter()
                .map(|f| format!("{} {:?}", f.column, f.cmp))
                .collect()),
            Err(super::super::GoalProblem::Unplaced { words, .. }) => Err(words),
            Err(e) => Err(vec![format!("{e:?}")]),
        }
    }

    #[test]
    fn words_saying_a_bracketed_condition_again_are_placed_with_it() {
        let cases = [
            (
                "pub15-batting.csv",
                "For the player seasons with at least 400 at bats (ab >= 400), what is the mean of h?",
                vec!["ab Ge"],
            ),
            (
                "pub15-batting.csv",
                "In the 1927 season (year = 1927), what is the total hr?",
                vec!["year Eq"],
            ),
            (
                "pub15-wages.csv",
                "How many observations are of workers whose wage is set by a union contract (union = yes)?",
                vec!["union Eq"],
            ),
            (
                "pub9-movies.csv",
                "What is the average length of the movies released after 1990 that are not shorts (Short = 0)?",
                vec!["Short Eq", "year Gt"],
            ),
        ];
        for (file, goal, filters) in cases {
            let mut got = read(file, goal).unwrap_or_else(|w| panic!("{goal}: stopped on {w:?}"));
            got.sort();
            assert_eq!(got, filters, "{goal}");
        }
    }

    #[test]
    fn a_word_with_a_meaning_of_its_own_is_never_a_brackets_gloss() {
        // (file, goal, a word the plan must stop on or keep as a filter)
        let cases = [
            // a name, a qualifier, a comparison, a negation of another
            // column: each stops the plan
            ("pub15-batting.csv", "How many home runs (hr) did Babe Ruth hit in 1927 (year = 1927)?", "Babe"),
            ("pub15-wages.csv", "average lwage of young workers with at least 12 years of education (ed >= 12)", "young"),
            ("pub15-wages.csv", "average lwage of married versus single workers who have a union contract (union = yes)", "versus"),
        ];
        for (file, goal, word) in cases {
            match read(file, goal) {
                Err(words) => assert!(words.iter().any(|w| w == word), "{goal}: {words:?}"),
                Ok(filters) => panic!("{goal}: answered with {filters:?}"),
            }
        }
        // a condition of another column between the number and the
        // bracket is read, never swallowed
        let got = read(
            "insurance.csv",
            "mean charges for people aged 50 or over who are smokers (age >= 50)",
        )
        .expect("read");
        assert!(got.iter().any(|f| f == "smoker Eq"), "{got:?}");
    }

    #[test]
    fn the_side_and_number_of_a_bracket_are_read() {
        assert!(matches!(side_and_number("ab >= 400"), Some((Side::Up, n)) if n == 400.0));
        assert!(matches!(side_and_number("demVote < 40"), Some((Side::Down, n)) if n == 40.0));
        assert!(matches!(side_and_number("year = 1927"), Some((Side::Equal, n)) if n == 1927.0));
        assert!(side_and_number("union = yes").is_none());
        assert!(side_and_number("x != 3").is_none());
    }
}
