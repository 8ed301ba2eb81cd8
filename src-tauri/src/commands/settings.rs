//! Settings and the API key (kept only in the OS keyring; only its last
//! characters are ever shown).

use tauri::State;

use super::{blocking, Answer, MIN_KEY_CHARS_FOR_HINT};
use crate::error::{ErrorCode, IpcError};
use crate::settings::{Provider, Settings};
use crate::state::AppState;
use crate::types::ConnectionReport;
use glovebox_engine::lang::Lang;
use glovebox_engine::provider::local::{self, LocalServer};
use glovebox_engine::provider::{check_connection, ModelSettings};

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

/// Model servers on this computer (Ollama, llama.cpp, LM Studio, vLLM):
/// only loopback addresses are asked, for their model lists; nothing else
/// is sent.
#[tauri::command]
pub async fn detect_local_models() -> Answer<Vec<LocalServer>> {
    Ok(local::detect(&local::DEFAULT_PROBES, local::PROBE_TIMEOUT).await)
}

/// Whether the model service of the settings on screen (not yet saved)
/// answers: its model list is asked, with the stored key; no data is sent.
/// `lang` (`en`, `fr`, `es`) is the language of the sentence.
#[tauri::command]
pub async fn test_connection(
    provider: Provider,
    model: String,
    base_url: String,
    lang: String,
) -> Answer<ConnectionReport> {
    let on_screen = Settings {
        provider,
        model: model.trim().to_owned(),
        base_url: base_url.trim().to_owned(),
        ..Settings::default()
    };
    let Some(settings) = on_screen.model_settings()? else {
        return Err(IpcError::new(
            ErrorCode::Setup,
            "the offline recipes need no connection",
        ));
    };
    let key = blocking(move || Ok(glovebox_engine::keys::api_key(provider.name())?)).await?;
    let outcome = check_connection(&settings, key).await?;
    Ok(ConnectionReport {
        connected: outcome.is_connected(),
        message: outcome.message(lang_of(&lang)),
        outcome,
    })
}

fn lang_of(code: &str) -> Lang {
    match code {
        "fr" => Lang::Fr,
        "es" => Lang::Es,
        _ => Lang::En,
    }
}

/// Refuses, with [`ErrorCode::NoKey`], a model service that needs a key
/// when none is stored (`GLOVEBOX_API_KEY` or the keyring): the UI then
/// offers the key field rather than a command to type.
pub(crate) async fn require_key(model: Option<&ModelSettings>) -> Answer<()> {
    let Some(model) = model.filter(|m| !m.key_optional()) else {
        return Ok(());
    };
    let provider = model.kind.name();
    if blocking(move || Ok(glovebox_engine::keys::has_key(provider)?)).await? {
        return Ok(());
    }
    Err(IpcError::new(
        ErrorCode::NoKey,
        format!("no API key is stored for {provider}; add it in the settings"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn local(url: &str) -> ModelSettings {
        ModelSettings::builder("openai")
            .and_then(|b| b.with_base_url(url))
            .expect("settings")
            .build()
    }

    #[test]
    fn offline_and_a_server_on_this_computer_need_no_key() {
        let run = tauri::async_runtime::block_on;
        assert!(run(require_key(None)).is_ok());
        assert!(run(require_key(Some(&local("http://127.0.0.1:11434/v1")))).is_ok());
    }

    #[test]
    fn a_connection_test_refuses_offline_and_a_bad_address_before_asking() {
        let run = tauri::async_runtime::block_on;
        let offline = run(test_connection(
            Provider::Offline,
            String::new(),
            String::new(),
            "en".into(),
        ))
        .expect_err("offline");
        assert_eq!(offline.code, ErrorCode::Setup);
        // Plain http to another machine would carry the key in clear.
        let clear = run(test_connection(
            Provider::Openai,
            "m".into(),
            "http://10.1.2.3:8080/v1".into(),
            "fr".into(),
        ))
        .expect_err("refused");
        assert_eq!(clear.code, ErrorCode::Setup);
        assert!(clear.message.contains("https://"), "{}", clear.message);
        assert_eq!(lang_of("es"), Lang::Es);
        assert_eq!(lang_of("de"), Lang::En);
    }
}
