//! Reads a container's resource usage and limit events from its cgroup files,
//! on cgroup v1 and v2 alike. The paths come from `/proc/<pid>/cgroup` of the
//! container's init, read while it is alive, so they are right whichever
//! manager (cgroupfs or systemd) created the cgroup.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

const CGROUP_ROOT: &str = "/sys/fs/cgroup";

/// Files of one container's cgroup(s).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CgroupFiles {
    /// One folder per v1 controller.
    V1 {
        /// `memory` controller folder.
        memory: Option<PathBuf>,
        /// `cpuacct` controller folder.
        cpuacct: Option<PathBuf>,
        /// `pids` controller folder.
        pids: Option<PathBuf>,
    },
    /// The unified v2 folder.
    V2(PathBuf),
}

/// Usage and limit events read from the cgroup.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CgroupUsage {
    /// CPU time in nanoseconds.
    pub cpu_ns: u64,
    /// Peak memory in bytes (0 when the kernel does not track it).
    pub peak_memory_bytes: u64,
    /// OOM kills in this cgroup.
    pub oom_kills: u64,
    /// Forks refused by the pids limit.
    pub pids_max_events: u64,
}

fn v1_mount(controller: &str) -> Option<PathBuf> {
    // Controllers are often co-mounted ("cpu,cpuacct"); find the folder that has it.
    let base = Path::new(CGROUP_ROOT);
    let direct = base.join(controller);
    if direct.is_dir() {
        return Some(direct);
    }
    std::fs::read_dir(base).ok()?.flatten().find_map(|e| {
        let name = e.file_name().to_string_lossy().into_owned();
        name.split(',').any(|c| c == controller).then(|| e.path())
    })
}

impl CgroupFiles {
    /// Parses `/proc/<pid>/cgroup` text; `unified` says whether v1 controllers are absent.
    pub fn from_proc_cgroup(text: &str, unified: bool) -> Self {
        let mut by_controller: HashMap<&str, &str> = HashMap::new();
        let mut v2_path = None;
        for line in text.lines() {
            let mut parts = line.splitn(3, ':');
            let (_, controllers, path) = match (parts.next(), parts.next(), parts.next()) {
                (Some(a), Some(b), Some(c)) => (a, b, c),
                _ => continue,
            };
            if controllers.is_empty() {
                v2_path = Some(path);
            }
            for c in controllers.split(',') {
                by_controller.insert(c, path);
            }
        }
        if unified {
            let rel = v2_path.unwrap_or("/").trim_start_matches('/');
            return CgroupFiles::V2(Path::new(CGROUP_ROOT).join(rel));
        }
        let folder = |c: &str| {
            let rel = by_controller.get(c)?.trim_start_matches('/');
            Some(v1_mount(c)?.join(rel))
        };
        CgroupFiles::V1 {
            memory: folder("memory"),
            cpuacct: folder("cpuacct"),
            pids: folder("pids"),
        }
    }

    /// Reads the files of the cgroup of live process `pid`.
    pub fn of_pid(pid: i32, unified: bool) -> std::io::Result<Self> {
        let text = std::fs::read_to_string(format!("/proc/{pid}/cgroup"))?;
        Ok(Self::from_proc_cgroup(&text, unified))
    }

    /// CPU time used so far by every process of the cgroup, in
    /// nanoseconds (`cpuacct.usage` on v1, `usage_usec` of `cpu.stat` on
    /// v2); 0 when the file is missing. One small read: the helper calls it
    /// while the job runs to enforce the CPU-time limit.
    pub fn cpu_ns(&self) -> u64 {
        match self {
            CgroupFiles::V1 { cpuacct, .. } => read_u64(cpuacct.as_deref(), "cpuacct.usage"),
            CgroupFiles::V2(dir) => read_key(Some(dir), "cpu.stat", "usage_usec") * 1000,
        }
    }

    /// Current usage and event counts; missing files read as zero.
    pub fn usage(&self) -> CgroupUsage {
        match self {
            CgroupFiles::V1 { memory, pids, .. } => CgroupUsage {
                cpu_ns: self.cpu_ns(),
                peak_memory_bytes: read_u64(memory.as_deref(), "memory.max_usage_in_bytes"),
                oom_kills: read_key(memory.as_deref(), "memory.oom_control", "oom_kill"),
                pids_max_events: read_key(pids.as_deref(), "pids.events", "max"),
            },
            CgroupFiles::V2(dir) => CgroupUsage {
                cpu_ns: self.cpu_ns(),
                peak_memory_bytes: read_u64(Some(dir), "memory.peak"),
                oom_kills: read_key(Some(dir), "memory.events", "oom_kill"),
                pids_max_events: read_key(Some(dir), "pids.events", "max"),
            },
        }
    }
}

fn read_u64(dir: Option<&Path>, file: &str) -> u64 {
    dir.and_then(|d| std::fs::read_to_string(d.join(file)).ok())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(0)
}

/// Reads `key value` lines (cpu.stat, memory.events, memory.oom_control, pids.events).
fn read_key(dir: Option<&Path>, file: &str, key: &str) -> u64 {
    let text = dir
        .and_then(|d| std::fs::read_to_string(d.join(file)).ok())
        .unwrap_or_default();
    parse_key(&text, key)
}

/// The value of `key` in `key value` lines, or 0.
pub fn parse_key(text: &str, key: &str) -> u64 {
    text.lines()
        .find_map(|l| {
            let mut it = l.split_whitespace();
            (it.next() == Some(key)).then(|| it.next()?.parse().ok())?
        })
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn v2_path_comes_from_the_empty_controller_line() {
        let files = CgroupFiles::from_proc_cgroup("0::/system.slice/glovebox-gbx1.scope\n", true);
        assert_eq!(
            files,
            CgroupFiles::V2("/sys/fs/cgroup/system.slice/glovebox-gbx1.scope".into())
        );
    }

    #[test]
    fn keyed_files_parse() {
        assert_eq!(
            parse_key("oom_kill_disable 0\nunder_oom 0\noom_kill 3\n", "oom_kill"),
            3
        );
        assert_eq!(parse_key("max 17\n", "max"), 17);
        assert_eq!(
            parse_key("usage_usec 1500\nuser_usec 1000\n", "usage_usec"),
            1500
        );
        assert_eq!(parse_key("", "max"), 0);
    }
}
