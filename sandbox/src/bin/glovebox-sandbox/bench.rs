//! `glovebox-sandbox bench`: what the sandbox costs.
//!
//! In one process, interleaved: bare host `python3 -I -c pass` against the
//! same program in a prepared sandbox (container created before the job
//! arrives, so only `start` is on the critical path), then a column sum of a
//! generated CSV on the host against the same code in the sandbox. Prints
//! medians, p95 and ratios; the last line is `sandbox overhead ratio: X`
//! (sandboxed/bare medians for `pass`).

use std::collections::HashMap;
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use glovebox_sandbox::{JobSetup, Sandbox};

const SUM_CODE: &str = r#"import csv
total = 0.0
with open(PATH, newline='') as f:
    rows = csv.reader(f)
    next(rows)
    for row in rows:
        total += float(row[1])
print(total)
"#;

fn stats(samples: &mut [Duration]) -> (f64, f64) {
    samples.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let median = ms(samples[samples.len() / 2]);
    let p95 = ms(samples[((samples.len() as f64 * 0.95).ceil() as usize)
        .saturating_sub(1)
        .min(samples.len() - 1)]);
    (median, p95)
}

/// The host interpreter: the distribution's `/usr/bin/python3` when present (on
/// Debian 12 the same CPython build as the image's), else the real binary
/// behind `python3` (not a launcher script such as a pyenv shim, which alone
/// costs ~150 ms).
fn host_python() -> Result<std::path::PathBuf> {
    let system = std::path::Path::new("/usr/bin/python3");
    if system.exists() {
        return Ok(system.to_owned());
    }
    let out = std::process::Command::new("python3")
        .args(["-I", "-c", "import sys; print(sys.executable)"])
        .output()
        .context("cannot run the host's python3")?;
    let path = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    if path.is_empty() {
        bail!("the host's python3 did not say where it lives");
    }
    Ok(path.into())
}

fn bare(python: &std::path::Path, args: &[&str]) -> Result<Duration> {
    let started = Instant::now();
    let status = std::process::Command::new(python)
        .args(args)
        .stdout(std::process::Stdio::null())
        .status()
        .context("cannot run the host's python3")?;
    if !status.success() {
        bail!("host python3 failed: {status}");
    }
    Ok(started.elapsed())
}

/// Time from handing over the code to the outcome (container prepared before),
/// and the whole one-shot time (create, start, run, remove).
async fn sandboxed(
    sandbox: &Sandbox,
    setup: &JobSetup,
    code: &str,
) -> Result<(Duration, Duration)> {
    let started = Instant::now();
    let prepared = sandbox.prepare(setup, None).await?;
    let mut running = prepared.start(code).await?;
    let (outcome, took) = running.outcome().await?;
    running.finish().await?;
    if !outcome.succeeded() {
        bail!("sandboxed job failed: {}", outcome.stderr);
    }
    Ok((took, started.elapsed()))
}

fn write_csv(path: &std::path::Path, megabytes: u64) -> Result<()> {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
    writeln!(out, "id,value,region")?;
    let target = megabytes * 1024 * 1024;
    let (mut written, mut i) = (0u64, 0u64);
    while written < target {
        let line = format!("{i},{}.{:02},region-{}\n", i % 997, i % 100, i % 13);
        written += line.len() as u64;
        out.write_all(line.as_bytes())?;
        i += 1;
    }
    out.flush()?;
    Ok(())
}

#[allow(clippy::print_stdout)]
pub fn run(numbers: &HashMap<String, u64>) -> Result<ExitCode> {
    let runs = *numbers.get("runs").unwrap_or(&50) as usize;
    let csv_runs = *numbers.get("csv-runs").unwrap_or(&5) as usize;
    let csv_mb = *numbers.get("csv-mb").unwrap_or(&100);
    if runs == 0 || csv_runs == 0 {
        bail!("--runs and --csv-runs must be at least 1");
    }
    let sandbox = Sandbox::builder().build()?;
    let python = host_python()?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    println!("glovebox sandbox bench: {runs} runs of `pass`, {csv_runs} runs of a {csv_mb} MB CSV sum, interleaved");
    println!("host interpreter: {}", python.display());

    // Warm both paths once (page cache, image files).
    bare(&python, &["-I", "-c", "pass"])?;
    rt.block_on(sandboxed(&sandbox, &JobSetup::default(), "pass"))?;
    let (mut host, mut boxed, mut one_shot) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..runs {
        host.push(bare(&python, &["-I", "-c", "pass"])?);
        let (prepared, whole) = rt.block_on(sandboxed(&sandbox, &JobSetup::default(), "pass"))?;
        boxed.push(prepared);
        one_shot.push(whole);
    }
    let (host_med, host_p95) = stats(&mut host);
    let (box_med, box_p95) = stats(&mut boxed);
    let (one_med, one_p95) = stats(&mut one_shot);
    println!("python3 -I -c pass   host: median {host_med:.1} ms, p95 {host_p95:.1} ms");
    println!(
        "python3 -I -c pass   sandbox (prepared): median {box_med:.1} ms, p95 {box_p95:.1} ms"
    );
    println!(
        "python3 -I -c pass   sandbox (one-shot: create, run, remove): median {one_med:.1} ms, p95 {one_p95:.1} ms"
    );

    let dir = std::env::temp_dir().join(format!("glovebox-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let csv = dir.join("bench.csv");
    write_csv(&csv, csv_mb)?;
    let mut setup = JobSetup::default();
    setup.add_input(&csv)?;
    let host_code = SUM_CODE.replace("PATH", &format!("{:?}", csv.to_string_lossy()));
    let box_code = SUM_CODE.replace("PATH", "'/input/bench.csv'");
    let (mut host_csv, mut box_csv) = (Vec::new(), Vec::new());
    for _ in 0..csv_runs {
        host_csv.push(bare(&python, &["-I", "-c", &host_code])?);
        box_csv.push(rt.block_on(sandboxed(&sandbox, &setup, &box_code))?.0);
    }
    let _ = std::fs::remove_dir_all(&dir);
    let (hc_med, hc_p95) = stats(&mut host_csv);
    let (bc_med, bc_p95) = stats(&mut box_csv);
    println!("{csv_mb} MB CSV column sum   host: median {hc_med:.1} ms, p95 {hc_p95:.1} ms");
    println!("{csv_mb} MB CSV column sum   sandbox (prepared): median {bc_med:.1} ms, p95 {bc_p95:.1} ms");
    println!("csv sum ratio: {:.2}", bc_med / hc_med);
    println!("one-shot ratio: {:.2}", one_med / host_med);
    println!("sandbox overhead ratio: {:.2}", box_med / host_med);
    Ok(ExitCode::SUCCESS)
}
