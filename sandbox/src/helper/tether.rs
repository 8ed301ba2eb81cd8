//! The job dies with its helper: the executor that ties the container's
//! init to the helper process before the job's program runs.
//!
//! libcontainer clones the container's init as the helper's own child
//! (`CLONE_PARENT` from its intermediate process), and the init becomes the
//! job's program, pid 1 of the job's pid namespace. [`TetheredExecutor`]
//! runs in that init, after its user, capabilities and seccomp filter are
//! set: it asks the kernel for `SIGKILL` when its parent dies
//! (`PR_SET_PDEATHSIG`), then checks through a pidfd of the helper that the
//! helper is still alive (a helper that died just before would leave the
//! init with a new parent, which the signal would then follow). When pid 1
//! of a pid namespace dies, the kernel kills every other process in it: a
//! SIGKILLed helper leaves no running job, whatever the job forked, with no
//! next run needed. The seccomp profile lets no one in the job clear or
//! change the signal (`seccomp.rs`).
//!
//! It is done twice: while the init waits for the start (in `setup_envs`,
//! so a helper killed between create and start ends the waiting init too),
//! and again just before the program is executed (the helper may have died
//! in between, before the first setting could be checked against it).
//! Apart because it is code that runs in the container's init, not in the
//! helper.

use std::collections::HashMap;
use std::os::fd::RawFd;

use libcontainer::workload::default::DefaultExecutor;
use libcontainer::workload::{
    Executor, ExecutorError, ExecutorSetEnvsError, ExecutorValidationError,
};
use oci_spec::runtime::Spec;

/// The default executor, plus the parent-death signal and the check that
/// the helper is alive.
#[derive(Clone)]
pub(super) struct TetheredExecutor {
    /// A pidfd of the helper, open in the helper when the container is
    /// built and so inherited by the init (close-on-exec: the job's program
    /// never has it).
    pub(super) helper_pidfd: RawFd,
}

/// Why the init refuses to go on.
#[derive(Debug, thiserror::Error)]
enum TetherError {
    #[error("cannot ask for a signal when the sandbox helper dies: {0}")]
    Prctl(std::io::Error),
    #[error("the sandbox helper is gone: the job does not start")]
    HelperGone,
}

impl TetheredExecutor {
    fn tie(&self) -> Result<(), TetherError> {
        // SAFETY: plain prctl with integer arguments.
        let rc = unsafe {
            libc::prctl(
                libc::PR_SET_PDEATHSIG,
                libc::SIGKILL as libc::c_ulong,
                0,
                0,
                0,
            )
        };
        if rc != 0 {
            return Err(TetherError::Prctl(std::io::Error::last_os_error()));
        }
        if helper_exited(self.helper_pidfd) {
            return Err(TetherError::HelperGone);
        }
        Ok(())
    }
}

/// Whether the process behind `pidfd` has exited (a pidfd polls readable
/// then). An fd that is not open reads as exited (`POLLNVAL`): the job does
/// not run untied.
fn helper_exited(pidfd: RawFd) -> bool {
    let mut pfd = libc::pollfd {
        fd: pidfd,
        events: libc::POLLIN,
        revents: 0,
    };
    loop {
        // SAFETY: one valid pollfd; no wait.
        let rc = unsafe { libc::poll(&mut pfd, 1, 0) };
        if rc < 0 && std::io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) {
            continue;
        }
        return rc != 0;
    }
}

impl Executor for TetheredExecutor {
    fn exec(&self, spec: &Spec) -> Result<(), ExecutorError> {
        self.tie()
            .map_err(|e| ExecutorError::Execution(Box::new(e)))?;
        DefaultExecutor {}.exec(spec)
    }

    fn validate(&self, spec: &Spec) -> Result<(), ExecutorValidationError> {
        DefaultExecutor {}.validate(spec)
    }

    fn setup_envs(&self, envs: HashMap<String, String>) -> Result<(), ExecutorSetEnvsError> {
        self.tie()
            .map_err(|e| ExecutorSetEnvsError::SetEnvs(Box::new(e)))?;
        Executor::setup_envs(&DefaultExecutor {}, envs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::AsRawFd;

    #[test]
    fn a_live_process_is_not_exited_and_a_reaped_one_is() {
        let me = super::super::fd::pidfd_open(std::process::id() as i32).expect("pidfd");
        assert!(!helper_exited(me.as_raw_fd()));
        let mut child = std::process::Command::new("true").spawn().expect("spawn");
        let pidfd = super::super::fd::pidfd_open(child.id() as i32).expect("pidfd");
        child.wait().expect("wait");
        assert!(helper_exited(pidfd.as_raw_fd()));
    }
}
