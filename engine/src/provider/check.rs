//! "Test connection": whether the configured model service answers, by
//! asking for its model list (`GET …/models`, the key in its header). No
//! data of the person's is sent — no goal, no file, no prompt — so nothing
//! needs recording first. A service that needs a key and has none is not
//! asked at all. The outcome is typed, with a sentence in English, French
//! or Spanish.

use std::time::Duration;

use serde::Serialize;

use super::{ModelGenerator, ModelSettings, ProviderError};
use crate::keys::ApiKey;
use crate::lang::Lang;

/// Longest wait for a model list during a test (the settings' request
/// limit is meant for long generations).
pub const CHECK_TIMEOUT: Duration = Duration::from_secs(10);

/// How the test went.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum Connection {
    /// The service listed its models.
    Connected {
        /// How many.
        models: u32,
        /// The configured model, if it is not among them (and there are some).
        missing_model: Option<String>,
    },
    /// The service needs a key and none is stored; it was not asked.
    NoKey,
    /// The service refused the key (HTTP 401 or 403).
    KeyRefused,
    /// Nothing answered in time at this address (`host:port`).
    NoAnswer {
        /// `host:port`.
        address: String,
    },
    /// Another HTTP refusal (a wrong address often gives 404).
    Refused {
        /// The status.
        status: u16,
    },
    /// Something answered, but not with a model list.
    NotAModelService {
        /// `host:port`.
        address: String,
    },
}

impl Connection {
    /// Whether the service answered and accepted the key.
    pub fn is_connected(&self) -> bool {
        matches!(self, Self::Connected { .. })
    }

    /// A sentence for people in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            Self::Connected {
                models,
                missing_model,
            } => {
                let mut s = match *models {
                    1 => lang.pick("Connected: 1 model.", "Connecté : 1 modèle.", "Conectado: 1 modelo.").to_owned(),
                    n => lang.pick(
                        format!("Connected: {n} models."),
                        format!("Connecté : {n} modèles."),
                        format!("Conectado: {n} modelos."),
                    ),
                };
                if let Some(m) = missing_model {
                    s.push(' ');
                    s.push_str(&lang.pick(
                        format!("The model “{m}” is not among them."),
                        format!("Le modèle « {m} » n'en fait pas partie."),
                        format!("El modelo «{m}» no está entre ellos."),
                    ));
                }
                s
            }
            Self::NoKey => lang
                .pick(
                    "No API key is stored for this service.",
                    "Aucune clé d'API n'est enregistrée pour ce service.",
                    "No hay ninguna clave de API guardada para este servicio.",
                )
                .to_owned(),
            Self::KeyRefused => lang
                .pick("The key was refused.", "La clé a été refusée.", "La clave fue rechazada.")
                .to_owned(),
            Self::NoAnswer { address } => lang.pick(
                format!("No answer from {address}."),
                format!("Pas de réponse de {address}."),
                format!("Sin respuesta de {address}."),
            ),
            Self::Refused { status } => lang.pick(
                format!("The service answered HTTP {status}: check the address (a local server's usually ends in /v1)."),
                format!("Le service a répondu HTTP {status} : vérifiez l'adresse (celle d'un serveur local finit en général par /v1)."),
                format!("El servicio respondió HTTP {status}: compruebe la dirección (la de un servidor local suele terminar en /v1)."),
            ),
            Self::NotAModelService { address } => lang.pick(
                format!("Something answered at {address}, but not as a model service."),
                format!("Quelque chose répond à {address}, mais pas comme un service de modèles."),
                format!("Algo responde en {address}, pero no como un servicio de modelos."),
            ),
        }
    }
}

/// `host:port` of a base URL, as people read it.
fn address(base_url: &str) -> String {
    reqwest::Url::parse(base_url)
        .ok()
        .and_then(|u| Some(format!("{}:{}", u.host_str()?, u.port_or_known_default()?)))
        .unwrap_or_else(|| base_url.to_owned())
}

/// Asks the service of `settings` for its model list, with `key` (absent:
/// only a loopback OpenAI-compatible server is asked). An error only when
/// no HTTP client can be set up.
pub async fn check_connection(
    settings: &ModelSettings,
    key: Option<ApiKey>,
) -> Result<Connection, ProviderError> {
    if key.is_none() && !settings.key_optional() {
        return Ok(Connection::NoKey);
    }
    let mut settings = settings.clone();
    settings.timeout = settings.timeout.min(CHECK_TIMEOUT);
    let wanted = settings.model.clone();
    let addr = address(&settings.base_url);
    let generator = ModelGenerator::new(settings, key)?;
    let outcome = match generator.list_models().await {
        Ok(models) => Connection::Connected {
            models: u32::try_from(models.len()).unwrap_or(u32::MAX),
            missing_model: (!models.is_empty() && !models.contains(&wanted)).then_some(wanted),
        },
        Err(ProviderError::NoKey { .. }) => Connection::NoKey,
        Err(ProviderError::Unauthorized { .. }) => Connection::KeyRefused,
        Err(ProviderError::Refused { status, .. } | ProviderError::Busy { status, .. }) => {
            Connection::Refused { status }
        }
        Err(ProviderError::Malformed(_)) => Connection::NotAModelService { address: addr },
        Err(e) => {
            tracing::debug!(error = %e, "connection test");
            Connection::NoAnswer { address: addr }
        }
    };
    tracing::info!(connected = outcome.is_connected(), "connection test");
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::super::local::fake_http::{FakeServer, Reply};
    use super::*;

    fn block_on<T>(f: impl std::future::Future<Output = T>) -> T {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime")
            .block_on(f)
    }

    fn settings(provider: &str, base_url: &str, model: &str) -> ModelSettings {
        ModelSettings::builder(provider)
            .and_then(|b| b.with_base_url(base_url))
            .and_then(|b| b.with_model(model))
            .expect("settings")
            .build()
    }

    fn key(text: &str) -> Option<ApiKey> {
        Some(ApiKey::new(text.into()).expect("key"))
    }

    #[test]
    fn a_local_server_lists_its_models_without_a_key() {
        let server = FakeServer::start(Reply::Json(
            200,
            r#"{"data":[{"id":"llama3.1:8b"},{"id":"qwen2.5-coder:7b"},{"id":"phi3"}]}"#.into(),
        ));
        let s = settings(
            "openai",
            &format!("{}/v1", server.root()),
            "qwen2.5-coder:7b",
        );
        let outcome = block_on(check_connection(&s, None)).expect("checked");
        assert_eq!(
            outcome,
            Connection::Connected {
                models: 3,
                missing_model: None
            }
        );
        assert_eq!(outcome.message(Lang::En), "Connected: 3 models.");
        assert_eq!(outcome.message(Lang::Fr), "Connecté : 3 modèles.");
        assert_eq!(server.paths(), vec!["/v1/models"]);
        let head = server.heads()[0].to_ascii_lowercase();
        assert!(head.starts_with("get "), "a GET, no data: {head}");
        assert!(!head.contains("authorization"), "no key, no header");
        // A model the server does not have is said.
        let other = settings("openai", &format!("{}/v1", server.root()), "mistral");
        let outcome = block_on(check_connection(&other, None)).expect("checked");
        assert_eq!(
            outcome.message(Lang::Es),
            "Conectado: 3 modelos. El modelo «mistral» no está entre ellos."
        );
    }

    #[test]
    fn a_remote_service_without_a_key_is_not_asked() {
        let s = ModelSettings::builder("anthropic")
            .expect("anthropic")
            .build();
        assert_eq!(
            block_on(check_connection(&s, None)).expect("checked"),
            Connection::NoKey
        );
    }

    #[test]
    fn a_refused_key_and_a_wrong_address_are_told_apart() {
        let refusing = FakeServer::start(Reply::Json(
            401,
            r#"{"error":{"message":"bad key"}}"#.into(),
        ));
        let s = settings("anthropic", &refusing.root(), "claude-x");
        let outcome =
            block_on(check_connection(&s, key("sk-ant-test-1234567890"))).expect("checked");
        assert_eq!(outcome, Connection::KeyRefused);
        assert_eq!(outcome.message(Lang::En), "The key was refused.");
        assert!(refusing.heads()[0].contains("x-api-key: sk-ant-test-1234567890"));
        let missing = FakeServer::start(Reply::Json(404, "{}".into()));
        let s = settings("openai", &missing.root(), "m");
        assert_eq!(
            block_on(check_connection(&s, None)).expect("checked"),
            Connection::Refused { status: 404 }
        );
        let html = FakeServer::start(Reply::Json(200, "<html></html>".into()));
        let s = settings("openai", &format!("{}/v1", html.root()), "m");
        assert_eq!(
            block_on(check_connection(&s, None)).expect("checked"),
            Connection::NotAModelService {
                address: format!("127.0.0.1:{}", html.port)
            }
        );
    }

    #[test]
    fn nothing_listening_is_no_answer_from_its_address() {
        // A port that was just free: bound, then released.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .expect("bind")
            .local_addr()
            .expect("addr")
            .port();
        let s = settings("openai", &format!("http://127.0.0.1:{port}/v1"), "m");
        let outcome = block_on(check_connection(&s, None)).expect("checked");
        assert_eq!(
            outcome.message(Lang::En),
            format!("No answer from 127.0.0.1:{port}.")
        );
    }
}
