//! What the app does around a report file: the name it suggests in the save
//! dialog (made from the question, in the person's Documents folder), and
//! opening a report it has just written with the system's default app.

use std::path::{Path, PathBuf};

use glovebox_engine::audit::AuditStore;
use glovebox_engine::report::export::{default_file_name, Format};
use tauri::{Manager, State};

use super::{blocking, Answer};
use crate::error::{ErrorCode, IpcError};
use crate::state::AppState;

/// Most report paths remembered as openable in one session.
pub const MAX_OPENABLE: usize = 256;

fn format_of(format: &str) -> Answer<Format> {
    Format::parse(format)
        .ok_or_else(|| IpcError::new(ErrorCode::Input, format!("unknown report format {format}")))
}

/// The folder reports are saved in by default: Documents, else home.
fn reports_folder(app: &tauri::AppHandle) -> Option<PathBuf> {
    app.path()
        .document_dir()
        .ok()
        .filter(|d| d.is_dir())
        .or_else(|| app.path().home_dir().ok())
}

/// The path the save dialog proposes for a run's report: the question as a
/// safe file name with the run's date (`total-revenue-per-region-2026-12-04.pdf`)
/// in the Documents folder.
#[tauri::command]
pub async fn report_file_name(
    app: tauri::AppHandle,
    state: State<'_, AppState>,
    run_id: String,
    format: String,
) -> Answer<String> {
    let format = format_of(&format)?;
    let db = state.paths.db.clone();
    let folder = reports_folder(&app);
    blocking(move || {
        let store = AuditStore::open(&db)?;
        let name = default_file_name(&store, &run_id, format).map_err(|e| {
            use glovebox_engine::report::ReportError;
            match e {
                ReportError::NoSuchRun(_) => IpcError::new(ErrorCode::NotFound, e),
                ReportError::Unfinished(_) => IpcError::new(ErrorCode::Unfinished, e),
                ReportError::Audit(_) => IpcError::internal("the audit log cannot be read", e),
            }
        })?;
        Ok(match folder {
            Some(dir) => dir.join(name).to_string_lossy().into_owned(),
            None => name,
        })
    })
    .await
}

/// Remembers a report the app wrote, so that [`open_report`] may open it.
pub fn remember_exported(state: &AppState, path: &Path) {
    if let Ok(mut exported) = state.exported.lock() {
        if exported.len() >= MAX_OPENABLE {
            exported.clear();
        }
        exported.insert(path.to_owned());
    }
}

/// Opens a report the app wrote in this session with the system's default
/// app for its kind (`xdg-open` on Linux, `open` on macOS, Explorer on
/// Windows): the path is passed as one argument, never through a shell.
#[tauri::command]
pub async fn open_report(state: State<'_, AppState>, path: String) -> Answer<()> {
    let path = PathBuf::from(path);
    let known = state
        .exported
        .lock()
        .map(|e| e.contains(&path))
        .unwrap_or(false);
    if !known || !path.is_absolute() || !path.is_file() {
        return Err(IpcError::new(
            ErrorCode::Input,
            "only a report saved by Glovebox in this session can be opened from here",
        ));
    }
    open_with_system(&path).map_err(|e| {
        tracing::warn!(path = %path.display(), error = %e, "the report could not be opened");
        IpcError::new(
            ErrorCode::Export,
            format!(
                "the report was saved, but this computer could not open it ({e}); open {} yourself",
                path.display()
            ),
        )
    })
}

/// Starts the system's opener on `path` and does not wait for it (a
/// thread reaps it when it ends).
fn open_with_system(path: &Path) -> std::io::Result<()> {
    #[cfg(target_os = "macos")]
    let mut command = std::process::Command::new("open");
    #[cfg(windows)]
    let mut command = std::process::Command::new("explorer");
    #[cfg(not(any(target_os = "macos", windows)))]
    let mut command = std::process::Command::new("xdg-open");
    let mut child = command
        .arg(path)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()?;
    std::thread::spawn(move || {
        let _ = child.wait();
    });
    tracing::info!(path = %path.display(), "report opened with the system's app");
    Ok(())
}
