//! Golden tasks for the offline generator (`tests/golden/goals.txt`, and the
//! everyday questions of `tests/golden/everyday.txt`): each goal runs through
//! `glovebox run --json` in the real sandbox, and its answers are compared
//! with values this file computes itself from the CSV (an independent
//! oracle: plain Rust, no pandas, no generator code). The grammar of the
//! expectations is documented at the top of `everyday.txt`.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::common::{repo, Scratch, GLOVEBOX};

/// One CSV, decoded: header and rows of trimmed cells.
struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    decimal_comma: bool,
}

type Row<'a> = &'a Vec<String>;

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

/// A calendar date from an ISO cell (2026-01-31, time ignored) or a day
/// first one (31/01/2026).
fn date(cell: &str) -> Option<(i32, u32, u32)> {
    let b = cell.as_bytes();
    if b.len() >= 10 && b[4] == b'-' && b[7] == b'-' {
        return Some((
            cell[..4].parse().ok()?,
            cell[5..7].parse().ok()?,
            cell[8..10].parse().ok()?,
        ));
    }
    if b.len() == 10 && b[2] == b'/' && b[5] == b'/' {
        return Some((
            cell[6..].parse().ok()?,
            cell[3..5].parse().ok()?,
            cell[..2].parse().ok()?,
        ));
    }
    None
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
    fn holds(&self, row: &[String], cond: &Cond) -> bool {
        match cond {
            Cond::Eq(c, alternatives) => {
                let cell = &row[self.col(c)];
                let x = self.number(cell);
                alternatives
                    .iter()
                    .any(|v| cell == v || (x.is_some() && x == v.parse::<f64>().ok()))
            }
            Cond::Num(c, op, v) => self
                .number(&row[self.col(c)])
                .is_some_and(|x| op.holds(x.total_cmp(v))),
            Cond::Date(c, op, d) => date(&row[self.col(c)]).is_some_and(|x| op.holds(x.cmp(d))),
            Cond::Part(part, c, op, values) => date(&row[self.col(c)]).is_some_and(|(y, m, _)| {
                let x = if *part == Part::Year {
                    i64::from(y)
                } else {
                    i64::from(m)
                };
                match op {
                    Op::Eq => values.contains(&x),
                    _ => op.holds(x.cmp(&values[0])),
                }
            }),
        }
    }
    /// The rows where every condition holds.
    fn keep(&self, conds: &[Cond]) -> Vec<Row<'_>> {
        self.rows
            .iter()
            .filter(|r| conds.iter().all(|c| self.holds(r, c)))
            .collect()
    }
    fn values(&self, rows: &[Row], col: &str) -> Vec<f64> {
        let i = self.col(col);
        rows.iter().filter_map(|r| self.number(&r[i])).collect()
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Op {
    Eq,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Op {
    /// Reads the operator at the start of `s`; returns it and the rest.
    fn split(s: &str) -> Option<(Op, &str)> {
        [
            (">=", Op::Ge),
            ("<=", Op::Le),
            (">", Op::Gt),
            ("<", Op::Lt),
            ("=", Op::Eq),
        ]
        .into_iter()
        .find_map(|(p, op)| s.strip_prefix(p).map(|rest| (op, rest)))
    }
    fn holds(self, o: Ordering) -> bool {
        match self {
            Op::Eq => o == Ordering::Equal,
            Op::Lt => o == Ordering::Less,
            Op::Le => o != Ordering::Greater,
            Op::Gt => o == Ordering::Greater,
            Op::Ge => o != Ordering::Less,
        }
    }
}

#[derive(Debug, PartialEq)]
enum Part {
    Year,
    Month,
}

#[derive(Debug)]
enum Cond {
    /// col=v1/v2: the cell equals any of the values.
    Eq(String, Vec<String>),
    Num(String, Op, f64),
    Date(String, Op, (i32, u32, u32)),
    /// year(col) or month(col) compared with numbers (= takes any of them).
    Part(Part, String, Op, Vec<i64>),
}

fn parse_cond(s: &str) -> Result<Cond, String> {
    for (prefix, part) in [("year(", Part::Year), ("month(", Part::Month)] {
        if let Some(rest) = s.strip_prefix(prefix) {
            let (col, rest) = rest.split_once(')').ok_or(format!("condition {s}"))?;
            let (op, value) = Op::split(rest).ok_or(format!("condition {s}"))?;
            let values = value
                .split('/')
                .map(|v| v.parse().map_err(|_| format!("condition {s}")))
                .collect::<Result<_, _>>()?;
            return Ok(Cond::Part(part, col.into(), op, values));
        }
    }
    let at = s.find(['<', '>', '=']).ok_or(format!("condition {s}"))?;
    let col = s[..at].to_owned();
    let (op, value) = Op::split(&s[at..]).ok_or(format!("condition {s}"))?;
    if op == Op::Eq {
        return Ok(Cond::Eq(col, value.split('/').map(str::to_owned).collect()));
    }
    if value.len() == 10 {
        if let Some(d) = date(value) {
            return Ok(Cond::Date(col, op, d));
        }
    }
    let v = value
        .parse()
        .map_err(|_| format!("condition {s}: a number"))?;
    Ok(Cond::Num(col, op, v))
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}
fn sum_sq(v: &[f64]) -> f64 {
    let m = mean(v);
    v.iter().map(|x| (x - m).powi(2)).sum::<f64>()
}
fn var(v: &[f64]) -> f64 {
    sum_sq(v) / (v.len() as f64 - 1.0)
}
fn pvar(v: &[f64]) -> f64 {
    sum_sq(v) / v.len() as f64
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

/// The most frequent values, smallest first.
fn modes(v: &[f64]) -> Vec<f64> {
    let mut sorted = v.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mut runs: Vec<(f64, usize)> = Vec::new();
    for x in sorted {
        match runs.last_mut() {
            Some((y, n)) if *y == x => *n += 1,
            _ => runs.push((x, 1)),
        }
    }
    let most = runs.iter().map(|r| r.1).max().unwrap_or(0);
    runs.into_iter()
        .filter(|r| r.1 == most)
        .map(|r| r.0)
        .collect()
}

/// Pairs of values present in both columns.
fn pairs(t: &Table, rows: &[Row], a: &str, b: &str) -> (Vec<f64>, Vec<f64>) {
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

/// The value of EXPR over `rows`; `all` is what shares are taken of.
fn eval(t: &Table, rows: &[Row], expr: &str, all: &[Row]) -> f64 {
    let a = args(expr);
    let name = expr.split('(').next().unwrap_or(expr);
    let vals = || t.values(rows, &a[0]);
    match name {
        "rows" => rows.len() as f64,
        "mean" => mean(&vals()),
        "sum" => vals().iter().sum(),
        "count" => {
            let i = t.col(&a[0]);
            rows.iter().filter(|r| !Table::cell_missing(&r[i])).count() as f64
        }
        "min" => vals().into_iter().fold(f64::INFINITY, f64::min),
        "max" => vals().into_iter().fold(f64::NEG_INFINITY, f64::max),
        "median" => quantile(&vals(), 0.5),
        // percentile(c,90): linear interpolation between the closest ranks
        "percentile" => quantile(&vals(), a[1].parse::<f64>().expect("a percent") / 100.0),
        // mode(c): the most frequent value (the smallest of tied ones; every
        // tied one is accepted, see `accepted`)
        "mode" => modes(&vals())[0],
        "std" => var(&vals()).sqrt(),
        "var" => var(&vals()),
        "pstd" => pvar(&vals()).sqrt(),
        "pvar" => pvar(&vals()),
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
        // share of these rows' total in the whole (percent)
        "share" | "sharewhere" => {
            100.0 * vals().iter().sum::<f64>() / t.values(all, &a[0]).iter().sum::<f64>()
        }
        "sharerows" => 100.0 * rows.len() as f64 / all.len() as f64,
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
            let mut months: BTreeMap<(i32, u32), f64> = BTreeMap::new();
            for r in rows {
                let (y, m, _) = date(&r[id]).expect("a date");
                *months.entry((y, m)).or_default() += t.number(&r[iv]).unwrap_or(0.0);
            }
            *months.values().next_back().expect("a month")
        }
        other => panic!("unknown expression {other}"),
    }
}

/// The forms a right answer may take: shares as percents or fractions, the
/// mean of a 0/1 column as a fraction or a percent.
fn accepted(t: &Table, expr: &str, want: f64) -> Vec<f64> {
    let name = expr.split('(').next().unwrap_or(expr);
    let mut forms = vec![want];
    if name.starts_with("share") {
        forms.push(want / 100.0);
    }
    if name == "mode" {
        let all: Vec<Row> = t.rows.iter().collect();
        forms = modes(&t.values(&all, &args(expr)[0]));
    }
    if name == "mean" {
        let all: Vec<Row> = t.rows.iter().collect();
        let v = t.values(&all, &args(expr)[0]);
        if !v.is_empty() && v.iter().all(|x| *x == 0.0 || *x == 1.0) {
            forms.push(want * 100.0);
        }
    }
    forms
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

fn texts_of(report: &serde_json::Value) -> Vec<&str> {
    report["answer"]["values"]
        .as_object()
        .map(|m| m.values().filter_map(|v| v.as_str()).collect())
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

/// One parsed EXPECTATION.
#[derive(Debug)]
struct Expectation {
    /// value, groups, top, bottom or stop.
    kind: String,
    exprs: Vec<String>,
    conds: Vec<Cond>,
    by: Option<String>,
    n: usize,
    round: Option<i32>,
    /// Why a stop is right (everyday.txt); None for goals.txt's bare stop.
    why: Option<String>,
}

const KINDS: [&str; 6] = ["value", "groups", "top", "bottom", "lookup", "stop"];
const WHYS: [&str; 5] = ["unplaced", "column", "ambiguous", "file", "operation"];
const KEYWORDS: [&str; 5] = ["where", "and", "by", "n", "round"];

fn parse_expectation(text: &str) -> Result<Expectation, String> {
    let words = expectation_words(text);
    let kind = *words.first().ok_or("empty expectation")?;
    if !KINDS.contains(&kind) {
        return Err(format!("unknown expectation {kind}"));
    }
    let mut e = Expectation {
        kind: kind.into(),
        exprs: Vec::new(),
        conds: Vec::new(),
        by: None,
        n: 1,
        round: None,
        why: None,
    };
    if kind == "stop" {
        return match &words[1..] {
            [] => Ok(e),
            [why] if WHYS.contains(why) => Ok(Expectation {
                why: Some((*why).into()),
                ..e
            }),
            other => Err(format!("stop WHY: {other:?}")),
        };
    }
    // lookup COL at max(C) / min(C): COL is kept in `by`
    let mut i = 1;
    if kind == "lookup" {
        let at = words
            .iter()
            .position(|w| *w == "at")
            .ok_or(format!("{text}: lookup COL at max(C)"))?;
        e.by = Some(words[1..at].join(" "));
        let expr = words.get(at + 1).ok_or(format!("{text}: max(C)"))?;
        if !(expr.starts_with("max(") || expr.starts_with("min(")) {
            return Err(format!("{text}: lookup at max(C) or min(C)"));
        }
        e.exprs.push((*expr).into());
        i = at + 2;
    }
    // EXPR [; [value] EXPR]*
    let mut more = kind != "lookup";
    while more {
        let expr = words.get(i).ok_or(format!("{text}: EXPR"))?;
        e.exprs.push((*expr).into());
        i += 1;
        more = words.get(i) == Some(&";");
        if more {
            i += 1;
            if words.get(i) == Some(&"value") {
                i += 1;
            }
        }
    }
    // Clauses: a keyword, then its words up to the next keyword.
    while i < words.len() {
        let key = words[i];
        if !KEYWORDS.contains(&key) {
            return Err(format!("{text}: bad expectation word {key}"));
        }
        let end = (i + 1..words.len())
            .find(|&j| KEYWORDS.contains(&words[j]))
            .unwrap_or(words.len());
        let arg = words[i + 1..end].join(" ");
        if arg.is_empty() {
            return Err(format!("{text}: nothing after {key}"));
        }
        match key {
            "where" | "and" => e.conds.push(parse_cond(&arg)?),
            "by" => e.by = Some(arg),
            "n" => e.n = arg.parse().map_err(|_| format!("{text}: n"))?,
            _ => e.round = Some(arg.parse().map_err(|_| format!("{text}: round"))?),
        }
        i = end;
    }
    if matches!(kind, "groups" | "top" | "bottom") && e.by.is_none() {
        return Err(format!("{text}: {kind} needs by"));
    }
    Ok(e)
}

/// Each group of `col` among `rows` (missing ones left out) with its rows;
/// with two keys, `A,B`, each pair named "a, b" (pairs without rows left
/// out).
fn groups<'a>(t: &Table, rows: &[Row<'a>], col: &str) -> BTreeMap<String, Vec<Row<'a>>> {
    let keys: Vec<usize> = col.split(',').map(|c| t.col(c.trim())).collect();
    let mut out: BTreeMap<String, Vec<Row>> = BTreeMap::new();
    for r in rows {
        if keys.iter().all(|&k| !Table::cell_missing(&r[k])) {
            let name: Vec<&str> = keys.iter().map(|&k| r[k].as_str()).collect();
            out.entry(name.join(", ")).or_default().push(r);
        }
    }
    out
}

/// The values of `show` on the rows where `expr` (max(C) or min(C)) is
/// reached, and that extreme.
fn looked_up(t: &Table, rows: &[Row], show: &str, expr: &str) -> (BTreeSet<String>, f64) {
    let c = t.col(&args(expr)[0]);
    let extreme = eval(t, rows, expr, rows);
    let s = t.col(show);
    let at = rows
        .iter()
        .filter(|r| t.number(&r[c]) == Some(extreme) && !Table::cell_missing(&r[s]))
        .map(|r| r[s].clone())
        .collect();
    (at, extreme)
}

/// A lookup's text answer lists exactly the values at the extreme (numbers
/// compare as numbers), and an answer equals the extreme.
fn check_lookup(
    t: &Table,
    report: &serde_json::Value,
    e: &Expectation,
    kept: &[Row],
) -> Result<(), String> {
    let show = e.by.as_deref().unwrap_or_default();
    let (want, extreme) = looked_up(t, kept, show, &e.exprs[0]);
    let same = |a: &str, b: &str| a == b || (t.number(a).is_some() && t.number(a) == t.number(b));
    let listed = texts_of(report).into_iter().any(|text| {
        let got: Vec<&str> = text.split(", ").collect();
        got.len() == want.len() && want.iter().all(|w| got.iter().any(|g| same(g, w)))
    });
    let valued = numbers_of(report)
        .iter()
        .any(|(_, v)| close(*v, extreme, e.round));
    if listed && valued {
        Ok(())
    } else {
        Err(format!(
            "want {show} = {want:?} at {} = {extreme}: {}",
            e.exprs[0], report["answer"]
        ))
    }
}

/// The groups ranked by EXPR, best first (highest for top, lowest for bottom).
fn ranked(t: &Table, e: &Expectation, kept: &[Row]) -> Vec<(String, f64)> {
    let by = e.by.as_deref().unwrap_or_default();
    let mut scored: Vec<(String, f64)> = groups(t, kept, by)
        .into_iter()
        .map(|(g, rows)| {
            let v = eval(t, &rows, &e.exprs[0], kept);
            (g, v)
        })
        .collect();
    scored.sort_by(|a, b| a.1.total_cmp(&b.1));
    if e.kind == "top" {
        scored.reverse();
    }
    scored
}

/// Checks one expectation against a report; returns a description of the
/// mismatch.
fn check(table: &Table, report: &serde_json::Value, e: &Expectation) -> Result<(), String> {
    let all: Vec<Row> = table.rows.iter().collect();
    let kept = table.keep(&e.conds);
    let got = numbers_of(report);
    match e.kind.as_str() {
        "value" => {
            for expr in &e.exprs {
                if expr.starts_with("shapiro(") {
                    check_shapiro(report)?;
                    continue;
                }
                let want = eval(table, &kept, expr, &all);
                let forms = accepted(table, expr, want);
                if !got
                    .iter()
                    .any(|(_, g)| forms.iter().any(|w| close(*g, *w, e.round)))
                {
                    return Err(format!(
                        "no answer equals {expr} = {want}; answers: {got:?}"
                    ));
                }
            }
            Ok(())
        }
        "groups" => {
            let expr = &e.exprs[0];
            for (g, rows) in groups(table, &kept, e.by.as_deref().unwrap_or_default()) {
                let want = eval(table, &rows, expr, &kept);
                let forms = accepted(table, expr, want);
                let suffix = format!("({g})");
                match got.iter().find(|(n, _)| n.ends_with(&suffix)) {
                    Some((_, v)) if forms.iter().any(|w| close(*v, *w, e.round)) => {}
                    other => return Err(format!("group {g}: want {expr} = {want}, got {other:?}")),
                }
            }
            Ok(())
        }
        "top" | "bottom" => check_rank(table, report, e, &kept),
        "lookup" => check_lookup(table, report, e, &kept),
        "stop" => Err("a stop is not checked against answers".into()),
        other => Err(format!("unknown expectation {other}")),
    }
}

/// No independent Shapiro-Wilk here: checks the statistic's range and that
/// the reading follows the p-value.
fn check_shapiro(report: &serde_json::Value) -> Result<(), String> {
    let got = numbers_of(report);
    let w = got
        .iter()
        .find(|(n, _)| n.starts_with("Shapiro-Wilk W"))
        .map(|x| x.1);
    let p = got.iter().find(|(n, _)| n == "p-value").map(|x| x.1);
    let reading = texts_of(report).first().copied().unwrap_or("");
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

/// The answer must name the N best groups: as a text answer, or as a
/// numbered or "(group)" answer whose number is that group's EXPR; and no
/// text answer may name another group.
fn check_rank(
    table: &Table,
    report: &serde_json::Value,
    e: &Expectation,
    kept: &[Row],
) -> Result<(), String> {
    let scored = ranked(table, e, kept);
    let n = e.n.min(scored.len());
    let texts = texts_of(report);
    let got = numbers_of(report);
    let said = |g: &str| {
        texts
            .iter()
            .any(|t| *t == g || t.split(", ").any(|x| x == g))
    };
    let listed = |g: &str, want: f64| {
        got.iter().any(|(k, v)| {
            (k == g || k.ends_with(&format!(" {g}")) || k.ends_with(&format!("({g})")))
                && accepted(table, &e.exprs[0], want)
                    .iter()
                    .any(|w| close(*v, *w, None))
        })
    };
    let wrong: Vec<&str> = scored[n..]
        .iter()
        .map(|(g, _)| g.as_str())
        .filter(|g| said(g))
        .collect();
    let missing: Vec<&str> = scored[..n]
        .iter()
        .filter(|(g, v)| !said(g) && !listed(g, *v))
        .map(|(g, _)| g.as_str())
        .collect();
    if wrong.is_empty() && missing.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "want {:?}; answers name {wrong:?} and leave out {missing:?}: {}",
            &scored[..n],
            report["answer"]
        ))
    }
}

struct Task {
    line: usize,
    /// One file, or two for a FILE1+FILE2 line.
    files: Vec<String>,
    goal: String,
    expect: String,
    tags: Vec<String>,
    /// The section the line is in ("English", "French", "Spanish", …).
    section: String,
}

impl Task {
    fn tagged(&self, tag: &str) -> bool {
        self.tags.iter().any(|t| t == tag)
    }
}

fn tasks_of(corpus: &str) -> Vec<Task> {
    let text = std::fs::read_to_string(repo().join("tests/golden").join(corpus)).expect(corpus);
    let mut section = String::new();
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        if let Some(s) = l.strip_prefix("# ") {
            if ["English", "French", "Spanish", "Unclear"]
                .iter()
                .any(|w| s.starts_with(w))
            {
                section = s.split_whitespace().next().unwrap_or("").to_owned();
            }
        }
        if l.trim().is_empty() || l.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = l.split(" | ").collect();
        assert!(
            parts.len() == 3 || parts.len() == 4,
            "{corpus} line {}: FILE | GOAL | EXPECTATION [| TAGS]",
            i + 1
        );
        out.push(Task {
            line: i + 1,
            files: parts[0].trim().split('+').map(str::to_owned).collect(),
            goal: parts[1].trim().into(),
            expect: parts[2].trim().into(),
            tags: parts
                .get(3)
                .map(|t| {
                    t.split(',')
                        .map(|x| x.trim().to_owned())
                        .filter(|x| !x.is_empty())
                        .collect()
                })
                .unwrap_or_default(),
            section: section.clone(),
        });
    }
    out
}

fn data(file: &str) -> PathBuf {
    repo().join("tests/golden/data").join(file)
}

fn run_goal(scratch: &Scratch, files: &[String], goal: &str) -> (serde_json::Value, i32) {
    let paths: Vec<PathBuf> = files.iter().map(|f| data(f)).collect();
    let mut argv = vec!["run"];
    argv.extend(paths.iter().map(|p| p.to_str().expect("path")));
    argv.extend(["--goal", goal, "--json"]);
    let out = scratch.glovebox(&argv);
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

/// What is wrong with one run's report, if anything.
fn judge(task: &Task, report: &serde_json::Value, code: i32) -> Option<String> {
    let status = report["status"].as_str().unwrap_or("");
    let reason = report["stop_reason"].as_str().unwrap_or("");
    let e = match parse_expectation(&task.expect) {
        Ok(e) => e,
        Err(why) => return Some(why),
    };
    if e.kind == "stop" {
        // goals.txt's bare stop also wants the columns listed.
        let lists_columns = e.why.is_some()
            || [
                "Columns in your files",
                "Colonnes de vos fichiers",
                "Columnas de sus archivos",
            ]
            .iter()
            .any(|p| reason.contains(p));
        if status != "stopped" || code != 2 || report["stop_kind"] != "goal" || !lists_columns {
            return Some(format!(
                "want a stop ({}), got {status} (exit {code}): {reason} {}",
                e.why.as_deref().unwrap_or("listing the columns"),
                report["answer"]
            ));
        }
        return None;
    }
    if status != "answered" {
        return Some(format!("want an answer, got {status}: {reason}"));
    }
    let table = load(&data(&task.files[0]));
    if let Err(why) = check(&table, report, &e) {
        return Some(why);
    }
    if report["explanation"].as_str().is_none_or(|x| x.len() <= 40) {
        return Some("no explanation".into());
    }
    None
}

fn golden_in(corpus: &str, filter: impl Fn(&Task) -> bool) -> usize {
    assert!(Path::new(GLOVEBOX).is_file());
    let scratch = Scratch::new();
    let mut failures = Vec::new();
    let mut count = 0;
    for task in tasks_of(corpus).iter().filter(|t| filter(t)) {
        count += 1;
        let (report, code) = run_goal(&scratch, &task.files, &task.goal);
        if let Some(why) = judge(task, &report, code) {
            failures.push(format!(
                "{corpus} line {} [{}] {:?}: {why}",
                task.line,
                task.files.join("+"),
                task.goal
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

fn golden(filter: impl Fn(&Task) -> bool) -> usize {
    golden_in("goals.txt", filter)
}

#[test]
fn golden_tasks_in_english() {
    let n = golden(|t| {
        !t.files[0].starts_with("vent") && t.line < first_line_of("# French") && t.expect != "stop"
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

/// The everyday questions tagged e2e (simple ones, every dataset and
/// language) and every two-file question, through the real sandbox: a wrong
/// answer fails, and so does a stop where an answer was expected (or an
/// answer where a careful analyst would have asked back).
#[test]
fn everyday_e2e_subset() {
    let n = golden_in("everyday.txt", |t| t.tagged("e2e") || t.files.len() > 1);
    assert!(n >= 45, "{n} everyday tasks run end to end");
}

/// The corpora of plan steps, `tests/golden/steps-*.txt`, in name order.
fn steps_corpora() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(repo().join("tests/golden"))
        .expect("tests/golden")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("steps-") && n.ends_with(".txt"))
        .collect();
    names.sort();
    names
}

/// The goals of the plan-step corpora tagged e2e, through the real sandbox.
#[test]
fn steps_e2e_subset() {
    for corpus in steps_corpora() {
        let want = tasks_of(&corpus).iter().filter(|t| t.tagged("e2e")).count();
        let n = golden_in(&corpus, |t| t.tagged("e2e"));
        assert_eq!(n, want, "{corpus}");
    }
}

/// Every line of the plan-step corpora is computable by the oracle.
#[test]
fn steps_expectations_are_computable() {
    let mut problems = Vec::new();
    for corpus in steps_corpora() {
        for t in tasks_of(&corpus) {
            if let Err(why) = computable(&t) {
                problems.push(format!("{corpus} line {} {:?}: {why}", t.line, t.goal));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn first_line_of(marker: &str) -> usize {
    let text = std::fs::read_to_string(repo().join("tests/golden/goals.txt")).expect("goals.txt");
    text.lines()
        .position(|l| l.starts_with(marker))
        .map_or(usize::MAX, |i| i + 1)
}

// The oracle itself, without a container.

/// The oracle's value of a `value` expectation on a file.
fn oracle(file: &str, expectation: &str) -> Vec<f64> {
    let table = load(&data(file));
    let e = parse_expectation(expectation).expect("expectation");
    let all: Vec<Row> = table.rows.iter().collect();
    let kept = table.keep(&e.conds);
    e.exprs
        .iter()
        .map(|x| eval(&table, &kept, x, &all))
        .collect()
}

/// Every line of everyday.txt parses, names columns and values the data has,
/// and has one right answer (conditions keep rows, at least two groups, no
/// tie where a ranking is cut); and the corpus keeps its promised mix.
#[test]
fn everyday_expectations_are_computable() {
    let tasks = tasks_of("everyday.txt");
    let mut problems = Vec::new();
    for t in &tasks {
        if let Err(why) = computable(t) {
            problems.push(format!("line {} {:?}: {why}", t.line, t.goal));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let count = |f: &dyn Fn(&Task) -> bool| tasks.iter().filter(|t| f(t)).count();
    assert!(tasks.len() >= 320, "{} lines", tasks.len());
    assert!(count(&|t| t.expect.starts_with("stop")) >= 90);
    assert!(count(&|t| t.tagged("nofilter") || t.tagged("nodrop")) >= 45);
    assert!((30..=50).contains(&count(&|t| t.tagged("e2e"))));
    for lang in ["English", "French", "Spanish"] {
        let share = count(&|t| t.section == lang) as f64 / tasks.len() as f64;
        assert!(share >= 0.2, "{lang}: {share}");
    }
    let files: BTreeSet<&str> = tasks
        .iter()
        .flat_map(|t| t.files.iter().map(String::as_str))
        .collect();
    assert!(files.len() >= 12, "{files:?}");
    for t in tasks_of("goals.txt") {
        assert!(
            parse_expectation(&t.expect).is_ok(),
            "goals.txt line {}",
            t.line
        );
    }
}

/// Every line of fresh.txt (questions written apart from everyday.txt) is
/// computable the same way, and about a third of them want a stop.
#[test]
fn fresh_expectations_are_computable() {
    let tasks = tasks_of("fresh.txt");
    let problems: Vec<String> = tasks
        .iter()
        .filter_map(|t| {
            computable(t)
                .err()
                .map(|why| format!("line {} {:?}: {why}", t.line, t.goal))
        })
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(tasks.len() >= 150, "{} lines", tasks.len());
    let stops = tasks
        .iter()
        .filter(|t| t.expect.starts_with("stop"))
        .count();
    assert!(stops * 4 >= tasks.len(), "{stops} stops");
}

fn computable(t: &Task) -> Result<(), String> {
    if let Some(bad) = t
        .tags
        .iter()
        .find(|x| !["nofilter", "nodrop", "e2e"].contains(&x.as_str()))
    {
        return Err(format!("unknown tag {bad}"));
    }
    let e = parse_expectation(&t.expect)?;
    for f in &t.files {
        if !data(f).is_file() {
            return Err(format!("no file {f}"));
        }
    }
    match (t.files.len(), e.why.as_deref()) {
        (1, Some("file")) => return Err("stop file needs two files".into()),
        (1, _) => {}
        (_, Some("file")) => return Ok(()),
        _ => return Err("two files want stop file".into()),
    }
    if e.kind == "stop" {
        return e.why.map(|_| ()).ok_or("stop needs a WHY".into());
    }
    let table = load(&data(&t.files[0]));
    let all: Vec<Row> = table.rows.iter().collect();
    let kept = table.keep(&e.conds);
    if kept.is_empty() {
        return Err("the conditions keep no rows".into());
    }
    if !e.conds.is_empty() && kept.len() == all.len() {
        return Err("the conditions keep every row".into());
    }
    if e.kind == "value" {
        for x in e.exprs.iter().filter(|x| !x.starts_with("shapiro(")) {
            if !eval(&table, &kept, x, &all).is_finite() {
                return Err(format!("{x} is not a number"));
            }
        }
        return Ok(());
    }
    let by = e.by.as_deref().unwrap_or_default();
    if e.kind == "lookup" {
        let (at, extreme) = looked_up(&table, &kept, by, &e.exprs[0]);
        return match (at.is_empty(), extreme.is_finite()) {
            (false, true) => Ok(()),
            _ => Err(format!("nothing to look up: {at:?} at {extreme}")),
        };
    }
    let g = groups(&table, &kept, by);
    // The answers name at most 60 cells of a pivot (MAX_PIVOT_ANSWERS).
    if by.contains(',') && g.len() > 60 {
        return Err(format!(
            "{} pairs of {by}: more than the answers list",
            g.len()
        ));
    }
    if g.len() < 2 {
        return Err(format!("{} groups of {by}", g.len()));
    }
    if e.kind == "groups" {
        return Ok(());
    }
    let scored = ranked(&table, &e, &kept);
    match scored.get(e.n) {
        Some(next) if (next.1 - scored[e.n - 1].1).abs() < 1e-9 => {
            Err(format!("tie at rank {}: {scored:?}", e.n))
        }
        _ => Ok(()),
    }
}

/// Values computed separately (Python's csv and statistics modules) while
/// writing the corpus.
#[test]
fn everyday_oracle_agrees_with_separate_computations() {
    let cases: [(&str, &str, &[f64]); 10] = [
        (
            "passengers.csv",
            "value mean(Fare) where Sex=female",
            &[44.60991862745098],
        ),
        (
            "budget.csv",
            "value sum(Montant) where Catégorie=Alimentation and month(Date)=3",
            &[318.61],
        ),
        (
            "budget.csv",
            "value mean(Montant) where Moyen de paiement=Espèces",
            &[27.488823529411764],
        ),
        (
            "budget.csv",
            "value sum(Montant) where Date<2024-07-01",
            &[8615.68],
        ),
        (
            "hr.csv",
            "value rows where satisfaction=Satisfied/Very satisfied",
            &[87.0],
        ),
        (
            "hr.csv",
            "value mean(salary) where year(hire_date)<2015",
            &[85892.55319148937],
        ),
        (
            "hr.csv",
            "value pstd(salary) ; pvar(salary)",
            &[18442.23370419104, 340115984.0],
        ),
        (
            "weather.csv",
            "value mean(temp_c) where month(date)=6/7/8",
            &[20.727941176470587],
        ),
        (
            "club.csv",
            "value rows where Fecha de alta<2020-01-01",
            &[81.0],
        ),
        (
            "ventes.csv",
            "value sum(Quantité) where month(Date)=3",
            &[366.0],
        ),
    ];
    for (file, expectation, want) in cases {
        let got = oracle(file, expectation);
        assert_eq!(got.len(), want.len(), "{expectation}");
        for (g, w) in got.iter().zip(want) {
            assert!(close(*g, *w, None), "{file} {expectation}: {g} != {w}");
        }
    }
    let table = load(&data("orders.csv"));
    let e = parse_expectation("top sum(amount) by client n 3").expect("top");
    let kept = table.keep(&e.conds);
    let top: Vec<String> = ranked(&table, &e, &kept)
        .into_iter()
        .take(3)
        .map(|x| x.0)
        .collect();
    assert_eq!(top, ["Stark Supplies", "Acme Corp", "Globex"]);
}

/// The checks fail on wrong answers: a wrong number, a wrong group, a
/// ranking that names the wrong group, a missing group.
#[test]
fn everyday_checks_reject_wrong_answers() {
    let report = |values: serde_json::Value| serde_json::json!({ "answer": { "values": values } });
    let passengers = load(&data("passengers.csv"));
    let e = parse_expectation("value mean(Fare) where Sex=female round 2").expect("e");
    let right = report(serde_json::json!({ "mean of Fare": 44.61 }));
    assert_eq!(check(&passengers, &right, &e), Ok(()));
    let unfiltered = report(serde_json::json!({ "mean of Fare": 40.27 }));
    assert!(check(&passengers, &unfiltered, &e).is_err());
    let not_rounded = report(serde_json::json!({ "mean of Fare": 44.60991862745098 }));
    assert!(check(&passengers, &not_rounded, &e).is_err());

    // A rate: a fraction or a percent.
    let e = parse_expectation("value mean(Survived) where Sex=female").expect("e");
    let rate = oracle("passengers.csv", "value mean(Survived) where Sex=female")[0];
    let percent = report(serde_json::json!({ "survival rate": rate * 100.0 }));
    assert_eq!(check(&passengers, &percent, &e), Ok(()));

    let orders = load(&data("orders.csv"));
    let e = parse_expectation("top sum(amount) by client n 3").expect("e");
    let ranking = report(serde_json::json!({
        "client with the highest": "Stark Supplies",
        "1. Stark Supplies": 14965.75,
        "2. Acme Corp": 9752.5,
        "3. Globex": 9577.12,
    }));
    assert_eq!(check(&orders, &ranking, &e), Ok(()));
    let wrong_measure = report(serde_json::json!({
        "client with the highest": "Northwind",
        "1. Northwind": 45.0,
    }));
    assert!(check(&orders, &wrong_measure, &e).is_err());
    let e = parse_expectation("top sum(amount) by client").expect("e");
    let wrong_group = report(serde_json::json!({ "client": "Acme Corp" }));
    assert!(check(&orders, &wrong_group, &e).is_err());

    let budget = load(&data("budget.csv"));
    let e = parse_expectation("groups sum(Montant) by Catégorie").expect("e");
    let mut per_group = serde_json::Map::new();
    let all: Vec<Row> = budget.rows.iter().collect();
    for (g, rows) in groups(&budget, &all, "Catégorie") {
        per_group.insert(
            format!("total ({g})"),
            eval(&budget, &rows, "sum(Montant)", &all).into(),
        );
    }
    let full = report(serde_json::Value::Object(per_group.clone()));
    assert_eq!(check(&budget, &full, &e), Ok(()));
    per_group.remove("total (Santé)");
    let short = report(serde_json::Value::Object(per_group));
    assert!(check(&budget, &short, &e).is_err());
}

/// A ranking with a tie names every group tied for first place, and one
/// group without a value is reported, not a refusal of the run.
#[test]
fn ties_are_listed_and_an_empty_group_is_reported() {
    let scratch = Scratch::new();
    let run = |file: &Path, goal: &str| -> serde_json::Value {
        let out = scratch.glovebox(&["run", &file.to_string_lossy(), "--goal", goal, "--json"]);
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "{goal}: no JSON ({e}): {}",
                String::from_utf8_lossy(&out.stderr)
            )
        })
    };
    let tie = scratch.file("ties.csv", "product,units\nPen,29\nStapler,29\nClip,5\n");
    let report = run(&tie, "which product has the most units?");
    assert_eq!(report["status"], "answered", "{report}");
    let text = report["answer"]["text"].as_str().unwrap_or_default();
    assert!(
        text.contains("Pen, Stapler"),
        "both tied groups are named: {text}"
    );
    let empty = scratch.file(
        "empty.csv",
        "region,score\nNorth,\nNorth,\nSouth,3\nSouth,5\n",
    );
    let report = run(&empty, "average score per region");
    assert_eq!(report["status"], "answered", "{report}");
    assert_eq!(
        report["answer"]["values"]["mean of score (South)"], 4.0,
        "{report}"
    );
    let explanation = report["explanation"].as_str().unwrap_or_default();
    assert!(
        explanation.contains("North"),
        "the empty group is said: {explanation}"
    );
}

/// Files of the same layout are read as one table (each row with its file),
/// said as an assumption; a goal that names one of them reads only it.
#[test]
fn files_of_one_layout_are_stacked_and_said() {
    let scratch = Scratch::new();
    let jan = scratch.file("sales_jan.csv", "region,revenue\nNorth,10\nSouth,5\n");
    let feb = scratch.file(
        "sales_feb.csv",
        "region,revenue\nNorth,7\nSouth,1\nSouth,2\n",
    );
    let run = |goal: &str| -> serde_json::Value {
        let out = scratch.glovebox(&[
            "run",
            &jan.to_string_lossy(),
            &feb.to_string_lossy(),
            "--goal",
            goal,
            "--json",
        ]);
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "{goal}: no JSON ({e}): {}",
                String::from_utf8_lossy(&out.stderr)
            )
        })
    };
    let report = run("total revenue per region");
    assert_eq!(report["status"], "answered", "{report}");
    assert_eq!(
        report["answer"]["values"]["total revenue (North)"], 17.0,
        "{report}"
    );
    assert_eq!(
        report["answer"]["values"]["total revenue (South)"], 8.0,
        "{report}"
    );
    let assumptions = report["interpretation"]["assumptions"].to_string();
    assert!(
        assumptions.contains("sales_jan.csv") && assumptions.contains("sales_feb.csv"),
        "the stacking is said: {assumptions}"
    );
    // Taken back in one click: the same question about the first file only,
    // planned before it is offered.
    assert_eq!(
        report["interpretation"]["assumptions"][0]["instead"],
        "total revenue per region in sales_jan",
        "{report}"
    );
    let report = run("total revenue per region in sales_feb");
    assert_eq!(report["status"], "answered", "{report}");
    assert_eq!(
        report["answer"]["values"]["total revenue (North)"], 7.0,
        "{report}"
    );
}

/// A year the file has no date in is said with the dates it has, not
/// answered over no rows; a date before which rows are kept is read as a
/// date.
#[test]
fn a_year_outside_the_data_stops_with_its_dates() {
    let scratch = Scratch::new();
    let file = scratch.file(
        "spend.csv",
        "date,amount\n2024-01-15,10\n2024-02-20,5\n2024-03-05,7\n2024-11-30,1\n",
    );
    let run = |goal: &str| -> serde_json::Value {
        let out = scratch.glovebox(&["run", &file.to_string_lossy(), "--goal", goal, "--json"]);
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "{goal}: no JSON ({e}): {}",
                String::from_utf8_lossy(&out.stderr)
            )
        })
    };
    let report = run("total amount in 2023");
    assert_eq!(report["status"], "stopped", "{report}");
    let reason = report["stop_reason"].as_str().unwrap_or_default();
    assert!(
        reason.contains("2024-01-15") && reason.contains("2024-11-30"),
        "the dates the file has are said: {reason}"
    );
    let report = run("total amount before March 2024");
    assert_eq!(report["status"], "answered", "{report}");
    assert_eq!(report["answer"]["values"]["total amount"], 15.0, "{report}");
}

/// The checks of the step expectations (two keys, lookups, percentiles,
/// modes) reject wrong answers; the values were computed separately
/// (Python's csv, collections and statistics modules).
#[test]
fn steps_checks_reject_wrong_answers() {
    let report = |values: serde_json::Value| serde_json::json!({ "answer": { "values": values } });
    let ventas = load(&data("ventas.csv"));
    let e = parse_expectation("lookup fecha at max(ingresos)").expect("e");
    let both = report(serde_json::json!({ "fecha": "2026-04-24, 2026-03-10", "ingresos": 222.5 }));
    assert_eq!(check(&ventas, &both, &e), Ok(()));
    let one_tie_cut = report(serde_json::json!({ "fecha": "2026-03-10", "ingresos": 222.5 }));
    assert!(check(&ventas, &one_tie_cut, &e).is_err());
    let no_value = report(serde_json::json!({ "fecha": "2026-04-24, 2026-03-10" }));
    assert!(check(&ventas, &no_value, &e).is_err());

    let passengers = load(&data("passengers.csv"));
    let e = parse_expectation("groups rows by Pclass,Sex").expect("e");
    let cells = [
        ("1, female", 24),
        ("1, male", 29),
        ("2, female", 15),
        ("2, male", 21),
        ("3, female", 63),
        ("3, male", 88),
    ];
    let mut values = serde_json::Map::new();
    for (pair, n) in cells {
        values.insert(format!("rows ({pair})"), n.into());
    }
    assert_eq!(
        check(&passengers, &report(values.clone().into()), &e),
        Ok(())
    );
    values.insert("rows (3, male)".into(), 87.into());
    assert!(check(&passengers, &report(values.into()), &e).is_err());

    let web = load(&data("web.csv"));
    let e = parse_expectation("value percentile(load_time_ms,90)").expect("e");
    let p90 = report(serde_json::json!({ "90th percentile": 498.1 }));
    assert_eq!(check(&web, &p90, &e), Ok(()));
    let median =
        report(serde_json::json!({ "median": oracle("web.csv", "value median(load_time_ms)")[0] }));
    assert!(check(&web, &median, &e).is_err());

    // club.csv's ages 9, 10 and 16 tie as the most frequent (9 members each).
    let club = load(&data("club.csv"));
    let e = parse_expectation("value mode(Edad)").expect("e");
    for tied in [9.0, 10.0, 16.0] {
        let one = report(serde_json::json!({ "moda de Edad": tied }));
        assert_eq!(check(&club, &one, &e), Ok(()));
    }
    let other = report(serde_json::json!({ "moda de Edad": 7.0 }));
    assert!(check(&club, &other, &e).is_err());
}
