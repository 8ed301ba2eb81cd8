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
#[cfg(test)]
mod corpus;
pub mod error;
pub mod explain;
pub mod extract;
pub mod lexicon;
mod narrow;
pub mod packages;
pub mod plan;
pub mod prompt;
mod steps;
pub mod terms;
pub mod text;

use std::future::Future;
use std::pin::Pin;

use glovebox_sandbox::Limits;
use serde::Serialize;

use crate::inputs::InputDescription;
use crate::lang::Lang;
pub use error::{GenerateError, ProviderError};
pub use extract::ExtractProblem;
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
    /// The sandbox limits the code will run under (stated to a model).
    pub limits: &'a Limits,
    /// The goals this one follows up, oldest first (`glovebox run
    /// --follow`, "Ask a follow-up"); empty for a new question.
    pub follows: &'a [String],
}

/// Generated code and how it was made.
#[derive(Debug, Clone, Serialize, Default)]
pub struct Generated {
    /// Python code.
    pub code: String,
    /// The plan it was written from (offline recipes).
    pub plan: Option<Plan>,
    /// Which generator wrote it.
    pub origin: String,
    /// The model's whole reply, when a model wrote it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply: Option<String>,
    /// How the model call went (tries, waits, time), for the audit log.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub call: Option<serde_json::Value>,
}

/// A failed attempt handed back to the generator for another try.
#[derive(Debug, Clone, Copy)]
pub struct Repair<'a> {
    /// What was tried (its code, and the model's reply if any).
    pub previous: &'a Generated,
    /// What went wrong, for the generator (policy findings, the tail of the
    /// error output, the schema error, the limit reached).
    pub failure: &'a str,
}

/// The exact request a generator will send off the machine.
#[derive(Debug, Clone, Serialize)]
pub struct Outgoing {
    /// Provider name.
    pub provider: String,
    /// Model name.
    pub model: String,
    /// Where it goes (POST).
    pub url: String,
    /// The body, byte for byte.
    pub body: String,
}

/// Code, or why there is none, in the future a generator returns.
pub type GenerateFuture<'a> =
    Pin<Box<dyn Future<Output = Result<Generated, GenerateError>> + Send + 'a>>;

/// Receives code text as it arrives (streaming models); may be called many times.
pub type TextSink<'a> = &'a (dyn Fn(&str) + Send + Sync);

/// A source of code for a goal.
///
/// Methods return boxed futures so that `Box<dyn Generator>` works on any
/// tokio runtime; a generation is cancelled by dropping its future.
pub trait Generator: Send + Sync {
    /// The provider name recorded in the audit log.
    fn name(&self) -> &'static str;
    /// The exact request that `generate` (`repair` = `None`) or `repair`
    /// would send; `None` when nothing leaves the machine.
    fn outgoing(
        &self,
        _request: &GenerationRequest<'_>,
        _repair: Option<&Repair<'_>>,
    ) -> Option<Outgoing> {
        None
    }
    /// Code for the goal; `on_text` hears the reply as it arrives.
    fn generate<'a>(
        &'a self,
        request: &'a GenerationRequest<'a>,
        on_text: TextSink<'a>,
    ) -> GenerateFuture<'a>;
    /// Whether [`Generator::repair`] can try again after a failure.
    fn can_repair(&self) -> bool {
        false
    }
    /// Another attempt after a failure; `None` when this generator has no
    /// other way to compute the goal.
    fn repair<'a>(
        &'a self,
        _request: &'a GenerationRequest<'a>,
        _repair: Repair<'a>,
        _on_text: TextSink<'a>,
    ) -> Option<GenerateFuture<'a>> {
        None
    }
}

/// Recipes for common calculations, no model and no network.
#[derive(Debug, Clone, Copy, Default)]
pub struct OfflineGenerator;

impl OfflineGenerator {
    /// Code for the goal, now (the offline generator never waits).
    pub fn generate(&self, request: &GenerationRequest<'_>) -> Result<Generated, GenerateError> {
        let _span = tracing::info_span!("offline_generate").entered();
        let planned = if request.follows.is_empty() {
            plan::plan(request.goal, request.lang, request.inputs)
        } else {
            let mut chain: Vec<&str> = request.follows.iter().map(String::as_str).collect();
            chain.push(request.goal);
            plan::follow::plan_chain(&chain, request.inputs)
        };
        let plan = planned.map_err(|problem| {
            let suggestions =
                plan::rephrase::suggestions(&problem, request.goal, request.lang, request.inputs);
            let message =
                explain::goal_problem(&problem, request.inputs, request.lang, &suggestions);
            GenerateError::Goal {
                problem,
                message,
                suggestions,
            }
        })?;
        let code = codegen::generate(&plan, request.goal);
        Ok(Generated {
            code,
            plan: Some(plan),
            origin: "offline".into(),
            reply: None,
            call: None,
        })
    }
}

impl Generator for OfflineGenerator {
    fn name(&self) -> &'static str {
        "offline"
    }

    fn generate<'a>(
        &'a self,
        request: &'a GenerationRequest<'a>,
        _on_text: TextSink<'a>,
    ) -> GenerateFuture<'a> {
        let result = OfflineGenerator::generate(self, request);
        Box::pin(async move { result })
    }
}

#[cfg(test)]
mod tests;

/// A file of `tests/golden/data`, described (the generator's tests read the
/// golden datasets through this one door).
#[cfg(test)]
fn golden_input(file: &str) -> InputDescription {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/golden/data")
        .join(file);
    crate::inputs::describe(&path, u64::MAX).expect("describe")
}
