//! `glovebox models`: list the models a provider offers, with the stored
//! API key.

use std::process::ExitCode;

use anyhow::Result;
use glovebox_engine::keys;
use glovebox_engine::provider::ModelGenerator;

use crate::ModelArgs;

/// Runs `glovebox models`: one model id per line.
#[allow(clippy::print_stdout)]
pub(crate) fn run(provider: String, model: ModelArgs) -> Result<ExitCode> {
    let settings = model.settings(&provider)?;
    let key = keys::api_key(&provider)?;
    let generator = ModelGenerator::new(settings, key)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    for id in runtime.block_on(generator.list_models())? {
        println!("{}", glovebox_engine::terminal::line(&id));
    }
    Ok(ExitCode::SUCCESS)
}
