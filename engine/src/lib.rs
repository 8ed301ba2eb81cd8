//! Glovebox's pipeline: inputs, policy check, sandboxed execution, result
//! validation, audit log; and the `glovebox` command line. Knows nothing of
//! Tauri.

pub mod audit;
pub mod base64;
pub mod chart;
pub mod generator;
pub mod history;
pub mod inputs;
pub mod keys;
pub mod lang;
pub mod messages;
pub mod pipeline;
pub mod policy;
pub mod provider;
pub mod report;
pub mod rerun;
pub mod rows;
pub mod run_report;
pub mod support;
pub mod validate;
