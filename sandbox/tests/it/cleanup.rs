//! Cleanup under cancellation and crashes: nothing of a container survives.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use glovebox_sandbox::{JobSetup, Sandbox, SandboxError};

use crate::support::*;

/// Runs `glovebox-sandbox run` on a sleeping script (in its own process
/// group when asked) and returns it with the container id it printed.
fn spawn_cli_sleeper(world: &World, own_group: bool) -> (std::process::Child, String) {
    use std::os::unix::process::CommandExt;
    let script = world.input(
        "sleep.py",
        "import time\nprint('started', flush=True)\ntime.sleep(60)\n",
    );
    let mut command = Command::new(HELPER);
    command
        .args([
            "run",
            script.to_str().expect("path"),
            "--run-dir",
            world.dir.path().join("run").to_str().expect("path"),
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    if own_group {
        command.process_group(0);
    }
    let mut caller = command.spawn().expect("spawn the CLI");
    let mut line = String::new();
    BufReader::new(caller.stderr.take().expect("stderr"))
        .read_line(&mut line)
        .expect("read");
    let id = line
        .split_whitespace()
        .nth(1)
        .expect("container id on stderr")
        .to_owned();
    assert!(id.starts_with("gbx-"), "{line}");
    (caller, id)
}

/// Starts a job that sleeps for `seconds` in `world`'s sandbox.
async fn start_sleeper(world: &World, seconds: u32) -> glovebox_sandbox::RunningJob {
    let prepared = world
        .sandbox
        .prepare(&JobSetup::default(), None)
        .await
        .expect("prepare");
    prepared
        .start(&format!("import time\ntime.sleep({seconds})\n"))
        .await
        .expect("start")
}

#[test]
fn cancel_kills_the_job_and_reports_it() {
    let world = World::new(false);
    let (outcome, id) = block_on(async {
        let mut running = start_sleeper(&world, 60).await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        running.cancel().await.unwrap();
        let id = running.container_id().to_owned();
        (running.finish().await.unwrap(), id)
    });
    assert!(outcome.cancelled);
    assert_eq!(outcome.signal, Some(9));
    assert!(!outcome.timed_out && !outcome.cpu_limit_hit);
    assert_no_leftovers(&id, world.dirs());
}

#[test]
fn dropping_a_prepared_job_removes_its_container() {
    let world = World::new(false);
    let id = block_on(async {
        let prepared = world
            .sandbox
            .prepare(&JobSetup::default(), None)
            .await
            .unwrap();
        assert!(
            !leftovers(prepared.container_id(), world.dirs()).is_empty(),
            "container should exist while prepared"
        );
        prepared.container_id().to_owned()
    });
    wait_no_leftovers(&id, world.dirs(), Duration::from_secs(15));
}

#[test]
fn dropping_a_running_job_kills_and_removes_it() {
    let world = World::new(false);
    let id = block_on(async {
        let running = start_sleeper(&world, 60).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        running.container_id().to_owned()
    });
    wait_no_leftovers(&id, world.dirs(), Duration::from_secs(15));
}

#[test]
fn sigkill_of_the_caller_mid_run_leaves_nothing_behind() {
    let world = World::new(false);
    let (mut caller, id) = spawn_cli_sleeper(&world, false);
    std::thread::sleep(Duration::from_millis(500));
    assert!(
        !leftovers(&id, world.dirs()).is_empty(),
        "the job should be running"
    );
    caller.kill().unwrap();
    caller.wait().unwrap();
    wait_no_leftovers(&id, world.dirs(), Duration::from_secs(15));
}

/// Host pids of every process in container `id`'s cgroup.
fn processes_in(id: &str) -> Vec<u32> {
    let mut pids = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let cgroup = std::fs::read_to_string(entry.path().join("cgroup")).unwrap_or_default();
        if cgroup.contains(id) {
            pids.push(pid);
        }
    }
    pids
}

/// Whether process `pid` still runs: it exists and is not a zombie (a
/// dead process waits there until the host's init reaps it, which is the
/// host's business, not the sandbox's).
fn still_runs(pid: u32) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return false;
    };
    // The state follows the command name, which is in parentheses.
    let state = stat.rsplit_once(')').map(|(_, rest)| rest.trim_start());
    !matches!(state.and_then(|s| s.chars().next()), Some('Z' | 'X') | None)
}

/// Polls (50 ms apart, at most 100 times: a generous bound, not a timing)
/// until none of `pids` runs; returns those left.
fn poll_until_gone(pids: &[u32]) -> Vec<u32> {
    let mut left = pids.to_vec();
    for _ in 0..100 {
        left.retain(|pid| still_runs(*pid));
        if left.is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    left
}

fn sigkill(pid: u32) {
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(pid as i32),
        nix::sys::signal::Signal::SIGKILL,
    )
    .expect("kill the helper");
}

#[test]
fn sigkill_of_the_helper_ends_the_job_and_the_next_run_sweeps_the_rest() {
    let world = World::new(false);
    // No runner: the tie to the helper is the sandbox's own. A busy child
    // and a sleeping parent, so neither burning nor waiting escapes.
    let code =
        "import os, time\nif os.fork() == 0:\n    while True:\n        pass\ntime.sleep(600)\n";
    let (id, job) = block_on(async {
        let prepared = world
            .sandbox
            .prepare(&JobSetup::default(), None)
            .await
            .expect("prepare");
        let running = prepared.start(code).await.expect("start");
        let id = running.container_id().to_owned();
        let mut job = Vec::new();
        for _ in 0..300 {
            job = processes_of(&id, "python3");
            if job.len() >= 2 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(job.len() >= 2, "the job never forked: {job:?}");
        sigkill(running.helper_pid().expect("helper pid"));
        drop(running);
        (id, job)
    });
    // No next run has swept anything yet: the kernel ended the job.
    let left = poll_until_gone(&job);
    assert!(
        left.is_empty(),
        "the job outlived its helper: {left:?} of {job:?}"
    );
    let running: Vec<u32> = processes_in(&id)
        .into_iter()
        .filter(|pid| still_runs(*pid))
        .collect();
    assert!(running.is_empty(), "{running:?}");
    let traces = leftovers(&id, world.dirs());
    assert!(
        traces.iter().any(|l| l.starts_with("cgroup")),
        "its cgroup is left for the next run: {traces:?}"
    );
    // The next run in the same run folder sweeps it before creating its own container.
    let o = run_in(&world, "print('next')", JobSetup::default());
    assert_eq!(o.stdout.trim(), "next");
    assert_no_leftovers(&id, world.dirs());
}

#[test]
fn sigkill_of_the_helper_before_the_start_ends_the_waiting_container() {
    let world = World::new(false);
    let (id, waiting) = block_on(async {
        let prepared = world
            .sandbox
            .prepare(&JobSetup::default(), None)
            .await
            .expect("prepare");
        let id = prepared.container_id().to_owned();
        // The container's init waits for the code, in the container's cgroup.
        let waiting = processes_in(&id);
        assert!(!waiting.is_empty(), "no container process to watch");
        sigkill(prepared.helper_pid().expect("helper pid"));
        drop(prepared);
        (id, waiting)
    });
    let left = poll_until_gone(&waiting);
    assert!(
        left.is_empty(),
        "the waiting container outlived its helper: {left:?} of {waiting:?}"
    );
    let o = run_in(&world, "print('next')", JobSetup::default());
    assert_eq!(o.stdout.trim(), "next");
    assert_no_leftovers(&id, world.dirs());
}

#[test]
fn sigkill_of_the_helper_ends_a_job_started_by_the_runner() {
    let world = World::new(false);
    let (id, job) = block_on(async {
        let setup = JobSetup {
            support: Some(runner_support()),
            ..JobSetup::default()
        };
        let prepared = world.sandbox.prepare(&setup, None).await.expect("prepare");
        let running = prepared
            .start_with_files(
                "import time\ntime.sleep(120)\n",
                vec![("nonce".into(), "n".into())],
            )
            .await
            .expect("start");
        let id = running.container_id().to_owned();
        // The runner has tied the job to the helper once it forked its
        // channel writer: two python3 processes.
        let mut job = Vec::new();
        for _ in 0..300 {
            job = processes_of(&id, "python3");
            if job.len() >= 2 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(job.len() >= 2, "the job never started: {job:?}");
        let pid = running.helper_pid().expect("helper pid");
        nix::sys::signal::kill(
            nix::unistd::Pid::from_raw(pid as i32),
            nix::sys::signal::Signal::SIGKILL,
        )
        .expect("kill the helper");
        drop(running);
        (id, job)
    });
    // No one else ends it: the next helper's sweep has not run.
    let mut left = job.clone();
    for _ in 0..300 {
        left.retain(|pid| std::path::Path::new(&format!("/proc/{pid}")).exists());
        if left.is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        left.is_empty(),
        "the job outlived its helper: {left:?} of {job:?}"
    );
    // Its cgroup and folders are left for the next run's sweep.
    let o = run_in(&world, "print('next')", JobSetup::default());
    assert_eq!(o.stdout.trim(), "next");
    assert_no_leftovers(&id, world.dirs());
}

#[test]
fn a_missing_image_is_a_clear_error() {
    let err = Sandbox::builder()
        .with_image_dir("/nonexistent/image")
        .unwrap_err();
    assert!(matches!(err, SandboxError::Image(_)));
    assert!(err.to_string().contains("make image"), "{err}");
}

#[test]
fn cancel_sent_together_with_the_code_is_not_lost() {
    let world = World::new(false);
    let outcome = block_on(async {
        let mut running = start_sleeper(&world, 60).await;
        // No pause: the cancel may travel in the same read as the code.
        running.cancel().await.unwrap();
        running.finish().await.unwrap()
    });
    assert!(outcome.cancelled, "{outcome:?}");
    assert!(outcome.usage.wall_ms < 10_000);
}

#[test]
fn ctrl_c_on_the_callers_process_group_leaves_nothing_behind() {
    let world = World::new(false);
    let (mut caller, id) = spawn_cli_sleeper(&world, true);
    std::thread::sleep(Duration::from_millis(500));
    // What a terminal does on Ctrl-C: SIGINT to the whole foreground group.
    nix::sys::signal::killpg(
        nix::unistd::Pid::from_raw(caller.id() as i32),
        nix::sys::signal::Signal::SIGINT,
    )
    .unwrap();
    caller.wait().unwrap();
    wait_no_leftovers(&id, world.dirs(), Duration::from_secs(15));
}

/// A stand-in for the helper that follows `script` (sh) and records its pid.
fn fake_helper(dir: &std::path::Path, script: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("fake-helper");
    std::fs::write(
        &path,
        format!("#!/bin/sh\necho $$ > \"$0.pid\"\n{script}\n"),
    )
    .expect("write");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    path
}

fn gone(pid_file: &std::path::Path) -> bool {
    let pid = std::fs::read_to_string(pid_file).expect("pid file");
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())).unwrap_or_default();
    // Gone, or a zombie about to be reaped.
    stat.is_empty()
        || stat
            .split(") ")
            .nth(1)
            .is_some_and(|rest| rest.starts_with('Z'))
}

fn stuck_sandbox(dir: &std::path::Path, script: &str) -> Sandbox {
    Sandbox::builder()
        .with_helper(fake_helper(dir, script))
        .expect("helper")
        .with_run_dir(dir.join("run"))
        .with_deadlines(Duration::from_secs(1), Duration::from_secs(1))
        .expect("deadlines")
        .build()
        .expect("image")
}

#[test]
fn a_helper_that_never_creates_the_container_is_stopped_at_the_deadline() {
    let dir = tempfile::tempdir_in("/var/tmp").expect("tempdir");
    let sandbox = stuck_sandbox(dir.path(), "exec sleep 600");
    let started = std::time::Instant::now();
    let err = block_on(sandbox.prepare(&JobSetup::default(), None)).expect_err("no container");
    assert!(
        matches!(
            err,
            SandboxError::Unresponsive {
                stage: "creating the container",
                waited_s: 1
            }
        ),
        "{err:?}"
    );
    assert_eq!(err.code(), "unresponsive");
    assert!(err.to_string().contains("stopped answering"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(10));
    assert!(
        gone(&dir.path().join("fake-helper.pid")),
        "the stuck helper was killed"
    );
}

#[test]
fn a_helper_that_never_reports_an_outcome_is_stopped_after_the_time_limit() {
    let dir = tempfile::tempdir_in("/var/tmp").expect("tempdir");
    let sandbox = stuck_sandbox(
        dir.path(),
        r#"read request
echo '{"ready":{"container_id":"fake","create_ms":1}}'
read code
exec sleep 600"#,
    );
    let setup = JobSetup {
        limits: glovebox_sandbox::Limits::builder()
            .with_wall_time(Duration::from_secs(1))
            .expect("limit")
            .build(),
        ..JobSetup::default()
    };
    let started = std::time::Instant::now();
    let err = block_on(async {
        let prepared = sandbox.prepare(&setup, None).await.expect("ready");
        prepared
            .start("print(1)")
            .await
            .expect("started")
            .finish()
            .await
    })
    .expect_err("no outcome");
    let took = started.elapsed();
    assert!(
        matches!(
            err,
            SandboxError::Unresponsive {
                stage: "running the code",
                waited_s: 2
            }
        ),
        "{err:?}"
    );
    assert!(
        took >= Duration::from_secs(2) && took < Duration::from_secs(10),
        "{took:?}"
    );
    assert!(
        gone(&dir.path().join("fake-helper.pid")),
        "the stuck helper was killed"
    );
}
