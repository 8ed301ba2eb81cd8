//! `glovebox doctor`: check that this machine can sandbox, and how, by
//! running the sandbox helper's own `doctor` (which prints its findings).

use std::process::ExitCode;

use anyhow::{Context, Result};

/// Runs `glovebox doctor`: 0 when the helper says the sandbox works, else 4.
pub(crate) fn run() -> Result<ExitCode> {
    let status = std::process::Command::new(glovebox_sandbox::client::default_helper())
        .arg("doctor")
        .status()
        .context("cannot run the sandbox helper")?;
    Ok(if status.success() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(4)
    })
}
