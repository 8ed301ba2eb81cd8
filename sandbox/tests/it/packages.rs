//! The analysis packages of the image, used as model-written code uses them,
//! in the real sandbox (read-only root, `HOME=/tmp`, no network): each job
//! exits 0 and leaves the files and values it should, checked here without
//! the package (file signatures, sums and least squares computed in Rust).

use glovebox_sandbox::{Limits, Outcome};
use serde_json::Value;

use crate::support::*;

/// Runs `code` with the default limits; the job must exit 0, print no
/// traceback nor any complaint about a folder it cannot write, and try no
/// network connection.
fn run_ok(code: &str) -> (World, Outcome) {
    let (world, outcome) = run_case(code, Limits::default());
    assert_eq!(
        outcome.exit_code,
        Some(0),
        "stdout: {}\nstderr: {}",
        outcome.stdout,
        outcome.stderr
    );
    for complaint in ["Traceback", "not a writable directory", "temporary cache"] {
        assert!(
            !outcome.stderr.contains(complaint),
            "stderr: {}",
            outcome.stderr
        );
    }
    // No package reaches for the network on its own (fonts, backends, caches).
    assert_eq!(
        outcome.network_attempts_total, 0,
        "{:?}",
        outcome.network_attempts
    );
    (world, outcome)
}

/// The bytes of output file `name`, which the job must have written.
fn output(outcome: &Outcome, name: &str) -> Vec<u8> {
    let file = outcome
        .output_files
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("no output {name} in {:?}", outcome.output_files));
    let bytes = std::fs::read(&file.host_path).expect("read output");
    assert_eq!(bytes.len() as u64, file.size_bytes);
    bytes
}

/// Width and height of a PNG, read from its IHDR chunk.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    assert_eq!(&bytes[12..16], b"IHDR");
    let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    (be(16), be(20))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * (1.0 + b.abs())
}

/// Intercept, slope and R² of the least-squares line through `xs`, `ys`.
fn least_squares(xs: &[f64], ys: &[f64]) -> (f64, f64, f64) {
    let n = xs.len() as f64;
    let mx = xs.iter().sum::<f64>() / n;
    let my = ys.iter().sum::<f64>() / n;
    let sxy: f64 = xs.iter().zip(ys).map(|(x, y)| (x - mx) * (y - my)).sum();
    let sxx: f64 = xs.iter().map(|x| (x - mx) * (x - mx)).sum();
    let syy: f64 = ys.iter().map(|y| (y - my) * (y - my)).sum();
    let slope = sxy / sxx;
    (my - slope * mx, slope, sxy * sxy / (sxx * syy))
}

#[test]
fn matplotlib_saves_png_and_svg_with_agg_and_a_read_only_root() {
    let code = r#"
import os
import matplotlib
import matplotlib.pyplot as plt
fig, ax = plt.subplots(figsize=(4, 3))
ax.plot([1, 2, 3, 4], [3, 1, 4, 1], marker="o", label="sales")
ax.set_title("Sales by month ($R^2$ = 0.9)")
ax.set_xlabel("month")
ax.legend()
fig.savefig("/output/sales.png", dpi=100)
fig.savefig("/output/sales.svg")
plt.show()
print(matplotlib.get_backend(), len(os.listdir(matplotlib.get_cachedir())))
"#;
    let (_w, o) = run_ok(code);
    // Agg, and the font list read from the image: nothing rebuilt in /tmp.
    assert_eq!(o.stdout.trim().to_lowercase(), "agg 0");
    // 4 x 3 inches at 100 dots per inch.
    assert_eq!(png_size(&output(&o, "sales.png")), (400, 300));
    let svg = String::from_utf8(output(&o, "sales.svg")).expect("SVG is text");
    assert!(svg.contains("<svg"), "{svg}");
    // 4 x 3 inches at 72 points per inch.
    assert!(
        svg.contains(r#"width="288pt" height="216pt""#),
        "{}",
        &svg[..400.min(svg.len())]
    );
}

#[test]
fn seaborn_barplot_sums_each_group_and_saves_it() {
    let rows = [
        ("North", 10.0),
        ("South", 4.5),
        ("North", 2.5),
        ("East", 7.0),
        ("South", 1.0),
    ];
    let data: Vec<String> = rows.iter().map(|(r, v)| format!("({r:?}, {v})")).collect();
    let code = format!(
        r#"
import json
import pandas as pd
import seaborn as sns
import matplotlib.pyplot as plt
df = pd.DataFrame([{}], columns=["region", "sales"])
sns.set_theme(style="whitegrid")
ax = sns.barplot(data=df, x="region", y="sales", estimator="sum", errorbar=None)
labels = [t.get_text() for t in ax.get_xticklabels()]
heights = [p.get_height() for p in ax.patches]
plt.tight_layout()
plt.savefig("/output/by_region.png")
print(json.dumps(dict(zip(labels, heights))))
"#,
        data.join(", ")
    );
    let (_w, o) = run_ok(&code);
    let got = json_of(&o);
    let mut expected = serde_json::Map::new();
    for (region, value) in rows {
        let sum = expected.get(region).and_then(Value::as_f64).unwrap_or(0.0) + value;
        expected.insert(region.to_owned(), sum.into());
    }
    assert_eq!(got, Value::Object(expected));
    let (w, h) = png_size(&output(&o, "by_region.png"));
    assert!(w > 100 && h > 100, "{w}x{h}");
}

#[test]
fn statsmodels_ols_finds_the_least_squares_line() {
    let xs: Vec<f64> = (1..=12).map(f64::from).collect();
    let ys: Vec<f64> = xs
        .iter()
        .zip([
            0.3, -0.2, 0.1, 0.4, -0.5, 0.2, -0.1, 0.0, 0.3, -0.4, 0.2, -0.3,
        ])
        .map(|(x, e)| 2.0 + 3.0 * x + e)
        .collect();
    let code = format!(
        r#"
import json
import pandas as pd
import statsmodels.api as sm
import statsmodels.formula.api as smf
df = pd.DataFrame({{"x": {xs:?}, "y": {ys:?}}})
fit = sm.OLS(df["y"], sm.add_constant(df["x"])).fit()
summary = fit.summary()
by_formula = smf.ols("y ~ x", data=df).fit()
print(json.dumps({{"const": fit.params["const"], "x": fit.params["x"], "r2": fit.rsquared,
                  "nobs": fit.nobs, "formula_x": by_formula.params["x"],
                  "summary_has_r2": "R-squared" in str(summary)}}))
"#
    );
    let (_w, o) = run_ok(&code);
    let got = json_of(&o);
    let (intercept, slope, r2) = least_squares(&xs, &ys);
    let num = |k: &str| got[k].as_f64().unwrap_or_else(|| panic!("{k} in {got}"));
    assert!(close(num("const"), intercept), "{got} vs {intercept}");
    assert!(close(num("x"), slope), "{got} vs {slope}");
    assert!(close(num("formula_x"), slope), "{got} vs {slope}");
    assert!(close(num("r2"), r2), "{got} vs {r2}");
    assert_eq!(num("nobs"), 12.0);
    assert_eq!(got["summary_has_r2"], true);
}

#[test]
fn scikit_learn_splits_fits_and_scores_a_linear_regression() {
    let code = r#"
import json
import numpy as np
from sklearn.model_selection import train_test_split
from sklearn.linear_model import LinearRegression
from sklearn.metrics import mean_absolute_error
x = np.arange(20, dtype=float).reshape(-1, 1)
y = 1.5 * x[:, 0] - 4.0
x_train, x_test, y_train, y_test = train_test_split(x, y, test_size=0.25, random_state=0)
model = LinearRegression().fit(x_train, y_train)
print(json.dumps({"train": sorted(x_train[:, 0].tolist()), "test": sorted(x_test[:, 0].tolist()),
                  "score": model.score(x_test, y_test), "coef": model.coef_[0],
                  "intercept": model.intercept_,
                  "mae": mean_absolute_error(y_test, model.predict(x_test))}))
"#;
    let (_w, o) = run_ok(code);
    let got = json_of(&o);
    let list = |k: &str| -> Vec<f64> {
        got[k]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect()
    };
    let (train, test) = (list("train"), list("test"));
    // A quarter of 20 rows held out, every row in exactly one part.
    assert_eq!((train.len(), test.len()), (15, 5));
    let mut all: Vec<f64> = train.iter().chain(&test).copied().collect();
    all.sort_by(f64::total_cmp);
    assert_eq!(all, (0..20).map(f64::from).collect::<Vec<_>>());
    // The data lie on y = 1.5 x - 4: the fit is exact.
    assert!(close(got["coef"].as_f64().unwrap(), 1.5), "{got}");
    assert!(close(got["intercept"].as_f64().unwrap(), -4.0), "{got}");
    assert!(close(got["score"].as_f64().unwrap(), 1.0), "{got}");
    assert!(got["mae"].as_f64().unwrap().abs() < 1e-9, "{got}");
}

#[test]
fn openpyxl_writes_then_reads_a_workbook_in_tmp_and_in_the_output() {
    let code = r#"
import json
import openpyxl
import pandas as pd
wb = openpyxl.Workbook()
ws = wb.active
ws.title = "Sales"
ws.append(["region", "amount"])
for row in [("North", 12), ("South", 30), ("East", 8)]:
    ws.append(row)
ws["D1"] = "=SUM(B2:B4)"
wb.save("/tmp/sales.xlsx")
back = openpyxl.load_workbook("/tmp/sales.xlsx")["Sales"]
cells = [[c.value for c in row] for row in back.iter_rows(min_row=2, max_col=2)]
df = pd.read_excel("/tmp/sales.xlsx", sheet_name="Sales", usecols="A:B")
df.to_excel("/output/sales.xlsx", index=False, sheet_name="Copy")
again = pd.read_excel("/output/sales.xlsx", sheet_name="Copy")
print(json.dumps({"cells": cells, "formula": back["D1"].value, "total": int(df["amount"].sum()),
                  "again": again.to_dict(orient="list")}))
"#;
    let (_w, o) = run_ok(code);
    let got = json_of(&o);
    assert_eq!(
        got["cells"],
        serde_json::json!([["North", 12], ["South", 30], ["East", 8]])
    );
    assert_eq!(got["formula"], "=SUM(B2:B4)");
    assert_eq!(got["total"], 12 + 30 + 8);
    assert_eq!(
        got["again"],
        serde_json::json!({"region": ["North", "South", "East"], "amount": [12, 30, 8]})
    );
    // An xlsx is a ZIP archive.
    assert!(output(&o, "sales.xlsx").starts_with(b"PK\x03\x04"));
}

#[test]
fn pyarrow_writes_and_reads_parquet() {
    let values: Vec<i64> = (1..=1000).map(|i| i * i % 97).collect();
    let code = format!(
        r#"
import json
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
df = pd.DataFrame({{"id": range(1, 1001), "value": {values:?}}})
pq.write_table(pa.Table.from_pandas(df, preserve_index=False), "/output/data.parquet")
back = pd.read_parquet("/output/data.parquet")
meta = pq.read_metadata("/output/data.parquet")
print(json.dumps({{"rows": len(back), "columns": list(back.columns), "sum": int(back["value"].sum()),
                  "meta_rows": meta.num_rows, "engine_rows": len(pd.read_parquet("/output/data.parquet", engine="pyarrow"))}}))
"#
    );
    let (_w, o) = run_ok(&code);
    let got = json_of(&o);
    assert_eq!(got["rows"], 1000);
    assert_eq!(got["meta_rows"], 1000);
    assert_eq!(got["engine_rows"], 1000);
    assert_eq!(got["columns"], serde_json::json!(["id", "value"]));
    assert_eq!(got["sum"], values.iter().sum::<i64>());
    // Parquet files begin and end with the magic PAR1.
    let bytes = output(&o, "data.parquet");
    assert!(bytes.starts_with(b"PAR1") && bytes.ends_with(b"PAR1"));
}

#[test]
fn dataframe_to_markdown_prints_a_pipe_table() {
    let rows = [("alpha", 1), ("beta", 22), ("gamma", 333)];
    let data: Vec<String> = rows.iter().map(|(n, v)| format!("({n:?}, {v})")).collect();
    let code = format!(
        r#"
import pandas as pd
df = pd.DataFrame([{}], columns=["name", "count"])
print(df.to_markdown(index=False))
open("/output/table.md", "w").write(df.to_markdown(index=False))
"#,
        data.join(", ")
    );
    let (_w, o) = run_ok(&code);
    let lines: Vec<&str> = o.stdout.trim().lines().collect();
    assert_eq!(lines.len(), 2 + rows.len(), "{}", o.stdout);
    let cells = |line: &str| -> Vec<String> {
        line.trim_matches('|')
            .split('|')
            .map(|c| c.trim().to_owned())
            .collect()
    };
    assert_eq!(cells(lines[0]), ["name", "count"]);
    // Text left-aligned, numbers right-aligned.
    let rule = cells(lines[1]);
    assert!(
        rule[0].starts_with(':') && !rule[0].ends_with(':'),
        "{rule:?}"
    );
    assert!(
        rule[1].ends_with(':') && !rule[1].starts_with(':'),
        "{rule:?}"
    );
    for (line, (name, count)) in lines[2..].iter().zip(rows) {
        assert_eq!(cells(line), [name.to_owned(), count.to_string()]);
    }
    assert_eq!(
        String::from_utf8(output(&o, "table.md")).unwrap(),
        o.stdout.trim_end()
    );
}

#[test]
fn odfpy_round_trips_an_ods_sheet_and_xlrd_imports() {
    let code = r#"
import json
import odf.opendocument
import xlrd
import pandas as pd
df = pd.DataFrame({"city": ["Lyon", "Oslo"], "visits": [3, 5]})
df.to_excel("/output/visits.ods", engine="odf", index=False)
back = pd.read_excel("/output/visits.ods", engine="odf")
print(json.dumps({"back": back.to_dict(orient="list"), "xlrd": xlrd.__version__}))
"#;
    let (_w, o) = run_ok(code);
    let got = json_of(&o);
    assert_eq!(
        got["back"],
        serde_json::json!({"city": ["Lyon", "Oslo"], "visits": [3, 5]})
    );
    assert!(got["xlrd"].as_str().unwrap().starts_with("2."), "{got}");
    // An OpenDocument file is a ZIP whose first entry names its type.
    let ods = output(&o, "visits.ods");
    assert!(ods.starts_with(b"PK\x03\x04"));
    assert!(ods
        .windows(46)
        .any(|w| w == b"application/vnd.oasis.opendocument.spreadsheet"));
}

/// `name==version` pins of the image's requirements, read from the recipe.
fn pinned_versions() -> Vec<(String, String)> {
    let recipe = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../packaging/image/requirements.txt"
    );
    std::fs::read_to_string(recipe)
        .expect("read requirements.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let pin = l.split_whitespace().next().expect("a pin");
            let (name, version) = pin.split_once("==").expect("pinned");
            (name.to_owned(), version.to_owned())
        })
        .collect()
}

#[test]
fn every_pinned_package_is_installed_at_its_pinned_version_and_imports() {
    let modules = [
        "numpy",
        "pandas",
        "scipy.stats",
        "matplotlib.pyplot",
        "seaborn",
        "statsmodels.api",
        "sklearn.linear_model",
        "openpyxl",
        "pyarrow.parquet",
        "tabulate",
        "odf.opendocument",
        "xlrd",
    ];
    let code = format!(
        r#"
import importlib.metadata as md, json, subprocess, sys, time
times, failed = {{}}, {{}}
for m in {modules:?}:
    # Each module alone, in a fresh interpreter: it must not rely on another.
    t = time.perf_counter()
    p = subprocess.run([sys.executable, "-I", "-c", "import " + m], capture_output=True, text=True)
    times[m] = round(time.perf_counter() - t, 3)
    if p.returncode:
        failed[m] = p.stderr[-500:]
print(json.dumps({{"versions": {{d.metadata["Name"].lower().replace("_", "-"): d.version
                                 for d in md.distributions()}}, "import_seconds": times, "failed": failed}}))
"#
    );
    let (_w, o) = run_ok(&code);
    let got = json_of(&o);
    // Shown with --nocapture: each import alone, interpreter start included.
    eprintln!("import seconds in the sandbox: {}", got["import_seconds"]);
    assert_eq!(got["failed"], serde_json::json!({}));
    for (name, version) in pinned_versions() {
        assert_eq!(got["versions"][&name], version.as_str(), "{name}");
    }
    assert_eq!(got["versions"]["odfpy"], "1.4.1");
}
