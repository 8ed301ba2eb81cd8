//! Shared helpers: a sandbox per test, the canary, and leftover checks.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use glovebox_sandbox::protocol::RunDirs;
use glovebox_sandbox::{Job, JobSetup, Limits, Outcome, Sandbox};

/// The helper binary built by cargo for these tests.
pub const HELPER: &str = env!("CARGO_BIN_EXE_glovebox-sandbox");

/// A test's own run folder, canary and sandbox.
pub struct World {
    pub dir: tempfile::TempDir,
    pub sandbox: Sandbox,
    pub canary_path: PathBuf,
    pub canary_text: String,
}

impl World {
    pub fn new(userns: bool) -> Self {
        let dir = tempfile::Builder::new()
            .prefix("gbx-it-")
            .tempdir_in("/var/tmp")
            .expect("tempdir");
        let canary_text = format!("CANARY-{}-{:?}", std::process::id(), Instant::now());
        let canary_path = dir.path().join("host-secret.txt");
        std::fs::write(&canary_path, &canary_text).expect("write canary");
        let sandbox = Sandbox::builder()
            .with_helper(HELPER)
            .expect("helper exists")
            .with_run_dir(dir.path().join("run"))
            .with_user_namespace(userns)
            .build()
            .expect("sandbox image is built (make image)");
        Self {
            dir,
            sandbox,
            canary_path,
            canary_text,
        }
    }

    pub fn dirs(&self) -> &RunDirs {
        self.sandbox.dirs()
    }

    /// A host file the job may read, as an input.
    pub fn input(&self, name: &str, content: &str) -> PathBuf {
        let path = self.dir.path().join(name);
        std::fs::write(&path, content).expect("write input");
        path
    }

    pub fn outputs(&self) -> PathBuf {
        let path = self.dir.path().join("outputs");
        std::fs::create_dir_all(&path).expect("outputs dir");
        path
    }
}

impl Drop for World {
    /// A failed test may leave its container: sweep it before the folder goes
    /// (deleting through a live mount would only fail, but leave the mount).
    fn drop(&mut self) {
        let _ = std::process::Command::new(HELPER)
            .args(["sweep", "--run-dir"])
            .arg(self.dir.path().join("run"))
            .stderr(std::process::Stdio::null())
            .status();
    }
}

pub fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
        .block_on(f)
}

/// Runs `code` with `setup` in `world`, then checks the host is untouched.
pub fn run_in(world: &World, code: &str, setup: JobSetup) -> Outcome {
    let outputs = world.outputs();
    let job = Job {
        setup,
        code: code.to_owned(),
    };
    let (outcome, id) = block_on(async {
        let prepared = world
            .sandbox
            .prepare(&job.setup, Some(&outputs))
            .await
            .expect("prepare");
        let id = prepared.container_id().to_owned();
        let outcome = prepared
            .start(&job.code)
            .await
            .expect("start")
            .finish()
            .await
            .expect("outcome");
        (outcome, id)
    });
    assert_no_leftovers(&id, world.dirs());
    assert_eq!(
        std::fs::read_to_string(&world.canary_path).expect("canary readable"),
        world.canary_text,
        "host canary changed"
    );
    outcome
}

/// Runs `code` with `limits` and no inputs in a fresh world.
pub fn run_case(code: &str, limits: Limits) -> (World, Outcome) {
    let world = World::new(false);
    let setup = JobSetup {
        inputs: vec![],
        limits,
        support: None,
    };
    let outcome = run_in(&world, &world_code(&world, code), setup);
    (world, outcome)
}

/// Replaces `CANARY_PATH` in test code by the world's canary path.
pub fn world_code(world: &World, code: &str) -> String {
    code.replace("CANARY_PATH", &world.canary_path.to_string_lossy())
}

/// The job's stdout parsed as JSON (jobs print one document).
pub fn json_of(outcome: &Outcome) -> serde_json::Value {
    serde_json::from_str(outcome.stdout.trim()).unwrap_or_else(|e| {
        panic!(
            "job stdout is not JSON ({e}):\nstdout: {}\nstderr: {}",
            outcome.stdout, outcome.stderr
        )
    })
}

/// Traces of container `id` still on the host.
pub fn leftovers(id: &str, dirs: &RunDirs) -> Vec<String> {
    let mut found = Vec::new();
    for ctl in std::fs::read_dir("/sys/fs/cgroup")
        .into_iter()
        .flatten()
        .flatten()
    {
        for path in [
            ctl.path().join("glovebox").join(id),
            ctl.path()
                .join("system.slice")
                .join(format!("glovebox-{id}.scope")),
        ] {
            if path.exists() {
                found.push(format!("cgroup {}", path.display()));
            }
        }
    }
    let mountinfo = std::fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
    for line in mountinfo.lines().filter(|l| l.contains(id)) {
        found.push(format!("mount {line}"));
    }
    for proc_entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let cgroup = std::fs::read_to_string(proc_entry.path().join("cgroup")).unwrap_or_default();
        if cgroup.contains(id) {
            found.push(format!(
                "process {}",
                proc_entry.file_name().to_string_lossy()
            ));
        }
    }
    for dir in [&dirs.state, &dirs.work] {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            found.push(format!("file {}", entry.path().display()));
        }
    }
    found
}

pub fn assert_no_leftovers(id: &str, dirs: &RunDirs) {
    let left = leftovers(id, dirs);
    assert!(left.is_empty(), "container {id} left traces: {left:#?}");
}

/// Waits up to `timeout` for every trace of `id` to go.
pub fn wait_no_leftovers(id: &str, dirs: &RunDirs, timeout: Duration) {
    let until = Instant::now() + timeout;
    while Instant::now() < until && !leftovers(id, dirs).is_empty() {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_no_leftovers(id, dirs);
}

/// The bytes of a host file, to compare before and after a run.
pub fn contents_of(path: &Path) -> Vec<u8> {
    std::fs::read(path).expect("read file")
}

/// The repository's runner and `glovebox` module, as the engine mounts them.
pub fn runner_support() -> glovebox_sandbox::Support {
    glovebox_sandbox::Support {
        dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/glovebox"),
        entrypoint: "run.py".into(),
    }
}

/// Host pids of the processes of container `id` running `comm`.
pub fn processes_of(id: &str, comm: &str) -> Vec<u32> {
    let mut pids = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let cgroup = std::fs::read_to_string(entry.path().join("cgroup")).unwrap_or_default();
        let name = std::fs::read_to_string(entry.path().join("comm")).unwrap_or_default();
        if cgroup.contains(id) && name.trim() == comm {
            pids.push(pid);
        }
    }
    pids
}
