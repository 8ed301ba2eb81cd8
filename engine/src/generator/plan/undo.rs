//! Assumptions that can be taken back: each choice the reading made without
//! the goal saying it carries an edit of the goal's text that says the
//! other choice ("revenue in March" → "average revenue in March"). The
//! edited goal is planned before it is offered, and offered only when it
//! reads without that assumption — so the app's one click ("not this")
//! re-runs a question that plans as written.

use super::reading::Reading;
use super::text::Token;
use super::Stat;
use crate::audit::event::Assumption;
use crate::inputs::InputDescription;
use crate::lang::Lang;

/// A change to the goal's text: the characters `from..to` replaced by
/// `text` (an insertion when they are equal).
#[derive(Debug, Clone, PartialEq)]
pub struct Edit {
    /// First character replaced.
    pub from: usize,
    /// One past the last character replaced.
    pub to: usize,
    /// What goes there.
    pub text: String,
}

impl Edit {
    /// The goal with this edit made, spaces tidied.
    pub fn apply(&self, goal: &str) -> String {
        let chars: Vec<char> = goal.chars().collect();
        let from = self.from.min(chars.len());
        let to = self.to.clamp(from, chars.len());
        let mut out: String = chars[..from].iter().collect();
        out.push_str(&self.text);
        out.extend(&chars[to..]);
        out.split_whitespace().collect::<Vec<_>>().join(" ")
    }
}

/// A choice the reading made, and the edit that says the other one.
#[derive(Debug, Clone)]
pub struct Assumed {
    /// The choice, in the goal's language.
    pub said: String,
    /// The edit of the goal that asks without this choice, if there is one.
    pub undo: Option<Edit>,
}

/// The words that name `stat` before a measure, in English, French and
/// Spanish; only the two statistics an assumption swaps between.
fn stat_words(stat: Stat) -> Option<(&'static str, &'static str, &'static str)> {
    match stat {
        Stat::Mean => Some(("average", "la moyenne", "la media")),
        Stat::Sum => Some(("total", "le total", "el total")),
        _ => None,
    }
}

/// The edit that names `stat` before the measure whose first word is
/// `tokens[at]`: "the revenue" → "the average revenue", "le loyer" → "la
/// moyenne du loyer", "las ventas" → "el total de las ventas".
pub fn stat_before(tokens: &[Token], at: usize, stat: Stat, lang: Lang) -> Option<Edit> {
    let (en, fr, es) = stat_words(stat)?;
    let word = tokens.get(at)?;
    let article = at
        .checked_sub(1)
        .and_then(|i| tokens.get(i))
        .filter(|t| t.clause == word.clause);
    let article_word = article.map(|t| t.folded.as_str());
    let (from, text) = match lang {
        Lang::En => match article_word {
            Some("the") => (word.span.0, format!("{en} ")),
            Some("a" | "an") => (article?.span.0, format!("the {en} ")),
            _ => (word.span.0, format!("{en} ")),
        },
        Lang::Fr => {
            let joined = match article_word {
                Some("le" | "du") => "du ",
                Some("la") => "de la ",
                Some("les" | "des") => "des ",
                Some("l") => "de l'",
                Some("d") => "d'",
                Some("de") => "de ",
                _ => "de ",
            };
            let from = match article_word {
                Some("le" | "du" | "la" | "les" | "des" | "l" | "d" | "de") => article?.span.0,
                _ => word.span.0,
            };
            (from, format!("{fr} {joined}"))
        }
        Lang::Es => {
            let joined = match article_word {
                Some("el" | "del") => "del ",
                Some("la") => "de la ",
                Some("los") => "de los ",
                Some("las") => "de las ",
                _ => "de ",
            };
            let from = match article_word {
                Some("el" | "del" | "la" | "los" | "las" | "de") => article?.span.0,
                _ => word.span.0,
            };
            (from, format!("{es} {joined}"))
        }
    };
    Some(Edit {
        from,
        to: word.span.0,
        text,
    })
}

/// The edit that puts `rows` in place of the words `tokens[at..at + len]`
/// ("how many sales" → "how many rows"), only when they follow the count's
/// words (`count_at` is the first of them: "how many of the", "combien
/// de"): a measure named elsewhere ("how many pens were sold") is a verb or
/// a side word, and "rows" in its place would not read.
pub fn rows_instead(
    tokens: &[Token],
    count_at: usize,
    at: usize,
    len: usize,
    lang: Lang,
) -> Option<Edit> {
    if !super::recipe::counted_noun(tokens, count_at, at) {
        return None;
    }
    let first = tokens.get(at)?;
    let last = tokens.get(at + len.max(1) - 1)?;
    Some(Edit {
        from: first.span.0,
        to: last.span.1,
        text: lang.pick("rows", "lignes", "filas").to_owned(),
    })
}

/// The edit that adds `words` at the end of the goal, before its closing
/// punctuation ("which region sells the most?" → "… the most on average?").
pub fn at_end(goal: &str, words: &str) -> Edit {
    let end = goal.trim_end_matches(['?', '!', '.', ' ']).chars().count();
    Edit {
        from: end,
        to: end,
        text: format!(" {words}"),
    }
}

/// The edit that names one file at the end of the goal ("… in sales_feb").
pub fn in_file(goal: &str, file: &str, lang: Lang) -> Edit {
    let stem = file.rsplit_once('.').map_or(file, |(s, _)| s);
    at_end(goal, &format!("{} {stem}", lang.pick("in", "dans", "en")))
}

/// The edit that says a ranking's statistic at the end of the goal: "on
/// average" / "in total", in the goal's language.
pub fn ranked_by(goal: &str, stat: Stat, lang: Lang) -> Option<Edit> {
    let words = match stat {
        Stat::Mean => lang.pick("on average", "en moyenne", "en promedio"),
        Stat::Sum => lang.pick("in total", "au total", "en total"),
        _ => return None,
    };
    Some(at_end(goal, words))
}

/// The assumptions as offered: each with the goal that asks without it,
/// when that goal plans as written and reads without the same assumption.
pub fn offered(
    goal: &str,
    lang: Lang,
    inputs: &[InputDescription],
    assumed: Vec<Assumed>,
) -> Vec<Assumption> {
    assumed
        .into_iter()
        .map(|a| {
            let instead = a
                .undo
                .map(|edit| edit.apply(goal))
                .filter(|other| other != goal && reads_without(other, lang, inputs, &a.said));
            Assumption {
                text: a.said,
                instead,
            }
        })
        .collect()
}

/// Whether `goal` plans as written without the assumption `said`.
fn reads_without(goal: &str, lang: Lang, inputs: &[InputDescription], said: &str) -> bool {
    match super::plan_once(goal, lang, inputs) {
        Ok((_, assumed)) => assumed.iter().all(|a| a.said != said),
        Err(_) => false,
    }
}

impl Reading<'_> {
    /// Records a choice the goal did not state, with the edit that would
    /// say the other choice.
    pub fn assume(&mut self, said: String, undo: Option<Edit>) {
        self.assumptions.push(Assumed { said, undo });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::text::tokens as tokenize;

    fn edited(goal: &str, at_word: &str, stat: Stat, lang: Lang) -> String {
        let tokens = tokenize(goal);
        let at = tokens
            .iter()
            .position(|t| t.raw == at_word)
            .expect("word in goal");
        stat_before(&tokens, at, stat, lang)
            .expect("an edit")
            .apply(goal)
    }

    #[test]
    fn a_statistic_is_named_before_the_measure_with_its_article_joined() {
        let cases = [
            (
                "revenue in March",
                "revenue",
                Stat::Mean,
                Lang::En,
                "average revenue in March",
            ),
            (
                "the revenue per region",
                "revenue",
                Stat::Mean,
                Lang::En,
                "the average revenue per region",
            ),
            (
                "who brings in the most money?",
                "money",
                Stat::Mean,
                Lang::En,
                "who brings in the most average money?",
            ),
            (
                "le loyer en mars",
                "loyer",
                Stat::Mean,
                Lang::Fr,
                "la moyenne du loyer en mars",
            ),
            (
                "les dépenses par catégorie",
                "dépenses",
                Stat::Sum,
                Lang::Fr,
                "le total des dépenses par catégorie",
            ),
            (
                "dépenses de l'année",
                "dépenses",
                Stat::Mean,
                Lang::Fr,
                "la moyenne de dépenses de l'année",
            ),
            (
                "las ventas por región",
                "ventas",
                Stat::Mean,
                Lang::Es,
                "la media de las ventas por región",
            ),
            (
                "el importe en marzo",
                "importe",
                Stat::Sum,
                Lang::Es,
                "el total del importe en marzo",
            ),
        ];
        for (goal, word, stat, lang, want) in cases {
            assert_eq!(edited(goal, word, stat, lang), want, "{goal}");
        }
    }

    #[test]
    fn only_mean_and_total_are_swapped() {
        let tokens = tokenize("median price");
        assert!(stat_before(&tokens, 1, Stat::Median, Lang::En).is_none());
    }

    #[test]
    fn rows_replace_the_measure_and_a_file_is_named_at_the_end() {
        let goal = "how many sales in March?";
        let tokens = tokenize(goal);
        let at = tokens.iter().position(|t| t.raw == "sales").unwrap();
        assert_eq!(
            rows_instead(&tokens, 0, at, 1, Lang::En)
                .unwrap()
                .apply(goal),
            "how many rows in March?"
        );
        // A measure away from the count's words is left alone.
        let sold = tokenize("how many pens were sold?");
        assert!(rows_instead(&sold, 0, 4, 1, Lang::En).is_none());
        assert_eq!(
            ranked_by("which region sells the most?", Stat::Mean, Lang::En)
                .unwrap()
                .apply("which region sells the most?"),
            "which region sells the most on average?"
        );
        assert_eq!(
            in_file(goal, "sales_feb.csv", Lang::En).apply(goal),
            "how many sales in March in sales_feb?"
        );
        assert_eq!(
            in_file("total des ventes", "ventes_2024.csv", Lang::Fr).apply("total des ventes"),
            "total des ventes dans ventes_2024"
        );
    }
}
