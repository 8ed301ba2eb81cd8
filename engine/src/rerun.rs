//! Re-running a recorded run: the code that ran, on the same inputs, in
//! the sandbox again. Inputs are found at their recorded paths (or given
//! again) and must have the recorded sha256; the new run is recorded with
//! a link to the original, and its results are compared with the original's.

use std::io::Read;
use std::path::{Path, PathBuf};

use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::audit::event::Event;
use crate::audit::{AuditError, AuditStore};
use crate::inputs::InputDescription;
use crate::run_report::RunReport;
use crate::validate::CheckedResult;

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
    /// The sandbox limits it ran under.
    pub limits: glovebox_sandbox::Limits,
    /// The checked result (answers, tables), when the run answered.
    pub result: Option<CheckedResult>,
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
    let events: Vec<Event> = store.events(run_id)?.into_iter().map(|r| r.event).collect();
    let Some(Event::RunStarted(started)) = events.first() else {
        return Err(RerunError::NoSuchRun(run_id.to_owned()));
    };
    // The last code the sandbox ran (not a refused attempt's).
    let ran: Vec<u32> = events
        .iter()
        .filter_map(|e| match e {
            Event::Sandbox(s) => Some(s.attempt),
            _ => None,
        })
        .collect();
    let code = events
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::Code(c) if ran.contains(&c.attempt) => Some(c.text.clone()),
            _ => None,
        })
        .ok_or_else(|| RerunError::NoCode(run_id.to_owned()))?;
    let mut files = Vec::new();
    for input in events.iter().filter_map(|e| match e {
        Event::Input(i) => Some(i),
        _ => None,
    }) {
        files.push(checked_input(input, given)?);
    }
    let image_digest = events.iter().rev().find_map(|e| match e {
        Event::Sandbox(s) => Some(s.outcome.image_digest.clone()),
        _ => None,
    });
    let result = events.iter().rev().find_map(|e| match e {
        Event::Result(r) => Some(r.result.clone()),
        _ => None,
    });
    Ok(Recorded {
        run_id: run_id.to_owned(),
        goal: started.goal.clone(),
        code,
        files,
        image_digest,
        limits: started.limits.clone(),
        result,
    })
}

/// Where `input` is now (a file given again by name, else its recorded
/// path), checked against its recorded sha256.
fn checked_input(input: &InputDescription, given: &[PathBuf]) -> Result<PathBuf, RerunError> {
    let name = input.name.clone();
    let path = given
        .iter()
        .find(|p| p.file_name().is_some_and(|n| n.to_string_lossy() == name))
        .cloned()
        .unwrap_or_else(|| input.path.clone());
    if !path.is_file() {
        return Err(RerunError::InputMissing {
            name_hint: format!("/path/to/{name}"),
            name,
            path,
        });
    }
    let now = sha256_file(&path)?;
    if now != input.sha256 {
        return Err(RerunError::InputChanged {
            name,
            recorded: input.sha256.clone(),
            now,
        });
    }
    Ok(path)
}

fn shown(value: &impl serde::Serialize) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}

/// How the new results differ from the recorded ones, in words (empty when
/// identical).
pub fn differences(original: Option<&CheckedResult>, new: &RunReport) -> Vec<String> {
    let mut out = Vec::new();
    let Some(original) = original else {
        out.push("the original run has no result to compare with".into());
        return out;
    };
    // The recorded answers as the new run's report shows answers.
    let old_answers = crate::run_report::answer(original).values;
    let new_answers = &new.answer.values;
    for (name, old) in &old_answers {
        match new_answers.get(name) {
            Some(v) if v == old => {}
            Some(v) => out.push(format!(
                "answer \"{name}\": was {}, is {}",
                shown(old),
                shown(v)
            )),
            None => out.push(format!("answer \"{name}\" is missing from the new run")),
        }
    }
    for name in new_answers.keys().filter(|n| !old_answers.contains_key(*n)) {
        out.push(format!("answer \"{name}\" is new"));
    }
    for old in &original.tables {
        let name = &old.name;
        let Some(new_table) = new.tables.iter().find(|t| t.name == *name) else {
            out.push(format!("table \"{name}\" is missing from the new run"));
            continue;
        };
        if new_table.columns != old.columns {
            out.push(format!("table \"{name}\": its columns changed"));
        } else if new_table.total_rows != old.total_rows {
            out.push(format!(
                "table \"{name}\": {} rows, was {}",
                new_table.total_rows, old.total_rows
            ));
        } else if let Some((i, (a, b))) = old
            .rows
            .iter()
            .zip(&new_table.rows)
            .enumerate()
            .find(|(_, (a, b))| a != b)
        {
            out.push(format!(
                "table \"{name}\", row {}: was {}, is {}",
                i + 1,
                shown(a),
                shown(b)
            ));
        }
    }
    for t in new
        .tables
        .iter()
        .filter(|t| !original.tables.iter().any(|o| o.name == t.name))
    {
        out.push(format!("table \"{}\" is new", t.name));
    }
    out
}
