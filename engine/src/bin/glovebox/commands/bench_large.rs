//! `glovebox bench --large` (`make bench-large`): a 1 GB sales CSV
//! (generated once, cached under the Glovebox cache folder) asked "total
//! revenue per region".
//!
//! First the inspection of the file alone is timed (what a person waits for
//! when they add it). Then, interleaved, the goal goes through the whole
//! pipeline (describe, plan and write the code, policy check, sandbox,
//! validation) and host pandas does the same computation as a person
//! would write it (`pd.read_csv(path).groupby("region")["revenue"].sum()`,
//! the whole file read). Medians and each side's peak memory are printed,
//! the answers compared; the last two lines are `large answer ratio: X`
//! (Glovebox's time over host pandas', target <= 1.0) and `large peak
//! memory: Y MiB` (the sandbox's peak, target <= 2048).
//!
//! The host runs only the fixed script below, never generated code.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use glovebox_engine::inputs;
use glovebox_engine::pipeline::{Engine, RunRequest, Status};

use super::bench::{bench_engine, median, write_csv, BenchDir, BENCH_GOAL};

/// Size of the generated CSV, in MB.
pub const LARGE_CSV_MB: u64 = 1000;
/// Timed runs of each side.
pub const LARGE_RUNS: usize = 3;

/// What host pandas runs: the whole file read, the total per region, the
/// totals and the process's peak memory printed as JSON.
const HOST_SCRIPT: &str = r#"import json, resource, sys
import pandas as pd
data = pd.read_csv(sys.argv[1])
totals = data.groupby("region")["revenue"].sum()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"totals": {str(k): float(v) for k, v in totals.items()}, "peak": peak}))
"#;

/// The cache folder: `$GLOVEBOX_CACHE`, else `~/.cache/glovebox`.
pub(crate) fn cache_dir() -> Result<PathBuf> {
    if let Some(dir) = std::env::var_os("GLOVEBOX_CACHE") {
        return Ok(PathBuf::from(dir));
    }
    let home = std::env::var_os("HOME").context("HOME is not set")?;
    Ok(PathBuf::from(home).join(".cache/glovebox"))
}

/// The sales CSV of `mb` MB under the cache folder's `folder`, written
/// once (to a temporary name, then renamed) by [`write_csv`].
#[allow(clippy::print_stdout)]
pub(crate) fn cached_csv(folder: &str, mb: u64) -> Result<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let dir = cache_dir()?.join(folder);
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let path = dir.join(format!("sales-{mb}mb.csv"));
    if !path.exists() {
        println!("writing {} (once)…", path.display());
        let partial = dir.join(format!("sales-{mb}mb.csv.partial"));
        write_csv(&partial, mb)?;
        std::fs::rename(&partial, &path)?;
    }
    // The sandboxed job, a user of its own, reads it.
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644))?;
    Ok(path)
}

/// A host pandas run: its time, totals and peak memory.
struct HostRun {
    time: Duration,
    totals: serde_json::Map<String, serde_json::Value>,
    peak: u64,
}

fn run_host(script: &Path, csv: &Path, python_path: &Path) -> Result<HostRun> {
    let started = Instant::now();
    let out = std::process::Command::new("/usr/bin/python3")
        .arg("-B")
        .arg(script)
        .arg(csv)
        .env("PYTHONPATH", python_path)
        .output()?;
    let time = started.elapsed();
    if !out.status.success() {
        bail!(
            "host pandas failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let v: serde_json::Value = serde_json::from_slice(&out.stdout)?;
    Ok(HostRun {
        time,
        totals: v["totals"].as_object().cloned().unwrap_or_default(),
        peak: v["peak"].as_u64().unwrap_or(0),
    })
}

/// A Glovebox run: its time, answer values and the sandbox's peak memory.
struct BoxRun {
    time: Duration,
    values: serde_json::Value,
    peak: u64,
    /// The memory limit it ran under (chosen from the input, as `glovebox
    /// run` chooses it without `--memory-limit`).
    limit: u64,
}

fn run_glovebox(
    engine: &mut Engine,
    runtime: &tokio::runtime::Runtime,
    csv: &Path,
) -> Result<BoxRun> {
    let started = Instant::now();
    let report =
        runtime.block_on(engine.run(RunRequest::new(vec![csv.to_owned()], BENCH_GOAL), |_| {}))?;
    let time = started.elapsed();
    if report.status != Status::Answered {
        bail!("the large goal was not answered: {:?}", report.stop_reason);
    }
    Ok(BoxRun {
        time,
        values: serde_json::Value::Object(report.answer.values.clone()),
        peak: report.sandbox.peak_memory_bytes,
        limit: report.sandbox.memory_limit_bytes.unwrap_or_default(),
    })
}

/// Host totals and Glovebox's answers agree (`total revenue (North)`).
fn same_totals(host: &HostRun, glovebox: &BoxRun) -> Result<()> {
    for (region, want) in &host.totals {
        let want = want.as_f64().unwrap_or(f64::NAN);
        let got = glovebox
            .values
            .as_object()
            .and_then(|m| m.iter().find(|(k, _)| k.contains(&format!("({region})"))))
            .and_then(|(_, v)| v.as_f64());
        match got {
            Some(got) if (got - want).abs() <= 1e-6 * want.abs().max(1.0) => {}
            _ => bail!("{region}: Glovebox answered {got:?}, host pandas {want}"),
        }
    }
    Ok(())
}

const MIB: f64 = 1024.0 * 1024.0;

/// Runs the large benchmark; `python_path` holds pandas for the host side.
#[allow(clippy::print_stdout)]
pub fn run(python_path: Option<PathBuf>) -> Result<()> {
    let Some(python_path) = python_path else {
        bail!("the host side needs pandas: run `make bench-large`, which installs the image's pinned wheels for the host and passes --python-path");
    };
    let csv = cached_csv("bench-large", LARGE_CSV_MB)?;
    let size = std::fs::metadata(&csv)?.len();
    let work = BenchDir::create()?;
    let script = work.path().join("host.py");
    std::fs::write(&script, HOST_SCRIPT)?;

    let mut inspections = Vec::new();
    let mut rows = 0;
    for _ in 0..LARGE_RUNS {
        let started = Instant::now();
        rows = inputs::describe(&csv, inputs::DEFAULT_MAX_INPUT_BYTES)?.row_count;
        inspections.push(started.elapsed());
    }
    println!(
        "glovebox bench --large: goal {BENCH_GOAL:?} on a {:.0} MB CSV ({rows} rows), {LARGE_RUNS} interleaved runs each",
        size as f64 / 1e6
    );
    println!(
        "inspection of the {:.0} MB file (encoding, types, rows, sha256): median {:.2} s",
        size as f64 / 1e6,
        median(&mut inspections) / 1000.0
    );

    let (mut engine, runtime) = bench_engine(&work.path().join("audit.sqlite3"))?;
    let (mut host_times, mut box_times) = (Vec::new(), Vec::new());
    let (mut host_peak, mut box_peak, mut box_limit) = (0u64, 0u64, 0u64);
    for _ in 0..LARGE_RUNS {
        let host = run_host(&script, &csv, &python_path)?;
        let glovebox = run_glovebox(&mut engine, &runtime, &csv)?;
        same_totals(&host, &glovebox)?;
        host_times.push(host.time);
        box_times.push(glovebox.time);
        host_peak = host_peak.max(host.peak);
        box_peak = box_peak.max(glovebox.peak);
        box_limit = glovebox.limit;
    }
    let (h, g) = (median(&mut host_times), median(&mut box_times));
    println!(
        "host pandas (whole file read, then grouped): median {:.1} s, peak memory {:.0} MiB",
        h / 1000.0,
        host_peak as f64 / MIB
    );
    println!(
        "glovebox (inspect, write, check, sandbox, validate): median {:.1} s, peak memory {:.0} MiB (limit {:.0} MiB, chosen from the input size)",
        g / 1000.0,
        box_peak as f64 / MIB,
        box_limit as f64 / MIB
    );
    println!("large answer ratio: {:.2}", g / h);
    println!("large peak memory: {:.0} MiB", box_peak as f64 / MIB);
    Ok(())
}
