//! The code being written for a question: its cancel signal (one at a
//! time; `cancel_generation` sets it, the engine then drops the model
//! request and records the draft `cancelled`), and what the window hears
//! while a model is asked: `generation_progress` when the request leaves,
//! every second after, and as the reply's words arrive (at most every
//! [`TEXT_EVENT_EVERY`]). A generator that works on this machine sends
//! nothing, so the window shows no wait for it.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use glovebox_engine::pipeline::Progress;
use tauri::{AppHandle, Emitter};
use tokio::sync::watch;

use crate::error::{ErrorCode, IpcError};
use crate::types::GenerationProgress;

/// Shortest time between two events carrying the model's words.
pub const TEXT_EVENT_EVERY: Duration = Duration::from_millis(200);

/// The generation in progress, if any.
#[derive(Default)]
pub struct Generations {
    active: Mutex<Option<watch::Sender<bool>>>,
}

/// A generation under way; it is forgotten when this is dropped.
pub struct Running<'a>(&'a Generations);

impl Drop for Running<'_> {
    fn drop(&mut self) {
        if let Ok(mut a) = self.0.active.lock() {
            *a = None;
        }
    }
}

impl Generations {
    /// Starts one: its cancel signal, or `busy` while another goes.
    pub fn begin(&self) -> Result<(Running<'_>, watch::Receiver<bool>), IpcError> {
        let mut active = self
            .active
            .lock()
            .map_err(|e| IpcError::internal("generation state", e))?;
        if active.is_some() {
            return Err(IpcError::new(
                ErrorCode::Busy,
                "the code for another question is being written; wait for it or cancel it",
            ));
        }
        let (tx, rx) = watch::channel(false);
        *active = Some(tx);
        Ok((Running(self), rx))
    }

    /// Cancels the generation under way; nothing when none is (it may
    /// have ended as the person pressed Cancel).
    pub fn cancel(&self) -> Result<(), IpcError> {
        let active = self
            .active
            .lock()
            .map_err(|e| IpcError::internal("generation state", e))?;
        if let Some(tx) = active.as_ref() {
            tracing::info!("generation cancel requested");
            let _ = tx.send(true);
        }
        Ok(())
    }
}

/// Turns the engine's progress while it drafts into `generation_progress`.
pub struct Relay {
    app: AppHandle,
    /// When the request left (known from the first tick).
    asked_at: Option<Instant>,
    received: usize,
    text: String,
    sent_at: Option<Instant>,
}

impl Relay {
    /// A relay to the window of `app`.
    pub fn new(app: AppHandle) -> Self {
        Self {
            app,
            asked_at: None,
            received: 0,
            text: String::new(),
            sent_at: None,
        }
    }

    /// Hears one piece of the engine's progress.
    pub fn progress(&mut self, p: Progress<'_>) {
        match p {
            Progress::ModelWaiting { elapsed, received } => {
                let now = Instant::now();
                self.asked_at
                    .get_or_insert_with(|| now.checked_sub(elapsed).unwrap_or(now));
                self.received = received;
                self.send();
            }
            Progress::ModelText(text) => {
                self.received += text.chars().count();
                self.text.push_str(text);
                if self.sent_at.is_none_or(|t| t.elapsed() >= TEXT_EVENT_EVERY) {
                    self.send();
                }
            }
            Progress::Started(_) | Progress::Stage(_) | Progress::Output { .. } => {}
        }
    }

    fn send(&mut self) {
        let elapsed = self.asked_at.map_or(Duration::ZERO, |t| t.elapsed());
        let _ = self.app.emit(
            "generation_progress",
            GenerationProgress {
                elapsed_ms: u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX),
                received: self.received as u64,
                text: std::mem::take(&mut self.text),
            },
        );
        self.sent_at = Some(Instant::now());
    }
}
