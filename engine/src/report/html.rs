//! The report as one self-contained HTML page: inline CSS, charts as SVG
//! images (data URIs, so nothing in them can run), no external resource,
//! readable on screen and on paper, in the run's language. The canonical
//! manifest travels inside the page (`<script type="application/json"
//! id="glovebox-manifest">`) for verification.
//!
//! The page reads as an answer first, for the people it is sent to: the
//! question, the answer's values (thousands separators, units), how the
//! question was read, the charts, the explanation and the answer's tables;
//! then the evidence: files with their sha256, the code, its check, the
//! sandbox's limits in human units, the signature. No JSON and no internal
//! table (`validate::INTERNAL_TABLES`) is shown: they stay in the signed
//! manifest. Pages made before this layout (layout 1, `html/v1.rs`) carry no
//! [`LAYOUT_MARKER`] and are rendered again with it to verify.

use serde_json::Value;

use super::diff::{self, DiffLine};
use super::human;
use super::manifest::{Document, Manifest, ManifestStatus};
use super::words::{self, or_empty, text, Words};
use crate::validate::RawTable;

mod v1;

/// In the head of every page of the answer-first layout (layout 2); a page
/// without it is a layout 1 page.
pub const LAYOUT_MARKER: &str = "<meta name=\"glovebox-layout\" content=\"2\">";

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
h1{font-size:1.5rem;margin:.2rem 0 1rem}h2{font-size:1.15rem;border-bottom:1px solid #ccc;padding-bottom:.2rem;margin-top:2rem}h3{font-size:1rem;margin-top:1.5rem}\
.meta{color:#555;font-size:.85rem;margin:0}.values{display:flex;flex-wrap:wrap;gap:.75rem;margin:.75rem 0;padding:0}\
.value{border:1px solid #d0d7de;border-radius:6px;padding:.5rem .9rem;min-width:9rem}.value dt{font-size:.85rem;color:#444}\
.value dd{margin:0;font-size:1.5rem;font-weight:600;font-variant-numeric:tabular-nums}\
.answer{font-size:1.3rem;font-weight:600;margin:.6rem 0}.stopped{color:#a1260d}\
table{border-collapse:collapse;margin:.5rem 0;font-size:.9rem}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left;vertical-align:top}\
td.num{text-align:right;font-variant-numeric:tabular-nums}th{background:#f3f3f3}\
pre{background:#f6f8fa;padding:.6rem;overflow-x:auto;font-size:.85rem;white-space:pre-wrap}\
.add{background:#e6ffec}.del{background:#ffebe9}.muted{color:#666;font-size:.85rem}img.chart{max-width:100%;max-height:30rem;border:1px solid #eee}\
.evidence{margin-top:3rem;border-top:3px solid #1d1d1f}code{word-break:break-all}\
@media print{body{margin:0;max-width:none}pre,table,img,.values{page-break-inside:avoid}.evidence{page-break-before:always;border-top:none}}";

/// A result table with its numbers as people write them (right-aligned;
/// a year column not grouped).
fn table_html(out: &mut String, table: &RawTable, w: &Words, lang: crate::lang::Lang) {
    out.push_str(&format!("<h3>{}</h3><table><tr>", escape(&table.name)));
    for c in &table.columns {
        out.push_str(&format!("<th>{}</th>", escape(c)));
    }
    out.push_str("</tr>");
    let years: Vec<bool> = table
        .columns
        .iter()
        .map(|c| human::is_year_column(c))
        .collect();
    for row in table.rows.iter().take(MAX_ROWS_SHOWN) {
        out.push_str("<tr>");
        for (i, value) in row.iter().enumerate() {
            let class = if matches!(value, crate::validate::RawValue::Number(_)) {
                " class=\"num\""
            } else {
                ""
            };
            let shown = human::cell(value, lang, years.get(i).copied().unwrap_or(false));
            out.push_str(&format!("<td{class}>{}</td>", escape(&shown)));
        }
        out.push_str("</tr>");
    }
    out.push_str("</table>");
    if table.total_rows as usize > MAX_ROWS_SHOWN {
        out.push_str(&format!(
            "<p class=\"muted\">+{} {}</p>",
            human::number((table.total_rows as usize - MAX_ROWS_SHOWN) as f64, lang),
            w.more_rows
        ));
    }
}

/// The page with its signature block (see [`super::sign`]).
pub fn render_signed(manifest: &Document, signature: &Value) -> String {
    page(manifest, Some(signature))
}

/// The signed page `found` should be: in the layout it was made with
/// (layout 1 when it carries no [`LAYOUT_MARKER`]), so reports exported
/// before the answer-first layout still verify.
pub fn render_signed_as(found: &str, manifest: &Document, signature: &Value) -> String {
    if found.contains(LAYOUT_MARKER) {
        render_signed(manifest, signature)
    } else {
        let page = v1::render(manifest);
        let body_end = "</body></html>\n";
        let head = page.strip_suffix(body_end).unwrap_or(&page);
        format!(
            "{head}<script type=\"application/json\" id=\"glovebox-signature\">{}</script>{body_end}",
            script_json(signature)
        )
    }
}

/// The report page for `manifest` (see [`super::manifest::Manifest`]),
/// unsigned: the typed manifest shown, its JSON carried as it is.
pub fn render(manifest: &Document) -> String {
    page(manifest, None)
}

fn page(manifest: &Document, signature: Option<&Value>) -> String {
    let _span = tracing::info_span!("report_html").entered();
    let m = manifest.manifest();
    let w = Words::of(m.lang);
    let mut o = String::new();
    o.push_str(&format!(
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\">{LAYOUT_MARKER}\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{} — {}</title><style>{STYLE}</style></head><body>",
        w.lang,
        escape(&m.goal),
        w.title,
    ));
    header(&mut o, m, w);
    o.push_str("<main><section class=\"answer-first\">");
    answer(&mut o, m, w);
    reading(&mut o, m, w);
    charts(&mut o, m, w);
    let explanation = or_empty(m.explanation.as_ref());
    if !explanation.is_empty() {
        o.push_str(&format!(
            "<h2>{}</h2><p class=\"explanation\">{}</p>",
            w.explanation,
            escape(explanation)
        ));
    }
    let (_internal, shown) = m.split_tables();
    if !shown.is_empty() {
        o.push_str(&format!("<h2>{}</h2>", w.tables));
        for t in shown {
            table_html(&mut o, t, w, m.lang);
        }
    }
    notes(&mut o, m, w);
    o.push_str(&format!(
        "</section><section class=\"evidence\"><h2>{}</h2><p class=\"muted\">{}</p>",
        w.evidence, w.evidence_intro
    ));
    inputs(&mut o, m, w);
    code(&mut o, m, w);
    printed(&mut o, m, w);
    attempts(&mut o, m, w);
    sandbox(&mut o, m, w);
    signed(&mut o, signature, w);
    record(&mut o, m, w);
    o.push_str("</section></main>");
    o.push_str(&format!(
        "<script type=\"application/json\" id=\"glovebox-manifest\">{}</script>",
        script_json(manifest.json())
    ));
    if let Some(signature) = signature {
        o.push_str(&format!(
            "<script type=\"application/json\" id=\"glovebox-signature\">{}</script>",
            script_json(signature)
        ));
    }
    o.push_str("</body></html>\n");
    o
}

/// The top: what this is, when it was made, from which files; the question.
fn header(o: &mut String, m: &Manifest, w: &Words) {
    let files: Vec<&str> = m.inputs.iter().map(|i| i.name.as_str()).collect();
    let mut meta = format!("{} · {}", w.title, human::when(&m.finished_at));
    if !files.is_empty() {
        meta.push_str(&format!(" · {} {}", w.files_label, files.join(", ")));
    }
    o.push_str(&format!(
        "<header><p class=\"meta\">{}</p><p class=\"meta\">{}</p><h1 class=\"question\">{}</h1></header>",
        escape(&meta),
        w.goal,
        escape(&m.goal)
    ));
}

/// The answer's values with their units, or why there is none.
fn answer(o: &mut String, m: &Manifest, w: &Words) {
    if m.status != ManifestStatus::Answered {
        o.push_str(&format!(
            "<h2>{}</h2><p class=\"answer stopped\">{}</p>",
            w.stopped,
            escape(or_empty(m.stop_reason.as_ref()))
        ));
        return;
    }
    o.push_str(&format!("<h2>{}</h2>", w.answer));
    let values = words::answer_values(m);
    if values.is_empty() {
        o.push_str(&format!(
            "<p class=\"answer\">{}</p>",
            escape(m.answer.as_ref().map_or("", |a| a.text.as_str()))
        ));
        return;
    }
    o.push_str("<dl class=\"values\">");
    for (name, shown) in values {
        o.push_str(&format!(
            "<div class=\"value\"><dt>{}</dt><dd>{}</dd></div>",
            escape(&name),
            escape(&shown)
        ));
    }
    o.push_str("</dl>");
    if let Some(tie) = words::tie_sentence(m, w) {
        o.push_str(&format!(
            "<p class=\"tie\"><strong>{}</strong></p>",
            escape(&tie)
        ));
    }
}

/// How the question was read, with its assumptions.
fn reading(o: &mut String, m: &Manifest, w: &Words) {
    let Some(reading) = &m.interpretation else {
        return;
    };
    o.push_str(&format!(
        "<p class=\"reading\"><strong>{}</strong> {}</p>",
        w.read_as,
        escape(&reading.sentence)
    ));
    if !reading.assumptions.is_empty() {
        o.push_str("<ul class=\"assumptions\">");
        for a in &reading.assumptions {
            o.push_str(&format!(
                "<li><strong>{}</strong> {}</li>",
                w.assumed,
                escape(&a.text)
            ));
        }
        o.push_str("</ul>");
    }
}

/// The charts, as SVG images.
fn charts(o: &mut String, m: &Manifest, w: &Words) {
    if m.charts.is_empty() {
        return;
    }
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

/// The result's notes (values left out, and why).
fn notes(o: &mut String, m: &Manifest, w: &Words) {
    let notes = m.result.notes.as_deref().unwrap_or_default();
    if notes.is_empty() {
        return;
    }
    o.push_str(&format!("<h3>{}</h3><ul class=\"notes\">", w.notes));
    for n in notes {
        o.push_str(&format!("<li>{}</li>", escape(n)));
    }
    o.push_str("</ul>");
}

/// The files read: name, size, rows, sha256; their columns below.
fn inputs(o: &mut String, m: &Manifest, w: &Words) {
    o.push_str(&format!(
        "<h3>{}</h3><table><tr><th>{}</th><th>{}</th><th>{}</th><th>sha256</th></tr>",
        w.inputs, w.file, w.size, w.rows
    ));
    for input in &m.inputs {
        o.push_str(&format!(
            "<tr><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td><code>{}</code></td></tr>",
            escape(&input.name),
            escape(&human::memory(input.size_bytes, m.lang)),
            escape(&human::number(input.row_count as f64, m.lang)),
            escape(&input.sha256),
        ));
    }
    o.push_str("</table>");
    for input in &m.inputs {
        o.push_str(&format!(
            "<p class=\"muted\"><strong>{}</strong> — {}{} {}</p>",
            escape(&input.name),
            w.columns,
            w.colon,
            escape(&words::columns_in_words(input, w))
        ));
    }
}

/// The code that ran, and its changes from the generated code.
fn code(o: &mut String, m: &Manifest, w: &Words) {
    let final_code = or_empty(m.final_code.as_ref());
    let heading = if m.usage.is_some() {
        w.code
    } else {
        w.code_not_run
    };
    o.push_str(&format!(
        "<h3>{heading}</h3><pre class=\"code\">{}</pre>",
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

/// What the code printed, as text (never markup), and whether it is only
/// the start of it.
fn printed(o: &mut String, m: &Manifest, w: &Words) {
    let Some(printed) = &m.printed else {
        return;
    };
    o.push_str(&format!(
        "<h3>{}</h3><p class=\"muted\">{}</p><pre class=\"printed\">{}</pre>",
        w.printed,
        w.printed_intro,
        escape(&printed.text)
    ));
    if printed.cut {
        o.push_str(&format!(
            "<p class=\"muted\">{} {}.</p>",
            w.printed_cut,
            escape(&human::memory(printed.total_bytes, m.lang))
        ));
    }
}

/// Each attempt in words: who wrote it, the check's verdict and findings,
/// its approval and failure.
fn attempts(o: &mut String, m: &Manifest, w: &Words) {
    o.push_str(&format!("<h3>{}</h3>", w.policy));
    for a in &m.attempts {
        let origin = words::origin_words(a, w);
        let who = if origin.is_empty() {
            String::new()
        } else {
            format!(" ({})", escape(&origin))
        };
        o.push_str(&format!(
            "<p><strong>{} {}</strong>{who}{} {}</p>",
            w.attempt,
            a.number,
            w.colon,
            words::verdict_words(a, w)
        ));
        let findings = words::findings(a);
        if !findings.is_empty() {
            o.push_str("<ul>");
            for f in findings {
                o.push_str(&format!(
                    "<li>{} {}{} {}</li>",
                    w.line,
                    f.line,
                    w.colon,
                    escape(&f.message)
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

/// The sandbox in words: network, time and memory against their limits.
fn sandbox(o: &mut String, m: &Manifest, w: &Words) {
    o.push_str(&format!("<h3>{}</h3><table class=\"sandbox\">", w.sandbox));
    for (label, value) in words::sandbox_rows(m, w) {
        o.push_str(&format!(
            "<tr><th>{}</th><td>{}</td></tr>",
            escape(&label),
            escape(&value)
        ));
    }
    o.push_str("</table>");
}

/// Who signed the page, and how a reader checks it.
fn signed(o: &mut String, signature: Option<&Value>, w: &Words) {
    o.push_str(&format!("<h3>{}</h3>", w.signature));
    match signature {
        Some(s) => o.push_str(&format!(
            "<p>{} <code>{}</code>.</p><p class=\"muted\">{}</p>",
            w.signed_with,
            escape(&text(&s["fingerprint"])),
            w.verify_how
        )),
        None => o.push_str(&format!("<p class=\"muted\">{}</p>", w.unsigned)),
    }
}

/// The run, its times, the version and its last audit entry.
fn record(o: &mut String, m: &Manifest, w: &Words) {
    o.push_str(&format!(
        "<h3>{}</h3><p class=\"muted\">{} <code>{}</code> · {} · Glovebox {} · {} #{} <code>{}</code></p>",
        w.record,
        w.run,
        escape(&m.run_id),
        escape(&human::span(&m.started_at, &m.finished_at)),
        escape(&m.app_version),
        w.audit_entry,
        m.audit.run_last_entry_seq,
        escape(&m.audit.run_last_entry_hash),
    ));
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// The sample manifest of `tests/reports/` (a real French run), with
    /// `edit` applied.
    fn sample(edit: impl FnOnce(&mut Value)) -> Document {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/reports");
        let mut m: Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join("sample-manifest.json")).expect("manifest"),
        )
        .expect("json");
        edit(&mut m);
        Document::read(m).expect("a manifest")
    }

    /// The sample as an English run whose answer is 6109.2 (North) and
    /// 5394.6 (East) of revenue, with a usage that knows its limits.
    fn english() -> Document {
        sample(|m| {
            m["lang"] = json!("en");
            m["answer"] = json!({
                "text": "total revenue (North): 6109.2; total revenue (East): 5394.6",
                "values": {"total revenue (North)": 6109.2, "total revenue (East)": 5394.6},
                "items": [
                    {"name": "total revenue (North)", "value": 6109.2},
                    {"name": "total revenue (East)", "value": 5394.6, "unit": "EUR"},
                ],
            });
            m["result"]["tables"][0]["rows"] = json!([["North", 6109.2], ["East", 5394.6]]);
            m["usage"]["cpu_limit_ms"] = json!(60_000);
            m["usage"]["wall_limit_ms"] = json!(600_000);
        })
    }

    /// The page without what is not meant to be read as prose: the style
    /// sheet, the code (which names its own tables) and the embedded JSON.
    fn human_part(page: &str) -> String {
        let mut out = page.to_owned();
        for (open, close) in [
            ("<style>", "</style>"),
            ("<pre", "</pre>"),
            ("<script", "</script>"),
        ] {
            while let Some(start) = out.find(open) {
                let end = start + out[start..].find(close).expect("closed") + close.len();
                out.replace_range(start..end, "");
            }
        }
        out
    }

    #[test]
    fn the_human_page_shows_no_json_no_internal_table_no_raw_bytes() {
        for doc in [sample(|_| {}), english()] {
            let page = render_signed(&doc, &json!({"fingerprint": "ab12"}));
            let human = human_part(&page);
            assert!(
                !human.contains('{') && !human.contains('}'),
                "JSON on the page"
            );
            for internal in ["rows_used", "row_counts", "date_range", "joined"] {
                assert!(!human.contains(internal), "{internal} on the page");
            }
            // The manifest's byte counts: peak memory, memory limit, /tmp, file size.
            for raw in ["42614784", "1073741824", "268435456", "6050"] {
                assert!(!human.contains(raw), "{raw} on the page");
            }
            assert!(!human.contains("bytes") && !human.contains("allow<"));
            // The internal tables are still in the signed manifest.
            assert!(page.contains("\"name\":\"rows_used\""));
        }
    }

    #[test]
    fn the_answer_comes_before_the_evidence_and_the_code() {
        let page = render(&english());
        let at = |needle: &str| page.find(needle).unwrap_or_else(|| panic!("{needle}"));
        let question = at("<h1 class=\"question\">");
        let answer = at("<dd>6,109.2</dd>");
        let chart = at("<img class=\"chart\"");
        let explanation = at("<p class=\"explanation\">");
        let evidence = at("<section class=\"evidence\">");
        let code = at("<pre class=\"code\">");
        assert!(question < answer && answer < chart && chart < explanation);
        assert!(explanation < evidence && evidence < code);
    }

    #[test]
    fn values_have_thousands_separators_in_the_report_s_language() {
        let en = render(&english());
        assert!(en.contains("<dd>6,109.2</dd>"), "English answer");
        assert!(en.contains("<dd>€5,394.6</dd>"), "a currency");
        assert!(
            en.contains("<td class=\"num\">6,109.2</td>"),
            "English cell"
        );
        let fr = render(&sample(|m| {
            m["answer"]["items"] = json!([{"name": "total", "value": 6109.2}]);
            m["result"]["tables"][0]["rows"] = json!([["North", 6109.2]]);
        }));
        assert!(fr.contains("<dd>6\u{202F}109,2</dd>"), "French answer");
        assert!(
            fr.contains("<td class=\"num\">6\u{202F}109,2</td>"),
            "French cell"
        );
        // The sample's own answer: percentages, French style.
        let sample = render(&sample(|_| {}));
        assert!(sample.contains("<dd>27,4\u{202F}%</dd>"));
    }

    #[test]
    fn limits_and_the_check_are_said_in_words() {
        let page = render(&english());
        // cpu 605 ms of 60,000; wall 596 ms of 600,000; memory 42,614,784
        // bytes (40.6 MiB) of 1,073,741,824 (1 GiB).
        assert!(
            page.contains("<td>0.6 s — limit: 1 min</td>"),
            "processor time"
        );
        assert!(page.contains("<td>0.6 s — stopped at the latest after 10 min</td>"));
        assert!(page.contains("<td>40.6 MiB at the peak — limit: 1 GiB</td>"));
        assert!(page.contains("none: the code could not reach the network; no attempt was made"));
        assert!(page.contains("The code was checked: allowed."));
        assert!(page.contains("<td class=\"num\">5.9 KiB</td>"), "file size");
    }

    /// A run the check refused: the reason first, the code said not to
    /// have run, the verdict and its finding in words, no empty rows.
    #[test]
    fn a_refused_run_says_why_in_words() {
        let doc = sample(|m| {
            m["lang"] = json!("en");
            m["status"] = json!("blocked");
            m["stop_reason"] = json!("line 1: the code imports socket");
            m["answer"] = Value::Null;
            m["explanation"] = Value::Null;
            m["usage"] = Value::Null;
            m["files_read"] = Value::Null;
            m["charts"] = json!([]);
            m["result"] = json!({});
            m["attempts"][0]["origin"] = json!("user");
            m["attempts"][0]["policy"] = json!({"verdict": "deny", "findings": [
                {"line": 1, "rule": "import_socket", "severity": "deny",
                 "message": "the code imports socket"}]});
        });
        let page = render_signed(&doc, &json!({"fingerprint": "ab12"}));
        let at = |needle: &str| page.find(needle).unwrap_or_else(|| panic!("{needle}"));
        assert!(
            at("<h2>No answer</h2><p class=\"answer stopped\">line 1: the code imports socket</p>")
                < at("<section class=\"evidence\">")
        );
        assert!(page.contains("<h3>The code (it did not run)</h3>"));
        assert!(
            page.contains("(written or edited by the person): The code was checked: refused.</p>")
        );
        assert!(page.contains("<li>line 1: the code imports socket</li>"));
        assert!(!page.contains("<td></td>") && !page.contains("import_socket<"));
        assert!(!human_part(&page).contains('{'));
    }

    /// A format-2 manifest whose code printed markup and more than a
    /// report keeps: shown as text in the evidence, after the code, with
    /// how much was printed in all.
    #[test]
    fn what_the_code_printed_is_shown_as_text_after_the_code() {
        let doc = sample(|m| {
            m["lang"] = json!("en");
            m["glovebox_report"] = json!(2);
            m["printed"] = json!({"text": "<script>alert(1)</script>\nrows: 120 & more",
                "total_bytes": 2_500_000, "cut": true});
        });
        let page = render_signed(&doc, &json!({"fingerprint": "ab12"}));
        assert!(page.contains(
            "<h3>What the code printed</h3><p class=\"muted\">The messages the code wrote as it ran: a log, not the checked answer.</p>\
             <pre class=\"printed\">&lt;script&gt;alert(1)&lt;/script&gt;\nrows: 120 &amp; more</pre>"
        ));
        // 2,500,000 bytes are 2.4 MiB.
        assert!(page.contains("Only the beginning is shown; in all, the code printed 2.4 MiB."));
        assert!(!page.contains("<script>alert"));
        let at = |needle: &str| page.find(needle).unwrap_or_else(|| panic!("{needle}"));
        assert!(at("<pre class=\"code\">") < at("<pre class=\"printed\">"));
        assert!(at("<section class=\"evidence\">") < at("<pre class=\"printed\">"));
        // Nothing printed: no heading.
        assert!(!render(&english()).contains("What the code printed"));
    }

    /// Two regions with the same top value: a format-2 report says the tie
    /// under the tiles; a format-1 one renders as it was signed.
    #[test]
    fn a_tie_is_said_under_the_tiles_from_format_2_on() {
        let tied = |format: u32| {
            sample(|m| {
                m["lang"] = json!("en");
                m["glovebox_report"] = json!(format);
                m["answer"]["items"] = json!([
                    {"name": "region with the highest total revenue", "value": "North, South"},
                    {"name": "total revenue (highest)", "value": 6109.2},
                ]);
                m["result"]["notes"] = json!(["These groups tie for first place: North, South"]);
            })
        };
        let page = render(&tied(2));
        assert!(page.contains(
            "<p class=\"tie\"><strong>A tie for region with the highest total revenue: North, South (2 share this place).</strong></p>"
        ));
        let at = |needle: &str| page.find(needle).unwrap_or_else(|| panic!("{needle}"));
        assert!(at("<dd>6,109.2</dd>") < at("<p class=\"tie\">"));
        assert!(at("<p class=\"tie\">") < at("<section class=\"evidence\">"));
        assert!(!render(&tied(1)).contains("class=\"tie\""));
        // French, from the recipe's French note.
        let fr = render(&sample(|m| {
            m["glovebox_report"] = json!(2);
            m["answer"]["items"] = json!([{"name": "region", "value": "Nord, Sud, Est"}]);
            m["result"]["notes"] = json!(["Ces groupes sont ex aequo en tête : Nord, Sud, Est"]);
        }));
        assert!(
            fr.contains("Ex aequo pour region\u{a0}: Nord, Sud, Est (3 partagent cette place).")
        );
        // No tie note, no sentence.
        assert!(!render(&sample(|m| m["glovebox_report"] = json!(2))).contains("class=\"tie\""));
    }

    #[test]
    fn the_signature_section_names_the_key_and_text_from_data_stays_text() {
        let doc = sample(|m| {
            m["goal"] = json!("<script>alert(1)</script>");
            m["answer"]["items"] = json!([{"name": "<img src=x onerror=alert(2)>", "value": 1}]);
        });
        let page = render_signed(&doc, &json!({"fingerprint": "<b>fe81</b>"}));
        assert!(page.contains("<code>&lt;b&gt;fe81&lt;/b&gt;</code>"));
        assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(page.contains("<dt>&lt;img src=x onerror=alert(2)&gt;</dt>"));
        assert!(!human_part(&page).contains("<img src=x"));
        assert!(render(&doc).contains("Cette page n'est pas signée."));
    }
}
