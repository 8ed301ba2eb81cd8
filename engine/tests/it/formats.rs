//! Files that are not plain CSVs, through the inspector and the real
//! sandbox: an Excel workbook (a sheet named by `#` or `--sheet`, a title
//! row above the header, merged header cells, dates), an OpenDocument
//! spreadsheet, Parquet, JSON records and lines, a `.csv.gz` and a zip of
//! one CSV. The workbook and Parquet fixtures (`tests/formats/`, written by
//! `make.py` with the image's Python) hold the rows of [`SALES`]; every
//! expected value is computed here from those rows.

use std::io::Write;
use std::path::PathBuf;

use glovebox_engine::inputs::{describe, ColumnKind, InputFormat, DEFAULT_MAX_INPUT_BYTES};

use crate::common::{repo, Scratch};

/// region, date, amount, units — the rows of every fixture.
const SALES: [(&str, &str, f64, i64); 8] = [
    ("North", "2025-01-03", 120.5, 3),
    ("South", "2025-01-04", 80.0, 2),
    ("North", "2025-02-10", 99.25, 1),
    ("East", "2025-02-11", 40.0, 4),
    ("West", "2025-03-01", 310.0, 7),
    ("South", "2025-03-15", 15.75, 1),
    ("East", "2025-04-02", 60.0, 2),
    ("North", "2025-04-20", 200.0, 5),
];

fn fixture(name: &str) -> PathBuf {
    repo().join("tests/formats").join(name)
}

fn csv_text() -> String {
    let mut s = String::from("region,date,amount,units\n");
    for (r, d, a, u) in SALES {
        s.push_str(&format!("{r},{d},{a},{u}\n"));
    }
    s
}

fn json_lines() -> String {
    SALES
        .iter()
        .map(|(r, d, a, u)| {
            format!("{{\"region\": \"{r}\", \"date\": \"{d}\", \"amount\": {a}, \"units\": {u}}}\n")
        })
        .collect()
}

fn total(region: &str) -> f64 {
    SALES.iter().filter(|s| s.0 == region).map(|s| s.2).sum()
}

/// The answer's value whose name mentions `key`.
fn value_for(report: &serde_json::Value, key: &str) -> f64 {
    let values = report["answer"]["values"].as_object().expect("values");
    let (_, v) = values
        .iter()
        .find(|(name, _)| name.contains(key))
        .unwrap_or_else(|| panic!("no value for {key}: {report}"));
    v.as_f64().expect("a number")
}

fn answer(s: &Scratch, args: &[&str], goal: &str) -> serde_json::Value {
    let mut all = vec!["run"];
    all.extend_from_slice(args);
    all.extend(["--goal", goal, "--json"]);
    let out = s.glovebox(&all);
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "no JSON ({e}): {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// The compressed forms, written here from the same rows.
fn compressed(s: &Scratch) -> (PathBuf, PathBuf) {
    let gz = s.file("sales.csv.gz", "");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(csv_text().as_bytes()).expect("gzip");
    std::fs::write(&gz, enc.finish().expect("gzip")).expect("write");
    let zip_path = s.file("sales.zip", "");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_path).expect("zip"));
    zip.start_file("sales.csv", zip::write::SimpleFileOptions::default())
        .expect("zip");
    zip.write_all(csv_text().as_bytes()).expect("zip");
    zip.finish().expect("zip");
    (gz, zip_path)
}

#[test]
fn every_format_answers_the_same_totals_in_the_sandbox() {
    let s = Scratch::new();
    let (gz, zip) = compressed(&s);
    let records = format!("[{}]", json_lines().trim_end().replace('\n', ",\n"));
    let files: Vec<(String, InputFormat)> = vec![
        (
            format!("{}#Sales", fixture("sales.xlsx").display()),
            InputFormat::Xlsx,
        ),
        (fixture("sales.ods").display().to_string(), InputFormat::Ods),
        (
            fixture("sales.parquet").display().to_string(),
            InputFormat::Parquet,
        ),
        (
            s.file("sales.json", &records).display().to_string(),
            InputFormat::JsonRecords,
        ),
        (
            s.file("sales.jsonl", &json_lines()).display().to_string(),
            InputFormat::JsonLines,
        ),
        (gz.display().to_string(), InputFormat::CsvGzip),
        (zip.display().to_string(), InputFormat::CsvZip),
    ];
    for (file, format) in &files {
        let d = describe(std::path::Path::new(file), DEFAULT_MAX_INPUT_BYTES).expect(file);
        assert_eq!(
            (d.format, d.row_count),
            (*format, SALES.len() as u64),
            "{file}"
        );
        let kinds: Vec<(&str, ColumnKind)> = d
            .columns
            .iter()
            .map(|c| (c.name.as_str(), c.kind))
            .collect();
        assert_eq!(
            kinds,
            [
                ("region", ColumnKind::Text),
                ("date", ColumnKind::Date),
                ("amount", ColumnKind::Decimal),
                ("units", ColumnKind::Integer)
            ],
            "{file}"
        );
        let report = answer(&s, &[file], "total amount per region");
        assert_eq!(report["status"], "answered", "{file}: {report}");
        for region in ["North", "South", "East", "West"] {
            let got = value_for(&report, region);
            assert!((got - total(region)).abs() < 1e-9, "{file} {region}: {got}");
        }
    }
}

#[test]
fn a_workbook_sheet_is_named_its_title_skipped_and_its_dates_read_as_dates() {
    let s = Scratch::new();
    let book = fixture("sales.xlsx");
    let d = describe(&book, DEFAULT_MAX_INPUT_BYTES).expect("describe");
    let sheet = d.sheet.as_ref().expect("a sheet");
    assert_eq!(sheet.sheets, ["Notes", "Sales", "Quarters"]);
    assert_eq!(sheet.name, "Notes", "the first sheet by default");
    let sales = describe(
        &PathBuf::from(format!("{}#sales", book.display())),
        DEFAULT_MAX_INPUT_BYTES,
    )
    .expect("a sheet named without its case");
    assert_eq!(sales.sheet.as_ref().map(|s| s.header_row), Some(2));
    assert!(
        sales
            .notes
            .iter()
            .any(|n| n.contains("\"Sales 2025\"") && n.contains("title")),
        "{:?}",
        sales.notes
    );
    // March's rows, by the dates of the sheet; --sheet names the sheet.
    let march: f64 = SALES
        .iter()
        .filter(|r| r.1.starts_with("2025-03"))
        .map(|r| r.2)
        .sum();
    let path = book.display().to_string();
    let report = answer(
        &s,
        &[&path, "--sheet", "Sales"],
        "total amount in March 2025",
    );
    assert_eq!(report["status"], "answered", "{report}");
    let values = report["answer"]["values"].as_object().expect("values");
    let got = values
        .values()
        .next()
        .and_then(|v| v.as_f64())
        .expect("a number");
    assert!((got - march).abs() < 1e-9, "{report}");
    let explanation = report["explanation"].as_str().expect("explanation");
    assert!(
        explanation.contains("sales.xlsx (sheet \"Sales\")"),
        "{explanation}"
    );
    // A sheet the workbook lacks: refused with the sheets it has.
    let out = s.glovebox(&["run", &format!("{path}#Sheet9"), "--goal", "count rows"]);
    assert_ne!(out.status.code(), Some(0));
    let said =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("no sheet \"Sheet9\"") && said.contains("\"Quarters\""),
        "{said}"
    );
}

#[test]
fn merged_header_cells_name_each_column_in_the_sandbox_too() {
    let s = Scratch::new();
    let quarters = format!("{}#Quarters", fixture("sales.xlsx").display());
    let d = describe(std::path::Path::new(&quarters), DEFAULT_MAX_INPUT_BYTES).expect("describe");
    let names: Vec<&str> = d.columns.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["region", "Q1", "Q1.1", "Q2"]);
    // Q1.1 holds 2 (North) and 5 (South) in make.py's sheet.
    let report = answer(&s, &[&quarters], "total Q1.1");
    assert_eq!(report["status"], "answered", "{report}");
    assert_eq!(value_for(&report, "Q1.1"), 7.0, "{report}");
}

/// A number as the preview shows it: whole numbers without a decimal part.
fn shown(amount: f64) -> String {
    if amount.fract() == 0.0 {
        format!("{}", amount as i64)
    } else {
        format!("{amount}")
    }
}

#[test]
fn a_parquet_file_is_previewed_from_its_first_pages() {
    let d = describe(&fixture("sales.parquet"), DEFAULT_MAX_INPUT_BYTES).expect("described");
    let expected: Vec<Vec<String>> = SALES
        .iter()
        .map(|(r, day, a, u)| vec![(*r).into(), (*day).into(), shown(*a), u.to_string()])
        .collect();
    assert_eq!(d.preview, expected);
    assert!(
        d.notes
            .iter()
            .any(|n| n.contains("its first rows from its first pages")),
        "{:?}",
        d.notes
    );
}

/// The first rows of the `previews()` files of make.py: row `i` holds
/// `i`, `n{i}` (empty every third), `i / 2` (empty every fifth), 2025-01-01
/// plus `i` hours, plus `i` days, `i` even, `i % 7`.
fn preview_row(i: u32) -> Vec<String> {
    let hour = if i == 0 {
        "2025-01-01".to_owned()
    } else {
        format!("2025-01-01 {i:02}:00:00")
    };
    vec![
        i.to_string(),
        if i % 3 == 0 {
            String::new()
        } else {
            format!("n{i}")
        },
        if i % 5 == 0 {
            String::new()
        } else {
            shown(f64::from(i) * 0.5)
        },
        hour,
        format!("2025-01-{:02}", i + 1),
        if i % 2 == 0 { "True" } else { "False" }.to_owned(),
        (i % 7).to_string(),
    ]
}

#[test]
fn parquet_previews_of_nulls_gzip_pages_v2_and_many_small_pages() {
    let expected: Vec<Vec<String>> = (0..10).map(preview_row).collect();
    for name in ["nulls-gzip-v2.parquet", "plain-pages.parquet"] {
        let d = describe(&fixture(name), DEFAULT_MAX_INPUT_BYTES).expect(name);
        assert_eq!(d.row_count, 1000, "{name}");
        assert_eq!(d.preview, expected, "{name}");
    }
    // A decimal column is not decoded here: no preview rather than a wrong one.
    let d = describe(&fixture("decimal.parquet"), DEFAULT_MAX_INPUT_BYTES).expect("decimal");
    assert_eq!((d.row_count, d.preview.len()), (10, 0));
    assert!(
        d.notes.iter().any(|n| n.contains("no preview is shown")),
        "{:?}",
        d.notes
    );
}

/// Every byte of the pages changed in turn: a preview or none, never a
/// panic, a hang or a wrong row count (the footer is intact).
#[test]
fn damaged_parquet_pages_give_no_preview_or_a_preview_never_a_panic() {
    let s = Scratch::new();
    let bytes = std::fs::read(fixture("nulls-gzip-v2.parquet")).expect("fixture");
    let footer = u32::from_le_bytes(bytes[bytes.len() - 8..bytes.len() - 4].try_into().unwrap());
    let pages_end = bytes.len() - 8 - footer as usize;
    let path = s.dir.path().join("damaged.parquet");
    for at in (4..pages_end).step_by(7) {
        let mut damaged = bytes.clone();
        damaged[at] ^= 0xA5;
        std::fs::write(&path, &damaged).expect("write");
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        let d = describe(&path, DEFAULT_MAX_INPUT_BYTES).expect("the footer is intact");
        assert_eq!(d.row_count, 1000);
        assert!(d.preview.len() == 10 || d.preview.is_empty(), "byte {at}");
    }
}
