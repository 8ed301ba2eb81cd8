//! What a job did: exit status, resource usage, captured output, files it
//! wrote and the network attempts seen from outside the sandboxed process.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::evidence::FilesRead;
use crate::mode::Mode;

/// The full record of one sandboxed run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// Exit code, when the process exited on its own.
    pub exit_code: Option<i32>,
    /// Number of the signal that ended the process, when it was killed.
    pub signal: Option<i32>,
    /// The wall-time limit was reached and the job was killed.
    pub timed_out: bool,
    /// The kernel's OOM killer ended a process of the job.
    pub oom_killed: bool,
    /// The pids limit refused at least one fork or thread.
    pub pids_limit_hit: bool,
    /// The job was cancelled by the caller.
    pub cancelled: bool,
    /// Resource usage.
    pub usage: Usage,
    /// Captured standard output (UTF-8, lossy), at most `stdout_bytes`.
    pub stdout: String,
    /// Captured standard error (UTF-8, lossy), at most `stderr_bytes`.
    pub stderr: String,
    /// Total bytes the job wrote to stdout, kept or not.
    pub stdout_total_bytes: u64,
    /// Total bytes the job wrote to stderr, kept or not.
    pub stderr_total_bytes: u64,
    /// More stdout was written than kept.
    pub stdout_truncated: bool,
    /// More stderr was written than kept.
    pub stderr_truncated: bool,
    /// What the job wrote on its result channel (fd 3), lossy UTF-8, at most `result_bytes`.
    pub result: String,
    /// More was written on the result channel than kept.
    pub result_truncated: bool,
    /// Regular files found in `/output`, copied to the host.
    pub output_files: Vec<OutputFile>,
    /// Entries in `/output` that were not collected, and why.
    pub output_skipped: Vec<SkippedOutput>,
    /// Network sockets the job tried to open (all denied); the first 256.
    pub network_attempts: Vec<NetworkAttempt>,
    /// How many network attempts there were in all.
    #[serde(default)]
    pub network_attempts_total: u64,
    /// Inputs the job opened and read, seen by the helper outside the job
    /// (absent in outcomes recorded before the sandbox observed reads).
    #[serde(default, skip_serializing_if = "FilesRead::is_unrecorded")]
    pub files_read: FilesRead,
    /// Digest of the sandbox image the job ran on.
    pub image_digest: String,
    /// How the sandbox was set up on this machine.
    pub mode: Mode,
}

/// Resource usage of a run.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    /// Wall time from start to exit, in milliseconds.
    pub wall_ms: u64,
    /// CPU time of all processes of the job (user + system), in milliseconds.
    pub cpu_ms: u64,
    /// Peak memory of the container's cgroup, in bytes.
    pub peak_memory_bytes: u64,
    /// Times the pids limit refused a new task.
    pub pids_limit_events: u64,
    /// Time spent creating the container (off the critical path when prepared).
    pub create_ms: u64,
}

/// A file the job left in `/output`, copied into the caller's folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutputFile {
    /// Path relative to `/output`.
    pub name: String,
    /// Size in bytes.
    pub size_bytes: u64,
    /// Where the copy lives on the host.
    pub host_path: PathBuf,
}

/// An entry of `/output` that was left out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkippedOutput {
    /// Path relative to `/output`.
    pub name: String,
    /// Why it was not collected ("symbolic link", "too large", ...).
    pub reason: String,
}

/// One attempt of the job to open a network socket, seen by the seccomp
/// listener outside the container and answered with `EPERM`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetworkAttempt {
    /// The system call (`socket`).
    pub syscall: String,
    /// Address family name (`AF_INET`, `AF_INET6`).
    pub family: String,
    /// Socket type name (`SOCK_STREAM`, `SOCK_DGRAM`, ...).
    pub socket_type: String,
    /// Process id of the caller, as the host sees it.
    pub pid: u32,
    /// Milliseconds since the job started.
    pub at_ms: u64,
}

impl Outcome {
    /// True when the job exited with status 0 and hit no limit.
    pub fn succeeded(&self) -> bool {
        self.exit_code == Some(0) && !self.timed_out && !self.oom_killed && !self.cancelled
    }
}
