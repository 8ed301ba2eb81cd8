//! Settings and the API key (kept only in the OS keyring; only its last
//! characters are ever shown).

use tauri::State;

use super::{blocking, Answer, MIN_KEY_CHARS_FOR_HINT};
use crate::error::{ErrorCode, IpcError};
use crate::settings::{Provider, Settings};
use crate::state::AppState;
fn key_hint(provider: Provider) -> Option<String> {
    if provider == Provider::Offline {
        return None;
    }
    match glovebox_engine::keys::api_key(provider.name()) {
        // The last 4 characters of a long key only: a short one would be
        // given away whole.
        Ok(Some(key)) if key.expose().chars().count() < MIN_KEY_CHARS_FOR_HINT => {
            Some("•••".into())
        }
        Ok(Some(key)) => {
            let text = key.expose();
            let tail: String = text
                .chars()
                .rev()
                .take(4)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            Some(tail)
        }
        Ok(None) => None,
        Err(e) => {
            tracing::warn!(error = %e, "the keyring could not be read");
            None
        }
    }
}

/// The settings, with the stored key's last 4 characters (never the key).
#[tauri::command]
pub async fn get_settings(state: State<'_, AppState>) -> Answer<Settings> {
    let mut settings = state.settings();
    let provider = settings.provider;
    settings.api_key_hint = blocking(move || Ok(key_hint(provider))).await?;
    Ok(settings)
}

/// Checks and saves the settings.
#[tauri::command]
pub async fn set_settings(state: State<'_, AppState>, settings: Settings) -> Answer<()> {
    let checked = settings.checked()?;
    checked.save(&state.paths.settings)?;
    let mut current = state
        .settings
        .lock()
        .map_err(|e| IpcError::internal("settings state", e))?;
    *current = checked;
    tracing::info!("settings saved");
    Ok(())
}

/// Stores an API key in the OS keyring.
#[tauri::command]
pub async fn set_api_key(provider: Provider, key: String) -> Answer<()> {
    if provider == Provider::Offline {
        return Err(IpcError::new(
            ErrorCode::Setup,
            "the offline generator needs no key",
        ));
    }
    blocking(move || {
        let backend = glovebox_engine::keys::store_key(provider.name(), key)?;
        tracing::info!(provider = provider.name(), backend, "API key stored");
        Ok(())
    })
    .await
}
