//! Attempts: each one's code is recorded, checked by the policy, run in the
//! sandbox and its result validated; a repairable failure goes back to the
//! generator (bounded), any other ends the run with a reason a person can
//! read.

use glovebox_sandbox::{Limits, Outcome};

use crate::audit::event::{
    Approval, AttemptFailed, Code, Event, PolicyChecked, ResultChecked, SandboxError, SandboxRan,
    StopKind,
};
use crate::generator::{GenerateError, Generated, GenerationRequest, Generator, Repair};
use crate::messages::{stop_reason, StopReason};
use crate::policy::{self, PolicyReport, Verdict};
use crate::validate::{self, CheckedResult};

use super::{
    cancel_requested, changed_input, plan_value, Engine, EngineError, Halt, Preparing, Progress,
    RunCtx, Stage, Status, Stop, REPAIR_STDERR_LINES,
};

/// What the attempt loop may do: who repairs, with what request, how often.
pub(super) struct Attempts<'a> {
    /// The generator that wrote the code and what it was asked, so it can
    /// repair it (none for code the person gave: it is never rewritten).
    pub repairer: Option<(&'a dyn Generator, &'a GenerationRequest<'a>)>,
    /// Attempts in all, the first included.
    pub max: u32,
}

/// How one attempt ended.
enum AttemptEnd {
    /// A checked result.
    Answered(Box<CheckedResult>),
    /// A failure, perhaps repairable.
    Failed(Failure),
}

/// Why an attempt failed.
struct Failure {
    status: Status,
    kind: StopKind,
    reason: String,
    /// What a generator is told for a repair: policy findings, the tail of
    /// the error output, the schema error, the limit reached.
    detail: String,
    /// A generator may try again (policy refusal, runtime error, bad result);
    /// not for infrastructure failures, changed inputs or withheld approval.
    repairable: bool,
}

impl Failure {
    /// A failure that is told to a generator as it is told to people.
    fn final_(status: Status, kind: StopKind, reason: String) -> Self {
        Self {
            status,
            kind,
            detail: reason.clone(),
            reason,
            repairable: false,
        }
    }
}

impl Engine {
    /// Runs attempts until one answers, one fails for good, or the repair
    /// budget is spent; records the end of an answered run.
    pub(super) async fn attempt_loop(
        &mut self,
        ctx: &mut RunCtx,
        attempts: &Attempts<'_>,
        mut produced: Result<Generated, GenerateError>,
        prepared: Preparing,
        progress: &mut impl FnMut(Progress<'_>),
    ) -> Result<(), Halt> {
        let mut prepared = Some(prepared);
        let mut attempt = 1u32;
        loop {
            let (failure, previous) = match produced {
                Ok(current) => {
                    let handle = prepared.take().unwrap_or_else(|| self.spawn_prepare(ctx));
                    match self
                        .attempt(ctx, attempt, &current, handle, progress)
                        .await?
                    {
                        AttemptEnd::Answered(checked) => {
                            return Ok(self.answered(ctx, &current, *checked)?);
                        }
                        AttemptEnd::Failed(failure) => (failure, current),
                    }
                }
                // A reply without usable code counts as a failed attempt.
                Err(GenerateError::NoCode { problem, reply }) => {
                    let failure = Failure {
                        status: Status::Stopped,
                        kind: StopKind::Model,
                        reason: stop_reason(ctx.lang(), &StopReason::NoCode(&problem.to_string())),
                        detail: format!(
                            "{problem}. Reply with the whole program in exactly one fenced python code block."
                        ),
                        repairable: true,
                    };
                    let previous = Generated {
                        origin: attempts.repairer.map_or("", |(g, _)| g.name()).into(),
                        reply: Some(reply),
                        ..Generated::default()
                    };
                    (failure, previous)
                }
                Err(e) => {
                    drop(prepared.take());
                    let provider = attempts.repairer.map_or("", |(g, _)| g.name());
                    return Err(self.generation_failed(ctx, attempt, provider, &e)?.into());
                }
            };
            let (generator, request) = match attempts.repairer {
                Some(r) if failure.repairable && attempt < attempts.max => r,
                _ => return Err(gave_up(ctx, attempt, failure).into()),
            };
            let event = Event::AttemptFailed(AttemptFailed {
                attempt,
                kind: failure.kind,
                reason: failure.reason.clone(),
                detail: failure.detail.clone(),
                repair: true,
            });
            self.record(ctx, event)?;
            attempt += 1;
            let repair = Repair {
                previous: &previous,
                failure: &failure.detail,
            };
            produced = self
                .produce(ctx, attempt, generator, request, Some(repair), progress)
                .await?;
        }
    }

    /// One attempt: policy, sandbox, validation.
    async fn attempt(
        &mut self,
        ctx: &mut RunCtx,
        attempt: u32,
        current: &Generated,
        mut prepared: Preparing,
        progress: &mut impl FnMut(Progress<'_>),
    ) -> Result<AttemptEnd, EngineError> {
        let code = Event::Code(Code {
            attempt,
            origin: current.origin.clone(),
            text: current.code.clone(),
            plan: plan_value(current),
        });
        self.record(ctx, code)?;
        progress(Progress::Stage(Stage::Policy));
        if let Some(failure) = self.check_policy(ctx, attempt, &current.code)? {
            return Ok(AttemptEnd::Failed(failure));
        }
        // A cancel that came while the code was checked, or while the
        // container is still being created, stops the run before it starts.
        if ctx.cancelled() {
            return Ok(AttemptEnd::Failed(cancelled(ctx)));
        }
        // The code known, its memory limit may differ from the one the
        // container was prepared with (it reads only some columns).
        if self.fit_memory(ctx, Some(&current.code)) {
            drop(prepared);
            prepared = self.spawn_prepare(ctx);
        }
        progress(Progress::Stage(Stage::Execute));
        // No guessable nonce ever: without random bytes the code does not
        // run, and the run says why (the log itself still works).
        let nonce = match glovebox_sandbox::random::hex(16) {
            Ok(nonce) => nonce,
            Err(e) => {
                let detail = format!("cannot read random bytes for the result's seal: {e}");
                let reason = stop_reason(ctx.lang(), &StopReason::SandboxFailed(&detail));
                return Ok(AttemptEnd::Failed(Failure::final_(
                    Status::Stopped,
                    StopKind::Sandbox,
                    reason,
                )));
            }
        };
        if let Some(Err(e)) = ctx.scratch.as_ref().map(|s| s.empty()) {
            tracing::warn!("cannot empty the run's output folder: {e}");
        }
        let outcome = match self
            .execute(ctx, &current.code, &nonce, prepared, progress)
            .await
        {
            Ok(Some(outcome)) => outcome,
            Ok(None) => return Ok(AttemptEnd::Failed(cancelled(ctx))),
            Err(e) => {
                let event = Event::SandboxError(SandboxError {
                    attempt,
                    code: e.code().to_owned(),
                    message: e.to_string(),
                });
                self.record(ctx, event)?;
                let reason = stop_reason(ctx.lang(), &StopReason::SandboxFailed(&e.to_string()));
                return Ok(AttemptEnd::Failed(Failure::final_(
                    Status::Stopped,
                    StopKind::Sandbox,
                    reason,
                )));
            }
        };
        ctx.outputs = outcome.output_files.clone();
        let mut recorded = outcome.clone();
        if ctx.scratch.is_some() {
            // Listed, not kept: the private copies go with the run.
            for file in &mut recorded.output_files {
                file.host_path = std::path::PathBuf::new();
            }
        }
        let ran = Event::Sandbox(SandboxRan {
            attempt,
            limits: ctx.setup.limits.clone(),
            memory_from: ctx.memory_from,
            outcome: recorded,
        });
        self.record(ctx, ran)?;
        if outcome.cancelled {
            return Ok(AttemptEnd::Failed(cancelled(ctx)));
        }
        progress(Progress::Stage(Stage::Validate));
        self.validate(ctx, attempt, &outcome, &nonce)
    }

    /// The policy's verdict, recorded; the failure it means, if any.
    fn check_policy(
        &mut self,
        ctx: &mut RunCtx,
        attempt: u32,
        code: &str,
    ) -> Result<Option<Failure>, EngineError> {
        let report = policy::check(code, ctx.lang(), &self.profile);
        let verdict = report.verdict;
        let event = Event::Policy(PolicyChecked {
            attempt,
            report: report.clone(),
        });
        self.record(ctx, event)?;
        Ok(match verdict {
            Verdict::Deny => Some(Failure {
                status: Status::Blocked,
                kind: StopKind::Policy,
                reason: first_message(&report),
                detail: all_findings(&report),
                repairable: true,
            }),
            Verdict::Review if !ctx.approve_review => {
                let reason = stop_reason(
                    ctx.lang(),
                    &StopReason::NeedsApproval(&first_message(&report)),
                );
                Some(Failure::final_(Status::Blocked, StopKind::Review, reason))
            }
            Verdict::Review => {
                let event = Event::Approval(Approval {
                    attempt,
                    by: ctx.approved_by.clone(),
                    findings: report.findings,
                });
                self.record(ctx, event)?;
                None
            }
            Verdict::Allow => None,
        })
    }

    /// Runs `code` in the prepared container, forwarding what it prints;
    /// `None` when the person cancelled before it started.
    async fn execute(
        &mut self,
        ctx: &RunCtx,
        code: &str,
        nonce: &str,
        mut prepared: Preparing,
        progress: &mut impl FnMut(Progress<'_>),
    ) -> Result<Option<Outcome>, glovebox_sandbox::SandboxError> {
        let prepared = tokio::select! {
            joined = &mut prepared.0 => joined.unwrap_or_else(|e| {
                Err(glovebox_sandbox::SandboxError::Io(std::io::Error::other(e)))
            }),
            () = cancel_requested(ctx.cancel.clone()) => return Ok(None),
        }?;
        let (output_tx, mut output_rx) = tokio::sync::mpsc::unbounded_channel();
        let files = vec![("nonce".to_owned(), nonce.to_owned())];
        let run = prepared.run(code.to_owned(), files, output_tx, ctx.cancel.clone());
        tokio::pin!(run);
        let outcome = loop {
            tokio::select! {
                outcome = &mut run => break outcome,
                Some((stream, text)) = output_rx.recv() => {
                    progress(Progress::Output { stream, text: &text });
                }
            }
        };
        while let Ok((stream, text)) = output_rx.try_recv() {
            progress(Progress::Output {
                stream,
                text: &text,
            });
        }
        outcome.map(Some)
    }

    /// Checks what the code left: inputs unchanged, no limit reached, a
    /// valid result document with this attempt's nonce.
    fn validate(
        &mut self,
        ctx: &mut RunCtx,
        attempt: u32,
        outcome: &Outcome,
        nonce: &str,
    ) -> Result<AttemptEnd, EngineError> {
        let lang = ctx.lang();
        // The recorded sha256 must describe the bytes the code read.
        if let Some(name) = changed_input(&ctx.stamps) {
            let reason = stop_reason(lang, &StopReason::InputChanged(&name));
            return Ok(AttemptEnd::Failed(Failure::final_(
                Status::Stopped,
                StopKind::Input,
                reason,
            )));
        }
        let limits = &ctx.setup.limits;
        let checked = if let Some(reason) = limit_reason(lang, outcome, limits, self.machine_memory)
        {
            Err(reason)
        } else {
            validate::check(&outcome.result, outcome.result_truncated, nonce, lang)
                .map_err(|p| stop_reason(lang, &StopReason::Result(&p)))
        };
        match checked {
            Ok(checked) => {
                let event = Event::Result(ResultChecked {
                    attempt,
                    result: checked.clone(),
                });
                self.record(ctx, event)?;
                Ok(AttemptEnd::Answered(Box::new(checked)))
            }
            Err(reason) => Ok(AttemptEnd::Failed(Failure {
                status: Status::Stopped,
                kind: StopKind::Result,
                detail: model_detail(outcome, limits, &reason),
                reason,
                repairable: true,
            })),
        }
    }
}

/// How the run stops after its last attempt failed.
fn gave_up(ctx: &RunCtx, attempts: u32, failure: Failure) -> Stop {
    let reason = if attempts > 1 {
        stop_reason(
            ctx.lang(),
            &StopReason::GaveUp {
                attempts,
                last: &failure.reason,
            },
        )
    } else {
        failure.reason
    };
    Stop::new(failure.status, failure.kind, reason)
}

/// The failure of an attempt the person cancelled (never repaired).
fn cancelled(ctx: &RunCtx) -> Failure {
    let reason = stop_reason(ctx.lang(), &StopReason::Cancelled);
    Failure::final_(Status::Stopped, StopKind::Cancelled, reason)
}

fn first_message(report: &PolicyReport) -> String {
    report
        .findings
        .iter()
        .max_by_key(|f| (f.severity, std::cmp::Reverse(f.line)))
        .map(|f| format!("line {}: {}", f.line, f.message))
        .unwrap_or_default()
}

/// Every finding, for a model to fix them all at once.
fn all_findings(report: &PolicyReport) -> String {
    let lines: Vec<String> = report
        .findings
        .iter()
        .filter(|f| f.severity != Verdict::Allow)
        .map(|f| format!("line {} [{}]: {}", f.line, f.rule, f.message))
        .collect();
    format!(
        "The safety check refused the program:\n{}",
        lines.join("\n")
    )
}

/// What a model is told about a failed run: the limit reached, or the
/// reason with the last lines of the error output.
fn model_detail(o: &Outcome, limits: &Limits, reason: &str) -> String {
    if o.cpu_limit_hit {
        return format!(
            "used all of its {} s of CPU time (the time limit): the program must do less work",
            limits.cpu_time_ms as f64 / 1000.0
        );
    }
    if o.timed_out {
        return format!(
            "was still running after {} s of elapsed time, having used only {} ms of CPU time: the program must not wait (sleep, block on input)",
            limits.wall_time_ms as f64 / 1000.0,
            o.usage.cpu_ms
        );
    }
    if o.oom_killed {
        return format!(
            "ran out of memory (the limit is {}): the program must use less memory",
            crate::messages::human_bytes(limits.memory_bytes)
        );
    }
    let lines: Vec<&str> = o.stderr.lines().collect();
    let tail = lines[lines.len().saturating_sub(REPAIR_STDERR_LINES)..].join("\n");
    if tail.trim().is_empty() {
        reason.to_owned()
    } else {
        format!("{reason}\n\nLast lines of the error output:\n{tail}")
    }
}

fn limit_reason(
    lang: crate::lang::Lang,
    o: &Outcome,
    limits: &Limits,
    machine_memory: Option<u64>,
) -> Option<String> {
    let reason = if o.oom_killed {
        oom_reason(lang, limits.memory_bytes, machine_memory)
    } else if o.cpu_limit_hit {
        stop_reason(lang, &StopReason::CpuTime(limits.cpu_time_ms))
    } else if o.timed_out {
        stop_reason(
            lang,
            &StopReason::TooSlow {
                wall_ms: limits.wall_time_ms,
                cpu_ms: o.usage.cpu_ms,
            },
        )
    } else if o.cancelled {
        stop_reason(lang, &StopReason::Cancelled)
    } else if o.pids_limit_hit && o.exit_code != Some(0) {
        stop_reason(lang, &StopReason::TooManyProcesses(limits.pids))
    } else if o.signal.is_some() {
        stop_reason(lang, &StopReason::StoppedBySystem)
    } else {
        return None;
    };
    Some(reason)
}

/// A memory stop: the limit reached, and the next step (twice it, at most
/// the machine's share, see [`memory::next_step`]) with where to set it.
fn oom_reason(lang: crate::lang::Lang, limit: u64, machine_memory: Option<u64>) -> String {
    use crate::messages::human_bytes_in;
    let next = super::memory::next_step(limit, machine_memory);
    let next_shown = next.map(|b| human_bytes_in(lang, b));
    stop_reason(
        lang,
        &StopReason::OutOfMemory {
            limit: &human_bytes_in(lang, limit),
            next: next_shown
                .as_deref()
                .zip(next.map(|b| b.div_ceil(1024 * 1024))),
        },
    )
}
