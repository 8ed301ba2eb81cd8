//! Messages between the library and its helper process: one JSON document
//! per line, requests on the helper's stdin, replies on its stdout.
//!
//! Closing the helper's stdin at any point cancels: the helper kills the
//! container, cleans up and exits. That also covers a caller that dies.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::job::JobSetup;
use crate::outcome::Outcome;

/// Where the helper keeps container state and per-run work folders.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunDirs {
    /// libcontainer's state root (one folder per container).
    pub state: PathBuf,
    /// Work folders (job code, output tmpfs, seccomp socket) and lock files.
    pub work: PathBuf,
}

impl RunDirs {
    /// Both folders under one base folder.
    pub fn under(base: impl Into<PathBuf>) -> Self {
        let base = base.into();
        Self {
            state: base.join("state"),
            work: base.join("work"),
        }
    }
}

/// The sandbox image to run on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImageRef {
    /// The root folder.
    pub rootfs: PathBuf,
    /// Its content digest, reported in outcomes.
    pub digest: String,
}

/// Library to helper. (`Prepare` is sent once per helper; boxing it would
/// only add noise.)
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Request {
    /// Create a container for these inputs and limits; answered by `Ready` or `Error`.
    Prepare {
        /// Inputs and limits.
        setup: JobSetup,
        /// The image.
        image: ImageRef,
        /// Where state lives.
        dirs: RunDirs,
        /// Give the job a user namespace even when running as root.
        userns: bool,
        /// Host folder that receives copies of the job's output files.
        outputs_to: Option<PathBuf>,
    },
    /// Run this code in the prepared container; answered by `Outcome` or `Error`.
    Run {
        /// The exact Python source.
        code: String,
        /// Extra files written beside `main.py` in `/job` (name, content).
        #[serde(default)]
        files: Vec<(String, String)>,
    },
}

/// Most bytes of each stream sent as [`Reply::Output`] while a job runs.
pub const LIVE_OUTPUT_BYTES: usize = 256 * 1024;
/// Shortest time between two [`Reply::Output`] of a stream, in milliseconds.
pub const LIVE_OUTPUT_INTERVAL_MS: u64 = 200;

/// Which output of the job.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutputStream {
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

/// Helper to library.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply {
    /// The container exists and waits for code.
    Ready {
        /// Its id.
        container_id: String,
        /// Milliseconds spent creating it.
        create_ms: u64,
    },
    /// Text the job printed, while it runs (at most
    /// [`LIVE_OUTPUT_BYTES`] per stream; the outcome keeps the whole capture).
    Output {
        /// `stdout` or `stderr`.
        stream: OutputStream,
        /// The new text.
        text: String,
    },
    /// The run finished (successfully or not).
    Outcome(Box<Outcome>),
    /// The helper could not do what was asked.
    Error {
        /// Stable code the caller can branch on.
        code: String,
        /// Plain-language message.
        message: String,
    },
}
