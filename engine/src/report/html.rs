//! The report as one self-contained HTML page: inline CSS, charts as SVG
//! images (data URIs, so nothing in them can run), no external resource,
//! readable on screen and on paper, in the run's language. The canonical
//! manifest travels inside the page (`<script type="application/json"
//! id="glovebox-manifest">`) for verification.

use serde_json::Value;

use super::diff::{self, DiffLine};
use super::words::{text, Words};
// The recipes' row-count tables are shown under "how this was computed".

/// Most rows of one table shown in the page (all are in the manifest).
pub const MAX_ROWS_SHOWN: usize = 200;

/// Text escaped for HTML element content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// JSON made safe inside a `<script>` element (no `</script>`, no `<!--`).
fn script_json(value: &Value) -> String {
    serde_json::to_string(value)
        .unwrap_or_default()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

const STYLE: &str = "body{font-family:'DejaVu Sans',system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f;line-height:1.45}\
h1{font-size:1.4rem;margin-bottom:.2rem}h2{font-size:1.1rem;border-bottom:1px solid #ccc;padding-bottom:.2rem;margin-top:2rem}\
.answer{font-size:1.6rem;font-weight:600;margin:.6rem 0}.stopped{color:#a1260d}\
table{border-collapse:collapse;margin:.5rem 0;font-size:.9rem}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left;vertical-align:top}\
th{background:#f3f3f3}pre{background:#f6f8fa;padding:.6rem;overflow-x:auto;font-size:.85rem;white-space:pre-wrap}\
.add{background:#e6ffec}.del{background:#ffebe9}.muted{color:#666;font-size:.85rem}img.chart{max-width:100%;border:1px solid #eee}\
code{word-break:break-all}@media print{body{margin:0;max-width:none}pre,table,img{page-break-inside:avoid}}";

fn table_html(out: &mut String, table: &Value, w: &Words) {
    let name = text(&table["name"]);
    out.push_str(&format!("<h3>{}</h3><table><tr>", escape(&name)));
    for c in table["columns"].as_array().into_iter().flatten() {
        out.push_str(&format!("<th>{}</th>", escape(&text(c))));
    }
    out.push_str("</tr>");
    let rows = table["rows"].as_array().cloned().unwrap_or_default();
    for row in rows.iter().take(MAX_ROWS_SHOWN) {
        out.push_str("<tr>");
        for cell in row.as_array().into_iter().flatten() {
            out.push_str(&format!("<td>{}</td>", escape(&text(cell))));
        }
        out.push_str("</tr>");
    }
    out.push_str("</table>");
    let total = table["total_rows"].as_u64().unwrap_or(rows.len() as u64);
    if total as usize > MAX_ROWS_SHOWN {
        out.push_str(&format!(
            "<p class=\"muted\">+{} {}</p>",
            total as usize - MAX_ROWS_SHOWN,
            w.more_rows
        ));
    }
}

/// The page with its signature block (see [`super::sign`]).
pub fn render_signed(manifest: &Value, signature: &Value) -> String {
    let page = render(manifest);
    let body_end = "</body></html>\n";
    let head = page.strip_suffix(body_end).unwrap_or(&page);
    format!(
        "{head}<script type=\"application/json\" id=\"glovebox-signature\">{}</script>{body_end}",
        script_json(signature)
    )
}

/// The report page for `manifest` (see [`super::manifest`]).
#[allow(
    clippy::too_many_lines,
    reason = "every section of the page: split with the typed manifest"
)]
pub fn render(manifest: &Value) -> String {
    let _span = tracing::info_span!("report_html").entered();
    let w = Words::of(manifest);
    let mut o = String::new();
    o.push_str(&format!(
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\">\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\
         <title>{} — {}</title><style>{STYLE}</style></head><body>",
        w.lang,
        w.title,
        escape(&text(&manifest["goal"]))
    ));
    o.push_str(&format!("<h1>{}</h1>", w.title));
    o.push_str(&format!(
        "<p><strong>{}:</strong> {}</p>",
        w.goal,
        escape(&text(&manifest["goal"]))
    ));
    if manifest["status"] == "answered" {
        o.push_str(&format!(
            "<h2>{}</h2><p class=\"answer\">{}</p>",
            w.answer,
            escape(&text(&manifest["answer"]["text"]))
        ));
    } else {
        o.push_str(&format!(
            "<h2>{}</h2><p class=\"answer stopped\">{}</p>",
            w.stopped,
            escape(&text(&manifest["stop_reason"]))
        ));
    }
    let explanation = text(&manifest["explanation"]);
    if !explanation.is_empty() {
        o.push_str(&format!(
            "<h2>{}</h2><p>{}</p>",
            w.explanation,
            escape(&explanation)
        ));
    }
    let charts = manifest["charts"].as_array().cloned().unwrap_or_default();
    if !charts.is_empty() {
        o.push_str(&format!("<h2>{}</h2>", w.charts));
        for chart in &charts {
            o.push_str(&format!(
                "<p><img class=\"chart\" alt=\"{}\" src=\"data:image/svg+xml;base64,{}\"></p>",
                escape(&text(&chart["title"])),
                crate::base64::encode(text(&chart["svg"]).as_bytes())
            ));
        }
    }
    let (internal, shown) = super::manifest::split_tables(manifest);
    if !shown.is_empty() {
        o.push_str(&format!("<h2>{}</h2>", w.tables));
        for t in shown {
            table_html(&mut o, t, w);
        }
    }

    o.push_str(&format!("<h2>{}</h2>", w.how));
    o.push_str(&format!(
        "<h3>{}</h3><table><tr><th>{}</th><th>{}</th><th>sha256</th><th>{}</th><th>{}</th></tr>",
        w.inputs, w.file, w.size, w.rows, w.columns
    ));
    for input in manifest["inputs"].as_array().into_iter().flatten() {
        let columns: Vec<String> = input["columns"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| format!("{} ({})", text(&c["name"]), text(&c["kind"])))
            .collect();
        o.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td><code>{}</code></td><td>{}</td><td>{}</td></tr>",
            escape(&text(&input["name"])),
            escape(&text(&input["size_bytes"])),
            escape(&text(&input["sha256"])),
            escape(&text(&input["row_count"])),
            escape(&columns.join(", "))
        ));
    }
    o.push_str("</table>");
    for t in internal {
        table_html(&mut o, t, w);
    }
    let final_code = text(&manifest["final_code"]);
    o.push_str(&format!(
        "<h3>{}</h3><pre>{}</pre>",
        w.code,
        escape(&final_code)
    ));
    let generated = text(&manifest["generated_code"]);
    if !generated.is_empty() && generated != final_code {
        o.push_str(&format!("<h3>{}</h3><pre>", w.changes));
        match diff::lines(&generated, &final_code) {
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
            None => o.push_str(&escape(&generated)),
        }
        o.push_str("</pre>");
    }
    o.push_str(&format!("<h3>{}</h3>", w.attempts));
    for a in manifest["attempts"].as_array().into_iter().flatten() {
        let verdict = text(&a["policy"]["verdict"]);
        o.push_str(&format!(
            "<p><strong>{} {}</strong> ({}) — {}: {}</p>",
            w.attempt,
            escape(&text(&a["number"])),
            escape(&text(&a["origin"])),
            w.policy,
            escape(&verdict)
        ));
        let findings = a["policy"]["findings"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if findings.is_empty() {
            o.push_str(&format!("<p class=\"muted\">{}</p>", w.no_findings));
        } else {
            o.push_str("<ul>");
            for f in &findings {
                o.push_str(&format!(
                    "<li>line {}: {} <span class=\"muted\">({})</span></li>",
                    escape(&text(&f["line"])),
                    escape(&text(&f["message"])),
                    escape(&text(&f["rule"]))
                ));
            }
            o.push_str("</ul>");
        }
        if !a["approval"].is_null() {
            o.push_str(&format!(
                "<p>{} {}</p>",
                w.approved_by,
                escape(&text(&a["approval"]["by"]))
            ));
        }
        if !a["failure"].is_null() {
            o.push_str(&format!(
                "<p class=\"stopped\">{}</p>",
                escape(&text(&a["failure"]["reason"]))
            ));
        }
    }
    let sandbox = &manifest["sandbox"];
    let usage = &manifest["usage"];
    let attempts_seen = manifest["network_attempts"].as_array().map_or(0, Vec::len);
    o.push_str(&format!(
        "<h3>{}</h3><table>\
         <tr><th>{}</th><td>{} ({})</td></tr>\
         <tr><th>{}</th><td><code>{}</code></td></tr>\
         <tr><th>{}</th><td>wall {} ms, cpu {} ms, peak memory {} bytes</td></tr>\
         <tr><th>image</th><td><code>{}</code> — {}</td></tr>\
         <tr><th>{}</th><td>{}</td></tr></table>",
        w.sandbox,
        w.network,
        w.network_none,
        attempts_seen,
        w.limits,
        escape(&text(&sandbox["limits"])),
        w.usage,
        escape(&text(&usage["wall_ms"])),
        escape(&text(&usage["cpu_ms"])),
        escape(&text(&usage["peak_memory_bytes"])),
        escape(&text(&sandbox["image_digest"])),
        escape(&text(&sandbox["mode"])),
        w.files_read,
        escape(
            &manifest["files_read"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|f| text(&f["path"]))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    ));
    o.push_str(&format!(
        "<h2>{}</h2><p class=\"muted\">run <code>{}</code> · {} → {} · Glovebox {} · audit <code>{}</code> (#{})</p>",
        w.record,
        escape(&text(&manifest["run_id"])),
        escape(&text(&manifest["started_at"])),
        escape(&text(&manifest["finished_at"])),
        escape(&text(&manifest["app_version"])),
        escape(&text(&manifest["audit"]["run_last_entry_hash"])),
        escape(&text(&manifest["audit"]["run_last_entry_seq"])),
    ));
    o.push_str(&format!(
        "<script type=\"application/json\" id=\"glovebox-manifest\">{}</script>",
        script_json(manifest)
    ));
    o.push_str("</body></html>\n");
    o
}
