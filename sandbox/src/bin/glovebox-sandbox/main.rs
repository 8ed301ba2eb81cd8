//! `glovebox-sandbox`: the sandbox helper and its tools.
//!
//! - `helper`: internal; speaks the JSON-lines protocol with the library.
//! - `run FILE.py [--input CSV]... [--userns] [--json] [--run-dir DIR]
//!   [--memory-mb N] [--pids N] [--cpu-ms N] [--wall-ms N]`: runs a Python
//!   file in the sandbox and prints its outcome (limits default to
//!   `Limits::default()`; `--cpu-ms` is the CPU-time limit, `--wall-ms` the
//!   wall-clock backstop, by default derived from it).
//! - `doctor`: says whether and how this machine can sandbox.
//! - `sweep [--run-dir DIR]`: removes leftovers of killed helpers.
//! - `bench [--runs N] [--csv-runs N] [--csv-mb N]`: sandbox overhead.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use glovebox_sandbox::mode::MachineFacts;
use glovebox_sandbox::protocol::RunDirs;
use glovebox_sandbox::{client, image, sweep, Job, Outcome, Sandbox};

mod bench;

const USAGE: &str = "usage: glovebox-sandbox <run FILE.py [--input FILE]... [--userns] [--json] [--run-dir DIR] [--memory-mb N] [--pids N] [--cpu-ms N] [--wall-ms N] | doctor | sweep [--run-dir DIR] | bench [--runs N] [--csv-runs N] [--csv-mb N]>";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("helper") {
        // libcgroups warns about every v1 controller the machine lacks.
        init_tracing("warn,libcgroups=error");
        // Single-threaded on purpose: no runtime, no threads (libcontainer forks).
        return ExitCode::from(glovebox_sandbox::helper::main() as u8);
    }
    init_tracing("warn,libcgroups=error");
    match dispatch(&args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Standard error that never fails: a caller that went away must not turn a
/// log line into a panic (the helper still has a container to remove).
struct QuietStderr;

impl std::io::Write for QuietStderr {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let _ = std::io::stderr().write_all(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn init_tracing(default: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(|| QuietStderr)
        .with_ansi(false)
        .try_init();
}

/// Parsed options shared by the subcommands.
#[derive(Debug, Default)]
struct Options {
    positional: Vec<String>,
    inputs: Vec<PathBuf>,
    userns: bool,
    json: bool,
    run_dir: Option<PathBuf>,
    numbers: std::collections::HashMap<String, u64>,
}

fn parse(args: &[String]) -> Result<Options> {
    let mut o = Options::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--input" => o
                .inputs
                .push(it.next().context("--input needs a file")?.into()),
            "--userns" => o.userns = true,
            "--json" => o.json = true,
            "--run-dir" => o.run_dir = Some(it.next().context("--run-dir needs a folder")?.into()),
            "--runs" | "--csv-runs" | "--csv-mb" | "--memory-mb" | "--pids" | "--cpu-ms"
            | "--wall-ms" => {
                let v = it.next().with_context(|| format!("{a} needs a number"))?;
                o.numbers.insert(
                    a.trim_start_matches('-').to_owned(),
                    v.parse().with_context(|| format!("{a}: not a number"))?,
                );
            }
            s if s.starts_with("--") => bail!("unknown option {s}\n{USAGE}"),
            s => o.positional.push(s.to_owned()),
        }
    }
    Ok(o)
}

fn dispatch(args: &[String]) -> Result<ExitCode> {
    let Some(command) = args.first() else {
        bail!("{USAGE}")
    };
    let opts = parse(&args[1..])?;
    match command.as_str() {
        "run" => run(opts),
        "doctor" => Ok(doctor()),
        "sweep" => {
            let dirs = RunDirs::under(opts.run_dir.unwrap_or_else(client::default_run_dir));
            let report = sweep::sweep(&dirs);
            eprintln!("removed {} leftover container(s)", report.removed.len());
            for p in &report.problems {
                eprintln!("problem: {p}");
            }
            Ok(if report.problems.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        "bench" => bench::run(&opts.numbers),
        other => bail!("unknown command {other}\n{USAGE}"),
    }
}

fn sandbox(opts: &Options) -> Result<Sandbox> {
    let mut builder = Sandbox::builder().with_user_namespace(opts.userns);
    if let Some(dir) = &opts.run_dir {
        builder = builder.with_run_dir(dir);
    }
    Ok(builder.build()?)
}

fn run(opts: Options) -> Result<ExitCode> {
    let [file] = opts.positional.as_slice() else {
        bail!("run needs exactly one Python file\n{USAGE}")
    };
    let code = std::fs::read_to_string(file).with_context(|| format!("cannot read {file}"))?;
    let mut job = Job::builder(code);
    for input in &opts.inputs {
        job = job.with_input(input)?;
    }
    let mut limits = glovebox_sandbox::Limits::builder();
    if let Some(mb) = opts.numbers.get("memory-mb") {
        limits = limits.with_memory_bytes(mb * 1024 * 1024)?;
    }
    if let Some(pids) = opts.numbers.get("pids") {
        limits = limits.with_pids(u32::try_from(*pids).context("--pids: too large")?)?;
    }
    if let Some(ms) = opts.numbers.get("cpu-ms") {
        limits = limits.with_cpu_time(std::time::Duration::from_millis(*ms))?;
    }
    if let Some(ms) = opts.numbers.get("wall-ms") {
        limits = limits.with_wall_time(std::time::Duration::from_millis(*ms))?;
    }
    let job = job.with_limits(limits.build()).build()?;
    let sandbox = sandbox(&opts)?;
    let outputs = tempfile_dir()?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let outcome = runtime.block_on(async {
        let prepared = sandbox.prepare(&job.setup, Some(&outputs)).await?;
        eprintln!(
            "container {} ready in {} ms",
            prepared.container_id(),
            prepared.create_ms()
        );
        prepared.start(&job.code).await?.finish().await
    })?;
    if opts.json {
        #[allow(clippy::print_stdout)]
        {
            println!("{}", serde_json::to_string_pretty(&outcome)?);
        }
    } else {
        print_outcome(&outcome, &outputs);
    }
    Ok(if outcome.succeeded() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(4)
    })
}

fn tempfile_dir() -> Result<PathBuf> {
    let dir = std::env::temp_dir().join(format!("glovebox-outputs-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

#[allow(clippy::print_stdout)]
fn print_outcome(o: &Outcome, outputs: &std::path::Path) {
    let status = match (o.exit_code, o.signal) {
        (Some(c), _) => format!("exited with code {c}"),
        (None, Some(s)) => format!("killed by signal {s}"),
        _ => "ended".into(),
    };
    let mut hits = Vec::new();
    if o.cpu_limit_hit {
        hits.push(" (CPU-time limit reached)");
    }
    if o.timed_out {
        hits.push(" (wall-clock backstop reached)");
    }
    if o.oom_killed {
        hits.push(" (memory limit reached)");
    }
    if o.pids_limit_hit {
        hits.push(" (process limit reached)");
    }
    println!("job {status}{}", hits.concat());
    println!("sandbox: {} — image {}", o.mode.describe(), o.image_digest);
    println!(
        "usage: cpu {} ms of {} ms, wall {} ms of {} ms, peak memory {:.1} MiB, container created in {} ms",
        o.usage.cpu_ms,
        o.usage.cpu_limit_ms,
        o.usage.wall_ms,
        o.usage.wall_limit_ms,
        o.usage.peak_memory_bytes as f64 / 1048576.0,
        o.usage.create_ms
    );
    if !o.stdout.is_empty() {
        println!(
            "--- stdout{} ---\n{}",
            if o.stdout_truncated {
                " (truncated)"
            } else {
                ""
            },
            o.stdout.trim_end()
        );
    }
    if !o.stderr.is_empty() {
        println!(
            "--- stderr{} ---\n{}",
            if o.stderr_truncated {
                " (truncated)"
            } else {
                ""
            },
            o.stderr.trim_end()
        );
    }
    for a in &o.network_attempts {
        println!(
            "network attempt denied: {} {} at {} ms",
            a.family, a.socket_type, a.at_ms
        );
    }
    for f in &o.output_files {
        println!(
            "output file: {} ({} bytes) -> {}",
            f.name,
            f.size_bytes,
            outputs.join(&f.name).display()
        );
    }
}

#[allow(clippy::print_stdout)]
fn doctor() -> ExitCode {
    let facts = MachineFacts::probe();
    println!("glovebox sandbox doctor");
    println!("  running as uid {}", facts.euid);
    println!(
        "  cgroup layout: {:?}, systemd: {}",
        facts.cgroup_layout,
        if facts.systemd_running { "yes" } else { "no" }
    );
    println!(
        "  user namespaces: {}, seccomp user notification: {}",
        if facts.user_namespaces {
            "available"
        } else {
            "unavailable"
        },
        if facts.seccomp_notify {
            "available"
        } else {
            "unavailable"
        }
    );
    if facts.euid != 0 {
        println!(
            "  user manager: {}, user D-Bus: {}, delegated controllers: {}",
            if facts.user_manager {
                "running"
            } else {
                "not running"
            },
            if facts.user_bus { "yes" } else { "no" },
            if facts.delegated_controllers.is_empty() {
                "none".to_owned()
            } else {
                facts.delegated_controllers.join(" ")
            }
        );
        match facts.sub_ids {
            Some((uids, gids)) => println!(
                "  subordinate ids: uids {}+{}, gids {}+{} (the job runs as one of them)",
                uids.start, uids.count, gids.start, gids.count
            ),
            None => println!(
                "  subordinate ids: none usable (newuidmap or /etc/subuid missing); the job runs as your uid inside its namespaces"
            ),
        }
    }
    let mut ok = true;
    match facts.decide(false) {
        Ok(mode) => {
            println!("  mode: {}", mode.label());
            println!("  ({})", mode.describe());
        }
        Err(e) => {
            ok = false;
            println!("  cannot sandbox here: {}", e.reason());
            if let Some(fix) = e.fix() {
                println!("  fix: {fix}");
            }
        }
    }
    if facts.euid == 0 {
        match facts.decide(true) {
            Ok(mode) => println!("  also available: {}", mode.describe()),
            Err(e) => println!("  user namespaces for jobs: not available ({e})"),
        }
    }
    match image::locate() {
        Ok(img) => println!("  image: {} ({})", img.rootfs.display(), img.digest),
        Err(e) => {
            ok = false;
            println!("  image: {e}");
        }
    }
    if ok {
        println!("ready: code will run only inside the sandbox");
        ExitCode::SUCCESS
    } else {
        println!("not ready: Glovebox will refuse to run code on this machine until this is fixed");
        ExitCode::FAILURE
    }
}
