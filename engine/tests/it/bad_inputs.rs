//! The malformed-input corpus (`tests/bad-inputs/`): every file gets a
//! specific outcome, none panics. The snapshot lists each file's result.
//! Every file the inspector accepts is then read by the generated code in
//! the sandbox: same column names, and every cell the inspector counts as
//! a number read as one (one reading of the data).

use std::path::{Path, PathBuf};

use glovebox_engine::generator::{GenerationRequest, OfflineGenerator};
use glovebox_engine::inputs::{describe, ColumnKind, InputDescription, DEFAULT_MAX_INPUT_BYTES};
use glovebox_engine::lang::Lang;
use glovebox_sandbox::Limits;

use crate::common::*;

fn summary(name: &str, max: u64) -> String {
    summary_of(&repo().join("tests/bad-inputs").join(name), max)
}

fn summary_of(path: &Path, max: u64) -> String {
    match describe(path, max) {
        Ok(d) => {
            let mut notes: String = d.notes.iter().map(|n| format!("\n  note: {n}")).collect();
            if !d.format.is_csv() {
                notes.insert_str(0, &format!(" format={:?}", d.format));
            }
            let kinds: Vec<String> = d
                .columns
                .iter()
                .map(|c| format!("{}:{:?}", c.name, c.kind).to_lowercase())
                .collect();
            let shown: Vec<String> = kinds.iter().take(4).cloned().collect();
            format!(
                "ok {} delim={:?} header={} rows={} cols={} [{}]{}{notes}",
                d.encoding,
                d.delimiter,
                d.has_header,
                d.row_count,
                d.columns.len(),
                shown.join(", "),
                if d.decimal_comma {
                    " decimal-comma"
                } else {
                    ""
                }
            )
        }
        Err(e) => format!("error: {e}"),
    }
}

/// The corpus's file names, sorted.
fn corpus() -> Vec<String> {
    let dir = repo().join("tests/bad-inputs");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("corpus")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "README.md")
        .collect();
    names.sort();
    names
}

#[test]
fn every_malformed_file_has_a_specific_outcome() {
    let names = corpus();
    assert!(names.len() >= 30, "the corpus must hold at least 30 files");
    let mut out = String::new();
    for name in &names {
        let line = std::panic::catch_unwind(|| summary(name, DEFAULT_MAX_INPUT_BYTES))
            .unwrap_or_else(|_| panic!("{name} made the inspector panic"));
        out.push_str(&format!("{name}: {line}\n"));
    }
    out.push_str(&format!(
        "missing.csv: {}\n",
        summary("missing.csv", DEFAULT_MAX_INPUT_BYTES)
    ));
    out.push_str(&format!(
        "20-single-column.csv with a 8-byte limit: {}\n",
        summary("20-single-column.csv", 8)
    ));
    expect_test::expect_file!["../../../tests/bad-inputs.expected.txt"].assert_eq(&out);
}

/// Rows `first..first + count` of a sales file, one per line.
fn sales_rows(first: usize, count: usize) -> String {
    (first..first + count)
        .map(|i| format!("2026-01-{:02},North,{i},{}.5\n", 1 + i % 28, i % 97))
        .collect()
}

/// Files too large or too odd to commit, written at test time: hostile
/// shapes stopped by the inspector's limits, and rows after the type
/// sample (counted fast, or by the CSV reader from an odd line on).
fn generated_corpus() -> Vec<(&'static str, Vec<u8>)> {
    use glovebox_engine::inputs::{MAX_CELL_BYTES, MAX_COLUMNS, MAX_LINE_BYTES};
    let header = "date,region,units,amount\n";
    let many = |n: usize| -> String {
        let names: Vec<String> = (0..n).map(|i| format!("c{i}")).collect();
        let values = vec!["1"; n];
        format!("{}\n{}\n", names.join(","), values.join(","))
    };
    let sample = glovebox_engine::inputs::TYPE_SAMPLE_ROWS as usize;
    let after = |tail: &str| {
        format!(
            "{header}{}{tail}{}",
            sales_rows(0, sample + 10),
            sales_rows(0, 5)
        )
    };
    vec![
        ("g01-40k-columns.csv", many(40_000).into_bytes()),
        ("g02-16384-columns.csv", many(MAX_COLUMNS).into_bytes()),
        (
            "g03-one-line-9mib.csv",
            format!("a,b\n1,{}\n", "x".repeat(MAX_LINE_BYTES + MIB)).into_bytes(),
        ),
        (
            "g04-cell-2mib.csv",
            format!("a,b\n1,2\n3,{}\n", "y".repeat(2 * MAX_CELL_BYTES)).into_bytes(),
        ),
        (
            "g05-quote-open-9mib.csv",
            format!("a,b\n1,2\n3,\"{}", "z\n".repeat((MAX_LINE_BYTES + MIB) / 2)).into_bytes(),
        ),
        ("g06-rows-after-sample.csv", after("").into_bytes()),
        (
            "g07-ragged-after-sample.csv",
            after("2026-02-01,South,3\n").into_bytes(),
        ),
        (
            "g08-quoted-lines-after-sample.csv",
            after("2026-02-01,\"South,\nand \"\"East\"\"\",3,4.5\n").into_bytes(),
        ),
        (
            "g09-unclosed-quote-after-sample.csv",
            after("2026-02-01,\"South,3,4.5\n").into_bytes(),
        ),
        ("g10-bad-utf8-after-sample.csv", {
            let mut b = after("").into_bytes();
            b.extend_from_slice(b"2026-02-01,S\xffuth,3,4.5\n");
            b
        }),
    ]
}

const MIB: usize = 1024 * 1024;

#[test]
fn hostile_shapes_and_long_files_have_a_specific_outcome() {
    let s = Scratch::new();
    let mut out = String::new();
    for (name, bytes) in generated_corpus() {
        let path = s.file(name, "");
        std::fs::write(&path, &bytes).expect("write");
        let line = summary_of(&path, DEFAULT_MAX_INPUT_BYTES);
        // A stop never lists the columns: it stays one short sentence.
        assert!(line.len() < 400, "{name}: {} bytes", line.len());
        out.push_str(&format!("{name}: {line}\n"));
    }
    expect_test::expect_file!["../../../tests/bad-inputs-generated.expected.txt"].assert_eq(&out);
}

#[test]
fn a_folder_is_not_an_input() {
    let err = describe(&repo().join("tests/bad-inputs"), DEFAULT_MAX_INPUT_BYTES).unwrap_err();
    assert_eq!(err.to_string(), "bad-inputs: this is not a regular file");
}

/// Column totals the generated code must find, from the cells as written.
const TOTALS: &[(&str, &str, f64)] = &[
    ("36-header-spaces.csv", "amount", 42.5),
    ("37-thousands-quoted.csv", "amount", 13_850.0),
    ("37-thousands-quoted.csv", "units", 4_007.0),
    ("38-thousands-decimal-comma.csv", "montant", 1_003_763.25),
    ("38-thousands-decimal-comma.csv", "quantité", 1_012.0),
    ("39-exponents-trailing-dots.csv", "x", 880.25),
    ("39-exponents-trailing-dots.csv", "y", 3_511.5),
    ("40-empty-header-names.csv", "amount", 30.0),
    ("41-duplicate-names.csv", "amount", 5.0),
    ("41-duplicate-names.csv", "amount.2", 7.0),
    ("41-duplicate-names.csv", "amount.1", 9.0),
    ("43-delimiter-only-rows.csv", "a", 4.0),
    ("17-semicolon-decimal-comma.csv", "x", 4.5),
    // Currency marks beside the numbers, English, French and Spanish ways:
    // 12.50 + 7.25 + 1,200.00; 3 + 1,200 - 5 (+ 0.50).
    ("58-currency-marks-en.csv", "price", 1_219.75),
    ("58-currency-marks-en.csv", "fee", 1_198.5),
    ("59-currency-marks-fr.csv", "prix", 1_219.75),
    ("59-currency-marks-fr.csv", "frais", 1_198.0),
    ("60-currency-marks-es.csv", "precio", 1_219.75),
];

/// The generated code up to its first step: imports, `pd.read_csv`, the
/// helpers (`numbers()`).
fn reading_part(code: &str) -> String {
    let lines: Vec<&str> = code.lines().collect();
    let helper = lines
        .iter()
        .position(|l| l.starts_with("def numbers("))
        .expect("numbers()");
    let end = (helper + 1..lines.len())
        .find(|&i| {
            let l = lines[i];
            !l.is_empty() && !l.starts_with(' ') && !l.starts_with("def ")
        })
        .unwrap_or(lines.len());
    lines[..end].join("\n") + "\n"
}

/// Python that records, for each described column, the name pandas gave
/// the same position and, for a number column, what `numbers()` read.
fn probe(d: &InputDescription) -> String {
    let described: Vec<(String, bool)> = d
        .columns
        .iter()
        .map(|c| {
            let number = matches!(c.kind, ColumnKind::Integer | ColumnKind::Decimal);
            (c.name.clone(), number)
        })
        .collect();
    // JSON strings and lists are Python literals too.
    let file = serde_json::to_string(&d.name).expect("json");
    let list = serde_json::to_string(&described)
        .expect("json")
        .replace("true", "True")
        .replace("false", "False");
    format!(
        "for position, (name, number) in enumerate({list}):\n\
         \x20   read_as = str(data.columns[position]) if position < len(data.columns) else \"\"\n\
         \x20   if number and read_as == name:\n\
         \x20       values = numbers(name)\n\
         \x20       probe.append([{file}, position, read_as, len(data.columns), used[-1][1], used[-1][2], used[-1][3], float(values.sum())])\n\
         \x20   else:\n\
         \x20       probe.append([{file}, position, read_as, len(data.columns), -1, -1, -1, 0.0])\n\n"
    )
}

#[test]
fn the_generated_code_reads_every_column_as_described() {
    let dir = repo().join("tests/bad-inputs");
    let mut code = String::from("probe = []\n");
    let mut described: Vec<InputDescription> = Vec::new();
    for name in corpus() {
        let Ok(d) = describe(&dir.join(&name), DEFAULT_MAX_INPUT_BYTES) else {
            continue;
        };
        let generated = OfflineGenerator
            .generate(&GenerationRequest {
                goal: "number of rows",
                lang: Lang::En,
                inputs: std::slice::from_ref(&d),
                limits: &Limits::default(),
                follows: &[],
            })
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        code.push_str(&reading_part(&generated.code));
        code.push_str(&probe(&d));
        described.push(d);
    }
    assert!(described.len() >= 25, "{}", described.len());
    code.push_str(
        "glovebox.table(\"probe\", [[\"file\", \"position\", \"read as\", \"width\", \"used\", \"empty\", \"unreadable\", \"total\"]] + probe)\n",
    );
    let s = Scratch::new();
    let program = s.file("probe.py", &code);
    let files: Vec<PathBuf> = described.iter().map(|d| d.path.clone()).collect();
    let refs: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let (report, exit) = s.run_json(&refs, "read every file", &program, &[]);
    assert_eq!(exit, 0, "{report:#}");
    let rows = report["tables"]
        .as_array()
        .and_then(|t| t.iter().find(|t| t["name"] == "probe"))
        .and_then(|t| t["rows"].as_array())
        .expect("probe table")
        .clone();
    let mut problems = Vec::new();
    let mut totals_checked = 0;
    for d in &described {
        let mine: Vec<&serde_json::Value> =
            rows.iter().filter(|r| r[0] == d.name.as_str()).collect();
        for (i, c) in d.columns.iter().enumerate() {
            let Some(r) = mine.iter().find(|r| r[1].as_f64() == Some(i as f64)) else {
                problems.push(format!("{}: column {i} not probed", d.name));
                continue;
            };
            let at = format!("{} column {i} {:?} ({:?})", d.name, c.name, c.kind);
            if r[2] != c.name.as_str() || r[3].as_f64() != Some(d.columns.len() as f64) {
                problems.push(format!("{at}: pandas reads {} of {} columns", r[2], r[3]));
                continue;
            }
            if !matches!(c.kind, ColumnKind::Integer | ColumnKind::Decimal) {
                continue;
            }
            let (used, empty, unreadable) = (r[4].as_f64(), r[5].as_f64(), r[6].as_f64());
            let want_used = (d.row_count - c.empty_cells) as f64;
            if (used, empty, unreadable) != (Some(want_used), Some(c.empty_cells as f64), Some(0.0))
            {
                problems.push(format!(
                    "{at}: numbers() used {used:?}, empty {empty:?}, unreadable {unreadable:?}; the inspector says {want_used} numbers and {} empty",
                    c.empty_cells
                ));
            }
            if let Some((_, _, want)) = TOTALS.iter().find(|(f, n, _)| *f == d.name && *n == c.name)
            {
                totals_checked += 1;
                let total = r[7].as_f64().unwrap_or(f64::NAN);
                if (total - want).abs() > 1e-9 * want.abs().max(1.0) {
                    problems.push(format!("{at}: total {total}, want {want}"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert_eq!(totals_checked, TOTALS.len(), "every total is checked");
}

#[test]
fn numbers_with_thousands_separators_are_compared_as_numbers() {
    // (file, goal, the one answer): a filter on a column written "1,250.00".
    let cases = [
        (
            "37-thousands-quoted.csv",
            "total units where amount > 1000",
            3_007.0,
        ),
        (
            "38-thousands-decimal-comma.csv",
            "total quantité where montant > 1000",
            1_009.0,
        ),
    ];
    let s = Scratch::new();
    for (file, goal, want) in cases {
        let path = repo().join("tests/bad-inputs").join(file);
        let path = path.to_string_lossy();
        let out = s.glovebox(&["run", &path, "--goal", goal, "--json"]);
        let report: serde_json::Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{goal}: {e} {}", String::from_utf8_lossy(&out.stderr)));
        let values: Vec<f64> = report["answer"]["values"]
            .as_object()
            .map(|m| m.values().filter_map(serde_json::Value::as_f64).collect())
            .unwrap_or_default();
        assert_eq!(values, [want], "{goal}: {report:#}");
    }
}

#[test]
fn a_file_no_one_may_read_stops_before_anything_runs() {
    use std::os::unix::fs::PermissionsExt;
    let s = Scratch::new();
    let path = s.file("locked.csv", "region,amount\nNorth,1\nSouth,2\n");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o000)).expect("chmod");
    let path = path.to_string_lossy();
    let out = s.glovebox(&["run", &path, "--goal", "total amount per region", "--json"]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(out.status.code(), Some(2), "{report:#}");
    assert_eq!(report["status"], "stopped");
    let reason = report["stop_reason"].as_str().unwrap_or("");
    assert!(
        reason.contains("the sandbox cannot read this file"),
        "{reason}"
    );
    assert!(
        !report.to_string().contains("PermissionError"),
        "{report:#}"
    );
}

/// A file only its owner may read (root's 0600 here, a desktop user's 0600
/// in rootless mode) cannot be read by the job's own unprivileged user: the
/// run stops before anything runs, with the fix, never a PermissionError.
#[test]
fn a_file_only_its_owner_may_read_stops_with_the_fix() {
    use std::os::unix::fs::PermissionsExt;
    let s = Scratch::new();
    let path = s.file("private.csv", "region,amount\nNorth,1\nSouth,2\n");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    let path = path.to_string_lossy();
    let out = s.glovebox(&["run", &path, "--goal", "total amount per region", "--json"]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(report["status"], "stopped", "{report:#}");
    let reason = report["stop_reason"].as_str().unwrap_or("");
    assert!(reason.contains("chmod o+r"), "{reason}");
    assert!(
        !report.to_string().contains("PermissionError"),
        "{report:#}"
    );
}
