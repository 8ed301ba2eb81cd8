//! `glovebox export RUN --format html --out FILE`: a finished run becomes one
//! self-contained page whose embedded manifest matches the audit log.

use crate::common::{repo, Scratch};

#[test]
fn a_finished_run_exports_as_one_self_contained_page() {
    let s = Scratch::new();
    let shop = repo().join("assets/samples/shop.csv");
    let run = s.glovebox(&[
        "run",
        shop.to_str().expect("path"),
        "--goal",
        "part du chiffre d'affaires par région",
        "--json",
    ]);
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stdout)
    );
    let report: serde_json::Value = serde_json::from_slice(&run.stdout).expect("json");
    let run_id = report["run_id"].as_str().expect("run id");
    let out = s.dir.path().join("report.html");
    let export = s.glovebox(&[
        "export",
        run_id,
        "--format",
        "html",
        "--out",
        out.to_str().expect("path"),
    ]);
    assert_eq!(
        export.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&export.stderr)
    );
    let page = std::fs::read_to_string(&out).expect("report");
    assert!(
        page.starts_with("<!DOCTYPE html>\n<html lang=\"fr\">"),
        "the run's language"
    );
    assert!(
        page.contains("Rapport Glovebox") && page.contains("Comment ce résultat a été calculé")
    );
    for fetch in ["src=\"http", "href=\"http", "url(http", "@import"] {
        assert!(!page.contains(fetch), "no external resource: {fetch}");
    }
    assert!(
        page.contains("data:image/svg+xml;base64,"),
        "the pie chart is inline"
    );
    // The embedded manifest names the run's last audit entry.
    let start = page.find("id=\"glovebox-manifest\">").expect("manifest") + 23;
    let end = start + page[start..].find("</script>").expect("end");
    let manifest: serde_json::Value = serde_json::from_str(&page[start..end]).expect("json");
    assert_eq!(
        manifest["audit"]["run_last_entry_hash"],
        report["audit"]["entry_hash"]
    );
    assert_eq!(
        manifest["inputs"][0]["sha256"],
        report["inputs"][0]["sha256"]
    );
    assert_eq!(manifest["final_code"], report["code"]);

    // Unknown and unfinished runs are refused in plain words.
    let missing = s.glovebox(&["export", "run-nope", "--out", out.to_str().expect("path")]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("there is no run run-nope"));
}
