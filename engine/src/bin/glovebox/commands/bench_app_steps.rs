//! `glovebox bench --app-steps` (`make bench-app-steps`): the desktop
//! app's two waits on a 100 MB sales CSV (generated once, cached under the
//! Glovebox cache folder), with and without the kept descriptions
//! (`inputs::DescribeCache`, as the app holds it).
//!
//! Drop → preview is the file described, then described again for the
//! first 200 rows of the grid; question → answer is a draft by the offline
//! generator for "total revenue per region", then its run in the real
//! sandbox (the engine opened as the app opens it: limits chosen from the
//! input). Each round times both steps without the cache, then with a new
//! one; the medians are printed, the last line is `describe cache ratio:
//! X` (both steps' time without the cache over their time with it).
//!
//! Nothing runs on the host: the drafted code runs only in the sandbox.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use glovebox_engine::inputs::{self, DescribeCache, InputDescription};
use glovebox_engine::pipeline::{DraftRun, Drafted, Engine, RunRequest, Status};
use glovebox_engine::rows::RowPager;
use glovebox_sandbox::{Limits, Sandbox};

use super::bench::{median, BenchDir, BENCH_GOAL};
use super::bench_large::cached_csv;

/// Size of the generated CSV, in MB.
pub const APP_STEPS_CSV_MB: u64 = 100;
/// Rounds, each timing both steps without then with the cache.
pub const APP_STEPS_RUNS: usize = 3;
/// Rows of the preview grid the app shows first.
const PREVIEW_ROWS: usize = 200;

/// One round's two steps, timed.
struct Steps {
    preview: Duration,
    answer: Duration,
    /// How many times the file was read to be described.
    reads: u64,
}

/// The file described as the app does, through `cache` when it keeps
/// descriptions.
fn describe(csv: &Path, cache: Option<&DescribeCache>) -> Result<InputDescription> {
    let max = inputs::DEFAULT_MAX_INPUT_BYTES;
    Ok(match cache {
        Some(c) => c.describe(csv, max),
        None => inputs::describe(csv, max),
    }?)
}

/// Drop → preview, then question → answer, with `cache` or without.
fn steps(
    csv: &Path,
    audit: &Path,
    runtime: &tokio::runtime::Runtime,
    cache: Option<Arc<DescribeCache>>,
) -> Result<Steps> {
    let started = Instant::now();
    let card = describe(csv, cache.as_deref())?;
    let rows = RowPager::new(&describe(csv, cache.as_deref())?).rows(0, PREVIEW_ROWS)?;
    let preview = started.elapsed();
    if rows.len() != PREVIEW_ROWS {
        bail!("the preview showed {} rows, not {PREVIEW_ROWS}", rows.len());
    }

    let started = Instant::now();
    let mut drafter = Engine::open_for_drafts(audit, Limits::default())?;
    let sandbox = Sandbox::builder()
        .build()
        .context("the sandbox is not ready")?;
    let mut runner = Engine::open(audit, sandbox, Limits::default())?.with_memory_estimated();
    if let Some(c) = &cache {
        drafter = drafter.with_describe_cache(Arc::clone(c));
        runner = runner.with_describe_cache(Arc::clone(c));
    }
    let request = RunRequest::new(vec![csv.to_owned()], BENCH_GOAL);
    let draft = match runtime.block_on(drafter.draft(request, |_| {}))? {
        Drafted::Ready(draft) => draft,
        Drafted::Stopped(report) => bail!("the draft stopped: {:?}", report.stop_reason),
    };
    let how = DraftRun {
        code: draft.generated().code.clone(),
        approve_review: false,
        approved_by: "glovebox bench --app-steps".into(),
        cancel: None,
    };
    let report = runtime.block_on(runner.run_draft(*draft, how, |_| {}))?;
    let answer = started.elapsed();
    if report.status != Status::Answered {
        bail!("the goal was not answered: {:?}", report.stop_reason);
    }
    if report.inputs.first() != Some(&card) {
        bail!("the run described the file otherwise than the preview");
    }
    // Without the cache: the card, the grid and the draft each read it (the
    // run checks the draft's inputs unchanged, it does not read them again).
    let reads = cache.as_ref().map_or(3, |c| c.inspections());
    Ok(Steps {
        preview,
        answer,
        reads,
    })
}

/// Runs the app steps benchmark on a CSV of `mb` MB, `runs` rounds.
#[allow(clippy::print_stdout)]
pub fn run(runs: usize, mb: u64) -> Result<()> {
    let csv = cached_csv("bench-app-steps", mb)?;
    let size = std::fs::metadata(&csv)?.len();
    let work = BenchDir::create()?;
    let audit = work.path().join("audit.sqlite3");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    println!(
        "glovebox bench --app-steps: goal {BENCH_GOAL:?} on a {:.0} MB CSV, {runs} rounds without then with the kept descriptions",
        size as f64 / 1e6
    );
    let (mut before, mut kept) = (Vec::new(), Vec::new());
    for round in 0..runs {
        for cached in [false, true] {
            let cache = cached.then(|| Arc::new(DescribeCache::new()));
            let s = steps(&csv, &audit, &runtime, cache)?;
            println!(
                "round {round} {}: drop→preview {} ms, question→answer {} ms, file read {}×",
                if cached { "kept   " } else { "without" },
                s.preview.as_millis(),
                s.answer.as_millis(),
                s.reads
            );
            if cached { &mut kept } else { &mut before }.push(s);
        }
    }
    let medians = |table: &[Steps]| {
        let pick = |f: fn(&Steps) -> Duration| median(&mut table.iter().map(f).collect::<Vec<_>>());
        (
            pick(|s| s.preview),
            pick(|s| s.answer),
            pick(|s| s.preview + s.answer),
        )
    };
    let (bp, ba, bt) = medians(&before);
    let (kp, ka, kt) = medians(&kept);
    println!(
        "without the cache: drop→preview median {bp:.0} ms, question→answer median {ba:.0} ms"
    );
    println!(
        "with the cache:    drop→preview median {kp:.0} ms, question→answer median {ka:.0} ms"
    );
    println!(
        "drop→preview ratio {:.2}, question→answer ratio {:.2}",
        bp / kp,
        ba / ka
    );
    println!("describe cache ratio: {:.2}", bt / kt);
    Ok(())
}
