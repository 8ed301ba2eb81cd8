//! A server-sent events decoder (the `text/event-stream` format): bytes in,
//! events out, across arbitrary chunk boundaries.

/// One event.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Event {
    /// The `event:` field (empty when absent).
    pub event: String,
    /// The `data:` lines joined with newlines.
    pub data: String,
}

/// Longest line kept, in bytes; a longer one is an error (a broken stream).
pub const MAX_LINE_BYTES: usize = 1024 * 1024;
/// Longest event (all its `data:` lines together), in bytes.
pub const MAX_EVENT_BYTES: usize = 1024 * 1024;

/// Incremental decoder.
#[derive(Debug, Default)]
pub struct Decoder {
    buf: Vec<u8>,
    current: Event,
    has_data: bool,
}

/// The stream broke the format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SseError {
    /// A line longer than [`MAX_LINE_BYTES`].
    #[error("an event line is longer than {}", crate::units::human_bytes(MAX_LINE_BYTES as u64))]
    LineTooLong,
    /// An event that never ends, longer than [`MAX_EVENT_BYTES`].
    #[error("an event is longer than {}", crate::units::human_bytes(MAX_EVENT_BYTES as u64))]
    EventTooLong,
}

impl Decoder {
    /// Feeds bytes; returns the events completed by them.
    pub fn feed(&mut self, bytes: &[u8]) -> Result<Vec<Event>, SseError> {
        self.buf.extend_from_slice(bytes);
        let mut events = Vec::new();
        while let Some(pos) = self.buf.iter().position(|b| *b == b'\n') {
            let mut line: Vec<u8> = self.buf.drain(..=pos).collect();
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            let line = String::from_utf8_lossy(&line);
            if line.is_empty() {
                if self.has_data {
                    events.push(std::mem::take(&mut self.current));
                }
                self.current = Event::default();
                self.has_data = false;
                continue;
            }
            if line.starts_with(':') {
                continue; // comment (keep-alive)
            }
            let (field, value) = match line.split_once(':') {
                Some((f, v)) => (f, v.strip_prefix(' ').unwrap_or(v)),
                None => (line.as_ref(), ""),
            };
            match field {
                "event" => self.current.event = value.to_owned(),
                "data" => {
                    if self.has_data {
                        self.current.data.push('\n');
                    }
                    self.current.data.push_str(value);
                    self.has_data = true;
                    if self.current.data.len() > MAX_EVENT_BYTES {
                        return Err(SseError::EventTooLong);
                    }
                }
                _ => {}
            }
        }
        if self.buf.len() > MAX_LINE_BYTES {
            return Err(SseError::LineTooLong);
        }
        Ok(events)
    }

    /// The end of the stream: a last event not followed by a blank line.
    pub fn finish(&mut self) -> Option<Event> {
        if !self.buf.is_empty() {
            let _ = self.feed(b"\n");
        }
        if self.has_data {
            self.has_data = false;
            Some(std::mem::take(&mut self.current))
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_that_never_ends_is_refused() {
        let mut d = Decoder::default();
        let line = format!("data: {}\n", "x".repeat(1000));
        let mut refused = false;
        for _ in 0..(MAX_EVENT_BYTES / 1000 + 2) {
            if d.feed(line.as_bytes()).is_err() {
                refused = true;
                break;
            }
        }
        assert!(refused, "the event grew past MAX_EVENT_BYTES");
    }

    #[test]
    fn events_across_chunk_boundaries() {
        let mut d = Decoder::default();
        let stream = "event: a\r\ndata: {\"x\":\ndata: 1}\r\n\r\n: ping\n\ndata: [DONE]\n\n";
        let mut events = Vec::new();
        for chunk in stream.as_bytes().chunks(3) {
            events.extend(d.feed(chunk).expect("feed"));
        }
        assert_eq!(
            events,
            vec![
                Event {
                    event: "a".into(),
                    data: "{\"x\":\n1}".into()
                },
                Event {
                    event: String::new(),
                    data: "[DONE]".into()
                }
            ]
        );
        assert_eq!(d.finish(), None);
    }

    #[test]
    fn unterminated_last_event() {
        let mut d = Decoder::default();
        assert!(d.feed(b"data: tail").expect("feed").is_empty());
        assert_eq!(d.finish().map(|e| e.data), Some("tail".into()));
    }

    #[test]
    fn a_line_without_end_is_bounded() {
        let mut d = Decoder::default();
        let big = vec![b'x'; MAX_LINE_BYTES + 1];
        assert_eq!(d.feed(&big), Err(SseError::LineTooLong));
    }
}
