//! Runs off the UI thread. Each run gets its own thread with a
//! single-threaded tokio runtime (like the CLI) driving the engine; the
//! window hears `run_progress` (when the stage changes and every
//! [`PROGRESS_TICK`]), `run_output` and `run_finished`. One run at a time:
//! a second `start_run` answers `busy`. Cancel sets the run's cancel signal:
//! the engine drops the model call or has the helper kill the container, and
//! the run still ends with `run_finished` (`stop_kind: "cancelled"`).

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use glovebox_engine::inputs::DescribeCache;
use glovebox_engine::pipeline::{Draft, DraftRun, Engine, Progress, RunRequest, Stage};
use glovebox_sandbox::protocol::OutputStream;
use glovebox_sandbox::{Limits, Sandbox};
use tauri::{AppHandle, Emitter};
use tokio::sync::{oneshot, watch};

use crate::error::{ErrorCode, IpcError};
use crate::types::{RunFailed, RunFinished, RunOutput, RunProgress};

/// What a run thread runs.
pub enum Job {
    /// A whole run in one call (code given, not drafted).
    Request(Box<RunRequest>),
    /// A draft's code, on the draft's run.
    Draft(Box<Draft>, DraftRun),
}

impl Job {
    /// The run id, when it is known before the engine starts (a draft's).
    fn known_id(&self) -> Option<String> {
        match self {
            Job::Request(_) => None,
            Job::Draft(draft, _) => Some(draft.run_id().to_owned()),
        }
    }

    fn set_cancel(&mut self, rx: watch::Receiver<bool>) {
        match self {
            Job::Request(r) => r.cancel = Some(rx),
            Job::Draft(_, how) => how.cancel = Some(rx),
        }
    }
}

/// A run that did not start, with its job when it is still whole (busy, no
/// sandbox): a draft handed back can wait for the next Run instead of being
/// lost with its run left open.
pub struct NotStarted {
    /// Why, for the window.
    pub error: IpcError,
    /// The job, when it was not consumed.
    pub job: Option<Job>,
}

impl NotStarted {
    fn with(job: Job, error: IpcError) -> Self {
        Self {
            error,
            job: Some(job),
        }
    }
}

/// How often the elapsed time is sent while a run goes.
pub const PROGRESS_TICK: Duration = Duration::from_millis(250);

struct Active {
    run_id: Option<String>,
    cancel: watch::Sender<bool>,
}

/// The run in progress, if any, and the descriptions its inputs are taken
/// from while they are unchanged.
#[derive(Default, Clone)]
pub struct Runs {
    active: Arc<Mutex<Option<Active>>>,
    described: Arc<DescribeCache>,
}

struct Shared {
    run_id: String,
    stage: Stage,
}

fn emit_progress(app: &AppHandle, shared: &Mutex<Shared>, started: Instant, limit_ms: u64) {
    let Ok(s) = shared.lock() else { return };
    if s.run_id.is_empty() {
        return;
    }
    let _ = app.emit(
        "run_progress",
        RunProgress {
            run_id: s.run_id.clone(),
            stage: s.stage,
            elapsed_ms: started.elapsed().as_millis() as u64,
            time_limit_ms: limit_ms,
        },
    );
}

impl Runs {
    /// No run yet; the inputs' descriptions taken from `described`.
    pub fn new(described: Arc<DescribeCache>) -> Self {
        Self {
            active: Arc::default(),
            described,
        }
    }

    fn clear(&self) {
        if let Ok(mut a) = self.active.lock() {
            *a = None;
        }
    }

    /// Starts `job`; answers its run id once the engine has recorded it.
    pub async fn start(
        &self,
        app: AppHandle,
        db: PathBuf,
        limits: Limits,
        mut job: Job,
    ) -> Result<String, NotStarted> {
        let (cancel_tx, cancel_rx) = watch::channel(false);
        {
            let mut active = match self.active.lock() {
                Ok(active) => active,
                Err(e) => return Err(NotStarted::with(job, IpcError::internal("run state", e))),
            };
            if active.is_some() {
                let busy = IpcError::new(
                    ErrorCode::Busy,
                    "a calculation is already running; wait for it or cancel it",
                );
                return Err(NotStarted::with(job, busy));
            }
            *active = Some(Active {
                run_id: job.known_id(),
                cancel: cancel_tx,
            });
        }
        let sandbox = match Sandbox::builder().build() {
            Ok(s) => s,
            Err(e) => {
                self.clear();
                let error = IpcError::new(
                    ErrorCode::NoSandbox,
                    format!("the sandbox is not ready: {e}"),
                );
                return Err(NotStarted::with(job, error));
            }
        };
        job.set_cancel(cancel_rx);
        let (id_tx, id_rx) = oneshot::channel::<Result<String, IpcError>>();
        let runs = self.clone();
        let spawned = std::thread::Builder::new()
            .name("glovebox-run".into())
            .spawn(move || runs.run_thread(app, db, sandbox, limits, job, id_tx));
        if let Err(e) = spawned {
            self.clear();
            let error = IpcError::internal("the run could not start", e);
            return Err(NotStarted { error, job: None });
        }
        // The run thread records the id in `Active` before anyone hears it,
        // so a cancel can never arrive for an id not yet known here.
        let answered = id_rx
            .await
            .map_err(|_| IpcError::internal("the run could not start", "its thread ended"));
        answered
            .and_then(|id| id)
            .map_err(|error| NotStarted { error, job: None })
    }

    fn run_thread(
        self,
        app: AppHandle,
        db: PathBuf,
        sandbox: Sandbox,
        limits: Limits,
        job: Job,
        id_tx: oneshot::Sender<Result<String, IpcError>>,
    ) {
        let _span = tracing::info_span!("app_run").entered();
        let mut id_tx = Some(id_tx);
        let fail = |id_tx: &mut Option<oneshot::Sender<Result<String, IpcError>>>, e: IpcError| {
            if let Some(tx) = id_tx.take() {
                let _ = tx.send(Err(e));
            }
        };
        let runtime = match tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        {
            Ok(r) => r,
            Err(e) => {
                fail(&mut id_tx, IpcError::internal("the run could not start", e));
                self.clear();
                return;
            }
        };
        let limit_ms = limits.wall_time_ms;
        let automatic = crate::settings::memory_automatic(limits.memory_bytes);
        let described = Arc::clone(&self.described);
        let opened = Engine::open(&db, sandbox, limits).map(|e| e.with_describe_cache(described));
        let mut engine = match opened {
            Ok(e) if automatic => e.with_memory_estimated(),
            Ok(e) => e,
            Err(e) => {
                fail(
                    &mut id_tx,
                    IpcError::internal("the audit log cannot be opened", e),
                );
                self.clear();
                return;
            }
        };
        let started = Instant::now();
        let known_id = job.known_id();
        let shared = Arc::new(Mutex::new(Shared {
            run_id: known_id.clone().unwrap_or_default(),
            stage: Stage::Inspect,
        }));
        // A draft's run is recorded already: its id is given at once.
        if let Some(id) = known_id {
            if let Some(tx) = id_tx.take() {
                let _ = tx.send(Ok(id));
            }
        }
        let done = Arc::new(AtomicBool::new(false));
        let ticker = {
            let (app, shared, done) = (app.clone(), shared.clone(), done.clone());
            std::thread::Builder::new()
                .name("glovebox-progress".into())
                .spawn(move || {
                    while !done.load(Ordering::Relaxed) {
                        std::thread::sleep(PROGRESS_TICK);
                        if !done.load(Ordering::Relaxed) {
                            emit_progress(&app, &shared, started, limit_ms);
                        }
                    }
                })
                .ok()
        };
        let active = self.active.clone();
        let mut progress = |p: Progress<'_>| match p {
            Progress::Started(id) => {
                if let Ok(mut a) = active.lock() {
                    if let Some(a) = a.as_mut() {
                        a.run_id = Some(id.to_owned());
                    }
                }
                if let Ok(mut s) = shared.lock() {
                    s.run_id = id.to_owned();
                }
                if let Some(tx) = id_tx.take() {
                    let _ = tx.send(Ok(id.to_owned()));
                }
                emit_progress(&app, &shared, started, limit_ms);
            }
            Progress::Stage(stage) => {
                if let Ok(mut s) = shared.lock() {
                    s.stage = stage;
                }
                emit_progress(&app, &shared, started, limit_ms);
            }
            Progress::ModelText(_) | Progress::ModelWaiting { .. } => {}
            Progress::Output { stream, text } => {
                let run_id = shared.lock().map(|s| s.run_id.clone()).unwrap_or_default();
                let stream = match stream {
                    OutputStream::Stdout => "stdout",
                    OutputStream::Stderr => "stderr",
                };
                let _ = app.emit(
                    "run_output",
                    RunOutput {
                        run_id,
                        stream: stream.into(),
                        text: text.to_owned(),
                    },
                );
            }
        };
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            runtime.block_on(async {
                match job {
                    Job::Request(request) => engine.run(*request, &mut progress).await,
                    Job::Draft(draft, how) => engine.run_draft(*draft, how, &mut progress).await,
                }
            })
        }));
        done.store(true, Ordering::Relaxed);
        if let Some(t) = ticker {
            let _ = t.join();
        }
        self.clear();
        let error = match run {
            Ok(Ok(report)) => {
                tracing::info!(run_id = %report.run_id, status = ?report.status, ms = started.elapsed().as_millis() as u64, "run finished");
                let _ = app.emit(
                    "run_finished",
                    RunFinished {
                        run_id: report.run_id.clone(),
                        report,
                    },
                );
                return;
            }
            Ok(Err(e)) => IpcError::internal("the run could not be recorded", &e),
            // A bug in the engine: say so, never leave the window waiting.
            Err(_) => IpcError::internal(
                "Glovebox hit an internal error during the calculation",
                "the run was not finished (details in the log)",
            ),
        };
        // Before the run id was given, `start_run` answers the error;
        // after, the window hears `run_failed`.
        if id_tx.is_some() {
            fail(&mut id_tx, error);
        } else {
            let run_id = shared.lock().map(|s| s.run_id.clone()).unwrap_or_default();
            let _ = app.emit(
                "run_failed",
                RunFailed {
                    run_id,
                    code: error.code,
                    message: error.message,
                },
            );
        }
    }

    /// Asks the run `run_id` to stop.
    pub fn cancel(&self, run_id: &str) -> Result<(), IpcError> {
        let active = self
            .active
            .lock()
            .map_err(|e| IpcError::internal("run state", e))?;
        match active.as_ref() {
            Some(a) if a.run_id.as_deref() == Some(run_id) => {
                tracing::info!(%run_id, "cancel requested");
                let _ = a.cancel.send(true);
                Ok(())
            }
            _ => Err(IpcError::new(
                ErrorCode::NotFound,
                format!("no calculation {run_id} is running"),
            )),
        }
    }
}
