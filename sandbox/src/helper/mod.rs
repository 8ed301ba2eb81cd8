//! The helper process: the only place libcontainer is called.
//!
//! libcontainer forks with raw `clone3`, which can deadlock in a
//! multi-threaded process, so the library execs this helper (one per run)
//! and talks to it with [`crate::protocol`] messages. The helper never starts
//! a thread: it creates the container, reports `Ready`, waits for the code,
//! starts the container and then watches it with one `poll` loop over the
//! init's pidfd, the stdout/stderr pipes, the result channel (fd 3 in the
//! job), the seccomp notify fd and its own
//! stdin (end of file means cancel). Whatever happens, it removes the
//! container, its cgroups, mounts and folders before it exits.
//!
//! The parts, one file each:
//! - this file: the entry point ([`main`]), the request loop on fd 0, the
//!   replies on fd 1, and the error type ([`HelperError`], made by `fail`);
//! - `prepared`: the container's lifecycle (create, start, collect, remove);
//! - `watch`: the poll loop that watches the running job;
//! - `outputs`: what the job hands back besides its printed text (the result
//!   channel at fd 3 and the files of `/output`);
//! - `reads`: the fanotify watch that sees which inputs the job opens and
//!   reads, from outside the job;
//! - `scope_keeper`: the process that keeps a systemd scope alive;
//! - `tether`: the executor that makes the job die with the helper;
//! - `keyring`: the fresh, empty session keyring the job inherits;
//! - `fd`: small file-descriptor system calls.

mod fd;
mod keyring;
mod outputs;
mod prepared;
mod reads;
mod scope_keeper;
mod tether;
mod watch;

use std::io::Write;

use crate::protocol::{Reply, Request};

use outputs::ResultChannel;
use prepared::Prepared;

/// A failure, with a stable code for the caller.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct HelperError {
    /// Stable code (`bad_request`, `unsupported`, `create_failed`, ...).
    pub code: &'static str,
    /// Plain-language message.
    pub message: String,
}

impl From<HelperError> for Reply {
    fn from(e: HelperError) -> Self {
        Reply::Error {
            code: e.code.into(),
            message: e.message,
        }
    }
}

fn fail(code: &'static str, message: impl std::fmt::Display) -> HelperError {
    HelperError {
        code,
        message: message.to_string(),
    }
}

/// Entry point of `glovebox-sandbox helper`. Returns the process exit code.
pub fn main() -> i32 {
    let result_channel = match ResultChannel::reserve_fd3() {
        Ok(r) => r,
        Err(e) => {
            send(&mut std::io::stdout().lock(), &e.into());
            return 1;
        }
    };
    let mut input = RequestReader::default();
    let mut out = std::io::stdout().lock();
    let Some(line) = input.read_line() else {
        return 0;
    };
    let request: Request = match serde_json::from_str(&line) {
        Ok(r) => r,
        Err(e) => {
            send(
                &mut out,
                &fail("bad_request", format!("unreadable request: {e}")).into(),
            );
            return 2;
        }
    };
    let Request::Prepare {
        setup,
        image,
        dirs,
        userns,
        outputs_to,
    } = request
    else {
        send(
            &mut out,
            &fail("bad_request", "the first request must be prepare").into(),
        );
        return 2;
    };
    // Before the container exists: the job inherits this keyring, not the
    // caller's (which may hold the report-signing key).
    if let Err(e) = keyring::join_fresh_session_keyring() {
        tracing::warn!(error = %e, "cannot join a fresh session keyring; the job's seccomp profile still denies the key system calls");
    }
    let mut run = match Prepared::create(setup, image, dirs, userns, outputs_to, result_channel) {
        Ok(run) => run,
        Err(e) => {
            send(&mut out, &e.into());
            return 1;
        }
    };
    send(
        &mut out,
        &Reply::Ready {
            container_id: run.id.clone(),
            create_ms: run.create_ms,
        },
    );

    let code = match input.read_line() {
        None => None,
        Some(line) => match serde_json::from_str::<Request>(&line) {
            Ok(Request::Run { code, files }) => Some((code, files)),
            _ => None,
        },
    };
    // A `cancel` sent right after the code may already have been read with
    // it; the poll loop only sees what arrives on fd 0 afterwards.
    let early_cancel = String::from_utf8_lossy(&input.pending).contains("cancel");
    let status = match code {
        None => {
            tracing::info!(id = %run.id, "cancelled before start");
            0
        }
        Some((code, files)) => match run.execute(&code, &files, early_cancel) {
            Ok(outcome) => {
                send(&mut out, &Reply::Outcome(Box::new(outcome)));
                0
            }
            Err(e) => {
                send(&mut out, &e.into());
                1
            }
        },
    };
    run.cleanup();
    status
}

/// Reads request lines from fd 0 without a hidden buffer: bytes read past a
/// line stay in `pending`, where the caller can see them.
#[derive(Default)]
struct RequestReader {
    pending: Vec<u8>,
}

impl RequestReader {
    /// The next line, or `None` at end of file or on error.
    fn read_line(&mut self) -> Option<String> {
        let mut chunk = [0u8; 64 * 1024];
        loop {
            if let Some(end) = self.pending.iter().position(|b| *b == b'\n') {
                let rest = self.pending.split_off(end + 1);
                let line = std::mem::replace(&mut self.pending, rest);
                return Some(String::from_utf8_lossy(&line).into_owned());
            }
            match nix::unistd::read(0, &mut chunk) {
                Ok(0) => return None,
                Ok(n) => self.pending.extend_from_slice(&chunk[..n]),
                Err(nix::errno::Errno::EINTR) => continue,
                Err(_) => return None,
            }
        }
    }
}

/// The reply written when not even an error can be serialised.
const LAST_RESORT_REPLY: &str = r#"{"error":{"code":"unserialisable_reply","message":"the sandbox could not write its reply"}}"#;

fn send(out: &mut impl Write, reply: &Reply) {
    // A reply that cannot be written as JSON is never dropped in silence:
    // the caller gets an error it can record (the outcome's own fields are
    // text by construction, so this is a backstop).
    let text = serde_json::to_string(reply).unwrap_or_else(|e| {
        let fallback = Reply::Error {
            code: "unserialisable_reply".into(),
            message: format!("the sandbox could not write its reply: {e}"),
        };
        serde_json::to_string(&fallback).unwrap_or_else(|_| LAST_RESORT_REPLY.into())
    });
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_resort_reply_is_an_error_the_caller_reads() {
        let reply: Reply = serde_json::from_str(LAST_RESORT_REPLY).expect("a reply");
        assert!(
            matches!(&reply, Reply::Error { code, .. } if code == "unserialisable_reply"),
            "{reply:?}"
        );
        let mut out = Vec::new();
        send(&mut out, &reply);
        let back: Reply = serde_json::from_slice(&out).expect("sent as one JSON line");
        assert_eq!(back, reply);
    }
}
