//! `glovebox verify`: check a report file (HTML or PDF): its signature, that
//! nothing in it was changed, and with `--key` who signed it.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use glovebox_engine::terminal::line;

/// Runs `glovebox verify`: 0 valid, 4 invalid.
#[allow(clippy::print_stdout)]
pub(crate) fn run(file: PathBuf, key: Option<String>) -> Result<ExitCode> {
    use glovebox_engine::report::sign;
    let trusted = key.as_deref().map(sign::parse_public_key).transpose()?;
    let bytes = std::fs::read(&file).with_context(|| format!("cannot read {}", file.display()))?;
    let v = if sign::is_pdf(&bytes) {
        sign::verify_pdf(&bytes, trusted.as_ref())
    } else {
        let page = String::from_utf8(bytes)
            .with_context(|| format!("{} is neither a PDF nor an HTML page", file.display()))?;
        sign::verify_html(&page, trusted.as_ref())
    };
    let signer = v.fingerprint.as_deref().unwrap_or("unknown");
    if v.valid {
        println!(
            "valid: the report is exactly as signed by key {}",
            line(signer)
        );
        if !v.signer_confirmed {
            println!("the signer was not checked: pass --key with their public key to confirm who signed");
        }
        Ok(ExitCode::SUCCESS)
    } else {
        println!("INVALID: {}", line(&file.to_string_lossy()));
        for p in &v.problems {
            println!("  - {}", line(p));
        }
        Ok(ExitCode::from(4))
    }
}
