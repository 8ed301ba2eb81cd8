//! Clauses that tell the asker's story, not what to compute: "My mouse is
//! broken lol, anyway what's the average quantity per order?", "Our meeting
//! got cancelled so I have time: …", "For my sales pitch: …", "Keep it
//! neutral and short: …", "I'm not satisfied with the last answer, …".
//! Their words may hold a value of the data by chance (a product "Mouse", a
//! status "cancelled", a satisfaction "Neutral"), which would otherwise
//! become a filter nobody asked for.
//!
//! A clause is such a story when, beside another clause that asks, it
//! asks nothing itself (no operation, no question word, no number or
//! restriction) and either
//! - speaks in the asker's voice (a word of [`VOICE`]) or states a purpose
//!   ("For the HR report") and holds at least one word the data does not
//!   know ("broken", "meeting", "pitch"), with no value of the data said
//!   as a place ("I work in Sales" stays a question about Sales); or
//! - talks about the conversation ("the last answer", "Open question") or
//!   gives an instruction on the answer's form ("Keep it short").
//!
//! The whole clause is placed and set aside as context: the reading
//! restates it, so the person sees what was not used.

use super::reading::Reading;
use super::text::{self, Token};
use crate::generator::lexicon;
use crate::lang::Lang;

/// Words that make a clause speak in the asker's voice.
pub(super) const VOICE: &[&str] = &[
    "i", "m", "me", "my", "myself", "we", "our", "us", "je", "j", "mon", "ma", "mes", "nous",
    "notre", "nos", "moi", "yo", "mi", "mis", "nuestro", "nuestra", "estoy", "soy",
];

/// Words that open a clause stating what the answer is for.
const PURPOSE: &[&str] = &["for", "pour", "para"];

/// Words that ask: a clause holding one is the question, never a story.
const QUESTION_WORDS: &[&str] = &[
    "what", "whats", "how", "which", "who", "when", "where", "give", "show", "tell", "list",
    "quel", "quelle", "quels", "quelles", "combien", "qui", "quoi", "donne", "donnez", "montre",
    "que", "cual", "cuales", "cuanto", "cuanta", "cuantos", "cuantas", "quien", "dame", "muestra",
];

/// "the last answer", "la dernière réponse", "la respuesta anterior",
/// "Open question": words about the conversation itself.
const CONVERSATION: &[&str] = &[
    "answer",
    "reponse",
    "respuesta",
    "question",
    "pregunta",
    "message",
    "mensaje",
];

/// Words that open an apology ("Sorry if I'm missing something obvious,
/// but …"): the clause speaks of the exchange.
const APOLOGIES: &[&str] = &[
    "sorry",
    "apologies",
    "desole",
    "desolee",
    "pardon",
    "perdon",
    "disculpa",
    "disculpe",
    "siento",
];

/// Words that open an instruction on the answer's form ("Keep it short").
const INSTRUCTION: &[&[&str]] = &[
    &["don", "t", "worry"],
    &["don", "worry"],
    &["dont", "worry"],
    &["and", "don", "t", "worry"],
    &["and", "don", "worry"],
    &["and", "dont", "worry"],
    &["mixed", "feelings"],
    &["the", "lowest", "precision"],
    &["lowest", "precision"],
    &["keep", "it"],
    &["make", "it"],
    &["be", "brief"],
    &["sois", "bref"],
    &["soyez", "bref"],
    &["se", "breve"],
];

/// Place words: a value after one is where the asker is or works ("I
/// work in Sales"), which may be what they ask about.
const PLACE_WORDS: &[&str] = &[
    "in", "at", "from", "a", "au", "aux", "en", "dans", "de", "du", "des", "desde",
];

/// Words that point back at a place said before.
const BACK_REFERENCES: &[&str] = &["there", "alli", "ahi", "alla"];

/// Places that are idioms, not data: "working from home".
const IDIOMS: &[&[&str]] = &[
    &["from", "home"],
    &["a", "la", "maison"],
    &["desde", "casa"],
];

impl Reading<'_> {
    /// Places every story clause (see the module's doc) and keeps it as
    /// context, before any word of it is read as a column or a value
    /// (after quoted names, file names and rounding, whose words it leaves).
    pub fn stories(&mut self) {
        let clauses = self.g.tokens.last().map_or(0, |t| t.clause + 1);
        if clauses < 2 {
            return;
        }
        let asking: Vec<bool> = (0..clauses).map(|c| self.clause_asks(c)).collect();
        for clause in 0..clauses {
            let members: Vec<usize> = (0..self.g.tokens.len())
                .filter(|&i| self.g.tokens[i].clause == clause)
                .collect();
            let Some((&first, &last)) = members.first().zip(members.last()) else {
                continue;
            };
            // A clause with a word already placed (a quoted column name, a
            // file's name, a rounding) is not a story.
            if members.iter().any(|&i| self.g.used[i]) {
                continue;
            }
            let another_asks = (0..clauses).any(|c| c != clause && asking[c]);
            let aside_anyway = self.about_the_conversation(&members) || self.instructs(&members);
            if asking[clause] && !aside_anyway {
                continue;
            }
            if !another_asks || !self.tells_a_story(&members) {
                continue;
            }
            // "I'm writing about Nice's climate: what's the humidity
            // there?": the question points back at the story's values.
            let pointed_at = (0..clauses).any(|c| c != clause && self.points_back(c));
            // A place pointed back at is asked about: a value of the data
            // is a filter, a place the data does not hold ("habite à
            // Bordeaux, il y fait …") stays unplaced, and the plan asks.
            for &i in &members {
                if !(pointed_at && (self.is_value(i) || self.named_place(i))) {
                    self.g.take(i, 1);
                }
            }
            self.told.push(self.g.between(first, last));
        }
    }

    /// True when clause `clause` asks something: an operation, a question
    /// word, a number, a comparison or a restriction.
    fn clause_asks(&self, clause: usize) -> bool {
        self.g
            .tokens
            .iter()
            .enumerate()
            .filter(|(_, t)| t.clause == clause)
            .any(|(i, t)| {
                QUESTION_WORDS.contains(&t.folded.as_str())
                    || (super::words::asks_something(t) && !self.untimed(t) && !self.told_number(i))
                    || lexicon::OPS.iter().any(|(p, _)| {
                        !p.contains(' ') && (t.folded == *p || t.key == text::singular(p))
                    })
            })
    }

    /// "with 2 kids", "of our 6 departments" (a file of 6 rows): a number
    /// said after "with" or "have" of something these files do not know,
    /// or after "our" as the count of a file's rows, tells the asker's
    /// story; it selects nothing. A number after a comparison ("over 60
    /// years") or before "or more" always asks.
    fn told_number(&self, at: usize) -> bool {
        const HAVING: &[&str] = &[
            "with", "have", "has", "had", "avec", "ai", "avons", "con", "tengo", "tenemos",
        ];
        const OURS: &[&str] = &["our", "my", "nos", "mes", "nuestros", "nuestras", "mis"];
        const AGES_AND_LISTS: &[&str] = &[
            "or", "ou", "o", "and", "et", "y", "year", "years", "an", "ans", "ano", "anos",
        ];
        let tokens = &self.g.tokens;
        let t = &tokens[at];
        let Some(n) =
            text::number(t).filter(|_| t.folded.starts_with(|c: char| c.is_ascii_digit()))
        else {
            return false;
        };
        let before = at.checked_sub(1).map(|i| tokens[i].folded.as_str());
        let Some(next) = tokens.get(at + 1).filter(|n| n.clause == t.clause) else {
            return false;
        };
        let rows = before.is_some_and(|b| OURS.contains(&b))
            && self.inputs.iter().any(|i| i.row_count as f64 == n);
        let unknown = before.is_some_and(|b| HAVING.contains(&b))
            && !AGES_AND_LISTS.contains(&next.folded.as_str())
            && !self.these_files_know(next)
            && !lexicon::DECIMAL_WORDS
                .iter()
                .any(|w| next.key == text::singular(w));
        rows || unknown
    }

    /// A word of time with no time beside it in its clause ("Pendant mes
    /// loisirs", "before lunch"): it restricts nothing.
    fn untimed(&self, token: &Token) -> bool {
        // "mes" is a month in Spanish, "my" in French.
        let a_time = |t: &Token| {
            super::words::says_a_time(t) && !(self.lang == Lang::Fr && t.folded == "mes")
        };
        super::words::is_time_word(token)
            && !self
                .g
                .tokens
                .iter()
                .any(|t| t.clause == token.clause && a_time(t))
    }

    /// "As a Sales manager I'd like …", "En tant que responsable, je …",
    /// "Como gerente, quiero …": a role said at the start of the goal, up
    /// to the asker's own word, is context (and the rest is the question).
    pub fn role(&mut self) {
        let tokens = &self.g.tokens;
        let opening: usize = match tokens
            .iter()
            .map(|t| t.folded.as_str())
            .take(3)
            .collect::<Vec<_>>()[..]
        {
            ["as", "a" | "an", ..] => 2,
            ["en", "tant", "que"] => 3,
            _ => return,
        };
        let Some(me) = (opening..tokens.len().min(opening + 4))
            .find(|&i| matches!(tokens[i].folded.as_str(), "i" | "je" | "j" | "we" | "nous"))
        else {
            return;
        };
        if me == opening || (0..me).any(|i| self.g.used[i]) {
            return;
        }
        let said = self.g.between(0, me - 1);
        self.g.take(0, me);
        self.told.push(said);
    }

    /// "Sort from highest to lowest please:", "du plus grand au plus
    /// petit", "de mayor a menor": the order the answer is already given
    /// in (groups by their value, highest first) is a format word, read
    /// before its "highest" can be taken for a ranking. The other order is
    /// left unplaced: the plan stops and names it.
    pub fn sort_order(&mut self) {
        const DESCENDING: &[&str] = &[
            "from highest to lowest",
            "highest to lowest",
            "from largest to smallest",
            "largest to smallest",
            "from biggest to smallest",
            "highest first",
            "largest first",
            "in descending order",
            "descending",
            "du plus grand au plus petit",
            "du plus haut au plus bas",
            "par ordre decroissant",
            "dans l ordre decroissant",
            "de mayor a menor",
            "de mas a menos",
            "en orden descendente",
        ];
        const SORT: &[&str] = &[
            "sort",
            "sorted",
            "order",
            "ordered",
            "rank",
            "ranked",
            "trie",
            "tries",
            "trier",
            "classe",
            "classes",
            "ordena",
            "ordenado",
            "ordenados",
            "ordenadas",
            "ordenar",
        ];
        // "a nice clean table", "un joli tableau": the answer's form.
        const FORM: &[&str] = &[
            "nice clean table",
            "nice table",
            "clean table",
            "neat table",
            "joli tableau",
            "beau tableau",
            "tabla bonita",
            "just one number",
            "one number",
            "a single number",
            "un seul nombre",
            "un solo numero",
        ];
        self.g.take_all(FORM);
        for phrase in DESCENDING {
            let len = phrase.split_whitespace().count();
            for at in self.g.find(phrase) {
                if !self.g.free(at, len) {
                    continue;
                }
                self.g.take(at, len);
                if at > 0 && SORT.contains(&self.g.tokens[at - 1].folded.as_str()) {
                    self.g.take(at - 1, 1);
                }
            }
        }
    }

    /// "average fare, not divided by class", "sans distinguer par classe",
    /// "sin separar por clase": a grouping said not to be wanted; its words
    /// are placed (with the column's) and no grouping is made of them.
    pub fn not_grouped(&mut self) {
        const NOT_BY: &[&[&str]] = &[
            &["not", "divided", "by"],
            &["not", "split", "by"],
            &["not", "broken", "down", "by"],
            &["not", "grouped", "by"],
            &["not", "per"],
            &["not", "by"],
            &["sans", "distinguer", "par"],
            &["sans", "separer", "par"],
            &["pas", "par"],
            &["sin", "separar", "por"],
            &["sin", "dividir", "por"],
            &["no", "por"],
        ];
        for words in NOT_BY {
            let n = self.g.tokens.len();
            let Some(at) = (0..n.saturating_sub(words.len())).find(|&i| {
                self.g.free(i, words.len())
                    && words
                        .iter()
                        .enumerate()
                        .all(|(j, w)| self.g.tokens[i + j].folded == *w)
            }) else {
                continue;
            };
            let column = self.g.skip_articles(at + words.len());
            let known = self
                .g
                .tokens
                .get(column)
                .is_some_and(|t| self.data_knows(t));
            if known {
                self.g.take(at, column + 1 - at);
                let said = self.g.between(at, column);
                self.understood.push(said);
            }
        }
    }

    /// "I'm not satisfied with the last answer", "Open question": a
    /// clause about the exchange itself, with no number in it.
    fn about_the_conversation(&self, members: &[usize]) -> bool {
        let tokens = &self.g.tokens;
        let apology = APOLOGIES.contains(&tokens[members[0]].folded.as_str());
        !self.numbered(members)
            && (apology
                || members.iter().any(|&i| {
                    CONVERSATION.contains(&tokens[i].key.as_str())
                        || CONVERSATION.contains(&tokens[i].folded.as_str())
                }))
            && !members
                .iter()
                .any(|&i| QUESTION_WORDS.contains(&tokens[i].folded.as_str()))
    }

    /// True when the clause of `members` is a story (see the module's doc).
    fn tells_a_story(&self, members: &[usize]) -> bool {
        let tokens = &self.g.tokens;
        if self.about_the_conversation(members) || self.instructs(members) {
            return true;
        }
        // "mes" is "my" in French, a month in Spanish ("cada mes").
        let voiced = members.iter().any(|&i| {
            let w = tokens[i].folded.as_str();
            VOICE.contains(&w) && !(w == "mes" && self.lang != Lang::Fr)
        });
        let purpose = PURPOSE.contains(&tokens[members[0]].folded.as_str());
        if (self.names_a_population(members) || !purpose) && !voiced {
            return false;
        }
        let unknown = members.iter().any(|&i| {
            let t = &tokens[i];
            !self.g.used[i]
                && !super::words::is_filler(t)
                && !VOICE.contains(&t.folded.as_str())
                && !PURPOSE.contains(&t.folded.as_str())
                && !self.data_knows(t)
                && !crate::generator::steps::feminine::of_a_known_word(self, t)
        });
        unknown
            && !members
                .iter()
                .any(|&i| self.value_as_a_place(i) || self.topic_before_a_colon(members, i))
    }

    /// "Je m'occupe des chats : …", "I only care about smokers: …": the
    /// last word of the story, right before a colon, is a word for a value
    /// the files hold — the topic the question is about, not told in
    /// passing ("My mouse is broken lol, …").
    fn topic_before_a_colon(&self, members: &[usize], at: usize) -> bool {
        members.last() == Some(&at)
            && self.g.gap(at).trim_start().starts_with(':')
            && self.names_a_value_of_the_data(at)
    }

    /// True when the word at `at` is a word for a value the files hold
    /// ("chats" for `Cat`), outside an idiom ("from home").
    fn names_a_value_of_the_data(&self, at: usize) -> bool {
        !self.in_an_idiom(at) && self.a_word_for_a_held_value(at)
    }

    /// True when the word at `at` is a word for a value the files hold:
    /// one of its group of [`super::conditions::VALUE_SYNONYMS`] is a
    /// value of some column ("chats" for `Cat`, "ventes" for `Sales`).
    pub(super) fn a_word_for_a_held_value(&self, at: usize) -> bool {
        let values: Vec<String> = self
            .inputs
            .iter()
            .flat_map(|i| &i.columns)
            .flat_map(|c| &c.values)
            .map(|v| text::fold(v))
            .collect();
        super::conditions::value_synonyms_of(&self.g.tokens[at].folded)
            .iter()
            .any(|w| values.iter().any(|v| text::same_word(v, w)))
    }

    /// "Pour les fumeuses, …", "For the retirees: …", "Para los
    /// jubilados, …": "for" and a plural noun, no occasion and no person
    /// who asks — which rows, not what the answer is for.
    fn names_a_population(&self, members: &[usize]) -> bool {
        let tokens = &self.g.tokens;
        let (Some(&article), Some(&noun)) = (members.get(1), members.last()) else {
            return false;
        };
        let plural = tokens[noun].folded != tokens[noun].key;
        let occasion = members
            .iter()
            .any(|&i| super::occasions::says_an_occasion(&tokens[i]));
        super::words::POPULATION_ARTICLES.contains(&tokens[article].folded.as_str())
            && plural
            && !occasion
    }

    /// "Keep it short", "Be brief": the clause opens with an instruction
    /// on the answer's form.
    fn instructs(&self, members: &[usize]) -> bool {
        let words: Vec<&str> = members
            .iter()
            .map(|&i| self.g.tokens[i].folded.as_str())
            .collect();
        !self.numbered(members) && INSTRUCTION.iter().any(|opening| words.starts_with(opening))
    }

    /// True when the clause of `members` holds a number or a rounding
    /// word ("keep it to 2 decimals" asks for a rounding).
    fn numbered(&self, members: &[usize]) -> bool {
        members.iter().any(|&i| {
            let t = &self.g.tokens[i];
            t.folded.starts_with(|c: char| c.is_ascii_digit())
                || lexicon::DECIMAL_WORDS
                    .iter()
                    .any(|w| t.key == text::singular(w))
                || matches!(
                    t.folded.as_str(),
                    "round" | "rounded" | "whole" | "arrondi" | "redondea"
                )
        })
    }

    /// True when `token` names a column, a value or a concept of the data.
    pub(super) fn data_knows(&self, token: &Token) -> bool {
        let same = |w: &str| text::same_word(&token.folded, w) || token.key == text::singular(w);
        let columns = self.inputs.iter().flat_map(|i| &i.columns);
        let named = columns.clone().any(|c| {
            text::name_words(&c.name).iter().any(|w| same(w))
                || c.values
                    .iter()
                    .any(|v| text::tokens(v).iter().any(|w| same(&w.folded)))
        });
        named
            || lexicon::SYNONYMS
                .iter()
                .any(|group| group.iter().any(|w| !w.contains(' ') && same(w)))
    }

    /// True when `token` names a column or a value of these files, or is
    /// a word for a column they have ("kids" beside `children`).
    pub(super) fn these_files_know(&self, token: &Token) -> bool {
        let same = |w: &str| text::same_word(&token.folded, w) || token.key == text::singular(w);
        let columns: Vec<&str> = self
            .inputs
            .iter()
            .flat_map(|i| &i.columns)
            .map(|c| c.name.as_str())
            .collect();
        let has_column = |w: &str| {
            columns
                .iter()
                .any(|c| text::name_words(c).iter().any(|n| text::same_word(n, w)))
        };
        let concept = lexicon::SYNONYMS
            .iter()
            .any(|group| group.iter().any(|w| same(w)) && group.iter().any(|w| has_column(w)));
        concept
            || self.inputs.iter().flat_map(|i| &i.columns).any(|c| {
                text::name_words(&c.name).iter().any(|w| same(w))
                    || c.values
                        .iter()
                        .any(|v| text::tokens(v).iter().any(|w| same(&w.folded)))
            })
    }

    /// True when clause `clause` points back at a place said before
    /// ("there", "allí"; the French "là" is also an article once folded).
    fn points_back(&self, clause: usize) -> bool {
        self.g.tokens.iter().any(|t| {
            // "il y fait quel temps": the French "y" is "there"
            // (the Spanish one is "and").
            let y = self.lang == Lang::Fr && t.folded == "y";
            t.clause == clause && (BACK_REFERENCES.contains(&t.folded.as_str()) || y)
        })
    }

    /// True when the word at `at` is written as a name right after a
    /// place word ("à Bordeaux", "in Leeds").
    fn named_place(&self, at: usize) -> bool {
        let named = self.g.tokens[at].raw.starts_with(char::is_uppercase);
        let placed = at > 0 && PLACE_WORDS.contains(&self.g.tokens[at - 1].folded.as_str());
        named && placed
    }

    /// True when the word at `at` is (part of) a value of the data, or a
    /// word for one ("dogs", "mujeres").
    pub(super) fn is_value_or_synonym(&self, at: usize) -> bool {
        self.is_value(at)
            || !super::conditions::value_synonyms_of(&self.g.tokens[at].folded).is_empty()
    }

    /// True when the word at `at` is (part of) a value of the data — a
    /// value that names something, not a cell of free text ("polls" is no
    /// part of "Coalition reported together, Phone poll").
    pub(crate) fn is_value(&self, at: usize) -> bool {
        let word = &self.g.tokens[at].folded;
        self.inputs
            .iter()
            .flat_map(|i| &i.columns)
            .flat_map(|c| &c.values)
            .any(|v| {
                let words = text::tokens(v);
                words.len() <= super::conditions::MAX_NAME_VALUE_WORDS
                    && words.iter().any(|w| text::same_word(word, &w.folded))
            })
    }

    /// True when the word at `at` is a value of the data said after a
    /// place word ("I work in Sales"), outside the idioms of [`IDIOMS`].
    fn value_as_a_place(&self, at: usize) -> bool {
        let tokens = &self.g.tokens;
        if !self.is_value(at) {
            return false;
        }
        let mut before = at;
        while before > 0 && lexicon::ARTICLES.contains(&tokens[before - 1].folded.as_str()) {
            before -= 1;
        }
        let placed = before > 0 && PLACE_WORDS.contains(&tokens[before - 1].folded.as_str());
        placed && !self.in_an_idiom(at)
    }

    /// True when the word at `at` is part of one of [`IDIOMS`] ("working
    /// from home").
    fn in_an_idiom(&self, at: usize) -> bool {
        let tokens = &self.g.tokens;
        IDIOMS.iter().any(|words| {
            (0..words.len()).any(|k| {
                at >= k
                    && tokens
                        .get(at - k..at - k + words.len())
                        .is_some_and(|w| w.iter().zip(words.iter()).all(|(t, x)| t.folded == *x))
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::generator::golden_input;
    use crate::generator::plan::plan;
    use crate::lang::Lang;

    /// The context of `goal` planned on the golden file `file`, which must
    /// have no filter.
    fn context_of(file: &str, goal: &str) -> Vec<String> {
        let inputs = [golden_input(file)];
        match plan(goal, Lang::detect(goal), &inputs) {
            Ok(p) => {
                assert!(p.filters.is_empty(), "{goal}: {:?}", p.filters);
                p.context
            }
            Err(e) => panic!("{goal}: {e:?}"),
        }
    }

    #[test]
    fn a_story_in_the_askers_voice_is_context_even_with_a_value_in_it() {
        assert_eq!(
            context_of(
                "orders.csv",
                "My mouse is broken lol, anyway what's the average quantity?"
            ),
            ["My mouse is broken lol"]
        );
        assert_eq!(
            context_of(
                "orders.csv",
                "Our meeting got cancelled so I have time: what's the median quantity?"
            ),
            ["Our meeting got cancelled so I have time"]
        );
    }

    #[test]
    fn the_conversation_and_instructions_are_context() {
        assert_eq!(
            context_of(
                "hr.csv",
                "Keep it neutral and short: what's the median salary?"
            ),
            ["Keep it neutral and short"]
        );
        assert_eq!(
            context_of(
                "hr.csv",
                "I'm not satisfied with the last answer, give me the average salary again"
            ),
            ["I'm not satisfied with the last answer"]
        );
    }

    #[test]
    fn a_role_an_apology_and_a_sort_order_are_not_conditions() {
        assert_eq!(
            context_of(
                "hr.csv",
                "As a Sales manager I'd like the overall median salary"
            ),
            ["As a Sales manager"]
        );
        // Who asks for the answer: "sales" is no filter.
        assert_eq!(
            context_of("hr.csv", "Our sales director wants the median salary"),
            ["Our sales director wants"]
        );
        assert_eq!(
            context_of("hr.csv", "Mi jefa quiere el salario medio"),
            ["Mi jefa quiere"]
        );
        assert_eq!(
            context_of(
                "passengers.csv",
                "Sorry if I'm missing something obvious, but what's the average fare?"
            ),
            ["Sorry if I'm missing something obvious"]
        );
        let inputs = [golden_input("passengers.csv")];
        let p = plan(
            "average fare, not divided by class, just one number",
            Lang::En,
            &inputs,
        )
        .expect("planned");
        assert!(
            matches!(
                p.recipe,
                crate::generator::plan::Recipe::Stats { group_by: None, .. }
            ),
            "a grouping said not to be wanted is not made: {:?}",
            p.recipe
        );
        let inputs = [golden_input("shop.csv")];
        let p = plan(
            "Sort from highest to lowest please: total revenue per region",
            Lang::En,
            &inputs,
        )
        .expect("planned");
        assert!(
            matches!(p.recipe, crate::generator::plan::Recipe::Stats { ref group_by, .. } if group_by.as_deref() == Some("region")),
            "the sort order is no ranking: {:?}",
            p.recipe
        );
        assert!(
            plan(
                "Sort from lowest to highest please: total revenue per region",
                Lang::En,
                &inputs
            )
            .is_err(),
            "the other order is not what the answer gives: it stops"
        );
    }

    #[test]
    fn a_value_said_as_where_the_asker_is_stays_a_filter() {
        let inputs = [golden_input("hr.csv")];
        let p = plan(
            "I work in Sales, what's the average salary?",
            Lang::En,
            &inputs,
        );
        assert!(
            !p.as_ref().is_ok_and(|p| p.filters.is_empty()),
            "Sales is never dropped silently: {p:?}"
        );
    }
}
