//! `glovebox bench`: what answering a goal offline costs, end to end.
//!
//! A 10 MB sales CSV is generated, with a small file of the regions'
//! managers. Two goals go through the whole pipeline (describe the files,
//! plan and write the code, policy check, sandbox, validation, explanation,
//! charts, audit log): "total revenue per region" (one step) and "total
//! revenue per manager" (two steps: the files joined on region, then the
//! total per group). Interleaved, the same generated scripts run on bare
//! host Python with the same pandas wheels the image carries. Medians and
//! each goal's ratio are printed; the last line is `offline answer ratio: X`,
//! the worse of the two (target <= 1.2). The inspection of the CSV alone
//! is timed first.
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

/// The one-step goal measured.
pub const BENCH_GOAL: &str = "total revenue per region";
/// The two-step goal measured (a join, then a total per group).
pub const BENCH_TWO_STEP_GOAL: &str = "total revenue per manager";
/// Size of the generated CSV.
pub const DEFAULT_CSV_MB: u64 = 10;
/// Timed runs of each side.
pub const DEFAULT_RUNS: usize = 10;

/// The sandbox, an engine with the default limits over a fresh audit log
/// at `audit`, and the runtime the benches run it on.
pub(crate) fn bench_engine(audit: &Path) -> Result<(Engine, tokio::runtime::Runtime)> {
    let sandbox = Sandbox::builder()
        .build()
        .context("the sandbox is not ready")?;
    // The memory limit follows the input, as `glovebox run` chooses it.
    let engine = Engine::open(audit, sandbox, Limits::default())?.with_memory_estimated();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    Ok((engine, runtime))
}

/// Writes a deterministic sales CSV of about `mb` megabytes.
pub(crate) fn write_csv(path: &Path, mb: u64) -> Result<()> {
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

/// The regions' managers: the file the two-step goal joins on region.
fn write_managers(path: &Path) -> Result<()> {
    std::fs::write(
        path,
        "region,manager\nNorth,Ada\nSouth,Grace\nEast,Alan\nWest,Ada\nCentre,Edsger\n",
    )?;
    Ok(())
}

/// A scratch folder removed when the bench ends.
pub(crate) struct BenchDir(PathBuf);

impl BenchDir {
    /// A new folder only this user can enter: the host runs Python from it.
    pub(crate) fn create() -> Result<Self> {
        use std::os::unix::fs::DirBuilderExt;
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let path =
            std::env::temp_dir().join(format!("glovebox-bench-{}-{nanos:09}", std::process::id()));
        std::fs::DirBuilder::new()
            .mode(0o700)
            .create(&path)
            .with_context(|| format!("cannot create {}", path.display()))?;
        Ok(Self(path))
    }

    pub(crate) fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for BenchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub(crate) fn median(samples: &mut [Duration]) -> f64 {
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
    let dir = BenchDir::create()?;
    let csv = dir.path().join("sales.csv");
    write_csv(&csv, mb)?;
    let size = std::fs::metadata(&csv)?.len();
    println!(
        "glovebox bench: goals {BENCH_GOAL:?} and {BENCH_TWO_STEP_GOAL:?} on a {:.1} MB CSV, {runs} interleaved runs each",
        size as f64 / 1e6
    );

    let mut inspections = Vec::new();
    for _ in 0..runs {
        let started = Instant::now();
        inputs::describe(&csv, inputs::DEFAULT_MAX_INPUT_BYTES)?;
        inspections.push(started.elapsed());
    }
    println!(
        "inspection of the {:.0} MB file (encoding, types, rows, sha256): median {:.0} ms",
        size as f64 / 1e6,
        median(&mut inspections)
    );

    let managers = dir.path().join("managers.csv");
    write_managers(&managers)?;
    let support_dir = glovebox_engine::support::install(dir.path()).context("support files")?;
    let (mut engine, runtime) = bench_engine(&dir.path().join("audit.sqlite3"))?;
    let goals = [
        (BENCH_GOAL, vec![csv.clone()]),
        (BENCH_TWO_STEP_GOAL, vec![csv.clone(), managers]),
    ];
    let mut worst: f64 = 0.0;
    for (goal, files) in goals {
        let script = host_script(dir.path(), goal, &files)?;
        let host = || run_host(&script, &python_path, &support_dir);
        let mut pipeline = || -> Result<Duration> {
            let started = Instant::now();
            let report =
                runtime.block_on(engine.run(RunRequest::new(files.clone(), goal), |_| {}))?;
            if report.status != Status::Answered {
                bail!(
                    "the bench goal {goal:?} was not answered: {:?}",
                    report.stop_reason
                );
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
        println!("{goal:?}: host python (same script, same pandas): median {h:.0} ms");
        println!(
            "{goal:?}: glovebox offline goal -> checked answer: median {p:.0} ms (ratio {:.2})",
            p / h
        );
        worst = worst.max(p / h);
    }
    println!("offline answer ratio: {worst:.2}");
    Ok(())
}

/// The script the host runs for `goal`: the offline recipe's code, allowed
/// by the policy, reading the host copies of `files`.
fn host_script(dir: &Path, goal: &str, files: &[PathBuf]) -> Result<PathBuf> {
    let descriptions = files
        .iter()
        .map(|f| inputs::describe(f, u64::MAX))
        .collect::<Result<Vec<_>, _>>()?;
    let lang = Lang::detect(goal);
    let generated = OfflineGenerator.generate(&GenerationRequest {
        goal,
        lang,
        inputs: &descriptions,
        limits: &Limits::default(),
        follows: &[],
    })?;
    let verdict = policy::check(&generated.code, lang, &Profile::builtin()).verdict;
    if verdict != Verdict::Allow {
        bail!("the policy did not allow the bench script ({verdict:?}); nothing runs on the host");
    }
    let script = dir.join(format!("main-{}.py", files.len()));
    let host_dir = format!("{}/", dir.display());
    std::fs::write(
        &script,
        generated
            .code
            .replace("\"/input/", &format!("\"{host_dir}")),
    )?;
    Ok(script)
}

/// One run of a host script, timed.
fn run_host(script: &Path, python_path: &Path, support_dir: &Path) -> Result<Duration> {
    let started = Instant::now();
    let status = std::process::Command::new("/usr/bin/python3")
        .arg("-B")
        .arg(script)
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
}
