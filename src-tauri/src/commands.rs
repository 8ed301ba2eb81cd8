//! The commands the front end calls (`ui/src/ipc/index.ts` lists them with
//! their argument and answer types). Each is thin: it checks what it is
//! given, calls the engine off the UI thread, and turns errors into
//! `{code, message}`.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use glovebox_engine::audit::AuditStore;
use glovebox_engine::inputs::{self, InputDescription};
use glovebox_engine::lang::Lang;
use glovebox_engine::pipeline::{DraftRun, Drafted, Engine, RunReport, RunRequest};
use glovebox_engine::policy::{self, PolicyReport, Profile};
use glovebox_engine::provider::ModelSettings;
use glovebox_engine::rows::RowPager;
use glovebox_sandbox::{Limits, MachineFacts, Sandbox};
use tauri::{AppHandle, State};
use tracing::Instrument;

use crate::error::IpcError;
use crate::runs::Job;
use crate::settings::{Provider, Settings};
use crate::state::{AppState, Drafted as LastDraft, MAX_PAGERS};
use crate::types::{
    AuditCheck, DoctorReport, ExportedReport, GeneratedCode, ListRunsQuery, RunSummary,
    StartRunRequest,
};

/// Longest goal accepted, in characters.
pub const MAX_GOAL_CHARS: usize = 2_000;
/// Longest code accepted from the editor: 1 MiB.
pub const MAX_CODE_BYTES: usize = 1024 * 1024;
/// Most files in one question.
pub const MAX_FILES: usize = 16;
/// Keys shorter than this get no hint of their last characters.
pub const MIN_KEY_CHARS_FOR_HINT: usize = 12;

type Answer<T> = Result<T, IpcError>;

async fn blocking<T: Send + 'static>(f: impl FnOnce() -> Answer<T> + Send + 'static) -> Answer<T> {
    tauri::async_runtime::spawn_blocking(f)
        .await
        .map_err(|e| IpcError::internal("a background task failed", e))?
}

fn check_goal(goal: &str) -> Answer<()> {
    if goal.trim().is_empty() {
        return Err(IpcError::new("goal", "write what you want to know first"));
    }
    if goal.chars().count() > MAX_GOAL_CHARS {
        return Err(IpcError::new(
            "goal",
            format!("the question is too long (more than {MAX_GOAL_CHARS} characters)"),
        ));
    }
    Ok(())
}

fn check_files(files: &[String]) -> Answer<Vec<PathBuf>> {
    if files.is_empty() {
        return Err(IpcError::new("input", "add a CSV file first"));
    }
    if files.len() > MAX_FILES {
        return Err(IpcError::new(
            "input",
            format!("too many files at once (at most {MAX_FILES})"),
        ));
    }
    Ok(files.iter().map(PathBuf::from).collect())
}

fn describe_all(files: &[PathBuf]) -> Answer<Vec<InputDescription>> {
    files
        .iter()
        .map(|f| inputs::describe(f, inputs::DEFAULT_MAX_INPUT_BYTES).map_err(IpcError::from))
        .collect()
}

/// Files given on the command line (once; empty afterwards).
#[tauri::command]
pub fn initial_files(state: State<'_, AppState>) -> Vec<String> {
    state
        .initial_files
        .lock()
        .map(|mut f| std::mem::take(&mut *f))
        .unwrap_or_default()
        .into_iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect()
}

/// The window shows its first screen (logged: start-up time).
#[tauri::command]
pub fn app_ready(state: State<'_, AppState>) -> u64 {
    let ms = state.started.elapsed().as_millis() as u64;
    tracing::info!(ms, "window interactive");
    ms
}

/// What each file holds; a bad file is an `input` error in plain words.
#[tauri::command]
pub async fn describe_files(paths: Vec<String>) -> Answer<Vec<InputDescription>> {
    let files = check_files(&paths)?;
    blocking(move || {
        let _span = tracing::info_span!("describe_files", files = files.len()).entered();
        describe_all(&files)
    })
    .await
}

/// Rows `start..start+count` of a file, for the preview grid.
#[tauri::command]
pub async fn preview_rows(
    state: State<'_, AppState>,
    path: String,
    start: u64,
    count: u32,
) -> Answer<Vec<Vec<String>>> {
    let path = PathBuf::from(path);
    // A pager is reused while its file is unchanged (same size, time, inode).
    let stamp = inputs::stamp(&path);
    let existing = state
        .pagers
        .lock()
        .map_err(|e| IpcError::internal("preview state", e))?
        .get(&path)
        .filter(|(seen, _)| stamp.is_some() && *seen == stamp)
        .map(|(_, pager)| Arc::clone(pager));
    let created = existing.is_none();
    let (pager, rows) = blocking(move || {
        let pager = match existing {
            Some(p) => p,
            None => Arc::new(Mutex::new(RowPager::new(&inputs::describe(
                &path,
                inputs::DEFAULT_MAX_INPUT_BYTES,
            )?))),
        };
        let rows = pager
            .lock()
            .map_err(|e| IpcError::internal("preview state", e))?
            .rows(start, count as usize)?;
        Ok(((path, pager), rows))
    })
    .await?;
    if created {
        let mut pagers = state
            .pagers
            .lock()
            .map_err(|e| IpcError::internal("preview state", e))?;
        if pagers.len() >= MAX_PAGERS {
            pagers.clear();
        }
        pagers.insert(pager.0, (stamp, pager.1));
    }
    Ok(rows)
}

/// The plan in words: the comment lines the code starts with.
fn plan_text(code: &str) -> String {
    code.lines()
        .take_while(|l| l.trim_start().starts_with('#') || l.trim().is_empty())
        .filter_map(|l| l.trim_start().strip_prefix('#'))
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A question checked: its files, the limits, and the model settings of
/// `provider` (from the saved settings).
fn question(
    state: &AppState,
    goal: &str,
    files: &[String],
    provider: Provider,
) -> Answer<(Vec<PathBuf>, Limits, Option<ModelSettings>)> {
    check_goal(goal)?;
    let paths = check_files(files)?;
    let settings = Settings {
        provider,
        ..state.settings()
    };
    Ok((paths, settings.limits()?, settings.model_settings()?))
}

/// Code for `goal` on `files`, from `provider`.
#[tauri::command]
pub async fn generate_code(
    state: State<'_, AppState>,
    goal: String,
    files: Vec<String>,
    provider: Provider,
) -> Answer<GeneratedCode> {
    let span = tracing::info_span!("generate_code", provider = provider.name());
    generate(state, goal, files, provider)
        .instrument(span)
        .await
}

async fn generate(
    state: State<'_, AppState>,
    goal: String,
    files: Vec<String>,
    provider: Provider,
) -> Answer<GeneratedCode> {
    let (paths, limits, model) = question(&state, &goal, &files, provider)?;
    let mut engine = open_engine(&state, limits)?;
    // The draft records the run, its inputs and a model's request before
    // anything leaves the machine.
    let request = RunRequest {
        provider: provider.name().to_owned(),
        model,
        ..RunRequest::new(paths, goal.clone())
    };
    let drafted = engine.draft(request, |_| {}).await.map_err(unrecorded)?;
    let draft = match drafted {
        Drafted::Ready(draft) => draft,
        Drafted::Stopped(report) => return Err(stopped(&report)),
    };
    let generated = draft.generated().clone();
    let answer = GeneratedCode {
        code: generated.code.clone(),
        origin: generated.origin.clone(),
        plan: plan_text(&generated.code),
        run_id: draft.run_id().to_owned(),
    };
    let replaced = {
        let mut pending = state
            .draft
            .lock()
            .map_err(|e| IpcError::internal("draft state", e))?;
        pending.replace(*draft)
    };
    if let Some(old) = replaced {
        engine.discard(old).map_err(unrecorded)?;
    }
    if let Ok(mut last) = state.drafted.lock() {
        *last = Some(LastDraft {
            run_id: answer.run_id.clone(),
            goal,
            files,
            provider,
            generated,
        });
    }
    Ok(answer)
}

/// The audit log failed: nothing may go on unrecorded.
fn unrecorded(e: glovebox_engine::pipeline::EngineError) -> IpcError {
    IpcError::internal("the run could not be recorded", e)
}

/// An engine on the app's audit log (drafts need no container yet, but
/// the same engine checks the sandbox can be set up).
fn open_engine(state: &AppState, limits: Limits) -> Answer<Engine> {
    let sandbox = Sandbox::builder()
        .build()
        .map_err(|e| IpcError::new("no_sandbox", format!("the sandbox is not ready: {e}")))?;
    Engine::open(&state.paths.db, sandbox, limits)
        .map_err(|e| IpcError::internal("the audit log cannot be opened", e))
}

/// A run that stopped before any code was shown, as an error in its own
/// words (`goal` for a question not understood, `model`, `setup`, `input`…).
fn stopped(report: &RunReport) -> IpcError {
    let code = report
        .stop_kind
        .and_then(|k| serde_json::to_value(k).ok())
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_else(|| "stopped".into());
    IpcError::new(&code, report.stop_reason.as_deref().unwrap_or_default())
}

/// The exact request a model provider would get (nothing is sent).
#[tauri::command]
pub async fn preview_prompt(
    state: State<'_, AppState>,
    goal: String,
    files: Vec<String>,
    provider: Provider,
) -> Answer<String> {
    let (paths, limits, model) = question(&state, &goal, &files, provider)?;
    blocking(move || {
        match glovebox_engine::pipeline::preview_prompt(&paths, &goal, model.as_ref(), &limits) {
            Ok(Some(out)) => Ok(out.body),
            Ok(None) => Ok(String::new()),
            Err(glovebox_engine::pipeline::PreviewError::Input(e)) => Err(e.into()),
            Err(glovebox_engine::pipeline::PreviewError::Provider(e)) => Err(e.into()),
        }
    })
    .await
}

/// The policy's verdict on `code`, messages in `lang` (`en`, `fr`, `es`);
/// off the main thread (it runs on every pause in typing).
#[tauri::command]
pub async fn check_code(code: String, lang: String) -> Answer<PolicyReport> {
    blocking(move || check(&code, &lang)).await
}

fn check(code: &str, lang: &str) -> Answer<PolicyReport> {
    if code.len() > MAX_CODE_BYTES {
        return Err(IpcError::new(
            "input",
            "the code is too long to check (more than 1 MiB)",
        ));
    }
    let lang = match lang {
        "fr" => Lang::Fr,
        "es" => Lang::Es,
        _ => Lang::En,
    };
    Ok(policy::check(code, lang, &Profile::builtin()))
}

/// Starts a run; answers its id at once, the rest comes as events.
#[tauri::command]
pub async fn start_run(
    app: AppHandle,
    state: State<'_, AppState>,
    request: StartRunRequest,
) -> Answer<String> {
    let span = tracing::info_span!("start_run", provider = request.provider.name());
    start(app, state, request).instrument(span).await
}

async fn start(
    app: AppHandle,
    state: State<'_, AppState>,
    request: StartRunRequest,
) -> Answer<String> {
    check_goal(&request.goal)?;
    let files = check_files(&request.files)?;
    if request.code.trim().is_empty() {
        return Err(IpcError::new("input", "there is no code to run"));
    }
    if request.code.len() > MAX_CODE_BYTES {
        return Err(IpcError::new(
            "input",
            "the code is too long (more than 1 MiB)",
        ));
    }
    let settings = state.settings();
    let limits = settings.limits()?;
    let model = match request.provider {
        Provider::Offline => None,
        _ => Settings {
            provider: request.provider,
            ..settings
        }
        .model_settings()?,
    };
    let job = match request.draft.as_deref() {
        Some(run_id) => drafted_job(&state, run_id, &request, model)?,
        None => Job::Request(RunRequest {
            code: Some(request.code),
            provider: request.provider.name().to_owned(),
            model,
            approve_review: request.approve_review,
            approved_by: Some(APPROVER.into()),
            ..RunRequest::new(files, request.goal)
        }),
    };
    state
        .runs
        .start(app, state.paths.db.clone(), limits, job)
        .await
}

/// Who approves a review verdict in the app, as recorded.
const APPROVER: &str = "user (Run anyway, in the app)";

/// The run of drafted code: on the draft's own run while it waits, or a new
/// run that records the drafted code once the draft has run. Either way
/// only for the question and files it was drafted for.
fn drafted_job(
    state: &AppState,
    run_id: &str,
    request: &StartRunRequest,
    model: Option<ModelSettings>,
) -> Answer<Job> {
    let last = state
        .drafted
        .lock()
        .map_err(|e| IpcError::internal("draft state", e))?
        .clone()
        .filter(|d| d.run_id == run_id)
        .ok_or_else(|| {
            IpcError::new(
                "stale_code",
                "this code was written for an earlier question; write the code again",
            )
        })?;
    if last.goal != request.goal || last.files != request.files || last.provider != request.provider
    {
        return Err(IpcError::new(
            "stale_code",
            "the question or the files changed since this code was written; write the code again",
        ));
    }
    let pending = state
        .draft
        .lock()
        .map_err(|e| IpcError::internal("draft state", e))?
        .take_if(|d| d.run_id() == run_id);
    Ok(match pending {
        Some(draft) => Job::Draft(
            Box::new(draft),
            DraftRun {
                code: request.code.clone(),
                approve_review: request.approve_review,
                approved_by: APPROVER.into(),
                cancel: None,
            },
        ),
        None => Job::Request(RunRequest {
            code: Some(request.code.clone()),
            provider: request.provider.name().to_owned(),
            model,
            approve_review: request.approve_review,
            generated: Some(last.generated),
            approved_by: Some(APPROVER.into()),
            ..RunRequest::new(
                request.files.iter().map(PathBuf::from).collect(),
                request.goal.clone(),
            )
        }),
    })
}

/// Asks a running calculation to stop.
#[tauri::command]
pub fn cancel_run(state: State<'_, AppState>, run_id: String) -> Answer<()> {
    state.runs.cancel(&run_id)
}

/// Past runs, newest first, matching the query.
#[tauri::command]
pub async fn list_runs(
    state: State<'_, AppState>,
    query: ListRunsQuery,
) -> Answer<Vec<RunSummary>> {
    let db = state.paths.db.clone();
    blocking(move || {
        let store = AuditStore::open(&db)?;
        Ok(
            glovebox_engine::history::list(&store, &query.query, query.limit)?
                .into_iter()
                .map(|r| RunSummary {
                    run_id: r.run_id,
                    started_at: r.started_at,
                    status: r.status,
                    goal: r.goal,
                    files: r.files,
                })
                .collect(),
        )
    })
    .await
}

/// A past run's report.
#[tauri::command]
pub async fn get_run(state: State<'_, AppState>, run_id: String) -> Answer<RunReport> {
    let db = state.paths.db.clone();
    blocking(move || {
        let store = AuditStore::open(&db)?;
        glovebox_engine::history::report(&store, &run_id)?
            .ok_or_else(|| IpcError::new("not_found", format!("no run {run_id} in the audit log")))
    })
    .await
}

/// Writes the signed report of a finished run (`format`: `pdf` or `html`)
/// to `path`, chosen by the person in the save dialog.
#[tauri::command]
pub async fn export_report(
    state: State<'_, AppState>,
    run_id: String,
    format: String,
    path: String,
) -> Answer<ExportedReport> {
    use glovebox_engine::report::export::{export, ExportError, Format};
    let format = Format::parse(&format)
        .ok_or_else(|| IpcError::new("input", format!("unknown report format {format}")))?;
    let db = state.paths.db.clone();
    blocking(move || {
        let store = AuditStore::open(&db)?;
        let done = export(&store, &run_id, format, std::path::Path::new(&path)).map_err(|e| {
            use glovebox_engine::report::ReportError;
            match &e {
                ExportError::Report(ReportError::NoSuchRun(_)) => IpcError::new("not_found", e),
                ExportError::Report(ReportError::Unfinished(_)) => IpcError::new("unfinished", e),
                ExportError::Report(_) => IpcError::internal("the audit log cannot be read", e),
                ExportError::Key(_) => IpcError::new("keyring", e),
                _ => IpcError::new("export", e),
            }
        })?;
        tracing::info!(run = %run_id, bytes = done.bytes, "report exported");
        Ok(ExportedReport {
            path: done.path.to_string_lossy().into_owned(),
            fingerprint: done.fingerprint,
            bytes: done.bytes,
        })
    })
    .await
}

/// Checks the audit log's hash chain.
#[tauri::command]
pub async fn verify_audit(state: State<'_, AppState>) -> Answer<AuditCheck> {
    let db = state.paths.db.clone();
    blocking(move || {
        let report = AuditStore::open(&db)?.verify()?;
        Ok(AuditCheck {
            ok: report.first_break.is_none(),
            entries: report.entries.max(0) as u64,
            first_break: report.first_break.map(|b| b.seq.max(0) as u64),
        })
    })
    .await
}

/// Can this machine run the sandbox? Says why not and how to fix it.
#[tauri::command]
pub async fn doctor() -> Answer<DoctorReport> {
    blocking(|| {
        let _span = tracing::info_span!("doctor").entered();
        // First start of an installed app: the image comes out of the package.
        if let Err(e) = crate::paths::unpack_bundled_image() {
            return Ok(DoctorReport {
                ready: false,
                mode: None,
                reason: Some(e.to_string()),
                fix: Some("free some disk space in your home folder, then restart Glovebox".into()),
            });
        }
        let facts = MachineFacts::probe();
        let mode = match facts.decide(false) {
            Ok(mode) => mode,
            Err(unsupported) => {
                return Ok(DoctorReport {
                    ready: false,
                    mode: None,
                    reason: Some(unsupported.reason().to_owned()),
                    fix: unsupported.fix().map(str::to_owned),
                })
            }
        };
        let helper = glovebox_sandbox::client::default_helper();
        if !helper.is_file() {
            return Ok(DoctorReport {
                ready: false,
                mode: Some(mode.label()),
                reason: Some(format!(
                    "the sandbox helper program is missing ({})",
                    helper.display()
                )),
                fix: Some("reinstall Glovebox".into()),
            });
        }
        if let Err(e) = glovebox_sandbox::image::locate() {
            return Ok(DoctorReport {
                ready: false,
                mode: Some(mode.label()),
                reason: Some(format!("the sandbox image is missing: {e}")),
                fix: Some(
                    "reinstall Glovebox, or build the image with 'make image' in the source folder"
                        .into(),
                ),
            });
        }
        tracing::info!(mode = %mode.label(), "sandbox ready");
        Ok(DoctorReport {
            ready: true,
            mode: Some(mode.label()),
            reason: None,
            fix: None,
        })
    })
    .await
}

fn key_hint(provider: Provider) -> Option<String> {
    if provider == Provider::Offline {
        return None;
    }
    match glovebox_engine::keys::api_key(provider.name()) {
        // The last 4 characters of a long key only: a short one would be
        // given away whole.
        Ok(Some(key)) if key.expose().chars().count() < MIN_KEY_CHARS_FOR_HINT => {
            Some("•••".into())
        }
        Ok(Some(key)) => {
            let text = key.expose();
            let tail: String = text
                .chars()
                .rev()
                .take(4)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            Some(tail)
        }
        Ok(None) => None,
        Err(e) => {
            tracing::warn!(error = %e, "the keyring could not be read");
            None
        }
    }
}

/// The settings, with the stored key's last 4 characters (never the key).
#[tauri::command]
pub async fn get_settings(state: State<'_, AppState>) -> Answer<Settings> {
    let mut settings = state.settings();
    let provider = settings.provider;
    settings.api_key_hint = blocking(move || Ok(key_hint(provider))).await?;
    Ok(settings)
}

/// Checks and saves the settings.
#[tauri::command]
pub async fn set_settings(state: State<'_, AppState>, settings: Settings) -> Answer<()> {
    let checked = settings.checked()?;
    checked.save(&state.paths.settings)?;
    let mut current = state
        .settings
        .lock()
        .map_err(|e| IpcError::internal("settings state", e))?;
    *current = checked;
    tracing::info!("settings saved");
    Ok(())
}

/// Stores an API key in the OS keyring.
#[tauri::command]
pub async fn set_api_key(provider: Provider, key: String) -> Answer<()> {
    if provider == Provider::Offline {
        return Err(IpcError::new("setup", "the offline generator needs no key"));
    }
    blocking(move || {
        let backend = glovebox_engine::keys::store_key(provider.name(), key)?;
        tracing::info!(provider = provider.name(), backend, "API key stored");
        Ok(())
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plan_text_is_the_leading_comment_block() {
        let code = "# Goal: total revenue per region\n# Written by the offline recipes\n\nimport pandas as pd\n# not this\n";
        assert_eq!(
            plan_text(code),
            "Goal: total revenue per region\nWritten by the offline recipes"
        );
        assert_eq!(plan_text("import pandas"), "");
    }

    #[test]
    fn empty_goals_files_and_too_many_files_are_refused_in_plain_words() {
        assert_eq!(check_goal("  ").expect_err("empty").code, "goal");
        assert_eq!(
            check_goal(&"x".repeat(MAX_GOAL_CHARS + 1))
                .expect_err("long")
                .code,
            "goal"
        );
        assert_eq!(
            check_files(&[]).expect_err("none").message,
            "add a CSV file first"
        );
        let many = vec!["a.csv".to_owned(); MAX_FILES + 1];
        assert_eq!(check_files(&many).expect_err("many").code, "input");
    }

    #[test]
    fn check_code_denies_hostile_code_with_a_plain_message() {
        let report = check("import socket\nsocket.socket()\n", "en").expect("checked");
        assert_eq!(report.verdict, policy::Verdict::Deny);
        assert!(report.findings.iter().any(|f| f.line == 1));
        let big = "x = 1\n".repeat(MAX_CODE_BYTES / 6 + 1);
        assert_eq!(check(&big, "en").expect_err("too long").code, "input");
    }
}
