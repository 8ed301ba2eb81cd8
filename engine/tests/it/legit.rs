//! False positives of the policy on legitimate analysis scripts
//! (`tests/legit/`), written the way people and language models write pandas
//! code. Every script must be allowed, and must answer when run for real.

use glovebox_engine::lang::Lang;
use glovebox_engine::policy::{check, Profile, Verdict};

use crate::common::*;

fn scripts() -> Vec<std::path::PathBuf> {
    python_files("legit")
}

#[test]
fn legitimate_scripts_are_allowed() {
    let files = scripts();
    assert!(files.len() >= 30);
    let profile = Profile::builtin();
    let mut flagged = Vec::new();
    for file in &files {
        let source = std::fs::read_to_string(file).expect("read");
        let report = check(&source, Lang::En, &profile);
        if report.verdict != Verdict::Allow {
            flagged.push(format!("{}: {:?}", file.display(), report.findings));
        }
    }
    assert!(
        flagged.is_empty(),
        "false positives ({} of {}):\n{}",
        flagged.len(),
        files.len(),
        flagged.join("\n")
    );
}

#[test]
fn legitimate_scripts_answer_in_the_sandbox() {
    let s = Scratch::new();
    let csv = repo().join("assets/samples/sales.csv");
    let mut failed = Vec::new();
    for file in scripts() {
        let (report, exit) = s.run_json(&[csv.as_path()], "analysis", &file, &[]);
        if exit != 0 {
            failed.push(format!(
                "{}: {} {}",
                file.display(),
                report["status"],
                report["stop_reason"]
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
