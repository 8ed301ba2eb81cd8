//! `glovebox bench`: what answering a goal offline costs, end to end.
//!
//! A 10 MB sales CSV is generated; the goal "total revenue per region" goes
//! through the whole pipeline (describe the file, plan and write the code,
//! policy check, sandbox, validation, explanation, charts, audit log) and,
//! interleaved, the same generated script runs on bare host Python with the
//! same pandas wheels the image carries. Medians and the ratio are printed;
//! the last line is `offline answer ratio: X` (target <= 1.5).
//!
//! The host runs only the offline recipe's code for this fixed goal, after
//! the policy allowed it: never code from a model or a person.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use glovebox_engine::generator::{GenerationRequest, OfflineGenerator};
use glovebox_engine::inputs;
use glovebox_engine::lang::Lang;
use glovebox_engine::pipeline::{Engine, RunRequest, Status};
use glovebox_engine::policy::{self, Profile, Verdict};
use glovebox_sandbox::{Limits, Sandbox};

/// The goal measured.
pub const BENCH_GOAL: &str = "total revenue per region";
/// Size of the generated CSV.
pub const DEFAULT_CSV_MB: u64 = 10;
/// Timed runs of each side.
pub const DEFAULT_RUNS: usize = 10;

/// Writes a deterministic sales CSV of about `mb` megabytes.
fn write_csv(path: &Path, mb: u64) -> Result<()> {
    use std::io::Write;
    let regions = ["North", "South", "East", "West", "Centre"];
    let products = ["Notebook", "Pen", "Stapler", "Folder", "Desk lamp", "Chair"];
    let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
    writeln!(out, "date,region,product,units,unit_price,revenue")?;
    let mut written = 0u64;
    let mut state = 0x2545_f491_u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut row = 0u64;
    while written < mb * 1_000_000 {
        let day = 1 + (row / 2000) % 28;
        let month = 1 + (row / 56_000) % 12;
        let units = 1 + next() % 40;
        let price_cents = 50 + next() % 5000;
        let line = format!(
            "2026-{month:02}-{day:02},{},{},{units},{}.{:02},{:.2}\n",
            regions[(next() % 5) as usize],
            products[(next() % 6) as usize],
            price_cents / 100,
            price_cents % 100,
            units as f64 * price_cents as f64 / 100.0
        );
        written += line.len() as u64;
        out.write_all(line.as_bytes())?;
        row += 1;
    }
    out.flush()?;
    Ok(())
}

/// A scratch folder removed when the bench ends.
struct BenchDir(PathBuf);

impl BenchDir {
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for BenchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn median(samples: &mut [Duration]) -> f64 {
    samples.sort();
    samples[samples.len() / 2].as_secs_f64() * 1000.0
}

/// Runs the benchmark. `python_path` holds pandas for the host side (the
/// Makefile's `bench` target installs the image's pinned wheels there).
#[allow(clippy::print_stdout)]
pub fn run(runs: usize, mb: u64, python_path: Option<PathBuf>) -> Result<()> {
    let Some(python_path) = python_path else {
        bail!("the host side needs pandas: run `make bench`, which installs the image's pinned wheels for the host and passes --python-path");
    };
    let runs = runs.max(3);
    // A new folder only this user can enter: the host runs Python from it.
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let path =
        std::env::temp_dir().join(format!("glovebox-bench-{}-{nanos:09}", std::process::id()));
    {
        use std::os::unix::fs::DirBuilderExt;
        std::fs::DirBuilder::new()
            .mode(0o700)
            .create(&path)
            .with_context(|| format!("cannot create {}", path.display()))?;
    }
    let dir = BenchDir(path);
    let csv = dir.path().join("sales.csv");
    write_csv(&csv, mb)?;
    let size = std::fs::metadata(&csv)?.len();
    println!(
        "glovebox bench: goal {BENCH_GOAL:?} on a {:.1} MB CSV, {runs} interleaved runs",
        size as f64 / 1e6
    );

    // The script the host runs: the offline recipe for the goal, reading the host copy.
    let description = inputs::describe(&csv, u64::MAX)?;
    let lang = Lang::detect(BENCH_GOAL);
    let generated = OfflineGenerator.generate(&GenerationRequest {
        goal: BENCH_GOAL,
        lang,
        inputs: std::slice::from_ref(&description),
        limits: &Limits::default(),
        follows: &[],
    })?;
    let verdict = policy::check(&generated.code, lang, &Profile::builtin()).verdict;
    if verdict != Verdict::Allow {
        bail!("the policy did not allow the bench script ({verdict:?}); nothing runs on the host");
    }
    let host_script = dir.path().join("main.py");
    let host_dir = format!("{}/", dir.path().display());
    std::fs::write(
        &host_script,
        generated
            .code
            .replace("\"/input/", &format!("\"{host_dir}")),
    )?;
    let support_dir = glovebox_engine::support::install(dir.path()).context("support files")?;
    let host_python = Path::new("/usr/bin/python3");
    let host = || -> Result<Duration> {
        let started = Instant::now();
        let status = std::process::Command::new(host_python)
            .arg("-B")
            .arg(&host_script)
            .env(
                "PYTHONPATH",
                format!("{}:{}", python_path.display(), support_dir.display()),
            )
            .stdout(std::process::Stdio::null())
            .status()?;
        if !status.success() {
            bail!("the host script failed ({status})");
        }
        Ok(started.elapsed())
    };

    let sandbox = Sandbox::builder()
        .build()
        .context("the sandbox is not ready")?;
    let mut engine = Engine::open(
        &dir.path().join("audit.sqlite3"),
        sandbox,
        Limits::default(),
    )?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let mut pipeline = || -> Result<Duration> {
        let started = Instant::now();
        let report =
            runtime.block_on(engine.run(RunRequest::new(vec![csv.clone()], BENCH_GOAL), |_| {}))?;
        if report.status != Status::Answered {
            bail!("the bench goal was not answered: {:?}", report.stop_reason);
        }
        Ok(started.elapsed())
    };

    // One warm-up of each (page cache, image files, pycs).
    host()?;
    pipeline()?;
    let (mut host_times, mut pipeline_times) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        host_times.push(host()?);
        pipeline_times.push(pipeline()?);
    }
    let (h, p) = (median(&mut host_times), median(&mut pipeline_times));
    println!("host python (same script, same pandas): median {h:.0} ms");
    println!("glovebox offline goal -> checked answer:  median {p:.0} ms");
    println!("offline answer ratio: {:.2}", p / h);
    Ok(())
}
