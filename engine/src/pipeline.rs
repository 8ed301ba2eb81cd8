//! One run of the pipeline: inspect inputs, take the code, check it, run it
//! in the sandbox, validate its result, record every step.
//!
//! Each step is appended to the audit log before its effect is shown. The
//! container is prepared as soon as the inputs are known, so its creation
//! overlaps code generation and review.

use std::path::{Path, PathBuf};

use glovebox_sandbox::{JobSetup, Limits, Outcome, Sandbox, Support};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::audit::{AuditError, AuditStore};
use crate::chart::{self, RenderedChart};
use crate::generator::{
    self, explain, GenerateError, Generated, GenerationRequest, Generator, Repair,
};
use crate::inputs::{self, InputDescription};
use crate::lang::Lang;
use crate::messages::{stop_reason, StopReason};
use crate::policy::{self, PolicyReport, Profile, Verdict};
use crate::provider::ModelSettings;
use crate::support;
use crate::validate::{self, CheckedResult, Value};

/// Tables the offline recipes add to say how many rows were used; they are
/// read by the explanation and never charted.
pub const INTERNAL_TABLES: &[&str] = &["rows_used", "row_counts"];

/// A chart as reported: SVG inline, PNG bytes kept for writing files.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, Serialize)]
pub struct DrawnChart {
    /// `bar`, `line`, `scatter`, `pie` or `histogram`.
    pub kind: String,
    /// Title.
    pub title: String,
    /// The table it was drawn from.
    pub table: String,
    /// SVG document.
    pub svg: String,
    /// PNG image.
    #[serde(skip)]
    pub png: Vec<u8>,
}

impl From<RenderedChart> for DrawnChart {
    fn from(c: RenderedChart) -> Self {
        Self {
            kind: c.kind,
            title: c.title,
            table: c.table,
            svg: c.svg,
            png: c.png,
        }
    }
}

/// The background creation of a container.
type PrepareHandle =
    tokio::task::JoinHandle<Result<glovebox_sandbox::PreparedJob, glovebox_sandbox::SandboxError>>;

/// How one attempt ended.
enum AttemptEnd {
    /// A checked result.
    Answered(Box<CheckedResult>),
    /// A failure, perhaps repairable.
    Failed(Failure),
}

/// Why an attempt failed.
struct Failure {
    status: Status,
    kind: &'static str,
    reason: String,
    /// What a generator is told for a repair: policy findings, the tail of
    /// the error output, the schema error, the limit reached.
    detail: String,
    /// A generator may try again (policy refusal, runtime error, bad result);
    /// not for infrastructure failures, changed inputs or withheld approval.
    repairable: bool,
}

/// Errors that stop the engine itself (not a run).
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The audit log failed: nothing may run unrecorded.
    #[error(transparent)]
    Audit(#[from] AuditError),
    /// The support files could not be installed.
    #[error("cannot install the sandbox support files: {0}")]
    Support(std::io::Error),
}

/// Pipeline stages, reported as progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Reading the inputs.
    Inspect,
    /// Producing the code.
    Generate,
    /// Checking the code.
    Policy,
    /// Running it in the sandbox.
    Execute,
    /// Checking its result.
    Validate,
    /// Writing the final record.
    Record,
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
    /// Text the code printed in the sandbox, as it runs.
    Output {
        /// `stdout` or `stderr`.
        stream: glovebox_sandbox::protocol::OutputStream,
        /// The new text.
        text: &'a str,
    },
}

/// Lines of the error output handed to a model for a repair.
pub const REPAIR_STDERR_LINES: usize = 30;

/// How a run ended.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "RunStatus"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A checked answer.
    Answered,
    /// The policy refused the code (or a review was not approved).
    Blocked,
    /// Stopped with a reason (input error, failed run, invalid result).
    Stopped,
}

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
    /// The generated code the person saw before editing it into `code` (the
    /// app): recorded as `generated_code`, so reports show the diff.
    pub generated: Option<Generated>,
    /// Who approved a `review` verdict, as recorded (`user (--yes)` by default).
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
            generated: None,
            approved_by: None,
            cancel: None,
        }
    }
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

/// One attempt, as reported.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Attempt"))]
#[derive(Debug, Clone, Serialize)]
pub struct AttemptReport {
    /// 1-based.
    pub number: u32,
    /// Policy verdict of this attempt's code (none when the model's reply
    /// had no code).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub verdict: Option<Verdict>,
    /// Why it failed, if it did.
    pub failure: Option<String>,
}

/// The sandbox part of the report.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, Serialize, Default)]
pub struct SandboxReport {
    /// Exit code.
    pub exit_code: Option<i32>,
    /// Signal.
    pub signal: Option<i32>,
    /// Wall-time limit reached.
    pub timed_out: bool,
    /// Memory limit reached.
    pub oom_killed: bool,
    /// Wall time.
    pub wall_ms: u64,
    /// CPU time.
    pub cpu_ms: u64,
    /// Peak memory.
    pub peak_memory_bytes: u64,
    /// Files the code opened (audit hook inside the sandbox).
    pub files_read: Vec<String>,
    /// Network attempts: seen by the sandbox (seccomp) and by the audit hook.
    #[cfg_attr(feature = "ts", ts(type = "Array<Record<string, unknown>>"))]
    pub network_attempts: Vec<serde_json::Value>,
    /// Image digest.
    pub image_digest: String,
    /// Sandbox mode.
    pub mode: String,
    /// Disagreement between what the sandbox saw and what the code's own
    /// audit hook reported (a sign the code tampered with the hook).
    pub cross_check: Option<String>,
    /// Log printed by the code (stdout), truncated.
    pub stdout: String,
    /// Errors printed by the code (stderr), truncated.
    pub stderr: String,
}

/// The full report of a run (the CLI's `--json`).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, Serialize)]
pub struct RunReport {
    /// Run id.
    pub run_id: String,
    /// Outcome.
    pub status: Status,
    /// `values` (name -> number or text) and `text`.
    #[cfg_attr(
        feature = "ts",
        ts(type = "{ text?: string; values?: Record<string, number | string | boolean | null> }")
    )]
    pub answer: serde_json::Value,
    /// Tables.
    pub tables: Vec<validate::RawTable>,
    /// Charts.
    pub charts: Vec<validate::RawChart>,
    /// Plain-language explanation: built from the plan and the checked
    /// result for offline recipes; the code's own notes otherwise.
    pub explanation: String,
    /// Notes the code added.
    pub notes: Vec<String>,
    /// Charts drawn by the host from the checked tables (SVG; PNG bytes are
    /// not serialized).
    pub drawn_charts: Vec<DrawnChart>,
    /// Charts that could not be drawn, and why.
    pub chart_problems: Vec<String>,
    /// Files the code wrote to `/output` (copied when an output folder was given).
    pub output_files: Vec<String>,
    /// The code that ran (or was refused).
    pub code: String,
    /// Attempts.
    pub attempts: Vec<AttemptReport>,
    /// Why the run stopped, in plain words.
    pub stop_reason: Option<String>,
    /// What kind of stop: `input`, `goal`, `no_generator`, `setup` (model
    /// key or settings), `model` (the model service failed or gave no code),
    /// `policy`, `review`, `sandbox`, `result`.
    pub stop_kind: Option<String>,
    /// Policy verdict and findings of the last attempt.
    #[cfg_attr(
        feature = "ts",
        ts(type = "{ verdict: Verdict | null; findings: Array<Finding> }")
    )]
    pub policy: serde_json::Value,
    /// Sandbox outcome of the last attempt.
    pub sandbox: SandboxReport,
    /// Audit: hash of the run's last entry.
    #[cfg_attr(feature = "ts", ts(type = "{ entry_hash?: string; seq?: number }"))]
    pub audit: serde_json::Value,
    /// The inputs as described.
    pub inputs: Vec<InputDescription>,
    /// The goal's language.
    pub lang: Lang,
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
/// as [`Engine::run`] describes them, so the body is byte for byte the one
/// the run records and sends.
pub fn preview_prompt(
    files: &[PathBuf],
    goal: &str,
    model: Option<&ModelSettings>,
    limits: &Limits,
) -> Result<Option<generator::Outgoing>, PreviewError> {
    let Some(settings) = model else {
        return Ok(None);
    };
    let mut described = Vec::with_capacity(files.len());
    for f in files {
        described.push(inputs::describe(f, inputs::DEFAULT_MAX_INPUT_BYTES)?);
    }
    let generator = crate::provider::ModelGenerator::preview_only(settings.clone())?;
    let request = GenerationRequest {
        goal,
        lang: Lang::detect(goal),
        inputs: &described,
        limits,
    };
    Ok(generator.outgoing(&request, None))
}

/// The engine: an audit store, a sandbox, a policy profile.
#[derive(Debug)]
pub struct Engine {
    store: AuditStore,
    sandbox: Sandbox,
    profile: Profile,
    support_dir: PathBuf,
    limits: Limits,
    max_input_bytes: u64,
    repair_attempts: u32,
}

fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    if let Ok(mut f) = std::fs::File::open("/dev/urandom") {
        use std::io::Read;
        let _ = f.read_exact(&mut buf);
    }
    hex::encode(buf)
}

impl Engine {
    /// Opens the audit log at `db`, marks runs left unfinished by a dead process
    /// as interrupted, and installs the support files.
    pub fn open(db: &Path, sandbox: Sandbox, limits: Limits) -> Result<Self, EngineError> {
        let mut store = AuditStore::open(db)?;
        store.mark_interrupted_runs()?;
        let run_root = sandbox
            .dirs()
            .work
            .parent()
            .map(Path::to_owned)
            .unwrap_or_else(std::env::temp_dir);
        let support_dir = support::install(&run_root).map_err(EngineError::Support)?;
        Ok(Self {
            store,
            sandbox,
            profile: Profile::builtin(),
            support_dir,
            limits,
            max_input_bytes: inputs::DEFAULT_MAX_INPUT_BYTES,
            repair_attempts: generator::DEFAULT_REPAIR_ATTEMPTS,
        })
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
        let run_id = format!("run-{}", random_hex(8));
        let _span = tracing::info_span!("run", %run_id).entered();
        let lang = Lang::detect(&request.goal);
        let pid = std::process::id();
        self.store.append(
            &run_id,
            "run_started",
            &json!({
                "goal": request.goal,
                "files": request.files,
                "provider": request.provider,
                "model": request.model,
                "lang": lang,
                "pid": pid,
                "pid_start": crate::audit::process_start(pid),
                "limits": self.limits,
                "rerun_of": request.rerun_of,
            }),
        )?;
        progress(Progress::Started(&run_id));
        let mut report = RunReport {
            run_id: run_id.clone(),
            status: Status::Stopped,
            answer: json!({"values": {}, "text": ""}),
            tables: vec![],
            charts: vec![],
            explanation: String::new(),
            notes: vec![],
            drawn_charts: vec![],
            chart_problems: vec![],
            output_files: vec![],
            code: request.code.clone().unwrap_or_default(),
            attempts: vec![],
            stop_reason: None,
            stop_kind: None,
            policy: json!({"verdict": null, "findings": []}),
            sandbox: SandboxReport::default(),
            audit: json!({}),
            inputs: vec![],
            lang,
        };

        progress(Progress::Stage(Stage::Inspect));
        let mut setup = JobSetup {
            inputs: vec![],
            limits: self.limits.clone(),
            support: Some(Support {
                dir: self.support_dir.clone(),
                entrypoint: support::ENTRYPOINT.into(),
            }),
        };
        let mut stamps = Vec::new();
        for file in &request.files {
            stamps.push((file.clone(), inputs::stamp(file)));
            match inputs::describe(file, self.max_input_bytes) {
                Ok(desc) => {
                    self.store.append(&run_id, "input", &json!(desc))?;
                    report.inputs.push(desc);
                }
                Err(e) => {
                    let reason = stop_reason(lang, &StopReason::InputUnusable(&e.to_string()));
                    return self.stop(report, Status::Stopped, "input", &reason);
                }
            }
            if let Err(e) = setup.add_input(file) {
                return self.stop(report, Status::Stopped, "input", &e.to_string());
            }
        }
        // Files the code writes to /output are kept only when asked.
        let outputs_to = match &request.out_dir {
            Some(dir) => {
                let files = dir.join("files");
                // Files of an earlier run would be mistaken for this one's
                // (and same-named new files would not be copied over them).
                let earlier = std::fs::read_dir(&files)
                    .map(|mut d| d.next().is_some())
                    .unwrap_or(false);
                if earlier {
                    let reason = format!(
                        "the folder {} already holds files from an earlier run; give --out an empty or new folder",
                        files.display()
                    );
                    return self.stop(report, Status::Stopped, "input", &reason);
                }
                if let Err(e) = std::fs::create_dir_all(&files) {
                    let reason =
                        format!("cannot create the output folder {}: {e}", files.display());
                    return self.stop(report, Status::Stopped, "input", &reason);
                }
                Some(files)
            }
            None => None,
        };
        // Create the container now: it is ready by the time the code is.
        let prepared: PrepareHandle = {
            let sandbox = self.sandbox.clone();
            let setup = setup.clone();
            let outputs = outputs_to.clone();
            tokio::spawn(async move { sandbox.prepare(&setup, outputs.as_deref()).await })
        };

        progress(Progress::Stage(Stage::Generate));
        let generator = match request.code {
            Some(_) => None,
            None => match generator::for_provider(&request.provider, request.model.as_ref()) {
                Ok(g) => Some(g),
                Err(e) => {
                    prepared.abort();
                    let kind = match &e {
                        GenerateError::Provider(_) => "setup",
                        _ => "input",
                    };
                    return self.stop(report, Status::Stopped, kind, &e.to_string());
                }
            },
        };
        let limits = self.limits.clone();
        let inputs = report.inputs.clone();
        let gen_request = GenerationRequest {
            goal: &request.goal,
            lang,
            inputs: &inputs,
            limits: &limits,
        };
        if let (Some(code), Some(generated)) = (&request.code, &request.generated) {
            self.store.append(
                &run_id,
                "generated_code",
                &json!({"origin": generated.origin, "text": generated.code, "plan": generated.plan, "edited": *code != generated.code}),
            )?;
        }
        let mut produced = match (&request.code, &generator) {
            (Some(code), _) => Ok(Generated {
                code: code.clone(),
                origin: match &request.generated {
                    Some(g) if g.code == *code => g.origin.clone(),
                    _ => "user".into(),
                },
                plan: request.generated.as_ref().and_then(|g| g.plan.clone()),
                ..Generated::default()
            }),
            (None, Some(g)) => {
                self.produce(
                    &run_id,
                    1,
                    g.as_ref(),
                    &gen_request,
                    None,
                    request.cancel.clone(),
                    &mut progress,
                )
                .await?
            }
            (None, None) => {
                prepared.abort();
                return self.stop(
                    report,
                    Status::Stopped,
                    "no_generator",
                    &stop_reason(lang, &StopReason::NoGenerator),
                );
            }
        };
        // Code given by the user is never rewritten; a generator may repair its own.
        let max_attempts = match &generator {
            Some(g) if g.can_repair() => 1 + self.repair_attempts,
            _ => 1,
        };
        let mut prepared = Some(prepared);
        let mut attempt = 1u32;
        loop {
            let (failure, previous) = match produced {
                Ok(current) => {
                    report.code = current.code.clone();
                    self.store.append(
                        &run_id,
                        "code",
                        &json!({"attempt": attempt, "origin": current.origin, "text": current.code, "plan": current.plan}),
                    )?;
                    let handle = match prepared.take() {
                        Some(h) => h,
                        None => {
                            let sandbox = self.sandbox.clone();
                            let setup = setup.clone();
                            let outputs = outputs_to.clone();
                            tokio::spawn(async move {
                                sandbox.prepare(&setup, outputs.as_deref()).await
                            })
                        }
                    };
                    match self
                        .attempt(
                            &mut report,
                            attempt,
                            &current,
                            handle,
                            &request,
                            &stamps,
                            &mut progress,
                        )
                        .await?
                    {
                        AttemptEnd::Answered(checked) => {
                            return self.answered(report, &current, *checked, lang);
                        }
                        AttemptEnd::Failed(failure) => (failure, current),
                    }
                }
                // A reply without usable code counts as a failed attempt.
                Err(GenerateError::NoCode { problem, reply }) => {
                    report.attempts.push(AttemptReport {
                        number: attempt,
                        verdict: None,
                        failure: None,
                    });
                    let failure = Failure {
                        status: Status::Stopped,
                        kind: "model",
                        reason: stop_reason(lang, &StopReason::NoCode(&problem.to_string())),
                        detail: format!(
                            "{problem}. Reply with the whole program in exactly one fenced python code block."
                        ),
                        repairable: true,
                    };
                    let previous = Generated {
                        origin: generator.as_ref().map(|g| g.name()).unwrap_or("").into(),
                        reply: Some(reply),
                        ..Generated::default()
                    };
                    (failure, previous)
                }
                Err(e) => {
                    if let Some(p) = prepared.take() {
                        p.abort();
                    }
                    self.store.append(
                        &run_id,
                        "generation_failed",
                        &json!({"attempt": attempt, "provider": request.provider, "reason": e.to_string()}),
                    )?;
                    let (kind, reason) = match &e {
                        GenerateError::Goal { .. } => ("goal", e.to_string()),
                        GenerateError::Cancelled => {
                            ("cancelled", stop_reason(lang, &StopReason::Cancelled))
                        }
                        GenerateError::Provider(p) if p.is_setup() => ("setup", e.to_string()),
                        GenerateError::Provider(p) => (
                            "model",
                            stop_reason(lang, &StopReason::ModelFailed(&p.to_string())),
                        ),
                        _ => ("input", e.to_string()),
                    };
                    return self.stop(report, Status::Stopped, kind, &reason);
                }
            };
            if let Some(a) = report.attempts.last_mut() {
                a.failure = Some(failure.reason.clone());
            }
            let repair = failure.repairable && attempt < max_attempts;
            let generator = match &generator {
                Some(g) if repair => g.as_ref(),
                _ => {
                    let reason = if attempt > 1 {
                        stop_reason(
                            lang,
                            &StopReason::GaveUp {
                                attempts: attempt,
                                last: &failure.reason,
                            },
                        )
                    } else {
                        failure.reason.clone()
                    };
                    return self.stop(report, failure.status, failure.kind, &reason);
                }
            };
            self.store.append(
                &run_id,
                "attempt_failed",
                &json!({"attempt": attempt, "kind": failure.kind, "reason": failure.reason, "detail": failure.detail, "repair": true}),
            )?;
            attempt += 1;
            let repair = Repair {
                previous: &previous,
                failure: &failure.detail,
            };
            produced = self
                .produce(
                    &run_id,
                    attempt,
                    generator,
                    &gen_request,
                    Some(repair),
                    request.cancel.clone(),
                    &mut progress,
                )
                .await?;
        }
    }

    /// Asks `generator` for code (a first attempt, or a repair), recording
    /// the exact request before it leaves the machine and the whole reply.
    #[allow(clippy::too_many_arguments)]
    async fn produce(
        &mut self,
        run_id: &str,
        attempt: u32,
        generator: &dyn Generator,
        request: &GenerationRequest<'_>,
        repair: Option<Repair<'_>>,
        cancel: Option<tokio::sync::watch::Receiver<bool>>,
        progress: &mut impl FnMut(Progress<'_>),
    ) -> Result<Result<Generated, GenerateError>, EngineError> {
        let outgoing = generator.outgoing(request, repair.as_ref());
        if let Some(out) = &outgoing {
            self.store.append(
                run_id,
                "model_request",
                &json!({"attempt": attempt, "provider": out.provider, "model": out.model, "url": out.url, "body": out.body}),
            )?;
        }
        progress(Progress::Stage(Stage::Generate));
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<String>();
        let sink = move |text: &str| {
            let _ = tx.send(text.to_owned());
        };
        let future = match repair {
            None => Some(generator.generate(request, &sink)),
            Some(r) => generator.repair(request, r, &sink),
        };
        let Some(future) = future else {
            return Ok(Err(GenerateError::Provider(
                crate::provider::ProviderError::Settings(format!(
                    "the {} generator cannot repair its code",
                    generator.name()
                )),
            )));
        };
        tokio::pin!(future);
        let cancelled = cancel_requested(cancel);
        tokio::pin!(cancelled);
        let result = loop {
            tokio::select! {
                result = &mut future => break result,
                Some(text) = rx.recv() => progress(Progress::ModelText(&text)),
                () = &mut cancelled => break Err(GenerateError::Cancelled),
            }
        };
        while let Ok(text) = rx.try_recv() {
            progress(Progress::ModelText(&text));
        }
        if outgoing.is_some() {
            match &result {
                Ok(g) => self.store.append(
                    run_id,
                    "model_reply",
                    &json!({"attempt": attempt, "reply": g.reply, "call": g.call}),
                )?,
                Err(GenerateError::NoCode { problem, reply }) => self.store.append(
                    run_id,
                    "model_reply",
                    &json!({"attempt": attempt, "reply": reply, "problem": problem.to_string()}),
                )?,
                Err(e) => self.store.append(
                    run_id,
                    "model_error",
                    &json!({"attempt": attempt, "reason": e.to_string()}),
                )?,
            };
        }
        Ok(result)
    }

    /// One attempt: policy, sandbox, validation.
    #[allow(clippy::too_many_arguments)]
    async fn attempt(
        &mut self,
        report: &mut RunReport,
        attempt: u32,
        current: &Generated,
        prepared: PrepareHandle,
        request: &RunRequest,
        stamps: &[(PathBuf, Option<inputs::FileStamp>)],
        progress: &mut impl FnMut(Progress<'_>),
    ) -> Result<AttemptEnd, EngineError> {
        let lang = report.lang;
        let run_id = report.run_id.clone();
        let code = &current.code;
        progress(Progress::Stage(Stage::Policy));
        let policy_report = policy::check(code, lang, &self.profile);
        self.store.append(
            &run_id,
            "policy",
            &json!({"attempt": attempt, "report": policy_report}),
        )?;
        report.policy = json!(policy_report);
        report.attempts.push(AttemptReport {
            number: attempt,
            verdict: Some(policy_report.verdict),
            failure: None,
        });
        match policy_report.verdict {
            Verdict::Deny => {
                prepared.abort();
                return Ok(AttemptEnd::Failed(Failure {
                    status: Status::Blocked,
                    kind: "policy",
                    reason: first_message(&policy_report),
                    detail: all_findings(&policy_report),
                    repairable: true,
                }));
            }
            Verdict::Review if !request.approve_review => {
                prepared.abort();
                let reason = stop_reason(
                    lang,
                    &StopReason::NeedsApproval(&first_message(&policy_report)),
                );
                return Ok(AttemptEnd::Failed(Failure {
                    status: Status::Blocked,
                    kind: "review",
                    detail: reason.clone(),
                    reason,
                    repairable: false,
                }));
            }
            Verdict::Review => {
                let by = request.approved_by.as_deref().unwrap_or("user (--yes)");
                self.store.append(
                    &run_id,
                    "approval",
                    &json!({"attempt": attempt, "by": by, "findings": policy_report.findings}),
                )?;
            }
            Verdict::Allow => {}
        }

        // A cancel that came while the code was checked, or while the
        // container is still being created, stops the run before it starts.
        let mut prepared = prepared;
        if request.cancel.as_ref().is_some_and(|c| *c.borrow()) {
            prepared.abort();
            return Ok(AttemptEnd::Failed(cancelled(lang)));
        }
        progress(Progress::Stage(Stage::Execute));
        let nonce = random_hex(16);
        let prepared = tokio::select! {
            joined = &mut prepared => joined.unwrap_or_else(|e| {
                Err(glovebox_sandbox::SandboxError::Io(std::io::Error::other(e)))
            }),
            () = cancel_requested(request.cancel.clone()) => {
                prepared.abort();
                return Ok(AttemptEnd::Failed(cancelled(lang)));
            }
        };
        let outcome = match prepared {
            Ok(job) => match job
                .start_with_files(code, vec![("nonce".into(), nonce.clone())])
                .await
            {
                Ok(mut running) => {
                    let (output_tx, mut output_rx) = tokio::sync::mpsc::unbounded_channel();
                    running.stream_output_to(output_tx);
                    let waiting = cancel_requested(request.cancel.clone());
                    tokio::pin!(waiting);
                    let first = loop {
                        tokio::select! {
                            result = running.outcome() => break Some(result),
                            () = &mut waiting => break None,
                            Some((stream, text)) = output_rx.recv() => {
                                progress(Progress::Output { stream, text: &text });
                            }
                        }
                    };
                    while let Ok((stream, text)) = output_rx.try_recv() {
                        progress(Progress::Output {
                            stream,
                            text: &text,
                        });
                    }
                    match first {
                        Some(Err(e)) => Err(e),
                        Some(Ok(_)) => running.finish().await,
                        None => {
                            tracing::info!(%run_id, "cancel requested: stopping the container");
                            if let Err(e) = running.cancel().await {
                                tracing::warn!(error = %e, "could not send cancel to the helper");
                            }
                            running.finish().await
                        }
                    }
                }
                Err(e) => Err(e),
            },
            Err(e) => Err(e),
        };
        let outcome = match outcome {
            Ok(o) => o,
            Err(e) => {
                self.store.append(
                    &run_id,
                    "sandbox_error",
                    &json!({"attempt": attempt, "code": e.code(), "message": e.to_string()}),
                )?;
                let reason = stop_reason(lang, &StopReason::SandboxFailed(&e.to_string()));
                return Ok(AttemptEnd::Failed(Failure {
                    status: Status::Stopped,
                    kind: "sandbox",
                    detail: reason.clone(),
                    reason,
                    repairable: false,
                }));
            }
        };
        self.store.append(
            &run_id,
            "sandbox",
            &json!({"attempt": attempt, "limits": self.limits, "outcome": outcome}),
        )?;
        report.sandbox = sandbox_report(&outcome);
        if outcome.cancelled {
            return Ok(AttemptEnd::Failed(cancelled(lang)));
        }
        report.output_files = outcome
            .output_files
            .iter()
            .map(|f| f.name.clone())
            .collect();

        progress(Progress::Stage(Stage::Validate));
        // The recorded sha256 must describe the bytes the code read.
        let changed = stamps
            .iter()
            .find(|(path, before)| before.is_none() || inputs::stamp(path) != *before)
            .map(|(path, _)| {
                path.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default()
            });
        if let Some(name) = changed {
            let reason = stop_reason(lang, &StopReason::InputChanged(&name));
            return Ok(AttemptEnd::Failed(Failure {
                status: Status::Stopped,
                kind: "input",
                detail: reason.clone(),
                reason,
                repairable: false,
            }));
        }
        let checked = if let Some(reason) = limit_reason(lang, &outcome, &self.limits) {
            Err(reason)
        } else {
            validate::check(&outcome.result, outcome.result_truncated, &nonce)
                .map_err(|p| stop_reason(lang, &StopReason::Result(&p)))
        };
        match checked {
            Ok(checked) => {
                enrich_sandbox_report(&mut report.sandbox, &checked);
                self.store.append(
                    &run_id,
                    "result",
                    &json!({"attempt": attempt, "result": checked}),
                )?;
                Ok(AttemptEnd::Answered(Box::new(checked)))
            }
            Err(reason) => Ok(AttemptEnd::Failed(Failure {
                status: Status::Stopped,
                kind: "result",
                detail: model_detail(&outcome, &self.limits, &reason),
                reason,
                repairable: true,
            })),
        }
    }

    /// Records an answered run: explanation, charts, final entry.
    fn answered(
        &mut self,
        mut report: RunReport,
        current: &Generated,
        checked: CheckedResult,
        lang: Lang,
    ) -> Result<RunReport, EngineError> {
        let run_id = report.run_id.clone();
        report.answer = answer_json(&checked);
        report.explanation = match &current.plan {
            Some(plan) => explain::explain(plan, &checked),
            None => checked.notes.join("\n"),
        };
        report.notes = checked.notes.clone();
        let _span = tracing::info_span!("draw_charts").entered();
        let mut specs = checked.charts.clone();
        if specs.is_empty() {
            // The code asked for none: choose one from the result's shape.
            specs.extend(
                checked
                    .tables
                    .iter()
                    .filter(|t| !INTERNAL_TABLES.contains(&t.name.as_str()))
                    .find_map(chart::choose),
            );
        }
        for spec in &specs {
            let Some(table) = checked.tables.iter().find(|t| t.name == spec.table) else {
                continue;
            };
            match chart::render(spec, table, lang) {
                Ok(drawn) => {
                    self.store.append(
                        &run_id,
                        "chart",
                        &json!({"kind": drawn.kind, "title": drawn.title, "table": drawn.table, "svg": drawn.svg, "png_base64": crate::report::html::base64(&drawn.png)}),
                    )?;
                    report.drawn_charts.push(DrawnChart::from(drawn));
                }
                Err(e) => {
                    self.store.append(
                        &run_id,
                        "chart_failed",
                        &json!({"kind": spec.kind, "table": spec.table, "reason": e.to_string()}),
                    )?;
                    report.chart_problems.push(e.to_string());
                }
            }
        }
        report.tables = checked.tables;
        report.charts = checked.charts;
        report.status = Status::Answered;
        let last = self.store.append(
            &run_id,
            "run_finished",
            &json!({"status": report.status, "answer": report.answer, "explanation": report.explanation}),
        )?;
        report.audit = json!({"entry_hash": last.hash, "seq": last.seq});
        Ok(report)
    }

    fn stop(
        &mut self,
        mut report: RunReport,
        status: Status,
        kind: &str,
        reason: &str,
    ) -> Result<RunReport, EngineError> {
        report.status = status;
        report.stop_kind = Some(kind.to_owned());
        report.stop_reason = Some(reason.to_owned());
        let last = self.store.append(
            &report.run_id,
            "run_finished",
            &json!({"status": status, "stop_kind": kind, "stop_reason": reason}),
        )?;
        report.audit = json!({"entry_hash": last.hash, "seq": last.seq});
        Ok(report)
    }
}

/// The failure of an attempt the person cancelled (never repaired).
fn cancelled(lang: Lang) -> Failure {
    let reason = stop_reason(lang, &StopReason::Cancelled);
    Failure {
        status: Status::Stopped,
        kind: "cancelled",
        detail: reason.clone(),
        reason,
        repairable: false,
    }
}

fn first_message(report: &PolicyReport) -> String {
    report
        .findings
        .iter()
        .max_by_key(|f| (f.severity, std::cmp::Reverse(f.line)))
        .map(|f| format!("line {}: {}", f.line, f.message))
        .unwrap_or_default()
}

/// Every finding, for a model to fix them all at once.
fn all_findings(report: &PolicyReport) -> String {
    let lines: Vec<String> = report
        .findings
        .iter()
        .filter(|f| f.severity != Verdict::Allow)
        .map(|f| format!("line {} [{}]: {}", f.line, f.rule, f.message))
        .collect();
    format!(
        "The safety check refused the program:\n{}",
        lines.join("\n")
    )
}

/// What a model is told about a failed run: the limit reached, or the
/// reason with the last lines of the error output.
fn model_detail(o: &Outcome, limits: &Limits, reason: &str) -> String {
    if o.timed_out {
        return format!(
            "timed out after {} s (the time limit): the program must be faster",
            limits.wall_time_ms / 1000
        );
    }
    if o.oom_killed {
        return format!(
            "ran out of memory (the limit is {}): the program must use less memory",
            crate::messages::human_bytes(limits.memory_bytes)
        );
    }
    let lines: Vec<&str> = o.stderr.lines().collect();
    let tail = lines[lines.len().saturating_sub(REPAIR_STDERR_LINES)..].join("\n");
    if tail.trim().is_empty() {
        reason.to_owned()
    } else {
        format!("{reason}\n\nLast lines of the error output:\n{tail}")
    }
}

fn limit_reason(lang: Lang, o: &Outcome, limits: &Limits) -> Option<String> {
    let reason = if o.oom_killed {
        stop_reason(
            lang,
            &StopReason::OutOfMemory(&crate::messages::human_bytes(limits.memory_bytes)),
        )
    } else if o.timed_out {
        stop_reason(lang, &StopReason::TooSlow(limits.wall_time_ms / 1000))
    } else if o.cancelled {
        stop_reason(lang, &StopReason::Cancelled)
    } else if o.pids_limit_hit && o.exit_code != Some(0) {
        stop_reason(lang, &StopReason::TooManyProcesses(limits.pids))
    } else if o.signal.is_some() {
        stop_reason(lang, &StopReason::StoppedBySystem)
    } else {
        return None;
    };
    Some(reason)
}

fn answer_json(checked: &CheckedResult) -> serde_json::Value {
    let mut values = serde_json::Map::new();
    let mut parts = Vec::new();
    for a in &checked.answers {
        let (v, shown) = match &a.value {
            Value::Number(n) => (json!(n), format_number(*n)),
            Value::Text(t) => (json!(t), t.clone()),
        };
        values.insert(a.name.clone(), v);
        let unit = a
            .unit
            .as_deref()
            .filter(|u| !matches!(*u, "count" | "rate"))
            .map(|u| {
                if u == "percent" {
                    " %".to_owned()
                } else {
                    format!(" {u}")
                }
            })
            .unwrap_or_default();
        parts.push(format!("{}: {shown}{unit}", a.name));
    }
    json!({"values": values, "text": parts.join("; ")})
}

fn format_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        let s = format!("{n:.4}");
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    }
}

pub(crate) fn sandbox_report(o: &Outcome) -> SandboxReport {
    SandboxReport {
        exit_code: o.exit_code,
        signal: o.signal,
        timed_out: o.timed_out,
        oom_killed: o.oom_killed,
        wall_ms: o.usage.wall_ms,
        cpu_ms: o.usage.cpu_ms,
        peak_memory_bytes: o.usage.peak_memory_bytes,
        files_read: vec![],
        network_attempts: o.network_attempts.iter().map(|a| json!({"seen_by": "sandbox", "family": a.family, "type": a.socket_type, "at_ms": a.at_ms})).collect(),
        image_digest: o.image_digest.clone(),
        mode: o.mode.describe(),
        cross_check: None,
        stdout: o.stdout.chars().take(64 * 1024).collect(),
        stderr: o.stderr.chars().take(64 * 1024).collect(),
    }
}

pub(crate) fn enrich_sandbox_report(s: &mut SandboxReport, checked: &CheckedResult) {
    s.files_read = checked
        .files_opened
        .iter()
        .filter_map(|f| f["path"].as_str().map(str::to_owned))
        .collect();
    for event in &checked.network_events {
        let mut e = event.clone();
        e["seen_by"] = json!("audit hook");
        s.network_attempts.push(e);
    }
    // The hook sees Python-level events (sockets, name lookups); the sandbox
    // sees every socket the process makes. Attempts seen only by the sandbox
    // mean the code reached the network around Python's own audit events.
    let sandbox_sockets = s
        .network_attempts
        .iter()
        .filter(|a| a["seen_by"] == "sandbox")
        .count();
    if sandbox_sockets > 0 && checked.network_events.is_empty() {
        s.cross_check = Some(format!(
            "the sandbox refused {sandbox_sockets} network attempt(s) that the code's own audit hook did not report"
        ));
    }
}
