//! Values said as the adjective made from them: "le service financier"
//! for `Finance`, "nos répondants français" for `France`, "la región
//! parisina" for `Paris`, "les clients canadiens" for `Canada`. When a goal
//! stops on words it could not place, each such word that is exactly a
//! one-word value of the data with its last letter changed into an
//! adjective's ending ([`ADJECTIVE_ENDINGS`]: franc-e → franc-ais, financ-e
//! → financ-ier, Paris → paris-ina, Canad-a → canad-iens) is read as that
//! value, and the goal is planned again. The plan says each word so read
//! as an assumption; a goal that plans as typed is never changed, and a
//! reading that does not make the goal plan is dropped (the first stop
//! stands).
//!
//! Narrow on purpose: words that merely begin alike are other words
//! ("Nathalie" is not "Nathan", "returning" not "returned", "economics" not
//! "Econometrics", "departures" not "department"), and a column's name is
//! never reached this way.

use super::typos::{read_as, Correction};
use crate::generator::text;
use crate::inputs::InputDescription;
use crate::lang::Lang;

/// Endings that make an adjective of a place or a field from its noun, in
/// French, Spanish and English, folded.
const ADJECTIVE_ENDINGS: &[&str] = &[
    "ais", "aise", "aises", "ois", "oise", "oises", "ien", "ienne", "iens", "iennes", "ier",
    "iere", "iers", "ieres", "ano", "ana", "anos", "anas", "ino", "ina", "inos", "inas", "ense",
    "enses", "ian", "ians",
];

/// Endings a value may have where its adjective has its own: "France",
/// "Canada", "Mexico", "Paris".
const NOUN_ENDINGS: &[&str] = &["", "e", "a", "o", "y"];

/// The fewest letters a value and its adjective share ("Lyon" and
/// "lyonnais" share too little to tell).
const MIN_STEM: usize = 4;

/// The goal with each word of `unplaced` that is the adjective of exactly
/// one value of the data read as that value, and the words so read; none
/// when no word is.
pub fn reread(
    goal: &str,
    unplaced: &[String],
    inputs: &[InputDescription],
) -> Option<(String, Vec<Correction>)> {
    let values = one_word_values(inputs);
    let typed: Vec<&str> = unplaced.iter().flat_map(|w| w.split_whitespace()).collect();
    let mut reread = Vec::new();
    for token in text::tokens(goal) {
        if !typed.contains(&token.raw.as_str()) {
            continue;
        }
        let mut near: Vec<&str> = values
            .iter()
            .filter(|(folded, _)| adjective_of(&token.folded, folded))
            .map(|(_, written)| written.as_str())
            .collect();
        near.dedup();
        if let [one] = near.as_slice() {
            reread.push((
                token.span,
                Correction {
                    typed: token.raw.clone(),
                    read: (*one).to_owned(),
                },
            ));
        }
    }
    read_as(goal, reread)
}

/// Whether `word` is `value` with a noun's ending turned into an
/// adjective's ("francais" of "france", "parisina" of "paris").
fn adjective_of(word: &str, value: &str) -> bool {
    ADJECTIVE_ENDINGS.iter().any(|adjective| {
        word.strip_suffix(adjective).is_some_and(|stem| {
            stem.chars().count() >= MIN_STEM
                && NOUN_ENDINGS
                    .iter()
                    .any(|noun| value.strip_prefix(stem) == Some(noun))
        })
    })
}

/// The reading said in the goal's language.
pub fn said(r: &Correction, lang: Lang) -> String {
    let (typed, read) = (&r.typed, &r.read);
    lang.pick(
        format!("\"{typed}\" is read as \"{read}\", a word of the data"),
        format!("« {typed} » est lu « {read} », un mot des données"),
        format!("«{typed}» se lee «{read}», una palabra de los datos"),
    )
}

/// The files' listed values of one word: folded, and as written.
fn one_word_values(inputs: &[InputDescription]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for v in inputs
        .iter()
        .flat_map(|i| &i.columns)
        .flat_map(|c| &c.values)
    {
        if let [one] = text::tokens(v).as_slice() {
            let pair = (one.folded.clone(), v.clone());
            if one.folded.chars().all(char::is_alphabetic) && !out.contains(&pair) {
                out.push(pair);
            }
        }
    }
    out.sort_by(|a, b| a.1.cmp(&b.1));
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
    fn the_adjective_of_one_value_is_read_as_it() {
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
            on(
                "survey.csv",
                "average score of the Canadian respondents",
                &["Canadian"]
            )
            .as_deref(),
            Some("average score of the Canada respondents")
        );
    }

    #[test]
    fn words_that_only_begin_like_a_value_are_left() {
        for (file, goal, word) in [
            // "Non-binary" is two words: "binarios" is only part of it.
            ("hr.csv", "cuantos empleados no binarios hay", "binarios"),
            // Beginning alike is no adjective of it.
            (
                "shop.csv",
                "total revenue from returning customers",
                "returning",
            ),
            (
                "hr.csv",
                "How many departures were there in Engineering?",
                "departures",
            ),
            (
                "survey.csv",
                "score of the francophone respondents",
                "francophone",
            ),
            (
                "pets.csv",
                "average adoption fee of Labradoodles",
                "Labradoodles",
            ),
        ] {
            assert_eq!(on(file, goal, &[word]), None, "{goal}");
        }
        // Only the words the stop named are read.
        assert_eq!(on("hr.csv", "le service financier", &[]), None);
    }
}
