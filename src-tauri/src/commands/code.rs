//! Code for a question: drafted by the engine (`Engine::draft`: the run,
//! its inputs and any model request recorded before anything leaves the
//! machine; the wait for a model told by `generation_progress`, and
//! `cancel_generation` to stop it), the request a model would get (nothing
//! sent), and the policy's verdict as the person edits.

use std::sync::Arc;

use glovebox_engine::generator::explain;
use glovebox_engine::lang::Lang;
use glovebox_engine::pipeline::{Drafted, Engine, RunReport, RunRequest};
use glovebox_engine::policy::{self, PolicyReport, Profile};
use glovebox_sandbox::Limits;
use tauri::{AppHandle, State};
use tracing::Instrument;

use super::{blocking, question, Answer, MAX_CODE_BYTES};
use crate::error::{ErrorCode, IpcError};
use crate::generation::Relay;
use crate::settings::Provider;
use crate::state::{AppState, Drafted as LastDraft};
use crate::types::GeneratedCode;
/// The plan in words: the comment lines the code starts with.
pub(super) fn plan_text(code: &str) -> String {
    code.lines()
        .take_while(|l| l.trim_start().starts_with('#') || l.trim().is_empty())
        .filter_map(|l| l.trim_start().strip_prefix('#'))
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Code for `goal` on `files`, from `provider`; a model's wait is told by
/// `generation_progress`, and `cancel_generation` ends it (`cancelled`).
/// `follows`: the run this goal follows up ("Ask a follow-up"): the engine
/// refines that run's plan, on the same files (their hashes checked).
#[tauri::command]
pub async fn generate_code(
    app: AppHandle,
    state: State<'_, AppState>,
    goal: String,
    files: Vec<String>,
    provider: Provider,
    follows: Option<String>,
) -> Answer<GeneratedCode> {
    let span = tracing::info_span!("generate_code", provider = provider.name());
    generate(
        app,
        state,
        Asked {
            goal,
            files,
            provider,
            follows,
        },
    )
    .instrument(span)
    .await
}

/// Stops the code being written: the model request is dropped and the
/// draft recorded `cancelled` (`generate_code` then answers `cancelled`).
#[tauri::command]
pub async fn cancel_generation(state: State<'_, AppState>) -> Answer<()> {
    state.generations.cancel()
}

/// What `generate_code` is asked.
struct Asked {
    goal: String,
    files: Vec<String>,
    provider: Provider,
    follows: Option<String>,
}

async fn generate(
    app: AppHandle,
    state: State<'_, AppState>,
    asked: Asked,
) -> Answer<GeneratedCode> {
    let Asked {
        goal,
        files,
        provider,
        follows,
    } = asked;
    let (paths, limits, model) = question(&state, &goal, &files, provider)?;
    super::settings::require_key(model.as_ref()).await?;
    let db = state.paths.db.clone();
    let described = Arc::clone(&state.described);
    let (_running, cancel) = state.generations.begin()?;
    // The draft records the run, its inputs and a model's request before
    // anything leaves the machine. Reading the inputs and asking a model
    // take time: on a thread of their own with its own runtime, as runs do,
    // not on the window's async workers.
    let request = RunRequest {
        provider: provider.name().to_owned(),
        model,
        cancel: Some(cancel),
        follows,
        ..RunRequest::new(paths, goal.clone())
    };
    let (mut engine, drafted) = blocking(move || {
        let mut engine = open_engine(&db, limits)?.with_describe_cache(described);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| IpcError::internal("the code could not be written", e))?;
        let mut relay = Relay::new(app);
        let drafted = runtime
            .block_on(engine.draft(request, |p| relay.progress(p)))
            .map_err(unrecorded)?;
        Ok((engine, drafted))
    })
    .await?;
    let draft = match drafted {
        Drafted::Ready(draft) => draft,
        Drafted::Stopped(report) => return Err(stopped(&report)),
    };
    let generated = draft.generated().clone();
    let answer = GeneratedCode {
        code: generated.code.clone(),
        origin: generated.origin.clone(),
        plan: plan_text(&generated.code),
        reading: generated.plan.as_ref().map(explain::interpretation),
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

/// An engine on the app's audit log that drafts code (it needs no
/// sandbox: code is only written and recorded here, and runs later on the
/// run thread's engine).
fn open_engine(db: &std::path::Path, limits: Limits) -> Answer<Engine> {
    let automatic = crate::settings::memory_automatic(limits.memory_bytes);
    Engine::open_for_drafts(db, limits)
        .map(|e| {
            if automatic {
                e.with_memory_estimated()
            } else {
                e
            }
        })
        .map_err(|e| IpcError::internal("the audit log cannot be opened", e))
}

/// A run that stopped before any code was shown, as an error in its own
/// words (`goal` for a question not understood, `model`, `setup`, `input`…).
fn stopped(report: &RunReport) -> IpcError {
    let code = report
        .stop_kind
        .map_or(ErrorCode::Internal, ErrorCode::from);
    let mut error = IpcError::new(code, report.stop_reason.as_deref().unwrap_or_default());
    error.suggestions.clone_from(&report.suggestions);
    error
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
    let described = Arc::clone(&state.described);
    blocking(move || {
        let estimated = crate::settings::memory_automatic(limits.memory_bytes);
        let preview = glovebox_engine::pipeline::preview_prompt;
        let cache = Some(described.as_ref());
        match preview(&paths, &goal, model.as_ref(), &limits, estimated, cache) {
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

pub(super) fn check(code: &str, lang: &str) -> Answer<PolicyReport> {
    if code.len() > MAX_CODE_BYTES {
        return Err(IpcError::new(
            ErrorCode::Input,
            "the code is too long to check (more than 1 MB)",
        ));
    }
    let lang = match lang {
        "fr" => Lang::Fr,
        "es" => Lang::Es,
        _ => Lang::En,
    };
    Ok(policy::check(code, lang, &Profile::builtin()))
}
