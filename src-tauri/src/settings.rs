//! The person's settings, kept as JSON in the config folder; every value is
//! checked against named bounds before it is saved, and a damaged file falls
//! back to the defaults (and is said so in the log) rather than stopping the
//! app. The API key is never here: it lives in the OS keyring.

use std::path::Path;
use std::time::Duration;

use glovebox_engine::provider::ModelSettings;
use glovebox_sandbox::Limits;
use serde::{Deserialize, Serialize};

use crate::error::{ErrorCode, IpcError};

/// Shortest time limit a person may set: 5 s (the settings screen says the same).
pub const MIN_TIME_LIMIT_MS: u64 = 5_000;
/// Longest time limit a person may set: 10 min.
pub const MAX_TIME_LIMIT_MS: u64 = 600_000;
/// Smallest memory limit: 128 MiB (pandas needs about 64 MiB to start).
pub const MIN_MEMORY_LIMIT_BYTES: u64 = 128 * 1024 * 1024;
/// Largest memory limit: 8 GiB.
pub const MAX_MEMORY_LIMIT_BYTES: u64 = 8 * 1024 * 1024 * 1024;
/// Most rows of each file a model may see: the engine's bound (the settings
/// screen says the same). The default is none.
pub const MAX_SAMPLE_ROWS: u32 = glovebox_engine::generator::prompt::MAX_SAMPLE_ROWS as u32;
/// How long a model may take to start answering, retries included, by
/// default: the engine's request budget (60 s).
pub const DEFAULT_MODEL_WAIT_S: u32 =
    glovebox_engine::provider::DEFAULT_REQUEST_TIMEOUT.as_secs() as u32;
/// Shortest wait for a model a person may set: 10 s.
pub const MIN_MODEL_WAIT_S: u32 = 10;
/// Longest wait for a model a person may set: 10 min (a slow model on this
/// computer).
pub const MAX_MODEL_WAIT_S: u32 = 600;

/// Who writes the code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, Default)]
#[serde(rename_all = "lowercase")]
pub enum Provider {
    /// Recipes on this machine, no network (default).
    #[default]
    Offline,
    /// Any OpenAI-compatible endpoint.
    Openai,
    /// Anthropic's Messages API.
    Anthropic,
}

impl Provider {
    /// The engine's name.
    pub fn name(self) -> &'static str {
        match self {
            Provider::Offline => "offline",
            Provider::Openai => "openai",
            Provider::Anthropic => "anthropic",
        }
    }
}

/// Light, dark, or as the system says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, Default)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// Light.
    Light,
    /// Dark.
    Dark,
    /// The system's choice.
    #[default]
    System,
}

/// The UI languages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum UiLanguage {
    /// English.
    En,
    /// French.
    Fr,
    /// Spanish.
    Es,
}

/// Settings kept by the shell. The API key is never here: see `set_api_key`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
pub struct Settings {
    /// Code generator.
    pub provider: Provider,
    /// Model name; empty = the provider's default.
    pub model: String,
    /// Service address; empty = the provider's default.
    pub base_url: String,
    /// Last 4 characters of the stored key for `provider`, or null when none
    /// is stored (filled in when read, never saved).
    pub api_key_hint: Option<String>,
    /// Time limit of a calculation: the processor time it may use (its
    /// wall-clock backstop follows, see `Limits`).
    #[ts(type = "number")]
    pub time_limit_ms: u64,
    /// Memory limit of a calculation.
    #[ts(type = "number")]
    pub memory_limit_bytes: u64,
    /// UI language; null = from the system locale.
    pub language: Option<UiLanguage>,
    /// Light or dark.
    pub theme: Theme,
    /// Rows of each file a model may see (0, the default: none leaves the
    /// machine, only the schema); a file saved before it existed reads as 0.
    #[serde(default)]
    pub sample_rows: u32,
    /// Seconds a model may take to start answering, retries included; past
    /// it the question ends with a plain error and Retry. A file saved
    /// before it existed reads as [`DEFAULT_MODEL_WAIT_S`].
    #[serde(default = "default_model_wait_s")]
    pub model_wait_s: u32,
    /// Show the code before it runs, every time ("always show me the
    /// code first"). Off (the default): a question whose code the policy
    /// allows runs at once and lands on its answer; code that needs
    /// approval or is refused always opens first. A file saved before it
    /// existed reads as off.
    #[serde(default)]
    pub show_code_first: bool,
}

fn default_model_wait_s() -> u32 {
    DEFAULT_MODEL_WAIT_S
}

impl Default for Settings {
    fn default() -> Self {
        let limits = Limits::default();
        Self {
            provider: Provider::Offline,
            model: String::new(),
            base_url: String::new(),
            api_key_hint: None,
            time_limit_ms: limits.cpu_time_ms,
            memory_limit_bytes: limits.memory_bytes,
            language: None,
            theme: Theme::System,
            sample_rows: 0,
            model_wait_s: DEFAULT_MODEL_WAIT_S,
            show_code_first: false,
        }
    }
}

impl Settings {
    /// Reads `path`; defaults when it is absent or damaged.
    pub fn load(path: &Path) -> Self {
        match std::fs::read(path) {
            Ok(bytes) => match serde_json::from_slice::<Settings>(&bytes)
                .map_err(|e| e.to_string())
                .and_then(|s| s.checked().map_err(|e| e.message))
            {
                Ok(s) => s,
                Err(e) => {
                    tracing::warn!(path = %path.display(), error = %e, "settings file unusable: using the defaults");
                    Settings::default()
                }
            },
            Err(_) => Settings::default(),
        }
    }

    /// The same settings, checked; an error names the bad value in plain words.
    pub fn checked(mut self) -> Result<Self, IpcError> {
        if !(MIN_TIME_LIMIT_MS..=MAX_TIME_LIMIT_MS).contains(&self.time_limit_ms) {
            return Err(IpcError::new(
                ErrorCode::Settings,
                format!(
                    "the time limit must be between {} s and {} min",
                    MIN_TIME_LIMIT_MS / 1000,
                    MAX_TIME_LIMIT_MS / 60_000
                ),
            ));
        }
        if !(MIN_MEMORY_LIMIT_BYTES..=MAX_MEMORY_LIMIT_BYTES).contains(&self.memory_limit_bytes) {
            return Err(IpcError::new(
                ErrorCode::Settings,
                format!(
                    "the memory limit must be between {} and {}",
                    glovebox_engine::messages::human_bytes(MIN_MEMORY_LIMIT_BYTES),
                    glovebox_engine::messages::human_bytes(MAX_MEMORY_LIMIT_BYTES)
                ),
            ));
        }
        if self.sample_rows > MAX_SAMPLE_ROWS {
            return Err(IpcError::new(
                ErrorCode::Settings,
                format!("the rows a model may see must be between 0 and {MAX_SAMPLE_ROWS}"),
            ));
        }
        if !(MIN_MODEL_WAIT_S..=MAX_MODEL_WAIT_S).contains(&self.model_wait_s) {
            return Err(IpcError::new(
                ErrorCode::Settings,
                format!(
                    "the wait for a model must be between {MIN_MODEL_WAIT_S} s and {} min",
                    MAX_MODEL_WAIT_S / 60
                ),
            ));
        }
        self.model = self.model.trim().to_owned();
        self.base_url = self.base_url.trim().to_owned();
        if self.provider != Provider::Offline {
            self.model_settings()?;
        }
        self.api_key_hint = None;
        Ok(self)
    }

    /// Saves atomically (write to a temporary file, then rename).
    pub fn save(&self, path: &Path) -> Result<(), IpcError> {
        let write = || -> std::io::Result<()> {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir)?;
            }
            let tmp = path.with_extension("json.tmp");
            let mut stored = self.clone();
            stored.api_key_hint = None;
            std::fs::write(&tmp, serde_json::to_vec_pretty(&stored)?)?;
            std::fs::rename(&tmp, path)
        };
        write().map_err(|e| IpcError::internal("the settings could not be saved", e))
    }

    /// The sandbox limits.
    pub fn limits(&self) -> Result<Limits, IpcError> {
        Limits::builder()
            .with_cpu_time(Duration::from_millis(self.time_limit_ms))
            .and_then(|b| b.with_memory_bytes(self.memory_limit_bytes))
            .map(|b| b.build())
            .map_err(|e| IpcError::new(ErrorCode::Settings, e))
    }

    /// Model settings for the chosen provider (`None` for offline).
    pub fn model_settings(&self) -> Result<Option<ModelSettings>, IpcError> {
        if self.provider == Provider::Offline {
            return Ok(None);
        }
        let mut b = ModelSettings::builder(self.provider.name())?;
        if !self.model.is_empty() {
            b = b.with_model(&self.model)?;
        }
        if !self.base_url.is_empty() {
            b = b.with_base_url(&self.base_url)?;
        }
        b = b.with_sample_rows(self.sample_rows as usize)?;
        b = b.with_timeout(Duration::from_secs(self.model_wait_s.into()))?;
        Ok(Some(b.build()))
    }
}

/// The memory limit of Settings at its default (1 GB, also what files
/// saved before the estimate hold) means "follow the input": each run's
/// limit is then estimated from its files (at least that default, see
/// `glovebox_engine::pipeline::memory`); any other value is the person's
/// and applies as set.
pub fn memory_automatic(memory_limit_bytes: u64) -> bool {
    memory_limit_bytes == Limits::default().memory_bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_memory_limit_follows_the_input_and_any_other_is_the_persons() {
        assert!(memory_automatic(Settings::default().memory_limit_bytes));
        assert!(memory_automatic(1024 * 1024 * 1024));
        assert!(!memory_automatic(2048 * 1024 * 1024));
        assert!(!memory_automatic(512 * 1024 * 1024));
    }

    #[test]
    fn limits_outside_their_bounds_are_refused_in_plain_words() {
        let too_long = Settings {
            time_limit_ms: MAX_TIME_LIMIT_MS + 1,
            ..Settings::default()
        };
        let e = too_long.checked().expect_err("refused");
        assert_eq!(e.message, "the time limit must be between 5 s and 10 min");
        let too_small = Settings {
            memory_limit_bytes: 1024,
            ..Settings::default()
        };
        assert!(too_small
            .checked()
            .expect_err("refused")
            .message
            .contains("memory limit"));
    }

    #[test]
    fn saved_settings_round_trip_and_a_damaged_file_gives_the_defaults() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("glovebox/settings.json");
        let chosen = Settings {
            provider: Provider::Anthropic,
            model: " claude-x ".into(),
            time_limit_ms: 30_000,
            language: Some(UiLanguage::Fr),
            theme: Theme::Dark,
            api_key_hint: Some("abcd".into()),
            ..Settings::default()
        }
        .checked()
        .expect("valid");
        chosen.save(&path).expect("saved");
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(!text.contains("abcd"), "the key hint is never saved");
        assert_eq!(Settings::load(&path), chosen);
        assert_eq!(Settings::load(&path).model, "claude-x");
        std::fs::write(&path, b"{ not json").expect("damage");
        assert_eq!(Settings::load(&path), Settings::default());
    }

    #[test]
    fn show_the_code_first_is_off_by_default_and_kept_when_saved() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("settings.json");
        let mut old = serde_json::to_value(Settings::default()).expect("json");
        old.as_object_mut()
            .expect("object")
            .remove("show_code_first");
        std::fs::write(&path, old.to_string()).expect("write");
        assert!(
            !Settings::load(&path).show_code_first,
            "a file saved before the setting reads as off"
        );
        let chosen = Settings {
            show_code_first: true,
            ..Settings::default()
        }
        .checked()
        .expect("valid");
        chosen.save(&path).expect("saved");
        assert!(Settings::load(&path).show_code_first);
    }

    #[test]
    fn the_wait_for_a_model_defaults_to_the_engine_budget_is_bounded_and_reaches_the_model_settings(
    ) {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("settings.json");
        let mut old = serde_json::to_value(Settings::default()).expect("json");
        old.as_object_mut().expect("object").remove("model_wait_s");
        std::fs::write(&path, old.to_string()).expect("write");
        assert_eq!(Settings::load(&path).model_wait_s, 60);
        let model = |seconds| {
            Settings {
                provider: Provider::Openai,
                model_wait_s: seconds,
                ..Settings::default()
            }
            .checked()
            .map(|s| {
                s.model_settings()
                    .expect("settings")
                    .expect("a model")
                    .timeout
            })
        };
        assert_eq!(model(120).expect("valid"), Duration::from_secs(120));
        for refused in [MIN_MODEL_WAIT_S - 1, MAX_MODEL_WAIT_S + 1] {
            assert_eq!(
                model(refused).expect_err("refused").message,
                "the wait for a model must be between 10 s and 10 min"
            );
        }
    }

    #[test]
    fn rows_a_model_may_see_default_to_none_are_bounded_and_reach_the_model_settings() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("settings.json");
        // A file saved before the setting existed still loads, with none.
        let mut old = serde_json::to_value(Settings {
            time_limit_ms: 30_000,
            ..Settings::default()
        })
        .expect("json");
        old.as_object_mut().expect("object").remove("sample_rows");
        std::fs::write(&path, old.to_string()).expect("write");
        let loaded = Settings::load(&path);
        assert_eq!((loaded.time_limit_ms, loaded.sample_rows), (30_000, 0));
        let model = |rows| {
            Settings {
                provider: Provider::Openai,
                sample_rows: rows,
                ..Settings::default()
            }
            .checked()
            .map(|s| {
                s.model_settings()
                    .expect("settings")
                    .expect("a model")
                    .sample_rows
            })
        };
        assert_eq!(model(0).expect("valid"), 0);
        assert_eq!(model(MAX_SAMPLE_ROWS).expect("valid"), 10);
        assert_eq!(
            model(MAX_SAMPLE_ROWS + 1).expect_err("refused").message,
            "the rows a model may see must be between 0 and 10"
        );
    }

    #[test]
    fn a_bad_base_url_is_refused_when_saving() {
        let s = Settings {
            provider: Provider::Openai,
            base_url: "ftp://example.com".into(),
            ..Settings::default()
        };
        assert_eq!(s.checked().expect_err("refused").code, ErrorCode::Setup);
    }
}
