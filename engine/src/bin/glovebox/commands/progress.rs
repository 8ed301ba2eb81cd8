//! What `glovebox run` tells on stderr while it goes: each stage and the
//! model's words as they arrive (on a terminal, or with
//! `GLOVEBOX_PROGRESS`), and while a model is asked, "waiting for the
//! model… N s" (one line rewritten each second on a terminal, a line every
//! [`WAIT_LINE_EVERY`] otherwise). An input that takes more than
//! [`READING_LINE_AFTER`] to read gets "reading NAME… 45% of 1 GB" on a
//! terminal ([`ReadingLine`], on a thread of its own: the inspector reads
//! on the run's thread). Ctrl-C cancels a run: the model request is dropped
//! or the container killed, and the run is recorded `cancelled`.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use glovebox_engine::inputs::{percent_of, ReadProgress, Reading};
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
    /// The line of an input being read, if shown.
    reading: Option<ReadingLine>,
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
            reading: None,
        }
    }

    /// Shows how far `progress` has read a large input (on a terminal).
    pub(crate) fn with_reading(mut self, progress: Arc<ReadProgress>) -> Self {
        if self.terminal {
            self.reading = ReadingLine::spawn(progress);
        }
        self
    }

    /// Tells one piece of progress.
    pub(crate) fn progress(&mut self, p: Progress<'_>) {
        match p {
            Progress::Started(_) | Progress::Output { .. } => {}
            Progress::Stage(stage) => {
                if let Some(line) = &self.reading {
                    line.close();
                }
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
        self.reading = None;
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

/// An input read for longer than this gets a line saying how far it is.
pub(crate) const READING_LINE_AFTER: Duration = Duration::from_secs(1);
/// How often the reading line is rewritten.
const READING_LINE_EVERY: Duration = Duration::from_millis(250);

/// The reading line's text, `None` before [`READING_LINE_AFTER`].
pub(crate) fn reading_text(r: &Reading) -> Option<String> {
    (r.elapsed >= READING_LINE_AFTER).then(|| {
        format!(
            "reading {}… {}",
            terminal::line(&r.name),
            percent_of(r.read, r.total)
        )
    })
}

/// The terminal line of an input being read, rewritten by a thread of its
/// own, cleared when the input is read.
pub(crate) struct ReadingLine {
    /// The line is on screen (written under this lock, by either side).
    open: Arc<Mutex<bool>>,
    done: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl ReadingLine {
    fn spawn(progress: Arc<ReadProgress>) -> Option<Self> {
        let open = Arc::new(Mutex::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let (o, d) = (Arc::clone(&open), Arc::clone(&done));
        let thread = std::thread::Builder::new()
            .name("reading-line".into())
            .spawn(move || {
                while !d.load(Ordering::Relaxed) {
                    std::thread::sleep(READING_LINE_EVERY);
                    let Ok(mut shown) = o.lock() else { return };
                    match progress.now().as_ref().and_then(reading_text) {
                        Some(text) if !d.load(Ordering::Relaxed) => {
                            eprint!("\r\x1b[K… {text}");
                            let _ = std::io::stderr().flush();
                            *shown = true;
                        }
                        _ => clear(&mut shown),
                    }
                }
            })
            .ok()?;
        Some(Self {
            open,
            done,
            thread: Some(thread),
        })
    }

    /// Clears the line if it is on screen.
    fn close(&self) {
        if let Ok(mut shown) = self.open.lock() {
            clear(&mut shown);
        }
    }
}

impl Drop for ReadingLine {
    /// Clears the line and ends its thread.
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        self.close();
    }
}

fn clear(shown: &mut bool) {
    if *shown {
        eprint!("\r\x1b[K");
        let _ = std::io::stderr().flush();
        *shown = false;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_read_for_over_a_second_gets_a_line_and_a_quick_one_none() {
        let reading = |elapsed| Reading {
            name: "sales\x1b[2J.csv".into(),
            read: 450 * 1024 * 1024,
            total: 1024 * 1024 * 1024,
            elapsed,
        };
        assert_eq!(reading_text(&reading(Duration::from_millis(400))), None);
        let text = reading_text(&reading(READING_LINE_AFTER)).expect("a line");
        assert!(text.starts_with("reading sales"), "{text}");
        assert!(text.ends_with(".csv… 43% of 1 GB"), "{text}");
        assert!(
            !text.contains('\x1b'),
            "a name's escapes are shown, not obeyed: {text}"
        );
    }
}
