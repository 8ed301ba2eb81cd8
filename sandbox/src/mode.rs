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

    /// A short name of the mode, e.g. `rootless (cgroup v2, systemd)` or
    /// `root (cgroup v1 hybrid, cgroupfs)`; `glovebox-sandbox doctor` prints it.
    pub fn label(&self) -> String {
        let who = match self.isolation {
            Isolation::Root => "root",
            Isolation::RootUserns => "root with user namespace",
            Isolation::Rootless => "rootless",
        };
        let layout = match self.cgroup_layout {
            CgroupLayout::V1 => "cgroup v1",
            CgroupLayout::Hybrid => "cgroup v1 hybrid",
            CgroupLayout::V2 => "cgroup v2",
        };
        let manager = match self.cgroup_manager {
            CgroupManager::Cgroupfs => "cgroupfs",
            CgroupManager::Systemd => "systemd",
        };
        format!("{who} ({layout}, {manager})")
    }
}

/// A range of subordinate ids (`/etc/subuid` or `/etc/subgid`) of the user.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SubIds {
    /// First host id of the range.
    pub start: u32,
    /// Number of ids.
    pub count: u32,
}

/// Reads the first range of `user` (name or numeric id) in a subuid/subgid file.
pub fn read_sub_ids(text: &str, name: Option<&str>, id: u32) -> Option<SubIds> {
    let id = id.to_string();
    text.lines().find_map(|line| {
        let mut parts = line.trim().split(':');
        let (who, start, count) = (parts.next()?, parts.next()?, parts.next()?);
        if who != id && Some(who) != name {
            return None;
        }
        Some(SubIds {
            start: start.parse().ok()?,
            count: count.parse().ok()?,
        })
    })
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
    /// The user's systemd instance (`user@UID.service`) has a cgroup.
    pub user_manager: bool,
    /// Controllers delegated to the user's systemd instance (v2).
    pub delegated_controllers: Vec<String>,
    /// `user.max_user_namespaces` > 0 and not switched off by the distribution.
    pub user_namespaces: bool,
    /// AppArmor forbids unprivileged user namespaces
    /// (`kernel.apparmor_restrict_unprivileged_userns = 1`, Ubuntu 23.10+).
    pub apparmor_restricts_userns: bool,
    /// Kernel supports seccomp user notification (5.0+).
    pub seccomp_notify: bool,
    /// The user's subordinate uids and gids, when `newuidmap` and `newgidmap`
    /// are installed and `/etc/subuid` and `/etc/subgid` give a range big
    /// enough to map the job's uid.
    pub sub_ids: Option<(SubIds, SubIds)>,
}

/// Ids a subordinate range must hold: the job's uid 1000 and the ones below it.
pub const MIN_SUB_IDS: u32 = 1000;

/// `newuidmap` and `newgidmap` on the usual paths (libcontainer looks them up in `PATH`).
fn map_binaries_present() -> bool {
    let path = std::env::var("PATH").unwrap_or_else(|_| "/usr/bin:/bin".into());
    ["newuidmap", "newgidmap"].iter().all(|b| {
        path.split(':')
            .any(|dir| !dir.is_empty() && Path::new(dir).join(b).exists())
    })
}

/// The user's name, from `/etc/passwd` (for `/etc/subuid` entries by name).
fn user_name(uid: u32) -> Option<String> {
    nix::unistd::User::from_uid(nix::unistd::Uid::from_raw(uid))
        .ok()
        .flatten()
        .map(|u| u.name)
}

/// Why this machine cannot sandbox, in plain words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Unsupported(pub String);

/// Where the remedy starts in an [`Unsupported`] message.
const FIX_MARK: &str = " Fix: ";

impl Unsupported {
    /// The reason alone (the message up to its `Fix:` part).
    pub fn reason(&self) -> &str {
        self.0.split_once(FIX_MARK).map_or(&self.0, |(r, _)| r)
    }

    /// What would fix it, when the message says (for a doctor screen).
    pub fn fix(&self) -> Option<&str> {
        self.0.split_once(FIX_MARK).map(|(_, f)| f)
    }
}

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
        let manager_cgroup = Path::new("/sys/fs/cgroup/user.slice")
            .join(format!("user-{euid}.slice"))
            .join(format!("user@{euid}.service"));
        let delegated_controllers =
            std::fs::read_to_string(manager_cgroup.join("cgroup.controllers"))
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
        let sub_ids = if euid != 0 && map_binaries_present() {
            let name = user_name(euid);
            let read = |file: &str, id: u32| {
                let text = std::fs::read_to_string(file).ok()?;
                read_sub_ids(&text, name.as_deref(), id).filter(|r| r.count >= MIN_SUB_IDS)
            };
            // Both files name the user (by login name or uid), not the group.
            read("/etc/subuid", euid).zip(read("/etc/subgid", euid))
        } else {
            None
        };
        let bus_address = std::env::var("DBUS_SESSION_BUS_ADDRESS").ok();
        let bus_path = bus_address
            .as_deref()
            .and_then(|a| a.strip_prefix("unix:path="))
            .map(|p| PathBuf::from(p.split(',').next().unwrap_or(p)))
            .unwrap_or_else(|| runtime_dir.join("bus"));
        Self {
            euid,
            cgroup_layout,
            systemd_running: Path::new("/run/systemd/system").is_dir(),
            user_bus: bus_path.exists(),
            user_manager: manager_cgroup.is_dir(),
            delegated_controllers,
            user_namespaces,
            apparmor_restricts_userns: read_num(
                "/proc/sys/kernel/apparmor_restrict_unprivileged_userns",
            )
            .unwrap_or(0)
                == 1,
            seccomp_notify,
            sub_ids,
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
        // Without root, every check says what is missing and what would fix it.
        if layout != CgroupLayout::V2 {
            return Err(Unsupported(
                "without root, Glovebox needs cgroup v2 to limit memory and processes, and this machine uses cgroup v1. \
                 Fix: boot with the kernel option systemd.unified_cgroup_hierarchy=1 (the default on current distributions), or run as root".into(),
            ));
        }
        if !self.systemd_running {
            return Err(Unsupported(
                "without root, Glovebox asks systemd to create the job's cgroup, and systemd is not running on this machine. \
                 Fix: use a distribution booted with systemd, or run as root".into(),
            ));
        }
        if !self.user_manager {
            return Err(Unsupported(format!(
                "without root, Glovebox needs your systemd user manager (user@{}.service), and it is not running. \
                 Fix: log in through a normal desktop or SSH session (pam_systemd starts it), or run 'loginctl enable-linger' once",
                self.euid
            )));
        }
        if !self.user_bus {
            return Err(Unsupported(
                "without root, Glovebox talks to your systemd user manager over your D-Bus session bus, and there is none \
                 ($XDG_RUNTIME_DIR/bus is missing). Fix: install the dbus-user-session package and log in again".into(),
            ));
        }
        let missing: Vec<&str> = ["cpu", "memory", "pids"]
            .into_iter()
            .filter(|c| !self.delegated_controllers.iter().any(|d| d == c))
            .collect();
        if !missing.is_empty() {
            return Err(Unsupported(format!(
                "systemd does not delegate the {} controller(s) to your user, so limits cannot be enforced. \
                 Fix: create /etc/systemd/system/user@.service.d/delegate.conf with the lines '[Service]' and \
                 'Delegate=cpu memory pids', then reboot (or run 'systemctl daemon-reload' and log in again)",
                missing.join(", ")
            )));
        }
        if !self.user_namespaces {
            return Err(Unsupported(
                "user namespaces are switched off on this machine, and without root they are how the job is kept apart. \
                 Fix: 'sysctl -w user.max_user_namespaces=15000' (and 'kernel.unprivileged_userns_clone=1' where it exists), \
                 made permanent in /etc/sysctl.d/".into(),
            ));
        }
        if self.apparmor_restricts_userns {
            return Err(Unsupported(
                "AppArmor forbids unprivileged user namespaces on this machine (kernel.apparmor_restrict_unprivileged_userns=1). \
                 Fix: install Glovebox's AppArmor profile that allows user namespaces for glovebox-sandbox, or set that sysctl to 0".into(),
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
            user_manager: true,
            delegated_controllers: vec!["cpu".into(), "memory".into(), "pids".into()],
            user_namespaces: true,
            apparmor_restricts_userns: false,
            seccomp_notify: true,
            sub_ids: None,
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
        assert_eq!(mode.label(), "rootless (cgroup v2, systemd)");
    }

    #[test]
    fn root_label_names_layout_and_manager() {
        let mode = Mode {
            isolation: Isolation::Root,
            cgroup_layout: CgroupLayout::Hybrid,
            cgroup_manager: CgroupManager::Cgroupfs,
        };
        assert_eq!(mode.label(), "root (cgroup v1 hybrid, cgroupfs)");
    }

    #[test]
    fn every_refusal_without_root_says_what_would_fix_it() {
        let cases: Vec<(MachineFacts, &str)> = vec![
            (
                MachineFacts {
                    cgroup_layout: Some(CgroupLayout::V1),
                    ..desktop()
                },
                "systemd.unified_cgroup_hierarchy=1",
            ),
            (
                MachineFacts {
                    user_bus: false,
                    ..desktop()
                },
                "dbus-user-session",
            ),
            (
                MachineFacts {
                    user_namespaces: false,
                    ..desktop()
                },
                "user namespaces are switched off",
            ),
            (
                MachineFacts {
                    apparmor_restricts_userns: true,
                    ..desktop()
                },
                "AppArmor",
            ),
            (
                MachineFacts {
                    user_manager: false,
                    ..desktop()
                },
                "user@1000.service",
            ),
            (
                MachineFacts {
                    systemd_running: false,
                    ..desktop()
                },
                "systemd is not running",
            ),
            (
                MachineFacts {
                    delegated_controllers: vec!["cpu".into(), "pids".into()],
                    ..desktop()
                },
                "Delegate=cpu memory pids",
            ),
        ];
        for (facts, expected) in cases {
            let err = facts.decide(false).unwrap_err();
            assert!(err.0.contains(expected), "{err}");
            let fix = err.fix().unwrap_or_else(|| panic!("no fix in: {err}"));
            assert!(!fix.is_empty() && !err.reason().contains("Fix:"), "{err}");
        }
    }

    #[test]
    fn subordinate_ranges_are_found_by_name_or_uid() {
        let text = "root:100000:65536\nana:165536:65536\n1001:231072:1000\n";
        assert_eq!(
            read_sub_ids(text, Some("ana"), 1000),
            Some(SubIds {
                start: 165536,
                count: 65536
            })
        );
        assert_eq!(
            read_sub_ids(text, None, 1001).map(|r| r.start),
            Some(231072)
        );
        assert_eq!(read_sub_ids(text, Some("bob"), 1002), None);
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
            .contains("dbus-user-session"));
    }
}
