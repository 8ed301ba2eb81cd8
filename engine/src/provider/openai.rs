//! The OpenAI-compatible chat-completions protocol (OpenAI, Ollama's `/v1`,
//! llama.cpp server, vLLM, LM Studio): request body, streamed chunks
//! (`data: {choices:[{delta:{content}}]}` … `data: [DONE]`), a whole JSON
//! reply from servers that do not stream, and the model list.

use serde_json::{json, Value};

use super::{sse, ProviderError, StreamParser};
use crate::generator::prompt::Conversation;

/// `POST` address for a base URL such as `https://api.openai.com/v1`.
pub fn endpoint(base_url: &str) -> String {
    format!("{base_url}/chat/completions")
}

/// `GET` address of the model list.
pub fn models_url(base_url: &str) -> String {
    format!("{base_url}/models")
}

/// The request body: the system prompt as the first message, streaming on.
pub fn body(model: &str, conversation: &Conversation) -> Value {
    let mut messages = vec![json!({"role": "system", "content": conversation.system})];
    messages.extend(
        conversation
            .messages
            .iter()
            .map(|m| json!({"role": m.role, "content": m.content})),
    );
    json!({
        "model": model,
        "stream": true,
        "messages": messages,
    })
}

/// The text and finish reason of a non-streamed reply.
pub fn whole(value: &Value) -> Result<(String, Option<String>), ProviderError> {
    if let Some(message) = value.pointer("/error/message").and_then(Value::as_str) {
        return Err(ProviderError::Service(message.chars().take(300).collect()));
    }
    let choice = value
        .pointer("/choices/0")
        .ok_or_else(|| ProviderError::Malformed("the reply has no choices".into()))?;
    let text = choice
        .pointer("/message/content")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_owned();
    let finish = choice["finish_reason"].as_str().map(str::to_owned);
    Ok((text, finish))
}

/// Streamed chunks.
#[derive(Debug, Default)]
pub struct Parser {
    done: bool,
    finish_reason: Option<String>,
}

impl StreamParser for Parser {
    fn event(&mut self, event: &sse::Event) -> Result<Option<String>, ProviderError> {
        let data = event.data.trim();
        if data == "[DONE]" {
            self.done = true;
            return Ok(None);
        }
        if data.is_empty() {
            return Ok(None);
        }
        let value: Value = serde_json::from_str(data)
            .map_err(|e| ProviderError::Malformed(format!("an event is not valid JSON ({e})")))?;
        if let Some(message) = value.pointer("/error/message").and_then(Value::as_str) {
            return Err(ProviderError::Service(message.chars().take(300).collect()));
        }
        let Some(choice) = value.pointer("/choices/0") else {
            // Usage-only chunks carry no choice.
            return Ok(None);
        };
        if let Some(reason) = choice["finish_reason"].as_str() {
            self.finish_reason = Some(reason.to_owned());
        }
        Ok(choice
            .pointer("/delta/content")
            .and_then(Value::as_str)
            .filter(|t| !t.is_empty())
            .map(str::to_owned))
    }

    fn finished(&self) -> bool {
        self.done
    }

    fn finish_reason(&self) -> Option<String> {
        self.finish_reason.clone()
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
        expect![[r#"{"messages":[{"content":"sys","role":"system"},{"content":"hi","role":"user"}],"model":"m","stream":true}"#]]
            .assert_eq(&body("m", &c).to_string());
    }

    #[test]
    fn chunks_then_done() {
        let mut p = Parser::default();
        let ev = |data: &str| sse::Event {
            event: String::new(),
            data: data.into(),
        };
        assert_eq!(
            p.event(&ev(r#"{"choices":[{"delta":{"role":"assistant"}}]}"#))
                .expect("role"),
            None
        );
        assert_eq!(
            p.event(&ev(r#"{"choices":[{"delta":{"content":"```py"}}]}"#))
                .expect("text"),
            Some("```py".into())
        );
        p.event(&ev(r#"{"choices":[{"delta":{},"finish_reason":"stop"}]}"#))
            .expect("finish");
        assert!(!p.finished());
        p.event(&ev("[DONE]")).expect("done");
        assert!(p.finished());
        assert_eq!(p.finish_reason().as_deref(), Some("stop"));
        assert!(matches!(
            p.event(&ev("{not json")),
            Err(ProviderError::Malformed(_))
        ));
    }
}
