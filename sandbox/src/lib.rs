//! Glovebox's execution layer: runs Python code in a sealed OCI container
//! (youki's `libcontainer`) with an empty network namespace, a read-only root,
//! read-only inputs, capped writable folders, cgroup limits, no capabilities
//! and a seccomp allowlist, and reports what happened as an [`Outcome`].
//!
//! The crate knows nothing of language models, SQLite or Tauri. Its library
//! side ([`Sandbox`]) is async and never calls libcontainer itself: it spawns
//! the `glovebox-sandbox helper` process ([`helper`]) for each run, because
//! libcontainer forks with raw `clone3` and must not run in a multi-threaded
//! process.

pub mod capture;
pub mod cgroup_stats;
pub mod client;
pub mod evidence;
pub mod helper;
pub mod image;
pub mod job;
pub mod limits;
pub mod mode;
pub mod outcome;
pub mod protocol;
pub mod random;
pub mod seccomp;
pub mod spec;
pub mod sweep;

pub use client::{PreparedJob, RunningJob, Sandbox, SandboxBuilder, SandboxError};
pub use evidence::{FileRead, FilesRead};
pub use job::{Input, Job, JobBuilder, JobError, JobSetup, Support};
pub use limits::{Limits, LimitsBuilder};
pub use mode::{Isolation, MachineFacts, Mode};
pub use outcome::{NetworkAttempt, Outcome, OutputFile, Usage};
