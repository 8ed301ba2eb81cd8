//! The manifest of a run: everything a reader needs to trust a result,
//! taken only from the run's audit entries, as canonical JSON.

use serde_json::{json, Map, Value};

use sha2::{Digest, Sha256};

use crate::audit::{AuditError, AuditStore, Entry};

/// Version of the manifest format.
pub const REPORT_FORMAT: u32 = 1;

/// Why a report cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// No entry has this run id.
    #[error("there is no run {0} in the audit log")]
    NoSuchRun(String),
    /// The run has no final entry yet.
    #[error("run {0} has not finished; export it once it has")]
    Unfinished(String),
    /// The audit log failed.
    #[error(transparent)]
    Audit(#[from] AuditError),
}

fn pick(body: &Value, keys: &[&str]) -> Value {
    let mut out = Map::new();
    for k in keys {
        if let Some(v) = body.get(*k) {
            out.insert((*k).to_owned(), v.clone());
        }
    }
    Value::Object(out)
}

fn attempt_of(e: &Entry) -> u64 {
    e.body["attempt"].as_u64().unwrap_or(1)
}

/// The PNG of a `chart` audit entry.
fn chart_png(e: &Entry) -> Option<Vec<u8>> {
    e.body["png_base64"].as_str().and_then(base64_decode)
}

/// Standard base64 (RFC 4648, padding optional) decoded; `None` when it is not.
pub fn base64_decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let (mut acc, mut bits) = (0u32, 0u32);
    for b in text.trim_end_matches('=').bytes() {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

/// The chart images of `run_id`, in the order of the manifest's `charts`
/// (an empty image for a chart recorded without one).
pub fn chart_pngs(store: &AuditStore, run_id: &str) -> Result<Vec<Vec<u8>>, ReportError> {
    Ok(store
        .run_entries(run_id)?
        .iter()
        .filter(|e| e.kind == "chart")
        .map(|e| chart_png(e).unwrap_or_default())
        .collect())
}

/// The manifest of `run_id`, built from its audit entries.
pub fn manifest(store: &AuditStore, run_id: &str) -> Result<Value, ReportError> {
    let _span = tracing::info_span!("report_manifest", %run_id).entered();
    let entries = store.run_entries(run_id)?;
    let Some(started) = entries.iter().find(|e| e.kind == "run_started") else {
        return Err(ReportError::NoSuchRun(run_id.to_owned()));
    };
    let Some(finished) = entries
        .iter()
        .rev()
        .find(|e| e.kind == "run_finished" || e.kind == "run_interrupted")
    else {
        return Err(ReportError::Unfinished(run_id.to_owned()));
    };
    let Some(last) = entries.last() else {
        return Err(ReportError::NoSuchRun(run_id.to_owned()));
    };

    let inputs: Vec<Value> = entries
        .iter()
        .filter(|e| e.kind == "input")
        .map(|e| {
            let mut input = pick(
                &e.body,
                &[
                    "name",
                    "size_bytes",
                    "sha256",
                    "encoding",
                    "bom",
                    "delimiter",
                    "decimal_comma",
                    "has_header",
                    "row_count",
                ],
            );
            let columns: Vec<Value> = e.body["columns"]
                .as_array()
                .map(|cols| {
                    cols.iter()
                        .map(|c| pick(c, &["name", "kind", "empty_cells"]))
                        .collect()
                })
                .unwrap_or_default();
            input["columns"] = Value::Array(columns);
            input
        })
        .collect();

    let numbers: std::collections::BTreeSet<u64> = entries
        .iter()
        .filter(|e| matches!(e.kind.as_str(), "code" | "policy" | "sandbox" | "result"))
        .map(attempt_of)
        .collect();
    let of_attempt = |kind: &str, n: u64| {
        entries
            .iter()
            .find(|e| e.kind == kind && attempt_of(e) == n)
            .map(|e| e.body.clone())
    };
    let attempts: Vec<Value> = numbers
        .iter()
        .map(|&n| {
            let code = of_attempt("code", n).unwrap_or(Value::Null);
            let outcome = of_attempt("sandbox", n).map(|s| {
                pick(
                    &s["outcome"],
                    &[
                        "exit_code",
                        "signal",
                        "timed_out",
                        "oom_killed",
                        "pids_limit_hit",
                        "cancelled",
                        "usage",
                        "network_attempts",
                        "network_attempts_total",
                        "image_digest",
                        "mode",
                        "output_files",
                    ],
                )
            });
            let failure = entries
                .iter()
                .find(|e| {
                    matches!(
                        e.kind.as_str(),
                        "attempt_failed" | "generation_failed" | "sandbox_error"
                    ) && attempt_of(e) == n
                })
                .map(|e| e.body.clone());
            json!({
                "number": n,
                "origin": code["origin"],
                "code": code["text"],
                "policy": of_attempt("policy", n).map(|p| p["report"].clone()),
                "approval": of_attempt("approval", n),
                "sandbox": outcome,
                "failure": failure,
            })
        })
        .collect();

    let codes: Vec<&Entry> = entries.iter().filter(|e| e.kind == "code").collect();
    // The app records the code it showed before the person edited it.
    let generated = entries
        .iter()
        .find(|e| e.kind == "generated_code")
        .or_else(|| codes.iter().copied().find(|e| e.body["origin"] != "user"))
        .map(|e| e.body["text"].clone());
    let final_code = codes.last().map(|e| e.body["text"].clone());
    let result = entries
        .iter()
        .rev()
        .find(|e| e.kind == "result")
        .map(|e| e.body["result"].clone())
        .unwrap_or(Value::Null);
    let last_sandbox = entries
        .iter()
        .rev()
        .find(|e| e.kind == "sandbox")
        .map(|e| e.body["outcome"].clone())
        .unwrap_or(Value::Null);
    // The PNG is named by its sha256 (the PDF report carries the image).
    let charts: Vec<Value> = entries
        .iter()
        .filter(|e| e.kind == "chart")
        .map(|e| {
            let mut chart = pick(&e.body, &["kind", "title", "table", "svg"]);
            if let Some(png) = chart_png(e) {
                chart["png_sha256"] = json!(hex::encode(Sha256::digest(&png)));
            }
            chart
        })
        .collect();

    Ok(json!({
        "glovebox_report": REPORT_FORMAT,
        "app_version": env!("CARGO_PKG_VERSION"),
        "run_id": run_id,
        "goal": started.body["goal"],
        "lang": started.body["lang"],
        "provider": started.body["provider"],
        "started_at": started.at,
        "finished_at": finished.at,
        "status": if finished.kind == "run_interrupted" { json!("interrupted") } else { finished.body["status"].clone() },
        "stop_kind": finished.body.get("stop_kind"),
        "stop_reason": finished.body.get("stop_reason"),
        "answer": finished.body.get("answer"),
        "explanation": finished.body.get("explanation"),
        "inputs": inputs,
        "generated_code": generated,
        "final_code": final_code,
        "attempts": attempts,
        "sandbox": {
            "network": "none",
            "limits": started.body["limits"],
            "image_digest": last_sandbox["image_digest"],
            "mode": last_sandbox["mode"],
        },
        "usage": last_sandbox["usage"],
        "files_read": result["files_opened"],
        "network_attempts": last_sandbox["network_attempts"],
        "result": pick(&result, &["answers", "tables", "charts", "notes"]),
        "charts": charts,
        "audit": {
            "run_last_entry_hash": last.hash,
            "run_last_entry_seq": last.seq,
            "run_entries": entries.len(),
        },
    }))
}

/// The result tables of a manifest as reports show them: the internal ones
/// (`pipeline::INTERNAL_TABLES`, shown under "how it was computed") and the
/// answer's own, each in manifest order.
pub fn split_tables(manifest: &Value) -> (Vec<&Value>, Vec<&Value>) {
    manifest["result"]["tables"]
        .as_array()
        .into_iter()
        .flatten()
        .partition(|t| crate::pipeline::INTERNAL_TABLES.contains(&t["name"].as_str().unwrap_or("")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::html;

    /// A run as the pipeline records it, with text from the data that must
    /// stay text.
    fn recorded_run(store: &mut AuditStore) -> String {
        let run = "run-test0001".to_owned();
        let hostile = "total <script>alert(1)</script> & \"more\"";
        store
            .append(&run, "run_started", &json!({"goal": hostile, "lang": "en", "provider": "offline", "files": ["/home/u/shop.csv"], "limits": {"memory_bytes": 1073741824u64}}))
            .expect("append");
        store
            .append(&run, "input", &json!({"name": "shop.csv", "path": "/home/u/shop.csv", "size_bytes": 10, "sha256": "ab", "encoding": "UTF-8", "bom": false, "delimiter": ",", "decimal_comma": false, "has_header": true, "row_count": 2, "columns": [{"name": "a</td>", "kind": "integer", "empty_cells": 0}], "preview": [["1"]]}))
            .expect("append");
        store
            .append(
                &run,
                "code",
                &json!({"attempt": 1, "origin": "offline", "text": "x = 1\nprint('</script>')\n"}),
            )
            .expect("append");
        store
            .append(
                &run,
                "policy",
                &json!({"attempt": 1, "report": {"verdict": "allow", "findings": []}}),
            )
            .expect("append");
        store
            .append(&run, "sandbox", &json!({"attempt": 1, "limits": {}, "outcome": {"exit_code": 0, "usage": {"wall_ms": 5, "cpu_ms": 4, "peak_memory_bytes": 1000}, "network_attempts": [], "image_digest": "sha256:00", "mode": "root"}}))
            .expect("append");
        store
            .append(&run, "result", &json!({"attempt": 1, "result": {"answers": [], "tables": [{"name": "t<b>", "columns": ["c"], "rows": [["<img src=x onerror=alert(1)>"]], "total_rows": 1}], "charts": [], "notes": [], "files_opened": [{"path": "/input/shop.csv"}]}}))
            .expect("append");
        store
            .append(&run, "chart", &json!({"kind": "bar", "title": "t", "table": "t<b>", "svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>a</text></svg>", "png_base64": "iVBOR"}))
            .expect("append");
        store
            .append(&run, "run_finished", &json!({"status": "answered", "answer": {"text": "a: 1 <b>", "values": {"a": 1}}, "explanation": "Computed <it>."}))
            .expect("append");
        run
    }

    #[test]
    fn base64_reads_back_what_the_report_writes() {
        for bytes in [&b""[..], b"a", b"ab", b"abc", b"\x89PNG\r\n\x1a\n\xff\x00"] {
            assert_eq!(base64_decode(&html::base64(bytes)).as_deref(), Some(bytes));
        }
        assert_eq!(base64_decode("a*b"), None);
    }

    #[test]
    fn manifest_is_canonical_and_taken_from_the_log() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut store = AuditStore::open(&dir.path().join("a.sqlite3")).expect("store");
        let run = recorded_run(&mut store);
        let m = manifest(&store, &run).expect("manifest");
        let again = manifest(&store, &run).expect("manifest");
        assert_eq!(
            serde_json::to_string(&m).expect("json"),
            serde_json::to_string(&again).expect("json")
        );
        assert_eq!(m["status"], "answered");
        assert_eq!(m["inputs"][0]["sha256"], "ab");
        assert!(
            m["inputs"][0].get("path").is_none(),
            "no host paths in reports"
        );
        assert_eq!(m["attempts"][0]["policy"]["verdict"], "allow");
        assert_eq!(m["audit"]["run_entries"], 8);
        let last = store
            .run_entries(&run)
            .expect("entries")
            .pop()
            .expect("last");
        assert_eq!(m["audit"]["run_last_entry_hash"], last.hash.as_str());
        assert!(matches!(
            manifest(&store, "run-none"),
            Err(ReportError::NoSuchRun(_))
        ));
    }

    #[test]
    fn html_is_self_contained_and_text_from_data_stays_text() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut store = AuditStore::open(&dir.path().join("a.sqlite3")).expect("store");
        let run = recorded_run(&mut store);
        let m = manifest(&store, &run).expect("manifest");
        let page = html::render(&m);
        // One <script>, the manifest, and it is JSON, not code.
        assert_eq!(page.matches("<script").count(), 1);
        assert!(page.contains("<script type=\"application/json\" id=\"glovebox-manifest\">"));
        assert!(!page.contains("<img src=x"), "cell text escaped");
        assert!(page.contains("&lt;img src=x onerror=alert(1)&gt;"));
        assert!(!page.contains("<b>") && !page.contains("<it>"));
        // Nothing is fetched: no http(s) source or link; the chart is a data URI.
        for bad in ["src=\"http", "href=\"http", "url(http", "@import"] {
            assert!(!page.contains(bad), "{bad}");
        }
        assert!(page.contains("src=\"data:image/svg+xml;base64,"));
        // The embedded manifest reads back as the manifest.
        let start = page.find("id=\"glovebox-manifest\">").expect("manifest") + 23;
        let end = start + page[start..].find("</script>").expect("end");
        let embedded: Value = serde_json::from_str(&page[start..end]).expect("json");
        assert_eq!(embedded, m);
    }
}
