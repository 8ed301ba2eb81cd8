//! Who opens an input, and who must be able to read it.
//!
//! Two rules, applied before a byte of content is read:
//!
//! - **The host reads with the person's rights.** Started as root on a
//!   person's behalf (`sudo`, `pkexec`, `doas`), Glovebox opens each input
//!   in a short-lived thread whose file-system ids are that person's, with
//!   no supplementary group (Linux credentials are per thread: the raw
//!   system calls used here change that thread's only, and it ends once
//!   the file is open). A path, a link or a folder the person may not open
//!   stops the run: root's rights never reach a file for them.
//! - **Only what the sandboxed job could read is read.** The job is a
//!   separate host user with no group and no capability, and an input is a
//!   bind mount that keeps the file's owner and mode; a file the job could
//!   not read (checked on the opened file, so a link is judged by what it
//!   leads to) is refused before its content is read, so none of it
//!   reaches the preview, the audit log or a model.

use std::fs::{File, Metadata};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::Path;

use glovebox_sandbox::spec::job_host_ids;
use glovebox_sandbox::Isolation;
use serde::Serialize;

use super::{file_name, InputError};

/// The group given to a person whose primary group cannot be found: the
/// usual `nogroup`, which grants nothing.
const NO_GROUP: u32 = 65_534;

/// The person Glovebox was started for, when it runs as root for them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoker {
    /// Their user id.
    pub uid: u32,
    /// Their primary group id.
    pub gid: u32,
    /// Their login name, or `uid N`.
    pub name: String,
}

/// How inputs are opened and checked in this process.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Access {
    /// Open with this person's rights; `None`: with this process's own.
    pub open_as: Option<Invoker>,
    /// The user the inputs are for (the invoker, else this process's).
    pub person_uid: u32,
    /// Host ids (uid, gid) the sandboxed job may run as; an input must be
    /// readable by every one of them (empty: the job is the person).
    pub job_ids: Vec<(u32, u32)>,
}

impl Access {
    /// The rules of this process: as root, the person from `SUDO_UID` and
    /// `SUDO_GID`, `PKEXEC_UID` or `DOAS_USER`, and the job's ids in both
    /// root modes; otherwise the job's rootless ids when they are not the
    /// user's own. Computed once.
    pub fn of_this_process() -> &'static Access {
        static ACCESS: std::sync::OnceLock<Access> = std::sync::OnceLock::new();
        ACCESS.get_or_init(|| {
            // SAFETY: geteuid and getegid cannot fail and touch no memory.
            let (euid, egid) = unsafe { (libc::geteuid(), libc::getegid()) };
            if euid == 0 {
                let env = |k: &str| std::env::var(k).ok();
                let passwd = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
                Access::for_root(invoker_from(
                    &Launch {
                        sudo_uid: env("SUDO_UID"),
                        sudo_gid: env("SUDO_GID"),
                        sudo_user: env("SUDO_USER"),
                        pkexec_uid: env("PKEXEC_UID"),
                        doas_user: env("DOAS_USER"),
                    },
                    &passwd,
                ))
            } else {
                let own = (euid, egid);
                let sub_ids = glovebox_sandbox::MachineFacts::probe().sub_ids;
                let job = job_host_ids(Isolation::Rootless, own, sub_ids);
                Access {
                    open_as: None,
                    person_uid: euid,
                    job_ids: if job == own { Vec::new() } else { vec![job] },
                }
            }
        })
    }

    /// The rules when this process is root, started for `open_as` (or by
    /// root itself): the job runs as its own unprivileged host user in
    /// either root mode, so a file must be readable by both.
    pub fn for_root(open_as: Option<Invoker>) -> Access {
        let modes = [Isolation::Root, Isolation::RootUserns];
        Access {
            person_uid: open_as.as_ref().map_or(0, |i| i.uid),
            open_as,
            job_ids: modes.map(|m| job_host_ids(m, (0, 0), None)).to_vec(),
        }
    }
}

/// What the launcher of a root process left in its environment.
#[derive(Debug, Default, Clone)]
pub struct Launch {
    /// `SUDO_UID`.
    pub sudo_uid: Option<String>,
    /// `SUDO_GID`.
    pub sudo_gid: Option<String>,
    /// `SUDO_USER`.
    pub sudo_user: Option<String>,
    /// `PKEXEC_UID`.
    pub pkexec_uid: Option<String>,
    /// `DOAS_USER`.
    pub doas_user: Option<String>,
}

/// The person a root process was started for, from its launcher's
/// variables and `/etc/passwd`'s text; `None` for root itself (or ids that
/// do not parse). A primary group that cannot be found is `NO_GROUP`.
pub fn invoker_from(launch: &Launch, passwd: &str) -> Option<Invoker> {
    // (name, uid, gid) of each account line.
    let accounts = || {
        passwd.lines().filter_map(|line| {
            let mut fields = line.split(':');
            let name = fields.next()?;
            let uid = fields.nth(1)?.parse::<u32>().ok()?;
            let gid = fields.next()?.parse::<u32>().ok()?;
            Some((name, uid, gid))
        })
    };
    let by_uid = |uid: u32| accounts().find(|a| a.1 == uid);
    let id = |s: &Option<String>| s.as_deref().and_then(|v| v.trim().parse::<u32>().ok());
    let invoker = if let Some(uid) = id(&launch.sudo_uid) {
        let account = by_uid(uid);
        Invoker {
            uid,
            gid: id(&launch.sudo_gid)
                .or(account.map(|a| a.2))
                .unwrap_or(NO_GROUP),
            name: launch
                .sudo_user
                .clone()
                .filter(|n| !n.is_empty())
                .or(account.map(|a| a.0.to_owned()))
                .unwrap_or_else(|| format!("uid {uid}")),
        }
    } else if let Some(uid) = id(&launch.pkexec_uid) {
        let account = by_uid(uid);
        Invoker {
            uid,
            gid: account.map_or(NO_GROUP, |a| a.2),
            name: account.map_or_else(|| format!("uid {uid}"), |a| a.0.to_owned()),
        }
    } else {
        let name = launch.doas_user.as_deref().filter(|n| !n.is_empty())?;
        let (name, uid, gid) = accounts().find(|a| a.0 == name)?;
        Invoker {
            uid,
            gid,
            name: name.to_owned(),
        }
    };
    (invoker.uid != 0).then_some(invoker)
}

/// What to do about a file the sandboxed job could not read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "fix")]
pub enum AccessFix {
    /// The person owns the file: let everyone read it (or give a copy).
    LetEveryoneRead {
        /// The path to give `chmod`, quoted for a shell.
        path: String,
    },
    /// Someone else owns it: give a copy of one's own.
    GiveACopy {
        /// Its owner, by name or `uid N`.
        owner: String,
    },
}

impl std::fmt::Display for AccessFix {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AccessFix::LetEveryoneRead { path } => write!(
                f,
                "To use it, let every user of this machine read it (chmod o+r {path}), or give a copy that everyone may read"
            ),
            AccessFix::GiveACopy { owner } => write!(
                f,
                "It belongs to {owner}: to use it, give a copy of your own that everyone may read (copy it into your home folder, then chmod o+r the copy)"
            ),
        }
    }
}

/// ` (a link to TARGET)` when the path given is a symbolic link.
pub(crate) fn through(target: &Option<String>) -> String {
    target
        .as_deref()
        .map(|t| format!(" (a link to {t})"))
        .unwrap_or_default()
}

/// `path` quoted for a POSIX shell when it needs it.
fn shell_quoted(path: &Path) -> String {
    let text = path.to_string_lossy();
    let plain = text
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"/._-+,:@%".contains(&b));
    if plain && !text.is_empty() {
        text.into_owned()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// A user's login name from `/etc/passwd`, else `uid N`.
fn user_name(uid: u32) -> String {
    std::fs::read_to_string("/etc/passwd")
        .ok()
        .and_then(|text| {
            text.lines().find_map(|line| {
                let mut fields = line.split(':');
                let name = fields.next()?;
                (fields.nth(1)?.parse::<u32>().ok()? == uid).then(|| name.to_owned())
            })
        })
        .unwrap_or_else(|| format!("uid {uid}"))
}

/// An input opened for reading, with the metadata of the open file.
#[derive(Debug)]
pub(crate) struct Opened {
    pub(crate) file: File,
    pub(crate) meta: Metadata,
}

/// What the opening thread found: the file, and where the path leads when
/// it is a symbolic link.
type Found = (Result<(File, Metadata), std::io::Error>, Option<String>);

/// Stats `path`, refuses anything but a regular file before opening it (a
/// device or a pipe is never opened), opens it without blocking and checks
/// the open file is the one stat saw; and where a link leads.
fn stat_and_open(path: &Path) -> Found {
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    // Where it leads in the end; else, when a folder on the way may not be
    // crossed, what the link itself says (anyone may read a link).
    let target = is_link
        .then(|| {
            std::fs::canonicalize(path).ok().or_else(|| {
                let said = std::fs::read_link(path).ok()?;
                Some(path.parent().map_or(said.clone(), |dir| dir.join(&said)))
            })
        })
        .flatten()
        .map(|real| real.to_string_lossy().into_owned());
    let opened = (|| {
        let meta = std::fs::metadata(path)?;
        if !meta.is_file() {
            return Ok((None, meta));
        }
        let file = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
            .open(path)?;
        let open_meta = file.metadata()?;
        if (open_meta.dev(), open_meta.ino()) != (meta.dev(), meta.ino()) {
            return Err(std::io::Error::other(
                "it was replaced while it was being opened",
            ));
        }
        // A regular file: reads block as usual again.
        use std::os::fd::AsRawFd;
        // SAFETY: plain fcntl calls on a file descriptor this function owns.
        let flags = unsafe { libc::fcntl(file.as_raw_fd(), libc::F_GETFL) };
        if flags < 0
            // SAFETY: as above.
            || unsafe { libc::fcntl(file.as_raw_fd(), libc::F_SETFL, flags & !libc::O_NONBLOCK) } < 0
        {
            return Err(std::io::Error::last_os_error());
        }
        Ok((Some(file), open_meta))
    })();
    match opened {
        Ok((Some(file), meta)) => (Ok((file, meta)), target),
        Ok((None, _)) => (Err(not_a_file()), target),
        Err(e) => (Err(e), target),
    }
}

/// A marker error for "not a regular file".
fn not_a_file() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidInput, NOT_A_FILE)
}
const NOT_A_FILE: &str = "not a regular file";

/// Runs `stat_and_open` in a thread with `who`'s file-system rights and no
/// supplementary group.
fn open_with_rights_of(who: &Invoker, path: &Path) -> Found {
    std::thread::scope(|scope| {
        scope
            .spawn(|| {
                if let Err(e) = become_for_files(who) {
                    return (Err(e), None);
                }
                stat_and_open(path)
            })
            .join()
            .unwrap_or_else(|_| {
                (
                    Err(std::io::Error::other("the opening thread failed")),
                    None,
                )
            })
    })
}

/// This thread's file-system ids become `who`'s, its groups none. Raw
/// system calls: glibc's `setgroups` would change every thread of the
/// process. Once the file-system uid is not 0, the kernel drops the
/// capabilities that override permissions from this thread.
fn become_for_files(who: &Invoker) -> std::io::Result<()> {
    // SAFETY: a count of 0 and a null list are valid for setgroups.
    let r = unsafe { libc::syscall(libc::SYS_setgroups, 0usize, std::ptr::null::<libc::gid_t>()) };
    if r != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: plain integer arguments; setfsgid/setfsuid return the
    // previous id, so the change is read back with an invalid id (-1).
    let (gid, uid) = unsafe {
        libc::syscall(libc::SYS_setfsgid, who.gid);
        let gid = libc::syscall(libc::SYS_setfsgid, u32::MAX);
        libc::syscall(libc::SYS_setfsuid, who.uid);
        let uid = libc::syscall(libc::SYS_setfsuid, u32::MAX);
        (gid, uid)
    };
    if (uid, gid) != (i64::from(who.uid), i64::from(who.gid)) {
        return Err(std::io::Error::other(format!(
            "cannot take the rights of {} to open it",
            who.name
        )));
    }
    Ok(())
}

/// Opens the input at `path` under `access`'s rules: with the person's
/// rights, and only when the sandboxed job could read it too.
pub(crate) fn open(path: &Path, access: &Access) -> Result<Opened, InputError> {
    let name = file_name(path);
    let (found, target) = match &access.open_as {
        Some(who) => open_with_rights_of(who, path),
        None => stat_and_open(path),
    };
    let (file, meta) = found.map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => InputError::NotFound(name.clone()),
        std::io::ErrorKind::InvalidInput if e.to_string() == NOT_A_FILE => {
            InputError::NotAFile(name.clone())
        }
        std::io::ErrorKind::PermissionDenied => InputError::NoPermission {
            name: name.clone(),
            user: user_name(access.person_uid),
            target: target.clone(),
            on_behalf: access.open_as.is_some(),
        },
        _ => InputError::Unreadable {
            name: name.clone(),
            reason: e.to_string(),
        },
    })?;
    let mode = meta.mode();
    let job_may_read =
        |&(uid, gid): &(u32, u32)| super::may_read(mode, meta.uid(), meta.gid(), uid, gid);
    // Readable here only with root's rights, which the job never has.
    if mode & 0o444 == 0 || !access.job_ids.iter().all(job_may_read) {
        let fix = if meta.uid() == access.person_uid {
            AccessFix::LetEveryoneRead {
                path: shell_quoted(path),
            }
        } else {
            AccessFix::GiveACopy {
                owner: user_name(meta.uid()),
            }
        };
        return Err(super::sandbox_cannot_read(&name, mode, target, fix));
    }
    Ok(Opened { file, meta })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PASSWD: &str = "root:x:0:0:root:/root:/bin/bash\n\
        alice:x:1000:1000:Alice:/home/alice:/bin/bash\n\
        bob:x:1001:100::/home/bob:/bin/sh\n";

    fn launch(pairs: &[(&str, &str)]) -> Launch {
        let get = |k: &str| {
            pairs
                .iter()
                .find(|(key, _)| *key == k)
                .map(|(_, v)| (*v).to_owned())
        };
        Launch {
            sudo_uid: get("SUDO_UID"),
            sudo_gid: get("SUDO_GID"),
            sudo_user: get("SUDO_USER"),
            pkexec_uid: get("PKEXEC_UID"),
            doas_user: get("DOAS_USER"),
        }
    }

    #[test]
    fn the_person_a_root_process_runs_for() {
        let alice = |gid| Invoker {
            uid: 1000,
            gid,
            name: "alice".into(),
        };
        type Vars = &'static [(&'static str, &'static str)];
        let cases: &[(Vars, Option<Invoker>)] = &[
            (&[], None),
            (
                &[
                    ("SUDO_UID", "1000"),
                    ("SUDO_GID", "1000"),
                    ("SUDO_USER", "alice"),
                ],
                Some(alice(1000)),
            ),
            // The group sudo gives wins; the name comes from passwd if unset.
            (&[("SUDO_UID", "1000"), ("SUDO_GID", "27")], Some(alice(27))),
            (&[("SUDO_UID", "0"), ("SUDO_GID", "0")], None),
            (&[("SUDO_UID", "alice")], None),
            (
                &[("PKEXEC_UID", "1001")],
                Some(Invoker {
                    uid: 1001,
                    gid: 100,
                    name: "bob".into(),
                }),
            ),
            (
                &[("PKEXEC_UID", "4242")],
                Some(Invoker {
                    uid: 4242,
                    gid: NO_GROUP,
                    name: "uid 4242".into(),
                }),
            ),
            (&[("DOAS_USER", "alice")], Some(alice(1000))),
            (&[("DOAS_USER", "root")], None),
            (&[("DOAS_USER", "nobody-here")], None),
        ];
        for (vars, want) in cases {
            assert_eq!(&invoker_from(&launch(vars), PASSWD), want, "{vars:?}");
        }
    }

    #[test]
    fn as_root_a_file_must_be_readable_by_the_job_of_either_root_mode() {
        let access = Access::for_root(None);
        assert_eq!(access.person_uid, 0);
        assert_eq!(
            access.job_ids,
            [
                job_host_ids(Isolation::Root, (0, 0), None),
                job_host_ids(Isolation::RootUserns, (0, 0), None)
            ]
        );
        assert!(access.job_ids.iter().all(|ids| ids.0 != 0 && ids.1 != 0));
    }

    #[test]
    fn paths_are_quoted_for_a_shell_when_needed() {
        assert_eq!(
            shell_quoted(Path::new("/home/a/sales.csv")),
            "/home/a/sales.csv"
        );
        assert_eq!(
            shell_quoted(Path::new("/home/a/my sales.csv")),
            "'/home/a/my sales.csv'"
        );
        assert_eq!(shell_quoted(Path::new("it's.csv")), r"'it'\''s.csv'");
    }
}
