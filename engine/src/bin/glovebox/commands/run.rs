//! `glovebox run`: answer a question about CSV files. Builds the limits and
//! the model settings from the flags, runs the pipeline with progress on
//! stderr (`progress`: the wait for a model told, Ctrl-C cancels), writes `--out` and prints the report; `--show-prompt` instead
//! prints the request that would go to the model and runs nothing.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, Result};
use glovebox_engine::inputs::ReadProgress;
use glovebox_engine::pipeline::{preview_prompt, Engine, RunReport, RunRequest};
use glovebox_engine::provider::ModelSettings;
use glovebox_engine::terminal;
use glovebox_sandbox::{Limits, Sandbox};

use super::{exit_code, print_left_out, print_report, progress};
use crate::RunArgs;

/// Runs `glovebox run`; the exit code follows the report (see `exit_code`).
#[allow(clippy::print_stdout)]
pub(crate) fn run(db: &Path, args: RunArgs) -> Result<ExitCode> {
    let RunArgs {
        files,
        sheet,
        goal,
        follow,
        code,
        provider,
        model,
        show_prompt,
        yes,
        json,
        userns,
        time_limit,
        wall_limit,
        memory_limit,
        out,
    } = args;
    let files = with_sheet(files, sheet.as_deref());
    let mut limits = Limits::builder();
    if let Some(seconds) = time_limit {
        limits = limits
            .with_cpu_time(std::time::Duration::from_secs(seconds))
            .context("--time-limit")?;
    }
    if let Some(seconds) = wall_limit {
        limits = limits
            .with_wall_time(std::time::Duration::from_secs(seconds))
            .context("--wall-limit")?;
    }
    if let Some(mib) = memory_limit {
        limits = limits
            .with_memory_bytes(mib.saturating_mul(1024 * 1024))
            .context("--memory-limit")?;
    }
    let limits = limits.build();
    // Without --memory-limit, each run's limit follows its inputs.
    let memory_estimated = memory_limit.is_none();
    let model_settings = match provider.as_str() {
        "openai" | "anthropic" => Some(model.settings(&provider)?),
        _ if model.is_set() => {
            anyhow::bail!("--model, --base-url, --sample-rows and --request-timeout need --provider openai or anthropic")
        }
        _ => None,
    };
    if show_prompt {
        if code.is_some() {
            eprintln!("glovebox: nothing would be sent: --code runs your own code");
            return Ok(ExitCode::SUCCESS);
        }
        return show_request(
            &files,
            &goal,
            &limits,
            memory_estimated,
            &provider,
            model_settings,
        );
    }
    let code = match code {
        Some(path) => Some(
            std::fs::read_to_string(&path)
                .with_context(|| format!("cannot read the code file {}", path.display()))?,
        ),
        None => None,
    };
    let sandbox = Sandbox::builder()
        .with_user_namespace(userns)
        .build()
        .context("the sandbox is not ready (run 'glovebox doctor')")?;
    let reading = ReadProgress::new();
    let mut engine = Engine::open(db, sandbox, limits)?.with_read_progress(Arc::clone(&reading));
    if memory_estimated {
        engine = engine.with_memory_estimated();
    }
    let files = followed_files(&engine, follow.as_deref(), files)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let show_stages =
        !json && std::io::stderr().is_terminal() || std::env::var_os("GLOVEBOX_PROGRESS").is_some();
    let request = RunRequest {
        code,
        provider,
        model: model_settings,
        approve_review: yes,
        out_dir: out.clone(),
        cancel: Some(progress::cancel_on_ctrl_c(&runtime)),
        follows: follow,
        ..RunRequest::new(files, goal)
    };
    let mut printer = progress::Printer::new(show_stages).with_reading(reading);
    let report = runtime.block_on(engine.run(request, |p| printer.progress(p)));
    printer.finish();
    let report = report?;
    if let Some(dir) = &out {
        write_out(dir, &report)
            .with_context(|| format!("cannot write the results into {}", dir.display()))?;
    }
    if json {
        println!(
            "{}",
            terminal::json(&serde_json::to_string_pretty(&report)?)
        );
    } else {
        print_report(&report);
        print_left_out(db, &report.run_id);
        if let Some(dir) = &out {
            println!(
                "results written to {}",
                terminal::line(&dir.to_string_lossy())
            );
        }
    }
    Ok(ExitCode::from(exit_code(&report)))
}

/// `glovebox run --show-prompt`: the exact request body on stdout, where it
/// would go on stderr; nothing is sent and nothing runs.
#[allow(clippy::print_stdout)]
fn show_request(
    files: &[PathBuf],
    goal: &str,
    limits: &Limits,
    memory_estimated: bool,
    provider: &str,
    settings: Option<ModelSettings>,
) -> Result<ExitCode> {
    let Some(out) = preview_prompt(
        files,
        goal,
        settings.as_ref(),
        limits,
        memory_estimated,
        None,
    )?
    else {
        eprintln!("glovebox: the {provider} generator sends nothing: it works on this machine");
        return Ok(ExitCode::SUCCESS);
    };
    eprintln!(
        "glovebox: nothing was sent. This is the exact body Glovebox would POST to {} (model {}); the API key goes in a header, never in the body:",
        out.url, out.model
    );
    println!("{}", out.body);
    Ok(ExitCode::SUCCESS)
}

/// Writes `report.json`, `main.py`, `chart-N.svg` and `chart-N.png` into `dir`
/// (files the code wrote are already in `dir/files`).
fn write_out(dir: &std::path::Path, report: &RunReport) -> Result<()> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join("report.json"), serde_json::to_vec_pretty(report)?)?;
    // A run that stopped before any code was recorded has none to write.
    if !report.code.is_empty() {
        std::fs::write(dir.join("main.py"), &report.code)?;
    }
    for (i, chart) in report.drawn_charts.iter().enumerate() {
        std::fs::write(dir.join(format!("chart-{}.svg", i + 1)), &chart.svg)?;
        // A figure the code saved as SVG only has no PNG.
        if !chart.png.is_empty() {
            std::fs::write(dir.join(format!("chart-{}.png", i + 1)), &chart.png)?;
        }
    }
    Ok(())
}

/// `--sheet NAME` given to each workbook named without its own `#Sheet`
/// (a workbook by its extension: .xlsx, .xlsm, .xls, .ods).
fn with_sheet(files: Vec<PathBuf>, sheet: Option<&str>) -> Vec<PathBuf> {
    let Some(sheet) = sheet else { return files };
    files
        .into_iter()
        .map(|f| {
            let name = f.to_string_lossy().to_lowercase();
            let workbook = [".xlsx", ".xlsm", ".xls", ".ods"]
                .iter()
                .any(|e| name.ends_with(e));
            if workbook && f.exists() {
                PathBuf::from(format!("{}#{sheet}", f.display()))
            } else {
                f
            }
        })
        .collect()
}

/// The files of a follow-up: those given, else the followed run's (the
/// engine then checks they are byte for byte the ones it read).
fn followed_files(
    engine: &Engine,
    follow: Option<&str>,
    files: Vec<PathBuf>,
) -> Result<Vec<PathBuf>> {
    match follow {
        Some(run) if files.is_empty() => {
            glovebox_engine::pipeline::follow::files_of(engine.store(), run)?.with_context(|| {
                format!(
                    "there is no run {run} in the audit log to follow up (see glovebox history)"
                )
            })
        }
        _ => Ok(files),
    }
}
