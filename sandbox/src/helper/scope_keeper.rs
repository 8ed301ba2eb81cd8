//! The rootless systemd scope keeper: a forked placeholder process that
//! keeps the container's scope, and its usage counters, until they are read.
//! Apart because it is a self-contained fork-and-wait with its own `unsafe`
//! child code, used by the lifecycle only through `spawn` and `Drop`.

use std::os::fd::{AsRawFd, OwnedFd};
use std::path::Path;

/// A placeholder process in the container's systemd scope.
///
/// systemd stops a scope and removes its cgroup as soon as it is empty —
/// when the job ends, before its OOM and pids counters are read. The keeper
/// moves itself into the scope and waits for the end of its pipe; dropping
/// the keeper closes it, and the keeper exits and is reaped. It dies with the
/// helper (`PR_SET_PDEATHSIG`), so a killed helper leaves no keeper behind.
/// It counts against the pids limit, which the spec raises by one for it.
pub(super) struct ScopeKeeper {
    pid: nix::unistd::Pid,
    release: Option<OwnedFd>,
}

impl ScopeKeeper {
    pub(super) fn spawn(cgroup_dir: &Path) -> std::io::Result<Self> {
        use std::os::unix::ffi::OsStrExt;
        let procs = std::ffi::CString::new(cgroup_dir.join("cgroup.procs").as_os_str().as_bytes())
            .map_err(std::io::Error::other)?;
        let (read, write) = nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC)?;
        let (ready_r, ready_w) = nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC)?;
        // SAFETY: the helper is single-threaded; the child only makes raw
        // system calls (no allocation, no locks) and ends with `_exit`.
        match unsafe { libc::fork() } {
            -1 => Err(std::io::Error::last_os_error()),
            0 => unsafe {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                let fd = libc::open(procs.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
                let moved = fd >= 0 && libc::write(fd, b"0".as_ptr().cast(), 1) == 1;
                let status: u8 = if moved { b'1' } else { b'0' };
                libc::write(ready_w.as_raw_fd(), (&status as *const u8).cast(), 1);
                libc::dup2(read.as_raw_fd(), 0);
                if libc::syscall(libc::SYS_close_range, 1u32, u32::MAX, 0u32) != 0 {
                    for fd in 1..1024 {
                        libc::close(fd);
                    }
                }
                let mut byte = 0u8;
                while libc::read(0, (&mut byte as *mut u8).cast(), 1) != 0 {}
                libc::_exit(0)
            },
            pid => {
                drop((read, ready_w));
                let keeper = Self {
                    pid: nix::unistd::Pid::from_raw(pid),
                    release: Some(write),
                };
                let mut status = [0u8; 1];
                match nix::unistd::read(ready_r.as_raw_fd(), &mut status) {
                    Ok(1) if status[0] == b'1' => Ok(keeper),
                    _ => Err(std::io::Error::other(format!(
                        "the keeper could not join {}",
                        cgroup_dir.display()
                    ))),
                }
            }
        }
    }
}

impl Drop for ScopeKeeper {
    fn drop(&mut self) {
        self.release = None;
        let _ = nix::sys::wait::waitpid(self.pid, None);
    }
}
