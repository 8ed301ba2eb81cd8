//! Plan steps, one module each, in the way rust-analyzer keeps one file per
//! assist: a step's detection (what words of a goal ask for it), its code
//! (the readable pandas it writes, commented in the goal's language), its
//! explanation and its tests live together. The planner (`plan`) composes
//! steps; `codegen` and `explain` call into the step's module.

pub mod amounts;
pub mod chart_kind;
pub mod codes;
pub mod days;
pub mod derived;
pub mod feminine;
pub mod happened;
pub mod hypothesis;
pub mod join;
pub mod latest;
pub mod lookup;
pub mod measures;
pub mod ohlc;
pub mod pivot;
pub mod prep;
pub mod rates;
pub mod recent;
pub mod regression;
pub mod unfilled;
pub mod years;

use super::lexicon::Op;
use super::plan::reading::Reading;
use super::plan::Recipe;

/// The recipe a step decides on its own: a model asked, or a column
/// scaled with nothing else computed (its values are shown).
pub fn recipe_of(r: &Reading) -> Option<Recipe> {
    if let Some(m) = &r.model {
        return Some(Recipe::Regression(m.clone()));
    }
    let nothing_else = r.ops.iter().all(|(_, o)| *o == Op::Which) && r.period.is_none();
    // A scaled column not named beside the word is the one column named.
    let named: Vec<&str> = r.mentions.iter().map(|m| m.column.as_str()).collect();
    let scaled = r.prep.iter().rev().find_map(|p| match p {
        prep::Prep::Scale { column, .. } if !column.is_empty() => Some(column.clone()),
        prep::Prep::Scale { .. } => match named.as_slice() {
            [one] => Some((*one).to_owned()),
            _ => None,
        },
        _ => None,
    });
    match (scaled, nothing_else) {
        (Some(column), true) => Some(Recipe::Distribution { column }),
        _ => None,
    }
}
