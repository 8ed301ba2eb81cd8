//! The container's lifecycle: create it (folders, mounts, OCI spec, seccomp
//! listener, pipes, cgroup), start it with the code, assemble the
//! [`Outcome`], and remove every trace of it. Apart because it is the one
//! part that holds the container's state and calls libcontainer.

use std::os::fd::{AsFd, AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::net::UnixListener;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use libcontainer::container::builder::ContainerBuilder;
use libcontainer::container::Container;
use libcontainer::syscall::syscall::SyscallType;

use crate::capture::Capture;
use crate::cgroup_stats::CgroupFiles;
use crate::evidence::FilesRead;
use crate::job::{check_code, check_job_files, JobSetup};
use crate::mode::{CgroupLayout, CgroupManager, Isolation, MachineFacts, Mode, SubIds};
use crate::outcome::{Outcome, Usage};
use crate::protocol::{ImageRef, RunDirs};
use crate::spec::ContainerPlan;
use crate::sweep::{self, HelperLock};

use super::fd::{pidfd_open, pipe, wait_readable};
use super::outputs::{collect_outputs, ResultChannel};
use super::reads::{ReadWatch, ROOTLESS_WHY};
use super::scope_keeper::ScopeKeeper;
use super::tether::TetheredExecutor;
use super::watch::{CpuBudget, Watch};
use super::{fail, HelperError};

/// How long the helper waits for the container's seccomp listener connection.
const LISTENER_TIMEOUT: Duration = Duration::from_secs(10);

/// Host paths of one container.
struct WorkPaths {
    dir: PathBuf,
    rootfs: PathBuf,
    job: PathBuf,
    output: PathBuf,
    bundle: PathBuf,
    listener: PathBuf,
}

impl WorkPaths {
    fn new(dirs: &RunDirs, id: &str) -> Self {
        let dir = dirs.work.join(id);
        Self {
            job: dir.join("job"),
            rootfs: dir.join("rootfs"),
            output: dir.join("output"),
            bundle: dir.join("bundle"),
            listener: dir.join("seccomp.sock"),
            dir,
        }
    }
}

/// A created container waiting for its code.
pub(super) struct Prepared {
    pub(super) id: String,
    dirs: RunDirs,
    paths: WorkPaths,
    setup: JobSetup,
    image: ImageRef,
    mode: Mode,
    outputs_to: Option<PathBuf>,
    container: Option<Container>,
    lock: Option<HelperLock>,
    listener: Option<UnixListener>,
    stdout: Option<Capture>,
    stderr: Option<Capture>,
    result: Option<Capture>,
    result_channel: Option<ResultChannel>,
    cgroup: Option<CgroupFiles>,
    pub(super) create_ms: u64,
    /// Rootless: the user's subordinate id ranges used for the mapping.
    sub_ids: Option<(SubIds, SubIds)>,
    /// Rootless: the container's `/output` tmpfs, opened when the job
    /// starts; the open directory keeps the tmpfs readable after the
    /// container's mount namespace is gone.
    output_pin: Option<OwnedFd>,
    /// systemd manager: a process of ours in the container's scope, so that
    /// systemd keeps the scope (and its usage counters) until they are read.
    keeper: Option<ScopeKeeper>,
    /// The fanotify watch over the inputs, or why reads cannot be seen.
    reads: Result<ReadWatch, String>,
    /// A pidfd of this helper, inherited by the container's init, which
    /// checks with it that the helper is alive once it is tied to it
    /// (`tether`).
    helper_pidfd: Option<OwnedFd>,
}

/// A fresh container id from the kernel's randomness. Fails rather than
/// falling back to a guessable id (the id names the container's folders,
/// cgroup and lock).
fn new_container_id() -> Result<String, HelperError> {
    let hex = crate::random::hex(8)
        .map_err(|e| fail("io", format!("cannot make a random container id: {e}")))?;
    Ok(format!("gbx-{hex}"))
}

fn mkdir(path: &Path, mode: u32) -> Result<(), HelperError> {
    std::fs::create_dir_all(path)
        .map_err(|e| fail("io", format!("cannot create {}: {e}", path.display())))?;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).map_err(|e| {
        fail(
            "io",
            format!("cannot set permissions of {}: {e}", path.display()),
        )
    })
}

/// The job reads the inputs as its own host user (an unprivileged id in
/// every mode, never the user's or root's): a bind mount keeps each file's
/// owner and mode, so an input it may not read is refused before anything is
/// created, with the fix — never a `PermissionError` from the job.
fn check_readable_by_job(
    setup: &JobSetup,
    job: (u32, u32),
    isolation: Isolation,
) -> Result<(), HelperError> {
    use std::os::unix::fs::MetadataExt;
    for input in &setup.inputs {
        let meta = std::fs::metadata(&input.host_path)
            .map_err(|e| fail("bad_input", format!("{}: {e}", input.host_path.display())))?;
        let mode = meta.mode();
        let readable = mode & 0o004 != 0
            || (meta.uid() == job.0 && mode & 0o400 != 0)
            || (meta.gid() == job.1 && mode & 0o040 != 0);
        if readable {
            continue;
        }
        let path = input.host_path.display();
        let why = if isolation == Isolation::Rootless {
            "without root the sandboxed job runs as another (subordinate) user id so that it can never touch your own files"
        } else {
            "the sandboxed job runs as an unprivileged user id of its own, so that it can read nothing else on this machine"
        };
        return Err(fail(
            "bad_input",
            format!("{path} can be read only by its owner or group, and {why}. Fix: make it readable ('chmod o+r {path}') or give a copy"),
        ));
    }
    Ok(())
}

impl Prepared {
    pub(super) fn create(
        setup: JobSetup,
        image: ImageRef,
        dirs: RunDirs,
        userns: bool,
        outputs_to: Option<PathBuf>,
        result_channel: ResultChannel,
    ) -> Result<Self, HelperError> {
        let _span = tracing::info_span!("prepare").entered();
        setup.validate().map_err(|e| fail("bad_input", e))?;
        setup.limits.validate().map_err(|e| fail("bad_limits", e))?;
        let facts = MachineFacts::probe();
        let mode = facts.decide(userns).map_err(|e| fail("unsupported", e))?;
        let sub_ids = if mode.isolation == Isolation::Rootless {
            facts.sub_ids
        } else {
            None
        };
        let host_ids = (
            nix::unistd::geteuid().as_raw(),
            nix::unistd::getegid().as_raw(),
        );
        let job = crate::spec::job_host_ids(mode.isolation, host_ids, sub_ids);
        // Rootless without subordinate ids, the job is the user: it reads what
        // the user reads.
        if job != host_ids {
            check_readable_by_job(&setup, job, mode.isolation)?;
        }
        if !image.rootfs.join("usr/bin/python3").exists() {
            return Err(fail(
                "no_image",
                format!(
                    "the sandbox image is missing at {} (run 'make image')",
                    image.rootfs.display()
                ),
            ));
        }
        mkdir(&dirs.state, 0o700)?;
        mkdir(&dirs.work, 0o711)?;
        let report = sweep::sweep(&dirs);
        for problem in &report.problems {
            tracing::warn!(%problem, "sweep");
        }

        let id = new_container_id()?;
        let lock = HelperLock::try_take(&dirs, &id)
            .map_err(|e| fail("io", format!("cannot create the lock file: {e}")))?
            .ok_or_else(|| fail("io", "container id already in use"))?;
        let paths = WorkPaths::new(&dirs, &id);
        let mut prepared = Prepared {
            id,
            dirs,
            paths,
            setup,
            image,
            mode,
            outputs_to,
            container: None,
            lock: Some(lock),
            listener: None,
            stdout: None,
            stderr: None,
            result: None,
            result_channel: Some(result_channel),
            cgroup: None,
            create_ms: 0,
            sub_ids,
            output_pin: None,
            keeper: None,
            reads: Err("the container was not created".to_owned()),
            helper_pidfd: None,
        };
        // On error, `cleanup` (called by Drop) removes whatever was made.
        prepared.build()?;
        Ok(prepared)
    }

    fn plan(&self) -> ContainerPlan {
        ContainerPlan {
            id: self.id.clone(),
            rootfs: if self.mode.isolation == Isolation::Rootless {
                self.image.rootfs.clone()
            } else {
                self.paths.rootfs.clone()
            },
            job_dir: self.paths.job.clone(),
            output_dir: self.paths.output.clone(),
            listener_path: self.paths.listener.clone(),
            inputs: self.setup.inputs.clone(),
            support: self.setup.support.clone(),
            limits: self.setup.limits.clone(),
            mode: self.mode,
            host_ids: (
                nix::unistd::geteuid().as_raw(),
                nix::unistd::getegid().as_raw(),
            ),
            sub_ids: self.sub_ids,
        }
    }

    fn build(&mut self) -> Result<(), HelperError> {
        let started = Instant::now();
        let plan = self.plan();
        let (job_uid, job_gid) = plan.job_host_ids();
        mkdir(&self.paths.dir, 0o711)?;
        mkdir(&self.paths.job, 0o755)?;
        mkdir(&self.paths.output, 0o700)?;
        mkdir(&self.paths.bundle, 0o700)?;
        if self.mode.isolation != Isolation::Rootless {
            // A read-only bind of the image under the work folder: the
            // container cannot write into the shared image even while it is
            // being set up, and a job in a user namespace can reach it
            // whatever the permissions of the cache's parent folders.
            mkdir(&self.paths.rootfs, 0o755)?;
            bind_read_only(&self.image.rootfs, &self.paths.rootfs)?;
        }
        if self.mode.isolation != Isolation::Rootless {
            // (Rootless: `/output` is a tmpfs inside the container, see `pin_output`.)
            let l = &self.setup.limits;
            let options = format!(
                "size={},nr_inodes={},mode=0755,uid={job_uid},gid={job_gid}",
                l.output_bytes,
                l.output_files + 1
            );
            nix::mount::mount(
                Some("tmpfs"),
                &self.paths.output,
                Some("tmpfs"),
                nix::mount::MsFlags::MS_NOSUID
                    | nix::mount::MsFlags::MS_NODEV
                    | nix::mount::MsFlags::MS_NOEXEC,
                Some(options.as_str()),
            )
            .map_err(|e| fail("io", format!("cannot mount the output folder: {e}")))?;
        }
        let config = serde_json::to_vec_pretty(&plan.to_json()).map_err(|e| fail("io", e))?;
        plan.to_spec().map_err(|e| fail("bug", e))?;
        std::fs::write(self.paths.bundle.join("config.json"), config)
            .map_err(|e| fail("io", format!("cannot write config.json: {e}")))?;
        // The listener must exist before build(): libcontainer connects to it
        // during creation and sends the seccomp notify fd; it is accepted after.
        let listener = UnixListener::bind(&self.paths.listener)
            .map_err(|e| fail("io", format!("cannot create the seccomp listener: {e}")))?;
        self.listener = Some(listener);

        let (out_r, out_w) = pipe()?;
        let (err_r, err_w) = pipe()?;
        let devnull = std::fs::File::open("/dev/null").map_err(|e| fail("io", e))?;
        let helper_pidfd = pidfd_open(std::process::id() as i32)
            .map_err(|e| fail("io", format!("cannot tie the job to the helper: {e}")))?;
        let executor = TetheredExecutor {
            helper_pidfd: helper_pidfd.as_raw_fd(),
        };
        self.helper_pidfd = Some(helper_pidfd);
        let container = ContainerBuilder::new(self.id.clone(), SyscallType::default())
            .with_executor(executor)
            .with_root_path(self.dirs.state.clone())
            .and_then(|b| b.validate_id())
            .map_err(|e| fail("create_failed", format!("container setup refused: {e}")))?
            .with_stdin(OwnedFd::from(devnull))
            .with_stdout(out_w)
            .with_stderr(err_w)
            .with_preserved_fds(1)
            .as_init(&self.paths.bundle)
            .with_systemd(self.mode.cgroup_manager == CgroupManager::Systemd)
            .with_detach(true)
            .build();
        let container = match container {
            Ok(c) => c,
            Err(e) => {
                // The container's init reports its own failure on its stderr.
                let mut init_log = Capture::new(err_r, 16 * 1024).map_err(|e| fail("io", e))?;
                init_log.pump();
                let (text, _, _) = init_log.finish();
                let detail = text
                    .lines()
                    .rev()
                    .find(|l| l.contains("ERROR"))
                    .unwrap_or("")
                    .trim()
                    .to_owned();
                tracing::error!(error = %e, init_log = %text, "container creation failed");
                return Err(fail(
                    "create_failed",
                    format!(
                        "the sandbox container could not be created: {e}{}{detail}",
                        if detail.is_empty() { "" } else { ": " }
                    ),
                ));
            }
        };
        let pid = container
            .pid()
            .ok_or_else(|| fail("create_failed", "the container has no init process"))?;
        self.container = Some(container);
        // The container holds fd 3 now; our copy must go so that the job's
        // exit closes the channel.
        let channel = self
            .result_channel
            .take()
            .ok_or_else(|| fail("bug", "result channel used twice"))?;
        self.result = Some(channel.into_reader(self.setup.limits.result_bytes)?);
        self.stdout =
            Some(Capture::new(out_r, self.setup.limits.stdout_bytes).map_err(|e| fail("io", e))?);
        self.stderr =
            Some(Capture::new(err_r, self.setup.limits.stderr_bytes).map_err(|e| fail("io", e))?);
        let unified = self.mode.cgroup_layout == CgroupLayout::V2;
        let cgroup = CgroupFiles::of_pid(pid.as_raw(), unified).map_err(|e| fail("io", e))?;
        if let (true, CgroupFiles::V2(dir)) = (plan.has_scope_keeper(), &cgroup) {
            // Best effort: without it the counters may vanish with the scope.
            match ScopeKeeper::spawn(dir) {
                Ok(keeper) => self.keeper = Some(keeper),
                Err(e) => {
                    tracing::warn!(error = %e, "cannot keep the scope; usage may read as zero")
                }
            }
        }
        self.cgroup = Some(cgroup);
        // Before the job starts: marks on the inputs' mounts in the container.
        self.reads = if self.mode.isolation == Isolation::Rootless {
            Err(ROOTLESS_WHY.to_owned())
        } else {
            ReadWatch::start(pid.as_raw(), &self.setup.inputs)
        };
        if let Err(why) = &self.reads {
            tracing::warn!(%why, "the job's reads of its inputs are not observed");
        }

        self.create_ms = started.elapsed().as_millis() as u64;
        tracing::info!(id = %self.id, pid = pid.as_raw(), create_ms = self.create_ms, "container created");
        Ok(())
    }

    /// Receives the seccomp notify fd sent by libcontainer during creation.
    fn accept_notify_fd(&mut self) -> Result<OwnedFd, HelperError> {
        let listener = self
            .listener
            .take()
            .ok_or_else(|| fail("bug", "listener missing"))?;
        if !wait_readable(listener.as_fd(), LISTENER_TIMEOUT) {
            return Err(fail(
                "create_failed",
                "the container never handed over its seccomp listener",
            ));
        }
        let (stream, _) = listener.accept().map_err(|e| fail("io", e))?;
        let mut buf = [0u8; 4096];
        let mut iov = [std::io::IoSliceMut::new(&mut buf)];
        let mut space = nix::cmsg_space!([std::os::fd::RawFd; 1]);
        let msg = nix::sys::socket::recvmsg::<()>(
            stream.as_raw_fd(),
            &mut iov,
            Some(&mut space),
            nix::sys::socket::MsgFlags::MSG_CMSG_CLOEXEC,
        )
        .map_err(|e| fail("io", format!("cannot receive the seccomp fd: {e}")))?;
        for cmsg in msg.cmsgs().map_err(|e| fail("io", e))? {
            if let nix::sys::socket::ControlMessageOwned::ScmRights(fds) = cmsg {
                if let Some(&fd) = fds.first() {
                    // SAFETY: the fd was just received with SCM_RIGHTS and is ours alone.
                    return Ok(unsafe { OwnedFd::from_raw_fd(fd) });
                }
            }
        }
        Err(fail(
            "create_failed",
            "the seccomp listener message carried no fd",
        ))
    }

    pub(super) fn execute(
        &mut self,
        code: &str,
        files: &[(String, String)],
        early_cancel: bool,
    ) -> Result<Outcome, HelperError> {
        let _span = tracing::info_span!("execute", id = %self.id).entered();
        check_code(code).map_err(|e| fail("bad_code", e))?;
        check_job_files(files).map_err(|e| fail("bad_code", e))?;
        for (name, content) in files {
            let path = self.paths.job.join(name);
            std::fs::write(&path, content)
                .map_err(|e| fail("io", format!("cannot write {name}: {e}")))?;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644))
                .map_err(|e| fail("io", e))?;
        }
        let main_py = self.paths.job.join("main.py");
        std::fs::write(&main_py, code)
            .map_err(|e| fail("io", format!("cannot write the code: {e}")))?;
        std::fs::set_permissions(&main_py, std::fs::Permissions::from_mode(0o644))
            .map_err(|e| fail("io", e))?;
        let notify_fd = self.accept_notify_fd()?;
        let container = self
            .container
            .as_mut()
            .ok_or_else(|| fail("bug", "no container"))?;
        let pid = container.pid().ok_or_else(|| fail("bug", "no pid"))?;
        let pidfd = pidfd_open(pid.as_raw())
            .map_err(|e| fail("io", format!("cannot watch the job: {e}")))?;

        let started = Instant::now();
        container.start().map_err(|e| {
            fail(
                "start_failed",
                format!("the container could not start: {e}"),
            )
        })?;
        let deadline = started + self.setup.limits.wall_time();
        let taken = std::mem::replace(&mut self.reads, Err("the container ran once".to_owned()));
        let (reads, reads_why) = match taken {
            Ok(watch) => (Some(watch), String::new()),
            Err(why) => (None, why),
        };
        let mut watch = Watch {
            stdout: self.stdout.take().ok_or_else(|| fail("bug", "no stdout"))?,
            stderr: self.stderr.take().ok_or_else(|| fail("bug", "no stderr"))?,
            result: self
                .result
                .take()
                .ok_or_else(|| fail("bug", "no result channel"))?,
            notify_fd: Some(notify_fd),
            pidfd,
            started,
            attempts: Vec::new(),
            attempts_total: 0,
            stdin_open: true,
            cancel_pending: early_cancel,
            output_pin: None,
            pin_wanted: self.mode.isolation == Isolation::Rootless,
            live_sent_at: started,
            live_sent: [0, 0],
            reads,
            cpu: self.cgroup.clone().map(|cgroup| CpuBudget {
                cgroup,
                limit_ns: self.setup.limits.cpu_time_ms.saturating_mul(1_000_000),
            }),
        };
        let end = watch.until_exit(pid, deadline);
        if let Some(fd) = watch.output_pin.take() {
            self.paths.output = PathBuf::from(format!("/proc/self/fd/{}", fd.as_raw_fd()));
            self.output_pin = Some(fd);
        }
        let wall_ms = started.elapsed().as_millis() as u64;
        watch.drain();
        watch.send_output(true);
        let cgroup = self
            .cgroup
            .as_ref()
            .map(CgroupFiles::usage)
            .unwrap_or_default();
        self.keeper = None;
        let (stdout, stdout_total_bytes, stdout_truncated) = watch.stdout.finish();
        let (stderr, stderr_total_bytes, stderr_truncated) = watch.stderr.finish();
        let (result, _, result_truncated) = watch.result.finish();
        let files_read = match watch.reads.take() {
            Some(reads) => reads.finish(),
            None => FilesRead::not_observed(reads_why),
        };
        let (output_files, output_skipped) = collect_outputs(
            &self.paths.output,
            self.outputs_to.as_deref(),
            &self.setup.limits,
        );
        let oom_killed = cgroup.oom_kills > 0;
        let cpu_limit_hit = stopped_for_cpu(&end, oom_killed, cgroup.cpu_ns, &self.setup.limits);
        tracing::info!(
            wall_ms,
            cpu_ms = cgroup.cpu_ns / 1_000_000,
            ?end,
            oom_killed,
            cpu_limit_hit,
            "job ended"
        );
        Ok(Outcome {
            exit_code: end.exit_code,
            signal: end.signal,
            timed_out: end.timed_out,
            cpu_limit_hit,
            oom_killed,
            pids_limit_hit: cgroup.pids_max_events > 0,
            cancelled: end.cancelled,
            usage: Usage {
                wall_ms,
                cpu_ms: cgroup.cpu_ns / 1_000_000,
                cpu_limit_ms: self.setup.limits.cpu_time_ms,
                wall_limit_ms: self.setup.limits.wall_time_ms,
                peak_memory_bytes: cgroup.peak_memory_bytes,
                pids_limit_events: cgroup.pids_max_events,
                create_ms: self.create_ms,
            },
            stdout,
            stderr,
            stdout_total_bytes,
            stderr_total_bytes,
            stdout_truncated,
            stderr_truncated,
            result,
            result_truncated,
            output_files,
            output_skipped,
            network_attempts: watch.attempts,
            network_attempts_total: watch.attempts_total,
            files_read,
            image_digest: self.image.digest.clone(),
            mode: self.mode,
        })
    }

    /// Removes the container and every trace of it. Idempotent.
    pub(super) fn cleanup(&mut self) {
        let _span = tracing::info_span!("cleanup", id = %self.id).entered();
        self.listener = None;
        self.output_pin = None;
        self.keeper = None;
        // Its pins hold the container's input mounts.
        self.reads = Err("the container was removed".to_owned());
        if let Some(mut container) = self.container.take() {
            if let Err(e) = container.delete(true) {
                tracing::warn!(error = %e, "delete failed; sweeping by hand");
            }
        }
        if let Some(lock) = self.lock.take() {
            for problem in sweep::remove_container(&self.dirs, &self.id) {
                tracing::warn!(%problem, "cleanup");
            }
            lock.release();
        }
    }
}

impl Drop for Prepared {
    fn drop(&mut self) {
        self.cleanup();
    }
}

/// Whether the job was stopped by its CPU-time limit: by the helper, or by
/// the kernel at a process's `RLIMIT_CPU` (`SIGKILL` at the hard limit,
/// `SIGXCPU` at a soft one) once the cgroup's CPU time reached the limit —
/// a CPU-time stop, not a crash. An OOM kill, the wall-clock backstop and a
/// cancel are reported as themselves.
fn stopped_for_cpu(
    end: &super::watch::End,
    oom_killed: bool,
    cpu_ns: u64,
    limits: &crate::limits::Limits,
) -> bool {
    if end.cpu_limited {
        return true;
    }
    let by_kernel = matches!(end.signal, Some(libc::SIGKILL) | Some(libc::SIGXCPU));
    by_kernel
        && !oom_killed
        && !end.timed_out
        && !end.cancelled
        && cpu_ns >= limits.cpu_time_ms.saturating_mul(1_000_000)
}

fn bind_read_only(source: &Path, target: &Path) -> Result<(), HelperError> {
    use nix::mount::MsFlags;
    let bind = |flags: MsFlags| {
        nix::mount::mount(Some(source), target, None::<&str>, flags, None::<&str>)
            .map_err(|e| fail("io", format!("cannot mount the sandbox image: {e}")))
    };
    bind(MsFlags::MS_BIND | MsFlags::MS_REC)?;
    bind(
        MsFlags::MS_BIND
            | MsFlags::MS_REMOUNT
            | MsFlags::MS_RDONLY
            | MsFlags::MS_NOSUID
            | MsFlags::MS_NODEV,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kernel_kill_past_the_cpu_limit_is_a_cpu_stop_and_nothing_else_is() {
        use super::super::watch::End;
        let limits = crate::limits::Limits::builder()
            .with_cpu_time(Duration::from_secs(2))
            .expect("limit")
            .build();
        let over = 2_000_000_000;
        let under = 1_999_999_999;
        let killed = |signal| End {
            signal: Some(signal),
            ..End::default()
        };
        assert!(stopped_for_cpu(
            &killed(libc::SIGKILL),
            false,
            over,
            &limits
        ));
        assert!(stopped_for_cpu(
            &killed(libc::SIGXCPU),
            false,
            over,
            &limits
        ));
        // Killed with CPU time left: not the CPU limit.
        assert!(!stopped_for_cpu(
            &killed(libc::SIGKILL),
            false,
            under,
            &limits
        ));
        // Another signal, an OOM kill, the backstop or a cancel are themselves.
        assert!(!stopped_for_cpu(
            &killed(libc::SIGSEGV),
            false,
            over,
            &limits
        ));
        assert!(!stopped_for_cpu(
            &killed(libc::SIGKILL),
            true,
            over,
            &limits
        ));
        let timed_out = End {
            timed_out: true,
            ..killed(libc::SIGKILL)
        };
        assert!(!stopped_for_cpu(&timed_out, false, over, &limits));
        let cancelled = End {
            cancelled: true,
            ..killed(libc::SIGKILL)
        };
        assert!(!stopped_for_cpu(&cancelled, false, over, &limits));
        let exited = End {
            exit_code: Some(0),
            ..End::default()
        };
        assert!(!stopped_for_cpu(&exited, false, over, &limits));
        // The helper's own stop needs no signal check.
        let by_helper = End {
            cpu_limited: true,
            ..killed(libc::SIGKILL)
        };
        assert!(stopped_for_cpu(&by_helper, false, under, &limits));
    }

    #[test]
    fn container_ids_are_random_and_valid() {
        let a = new_container_id().expect("random");
        let b = new_container_id().expect("random");
        assert_eq!(a.len(), "gbx-".len() + 16);
        assert!(a.starts_with("gbx-"));
        assert!(a["gbx-".len()..].bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }
}
