//! Removes what a killed helper left behind: a running or created container,
//! its cgroups, its state folder, the output tmpfs and the work folder.
//!
//! Each live helper holds an exclusive POSIX record lock (`fcntl(F_SETLK)`) on
//! `work/<id>.lock` for its whole life. A lock that can be taken belongs to a
//! dead helper, so sweeping never touches a container that is still in use.
//! Record locks, unlike `flock` and OFD locks, are not inherited by `fork`: a
//! container init forked by a helper that then died does not keep the lock.

use std::fs::File;
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};

use crate::protocol::RunDirs;

/// What a sweep removed.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct SweepReport {
    /// Container ids cleaned up.
    pub removed: Vec<String>,
    /// Problems met (the sweep goes on after each).
    pub problems: Vec<String>,
}

/// An exclusive lock on a helper's lock file, released on drop.
#[derive(Debug)]
pub struct HelperLock {
    file: File,
    path: PathBuf,
}

impl HelperLock {
    /// Takes the lock of container `id` without waiting; `None` when it is held.
    pub fn try_take(dirs: &RunDirs, id: &str) -> std::io::Result<Option<Self>> {
        let path = dirs.work.join(format!("{id}.lock"));
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)?;
        // SAFETY: an all-zero `struct flock` is valid; fields are set below.
        let mut lock: libc::flock = unsafe { std::mem::zeroed() };
        lock.l_type = libc::F_WRLCK as libc::c_short;
        lock.l_whence = libc::SEEK_SET as libc::c_short;
        // SAFETY: fcntl(F_SETLK) on a valid fd we own with a valid `struct flock`.
        let rc = unsafe { libc::fcntl(file.as_raw_fd(), libc::F_SETLK, &lock) };
        if rc == 0 {
            Ok(Some(Self { file, path }))
        } else {
            let err = std::io::Error::last_os_error();
            if matches!(err.raw_os_error(), Some(libc::EACCES) | Some(libc::EAGAIN)) {
                Ok(None)
            } else {
                Err(err)
            }
        }
    }

    /// Removes the lock file, then releases the lock.
    pub fn release(self) {
        let _ = std::fs::remove_file(&self.path);
        drop(self.file);
    }
}

/// Ids that have a state folder, a work folder or a lock file.
fn known_ids(dirs: &RunDirs) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for dir in [&dirs.state, &dirs.work] {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let id = name.strip_suffix(".lock").unwrap_or(&name).to_owned();
            if id.starts_with("gbx-") && !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    ids.sort();
    ids
}

/// Cleans every container whose helper is gone.
pub fn sweep(dirs: &RunDirs) -> SweepReport {
    let _span = tracing::info_span!("sweep", state = %dirs.state.display()).entered();
    let mut report = SweepReport::default();
    for id in known_ids(dirs) {
        match HelperLock::try_take(dirs, &id) {
            Ok(Some(lock)) => {
                let mut problems = remove_container(dirs, &id);
                if problems.is_empty() {
                    tracing::info!(%id, "removed leftovers of a dead helper");
                    report.removed.push(id);
                } else {
                    report.problems.append(&mut problems);
                }
                lock.release();
            }
            Ok(None) => {}
            Err(e) => report.problems.push(format!("{id}: cannot lock: {e}")),
        }
    }
    report
}

/// Removes container `id` and everything of it; returns the problems met.
pub fn remove_container(dirs: &RunDirs, id: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let state = dirs.state.join(id);
    if state.exists() {
        match libcontainer::container::Container::load(state.clone()) {
            Ok(mut container) => {
                if let Err(e) = container.delete(true) {
                    problems.push(format!("{id}: delete failed: {e}"));
                }
            }
            Err(e) => tracing::warn!(%id, error = %e, "state unreadable; removing by hand"),
        }
    }
    kill_cgroup_leftovers(id);
    if state.exists() {
        if let Err(e) = std::fs::remove_dir_all(&state) {
            problems.push(format!("{id}: cannot remove state: {e}"));
        }
    }
    let work = dirs.work.join(id);
    // Unmount the image bind and the output tmpfs first, and never delete
    // through a mount point: that would reach into the image or the host.
    let still_mounted = unmount_all_under(&work);
    if !still_mounted.is_empty() {
        problems.push(format!(
            "{id}: still mounted, work folder kept: {}",
            still_mounted.join(", ")
        ));
    } else if work.exists() {
        if let Err(e) = std::fs::remove_dir_all(&work) {
            problems.push(format!("{id}: cannot remove work folder: {e}"));
        }
    }
    problems
}

/// Where systemd puts the transient scope `glovebox-<id>.scope` of a
/// container: the system manager's `system.slice` (root) or the user
/// manager's `app.slice` (rootless, see `spec::ROOTLESS_SLICE`).
pub fn systemd_scope_dirs(id: &str) -> Vec<PathBuf> {
    let uid = nix::unistd::geteuid().as_raw();
    let scope = format!("glovebox-{id}.scope");
    vec![
        Path::new("/sys/fs/cgroup/system.slice").join(&scope),
        Path::new("/sys/fs/cgroup/user.slice")
            .join(format!("user-{uid}.slice"))
            .join(format!("user@{uid}.service"))
            .join(crate::spec::ROOTLESS_SLICE)
            .join(&scope),
    ]
}

/// How long to wait for systemd to remove an emptied scope.
const SCOPE_GONE_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// Kills processes left in the container's cgroups (cgroupfs folders or a
/// systemd scope) and removes them: a container whose state was never
/// written has no other trace. A systemd scope is not removed by hand:
/// systemd stops it once it is empty.
fn kill_cgroup_leftovers(id: &str) {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("/sys/fs/cgroup")
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path().join("glovebox").join(id))
                .collect()
        })
        .unwrap_or_default();
    dirs.push(Path::new("/sys/fs/cgroup/glovebox").join(id));
    for dir in dirs.iter().filter(|d| d.is_dir()) {
        kill_all_in(dir);
        let _ = std::fs::remove_dir(dir);
    }
    for scope in systemd_scope_dirs(id).iter().filter(|d| d.is_dir()) {
        kill_all_in(scope);
        let until = std::time::Instant::now() + SCOPE_GONE_WAIT;
        while scope.is_dir() && std::time::Instant::now() < until {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        if scope.is_dir() {
            tracing::warn!(scope = %scope.display(), "systemd has not removed the emptied scope yet");
        }
    }
}

/// Kills every process of a cgroup (`cgroup.kill` where the kernel has it).
fn kill_all_in(dir: &Path) {
    let _ = std::fs::write(dir.join("cgroup.kill"), "1");
    for _ in 0..50 {
        let procs = std::fs::read_to_string(dir.join("cgroup.procs")).unwrap_or_default();
        let pids: Vec<i32> = procs
            .lines()
            .filter_map(|l| l.trim().parse().ok())
            .collect();
        if pids.is_empty() {
            break;
        }
        for pid in pids {
            let _ = nix::sys::signal::kill(
                nix::unistd::Pid::from_raw(pid),
                nix::sys::signal::Signal::SIGKILL,
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Mount points at or below `dir`, deepest first, from `/proc/self/mountinfo`.
pub fn mounts_under(dir: &Path) -> Vec<PathBuf> {
    let Ok(canonical) = std::fs::canonicalize(dir) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = std::fs::read_to_string("/proc/self/mountinfo")
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split(' ').nth(4))
        .map(|p| PathBuf::from(unescape_mountinfo(p)))
        .filter(|p| p.starts_with(&canonical))
        .collect();
    found.sort_by_key(|p| std::cmp::Reverse(p.components().count()));
    found.dedup();
    found
}

/// Decodes the octal escapes `/proc/self/mountinfo` uses for space, tab,
/// newline and backslash (`\040`, `\011`, `\012`, `\134`).
pub fn unescape_mountinfo(field: &str) -> String {
    let bytes = field.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let octal = bytes
            .get(i + 1..i + 4)
            .filter(|d| d.iter().all(|c| (b'0'..=b'7').contains(c)));
        match (bytes[i], octal) {
            (b'\\', Some(d)) => {
                out.push((d[0] - b'0') * 64 + (d[1] - b'0') * 8 + (d[2] - b'0'));
                i += 4;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Detaches every mount at or below `dir`; returns those that remain.
pub fn unmount_all_under(dir: &Path) -> Vec<String> {
    for mount in mounts_under(dir) {
        if let Err(e) = nix::mount::umount2(&mount, nix::mount::MntFlags::MNT_DETACH) {
            tracing::warn!(mount = %mount.display(), error = %e, "cannot unmount");
        }
    }
    mounts_under(dir)
        .iter()
        .map(|p| p.display().to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mountinfo_escapes_are_decoded() {
        assert_eq!(
            unescape_mountinfo("/var/tmp/my\\040run/work"),
            "/var/tmp/my run/work"
        );
        assert_eq!(unescape_mountinfo("/a\\134b\\011c"), "/a\\b\tc");
        assert_eq!(unescape_mountinfo("/plain/path\\"), "/plain/path\\");
    }
}
