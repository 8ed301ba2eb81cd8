//! Glovebox's pipeline: inputs, policy check, sandboxed execution, result
//! validation, audit log; and the `glovebox` command line. Knows nothing of
//! Tauri.

pub mod audit;
pub mod base64;
pub mod chart;
pub mod figure;
pub mod generator;
pub mod history;
pub mod inputs;
pub mod keys;
pub mod messages;
pub mod money;
pub mod pipeline;
pub mod provider;
pub mod report;
pub mod rerun;
pub mod rows;
pub mod run_report;
pub mod support;
pub mod terminal;
pub mod units;
pub mod validate;

// Crates of their own, re-exported so `glovebox_engine::lang` and
// `glovebox_engine::policy` (and `crate::lang`, `crate::policy` here) keep
// their paths.
/// The languages Glovebox speaks (crate `glovebox-lang`).
pub use glovebox_lang as lang;
/// The policy check (crate `glovebox-policy`, which cannot run code: it
/// depends on neither the sandbox nor the engine).
pub use glovebox_policy as policy;
