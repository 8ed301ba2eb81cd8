//! The malformed-input corpus (`tests/bad-inputs/`): every file gets a
//! specific outcome, none panics. The snapshot lists each file's result.

use glovebox_engine::inputs::{describe, DEFAULT_MAX_INPUT_BYTES};

use crate::common::*;

fn summary(name: &str, max: u64) -> String {
    let path = repo().join("tests/bad-inputs").join(name);
    match describe(&path, max) {
        Ok(d) => {
            let kinds: Vec<String> = d
                .columns
                .iter()
                .map(|c| format!("{}:{:?}", c.name, c.kind).to_lowercase())
                .collect();
            let shown: Vec<String> = kinds.iter().take(4).cloned().collect();
            format!(
                "ok {} delim={:?} header={} rows={} cols={} [{}]{}",
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

#[test]
fn every_malformed_file_has_a_specific_outcome() {
    let dir = repo().join("tests/bad-inputs");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("corpus")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "README.md")
        .collect();
    names.sort();
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

#[test]
fn a_folder_is_not_an_input() {
    let err = describe(&repo().join("tests/bad-inputs"), DEFAULT_MAX_INPUT_BYTES).unwrap_err();
    assert_eq!(err.to_string(), "bad-inputs: this is not a regular file");
}
