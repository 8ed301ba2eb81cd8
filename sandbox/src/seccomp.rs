//! The seccomp profile and the host side of its user-notification listener.
//!
//! The profile is a default-deny allowlist (`assets/sandbox/seccomp-allow.txt`)
//! plus special cases: `clone` only without namespace flags, `clone3`
//! answered `ENOSYS` so glibc falls back to `clone`, and `socket` and
//! `socketpair` allowed for `AF_UNIX` only (no other family's kernel code
//! runs for the job), and `prctl` except `PR_SET_PDEATHSIG` to anything but
//! `SIGKILL`, so that the parent-death signal the runner sets (the job dies
//! with its helper) cannot be cleared or changed by the code. `socket(AF_INET | AF_INET6, ...)` is sent to the host as a
//! user notification: the helper records the family and type, then answers
//! `EPERM`. So every network attempt is recorded from outside the sandboxed
//! process, which cannot hide or forge it.
//!
//! In rootless mode `set_tid_address`, which the C library calls once when a
//! freshly executed program starts, is notified too: the first one tells the
//! helper that the job's process runs (executed, so readable through
//! `/proc/<pid>/root`) and is held until the helper has opened the
//! container's `/output`; then it continues unchanged.

use std::os::fd::{AsRawFd, BorrowedFd};

use serde_json::{json, Value};

use crate::outcome::NetworkAttempt;

/// The allowlist shipped in `assets/`, one system call name per line.
pub const ALLOWLIST: &str = include_str!("../../assets/sandbox/seccomp-allow.txt");

const AF_UNIX: u64 = 1;
const AF_INET: u64 = 2;
const AF_INET6: u64 = 10;
/// `PR_SET_PDEATHSIG` of `<linux/prctl.h>`.
const PR_SET_PDEATHSIG: u64 = 1;
/// `SIGKILL`.
const SIGKILL: u64 = 9;
/// `CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET`.
const CLONE_NAMESPACE_FLAGS: u64 = 0x7E02_0000;

/// Errors of the notification listener.
#[derive(Debug, thiserror::Error)]
pub enum SeccompError {
    /// Receiving a notification failed.
    #[error("cannot receive a seccomp notification: {0}")]
    Receive(#[source] std::io::Error),
    /// Answering a notification failed (the caller may have died meanwhile).
    #[error("cannot answer a seccomp notification: {0}")]
    Respond(#[source] std::io::Error),
}

/// System call names of the allowlist, comments and blank lines removed.
pub fn allowed_syscalls() -> Vec<&'static str> {
    ALLOWLIST
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

fn native_arch() -> &'static str {
    if cfg!(target_arch = "aarch64") {
        "SCMP_ARCH_AARCH64"
    } else {
        "SCMP_ARCH_X86_64"
    }
}

/// The OCI `linux.seccomp` object; `listener_path` receives the notify fd.
/// With `notify_start`, `set_tid_address` is notified instead of allowed.
pub fn profile(listener_path: &str, notify_start: bool) -> Value {
    let allowed: Vec<&str> = allowed_syscalls()
        .into_iter()
        .filter(|name| !(notify_start && *name == START_SYSCALL))
        .collect();
    let mut value = json!({
        "defaultAction": "SCMP_ACT_ERRNO",
        "defaultErrnoRet": libc::EPERM,
        "architectures": [native_arch()],
        "listenerPath": listener_path,
        "syscalls": [
            { "names": allowed, "action": "SCMP_ACT_ALLOW" },
            // libcontainer passes `valueTwo` as the mask and `value` as the datum.
            { "names": ["clone"], "action": "SCMP_ACT_ALLOW",
              "args": [{ "index": 0, "value": 0, "valueTwo": CLONE_NAMESPACE_FLAGS, "op": "SCMP_CMP_MASKED_EQ" }] },
            { "names": ["clone3"], "action": "SCMP_ACT_ERRNO", "errnoRet": libc::ENOSYS },
            { "names": ["socket"], "action": "SCMP_ACT_ALLOW",
              "args": [{ "index": 0, "value": AF_UNIX, "op": "SCMP_CMP_EQ" }] },
            { "names": ["socketpair"], "action": "SCMP_ACT_ALLOW",
              "args": [{ "index": 0, "value": AF_UNIX, "op": "SCMP_CMP_EQ" }] },
            { "names": ["prctl"], "action": "SCMP_ACT_ALLOW",
              "args": [{ "index": 0, "value": PR_SET_PDEATHSIG, "op": "SCMP_CMP_NE" }] },
            { "names": ["prctl"], "action": "SCMP_ACT_ALLOW",
              "args": [{ "index": 0, "value": PR_SET_PDEATHSIG, "op": "SCMP_CMP_EQ" },
                       { "index": 1, "value": SIGKILL, "op": "SCMP_CMP_EQ" }] },
            { "names": ["socket"], "action": "SCMP_ACT_NOTIFY",
              "args": [{ "index": 0, "value": AF_INET, "op": "SCMP_CMP_EQ" }] },
            { "names": ["socket"], "action": "SCMP_ACT_NOTIFY",
              "args": [{ "index": 0, "value": AF_INET6, "op": "SCMP_CMP_EQ" }] },
        ]
    });
    if notify_start {
        if let Some(rules) = value["syscalls"].as_array_mut() {
            rules.push(json!({ "names": [START_SYSCALL], "action": "SCMP_ACT_NOTIFY" }));
        }
    }
    value
}

/// The system call that marks the start of an executed program.
const START_SYSCALL: &str = "set_tid_address";
/// `SECCOMP_USER_NOTIF_FLAG_CONTINUE`: let the system call run as if allowed.
const SECCOMP_USER_NOTIF_FLAG_CONTINUE: u32 = 1;

/// What a notification was about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notification {
    /// A network socket was refused.
    Network(NetworkAttempt),
    /// An executed program started (process id in the helper's namespace);
    /// it was held while the callback ran.
    Started(u32),
}

/// `struct seccomp_data` of `<linux/seccomp.h>`.
#[repr(C)]
#[derive(Debug, Default, Clone, Copy)]
struct SeccompData {
    nr: i32,
    arch: u32,
    instruction_pointer: u64,
    args: [u64; 6],
}

/// `struct seccomp_notif`.
#[repr(C)]
#[derive(Debug, Default, Clone, Copy)]
struct SeccompNotif {
    id: u64,
    pid: u32,
    flags: u32,
    data: SeccompData,
}

/// `struct seccomp_notif_resp`.
#[repr(C)]
#[derive(Debug, Default, Clone, Copy)]
struct SeccompNotifResp {
    id: u64,
    val: i64,
    error: i32,
    flags: u32,
}

/// `_IOWR('!', 0, struct seccomp_notif)`.
const SECCOMP_IOCTL_NOTIF_RECV: libc::c_ulong = 0xC050_2100;
/// `_IOWR('!', 1, struct seccomp_notif_resp)`.
const SECCOMP_IOCTL_NOTIF_SEND: libc::c_ulong = 0xC018_2101;

fn family_name(family: u64) -> String {
    match family {
        AF_INET => "AF_INET".into(),
        AF_INET6 => "AF_INET6".into(),
        other => format!("family {other}"),
    }
}

fn socket_type_name(raw: u64) -> String {
    // Strip SOCK_NONBLOCK and SOCK_CLOEXEC.
    match raw & 0xf {
        1 => "SOCK_STREAM".into(),
        2 => "SOCK_DGRAM".into(),
        3 => "SOCK_RAW".into(),
        5 => "SOCK_SEQPACKET".into(),
        other => format!("type {other}"),
    }
}

/// Receives one pending notification and answers it: a network socket is
/// recorded and refused with `EPERM`; a program start runs `on_start(pid)`
/// while the process waits, then continues.
///
/// Returns `Ok(None)` when the notification vanished before it could be
/// answered (the caller was killed meanwhile).
pub fn answer_one(
    notify_fd: BorrowedFd<'_>,
    at_ms: u64,
    on_start: &mut dyn FnMut(u32),
) -> Result<Option<Notification>, SeccompError> {
    let mut notif = SeccompNotif::default();
    // SAFETY: the kernel writes at most size_of::<SeccompNotif>() bytes into
    // `notif`, which is zeroed as SECCOMP_IOCTL_NOTIF_RECV requires.
    let rc = unsafe {
        libc::ioctl(
            notify_fd.as_raw_fd(),
            SECCOMP_IOCTL_NOTIF_RECV,
            &mut notif as *mut SeccompNotif,
        )
    };
    if rc < 0 {
        let err = std::io::Error::last_os_error();
        return match err.raw_os_error() {
            Some(libc::ENOENT) | Some(libc::EINTR) => Ok(None),
            _ => Err(SeccompError::Receive(err)),
        };
    }
    let (notification, mut resp) = if i64::from(notif.data.nr) == libc::SYS_set_tid_address {
        on_start(notif.pid);
        (
            Notification::Started(notif.pid),
            SeccompNotifResp {
                id: notif.id,
                val: 0,
                error: 0,
                flags: SECCOMP_USER_NOTIF_FLAG_CONTINUE,
            },
        )
    } else {
        (
            Notification::Network(NetworkAttempt {
                syscall: "socket".into(),
                family: family_name(notif.data.args[0]),
                socket_type: socket_type_name(notif.data.args[1]),
                pid: notif.pid,
                at_ms,
            }),
            SeccompNotifResp {
                id: notif.id,
                val: 0,
                error: -libc::EPERM,
                flags: 0,
            },
        )
    };
    // SAFETY: `resp` is a valid seccomp_notif_resp for the duration of the call.
    let rc = unsafe {
        libc::ioctl(
            notify_fd.as_raw_fd(),
            SECCOMP_IOCTL_NOTIF_SEND,
            &mut resp as *mut SeccompNotifResp,
        )
    };
    if rc < 0 {
        let err = std::io::Error::last_os_error();
        if err.raw_os_error() != Some(libc::ENOENT) {
            return Err(SeccompError::Respond(err));
        }
    }
    Ok(Some(notification))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kernel_structs_have_kernel_sizes() {
        assert_eq!(std::mem::size_of::<SeccompData>(), 64);
        assert_eq!(std::mem::size_of::<SeccompNotif>(), 80);
        assert_eq!(std::mem::size_of::<SeccompNotifResp>(), 24);
        // The size is encoded in bits 16..30 of the ioctl number.
        assert_eq!((SECCOMP_IOCTL_NOTIF_RECV >> 16) & 0x3fff, 80);
        assert_eq!((SECCOMP_IOCTL_NOTIF_SEND >> 16) & 0x3fff, 24);
    }

    #[test]
    fn allowlist_omits_dangerous_calls_and_keeps_essentials() {
        let allowed = allowed_syscalls();
        for denied in [
            "mount",
            "umount2",
            "unshare",
            "setns",
            "ptrace",
            "bpf",
            "keyctl",
            "socket",
            "socketpair",
            "prctl",
            "clone",
            "clone3",
            "process_vm_readv",
            "perf_event_open",
            "userfaultfd",
            "io_uring_setup",
            "pivot_root",
            "chroot",
            "init_module",
            "personality",
        ] {
            assert!(
                !allowed.contains(&denied),
                "{denied} must not be allowed outright"
            );
        }
        for needed in [
            "execve",
            "mmap",
            "futex",
            "openat",
            "read",
            "write",
            "exit_group",
        ] {
            assert!(allowed.contains(&needed), "{needed} missing");
        }
    }

    #[test]
    fn profile_deserializes_as_oci_seccomp() {
        let value = profile("/run/x.sock", false);
        let parsed: oci_spec::runtime::LinuxSeccomp =
            serde_json::from_value(value).expect("valid OCI seccomp");
        assert_eq!(
            parsed.default_action(),
            oci_spec::runtime::LinuxSeccompAction::ScmpActErrno
        );
    }

    #[test]
    fn start_notification_replaces_the_allowed_set_tid_address() {
        let names = |v: &Value, i: usize| v["syscalls"][i]["names"].clone();
        let plain = profile("/run/x.sock", false);
        assert!(names(&plain, 0)
            .as_array()
            .unwrap()
            .contains(&json!("set_tid_address")));
        let rootless = profile("/run/x.sock", true);
        assert!(!names(&rootless, 0)
            .as_array()
            .unwrap()
            .contains(&json!("set_tid_address")));
        let last = rootless["syscalls"].as_array().unwrap().last().unwrap();
        assert_eq!(last["names"], json!(["set_tid_address"]));
        assert_eq!(last["action"], "SCMP_ACT_NOTIFY");
    }
}
