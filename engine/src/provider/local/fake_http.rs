//! A scripted HTTP server on an ephemeral loopback port (std `TcpListener`,
//! one thread per connection), for the tests of local detection and of the
//! connection check: it answers every request the same way and keeps each
//! request's head.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Largest request head kept.
const MAX_HEAD_BYTES: usize = 64 * 1024;
/// Bytes the endless reply writes before it stops by itself.
const ENDLESS_BYTES: usize = 16 * 1024 * 1024;

/// How the server answers.
#[derive(Debug, Clone)]
pub(crate) enum Reply {
    /// A status and a JSON body.
    Json(u16, String),
    /// Reads the request and never answers (until the server is dropped).
    Hang,
    /// A model list that never ends (no length; up to 16 MiB).
    Endless,
    /// Declares this many bytes of body, and sends a few.
    Declared(usize),
}

/// A running fake server; stops answering when dropped.
pub(crate) struct FakeServer {
    /// Its port on 127.0.0.1.
    pub port: u16,
    heads: Arc<Mutex<Vec<String>>>,
    stop: Arc<AtomicBool>,
}

impl FakeServer {
    /// Starts on an ephemeral port of 127.0.0.1.
    pub fn start(reply: Reply) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind loopback");
        let port = listener.local_addr().expect("address").port();
        let heads = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (h, s) = (heads.clone(), stop.clone());
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (reply, h, s) = (reply.clone(), h.clone(), s.clone());
                std::thread::spawn(move || serve(stream, &reply, &h, &s));
            }
        });
        Self { port, heads, stop }
    }

    /// `http://127.0.0.1:PORT`.
    pub fn root(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// The request heads received so far (request line and headers).
    pub fn heads(&self) -> Vec<String> {
        self.heads.lock().expect("heads").clone()
    }

    /// The request paths received so far.
    pub fn paths(&self) -> Vec<String> {
        self.heads()
            .iter()
            .filter_map(|h| h.split_whitespace().nth(1).map(str::to_owned))
            .collect()
    }
}

impl Drop for FakeServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

fn serve(mut stream: TcpStream, reply: &Reply, heads: &Mutex<Vec<String>>, stop: &AtomicBool) {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") && head.len() < MAX_HEAD_BYTES {
        match stream.read(&mut byte) {
            Ok(1) => head.push(byte[0]),
            _ => return,
        }
    }
    heads
        .lock()
        .expect("heads")
        .push(String::from_utf8_lossy(&head).into_owned());
    let _ = match reply {
        Reply::Json(status, body) => write!(
            stream,
            "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
        Reply::Hang => {
            while !stop.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(20));
            }
            Ok(())
        }
        Reply::Endless => endless(&mut stream),
        Reply::Declared(n) => write!(
            stream,
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {n}\r\nConnection: close\r\n\r\n{{\"data\":["
        ),
    };
}

fn endless(stream: &mut TcpStream) -> std::io::Result<()> {
    stream.write_all(
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{\"data\":[",
    )?;
    let chunk = "{\"id\":\"model\"},".repeat(4096);
    let mut sent = 0;
    while sent < ENDLESS_BYTES {
        stream.write_all(chunk.as_bytes())?;
        sent += chunk.len();
    }
    stream.write_all(b"{\"id\":\"last\"}]}")
}
