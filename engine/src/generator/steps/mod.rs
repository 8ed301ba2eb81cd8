//! Plan steps, one module each, in the way rust-analyzer keeps one file per
//! assist: a step's detection (what words of a goal ask for it), its code
//! (the readable pandas it writes, commented in the goal's language), its
//! explanation and its tests live together. The planner (`plan`) composes
//! steps; `codegen` and `explain` call into the step's module.

pub mod chart_kind;
pub mod derived;
pub mod hypothesis;
pub mod join;
pub mod lookup;
pub mod measures;
pub mod pivot;
pub mod prep;
pub mod regression;

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

#[cfg(test)]
mod tests {
    use crate::generator::{GenerationRequest, OfflineGenerator};
    use crate::lang::Lang;
    use crate::policy::{self, Profile, Verdict};

    /// Every answered goal of the models and preparation corpora writes
    /// code the policy allows.
    #[test]
    fn the_code_of_every_model_and_preparation_goal_passes_the_policy() {
        let golden = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/golden");
        let mut checked = 0;
        let mut failures = Vec::new();
        for corpus in ["steps-models.txt", "steps-prep.txt"] {
            let text = std::fs::read_to_string(golden.join(corpus)).expect("corpus");
            for line in text
                .lines()
                .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            {
                let parts: Vec<&str> = line.split(" | ").collect();
                let inputs = [crate::generator::golden_input(parts[0])];
                let Ok(generated) = OfflineGenerator.generate(&GenerationRequest {
                    goal: parts[1],
                    lang: Lang::detect(parts[1]),
                    inputs: &inputs,
                    limits: &glovebox_sandbox::Limits::default(),
                    follows: &[],
                }) else {
                    continue;
                };
                let report =
                    policy::check(&generated.code, Lang::detect(parts[1]), &Profile::builtin());
                if report.verdict != Verdict::Allow {
                    failures.push(format!(
                        "{}: {:?}\n{}",
                        parts[1], report.findings, generated.code
                    ));
                }
                checked += 1;
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
        assert!(checked >= 45, "{checked}");
    }
}
