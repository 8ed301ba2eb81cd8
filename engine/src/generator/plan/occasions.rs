//! Who the answer is for and the occasion it is for, said around the
//! question: "My boss, who runs the North office, wants …", "Mi jefa de
//! Getafe necesita …", "… for Monday's meeting", "Pour mon rapport, …",
//! "para la reunión del lunes", "no sé por dónde empezar". Their words
//! are context, never columns, values or operations ("rapport" is no ratio
//! there, "Monday" no weekday, "budget" no column): each phrase is placed
//! whole and restated as context, before any of its words is read.
//!
//! A value of the data inside such a phrase ("the North office") keeps it
//! from being set aside unless the goal says it wants every value
//! ("the company's total", "toutes régions confondues"): otherwise it may
//! be what is asked, and the plan stops on it rather than guess.

use super::reading::Reading;

/// Words that open an occasion: "for my report", "before Friday's
/// meeting", "pour ma réunion", "para la reunión", "antes de la junta".
const OPENERS: &[&[&str]] = &[
    &["for"],
    &["before"],
    &["ahead", "of"],
    &["in", "time", "for"],
    &["pour"],
    &["avant"],
    &["para"],
    &["antes", "de"],
    &["antes", "del"],
];

/// Words between an opener and the occasion that only point at it.
const DETERMINERS: &[&str] = &[
    "my", "our", "the", "this", "a", "an", "mon", "ma", "mes", "notre", "nos", "le", "la", "les",
    "l", "ce", "cette", "un", "une", "mi", "mis", "nuestra", "nuestro", "el", "los", "las", "este",
    "esta", "una",
];

/// Words of a grouping, never inside an occasion's words ("for each
/// Type and report …").
const EACH: &[&str] = &["each", "every", "per", "chaque", "par", "cada", "por"];

/// Occasions an answer is wanted for (folded, singular).
const OCCASIONS: &[&str] = &[
    "meeting",
    "review",
    "report",
    "slide",
    "deck",
    "presentation",
    "homework",
    "assignment",
    "pitch",
    "memo",
    "email",
    "newsletter",
    "reunion",
    "rapport",
    "bilan",
    "expose",
    "devoir",
    "diaporama",
    "informe",
    "presentacion",
    "tarea",
    "deber",
    "deberes",
    "junta",
    "charla",
    "diapositiva",
];

/// Words that open a clause saying what the answer is for ("it's for",
/// "c'est pour", "es para").
const PURPOSE: &[&[&str]] = &[
    &["it", "for"],
    &["it", "is", "for"],
    &["its", "for"],
    &["this", "is", "for"],
    &["that", "is", "for"],
    &["c", "est", "pour"],
    &["ce", "est", "pour"],
    &["cest", "pour"],
    &["es", "para"],
    &["esto", "es", "para"],
    &["son", "para"],
];

/// Words of when an occasion is, said around it ("Monday's meeting", "la
/// réunion de lundi", "la reunión del lunes", "tomorrow's call").
const WHEN: &[&str] = &[
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "lundi",
    "mardi",
    "mercredi",
    "jeudi",
    "vendredi",
    "samedi",
    "dimanche",
    "lunes",
    "martes",
    "miercoles",
    "jueves",
    "viernes",
    "sabado",
    "domingo",
    "tomorrow",
    "tonight",
    "morning",
    "afternoon",
    "evening",
    "soir",
    "matin",
    "tarde",
    "noche",
    "today",
    "demain",
    "manana",
    "hoy",
    "weekly",
    "monthly",
    "annual",
    "yearly",
    "hebdomadaire",
    "mensuel",
    "mensuelle",
    "annuel",
    "annuelle",
    "semanal",
    "mensual",
    "anual",
];

/// Words that may join an occasion to its day ("de lundi", "del lunes",
/// "on Monday", "next week").
const WHEN_GLUE: &[&str] = &[
    "de",
    "du",
    "del",
    "on",
    "this",
    "next",
    "prochain",
    "prochaine",
    "ce",
    "cette",
    "este",
    "esta",
    "las",
    "at",
];

/// Idioms of the asker that ask nothing ("no sé por dónde empezar").
const IDIOMS: &[&str] = &[
    "no se por donde empezar",
    "je ne sais pas par ou commencer",
    "i don t know where to start",
    "i dont know where to start",
    "no idea where to start",
];

/// Words that start the phrase of who asks ("My boss …").
const OWNERS: &[&str] = &[
    "our", "my", "the", "notre", "mon", "ma", "nuestro", "nuestra", "mi", "el", "la", "le",
];

/// People who ask for an answer.
const PEOPLE: &[&str] = &[
    "director",
    "boss",
    "manager",
    "teacher",
    "client",
    "customer",
    "team",
    "wife",
    "husband",
    "accountant",
    "supervisor",
    "colleague",
    "coworker",
    "head",
    "lead",
    "directeur",
    "directrice",
    "chef",
    "cheffe",
    "patron",
    "patronne",
    "comptable",
    "professeur",
    "equipe",
    "responsable",
    "collegue",
    "superviseur",
    "directora",
    "jefe",
    "jefa",
    "gerente",
    "contable",
    "profesor",
    "profesora",
    "equipo",
    "colega",
    // audiences an answer is for ("For the investors, …")
    "investor",
    "shareholder",
    "stakeholder",
    "auditor",
    "reader",
    "actionnaire",
    "investisseur",
    "auditeur",
    "lecteur",
    "inversor",
    "inversionista",
    "accionista",
    "lector",
];

/// True when `token` names an occasion or a person an answer is for
/// ("meeting", "rapport", "boss", "jefa").
pub(super) fn says_an_occasion(token: &crate::generator::text::Token) -> bool {
    OCCASIONS.contains(&token.key.as_str()) || PEOPLE.contains(&token.key.as_str())
}

/// Verbs of asking for an answer.
const ASKS: &[&str] = &[
    "wants",
    "needs",
    "asked",
    "asks",
    "requested",
    "veut",
    "demande",
    "souhaite",
    "voudrait",
    "quiere",
    "necesita",
    "pide",
    "pidio",
    "queria",
];

/// Words after the verb of asking that still say only that an answer is
/// wanted ("wants to know", "asked me for one figure", "me pidió un dato").
const AFTER_ASKING: &[&str] = &[
    "to", "know", "see", "me", "us", "for", "savoir", "saber", "a", "one", "un", "une", "figure",
    "number", "dato", "chiffre", "numero", "from",
];

/// Reach, in words, from the person to the verb of asking ("My boss, who
/// runs the North office, wants").
const REACH_TO_VERB: usize = 7;

/// Words that say every value is wanted: a value said in the phrase of
/// who asks is then where they are, not what is asked.
const EVERY: &[&str] = &[
    "company",
    "entreprise",
    "empresa",
    "confondues",
    "confondus",
];

impl Reading<'_> {
    /// Places the occasions, the idioms of the asker and who asks (see the
    /// module's doc), each restated as context.
    pub fn occasions(&mut self) {
        let mut told = self.purpose_clauses();
        for idiom in IDIOMS {
            let len = idiom.split_whitespace().count();
            for at in self.g.find(idiom) {
                if self.g.free(at, len) {
                    self.g.take(at, len);
                    told.push((at, at + len - 1));
                }
            }
        }
        let mut i = 0;
        while i < self.g.tokens.len() {
            match self.occasion_at(i) {
                Some(last) => {
                    self.g.take(i, last - i + 1);
                    told.push((i, last));
                    i = last + 1;
                }
                None => i += 1,
            }
        }
        told.extend(self.asked_for_by());
        told.sort_unstable();
        for (first, last) in told {
            let said = self.g.between(first, last);
            self.told.push(said);
        }
    }

    /// "…, it's for my boss in HR", "c'est pour la réunion des ventes",
    /// "es para la junta": a clause that opens by saying what the answer
    /// is for is context whole, the values in it too ("HR", "ventes" are
    /// who it is for, not rows), when another clause asks the question.
    fn purpose_clauses(&mut self) -> Vec<(usize, usize)> {
        let tokens = &self.g.tokens;
        let mut told = Vec::new();
        for start in 0..tokens.len() {
            let clause = tokens[start].clause;
            let opens = start == 0 || tokens[start - 1].clause != clause;
            if !opens || !PURPOSE.iter().any(|w| self.g.says_at(start, w)) {
                continue;
            }
            let end = (start..tokens.len())
                .take_while(|&i| tokens[i].clause == clause)
                .last()
                .unwrap_or(start);
            let asked_elsewhere = tokens.iter().any(|t| t.clause != clause);
            // "it's for the sales meeting" says what it is for; "it's for
            // Sales", "c'est pour le client Durand", "it's for March 2024"
            // may say which rows: a value, a number or a month keeps the
            // clause a question.
            let for_whom = (start..=end).any(|i| {
                let key = tokens[i].key.as_str();
                OCCASIONS.contains(&key) || PEOPLE.contains(&key)
            });
            let rows_said = (start..=end).any(|i| {
                let t = &tokens[i];
                (self.is_value(i) && !OCCASIONS.contains(&t.key.as_str()))
                    || t.folded.starts_with(|c: char| c.is_ascii_digit())
                    || super::conditions::MONTHS
                        .iter()
                        .any(|(m, _)| *m == t.folded)
            });
            if asked_elsewhere && for_whom && !rows_said && (start..=end).all(|i| !self.g.used[i]) {
                told.push((start, end));
            }
        }
        for &(first, last) in &told {
            self.g.take(first, last - first + 1);
        }
        told
    }

    /// The last word of an occasion opened at `start`, if one is.
    fn occasion_at(&self, start: usize) -> Option<usize> {
        let tokens = &self.g.tokens;
        let opener = OPENERS.iter().find(|words| self.g.says_at(start, words))?;
        let mut i = start + opener.len();
        while tokens
            .get(i)
            .is_some_and(|t| DETERMINERS.contains(&t.folded.as_str()))
        {
            i += 1;
        }
        const WORDS_BEFORE: usize = 3;
        let noun = (i..(i + WORDS_BEFORE + 1).min(tokens.len()))
            .find(|&j| OCCASIONS.contains(&tokens[j].key.as_str()))?;
        let plain = (start..=noun).all(|j| {
            let t = &tokens[j];
            t.clause == tokens[start].clause
                && !self.g.used[j]
                && text_free(t)
                && !(j >= i && j < noun && self.is_value(j) && !is_when(t))
                // "for each Type and report the mean": a grouping, no
                // occasion
                && !(j >= i && j < noun && EACH.contains(&t.folded.as_str()))
        });
        if !plain || self.data_knows(&tokens[noun]) {
            return None;
        }
        let mut last = noun;
        let mut j = noun + 1;
        while let Some(t) = tokens.get(j).filter(|t| t.clause == tokens[noun].clause) {
            if is_when(t) {
                last = j;
            } else if self.someone_met(j) {
                last = j + 1;
                j += 1;
            } else if !WHEN_GLUE.contains(&t.folded.as_str()) {
                break;
            }
            j += 1;
        }
        Some(last)
    }

    /// "avec Hugo", "with Priya", "con Marta" after an occasion: whom the
    /// asker meets, a name the data does not hold.
    fn someone_met(&self, with: usize) -> bool {
        let tokens = &self.g.tokens;
        let Some(name) = tokens.get(with + 1) else {
            return false;
        };
        matches!(tokens[with].folded.as_str(), "with" | "avec" | "con")
            && name.clause == tokens[with].clause
            && name.raw.starts_with(char::is_uppercase)
            && !self.is_value(with + 1)
            && !self.data_knows(name)
    }

    /// "Our sales director wants …", "My boss, who runs the North office,
    /// wants …", "Mi jefa de Getafe necesita …", "Mon chef m'a demandé …":
    /// who asks for the answer, from the start of a clause (or after an
    /// occasion) up to the verb of asking, is context.
    fn asked_for_by(&mut self) -> Vec<(usize, usize)> {
        let mut told = Vec::new();
        let n = self.g.tokens.len();
        for start in 0..n {
            let tokens = &self.g.tokens;
            let opens = start == 0
                || tokens[start - 1].clause != tokens[start].clause
                || self.g.used[start - 1];
            if !opens || !OWNERS.contains(&tokens[start].folded.as_str()) {
                continue;
            }
            let Some(person) =
                (start + 1..(start + 4).min(n)).find(|&i| PEOPLE.contains(&tokens[i].key.as_str()))
            else {
                continue;
            };
            let Some(verb) = (person + 1..(person + 1 + REACH_TO_VERB).min(n))
                .find(|&i| ASKS.contains(&tokens[i].folded.as_str()))
            else {
                continue;
            };
            if (start..=verb).any(|i| self.g.used[i]) {
                continue;
            }
            // "Our sales director" is who asks; "the manager of the North
            // office" may say which rows.
            let value_inside = (person + 1..verb).any(|i| self.is_value(i));
            let every = tokens[verb..].iter().any(|t| {
                EVERY.contains(&t.folded.as_str())
                    || super::asides::ALL.contains(&t.folded.as_str())
            });
            if value_inside && !every {
                continue;
            }
            let mut last = verb;
            while tokens
                .get(last + 1)
                .is_some_and(|t| AFTER_ASKING.contains(&t.folded.as_str()))
            {
                last += 1;
            }
            self.g.take(start, last - start + 1);
            told.push((start, last));
        }
        told.extend(self.value_asks());
        told
    }

    /// "finance needs the combined budget of our Berlin and Paris sites",
    /// "Sales wants …": a value of the data opening the goal, right before
    /// a verb of asking, is the team that asks, not a filter (said as an
    /// assumption: it may also mean the team's own rows).
    fn value_asks(&mut self) -> Option<(usize, usize)> {
        let tokens = &self.g.tokens;
        let start = usize::from(
            tokens
                .first()
                .is_some_and(|t| OWNERS.contains(&t.folded.as_str())),
        );
        let verb = start + 1;
        let asks = tokens
            .get(verb)
            .is_some_and(|t| ASKS.contains(&t.folded.as_str()) && t.clause == tokens[start].clause);
        if !asks || !self.is_value(start) || !self.g.free(0, verb + 1) {
            return None;
        }
        let mut last = verb;
        while tokens
            .get(last + 1)
            .is_some_and(|t| AFTER_ASKING.contains(&t.folded.as_str()))
        {
            last += 1;
        }
        self.g.take(0, last + 1);
        let team = self.g.tokens[start].raw.clone();
        let said = self.say(
            format!("\"{team}\" read as who asks, not as a filter on its rows"),
            format!("« {team} » compris comme qui demande, pas comme un filtre sur ses lignes"),
            format!("«{team}» entendido como quien pregunta, no como un filtro de sus filas"),
        );
        self.assume(said, None);
        Some((0, last))
    }
}

/// A word of when an occasion is (see [`WHEN`]).
fn is_when(token: &super::text::Token) -> bool {
    WHEN.contains(&token.folded.as_str())
        || WHEN.contains(&token.key.as_str())
        || is_an_hour(&token.folded)
}

/// "9", "10am", "14h", "9h30": an hour of the day ("la reunión de las 9").
fn is_an_hour(word: &str) -> bool {
    let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
    let rest = &word[digits.len()..];
    let hour: Option<u32> = digits.parse().ok();
    let suffix = matches!(rest, "" | "am" | "pm" | "h")
        || rest
            .strip_prefix('h')
            .is_some_and(|m| m.len() == 2 && m.chars().all(|c| c.is_ascii_digit()));
    hour.is_some_and(|h| h <= 24) && suffix
}

/// A word that is no number (an occasion holds no figure: "for the 2024
/// report" may ask about 2024).
fn text_free(token: &super::text::Token) -> bool {
    !token.folded.starts_with(|c: char| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use crate::generator::golden_input;
    use crate::generator::plan::reading::Reading;
    use crate::lang::Lang;

    /// What the occasion reading of `goal` on `file` restates as context.
    fn told(goal: &str, file: &str) -> Vec<String> {
        let inputs = [golden_input(file)];
        let mut r = Reading::new(goal, Lang::detect(goal), &inputs);
        r.occasions();
        r.told
    }

    #[test]
    fn an_occasion_and_who_asks_are_context() {
        let cases = [
            (
                "I need the median salary in Engineering for my budget review",
                vec!["for my budget review"],
            ),
            (
                "Before Friday's meeting my boss wants to know which department pays most",
                vec!["Before Friday's meeting", "my boss wants to know"],
            ),
            (
                "Mi jefa de Getafe necesita la cuota media de todo el club",
                vec!["Mi jefa de Getafe necesita"],
            ),
            (
                "Pour ma réunion de lundi, le total des ventes",
                vec!["Pour ma réunion de lundi"],
            ),
        ];
        for (goal, expected) in cases {
            let r = told(goal, "hr.csv");
            assert_eq!(r, expected, "{goal}");
        }
    }

    #[test]
    fn a_value_or_a_year_inside_keeps_the_phrase() {
        let cases = [
            "for the 2024 report, total revenue",
            "The manager of the North office wants the total revenue",
        ];
        for goal in cases {
            let r = told(goal, "shop.csv");
            assert!(r.is_empty(), "{goal}: {r:?}");
        }
    }
}
