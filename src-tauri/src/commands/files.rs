//! The person's files: those given on the command line, what each holds,
//! and rows for the preview grid; the window saying it is ready.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use glovebox_engine::inputs::{self, InputDescription};
use glovebox_engine::rows::RowPager;
use tauri::State;

use super::{blocking, check_files, describe_all, Answer};
use crate::error::{ErrorCode, IpcError};
use crate::state::{AppState, MAX_PAGERS};
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

/// The example file ("Try with an example"), written beside the audit
/// log if it is not there as it should be; its path, to add like any file.
#[tauri::command]
pub async fn sample_file(state: State<'_, AppState>) -> Answer<String> {
    let dir = state.paths.samples.clone();
    blocking(move || {
        let path = crate::sample::place(&dir).map_err(|e| IpcError::new(ErrorCode::Input, e))?;
        tracing::info!(path = %path.display(), "example file placed");
        Ok(path.to_string_lossy().into_owned())
    })
    .await
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
pub async fn describe_files(
    state: State<'_, AppState>,
    paths: Vec<String>,
) -> Answer<Vec<InputDescription>> {
    let files = check_files(&paths)?;
    let cache = Arc::clone(&state.described);
    blocking(move || {
        let _span = tracing::info_span!("describe_files", files = files.len()).entered();
        describe_all(&cache, &files)
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
    let stamp = inputs::stamp(&inputs::split_sheet(&path).0);
    let existing = state
        .pagers
        .lock()
        .map_err(|e| IpcError::internal("preview state", e))?
        .get(&path)
        .filter(|(seen, _)| stamp.is_some() && *seen == stamp)
        .map(|(_, pager)| Arc::clone(pager));
    let created = existing.is_none();
    let cache = Arc::clone(&state.described);
    let (pager, rows) = blocking(move || {
        let pager = match existing {
            Some(p) => p,
            // The description of the file card, not a second reading.
            None => Arc::new(Mutex::new(RowPager::new(
                &cache.describe(&path, inputs::DEFAULT_MAX_INPUT_BYTES)?,
            ))),
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
