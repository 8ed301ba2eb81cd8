//! The Anthropic Messages API: request body (system prompt apart,
//! `max_tokens` required), streamed events (`content_block_delta` with
//! `text_delta` … `message_stop`, or `error`), a whole JSON reply, and the
//! model list.

use serde_json::{json, Value};

use super::{sse, ProviderError, StreamParser, DEFAULT_MAX_TOKENS};
use crate::generator::prompt::Conversation;

/// The API version sent in `anthropic-version`.
pub const API_VERSION: &str = "2023-06-01";

/// `POST` address for a base URL such as `https://api.anthropic.com`.
pub fn endpoint(base_url: &str) -> String {
    format!("{base_url}/v1/messages")
}

/// `GET` address of the model list.
pub fn models_url(base_url: &str) -> String {
    format!("{base_url}/v1/models?limit=1000")
}

/// The request body.
pub fn body(model: &str, conversation: &Conversation) -> Value {
    json!({
        "model": model,
        "max_tokens": DEFAULT_MAX_TOKENS,
        "stream": true,
        "system": conversation.system,
        "messages": conversation
            .messages
            .iter()
            .map(|m| json!({"role": m.role, "content": m.content}))
            .collect::<Vec<_>>(),
    })
}

/// The text and stop reason of a non-streamed reply.
pub fn whole(value: &Value) -> Result<(String, Option<String>), ProviderError> {
    if value["type"] == "error" {
        let message = value
            .pointer("/error/message")
            .and_then(Value::as_str)
            .unwrap_or("unknown error");
        return Err(ProviderError::Service(message.chars().take(300).collect()));
    }
    let content = value["content"]
        .as_array()
        .ok_or_else(|| ProviderError::Malformed("the reply has no content".into()))?;
    let text: String = content
        .iter()
        .filter(|b| b["type"] == "text")
        .filter_map(|b| b["text"].as_str())
        .collect();
    Ok((text, value["stop_reason"].as_str().map(str::to_owned)))
}

/// Streamed events.
#[derive(Debug, Default)]
pub struct Parser {
    done: bool,
    stop_reason: Option<String>,
}

impl StreamParser for Parser {
    fn event(&mut self, event: &sse::Event) -> Result<Option<String>, ProviderError> {
        if event.data.trim().is_empty() {
            return Ok(None);
        }
        let value: Value = serde_json::from_str(&event.data)
            .map_err(|e| ProviderError::Malformed(format!("an event is not valid JSON ({e})")))?;
        let kind = value["type"].as_str().unwrap_or(event.event.as_str());
        match kind {
            "content_block_delta" => Ok(value
                .pointer("/delta/text")
                .and_then(Value::as_str)
                .filter(|t| !t.is_empty())
                .map(str::to_owned)),
            "message_delta" => {
                if let Some(r) = value.pointer("/delta/stop_reason").and_then(Value::as_str) {
                    self.stop_reason = Some(r.to_owned());
                }
                Ok(None)
            }
            "message_stop" => {
                self.done = true;
                Ok(None)
            }
            "error" => Err(ProviderError::Service(
                value
                    .pointer("/error/message")
                    .and_then(Value::as_str)
                    .unwrap_or("unknown error")
                    .chars()
                    .take(300)
                    .collect(),
            )),
            _ => Ok(None),
        }
    }

    fn finished(&self) -> bool {
        self.done
    }

    fn finish_reason(&self) -> Option<String> {
        self.stop_reason.clone()
    }
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    use super::*;
    use crate::generator::prompt::{Message, Role};

    #[test]
    fn body_shape() {
        let c = Conversation {
            system: "sys".into(),
            messages: vec![Message {
                role: Role::User,
                content: "hi".into(),
            }],
        };
        expect![[r#"{"max_tokens":4096,"messages":[{"content":"hi","role":"user"}],"model":"m","stream":true,"system":"sys"}"#]]
            .assert_eq(&body("m", &c).to_string());
    }

    #[test]
    fn events_to_text() {
        let mut p = Parser::default();
        let ev = |event: &str, data: &str| sse::Event {
            event: event.into(),
            data: data.into(),
        };
        assert_eq!(
            p.event(&ev(
                "message_start",
                r#"{"type":"message_start","message":{}}"#
            ))
            .expect("start"),
            None
        );
        assert_eq!(
            p.event(&ev(
                "content_block_delta",
                r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"hi"}}"#
            ))
            .expect("delta"),
            Some("hi".into())
        );
        p.event(&ev(
            "message_delta",
            r#"{"type":"message_delta","delta":{"stop_reason":"end_turn"}}"#,
        ))
        .expect("delta");
        assert!(!p.finished());
        p.event(&ev("message_stop", r#"{"type":"message_stop"}"#))
            .expect("stop");
        assert!(p.finished());
        assert_eq!(p.finish_reason().as_deref(), Some("end_turn"));
        let err = p
            .event(&ev(
                "error",
                r#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#,
            ))
            .expect_err("error event");
        assert_eq!(
            err.to_string(),
            "the model service reported an error: Overloaded"
        );
    }
}
