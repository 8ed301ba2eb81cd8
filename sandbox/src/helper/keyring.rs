//! A fresh, empty session keyring for the helper, joined before the
//! container is created so that the job inherits it instead of the caller's
//! (libcontainer makes none). The caller's session keyring may hold the
//! report-signing key; the job's seccomp profile denies `keyctl`, `add_key`
//! and `request_key` too, so this is the second of two walls.

/// `KEYCTL_JOIN_SESSION_KEYRING` of `<linux/keyctl.h>`.
const KEYCTL_JOIN_SESSION_KEYRING: libc::c_long = 1;

/// Joins a new anonymous session keyring (empty, owned by this process's
/// user). Returns its serial number.
pub(super) fn join_fresh_session_keyring() -> std::io::Result<i64> {
    // SAFETY: plain syscall; a null name asks for a new anonymous keyring.
    let serial = unsafe {
        libc::syscall(
            libc::SYS_keyctl,
            KEYCTL_JOIN_SESSION_KEYRING,
            std::ptr::null::<libc::c_char>(),
        )
    };
    if serial < 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(serial)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `KEY_SPEC_SESSION_KEYRING`.
    const SESSION: i32 = -3;
    /// `KEYCTL_SEARCH`.
    const KEYCTL_SEARCH: libc::c_long = 10;

    fn add_session_key(description: &std::ffi::CStr, payload: &[u8]) -> i64 {
        // SAFETY: valid NUL-terminated strings and a payload of the given length.
        unsafe {
            libc::syscall(
                libc::SYS_add_key,
                c"user".as_ptr(),
                description.as_ptr(),
                payload.as_ptr(),
                payload.len(),
                SESSION,
            )
        }
    }

    fn search_session(description: &std::ffi::CStr) -> i64 {
        // SAFETY: valid NUL-terminated strings; no destination keyring.
        unsafe {
            libc::syscall(
                libc::SYS_keyctl,
                KEYCTL_SEARCH,
                SESSION,
                c"user".as_ptr(),
                description.as_ptr(),
                0,
            )
        }
    }

    /// In a child process (a keyring belongs to a process's credentials): a
    /// key added to the session keyring is found there, and no longer once
    /// the fresh keyring is joined. Only raw system calls run in the child.
    #[test]
    fn a_key_of_the_caller_s_session_is_invisible_after_joining() {
        let name = c"glovebox-test-caller-secret";
        // SAFETY: the child makes raw system calls only, then `_exit`s.
        let pid = unsafe { libc::fork() };
        assert!(pid >= 0, "fork");
        if pid == 0 {
            let key = add_session_key(name, b"secret");
            let code = if key < 0 {
                10
            } else if search_session(name) != key {
                11
            } else if join_fresh_session_keyring().is_err() {
                12
            } else if search_session(name) >= 0 {
                13
            } else {
                0
            };
            // SAFETY: leave the child without running the test harness's exit.
            unsafe { libc::_exit(code) };
        }
        let mut status = 0;
        // SAFETY: waiting for our own child.
        assert_eq!(unsafe { libc::waitpid(pid, &mut status, 0) }, pid);
        assert!(libc::WIFEXITED(status), "child status {status}");
        assert_eq!(
            libc::WEXITSTATUS(status),
            0,
            "10: add_key failed, 11: the key was not visible, 12: join failed, 13: still visible after joining"
        );
    }
}
