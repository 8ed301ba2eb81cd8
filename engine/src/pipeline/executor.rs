//! The seam between the run loop and what runs the code: the sandbox in
//! every real run, a scripted fake in the run loop's unit tests (youki's
//! `Syscall` trait and its test implementation). The run loop's delicate
//! parts — the repair bound, cancel at each await point, each stop kind, an
//! input that changes while the code runs, review and deny — are tested
//! through it without root or an image; the real containers are tested
//! end to end in `tests/it/`.

use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;

use glovebox_sandbox::protocol::OutputStream;
use glovebox_sandbox::{JobSetup, Outcome, PreparedJob, Sandbox, SandboxError};

use super::cancel_requested;

/// What the code prints, as it prints it.
pub type OutputSink = tokio::sync::mpsc::UnboundedSender<(OutputStream, String)>;

/// A future of the executor's (owned, so it can be spawned).
pub type ExecFuture<T> = Pin<Box<dyn Future<Output = Result<T, SandboxError>> + Send>>;

/// What runs an attempt's code.
pub trait Executor: Send + Sync + std::fmt::Debug {
    /// Starts creating a container for `setup` (the code comes later, so
    /// this overlaps generation and review); files the code writes to
    /// `/output` are copied to `outputs_to`.
    fn prepare(
        &self,
        setup: JobSetup,
        outputs_to: Option<PathBuf>,
    ) -> ExecFuture<Box<dyn Prepared>>;
}

/// A container created and waiting for its code.
pub trait Prepared: Send {
    /// Runs `code` (with `files`, name and content, beside it) to its end,
    /// sending what it prints to `output`; `true` on `cancel` stops it (the
    /// outcome then says `cancelled`).
    fn run(
        self: Box<Self>,
        code: String,
        files: Vec<(String, String)>,
        output: OutputSink,
        cancel: Option<tokio::sync::watch::Receiver<bool>>,
    ) -> ExecFuture<Outcome>;
}

/// The executor of an engine that only drafts code (the app's
/// `generate_code`): it has no sandbox, so drafting works on a machine that
/// cannot run code, and asking it to run code is an error, never a fallback.
#[derive(Debug, Clone, Copy, Default)]
pub struct DraftsOnly;

impl Executor for DraftsOnly {
    fn prepare(&self, _: JobSetup, _: Option<PathBuf>) -> ExecFuture<Box<dyn Prepared>> {
        Box::pin(async {
            Err(SandboxError::Io(std::io::Error::other(
                "this engine only drafts code; it has no sandbox to run it",
            )))
        })
    }
}

impl Executor for Sandbox {
    fn prepare(
        &self,
        setup: JobSetup,
        outputs_to: Option<PathBuf>,
    ) -> ExecFuture<Box<dyn Prepared>> {
        let sandbox = self.clone();
        Box::pin(async move {
            let job = sandbox.prepare(&setup, outputs_to.as_deref()).await?;
            Ok(Box::new(job) as Box<dyn Prepared>)
        })
    }
}

impl Prepared for PreparedJob {
    fn run(
        self: Box<Self>,
        code: String,
        files: Vec<(String, String)>,
        output: OutputSink,
        cancel: Option<tokio::sync::watch::Receiver<bool>>,
    ) -> ExecFuture<Outcome> {
        Box::pin(async move {
            let mut running = self.start_with_files(&code, files).await?;
            running.stream_output_to(output);
            let waiting = cancel_requested(cancel);
            tokio::pin!(waiting);
            let ended = tokio::select! {
                result = running.outcome() => Some(result),
                () = &mut waiting => None,
            };
            match ended {
                Some(Err(e)) => Err(e),
                Some(Ok(_)) => running.finish().await,
                None => {
                    tracing::info!("cancel requested: stopping the container");
                    if let Err(e) = running.cancel().await {
                        tracing::warn!(error = %e, "could not send cancel to the helper");
                    }
                    running.finish().await
                }
            }
        })
    }
}
