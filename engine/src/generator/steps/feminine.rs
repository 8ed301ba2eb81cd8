//! Words said in the feminine, read before anything else matches them:
//! "Combien de fumeuses ?", "âge médian des survivantes", "frais moyens
//! des non-fumeuses", "cargos medios de las fumadoras".
//!
//! A feminine form of a word the planner knows (a column's synonym, a
//! flag's word, a value) is read as that word. Said as a noun (after an
//! article, "de", "non" or at the start) it also names the women: the rows
//! where the file's sex column holds its female value are kept, and the
//! reading says so. Said after a noun it only agrees with it ("personnes
//! fumeuses", "commandes annulées", "mujeres fumadoras"): no filter.
//! With no column of women in the files, a feminine noun is left unread
//! and the plan stops on it rather than count everyone.

use crate::generator::lexicon;
use crate::generator::plan::conditions::value_synonyms_of;
use crate::generator::plan::reading::Reading;
use crate::generator::terms::Cmp;
use crate::generator::text;
use crate::inputs::ColumnKind;

/// Feminine endings and the masculine ones they stand for (FR, ES),
/// longest first.
const ENDINGS: &[(&str, &str)] = &[
    ("euses", "eurs"),
    ("euse", "eur"),
    ("antes", "ants"),
    ("ante", "ant"),
    ("oras", "ores"),
    ("ora", "or"),
    ("as", "os"),
    ("a", "o"),
];

/// French feminine endings that Spanish uses for both genders ("les
/// adhérentes" are women; "los clientes" are not).
const FRENCH_ENDINGS: &[(&str, &str)] = &[("entes", "ents"), ("ente", "ent")];

/// Words before a feminine word that make it a noun: the rows are women.
const NOUN_MAKERS: &[&str] = &[
    "les", "des", "la", "une", "aux", "de", "d", "las", "unas", "una", "non", "no", "entre",
    "cuantas", "muchas", "algunas", "todas", "toutes", "nos", "mes", "vos", "nuestras", "mis",
    "sus",
];

/// Reads the feminine words of the goal.
pub fn read(r: &mut Reading) {
    let known = known_words(r);
    for i in 0..r.g.tokens.len() {
        let t = &r.g.tokens[i];
        let grammar = lexicon::OPS
            .iter()
            .any(|(p, _)| text::same_word(p, &t.folded))
            || lexicon::STOP_WORDS.contains(&t.key.as_str())
            || crate::generator::plan::words::is_filler(t);
        let participle = participle_of(&t.raw, &known);
        let known_as_is = known.contains(&t.folded) || known.contains(&t.key);
        // "salariées" is itself a word for the women ("salariés" would be
        // read as the salary column).
        let a_value = value_synonyms_of(&t.folded).contains(&"female");
        if r.g.used[i] || grammar || a_value || (known_as_is && participle.is_none()) {
            continue;
        }
        let french = r.lang == crate::lang::Lang::Fr;
        let Some(masculine) = participle.or_else(|| masculine_of(&t.folded, &known, french)) else {
            continue;
        };
        let as_noun = i == 0 || NOUN_MAKERS.contains(&r.g.tokens[i - 1].folded.as_str());
        if as_noun {
            let Some((column, value)) = female_value(r) else {
                continue;
            };
            let raw = t.raw.clone();
            r.add_value(column.clone(), Cmp::Eq, value.clone());
            let said = r.say(
                format!("“{raw}”, said in the feminine: women only ({column} is {value})"),
                format!("« {raw} », dit au féminin : les femmes seulement ({column} vaut {value})"),
                format!("«{raw}», dicho en femenino: solo las mujeres ({column} es {value})"),
            );
            r.understood.push(said);
        }
        let t = &mut r.g.tokens[i];
        t.key = text::singular(&masculine);
        t.folded = masculine;
    }
}

/// True when `token` is the feminine of a word the planner knows
/// ("fumeuses", "clientas"): a word of the data, never a story's.
pub(crate) fn of_a_known_word(r: &Reading, token: &text::Token) -> bool {
    let known = known_words(r);
    let french = r.lang == crate::lang::Lang::Fr;
    participle_of(&token.raw, &known).is_some()
        || masculine_of(&token.folded, &known, french).is_some()
}

/// The masculine form of a feminine word, when it is a word we know.
fn masculine_of(folded: &str, known: &[String], french: bool) -> Option<String> {
    let french_endings = if french { FRENCH_ENDINGS } else { &[] };
    french_endings
        .iter()
        .chain(ENDINGS)
        .find_map(|(fem, masc)| {
            let stem = folded.strip_suffix(fem)?;
            if stem.chars().count() < 3 {
                return None;
            }
            let candidate = format!("{stem}{masc}");
            known
                .iter()
                .any(|k| text::same_word(&candidate, k))
                .then_some(candidate)
        })
}

/// "employées" → "employés": a French feminine in -ée(s), seen in the word
/// as written (folded, "employées" is the English "employees").
fn participle_of(raw: &str, known: &[String]) -> Option<String> {
    let lower = raw.to_lowercase();
    let stem = lower
        .strip_suffix("ées")
        .or_else(|| lower.strip_suffix("ée"))?;
    let candidate = text::fold(&format!("{stem}és"));
    known
        .iter()
        .any(|k| text::same_word(&candidate, k))
        .then_some(candidate)
}

/// Words the planner knows: column synonyms, flag words, and the words of
/// the files' column names and text values.
fn known_words(r: &Reading) -> Vec<String> {
    let mut known: Vec<String> = lexicon::SYNONYMS
        .iter()
        .chain(crate::generator::plan::conditions::VALUE_SYNONYMS)
        .flat_map(|g| g.iter())
        .chain(super::codes::flag_words())
        .chain(crate::generator::plan::words::ROW_NOUNS)
        .map(|w| (*w).to_owned())
        .collect();
    for c in r.inputs.iter().flat_map(|i| i.columns.iter()) {
        known.extend(text::name_words(&c.name));
        if c.kind == ColumnKind::Text {
            for v in &c.values {
                known.extend(text::tokens(v).into_iter().map(|t| t.folded));
            }
        }
    }
    known.retain(|w| w.chars().count() >= 4);
    known
}

/// The column of the files that holds a female value, and that value.
pub(crate) fn female_value(r: &Reading) -> Option<(String, String)> {
    let female = value_synonyms_of("female");
    r.inputs
        .iter()
        .flat_map(|i| i.columns.iter())
        .filter(|c| matches!(c.kind, ColumnKind::Text | ColumnKind::Boolean))
        .find_map(|c| {
            let v = c
                .values
                .iter()
                .find(|v| female.contains(&text::fold(v).as_str()))?;
            Some((c.name.clone(), v.clone()))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::golden_input;
    use crate::generator::plan::{plan, FilterValue, GoalProblem};
    use crate::lang::Lang;

    fn kept(goal: &str, drop_column: Option<&str>) -> Result<Vec<String>, GoalProblem> {
        let mut input = golden_input("insurance.csv");
        input
            .columns
            .retain(|c| Some(c.name.as_str()) != drop_column);
        let p = plan(goal, Lang::detect(goal), &[input])?;
        Ok(p.filters
            .iter()
            .map(|f| match &f.value {
                FilterValue::List(v) => format!("{}={}", f.column, v.join("/")),
                other => format!("{}={other:?}", f.column),
            })
            .collect())
    }

    #[test]
    fn a_feminine_noun_keeps_the_women_and_an_agreeing_adjective_does_not() {
        let women = ["sex=female".to_owned(), "smoker=yes".to_owned()];
        assert_eq!(kept("Combien de fumeuses ?", None).unwrap(), women);
        assert_eq!(kept("cargos medios de las fumadoras", None).unwrap(), women);
        assert_eq!(
            kept("frais moyens des non-fumeuses", None).unwrap(),
            ["sex=female".to_owned(), "smoker=no".to_owned()]
        );
        // "personnes" is feminine: the adjective agrees with it.
        assert_eq!(
            kept("Combien de personnes fumeuses ?", None).unwrap(),
            ["smoker=yes".to_owned()]
        );
        // An operation said in the feminine is no person.
        assert_eq!(
            kept("la mediana de cargos", None).unwrap(),
            Vec::<String>::new()
        );
    }

    #[test]
    fn a_feminine_noun_with_no_column_of_women_stops_on_it() {
        match kept("Combien de fumeuses ?", Some("sex")) {
            Err(GoalProblem::Unplaced { words, .. }) => {
                assert!(words.iter().any(|w| w.contains("fumeuses")), "{words:?}")
            }
            other => panic!("expected a stop on 'fumeuses', got {other:?}"),
        }
    }

    fn known(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| (*w).to_owned()).collect()
    }

    #[test]
    fn a_feminine_form_is_read_only_as_a_word_we_know() {
        let k = known(&["fumeur", "fumador", "survivant", "veterano"]);
        assert_eq!(
            masculine_of("fumeuses", &k, false).as_deref(),
            Some("fumeurs")
        );
        assert_eq!(
            masculine_of("fumadoras", &k, false).as_deref(),
            Some("fumadores")
        );
        assert_eq!(
            masculine_of("survivantes", &k, false).as_deref(),
            Some("survivants")
        );
        assert_eq!(
            masculine_of("veteranas", &k, false).as_deref(),
            Some("veteranos")
        );
        // Not words we know: left alone.
        assert_eq!(masculine_of("vendeuses", &k, false), None);
        assert_eq!(masculine_of("casa", &k, false), None);
        // -ente is feminine in French only ("los clientes" are not women).
        let k = known(&["adherent", "client"]);
        assert_eq!(
            masculine_of("adherentes", &k, true).as_deref(),
            Some("adherents")
        );
        assert_eq!(masculine_of("clientes", &k, false), None);
    }
}
