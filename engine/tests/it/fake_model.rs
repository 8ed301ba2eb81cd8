//! A scripted language-model service on 127.0.0.1 for the provider tests:
//! it speaks the OpenAI chat-completions and the Anthropic Messages
//! protocols (chosen by the request path), streams replies as server-sent
//! events, and records every request. It answers only loopback clients,
//! bounds every wait, and stops when dropped.

use std::collections::VecDeque;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Longest a scripted hang holds a connection.
const MAX_HANG: Duration = Duration::from_secs(30);

/// What the service answers to the next request.
#[derive(Debug, Clone)]
pub enum Script {
    /// A complete streamed reply with this text.
    Reply(String),
    /// Half of this text streamed, then the connection closes.
    Truncated(String),
    /// An HTTP status with an optional `Retry-After` and a body.
    Status {
        code: u16,
        retry_after: Option<String>,
        body: String,
    },
    /// The request is read and never answered.
    Hang,
    /// A stream whose event is not JSON.
    Malformed,
    /// A model list (`GET …/models`).
    Models(Vec<String>),
}

/// A recorded request.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub at: Instant,
    pub method: String,
    pub path: String,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Recorded {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).expect("request body is JSON")
    }
}

/// Called with each request as it arrives, before it is answered.
pub type Observer = Arc<dyn Fn(&Recorded) + Send + Sync>;

#[derive(Default)]
struct State {
    scripts: VecDeque<Script>,
    observer: Option<Observer>,
    requests: Vec<Recorded>,
    /// When a client closed a hanging connection.
    closed: Vec<Instant>,
}

pub struct FakeModel {
    pub addr: SocketAddr,
    state: Arc<Mutex<State>>,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl FakeModel {
    pub fn start(scripts: Vec<Script>) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        listener.set_nonblocking(true).expect("nonblocking");
        let addr = listener.local_addr().expect("addr");
        let state = Arc::new(Mutex::new(State {
            scripts: scripts.into(),
            ..State::default()
        }));
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let state = state.clone();
            let stop = stop.clone();
            std::thread::spawn(move || {
                let mut workers = Vec::new();
                while !stop.load(Ordering::Relaxed) {
                    match listener.accept() {
                        Ok((conn, peer)) if peer.ip().is_loopback() => {
                            let state = state.clone();
                            let stop = stop.clone();
                            workers.push(std::thread::spawn(move || serve(conn, &state, &stop)));
                        }
                        Ok(_) => {}
                        Err(_) => std::thread::sleep(Duration::from_millis(5)),
                    }
                }
                for w in workers {
                    let _ = w.join();
                }
            })
        };
        Self {
            addr,
            state,
            stop,
            thread: Some(thread),
        }
    }

    /// `http://127.0.0.1:PORT/v1` for the openai provider.
    pub fn openai_url(&self) -> String {
        format!("http://{}/v1", self.addr)
    }

    /// `http://127.0.0.1:PORT` for the anthropic provider.
    pub fn anthropic_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.state.lock().expect("state").requests.clone()
    }

    pub fn closed(&self) -> Vec<Instant> {
        self.state.lock().expect("state").closed.clone()
    }

    /// Adds a reply at the end of the script.
    pub fn push(&self, script: Script) {
        self.state.lock().expect("state").scripts.push_back(script);
    }

    /// Calls `f` with each request as it arrives, before it is answered.
    pub fn observe(&self, f: impl Fn(&Recorded) + Send + Sync + 'static) {
        self.state.lock().expect("state").observer = Some(Arc::new(f));
    }

    pub fn scripts_left(&self) -> usize {
        self.state.lock().expect("state").scripts.len()
    }
}

impl Drop for FakeModel {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn read_request(conn: &mut TcpStream) -> Option<Recorded> {
    conn.set_read_timeout(Some(Duration::from_secs(10))).ok()?;
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    let header_end = loop {
        let n = conn.read(&mut chunk).ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
        if let Some(pos) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break pos + 4;
        }
        if buf.len() > 1 << 20 {
            return None;
        }
    };
    let head = String::from_utf8_lossy(&buf[..header_end]).into_owned();
    let mut lines = head.split("\r\n");
    let mut first = lines.next()?.split(' ');
    let method = first.next()?.to_owned();
    let path = first.next()?.to_owned();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_owned(), v.trim().to_owned()))
        .collect();
    let length: usize = headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    let mut body = buf[header_end..].to_vec();
    while body.len() < length {
        let n = conn.read(&mut chunk).ok()?;
        if n == 0 {
            break;
        }
        body.extend_from_slice(&chunk[..n]);
    }
    Some(Recorded {
        at: Instant::now(),
        method,
        path,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    })
}

fn openai_events(text: &str, complete: bool) -> Vec<String> {
    let mut events = vec![
        r#"data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}"#.to_owned(),
    ];
    for piece in pieces(text) {
        events.push(format!(
            "data: {}",
            serde_json::json!({"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":piece}}]})
        ));
    }
    if complete {
        events.push(
            r#"data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#.to_owned(),
        );
        events.push("data: [DONE]".to_owned());
    }
    events
}

fn anthropic_events(text: &str, complete: bool) -> Vec<String> {
    let mut events = vec![
        r#"event: message_start
data: {"type":"message_start","message":{"id":"m1","type":"message","role":"assistant","content":[],"model":"fake"}}"#.to_owned(),
        r#"event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#.to_owned(),
        "event: ping\ndata: {\"type\": \"ping\"}".to_owned(),
    ];
    for piece in pieces(text) {
        events.push(format!(
            "event: content_block_delta\ndata: {}",
            serde_json::json!({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":piece}})
        ));
    }
    if complete {
        events.push(
            "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}"
                .to_owned(),
        );
        events.push(
            r#"event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":10}}"#
                .to_owned(),
        );
        events.push("event: message_stop\ndata: {\"type\":\"message_stop\"}".to_owned());
    }
    events
}

/// Text in pieces of about 20 characters, on character boundaries.
fn pieces(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    chars.chunks(20).map(|c| c.iter().collect()).collect()
}

fn stream(conn: &mut TcpStream, events: &[String]) {
    let _ = conn.write_all(
        b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
    );
    for e in events {
        if conn.write_all(format!("{e}\n\n").as_bytes()).is_err() {
            return;
        }
        let _ = conn.flush();
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn serve(mut conn: TcpStream, state: &Mutex<State>, stop: &AtomicBool) {
    let Some(request) = read_request(&mut conn) else {
        return;
    };
    let anthropic =
        request.path.starts_with("/v1/messages") || request.path.starts_with("/v1/models?");
    let observer = state.lock().expect("state").observer.clone();
    if let Some(observe) = observer {
        observe(&request);
    }
    let script = {
        let mut s = state.lock().expect("state");
        s.requests.push(request);
        s.scripts.pop_front()
    };
    match script {
        None => {
            let body = r#"{"error":{"message":"no scripted reply left"}}"#;
            let _ = write!(
                conn,
                "HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
        }
        Some(Script::Reply(text)) => {
            let events = if anthropic {
                anthropic_events(&text, true)
            } else {
                openai_events(&text, true)
            };
            stream(&mut conn, &events);
        }
        Some(Script::Truncated(text)) => {
            let mut events = if anthropic {
                anthropic_events(&text, false)
            } else {
                openai_events(&text, false)
            };
            events.truncate(events.len().div_ceil(2));
            stream(&mut conn, &events);
        }
        Some(Script::Malformed) => {
            stream(
                &mut conn,
                &["data: {\"choices\": [ this is not json".to_owned()],
            );
        }
        Some(Script::Status {
            code,
            retry_after,
            body,
        }) => {
            let retry = retry_after
                .map(|r| format!("Retry-After: {r}\r\n"))
                .unwrap_or_default();
            let _ = write!(
                conn,
                "HTTP/1.1 {code} Scripted\r\nContent-Type: application/json\r\n{retry}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
        }
        Some(Script::Models(ids)) => {
            let data: Vec<_> = ids
                .iter()
                .map(|id| serde_json::json!({"id": id, "object": "model", "type": "model"}))
                .collect();
            let body = serde_json::json!({"object": "list", "data": data}).to_string();
            let _ = write!(
                conn,
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
        }
        Some(Script::Hang) => {
            let started = Instant::now();
            let _ = conn.set_read_timeout(Some(Duration::from_millis(50)));
            let mut byte = [0u8; 64];
            while started.elapsed() < MAX_HANG && !stop.load(Ordering::Relaxed) {
                match conn.read(&mut byte) {
                    Ok(0) => {
                        state.lock().expect("state").closed.push(Instant::now());
                        return;
                    }
                    Ok(_) => {}
                    Err(e)
                        if matches!(
                            e.kind(),
                            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                        ) => {}
                    Err(_) => {
                        state.lock().expect("state").closed.push(Instant::now());
                        return;
                    }
                }
            }
        }
    }
}
