//! `glovebox run --out DIR`: the report, the code that ran, the charts (SVG
//! and PNG) and the files the code wrote to `/output` land in DIR; charts are
//! in the audit log too.

use crate::common::{repo, Scratch};

#[test]
fn out_dir_holds_report_code_charts_and_output_files() {
    let s = Scratch::new();
    let out = s.dir.path().join("results");
    let shop = repo().join("assets/samples/shop.csv");
    let run = s.glovebox(&[
        "run",
        shop.to_str().expect("path"),
        "--goal",
        "total revenue per region",
        "--out",
        out.to_str().expect("path"),
    ]);
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stdout)
    );
    let svg = std::fs::read_to_string(out.join("chart-1.svg")).expect("chart-1.svg");
    assert!(
        svg.starts_with("<svg") && svg.contains("total revenue by region"),
        "{}",
        &svg[..200.min(svg.len())]
    );
    let png = std::fs::read(out.join("chart-1.png")).expect("chart-1.png");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let code = std::fs::read_to_string(out.join("main.py")).expect("main.py");
    assert!(code.contains("pd.read_csv(\"/input/shop.csv\")"), "{code}");
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("report.json")).expect("report.json"))
            .expect("json");
    assert_eq!(report["status"], "answered");
    assert_eq!(report["drawn_charts"][0]["kind"], "bar");
    let run_id = report["run_id"].as_str().expect("run id");
    let shown = s.glovebox(&["show", run_id]);
    let entries: serde_json::Value = serde_json::from_slice(&shown.stdout).expect("show json");
    let chart = entries
        .as_array()
        .expect("entries")
        .iter()
        .find(|e| e["kind"] == "chart")
        .expect("a chart entry in the audit log");
    assert_eq!(chart["body"]["svg"].as_str(), Some(svg.as_str()));
    assert!(chart["body"]["png_base64"]
        .as_str()
        .is_some_and(|p| p.starts_with("iVBORw0KGgo")));

    // Files the code writes to /output are copied to DIR/files.
    let code = s.file(
        "writes.py",
        "import pandas as pd\nimport glovebox\ndata = pd.read_csv('/input/shop.csv')\n\
         data.groupby('region')['units'].sum().to_csv('/output/units.csv')\n\
         glovebox.answer('rows', len(data), unit='count')\n",
    );
    let out2 = s.dir.path().join("results2");
    let (r, exit) = s.run_json(
        &[shop.as_path()],
        "units per region",
        &code,
        &["--out", out2.to_str().expect("path")],
    );
    assert_eq!(exit, 0, "{r}");
    assert_eq!(r["output_files"], serde_json::json!(["units.csv"]));
    let written = std::fs::read_to_string(out2.join("files/units.csv")).expect("units.csv");
    assert!(written.starts_with("region,units\n"), "{written}");
    // No chart asked by that code and no table: none drawn, none invented.
    assert_eq!(r["drawn_charts"], serde_json::json!([]));

    // Found in review: a second run into the same folder kept the first
    // run's file and dropped its own. It is refused instead.
    let (again, exit) = s.run_json(
        &[shop.as_path()],
        "units per region",
        &code,
        &["--out", out2.to_str().expect("path")],
    );
    assert_eq!(exit, 2, "{again}");
    assert!(
        again["stop_reason"]
            .as_str()
            .is_some_and(|r| r.contains("already holds files from an earlier run")),
        "{again}"
    );
}
