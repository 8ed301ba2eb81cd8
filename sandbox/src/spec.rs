//! The OCI runtime spec (`config.json`) of one sandbox container.
//!
//! Written as a JSON document, then parsed into `oci_spec`'s types, so the
//! snapshot test reads like the file libcontainer consumes. Everything that
//! makes the seal is here: namespaces, read-only root and inputs, capped
//! tmpfs mounts, no capabilities, `no_new_privileges`, masked `/proc` paths,
//! rlimits, cgroup limits and the seccomp profile.

use std::path::PathBuf;

use oci_spec::runtime::Spec;
use serde_json::{json, Value};

use crate::job::{Input, Support};
use crate::limits::Limits;
use crate::mode::{CgroupLayout, CgroupManager, Isolation, Mode, SubIds};
use crate::seccomp;

/// The uid and gid the job runs as inside the container.
pub const SANDBOX_UID: u32 = 1000;
/// First host uid/gid of the range a root-with-user-namespace container maps.
pub const ROOT_USERNS_HOST_BASE: u32 = 3_000_000_000;
/// Size of that range.
pub const ROOT_USERNS_SIZE: u32 = 65_536;
/// Size of the tmpfs holding the input mount points.
const INPUT_DIR_BYTES: u64 = 64 * 1024;
/// Size of `/dev/shm` (Python's multiprocessing semaphores).
const SHM_BYTES: u64 = 64 * 1024 * 1024;
/// Most subordinate ids mapped into a rootless container (uids 1..=65535).
pub const ROOTLESS_SUB_IDS_MAX: u32 = 65_535;
/// The systemd slice of the user's manager that holds rootless jobs' scopes.
pub const ROOTLESS_SLICE: &str = "app.slice";
/// CFS period used for the CPU quota, in microseconds.
const CPU_PERIOD_US: u64 = 100_000;
/// Seconds of CPU time each process of a job may use beyond its CPU-time
/// limit before the kernel kills it (`RLIMIT_CPU`, soft = hard, so
/// `SIGKILL`): a backstop that needs no helper. The helper, which reads the
/// whole cgroup's CPU time, stops the job at the limit itself, before this.
pub const CPU_TIME_MARGIN_SECS: u64 = 1;

/// `RLIMIT_CPU` of a job's processes, in seconds: its CPU-time limit,
/// rounded up to a whole second, plus [`CPU_TIME_MARGIN_SECS`]. (The limit
/// counts per process; the helper counts all of them together.)
pub fn cpu_time_limit_secs(limits: &Limits) -> u64 {
    limits
        .cpu_time_ms
        .div_ceil(1000)
        .saturating_add(CPU_TIME_MARGIN_SECS)
}

/// Errors building a spec.
#[derive(Debug, thiserror::Error)]
pub enum SpecError {
    /// The generated document is not a valid OCI spec (a bug).
    #[error("generated spec is not valid OCI: {0}")]
    Invalid(#[from] serde_json::Error),
}

/// Everything the spec is generated from.
#[derive(Debug, Clone)]
pub struct ContainerPlan {
    /// Container id (also the cgroup name).
    pub id: String,
    /// The image root, mounted read-only as `/`.
    pub rootfs: PathBuf,
    /// Host folder holding `main.py`, mounted read-only at `/job`.
    pub job_dir: PathBuf,
    /// Host folder (a size-capped tmpfs) mounted read-write at `/output`
    /// (unused in rootless mode, where `/output` is a tmpfs mounted inside
    /// the container's own mount namespace).
    pub output_dir: PathBuf,
    /// Unix socket that receives the seccomp notify fd.
    pub listener_path: PathBuf,
    /// Files mounted read-only under `/input`.
    pub inputs: Vec<Input>,
    /// Support files mounted at `/glovebox` and the entrypoint run from there.
    pub support: Option<Support>,
    /// Limits.
    pub limits: Limits,
    /// Machine mode.
    pub mode: Mode,
    /// The helper's own uid and gid (rootless mapping target).
    pub host_ids: (u32, u32),
    /// Rootless: the user's subordinate uid and gid ranges, when `newuidmap`
    /// can map them; the job then runs as one of them, not as the user.
    pub sub_ids: Option<(SubIds, SubIds)>,
}

/// The host uid and gid the job runs as (and that own the files it
/// creates), for a machine mode: what a bind-mounted input must let read.
pub fn job_host_ids(
    isolation: Isolation,
    host_ids: (u32, u32),
    sub_ids: Option<(SubIds, SubIds)>,
) -> (u32, u32) {
    match isolation {
        Isolation::Root => (SANDBOX_UID, SANDBOX_UID),
        Isolation::RootUserns => (
            ROOT_USERNS_HOST_BASE + SANDBOX_UID,
            ROOT_USERNS_HOST_BASE + SANDBOX_UID,
        ),
        Isolation::Rootless => match sub_ids {
            // Container id N (N >= 1) is subordinate id start + N - 1.
            Some((uids, gids)) => (uids.start + SANDBOX_UID - 1, gids.start + SANDBOX_UID - 1),
            None => host_ids,
        },
    }
}

impl ContainerPlan {
    /// The host uid and gid that own files the job creates.
    pub fn job_host_ids(&self) -> (u32, u32) {
        job_host_ids(self.mode.isolation, self.host_ids, self.sub_ids)
    }

    /// The OCI `linux.cgroupsPath` for this container.
    pub fn cgroups_path(&self) -> String {
        match (self.mode.cgroup_manager, self.mode.isolation) {
            (CgroupManager::Cgroupfs, _) => format!("/glovebox/{}", self.id),
            // A transient scope `glovebox-<id>.scope` in the user manager's
            // app.slice, where a desktop's applications live (systemd.special(7)).
            (CgroupManager::Systemd, Isolation::Rootless) => {
                format!("{ROOTLESS_SLICE}:glovebox:{}", self.id)
            }
            (CgroupManager::Systemd, _) => format!("system.slice:glovebox:{}", self.id),
        }
    }

    /// Whether the helper puts a keeper process in the container's cgroup
    /// (a systemd scope on cgroup v2, see `helper::scope_keeper::ScopeKeeper`).
    pub fn has_scope_keeper(&self) -> bool {
        self.mode.cgroup_manager == CgroupManager::Systemd
            && self.mode.cgroup_layout == CgroupLayout::V2
    }

    /// uid and gid mappings of the user namespace.
    ///
    /// Rootless with subordinate ids: the user is root inside (uid 0, which
    /// only prepares the container and has no capability outside its
    /// namespaces) and the job's uid 1000 is a subordinate id, so even a job
    /// that escaped its mounts could not touch the user's files. Without them
    /// a single mapping: the user is the job's uid 1000 inside.
    fn id_mappings(&self) -> Option<(Value, Value)> {
        let single = |host: u32, container: u32, size: u32| json!([{ "containerID": container, "hostID": host, "size": size }]);
        match self.mode.isolation {
            Isolation::Root => None,
            Isolation::RootUserns => Some((
                single(ROOT_USERNS_HOST_BASE, 0, ROOT_USERNS_SIZE),
                single(ROOT_USERNS_HOST_BASE, 0, ROOT_USERNS_SIZE),
            )),
            Isolation::Rootless => Some(match self.sub_ids {
                Some((uids, gids)) => {
                    let with_range = |own: u32, sub: SubIds| {
                        json!([
                            { "containerID": 0, "hostID": own, "size": 1 },
                            { "containerID": 1, "hostID": sub.start,
                              "size": sub.count.min(ROOTLESS_SUB_IDS_MAX) },
                        ])
                    };
                    (
                        with_range(self.host_ids.0, uids),
                        with_range(self.host_ids.1, gids),
                    )
                }
                None => (
                    single(self.host_ids.0, SANDBOX_UID, 1),
                    single(self.host_ids.1, SANDBOX_UID, 1),
                ),
            }),
        }
    }

    /// The command line of the job.
    pub fn args(&self) -> Vec<String> {
        let mut args: Vec<String> = ["/usr/bin/python3", "-I", "-B"].map(String::from).to_vec();
        if let Some(support) = &self.support {
            args.push(format!("/glovebox/{}", support.entrypoint));
        }
        args.push("/job/main.py".into());
        args
    }

    /// The spec as JSON (what is written to `config.json`).
    pub fn to_json(&self) -> Value {
        let l = &self.limits;
        let mut namespaces = vec![
            json!({"type": "pid"}),
            json!({"type": "network"}),
            json!({"type": "ipc"}),
            json!({"type": "uts"}),
            json!({"type": "mount"}),
            json!({"type": "cgroup"}),
        ];
        if self.mode.isolation != Isolation::Root {
            namespaces.push(json!({"type": "user"}));
        }
        let bind_ro = ["rbind", "ro", "nosuid", "nodev", "noexec", "rprivate"];
        let mut mounts = vec![
            json!({"destination": "/proc", "type": "proc", "source": "proc",
                   "options": ["nosuid", "noexec", "nodev"]}),
            json!({"destination": "/dev", "type": "tmpfs", "source": "tmpfs",
                   "options": ["nosuid", "strictatime", "mode=755", "size=65536k"]}),
            json!({"destination": "/dev/shm", "type": "tmpfs", "source": "shm",
                   "options": ["nosuid", "noexec", "nodev", "mode=1777", format!("size={SHM_BYTES}")]}),
            json!({"destination": "/sys", "type": "sysfs", "source": "sysfs",
                   "options": ["nosuid", "noexec", "nodev", "ro"]}),
            json!({"destination": "/tmp", "type": "tmpfs", "source": "tmpfs",
                   "options": ["nosuid", "nodev", "mode=1777", format!("size={}", l.tmp_bytes)]}),
            json!({"destination": "/input", "type": "tmpfs", "source": "tmpfs",
                   "options": ["nosuid", "nodev", "noexec", "mode=755", format!("size={INPUT_DIR_BYTES}")]}),
        ];
        for input in &self.inputs {
            mounts.push(json!({
                "destination": format!("/input/{}", input.name),
                "type": "bind",
                "source": input.host_path,
                "options": bind_ro,
            }));
        }
        mounts.push(json!({"destination": "/job", "type": "bind", "source": self.job_dir, "options": bind_ro}));
        if let Some(support) = &self.support {
            mounts.push(json!({"destination": "/glovebox", "type": "bind", "source": support.dir, "options": bind_ro}));
        }
        if self.mode.isolation == Isolation::Rootless {
            // No tmpfs on the host without privileges: the capped tmpfs is
            // mounted in the container's mount namespace, owned by the job,
            // and the helper reads it through a directory fd it opens before
            // the job's program starts (`/proc/<pid>/root/output`, see
            // `seccomp`), which keeps it alive after the job.
            mounts.push(json!({"destination": "/output", "type": "tmpfs", "source": "tmpfs",
                "options": ["nosuid", "nodev", "noexec", "mode=755",
                    format!("uid={SANDBOX_UID}"), format!("gid={SANDBOX_UID}"),
                    format!("size={}", l.output_bytes), format!("nr_inodes={}", l.output_files + 1)]}));
        } else {
            mounts.push(
                json!({"destination": "/output", "type": "bind", "source": self.output_dir,
                               "options": ["rbind", "rw", "nosuid", "nodev", "noexec", "rprivate"]}),
            );
        }

        let mut linux = json!({
            "namespaces": namespaces,
            "cgroupsPath": self.cgroups_path(),
            "resources": {
                "devices": [{"allow": false, "access": "rwm"}],
                "memory": {
                    "limit": l.memory_bytes,
                    "swap": l.memory_bytes,
                    "disableOOMKiller": false,
                },
                // A systemd scope holds the helper's keeper too: one more for it.
                "pids": {"limit": l.pids + u32::from(self.has_scope_keeper())},
                "cpu": {
                    "quota": u64::from(l.cpu_millicores) * CPU_PERIOD_US / 1000,
                    "period": CPU_PERIOD_US,
                },
            },
            "rootfsPropagation": "private",
            "maskedPaths": [
                "/proc/acpi", "/proc/asound", "/proc/kcore", "/proc/keys",
                "/proc/latency_stats", "/proc/timer_list", "/proc/timer_stats",
                "/proc/sched_debug", "/proc/scsi", "/sys/firmware",
                "/sys/devices/virtual/powercap", "/sys/fs/cgroup",
            ],
            "readonlyPaths": [
                "/proc/bus", "/proc/fs", "/proc/irq", "/proc/sys", "/proc/sysrq-trigger",
            ],
            "seccomp": seccomp::profile(
                &self.listener_path.to_string_lossy(),
                self.mode.isolation == Isolation::Rootless,
            ),
        });
        if let Some((uids, gids)) = self.id_mappings() {
            linux["uidMappings"] = uids;
            linux["gidMappings"] = gids;
        }
        json!({
            "ociVersion": "1.0.2",
            "root": {"path": self.rootfs, "readonly": true},
            "hostname": "glovebox",
            "mounts": mounts,
            "process": {
                "terminal": false,
                "user": {"uid": SANDBOX_UID, "gid": SANDBOX_UID, "additionalGids": []},
                "args": self.args(),
                "env": [
                    "PATH=/usr/local/bin:/usr/bin:/bin",
                    "HOME=/tmp",
                    "TMPDIR=/tmp",
                    "LANG=C.UTF-8",
                    "LC_ALL=C.UTF-8",
                    "PYTHONHASHSEED=0",
                    "OPENBLAS_NUM_THREADS=1",
                    "OMP_NUM_THREADS=1",
                    "MKL_NUM_THREADS=1",
                ],
                "cwd": "/tmp",
                "capabilities": {
                    "bounding": [], "effective": [], "inheritable": [], "permitted": [], "ambient": [],
                },
                "rlimits": [
                    {"type": "RLIMIT_NOFILE", "hard": l.open_files, "soft": l.open_files},
                    {"type": "RLIMIT_FSIZE", "hard": l.file_bytes, "soft": l.file_bytes},
                    {"type": "RLIMIT_CORE", "hard": 0, "soft": 0},
                    {"type": "RLIMIT_CPU", "hard": cpu_time_limit_secs(l), "soft": cpu_time_limit_secs(l)},
                ],
                "noNewPrivileges": true,
                "oomScoreAdj": 1000,
            },
            "linux": linux,
        })
    }

    /// The spec as `oci_spec`'s type, checked by parsing.
    pub fn to_spec(&self) -> Result<Spec, SpecError> {
        Ok(serde_json::from_value(self.to_json())?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mode::CgroupLayout;

    #[test]
    fn cpu_time_backstop_is_the_cpu_limit_rounded_up_plus_the_margin() {
        let mut l = Limits {
            cpu_time_ms: 60_000,
            wall_time_ms: 1_000,
            ..Limits::default()
        };
        // The wall-clock backstop and the CPU share play no part.
        assert_eq!(cpu_time_limit_secs(&l), 60 + CPU_TIME_MARGIN_SECS);
        l.cpu_time_ms = 2_500;
        l.cpu_millicores = 2000;
        assert_eq!(cpu_time_limit_secs(&l), 3 + CPU_TIME_MARGIN_SECS);
        l.cpu_time_ms = 1_000;
        assert_eq!(cpu_time_limit_secs(&l), 1 + CPU_TIME_MARGIN_SECS);
        let v = plan(Isolation::Root).to_json();
        let cpu = v["process"]["rlimits"]
            .as_array()
            .expect("rlimits")
            .iter()
            .find(|r| r["type"] == "RLIMIT_CPU")
            .expect("RLIMIT_CPU")
            .clone();
        assert_eq!(cpu["hard"], 60 + CPU_TIME_MARGIN_SECS);
        assert_eq!(cpu["soft"], cpu["hard"]);
    }

    fn plan(isolation: Isolation) -> ContainerPlan {
        ContainerPlan {
            id: "gbx-test".into(),
            rootfs: "/cache/image/rootfs".into(),
            job_dir: "/run/glovebox/work/gbx-test/job".into(),
            output_dir: "/run/glovebox/work/gbx-test/output".into(),
            listener_path: "/run/glovebox/work/gbx-test/seccomp.sock".into(),
            inputs: vec![Input {
                host_path: "/home/ana/ventes.csv".into(),
                name: "ventes.csv".into(),
            }],
            support: None,
            limits: Limits::default(),
            mode: Mode {
                isolation,
                cgroup_layout: CgroupLayout::Hybrid,
                cgroup_manager: CgroupManager::Cgroupfs,
            },
            host_ids: (1000, 1000),
            sub_ids: None,
        }
    }

    /// The whole `config.json` minus the long syscall list, which has its own test.
    fn snapshot(isolation: Isolation) -> String {
        let mut value = plan(isolation).to_json();
        value["linux"]["seccomp"]["syscalls"][0]["names"] = json!(["<allowlist>"]);
        serde_json::to_string_pretty(&value).unwrap()
    }

    #[test]
    fn root_mode_config_json() {
        plan(Isolation::Root).to_spec().expect("valid OCI spec");
        expect_test::expect_file!["../tests/snapshots/config-root.json"]
            .assert_eq(&snapshot(Isolation::Root));
    }

    #[test]
    fn root_userns_mode_adds_user_namespace_and_mappings() {
        let spec = plan(Isolation::RootUserns)
            .to_spec()
            .expect("valid OCI spec");
        let linux = spec.linux().as_ref().unwrap();
        let maps = linux.uid_mappings().as_ref().unwrap();
        assert_eq!(maps[0].host_id(), ROOT_USERNS_HOST_BASE);
        expect_test::expect_file!["../tests/snapshots/config-root-userns.json"]
            .assert_eq(&snapshot(Isolation::RootUserns));
    }

    #[test]
    fn support_folder_is_mounted_read_only_and_runs_its_entrypoint() {
        let mut p = plan(Isolation::Root);
        p.support = Some(Support {
            dir: "/usr/share/glovebox/support".into(),
            entrypoint: "run.py".into(),
        });
        let v = p.to_json();
        assert_eq!(
            v["process"]["args"],
            json!([
                "/usr/bin/python3",
                "-I",
                "-B",
                "/glovebox/run.py",
                "/job/main.py"
            ])
        );
        let mount = v["mounts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["destination"] == "/glovebox")
            .unwrap();
        assert_eq!(mount["options"][1], "ro");
    }

    fn rootless(sub_ids: Option<(SubIds, SubIds)>) -> ContainerPlan {
        let mut p = plan(Isolation::Rootless);
        p.mode = Mode {
            isolation: Isolation::Rootless,
            cgroup_layout: CgroupLayout::V2,
            cgroup_manager: CgroupManager::Systemd,
        };
        p.sub_ids = sub_ids;
        p
    }

    #[test]
    fn rootless_without_subordinate_ids_maps_the_sandbox_uid_to_the_user() {
        let p = rootless(None);
        assert_eq!(p.job_host_ids(), (1000, 1000));
        p.to_spec().expect("valid OCI spec");
        let v = p.to_json();
        assert_eq!(
            v["linux"]["uidMappings"],
            json!([{"containerID": SANDBOX_UID, "hostID": 1000, "size": 1}])
        );
        assert_eq!(v["linux"]["cgroupsPath"], "app.slice:glovebox:gbx-test");
        // The scope also holds the helper's keeper.
        assert_eq!(
            v["linux"]["resources"]["pids"]["limit"],
            Limits::default().pids + 1
        );
    }

    #[test]
    fn rootless_with_subordinate_ids_runs_the_job_as_one_of_them() {
        let sub = SubIds {
            start: 100_000,
            count: 65_536,
        };
        let p = rootless(Some((sub, sub)));
        assert_eq!(p.job_host_ids(), (100_999, 100_999));
        p.to_spec().expect("valid OCI spec");
        let v = p.to_json();
        assert_eq!(
            v["linux"]["gidMappings"],
            json!([
                {"containerID": 0, "hostID": 1000, "size": 1},
                {"containerID": 1, "hostID": 100_000, "size": 65_535},
            ])
        );
        let output = v["mounts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["destination"] == "/output")
            .unwrap();
        assert_eq!(output["type"], "tmpfs");
        let options = output["options"].as_array().unwrap();
        assert!(options.contains(&json!("uid=1000")), "{output}");
        assert!(
            options.contains(&json!(format!("size={}", Limits::default().output_bytes))),
            "{output}"
        );
    }
}
