//! Running code: a draft's code on its own run (`Engine::run_draft`),
//! refused when the question or files changed since it was written; code
//! run again, or typed by hand, as a new run; cancel.

use std::path::PathBuf;

use glovebox_engine::pipeline::{DraftRun, RunRequest};
use glovebox_engine::provider::ModelSettings;
use glovebox_sandbox::Limits;
use tauri::{AppHandle, State};
use tracing::Instrument;

use super::{check_files, check_goal, Answer, MAX_CODE_BYTES};
use crate::error::{ErrorCode, IpcError};
use crate::runs::{Job, NotStarted};
use crate::settings::{Provider, Settings};
use crate::state::{AppState, Drafted as LastDraft};
use crate::types::StartRunRequest;
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
        return Err(IpcError::new(ErrorCode::Input, "there is no code to run"));
    }
    if request.code.len() > MAX_CODE_BYTES {
        return Err(IpcError::new(
            ErrorCode::Input,
            "the code is too long (more than 1 MB)",
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
        Some(run_id) => drafted_job(&state, run_id, &request, model, &limits)?,
        None => Job::Request(Box::new(RunRequest {
            code: Some(request.code),
            provider: request.provider.name().to_owned(),
            model,
            approve_review: request.approve_review,
            approved_by: Some(APPROVER.into()),
            ..RunRequest::new(files, request.goal)
        })),
    };
    match state
        .runs
        .start(app, state.paths.db.clone(), limits, job)
        .await
    {
        Ok(run_id) => Ok(run_id),
        Err(NotStarted { error, job }) => {
            // A draft that could not start waits for the next Run.
            if let Some(Job::Draft(draft, _)) = job {
                if let Ok(mut pending) = state.draft.lock() {
                    pending.get_or_insert(*draft);
                }
            }
            Err(error)
        }
    }
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
    limits: &Limits,
) -> Answer<Job> {
    let last = state
        .drafted
        .lock()
        .map_err(|e| IpcError::internal("draft state", e))?
        .clone();
    let last = same_question(last, run_id, request)?;
    // The draft's run recorded the limits of its time: it runs only under
    // those; with other limits now, the code runs as a new run.
    let pending = state
        .draft
        .lock()
        .map_err(|e| IpcError::internal("draft state", e))?
        .take_if(|d| d.run_id() == run_id && d.limits() == limits);
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
        None => Job::Request(Box::new(RunRequest {
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
        })),
    })
}

/// The last draft, when `request` runs its code for the question and files
/// it was written for; `stale_code` otherwise (code kept on screen after
/// the question or the files changed must not run, and be recorded and
/// signed, under the new question).
fn same_question(
    last: Option<LastDraft>,
    run_id: &str,
    request: &StartRunRequest,
) -> Answer<LastDraft> {
    let last = last.filter(|d| d.run_id == run_id).ok_or_else(|| {
        IpcError::new(
            ErrorCode::StaleCode,
            "this code was written for an earlier question; write the code again",
        )
    })?;
    if last.goal != request.goal || last.files != request.files || last.provider != request.provider
    {
        return Err(IpcError::new(
            ErrorCode::StaleCode,
            "the question or the files changed since this code was written; write the code again",
        ));
    }
    Ok(last)
}

/// Asks a running calculation to stop.
#[tauri::command]
pub fn cancel_run(state: State<'_, AppState>, run_id: String) -> Answer<()> {
    state.runs.cancel(&run_id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drafted() -> LastDraft {
        LastDraft {
            run_id: "run-1".into(),
            goal: "total revenue per region".into(),
            files: vec!["/d/shop.csv".into()],
            provider: Provider::Offline,
            generated: glovebox_engine::generator::Generated::default(),
        }
    }

    fn asked(goal: &str, files: &[&str]) -> StartRunRequest {
        StartRunRequest {
            files: files.iter().map(|f| (*f).to_owned()).collect(),
            goal: goal.into(),
            code: "print(1)".into(),
            provider: Provider::Offline,
            approve_review: false,
            draft: Some("run-1".into()),
        }
    }

    #[test]
    fn drafted_code_runs_only_for_the_question_and_files_it_was_written_for() {
        let same = asked("total revenue per region", &["/d/shop.csv"]);
        assert_eq!(
            same_question(Some(drafted()), "run-1", &same)
                .expect("the same question")
                .run_id,
            "run-1"
        );
        for (why, request, run_id, last) in [
            (
                "another question",
                asked("average price", &["/d/shop.csv"]),
                "run-1",
                Some(drafted()),
            ),
            (
                "other files",
                asked("total revenue per region", &["/d/other.csv"]),
                "run-1",
                Some(drafted()),
            ),
            ("an older draft", same.clone(), "run-0", Some(drafted())),
            ("no draft", same.clone(), "run-1", None),
        ] {
            let refused = same_question(last, run_id, &request).expect_err(why);
            assert_eq!(refused.code, ErrorCode::StaleCode, "{why}");
        }
        let other_provider = StartRunRequest {
            provider: Provider::Openai,
            ..same
        };
        assert!(same_question(Some(drafted()), "run-1", &other_provider).is_err());
    }
}
