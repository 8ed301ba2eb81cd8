//! `glovebox rerun`: run a recorded run's code again on the same inputs,
//! with the recorded limits, and compare the results with the recorded ones.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use glovebox_engine::pipeline::{Engine, Progress, RunRequest, Status};
use glovebox_engine::terminal::{self, block, line};
use glovebox_sandbox::{Limits, Sandbox};

use super::{exit_code, open_store, print_left_out, print_report, progress};

/// Runs `glovebox rerun`: 0 when the results are identical, else at least 4
/// (or the new run's own code when it stopped earlier).
#[allow(clippy::print_stdout)]
pub(crate) fn run(
    db: &Path,
    run: String,
    files: Vec<PathBuf>,
    require_same_image: bool,
    yes: bool,
    json: bool,
) -> Result<ExitCode> {
    let store = open_store(db)?;
    let recorded = match glovebox_engine::rerun::recorded(&store, &run, &files) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("glovebox: {}", block(&e.to_string()));
            return Ok(ExitCode::from(2));
        }
    };
    drop(store);
    let sandbox = Sandbox::builder()
        .build()
        .context("the sandbox is not ready (run 'glovebox doctor')")?;
    let image_now = sandbox.image().digest.clone();
    if let Some(was) = recorded
        .image_digest
        .as_deref()
        .filter(|was| *was != image_now)
    {
        if require_same_image {
            eprintln!(
                "glovebox: the sandbox image changed since {} (was {}, is {}); not run",
                line(&run),
                line(was),
                line(&image_now)
            );
            return Ok(ExitCode::from(2));
        }
        eprintln!(
            "glovebox: warning: the sandbox image changed since {} (was {}, is {}); results may differ",
            line(&run),
            line(was),
            line(&image_now)
        );
    }
    // The recorded time and memory limits, checked again by the builder (a
    // run recorded before the CPU-time limit had none: it gets the default,
    // and keeps its recorded wall-clock limit).
    let cpu_time = match recorded.limits.cpu_time_ms {
        0 => glovebox_sandbox::limits::DEFAULT_CPU_TIME,
        _ => recorded.limits.cpu_time(),
    };
    let limits = Limits::builder()
        .with_cpu_time(cpu_time)
        .context("the recorded time limit")?
        .with_wall_time(recorded.limits.wall_time())
        .context("the recorded wall-clock limit")?
        .with_memory_bytes(recorded.limits.memory_bytes)
        .context("the recorded memory limit")?
        .build();
    let mut engine = Engine::open(db, sandbox, limits)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let request = RunRequest {
        code: Some(recorded.code.clone()),
        approve_review: yes,
        rerun_of: Some(run.clone()),
        cancel: Some(progress::cancel_on_ctrl_c(&runtime)),
        ..RunRequest::new(recorded.files.clone(), recorded.goal.clone())
    };
    let report = runtime.block_on(engine.run(request, |_: Progress<'_>| {}))?;
    let differences = glovebox_engine::rerun::differences(recorded.result.as_ref(), &report);
    let same = report.status == Status::Answered && differences.is_empty();
    if json {
        println!(
            "{}",
            terminal::json(&serde_json::to_string_pretty(&serde_json::json!({
                "rerun_of": run,
                "identical": same,
                "differences": differences,
                "report": report,
            }))?)
        );
    } else {
        print_report(&report);
        print_left_out(db, &report.run_id);
        if same {
            println!("\nidentical results to {}", line(&run));
        } else if report.status == Status::Answered {
            println!("\nresults differ from {}:", line(&run));
            for d in &differences {
                println!("  - {}", line(d));
            }
        }
    }
    Ok(ExitCode::from(if same {
        0
    } else {
        exit_code(&report).max(4)
    }))
}
