//! The engine's front door for a run: inspect inputs, take the code, check
//! it, run it in the sandbox, validate its result, record every step.
//!
//! Two ways in, one record: [`Engine::run`] does it all in one call (the
//! CLI), and the app's two phases go through [`Engine::draft`] (inputs and
//! code recorded, a model's request recorded *before* it leaves the
//! machine) then [`Engine::run_draft`] (the code the person approved, on
//! the same run, with the inputs' stamps re-checked instead of re-read), or
//! [`Engine::discard`]. Each step is appended to the audit log as a typed
//! [`Event`] and folded into the [`RunReport`] at once, so the report is
//! what the log says. The container is prepared as soon as the inputs are
//! known, so its creation overlaps code generation and review.

mod attempt;
pub mod executor;
mod finish;
pub mod follow;
pub mod memory;
mod produce;
mod scratch;
#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use glovebox_sandbox::{JobSetup, Limits, Sandbox, Support};
use serde::Serialize;
use tracing::Instrument;

use crate::audit::event::{Event, GeneratedCode, Recorded, RunStarted, StopKind};
use crate::audit::{AuditError, AuditStore};
use crate::generator::{self, GenerateError, Generated, GenerationRequest, Generator};
use crate::inputs::{self, FileStamp};
use crate::lang::Lang;
use crate::messages::{stop_reason, StopReason};
use crate::policy::Profile;
use crate::provider::{self, ModelSettings};

use crate::support;

pub use crate::run_report::{AttemptReport, DrawnChart, RunReport, SandboxReport, Status};

/// Errors that stop the engine itself (not a run).
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The audit log failed: nothing may run unrecorded.
    #[error(transparent)]
    Audit(#[from] AuditError),
    /// The support files could not be installed.
    #[error("cannot install the sandbox support files: {0}")]
    Support(std::io::Error),
    /// No random bytes for a run id or a result nonce: nothing guessable is
    /// used instead.
    #[error("cannot read random bytes for a run id or result nonce: {0}")]
    Random(std::io::Error),
}

/// Pipeline stages, reported as progress; serialized under the names the
/// app shows (one vocabulary from the engine to the window).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Stage {
    /// Reading the inputs.
    #[serde(rename = "plan")]
    Inspect,
    /// Producing the code.
    #[serde(rename = "generate")]
    Generate,
    /// Checking the code.
    #[serde(rename = "check")]
    Policy,
    /// Running it in the sandbox.
    #[serde(rename = "run")]
    Execute,
    /// Checking its result.
    #[serde(rename = "validate")]
    Validate,
    /// Writing the final record.
    #[serde(rename = "explain")]
    Record,
}

impl Stage {
    /// Every stage, in the order a run goes through them.
    pub const ALL: [Stage; 6] = [
        Stage::Inspect,
        Stage::Generate,
        Stage::Policy,
        Stage::Execute,
        Stage::Validate,
        Stage::Record,
    ];
}

impl Stage {
    /// A short line for people.
    pub fn describe(self) -> &'static str {
        match self {
            Stage::Inspect => "reading your files",
            Stage::Generate => "preparing the calculation",
            Stage::Policy => "checking the code",
            Stage::Execute => "running it in the sandbox",
            Stage::Validate => "checking the result",
            Stage::Record => "recording the run",
        }
    }
}

/// What a run reports while it goes.
#[derive(Debug, Clone, Copy)]
pub enum Progress<'a> {
    /// The run is recorded under this id (first, before any stage).
    Started(&'a str),
    /// A stage starts.
    Stage(Stage),
    /// A piece of a model's reply, as it arrives.
    ModelText(&'a str),
    /// A model is being asked: sent when the request leaves and every
    /// [`MODEL_WAIT_TICK`] until its reply is whole (never for a generator
    /// that works on this machine).
    ModelWaiting {
        /// Time since the request left.
        elapsed: std::time::Duration,
        /// Characters of the reply received so far.
        received: usize,
    },
    /// Text the code printed in the sandbox, as it runs.
    Output {
        /// `stdout` or `stderr`.
        stream: glovebox_sandbox::protocol::OutputStream,
        /// The new text.
        text: &'a str,
    },
}

/// How often [`Progress::ModelWaiting`] is sent while a model is asked.
pub const MODEL_WAIT_TICK: std::time::Duration = std::time::Duration::from_secs(1);

/// Lines of the error output handed to a model for a repair.
pub const REPAIR_STDERR_LINES: usize = 30;

/// Who approved a `review` verdict when the request does not say.
pub const DEFAULT_APPROVER: &str = "user (--yes)";

/// What is asked.
#[derive(Debug, Clone)]
pub struct RunRequest {
    /// Input files.
    pub files: Vec<PathBuf>,
    /// The question in plain words.
    pub goal: String,
    /// Code given by the user (`--code`); it is never rewritten.
    pub code: Option<String>,
    /// Generator name.
    pub provider: String,
    /// Settings of a model provider (`openai`, `anthropic`); defaults when absent.
    pub model: Option<ModelSettings>,
    /// Approve a `review` verdict (never a `deny`).
    pub approve_review: bool,
    /// Where files the code writes to `/output` are copied (`DIR/files`).
    pub out_dir: Option<PathBuf>,
    /// The run this one repeats (`glovebox rerun`), recorded in `run_started`.
    pub rerun_of: Option<String>,
    /// The run this goal follows up (`glovebox run --follow`): its plan is
    /// refined, on the same inputs (their hashes checked).
    pub follows: Option<String>,
    /// The generated code the person saw before editing it into `code`:
    /// recorded as `generated_code`, so reports show the diff.
    pub generated: Option<Generated>,
    /// Who approved a `review` verdict, as recorded ([`DEFAULT_APPROVER`]
    /// when absent).
    pub approved_by: Option<String>,
    /// Becomes `true` to cancel: the model call is dropped or the container
    /// killed, and the run ends `stopped` with `stop_kind` `cancelled`.
    pub cancel: Option<tokio::sync::watch::Receiver<bool>>,
}

impl RunRequest {
    /// `goal` on `files` with the offline generator, nothing else set (no
    /// code given, no approval, no output folder, no cancel signal).
    pub fn new(files: Vec<PathBuf>, goal: impl Into<String>) -> Self {
        Self {
            files,
            goal: goal.into(),
            code: None,
            provider: "offline".into(),
            model: None,
            approve_review: false,
            out_dir: None,
            rerun_of: None,
            follows: None,
            generated: None,
            approved_by: None,
            cancel: None,
        }
    }
}

/// How the person runs a draft's code ([`Engine::run_draft`]).
#[derive(Debug, Clone)]
pub struct DraftRun {
    /// The code to run: the draft's, or the person's edit of it.
    pub code: String,
    /// Approve a `review` verdict (never a `deny`).
    pub approve_review: bool,
    /// Who approves, as recorded.
    pub approved_by: String,
    /// Becomes `true` to cancel.
    pub cancel: Option<tokio::sync::watch::Receiver<bool>>,
}

/// A run whose code is written and recorded but not run yet: the person
/// reads (and may edit) [`Draft::generated`], then runs or discards it.
#[derive(Debug)]
pub struct Draft {
    ctx: RunCtx,
    generated: Generated,
}

impl Draft {
    /// The run id the draft is recorded under.
    pub fn run_id(&self) -> &str {
        &self.ctx.report.run_id
    }

    /// The code the generator wrote.
    pub fn generated(&self) -> &Generated {
        &self.generated
    }

    /// The goal's language.
    pub fn lang(&self) -> Lang {
        self.ctx.report.lang
    }

    /// The sandbox limits recorded for the draft's run (the code runs
    /// under these).
    pub fn limits(&self) -> &Limits {
        &self.ctx.setup.limits
    }
}

/// What [`Engine::draft`] made: code to show, or a run that already stopped
/// (an unusable input, a goal not understood, a model that failed).
#[derive(Debug)]
pub enum Drafted {
    /// Code is ready to be reviewed and run.
    Ready(Box<Draft>),
    /// The run stopped; its report says why.
    Stopped(Box<RunReport>),
}

/// Why a request could not be previewed.
#[derive(Debug, thiserror::Error)]
pub enum PreviewError {
    /// An input cannot be used.
    #[error(transparent)]
    Input(#[from] inputs::InputError),
    /// The provider settings are not usable.
    #[error(transparent)]
    Provider(#[from] crate::provider::ProviderError),
}

/// The exact request a run of `files` and `goal` would send to the model
/// first, with nothing sent (the CLI's `--show-prompt`, the app's panel);
/// `None` when the provider sends nothing (`offline`). Inputs are described
/// as [`Engine::run`] describes them, and the memory limit told is the one
/// the run would choose (`memory_estimated`: as
/// [`Engine::with_memory_estimated`]), so the body is byte for byte the one
/// the run records and sends; `cache` as [`Engine::with_describe_cache`].
pub fn preview_prompt(
    files: &[PathBuf],
    goal: &str,
    model: Option<&ModelSettings>,
    limits: &Limits,
    memory_estimated: bool,
    cache: Option<&inputs::DescribeCache>,
) -> Result<Option<generator::Outgoing>, PreviewError> {
    let Some(settings) = model else {
        return Ok(None);
    };
    let mut described = Vec::with_capacity(files.len());
    for f in files {
        let max = inputs::DEFAULT_MAX_INPUT_BYTES;
        described.push(match cache {
            Some(cache) => cache.describe(f, max)?,
            None => inputs::describe(f, max)?,
        });
    }
    let generator = crate::provider::ModelGenerator::preview_only(settings.clone())?;
    let mut limits = limits.clone();
    if memory_estimated {
        let machine = memory::machine_memory();
        limits.memory_bytes = memory::choose(None, &described, None, machine).bytes;
    }
    let request = GenerationRequest {
        goal,
        lang: Lang::detect(goal),
        inputs: &described,
        limits: &limits,
        follows: &[],
    };
    Ok(generator.outgoing(&request, None))
}

/// Resolves when `cancel` turns `true`; never without a cancel signal (or
/// once its sender is gone).
async fn cancel_requested(cancel: Option<tokio::sync::watch::Receiver<bool>>) {
    if let Some(mut rx) = cancel {
        if rx.wait_for(|c| *c).await.is_ok() {
            return;
        }
    }
    std::future::pending::<()>().await
}

/// The background creation of a container; aborted when dropped unused, so
/// every early end of a run gives the container back.
struct Preparing(
    tokio::task::JoinHandle<Result<Box<dyn executor::Prepared>, glovebox_sandbox::SandboxError>>,
);

impl Drop for Preparing {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// A run's state while its stages go: the report folded so far and what
/// the stages share.
#[derive(Debug)]
struct RunCtx {
    report: RunReport,
    setup: JobSetup,
    stamps: Vec<(PathBuf, Option<FileStamp>)>,
    outputs_to: Option<PathBuf>,
    /// The run's private output folder when no output folder was given.
    scratch: Option<scratch::Scratch>,
    /// The files the last attempt's code wrote, with their copies' paths.
    outputs: Vec<glovebox_sandbox::OutputFile>,
    cancel: Option<tokio::sync::watch::Receiver<bool>>,
    approve_review: bool,
    approved_by: String,
    /// Who chose the memory limit of `setup.limits` (none before the
    /// inputs were read).
    memory_from: Option<memory::MemoryFrom>,
}

impl RunCtx {
    fn lang(&self) -> Lang {
        self.report.lang
    }

    fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| *c.borrow())
    }
}

/// How a run ends early.
#[derive(Debug)]
struct Stop {
    status: Status,
    kind: StopKind,
    reason: String,
    /// Rephrasings that would run as written (goals not clear enough).
    suggestions: Vec<String>,
}

impl Stop {
    fn new(status: Status, kind: StopKind, reason: impl Into<String>) -> Self {
        Self {
            status,
            kind,
            reason: reason.into(),
            suggestions: Vec::new(),
        }
    }

    fn input(reason: impl Into<String>) -> Self {
        Self::new(Status::Stopped, StopKind::Input, reason)
    }
}

/// Why the stages stopped before the end: the run stops (recorded), or the
/// engine itself failed (nothing more can be recorded).
#[derive(Debug)]
enum Halt {
    Stop(Stop),
    Engine(EngineError),
}

impl From<Stop> for Halt {
    fn from(stop: Stop) -> Self {
        Self::Stop(stop)
    }
}

impl From<EngineError> for Halt {
    fn from(e: EngineError) -> Self {
        Self::Engine(e)
    }
}

impl From<AuditError> for Halt {
    fn from(e: AuditError) -> Self {
        Self::Engine(EngineError::Audit(e))
    }
}

/// Makes the generator a request names.
pub type GeneratorMaker =
    Arc<dyn Fn(&RunRequest) -> Result<Box<dyn Generator>, GenerateError> + Send + Sync>;

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("store", &self.store)
            .field("executor", &self.executor)
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

/// The engine: an audit store, a sandbox, a policy profile, generators.
pub struct Engine {
    store: AuditStore,
    executor: Arc<dyn executor::Executor>,
    generators: GeneratorMaker,
    profile: Profile,
    support_dir: PathBuf,
    limits: Limits,
    /// The memory limit of `limits` was set by the person (the default
    /// until [`Engine::with_memory_estimated`]); else estimated per run.
    memory_set: bool,
    /// The machine's memory, the cap of an estimated limit.
    machine_memory: Option<u64>,
    max_input_bytes: u64,
    repair_attempts: u32,
    /// Descriptions kept between the steps of a question (the app's); each
    /// run reads its inputs itself without one.
    described: Option<Arc<inputs::DescribeCache>>,
    /// Told how far each input has been read while it is described.
    reading: Option<Arc<inputs::ReadProgress>>,
}

impl Engine {
    /// Opens the audit log at `db`, marks runs left unfinished by a dead process
    /// as interrupted, and installs the support files.
    pub fn open(db: &Path, sandbox: Sandbox, limits: Limits) -> Result<Self, EngineError> {
        let run_root = sandbox
            .dirs()
            .work
            .parent()
            .map(Path::to_owned)
            .unwrap_or_else(std::env::temp_dir);
        Self::open_with(db, Arc::new(sandbox), &run_root, limits)
    }

    /// An engine that drafts code but cannot run it ([`executor::DraftsOnly`]):
    /// the app writes code this way, also on a machine that cannot sandbox;
    /// the draft then runs on an engine with the real sandbox.
    pub fn open_for_drafts(db: &Path, limits: Limits) -> Result<Self, EngineError> {
        // Beside the person's own audit log, not in a shared folder.
        let run_root = db
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .map_or_else(|| PathBuf::from("."), Path::to_owned)
            .join("drafts");
        Self::open_with(db, Arc::new(executor::DraftsOnly), &run_root, limits)
    }

    /// [`Engine::open`] with another executor (the run loop's unit tests);
    /// the support files go under `run_root`.
    pub fn open_with(
        db: &Path,
        executor: Arc<dyn executor::Executor>,
        run_root: &Path,
        limits: Limits,
    ) -> Result<Self, EngineError> {
        let mut store = AuditStore::open(db)?;
        store.mark_interrupted_runs()?;
        let support_dir = support::install(run_root).map_err(EngineError::Support)?;
        Ok(Self {
            store,
            executor,
            generators: Arc::new(|r: &RunRequest| {
                provider::for_provider(&r.provider, r.model.as_ref())
            }),
            profile: Profile::builtin(),
            support_dir,
            limits,
            memory_set: true,
            machine_memory: memory::machine_memory(),
            max_input_bytes: inputs::DEFAULT_MAX_INPUT_BYTES,
            repair_attempts: generator::DEFAULT_REPAIR_ATTEMPTS,
            described: None,
            reading: None,
        })
    }

    /// Chooses each run's memory limit from its inputs ([`memory`]) instead
    /// of the limit given at open, which the person did not set.
    pub fn with_memory_estimated(mut self) -> Self {
        self.memory_set = false;
        self
    }

    /// Takes the inputs' descriptions from `cache` while the files are
    /// unchanged (the app described them when they were dropped), instead
    /// of reading each file again.
    pub fn with_describe_cache(mut self, cache: Arc<inputs::DescribeCache>) -> Self {
        self.described = Some(cache);
        self
    }

    /// Tells `progress` how far each input has been read while it is
    /// described (the CLI's line on stderr for a large file).
    pub fn with_read_progress(mut self, progress: Arc<inputs::ReadProgress>) -> Self {
        self.reading = Some(progress);
        self
    }

    /// The audit store.
    pub fn store(&self) -> &AuditStore {
        &self.store
    }

    /// Runs the pipeline once; `progress` hears each stage as it starts.
    pub async fn run(
        &mut self,
        request: RunRequest,
        mut progress: impl FnMut(Progress<'_>),
    ) -> Result<RunReport, EngineError> {
        let mut ctx = self.begin(&request, &mut progress)?;
        let span = tracing::info_span!("run", run_id = %ctx.report.run_id);
        let ended = self
            .run_stages(&mut ctx, request, &mut progress)
            .instrument(span)
            .await;
        self.conclude(ctx, ended)
    }

    /// The first phase of a two-phase run: records the run and its inputs,
    /// asks the generator of `request.provider` for code (a model's request
    /// recorded before it is sent) and returns it to be reviewed. The run
    /// stays open until [`Engine::run_draft`] or [`Engine::discard`].
    pub async fn draft(
        &mut self,
        request: RunRequest,
        mut progress: impl FnMut(Progress<'_>),
    ) -> Result<Drafted, EngineError> {
        let mut ctx = self.begin(&request, &mut progress)?;
        let span = tracing::info_span!("draft", run_id = %ctx.report.run_id);
        let drafted = self
            .draft_stages(&mut ctx, &request, &mut progress)
            .instrument(span)
            .await;
        match drafted {
            Ok(generated) => Ok(Drafted::Ready(Box::new(Draft { ctx, generated }))),
            Err(halt) => Ok(Drafted::Stopped(Box::new(self.conclude(ctx, Err(halt))?))),
        }
    }

    /// The second phase: runs `how.code` on the draft's run. The inputs
    /// must be as they were when the draft described them (same size, time
    /// and file), else the run stops without reading them again.
    pub async fn run_draft(
        &mut self,
        draft: Draft,
        how: DraftRun,
        mut progress: impl FnMut(Progress<'_>),
    ) -> Result<RunReport, EngineError> {
        let Draft { mut ctx, generated } = draft;
        let span = tracing::info_span!("run_draft", run_id = %ctx.report.run_id);
        ctx.cancel = how.cancel;
        ctx.approve_review = how.approve_review;
        ctx.approved_by = how.approved_by;
        // The code runs with this engine's support files (the drafting
        // engine may have had no sandbox, see `open_for_drafts`).
        ctx.setup.support = Some(self.support());
        let ended = self
            .run_drafted(&mut ctx, &generated, how.code, &mut progress)
            .instrument(span)
            .await;
        self.conclude(ctx, ended)
    }

    /// Ends a draft that will not run because another question replaced
    /// it: recorded as stopped (`cancelled`), saying so in the goal's
    /// language.
    pub fn discard(&mut self, draft: Draft) -> Result<RunReport, EngineError> {
        let reason = stop_reason(draft.lang(), &StopReason::NotRun);
        let stop = Stop::new(Status::Stopped, StopKind::Cancelled, reason);
        self.conclude(draft.ctx, Err(Halt::Stop(stop)))
    }

    /// Makes generators with `maker` instead of [`provider::for_provider`]
    /// (the run loop's unit tests script their generators).
    pub fn with_generators(mut self, maker: GeneratorMaker) -> Self {
        self.generators = maker;
        self
    }

    /// The generator `request` names; a missing key or setting is a
    /// `setup` stop, an unknown name `input`.
    fn generator_for(&self, request: &RunRequest) -> Result<Box<dyn Generator>, Stop> {
        (self.generators)(request).map_err(|e| {
            let kind = match &e {
                GenerateError::Provider(_) => StopKind::Setup,
                _ => StopKind::Input,
            };
            Stop::new(Status::Stopped, kind, e.to_string())
        })
    }

    /// The support files this engine installed, for the job's `/glovebox`.
    fn support(&self) -> Support {
        Support {
            dir: self.support_dir.clone(),
            entrypoint: support::ENTRYPOINT.into(),
        }
    }

    /// Records one step and folds it into the report.
    fn record(&mut self, ctx: &mut RunCtx, event: Event) -> Result<(), EngineError> {
        let entry = self.store.record(&ctx.report.run_id, &event)?;
        ctx.report.apply(&Recorded {
            run_id: entry.run_id,
            seq: entry.seq,
            at: entry.at,
            hash: entry.hash,
            event,
        });
        Ok(())
    }

    /// Records `run_started`: the run exists before anything else happens.
    fn begin(
        &mut self,
        request: &RunRequest,
        progress: &mut impl FnMut(Progress<'_>),
    ) -> Result<RunCtx, EngineError> {
        let run_id = format!(
            "run-{}",
            glovebox_sandbox::random::hex(8).map_err(EngineError::Random)?
        );
        let follows = request
            .follows
            .as_deref()
            .map(|id| follow::follow_up(&self.store, id))
            .transpose()?;
        let lang = match &follows {
            Some(f) => generator::plan::follow::chain_lang(&f.goals, &request.goal),
            None => Lang::detect(&request.goal),
        };
        let pid = std::process::id();
        let mut ctx = RunCtx {
            report: RunReport::started(&run_id, lang),
            setup: JobSetup {
                inputs: vec![],
                limits: self.limits.clone(),
                support: Some(self.support()),
            },
            stamps: Vec::new(),
            outputs_to: None,
            scratch: None,
            outputs: Vec::new(),
            cancel: request.cancel.clone(),
            approve_review: request.approve_review,
            approved_by: request
                .approved_by
                .clone()
                .unwrap_or_else(|| DEFAULT_APPROVER.into()),
            memory_from: None,
        };
        let started = RunStarted {
            goal: request.goal.clone(),
            files: request.files.clone(),
            provider: request.provider.clone(),
            model: request
                .model
                .as_ref()
                .map(serde_json::to_value)
                .transpose()
                .map_err(AuditError::from)?,
            lang,
            pid,
            pid_start: crate::audit::process_start(pid),
            limits: self.limits.clone(),
            rerun_of: request.rerun_of.clone(),
            follows,
        };
        self.record(&mut ctx, Event::RunStarted(started))?;
        progress(Progress::Started(&run_id));
        Ok(ctx)
    }

    /// The stages of a one-call run, after `run_started`.
    async fn run_stages(
        &mut self,
        ctx: &mut RunCtx,
        request: RunRequest,
        progress: &mut impl FnMut(Progress<'_>),
    ) -> Result<(), Halt> {
        progress(Progress::Stage(Stage::Inspect));
        self.inspect(ctx, &request.files)?;
        self.check_follow(ctx)?;
        ctx.outputs_to = match request.out_dir.as_deref() {
            Some(dir) => Some(output_folder(dir)?),
            None => self.scratch_for(ctx),
        };
        // Create the container now: it is ready by the time the code is.
        let prepared = self.spawn_prepare(ctx);
        progress(Progress::Stage(Stage::Generate));
        let generator = match request.code {
            Some(_) => None,
            None => Some(self.generator_for(&request)?),
        };
        let inputs = ctx.report.inputs.clone();
        let limits = ctx.setup.limits.clone();
        let follows = follow::goals(ctx);
        let gen_request = GenerationRequest {
            goal: &request.goal,
            lang: ctx.lang(),
            inputs: &inputs,
            limits: &limits,
            follows: &follows,
        };
        let produced = match (request.code, &generator) {
            (Some(code), _) => Ok(self.given_code(ctx, code, request.generated.as_ref())?),
            (None, Some(g)) => {
                self.produce(ctx, 1, g.as_ref(), &gen_request, None, progress)
                    .await?
            }
            (None, None) => {
                let reason = stop_reason(ctx.lang(), &StopReason::NoGenerator);
                return Err(Stop::new(Status::Stopped, StopKind::NoGenerator, reason).into());
            }
        };
        let attempts = attempt::Attempts {
            repairer: generator.as_deref().map(|g| (g, &gen_request)),
            max: match &generator {
                Some(g) if g.can_repair() => 1 + self.repair_attempts,
                _ => 1,
            },
        };
        self.attempt_loop(ctx, &attempts, produced, prepared, progress)
            .await
    }

    /// The stages of a draft, after `run_started`: inputs, then code.
    async fn draft_stages(
        &mut self,
        ctx: &mut RunCtx,
        request: &RunRequest,
        progress: &mut impl FnMut(Progress<'_>),
    ) -> Result<Generated, Halt> {
        progress(Progress::Stage(Stage::Inspect));
        self.inspect(ctx, &request.files)?;
        self.check_follow(ctx)?;
        progress(Progress::Stage(Stage::Generate));
        let generator = self.generator_for(request)?;
        let inputs = ctx.report.inputs.clone();
        let limits = ctx.setup.limits.clone();
        let follows = follow::goals(ctx);
        let gen_request = GenerationRequest {
            goal: &request.goal,
            lang: ctx.lang(),
            inputs: &inputs,
            limits: &limits,
            follows: &follows,
        };
        match self
            .produce(ctx, 1, generator.as_ref(), &gen_request, None, progress)
            .await?
        {
            Ok(generated) => Ok(generated),
            Err(GenerateError::NoCode { problem, .. }) => Err(Stop::new(
                Status::Stopped,
                StopKind::Model,
                stop_reason(ctx.lang(), &StopReason::NoCode(&problem.to_string())),
            )
            .into()),
            Err(e) => Err(self
                .generation_failed(ctx, 1, &request.provider, &e)?
                .into()),
        }
    }

    /// The stages of a draft's run: the inputs unchanged, then one attempt
    /// with the person's code (never rewritten).
    async fn run_drafted(
        &mut self,
        ctx: &mut RunCtx,
        generated: &Generated,
        code: String,
        progress: &mut impl FnMut(Progress<'_>),
    ) -> Result<(), Halt> {
        progress(Progress::Stage(Stage::Inspect));
        if let Some(name) = changed_input(&ctx.stamps) {
            let reason = stop_reason(ctx.lang(), &StopReason::InputChangedSinceDraft(&name));
            return Err(Stop::input(reason).into());
        }
        if ctx.outputs_to.is_none() {
            ctx.outputs_to = self.scratch_for(ctx);
        }
        let prepared = self.spawn_prepare(ctx);
        let produced = Ok(self.given_code(ctx, code, Some(generated))?);
        let attempts = attempt::Attempts {
            repairer: None,
            max: 1,
        };
        self.attempt_loop(ctx, &attempts, produced, prepared, progress)
            .await
    }

    /// Describes and records each input, and adds it to the job.
    fn inspect(&mut self, ctx: &mut RunCtx, files: &[PathBuf]) -> Result<(), Halt> {
        let _span = tracing::info_span!("inspect", files = files.len()).entered();
        for file in files {
            // `book.xlsx#Sheet` names a sheet of the file `book.xlsx`.
            let (on_disk, _) = inputs::split_sheet(file);
            ctx.stamps.push((on_disk.clone(), inputs::stamp(&on_disk)));
            let (max, access, told) = (
                self.max_input_bytes,
                inputs::Access::of_this_process(),
                self.reading.as_ref(),
            );
            let described = match &self.described {
                Some(cache) => cache.describe_reporting(file, max, access, told),
                None => inputs::describe_reporting(file, max, access, told),
            };
            match described {
                Ok(desc) => self.record(ctx, Event::Input(desc))?,
                Err(e) => {
                    let problem = crate::messages::input_problem(ctx.lang(), &e);
                    let reason = stop_reason(ctx.lang(), &StopReason::InputUnusable(&problem));
                    return Err(Stop::input(reason).into());
                }
            }
            ctx.setup
                .add_input(&on_disk)
                .map_err(|e| Stop::input(e.to_string()))?;
        }
        self.fit_memory(ctx, None);
        Ok(())
    }

    /// Sets the run's memory limit for `code` (`None`: not written yet)
    /// as [`memory::choose`] says; true when it changed.
    fn fit_memory(&self, ctx: &mut RunCtx, code: Option<&str>) -> bool {
        let set = self.memory_set.then_some(self.limits.memory_bytes);
        let choice = memory::choose(set, &ctx.report.inputs, code, self.machine_memory);
        ctx.memory_from = Some(choice.from);
        let changed = ctx.setup.limits.memory_bytes != choice.bytes;
        ctx.setup.limits.memory_bytes = choice.bytes;
        changed
    }

    /// A private output folder for the run (see `scratch`); without one
    /// the files the code writes are neither listed nor read.
    fn scratch_for(&self, ctx: &mut RunCtx) -> Option<PathBuf> {
        let root = self.support_dir.parent()?.parent()?.join("outputs");
        match scratch::Scratch::create(&root, &ctx.report.run_id) {
            Ok(s) => {
                let path = s.path().to_owned();
                ctx.scratch = Some(s);
                Some(path)
            }
            Err(e) => {
                tracing::warn!(root = %root.display(), "no private output folder: {e}");
                None
            }
        }
    }

    /// Starts creating the container for the job in the background.
    fn spawn_prepare(&self, ctx: &RunCtx) -> Preparing {
        let prepare = self
            .executor
            .prepare(ctx.setup.clone(), ctx.outputs_to.clone());
        Preparing(tokio::spawn(prepare))
    }

    /// Code the person gave (or edited): recorded with the generated code
    /// it came from, if any, so reports show the difference.
    fn given_code(
        &mut self,
        ctx: &mut RunCtx,
        code: String,
        generated: Option<&Generated>,
    ) -> Result<Generated, EngineError> {
        if let Some(g) = generated {
            let event = Event::GeneratedCode(GeneratedCode {
                origin: g.origin.clone(),
                text: g.code.clone(),
                plan: plan_value(g),
                edited: code != g.code,
            });
            self.record(ctx, event)?;
        }
        Ok(Generated {
            origin: match generated {
                Some(g) if g.code == code => g.origin.clone(),
                _ => "user".into(),
            },
            plan: generated.and_then(|g| g.plan.clone()),
            code,
            ..Generated::default()
        })
    }

    /// Ends the run: answered runs recorded their end already; a stop is
    /// recorded now.
    fn conclude(
        &mut self,
        mut ctx: RunCtx,
        ended: Result<(), Halt>,
    ) -> Result<RunReport, EngineError> {
        match ended {
            Ok(()) => Ok(ctx.report),
            Err(Halt::Engine(e)) => Err(e),
            Err(Halt::Stop(stop)) => {
                self.stop(&mut ctx, stop)?;
                Ok(ctx.report)
            }
        }
    }
}

/// `DIR/files`, created, for the files the code writes to `/output`; a
/// folder holding an earlier run's files is refused (they would be taken
/// for this run's, and same-named new files would not be copied over them).
fn output_folder(dir: &Path) -> Result<PathBuf, Stop> {
    let files = dir.join("files");
    let earlier = std::fs::read_dir(&files)
        .map(|mut d| d.next().is_some())
        .unwrap_or(false);
    if earlier {
        return Err(Stop::input(format!(
            "the folder {} already holds files from an earlier run; give --out an empty or new folder",
            files.display()
        )));
    }
    std::fs::create_dir_all(&files).map_err(|e| {
        Stop::input(format!(
            "cannot create the output folder {}: {e}",
            files.display()
        ))
    })?;
    Ok(files)
}

/// The name of the first input whose stamp changed since it was described.
fn changed_input(stamps: &[(PathBuf, Option<FileStamp>)]) -> Option<String> {
    stamps
        .iter()
        .find(|(path, before)| before.is_none() || inputs::stamp(path) != *before)
        .map(|(path, _)| {
            path.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        })
}

/// A generated plan as the record keeps it.
fn plan_value(generated: &Generated) -> Option<serde_json::Value> {
    generated
        .plan
        .as_ref()
        .and_then(|p| serde_json::to_value(p).ok())
}
