//! Which inputs the job opens and reads, seen from outside the job: a
//! fanotify group of the helper's with a mount mark on each input's bind
//! mount inside the container (reached through `/proc/<init>/root/input/…`
//! after creation, before the job starts). Only the job's mount namespace
//! holds those mounts, so every event is the job's — whatever path it used
//! (`/input/x`, `/proc/self/root/input/x`, an fd reopened through `/proc`) —
//! and none comes from the host (the app's preview reading the same file).
//! A mark stops watching opens once its input was opened and is removed once
//! it was also read, so a job that opens or reads a file a million times
//! costs a handful of events.
//!
//! Mount marks need `CAP_SYS_ADMIN` (root modes); without root the kernel
//! lets a watcher see neither who opened a file nor through which mount, so
//! rootless runs say "not observed" with why.

use std::os::fd::{AsFd, AsRawFd, BorrowedFd, FromRawFd, OwnedFd};

use crate::evidence::{FileRead, FilesRead, SEEN_BY_FANOTIFY};
use crate::job::Input;

/// The events watched on each input's mount.
const WATCHED: u64 = libc::FAN_OPEN | libc::FAN_ACCESS;
/// Bytes read from the fanotify fd at a time (events are 24 bytes each).
const EVENT_BUFFER_BYTES: usize = 4096;
/// Reads of the fanotify fd per `pump`, so that a flood cannot starve the
/// poll loop (marks are removed after the first open and read, so this is
/// reached only by opens of inputs not yet read).
const MAX_READS_PER_PUMP: usize = 64;

/// Why rootless runs do not observe reads.
pub(super) const ROOTLESS_WHY: &str = "the sandbox runs without root here, and without root the kernel does not tell which process or mount opened a file";

/// One watched input.
struct Mark {
    /// `/input/<name>`.
    path: String,
    /// The container's mount of the input (`mnt_id` of `/proc/*/fdinfo`).
    mnt_id: u64,
    /// An `O_PATH` fd on that mount, to remove the mark.
    pin: Option<OwnedFd>,
    opened: bool,
    read: bool,
}

/// The helper's fanotify watch over the job's inputs.
pub(super) struct ReadWatch {
    fan: OwnedFd,
    marks: Vec<Mark>,
    incomplete: bool,
}

impl ReadWatch {
    /// Marks each input's mount in the container whose init is `pid`
    /// (created, not yet started). An error says why reads cannot be seen.
    pub(super) fn start(pid: i32, inputs: &[Input]) -> Result<Self, String> {
        // SAFETY: plain syscall; the returned fd is owned by us.
        let raw = unsafe {
            libc::fanotify_init(
                libc::FAN_CLASS_NOTIF | libc::FAN_CLOEXEC | libc::FAN_NONBLOCK,
                (libc::O_RDONLY | libc::O_CLOEXEC | libc::O_LARGEFILE) as u32,
            )
        };
        if raw < 0 {
            return Err(format!(
                "the kernel refused a file-access watch: {}",
                std::io::Error::last_os_error()
            ));
        }
        // SAFETY: a fresh fd from fanotify_init.
        let fan = unsafe { OwnedFd::from_raw_fd(raw) };
        let mut marks = Vec::with_capacity(inputs.len());
        for input in inputs {
            let inside = format!("/proc/{pid}/root/input/{}", input.name);
            let pin = open_path(&inside)
                .map_err(|e| format!("cannot reach the job's input {}: {e}", input.name))?;
            let mnt_id = mount_id(pin.as_fd())
                .map_err(|e| format!("cannot read the mount of {}: {e}", input.name))?;
            mark(fan.as_fd(), libc::FAN_MARK_ADD, WATCHED, pin.as_fd())
                .map_err(|e| format!("cannot watch the input {}: {e}", input.name))?;
            marks.push(Mark {
                path: format!("/input/{}", input.name),
                mnt_id,
                pin: Some(pin),
                opened: false,
                read: false,
            });
        }
        Ok(Self {
            fan,
            marks,
            incomplete: false,
        })
    }

    /// The fd to poll.
    pub(super) fn fd(&self) -> BorrowedFd<'_> {
        self.fan.as_fd()
    }

    /// Reads the events waiting (never blocks).
    pub(super) fn pump(&mut self) {
        let mut buf = [0u8; EVENT_BUFFER_BYTES];
        for _ in 0..MAX_READS_PER_PUMP {
            let n = match nix::unistd::read(self.fan.as_raw_fd(), &mut buf) {
                Ok(n) if n > 0 => n,
                _ => return,
            };
            let mut at = 0;
            let size = std::mem::size_of::<libc::fanotify_event_metadata>();
            while at + size <= n {
                // SAFETY: at least `size` bytes are left at `at`; read_unaligned
                // copies the plain-data header out of the byte buffer.
                let event: libc::fanotify_event_metadata =
                    unsafe { std::ptr::read_unaligned(buf.as_ptr().add(at).cast()) };
                if event.event_len < size as u32 || event.vers != libc::FANOTIFY_METADATA_VERSION {
                    // A layout this code does not know: say so, read no further.
                    self.incomplete = true;
                    return;
                }
                self.take(&event);
                at += event.event_len as usize;
            }
        }
    }

    fn take(&mut self, event: &libc::fanotify_event_metadata) {
        if event.mask & libc::FAN_Q_OVERFLOW != 0 {
            self.incomplete = true;
        }
        if event.fd == libc::FAN_NOFD {
            return;
        }
        // SAFETY: fanotify gave us this fd with the event; we own it.
        let file = unsafe { OwnedFd::from_raw_fd(event.fd) };
        let Ok(mnt_id) = mount_id(file.as_fd()) else {
            self.incomplete = true;
            return;
        };
        drop(file);
        let Some(m) = self.marks.iter_mut().find(|m| m.mnt_id == mnt_id) else {
            return;
        };
        let was_opened = m.opened;
        m.opened |= event.mask & (libc::FAN_OPEN | libc::FAN_ACCESS) != 0;
        m.read |= event.mask & libc::FAN_ACCESS != 0;
        if m.opened && m.read {
            if let Some(pin) = m.pin.take() {
                // Nothing more to learn from this input.
                let _ = mark(
                    self.fan.as_fd(),
                    libc::FAN_MARK_REMOVE,
                    WATCHED,
                    pin.as_fd(),
                );
            }
        } else if m.opened && !was_opened {
            if let Some(pin) = &m.pin {
                // Further opens tell nothing new: only a first read is awaited.
                let _ = mark(
                    self.fan.as_fd(),
                    libc::FAN_MARK_REMOVE,
                    libc::FAN_OPEN,
                    pin.as_fd(),
                );
            }
        }
    }

    /// The record: the inputs opened, in the order of the job's inputs.
    pub(super) fn finish(mut self) -> FilesRead {
        self.pump();
        FilesRead {
            seen_by: Some(SEEN_BY_FANOTIFY.to_owned()),
            not_observed: None,
            files: self
                .marks
                .iter()
                .filter(|m| m.opened)
                .map(|m| FileRead {
                    path: m.path.clone(),
                    opened: true,
                    read: m.read,
                })
                .collect(),
            incomplete: self.incomplete,
        }
    }
}

fn open_path(path: &str) -> std::io::Result<OwnedFd> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_PATH | libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(path)?;
    Ok(OwnedFd::from(file))
}

fn mark(
    fan: BorrowedFd<'_>,
    action: libc::c_uint,
    mask: u64,
    on: BorrowedFd<'_>,
) -> std::io::Result<()> {
    // The kernel takes no `O_PATH` fd as the object itself: its magic link
    // in /proc/self/fd names the same mount and file.
    let path = std::ffi::CString::new(format!("/proc/self/fd/{}", on.as_raw_fd()))
        .map_err(std::io::Error::other)?;
    // SAFETY: plain syscall with a valid fd and a NUL-terminated path.
    let rc = unsafe {
        libc::fanotify_mark(
            fan.as_raw_fd(),
            action | libc::FAN_MARK_MOUNT,
            mask,
            libc::AT_FDCWD,
            path.as_ptr(),
        )
    };
    if rc < 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// The id of the mount an fd was opened through (`mnt_id` in its fdinfo).
fn mount_id(fd: BorrowedFd<'_>) -> std::io::Result<u64> {
    let info = std::fs::read_to_string(format!("/proc/self/fdinfo/{}", fd.as_raw_fd()))?;
    parse_mnt_id(&info).ok_or_else(|| std::io::Error::other("no mnt_id in fdinfo"))
}

fn parse_mnt_id(fdinfo: &str) -> Option<u64> {
    fdinfo
        .lines()
        .find_map(|l| l.strip_prefix("mnt_id:"))
        .and_then(|v| v.trim().parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mount_ids_are_read_from_fdinfo() {
        assert_eq!(
            parse_mnt_id("pos:\t0\nflags:\t02100000\nmnt_id:\t417\nino:\t9\n"),
            Some(417)
        );
        assert_eq!(parse_mnt_id("pos:\t0\n"), None);
    }

    #[test]
    fn an_fd_s_mount_id_is_the_mount_of_its_path() {
        // Two files of one folder share a mount; /proc is another one.
        let dir = tempfile::tempdir().expect("tempdir");
        let a = dir.path().join("a");
        let b = dir.path().join("b");
        std::fs::write(&a, "a").expect("write");
        std::fs::write(&b, "b").expect("write");
        let fa = open_path(a.to_str().expect("utf-8")).expect("open");
        let fb = open_path(b.to_str().expect("utf-8")).expect("open");
        let fp = open_path("/proc/self/status").expect("open");
        let (ma, mb, mp) = (
            mount_id(fa.as_fd()).expect("a"),
            mount_id(fb.as_fd()).expect("b"),
            mount_id(fp.as_fd()).expect("proc"),
        );
        assert_eq!(ma, mb);
        assert_ne!(ma, mp);
    }
}
