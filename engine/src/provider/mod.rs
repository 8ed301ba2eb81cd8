//! Language-model providers behind the [`Generator`] trait: `openai` (any
//! OpenAI-compatible chat-completions endpoint: OpenAI, Ollama's `/v1`,
//! llama.cpp server, vLLM, LM Studio) and `anthropic` (the Messages API).
//!
//! Replies are streamed (server-sent events) and handed to a [`TextSink`] as
//! they arrive. A request has one time budget ([`ModelSettings::timeout`],
//! [`DEFAULT_REQUEST_TIMEOUT`]) for every try and every wait between tries
//! until the model starts writing: 429 and 5xx answers are retried with
//! exponential backoff, honouring `Retry-After`, but never past the budget
//! (a failing service is reported when the next wait would cross it). Once
//! the model writes, it goes on while words keep coming: a pause as long as
//! the budget, or writing past [`MAX_WRITING_TIME`], ends it. A generation
//! is cancelled by dropping its future (the connection closes). The key goes in
//! a header marked sensitive and never into a message, a log or the audit
//! log; a service's error text is searched for it and redacted.

pub mod anthropic;
pub mod check;
pub mod local;
pub mod openai;
pub mod sse;

use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde::Serialize;

pub use crate::generator::error::ProviderError;
use crate::generator::{
    extract, prompt, GenerateError, GenerateFuture, Generated, GenerationRequest, Generator,
    Outgoing, Repair, TextSink,
};
use crate::keys::ApiKey;
pub use check::{check_connection, Connection};
pub use local::{LocalServer, ServerKind};

/// Time budget of a model request: every try and every wait between tries,
/// until the model starts writing (then also the longest pause while it
/// writes).
pub const DEFAULT_REQUEST_TIMEOUT: Duration = Duration::from_secs(60);
/// Longest a model may write one reply, once it started.
pub const MAX_WRITING_TIME: Duration = Duration::from_secs(15 * 60);
/// Time limit to open a connection.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// Retries after a 429, a 5xx or a refused connection.
pub const DEFAULT_MAX_RETRIES: u32 = 3;
/// First backoff delay; doubled at each retry.
pub const RETRY_BASE_DELAY: Duration = Duration::from_millis(500);
/// Longest backoff delay chosen by Glovebox.
pub const MAX_BACKOFF: Duration = Duration::from_secs(8);
/// Longest `Retry-After` honoured; a service asking for more is reported.
pub const MAX_RETRY_AFTER: Duration = Duration::from_secs(60);
/// Largest reply kept, in bytes.
pub const MAX_REPLY_BYTES: usize = 256 * 1024;
/// Largest error body read from a service, in bytes.
pub const MAX_ERROR_BODY_BYTES: usize = 4 * 1024;
/// Longest model reply asked of Anthropic models, in tokens (required there).
pub const DEFAULT_MAX_TOKENS: u32 = 4096;
/// Longest request time limit accepted.
pub const MAX_REQUEST_TIMEOUT: Duration = Duration::from_secs(3600);

/// Which protocol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ProviderKind {
    /// OpenAI-compatible chat completions.
    OpenAi,
    /// Anthropic Messages API.
    Anthropic,
}

impl ProviderKind {
    /// From a provider name.
    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "openai" => Some(Self::OpenAi),
            "anthropic" => Some(Self::Anthropic),
            _ => None,
        }
    }
    /// The provider name.
    pub fn name(self) -> &'static str {
        match self {
            Self::OpenAi => "openai",
            Self::Anthropic => "anthropic",
        }
    }
    /// The service's own address.
    pub fn default_base_url(self) -> &'static str {
        match self {
            Self::OpenAi => "https://api.openai.com/v1",
            Self::Anthropic => "https://api.anthropic.com",
        }
    }
    /// The model used when none is named.
    pub fn default_model(self) -> &'static str {
        match self {
            Self::OpenAi => "gpt-4.1-mini",
            Self::Anthropic => "claude-sonnet-4-5",
        }
    }
}

/// Checked settings of a model provider.
#[derive(Debug, Clone, Serialize)]
pub struct ModelSettings {
    /// Protocol.
    pub kind: ProviderKind,
    /// Model name.
    pub model: String,
    /// Base URL (`https://api.openai.com/v1`, `http://localhost:11434/v1`…).
    pub base_url: String,
    /// Sample rows of each input shown to the model (0 = schema only).
    pub sample_rows: usize,
    /// Time budget of a request, retries included ([`DEFAULT_REQUEST_TIMEOUT`]).
    #[serde(serialize_with = "as_millis")]
    pub timeout: Duration,
    /// Retries after 429/5xx.
    pub max_retries: u32,
}

fn as_millis<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// Builder of [`ModelSettings`]; every step checks its value.
#[derive(Debug, Clone)]
pub struct ModelSettingsBuilder {
    settings: ModelSettings,
}

impl ModelSettings {
    /// Defaults for a provider name (`openai` or `anthropic`).
    pub fn builder(provider: &str) -> Result<ModelSettingsBuilder, ProviderError> {
        let kind = ProviderKind::parse(provider).ok_or_else(|| {
            ProviderError::Settings(format!(
                "unknown model provider \"{provider}\" (available: openai, anthropic)"
            ))
        })?;
        Ok(ModelSettingsBuilder {
            settings: ModelSettings {
                kind,
                model: kind.default_model().to_owned(),
                base_url: kind.default_base_url().to_owned(),
                sample_rows: prompt::DEFAULT_SAMPLE_ROWS,
                timeout: DEFAULT_REQUEST_TIMEOUT,
                max_retries: DEFAULT_MAX_RETRIES,
            },
        })
    }

    /// A local server (loopback address) may run without a key.
    pub fn is_loopback(&self) -> bool {
        reqwest::Url::parse(&self.base_url)
            .ok()
            .and_then(|u| {
                let host = u
                    .host_str()?
                    .trim_start_matches('[')
                    .trim_end_matches(']')
                    .to_owned();
                Some(
                    host == "localhost"
                        || host
                            .parse::<std::net::IpAddr>()
                            .is_ok_and(|ip| ip.is_loopback()),
                )
            })
            .unwrap_or(false)
    }

    /// Whether a request can go without a key.
    pub fn key_optional(&self) -> bool {
        self.kind == ProviderKind::OpenAi && self.is_loopback()
    }
}

impl ModelSettingsBuilder {
    /// Model name: 1 to 200 printable characters.
    pub fn with_model(mut self, model: &str) -> Result<Self, ProviderError> {
        let model = model.trim();
        if model.is_empty() || model.len() > 200 || model.chars().any(char::is_control) {
            return Err(ProviderError::Settings(
                "the model name must be 1 to 200 printable characters".into(),
            ));
        }
        self.settings.model = model.to_owned();
        Ok(self)
    }
    /// Base URL: `http` or `https`, no credentials, no query.
    pub fn with_base_url(mut self, url: &str) -> Result<Self, ProviderError> {
        let parsed = reqwest::Url::parse(url.trim())
            .map_err(|e| ProviderError::Settings(format!("the base URL is not valid: {e}")))?;
        if !matches!(parsed.scheme(), "http" | "https") || parsed.host().is_none() {
            return Err(ProviderError::Settings(
                "the base URL must start with http:// or https:// and name a host".into(),
            ));
        }
        // A key must never cross a network in clear text: plain http only
        // to this machine (Ollama, llama.cpp, LM Studio on loopback).
        let host = parsed.host_str().unwrap_or("");
        let loopback = host == "localhost"
            || host
                .trim_matches(['[', ']'])
                .parse::<std::net::IpAddr>()
                .is_ok_and(|ip| ip.is_loopback());
        if parsed.scheme() == "http" && !loopback {
            return Err(ProviderError::Settings(
                "a base URL on another machine must use https:// (plain http:// is only for a server on this machine)".into(),
            ));
        }
        if !parsed.username().is_empty() || parsed.password().is_some() {
            return Err(ProviderError::Settings(
                "the base URL must not contain a user name or password (keys go in the keyring)"
                    .into(),
            ));
        }
        if parsed.query().is_some() || parsed.fragment().is_some() {
            return Err(ProviderError::Settings(
                "the base URL must not have a query or a fragment".into(),
            ));
        }
        self.settings.base_url = parsed.as_str().trim_end_matches('/').to_owned();
        Ok(self)
    }
    /// Sample rows: 0 to [`prompt::MAX_SAMPLE_ROWS`].
    pub fn with_sample_rows(mut self, rows: usize) -> Result<Self, ProviderError> {
        if rows > prompt::MAX_SAMPLE_ROWS {
            return Err(ProviderError::Settings(format!(
                "at most {} sample rows can be sent",
                prompt::MAX_SAMPLE_ROWS
            )));
        }
        self.settings.sample_rows = rows;
        Ok(self)
    }
    /// Time budget of a request, retries included: 100 ms to
    /// [`MAX_REQUEST_TIMEOUT`].
    pub fn with_timeout(mut self, timeout: Duration) -> Result<Self, ProviderError> {
        if timeout < Duration::from_millis(100) || timeout > MAX_REQUEST_TIMEOUT {
            return Err(ProviderError::Settings(format!(
                "the request time limit must be between 0.1 and {} seconds",
                MAX_REQUEST_TIMEOUT.as_secs()
            )));
        }
        self.settings.timeout = timeout;
        Ok(self)
    }
    /// Retries after 429/5xx: 0 to 10.
    pub fn with_max_retries(mut self, retries: u32) -> Result<Self, ProviderError> {
        if retries > 10 {
            return Err(ProviderError::Settings("at most 10 retries".into()));
        }
        self.settings.max_retries = retries;
        Ok(self)
    }
    /// The checked settings.
    pub fn build(self) -> ModelSettings {
        self.settings
    }
}

/// How a model call went, for the audit log.
#[derive(Debug, Clone, Default, Serialize)]
pub struct CallStats {
    /// HTTP tries made.
    pub tries: u32,
    /// Each wait before a retry, in milliseconds, and why.
    pub waits: Vec<serde_json::Value>,
    /// Time from the first try to the end of the reply.
    pub elapsed_ms: u64,
    /// Why the model stopped (`stop`, `end_turn`, `length`…), as reported.
    pub finish_reason: Option<String>,
}

/// A model's reply.
#[derive(Debug, Clone, Default)]
pub struct Reply {
    /// The text.
    pub text: String,
    /// How the call went.
    pub stats: CallStats,
}

/// A streaming parser for one protocol.
pub(crate) trait StreamParser: Send {
    /// One event; returns a piece of text, if any.
    fn event(&mut self, event: &sse::Event) -> Result<Option<String>, ProviderError>;
    /// The reply reached its end marker.
    fn finished(&self) -> bool;
    /// The finish reason, if reported.
    fn finish_reason(&self) -> Option<String>;
}

/// A generator that asks a language model.
pub struct ModelGenerator {
    settings: ModelSettings,
    key: Option<ApiKey>,
    client: reqwest::Client,
}

impl std::fmt::Debug for ModelGenerator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ModelGenerator")
            .field("settings", &self.settings)
            .field("key", &self.key.as_ref().map(|_| "<set>"))
            .finish()
    }
}

fn redact(text: &str, key: Option<&ApiKey>) -> String {
    /// A key cut by a size limit still leaks this much of itself.
    const MIN_PREFIX: usize = 8;
    match key {
        Some(k) if !k.expose().is_empty() => {
            let key = k.expose();
            let mut out = text.replace(key, "[redacted]");
            // A body cut short may end with the start of the key.
            for len in (MIN_PREFIX..key.len()).rev() {
                if out.ends_with(&key[..len]) {
                    out.truncate(out.len() - len);
                    out.push_str("[redacted]");
                    break;
                }
            }
            out
        }
        _ => text.to_owned(),
    }
}

/// Seconds to wait from a `Retry-After` value: delay-seconds or an HTTP date.
pub fn parse_retry_after(value: &str, now: std::time::SystemTime) -> Option<Duration> {
    let value = value.trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    if let Ok(secs) = value.parse::<f64>() {
        if secs.is_finite() && secs >= 0.0 {
            return Some(Duration::from_secs_f64(secs.min(1e9)));
        }
    }
    let at = parse_http_date(value)?;
    let now = now.duration_since(std::time::UNIX_EPOCH).ok()?.as_secs();
    Some(Duration::from_secs(at.saturating_sub(now)))
}

/// Unix seconds of an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`).
fn parse_http_date(value: &str) -> Option<u64> {
    let parts: Vec<&str> = value.split_whitespace().collect();
    let [_, day, month, year, time, "GMT"] = parts.as_slice() else {
        return None;
    };
    let day: u64 = day.parse().ok()?;
    let month = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    .iter()
    .position(|m| m == month)? as u64
        + 1;
    let year: i64 = year.parse().ok()?;
    let hms: Vec<u64> = time.split(':').filter_map(|p| p.parse().ok()).collect();
    let [h, m, s] = hms.as_slice() else {
        return None;
    };
    // Days from civil (Howard Hinnant's algorithm).
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    u64::try_from(days * 86_400 + (*h as i64) * 3600 + (*m as i64) * 60 + *s as i64).ok()
}

fn backoff(retry: u32) -> Duration {
    RETRY_BASE_DELAY
        .saturating_mul(2u32.saturating_pow(retry.saturating_sub(1)))
        .min(MAX_BACKOFF)
}

async fn read_limited(resp: reqwest::Response, max: usize) -> String {
    let mut stream = resp.bytes_stream();
    let mut buf = Vec::new();
    while let Some(Ok(chunk)) = stream.next().await {
        buf.extend_from_slice(&chunk);
        if buf.len() >= max {
            buf.truncate(max);
            break;
        }
    }
    String::from_utf8_lossy(&buf).into_owned()
}

/// The service's own error message from an error body, shortened.
fn error_detail(body: &str, key: Option<&ApiKey>) -> String {
    let message = serde_json::from_str::<serde_json::Value>(body)
        .ok()
        .and_then(|v| {
            v.pointer("/error/message")
                .or_else(|| v.get("error").filter(|e| e.is_string()))
                .or_else(|| v.get("message"))
                .and_then(|m| m.as_str().map(str::to_owned))
        })
        .unwrap_or_else(|| body.trim().to_owned());
    // Redact before shortening: a cut must not leave part of the key behind.
    let message = redact(&message, key);
    let message: String = message.chars().take(300).collect();
    if message.is_empty() {
        String::new()
    } else {
        format!(": {message}")
    }
}

impl ModelGenerator {
    /// A generator for `settings`; `key` may be absent only for a local
    /// OpenAI-compatible server.
    pub fn new(settings: ModelSettings, key: Option<ApiKey>) -> Result<Self, ProviderError> {
        if key.is_none() && !settings.key_optional() {
            return Err(ProviderError::NoKey {
                provider: settings.kind.name(),
            });
        }
        Self::build(settings, key)
    }

    /// A generator that can only show what it would send (`--show-prompt`).
    pub fn preview_only(settings: ModelSettings) -> Result<Self, ProviderError> {
        Self::build(settings, None)
    }

    fn build(settings: ModelSettings, key: Option<ApiKey>) -> Result<Self, ProviderError> {
        let client = reqwest::Client::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            .user_agent(concat!("glovebox/", env!("CARGO_PKG_VERSION")))
            // A redirect could carry the key header or the prompt elsewhere.
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| ProviderError::Settings(format!("cannot set up HTTP: {e}")))?;
        Ok(Self {
            settings,
            key,
            client,
        })
    }

    /// The settings.
    pub fn settings(&self) -> &ModelSettings {
        &self.settings
    }

    /// Where replies are asked for.
    pub fn endpoint(&self) -> String {
        match self.settings.kind {
            ProviderKind::OpenAi => openai::endpoint(&self.settings.base_url),
            ProviderKind::Anthropic => anthropic::endpoint(&self.settings.base_url),
        }
    }

    fn body(&self, conversation: &prompt::Conversation) -> String {
        let value = match self.settings.kind {
            ProviderKind::OpenAi => openai::body(&self.settings.model, conversation),
            ProviderKind::Anthropic => anthropic::body(&self.settings.model, conversation),
        };
        serde_json::to_string_pretty(&value).unwrap_or_default()
    }

    fn headers(&self) -> Result<reqwest::header::HeaderMap, ProviderError> {
        use reqwest::header::{HeaderMap, HeaderValue, ACCEPT, AUTHORIZATION, CONTENT_TYPE};
        let mut h = HeaderMap::new();
        h.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        h.insert(ACCEPT, HeaderValue::from_static("text/event-stream"));
        let secret = |text: String| {
            let mut v = HeaderValue::from_str(&text).map_err(|_| {
                ProviderError::Keyring(
                    "the stored API key has characters a header cannot carry".into(),
                )
            })?;
            v.set_sensitive(true);
            Ok::<_, ProviderError>(v)
        };
        match self.settings.kind {
            ProviderKind::OpenAi => {
                if let Some(k) = &self.key {
                    h.insert(AUTHORIZATION, secret(format!("Bearer {}", k.expose()))?);
                }
            }
            ProviderKind::Anthropic => {
                if let Some(k) = &self.key {
                    h.insert("x-api-key", secret(k.expose().to_owned())?);
                }
                h.insert(
                    "anthropic-version",
                    HeaderValue::from_static(anthropic::API_VERSION),
                );
            }
        }
        Ok(h)
    }

    fn parser(&self) -> Box<dyn StreamParser> {
        match self.settings.kind {
            ProviderKind::OpenAi => Box::<openai::Parser>::default(),
            ProviderKind::Anthropic => Box::<anthropic::Parser>::default(),
        }
    }

    /// Sends `body` and streams the reply to `on_text`, with retries.
    pub async fn call(&self, body: &str, on_text: TextSink<'_>) -> Result<Reply, ProviderError> {
        use tracing::Instrument;
        let span = tracing::info_span!("model_call", provider = self.settings.kind.name(), model = %self.settings.model);
        self.call_with_retries(body, on_text).instrument(span).await
    }

    async fn call_with_retries(
        &self,
        body: &str,
        on_text: TextSink<'_>,
    ) -> Result<Reply, ProviderError> {
        let url = self.endpoint();
        let budget = Budget::new(self.settings.timeout);
        let mut stats = CallStats::default();
        let mut last_failure: Option<String> = None;
        loop {
            stats.tries += 1;
            let (status, retry_after, detail) =
                match self.try_within(&budget, &url, body, on_text).await {
                    Ok((text, finish_reason)) => {
                        stats.elapsed_ms = budget.started.elapsed().as_millis() as u64;
                        stats.finish_reason = finish_reason;
                        return Ok(Reply { text, stats });
                    }
                    Err(TryError::Final(e)) => return Err(e),
                    Err(TryError::Expired) => return Err(budget.expired(stats.tries, last_failure)),
                    Err(TryError::Retry {
                        status,
                        retry_after,
                        detail,
                    }) => (status, retry_after, detail),
                };
            if stats.tries > self.settings.max_retries {
                return Err(match status {
                    Some(status) => ProviderError::Busy {
                        status,
                        tries: stats.tries,
                        detail,
                    },
                    None => ProviderError::Connect {
                        url,
                        message: detail.trim_start_matches(": ").to_owned(),
                    },
                });
            }
            let wait = match retry_after {
                Some(d) if d > MAX_RETRY_AFTER || !budget.allows_wait(d) => {
                    return Err(ProviderError::WaitTooLong {
                        status: status.unwrap_or(429),
                        seconds: d.as_secs_f64().ceil() as u64,
                    })
                }
                Some(d) => d,
                None => backoff(stats.tries),
            };
            // A failing service is reported now, not after a wait that
            // would end past the budget.
            if !budget.allows_wait(wait) {
                return Err(ProviderError::OutOfTime {
                    seconds: budget.seconds(),
                    tries: stats.tries,
                    last: failure_text(status, &detail),
                });
            }
            tracing::info!(
                status,
                wait_ms = wait.as_millis() as u64,
                "model service busy; retrying"
            );
            stats.waits.push(serde_json::json!({
                "status": status,
                "wait_ms": wait.as_millis() as u64,
                "retry_after": retry_after.is_some(),
            }));
            last_failure = Some(failure_text(status, &detail));
            tokio::time::sleep(wait).await;
        }
    }

    /// One try, ended when the budget runs out: before the model writes,
    /// at the budget's end; while it writes, after a pause as long as the
    /// budget (or past [`MAX_WRITING_TIME`]).
    async fn try_within(
        &self,
        budget: &Budget,
        url: &str,
        body: &str,
        on_text: TextSink<'_>,
    ) -> Result<(String, Option<String>), TryError> {
        let heard = |piece: &str| {
            if !piece.is_empty() {
                budget.heard();
            }
            on_text(piece);
        };
        let try_once = self.try_once(url, body, &heard);
        tokio::pin!(try_once);
        loop {
            let until = tokio::time::Instant::from_std(budget.until());
            tokio::select! {
                result = &mut try_once => return result,
                () = tokio::time::sleep_until(until) => {
                    if Instant::now() >= budget.until() {
                        return Err(TryError::Expired);
                    }
                }
            }
        }
    }

    async fn try_once(
        &self,
        url: &str,
        body: &str,
        on_text: TextSink<'_>,
    ) -> Result<(String, Option<String>), TryError> {
        let key = self.key.as_ref();
        let resp = self
            .client
            .post(url)
            .headers(self.headers().map_err(TryError::Final)?)
            .body(body.to_owned())
            .send()
            .await;
        let resp = match resp {
            Ok(r) => r,
            Err(e) if e.is_connect() => {
                return Err(TryError::Retry {
                    status: None,
                    retry_after: None,
                    detail: format!(": {}", redact(&error_chain(&e), key)),
                })
            }
            Err(e) => {
                return Err(TryError::Final(ProviderError::Connect {
                    url: url.to_owned(),
                    message: redact(&error_chain(&e), key),
                }))
            }
        };
        let status = resp.status();
        if status.as_u16() == 429 || status.is_server_error() {
            let retry_after = resp
                .headers()
                .get(reqwest::header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| parse_retry_after(v, std::time::SystemTime::now()));
            let detail = error_detail(&read_limited(resp, MAX_ERROR_BODY_BYTES).await, key);
            return Err(TryError::Retry {
                status: Some(status.as_u16()),
                retry_after,
                detail,
            });
        }
        if !status.is_success() {
            let detail = error_detail(&read_limited(resp, MAX_ERROR_BODY_BYTES).await, key);
            let status = status.as_u16();
            return Err(TryError::Final(if status == 401 || status == 403 {
                ProviderError::Unauthorized {
                    provider: self.settings.kind.name(),
                    status,
                    detail,
                }
            } else {
                ProviderError::Refused { status, detail }
            }));
        }
        let is_stream = resp
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("text/event-stream"));
        if !is_stream {
            // A server that ignored `stream: true` answers in one JSON document.
            let text = read_limited(resp, MAX_REPLY_BYTES + 1).await;
            if text.len() > MAX_REPLY_BYTES {
                return Err(TryError::Final(ProviderError::TooLong {
                    limit: MAX_REPLY_BYTES,
                }));
            }
            let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
                TryError::Final(ProviderError::Malformed(format!("not JSON ({e})")))
            })?;
            let (reply, finish) = match self.settings.kind {
                ProviderKind::OpenAi => openai::whole(&value),
                ProviderKind::Anthropic => anthropic::whole(&value),
            }
            .map_err(TryError::Final)?;
            on_text(&reply);
            return Ok((reply, finish));
        }
        let mut parser = self.parser();
        let mut decoder = sse::Decoder::default();
        let mut text = String::new();
        let mut stream = resp.bytes_stream();
        let handle = |event: &sse::Event,
                      parser: &mut Box<dyn StreamParser>,
                      text: &mut String|
         -> Result<(), ProviderError> {
            if let Some(piece) = parser.event(event)? {
                if text.len() + piece.len() > MAX_REPLY_BYTES {
                    return Err(ProviderError::TooLong {
                        limit: MAX_REPLY_BYTES,
                    });
                }
                on_text(&piece);
                text.push_str(&piece);
            }
            Ok(())
        };
        while let Some(chunk) = stream.next().await {
            let chunk = match chunk {
                Ok(c) => c,
                // The connection broke mid-reply.
                Err(_) => return Err(TryError::Final(ProviderError::Truncated)),
            };
            let events = decoder
                .feed(&chunk)
                .map_err(|e| TryError::Final(ProviderError::Malformed(e.to_string())))?;
            for event in &events {
                handle(event, &mut parser, &mut text).map_err(TryError::Final)?;
            }
            if parser.finished() {
                break;
            }
        }
        if let Some(event) = decoder.finish() {
            handle(&event, &mut parser, &mut text).map_err(TryError::Final)?;
        }
        if !parser.finished() {
            return Err(TryError::Final(ProviderError::Truncated));
        }
        Ok((text, parser.finish_reason()))
    }

    /// The models the service offers, sorted (where the API lists them).
    pub async fn list_models(&self) -> Result<Vec<String>, ProviderError> {
        let url = match self.settings.kind {
            ProviderKind::OpenAi => openai::models_url(&self.settings.base_url),
            ProviderKind::Anthropic => anthropic::models_url(&self.settings.base_url),
        };
        let mut headers = self.headers()?;
        headers.insert(
            reqwest::header::ACCEPT,
            reqwest::header::HeaderValue::from_static("application/json"),
        );
        let key = self.key.as_ref();
        let request = self.client.get(&url).headers(headers).send();
        let resp = tokio::time::timeout(self.settings.timeout, request)
            .await
            .map_err(|_| ProviderError::Timeout {
                seconds: self.settings.timeout.as_secs(),
            })?
            .map_err(|e| ProviderError::Connect {
                url: url.clone(),
                message: redact(&error_chain(&e), key),
            })?;
        let status = resp.status().as_u16();
        let body = read_limited(resp, MAX_REPLY_BYTES).await;
        if status == 401 || status == 403 {
            return Err(ProviderError::Unauthorized {
                provider: self.settings.kind.name(),
                status,
                detail: error_detail(&body, key),
            });
        }
        if !(200..300).contains(&status) {
            return Err(ProviderError::Refused {
                status,
                detail: error_detail(&body, key),
            });
        }
        let value: serde_json::Value = serde_json::from_str(&body)
            .map_err(|e| ProviderError::Malformed(format!("model list is not JSON ({e})")))?;
        let mut ids: Vec<String> = value["data"]
            .as_array()
            .ok_or_else(|| ProviderError::Malformed("model list has no \"data\" array".into()))?
            .iter()
            .filter_map(|m| m["id"].as_str().map(str::to_owned))
            .collect();
        ids.sort();
        ids.dedup();
        Ok(ids)
    }

    async fn ask(
        &self,
        request: &GenerationRequest<'_>,
        repair: Option<&Repair<'_>>,
        on_text: TextSink<'_>,
    ) -> Result<Generated, GenerateError> {
        let conversation = prompt::conversation(request, self.settings.sample_rows, repair);
        let body = self.body(&conversation);
        let reply = self.call(&body, on_text).await?;
        let code = extract::extract(&reply.text).map_err(|problem| GenerateError::NoCode {
            problem,
            reply: reply.text.clone(),
        })?;
        Ok(Generated {
            code,
            plan: None,
            origin: self.settings.kind.name().to_owned(),
            reply: Some(reply.text),
            call: serde_json::to_value(&reply.stats).ok(),
        })
    }
}

/// A request's time budget: until the model writes, then between its
/// words (see the module's doc).
struct Budget {
    started: Instant,
    limit: Duration,
    /// When the model wrote its first and its latest words.
    writing: std::sync::Mutex<Option<(Instant, Instant)>>,
}

impl Budget {
    fn new(limit: Duration) -> Self {
        Self {
            started: Instant::now(),
            limit,
            writing: std::sync::Mutex::new(None),
        }
    }

    fn writing(&self) -> Option<(Instant, Instant)> {
        *self
            .writing
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The model wrote something now.
    fn heard(&self) {
        let now = Instant::now();
        let mut w = self
            .writing
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *w = Some((w.map_or(now, |(first, _)| first), now));
    }

    /// When the try in progress must have ended (or written more) by.
    fn until(&self) -> Instant {
        match self.writing() {
            None => self.started + self.limit,
            Some((first, last)) => (last + self.limit).min(first + MAX_WRITING_TIME),
        }
    }

    /// A wait of `wait` ends before the budget does.
    fn allows_wait(&self, wait: Duration) -> bool {
        Instant::now() + wait < self.started + self.limit
    }

    /// The budget in whole seconds, as told.
    fn seconds(&self) -> u64 {
        self.limit.as_secs_f64().ceil() as u64
    }

    /// Why the request ended when the budget ran out during try `tries`.
    fn expired(&self, tries: u32, last_failure: Option<String>) -> ProviderError {
        match (self.writing(), last_failure) {
            (Some((first, last)), _) if last + self.limit >= first + MAX_WRITING_TIME => {
                ProviderError::WritingTooLong {
                    seconds: MAX_WRITING_TIME.as_secs(),
                }
            }
            (Some(_), _) => ProviderError::Stalled {
                seconds: self.seconds(),
            },
            (None, None) => ProviderError::Timeout {
                seconds: self.seconds(),
            },
            (None, Some(last)) => ProviderError::OutOfTime {
                seconds: self.seconds(),
                tries,
                last,
            },
        }
    }
}

/// A failed try in a few words: `HTTP 503: overloaded`, or why the
/// connection failed.
fn failure_text(status: Option<u16>, detail: &str) -> String {
    match status {
        Some(s) => format!("HTTP {s}{detail}"),
        None => detail.trim_start_matches(": ").to_owned(),
    }
}

fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut source = e.source();
    while let Some(inner) = source {
        s.push_str(": ");
        s.push_str(&inner.to_string());
        source = inner.source();
    }
    s
}

enum TryError {
    /// The request's time budget ran out during the try.
    Expired,
    /// Retry after a wait (429, 5xx, refused connection).
    Retry {
        status: Option<u16>,
        retry_after: Option<Duration>,
        detail: String,
    },
    /// Give up.
    Final(ProviderError),
}

impl Generator for ModelGenerator {
    fn name(&self) -> &'static str {
        self.settings.kind.name()
    }

    fn outgoing(
        &self,
        request: &GenerationRequest<'_>,
        repair: Option<&Repair<'_>>,
    ) -> Option<Outgoing> {
        let conversation = prompt::conversation(request, self.settings.sample_rows, repair);
        Some(Outgoing {
            provider: self.settings.kind.name().to_owned(),
            model: self.settings.model.clone(),
            url: self.endpoint(),
            body: self.body(&conversation),
        })
    }

    fn generate<'a>(
        &'a self,
        request: &'a GenerationRequest<'a>,
        on_text: TextSink<'a>,
    ) -> GenerateFuture<'a> {
        Box::pin(async move { self.ask(request, None, on_text).await })
    }

    fn can_repair(&self) -> bool {
        true
    }

    fn repair<'a>(
        &'a self,
        request: &'a GenerationRequest<'a>,
        repair: Repair<'a>,
        on_text: TextSink<'a>,
    ) -> Option<GenerateFuture<'a>> {
        Some(Box::pin(async move {
            self.ask(request, Some(&repair), on_text).await
        }))
    }
}

/// The generator for a provider name; model providers need `model` settings
/// and look up their key (`GLOVEBOX_API_KEY`, else the OS keyring).
pub fn for_provider(
    name: &str,
    model: Option<&ModelSettings>,
) -> Result<Box<dyn Generator>, GenerateError> {
    match name {
        "offline" => Ok(Box::new(crate::generator::OfflineGenerator)),
        "openai" | "anthropic" => {
            let settings = match model {
                Some(s) if s.kind.name() == name => s.clone(),
                Some(_) => {
                    return Err(GenerateError::Provider(ProviderError::Settings(format!(
                        "the model settings are for another provider than {name}"
                    ))))
                }
                None => ModelSettings::builder(name)?.build(),
            };
            let key = crate::keys::api_key(settings.kind.name())
                .map_err(|e| GenerateError::Provider(ProviderError::Keyring(e.to_string())))?;
            Ok(Box::new(ModelGenerator::new(settings, key)?))
        }
        other => Err(GenerateError::UnknownProvider(other.to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use std::time::{SystemTime, UNIX_EPOCH};

    use super::*;

    #[test]
    fn retry_after_seconds_and_dates() {
        let now = UNIX_EPOCH + Duration::from_secs(784_111_777); // Sun, 06 Nov 1994 08:49:37 GMT
        assert_eq!(parse_retry_after("2", now), Some(Duration::from_secs(2)));
        assert_eq!(
            parse_retry_after("0.5", now),
            Some(Duration::from_millis(500))
        );
        assert_eq!(
            parse_retry_after("Sun, 06 Nov 1994 08:49:40 GMT", now),
            Some(Duration::from_secs(3))
        );
        assert_eq!(
            parse_retry_after("Sun, 06 Nov 1994 08:49:30 GMT", now),
            Some(Duration::ZERO)
        );
        assert_eq!(parse_retry_after("soon", SystemTime::now()), None);
    }

    #[test]
    fn backoff_doubles_up_to_a_cap() {
        assert_eq!(backoff(1), Duration::from_millis(500));
        assert_eq!(backoff(2), Duration::from_secs(1));
        assert_eq!(backoff(3), Duration::from_secs(2));
        assert_eq!(backoff(10), MAX_BACKOFF);
    }

    #[test]
    fn settings_are_checked() {
        let b = || ModelSettings::builder("openai").expect("openai");
        assert!(b().with_base_url("ftp://x").is_err());
        assert!(b().with_base_url("https://user:pw@x/v1").is_err());
        assert!(b().with_base_url("https://x/v1?key=1").is_err());
        // Found in review: a key in clear text to another machine.
        assert!(b().with_base_url("http://10.1.2.3:8080/v1").is_err());
        assert!(b().with_base_url("http://[::1]:8080/v1").is_ok());
        assert!(b().with_base_url("https://10.1.2.3:8080/v1").is_ok());
        assert!(b().with_sample_rows(prompt::MAX_SAMPLE_ROWS + 1).is_err());
        assert!(b().with_model("").is_err());
        let s = b()
            .with_base_url("http://127.0.0.1:11434/v1/")
            .expect("url")
            .build();
        assert_eq!(s.base_url, "http://127.0.0.1:11434/v1");
        assert!(s.key_optional());
        assert!(!b().build().key_optional());
        let a = ModelSettings::builder("anthropic")
            .expect("anthropic")
            .with_base_url("http://localhost:1")
            .expect("url")
            .build();
        assert!(!a.key_optional(), "anthropic always needs a key");
        assert!(ModelSettings::builder("gemini").is_err());
    }

    #[test]
    fn service_errors_are_redacted() {
        let key = ApiKey::new("sk-secret-123".into()).expect("key");
        assert_eq!(
            error_detail(
                r#"{"error":{"message":"bad key sk-secret-123"}}"#,
                Some(&key)
            ),
            ": bad key [redacted]"
        );
        assert_eq!(error_detail("", Some(&key)), "");
        // Found in review: cut at 300 characters, then redacted, left the
        // key's start; and a body cut by its size limit can end with it.
        let long = format!("{}sk-secret-123", "x".repeat(295));
        assert!(!error_detail(&long, Some(&key)).contains("sk-sec"));
        assert_eq!(redact("echo: sk-secre", Some(&key)), "echo: [redacted]");
    }
}
