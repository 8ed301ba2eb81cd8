//! Why no code could be generated, and why a model could not be asked: a
//! leaf both the generators (`generator/`) and the model providers
//! (`provider/`) import, so neither imports the other for its errors.

use super::extract::ExtractProblem;
use super::plan::GoalProblem;

/// Why no code could be generated.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// The goal cannot be planned; `message` says why in the goal's language.
    #[error("{message}")]
    Goal {
        /// The problem.
        problem: GoalProblem,
        /// Plain-language reason, listing what was understood and the columns.
        message: String,
        /// Complete rephrasings that would run as written.
        suggestions: Vec<String>,
    },
    /// No generator has this name.
    #[error("unknown provider \"{0}\" (available: offline, openai, anthropic)")]
    UnknownProvider(String),
    /// The model answered, but without usable code; this counts as an attempt.
    #[error("{problem}")]
    NoCode {
        /// What was wrong with the reply.
        problem: ExtractProblem,
        /// The whole reply.
        reply: String,
    },
    /// The model could not be asked (key, network, protocol).
    #[error(transparent)]
    Provider(#[from] ProviderError),
    /// The person cancelled the run while the code was being produced.
    #[error("cancelled")]
    Cancelled,
}

/// Why a model could not be asked.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// No key for a provider that needs one.
    #[error("no API key for {provider}: set one with `glovebox key set --provider {provider}` (or set GLOVEBOX_API_KEY)")]
    NoKey {
        /// Provider name.
        provider: &'static str,
    },
    /// The keyring could not be read.
    #[error("cannot read the API key from the keyring: {0}")]
    Keyring(String),
    /// Invalid settings.
    #[error("{0}")]
    Settings(String),
    /// No answer in time.
    #[error("the model service did not answer within {seconds} s")]
    Timeout {
        /// The limit.
        seconds: u64,
    },
    /// The service kept failing (429, 5xx, no connection) and would not
    /// answer within the request's time budget.
    #[error("the model service kept failing and did not answer within {seconds} s ({tries} tries; the last: {last})")]
    OutOfTime {
        /// The budget.
        seconds: u64,
        /// Tries made.
        tries: u32,
        /// How the last try failed (`HTTP 503: overloaded`).
        last: String,
    },
    /// The model stopped writing in the middle of its reply.
    #[error("the model stopped writing for {seconds} s before the end of its reply")]
    Stalled {
        /// The longest pause allowed.
        seconds: u64,
    },
    /// The model was still writing at the longest time a reply may take.
    #[error("the model was still writing after {seconds} s; ask a shorter question or choose a faster model")]
    WritingTooLong {
        /// The longest time.
        seconds: u64,
    },
    /// The service could not be reached.
    #[error("cannot reach the model service at {url}: {message}")]
    Connect {
        /// Where.
        url: String,
        /// Why.
        message: String,
    },
    /// Still busy (429 or 5xx) after every retry.
    #[error("the model service is busy or failing (HTTP {status}) after {tries} tries{detail}")]
    Busy {
        /// Last status.
        status: u16,
        /// Tries made.
        tries: u32,
        /// The service's message, if any.
        detail: String,
    },
    /// The service asks to wait longer than the provider waits.
    #[error(
        "the model service asks to wait {seconds} s before trying again (HTTP {status}); try later"
    )]
    WaitTooLong {
        /// Status.
        status: u16,
        /// Seconds asked.
        seconds: u64,
    },
    /// The key was refused.
    #[error("the model service refused the API key (HTTP {status}){detail}; set another with `glovebox key set --provider {provider}`")]
    Unauthorized {
        /// Provider name.
        provider: &'static str,
        /// Status.
        status: u16,
        /// The service's message.
        detail: String,
    },
    /// Another refusal (unknown model, bad request…).
    #[error("the model service refused the request (HTTP {status}){detail}")]
    Refused {
        /// Status.
        status: u16,
        /// The service's message.
        detail: String,
    },
    /// The service said something that is not its protocol.
    #[error("the model service sent a malformed reply: {0}")]
    Malformed(String),
    /// The stream ended before the reply did.
    #[error("the model's reply was cut off before its end (the connection closed)")]
    Truncated,
    /// An error reported inside the stream.
    #[error("the model service reported an error: {0}")]
    Service(String),
    /// The reply is larger than the provider accepts.
    #[error("the model's reply is longer than {}", crate::units::human_bytes(*.limit as u64))]
    TooLong {
        /// The most bytes accepted.
        limit: usize,
    },
}

impl ProviderError {
    /// Problems of configuration the user fixes (key, settings), as opposed
    /// to the service failing.
    pub fn is_setup(&self) -> bool {
        matches!(
            self,
            Self::NoKey { .. } | Self::Keyring(_) | Self::Settings(_) | Self::Unauthorized { .. }
        )
    }
}
