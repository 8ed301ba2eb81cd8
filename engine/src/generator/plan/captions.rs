//! A first sentence that says what the file is, before the question:
//! "Our client list has 8 accounts. How many of the ones Priya looks after
//! are retail?", "Insurance data (a US sample). What do smokers pay on
//! average?", "Tableau des objectifs commerciaux : quel est l'objectif
//! total ?", "Voici nos comptes de l'année. Combien par chèque ?". Its
//! words ("household", "Stationery", "US sample", "commerciaux") describe
//! every row, so none of them selects rows; left unread, the goal would
//! stop on them.
//!
//! The sentence is such a caption when it names the file (a noun of
//! [`FILE_NOUNS`] or a word of [`SHOWING`]: "attached", "voici"), another
//! sentence after it asks, and each of its words is a filler, the asker's,
//! a noun of the file or a word of a file's name ("Our client list"), a
//! verb saying what the file holds, the count of a file's rows after "has"
//! or "our" ("has 8 accounts" of a file of 8 rows), a year or a month, or
//! — before the file's noun — a word of a column of numbers ("Sales
//! data") or a word these files do not know, in lower case ("household
//! spreadsheet", "Titanic-style list"). A word of a column of categories
//! or yes/no ("Insurance data for smokers"), a value or a word for one, a
//! name ("Sales list of the Lyon shop"), a word after the file's noun ("list
//! of retired members"), a restriction, a comparison, an operation or a
//! question word makes it no caption: the goal is read as it is, and stops
//! where it cannot. Its months and years are read as filters ("Sales data
//! for April"); when the question says one of its own too ("Export des
//! ventes (février à avril). Combien … en mars ?"), which counts is not
//! said, and it is no caption. An English file noun that opens the goal is
//! an order ("List the smokers: …"). The rest is set aside as context and
//! restated.

use super::reading::Reading;
use super::text::{self, Token};
use crate::generator::lexicon;
use crate::lang::Lang;

/// Nouns that name a file.
const FILE_NOUNS: &[&str] = &[
    "file",
    "spreadsheet",
    "sheet",
    "table",
    "list",
    "export",
    "extract",
    "dump",
    "data",
    "dataset",
    "log",
    "register",
    "csv",
    "workbook",
    "fichier",
    "tableau",
    "liste",
    "extrait",
    "donnees",
    "releve",
    "registre",
    "feuille",
    "classeur",
    "fichero",
    "archivo",
    "hoja",
    "tabla",
    "lista",
    "datos",
    "exportacion",
    "registro",
    "planilla",
];

/// Words that show a file to the reader ("HR export attached", "Voici nos
/// comptes", "Adjunto la hoja").
const SHOWING: &[&str] = &[
    "attached", "enclosed", "here", "heres", "voici", "voila", "joint", "jointe", "adjunto",
    "adjunta", "aqui",
];

/// Verbs that say what a file is or holds ("This is our household
/// spreadsheet", "Our client list has 8 accounts").
const DESCRIBING: &[&str] = &[
    "this", "these", "it", "its", "is", "are", "has", "have", "contains", "ce", "c", "est", "sont",
    "contient", "esta", "este", "es", "son", "tiene", "contiene",
];

/// Words of time that name no time ("nos comptes de l'année").
const GENERIC_TIMES: &[&str] = &["year", "annee", "ano"];

/// English file nouns that are also orders when they open the goal ("List
/// the smokers: …", "Export the orders: …").
const IMPERATIVES: &[&str] = &[
    "list", "export", "log", "register", "extract", "dump", "table",
];

/// Words that ask or restrict: a sentence holding one is never a caption.
const ASKING: &[&str] = &[
    "what",
    "whats",
    "how",
    "which",
    "who",
    "when",
    "where",
    "why",
    "only",
    "just",
    "except",
    "excluding",
    "without",
    "not",
    "no",
    "quel",
    "quelle",
    "quels",
    "quelles",
    "combien",
    "qui",
    "seulement",
    "uniquement",
    "sauf",
    "hors",
    "sans",
    "pas",
    "ne",
    "que",
    "cual",
    "cuales",
    "cuanto",
    "cuanta",
    "cuantos",
    "cuantas",
    "quien",
    "solo",
    "solamente",
    "excepto",
    "menos",
    "sin",
];

impl Reading<'_> {
    /// Sets aside the first sentence of the goal when it is a caption of
    /// the file (see the module's doc), its times left to be read.
    pub fn file_caption(&mut self) {
        let Some(end) = self.first_sentence_end() else {
            return;
        };
        let members: Vec<usize> = (0..=end).collect();
        let names_the_file = members.iter().any(|&i| {
            let t = &self.g.tokens[i];
            FILE_NOUNS.contains(&t.key.as_str()) || SHOWING.contains(&t.folded.as_str())
        });
        let asked_after = (end + 1..self.g.tokens.len()).any(|i| self.asks_at(i));
        if !names_the_file || !asked_after {
            return;
        }
        // Words placed before in brackets (a story: "(we bank in France)")
        // stay as they were read; placed elsewhere (a value, a time), they
        // may say a condition: no caption.
        if members
            .iter()
            .any(|&i| self.g.used[i] && !self.in_brackets(i))
        {
            return;
        }
        let members: Vec<usize> = members.into_iter().filter(|&i| !self.g.used[i]).collect();
        // "List the smokers: …" is an order, not a caption.
        let ordered = self.lang == Lang::En
            && members.first().is_some_and(|&i| {
                i == 0 && IMPERATIVES.contains(&self.g.tokens[i].folded.as_str())
            });
        let first_file_noun = members
            .iter()
            .copied()
            .find(|&i| FILE_NOUNS.contains(&self.g.tokens[i].key.as_str()));
        let mut times = Vec::new();
        for &i in &members {
            match self.caption_word(i, first_file_noun) {
                Some(Caption::Time) => times.push(i),
                Some(Caption::Told) => {}
                None => return,
            }
        }
        // "Export des ventes (février à avril). Combien … en mars ?": two
        // times, the file's span and the question's: which one counts is
        // not said; the goal stops on the caption.
        let timed_after = (end + 1..self.g.tokens.len()).any(|i| self.a_time_at(i));
        if ordered || (timed_after && !times.is_empty()) {
            return;
        }
        // "for 2024", "de février à avril": the times, the words between
        // them and the word that leads to them stay for the passes of
        // times; each run of the other words is said as context.
        let kept = |i: usize| match (times.first(), times.last()) {
            (Some(&from), Some(&to)) => {
                (from..=to).contains(&i)
                    || (i + 1 == from && TIME_LEADS.contains(&self.g.tokens[i].folded.as_str()))
            }
            _ => false,
        };
        let told: Vec<usize> = members.iter().copied().filter(|&i| !kept(i)).collect();
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for i in told {
            self.g.take(i, 1);
            match runs.last_mut() {
                Some((_, last)) if *last + 1 == i => *last = i,
                _ => runs.push((i, i)),
            }
        }
        for (first, last) in runs {
            let mut said = self.g.between(first, last);
            // "(février à avril)": the bracket said closes.
            if said.matches('(').count() > said.matches(')').count() {
                said.push(')');
            }
            self.told.push(said);
        }
    }

    /// The index of the last word of the goal's first sentence, when
    /// another sentence follows it (a full stop, a colon, a dash, a
    /// question or exclamation mark, a semicolon — never a comma or a
    /// bracket).
    fn first_sentence_end(&self) -> Option<usize> {
        let tokens = &self.g.tokens;
        let chars: Vec<char> = self.g.text.chars().collect();
        let mut depth = 0i32;
        for i in 0..tokens.len().saturating_sub(1) {
            let gap = &chars[tokens[i].span.1..tokens[i + 1].span.0];
            // "10:30", "février–avril", "e.g. the", "Eng. dept.": no end.
            let spaced = gap.iter().any(|c| c.is_whitespace());
            let next_opens = tokens[i + 1].raw.starts_with(char::is_uppercase)
                || gap.iter().any(|c| matches!(c, '¿' | '¡'))
                || self.asks_at(i + 1);
            for &c in gap {
                match c {
                    '(' | '[' => depth += 1,
                    ')' | ']' => depth -= 1,
                    '.' | ':' | '—' | '–' | '!' | '?' | ';'
                        if depth <= 0 && spaced && next_opens =>
                    {
                        return Some(i)
                    }
                    _ => {}
                }
            }
        }
        None
    }

    /// True when the word at `at` asks something: a question word, an
    /// operation.
    fn asks_at(&self, at: usize) -> bool {
        let t = &self.g.tokens[at];
        ASKING.contains(&t.folded.as_str())
            || lexicon::OPS
                .iter()
                .any(|(p, _)| !p.contains(' ') && (t.folded == *p || t.key == text::singular(p)))
    }

    /// What the word at `at` of a caption is; none when it may select
    /// rows or ask. A word of the data (a column — "smokers", "garage" —
    /// a value or a word for one) may select rows; so may a name or a word
    /// after the file's noun ("list of retired members", "Lyon
    /// weather log"). A word these files do not know is told only before
    /// the file's noun (`file_noun`), written in lower case or first:
    /// "household spreadsheet", "Titanic-style list".
    fn caption_word(&self, at: usize, file_noun: Option<usize>) -> Option<Caption> {
        let t = &self.g.tokens[at];
        if is_time(t) {
            return Some(Caption::Time);
        }
        if self.asks_at(at) {
            return None;
        }
        // "de" is also a word of "Lampe de bureau".
        let plain = super::words::is_filler(t)
            || FILE_NOUNS.contains(&t.key.as_str())
            || SHOWING.contains(&t.folded.as_str())
            || DESCRIBING.contains(&t.folded.as_str())
            || GENERIC_TIMES.contains(&t.key.as_str())
            || self.names_a_file(t)
            || self.counts_the_rows(at)
            || at.checked_sub(1).is_some_and(|i| self.counts_the_rows(i));
        if plain {
            return Some(Caption::Told);
        }
        let named = t.raw.starts_with(char::is_uppercase) && at > 0;
        let modifier = file_noun.is_some_and(|f| at < f);
        let plain_word = !super::words::asks_something(t) && !self.a_value_here(at);
        let unknown = plain_word && !named && !self.these_files_know(t);
        let measured = plain_word && self.names_a_number_column(t);
        (modifier && (unknown || measured)).then_some(Caption::Told)
    }

    /// True when `token` names a column of numbers of these files, or is
    /// a word for one ("sales" beside `revenue`), and no other column.
    fn names_a_number_column(&self, token: &Token) -> bool {
        let same = |w: &str| text::same_word(&token.folded, w) || token.key == text::singular(w);
        let names = |c: &crate::inputs::Column, w: &str| {
            text::name_words(&c.name)
                .iter()
                .any(|n| text::same_word(n, w))
        };
        let named: Vec<&crate::inputs::Column> = self
            .inputs
            .iter()
            .flat_map(|i| &i.columns)
            .filter(|c| {
                text::name_words(&c.name).iter().any(|w| same(w))
                    || lexicon::SYNONYMS.iter().any(|group| {
                        group.iter().any(|w| same(w)) && group.iter().any(|w| names(c, w))
                    })
            })
            .collect();
        !named.is_empty() && named.iter().all(|c| super::is_number(c.kind))
    }

    /// True when `token` is a word of a file's name ("clients" of
    /// clients.csv, "objectifs" of objectifs.csv).
    fn names_a_file(&self, token: &Token) -> bool {
        self.inputs.iter().any(|i| {
            let stem = i.name.rsplit_once('.').map_or(i.name.as_str(), |(s, _)| s);
            text::name_words(stem)
                .iter()
                .any(|w| text::same_word(w, &token.folded) || text::singular(w) == token.key)
        })
    }

    /// True when the word at `at` is a month or a year said as one (never
    /// "may I", nor a number after a comparison).
    fn a_time_at(&self, at: usize) -> bool {
        let t = &self.g.tokens[at];
        // "May I have …": an unsure month needs a word of time before it
        // or a number after it ("in May", "May 2024").
        let unsure = matches!(t.folded.as_str(), "may" | "mar" | "sept");
        let timed = at.checked_sub(1).is_some_and(|i| {
            matches!(
                self.g.tokens[i].folded.as_str(),
                "in" | "en"
                    | "of"
                    | "de"
                    | "for"
                    | "since"
                    | "until"
                    | "depuis"
                    | "desde"
                    | "hasta"
            )
        }) || self
            .g
            .tokens
            .get(at + 1)
            .is_some_and(|n| n.folded.starts_with(|c: char| c.is_ascii_digit()));
        let month = super::conditions::MONTHS
            .iter()
            .any(|(m, _)| *m == t.folded)
            && (!unsure || timed);
        let year = t.folded.len() == 4
            && matches!(t.folded.parse::<u32>(), Ok(1900..=2100))
            && at.checked_sub(1).is_none_or(|i| {
                !matches!(
                    self.g.tokens[i].folded.as_str(),
                    "over" | "under" | "than" | "above" | "below"
                )
            });
        month || year
    }

    /// True when the word at `at` is a value of these files, or a word for
    /// one ("ventes" names a department `Sales`, not in a file of sales
    /// lines).
    fn a_value_here(&self, at: usize) -> bool {
        self.is_value(at) || self.a_word_for_a_held_value(at)
    }

    /// "8 accounts" in a file of 8 rows: the count of the file's rows,
    /// said before a word.
    fn counts_the_rows(&self, at: usize) -> bool {
        let tokens = &self.g.tokens;
        let Some(n) = text::number(&tokens[at]) else {
            return false;
        };
        // "has 8 accounts", "of our 6 departments" — never "fees over 150".
        let said_as_count = at.checked_sub(1).is_some_and(|i| {
            matches!(
                tokens[i].folded.as_str(),
                "has"
                    | "have"
                    | "with"
                    | "our"
                    | "a"
                    | "contient"
                    | "compte"
                    | "nos"
                    | "tiene"
                    | "contiene"
                    | "nuestros"
                    | "nuestras"
            )
        });
        let noun_after = tokens.get(at + 1).is_some_and(|t| {
            t.clause == tokens[at].clause && !t.folded.starts_with(|c: char| c.is_ascii_digit())
        });
        said_as_count && noun_after && self.inputs.iter().any(|i| i.row_count as f64 == n)
    }
}

/// What a word of a caption is.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Caption {
    /// Set aside with the caption.
    Told,
    /// A time, left to be read.
    Time,
}

/// Words that lead to a time ("for 2024", "de février à avril").
const TIME_LEADS: &[&str] = &[
    "for", "in", "from", "pour", "en", "de", "du", "des", "para", "del",
];

/// A year ("2024") or a month ("April", "février", "marzo").
fn is_time(token: &Token) -> bool {
    let year = token.folded.len() == 4
        && token.folded.bytes().all(|b| b.is_ascii_digit())
        && matches!(token.folded.parse::<u32>(), Ok(1900..=2100));
    year || super::conditions::MONTHS
        .iter()
        .any(|(m, _)| *m == token.folded)
}

#[cfg(test)]
mod tests {
    use crate::generator::golden_input;
    use crate::generator::plan::plan;
    use crate::lang::Lang;

    /// The context set aside and the columns filtered, or the stop.
    fn read(file: &str, goal: &str) -> Result<(Vec<String>, Vec<String>), String> {
        let p = plan(goal, Lang::detect(goal), &[golden_input(file)]).map_err(|e| e.to_string())?;
        let filtered = p.filters.iter().map(|f| f.column.clone()).collect();
        Ok((p.context, filtered))
    }

    #[test]
    fn a_first_sentence_naming_the_file_is_set_aside() {
        let (told, filtered) = read(
            "objectifs.csv",
            "Tableau des objectifs : quel est l'objectif total hors Île-de-France ?",
        )
        .expect("read");
        assert_eq!(told, ["Tableau des objectifs"]);
        assert_eq!(filtered, ["Région"]);
        let (told, _) = read(
            "clients.csv",
            "Our client list has 8 accounts. How many of the ones Priya looks after are retail?",
        )
        .expect("read");
        assert_eq!(told, ["Our client list has 8 accounts"]);
    }

    #[test]
    fn a_caption_keeps_its_time_and_gives_way_to_the_question_s() {
        let (told, filtered) =
            read("shop.csv", "Sales data for April. Total revenue?").expect("read");
        assert_eq!(told, ["Sales data"]);
        assert_eq!(filtered, ["date"]);
        let read = read(
            "ventes.csv",
            "Export des ventes de fournitures (février à avril). Combien d'agrafeuses vendues dans le Nord en mars ?",
        );
        assert!(
            read.as_ref().map_or(true, |(told, _)| told.is_empty()),
            "{read:?}"
        );
    }

    #[test]
    fn a_sentence_with_a_value_a_restriction_or_a_number_is_no_caption() {
        for (file, goal) in [
            ("hr.csv", "The Sales export. Average salary?"),
            ("shop.csv", "Online shop sales only. How many pens?"),
            (
                "clients.csv",
                "Client list, 3 accounts. Average credit limit?",
            ),
            (
                "insurance.csv",
                "Insurance data for smokers. What are the average charges?",
            ),
            (
                "passengers.csv",
                "Titanic passenger list, third class. How many survived?",
            ),
            (
                "pets.csv",
                "Shelter list of pets with fees over 150 euros. How many are dogs?",
            ),
            (
                "insurance.csv",
                "List the smokers: what do they pay on average?",
            ),
            ("shop.csv", "Sales export of returned items. Total revenue?"),
        ] {
            let read = read(file, goal);
            assert!(
                read.as_ref().map_or(true, |(told, _)| told.is_empty()),
                "{goal}: {read:?}"
            );
        }
    }
}
