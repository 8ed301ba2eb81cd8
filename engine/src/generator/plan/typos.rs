//! Words typed a letter off ("avergae wind speed", "moyene des dépenses",
//! "salario medio por departamneto"): when a goal does not plan as typed,
//! each word that is one edit (a letter added, dropped, changed, or two
//! letters swapped) from exactly one of a short list of words people ask
//! with ([`TARGETS`]: statistics, "which", "department") is read as that
//! word, and the goal is planned again. The words of the files' column
//! names are read so too ("speceis", "vists"), by a letter added, dropped
//! or swapped only, and never from a word the planner knows. The list is short on purpose: a
//! longer one meets real words one letter away ("fiable" → "faible",
//! "perdido" → "pedido", "tempo" → "tiempo").
//! The plan then says each correction as an assumption; a goal that plans
//! as typed is never corrected, and a correction that does not make the
//! goal plan is dropped (the first stop stands).

use crate::generator::text;
use crate::inputs::InputDescription;
use crate::lang::Lang;

/// The words a typo is read as, folded: none is one edit (inside the word)
/// from a common English, French or Spanish word.
const TARGETS: &[&str] = &[
    "average",
    "moyenne",
    "promedio",
    "median",
    "mediane",
    "mediana",
    "maximum",
    "minimum",
    "correlation",
    "correlacion",
    "percentage",
    "pourcentage",
    "porcentaje",
    "which",
    "department",
    "departement",
    "departamento",
    "salary",
    "highest",
    "overall",
    "different",
    "combien",
    "vendimos",
    "temperature",
    "temperatura",
    "height",
    "survivors",
    "bureau",
];

/// English negations typed without their apostrophe, and as read.
const CONTRACTIONS: &[(&str, &str)] = &[
    ("dont", "don't"),
    ("doesnt", "doesn't"),
    ("didnt", "didn't"),
    ("isnt", "isn't"),
    ("arent", "aren't"),
    ("wasnt", "wasn't"),
    ("werent", "weren't"),
    ("havent", "haven't"),
    ("hasnt", "hasn't"),
    // short words typed a letter off that no English word is
    ("wich", "which"),
    ("whcih", "which"),
    ("whihc", "which"),
];

/// The shortest word corrected ("medain"): shorter ones are too often
/// another word one letter away ("east" from "least", "gato" from
/// "gasto").
const MIN_TYPED_LEN: usize = 5;

/// The shortest word a typo is read as ("which"): "mean" is one letter
/// from "men", "meal", "moan".
const MIN_KNOWN_LEN: usize = 5;

/// The shortest word read with one letter changed ("avarage"): shorter
/// ones are too often another word ("claque", "chaque").
const MIN_CHANGED_LEN: usize = 7;

/// A word read as another (a typo here, a value's adjective in `stems`).
#[derive(Debug, Clone, PartialEq)]
pub struct Correction {
    /// As typed.
    pub typed: String,
    /// As read.
    pub read: String,
}

/// The goal with its typos corrected, and the corrections; none when no
/// word of it is one edit from exactly one known word.
pub fn corrected(
    goal: &str,
    lang: Lang,
    inputs: &[InputDescription],
) -> Option<(String, Vec<Correction>)> {
    let data = data_words(inputs);
    // "average adoption fee per speceis", "total vists": the words of
    // the files' column names are read through a typo too.
    let columns = column_words(inputs);
    let mut fixes = Vec::new();
    for token in text::tokens(goal) {
        let typed = token.folded.as_str();
        // "homes that dont have a garage": English typed without its
        // apostrophe ("dont" is French "of which").
        let contraction = CONTRACTIONS.iter().find(|(w, _)| *w == typed);
        if let (Some((_, read)), Lang::En) = (contraction, lang) {
            fixes.push((
                token.span,
                Correction {
                    typed: token.raw.clone(),
                    read: (*read).to_owned(),
                },
            ));
            continue;
        }
        // A word typed with its accents ("claqué") was typed with care; a
        // word of the data ("tempo") is the data's.
        if typed.chars().count() < MIN_TYPED_LEN
            || !token.raw.chars().all(|c| c.is_ascii_alphabetic())
            || TARGETS.contains(&typed)
            || data.iter().any(|w| *w == typed || *w == token.key)
        {
            continue;
        }
        // A column's word is reached by a letter added, dropped or two
        // swapped, never changed ("changes" is no `charges`), and never
        // from a word the planner knows ("stats").
        let known = crate::generator::plan::words::is_filler(&token);
        let near: Vec<&str> = TARGETS
            .iter()
            .copied()
            .filter(|k| one_edit(typed, k))
            .chain(
                columns
                    .iter()
                    .map(String::as_str)
                    .filter(|k| !known && one_edit(typed, k) && !one_letter_changed(typed, k)),
            )
            .filter(|k| k.chars().count() >= MIN_KNOWN_LEN)
            .collect();
        let near = dedup(near);
        if let [one] = near.as_slice() {
            fixes.push((
                token.span,
                Correction {
                    typed: token.raw.clone(),
                    read: (*one).to_owned(),
                },
            ));
        }
    }
    read_as(goal, fixes)
}

/// The goal with each word at its span (in characters, in the goal's
/// order) replaced by what it is read as, and the words so read; none
/// when no word is.
pub(super) fn read_as(
    goal: &str,
    found: Vec<((usize, usize), Correction)>,
) -> Option<(String, Vec<Correction>)> {
    if found.is_empty() {
        return None;
    }
    let mut chars: Vec<char> = goal.chars().collect();
    for ((from, to), c) in found.iter().rev() {
        chars.splice(*from..*to, c.read.chars());
    }
    Some((
        chars.into_iter().collect(),
        found.into_iter().map(|(_, c)| c).collect(),
    ))
}

/// The correction said in the goal's language.
pub fn said(fix: &Correction, lang: Lang) -> String {
    let (typed, read) = (&fix.typed, &fix.read);
    lang.pick(
        format!("\"{typed}\" is read as \"{read}\" (a typo)"),
        format!("« {typed} » est lu « {read} » (une faute de frappe)"),
        format!("«{typed}» se lee «{read}» (una errata)"),
    )
}

/// The words of the files' column names and listed values, folded.
pub(super) fn data_words(inputs: &[InputDescription]) -> Vec<String> {
    inputs
        .iter()
        .flat_map(|i| &i.columns)
        .flat_map(|c| std::iter::once(&c.name).chain(&c.values))
        .flat_map(|w| text::name_words(w))
        .map(|w| text::fold(&w))
        .collect()
}

/// The words of the files' column names, folded, that are a word of
/// letters long enough to be read through a typo.
fn column_words(inputs: &[InputDescription]) -> Vec<String> {
    let mut words: Vec<String> = inputs
        .iter()
        .flat_map(|i| &i.columns)
        .flat_map(|c| {
            // as written ("species") and in the singular ("specie")
            let written = text::tokens(&c.name).into_iter().map(|t| t.folded);
            text::name_words(&c.name).into_iter().chain(written)
        })
        .map(|w| text::fold(&w))
        .filter(|w| {
            w.chars().count() >= MIN_KNOWN_LEN && w.chars().all(|c| c.is_ascii_alphabetic())
        })
        .collect();
    words.sort();
    words.dedup();
    words
}

/// `words` without repeats, in their order.
fn dedup(mut words: Vec<&str>) -> Vec<&str> {
    let mut seen = Vec::new();
    words.retain(|w| {
        let new = !seen.contains(w);
        seen.push(*w);
        new
    });
    words
}

/// Whether `a` and `b` are as long and differ by one letter only.
fn one_letter_changed(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    a.len() == b.len() && a.iter().zip(&b).filter(|(x, y)| x != y).count() == 1
}

/// Whether `a` becomes `b` by one letter added, dropped, changed, or two
/// neighbouring letters swapped — not at the first letter ("Centre" is
/// not "entre") nor the last, where words change their ending
/// ("comprado", "comprador").
fn one_edit(a: &str, b: &str) -> bool {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a == b || a.len().abs_diff(b.len()) > 1 || a.last() != b.last() || a[0] != b[0] {
        return false;
    }
    let first = (0..a.len().min(b.len())).find(|&i| a[i] != b[i]);
    let Some(i) = first else {
        // one is the other with a letter added at the end
        return true;
    };
    match a.len().cmp(&b.len()) {
        std::cmp::Ordering::Equal => {
            let changed = a.len() >= MIN_CHANGED_LEN && a[i + 1..] == b[i + 1..];
            let swapped =
                i + 1 < a.len() && a[i] == b[i + 1] && a[i + 1] == b[i] && a[i + 2..] == b[i + 2..];
            changed || swapped
        }
        std::cmp::Ordering::Less => a[i..] == b[i + 1..],
        std::cmp::Ordering::Greater => a[i + 1..] == b[i..],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_edit_is_a_letter_added_dropped_changed_or_swapped() {
        for (a, b) in [
            ("avergae", "average"),
            ("moyene", "moyenne"),
            ("whcih", "which"),
            ("departamneto", "departamento"),
            ("medain", "median"),
            ("totl", "total"),
            ("avarage", "average"),
            ("avreage", "average"),
        ] {
            assert!(one_edit(a, b), "{a} {b}");
        }
        for (a, b) in [
            ("average", "average"),
            ("aveegar", "average"),
            ("meen", "median"),
            ("comprado", "comprador"),
            ("centre", "entre"),
            ("claque", "chaque"),
        ] {
            assert!(!one_edit(a, b), "{a} {b}");
        }
    }

    #[test]
    fn a_typo_near_one_known_word_is_read_as_it_and_said() {
        let (goal, fixes) = corrected("avergae wind speed in lyon in 2023", Lang::En, &[]).unwrap();
        assert_eq!(goal, "average wind speed in lyon in 2023");
        assert_eq!(fixes[0].typed, "avergae");
        assert!(said(&fixes[0], Lang::En).contains("typo"));
        let (goal, _) = corrected("moyene de Hugo", Lang::En, &[]).unwrap();
        assert_eq!(goal, "moyenne de Hugo");
        // known words, and words near none, are left as typed
        assert!(corrected("average wind speed in Lyon", Lang::En, &[]).is_none());
        assert!(corrected("how windy was it for my boss", Lang::En, &[]).is_none());
        // short words are too often other words: "east" is not "least"
        assert!(corrected("target for the east", Lang::En, &[]).is_none());
    }
}
