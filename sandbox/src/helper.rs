//! The helper process: the only place libcontainer is called.
//!
//! libcontainer forks with raw `clone3`, which can deadlock in a
//! multi-threaded process, so the library execs this helper (one per run)
//! and talks to it with [`crate::protocol`] messages. The helper never starts
//! a thread: it creates the container, reports `Ready`, waits for the code,
//! starts the container and then watches it with one `poll` loop over the
//! init's pidfd, the stdout/stderr pipes, the result channel (fd 3 in the
//! job), the seccomp notify fd and its own
//! stdin (end of file means cancel). Whatever happens, it removes the
//! container, its cgroups, mounts and folders before it exits.

use std::io::Write;
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, FromRawFd, OwnedFd};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::net::UnixListener;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use libcontainer::container::builder::ContainerBuilder;
use libcontainer::container::Container;
use libcontainer::syscall::syscall::SyscallType;
use libcontainer::workload::default::DefaultExecutor;

use crate::capture::Capture;
use crate::cgroup_stats::CgroupFiles;
use crate::job::{check_code, check_job_files, JobSetup};
use crate::mode::{CgroupLayout, CgroupManager, Isolation, MachineFacts, Mode, SubIds};
use crate::outcome::{NetworkAttempt, Outcome, OutputFile, SkippedOutput, Usage};
use crate::protocol::{
    ImageRef, OutputStream, Reply, Request, RunDirs, LIVE_OUTPUT_BYTES, LIVE_OUTPUT_INTERVAL_MS,
};
use crate::spec::ContainerPlan;
use crate::sweep::{self, HelperLock};

/// How long the helper waits for the container's seccomp listener connection.
const LISTENER_TIMEOUT: Duration = Duration::from_secs(10);
/// Network attempts kept in the outcome; the rest are only counted.
const MAX_RECORDED_ATTEMPTS: usize = 256;
/// After the job ends, how long pipes may stay open (a writer outside the pid namespace).
const DRAIN_GRACE: Duration = Duration::from_secs(2);

/// A failure, with a stable code for the caller.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct HelperError {
    /// Stable code (`bad_request`, `unsupported`, `create_failed`, ...).
    pub code: &'static str,
    /// Plain-language message.
    pub message: String,
}

impl From<HelperError> for Reply {
    fn from(e: HelperError) -> Self {
        Reply::Error {
            code: e.code.into(),
            message: e.message,
        }
    }
}

fn fail(code: &'static str, message: impl std::fmt::Display) -> HelperError {
    HelperError {
        code,
        message: message.to_string(),
    }
}

/// Entry point of `glovebox-sandbox helper`. Returns the process exit code.
pub fn main() -> i32 {
    let result_channel = match ResultChannel::reserve_fd3() {
        Ok(r) => r,
        Err(e) => {
            send(&mut std::io::stdout().lock(), &e.into());
            return 1;
        }
    };
    let mut input = RequestReader::default();
    let mut out = std::io::stdout().lock();
    let Some(line) = input.read_line() else {
        return 0;
    };
    let request: Request = match serde_json::from_str(&line) {
        Ok(r) => r,
        Err(e) => {
            send(
                &mut out,
                &fail("bad_request", format!("unreadable request: {e}")).into(),
            );
            return 2;
        }
    };
    let Request::Prepare {
        setup,
        image,
        dirs,
        userns,
        outputs_to,
    } = request
    else {
        send(
            &mut out,
            &fail("bad_request", "the first request must be prepare").into(),
        );
        return 2;
    };
    let mut run = match Prepared::create(setup, image, dirs, userns, outputs_to, result_channel) {
        Ok(run) => run,
        Err(e) => {
            send(&mut out, &e.into());
            return 1;
        }
    };
    send(
        &mut out,
        &Reply::Ready {
            container_id: run.id.clone(),
            create_ms: run.create_ms,
        },
    );

    let code = match input.read_line() {
        None => None,
        Some(line) => match serde_json::from_str::<Request>(&line) {
            Ok(Request::Run { code, files }) => Some((code, files)),
            _ => None,
        },
    };
    // A `cancel` sent right after the code may already have been read with
    // it; the poll loop only sees what arrives on fd 0 afterwards.
    let early_cancel = String::from_utf8_lossy(&input.pending).contains("cancel");
    let status = match code {
        None => {
            tracing::info!(id = %run.id, "cancelled before start");
            0
        }
        Some((code, files)) => match run.execute(&code, &files, early_cancel) {
            Ok(outcome) => {
                send(&mut out, &Reply::Outcome(Box::new(outcome)));
                0
            }
            Err(e) => {
                send(&mut out, &e.into());
                1
            }
        },
    };
    run.cleanup();
    status
}

/// Reads request lines from fd 0 without a hidden buffer: bytes read past a
/// line stay in `pending`, where the caller can see them.
#[derive(Default)]
struct RequestReader {
    pending: Vec<u8>,
}

impl RequestReader {
    /// The next line, or `None` at end of file or on error.
    fn read_line(&mut self) -> Option<String> {
        let mut chunk = [0u8; 64 * 1024];
        loop {
            if let Some(end) = self.pending.iter().position(|b| *b == b'\n') {
                let rest = self.pending.split_off(end + 1);
                let line = std::mem::replace(&mut self.pending, rest);
                return Some(String::from_utf8_lossy(&line).into_owned());
            }
            match nix::unistd::read(0, &mut chunk) {
                Ok(0) => return None,
                Ok(n) => self.pending.extend_from_slice(&chunk[..n]),
                Err(nix::errno::Errno::EINTR) => continue,
                Err(_) => return None,
            }
        }
    }
}

fn send(out: &mut impl Write, reply: &Reply) {
    if let Ok(text) = serde_json::to_string(reply) {
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }
}

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
struct Prepared {
    id: String,
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
    create_ms: u64,
    /// Rootless: the user's subordinate id ranges used for the mapping.
    sub_ids: Option<(SubIds, SubIds)>,
    /// Rootless: the container's `/output` tmpfs, opened when the job
    /// starts; the open directory keeps the tmpfs readable after the
    /// container's mount namespace is gone.
    output_pin: Option<OwnedFd>,
    /// systemd manager: a process of ours in the container's scope, so that
    /// systemd keeps the scope (and its usage counters) until they are read.
    keeper: Option<ScopeKeeper>,
}

fn new_container_id() -> String {
    let mut bytes = [0u8; 8];
    // SAFETY: getrandom writes at most `bytes.len()` bytes into `bytes`.
    let got = unsafe { libc::getrandom(bytes.as_mut_ptr().cast(), bytes.len(), 0) };
    if got != bytes.len() as isize {
        // Practically unreachable; the pid and clock still make a unique id.
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        bytes = (nanos ^ (u64::from(std::process::id()) << 40)).to_le_bytes();
    }
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("gbx-{hex}")
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

/// Rootless with subordinate ids, the job is not the user: it reads an
/// input only if everyone may (a bind mount keeps the file's owner and mode).
/// Refused before anything is created, with the fix.
fn check_readable_by_job(setup: &JobSetup) -> Result<(), HelperError> {
    for input in &setup.inputs {
        let mode = std::fs::metadata(&input.host_path)
            .map_err(|e| fail("bad_input", format!("{}: {e}", input.host_path.display())))?
            .permissions()
            .mode();
        if mode & 0o004 == 0 {
            return Err(fail(
                "bad_input",
                format!(
                    "{} is readable only by you, and without root the sandboxed job runs as another \
                     (subordinate) user id so that it can never touch your own files. \
                     Fix: make it readable ('chmod o+r {}') or give a copy",
                    input.host_path.display(),
                    input.host_path.display()
                ),
            ));
        }
    }
    Ok(())
}

fn pipe() -> Result<(OwnedFd, OwnedFd), HelperError> {
    nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC)
        .map_err(|e| fail("io", format!("cannot create a pipe: {e}")))
}

impl Prepared {
    fn create(
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
        if sub_ids.is_some() {
            check_readable_by_job(&setup)?;
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

        let id = new_container_id();
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
        let container = ContainerBuilder::new(self.id.clone(), SyscallType::default())
            .with_executor(DefaultExecutor {})
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

    fn execute(
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
        let (output_files, output_skipped) = self.collect_outputs();
        let oom_killed = cgroup.oom_kills > 0;
        tracing::info!(wall_ms, ?end, oom_killed, "job ended");
        Ok(Outcome {
            exit_code: end.exit_code,
            signal: end.signal,
            timed_out: end.timed_out,
            oom_killed,
            pids_limit_hit: cgroup.pids_max_events > 0,
            cancelled: end.cancelled,
            usage: Usage {
                wall_ms,
                cpu_ms: cgroup.cpu_ns / 1_000_000,
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
            image_digest: self.image.digest.clone(),
            mode: self.mode,
        })
    }

    /// Copies regular files of `/output` to `outputs_to`; never follows a symlink.
    fn collect_outputs(&self) -> (Vec<OutputFile>, Vec<SkippedOutput>) {
        let mut files = Vec::new();
        let mut skipped = Vec::new();
        let limits = &self.setup.limits;
        let mut budget = limits.output_bytes;
        let mut stack = vec![PathBuf::new()];
        let mut seen = 0u32;
        while let Some(rel) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(self.paths.output.join(&rel)) else {
                continue;
            };
            let mut entries: Vec<_> = entries.flatten().collect();
            entries.sort_by_key(|e| e.file_name());
            for entry in entries {
                let rel_path = rel.join(entry.file_name());
                let name = rel_path.to_string_lossy().into_owned();
                seen += 1;
                if seen > limits.output_files {
                    skipped.push(SkippedOutput {
                        name,
                        reason: "too many files".into(),
                    });
                    continue;
                }
                let Ok(meta) = entry.path().symlink_metadata() else {
                    continue;
                };
                let kind = meta.file_type();
                if kind.is_dir() {
                    stack.push(rel_path);
                    continue;
                }
                if kind.is_symlink() {
                    skipped.push(SkippedOutput {
                        name,
                        reason: "symbolic link (not followed)".into(),
                    });
                    continue;
                }
                if !kind.is_file() {
                    skipped.push(SkippedOutput {
                        name,
                        reason: "not a regular file".into(),
                    });
                    continue;
                }
                if meta.len() > budget {
                    skipped.push(SkippedOutput {
                        name,
                        reason: "larger than the output limit".into(),
                    });
                    continue;
                }
                let Some(dest_root) = &self.outputs_to else {
                    skipped.push(SkippedOutput {
                        name,
                        reason: "no output folder was given".into(),
                    });
                    continue;
                };
                match copy_no_follow(&entry.path(), &dest_root.join(&rel_path), budget) {
                    Ok(size) => {
                        budget -= size;
                        files.push(OutputFile {
                            name,
                            size_bytes: size,
                            host_path: dest_root.join(&rel_path),
                        });
                    }
                    Err(e) => skipped.push(SkippedOutput {
                        name,
                        reason: format!("cannot copy: {e}"),
                    }),
                }
            }
        }
        files.sort_by(|a, b| a.name.cmp(&b.name));
        (files, skipped)
    }

    /// Removes the container and every trace of it. Idempotent.
    fn cleanup(&mut self) {
        let _span = tracing::info_span!("cleanup", id = %self.id).entered();
        self.listener = None;
        self.output_pin = None;
        self.keeper = None;
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

fn copy_no_follow(src: &Path, dest: &Path, max: u64) -> std::io::Result<u64> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    if let Some(parent) = dest.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let from = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(src)?;
    if !from.metadata()?.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    let mut to = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .custom_flags(libc::O_NOFOLLOW)
        .open(dest)?;
    std::io::copy(&mut from.take(max), &mut to)
}

fn pidfd_open(pid: i32) -> std::io::Result<OwnedFd> {
    // SAFETY: plain syscall; the returned fd is owned by us.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    if fd < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: a fresh fd from pidfd_open.
    Ok(unsafe { OwnedFd::from_raw_fd(fd as i32) })
}

fn wait_readable(fd: BorrowedFd<'_>, timeout: Duration) -> bool {
    let mut pfd = libc::pollfd {
        fd: fd.as_raw_fd(),
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: one valid pollfd.
    let rc = unsafe { libc::poll(&mut pfd, 1, timeout.as_millis() as i32) };
    rc > 0
}

/// The result channel: a pipe whose write end sits at fd 3, where
/// libcontainer's `with_preserved_fds(1)` hands it to the job.
pub struct ResultChannel {
    read: OwnedFd,
}

impl ResultChannel {
    /// Creates the pipe and puts its write end at fd 3 (replacing whatever
    /// was there). Called first thing in the helper, before any other fd.
    fn reserve_fd3() -> Result<Self, HelperError> {
        let (read, write) = pipe()?;
        // Move both ends well above 3 so that dup2 cannot clobber the read end.
        let high = |fd: &OwnedFd| -> Result<OwnedFd, HelperError> {
            // SAFETY: F_DUPFD_CLOEXEC on a valid fd returns a new fd we own.
            let raw = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_DUPFD_CLOEXEC, 10) };
            if raw < 0 {
                return Err(fail("io", std::io::Error::last_os_error()));
            }
            // SAFETY: fresh fd from fcntl.
            Ok(unsafe { OwnedFd::from_raw_fd(raw) })
        };
        let (read_high, write_high) = (high(&read)?, high(&write)?);
        drop((read, write));
        // SAFETY: dup2 onto fd 3; the new fd 3 is not close-on-exec, on purpose.
        if unsafe { libc::dup2(write_high.as_raw_fd(), 3) } != 3 {
            return Err(fail("io", std::io::Error::last_os_error()));
        }
        drop(write_high);
        Ok(Self { read: read_high })
    }

    /// Closes our fd 3 (the container has its own copy) and returns the reader.
    fn into_reader(self, cap: u64) -> Result<Capture, HelperError> {
        // SAFETY: fd 3 is the write end placed by `reserve_fd3`, owned by us.
        unsafe { libc::close(3) };
        Capture::new(self.read, cap).map_err(|e| fail("io", e))
    }
}

/// Rootless: opens the container's `/output` tmpfs through the job's first
/// executed process, held by seccomp at its start (`seccomp::Notification::Started`).
/// An executed process is readable through `/proc/<pid>/root` by the user
/// who owns its user namespace; the container's init before `execve` is not
/// (libcontainer makes it non-dumpable).
fn open_output_of(pid: u32) -> std::io::Result<OwnedFd> {
    use std::os::unix::fs::OpenOptionsExt;
    let dir = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_DIRECTORY | libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(format!("/proc/{pid}/root/output"))?;
    Ok(OwnedFd::from(dir))
}

/// A placeholder process in the container's systemd scope.
///
/// systemd stops a scope and removes its cgroup as soon as it is empty —
/// when the job ends, before its OOM and pids counters are read. The keeper
/// moves itself into the scope and waits for the end of its pipe; dropping
/// the keeper closes it, and the keeper exits and is reaped. It dies with the
/// helper (`PR_SET_PDEATHSIG`), so a killed helper leaves no keeper behind.
/// It counts against the pids limit, which the spec raises by one for it.
struct ScopeKeeper {
    pid: nix::unistd::Pid,
    release: Option<OwnedFd>,
}

impl ScopeKeeper {
    fn spawn(cgroup_dir: &Path) -> std::io::Result<Self> {
        use std::os::unix::ffi::OsStrExt;
        let procs = std::ffi::CString::new(cgroup_dir.join("cgroup.procs").as_os_str().as_bytes())
            .map_err(std::io::Error::other)?;
        let (read, write) = nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC)?;
        let (ready_r, ready_w) = nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC)?;
        // SAFETY: the helper is single-threaded; the child only makes raw
        // system calls (no allocation, no locks) and ends with `_exit`.
        match unsafe { libc::fork() } {
            -1 => Err(std::io::Error::last_os_error()),
            0 => unsafe {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                let fd = libc::open(procs.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
                let moved = fd >= 0 && libc::write(fd, b"0".as_ptr().cast(), 1) == 1;
                let status: u8 = if moved { b'1' } else { b'0' };
                libc::write(ready_w.as_raw_fd(), (&status as *const u8).cast(), 1);
                libc::dup2(read.as_raw_fd(), 0);
                if libc::syscall(libc::SYS_close_range, 1u32, u32::MAX, 0u32) != 0 {
                    for fd in 1..1024 {
                        libc::close(fd);
                    }
                }
                let mut byte = 0u8;
                while libc::read(0, (&mut byte as *mut u8).cast(), 1) != 0 {}
                libc::_exit(0)
            },
            pid => {
                drop((read, ready_w));
                let keeper = Self {
                    pid: nix::unistd::Pid::from_raw(pid),
                    release: Some(write),
                };
                let mut status = [0u8; 1];
                match nix::unistd::read(ready_r.as_raw_fd(), &mut status) {
                    Ok(1) if status[0] == b'1' => Ok(keeper),
                    _ => Err(std::io::Error::other(format!(
                        "the keeper could not join {}",
                        cgroup_dir.display()
                    ))),
                }
            }
        }
    }
}

impl Drop for ScopeKeeper {
    fn drop(&mut self) {
        self.release = None;
        let _ = nix::sys::wait::waitpid(self.pid, None);
    }
}

/// How the job ended.
#[derive(Debug, Default)]
struct End {
    exit_code: Option<i32>,
    signal: Option<i32>,
    timed_out: bool,
    cancelled: bool,
}

/// The poll loop's state.
struct Watch {
    stdout: Capture,
    stderr: Capture,
    result: Capture,
    notify_fd: Option<OwnedFd>,
    pidfd: OwnedFd,
    started: Instant,
    attempts: Vec<NetworkAttempt>,
    attempts_total: u64,
    stdin_open: bool,
    /// A `cancel` that arrived together with the code.
    cancel_pending: bool,
    /// Rootless: the container's `/output`, once opened (see `open_output_of`).
    output_pin: Option<OwnedFd>,
    /// Rootless: `/output` is still to be opened at the job's start.
    pin_wanted: bool,
    /// When output was last sent to the caller, and how much of each stream.
    live_sent_at: Instant,
    live_sent: [usize; 2],
}

impl Watch {
    fn until_exit(&mut self, pid: nix::unistd::Pid, deadline: Instant) -> End {
        let mut end = End::default();
        let mut killed = false;
        loop {
            let now = Instant::now();
            if self.cancel_pending && !killed {
                end.cancelled = true;
                kill(pid);
                killed = true;
            }
            if !killed && now >= deadline {
                end.timed_out = true;
                kill(pid);
                killed = true;
            }
            let mut timeout = if killed {
                100
            } else {
                deadline
                    .saturating_duration_since(now)
                    .as_millis()
                    .min(1000) as i32
                    + 1
            };
            // Printed text waiting for its turn goes out within the interval.
            if self.stdout.has_fresh() || self.stderr.has_fresh() {
                timeout = timeout.min(LIVE_OUTPUT_INTERVAL_MS as i32);
            }
            let mut fds = vec![libc::pollfd {
                fd: self.pidfd.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            }];
            let slots = [
                self.stdout.fd().map(|f| f.as_raw_fd()),
                self.stderr.fd().map(|f| f.as_raw_fd()),
                self.result.fd().map(|f| f.as_raw_fd()),
                self.notify_fd.as_ref().map(|f| f.as_raw_fd()),
                self.stdin_open.then_some(0),
            ];
            for fd in slots.iter().flatten() {
                fds.push(libc::pollfd {
                    fd: *fd,
                    events: libc::POLLIN,
                    revents: 0,
                });
            }
            // SAFETY: `fds` is a valid array of pollfd for its length.
            let rc = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, timeout) };
            if rc < 0 {
                continue;
            }
            let ready = |raw: i32| fds.iter().any(|p| p.fd == raw && p.revents != 0);
            if ready(self.stdout.fd().map_or(-1, |f| f.as_raw_fd())) {
                self.stdout.pump();
            }
            if ready(self.stderr.fd().map_or(-1, |f| f.as_raw_fd())) {
                self.stderr.pump();
            }
            if ready(self.result.fd().map_or(-1, |f| f.as_raw_fd())) {
                self.result.pump();
            }
            self.send_output(false);
            if let Some(nfd) = self.notify_fd.as_ref() {
                let raw = nfd.as_raw_fd();
                let revents = fds.iter().find(|p| p.fd == raw).map_or(0, |p| p.revents);
                if revents & libc::POLLIN != 0 {
                    let at_ms = self.started.elapsed().as_millis() as u64;
                    let (pin_wanted, pin) = (self.pin_wanted, &mut self.output_pin);
                    let mut on_start = |pid: u32| {
                        if pin_wanted && pin.is_none() {
                            match open_output_of(pid) {
                                Ok(fd) => *pin = Some(fd),
                                Err(e) => {
                                    tracing::warn!(pid, error = %e, "cannot open the job's /output")
                                }
                            }
                        }
                    };
                    match crate::seccomp::answer_one(nfd.as_fd(), at_ms, &mut on_start) {
                        Ok(Some(crate::seccomp::Notification::Started(_))) => {}
                        Ok(Some(crate::seccomp::Notification::Network(attempt))) => {
                            tracing::info!(family = %attempt.family, "network attempt denied");
                            self.attempts_total += 1;
                            if self.attempts.len() < MAX_RECORDED_ATTEMPTS {
                                self.attempts.push(attempt);
                            }
                        }
                        Ok(None) => {}
                        Err(e) => tracing::warn!(error = %e, "seccomp listener"),
                    }
                } else if revents & (libc::POLLHUP | libc::POLLERR) != 0 {
                    self.notify_fd = None;
                }
            }
            if self.stdin_open && ready(0) && stdin_closed_or_cancel() {
                self.stdin_open = false;
                if !killed {
                    end.cancelled = true;
                    kill(pid);
                    killed = true;
                }
            }
            if ready(self.pidfd.as_raw_fd()) {
                match nix::sys::wait::waitpid(pid, Some(nix::sys::wait::WaitPidFlag::WNOHANG)) {
                    Ok(nix::sys::wait::WaitStatus::Exited(_, code)) => {
                        end.exit_code = Some(code);
                        return end;
                    }
                    Ok(nix::sys::wait::WaitStatus::Signaled(_, sig, _)) => {
                        end.signal = Some(sig as i32);
                        return end;
                    }
                    Ok(_) => {}
                    Err(_) => return end,
                }
            }
        }
    }

    /// Sends what the job printed since last time to the caller, at most
    /// every [`LIVE_OUTPUT_INTERVAL_MS`] (`last`: now, whatever the time)
    /// and [`LIVE_OUTPUT_BYTES`] per stream in all. The write blocks if the
    /// caller stops reading (the client reads while it awaits the outcome);
    /// the cap bounds what can be waiting in the pipe.
    fn send_output(&mut self, last: bool) {
        if !last && self.live_sent_at.elapsed() < Duration::from_millis(LIVE_OUTPUT_INTERVAL_MS) {
            return;
        }
        self.live_sent_at = Instant::now();
        let mut out = std::io::stdout().lock();
        for (i, stream) in [OutputStream::Stdout, OutputStream::Stderr]
            .into_iter()
            .enumerate()
        {
            let room = LIVE_OUTPUT_BYTES.saturating_sub(self.live_sent[i]);
            let capture = match stream {
                OutputStream::Stdout => &mut self.stdout,
                OutputStream::Stderr => &mut self.stderr,
            };
            if let Some(text) = capture.fresh(room, last) {
                self.live_sent[i] += text.len();
                send(&mut out, &Reply::Output { stream, text });
            }
        }
    }

    /// Reads what is left in the pipes once the job is gone.
    fn drain(&mut self) {
        let until = Instant::now() + DRAIN_GRACE;
        let open = |w: &Self| {
            w.stdout.fd().is_some() || w.stderr.fd().is_some() || w.result.fd().is_some()
        };
        while open(self) && Instant::now() < until {
            self.stdout.pump();
            self.stderr.pump();
            self.result.pump();
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

fn kill(pid: nix::unistd::Pid) {
    // SIGKILL of the init ends the whole pid namespace.
    let _ = nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGKILL);
}

/// Reads stdin after poll said it is readable: end of file or a `cancel` line.
fn stdin_closed_or_cancel() -> bool {
    let mut buf = [0u8; 256];
    match nix::unistd::read(0, &mut buf) {
        Ok(0) => true,
        Ok(n) => String::from_utf8_lossy(&buf[..n]).contains("cancel"),
        Err(nix::errno::Errno::EAGAIN) | Err(nix::errno::Errno::EINTR) => false,
        Err(_) => true,
    }
}
