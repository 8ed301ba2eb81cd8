//! Golden tasks for the offline generator (`tests/golden/goals.txt`): each
//! goal runs through `glovebox run --json` in the real sandbox, and its
//! answers are compared with values this file computes itself from the CSV
//! (an independent oracle: plain Rust, no pandas, no generator code).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::common::{repo, Scratch, GLOVEBOX};

/// One CSV, decoded: header and rows of trimmed cells.
struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    decimal_comma: bool,
}

fn load(path: &Path) -> Table {
    let bytes = std::fs::read(path).expect("read csv");
    let text = match std::str::from_utf8(&bytes) {
        Ok(t) => t.to_owned(),
        Err(_) => encoding_rs::WINDOWS_1252.decode(&bytes).0.into_owned(),
    };
    let first = text.lines().next().unwrap_or("");
    let delimiter = if first.contains(';') { b';' } else { b',' };
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .expect("header")
        .iter()
        .map(|h| h.trim().to_owned())
        .collect();
    let rows = reader
        .records()
        .map(|r| {
            r.expect("row")
                .iter()
                .map(|c| c.trim().to_owned())
                .collect()
        })
        .collect();
    Table {
        header,
        rows,
        decimal_comma: delimiter == b';',
    }
}

impl Table {
    fn col(&self, name: &str) -> usize {
        self.header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("no column {name} in {:?}", self.header))
    }
    fn cell_missing(cell: &str) -> bool {
        matches!(cell, "" | "NA" | "N/A" | "n/a" | "null" | "NaN" | "nan")
    }
    fn number(&self, cell: &str) -> Option<f64> {
        if Self::cell_missing(cell) {
            return None;
        }
        let c = if self.decimal_comma {
            cell.replace(',', ".")
        } else {
            cell.to_owned()
        };
        c.parse().ok()
    }
    fn keep(&self, cond: &Option<Cond>) -> Vec<&Vec<String>> {
        self.rows
            .iter()
            .filter(|r| match cond {
                None => true,
                Some(Cond::Eq(c, v)) => r[self.col(c)] == *v,
                Some(Cond::Num(c, op, v)) => self.number(&r[self.col(c)]).is_some_and(|x| match op
                    .as_str()
                {
                    ">" => x > *v,
                    "<" => x < *v,
                    ">=" => x >= *v,
                    "<=" => x <= *v,
                    _ => panic!("op {op}"),
                }),
            })
            .collect()
    }
    fn values(&self, rows: &[&Vec<String>], col: &str) -> Vec<f64> {
        let i = self.col(col);
        rows.iter().filter_map(|r| self.number(&r[i])).collect()
    }
}

enum Cond {
    Eq(String, String),
    Num(String, String, f64),
}

fn parse_cond(s: &str) -> Cond {
    for op in [">=", "<=", ">", "<"] {
        if let Some((c, v)) = s.split_once(op) {
            return Cond::Num(c.into(), op.into(), v.parse().expect("number"));
        }
    }
    let (c, v) = s.split_once('=').expect("condition");
    Cond::Eq(c.into(), v.into())
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}
fn var(v: &[f64]) -> f64 {
    let m = mean(v);
    v.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (v.len() as f64 - 1.0)
}
fn quantile(v: &[f64], q: f64) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let pos = (s.len() - 1) as f64 * q;
    let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
    s[lo] + (s[hi] - s[lo]) * (pos - lo as f64)
}
fn skew(v: &[f64]) -> f64 {
    let n = v.len() as f64;
    let m = mean(v);
    let s = var(v).sqrt();
    n / ((n - 1.0) * (n - 2.0)) * v.iter().map(|x| ((x - m) / s).powi(3)).sum::<f64>()
}
fn pearson(a: &[f64], b: &[f64]) -> f64 {
    let (ma, mb) = (mean(a), mean(b));
    let cov: f64 = a.iter().zip(b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = a.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = b.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}
fn ranks(v: &[f64]) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..v.len()).collect();
    idx.sort_by(|&i, &j| v[i].total_cmp(&v[j]));
    let mut r = vec![0.0; v.len()];
    let mut i = 0;
    while i < idx.len() {
        let mut j = i;
        while j + 1 < idx.len() && v[idx[j + 1]] == v[idx[i]] {
            j += 1;
        }
        let avg = (i + j) as f64 / 2.0 + 1.0;
        for k in i..=j {
            r[idx[k]] = avg;
        }
        i = j + 1;
    }
    r
}

/// Pairs of values present in both columns.
fn pairs(t: &Table, rows: &[&Vec<String>], a: &str, b: &str) -> (Vec<f64>, Vec<f64>) {
    let (ia, ib) = (t.col(a), t.col(b));
    rows.iter()
        .filter_map(|r| Some((t.number(&r[ia])?, t.number(&r[ib])?)))
        .unzip()
}

fn args(expr: &str) -> Vec<String> {
    let inner = expr
        .split_once('(')
        .map(|(_, rest)| rest.trim_end_matches(')'))
        .unwrap_or("");
    inner.split(',').map(|s| s.trim().to_owned()).collect()
}

/// EXPR over `rows`.
fn eval(t: &Table, rows: &[&Vec<String>], expr: &str, all: &[&Vec<String>]) -> f64 {
    let a = args(expr);
    let name = expr.split('(').next().unwrap_or(expr);
    let vals = || t.values(rows, &a[0]);
    match name {
        "rows" => rows.len() as f64,
        "mean" => mean(&vals()),
        "sum" => vals().iter().sum(),
        "count" => vals().len() as f64,
        "min" => vals().into_iter().fold(f64::INFINITY, f64::min),
        "max" => vals().into_iter().fold(f64::NEG_INFINITY, f64::max),
        "median" => quantile(&vals(), 0.5),
        "std" => var(&vals()).sqrt(),
        "var" => var(&vals()),
        "skew" => skew(&vals()),
        "ratio" => {
            let (x, y) = pairs(t, rows, &a[0], &a[1]);
            let keep: Vec<(f64, f64)> = x.into_iter().zip(y).filter(|(_, d)| *d != 0.0).collect();
            keep.iter().map(|p| p.0).sum::<f64>() / keep.iter().map(|p| p.1).sum::<f64>()
        }
        "meanratio" => {
            let (x, y) = pairs(t, rows, &a[0], &a[1]);
            let r: Vec<f64> = x
                .iter()
                .zip(&y)
                .filter(|(_, d)| **d != 0.0)
                .map(|(n, d)| n / d)
                .collect();
            mean(&r)
        }
        // share of this group's total in the whole (percent)
        "share" => 100.0 * vals().iter().sum::<f64>() / t.values(all, &a[0]).iter().sum::<f64>(),
        "sharerows" => 100.0 * rows.len() as f64 / all.len() as f64,
        "sharewhere" => {
            100.0 * vals().iter().sum::<f64>() / t.values(all, &a[0]).iter().sum::<f64>()
        }
        "distinct" => {
            let i = t.col(&a[0]);
            rows.iter()
                .map(|r| r[i].as_str())
                .filter(|c| !Table::cell_missing(c))
                .collect::<BTreeSet<_>>()
                .len() as f64
        }
        "missing" => {
            let i = t.col(&a[0]);
            rows.iter().filter(|r| Table::cell_missing(&r[i])).count() as f64
        }
        "corr" => {
            let (x, y) = pairs(t, rows, &a[0], &a[1]);
            pearson(&x, &y)
        }
        "spearman" => {
            let (x, y) = pairs(t, rows, &a[0], &a[1]);
            pearson(&ranks(&x), &ranks(&y))
        }
        "iqr" => {
            let v = vals();
            let (q1, q3) = (quantile(&v, 0.25), quantile(&v, 0.75));
            let (lo, hi) = (q1 - 1.5 * (q3 - q1), q3 + 1.5 * (q3 - q1));
            v.iter().filter(|x| **x < lo || **x > hi).count() as f64
        }
        "z" => {
            let v = vals();
            let (m, s) = (mean(&v), var(&v).sqrt());
            v.iter().filter(|x| (**x - m).abs() > 3.0 * s).count() as f64
        }
        "lastmonth" => {
            let (iv, id) = (t.col(&a[0]), t.col(&a[1]));
            let mut months: BTreeMap<String, f64> = BTreeMap::new();
            for r in rows {
                let d = &r[id];
                // ISO 2026-01-31 or day first 31/01/2026
                let month = if d.as_bytes().get(4) == Some(&b'-') {
                    d[..7].to_owned()
                } else {
                    format!("{}-{}", &d[6..10], &d[3..5])
                };
                *months.entry(month).or_default() += t.number(&r[iv]).unwrap_or(0.0);
            }
            *months.values().next_back().expect("a month")
        }
        other => panic!("unknown expression {other}"),
    }
}

fn close(got: f64, want: f64, round: Option<i32>) -> bool {
    match round {
        Some(n) => {
            let scale = 10f64.powi(n);
            let is_rounded = ((got * scale).round() - got * scale).abs() < 1e-6;
            is_rounded && (got - want).abs() <= 0.5 / scale + 1e-9
        }
        None => (got - want).abs() <= 1e-6 * want.abs().max(1.0),
    }
}

fn numbers_of(report: &serde_json::Value) -> Vec<(String, f64)> {
    report["answer"]["values"]
        .as_object()
        .map(|m| {
            m.iter()
                .filter_map(|(k, v)| v.as_f64().map(|x| (k.clone(), x)))
                .collect()
        })
        .unwrap_or_default()
}

/// Splits an expectation on spaces, keeping "sum(Chiffre d'affaires)" whole.
fn expectation_words(text: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let (mut start, mut depth) = (None, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ' ' if depth == 0 => {
                if let Some(s) = start.take() {
                    words.push(&text[s..i]);
                }
                continue;
            }
            _ => {}
        }
        start.get_or_insert(i);
    }
    if let Some(s) = start {
        words.push(&text[s..]);
    }
    words
}

/// Checks one expectation; returns a description of the mismatch.
fn check(table: &Table, report: &serde_json::Value, expectation: &str) -> Result<(), String> {
    let words = expectation_words(expectation);
    let mut cond = None;
    let mut round = None;
    let mut by = None;
    let mut i = 2;
    while i < words.len() {
        match words[i] {
            "where" => cond = Some(parse_cond(words[i + 1])),
            "round" => round = Some(words[i + 1].parse::<i32>().expect("round")),
            "by" => by = Some(words[i + 1]),
            w => return Err(format!("bad expectation word {w}")),
        }
        i += 2;
    }
    let (kind, expr) = (words[0], words[1]);
    let all: Vec<&Vec<String>> = table.rows.iter().collect();
    let kept = table.keep(&cond);
    let got = numbers_of(report);
    match kind {
        "value" if expr.starts_with("shapiro(") => {
            // No independent Shapiro-Wilk here: check the statistic's range
            // and that the reading follows the p-value.
            let w = got
                .iter()
                .find(|(n, _)| n.starts_with("Shapiro-Wilk W"))
                .map(|x| x.1);
            let p = got.iter().find(|(n, _)| n == "p-value").map(|x| x.1);
            let reading = report["answer"]["values"]
                .as_object()
                .and_then(|m| m.values().find_map(|v| v.as_str()))
                .unwrap_or("");
            match (w, p) {
                (Some(w), Some(p)) if w > 0.0 && w <= 1.0 && (0.0..=1.0).contains(&p) => {
                    let says_not = ["not normally", "ne suit pas", "no sigue"]
                        .iter()
                        .any(|x| reading.contains(x));
                    if says_not == (p < 0.05) {
                        Ok(())
                    } else {
                        Err(format!("reading {reading:?} does not follow p = {p}"))
                    }
                }
                _ => Err(format!("no W and p-value: {got:?}")),
            }
        }
        "value" => {
            let want = eval(table, &kept, expr, &all);
            if got.iter().any(|(_, g)| close(*g, want, round)) {
                Ok(())
            } else {
                Err(format!(
                    "no answer equals {expr} = {want}; answers: {got:?}"
                ))
            }
        }
        "groups" => {
            let col = by.ok_or("groups needs by")?;
            let gi = table.col(col);
            let groups: BTreeSet<&str> = kept
                .iter()
                .map(|r| r[gi].as_str())
                .filter(|g| !Table::cell_missing(g))
                .collect();
            for g in &groups {
                let rows: Vec<&Vec<String>> =
                    kept.iter().copied().filter(|r| r[gi] == *g).collect();
                let want = eval(table, &rows, expr, &kept);
                let suffix = format!("({g})");
                match got.iter().find(|(n, _)| n.ends_with(&suffix)) {
                    Some((_, v)) if close(*v, want, round) => {}
                    other => return Err(format!("group {g}: want {expr} = {want}, got {other:?}")),
                }
            }
            Ok(())
        }
        "top" | "bottom" => {
            let col = by.ok_or("top needs by")?;
            let gi = table.col(col);
            let groups: BTreeSet<&str> = kept.iter().map(|r| r[gi].as_str()).collect();
            let mut scored: Vec<(f64, &str)> = groups
                .iter()
                .map(|g| {
                    let rows: Vec<&Vec<String>> =
                        kept.iter().copied().filter(|r| r[gi] == *g).collect();
                    (eval(table, &rows, expr, &kept), *g)
                })
                .collect();
            scored.sort_by(|a, b| a.0.total_cmp(&b.0));
            let want = if kind == "top" {
                scored.last()
            } else {
                scored.first()
            }
            .map(|s| s.1)
            .unwrap_or_default();
            let texts: Vec<&str> = report["answer"]["values"]
                .as_object()
                .map(|m| m.values().filter_map(|v| v.as_str()).collect())
                .unwrap_or_default();
            if texts.contains(&want) {
                Ok(())
            } else {
                Err(format!(
                    "want the group {want}; answers: {}",
                    report["answer"]
                ))
            }
        }
        other => Err(format!("unknown expectation {other}")),
    }
}

struct Task {
    line: usize,
    file: String,
    goal: String,
    expect: String,
}

fn tasks() -> Vec<Task> {
    let text = std::fs::read_to_string(repo().join("tests/golden/goals.txt")).expect("goals.txt");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let parts: Vec<&str> = l.split(" | ").collect();
            assert_eq!(parts.len(), 3, "line {}: FILE | GOAL | EXPECTATION", i + 1);
            Task {
                line: i + 1,
                file: parts[0].trim().into(),
                goal: parts[1].trim().into(),
                expect: parts[2].trim().into(),
            }
        })
        .collect()
}

fn data(file: &str) -> PathBuf {
    repo().join("tests/golden/data").join(file)
}

fn run_goal(scratch: &Scratch, file: &str, goal: &str) -> (serde_json::Value, i32) {
    let path = data(file);
    let out = scratch.glovebox(&[
        "run",
        path.to_str().expect("path"),
        "--goal",
        goal,
        "--json",
    ]);
    let code = out.status.code().unwrap_or(-1);
    let json = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{goal}: no JSON ({e}), exit {code}\n{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (json, code)
}

fn golden(filter: impl Fn(&Task) -> bool) -> usize {
    assert!(Path::new(GLOVEBOX).is_file());
    let scratch = Scratch::new();
    let mut failures = Vec::new();
    let mut count = 0;
    for task in tasks().iter().filter(|t| filter(t)) {
        count += 1;
        let (report, code) = run_goal(&scratch, &task.file, &task.goal);
        let status = report["status"].as_str().unwrap_or("");
        if task.expect == "stop" {
            let reason = report["stop_reason"].as_str().unwrap_or("");
            let lists_columns = [
                "Columns in your files",
                "Colonnes de vos fichiers",
                "Columnas de sus archivos",
            ]
            .iter()
            .any(|p| reason.contains(p));
            if status != "stopped" || code != 2 || report["stop_kind"] != "goal" || !lists_columns {
                failures.push(format!(
                    "line {} {:?}: want a stop listing the columns, got {status} (exit {code}): {reason}",
                    task.line, task.goal
                ));
            }
            continue;
        }
        if status != "answered" {
            failures.push(format!(
                "line {} {:?}: {status}: {}",
                task.line, task.goal, report["stop_reason"]
            ));
            continue;
        }
        let table = load(&data(&task.file));
        for e in task.expect.split(" ; ") {
            if let Err(why) = check(&table, &report, e) {
                failures.push(format!("line {} {:?}: {why}", task.line, task.goal));
            }
        }
        if report["explanation"].as_str().is_none_or(|x| x.len() <= 40) {
            failures.push(format!(
                "line {} {:?}: no explanation",
                task.line, task.goal
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} golden tasks failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    count
}

#[test]
fn golden_tasks_in_english() {
    let n = golden(|t| {
        !t.file.starts_with("vent") && t.line < first_line_of("# French") && t.expect != "stop"
    });
    assert!(n >= 20, "{n} English tasks");
}

#[test]
fn golden_tasks_in_french_and_spanish() {
    let n = golden(|t| {
        t.line > first_line_of("# French")
            && t.line < first_line_of("# Unclear")
            && t.expect != "stop"
    });
    assert!(n >= 24, "{n} French and Spanish tasks");
}

#[test]
fn unclear_goals_stop_with_a_useful_reason() {
    let n = golden(|t| t.expect == "stop");
    assert!(n >= 12, "{n} unclear goals");
}

fn first_line_of(marker: &str) -> usize {
    let text = std::fs::read_to_string(repo().join("tests/golden/goals.txt")).expect("goals.txt");
    text.lines()
        .position(|l| l.starts_with(marker))
        .map_or(usize::MAX, |i| i + 1)
}
