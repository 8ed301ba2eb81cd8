//! `glovebox bench --memory-estimates` (`make bench-memory`): the memory
//! estimate of workbooks and JSON files (`pipeline::memory::estimate_peak`)
//! against the peak the sandbox measured, reading them as the offline
//! generator's code does.
//!
//! The files (rows × 6 columns: xlsx of 20 k and 100 k rows, JSON records
//! and JSON lines of 100 k and 400 k) are written once, deterministically,
//! by a fixed script in the sandbox (openpyxl, the image's Python) and kept
//! under the Glovebox cache folder (`bench-memory/files`). Then "total
//! amount per region" runs on each under a fixed 4 GiB limit, so the
//! estimate never chooses the limit it is measured against. A table row per
//! file, then per kind the lowest estimate / peak; the last line is
//! `memory estimate ratio: X (xlsx A, json B, jsonl C)`, X the lowest of
//! the kinds (under 1.0 a limit chosen from the estimate could stop a run
//! that fits).
//!
//! Nothing runs on the host: the writing script and the generated code run
//! only in the sandbox.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use glovebox_engine::pipeline::{memory, Engine, RunRequest, Status};
use glovebox_sandbox::{Limits, Sandbox};

use super::bench::BenchDir;
use super::bench_large::cache_dir;

/// The goal each file is asked.
const MEMORY_GOAL: &str = "total amount per region";

/// The files measured, as the writing script names them.
const FILES: [&str; 6] = [
    "sales-20000.xlsx",
    "sales-100000.xlsx",
    "sales-100000.json",
    "sales-100000.jsonl",
    "sales-400000.json",
    "sales-400000.jsonl",
];

/// Writes [`FILES`] to `/output`, in the sandbox.
const WRITE_SCRIPT: &str = r#"
import json, openpyxl
REGIONS = ["North", "South", "East", "West"]
def row(i):
    return {"region": REGIONS[i % 4], "date": f"2025-{i % 12 + 1:02}-{i % 28 + 1:02}",
            "product": f"P{i % 97}", "units": i % 9 + 1, "amount": round((i * 37) % 10000 + (i % 100) / 100, 2),
            "note": f"order {i}"}
for rows in (20_000, 100_000):
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet("Sales")
    sheet.append(list(row(0)))
    for i in range(rows):
        sheet.append(list(row(i).values()))
    book.save(f"/output/sales-{rows}.xlsx")
for rows in (100_000, 400_000):
    with open(f"/output/sales-{rows}.jsonl", "w") as out:
        for i in range(rows):
            out.write(json.dumps(row(i)) + "\n")
    with open(f"/output/sales-{rows}.json", "w") as out:
        json.dump([row(i) for i in range(rows)], out)
print("written")
"#;

const MIB: f64 = 1024.0 * 1024.0;

/// Generous fixed limits: the files are written and read under them.
fn limits() -> Result<Limits> {
    Ok(Limits::builder()
        .with_cpu_time(Duration::from_secs(600))?
        .with_wall_time(Duration::from_secs(900))?
        .with_output_bytes(1024 * 1024 * 1024)?
        .with_memory_bytes(4 * 1024 * 1024 * 1024)?
        .build())
}

fn engine(audit: &Path) -> Result<Engine> {
    let sandbox = Sandbox::builder()
        .build()
        .context("the sandbox is not ready")?;
    Ok(Engine::open(audit, sandbox, limits()?)?)
}

/// The cached files, written by [`WRITE_SCRIPT`] in the sandbox when one
/// is missing (into `partial/`, then moved).
#[allow(clippy::print_stdout)]
fn cached_files(
    work: &Path,
    audit: &Path,
    runtime: &tokio::runtime::Runtime,
) -> Result<Vec<PathBuf>> {
    use std::os::unix::fs::PermissionsExt;
    let dir = cache_dir()?.join("bench-memory");
    let files = dir.join("files");
    if FILES.iter().any(|f| !files.join(f).exists()) {
        println!("writing {} in the sandbox (once)…", files.display());
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create {}", dir.display()))?;
        let partial = dir.join("partial");
        let _ = std::fs::remove_dir_all(&partial);
        let _ = std::fs::remove_dir_all(&files);
        // The engine needs an input: a one-cell CSV the script ignores.
        let seed = work.join("seed.csv");
        std::fs::write(&seed, "a\n1\n")?;
        std::fs::set_permissions(&seed, std::fs::Permissions::from_mode(0o644))?;
        let request = RunRequest {
            code: Some(WRITE_SCRIPT.into()),
            approve_review: true,
            out_dir: Some(partial.clone()),
            ..RunRequest::new(vec![seed], "write the files")
        };
        let report = runtime.block_on(engine(audit)?.run(request, |_| {}))?;
        if !report.sandbox.stdout.contains("written") {
            bail!(
                "the files were not written: {:?} {}",
                report.stop_reason,
                report.sandbox.stderr
            );
        }
        std::fs::rename(partial.join("files"), &files)?;
        let _ = std::fs::remove_dir_all(&partial);
    }
    FILES
        .iter()
        .map(|name| {
            let path = files.join(name);
            // The sandboxed job, a user of its own, reads them.
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644))?;
            Ok(path)
        })
        .collect()
}

/// Runs the memory estimates benchmark.
#[allow(clippy::print_stdout)]
pub fn run() -> Result<()> {
    let work = BenchDir::create()?;
    let audit = work.path().join("audit.sqlite3");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let files = cached_files(work.path(), &audit, &runtime)?;
    println!(
        "glovebox bench --memory-estimates: goal {MEMORY_GOAL:?} on {} workbooks and JSON files, sandbox peak against the estimate (limit 4 GiB, fixed)",
        files.len()
    );
    println!("| file | size | rows × columns | columns read | time | peak | estimate | estimate / peak |");
    println!("|---|---|---|---|---|---|---|---|");
    let mut per_kind: BTreeMap<String, f64> = BTreeMap::new();
    for file in files {
        let started = Instant::now();
        let request = RunRequest::new(vec![file.clone()], MEMORY_GOAL);
        let report = runtime.block_on(engine(&audit)?.run(request, |_| {}))?;
        let time = started.elapsed();
        if report.status != Status::Answered {
            bail!(
                "{}: the goal was not answered: {:?}",
                file.display(),
                report.stop_reason
            );
        }
        let input = &report.inputs[0];
        let estimate = memory::estimate_peak(&report.inputs, Some(&report.code));
        let peak = report.sandbox.peak_memory_bytes;
        if peak == 0 {
            bail!("{}: the sandbox measured no peak", input.name);
        }
        let ratio = estimate as f64 / peak as f64;
        let read = memory::columns_read(&report.code, &input.name)
            .map_or_else(|| "all".to_owned(), |c| c.join(" "));
        println!(
            "| {} | {:.1} MiB | {} × {} | {read} | {:.1} s | {:.0} MiB | {:.0} MiB | {ratio:.2} |",
            input.name,
            input.size_bytes as f64 / MIB,
            input.row_count,
            input.columns.len(),
            time.as_secs_f64(),
            peak as f64 / MIB,
            estimate as f64 / MIB,
        );
        let kind = file
            .extension()
            .map(|e| e.to_string_lossy().into_owned())
            .unwrap_or_default();
        let lowest = per_kind.entry(kind).or_insert(f64::INFINITY);
        *lowest = lowest.min(ratio);
    }
    let kinds: Vec<String> = per_kind
        .iter()
        .map(|(kind, ratio)| format!("{kind} {ratio:.2}"))
        .collect();
    let lowest = per_kind.values().copied().fold(f64::INFINITY, f64::min);
    println!("lowest estimate / peak per kind: {}", kinds.join(", "));
    println!("memory estimate ratio: {lowest:.2} ({})", kinds.join(", "));
    Ok(())
}
