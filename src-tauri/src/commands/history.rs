//! Past runs from the audit log: the list, one run's report, a signed
//! report written to a file, the chain checked.

use glovebox_engine::audit::AuditStore;
use glovebox_engine::pipeline::RunReport;
use tauri::State;

use super::{blocking, Answer};
use crate::error::{ErrorCode, IpcError};
use crate::state::AppState;
use crate::types::{AuditCheck, ExportedReport, ListRunsQuery, RunSummary};

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
                    follows: r.follows,
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
        glovebox_engine::history::report(&store, &run_id)?.ok_or_else(|| {
            IpcError::new(
                ErrorCode::NotFound,
                format!("no run {run_id} in the audit log"),
            )
        })
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
    let format = Format::parse(&format).ok_or_else(|| {
        IpcError::new(ErrorCode::Input, format!("unknown report format {format}"))
    })?;
    let db = state.paths.db.clone();
    let done = blocking(move || {
        let store = AuditStore::open(&db)?;
        let done = export(&store, &run_id, format, std::path::Path::new(&path)).map_err(|e| {
            use glovebox_engine::report::ReportError;
            match &e {
                ExportError::Report(ReportError::NoSuchRun(_)) => {
                    IpcError::new(ErrorCode::NotFound, e)
                }
                ExportError::Report(ReportError::Unfinished(_)) => {
                    IpcError::new(ErrorCode::Unfinished, e)
                }
                ExportError::Report(_) => IpcError::internal("the audit log cannot be read", e),
                ExportError::Key(_) => IpcError::new(ErrorCode::Keyring, e),
                _ => IpcError::new(ErrorCode::Export, e),
            }
        })?;
        tracing::info!(run = %run_id, bytes = done.bytes, "report exported");
        Ok(done)
    })
    .await?;
    super::report::remember_exported(&state, &done.path);
    Ok(ExportedReport {
        path: done.path.to_string_lossy().into_owned(),
        fingerprint: done.fingerprint,
        bytes: done.bytes,
    })
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
