//! Model servers on this computer: Ollama (`GET /api/tags`; its
//! OpenAI-compatible base is `/v1`) and OpenAI-compatible servers such as
//! llama.cpp's, LM Studio and vLLM (`GET /v1/models`), looked for on their
//! usual ports.
//!
//! Only loopback addresses are ever asked (`127.0.0.1` and `[::1]`, given as
//! IP literals, so no name lookup can send a probe elsewhere; any proxy
//! setting is ignored and redirects are not followed). A probe sends no
//! data — one `GET` of a model list — and gives up after
//! [`PROBE_TIMEOUT`]; every probe runs at once, so detection takes about
//! one timeout. Replies are read up to [`MAX_PROBE_BYTES`] and at most
//! [`MAX_MODELS_PER_SERVER`] names are kept.

use std::net::IpAddr;
use std::time::Duration;

use futures_util::StreamExt;
use serde::Serialize;

/// Time limit of one probe: connecting and reading the whole reply.
pub const PROBE_TIMEOUT: Duration = Duration::from_millis(300);
/// Largest model list read from a local server, in bytes.
pub const MAX_PROBE_BYTES: usize = 256 * 1024;
/// Most model names kept from one server.
pub const MAX_MODELS_PER_SERVER: usize = 50;
/// Longest model name kept, in characters (the settings accept 200).
pub const MAX_MODEL_NAME_CHARS: usize = 200;
/// The loopback addresses asked, as URL hosts.
pub const LOOPBACK_HOSTS: [&str; 2] = ["127.0.0.1", "[::1]"];

/// What kind of server answered.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ServerKind {
    /// Ollama (`/api/tags`).
    Ollama,
    /// llama.cpp's `llama-server`.
    LlamaCpp,
    /// LM Studio.
    LmStudio,
    /// vLLM.
    Vllm,
    /// Another server speaking OpenAI's `/v1/models`.
    #[serde(rename = "openai_compatible")]
    OpenAiCompatible,
}

impl ServerKind {
    /// A name for people.
    pub fn label(self) -> &'static str {
        match self {
            Self::Ollama => "Ollama",
            Self::LlamaCpp => "llama.cpp",
            Self::LmStudio => "LM Studio",
            Self::Vllm => "vLLM",
            Self::OpenAiCompatible => "OpenAI-compatible server",
        }
    }
}

/// Where to look: a port and the server usually found there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Probe {
    /// The server expected (Ollama is asked its own API; the others `/v1/models`).
    pub kind: ServerKind,
    /// TCP port on the loopback addresses.
    pub port: u16,
}

/// The usual ports: Ollama 11434, llama.cpp 8080, LM Studio 1234, vLLM 8000.
pub const DEFAULT_PROBES: [Probe; 4] = [
    Probe {
        kind: ServerKind::Ollama,
        port: 11434,
    },
    Probe {
        kind: ServerKind::LlamaCpp,
        port: 8080,
    },
    Probe {
        kind: ServerKind::LmStudio,
        port: 1234,
    },
    Probe {
        kind: ServerKind::Vllm,
        port: 8000,
    },
];

/// A model server found on this computer.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LocalServer {
    /// What answered.
    pub kind: ServerKind,
    /// Its OpenAI-compatible base URL (`http://127.0.0.1:11434/v1`).
    pub base_url: String,
    /// Its models, sorted, at most [`MAX_MODELS_PER_SERVER`].
    pub models: Vec<String>,
    /// Models left out by that limit.
    pub more_models: u32,
}

/// Why a probe found no server.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ProbeError {
    /// Not an IP loopback address: never asked.
    #[error("{0} is not a loopback address; only this computer is probed")]
    NotLoopback(String),
    /// Nothing answered in time.
    #[error("no answer within {} ms", .0.as_millis())]
    NoAnswer(Duration),
    /// The reply was larger than [`MAX_PROBE_BYTES`].
    #[error("the reply is larger than {}", crate::units::human_bytes(*.0 as u64))]
    TooLarge(usize),
    /// An HTTP status other than success.
    #[error("HTTP {0}")]
    Status(u16),
    /// Not a model list.
    #[error("not a model list: {0}")]
    Malformed(String),
}

/// Looks for model servers on the loopback addresses at `probes`' ports,
/// all at once, each given at most `timeout`. One server per port (IPv4
/// first), in the order of `probes`.
pub async fn detect(probes: &[Probe], timeout: Duration) -> Vec<LocalServer> {
    let Ok(client) = client(timeout) else {
        return Vec::new();
    };
    let asks = probes.iter().flat_map(|p| {
        LOOPBACK_HOSTS
            .iter()
            .map(|host| {
                probe_with(
                    &client,
                    p.kind,
                    format!("http://{host}:{}", p.port),
                    timeout,
                )
            })
            .collect::<Vec<_>>()
    });
    let answers = futures_util::future::join_all(asks).await;
    let mut found: Vec<LocalServer> = Vec::new();
    for (i, answer) in answers.into_iter().enumerate() {
        let port = probes[i / LOOPBACK_HOSTS.len()].port;
        match answer {
            Ok(server) if !found.iter().any(|s| port_of(&s.base_url) == Some(port)) => {
                found.push(server);
            }
            Ok(_) => {}
            Err(e) => tracing::debug!(port, error = %e, "no model server"),
        }
    }
    tracing::info!(servers = found.len(), "local model servers");
    found
}

/// Asks the server at `root` (`http://127.0.0.1:11434`, no path) for its
/// models, as a `kind` server; refuses any address that is not an IP
/// loopback literal.
pub async fn probe(
    kind: ServerKind,
    root: &str,
    timeout: Duration,
) -> Result<LocalServer, ProbeError> {
    let client = client(timeout).map_err(|_| ProbeError::NoAnswer(timeout))?;
    probe_with(&client, kind, root.to_owned(), timeout).await
}

fn client(timeout: Duration) -> reqwest::Result<reqwest::Client> {
    reqwest::Client::builder()
        .connect_timeout(timeout)
        .timeout(timeout)
        // A proxy or a redirect would take the probe to another machine.
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("glovebox/", env!("CARGO_PKG_VERSION")))
        .build()
}

/// Whether `url`'s host is an IP loopback literal (`localhost` is not: a
/// name could be made to point elsewhere).
pub fn is_loopback_literal(url: &reqwest::Url) -> bool {
    url.host_str()
        .map(|h| h.trim_start_matches('[').trim_end_matches(']'))
        .and_then(|h| h.parse::<IpAddr>().ok())
        .is_some_and(|ip| ip.is_loopback())
}

fn port_of(url: &str) -> Option<u16> {
    reqwest::Url::parse(url).ok()?.port_or_known_default()
}

async fn probe_with(
    client: &reqwest::Client,
    kind: ServerKind,
    root: String,
    timeout: Duration,
) -> Result<LocalServer, ProbeError> {
    let url = reqwest::Url::parse(&root).map_err(|_| ProbeError::NotLoopback(root.clone()))?;
    if url.scheme() != "http" || !is_loopback_literal(&url) {
        return Err(ProbeError::NotLoopback(root));
    }
    let root = root.trim_end_matches('/');
    let path = if kind == ServerKind::Ollama {
        "/api/tags"
    } else {
        "/v1/models"
    };
    let ask = async {
        let resp = client
            .get(format!("{root}{path}"))
            .header(reqwest::header::ACCEPT, "application/json")
            .send()
            .await
            .map_err(|_| ProbeError::NoAnswer(timeout))?;
        if !resp.status().is_success() {
            return Err(ProbeError::Status(resp.status().as_u16()));
        }
        read_capped(resp, MAX_PROBE_BYTES).await
    };
    let body = tokio::time::timeout(timeout, ask)
        .await
        .map_err(|_| ProbeError::NoAnswer(timeout))??;
    let value: serde_json::Value =
        serde_json::from_slice(&body).map_err(|e| ProbeError::Malformed(e.to_string()))?;
    let (kind, names) = if kind == ServerKind::Ollama {
        (kind, ollama_names(&value)?)
    } else {
        openai_names(kind, &value)?
    };
    let (models, more_models) = kept(names);
    Ok(LocalServer {
        kind,
        base_url: format!("{root}/v1"),
        models,
        more_models,
    })
}

/// The body, or [`ProbeError::TooLarge`] as soon as it passes `max` bytes.
async fn read_capped(resp: reqwest::Response, max: usize) -> Result<Vec<u8>, ProbeError> {
    if resp.content_length().is_some_and(|n| n > max as u64) {
        return Err(ProbeError::TooLarge(max));
    }
    let mut stream = resp.bytes_stream();
    let mut buf = Vec::new();
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(|e| ProbeError::Malformed(e.to_string()))?;
        if buf.len() + chunk.len() > max {
            return Err(ProbeError::TooLarge(max));
        }
        buf.extend_from_slice(&chunk);
    }
    Ok(buf)
}

/// Ollama's `{"models":[{"name":"llama3.1:8b",…}]}`.
fn ollama_names(value: &serde_json::Value) -> Result<Vec<String>, ProbeError> {
    let list = value["models"]
        .as_array()
        .ok_or_else(|| ProbeError::Malformed("no \"models\" array".into()))?;
    Ok(list
        .iter()
        .filter_map(|m| m["name"].as_str().or_else(|| m["model"].as_str()))
        .map(str::to_owned)
        .collect())
}

/// OpenAI's `{"data":[{"id":…,"owned_by":…}]}`; `owned_by` names the
/// server where it says (`llamacpp`, `vllm`).
fn openai_names(
    kind: ServerKind,
    value: &serde_json::Value,
) -> Result<(ServerKind, Vec<String>), ProbeError> {
    let list = value["data"]
        .as_array()
        .ok_or_else(|| ProbeError::Malformed("no \"data\" array".into()))?;
    let owner = list.iter().find_map(|m| m["owned_by"].as_str());
    let kind = match owner {
        Some("llamacpp") => ServerKind::LlamaCpp,
        Some("vllm") => ServerKind::Vllm,
        _ => kind,
    };
    let names = list
        .iter()
        .filter_map(|m| m["id"].as_str())
        .map(str::to_owned)
        .collect();
    Ok((kind, names))
}

/// Usable names (printable, not too long), sorted, deduplicated and capped;
/// with how many were left out by the cap.
fn kept(names: Vec<String>) -> (Vec<String>, u32) {
    let mut names: Vec<String> = names
        .into_iter()
        .map(|n| n.trim().to_owned())
        .filter(|n| {
            !n.is_empty()
                && n.chars().count() <= MAX_MODEL_NAME_CHARS
                && !n.chars().any(char::is_control)
        })
        .collect();
    names.sort();
    names.dedup();
    let more = names.len().saturating_sub(MAX_MODELS_PER_SERVER);
    names.truncate(MAX_MODELS_PER_SERVER);
    (names, u32::try_from(more).unwrap_or(u32::MAX))
}

#[cfg(test)]
pub(crate) mod fake_http;
#[cfg(test)]
mod tests;
