//! `glovebox audit`: audit log tools (`verify`: check the hash chain and
//! name the first broken entry).

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;

use super::open_store;
use crate::AuditCommand;

/// Runs `glovebox audit <command>`.
pub(crate) fn run(db: &Path, command: AuditCommand) -> Result<ExitCode> {
    match command {
        AuditCommand::Verify => verify_chain(db),
    }
}

/// `glovebox audit verify`: 0 intact, 4 broken.
#[allow(clippy::print_stdout)]
fn verify_chain(db: &Path) -> Result<ExitCode> {
    let store = open_store(db)?;
    let report = store.verify()?;
    match report.first_break {
        None => {
            println!(
                "audit log intact: {} entries, chain verified",
                report.entries
            );
            Ok(ExitCode::SUCCESS)
        }
        Some(b) => {
            println!("audit log BROKEN at entry {}: {}", b.seq, b.reason);
            Ok(ExitCode::from(4))
        }
    }
}
