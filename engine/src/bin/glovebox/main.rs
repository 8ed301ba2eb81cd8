//! `glovebox`: ask a question about CSV files and get a checked answer; the
//! code that computes it runs only inside the sandbox.
//!
//! Exit codes: 0 answered, 3 blocked by policy, 4 stopped, 2 usage or input error.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

mod bench;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use glovebox_engine::audit::event::StopKind;
use glovebox_engine::audit::{default_db_path, AuditStore};
use glovebox_engine::keys::{self, KeyStore};
use glovebox_engine::pipeline::{
    preview_prompt, Engine, Progress, RunReport, RunRequest, Status, INTERNAL_TABLES,
};
use glovebox_engine::provider::{ModelGenerator, ModelSettings};
use glovebox_sandbox::{Limits, Sandbox};

#[derive(Parser)]
#[command(
    name = "glovebox",
    version,
    about = "Checked answers about your CSV files, computed in a sealed sandbox"
)]
struct Cli {
    /// Audit database (default: ~/.local/share/glovebox/audit.sqlite3).
    #[arg(long, global = true)]
    db: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Answer a question about one or more CSV files.
    Run {
        /// The CSV files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// What you want to know, in plain words.
        #[arg(long)]
        goal: String,
        /// Run this Python file instead of generating code (it is checked, never rewritten).
        #[arg(long)]
        code: Option<PathBuf>,
        /// Code generator: offline, openai or anthropic.
        #[arg(long, default_value = "offline")]
        provider: String,
        #[command(flatten)]
        model: ModelArgs,
        /// Print the exact request that would be sent to the model, and send nothing.
        #[arg(long)]
        show_prompt: bool,
        /// Approve code that needs review (never code that is refused).
        #[arg(long)]
        yes: bool,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Give the job a user namespace even as root.
        #[arg(long)]
        userns: bool,
        /// Stop the calculation after this many seconds (default 60).
        #[arg(long, value_name = "SECONDS")]
        time_limit: Option<u64>,
        /// Stop the calculation if it needs more memory than this, in MiB (default 1024).
        #[arg(long, value_name = "MIB")]
        memory_limit: Option<u64>,
        /// Write the answer (report.json), the charts (SVG and PNG), the code
        /// that ran and the files the code wrote into this folder.
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// List recent runs.
    History {
        /// How many.
        #[arg(long, default_value_t = 20)]
        limit: i64,
    },
    /// Show every recorded step of a run.
    Show {
        /// Run id.
        run: String,
    },
    /// Run a recorded run's code again on the same inputs, in the sandbox,
    /// and compare the results.
    Rerun {
        /// Run id (see `glovebox history`).
        run: String,
        /// The inputs, when they moved since the run (matched by file name).
        files: Vec<PathBuf>,
        /// Refuse to run when the sandbox image differs from the recorded one.
        #[arg(long)]
        require_same_image: bool,
        /// Approve code that needs review (never code that is refused).
        #[arg(long)]
        yes: bool,
        /// Print one JSON object (the new run's report and the differences).
        #[arg(long)]
        json: bool,
    },
    /// Check a report: its signature, and that nothing in it was changed.
    Verify {
        /// The report file.
        file: PathBuf,
        /// The signer's public key (`glovebox key export-public` on their machine).
        #[arg(long, value_name = "PUBKEY")]
        key: Option<String>,
    },
    /// Export a finished run as a signed, self-contained report for someone else.
    Export {
        /// Run id (see `glovebox history`).
        run: String,
        /// Report format.
        #[arg(long, value_enum, default_value_t = ExportFormat::Html)]
        format: ExportFormat,
        /// Where to write the report.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
    /// Audit log tools.
    Audit {
        #[command(subcommand)]
        command: AuditCommand,
    },
    /// Check that this machine can sandbox, and how.
    Doctor,
    /// API keys of model providers, kept in the OS keyring.
    Key {
        #[command(subcommand)]
        command: KeyCommand,
    },
    /// List the models a provider offers.
    Models {
        /// openai or anthropic.
        #[arg(long)]
        provider: String,
        #[command(flatten)]
        model: ModelArgs,
    },
    /// Measure a goal answered offline against bare host Python (`make bench`).
    Bench {
        /// Timed runs of each side.
        #[arg(long, default_value_t = bench::DEFAULT_RUNS)]
        runs: usize,
        /// Size of the generated CSV in MB.
        #[arg(long, default_value_t = bench::DEFAULT_CSV_MB)]
        csv_mb: u64,
        /// Folder with pandas for the host side.
        #[arg(long)]
        python_path: Option<PathBuf>,
    },
}

/// Settings of a model provider.
#[derive(clap::Args)]
struct ModelArgs {
    /// Model name (default: a current model of the provider).
    #[arg(long)]
    model: Option<String>,
    /// Address of an OpenAI-compatible or Anthropic endpoint (Ollama: http://localhost:11434/v1).
    #[arg(long, value_name = "URL")]
    base_url: Option<String>,
    /// Sample rows of each file shown to the model (0 = column names and types only; default 5).
    #[arg(long, value_name = "N")]
    sample_rows: Option<usize>,
    /// Give up on a model request after this many seconds (default 120).
    #[arg(long, value_name = "SECONDS")]
    request_timeout: Option<f64>,
}

impl ModelArgs {
    fn settings(&self, provider: &str) -> Result<ModelSettings> {
        let mut b = ModelSettings::builder(provider)?;
        if let Some(m) = &self.model {
            b = b.with_model(m)?;
        }
        if let Some(u) = &self.base_url {
            b = b.with_base_url(u)?;
        }
        if let Some(n) = self.sample_rows {
            b = b.with_sample_rows(n)?;
        }
        if let Some(t) = self.request_timeout {
            let t = std::time::Duration::try_from_secs_f64(t)
                .map_err(|_| anyhow::anyhow!("--request-timeout must be a positive number"))?;
            b = b.with_timeout(t)?;
        }
        Ok(b.build())
    }

    fn is_set(&self) -> bool {
        self.model.is_some()
            || self.base_url.is_some()
            || self.sample_rows.is_some()
            || self.request_timeout.is_some()
    }
}

#[derive(Subcommand)]
enum KeyCommand {
    /// Store the API key of a provider (typed without echo, or read from stdin).
    Set {
        /// openai or anthropic.
        #[arg(long)]
        provider: String,
    },
    /// Remove the stored API key of a provider.
    Delete {
        /// openai or anthropic.
        #[arg(long)]
        provider: String,
    },
    /// Say which keyring is used and whether a provider has a key (never the key).
    Status {
        /// openai or anthropic.
        #[arg(long)]
        provider: String,
    },
    /// Print the public key that signs your reports, to give to their readers.
    ExportPublic,
    /// Remove the report signing key (a new one is made at the next export).
    DeleteSigning,
}

/// Report formats.
#[derive(Clone, Copy, clap::ValueEnum)]
enum ExportFormat {
    /// One HTML file: inline CSS and SVG, works offline, prints well.
    Html,
    /// One PDF file: fonts embedded, text selectable, the signed manifest attached.
    Pdf,
}

#[derive(Subcommand)]
enum AuditCommand {
    /// Check the hash chain; name the first broken entry.
    Verify,
}

fn main() -> ExitCode {
    // Behave like other command-line tools when the reader goes away (`| head`).
    // SAFETY: setting a signal disposition before any thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,libcgroups=error"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match dispatch(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("glovebox: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn db_path(cli_db: Option<PathBuf>) -> PathBuf {
    cli_db.unwrap_or_else(default_db_path)
}

/// Opens the audit log; runs left unfinished by a dead process are marked first.
fn open_store(db: &std::path::Path) -> Result<AuditStore> {
    let mut store = AuditStore::open(db)?;
    store.mark_interrupted_runs()?;
    Ok(store)
}

#[allow(clippy::print_stdout)]
fn dispatch(cli: Cli) -> Result<ExitCode> {
    let db = db_path(cli.db);
    match cli.command {
        Command::Run {
            files,
            goal,
            code,
            provider,
            model,
            show_prompt,
            yes,
            json,
            userns,
            time_limit,
            memory_limit,
            out,
        } => {
            let mut limits = Limits::builder();
            if let Some(seconds) = time_limit {
                limits = limits
                    .with_wall_time(std::time::Duration::from_secs(seconds))
                    .context("--time-limit")?;
            }
            if let Some(mib) = memory_limit {
                limits = limits
                    .with_memory_bytes(mib.saturating_mul(1024 * 1024))
                    .context("--memory-limit")?;
            }
            let limits = limits.build();
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
                return show_request(&files, &goal, &limits, &provider, model_settings);
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
            let mut engine = Engine::open(&db, sandbox, limits)?;
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            let show_progress = !json && std::io::stderr().is_terminal()
                || std::env::var_os("GLOVEBOX_PROGRESS").is_some();
            let request = RunRequest {
                code,
                provider,
                model: model_settings,
                approve_review: yes,
                out_dir: out.clone(),
                ..RunRequest::new(files, goal)
            };
            let mut streaming = false;
            let report = runtime.block_on(engine.run(request, |p: Progress<'_>| {
                if !show_progress {
                    return;
                }
                match p {
                    Progress::Started(_) | Progress::Output { .. } => {}
                    Progress::Stage(stage) => {
                        if streaming {
                            eprintln!();
                            streaming = false;
                        }
                        eprintln!("… {}", stage.describe());
                    }
                    Progress::ModelText(text) => {
                        use std::io::Write;
                        streaming = true;
                        let mut err = std::io::stderr().lock();
                        let _ = err.write_all(text.as_bytes());
                        let _ = err.flush();
                    }
                }
            }))?;
            if let Some(dir) = &out {
                write_out(dir, &report)
                    .with_context(|| format!("cannot write the results into {}", dir.display()))?;
            }
            if json {
                println!("{}", serde_json::to_string_pretty(&report)?);
            } else {
                print_report(&report);
                if let Some(dir) = &out {
                    println!("results written to {}", dir.display());
                }
            }
            Ok(ExitCode::from(exit_code(&report)))
        }
        Command::Rerun {
            run,
            files,
            require_same_image,
            yes,
            json,
        } => {
            let store = open_store(&db)?;
            let recorded = match glovebox_engine::rerun::recorded(&store, &run, &files) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("glovebox: {e}");
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
                    eprintln!("glovebox: the sandbox image changed since {run} (was {was}, is {image_now}); not run");
                    return Ok(ExitCode::from(2));
                }
                eprintln!("glovebox: warning: the sandbox image changed since {run} (was {was}, is {image_now}); results may differ");
            }
            // The recorded time and memory limits, checked again by the builder.
            let recorded_limits = store_limits(&db, &run).unwrap_or_default();
            let mut limits = Limits::builder();
            if let Some(ms) = recorded_limits["wall_time_ms"].as_u64() {
                limits = limits
                    .with_wall_time(std::time::Duration::from_millis(ms))
                    .context("the recorded time limit")?;
            }
            if let Some(bytes) = recorded_limits["memory_bytes"].as_u64() {
                limits = limits
                    .with_memory_bytes(bytes)
                    .context("the recorded memory limit")?;
            }
            let limits = limits.build();
            let mut engine = Engine::open(&db, sandbox, limits)?;
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            let request = RunRequest {
                code: Some(recorded.code.clone()),
                approve_review: yes,
                rerun_of: Some(run.clone()),
                ..RunRequest::new(recorded.files.clone(), recorded.goal.clone())
            };
            let report = runtime.block_on(engine.run(request, |_: Progress<'_>| {}))?;
            let differences =
                glovebox_engine::rerun::differences(recorded.result.as_ref(), &report);
            let same = report.status == Status::Answered && differences.is_empty();
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&serde_json::json!({
                        "rerun_of": run,
                        "identical": same,
                        "differences": differences,
                        "report": report,
                    }))?
                );
            } else {
                print_report(&report);
                if same {
                    println!("\nidentical results to {run}");
                } else if report.status == Status::Answered {
                    println!("\nresults differ from {run}:");
                    for d in &differences {
                        println!("  - {d}");
                    }
                }
            }
            Ok(ExitCode::from(if same {
                0
            } else {
                exit_code(&report).max(4)
            }))
        }
        Command::Verify { file, key } => {
            use glovebox_engine::report::sign;
            let trusted = key.as_deref().map(sign::parse_public_key).transpose()?;
            let bytes =
                std::fs::read(&file).with_context(|| format!("cannot read {}", file.display()))?;
            let v = if sign::is_pdf(&bytes) {
                sign::verify_pdf(&bytes, trusted.as_ref())
            } else {
                let page = String::from_utf8(bytes).with_context(|| {
                    format!("{} is neither a PDF nor an HTML page", file.display())
                })?;
                sign::verify_html(&page, trusted.as_ref())
            };
            let signer = v.fingerprint.as_deref().unwrap_or("unknown");
            if v.valid {
                println!("valid: the report is exactly as signed by key {signer}");
                if !v.signer_confirmed {
                    println!("the signer was not checked: pass --key with their public key to confirm who signed");
                }
                Ok(ExitCode::SUCCESS)
            } else {
                println!("INVALID: {}", file.display());
                for p in &v.problems {
                    println!("  - {p}");
                }
                Ok(ExitCode::from(4))
            }
        }
        Command::Export { run, format, out } => {
            use glovebox_engine::report::export::{export, ExportError, Format};
            let store = open_store(&db)?;
            let format = match format {
                ExportFormat::Html => Format::Html,
                ExportFormat::Pdf => Format::Pdf,
            };
            match export(&store, &run, format, &out) {
                Ok(done) => {
                    println!(
                        "report of {run} written to {}, signed by key {}",
                        done.path.display(),
                        done.fingerprint
                    );
                    Ok(ExitCode::SUCCESS)
                }
                Err(ExportError::Report(e)) => {
                    eprintln!("glovebox: {e}");
                    Ok(ExitCode::from(2))
                }
                Err(e) => Err(e.into()),
            }
        }
        Command::History { limit } => {
            let store = open_store(&db)?;
            for entry in store.recent_runs(limit)? {
                let finished = store
                    .run_entries(&entry.run_id)?
                    .into_iter()
                    .rev()
                    .find(|e| e.kind == "run_finished" || e.kind == "run_interrupted");
                let status = finished
                    .map(|e| {
                        if e.kind == "run_interrupted" {
                            "interrupted".to_owned()
                        } else {
                            e.body["status"].as_str().unwrap_or("?").to_owned()
                        }
                    })
                    .unwrap_or_else(|| "running".into());
                println!(
                    "{}  {}  {:<11} {}",
                    entry.run_id,
                    entry.at,
                    status,
                    entry.body["goal"].as_str().unwrap_or("")
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Show { run } => {
            let store = open_store(&db)?;
            let entries = store.run_entries(&run)?;
            if entries.is_empty() {
                eprintln!("glovebox: no run {run} in {}", db.display());
                return Ok(ExitCode::from(2));
            }
            println!("{}", serde_json::to_string_pretty(&entries)?);
            Ok(ExitCode::SUCCESS)
        }
        Command::Audit {
            command: AuditCommand::Verify,
        } => {
            let store = open_store(&db)?;
            let report = store.verify()?;
            match report.first_break {
                None => {
                    println!(
                        "audit log intact: {} entries, chain verified",
                        report.entries
                    );
                    Ok(ExitCode::SUCCESS)
                }
                Some(b) => {
                    println!("audit log BROKEN at entry {}: {}", b.seq, b.reason);
                    Ok(ExitCode::from(4))
                }
            }
        }
        Command::Bench {
            runs,
            csv_mb,
            python_path,
        } => {
            bench::run(runs, csv_mb, python_path)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Key { command } => key_command(command),
        Command::Models { provider, model } => {
            let settings = model.settings(&provider)?;
            let key = keys::api_key(&provider)?;
            let generator = ModelGenerator::new(settings, key)?;
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            for id in runtime.block_on(generator.list_models())? {
                println!("{id}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Doctor => {
            let status = std::process::Command::new(glovebox_sandbox::client::default_helper())
                .arg("doctor")
                .status()
                .context("cannot run the sandbox helper")?;
            Ok(if status.success() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(4)
            })
        }
    }
}

/// `glovebox run --show-prompt`: the exact request body on stdout, where it
/// would go on stderr; nothing is sent and nothing runs.
#[allow(clippy::print_stdout)]
fn show_request(
    files: &[PathBuf],
    goal: &str,
    limits: &Limits,
    provider: &str,
    settings: Option<ModelSettings>,
) -> Result<ExitCode> {
    let Some(out) = preview_prompt(files, goal, settings.as_ref(), limits)? else {
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

#[allow(clippy::print_stdout)]
fn key_command(command: KeyCommand) -> Result<ExitCode> {
    let check = |p: &str| -> Result<()> {
        if matches!(p, "openai" | "anthropic") {
            Ok(())
        } else {
            anyhow::bail!("unknown provider \"{p}\" (keys are for openai or anthropic)")
        }
    };
    let store = keys::OsKeyring::detect()?;
    match command {
        KeyCommand::ExportPublic => {
            let signer = glovebox_engine::report::sign::Signer::from_keyring()?;
            println!("ed25519:{}", signer.public_hex());
            println!("fingerprint {}", signer.fingerprint());
        }
        KeyCommand::DeleteSigning => {
            if store.delete(glovebox_engine::report::sign::SIGNING_KEY_ENTRY)? {
                eprintln!("glovebox: the report signing key was removed");
            } else {
                eprintln!("glovebox: no report signing key was stored");
            }
        }
        KeyCommand::Set { provider } => {
            check(&provider)?;
            let key = keys::read_key(&format!("API key for {provider} (not shown): "))?;
            store.set(&provider, &key)?;
            eprintln!(
                "glovebox: the {provider} key is stored in the {} keyring",
                store.backend().name()
            );
        }
        KeyCommand::Delete { provider } => {
            check(&provider)?;
            if store.delete(&provider)? {
                eprintln!("glovebox: the {provider} key was removed");
            } else {
                eprintln!("glovebox: no {provider} key was stored");
            }
        }
        KeyCommand::Status { provider } => {
            check(&provider)?;
            let stored = store.get(&provider)?.is_some();
            let overridden = std::env::var_os(keys::API_KEY_ENV).is_some_and(|v| !v.is_empty());
            println!(
                "keyring: {}\n{provider} key: {}{}",
                store.backend().name(),
                if stored { "stored" } else { "not stored" },
                if overridden {
                    format!(" ({} is set and takes precedence)", keys::API_KEY_ENV)
                } else {
                    String::new()
                }
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes `report.json`, `main.py`, `chart-N.svg` and `chart-N.png` into `dir`
/// (files the code wrote are already in `dir/files`).
fn write_out(dir: &std::path::Path, report: &RunReport) -> Result<()> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join("report.json"), serde_json::to_vec_pretty(report)?)?;
    std::fs::write(dir.join("main.py"), &report.code)?;
    for (i, chart) in report.drawn_charts.iter().enumerate() {
        std::fs::write(dir.join(format!("chart-{}.svg", i + 1)), &chart.svg)?;
        std::fs::write(dir.join(format!("chart-{}.png", i + 1)), &chart.png)?;
    }
    Ok(())
}

/// The limits a run was recorded with.
fn store_limits(db: &std::path::Path, run: &str) -> Option<serde_json::Value> {
    let store = open_store(db).ok()?;
    let entries = store.run_entries(run).ok()?;
    entries
        .into_iter()
        .find(|e| e.kind == "run_started")
        .map(|e| e.body["limits"].clone())
}

fn exit_code(report: &RunReport) -> u8 {
    match report.status {
        Status::Answered => 0,
        Status::Blocked => 3,
        Status::Stopped if report.stop_kind.is_some_and(StopKind::is_usage) => 2,
        Status::Stopped => 4,
    }
}

#[allow(clippy::print_stdout)]
fn print_report(r: &RunReport) {
    match r.status {
        Status::Answered => {
            println!("Answer: {}", r.answer.text);
            for t in r
                .tables
                .iter()
                .filter(|t| !INTERNAL_TABLES.contains(&t.name.as_str()))
            {
                println!("\nTable {} ({} rows)", t.name, t.total_rows);
                println!("  {}", t.columns.join(" | "));
                for row in t.rows.iter().take(10) {
                    let cells: Vec<String> = row
                        .iter()
                        .map(|c| serde_json::to_string(c).unwrap_or_default())
                        .collect();
                    println!("  {}", cells.join(" | "));
                }
            }
            if !r.explanation.is_empty() {
                println!("\n{}", r.explanation);
            }
            for c in &r.drawn_charts {
                println!("\nChart ({}): {}", c.kind, c.title);
            }
            for p in &r.chart_problems {
                println!("chart not drawn: {p}");
            }
            if !r.output_files.is_empty() {
                println!("\nFiles written by the code: {}", r.output_files.join(", "));
            }
        }
        Status::Blocked => println!("Blocked: {}", r.stop_reason.as_deref().unwrap_or("")),
        Status::Stopped => println!("Stopped: {}", r.stop_reason.as_deref().unwrap_or("")),
    }
    if !r.policy.findings.is_empty() {
        println!("\nPolicy findings:");
        for finding in &r.policy.findings {
            println!("  line {}: {}", finding.line, finding.message);
        }
    }
    for a in &r.sandbox.network_attempts {
        println!("network attempt refused: {a}");
    }
    println!("\nrun {} — audit entry {}", r.run_id, r.audit.entry_hash);
}
