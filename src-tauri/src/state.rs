//! What the shell keeps between commands.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use glovebox_engine::generator::Generated;
use glovebox_engine::inputs::{DescribeCache, FileStamp};
use glovebox_engine::pipeline::Draft;
use glovebox_engine::rows::RowPager;

use crate::generation::Generations;
use crate::paths::AppPaths;
use crate::runs::Runs;
use crate::settings::{Provider, Settings};

/// Most files whose preview position is remembered.
pub const MAX_PAGERS: usize = 32;

/// A preview reader shared by the calls for one file, with the file's stamp
/// when it was described (a changed file gets a new reader).
pub type KeptPager = (Option<FileStamp>, Arc<Mutex<RowPager>>);

/// The code of the last draft, kept after the draft ran so that running
/// it again (edited or not) records what was generated.
#[derive(Debug, Clone)]
pub struct Drafted {
    /// The draft's run id.
    pub run_id: String,
    /// The question it was written for.
    pub goal: String,
    /// Its files, as the front end named them.
    pub files: Vec<String>,
    /// Who wrote it.
    pub provider: Provider,
    /// The code as generated.
    pub generated: Generated,
}

/// The shell's state (Tauri-managed).
pub struct AppState {
    /// Where things are.
    pub paths: AppPaths,
    /// Files given on the command line, handed to the UI once.
    pub initial_files: Mutex<Vec<PathBuf>>,
    /// Current settings.
    pub settings: Mutex<Settings>,
    /// What each file holds, described once while it is unchanged: the
    /// file card, the preview, the code's generation and the run share it.
    pub described: Arc<DescribeCache>,
    /// Preview readers per file, with the file's stamp when it was read.
    pub pagers: Mutex<HashMap<PathBuf, KeptPager>>,
    /// The draft waiting to run (recorded, code shown, not run yet).
    pub draft: Mutex<Option<Draft>>,
    /// The last draft's code and question, kept after it ran.
    pub drafted: Mutex<Option<Drafted>>,
    /// The run in progress.
    pub runs: Runs,
    /// The code being written, if any (its cancel signal).
    pub generations: Generations,
    /// When the process started (for the start-up time in the log).
    pub started: Instant,
    /// Reports written in this session: the only files "Open" opens.
    pub exported: Mutex<HashSet<PathBuf>>,
}

impl AppState {
    /// Loads the settings.
    pub fn new(paths: AppPaths, initial_files: Vec<PathBuf>, started: Instant) -> Self {
        let settings = Settings::load(&paths.settings);
        let described = Arc::new(DescribeCache::new());
        Self {
            paths,
            initial_files: Mutex::new(initial_files),
            settings: Mutex::new(settings),
            runs: Runs::new(Arc::clone(&described)),
            described,
            pagers: Mutex::new(HashMap::new()),
            draft: Mutex::new(None),
            drafted: Mutex::new(None),
            generations: Generations::default(),
            started,
            exported: Mutex::new(HashSet::new()),
        }
    }

    /// The settings now.
    pub fn settings(&self) -> Settings {
        self.settings.lock().map(|s| s.clone()).unwrap_or_default()
    }
}
