//! The subcommands of `glovebox`, one file each with a `run` function that
//! `dispatch` in `main.rs` calls with the parsed flags; and what several of
//! them share: opening the audit log, the exit code of a run and the
//! printed report.

pub(crate) mod audit;
pub(crate) mod bench;
pub(crate) mod bench_app_steps;
pub(crate) mod bench_large;
pub(crate) mod bench_memory;
pub(crate) mod doctor;
pub(crate) mod export;
pub(crate) mod history;
pub(crate) mod key;
pub(crate) mod models;
pub(crate) mod progress;
pub(crate) mod rerun;
pub(crate) mod run;
pub(crate) mod show;
pub(crate) mod verify;

use std::path::Path;

use anyhow::Result;
use glovebox_engine::audit::event::StopKind;
use glovebox_engine::audit::AuditStore;
use glovebox_engine::pipeline::{RunReport, Status};
use glovebox_engine::terminal::{block, cell, line};
use glovebox_engine::validate::INTERNAL_TABLES;

/// Opens the audit log; runs left unfinished by a dead process are marked first.
pub(crate) fn open_store(db: &Path) -> Result<AuditStore> {
    let mut store = AuditStore::open(db)?;
    store.mark_interrupted_runs()?;
    Ok(store)
}

/// The exit code of a run: 0 answered, 3 blocked, 2 stopped for its input,
/// its goal, a missing generator or the setup, 4 stopped otherwise.
pub(crate) fn exit_code(report: &RunReport) -> u8 {
    match report.status {
        Status::Answered => 0,
        Status::Blocked => 3,
        Status::Stopped if report.stop_kind.is_some_and(StopKind::is_usage) => 2,
        Status::Stopped => 4,
    }
}

/// Widest table cell printed, in characters; longer ones end with `…`.
const MAX_CELL_CHARS: usize = 80;
/// Most output files listed, written or left out; the rest are counted.
const MAX_FILES_SHOWN: usize = 20;

/// A reason of several lines (it may quote the code's error message):
/// sanitised, and every line after the first indented, so that no line of
/// it can pass for one of the report's own ("Answer: …").
fn indented(reason: Option<&str>) -> String {
    block(reason.unwrap_or("")).replace('\n', "\n  ")
}

/// Prints a run's report for a person (every text from data, code, a model
/// or the sandbox through the terminal sanitiser, so none can clear the
/// screen, rewrite a line or reach the clipboard): the answer, how the goal was read
/// (with its assumptions), its tables (first ten rows), explanation and
/// charts, or why it stopped (with rephrasings that would run); then policy findings,
/// refused network attempts, and the run id with its audit entry.
#[allow(clippy::print_stdout)]
pub(crate) fn print_report(r: &RunReport) {
    match r.status {
        Status::Answered => {
            println!("Answer: {}", line(&r.answer.text));
            if let Some(reading) = &r.interpretation {
                println!("Read as: {}", line(&reading.sentence));
                if let Some(f) = &r.follows {
                    println!("  follows run {}", line(&f.run_id));
                }
                for a in &reading.assumptions {
                    println!("  assumed: {}", line(&a.text));
                    if let Some(other) = &a.instead {
                        println!("    to not assume it, ask: {}", line(other));
                    }
                }
                for c in &reading.context {
                    println!("  set aside (context): {}", line(c));
                }
            }
            for t in r
                .tables
                .iter()
                .filter(|t| !INTERNAL_TABLES.contains(&t.name.as_str()))
            {
                println!("\nTable {} ({} rows)", line(&t.name), t.total_rows);
                let columns: Vec<_> = t.columns.iter().map(|c| cell(c, MAX_CELL_CHARS)).collect();
                println!("  {}", columns.join(" | "));
                for row in t.rows.iter().take(10) {
                    let cells: Vec<String> = row
                        .iter()
                        .map(|c| {
                            let json = serde_json::to_string(c).unwrap_or_default();
                            cell(&json, MAX_CELL_CHARS).into_owned()
                        })
                        .collect();
                    println!("  {}", cells.join(" | "));
                }
            }
            if !r.explanation.is_empty() {
                println!("\n{}", block(&r.explanation));
            }
            for c in &r.drawn_charts {
                if c.drawn_by_code {
                    println!("\nFigure drawn by the code: {}", line(&c.title));
                } else {
                    println!("\nChart ({}): {}", line(&c.kind), line(&c.title));
                }
            }
            for p in &r.chart_problems {
                println!("chart not drawn: {}", line(p));
            }
            if !r.output_files.is_empty() {
                let files: Vec<_> = r
                    .output_files
                    .iter()
                    .take(MAX_FILES_SHOWN)
                    .map(|f| line(f))
                    .collect();
                let more = match r.output_files.len().saturating_sub(MAX_FILES_SHOWN) {
                    0 => String::new(),
                    n => format!(" and {n} more"),
                };
                println!("\nFiles written by the code: {}{more}", files.join(", "));
            }
        }
        Status::Blocked => println!("Blocked: {}", indented(r.stop_reason.as_deref())),
        Status::Stopped => println!("Stopped: {}", indented(r.stop_reason.as_deref())),
    }
    for input in &r.inputs {
        for note in &input.notes {
            println!("note on {}: {}", line(&input.name), line(note));
        }
    }
    if !r.policy.findings.is_empty() {
        println!("\nPolicy findings:");
        for finding in &r.policy.findings {
            println!("  line {}: {}", finding.line, line(&finding.message));
        }
    }
    for a in &r.sandbox.network_attempts {
        println!("network attempt refused: {}", line(&a.to_string()));
    }
    if let Some(used) = limits_used(&r.sandbox) {
        println!("{used}");
    }
    if let Some(memory) = memory_used(&r.sandbox) {
        println!("{memory}");
    }
    println!(
        "\nrun {} — audit entry {}",
        line(&r.run_id),
        line(&r.audit.entry_hash)
    );
}

/// The two time limits beside their use, when the code ran under them:
/// `Used: 1.2 seconds of processor time (limit 60 seconds), 2 seconds
/// elapsed (limit 10 minutes)`.
fn limits_used(s: &glovebox_engine::run_report::SandboxReport) -> Option<String> {
    use glovebox_engine::lang::Lang;
    use glovebox_engine::messages::duration_words;
    if s.cpu_limit_ms == 0 || s.wall_limit_ms == 0 {
        return None;
    }
    let words = |ms| duration_words(Lang::En, ms);
    Some(format!(
        "Used: {} of processor time (limit {}), {} elapsed (limit {})",
        words(s.cpu_ms),
        words(s.cpu_limit_ms),
        words(s.wall_ms),
        words(s.wall_limit_ms)
    ))
}

/// The memory limit beside the peak, and who chose the limit: `Memory:
/// 873 MB at the peak (limit 1.3 GB, chosen from the input size)`.
fn memory_used(s: &glovebox_engine::run_report::SandboxReport) -> Option<String> {
    use glovebox_engine::messages::human_bytes;
    use glovebox_engine::pipeline::memory::MemoryFrom;
    let limit = s.memory_limit_bytes?;
    let from = match s.memory_limit_from {
        Some(MemoryFrom::Input) => ", chosen from the input size",
        Some(MemoryFrom::You) => ", set by you",
        None => "",
    };
    Some(format!(
        "Memory: {} at the peak (limit {}{from})",
        human_bytes(s.peak_memory_bytes),
        human_bytes(limit)
    ))
}

/// Prints the entries of `/output` the sandbox left out of the run's last
/// attempt and why (a name that is not UTF-8, holds a control or bidi
/// character, looks like `..` or a slash, is too long or too deep), as the
/// audit log records them; nothing when there are none or the log cannot be
/// read (the report above is complete without them).
#[allow(clippy::print_stdout)]
pub(crate) fn print_left_out(db: &Path, run_id: &str) {
    use glovebox_engine::audit::event::Event;
    let Ok(events) = AuditStore::open(db).and_then(|store| store.events(run_id)) else {
        return;
    };
    let Some(outcome) = events.iter().rev().find_map(|r| match &r.event {
        Event::Sandbox(ran) => Some(&ran.outcome),
        _ => None,
    }) else {
        return;
    };
    let refused: Vec<_> = outcome
        .output_skipped
        .iter()
        .filter(|s| s.reason != "no output folder was given")
        .collect();
    if refused.is_empty() {
        return;
    }
    println!("\nFiles left out:");
    for skipped in refused.iter().take(MAX_FILES_SHOWN) {
        println!("  {} — {}", line(&skipped.name), line(&skipped.reason));
    }
    if refused.len() > MAX_FILES_SHOWN {
        println!(
            "  and {} more (all in the audit log)",
            refused.len() - MAX_FILES_SHOWN
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glovebox_engine::run_report::SandboxReport;

    #[test]
    fn each_time_limit_is_shown_beside_its_use() {
        let mut s = SandboxReport::default();
        s.cpu_ms = 1_240;
        s.cpu_limit_ms = 60_000;
        s.wall_ms = 2_000;
        s.wall_limit_ms = 600_000;
        assert_eq!(
            limits_used(&s).as_deref(),
            Some("Used: 1.2 seconds of processor time (limit 60 seconds), 2 seconds elapsed (limit 10 minutes)")
        );
        // Nothing when the code did not run, or ran before limits were recorded.
        assert_eq!(limits_used(&SandboxReport::default()), None);
    }

    #[test]
    fn the_memory_limit_says_who_chose_it() {
        use glovebox_engine::pipeline::memory::MemoryFrom;
        let mut s = SandboxReport::default();
        assert_eq!(memory_used(&s), None);
        s.peak_memory_bytes = 873 << 20;
        s.memory_limit_bytes = Some(1280 << 20);
        s.memory_limit_from = Some(MemoryFrom::Input);
        assert_eq!(
            memory_used(&s).as_deref(),
            Some("Memory: 873 MB at the peak (limit 1.3 GB, chosen from the input size)")
        );
        s.memory_limit_from = Some(MemoryFrom::You);
        assert!(memory_used(&s)
            .expect("shown")
            .ends_with("(limit 1.3 GB, set by you)"));
    }
}
