//! The person's files: those given on the command line, what each holds
//! (read once while unchanged, how far a large one is read told by
//! `describe_progress`), and rows for the preview grid; the window saying
//! it is ready.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use glovebox_engine::inputs::{self, DescribeCache, InputDescription, ReadProgress};
use glovebox_engine::rows::RowPager;
use tauri::{AppHandle, Emitter, State};

use super::{blocking, check_files, Answer};
use crate::error::{ErrorCode, IpcError};
use crate::state::{AppState, MAX_PAGERS};
use crate::types::DescribeProgress;

/// How often `describe_progress` is sent while a file is read.
pub const DESCRIBE_EVENT_EVERY: Duration = Duration::from_millis(250);
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
    app: AppHandle,
    state: State<'_, AppState>,
    paths: Vec<String>,
) -> Answer<Vec<InputDescription>> {
    let files = check_files(&paths)?;
    let cache = Arc::clone(&state.described);
    blocking(move || {
        let _span = tracing::info_span!("describe_files", files = files.len()).entered();
        files
            .iter()
            .map(|f| {
                let app = app.clone();
                describe_told(&cache, f, move |p| drop(app.emit("describe_progress", p)))
            })
            .collect()
    })
    .await
}

/// `file` described (from `cache` while it is unchanged); while it is read,
/// `tell` hears how far every [`DESCRIBE_EVENT_EVERY`], from a thread of
/// its own that ends as soon as the description does.
pub(crate) fn describe_told(
    cache: &DescribeCache,
    file: &Path,
    tell: impl Fn(DescribeProgress) + Send + 'static,
) -> Answer<InputDescription> {
    let progress = ReadProgress::new();
    let done = Arc::new(AtomicBool::new(false));
    let ticker = {
        let (progress, done) = (Arc::clone(&progress), Arc::clone(&done));
        let path = file.to_string_lossy().into_owned();
        std::thread::Builder::new()
            .name("describe-progress".into())
            .spawn(move || loop {
                std::thread::park_timeout(DESCRIBE_EVENT_EVERY);
                if done.load(Ordering::Acquire) {
                    return;
                }
                if let Some(r) = progress.now() {
                    let path = path.clone();
                    tell(DescribeProgress {
                        path,
                        read: r.read,
                        total: r.total,
                    });
                }
            })
            .map_err(|e| IpcError::internal("the file could not be read", e))?
    };
    let access = inputs::Access::of_this_process();
    let max = inputs::DEFAULT_MAX_INPUT_BYTES;
    let described = cache.describe_reporting(file, max, access, Some(&progress));
    done.store(true, Ordering::Release);
    ticker.thread().unpark();
    let _ = ticker.join();
    described.map_err(IpcError::from)
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    /// Whatever the timing, what is told is about this file and within its
    /// size, and the second describe of the unchanged file reads nothing.
    #[test]
    fn a_file_is_described_once_and_its_progress_stays_within_its_size() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("sales.csv");
        let mut text = String::from("region,revenue\n");
        for i in 0..200_000 {
            text.push_str(&format!("r{},{i}\n", i % 4));
        }
        std::fs::write(&path, &text).expect("write");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        let cache = DescribeCache::new();
        let heard = Arc::new(Mutex::new(Vec::new()));
        for _ in 0..2 {
            let h = Arc::clone(&heard);
            let d = describe_told(&cache, &path, move |p| h.lock().expect("heard").push(p))
                .expect("described");
            assert_eq!(d.row_count, 200_000);
        }
        assert_eq!(cache.inspections(), 1);
        for p in heard.lock().expect("heard").iter() {
            assert_eq!(p.path, path.to_string_lossy());
            assert!(p.read <= p.total && p.total == text.len() as u64, "{p:?}");
        }
    }
}
