//! The async library API: spawns the helper process, prepares a container,
//! runs code in it and returns the [`Outcome`].
//!
//! Usable from tokio. Cancelling is safe in every form: [`RunningJob::cancel`]
//! asks the helper to kill the job and still returns its outcome; dropping a
//! [`PreparedJob`] or [`RunningJob`] closes the helper's stdin, which makes
//! the helper kill the container and clean up on its own; a helper that is
//! itself killed takes the running job with it (the kernel ends it: see
//! `helper::tether`) and leaves folders and a cgroup that the next helper
//! sweeps at start.
//! A helper that stops answering (no container within the create deadline,
//! no outcome by the job's wall-time limit plus a grace) is killed with its
//! process group and reported as [`SandboxError::Unresponsive`]: a caller
//! never waits forever.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout};
use tokio::task::JoinHandle;

use crate::image::{self, ImageError};
use crate::job::{Job, JobSetup};
use crate::outcome::Outcome;
use crate::protocol::{ImageRef, OutputStream, Reply, Request, RunDirs};

/// Most helper stderr kept for error messages: 64 KiB.
const HELPER_LOG_BYTES: usize = 64 * 1024;

/// Longest wait for the helper to create a container (2 min: a cold start
/// under software emulation takes a few seconds).
pub const DEFAULT_CREATE_DEADLINE: Duration = Duration::from_secs(120);
/// Longest wait for an outcome beyond the job's own wall-time limit (the
/// helper kills the job at that limit, so it should answer at once).
pub const DEFAULT_OUTCOME_GRACE: Duration = Duration::from_secs(30);
/// Longest wait for the helper's cleanup once the outcome arrived.
pub const DEFAULT_CLEANUP_DEADLINE: Duration = Duration::from_secs(60);

/// Errors of the sandbox library.
#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    /// The helper binary was not found.
    #[error("the sandbox helper program was not found at {0}")]
    HelperMissing(PathBuf),
    /// The image is missing.
    #[error(transparent)]
    Image(#[from] ImageError),
    /// The helper could not be started or talked to.
    #[error("cannot talk to the sandbox helper: {0}")]
    Io(#[from] std::io::Error),
    /// The helper refused or failed, with its code and message.
    #[error("{message}")]
    Helper {
        /// Stable code (`unsupported`, `create_failed`, `bad_input`, ...).
        code: String,
        /// Plain-language message.
        message: String,
    },
    /// The helper stopped answering; it was killed (what it left is swept
    /// by the next helper).
    #[error("the sandbox stopped answering ({stage}: nothing after {waited_s} s); it was stopped, and what it left is removed when the next calculation starts")]
    Unresponsive {
        /// `creating the container`, `running the code` or `cleaning up`.
        stage: &'static str,
        /// Seconds waited.
        waited_s: u64,
    },
    /// The helper ended without answering.
    #[error("the sandbox helper stopped unexpectedly ({status}); its log ends with: {log_tail}")]
    HelperDied {
        /// Exit status.
        status: String,
        /// Last lines of its log.
        log_tail: String,
    },
}

impl SandboxError {
    /// Stable code for user interfaces.
    pub fn code(&self) -> &str {
        match self {
            SandboxError::HelperMissing(_) => "helper_missing",
            SandboxError::Image(_) => "no_image",
            SandboxError::Io(_) => "io",
            SandboxError::Helper { code, .. } => code,
            SandboxError::HelperDied { .. } => "helper_died",
            SandboxError::Unresponsive { .. } => "unresponsive",
        }
    }
}

/// Default folder for container state: `$GLOVEBOX_RUN_DIR`, else
/// `/run/glovebox` as root, else `$XDG_RUNTIME_DIR/glovebox`.
pub fn default_run_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("GLOVEBOX_RUN_DIR") {
        return PathBuf::from(dir);
    }
    if nix::unistd::geteuid().is_root() {
        return PathBuf::from("/run/glovebox");
    }
    let runtime = std::env::var_os("XDG_RUNTIME_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(format!("/run/user/{}", nix::unistd::geteuid())));
    runtime.join("glovebox")
}

/// Finds the helper: `$GLOVEBOX_SANDBOX_HELPER`, else next to the running program.
pub fn default_helper() -> PathBuf {
    if let Some(p) = std::env::var_os("GLOVEBOX_SANDBOX_HELPER") {
        return PathBuf::from(p);
    }
    std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join("glovebox-sandbox")))
        .unwrap_or_else(|| PathBuf::from("glovebox-sandbox"))
}

/// A configured sandbox. Cheap to clone; each run spawns its own helper.
#[derive(Debug, Clone)]
pub struct Sandbox {
    helper: PathBuf,
    image: ImageRef,
    dirs: RunDirs,
    userns: bool,
    deadlines: Deadlines,
}

/// How long the caller waits for the helper before it kills it.
#[derive(Debug, Clone, Copy)]
struct Deadlines {
    create: Duration,
    outcome_grace: Duration,
}

/// Builder of [`Sandbox`]; each step checks its value.
#[derive(Debug, Clone)]
pub struct SandboxBuilder {
    helper: PathBuf,
    image: Option<ImageRef>,
    run_dir: PathBuf,
    userns: bool,
    deadlines: Deadlines,
}

impl Sandbox {
    /// Defaults: helper next to the program, image in the cache, run dir per user.
    pub fn builder() -> SandboxBuilder {
        SandboxBuilder {
            helper: default_helper(),
            image: None,
            run_dir: default_run_dir(),
            userns: false,
            deadlines: Deadlines {
                create: DEFAULT_CREATE_DEADLINE,
                outcome_grace: DEFAULT_OUTCOME_GRACE,
            },
        }
    }

    /// The image jobs run on.
    pub fn image(&self) -> &ImageRef {
        &self.image
    }

    /// Where container state lives.
    pub fn dirs(&self) -> &RunDirs {
        &self.dirs
    }

    /// Creates a container for `setup`; the code comes later, so creation is
    /// off the critical path. Output files are copied into `outputs_to`.
    pub async fn prepare(
        &self,
        setup: &JobSetup,
        outputs_to: Option<&Path>,
    ) -> Result<PreparedJob, SandboxError> {
        let started = Instant::now();
        let mut command = tokio::process::Command::new(&self.helper);
        command
            .arg("helper")
            // Its own process group: a Ctrl-C meant for the caller must not
            // kill the helper before it removes the container (it notices the
            // caller's end through its stdin and cleans up).
            .process_group(0)
            .env_clear()
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for var in [
            "RUST_LOG",
            "PATH",
            "XDG_RUNTIME_DIR",
            "DBUS_SESSION_BUS_ADDRESS",
        ] {
            if let Some(v) = std::env::var_os(var) {
                command.env(var, v);
            }
        }
        let mut child = command.spawn().map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                SandboxError::HelperMissing(self.helper.clone())
            } else {
                SandboxError::Io(e)
            }
        })?;
        let mut stdin = child
            .stdin
            .take()
            .ok_or_else(|| std::io::Error::other("no helper stdin"))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| std::io::Error::other("no helper stdout"))?;
        let mut stderr = child
            .stderr
            .take()
            .ok_or_else(|| std::io::Error::other("no helper stderr"))?;
        let log = tokio::spawn(async move {
            let mut kept = Vec::new();
            let mut buf = [0u8; 8192];
            while let Ok(n) = stderr.read(&mut buf).await {
                if n == 0 {
                    break;
                }
                kept.extend_from_slice(&buf[..n]);
                if kept.len() > HELPER_LOG_BYTES {
                    kept.drain(..kept.len() - HELPER_LOG_BYTES);
                }
            }
            String::from_utf8_lossy(&kept).into_owned()
        });
        let request = Request::Prepare {
            setup: setup.clone(),
            image: self.image.clone(),
            dirs: self.dirs.clone(),
            userns: self.userns,
            outputs_to: outputs_to.map(Path::to_owned),
        };
        write_line(&mut stdin, &request).await?;
        let mut job = PreparedJob {
            child,
            stdin: Some(stdin),
            replies: BufReader::new(stdout).lines(),
            log: Some(log),
            container_id: String::new(),
            create_ms: 0,
            outcome_within: setup.limits.wall_time() + self.deadlines.outcome_grace,
        };
        let reply = match tokio::time::timeout(self.deadlines.create, job.next_reply()).await {
            Ok(reply) => reply?,
            Err(_) => {
                return Err(job
                    .unresponsive("creating the container", self.deadlines.create)
                    .await)
            }
        };
        match reply {
            Reply::Ready {
                container_id,
                create_ms,
            } => {
                tracing::debug!(%container_id, create_ms, total_ms = started.elapsed().as_millis() as u64, "prepared");
                job.container_id = container_id;
                job.create_ms = create_ms;
                Ok(job)
            }
            other => Err(job.unexpected(other).await),
        }
    }

    /// Prepares and runs `job` in one go, waiting until everything is cleaned up.
    pub async fn run(&self, job: &Job, outputs_to: Option<&Path>) -> Result<Outcome, SandboxError> {
        let _span = tracing::info_span!("sandbox_run").entered();
        let prepared = self.prepare(&job.setup, outputs_to).await?;
        prepared.start(&job.code).await?.finish().await
    }
}

impl SandboxBuilder {
    /// Uses this helper binary.
    pub fn with_helper(mut self, helper: impl Into<PathBuf>) -> Result<Self, SandboxError> {
        let helper = helper.into();
        if !helper.is_file() {
            return Err(SandboxError::HelperMissing(helper));
        }
        self.helper = helper;
        Ok(self)
    }
    /// Uses the image folder `dir` (holding `rootfs/` and `DIGEST`).
    pub fn with_image_dir(mut self, dir: impl AsRef<Path>) -> Result<Self, SandboxError> {
        self.image = Some(image::load(dir.as_ref())?);
        Ok(self)
    }
    /// Keeps container state under `dir` (created if needed).
    pub fn with_run_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.run_dir = dir.into();
        self
    }
    /// Gives jobs a user namespace even when running as root.
    pub fn with_user_namespace(mut self, userns: bool) -> Self {
        self.userns = userns;
        self
    }
    /// Waits at most `create` for a container, and `outcome_grace` beyond a
    /// job's wall-time limit for its outcome, before killing the helper
    /// (defaults [`DEFAULT_CREATE_DEADLINE`], [`DEFAULT_OUTCOME_GRACE`]; at
    /// least 1 s each).
    pub fn with_deadlines(
        mut self,
        create: Duration,
        outcome_grace: Duration,
    ) -> Result<Self, SandboxError> {
        if create < Duration::from_secs(1) || outcome_grace < Duration::from_secs(1) {
            return Err(SandboxError::Io(std::io::Error::other(
                "sandbox deadlines must be at least 1 s",
            )));
        }
        self.deadlines = Deadlines {
            create,
            outcome_grace,
        };
        Ok(self)
    }
    /// The sandbox; finds the image in the cache unless one was given.
    pub fn build(self) -> Result<Sandbox, SandboxError> {
        let image = match self.image {
            Some(i) => i,
            None => image::locate()?,
        };
        Ok(Sandbox {
            helper: self.helper,
            image,
            dirs: RunDirs::under(self.run_dir),
            userns: self.userns,
            deadlines: self.deadlines,
        })
    }
}

async fn write_line(stdin: &mut ChildStdin, request: &Request) -> Result<(), SandboxError> {
    let mut text = serde_json::to_string(request).map_err(std::io::Error::other)?;
    text.push('\n');
    stdin.write_all(text.as_bytes()).await?;
    stdin.flush().await?;
    Ok(())
}

/// A created container waiting for code. Dropping it removes the container.
#[derive(Debug)]
pub struct PreparedJob {
    child: Child,
    stdin: Option<ChildStdin>,
    replies: Lines<BufReader<ChildStdout>>,
    log: Option<JoinHandle<String>>,
    container_id: String,
    create_ms: u64,
    /// Outcome deadline after start: the job's wall time + the grace.
    outcome_within: Duration,
}

impl PreparedJob {
    /// The container's id.
    pub fn container_id(&self) -> &str {
        &self.container_id
    }

    /// Milliseconds the helper spent creating the container.
    pub fn create_ms(&self) -> u64 {
        self.create_ms
    }

    /// Process id of the helper that owns the container.
    pub fn helper_pid(&self) -> Option<u32> {
        self.child.id()
    }

    /// Hands the code over and starts the container.
    pub async fn start(self, code: &str) -> Result<RunningJob, SandboxError> {
        self.start_with_files(code, Vec::new()).await
    }

    /// Like [`PreparedJob::start`], also writing `files` (name, content) beside
    /// `main.py` in `/job`, read-only for the job.
    pub async fn start_with_files(
        mut self,
        code: &str,
        files: Vec<(String, String)>,
    ) -> Result<RunningJob, SandboxError> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| std::io::Error::other("helper stdin closed"))?;
        write_line(
            stdin,
            &Request::Run {
                code: code.to_owned(),
                files,
            },
        )
        .await?;
        Ok(RunningJob {
            job: self,
            started: Instant::now(),
            outcome: None,
            output: None,
        })
    }

    async fn next_reply(&mut self) -> Result<Reply, SandboxError> {
        match self.replies.next_line().await? {
            Some(line) => serde_json::from_str(&line).map_err(|e| {
                SandboxError::Io(std::io::Error::other(format!(
                    "unreadable helper reply: {e}"
                )))
            }),
            None => Err(self.died().await),
        }
    }

    async fn died(&mut self) -> SandboxError {
        let status = match tokio::time::timeout(Duration::from_secs(30), self.child.wait()).await {
            Ok(Ok(s)) => s.to_string(),
            _ => "still running".into(),
        };
        let log = match self.log.take() {
            Some(h) => h.await.unwrap_or_default(),
            None => String::new(),
        };
        let log_tail = log
            .lines()
            .rev()
            .take(5)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect::<Vec<_>>()
            .join(" | ");
        SandboxError::HelperDied { status, log_tail }
    }

    /// Kills the unresponsive helper's process group (the container's
    /// leftovers are swept by the next helper) and says so.
    async fn unresponsive(&mut self, stage: &'static str, waited: Duration) -> SandboxError {
        tracing::error!(
            stage,
            waited_s = waited.as_secs(),
            "the sandbox helper stopped answering; killing it"
        );
        if let Some(pid) = self.child.id() {
            // The helper leads its own process group (see `prepare`).
            // SAFETY: kill(2) with a negative pid signals that group only.
            unsafe { libc::kill(-(pid as i32), libc::SIGKILL) };
        }
        let _ = self.child.start_kill();
        let _ = tokio::time::timeout(Duration::from_secs(5), self.child.wait()).await;
        self.stdin = None;
        SandboxError::Unresponsive {
            stage,
            waited_s: waited.as_secs(),
        }
    }

    async fn unexpected(&mut self, reply: Reply) -> SandboxError {
        // Let the helper finish its cleanup before reporting.
        self.stdin = None;
        let _ = tokio::time::timeout(Duration::from_secs(30), self.child.wait()).await;
        match reply {
            Reply::Error { code, message } => SandboxError::Helper { code, message },
            other => SandboxError::Io(std::io::Error::other(format!(
                "unexpected helper reply: {other:?}"
            ))),
        }
    }
}

/// A started job.
#[derive(Debug)]
pub struct RunningJob {
    job: PreparedJob,
    started: Instant,
    outcome: Option<(Outcome, Duration)>,
    output: Option<tokio::sync::mpsc::UnboundedSender<(OutputStream, String)>>,
}

impl RunningJob {
    /// The container's id.
    pub fn container_id(&self) -> &str {
        &self.job.container_id
    }

    /// Process id of the helper that owns the container.
    pub fn helper_pid(&self) -> Option<u32> {
        self.job.child.id()
    }

    /// Asks the helper to kill the job now; the outcome then says `cancelled`.
    pub async fn cancel(&mut self) -> Result<(), SandboxError> {
        if let Some(stdin) = self.job.stdin.as_mut() {
            stdin.write_all(b"cancel\n").await?;
            stdin.flush().await?;
        }
        Ok(())
    }

    /// Sends what the job prints, as it prints it, to `sink` (while
    /// [`RunningJob::outcome`] is awaited; bounded by
    /// [`crate::protocol::LIVE_OUTPUT_BYTES`] per stream).
    pub fn stream_output_to(
        &mut self,
        sink: tokio::sync::mpsc::UnboundedSender<(OutputStream, String)>,
    ) {
        self.output = Some(sink);
    }

    /// Waits for the outcome (the container is being removed meanwhile);
    /// also returns the time from start to outcome. Cancel-safe.
    pub async fn outcome(&mut self) -> Result<(Outcome, Duration), SandboxError> {
        if let Some(done) = &self.outcome {
            return Ok(done.clone());
        }
        let deadline = tokio::time::Instant::from_std(self.started + self.job.outcome_within);
        loop {
            let reply = match tokio::time::timeout_at(deadline, self.job.next_reply()).await {
                Ok(reply) => reply?,
                Err(_) => {
                    let waited = self.job.outcome_within;
                    return Err(self.job.unresponsive("running the code", waited).await);
                }
            };
            match reply {
                Reply::Outcome(outcome) => {
                    let done = (*outcome, self.started.elapsed());
                    self.outcome = Some(done.clone());
                    return Ok(done);
                }
                Reply::Output { stream, text } => {
                    if let Some(sink) = &self.output {
                        let _ = sink.send((stream, text));
                    }
                }
                other => return Err(self.job.unexpected(other).await),
            }
        }
    }

    /// Waits for the outcome and for the helper to finish cleaning up.
    pub async fn finish(mut self) -> Result<Outcome, SandboxError> {
        self.outcome().await?;
        let (outcome, _) = self
            .outcome
            .take()
            .ok_or_else(|| std::io::Error::other("no outcome"))?;
        self.job.stdin = None;
        match tokio::time::timeout(DEFAULT_CLEANUP_DEADLINE, self.job.child.wait()).await {
            Ok(status) => {
                let status = status?;
                if !status.success() {
                    tracing::warn!(%status, "helper exited with an error after the outcome");
                }
            }
            Err(_) => {
                // The outcome is in; a helper stuck in its cleanup is stopped
                // and the next helper sweeps what it left.
                self.job
                    .unresponsive("cleaning up", DEFAULT_CLEANUP_DEADLINE)
                    .await;
            }
        }
        Ok(outcome)
    }
}
