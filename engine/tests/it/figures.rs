//! Figures the code draws become charts: `plt.savefig` into `/output`,
//! `plt.show()` (seaborn's too) and figures left open are collected by the
//! host, checked, shown as charts drawn by the code, kept in the audit log
//! and exported; files the code writes are listed without `--out`.

use serde_json::Value;

use crate::common::{repo, Scratch};

/// The run's audit entries of `kind` (`glovebox show RUN`).
fn entries(s: &Scratch, run_id: &str, kind: &str) -> Vec<Value> {
    let shown = s.glovebox(&["show", run_id]);
    let all: Value = serde_json::from_slice(&shown.stdout).expect("show json");
    all.as_array()
        .expect("entries")
        .iter()
        .filter(|e| e["kind"] == kind)
        .cloned()
        .collect()
}

fn figures(report: &Value) -> Vec<&Value> {
    report["drawn_charts"]
        .as_array()
        .expect("charts")
        .iter()
        .filter(|c| c["drawn_by_code"] == true)
        .collect()
}

#[test]
fn a_saved_figure_is_a_chart_in_the_report_the_log_and_the_html_export() {
    let s = Scratch::new();
    let shop = repo().join("assets/samples/shop.csv");
    let code = s.file(
        "bar.py",
        "import pandas as pd\nimport matplotlib.pyplot as plt\nimport glovebox\n\
         data = pd.read_csv('/input/shop.csv')\ntotals = data.groupby('region')['units'].sum()\n\
         plt.bar(totals.index, totals.values)\nplt.title('units per region')\n\
         plt.savefig('/output/fig.png')\nglovebox.answer('regions', len(totals), unit='count')\n",
    );
    let (r, exit) = s.run_json(&[shop.as_path()], "units per region", &code, &["--yes"]);
    assert_eq!(exit, 0, "{r}");
    // Listed without --out, with its size; no copy is kept.
    assert_eq!(r["output_files"], serde_json::json!(["fig.png"]));
    let written = &r["files_written"][0];
    assert_eq!(written["name"], "fig.png");
    assert!(
        written["size_bytes"].as_u64().is_some_and(|n| n > 1000),
        "{written}"
    );
    assert_eq!(written["copy"], Value::Null);
    // Saved, so not saved again by the runner: one figure.
    let shown = figures(&r);
    assert_eq!(shown.len(), 1, "{}", r["drawn_charts"]);
    assert_eq!(shown[0]["kind"], "figure");
    assert_eq!(shown[0]["title"], "fig");
    assert_eq!(shown[0]["table"], "fig.png");
    let svg = shown[0]["svg"].as_str().expect("svg");
    assert!(svg.starts_with("<svg") && svg.contains("data:image/png;base64,iVBORw0KGgo"));

    let run_id = r["run_id"].as_str().expect("run id");
    let logged = entries(&s, run_id, "chart");
    let chart = logged
        .iter()
        .find(|e| e["body"]["drawn_by_code"] == true)
        .expect("the figure in the audit log");
    assert_eq!(chart["body"]["svg"].as_str(), Some(svg));
    assert!(chart["body"]["png_base64"]
        .as_str()
        .is_some_and(|p| p.starts_with("iVBORw0KGgo")));
    let sandbox = entries(&s, run_id, "sandbox");
    assert_eq!(
        sandbox[0]["body"]["outcome"]["output_files"][0]["host_path"], "",
        "the private copy is not named in the log"
    );

    let out = s.dir.path().join("report.html");
    let service = format!("glovebox-test-figures-{}", std::process::id());
    let export = s
        .command(&[
            "export",
            run_id,
            "--format",
            "html",
            "--out",
            out.to_str().expect("path"),
        ])
        .env("GLOVEBOX_KEYRING_SERVICE", &service)
        .output()
        .expect("export");
    assert_eq!(
        export.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&export.stderr)
    );
    let page = std::fs::read_to_string(&out).expect("page");
    assert!(
        page.contains(&glovebox_engine::base64::encode(svg.as_bytes())),
        "the figure is in the page"
    );
    assert!(
        page.contains("Drawn by the code: fig"),
        "the figure is labelled"
    );
    let _ = s
        .command(&["key", "delete-signing"])
        .env("GLOVEBOX_KEYRING_SERVICE", &service)
        .output();
}

#[test]
fn shown_and_open_figures_are_saved_and_hostile_images_are_cleaned_or_refused() {
    let s = Scratch::new();
    let shop = repo().join("assets/samples/shop.csv");
    let code = s.file(
        "seaborn.py",
        "import pandas as pd\nimport matplotlib.pyplot as plt\nimport seaborn as sns\nimport glovebox\n\
         data = pd.read_csv('/input/shop.csv')\n\
         sns.barplot(data=data, x='region', y='units')\nplt.show()\n\
         plt.figure()\nplt.plot([1, 2, 3], [3, 1, 2])\n\
         with open('/output/evil.svg', 'w') as f:\n\
         \x20   f.write('<svg onload=\"alert(1)\"><script>alert(2)</script>'\n\
         \x20           '<image href=\"//example.com/x.png\" width=\"1\" height=\"1\"/><rect width=\"5\" height=\"5\"/></svg>')\n\
         with open('/output/fake.png', 'w') as f:\n\
         \x20   f.write('region,units\\n')\n\
         with open('/output/photo.jpg', 'wb') as f:\n\
         \x20   f.write(bytes([255, 216, 255]))\n\
         glovebox.answer('rows', len(data), unit='count')\n",
    );
    let (r, exit) = s.run_json(&[shop.as_path()], "units per region", &code, &["--yes"]);
    assert_eq!(exit, 0, "{r}");
    let shown = figures(&r);
    let titles: Vec<_> = shown
        .iter()
        .map(|c| c["title"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        titles,
        ["evil", "figure 1", "figure 2"],
        "{}",
        r["chart_problems"]
    );
    let evil = shown[0]["svg"].as_str().expect("svg");
    for gone in ["alert", "script", "onload", "example.com"] {
        assert!(!evil.contains(gone), "{gone} kept: {evil}");
    }
    assert!(evil.contains("<rect width=\"5\" height=\"5\"/>"), "{evil}");
    for c in &shown[1..] {
        assert!(c["svg"]
            .as_str()
            .is_some_and(|s| s.contains("data:image/png;base64,")));
    }
    assert_eq!(
        r["chart_problems"],
        serde_json::json!([
            "photo.jpg: only PNG and SVG figures are shown",
            "fake.png: its content is not a PNG image",
        ])
    );
    let run_id = r["run_id"].as_str().expect("run id");
    let logged = entries(&s, run_id, "chart");
    assert_eq!(
        logged
            .iter()
            .filter(|e| e["body"]["drawn_by_code"] == true)
            .count(),
        3
    );
}
