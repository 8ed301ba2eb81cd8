//! Code generators: from a goal and the inputs' schema to Python code for
//! the sandbox. The offline generator (`offline`, the default) plans the
//! goal with recipes in English, French and Spanish and writes pandas code;
//! model providers plug in behind the same trait.
//!
//! A generator may offer a repair after a failed attempt (policy refusal,
//! runtime error, invalid result); the pipeline bounds the attempts and
//! records each one. The offline generator is deterministic: the same goal
//! on the same schema always gives the same code, so it offers no repair.

pub mod codegen;
pub mod explain;
pub mod lexicon;
pub mod plan;
pub mod text;

use serde::Serialize;

use crate::inputs::InputDescription;
use crate::lang::Lang;
pub use plan::{GoalProblem, Plan};

/// Extra attempts after a failure, when the generator can repair its code.
pub const DEFAULT_REPAIR_ATTEMPTS: u32 = 2;

/// What a generator is given.
#[derive(Debug, Clone, Copy)]
pub struct GenerationRequest<'a> {
    /// The goal in plain words.
    pub goal: &'a str,
    /// The goal's language.
    pub lang: Lang,
    /// The inputs as described.
    pub inputs: &'a [InputDescription],
}

/// Generated code and how it was made.
#[derive(Debug, Clone, Serialize)]
pub struct Generated {
    /// Python code.
    pub code: String,
    /// The plan it was written from (offline recipes).
    pub plan: Option<Plan>,
    /// Which generator wrote it.
    pub origin: String,
}

/// Why no code could be generated.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// The goal cannot be planned; `message` says why in the goal's language.
    #[error("{message}")]
    Goal {
        /// The problem.
        problem: GoalProblem,
        /// Plain-language reason, listing what was understood and the columns.
        message: String,
    },
    /// No generator has this name.
    #[error("unknown provider \"{0}\" (available: offline)")]
    UnknownProvider(String),
}

/// A source of code for a goal.
pub trait Generator: Send + Sync {
    /// The provider name recorded in the audit log.
    fn name(&self) -> &'static str;
    /// Code for the goal.
    fn generate(&self, request: &GenerationRequest<'_>) -> Result<Generated, GenerateError>;
    /// Another attempt after `previous` failed for `failure` (plain words);
    /// `None` when this generator has no other way to compute the goal.
    fn repair(
        &self,
        _request: &GenerationRequest<'_>,
        _previous: &Generated,
        _failure: &str,
    ) -> Option<Result<Generated, GenerateError>> {
        None
    }
}

/// The generator for a provider name.
pub fn for_provider(name: &str) -> Result<Box<dyn Generator>, GenerateError> {
    match name {
        "offline" => Ok(Box::new(OfflineGenerator)),
        other => Err(GenerateError::UnknownProvider(other.to_owned())),
    }
}

/// Recipes for common calculations, no model and no network.
#[derive(Debug, Clone, Copy, Default)]
pub struct OfflineGenerator;

impl Generator for OfflineGenerator {
    fn name(&self) -> &'static str {
        "offline"
    }

    fn generate(&self, request: &GenerationRequest<'_>) -> Result<Generated, GenerateError> {
        let _span = tracing::info_span!("offline_generate").entered();
        let plan = plan::plan(request.goal, request.lang, request.inputs).map_err(|problem| {
            let message = explain::goal_problem(&problem, request.inputs, request.lang);
            GenerateError::Goal { problem, message }
        })?;
        let code = codegen::generate(&plan, request.goal);
        Ok(Generated {
            code,
            plan: Some(plan),
            origin: self.name().into(),
        })
    }
}

#[cfg(test)]
mod tests;
