//! Missing values said as something not filled in: "how many people have
//! no city filled in", "no salary recorded", "combien de ventes n'ont pas
//! de remise renseignée", "¿cuántos pasajeros no tienen el camarote
//! registrado?", "how many passengers have no cabin" (a column of text
//! with empty cells). The words of the negation and of the filling are
//! placed and the column's empty cells are counted, as "how many cities
//! are missing" is.
//!
//! The emptiness may also be said after the column: "with the salary
//! cell empty", "où la remise n'est pas renseignée".
//!
//! Without a word of filling, "no discount", "sin hijos" on a column of
//! numbers stay a condition on a zero (`steps::happened`): only a column
//! of text is missing by "no" alone.

use crate::generator::lexicon::Op;
use crate::generator::plan::reading::Reading;
use crate::inputs::ColumnKind;

/// Words of a negation before the column ("no city", "n'ont pas de
/// remise", "no tienen el camarote", "without a city").
const NEGATIONS: &[&str] = &[
    "no", "not", "without", "pas", "sans", "sin", "aucun", "aucune",
];

/// Words that may stand between the negation and the column.
const BRIDGE: &[&str] = &[
    "a", "an", "any", "the", "their", "its", "de", "d", "la", "le", "l", "el", "los", "las", "su",
    "sus", "tienen", "tiene", "have", "has", "un", "une", "ningun", "ninguna",
];

/// Words of filling after the column ("filled in", "recorded",
/// "renseignée", "registrado").
const FILLED: &[&str] = &[
    "filled",
    "in",
    "recorded",
    "entered",
    "given",
    "listed",
    "known",
    "set",
    "renseigne",
    "renseignee",
    "renseignes",
    "renseignees",
    "saisi",
    "saisie",
    "saisis",
    "saisies",
    "indique",
    "indiquee",
    "rempli",
    "remplie",
    "registrado",
    "registrada",
    "registrados",
    "registradas",
    "indicado",
    "indicada",
    "rellenado",
    "rellenada",
    "anotado",
    "anotada",
];

/// How far before the column the negation may stand.
const REACH: usize = 4;

/// Words of emptiness after the column ("the salary cell empty", "city is
/// blank", "la ville est vide", "la edad vacía").
const EMPTY: &[&str] = &[
    "empty", "blank", "vide", "vides", "vacia", "vacio", "vacias", "vacios",
];

/// Words that may stand between the column and its emptiness or its
/// negated filling ("cell", "is", "n'est pas", "no está").
const AFTER_BRIDGE: &[&str] = &[
    "cell", "cells", "field", "is", "are", "was", "were", "left", "not", "case", "cellule", "est",
    "sont", "n", "ne", "pas", "celda", "campo", "es", "esta", "estan", "no",
];

/// Reads the columns said as not filled in (see the module's doc).
pub fn read(r: &mut Reading) {
    let mentions = r.mentions.clone();
    for m in mentions {
        if said_empty_after(r, m.start + m.len) {
            continue;
        }
        let tokens = &r.g.tokens;
        let Some(negation) = (m.start.saturating_sub(REACH)..m.start).rev().find(|&i| {
            NEGATIONS.contains(&tokens[i].folded.as_str())
                && (i + 1..m.start).all(|j| BRIDGE.contains(&tokens[j].folded.as_str()))
        }) else {
            continue;
        };
        let after = m.start + m.len;
        let filled = (after..tokens.len())
            .take_while(|&i| FILLED.contains(&tokens[i].folded.as_str()))
            .count();
        // "in" alone after the column is a place ("no one in Sales").
        let filling = filled > 0 && tokens[after].folded != "in";
        let text_with_gaps = r
            .inputs
            .iter()
            .flat_map(|i| &i.columns)
            .any(|c| c.name == m.column && c.kind == ColumnKind::Text && c.empty_cells > 0);
        let spans = (negation..m.start).chain(after..after + filled);
        if !(filling || text_with_gaps) || !spans.clone().all(|i| r.g.free(i, 1)) {
            continue;
        }
        for i in spans {
            r.g.take(i, 1);
        }
        // "n'ont pas de remise": the "n'" of the French negation.
        let ne = negation
            .checked_sub(2)
            .filter(|&i| matches!(r.g.tokens[i].folded.as_str(), "n" | "ne") && r.g.free(i, 1));
        if let Some(i) = ne {
            r.g.take(i, 1);
        }
        r.ops.push((negation, Op::Missing));
    }
}

/// "with the salary cell empty", "où la remise n'est pas renseignée", "la
/// edad no está registrada": the column's emptiness said after it, with a
/// word of [`EMPTY`] or a negated word of filling. Its words are placed and
/// the empty cells counted.
fn said_empty_after(r: &mut Reading, after: usize) -> bool {
    let tokens = &r.g.tokens;
    let bridge = (after..tokens.len())
        .take_while(|&i| AFTER_BRIDGE.contains(&tokens[i].folded.as_str()))
        .count();
    let end = after + bridge;
    let Some(last) = tokens.get(end) else {
        return false;
    };
    let negated = (after..end).any(|i| NEGATIONS.contains(&tokens[i].folded.as_str()));
    let word = last.folded.as_str();
    let said = EMPTY.contains(&word) || (negated && FILLED.contains(&word) && word != "in");
    if !said || !r.g.free(after, bridge + 1) {
        return false;
    }
    r.g.take(after, bridge + 1);
    if tokens_say(r, end + 1, "in") {
        r.g.take(end + 1, 1);
    }
    r.ops.push((after, Op::Missing));
    true
}

/// The word at `at` is `word` and free.
fn tokens_say(r: &Reading, at: usize, word: &str) -> bool {
    r.g.tokens.get(at).is_some_and(|t| t.folded == word) && r.g.free(at, 1)
}

#[cfg(test)]
mod tests {
    use crate::generator::golden_input;
    use crate::generator::plan::plan;
    use crate::lang::Lang;

    /// The recipe of `goal` on `file`, as its debug text.
    fn recipe(file: &str, goal: &str) -> String {
        let inputs = [golden_input(file)];
        match plan(goal, Lang::detect(goal), &inputs) {
            Ok(p) => format!("{:?}", p.recipe),
            Err(e) => format!("stop {e:?}"),
        }
    }

    #[test]
    fn a_column_not_filled_in_counts_its_empty_cells() {
        for (file, goal, column) in [
            (
                "people.csv",
                "how many people on the list have no city filled in",
                "city",
            ),
            (
                "people.csv",
                "how many people have no salary recorded",
                "salary",
            ),
            (
                "passengers.csv",
                "¿Cuántos pasajeros no tienen el camarote registrado?",
                "Cabin",
            ),
            (
                "people.csv",
                "how many ppl with the salary cell empty",
                "salary",
            ),
            (
                "people.csv",
                "nombre de personnes où la ville n'est pas renseignée",
                "city",
            ),
        ] {
            let text = recipe(file, goal);
            assert!(
                text.contains("Missing") && text.contains(&format!("\"{column}\"")),
                "{goal}: {text}"
            );
        }
    }

    #[test]
    fn no_on_a_column_of_numbers_without_filling_is_no_missing_value() {
        let text = recipe(
            "insurance.csv",
            "average charges of people with no children",
        );
        assert!(!text.contains("Missing"), "{text}");
    }
}
