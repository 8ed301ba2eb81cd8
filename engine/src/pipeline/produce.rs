//! Producing code: asking a generator for a first attempt or a repair,
//! with the exact request recorded before it leaves the machine, the reply
//! streamed as progress and recorded whole, the wait told every
//! [`MODEL_WAIT_TICK`], and cancel honoured while the model writes (the
//! request's future is dropped, which closes its connection; the log then
//! says `model_error` and `generation_failed`, both `cancelled`).

use std::time::{Duration, Instant};

use crate::audit::event::{
    Event, GenerationFailed, ModelError, ModelReply, ModelRequest, StopKind,
};
use crate::generator::{GenerateError, Generated, GenerationRequest, Generator, Repair};
use crate::messages::{stop_reason, StopReason};

use super::{
    cancel_requested, Engine, EngineError, Progress, RunCtx, Stage, Status, Stop, MODEL_WAIT_TICK,
};

impl Engine {
    /// Asks `generator` for code (a first attempt, or a repair), recording
    /// the exact request before it leaves the machine and the whole reply.
    pub(super) async fn produce(
        &mut self,
        ctx: &mut RunCtx,
        attempt: u32,
        generator: &dyn Generator,
        request: &GenerationRequest<'_>,
        repair: Option<Repair<'_>>,
        progress: &mut impl FnMut(Progress<'_>),
    ) -> Result<Result<Generated, GenerateError>, EngineError> {
        let outgoing = generator.outgoing(request, repair.as_ref());
        if let Some(out) = &outgoing {
            let event = Event::ModelRequest(ModelRequest {
                attempt,
                provider: out.provider.clone(),
                model: out.model.clone(),
                url: out.url.clone(),
                body: out.body.clone(),
            });
            self.record(ctx, event)?;
        }
        progress(Progress::Stage(Stage::Generate));
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<String>();
        let sink = move |text: &str| {
            let _ = tx.send(text.to_owned());
        };
        let future = match repair {
            None => Some(generator.generate(request, &sink)),
            Some(r) => generator.repair(request, r, &sink),
        };
        let Some(future) = future else {
            return Ok(Err(GenerateError::Provider(
                crate::provider::ProviderError::Settings(format!(
                    "the {} generator cannot repair its code",
                    generator.name()
                )),
            )));
        };
        tokio::pin!(future);
        let cancelled = cancel_requested(ctx.cancel.clone());
        tokio::pin!(cancelled);
        // Only a model is waited for: local generators answer at once.
        // The wait is told before the request leaves (so a cancel that comes
        // at once still follows it), then every tick.
        let started = Instant::now();
        let mut ticks = outgoing.is_some().then(|| {
            progress(Progress::ModelWaiting {
                elapsed: Duration::ZERO,
                received: 0,
            });
            let first = tokio::time::Instant::now() + MODEL_WAIT_TICK;
            let mut t = tokio::time::interval_at(first, MODEL_WAIT_TICK);
            t.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            t
        });
        let mut received = 0;
        let result = loop {
            tokio::select! {
                result = &mut future => break result,
                Some(text) = rx.recv() => {
                    received += text.chars().count();
                    progress(Progress::ModelText(&text));
                }
                () = &mut cancelled => break Err(GenerateError::Cancelled),
                () = tick(&mut ticks) => progress(Progress::ModelWaiting {
                    elapsed: started.elapsed(),
                    received,
                }),
            }
        };
        while let Ok(text) = rx.try_recv() {
            progress(Progress::ModelText(&text));
        }
        if outgoing.is_some() {
            self.record(ctx, reply_event(attempt, &result))?;
        }
        Ok(result)
    }

    /// Records that no code could be produced, and says how the run stops.
    pub(super) fn generation_failed(
        &mut self,
        ctx: &mut RunCtx,
        attempt: u32,
        provider: &str,
        error: &GenerateError,
    ) -> Result<Stop, EngineError> {
        let event = Event::GenerationFailed(GenerationFailed {
            attempt,
            provider: provider.to_owned(),
            reason: error.to_string(),
        });
        self.record(ctx, event)?;
        let lang = ctx.lang();
        let (kind, reason) = match error {
            GenerateError::Goal { .. } => (StopKind::Goal, error.to_string()),
            GenerateError::Cancelled => (
                StopKind::Cancelled,
                stop_reason(lang, &StopReason::Cancelled),
            ),
            GenerateError::Provider(p) if p.is_setup() => (StopKind::Setup, error.to_string()),
            GenerateError::Provider(p) => (
                StopKind::Model,
                stop_reason(lang, &StopReason::ModelFailed(&p.to_string())),
            ),
            _ => (StopKind::Input, error.to_string()),
        };
        let mut stop = Stop::new(Status::Stopped, kind, reason);
        if let GenerateError::Goal { suggestions, .. } = error {
            stop.suggestions.clone_from(suggestions);
        }
        Ok(stop)
    }
}

/// The next tick, or never without ticks.
async fn tick(ticks: &mut Option<tokio::time::Interval>) {
    match ticks {
        Some(t) => {
            t.tick().await;
        }
        None => std::future::pending().await,
    }
}

/// What a model answered (or why it did not), as recorded.
fn reply_event(attempt: u32, result: &Result<Generated, GenerateError>) -> Event {
    match result {
        Ok(g) => Event::ModelReply(ModelReply::Code {
            attempt,
            reply: g.reply.clone(),
            call: g.call.clone(),
        }),
        Err(GenerateError::NoCode { problem, reply }) => Event::ModelReply(ModelReply::NoCode {
            attempt,
            reply: reply.clone(),
            problem: problem.to_string(),
        }),
        Err(e) => Event::ModelError(ModelError {
            attempt,
            reason: e.to_string(),
        }),
    }
}
