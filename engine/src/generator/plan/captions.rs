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
//! sentence after it asks, and it holds no value of these files nor a
//! word for one ("the North export" may mean the North), no restriction
//! ("only", "sauf"), no comparison, no operation, no question word and no
//! number but a year or the count of a file's rows before its noun ("8
//! accounts" of a file of 8 rows): its other words are fillers, the
//! asker's, words of a column or words these files do not know. Its
//! times ("Sales data for April") are left to the passes that read times
//! — said of the file, they are still what the asker wants counted —
//! unless the question says a month or a year of its own ("Export des
//! ventes (février à avril). Combien … en mars ?": the caption's span is
//! the file's). The rest is set aside as context and restated.

use super::reading::Reading;
use super::text::{self, Token};
use crate::generator::lexicon;

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
        // Words placed before (a story in brackets, a quoted name) stay
        // as they were read.
        let members: Vec<usize> = members.into_iter().filter(|&i| !self.g.used[i]).collect();
        // "Export des ventes (février à avril). Combien … en mars ?": the
        // question's own time says what is asked; the caption's is the
        // file's span, set aside with it.
        let timed_after = (end + 1..self.g.tokens.len()).any(|i| is_time(&self.g.tokens[i]));
        let mut times = Vec::new();
        for &i in &members {
            match self.caption_word(i) {
                Some(Caption::Time) if !timed_after => times.push(i),
                Some(_) => {}
                None => return,
            }
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
            for &c in &chars[tokens[i].span.1..tokens[i + 1].span.0] {
                match c {
                    '(' | '[' => depth += 1,
                    ')' | ']' => depth -= 1,
                    '.' | ':' | '—' | '–' | '!' | '?' | ';' if depth <= 0 => return Some(i),
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
    /// rows or ask.
    fn caption_word(&self, at: usize) -> Option<Caption> {
        let t = &self.g.tokens[at];
        if is_time(t) {
            return Some(Caption::Time);
        }
        // "de" is also a word of "Lampe de bureau".
        let plain = super::words::is_filler(t)
            || FILE_NOUNS.contains(&t.key.as_str())
            || SHOWING.contains(&t.folded.as_str());
        if plain && !self.asks_at(at) {
            return Some(Caption::Told);
        }
        if self.asks_at(at)
            || super::words::asks_something(t) && !self.counts_the_rows(at)
            || self.a_value_here(at)
        {
            return None;
        }
        // A word of a column ("objectifs"), a verb saying what the file
        // holds, or a word these files do not know ("household",
        // "Stationery"): it describes every row.
        Some(Caption::Told)
    }

    /// True when the word at `at` is a value of these files, or a word for
    /// one ("ventes" names a department `Sales`, not in a file of sales
    /// lines).
    fn a_value_here(&self, at: usize) -> bool {
        let values: Vec<String> = self
            .inputs
            .iter()
            .flat_map(|i| &i.columns)
            .flat_map(|c| &c.values)
            .map(|v| text::fold(v))
            .collect();
        self.is_value(at)
            || super::conditions::value_synonyms_of(&self.g.tokens[at].folded)
                .iter()
                .any(|s| values.iter().any(|v| text::same_word(v, s)))
    }

    /// "8 accounts" in a file of 8 rows: the count of the file's rows,
    /// said before a word.
    fn counts_the_rows(&self, at: usize) -> bool {
        let tokens = &self.g.tokens;
        let Some(n) = text::number(&tokens[at]) else {
            return false;
        };
        let noun_after = tokens.get(at + 1).is_some_and(|t| {
            t.clause == tokens[at].clause && !t.folded.starts_with(|c: char| c.is_ascii_digit())
        });
        noun_after && self.inputs.iter().any(|i| i.row_count as f64 == n)
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
            "Tableau des objectifs commerciaux : quel est l'objectif total hors Île-de-France ?",
        )
        .expect("read");
        assert_eq!(told, ["Tableau des objectifs commerciaux"]);
        assert_eq!(filtered, ["Région"]);
        let (told, _) = read(
            "clients.csv",
            "Our client list has 8 accounts. How many of the ones Priya looks after are retail?",
        )
        .expect("read");
        assert_eq!(told, ["Our client list has 8 accounts"]);
    }

    #[test]
    fn a_caption_keeps_its_time_unless_the_question_says_one() {
        let (told, filtered) =
            read("shop.csv", "Sales data for April. Total revenue?").expect("read");
        assert_eq!(told, ["Sales data"]);
        assert_eq!(filtered, ["date"]);
        let (told, _) = read(
            "ventes.csv",
            "Export des ventes de fournitures (février à avril). Combien d'agrafeuses vendues dans le Nord en mars ?",
        )
        .expect("read");
        assert_eq!(told, ["Export des ventes de fournitures (février à avril)"]);
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
        ] {
            let read = read(file, goal);
            assert!(
                read.as_ref().map_or(true, |(told, _)| told.is_empty()),
                "{goal}: {read:?}"
            );
        }
    }
}
