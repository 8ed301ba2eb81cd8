//! A job: the Python source to run, the files it may read, and its limits.
//!
//! [`JobBuilder`] checks inputs as they are added (the file exists, is a
//! regular file, its name is a plain file name, no two inputs share a name),
//! so the helper process never has to guess what a bad job meant.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::limits::Limits;

/// Largest Python source accepted, in bytes: 1 MiB.
pub const MAX_CODE_BYTES: usize = 1024 * 1024;
/// Most input files one job may mount: 64.
pub const MAX_INPUTS: usize = 64;

/// Errors raised while building a [`Job`].
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    /// The input file does not exist or cannot be inspected.
    #[error("input file {path} cannot be read: {source}")]
    InputUnreadable {
        /// The host path given.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The input is a folder, device, socket or other non-regular file.
    #[error("input {path} is not a regular file")]
    InputNotRegular {
        /// The host path given.
        path: PathBuf,
    },
    /// The name under `/input` is empty, hidden, or contains a path separator.
    #[error("input name {0:?} is not a plain file name")]
    BadInputName(String),
    /// Two inputs would appear under the same name.
    #[error("two inputs are named {0:?}")]
    DuplicateInputName(String),
    /// Too many inputs.
    #[error("a job takes at most {MAX_INPUTS} input files")]
    TooManyInputs,
    /// The support folder or its entrypoint is missing.
    #[error("support folder {0} has no entrypoint {1:?}")]
    BadSupport(PathBuf, String),
    /// An extra job file has a bad name or the list is too long.
    #[error("job file {0:?} is not a plain file name, or there are too many job files")]
    BadJobFile(String),
    /// The source is larger than [`MAX_CODE_BYTES`] or holds a NUL byte.
    #[error("the code is larger than {MAX_CODE_BYTES} bytes or contains a NUL byte")]
    BadCode,
}

/// One host file mounted read-only at `/input/<name>`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Input {
    /// Absolute path on the host.
    pub host_path: PathBuf,
    /// File name inside `/input`.
    pub name: String,
}

/// Read-only support files mounted at `/glovebox`, with the program that
/// runs the job: `python3 -I -B /glovebox/<entrypoint> /job/main.py`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Support {
    /// Host folder mounted read-only at `/glovebox`.
    pub dir: PathBuf,
    /// File name in that folder run instead of `/job/main.py`.
    pub entrypoint: String,
}

/// The inputs and limits a container is prepared with, before the code is known.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct JobSetup {
    /// Files mounted read-only under `/input`.
    pub inputs: Vec<Input>,
    /// Resource limits.
    pub limits: Limits,
    /// Support files and entrypoint; without them `/job/main.py` runs directly.
    #[serde(default)]
    pub support: Option<Support>,
}

/// Most extra files beside `main.py` in `/job`: 8.
pub const MAX_JOB_FILES: usize = 8;

/// A complete job: setup plus the exact Python source that will run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Job {
    /// Inputs and limits.
    pub setup: JobSetup,
    /// The Python source, run as `/job/main.py`.
    pub code: String,
}

/// Checks extra files written beside `main.py` in `/job` (for example a run nonce).
pub fn check_job_files(files: &[(String, String)]) -> Result<(), JobError> {
    if files.len() > MAX_JOB_FILES {
        return Err(JobError::BadJobFile(format!("{} files", files.len())));
    }
    for (name, content) in files {
        if check_input_name(name).is_err() || name == "main.py" || content.len() > MAX_CODE_BYTES {
            return Err(JobError::BadJobFile(name.clone()));
        }
    }
    Ok(())
}

impl Job {
    /// Starts a job for `code` with default limits and no inputs.
    pub fn builder(code: impl Into<String>) -> JobBuilder {
        JobBuilder {
            code: code.into(),
            setup: JobSetup::default(),
        }
    }
}

/// Checks that `code` can be handed to the sandbox.
pub fn check_code(code: &str) -> Result<(), JobError> {
    if code.len() > MAX_CODE_BYTES || code.contains('\0') {
        return Err(JobError::BadCode);
    }
    Ok(())
}

/// Checks that `name` is a plain, visible file name.
pub fn check_input_name(name: &str) -> Result<(), JobError> {
    let plain = !name.is_empty()
        && name.len() <= 255
        && !name.starts_with('.')
        && !name.contains(['/', '\0', '\n', '\r']);
    if plain {
        Ok(())
    } else {
        Err(JobError::BadInputName(name.to_owned()))
    }
}

impl JobSetup {
    /// Adds a host file, visible as `/input/<its file name>`.
    pub fn add_input(&mut self, host_path: &Path) -> Result<(), JobError> {
        let name = host_path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        self.add_input_named(host_path, &name)
    }

    /// Adds a host file, visible as `/input/<name>`.
    pub fn add_input_named(&mut self, host_path: &Path, name: &str) -> Result<(), JobError> {
        check_input_name(name)?;
        if self.inputs.len() >= MAX_INPUTS {
            return Err(JobError::TooManyInputs);
        }
        let unreadable = |source| JobError::InputUnreadable {
            path: host_path.to_owned(),
            source,
        };
        let host_path = std::fs::canonicalize(host_path).map_err(unreadable)?;
        let meta = std::fs::metadata(&host_path).map_err(unreadable)?;
        if !meta.is_file() {
            return Err(JobError::InputNotRegular { path: host_path });
        }
        if self.inputs.iter().any(|i| i.name == name) {
            return Err(JobError::DuplicateInputName(name.to_owned()));
        }
        self.inputs.push(Input {
            host_path,
            name: name.to_owned(),
        });
        Ok(())
    }

    /// Re-checks a setup that arrived deserialized.
    pub fn validate(&self) -> Result<(), JobError> {
        if let Some(support) = &self.support {
            let entry = support.dir.join(&support.entrypoint);
            if check_input_name(&support.entrypoint).is_err() || !entry.is_file() {
                return Err(JobError::BadSupport(
                    support.dir.clone(),
                    support.entrypoint.clone(),
                ));
            }
        }
        let mut names = BTreeSet::new();
        if self.inputs.len() > MAX_INPUTS {
            return Err(JobError::TooManyInputs);
        }
        for input in &self.inputs {
            check_input_name(&input.name)?;
            if !names.insert(&input.name) {
                return Err(JobError::DuplicateInputName(input.name.clone()));
            }
            let meta = std::fs::metadata(&input.host_path).map_err(|source| {
                JobError::InputUnreadable {
                    path: input.host_path.clone(),
                    source,
                }
            })?;
            if !meta.is_file() {
                return Err(JobError::InputNotRegular {
                    path: input.host_path.clone(),
                });
            }
        }
        Ok(())
    }
}

/// Builder of [`Job`].
#[derive(Debug, Clone)]
pub struct JobBuilder {
    code: String,
    setup: JobSetup,
}

impl JobBuilder {
    /// Mounts `host_path` read-only at `/input/<its file name>`.
    pub fn with_input(mut self, host_path: impl AsRef<Path>) -> Result<Self, JobError> {
        self.setup.add_input(host_path.as_ref())?;
        Ok(self)
    }
    /// Replaces the limits.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.setup.limits = limits;
        self
    }
    /// The checked job.
    pub fn build(self) -> Result<Job, JobError> {
        check_code(&self.code)?;
        Ok(Job {
            setup: self.setup,
            code: self.code,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_names_must_be_plain() {
        for bad in ["", ".hidden", "a/b", "..", "x\ny"] {
            assert!(check_input_name(bad).is_err(), "{bad:?} accepted");
        }
        for good in ["sales.csv", "ventes été 2024.csv", "a b"] {
            assert!(check_input_name(good).is_ok(), "{good:?} refused");
        }
    }

    #[test]
    fn missing_input_is_named_in_the_error() {
        let err = Job::builder("pass")
            .with_input("/nonexistent/x.csv")
            .unwrap_err();
        assert!(err.to_string().contains("/nonexistent/x.csv"), "{err}");
    }

    #[test]
    fn a_folder_is_not_an_input() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("folder.csv");
        std::fs::create_dir(&folder).unwrap();
        let err = Job::builder("pass").with_input(&folder).unwrap_err();
        assert!(matches!(err, JobError::InputNotRegular { .. }));
    }

    #[test]
    fn duplicate_names_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a");
        std::fs::create_dir(&a).unwrap();
        std::fs::write(a.join("x.csv"), "1").unwrap();
        std::fs::write(dir.path().join("x.csv"), "1").unwrap();
        let err = Job::builder("pass")
            .with_input(a.join("x.csv"))
            .unwrap()
            .with_input(dir.path().join("x.csv"))
            .unwrap_err();
        assert!(matches!(err, JobError::DuplicateInputName(_)));
    }

    #[test]
    fn nul_in_code_is_refused() {
        assert!(matches!(
            Job::builder("print(1)\0").build(),
            Err(JobError::BadCode)
        ));
    }
}
