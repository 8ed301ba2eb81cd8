//! How this machine can sandbox: privileges, cgroup layout and manager, user
//! namespaces. `glovebox-sandbox doctor` prints this in plain words, and a
//! machine that cannot sandbox is refused with the reason (never a fallback).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// How the container is isolated from the host's users.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Isolation {
    /// The helper runs as root; the job runs as an unprivileged uid, no user namespace.
    Root,
    /// The helper runs as root; the job also gets a user namespace (uid 0..65535 mapped to a high range).
    RootUserns,
    /// The helper runs as a normal user: user namespace mapping the user's own uid,
    /// cgroups delegated by systemd (cgroup v2 only).
    Rootless,
}

/// The cgroup hierarchy mounted on this machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CgroupLayout {
    /// cgroup v1 only.
    V1,
    /// cgroup v1 controllers with a v2 hierarchy beside them (no controllers in v2).
    Hybrid,
    /// cgroup v2 only.
    V2,
}

/// Who creates the container's cgroup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CgroupManager {
    /// Directories written directly under `/sys/fs/cgroup`.
    Cgroupfs,
    /// Transient scopes asked of systemd over D-Bus.
    Systemd,
}

/// The mode a run used, reported in every outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mode {
    /// User isolation.
    pub isolation: Isolation,
    /// cgroup hierarchy.
    pub cgroup_layout: CgroupLayout,
    /// cgroup manager.
    pub cgroup_manager: CgroupManager,
}

impl Mode {
    /// A sentence naming the mode, for people.
    pub fn describe(&self) -> String {
        let who = match self.isolation {
            Isolation::Root => "as root, job as an unprivileged user",
            Isolation::RootUserns => "as root, job in a user namespace",
            Isolation::Rootless => "rootless, job in a user namespace",
        };
        let layout = match self.cgroup_layout {
            CgroupLayout::V1 => "cgroup v1",
            CgroupLayout::Hybrid => "cgroup v1 (hybrid)",
            CgroupLayout::V2 => "cgroup v2",
        };
        let manager = match self.cgroup_manager {
            CgroupManager::Cgroupfs => "cgroupfs",
            CgroupManager::Systemd => "systemd",
        };
        format!("{who}; {layout} via {manager}")
    }
}

/// Facts read off the machine, kept separate from the decision so the
/// decision can be tested with any facts.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MachineFacts {
    /// Effective uid of the helper.
    pub euid: u32,
    /// `/sys/fs/cgroup` layout, if recognised.
    pub cgroup_layout: Option<CgroupLayout>,
    /// systemd is the init system (`/run/systemd/system` exists).
    pub systemd_running: bool,
    /// A user D-Bus session is reachable (`$XDG_RUNTIME_DIR/bus`).
    pub user_bus: bool,
    /// Controllers delegated to the user's systemd instance (v2).
    pub delegated_controllers: Vec<String>,
    /// `user.max_user_namespaces` > 0 and not switched off by the distribution.
    pub user_namespaces: bool,
    /// Kernel supports seccomp user notification (5.0+).
    pub seccomp_notify: bool,
}

/// Why this machine cannot sandbox, in plain words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Unsupported(pub String);

impl MachineFacts {
    /// Reads the facts of this machine.
    pub fn probe() -> Self {
        let euid = nix::unistd::geteuid().as_raw();
        let cgroup_layout = match libcgroups::common::get_cgroup_setup() {
            Ok(libcgroups::common::CgroupSetup::Legacy) => Some(CgroupLayout::V1),
            Ok(libcgroups::common::CgroupSetup::Hybrid) => Some(CgroupLayout::Hybrid),
            Ok(libcgroups::common::CgroupSetup::Unified) => Some(CgroupLayout::V2),
            Err(_) => None,
        };
        let runtime_dir = std::env::var_os("XDG_RUNTIME_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(format!("/run/user/{euid}")));
        let delegated = Path::new("/sys/fs/cgroup/user.slice")
            .join(format!("user-{euid}.slice"))
            .join(format!("user@{euid}.service"))
            .join("cgroup.controllers");
        let delegated_controllers = std::fs::read_to_string(delegated)
            .map(|s| s.split_whitespace().map(str::to_owned).collect())
            .unwrap_or_default();
        let read_num = |p: &str| {
            std::fs::read_to_string(p)
                .ok()
                .and_then(|s| s.trim().parse::<i64>().ok())
        };
        let user_namespaces = read_num("/proc/sys/user/max_user_namespaces").unwrap_or(0) > 0
            && read_num("/proc/sys/kernel/unprivileged_userns_clone").unwrap_or(1) != 0;
        let seccomp_notify = std::fs::read_to_string("/proc/sys/kernel/seccomp/actions_avail")
            .map(|s| s.split_whitespace().any(|a| a == "user_notif"))
            .unwrap_or(false);
        Self {
            euid,
            cgroup_layout,
            systemd_running: Path::new("/run/systemd/system").is_dir(),
            user_bus: runtime_dir.join("bus").exists(),
            delegated_controllers,
            user_namespaces,
            seccomp_notify,
        }
    }

    /// Picks the mode: root when the helper is root (with a user namespace when
    /// `want_userns`), else rootless when cgroup v2 delegation allows it.
    pub fn decide(&self, want_userns: bool) -> Result<Mode, Unsupported> {
        let layout = self.cgroup_layout.ok_or_else(|| {
            Unsupported("no cgroup hierarchy is mounted at /sys/fs/cgroup, so resource limits cannot be enforced".into())
        })?;
        if !self.seccomp_notify {
            return Err(Unsupported(
                "the kernel lacks seccomp user notification (Linux 5.0 or newer is needed), so network attempts could not be recorded".into(),
            ));
        }
        if self.euid == 0 {
            if want_userns && !self.user_namespaces {
                return Err(Unsupported(
                    "user namespaces are switched off on this machine".into(),
                ));
            }
            let manager = if layout == CgroupLayout::V2 && self.systemd_running {
                CgroupManager::Systemd
            } else {
                CgroupManager::Cgroupfs
            };
            let isolation = if want_userns {
                Isolation::RootUserns
            } else {
                Isolation::Root
            };
            return Ok(Mode {
                isolation,
                cgroup_layout: layout,
                cgroup_manager: manager,
            });
        }
        if layout != CgroupLayout::V2 {
            return Err(Unsupported(
                "without root, Glovebox needs cgroup v2 to limit memory and processes; this machine uses cgroup v1".into(),
            ));
        }
        if !self.systemd_running || !self.user_bus {
            return Err(Unsupported(
                "without root, Glovebox needs a systemd user session to create its cgroups, and none is running".into(),
            ));
        }
        let missing: Vec<&str> = ["cpu", "memory", "pids"]
            .into_iter()
            .filter(|c| !self.delegated_controllers.iter().any(|d| d == c))
            .collect();
        if !missing.is_empty() {
            return Err(Unsupported(format!(
                "systemd does not delegate the {} controller(s) to your user, so limits cannot be enforced",
                missing.join(", ")
            )));
        }
        if !self.user_namespaces {
            return Err(Unsupported(
                "user namespaces are switched off on this machine".into(),
            ));
        }
        Ok(Mode {
            isolation: Isolation::Rootless,
            cgroup_layout: layout,
            cgroup_manager: CgroupManager::Systemd,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn desktop() -> MachineFacts {
        MachineFacts {
            euid: 1000,
            cgroup_layout: Some(CgroupLayout::V2),
            systemd_running: true,
            user_bus: true,
            delegated_controllers: vec!["cpu".into(), "memory".into(), "pids".into()],
            user_namespaces: true,
            seccomp_notify: true,
        }
    }

    #[test]
    fn root_on_hybrid_v1_uses_cgroupfs() {
        let facts = MachineFacts {
            euid: 0,
            cgroup_layout: Some(CgroupLayout::Hybrid),
            user_namespaces: true,
            seccomp_notify: true,
            ..Default::default()
        };
        let mode = facts.decide(false).unwrap();
        assert_eq!(
            mode.describe(),
            "as root, job as an unprivileged user; cgroup v1 (hybrid) via cgroupfs"
        );
        assert_eq!(facts.decide(true).unwrap().isolation, Isolation::RootUserns);
    }

    #[test]
    fn desktop_user_on_v2_is_rootless_via_systemd() {
        let mode = desktop().decide(false).unwrap();
        assert_eq!(mode.isolation, Isolation::Rootless);
        assert_eq!(mode.cgroup_manager, CgroupManager::Systemd);
    }

    #[test]
    fn user_on_v1_is_refused_with_a_reason() {
        let facts = MachineFacts {
            cgroup_layout: Some(CgroupLayout::V1),
            ..desktop()
        };
        let err = facts.decide(false).unwrap_err();
        assert!(err.0.contains("cgroup v2"), "{err}");
    }

    #[test]
    fn missing_delegation_names_the_controller() {
        let facts = MachineFacts {
            delegated_controllers: vec!["cpu".into(), "pids".into()],
            ..desktop()
        };
        assert!(facts.decide(false).unwrap_err().0.contains("memory"));
    }

    #[test]
    fn no_user_session_is_refused() {
        let facts = MachineFacts {
            user_bus: false,
            ..desktop()
        };
        assert!(facts
            .decide(false)
            .unwrap_err()
            .0
            .contains("systemd user session"));
    }
}
