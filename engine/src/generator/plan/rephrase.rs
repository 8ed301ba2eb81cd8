//! Ask instead of guess: when a goal stops, up to three complete
//! rephrasings built from the schema, each of which plans as written (every
//! candidate is planned before it is offered). The person can pick one, or
//! answer the question the stop asks.

use super::{plan, GoalProblem};
use crate::inputs::{ColumnKind, InputDescription};
use crate::lang::Lang;

/// How many rephrasings a stop offers.
pub const MAX_SUGGESTIONS: usize = 3;

/// The goal without `words` (as written), spaces tidied and the joining
/// words left hanging at its end taken off ("… par matière et par").
fn without(goal: &str, words: &[String]) -> String {
    let mut out = goal.to_owned();
    for w in words {
        if let Some(at) = out.find(w.as_str()) {
            out.replace_range(at..at + w.len(), "");
        }
    }
    let mut kept: Vec<&str> = out.split_whitespace().collect();
    while kept.last().is_some_and(|w| {
        let folded = super::text::fold(w);
        super::lexicon::GROUP_MARKERS.contains(&folded.as_str())
            || super::lexicon::STOP_WORDS.contains(&folded.as_str())
            || super::lexicon::ARTICLES.contains(&folded.as_str())
    }) {
        kept.pop();
    }
    kept.join(" ")
}

/// Goals built from the schema alone: a total or mean of a column of
/// numbers, per category.
fn from_schema(inputs: &[InputDescription], lang: Lang) -> Vec<String> {
    let Some(input) = inputs.first() else {
        return vec![];
    };
    let numbers: Vec<&str> = input
        .columns
        .iter()
        .filter(|c| matches!(c.kind, ColumnKind::Integer | ColumnKind::Decimal))
        .map(|c| c.name.as_str())
        .collect();
    let categories: Vec<&str> = input
        .columns
        .iter()
        .filter(|c| c.kind == ColumnKind::Text && !c.values.is_empty())
        .map(|c| c.name.as_str())
        .collect();
    let mut out = Vec::new();
    for n in numbers.iter().take(2) {
        out.push(lang.pick(
            format!("average of {n}"),
            format!("moyenne de {n}"),
            format!("media de {n}"),
        ));
        if let Some(c) = categories.first() {
            out.push(lang.pick(
                format!("total of {n} per {c}"),
                format!("total de {n} par {c}"),
                format!("total de {n} por {c}"),
            ));
        }
    }
    if let Some(c) = categories.first() {
        out.push(lang.pick(
            format!("number of rows per {c}"),
            format!("nombre de lignes par {c}"),
            format!("número de filas por {c}"),
        ));
    }
    out
}

/// The candidates a problem suggests, most specific first.
fn candidates(
    problem: &GoalProblem,
    goal: &str,
    lang: Lang,
    inputs: &[InputDescription],
) -> Vec<String> {
    let goal = goal.trim().trim_end_matches(['?', '.', '!', ' ']);
    let mut out = Vec::new();
    match problem {
        GoalProblem::Ambiguous { phrase, candidates } => {
            for c in candidates {
                out.push(goal.replacen(phrase.as_str(), &format!("\"{c}\""), 1));
            }
        }
        GoalProblem::WhichFile { files } => {
            for f in files {
                let stem = f.rsplit_once('.').map_or(f.as_str(), |(s, _)| s);
                out.push(lang.pick(
                    format!("{goal} in {stem}"),
                    format!("{goal} dans {stem}"),
                    format!("{goal} en {stem}"),
                ));
            }
        }
        GoalProblem::Unplaced { words, .. } => out.push(without(goal, words)),
        // "t-test of charges by region" (four regions): all of them compared.
        GoalProblem::WhichTest { .. } => out.push(format!("{goal} (ANOVA)")),
        GoalProblem::NotUnderstood { .. } => {
            out.push(lang.pick(
                format!("total {goal}"),
                format!("total {goal}"),
                format!("total {goal}"),
            ));
            out.push(lang.pick(
                format!("average {goal}"),
                format!("moyenne {goal}"),
                format!("media {goal}"),
            ));
        }
        GoalProblem::NeedsColumn { .. } | GoalProblem::NotNumbers { .. } => {
            for c in inputs.iter().flat_map(|i| &i.columns) {
                if matches!(c.kind, ColumnKind::Integer | ColumnKind::Decimal) {
                    let n = &c.name;
                    out.push(lang.pick(
                        format!("{goal} of {n}"),
                        format!("{goal} de {n}"),
                        format!("{goal} de {n}"),
                    ));
                }
            }
        }
        _ => {}
    }
    out.extend(from_schema(inputs, lang));
    out
}

/// Up to [`MAX_SUGGESTIONS`] rephrasings of `goal` that plan as written.
pub fn suggestions(
    problem: &GoalProblem,
    goal: &str,
    lang: Lang,
    inputs: &[InputDescription],
) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for c in candidates(problem, goal, lang, inputs) {
        if out.len() == MAX_SUGGESTIONS {
            break;
        }
        if c.is_empty() || c == goal.trim() || out.contains(&c) {
            continue;
        }
        if plan(&c, lang, inputs).is_ok() {
            out.push(c);
        }
    }
    out
}
