//! Errors as they cross to the front end: `{code, message}`, `message` in
//! plain words, `code` one of the closed [`ErrorCode`] set, generated into
//! the UI's TypeScript (so a code the UI does not know is a type error,
//! not a silent fallback).

use glovebox_engine::audit::event::StopKind;
use serde::Serialize;

/// What kind of error: the UI chooses its sentence by this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// A file, a path or a value given cannot be used.
    Input,
    /// The question was not understood well enough to write code.
    Goal,
    /// No generator can write code for this question.
    NoGenerator,
    /// A model's key or settings are missing or wrong.
    Setup,
    /// The model service failed.
    Model,
    /// The system keyring could not be used.
    Keyring,
    /// This computer cannot run the sandbox (or it is not installed).
    NoSandbox,
    /// No such run.
    NotFound,
    /// The run has not finished yet.
    Unfinished,
    /// Another run is under way.
    Busy,
    /// The settings could not be saved.
    Settings,
    /// A report could not be written.
    Export,
    /// The code was written for another question or other files.
    StaleCode,
    /// The person cancelled.
    Cancelled,
    /// Something the person cannot act on (details in the log).
    Internal,
    /// A model service that needs an API key has none stored (the UI
    /// offers the key field of the settings).
    NoKey,
}

impl ErrorCode {
    /// The code as the front end receives it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Input => "input",
            Self::Goal => "goal",
            Self::NoGenerator => "no_generator",
            Self::Setup => "setup",
            Self::Model => "model",
            Self::Keyring => "keyring",
            Self::NoSandbox => "no_sandbox",
            Self::NotFound => "not_found",
            Self::Unfinished => "unfinished",
            Self::Busy => "busy",
            Self::Settings => "settings",
            Self::Export => "export",
            Self::StaleCode => "stale_code",
            Self::Cancelled => "cancelled",
            Self::Internal => "internal",
            Self::NoKey => "no_key",
        }
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<StopKind> for ErrorCode {
    /// How a run that stopped before its code was shown is told (a draft
    /// stops only for its inputs, goal, generator, model or a cancel).
    fn from(kind: StopKind) -> Self {
        match kind {
            StopKind::Input => Self::Input,
            StopKind::Goal => Self::Goal,
            StopKind::NoGenerator => Self::NoGenerator,
            StopKind::Setup => Self::Setup,
            StopKind::Model => Self::Model,
            StopKind::Cancelled => Self::Cancelled,
            StopKind::Policy
            | StopKind::Review
            | StopKind::Sandbox
            | StopKind::Result
            | StopKind::Interrupted
            | StopKind::Running => Self::Internal,
        }
    }
}

/// An error for the front end.
#[derive(Debug, Clone, Serialize, ts_rs::TS, thiserror::Error)]
#[ts(rename = "IpcErrorPayload")]
#[error("{code}: {message}")]
pub struct IpcError {
    /// What kind of error.
    pub code: ErrorCode,
    /// Plain-language message.
    pub message: String,
    /// Complete rephrasings that would run as written (a question not
    /// understood); the app offers them as buttons.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[ts(optional, as = "Option<Vec<String>>")]
    pub suggestions: Vec<String>,
}

impl IpcError {
    /// An error with `code` and `message`.
    pub fn new(code: ErrorCode, message: impl std::fmt::Display) -> Self {
        Self {
            code,
            message: message.to_string(),
            suggestions: Vec::new(),
        }
    }

    /// Something the person cannot act on (logged with its detail).
    pub fn internal(what: &str, e: impl std::fmt::Display) -> Self {
        tracing::error!(error = %e, "{what}");
        Self::new(ErrorCode::Internal, format!("{what}: {e}"))
    }
}

impl From<glovebox_engine::inputs::InputError> for IpcError {
    fn from(e: glovebox_engine::inputs::InputError) -> Self {
        Self::new(ErrorCode::Input, e)
    }
}

impl From<glovebox_engine::audit::AuditError> for IpcError {
    fn from(e: glovebox_engine::audit::AuditError) -> Self {
        Self::internal("the audit log cannot be read", e)
    }
}

impl From<glovebox_engine::keys::KeyError> for IpcError {
    fn from(e: glovebox_engine::keys::KeyError) -> Self {
        Self::new(ErrorCode::Keyring, e)
    }
}

impl From<glovebox_engine::provider::ProviderError> for IpcError {
    fn from(e: glovebox_engine::provider::ProviderError) -> Self {
        if e.is_setup() {
            Self::new(ErrorCode::Setup, e)
        } else {
            Self::new(ErrorCode::Model, e)
        }
    }
}

/// A failed blocking task (a panic in a worker).
impl From<tauri::Error> for IpcError {
    fn from(e: tauri::Error) -> Self {
        Self::internal("a background task failed", e)
    }
}
