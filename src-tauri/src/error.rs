//! Errors as they cross to the front end: `{code, message}`, `message` in
//! plain words. Codes the UI branches on: `input`, `no_sandbox`, `keyring`,
//! `setup`, `model`, `goal`, `not_found`, `busy`; anything else is shown as
//! its message.

use serde::Serialize;

/// An error for the front end.
#[derive(Debug, Clone, Serialize, ts_rs::TS, thiserror::Error)]
#[ts(rename = "IpcErrorPayload")]
#[error("{code}: {message}")]
pub struct IpcError {
    /// Stable code.
    pub code: String,
    /// Plain-language message.
    pub message: String,
}

impl IpcError {
    /// An error with `code` and `message`.
    pub fn new(code: &str, message: impl std::fmt::Display) -> Self {
        Self {
            code: code.to_owned(),
            message: message.to_string(),
        }
    }

    /// Something the person cannot act on (logged with its detail).
    pub fn internal(what: &str, e: impl std::fmt::Display) -> Self {
        tracing::error!(error = %e, "{what}");
        Self::new("internal", format!("{what}: {e}"))
    }
}

impl From<glovebox_engine::inputs::InputError> for IpcError {
    fn from(e: glovebox_engine::inputs::InputError) -> Self {
        Self::new("input", e)
    }
}

impl From<glovebox_engine::audit::AuditError> for IpcError {
    fn from(e: glovebox_engine::audit::AuditError) -> Self {
        Self::internal("the audit log cannot be read", e)
    }
}

impl From<glovebox_engine::keys::KeyError> for IpcError {
    fn from(e: glovebox_engine::keys::KeyError) -> Self {
        Self::new("keyring", e)
    }
}

impl From<glovebox_engine::provider::ProviderError> for IpcError {
    fn from(e: glovebox_engine::provider::ProviderError) -> Self {
        if e.is_setup() {
            Self::new("setup", e)
        } else {
            Self::new("model", e)
        }
    }
}

impl From<glovebox_engine::generator::GenerateError> for IpcError {
    fn from(e: glovebox_engine::generator::GenerateError) -> Self {
        use glovebox_engine::generator::GenerateError as G;
        match e {
            G::Goal { message, .. } => Self::new("goal", message),
            G::Provider(p) => p.into(),
            G::Cancelled => Self::new("cancelled", "cancelled"),
            other => Self::new("model", other),
        }
    }
}

/// A failed blocking task (a panic in a worker).
impl From<tauri::Error> for IpcError {
    fn from(e: tauri::Error) -> Self {
        Self::internal("a background task failed", e)
    }
}
