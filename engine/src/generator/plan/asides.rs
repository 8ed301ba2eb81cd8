//! Values said about the person asking, not about the rows: "I'm the
//! South team lead; what's the total revenue across all regions?", "Je
//! suis à Lyon cette semaine ; température moyenne à Nice ?", "Desde
//! Getafe: ¿cuántos socios hay en Leganés?". A value is such an aside when
//! its clause speaks of the asker (a word of [`SPEAKER`]) and another
//! clause either names a value of the same column or says all of them
//! ("all regions", "toutes les régions", "todo el club", "overall"). The
//! value is then no filter; its clause, with nothing placed in it, is set
//! aside as context and restated as such.

use super::reading::Reading;
use super::text::{self, Token};

/// Words that make a clause speak of the asker or where they are.
const SPEAKER: &[&str] = &[
    "i",
    "m",
    "me",
    "my",
    "we",
    "our",
    "here",
    "ici",
    "aqui",
    "office",
    "je",
    "j",
    "suis",
    "travaille",
    "moi",
    "nous",
    "bureau",
    "soy",
    "estoy",
    "desde",
    "trabajo",
    "vivo",
    "oficina",
    "yo",
    "from",
];

/// Words that say every value of a column is wanted.
pub(super) const ALL: &[&str] = &[
    "all", "overall", "every", "everyone", "whole", "entire", "toutes", "tous", "ensemble", "todo",
    "todos", "todas", "global",
];

/// True when a value at `start` (of `column`) is an aside: `hits` are every
/// value found in the goal, as (start, column).
/// `asked` are the places of what the goal asks (statistics, columns): a
/// clause holding one of them is the question, never an aside.
pub fn is_aside(
    tokens: &[Token],
    start: usize,
    column: &str,
    hits: &[(usize, String)],
    asked: &[usize],
) -> bool {
    let clause = tokens[start].clause;
    if asked.iter().any(|&i| tokens[i].clause == clause) {
        return false;
    }
    let speaks = tokens
        .iter()
        .any(|t| t.clause == clause && SPEAKER.contains(&t.folded.as_str()));
    if !speaks {
        return false;
    }
    if describes_the_asker(tokens, start) || signs_the_goal(tokens, start) {
        return true;
    }
    let other_value = hits
        .iter()
        .any(|(s, c)| c == column && tokens[*s].clause != clause);
    let all_said = tokens
        .iter()
        .any(|t| t.clause != clause && ALL.contains(&t.folded.as_str()));
    other_value || all_said
}

/// "HR here.", "Ici la compta.", "RRHH aquí.": a value with "here" alone in
/// its clause is who asks.
fn signs_the_goal(tokens: &[Token], start: usize) -> bool {
    const HERE: &[&str] = &["here", "ici", "aqui"];
    let clause = tokens[start].clause;
    let words: Vec<&Token> = tokens.iter().filter(|t| t.clause == clause).collect();
    words.len() <= 4 && words.iter().any(|t| HERE.contains(&t.folded.as_str()))
}

/// "I'm neutral", "I am a smoker", "I'm not a smoker", "je suis fumeur", "soy de Getafe",
/// "estoy en el Centro": the value right after the asker's "I am" says
/// who asks, not which rows.
pub(super) fn describes_the_asker(tokens: &[Token], start: usize) -> bool {
    const GLUE: &[&str] = &[
        "a", "an", "the", "from", "in", "at", "on", "de", "en", "un", "une", "una", "el", "la",
        "dans", "les", "los", "las", "au", "aux", "not", "pas", "no",
    ];
    let mut i = start;
    while i > 0 && GLUE.contains(&tokens[i - 1].folded.as_str()) {
        i -= 1;
    }
    let word = |back: usize| {
        i.checked_sub(back)
            .map_or("", |j| tokens[j].folded.as_str())
    };
    matches!(word(1), "soy" | "estoy")
        || (word(1) == "m" && word(2) == "i")
        || (word(1) == "am" && word(2) == "i")
        || (word(1) == "suis" && word(2) == "je")
}

/// Words before "all" that make it cover the rows a measure is taken
/// over ("across all days"; "the total of all tips" is no such cover).
const ACROSS: &[&str] = &["across", "over", "throughout", "for", "in", "on"];

/// Articles between "all" and what it covers: "all the regions", "toutes
/// les régions", "todos los socios".
const ALL_ARTICLES: &[&str] = &["the", "les", "los", "las", "el", "la", "of"];

impl Reading<'_> {
    /// "across all regions", "de toutes les régions": a column named after
    /// a word of [`ALL`] asks for every value of it, which the measure
    /// covers when no filter keeps some: it is neither a measure nor a
    /// grouping, and its words are placed.
    pub fn all_of_a_column(&mut self) {
        let mut covered = Vec::new();
        for m in &self.mentions {
            let mut i = m.start;
            while i > 0 && ALL_ARTICLES.contains(&self.g.tokens[i - 1].folded.as_str()) {
                i -= 1;
            }
            let Some(all) = i.checked_sub(1) else {
                continue;
            };
            let grouped = self
                .mentions
                .iter()
                .any(|o| o.column == m.column && o.start != m.start);
            let category = self.kind(&m.column) == crate::inputs::ColumnKind::Text;
            // "the mean temperature (Temp) across all days": the days are
            // the rows the measure said before covers, not a second one.
            let rows_of_a_measure = self.measured_before(m.start)
                && all
                    .checked_sub(1)
                    .is_some_and(|b| ACROSS.contains(&self.g.tokens[b].folded.as_str()));
            // "for every region" asks each region apart (a grouping), never
            // all of them together — but "for every region except North"
            // keeps all but one, and "every region combined" all (the
            // words read in its clause only).
            let clause = self.g.tokens[m.start].clause;
            let all_but = self.g.tokens[m.start + m.len..]
                .iter()
                .take(2)
                .take_while(|t| t.clause == clause)
                .any(|t| {
                    super::words::EXCLUDING.contains(&t.folded.as_str())
                        || matches!(
                            t.folded.as_str(),
                            "but" | "other" | "combined" | "together" | "overall"
                        )
                });
            let each = self.g.tokens[all].folded == "every"
                && !all_but
                && all
                    .checked_sub(1)
                    .is_some_and(|b| matches!(self.g.tokens[b].folded.as_str(), "for" | "in"));
            if ALL.contains(&self.g.tokens[all].folded.as_str())
                && !each
                && self.g.free(all, 1)
                && !grouped
                && (category || rows_of_a_measure)
            {
                covered.push((all, m.start));
            }
        }
        // "the mean Ozone on days with Temp above 80": a column said in
        // the plural between a preposition and "with" names the rows, and
        // so does one said after a value ("pen sales"), once a measure of
        // another column was said.
        for m in &self.mentions {
            let plural = m.len == 1
                && self.g.tokens[m.start].folded != text::fold(&m.column)
                && text::singular(&self.g.tokens[m.start].folded) == text::fold(&m.column);
            let before = m
                .start
                .checked_sub(1)
                .map(|i| self.g.tokens[i].folded.as_str());
            let after = self.g.tokens.get(m.start + 1).map(|t| t.folded.as_str());
            let on_rows_with = matches!(before, Some("on" | "for" | "in"))
                && matches!(after, Some("with" | "where" | "when"));
            // "the average customer age for pen sales": sales of a value.
            let of_a_value = m.len == 1
                && m.start > 1
                && self.is_value_or_synonym(m.start - 1)
                && matches!(
                    self.g.tokens[m.start - 2].folded.as_str(),
                    "for" | "of" | "on" | "pour" | "de" | "des" | "du" | "para" | "del"
                );
            if ((plural && on_rows_with) || of_a_value) && self.measured_before(m.start) {
                covered.push((m.start, m.start));
            }
            // "the sales lines", "les lignes de ventes": rows, not the
            // measure the word names ("active rows" stays a condition).
            let lines = |at: usize| {
                self.g.tokens.get(at).is_some_and(|t| {
                    matches!(
                        t.key.as_str(),
                        "line" | "row" | "record" | "entry" | "ligne" | "linea" | "fila"
                    )
                })
            };
            let before_lines = m.len == 1 && lines(m.start + 1);
            let lines_of = m.start >= 2
                && lines(m.start - 2)
                && matches!(
                    self.g.tokens[m.start - 1].folded.as_str(),
                    "de" | "of" | "d"
                );
            let a_measure = super::is_number(self.kind(&m.column));
            if (before_lines || lines_of) && a_measure {
                covered.push((m.start, m.start));
            }
        }
        covered.dedup();
        for (all, start) in covered {
            self.g.take(all, 1);
            self.mentions.retain(|m| m.start != start);
        }
    }

    /// A column of numbers other than the one at `at` is said before it.
    fn measured_before(&self, at: usize) -> bool {
        let Some(here) = self.mentions.iter().find(|m| m.start == at) else {
            return false;
        };
        self.mentions.iter().any(|m| {
            m.start < at
                && m.column != here.column
                && super::is_number(self.kind(&m.column))
                && super::is_number(self.kind(&here.column))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::text::tokens;

    #[test]
    fn a_value_beside_the_asker_is_an_aside_only_when_the_question_says_otherwise() {
        let t = tokens("I'm the South team lead; what's the total revenue across all regions?");
        let south = t.iter().position(|t| t.folded == "south").expect("south");
        let total = t.iter().position(|t| t.folded == "total").expect("total");
        assert!(is_aside(
            &t,
            south,
            "region",
            &[(south, "region".into())],
            &[total]
        ));
        let t = tokens("I'm neutral on this, but what's the average age?");
        let neutral = t
            .iter()
            .position(|t| t.folded == "neutral")
            .expect("neutral");
        assert!(is_aside(
            &t,
            neutral,
            "satisfaction",
            &[(neutral, "satisfaction".into())],
            &[]
        ));
        let t = tokens("Our UK clients: how much did they spend in total?");
        let uk = t.iter().position(|t| t.folded == "uk").expect("uk");
        assert!(!is_aside(&t, uk, "country", &[(uk, "country".into())], &[]));
        let t = tokens("My mouse just died; total revenue from headsets?");
        let mouse = t.iter().position(|t| t.folded == "mouse").expect("mouse");
        let headsets = t
            .iter()
            .position(|t| t.folded == "headsets")
            .expect("headsets");
        let total = t.iter().position(|t| t.folded == "total").expect("total");
        let hits = [
            (mouse, "product".to_owned()),
            (headsets, "product".to_owned()),
        ];
        assert!(is_aside(&t, mouse, "product", &hits, &[total]));
        assert!(!is_aside(&t, headsets, "product", &hits, &[total]));
    }
}
