//! End-to-end tests of the engine and the `glovebox` CLI, with real
//! containers and a real SQLite file. Corpora live in the repository's
//! `tests/` folder.

mod attacks;
mod audit_race;
mod bad_inputs;
mod cli;
mod common;
mod export;
mod fake_model;
mod figures;
mod formats;
mod golden;
mod input_access;
mod joins;
mod legit;
mod library;
mod out;
mod pdf;
mod provider;
mod rerun;
mod tidy;
