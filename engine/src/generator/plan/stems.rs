//! Words said in another form than the data's: "le service financier" for
//! the value `Finance`, "nos répondants français" for `France`, "the
//! respondents who scored 8 or more" for the column `score`, "how many
//! people converted" for `conversions`. When a goal stops on words it
//! could not place, each such word that begins like exactly one word of
//! the files — a column's name, or a listed value of one word — is read as
//! that word ([`MIN_STEM`] letters or more in common, and most of the
//! shorter word), and the goal is planned again. The plan says each word
//! so read as an assumption; a goal that plans as typed is never changed,
//! and a reading that does not make the goal plan is dropped (the first
//! stop stands).

use crate::generator::text;
use crate::inputs::{ColumnKind, InputDescription};
use crate::lang::Lang;

/// The fewest first letters a word and the data's word share ("scored",
/// "score"): fewer meet unrelated words ("part" and "party").
const MIN_STEM: usize = 5;

/// The share of the shorter word its shared first letters cover, in
/// tenths ("financier" and "finance" share 6 of 7).
const MIN_STEM_TENTHS: usize = 6;

/// A word read as a word of the data.
#[derive(Debug, Clone, PartialEq)]
pub struct Reread {
    /// As typed.
    pub typed: String,
    /// As read: a column's name or a value, as the data writes it.
    pub read: String,
}

/// A word of the data a typed word may stand for: the word to match
/// (folded) and what the goal is given instead.
struct DataWord {
    folded: String,
    written: String,
    /// A column of numbers: a verb never names it ("how many people
    /// converted" counts no `conversions` cells).
    numbers: bool,
}

/// Endings of verbs (participles, gerunds): "converted", "scored",
/// "visitando", "réglées" (not "é" alone, which ends nouns as often).
const VERB_ENDINGS: &[&str] = &[
    "ed", "ing", "ee", "ees", "ado", "ada", "ados", "adas", "ido", "ida", "idos", "idas", "aron",
    "ieron", "ando", "iendo",
];

/// Whether `word` (folded) ends like a verb.
fn verb_like(word: &str) -> bool {
    VERB_ENDINGS.iter().any(|e| word.ends_with(e))
}

/// The goal with each word of `unplaced` that stands for exactly one word
/// of the data read as it, and the words so read; none when no word does.
pub fn reread(
    goal: &str,
    unplaced: &[String],
    inputs: &[InputDescription],
) -> Option<(String, Vec<Reread>)> {
    let data = data_words(inputs);
    let typed: Vec<&str> = unplaced.iter().flat_map(|w| w.split_whitespace()).collect();
    let mut spans = Vec::new();
    let mut reread = Vec::new();
    for token in text::tokens(goal) {
        if !typed.contains(&token.raw.as_str()) || spans.iter().any(|(s, _)| *s == token.span) {
            continue;
        }
        let word = token.folded.as_str();
        if word.chars().count() < MIN_STEM || data.iter().any(|d| d.folded == word) {
            continue;
        }
        let mut near: Vec<&str> = data
            .iter()
            .filter(|d| same_stem(word, &d.folded) && !(d.numbers && verb_like(word)))
            .map(|d| d.written.as_str())
            .collect();
        near.dedup();
        if let [one] = near.as_slice() {
            spans.push((token.span, (*one).to_owned()));
            reread.push(Reread {
                typed: token.raw.clone(),
                read: (*one).to_owned(),
            });
        }
    }
    let mut chars: Vec<char> = goal.chars().collect();
    spans.sort_by_key(|((from, _), _)| *from);
    for ((from, to), read) in spans.into_iter().rev() {
        chars.splice(from..to, read.chars());
    }
    (!reread.is_empty()).then(|| (chars.into_iter().collect(), reread))
}

/// The reading said in the goal's language.
pub fn said(r: &Reread, lang: Lang) -> String {
    let (typed, read) = (&r.typed, &r.read);
    lang.pick(
        format!("\"{typed}\" is read as \"{read}\", a word of the data"),
        format!("« {typed} » est lu « {read} », un mot des données"),
        format!("«{typed}» se lee «{read}», una palabra de los datos"),
    )
}

/// Whether `a` and `b` begin with the same [`MIN_STEM`] letters or more,
/// covering most of the shorter.
fn same_stem(a: &str, b: &str) -> bool {
    let shared = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
    let shorter = a.chars().count().min(b.chars().count());
    shared >= MIN_STEM && shared * 10 >= shorter * MIN_STEM_TENTHS
}

/// The files' column names (their last word, the name given instead) and their
/// listed values of one word (the value given instead), in order, each
/// once.
fn data_words(inputs: &[InputDescription]) -> Vec<DataWord> {
    let mut out: Vec<DataWord> = Vec::new();
    let mut add = |folded: String, written: &str, numbers: bool| {
        if !out
            .iter()
            .any(|d| d.folded == folded && d.written == written)
        {
            out.push(DataWord {
                folded,
                written: written.to_owned(),
                numbers,
            });
        }
    };
    for c in inputs.iter().flat_map(|i| &i.columns) {
        // The head of the name only: "customers" is not `customer_age`.
        if let Some(w) = text::name_words(&c.name).last() {
            let numbers = matches!(c.kind, ColumnKind::Integer | ColumnKind::Decimal);
            add(text::fold(w), &c.name, numbers);
        }
        for v in &c.values {
            if let [one] = text::tokens(v).as_slice() {
                if one.folded.chars().any(char::is_alphabetic) {
                    add(one.folded.clone(), v, false);
                }
            }
        }
    }
    out.sort_by(|a, b| a.written.cmp(&b.written));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::golden_input;

    fn on(file: &str, goal: &str, unplaced: &[&str]) -> Option<String> {
        let words: Vec<String> = unplaced.iter().map(|w| w.to_string()).collect();
        reread(goal, &words, &[golden_input(file)]).map(|(g, _)| g)
    }

    #[test]
    fn a_word_that_begins_like_one_word_of_the_data_is_read_as_it() {
        assert_eq!(
            on(
                "hr.csv",
                "la personne la plus jeune du service financier",
                &["financier"]
            )
            .as_deref(),
            Some("la personne la plus jeune du service Finance")
        );
        assert_eq!(
            on(
                "survey.csv",
                "score moyen des répondants français",
                &["français"]
            )
            .as_deref(),
            Some("score moyen des répondants France")
        );
        assert_eq!(
            on("pub2-cars.csv", "voitures à 4 cylindres", &["cylindres"]).as_deref(),
            Some("voitures à 4 Cylinders")
        );
    }

    #[test]
    fn a_word_near_several_or_no_word_of_the_data_is_left() {
        // "Non-binary" is two words: "binarios" is only part of it.
        assert_eq!(
            on("hr.csv", "cuantos empleados no binarios hay", &["binarios"]),
            None
        );
        // Short words, and words sharing too little.
        assert_eq!(on("hr.csv", "the sales team", &["team"]), None);
        assert_eq!(
            on("shop.csv", "the returning customers", &["customers"]),
            None
        );
        // A verb never names a column of numbers: "converted" counts no
        // cells of `conversions`.
        assert_eq!(
            on(
                "web.csv",
                "how many people converted on the signup page",
                &["converted"]
            ),
            None
        );
        // Only the words the stop named are read.
        assert_eq!(on("hr.csv", "le service financier", &[]), None);
    }
}
