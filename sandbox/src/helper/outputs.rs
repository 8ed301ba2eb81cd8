//! What the job hands back besides its printed text: the result channel (a
//! pipe at fd 3 in the job) and the files it wrote into `/output`, opened
//! through the job's process when rootless and copied out after the job.
//! Apart from the lifecycle because these are the paths where the job's own
//! data crosses into the host, with their own limits and no-follow rules.

use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::path::{Path, PathBuf};

use crate::capture::Capture;
use crate::limits::Limits;
use crate::outcome::{check_output_entry, shown_name, OutputFile, SkippedOutput};

use super::fd::pipe;
use super::{fail, HelperError};

/// The result channel: a pipe whose write end sits at fd 3, where
/// libcontainer's `with_preserved_fds(1)` hands it to the job.
pub(super) struct ResultChannel {
    read: OwnedFd,
}

impl ResultChannel {
    /// Creates the pipe and puts its write end at fd 3 (replacing whatever
    /// was there). Called first thing in the helper, before any other fd.
    pub(super) fn reserve_fd3() -> Result<Self, HelperError> {
        let (read, write) = pipe()?;
        // Move both ends well above 3 so that dup2 cannot clobber the read end.
        let high = |fd: &OwnedFd| -> Result<OwnedFd, HelperError> {
            // SAFETY: F_DUPFD_CLOEXEC on a valid fd returns a new fd we own.
            let raw = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_DUPFD_CLOEXEC, 10) };
            if raw < 0 {
                return Err(fail("io", std::io::Error::last_os_error()));
            }
            // SAFETY: fresh fd from fcntl.
            Ok(unsafe { OwnedFd::from_raw_fd(raw) })
        };
        let (read_high, write_high) = (high(&read)?, high(&write)?);
        drop((read, write));
        // SAFETY: dup2 onto fd 3; the new fd 3 is not close-on-exec, on purpose.
        if unsafe { libc::dup2(write_high.as_raw_fd(), 3) } != 3 {
            return Err(fail("io", std::io::Error::last_os_error()));
        }
        drop(write_high);
        Ok(Self { read: read_high })
    }

    /// Closes our fd 3 (the container has its own copy) and returns the reader.
    pub(super) fn into_reader(self, cap: u64) -> Result<Capture, HelperError> {
        // SAFETY: fd 3 is the write end placed by `reserve_fd3`, owned by us.
        unsafe { libc::close(3) };
        Capture::new(self.read, cap).map_err(|e| fail("io", e))
    }
}

/// Rootless: opens the container's `/output` tmpfs through the job's first
/// executed process, held by seccomp at its start (`seccomp::Notification::Started`).
/// An executed process is readable through `/proc/<pid>/root` by the user
/// who owns its user namespace; the container's init before `execve` is not
/// (libcontainer makes it non-dumpable).
pub(super) fn open_output_of(pid: u32) -> std::io::Result<OwnedFd> {
    use std::os::unix::fs::OpenOptionsExt;
    let dir = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_DIRECTORY | libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(format!("/proc/{pid}/root/output"))?;
    Ok(OwnedFd::from(dir))
}

/// Copies regular files of `/output` (`output_dir` on the host) to
/// `outputs_to`; never follows a symlink. Every name is checked
/// (`outcome::check_output_entry`) before it is entered, copied or listed;
/// a refused one is recorded escaped, with the reason.
pub(super) fn collect_outputs(
    output_dir: &Path,
    outputs_to: Option<&Path>,
    limits: &Limits,
) -> (Vec<OutputFile>, Vec<SkippedOutput>) {
    let mut files = Vec::new();
    let mut skipped = Vec::new();
    let mut budget = limits.output_bytes;
    let mut stack = vec![PathBuf::new()];
    let mut seen = 0u32;
    while let Some(rel) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(output_dir.join(&rel)) else {
            continue;
        };
        let mut entries: Vec<_> = entries.flatten().collect();
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let rel_path = rel.join(entry.file_name());
            let name = shown_name(&rel_path);
            seen += 1;
            if seen > limits.output_files {
                skipped.push(SkippedOutput {
                    name,
                    reason: "too many files".into(),
                });
                continue;
            }
            let Ok(meta) = entry.path().symlink_metadata() else {
                continue;
            };
            let kind = meta.file_type();
            if let Err(problem) = check_output_entry(&rel_path, kind.is_dir()) {
                skipped.push(SkippedOutput {
                    name,
                    reason: problem.to_string(),
                });
                continue;
            }
            if kind.is_dir() {
                stack.push(rel_path);
                continue;
            }
            if kind.is_symlink() {
                skipped.push(SkippedOutput {
                    name,
                    reason: "symbolic link (not followed)".into(),
                });
                continue;
            }
            if !kind.is_file() {
                skipped.push(SkippedOutput {
                    name,
                    reason: "not a regular file".into(),
                });
                continue;
            }
            if meta.len() > budget {
                skipped.push(SkippedOutput {
                    name,
                    reason: "larger than the output limit".into(),
                });
                continue;
            }
            let Some(dest_root) = outputs_to else {
                skipped.push(SkippedOutput {
                    name,
                    reason: "no output folder was given".into(),
                });
                continue;
            };
            match copy_no_follow(&entry.path(), &dest_root.join(&rel_path), budget) {
                Ok(size) => {
                    budget -= size;
                    files.push(OutputFile {
                        name,
                        size_bytes: size,
                        host_path: dest_root.join(&rel_path),
                    });
                }
                Err(e) => skipped.push(SkippedOutput {
                    name,
                    reason: format!("cannot copy: {e}"),
                }),
            }
        }
    }
    files.sort_by(|a, b| a.name.cmp(&b.name));
    (files, skipped)
}

fn copy_no_follow(src: &Path, dest: &Path, max: u64) -> std::io::Result<u64> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    if let Some(parent) = dest.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let from = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(src)?;
    if !from.metadata()?.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    let mut to = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .custom_flags(libc::O_NOFOLLOW)
        .open(dest)?;
    std::io::copy(&mut from.take(max), &mut to)
}
