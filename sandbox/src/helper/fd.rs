//! Small file-descriptor system calls the other parts need (a close-on-exec
//! pipe, a pidfd, a readiness wait). Apart because they are plain wrappers
//! of `libc`/`nix` calls with their own `unsafe`, and share nothing with the
//! container's state.

use std::os::fd::{AsRawFd, BorrowedFd, FromRawFd, OwnedFd};
use std::time::Duration;

use super::{fail, HelperError};

pub(super) fn pipe() -> Result<(OwnedFd, OwnedFd), HelperError> {
    nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC)
        .map_err(|e| fail("io", format!("cannot create a pipe: {e}")))
}

pub(super) fn pidfd_open(pid: i32) -> std::io::Result<OwnedFd> {
    // SAFETY: plain syscall; the returned fd is owned by us.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    if fd < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: a fresh fd from pidfd_open.
    Ok(unsafe { OwnedFd::from_raw_fd(fd as i32) })
}

pub(super) fn wait_readable(fd: BorrowedFd<'_>, timeout: Duration) -> bool {
    let mut pfd = libc::pollfd {
        fd: fd.as_raw_fd(),
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: one valid pollfd.
    let rc = unsafe { libc::poll(&mut pfd, 1, timeout.as_millis() as i32) };
    rc > 0
}
