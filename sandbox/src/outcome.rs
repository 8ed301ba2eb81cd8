//! What a job did: exit status, resource usage, captured output, files it
//! wrote and the network attempts seen from outside the sandboxed process.
//!
//! An `Outcome` always serialises: every text in it is a `String`, and the
//! one path (`OutputFile::host_path`) is written as text even when it is not
//! UTF-8, so the record of network attempts reaches the caller whatever the
//! job left behind. The names of the job's files are checked here
//! ([`check_output_entry`]) before the helper lists, copies or records them:
//! UTF-8, no separator or look-alike of one, not `.`/`..` or a look-alike,
//! no control, bidi or invisible character, at most
//! `MAX_OUTPUT_NAME_BYTES` per name, `MAX_OUTPUT_PATH_BYTES` per path and
//! `MAX_OUTPUT_DEPTH` folders; a refused name is shown escaped
//! ([`shown_name`]) with the reason.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

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
    /// The wall-clock backstop was reached and the job was killed (it ran
    /// that long without using up its CPU time: it was waiting).
    pub timed_out: bool,
    /// The CPU-time limit was reached: the helper stopped the job when its
    /// cgroup's CPU time reached the limit, or the kernel did at a process's
    /// `RLIMIT_CPU` (`SIGKILL`/`SIGXCPU`). Absent in older records: false.
    #[serde(default)]
    pub cpu_limit_hit: bool,
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
    /// The CPU-time limit the job ran under, in milliseconds (0, and not
    /// written, in records from before the sandbox reported it).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cpu_limit_ms: u64,
    /// The wall-clock backstop the job ran under, in milliseconds (0, and
    /// not written, in older records).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub wall_limit_ms: u64,
    /// Peak memory of the container's cgroup, in bytes.
    pub peak_memory_bytes: u64,
    /// Times the pids limit refused a new task.
    pub pids_limit_events: u64,
    /// Time spent creating the container (off the critical path when prepared).
    pub create_ms: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// A file the job left in `/output`, copied into the caller's folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutputFile {
    /// Path relative to `/output`.
    pub name: String,
    /// Size in bytes.
    pub size_bytes: u64,
    /// Where the copy lives on the host (written as text, lossily when the
    /// caller's folder is not UTF-8, so the outcome always serialises).
    #[serde(serialize_with = "path_as_text")]
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
        self.exit_code == Some(0)
            && !self.timed_out
            && !self.cpu_limit_hit
            && !self.oom_killed
            && !self.cancelled
    }
}

/// Writes a path as text: UTF-8 as it is, other bytes as U+FFFD.
fn path_as_text<S: serde::Serializer>(path: &Path, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&path.to_string_lossy())
}

/// Longest name of one entry of `/output` (file or folder), in bytes.
pub const MAX_OUTPUT_NAME_BYTES: usize = 100;
/// Longest path of an entry under `/output`, in bytes.
pub const MAX_OUTPUT_PATH_BYTES: usize = 255;
/// Deepest an entry may sit under `/output`: a file in `a/b/c/` is at depth 4.
pub const MAX_OUTPUT_DEPTH: usize = 8;

/// Why a name from `/output` was refused, in plain words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameProblem {
    /// Not UTF-8.
    #[error("its name is not UTF-8 text")]
    NotUtf8,
    /// Empty, `.`, `..` or a run of dot look-alikes.
    #[error("its name is only dots or characters that look like dots")]
    Dots,
    /// A separator or a character that looks like one.
    #[error("its name holds a slash or a character that looks like one ({0})")]
    Separator(String),
    /// A control character (newline, escape…).
    #[error("its name holds a control character ({0})")]
    Control(String),
    /// A bidi or invisible character.
    #[error("its name holds a character that changes the direction of text or is invisible ({0})")]
    Hidden(String),
    /// Longer than `MAX_OUTPUT_NAME_BYTES`.
    #[error("its name is longer than {MAX_OUTPUT_NAME_BYTES} bytes")]
    TooLong,
    /// Longer than `MAX_OUTPUT_PATH_BYTES`.
    #[error("its path is longer than {MAX_OUTPUT_PATH_BYTES} bytes")]
    PathTooLong,
    /// Deeper than `MAX_OUTPUT_DEPTH`.
    #[error(
        "it is nested deeper than {MAX_OUTPUT_DEPTH} folders (its contents were not collected)"
    )]
    TooDeep,
}

/// Characters that separate paths somewhere, or look like a slash.
const SEPARATOR_LOOKALIKES: &[char] = &[
    '/', '\\', '\u{2044}', '\u{2215}', '\u{2216}', '\u{29F5}', '\u{29F8}', '\u{FE68}', '\u{FF0F}',
    '\u{FF3C}',
];
/// Characters that look like a dot.
const DOT_LOOKALIKES: &[char] = &[
    '.', '\u{2024}', '\u{2025}', '\u{2026}', '\u{FE52}', '\u{FF0E}',
];

/// Direction marks, embeddings, overrides, isolates; separators of lines
/// and paragraphs; zero-width and other invisible characters; tags (the
/// engine's terminal sanitiser makes the same ones visible).
pub fn is_hidden(c: char) -> bool {
    matches!(
        c,
        '\u{061C}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2066}'..='\u{2069}'
            | '\u{00AD}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200D}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{2060}'..='\u{2064}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{E0000}'..='\u{E007F}'
    )
}

fn code_point(c: char) -> String {
    format!("U+{:04X}", c as u32)
}

/// Checks one name (a file or folder in `/output`).
pub fn check_output_name(name: &OsStr) -> Result<&str, NameProblem> {
    let name = name.to_str().ok_or(NameProblem::NotUtf8)?;
    if let Some(c) = name.chars().find(|c| c.is_control()) {
        return Err(NameProblem::Control(code_point(c)));
    }
    if let Some(c) = name.chars().find(|c| is_hidden(*c)) {
        return Err(NameProblem::Hidden(code_point(c)));
    }
    if let Some(c) = name.chars().find(|c| SEPARATOR_LOOKALIKES.contains(c)) {
        return Err(NameProblem::Separator(code_point(c)));
    }
    if name
        .chars()
        .all(|c| DOT_LOOKALIKES.contains(&c) || c.is_whitespace())
    {
        return Err(NameProblem::Dots);
    }
    if name.len() > MAX_OUTPUT_NAME_BYTES {
        return Err(NameProblem::TooLong);
    }
    Ok(name)
}

/// Checks an entry of `/output` by its path relative to `/output`: every
/// name, the path's length and its depth (a folder at `MAX_OUTPUT_DEPTH`
/// is refused too: what it holds would be deeper). Returns the path as
/// text.
pub fn check_output_entry(rel: &Path, is_dir: bool) -> Result<String, NameProblem> {
    let mut depth = 0usize;
    let mut names = Vec::new();
    for part in rel.components() {
        match part {
            std::path::Component::Normal(name) => names.push(check_output_name(name)?),
            _ => return Err(NameProblem::Dots),
        }
        depth += 1;
    }
    if names.is_empty() {
        return Err(NameProblem::Dots);
    }
    if depth > MAX_OUTPUT_DEPTH || (is_dir && depth >= MAX_OUTPUT_DEPTH) {
        return Err(NameProblem::TooDeep);
    }
    let path = names.join("/");
    if path.len() > MAX_OUTPUT_PATH_BYTES {
        return Err(NameProblem::PathTooLong);
    }
    Ok(path)
}

/// A path from `/output` as it can be shown and recorded whatever it holds:
/// bytes that are not UTF-8 as `\xFF`, control, bidi and invisible
/// characters as `<U+XXXX>`, at most `MAX_OUTPUT_PATH_BYTES` characters
/// (longer ones end with `…`).
pub fn shown_name(rel: &Path) -> String {
    use std::os::unix::ffi::OsStrExt;
    let mut out = String::new();
    let mut shown = 0usize;
    for chunk in rel.as_os_str().as_bytes().utf8_chunks() {
        for c in chunk.valid().chars() {
            if shown >= MAX_OUTPUT_PATH_BYTES {
                out.push('…');
                return out;
            }
            if c.is_control() || is_hidden(c) {
                out.push_str(&format!("<{}>", code_point(c)));
            } else {
                out.push(c);
            }
            shown += 1;
        }
        for b in chunk.invalid() {
            if shown >= MAX_OUTPUT_PATH_BYTES {
                out.push('…');
                return out;
            }
            out.push_str(&format!("\\x{b:02X}"));
            shown += 1;
        }
    }
    out
}

#[cfg(test)]
mod name_tests {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;

    use super::*;

    fn name(bytes: &[u8]) -> Result<&str, NameProblem> {
        check_output_name(OsStr::from_bytes(bytes))
    }

    #[test]
    fn ordinary_names_pass() {
        for ok in [
            "report.csv",
            "résumé 2024.txt",
            "北京.json",
            ".hidden",
            "a..b",
            "x-1_y",
        ] {
            assert_eq!(name(ok.as_bytes()), Ok(ok), "{ok}");
        }
        assert_eq!(
            check_output_entry(Path::new("plots/2024/q1.png"), false),
            Ok("plots/2024/q1.png".to_owned())
        );
    }

    #[test]
    fn hostile_names_are_refused_with_their_reason() {
        assert_eq!(name(b"bad\xff.csv"), Err(NameProblem::NotUtf8));
        assert_eq!(
            name(b"a\nAnswer: 1"),
            Err(NameProblem::Control("U+000A".into()))
        );
        assert_eq!(
            name(b"\x1b[2J.csv"),
            Err(NameProblem::Control("U+001B".into()))
        );
        assert_eq!(
            name("\u{9b}x".as_bytes()),
            Err(NameProblem::Control("U+009B".into()))
        );
        assert_eq!(
            name("invoice\u{202E}fdp.exe".as_bytes()),
            Err(NameProblem::Hidden("U+202E".into()))
        );
        assert_eq!(
            name("a\u{2066}b".as_bytes()),
            Err(NameProblem::Hidden("U+2066".into()))
        );
        assert_eq!(
            name("pay\u{200B}.csv".as_bytes()),
            Err(NameProblem::Hidden("U+200B".into()))
        );
        for lookalike in [
            "\u{2024}\u{2024}",
            "\u{2025}",
            "\u{FF0E}\u{FF0E}",
            "\u{2026}",
            ". .",
        ] {
            assert_eq!(
                name(lookalike.as_bytes()),
                Err(NameProblem::Dots),
                "{lookalike:?}"
            );
        }
        for slash in [
            "..\u{2215}etc",
            "a\u{FF0F}b",
            "a\u{2044}b",
            "a\\b",
            "\u{29F8}x",
        ] {
            assert!(
                matches!(name(slash.as_bytes()), Err(NameProblem::Separator(_))),
                "{slash:?}"
            );
        }
        assert_eq!(
            name(&[b'a'; MAX_OUTPUT_NAME_BYTES]).map(str::len),
            Ok(MAX_OUTPUT_NAME_BYTES)
        );
        assert_eq!(
            name(&[b'a'; MAX_OUTPUT_NAME_BYTES + 1]),
            Err(NameProblem::TooLong)
        );
        assert_eq!(name(&[b'a'; 255]), Err(NameProblem::TooLong));
    }

    #[test]
    fn depth_and_path_length_are_capped() {
        let at = |depth: usize| vec!["d"; depth].join("/");
        assert!(check_output_entry(Path::new(&at(MAX_OUTPUT_DEPTH)), false).is_ok());
        assert_eq!(
            check_output_entry(Path::new(&at(MAX_OUTPUT_DEPTH + 1)), false),
            Err(NameProblem::TooDeep)
        );
        // A folder at the deepest level is not entered: its files would be deeper.
        assert_eq!(
            check_output_entry(Path::new(&at(MAX_OUTPUT_DEPTH)), true),
            Err(NameProblem::TooDeep)
        );
        assert!(check_output_entry(Path::new(&at(MAX_OUTPUT_DEPTH - 1)), true).is_ok());
        assert_eq!(
            check_output_entry(Path::new(&at(120)), true),
            Err(NameProblem::TooDeep)
        );
        let long = vec!["a".repeat(90); 3].join("/");
        assert_eq!(
            check_output_entry(Path::new(&long), false),
            Err(NameProblem::PathTooLong)
        );
        assert_eq!(
            check_output_entry(Path::new(""), false),
            Err(NameProblem::Dots)
        );
        assert_eq!(
            check_output_entry(Path::new("a/../b"), false),
            Err(NameProblem::Dots)
        );
    }

    #[test]
    fn refused_names_are_shown_escaped() {
        let shown = |b: &[u8]| shown_name(Path::new(OsStr::from_bytes(b)));
        assert_eq!(shown(b"bad\xff\xfe.csv"), "bad\\xFF\\xFE.csv");
        assert_eq!(shown(b"a\x1b]52;c;eA==\x07"), "a<U+001B>]52;c;eA==<U+0007>");
        assert_eq!(shown("x\u{202E}y\nz".as_bytes()), "x<U+202E>y<U+000A>z");
        assert_eq!(shown(b"plain/ok.csv"), "plain/ok.csv");
        let long = shown(&[b'a'; 1000]);
        assert_eq!(long.chars().count(), MAX_OUTPUT_PATH_BYTES + 1);
    }

    #[test]
    fn an_outcome_with_a_non_utf8_path_still_serialises() {
        let outcome = Outcome {
            output_files: vec![OutputFile {
                name: "ok.csv".into(),
                size_bytes: 1,
                host_path: PathBuf::from(OsStr::from_bytes(b"/tmp/out\xff/ok.csv")),
            }],
            network_attempts: vec![NetworkAttempt {
                syscall: "socket".into(),
                family: "AF_INET".into(),
                socket_type: "SOCK_STREAM".into(),
                pid: 7,
                at_ms: 3,
            }],
            network_attempts_total: 1,
            ..sample()
        };
        let json = serde_json::to_string(&outcome).expect("always serialises");
        let back: Outcome = serde_json::from_str(&json).expect("reads back");
        assert_eq!(back.network_attempts, outcome.network_attempts);
        assert_eq!(
            back.output_files[0].host_path,
            Path::new("/tmp/out\u{FFFD}/ok.csv")
        );
        // A UTF-8 path is written exactly as before.
        let plain = OutputFile {
            name: "a".into(),
            size_bytes: 0,
            host_path: "/o/a".into(),
        };
        assert_eq!(
            serde_json::to_string(&plain).unwrap(),
            r#"{"name":"a","size_bytes":0,"host_path":"/o/a"}"#
        );
    }

    fn sample() -> Outcome {
        serde_json::from_value(serde_json::json!({
            "exit_code": 0, "signal": null, "timed_out": false, "oom_killed": false,
            "pids_limit_hit": false, "cancelled": false,
            "usage": {"wall_ms": 1, "cpu_ms": 1, "peak_memory_bytes": 1, "pids_limit_events": 0, "create_ms": 0},
            "stdout": "", "stderr": "", "stdout_total_bytes": 0, "stderr_total_bytes": 0,
            "stdout_truncated": false, "stderr_truncated": false, "result": "", "result_truncated": false,
            "output_files": [], "output_skipped": [], "network_attempts": [], "network_attempts_total": 0,
            "image_digest": "sha256:0",
            "mode": {"isolation": "root", "cgroup_layout": "v2", "cgroup_manager": "cgroupfs"}
        }))
        .expect("a sample outcome")
    }
}
