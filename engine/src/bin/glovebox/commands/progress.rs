//! What `glovebox run` tells on stderr while it goes: each stage and the
//! model's words as they arrive (on a terminal, or with
//! `GLOVEBOX_PROGRESS`), and while a model is asked, "waiting for the
//! model… N s" (one line rewritten each second on a terminal, a line every
//! [`WAIT_LINE_EVERY`] otherwise). Ctrl-C cancels a run: the model request
//! is dropped or the container killed, and the run is recorded `cancelled`.

use std::io::{IsTerminal, Write};
use std::time::Duration;

use glovebox_engine::pipeline::{Progress, Stage};
use glovebox_engine::terminal;
use tokio::sync::watch;

/// How often a waiting line is printed when stderr is not a terminal.
pub(crate) const WAIT_LINE_EVERY: Duration = Duration::from_secs(10);

/// Exit status after a second Ctrl-C (128 + SIGINT, as shells report it).
const INTERRUPTED_EXIT: i32 = 130;

/// Prints a run's progress on stderr.
pub(crate) struct Printer {
    /// Stages and the model's words are shown.
    stages: bool,
    /// stderr is a terminal: the waiting line is rewritten in place.
    terminal: bool,
    /// The model's words are being printed.
    streaming: bool,
    /// A waiting line is on screen without its line end.
    open_line: bool,
    /// When the next waiting line is due (not on a terminal).
    next_line: Duration,
    /// The stage told last (a stage is told once).
    stage: Option<Stage>,
}

impl Printer {
    /// A printer; `stages` shows the stages and the model's words.
    pub(crate) fn new(stages: bool) -> Self {
        Self {
            stages,
            terminal: std::io::stderr().is_terminal(),
            streaming: false,
            open_line: false,
            next_line: WAIT_LINE_EVERY,
            stage: None,
        }
    }

    /// Tells one piece of progress.
    pub(crate) fn progress(&mut self, p: Progress<'_>) {
        match p {
            Progress::Started(_) | Progress::Output { .. } => {}
            Progress::Stage(stage) => {
                self.end_line();
                if self.stages && self.stage.replace(stage) != Some(stage) {
                    eprintln!("… {}", stage.describe());
                }
            }
            Progress::ModelText(text) if self.stages => {
                self.clear_waiting();
                self.streaming = true;
                let mut err = std::io::stderr().lock();
                // A model's words are data: its escape sequences are shown, not obeyed.
                let _ = err.write_all(terminal::block(text).as_bytes());
                let _ = err.flush();
            }
            Progress::ModelText(_) => {}
            Progress::ModelWaiting { elapsed, received } => self.waiting(elapsed, received),
        }
    }

    /// Ends whatever line is open (call before printing the report).
    pub(crate) fn finish(&mut self) {
        self.end_line();
    }

    fn waiting(&mut self, elapsed: Duration, received: usize) {
        if self.streaming {
            return; // the model's words show that it is writing
        }
        let secs = elapsed.as_secs();
        let text = if received == 0 {
            format!("waiting for the model… {secs} s")
        } else {
            format!("the model is writing… {secs} s, {received} characters")
        };
        if self.terminal {
            eprint!("\r\x1b[K… {text}");
            let _ = std::io::stderr().flush();
            self.open_line = true;
        } else if elapsed >= self.next_line {
            eprintln!("… {text}");
            while self.next_line <= elapsed {
                self.next_line += WAIT_LINE_EVERY;
            }
        }
    }

    fn clear_waiting(&mut self) {
        if self.open_line {
            eprint!("\r\x1b[K");
            self.open_line = false;
        }
    }

    fn end_line(&mut self) {
        self.clear_waiting();
        if self.streaming {
            eprintln!();
            self.streaming = false;
        }
    }
}

/// A cancel signal that Ctrl-C sets, on `runtime` (it must be driven, by
/// `block_on`, for the signal to be heard); a second Ctrl-C quits at once.
pub(crate) fn cancel_on_ctrl_c(runtime: &tokio::runtime::Runtime) -> watch::Receiver<bool> {
    let (tx, rx) = watch::channel(false);
    runtime.spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            eprintln!("\nglovebox: cancelling… (Ctrl-C again to quit at once)");
            let _ = tx.send(true);
            if tokio::signal::ctrl_c().await.is_ok() {
                std::process::exit(INTERRUPTED_EXIT);
            }
        }
    });
    rx
}
