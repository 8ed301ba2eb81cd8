//! Layout 1 of the HTML report (Glovebox up to 0.1.0 of December 2026):
//! the page every report exported before the answer-first layout shows.
//! It is kept, unchanged to the byte, only so that those reports still
//! verify: [`super::super::sign::verify_html`] renders a page without the
//! layout marker with it. New reports never use it.

use super::super::diff::{self, DiffLine};
use super::super::manifest::{Document, Manifest, ManifestStatus};
use super::super::words::{self, cell, json, or_empty, Words};
use super::{escape, script_json, MAX_ROWS_SHOWN};
use crate::validate::RawTable;

const STYLE: &str = "body{font-family:'DejaVu Sans',system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f;line-height:1.45}\
h1{font-size:1.4rem;margin-bottom:.2rem}h2{font-size:1.1rem;border-bottom:1px solid #ccc;padding-bottom:.2rem;margin-top:2rem}\
.answer{font-size:1.6rem;font-weight:600;margin:.6rem 0}.stopped{color:#a1260d}\
table{border-collapse:collapse;margin:.5rem 0;font-size:.9rem}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left;vertical-align:top}\
th{background:#f3f3f3}pre{background:#f6f8fa;padding:.6rem;overflow-x:auto;font-size:.85rem;white-space:pre-wrap}\
.add{background:#e6ffec}.del{background:#ffebe9}.muted{color:#666;font-size:.85rem}img.chart{max-width:100%;border:1px solid #eee}\
code{word-break:break-all}@media print{body{margin:0;max-width:none}pre,table,img{page-break-inside:avoid}}";

fn table_html(out: &mut String, table: &RawTable, w: &Words) {
    out.push_str(&format!("<h3>{}</h3><table><tr>", escape(&table.name)));
    for c in &table.columns {
        out.push_str(&format!("<th>{}</th>", escape(c)));
    }
    out.push_str("</tr>");
    for row in table.rows.iter().take(MAX_ROWS_SHOWN) {
        out.push_str("<tr>");
        for value in row {
            out.push_str(&format!("<td>{}</td>", escape(&cell(value))));
        }
        out.push_str("</tr>");
    }
    out.push_str("</table>");
    if table.total_rows as usize > MAX_ROWS_SHOWN {
        out.push_str(&format!(
            "<p class=\"muted\">+{} {}</p>",
            table.total_rows as usize - MAX_ROWS_SHOWN,
            w.more_rows
        ));
    }
}

/// The page of layout 1 for `manifest`, without its signature block.
pub(super) fn render(manifest: &Document) -> String {
    let _span = tracing::info_span!("report_html").entered();
    let m = manifest.manifest();
    let w = Words::of(m.lang);
    let mut o = String::new();
    o.push_str(&format!(
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\">\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\
         <title>{} — {}</title><style>{STYLE}</style></head><body>",
        w.lang,
        w.title,
        escape(&m.goal)
    ));
    o.push_str(&format!("<h1>{}</h1>", w.title));
    o.push_str(&format!(
        "<p><strong>{}:</strong> {}</p>",
        w.goal,
        escape(&m.goal)
    ));
    answer(&mut o, m, w);
    if !m.charts.is_empty() {
        o.push_str(&format!("<h2>{}</h2>", w.charts));
        for chart in &m.charts {
            o.push_str(&format!(
                "<p><img class=\"chart\" alt=\"{}\" src=\"data:image/svg+xml;base64,{}\"></p>",
                escape(&chart.title),
                crate::base64::encode(chart.svg.as_bytes())
            ));
            if chart.drawn_by_code {
                o.push_str(&format!(
                    "<p class=\"muted figure\">{} {}</p>",
                    w.drawn_by_code,
                    escape(&chart.title)
                ));
            }
        }
    }
    let (internal, shown) = m.split_tables();
    if !shown.is_empty() {
        o.push_str(&format!("<h2>{}</h2>", w.tables));
        for t in shown {
            table_html(&mut o, t, w);
        }
    }
    o.push_str(&format!("<h2>{}</h2>", w.how));
    inputs(&mut o, m, w);
    for t in internal {
        table_html(&mut o, t, w);
    }
    code(&mut o, m, w);
    attempts(&mut o, m, w);
    sandbox(&mut o, m, w);
    o.push_str(&format!(
        "<h2>{}</h2><p class=\"muted\">run <code>{}</code> · {} → {} · Glovebox {} · audit <code>{}</code> (#{})</p>",
        w.record,
        escape(&m.run_id),
        escape(&m.started_at),
        escape(&m.finished_at),
        escape(&m.app_version),
        escape(&m.audit.run_last_entry_hash),
        m.audit.run_last_entry_seq,
    ));
    o.push_str(&format!(
        "<script type=\"application/json\" id=\"glovebox-manifest\">{}</script>",
        script_json(manifest.json())
    ));
    o.push_str("</body></html>\n");
    o
}

/// The answer, or why there is none, and how to read it.
fn answer(o: &mut String, m: &Manifest, w: &Words) {
    if m.status == ManifestStatus::Answered {
        o.push_str(&format!(
            "<h2>{}</h2><p class=\"answer\">{}</p>",
            w.answer,
            escape(m.answer.as_ref().map_or("", |a| a.text.as_str()))
        ));
    } else {
        o.push_str(&format!(
            "<h2>{}</h2><p class=\"answer stopped\">{}</p>",
            w.stopped,
            escape(or_empty(m.stop_reason.as_ref()))
        ));
    }
    if let Some(reading) = &m.interpretation {
        o.push_str(&format!(
            "<p class=\"reading\"><b>{}</b> {}</p>",
            w.read_as,
            escape(&reading.sentence)
        ));
        if !reading.assumptions.is_empty() {
            o.push_str("<ul class=\"assumptions\">");
            for a in &reading.assumptions {
                o.push_str(&format!(
                    "<li><b>{}</b> {}</li>",
                    w.assumed,
                    escape(&a.text)
                ));
            }
            o.push_str("</ul>");
        }
    }
    let explanation = or_empty(m.explanation.as_ref());
    if !explanation.is_empty() {
        o.push_str(&format!(
            "<h2>{}</h2><p>{}</p>",
            w.explanation,
            escape(explanation)
        ));
    }
}

/// The files read.
fn inputs(o: &mut String, m: &Manifest, w: &Words) {
    o.push_str(&format!(
        "<h3>{}</h3><table><tr><th>{}</th><th>{}</th><th>sha256</th><th>{}</th><th>{}</th></tr>",
        w.inputs, w.file, w.size, w.rows, w.columns
    ));
    for input in &m.inputs {
        o.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td><code>{}</code></td><td>{}</td><td>{}</td></tr>",
            escape(&input.name),
            input.size_bytes,
            escape(&input.sha256),
            input.row_count,
            escape(&words::columns(input))
        ));
    }
    o.push_str("</table>");
}

/// The code that ran, and its changes from the generated code.
fn code(o: &mut String, m: &Manifest, w: &Words) {
    let final_code = or_empty(m.final_code.as_ref());
    o.push_str(&format!(
        "<h3>{}</h3><pre>{}</pre>",
        w.code,
        escape(final_code)
    ));
    let generated = or_empty(m.generated_code.as_ref());
    if generated.is_empty() || generated == final_code {
        return;
    }
    o.push_str(&format!("<h3>{}</h3><pre>", w.changes));
    match diff::lines(generated, final_code) {
        Some(lines) => {
            for l in lines {
                match l {
                    DiffLine::Same(s) => o.push_str(&format!("  {}\n", escape(s))),
                    DiffLine::Added(s) => {
                        o.push_str(&format!("<span class=\"add\">+ {}</span>\n", escape(s)))
                    }
                    DiffLine::Removed(s) => {
                        o.push_str(&format!("<span class=\"del\">- {}</span>\n", escape(s)))
                    }
                }
            }
        }
        None => o.push_str(&escape(generated)),
    }
    o.push_str("</pre>");
}

/// Each attempt: its origin, the policy's verdict and findings, its
/// approval and failure.
fn attempts(o: &mut String, m: &Manifest, w: &Words) {
    o.push_str(&format!("<h3>{}</h3>", w.attempts));
    for a in &m.attempts {
        o.push_str(&format!(
            "<p><strong>{} {}</strong> ({}) — {}: {}</p>",
            w.attempt,
            a.number,
            escape(or_empty(a.origin.as_ref())),
            w.policy,
            escape(&words::verdict(a))
        ));
        let findings = words::findings(a);
        if findings.is_empty() {
            o.push_str(&format!("<p class=\"muted\">{}</p>", w.no_findings));
        } else {
            o.push_str("<ul>");
            for f in findings {
                o.push_str(&format!(
                    "<li>line {}: {} <span class=\"muted\">({})</span></li>",
                    f.line,
                    escape(&f.message),
                    escape(&f.rule)
                ));
            }
            o.push_str("</ul>");
        }
        if let Some(by) = words::approved_by(a) {
            o.push_str(&format!("<p>{} {}</p>", w.approved_by, escape(by)));
        }
        if let Some(reason) = words::failure(a) {
            o.push_str(&format!("<p class=\"stopped\">{}</p>", escape(reason)));
        }
    }
}

/// The sandbox: network, limits, resources used, image, files opened.
fn sandbox(o: &mut String, m: &Manifest, w: &Words) {
    o.push_str(&format!(
        "<h3>{}</h3><table>\
         <tr><th>{}</th><td>{} ({})</td></tr>\
         <tr><th>{}</th><td><code>{}</code></td></tr>\
         <tr><th>{}</th><td>{}</td></tr>\
         <tr><th>image</th><td><code>{}</code> — {}</td></tr>\
         <tr><th>{}</th><td>{}</td></tr></table>",
        w.sandbox,
        w.network,
        w.network_none,
        words::network_attempts(m),
        w.limits,
        escape(&json(&m.sandbox.limits)),
        w.usage,
        escape(&words::usage(m)),
        escape(or_empty(m.sandbox.image_digest.as_ref())),
        escape(&json(&m.sandbox.mode)),
        words::files_read_label(m, w),
        escape(&words::files_read(m, w)),
    ));
}
