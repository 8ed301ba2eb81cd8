//! Re-running a recorded run: the code that ran, on the same inputs, in
//! the sandbox again. Inputs are found at their recorded paths (or given
//! again) and must have the recorded sha256; the new run is recorded with
//! a link to the original, and its results are compared with the original's.

use std::io::Read;
use std::path::{Path, PathBuf};

use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::audit::{AuditError, AuditStore};
use crate::pipeline::RunReport;

/// Why a run cannot be re-run.
#[derive(Debug, thiserror::Error)]
pub enum RerunError {
    /// No such run.
    #[error("there is no run {0} in the audit log")]
    NoSuchRun(String),
    /// The run never got to run code.
    #[error("run {0} never ran any code, so there is nothing to run again")]
    NoCode(String),
    /// An input is gone.
    #[error(
        "the input {name} is not at {path} any more; give it again: glovebox rerun RUN {name_hint}"
    )]
    InputMissing {
        /// File name.
        name: String,
        /// Where it was.
        path: PathBuf,
        /// How to pass it.
        name_hint: String,
    },
    /// An input changed.
    #[error("the input {name} changed since the run (sha256 was {recorded}, is {now}); the run cannot be repeated on different data")]
    InputChanged {
        /// File name.
        name: String,
        /// Recorded sha256.
        recorded: String,
        /// sha256 now.
        now: String,
    },
    /// Reading a file failed.
    #[error("cannot read {0}: {1}")]
    Read(PathBuf, std::io::Error),
    /// The audit log failed.
    #[error(transparent)]
    Audit(#[from] AuditError),
}

/// What a re-run needs, from the audit log.
#[derive(Debug, Clone)]
pub struct Recorded {
    /// The original run.
    pub run_id: String,
    /// Its goal.
    pub goal: String,
    /// The code that ran last.
    pub code: String,
    /// Inputs, checked against their recorded sha256.
    pub files: Vec<PathBuf>,
    /// The image digest the code ran on.
    pub image_digest: Option<String>,
    /// The checked result (answers, tables), when the run answered.
    pub result: Option<Value>,
}

fn sha256_file(path: &Path) -> Result<String, RerunError> {
    let mut file = std::fs::File::open(path).map_err(|e| RerunError::Read(path.to_owned(), e))?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = file
            .read(&mut buf)
            .map_err(|e| RerunError::Read(path.to_owned(), e))?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
    }
    Ok(hex::encode(hasher.finalize()))
}

/// Reads what `run_id` ran and checks its inputs; `given` replaces recorded
/// paths by file name.
pub fn recorded(
    store: &AuditStore,
    run_id: &str,
    given: &[PathBuf],
) -> Result<Recorded, RerunError> {
    let _span = tracing::info_span!("rerun_plan", %run_id).entered();
    let entries = store.run_entries(run_id)?;
    let started = entries
        .iter()
        .find(|e| e.kind == "run_started")
        .ok_or_else(|| RerunError::NoSuchRun(run_id.to_owned()))?;
    // The last code the sandbox ran (not a refused attempt's).
    let ran: Vec<u64> = entries
        .iter()
        .filter(|e| e.kind == "sandbox")
        .filter_map(|e| e.body["attempt"].as_u64())
        .collect();
    let code = entries
        .iter()
        .rev()
        .find(|e| e.kind == "code" && ran.contains(&e.body["attempt"].as_u64().unwrap_or(0)))
        .and_then(|e| e.body["text"].as_str())
        .ok_or_else(|| RerunError::NoCode(run_id.to_owned()))?
        .to_owned();
    let mut files = Vec::new();
    for input in entries.iter().filter(|e| e.kind == "input") {
        let name = input.body["name"].as_str().unwrap_or("").to_owned();
        let recorded_path = PathBuf::from(input.body["path"].as_str().unwrap_or(""));
        let path = given
            .iter()
            .find(|p| p.file_name().is_some_and(|n| n.to_string_lossy() == name))
            .cloned()
            .unwrap_or(recorded_path);
        if !path.is_file() {
            return Err(RerunError::InputMissing {
                name_hint: format!("/path/to/{name}"),
                name,
                path,
            });
        }
        let now = sha256_file(&path)?;
        let recorded_sha = input.body["sha256"].as_str().unwrap_or("").to_owned();
        if now != recorded_sha {
            return Err(RerunError::InputChanged {
                name,
                recorded: recorded_sha,
                now,
            });
        }
        files.push(path);
    }
    let image_digest = entries
        .iter()
        .rev()
        .find(|e| e.kind == "sandbox")
        .and_then(|e| e.body["outcome"]["image_digest"].as_str())
        .map(str::to_owned);
    let result = entries
        .iter()
        .rev()
        .find(|e| e.kind == "result")
        .map(|e| e.body["result"].clone());
    Ok(Recorded {
        run_id: run_id.to_owned(),
        goal: started.body["goal"].as_str().unwrap_or("").to_owned(),
        code,
        files,
        image_digest,
        result,
    })
}

fn cell_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// How the new results differ from the recorded ones, in words (empty when
/// identical).
pub fn differences(original: Option<&Value>, new: &RunReport) -> Vec<String> {
    let mut out = Vec::new();
    let Some(original) = original else {
        out.push("the original run has no result to compare with".into());
        return out;
    };
    let mut old_answers = std::collections::BTreeMap::new();
    for a in original["answers"].as_array().into_iter().flatten() {
        old_answers.insert(cell_text(&a["name"]), a["value"].clone());
    }
    let new_answers = new.answer["values"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    for (name, old) in &old_answers {
        match new_answers.get(name) {
            Some(v) if v == old => {}
            Some(v) => out.push(format!(
                "answer \"{name}\": was {}, is {}",
                cell_text(old),
                cell_text(v)
            )),
            None => out.push(format!("answer \"{name}\" is missing from the new run")),
        }
    }
    for name in new_answers.keys().filter(|n| !old_answers.contains_key(*n)) {
        out.push(format!("answer \"{name}\" is new"));
    }
    let old_tables: Vec<&Value> = original["tables"]
        .as_array()
        .into_iter()
        .flatten()
        .collect();
    for old in &old_tables {
        let name = cell_text(&old["name"]);
        let Some(new_table) = new.tables.iter().find(|t| t.name == name) else {
            out.push(format!("table \"{name}\" is missing from the new run"));
            continue;
        };
        let new_value = serde_json::to_value(new_table).unwrap_or(Value::Null);
        if new_value["columns"] != old["columns"] {
            out.push(format!("table \"{name}\": its columns changed"));
        } else if new_value["total_rows"] != old["total_rows"] {
            out.push(format!(
                "table \"{name}\": {} rows, was {}",
                new_value["total_rows"], old["total_rows"]
            ));
        } else if new_value["rows"] != old["rows"] {
            let rows = old["rows"].as_array().cloned().unwrap_or_default();
            let new_rows = new_value["rows"].as_array().cloned().unwrap_or_default();
            if let Some((i, (a, b))) = rows
                .iter()
                .zip(&new_rows)
                .enumerate()
                .find(|(_, (a, b))| a != b)
            {
                out.push(format!("table \"{name}\", row {}: was {a}, is {b}", i + 1));
            }
        }
    }
    for t in new
        .tables
        .iter()
        .filter(|t| !old_tables.iter().any(|o| o["name"] == t.name.as_str()))
    {
        out.push(format!("table \"{}\" is new", t.name));
    }
    out
}
