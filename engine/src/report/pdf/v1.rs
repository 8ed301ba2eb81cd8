//! Layout 1 of the PDF report (Glovebox up to 0.1.0 of December 2026),
//! kept unchanged only so that PDF reports exported before the
//! answer-first layout still verify: [`super::super::sign::verify_pdf`]
//! renders with it when the current layout does not give the file back.
//! New reports never use it.

use super::super::diff::{self, DiffLine};
use super::super::html::MAX_ROWS_SHOWN;
use super::super::manifest::{Manifest, ManifestStatus};
use super::super::words::{self, cell, json, or_empty, Words};
use super::{Layout, PlacedImage, Rgb, ADD_BG, BLACK, CODE_BG, DEL_BG, MUTED, STOPPED};
use crate::validate::RawTable;

fn table_rows(table: &RawTable) -> (Vec<String>, Vec<Vec<String>>) {
    let rows = table
        .rows
        .iter()
        .take(MAX_ROWS_SHOWN)
        .map(|r| r.iter().map(cell).collect())
        .collect();
    (table.columns.clone(), rows)
}

/// Room to keep a short table with its title (one line per row, at least).
fn short_table_room(table: &RawTable) -> f32 {
    let rows = table.rows.len();
    if rows <= 10 {
        50.0 + (rows + 1) as f32 * 16.5
    } else {
        0.0
    }
}

fn result_table(l: &mut Layout, table: &RawTable, w: &Words) {
    let (header, rows) = table_rows(table);
    l.ensure(short_table_room(table));
    l.heading(&table.name, 3);
    l.table(Some(&header), &rows, false);
    let total = table.total_rows as usize;
    if total > MAX_ROWS_SHOWN {
        l.paragraph(
            &format!("+{} {}", total - MAX_ROWS_SHOWN, w.more_rows),
            8.0,
            MUTED,
        );
    }
}

/// Lays out the pages of layout 1.
pub(super) fn lay_out(
    l: &mut Layout,
    m: &Manifest,
    images: &[Option<PlacedImage>],
    fingerprint: &str,
) {
    let w = Words::of(m.lang);
    l.heading(w.title, 1);
    l.paragraph(&format!("{}: {}", w.goal, m.goal), 10.5, BLACK);
    answer(l, m, w);
    if !m.charts.is_empty() {
        l.heading(w.charts, 2);
        for (i, chart) in m.charts.iter().enumerate() {
            match images.get(i).and_then(Option::as_ref) {
                Some(img) => l.image(i, img.width, img.height),
                None if chart.drawn_by_code => {
                    l.paragraph(&format!("{} ({})", chart.title, w.svg_only), 10.0, MUTED);
                }
                None => l.paragraph(&chart.title, 10.0, MUTED),
            }
            if chart.drawn_by_code {
                l.paragraph(&format!("{} {}", w.drawn_by_code, chart.title), 9.0, MUTED);
            }
        }
    }
    let (internal, shown) = m.split_tables();
    if let Some(first) = shown.first() {
        l.ensure(short_table_room(first) + 40.0);
        l.heading(w.tables, 2);
        for t in shown {
            result_table(l, t, w);
        }
    }

    l.heading(w.how, 2);
    inputs(l, m, w);
    for t in internal {
        result_table(l, t, w);
    }
    code(l, m, w);
    attempts(l, m, w);
    sandbox(l, m, w);
    l.heading(w.record, 2);
    l.paragraph(
        &format!(
            "run {} · {} → {} · Glovebox {} · audit {} (#{})",
            m.run_id,
            m.started_at,
            m.finished_at,
            m.app_version,
            m.audit.run_last_entry_hash,
            m.audit.run_last_entry_seq,
        ),
        8.5,
        MUTED,
    );
    l.paragraph(&format!("{} ({fingerprint})", w.attached), 8.5, MUTED);
}

/// The answer, or why there is none, and how to read it.
fn answer(l: &mut Layout, m: &Manifest, w: &Words) {
    if m.status == ManifestStatus::Answered {
        l.heading(w.answer, 2);
        l.paragraph(
            m.answer.as_ref().map_or("", |a| a.text.as_str()),
            15.0,
            BLACK,
        );
    } else {
        l.heading(w.stopped, 2);
        l.paragraph(or_empty(m.stop_reason.as_ref()), 13.0, STOPPED);
    }
    if let Some(reading) = &m.interpretation {
        l.paragraph(&format!("{} {}", w.read_as, reading.sentence), 10.0, BLACK);
        for a in &reading.assumptions {
            l.paragraph(&format!("{} {}", w.assumed, a.text), 10.0, BLACK);
        }
    }
    let explanation = or_empty(m.explanation.as_ref());
    if !explanation.is_empty() {
        l.heading(w.explanation, 2);
        l.paragraph(explanation, 10.0, BLACK);
    }
}

/// The files read.
fn inputs(l: &mut Layout, m: &Manifest, w: &Words) {
    l.heading(w.inputs, 3);
    let header: Vec<String> = [w.file, w.size, "sha256", w.rows, w.columns]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    let inputs: Vec<Vec<String>> = m
        .inputs
        .iter()
        .map(|input| {
            vec![
                input.name.clone(),
                input.size_bytes.to_string(),
                input.sha256.clone(),
                input.row_count.to_string(),
                words::columns(input),
            ]
        })
        .collect();
    l.table(Some(&header), &inputs, false);
}

/// The code that ran, and its changes from the generated code.
fn code(l: &mut Layout, m: &Manifest, w: &Words) {
    let final_code = or_empty(m.final_code.as_ref());
    l.heading(w.code, 3);
    let code: Vec<(String, Rgb)> = final_code
        .lines()
        .map(|s| (s.to_owned(), CODE_BG))
        .collect();
    l.pre(&code);
    let generated = or_empty(m.generated_code.as_ref());
    if !generated.is_empty() && generated != final_code {
        l.heading(w.changes, 3);
        let lines: Vec<(String, Rgb)> = match diff::lines(generated, final_code) {
            Some(lines) => lines
                .into_iter()
                .map(|d| match d {
                    DiffLine::Same(s) => (format!("  {s}"), CODE_BG),
                    DiffLine::Added(s) => (format!("+ {s}"), ADD_BG),
                    DiffLine::Removed(s) => (format!("- {s}"), DEL_BG),
                })
                .collect(),
            None => generated.lines().map(|s| (s.to_owned(), CODE_BG)).collect(),
        };
        l.pre(&lines);
    }
}

/// Each attempt: its origin, the policy's verdict and findings, its
/// approval and failure.
fn attempts(l: &mut Layout, m: &Manifest, w: &Words) {
    l.heading(w.attempts, 3);
    for a in &m.attempts {
        l.paragraph(
            &format!(
                "{} {} ({}) — {}: {}",
                w.attempt,
                a.number,
                or_empty(a.origin.as_ref()),
                w.policy,
                words::verdict(a)
            ),
            9.5,
            BLACK,
        );
        let findings = words::findings(a);
        if findings.is_empty() {
            l.paragraph(w.no_findings, 8.5, MUTED);
        }
        for f in findings {
            l.paragraph(
                &format!("• line {}: {} ({})", f.line, f.message, f.rule),
                9.0,
                BLACK,
            );
        }
        if let Some(by) = words::approved_by(a) {
            l.paragraph(&format!("{} {by}", w.approved_by), 9.0, BLACK);
        }
        if let Some(reason) = words::failure(a) {
            l.paragraph(reason, 9.0, STOPPED);
        }
    }
}

/// The sandbox: network, limits, resources used, image, files opened.
fn sandbox(l: &mut Layout, m: &Manifest, w: &Words) {
    l.heading(w.sandbox, 3);
    let rows = vec![
        vec![
            w.network.to_owned(),
            format!("{} ({})", w.network_none, words::network_attempts(m)),
        ],
        vec![w.limits.to_owned(), json(&m.sandbox.limits)],
        vec![w.usage.to_owned(), words::usage(m)],
        vec![
            "image".to_owned(),
            format!(
                "{} — {}",
                or_empty(m.sandbox.image_digest.as_ref()),
                json(&m.sandbox.mode)
            ),
        ],
        vec![
            words::files_read_label(m, w).to_owned(),
            words::files_read(m, w),
        ],
    ];
    l.table(None, &rows, true);
}
