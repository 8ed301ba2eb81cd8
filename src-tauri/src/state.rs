//! What the shell keeps between commands.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

use glovebox_engine::generator::Generated;
use glovebox_engine::rows::RowPager;

use crate::paths::AppPaths;
use crate::runs::Runs;
use crate::settings::Settings;

/// Most files whose preview position is remembered.
pub const MAX_PAGERS: usize = 32;

/// The shell's state (Tauri-managed).
pub struct AppState {
    /// Where things are.
    pub paths: AppPaths,
    /// Files given on the command line, handed to the UI once.
    pub initial_files: Mutex<Vec<PathBuf>>,
    /// Current settings.
    pub settings: Mutex<Settings>,
    /// Preview readers per file.
    pub pagers: Mutex<HashMap<PathBuf, RowPager>>,
    /// The last code `generate_code` produced (and for which goal), so a run
    /// records what was generated before the person edited it.
    pub generated: Mutex<Option<(String, Generated)>>,
    /// The run in progress.
    pub runs: Runs,
    /// When the process started (for the start-up time in the log).
    pub started: Instant,
}

impl AppState {
    /// Loads the settings.
    pub fn new(paths: AppPaths, initial_files: Vec<PathBuf>, started: Instant) -> Self {
        let settings = Settings::load(&paths.settings);
        Self {
            paths,
            initial_files: Mutex::new(initial_files),
            settings: Mutex::new(settings),
            pagers: Mutex::new(HashMap::new()),
            generated: Mutex::new(None),
            runs: Runs::default(),
            started,
        }
    }

    /// The settings now.
    pub fn settings(&self) -> Settings {
        self.settings.lock().map(|s| s.clone()).unwrap_or_default()
    }
}
