//! `glovebox key`: the API keys of model providers and the report signing
//! key, kept in the OS keyring (a key is never printed).

use std::process::ExitCode;

use anyhow::Result;
use glovebox_engine::keys::{self, KeyStore};

use crate::KeyCommand;

/// Runs `glovebox key <command>`.
#[allow(clippy::print_stdout)]
pub(crate) fn run(command: KeyCommand) -> Result<ExitCode> {
    let check = |p: &str| -> Result<()> {
        if matches!(p, "openai" | "anthropic") {
            Ok(())
        } else {
            anyhow::bail!("unknown provider \"{p}\" (keys are for openai or anthropic)")
        }
    };
    let store = keys::OsKeyring::detect()?;
    match command {
        KeyCommand::ExportPublic => {
            let signer = glovebox_engine::report::sign::Signer::from_keyring()?;
            println!("ed25519:{}", signer.public_hex());
            println!("fingerprint {}", signer.fingerprint());
        }
        KeyCommand::DeleteSigning => {
            if store.delete(glovebox_engine::report::sign::SIGNING_KEY_ENTRY)? {
                eprintln!("glovebox: the report signing key was removed");
            } else {
                eprintln!("glovebox: no report signing key was stored");
            }
        }
        KeyCommand::Set { provider } => {
            check(&provider)?;
            let key = keys::read_key(&format!("API key for {provider} (not shown): "))?;
            store.set(&provider, &key)?;
            eprintln!(
                "glovebox: the {provider} key is stored in the {} keyring",
                store.backend().name()
            );
        }
        KeyCommand::Delete { provider } => {
            check(&provider)?;
            if store.delete(&provider)? {
                eprintln!("glovebox: the {provider} key was removed");
            } else {
                eprintln!("glovebox: no {provider} key was stored");
            }
        }
        KeyCommand::Status { provider } => {
            check(&provider)?;
            let stored = store.get(&provider)?.is_some();
            let overridden = std::env::var_os(keys::API_KEY_ENV).is_some_and(|v| !v.is_empty());
            println!(
                "keyring: {}\n{provider} key: {}{}",
                store.backend().name(),
                if stored { "stored" } else { "not stored" },
                if overridden {
                    format!(" ({} is set and takes precedence)", keys::API_KEY_ENV)
                } else {
                    String::new()
                }
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
