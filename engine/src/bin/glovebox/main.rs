//! `glovebox`: ask a question about CSV files and get a checked answer; the
//! code that computes it runs only inside the sandbox.
//!
//! Exit codes: 0 answered, 3 blocked by policy, 4 stopped, 2 usage or input error.
//!
//! This file holds the command line (clap) and `dispatch`; each subcommand
//! runs in its own file under `commands/`.

use std::path::PathBuf;
use std::process::ExitCode;

mod commands;

use anyhow::Result;
use clap::{Parser, Subcommand};
use glovebox_engine::audit::default_db_path;
use glovebox_engine::provider::ModelSettings;

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
    Run(RunArgs),
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
        /// Where to write the report (by default in this folder, named after
        /// the question and the run's date, e.g. total-revenue-per-region-2026-12-04.html).
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
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
    /// List the models a provider offers, or (`--local`) the model servers on this computer.
    Models {
        /// openai or anthropic.
        #[arg(long, required_unless_present = "local")]
        provider: Option<String>,
        /// Look for Ollama, llama.cpp, LM Studio and vLLM on this computer's
        /// loopback addresses only, and list their models (nothing else is sent).
        #[arg(long, conflicts_with = "provider")]
        local: bool,
        #[command(flatten)]
        model: ModelArgs,
    },
    /// Measure a goal answered offline against bare host Python (`make bench`).
    Bench {
        /// Timed runs of each side (default 10; rounds with --app-steps, default 3).
        #[arg(long)]
        runs: Option<usize>,
        /// Size of the generated CSV in MB (default 10; 100 with --app-steps).
        #[arg(long)]
        csv_mb: Option<u64>,
        /// Folder with pandas for the host side.
        #[arg(long)]
        python_path: Option<PathBuf>,
        /// A 1 GB sales CSV instead (generated once, cached): its inspection
        /// time, then host pandas against Glovebox, peak memory of each
        /// (`make bench-large`).
        #[arg(long, conflicts_with_all = ["app_steps", "memory_estimates"])]
        large: bool,
        /// The app's drop → preview and question → answer on a 100 MB CSV
        /// (generated once, cached), with and without the kept descriptions
        /// (`make bench-app-steps`).
        #[arg(long, conflicts_with = "memory_estimates")]
        app_steps: bool,
        /// The memory estimate of workbooks and JSON files against the
        /// sandbox's measured peak (files written once in the sandbox,
        /// cached; `make bench-memory`).
        #[arg(long, conflicts_with_all = ["runs", "csv_mb"])]
        memory_estimates: bool,
    },
}

// The flags of `glovebox run`. No doc comment on purpose: clap would take it
// for the subcommand's description, which is the `Command::Run` variant's.
#[derive(clap::Args)]
struct RunArgs {
    /// The files: CSV, Excel (.xlsx, .xlsm, .xls), OpenDocument (.ods),
    /// Parquet, JSON, .csv.gz, a .zip of one CSV; a sheet after a `#`
    /// (book.xlsx#Sales). With --follow: the followed run's files when none
    /// is given.
    #[arg(required_unless_present = "follow")]
    files: Vec<PathBuf>,
    /// The sheet to read in each workbook given without `#Sheet`.
    #[arg(long, value_name = "NAME")]
    sheet: Option<String>,
    /// What you want to know, in plain words.
    #[arg(long)]
    goal: String,
    /// Refine the answer of this run ("same for 2023", "now per product"):
    /// its question is kept and changed as the goal says, on the same files.
    #[arg(long, value_name = "RUN")]
    follow: Option<String>,
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
    /// Stop the calculation once it has used this many seconds of
    /// processor time, all its processes together (default 60). Time spent
    /// waiting for a busy machine does not count.
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<u64>,
    /// Stop the calculation after this many seconds of elapsed time, however
    /// little processor time it used: a backstop for code that waits
    /// (default: 10 times the time limit, at least 300).
    #[arg(long, value_name = "SECONDS")]
    wall_limit: Option<u64>,
    /// Stop the calculation if it needs more memory than this, in MiB (default 1024).
    #[arg(long, value_name = "MIB")]
    memory_limit: Option<u64>,
    /// Write the answer (report.json), the charts (SVG and PNG), the code
    /// that ran and the files the code wrote into this folder.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
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
    /// Rows of each file the model may see (default 0: no row leaves this machine, only the
    /// column names, types, counts and a few distinct values of text columns; at most 10).
    #[arg(long, value_name = "N")]
    sample_rows: Option<usize>,
    /// Give up on a model request after this many seconds, retries
    /// included, until the model starts writing (default 60).
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
            eprintln!(
                "glovebox: {}",
                glovebox_engine::terminal::block(&format!("{e:#}"))
            );
            ExitCode::from(2)
        }
    }
}

fn db_path(cli_db: Option<PathBuf>) -> PathBuf {
    cli_db.unwrap_or_else(default_db_path)
}

/// Runs the parsed subcommand; its exit code, or an error printed by `main`
/// (exit code 2).
fn dispatch(cli: Cli) -> Result<ExitCode> {
    let db = db_path(cli.db);
    match cli.command {
        Command::Run(args) => commands::run::run(&db, args),
        Command::Rerun {
            run,
            files,
            require_same_image,
            yes,
            json,
        } => commands::rerun::run(&db, run, files, require_same_image, yes, json),
        Command::Verify { file, key } => commands::verify::run(file, key),
        Command::Export { run, format, out } => commands::export::run(&db, run, format, out),
        Command::History { limit } => commands::history::run(&db, limit),
        Command::Show { run } => commands::show::run(&db, run),
        Command::Audit { command } => commands::audit::run(&db, command),
        Command::Bench {
            python_path,
            large: true,
            ..
        } => commands::bench_large::run(python_path).map(|()| ExitCode::SUCCESS),
        Command::Bench {
            runs,
            csv_mb,
            app_steps: true,
            ..
        } => commands::bench_app_steps::run(
            runs.unwrap_or(commands::bench_app_steps::APP_STEPS_RUNS),
            csv_mb.unwrap_or(commands::bench_app_steps::APP_STEPS_CSV_MB),
        )
        .map(|()| ExitCode::SUCCESS),
        Command::Bench {
            memory_estimates: true,
            ..
        } => commands::bench_memory::run().map(|()| ExitCode::SUCCESS),
        Command::Bench {
            runs,
            csv_mb,
            python_path,
            ..
        } => commands::bench::run(
            runs.unwrap_or(commands::bench::DEFAULT_RUNS),
            csv_mb.unwrap_or(commands::bench::DEFAULT_CSV_MB),
            python_path,
        )
        .map(|()| ExitCode::SUCCESS),
        Command::Key { command } => commands::key::run(command),
        Command::Models {
            provider,
            local,
            model,
        } => commands::models::run(provider, local, model),
        Command::Doctor => commands::doctor::run(),
    }
}
