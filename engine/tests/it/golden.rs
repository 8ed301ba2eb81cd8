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
            Cond::Ne(c, values) => {
                let cell = &row[self.col(c)];
                let x = self.number(cell);
                !Self::cell_missing(cell)
                    && !values
                        .iter()
                        .any(|v| cell == v || (x.is_some() && x == v.parse::<f64>().ok()))
            }
            Cond::Num(c, op, v) => self
                .number(&row[self.col(c)])
                .is_some_and(|x| op.holds(x.total_cmp(v))),
            Cond::Date(c, op, d) => date(&row[self.col(c)]).is_some_and(|x| op.holds(x.cmp(d))),
            Cond::LatestYear(c) => {
                let i = self.col(c);
                let latest = self
                    .rows
                    .iter()
                    .filter_map(|r| date(&r[i]))
                    .map(|d| d.0)
                    .max();
                date(&row[i]).is_some_and(|d| Some(d.0) == latest)
            }
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
    /// col!=v1/v2: the cell is filled and equals none of the values.
    Ne(String, Vec<String>),
    /// latestyear(col): the cell's year is the latest year of the column.
    LatestYear(String),
}

fn parse_cond(s: &str) -> Result<Cond, String> {
    if let Some(col) = s
        .strip_prefix("latestyear(")
        .and_then(|r| r.strip_suffix(')'))
    {
        return Ok(Cond::LatestYear(col.to_owned()));
    }
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
    if let Some((col, value)) = s.split_once("!=") {
        return Ok(Cond::Ne(
            col.to_owned(),
            value.split('/').map(str::to_owned).collect(),
        ));
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

/// The arguments of `f(a, b)`, split on the commas outside brackets
/// (`mean(pctchange(Open,Close))` has one).
fn args(expr: &str) -> Vec<String> {
    let inner = expr
        .split_once('(')
        .map(|(_, rest)| rest.strip_suffix(')').unwrap_or(rest))
        .unwrap_or("");
    let (mut out, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(inner[start..i].trim().to_owned());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(inner[start..].trim().to_owned());
    out
}

/// Days since 1970-01-01 of a calendar date (proleptic Gregorian).
fn days_from_civil((y, m, d): (i32, u32, u32)) -> i64 {
    let y = i64::from(y) - i64::from(m <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (i64::from(m) + 9) % 12;
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

const WEEKDAYS: [&str; 7] = [
    "Monday|lundi|lunes",
    "Tuesday|mardi|martes",
    "Wednesday|mercredi|miércoles",
    "Thursday|jeudi|jueves",
    "Friday|vendredi|viernes",
    "Saturday|samedi|sábado",
    "Sunday|dimanche|domingo",
];

/// One derived column's cells (steps-derived.txt): `a*b` `a-b` `a+b` `a/b`,
/// `pctchange(a,b)`, `log(a)`, `len(a)`, `weekday(d)`, `month(d)`,
/// `bin(a,W)`, `qbin(a,N)`; None when `name` is none of them. A weekday cell lists its
/// name in each language ("Monday|lundi|lunes"): a group answer may use any.
fn derived_cells(t: &Table, name: &str) -> Option<Vec<String>> {
    let num = |r: &Vec<String>, c: &str| t.number(&r[t.col(c)]);
    let show = |v: Option<f64>| {
        v.filter(|x| x.is_finite())
            .map_or(String::new(), |x| format!("{x}"))
    };
    let f = name.split('(').next().unwrap_or("");
    let a = args(name);
    let cells: Vec<String> = match f {
        "pctchange" => t
            .rows
            .iter()
            .map(|r| {
                show(
                    num(r, &a[0])
                        .zip(num(r, &a[1]))
                        .filter(|(x, _)| *x != 0.0)
                        .map(|(x, y)| 100.0 * (y - x) / x),
                )
            })
            .collect(),
        "log" => t
            .rows
            .iter()
            .map(|r| show(num(r, &a[0]).filter(|x| *x > 0.0).map(f64::ln)))
            .collect(),
        "len" => t
            .rows
            .iter()
            .map(|r| {
                let c = &r[t.col(&a[0])];
                show((!Table::cell_missing(c)).then(|| c.chars().count() as f64))
            })
            .collect(),
        "weekday" | "month" => t
            .rows
            .iter()
            .map(|r| {
                date(&r[t.col(&a[0])]).map_or(String::new(), |d| {
                    if f == "month" {
                        d.1.to_string()
                    } else {
                        WEEKDAYS[(days_from_civil(d) + 3).rem_euclid(7) as usize].to_owned()
                    }
                })
            })
            .collect(),
        "bin" => {
            let w: f64 = a[1].parse().ok()?;
            let whole = t.rows.iter().all(|r| {
                let c = &r[t.col(&a[0])];
                Table::cell_missing(c) || c.parse::<i64>().is_ok()
            });
            t.rows
                .iter()
                .map(|r| {
                    num(r, &a[0]).map_or(String::new(), |v| {
                        let lo = (v / w).floor() * w;
                        if whole {
                            format!("{}–{}", lo as i64, (lo + w) as i64 - 1)
                        } else {
                            format!("[{}, {})", lo as i64, (lo + w) as i64)
                        }
                    })
                })
                .collect()
        }
        // quantile bands as pandas' qcut: cuts at the linear quantiles,
        // a value on a cut in the band below, "Q1" the lowest
        "qbin" => {
            let n: usize = a[1].parse().ok()?;
            let all: Vec<Row> = t.rows.iter().collect();
            let v = t.values(&all, &a[0]);
            let cuts: Vec<f64> = (1..=n).map(|k| quantile(&v, k as f64 / n as f64)).collect();
            t.rows
                .iter()
                .map(|r| {
                    num(r, &a[0]).map_or(String::new(), |x| {
                        let band = cuts.iter().position(|c| x <= *c).unwrap_or(n - 1);
                        format!("Q{}", band + 1)
                    })
                })
                .collect()
        }
        _ => {
            let (at, op) = name.char_indices().find(|(i, c)| {
                "*-+/".contains(*c)
                    && t.header.contains(&name[..*i].to_owned())
                    && t.header.contains(&name[i + 1..].to_owned())
            })?;
            let (x, y) = (&name[..at], &name[at + 1..]);
            t.rows
                .iter()
                .map(|r| {
                    show(num(r, x).zip(num(r, y)).and_then(|(x, y)| match op {
                        '*' => Some(x * y),
                        '-' => Some(x - y),
                        '+' => Some(x + y),
                        _ => (y != 0.0).then(|| x / y),
                    }))
                })
                .collect()
        }
    };
    Some(cells)
}

/// Adds to `t` the derived columns an expectation names (its expressions'
/// arguments and its group key), each as a column named by its expression.
fn derive(t: &mut Table, e: &Expectation) {
    let mut names: Vec<String> = e.exprs.iter().flat_map(|x| args(x)).collect();
    names.extend(e.by.clone());
    for name in names {
        if t.header.contains(&name) {
            continue;
        }
        if let Some(cells) = derived_cells(t, &name) {
            t.header.push(name);
            for (row, cell) in t.rows.iter_mut().zip(cells) {
                row.push(cell);
            }
        }
    }
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
            // `lastmonth(C,D)` its last month's total, `lastmonth(mean:C,D)`
            // its last month's mean.
            let (averaged, column) = match a[0].strip_prefix("mean:") {
                Some(c) => (true, c),
                None => (false, a[0].as_str()),
            };
            let (iv, id) = (t.col(column), t.col(&a[1]));
            let mut months: BTreeMap<(i32, u32), Vec<f64>> = BTreeMap::new();
            for r in rows {
                let (y, m, _) = date(&r[id]).expect("a date");
                let v = t.number(&r[iv]);
                months
                    .entry((y, m))
                    .or_default()
                    .extend(v.or((!averaged).then_some(0.0)));
            }
            let last = months.values().next_back().expect("a month");
            if averaged {
                mean(last)
            } else {
                last.iter().sum()
            }
        }
        "slope" | "intercept" | "r2" | "coef" | "predict" | "rmse" | "mae" => {
            regression(t, rows, expr)
        }
        other => panic!("unknown expression {other}"),
    }
}

/// The model of `Y` on `X…` over the rows where every column has a number:
/// (coefficients, intercept first; the rows' targets; their predictors).
fn least_squares(
    t: &Table,
    rows: &[Row],
    y: &str,
    xs: &[&str],
) -> (Vec<f64>, Vec<f64>, Vec<Vec<f64>>) {
    let (iy, ix): (usize, Vec<usize>) = (t.col(y), xs.iter().map(|x| t.col(x)).collect());
    let mut ys = Vec::new();
    let mut xrows = Vec::new();
    for r in rows {
        let Some(v) = t.number(&r[iy]) else { continue };
        let x: Option<Vec<f64>> = ix.iter().map(|&i| t.number(&r[i])).collect();
        if let Some(x) = x {
            ys.push(v);
            xrows.push(x);
        }
    }
    // Normal equations: (XᵀX) b = Xᵀy, with a column of ones first.
    let k = xs.len() + 1;
    let mut a = vec![vec![0.0; k + 1]; k];
    for (x, v) in xrows.iter().zip(&ys) {
        let full: Vec<f64> = std::iter::once(1.0).chain(x.iter().copied()).collect();
        for i in 0..k {
            for j in 0..k {
                a[i][j] += full[i] * full[j];
            }
            a[i][k] += full[i] * v;
        }
    }
    // Gauss-Jordan elimination with partial pivoting.
    for c in 0..k {
        let p = (c..k)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .expect("pivot");
        a.swap(c, p);
        let pivot = a[c].clone();
        for (_, row) in a.iter_mut().enumerate().filter(|(i, _)| *i != c) {
            let f = row[c] / pivot[c];
            for (x, p) in row.iter_mut().zip(&pivot).skip(c) {
                *x -= f * p;
            }
        }
    }
    let b = (0..k).map(|i| a[i][k] / a[i][i]).collect();
    (b, ys, xrows)
}

/// `slope(Y,X)`, `intercept(Y,X…)`, `r2(Y,X…)`, `coef(Y,X…:Xi)`,
/// `predict(Y,X1=v1,…)`, `rmse(Y,X…)`, `mae(Y,X…)` (see steps/regression.rs).
fn regression(t: &Table, rows: &[Row], expr: &str) -> f64 {
    let name = expr.split('(').next().unwrap_or(expr);
    let inner = &expr[name.len() + 1..expr.len() - 1];
    let (list, pick) = inner.split_once(':').unwrap_or((inner, ""));
    let parts: Vec<&str> = list.split(',').map(str::trim).collect();
    let y = parts[0];
    let xs: Vec<&str> = parts[1..]
        .iter()
        .map(|p| p.split('=').next().unwrap_or(p))
        .collect();
    let at: Vec<f64> = parts[1..]
        .iter()
        .filter_map(|p| p.split_once('=').and_then(|(_, v)| v.parse().ok()))
        .collect();
    let (b, ys, xrows) = least_squares(t, rows, y, &xs);
    let fitted = |x: &[f64]| b[0] + x.iter().zip(&b[1..]).map(|(v, c)| v * c).sum::<f64>();
    let residuals: Vec<f64> = xrows.iter().zip(&ys).map(|(x, v)| v - fitted(x)).collect();
    match name {
        "slope" => b[1],
        "intercept" => b[0],
        "coef" => {
            b[1 + xs
                .iter()
                .position(|x| *x == pick.trim())
                .expect("coef of a predictor")]
        }
        "r2" => 1.0 - residuals.iter().map(|e| e * e).sum::<f64>() / sum_sq(&ys),
        "predict" => fitted(&at),
        "rmse" => mean(&residuals.iter().map(|e| e * e).collect::<Vec<_>>()).sqrt(),
        _ => mean(&residuals.iter().map(|e| e.abs()).collect::<Vec<_>>()),
    }
}

/// The rows kept, prepared by each `after STEP` in order (see
/// steps/prep.rs): a new table whose every row is used.
fn prepared(t: &Table, rows: &[Row], steps: &[String]) -> Table {
    let mut out: Vec<Vec<String>> = rows.iter().map(|r| (*r).clone()).collect();
    for step in steps {
        let name = step.split('(').next().unwrap_or(step);
        let a = args(step);
        let col = a.first().filter(|c| !c.is_empty()).map(|c| t.col(c));
        let values = |out: &[Vec<String>]| -> Vec<f64> {
            out.iter()
                .filter_map(|r| t.number(&r[col.expect("a column")]))
                .collect()
        };
        match name {
            "dropna" if a[0].is_empty() => {
                out.retain(|r| r.iter().all(|c| !Table::cell_missing(c)))
            }
            "dropna" => out.retain(|r| t.number(&r[col.expect("column")]).is_some()),
            "dedup" => {
                let mut seen = BTreeSet::new();
                out.retain(|r| seen.insert(r.clone()));
            }
            "noiqr" | "noz" => {
                let v = values(&out);
                let (lo, hi) = if name == "noiqr" {
                    let (q1, q3) = (quantile(&v, 0.25), quantile(&v, 0.75));
                    (q1 - 1.5 * (q3 - q1), q3 + 1.5 * (q3 - q1))
                } else {
                    let (m, s) = (mean(&v), var(&v).sqrt());
                    (m - 3.0 * s, m + 3.0 * s)
                };
                let i = col.expect("column");
                out.retain(|r| t.number(&r[i]).is_none_or(|x| x >= lo && x <= hi));
            }
            "fillmean" | "fillmedian" | "fillmode" | "fill" | "minmax" | "zscale" => {
                let v = values(&out);
                let i = col.expect("column");
                let with = match name {
                    "fillmean" => mean(&v),
                    "fillmedian" => quantile(&v, 0.5),
                    "fillmode" => {
                        let mut counts: BTreeMap<String, usize> = BTreeMap::new();
                        for x in &v {
                            *counts.entry(format!("{x}")).or_default() += 1;
                        }
                        let most = counts.values().copied().max().unwrap_or(0);
                        v.iter()
                            .copied()
                            .filter(|x| counts[&format!("{x}")] == most)
                            .fold(f64::INFINITY, f64::min)
                    }
                    "fill" => a[1].parse().expect("fill value"),
                    _ => 0.0,
                };
                let (lo, hi, m, s) = (
                    v.iter().copied().fold(f64::INFINITY, f64::min),
                    v.iter().copied().fold(f64::NEG_INFINITY, f64::max),
                    mean(&v),
                    var(&v).sqrt(),
                );
                for r in &mut out {
                    let x = t.number(&r[i]);
                    let new = match (name, x) {
                        ("minmax", Some(x)) => Some((x - lo) / (hi - lo)),
                        ("zscale", Some(x)) => Some((x - m) / s),
                        ("minmax" | "zscale", None) => None,
                        (_, None) => Some(with),
                        (_, Some(x)) => Some(x),
                    };
                    if let Some(n) = new {
                        r[i] = format!("{n}");
                    }
                }
            }
            other => panic!("unknown preparation {other}"),
        }
    }
    Table {
        header: t.header.clone(),
        rows: out,
        decimal_comma: t.decimal_comma,
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
    /// The key two files are joined on (`join KEY`): each row of the first
    /// file gets the second file's row with the same key.
    join: Option<String>,
    /// Preparation steps (`after STEP`), in order, after the conditions.
    prep: Vec<String>,
    /// The chart kind drawn as asked (`chart pie`; `none`: the kind asked
    /// does not fit), steps-charts.txt and steps-followups.txt.
    chart: Option<String>,
}

const KINDS: [&str; 6] = ["value", "groups", "top", "bottom", "lookup", "stop"];
const WHYS: [&str; 5] = ["unplaced", "column", "ambiguous", "file", "operation"];
const KEYWORDS: [&str; 8] = ["where", "and", "by", "n", "round", "join", "after", "chart"];
const CHART_KINDS: [&str; 4] = ["pie", "bar", "line", "none"];

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
        join: None,
        prep: Vec::new(),
        chart: None,
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
            "join" => e.join = Some(arg),
            "after" => e.prep.push(arg),
            "chart" if CHART_KINDS.contains(&arg.as_str()) => e.chart = Some(arg),
            "chart" => return Err(format!("{text}: chart {arg}")),
            _ => e.round = Some(arg.parse().map_err(|_| format!("{text}: round"))?),
        }
        i = end;
    }
    if matches!(kind, "groups" | "top" | "bottom") && e.by.is_none() {
        return Err(format!("{text}: {kind} needs by"));
    }
    Ok(e)
}

/// The keys of a `by` clause, `A,B`, split at the commas outside brackets
/// (`bin(age,10)` is one key).
fn keys_of(by: &str) -> Vec<String> {
    args(&format!("by({by})"))
}

/// Each group of `col` among `rows` (missing ones left out) with its rows;
/// with two keys, `A,B`, each pair named "a, b" (pairs without rows left
/// out).
fn groups<'a>(t: &Table, rows: &[Row<'a>], col: &str) -> BTreeMap<String, Vec<Row<'a>>> {
    let keys: Vec<usize> = keys_of(col).iter().map(|c| t.col(c)).collect();
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
    let owned = (!e.prep.is_empty()).then(|| prepared(table, &table.keep(&e.conds), &e.prep));
    let table = owned.as_ref().unwrap_or(table);
    let all: Vec<Row> = table.rows.iter().collect();
    let kept = if owned.is_some() {
        all.clone()
    } else {
        table.keep(&e.conds)
    };
    let got = numbers_of(report);
    match e.kind.as_str() {
        "value" => {
            for expr in &e.exprs {
                if is_test(expr) {
                    check_test(table, &kept, report, expr)?;
                    continue;
                }
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
                // A weekday's name in any language ("Monday|lundi|lunes").
                let named = |n: &str| g.split('|').any(|alt| n.ends_with(&format!("({alt})")));
                match got.iter().find(|(n, _)| named(n)) {
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

/// The table a task's expectation is computed on: its one file, or its two
/// files joined (`join KEY`): each row of the first gets the second's row
/// with the same key, or empty cells when there is none (a left join).
fn task_table(files: &[String], e: &Expectation) -> Table {
    let first = load(&data(&files[0]));
    let Some(key) = &e.join else {
        return first;
    };
    let second = load(&data(&files[1]));
    let (k1, k2) = (first.col(key), second.col(key));
    let brought: Vec<usize> = (0..second.header.len())
        .filter(|&i| i != k2 && !first.header.contains(&second.header[i]))
        .collect();
    let mut header = first.header.clone();
    header.extend(brought.iter().map(|&i| second.header[i].clone()));
    let rows = first
        .rows
        .iter()
        .map(|r| {
            let other = second.rows.iter().find(|o| o[k2] == r[k1]);
            let mut row = r.clone();
            row.extend(
                brought
                    .iter()
                    .map(|&i| other.map_or(String::new(), |o| o[i].clone())),
            );
            row
        })
        .collect();
    Table {
        header,
        rows,
        decimal_comma: first.decimal_comma && second.decimal_comma,
    }
}

/// A join's second file has one row per key, else the join is refused.
fn unique_keys(t: &Table, key: &str) -> Result<(), String> {
    let k = t.col(key);
    let keys: BTreeSet<&str> = t.rows.iter().map(|r| r[k].as_str()).collect();
    if keys.len() == t.rows.len() {
        Ok(())
    } else {
        Err(format!("{key} repeats in the second file"))
    }
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
    let mut table = task_table(&task.files, &e);
    derive(&mut table, &e);
    if let Err(why) = check(&table, report, &e) {
        return Some(why);
    }
    if report["explanation"].as_str().is_none_or(|x| x.len() <= 40) {
        return Some("no explanation".into());
    }
    check_chart(report, e.chart.as_deref())
}

/// The chart the code asked for is of the kind expected; a kind asked that
/// does not fit is said in the explanation.
fn check_chart(report: &serde_json::Value, want: Option<&str>) -> Option<String> {
    let drawn = report["charts"][0]["kind"].as_str();
    match want {
        None => None,
        Some("none") => {
            let said = ["was asked, but", "était demandé, mais", "se pidió"];
            let explanation = report["explanation"].as_str().unwrap_or("");
            (!said.iter().any(|s| explanation.contains(s)))
                .then(|| format!("no note on the chart asked: {explanation}"))
        }
        Some(kind) => (drawn != Some(kind)).then(|| format!("want a {kind} chart, got {drawn:?}")),
    }
}

/// Runs a line's GOAL: one goal, or a chain `first >> follow-up [>> …]`
/// (the first goal, then `glovebox run --follow RUN --goal …` for each
/// follow-up, on the followed run's files); the last run's report.
fn run_chain(scratch: &Scratch, files: &[String], goal: &str) -> (serde_json::Value, i32) {
    let mut chain = goal.split(" >> ");
    let (mut report, mut code) = run_goal(scratch, files, chain.next().unwrap_or_default());
    for follow_up in chain {
        let run = report["run_id"].as_str().unwrap_or_default().to_owned();
        let out = scratch.glovebox(&["run", "--follow", &run, "--goal", follow_up, "--json"]);
        code = out.status.code().unwrap_or(-1);
        report = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "{follow_up}: no JSON ({e}), exit {code}\n{}",
                String::from_utf8_lossy(&out.stderr)
            )
        });
        assert_eq!(report["follows"]["run_id"], run.as_str(), "{follow_up}");
    }
    (report, code)
}

fn golden_in(corpus: &str, filter: impl Fn(&Task) -> bool) -> usize {
    assert!(Path::new(GLOVEBOX).is_file());
    let scratch = Scratch::new();
    let mut failures = Vec::new();
    let mut count = 0;
    for task in tasks_of(corpus).iter().filter(|t| filter(t)) {
        count += 1;
        let (report, code) = run_chain(&scratch, &task.files, &task.goal);
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
    let mut table = load(&data(file));
    let e = parse_expectation(expectation).expect("expectation");
    derive(&mut table, &e);
    let owned = (!e.prep.is_empty()).then(|| prepared(&table, &table.keep(&e.conds), &e.prep));
    let table = owned.unwrap_or(table);
    let all: Vec<Row> = table.rows.iter().collect();
    let kept = if e.prep.is_empty() {
        table.keep(&e.conds)
    } else {
        all.clone()
    };
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
    // A representative subset runs through the sandbox (about 0.4 s each):
    // one line per reading feature, bounded so `make test` stays short.
    let e2e = count(&|t| t.tagged("e2e"));
    assert!((30..=60).contains(&e2e), "{e2e} lines tagged e2e");
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

/// Every line of the held-out sets (`heldout-*.txt`, written without
/// reading the planner) and of the public-data sets (`public-*.txt`) is
/// computable the same way.
#[test]
fn heldout_expectations_are_computable() {
    let mut names: Vec<String> = std::fs::read_dir(repo().join("tests/golden"))
        .expect("tests/golden")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| (n.starts_with("heldout-") || n.starts_with("public-")) && n.ends_with(".txt"))
        .collect();
    names.sort();
    let held = names.iter().filter(|n| n.starts_with("heldout-")).count();
    assert!(held >= 3 && names.len() >= held + 2, "{names:?}");
    let mut problems = Vec::new();
    for name in &names {
        for t in tasks_of(name) {
            if let Err(why) = computable(&t) {
                problems.push(format!("{name} line {} {:?}: {why}", t.line, t.goal));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
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
    match (t.files.len(), e.why.as_deref(), &e.join) {
        (1, Some("file"), _) => return Err("stop file needs two files".into()),
        (1, _, Some(_)) => return Err("join needs two files".into()),
        (1, _, None) => {}
        (_, Some(_), _) => return Ok(()),
        (_, None, Some(key)) => unique_keys(&load(&data(&t.files[1])), key)?,
        _ => return Err("two files want a join or a stop".into()),
    }
    if e.kind == "stop" {
        return e.why.map(|_| ()).ok_or("stop needs a WHY".into());
    }
    let mut table = task_table(&t.files, &e);
    derive(&mut table, &e);
    let all: Vec<Row> = table.rows.iter().collect();
    let kept = table.keep(&e.conds);
    if kept.is_empty() {
        return Err("the conditions keep no rows".into());
    }
    // "of the year" on a file of one year keeps every row, as the reading
    // says ("the whole file if it covers one year"); any other condition
    // that keeps every row tests nothing.
    let only_latest_year = e.conds.iter().all(|c| matches!(c, Cond::LatestYear(_)));
    // "between automatic (am = 0) and manual (am = 1)": the groups of a
    // test named by their values, which may be all of them.
    let only_named_groups = e.conds.iter().all(|c| {
        matches!(c, Cond::Eq(col, _) if e.exprs.iter().any(|x| is_test(x) && args(x).get(1) == Some(col)))
    });
    if !e.conds.is_empty() && kept.len() == all.len() && !only_latest_year && !only_named_groups {
        return Err("the conditions keep every row".into());
    }
    let owned = (!e.prep.is_empty()).then(|| prepared(&table, &kept, &e.prep));
    let table = owned.as_ref().unwrap_or(&table);
    let all: Vec<Row> = table.rows.iter().collect();
    let kept = if owned.is_some() { all.clone() } else { kept };
    if e.kind == "value" {
        for x in e
            .exprs
            .iter()
            .filter(|x| !x.starts_with("shapiro(") || is_test(x))
        {
            if is_test(x) {
                let o = tested(table, &kept, x)?;
                if !o.stats.iter().all(|s| s.is_finite())
                    || !(o.p.is_nan() || (0.0..=1.0).contains(&o.p))
                {
                    return Err(format!("{x}: {o:?}"));
                }
                continue;
            }
            if !eval(table, &kept, x, &all).is_finite() {
                return Err(format!("{x} is not a number"));
            }
        }
        return Ok(());
    }
    let by = e.by.as_deref().unwrap_or_default();
    if e.kind == "lookup" {
        let (at, extreme) = looked_up(table, &kept, by, &e.exprs[0]);
        return match (at.is_empty(), extreme.is_finite()) {
            (false, true) => Ok(()),
            _ => Err(format!("nothing to look up: {at:?} at {extreme}")),
        };
    }
    let g = groups(table, &kept, by);
    // The answers name at most 60 cells of a pivot (MAX_PIVOT_ANSWERS).
    if keys_of(by).len() > 1 && g.len() > 60 {
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
    let scored = ranked(table, &e, &kept);
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

/// The model and preparation expressions of the oracle agree with values
/// computed separately while writing the corpus (Python's statistics
/// module for one predictor and quartiles; exact fractions for the normal
/// equations of two).
#[test]
fn steps_oracle_agrees_with_separate_computations() {
    let cases: [(&str, &str, &[f64]); 4] = [
        (
            "housing.csv",
            "value slope(price,area_m2) ; intercept(price,area_m2) ; predict(price,area_m2=90)",
            &[3998.5448472404105, 31602.573004638078, 391471.609256275],
        ),
        (
            "insurance.csv",
            "value intercept(charges,age,bmi) ; coef(charges,age,bmi:age) ; coef(charges,age,bmi:bmi)",
            &[2722.236587125351, 212.66935418524784, 343.23807250031655],
        ),
        (
            "insurance.csv",
            "value predict(charges,age=40,bmi=30)",
            &[21526.15292954476],
        ),
        (
            "hr.csv",
            "value mean(salary) ; rows after noiqr(salary)",
            &[76687.75510204081, 196.0],
        ),
    ];
    for (file, expectation, want) in cases {
        let got = oracle(file, expectation);
        assert_eq!(got.len(), want.len(), "{expectation}");
        for (g, w) in got.iter().zip(want) {
            assert!(close(*g, *w, None), "{file} {expectation}: {g} != {w}");
        }
    }
    // Scaling and filling change the values, not the rows.
    let scaled = oracle(
        "housing.csv",
        "value min(price) ; max(price) ; rows after minmax(price)",
    );
    assert_eq!(scaled, [0.0, 1.0, 200.0]);
    let filled = oracle(
        "passengers.csv",
        "value missing(Age) ; count(Age) after fill(Age,0)",
    );
    assert_eq!(filled, [0.0, 240.0]);
}

/// The derived columns of the oracle agree with values computed separately
/// (Python's csv, math, statistics and datetime modules) while writing
/// steps-derived.txt.
#[test]
fn derived_oracle_agrees_with_separate_computations() {
    let cases: [(&str, &str, f64); 5] = [
        ("orders.csv", "value sum(quantity*unit_price)", 63733.0),
        ("stocks.csv", "value mean(High-Low)", 3.651_746_031_746_031),
        (
            "stocks.csv",
            "value mean(pctchange(Open,Close))",
            -0.022_647_368_822_902_94,
        ),
        (
            "stocks.csv",
            "value mean(log(Volume))",
            17.777_431_306_476_522,
        ),
        ("hr.csv", "value mean(len(name))", 12.16),
    ];
    for (file, expectation, want) in cases {
        let got = oracle(file, expectation);
        assert!(
            close(got[0], want, None),
            "{file} {expectation}: {} != {want}",
            got[0]
        );
    }
    assert_eq!(days_from_civil((1970, 1, 1)), 0);
    let groups_of = |file: &str, expectation: &str| -> BTreeMap<String, f64> {
        let mut t = load(&data(file));
        let e = parse_expectation(expectation).expect("groups");
        derive(&mut t, &e);
        let all: Vec<Row> = t.rows.iter().collect();
        groups(&t, &all, e.by.as_deref().expect("by"))
            .into_iter()
            .map(|(g, rows)| {
                let v = eval(&t, &rows, &e.exprs[0], &all);
                (g, v)
            })
            .collect()
    };
    let days = groups_of("shop.csv", "groups sum(revenue) by weekday(date)");
    assert!(close(days["Monday|lundi|lunes"], 2235.6, None), "{days:?}");
    let bands = groups_of("insurance.csv", "groups mean(charges) by bin(age,10)");
    assert!(
        close(bands["20–29"], 18_646.960_882_352_94, None),
        "{bands:?}"
    );
    let quartiles = groups_of("insurance.csv", "groups mean(charges) by qbin(bmi,4)");
    assert!(
        close(quartiles["Q1"], 18_566.172_698_412_698, None),
        "{quartiles:?}"
    );
    let months = groups_of("weather.csv", "groups mean(temp_c) by month(date)");
    assert!(
        close(months["1"], 5.643_478_260_869_565, None),
        "{months:?}"
    );
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
    let run = |file: &Path, goal: &str| scratch.offline_json(&[file], goal);
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
    let run = |goal: &str| scratch.offline_json(&[&jan, &feb], goal);
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
    let run = |goal: &str| scratch.offline_json(&[&file], goal);
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

/// A condition on a column of numbers that no row meets ("in sector
/// 12" of sectors 1 to 9): the plan cannot see the numbers the file
/// holds, so the run stops when its filters keep no row, rather than
/// answer a total of nothing (0) or a mean of nothing (no number); a
/// count of no rows is still 0.
#[test]
fn a_condition_no_row_meets_stops_unless_rows_are_counted() {
    let scratch = Scratch::new();
    let file = scratch.file(
        "firms.csv",
        "firm,sector,wage\n1,3,12.5\n2,7,14.0\n3,3,11.0\n4,9,20.5\n",
    );
    let run = |goal: &str| scratch.offline_json(&[&file], goal);
    let report = run("total wage of the firms in sector 12");
    assert_eq!(report["status"], "stopped", "{report}");
    let reason = report["stop_reason"].as_str().unwrap_or_default();
    assert!(
        reason.contains("sector") && reason.contains("12") && reason.contains("no row"),
        "the condition no row meets is said: {reason}"
    );
    let report = run("mean wage of the firms in sector 12");
    assert_eq!(report["status"], "stopped", "{report}");
    let report = run("how many rows have sector = 12?");
    assert_eq!(report["status"], "answered", "{report}");
    let values = report["answer"]["values"].as_object().expect("values");
    assert!(
        values.values().any(|v| v == 0.0),
        "a count of no rows is 0: {report}"
    );
}

// Hypothesis tests (steps-tests.txt): the statistic and the p-value,
// computed here from the distributions' definitions.

/// ln Γ(x), Lanczos' approximation (g = 7, 9 terms; about 15 digits).
fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let t = x + 7.5;
    let mut a = G[0];
    for (i, g) in G.iter().enumerate().skip(1) {
        a += g / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

/// The continued fraction of the incomplete beta function (Numerical
/// Recipes, betacf, modified Lentz).
fn beta_cf(a: f64, b: f64, x: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 - qab * x / qap;
    if d.abs() < TINY {
        d = TINY;
    }
    d = 1.0 / d;
    let mut h = d;
    for m in 1..10_000 {
        let m = f64::from(m);
        let m2 = 2.0 * m;
        let aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;
        d = if d.abs() < TINY { TINY } else { d };
        c = 1.0 + aa / c;
        c = if c.abs() < TINY { TINY } else { c };
        d = 1.0 / d;
        h *= d * c;
        let aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;
        d = if d.abs() < TINY { TINY } else { d };
        c = 1.0 + aa / c;
        c = if c.abs() < TINY { TINY } else { c };
        d = 1.0 / d;
        let del = d * c;
        h *= del;
        if (del - 1.0).abs() < 1e-15 {
            break;
        }
    }
    h
}

/// The regularized incomplete beta function I_x(a, b).
fn beta_reg(a: f64, b: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let front =
        (ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln()).exp();
    if x < (a + 1.0) / (a + b + 2.0) {
        front * beta_cf(a, b, x) / a
    } else {
        1.0 - front * beta_cf(b, a, 1.0 - x) / b
    }
}

/// The upper regularized incomplete gamma function Q(a, x) (Numerical
/// Recipes: the series below a + 1, the continued fraction above).
fn gamma_q(a: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let front = (-x + a * x.ln() - ln_gamma(a)).exp();
    if x < a + 1.0 {
        let (mut ap, mut sum) = (a, 1.0 / a);
        let mut del = sum;
        for _ in 0..10_000 {
            ap += 1.0;
            del *= x / ap;
            sum += del;
            if del.abs() < sum.abs() * 1e-16 {
                break;
            }
        }
        1.0 - sum * front
    } else {
        const TINY: f64 = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / TINY;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..10_000 {
            let an = -f64::from(i) * (f64::from(i) - a);
            b += 2.0;
            d = an * d + b;
            d = if d.abs() < TINY { TINY } else { d };
            c = b + an / c;
            c = if c.abs() < TINY { TINY } else { c };
            d = 1.0 / d;
            let del = d * c;
            h *= del;
            if (del - 1.0).abs() < 1e-16 {
                break;
            }
        }
        front * h
    }
}

/// P(|T| ≥ |t|) for Student's t with `df` degrees of freedom.
fn t_two_sided(t: f64, df: f64) -> f64 {
    beta_reg(df / 2.0, 0.5, df / (df + t * t))
}

/// P(F ≥ f) for Fisher's F with (d1, d2) degrees of freedom.
fn f_sf(f: f64, d1: f64, d2: f64) -> f64 {
    beta_reg(d2 / 2.0, d1 / 2.0, d2 / (d2 + d1 * f))
}

/// P(X ≥ x) for a chi-square with `k` degrees of freedom.
fn chi2_sf(x: f64, k: f64) -> f64 {
    gamma_q(k / 2.0, x / 2.0)
}

/// P(Z ≥ z) for a standard normal: erfc through Q(1/2, z²/2).
fn norm_sf(z: f64) -> f64 {
    let half = 0.5 * gamma_q(0.5, z * z / 2.0);
    if z >= 0.0 {
        half
    } else {
        1.0 - half
    }
}

/// P(K ≥ x) for Kolmogorov's distribution (the two series, each where it
/// converges fast).
fn kolmogorov_sf(x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    if x < 1.0 {
        let pi = std::f64::consts::PI;
        let sum: f64 = (1..=50)
            .map(|k| {
                let j = f64::from(2 * k - 1);
                (-(j * j) * pi * pi / (8.0 * x * x)).exp()
            })
            .sum();
        1.0 - (2.0 * pi).sqrt() / x * sum
    } else {
        2.0 * (1..=100)
            .map(|k| {
                let k = f64::from(k);
                let sign = if k as i64 % 2 == 1 { 1.0 } else { -1.0 };
                sign * (-2.0 * k * k * x * x).exp()
            })
            .sum::<f64>()
    }
}

/// The expressions of hypothesis tests, with how many arguments come
/// before the optional α.
const TESTS: [(&str, usize); 12] = [
    ("welch", 2),
    ("student", 2),
    ("mannwhitney", 2),
    ("anova", 2),
    ("chi2", 2),
    ("pearsonp", 2),
    ("spearmanp", 2),
    ("paired", 2),
    ("onesample", 2),
    ("ks", 1),
    ("dagostino", 1),
    ("shapiro", 1),
];

/// A test's outcome: the statistic (either sign, or either group's U, when
/// it depends on the groups' order), the p-value, the sizes reported, α.
#[derive(Debug)]
struct Tested {
    stats: Vec<f64>,
    p: f64,
    sizes: Vec<f64>,
    alpha: f64,
}

/// Whether EXPR is a hypothesis test this oracle computes (a bare
/// `shapiro(c)` is the normality recipe's, checked by `check_shapiro`).
fn is_test(expr: &str) -> bool {
    let name = expr.split('(').next().unwrap_or(expr);
    let a = args(expr);
    TESTS
        .iter()
        .any(|(n, arity)| *n == name && !(name == "shapiro" && a.len() == *arity))
}

/// Each group's values of `col` among `rows`, in the groups' order.
fn samples(t: &Table, rows: &[Row], col: &str, by: &str) -> Vec<Vec<f64>> {
    groups(t, rows, by)
        .values()
        .map(|g| t.values(g, col))
        .filter(|v| !v.is_empty())
        .collect()
}

fn two_samples(t: &Table, rows: &[Row], a: &[String]) -> Result<(Vec<f64>, Vec<f64>), String> {
    let mut s = samples(t, rows, &a[0], &a[1]);
    if s.len() != 2 {
        return Err(format!("{} groups of {}, not 2", s.len(), a[1]));
    }
    let second = s.pop().unwrap_or_default();
    Ok((s.pop().unwrap_or_default(), second))
}

fn t_stat(x: &[f64], y: &[f64], pooled: bool) -> (f64, f64) {
    let (n1, n2) = (x.len() as f64, y.len() as f64);
    let (v1, v2) = (var(x), var(y));
    let diff = mean(x) - mean(y);
    if pooled {
        let df = n1 + n2 - 2.0;
        let sp = ((n1 - 1.0) * v1 + (n2 - 1.0) * v2) / df;
        (diff / (sp * (1.0 / n1 + 1.0 / n2)).sqrt(), df)
    } else {
        let (a, b) = (v1 / n1, v2 / n2);
        let df = (a + b).powi(2) / (a * a / (n1 - 1.0) + b * b / (n2 - 1.0));
        (diff / (a + b).sqrt(), df)
    }
}

fn mann_whitney(x: &[f64], y: &[f64]) -> (f64, f64) {
    let all: Vec<f64> = x.iter().chain(y).copied().collect();
    let r = ranks(&all);
    let (n1, n2) = (x.len() as f64, y.len() as f64);
    let u1 = r[..x.len()].iter().sum::<f64>() - n1 * (n1 + 1.0) / 2.0;
    let mut sorted = all.clone();
    sorted.sort_by(f64::total_cmp);
    let mut ties = 0.0;
    let mut i = 0;
    while i < sorted.len() {
        let j = sorted[i..].iter().take_while(|v| **v == sorted[i]).count();
        let t = j as f64;
        ties += t * t * t - t;
        i += j;
    }
    let n = n1 + n2;
    let s = (n1 * n2 / 12.0 * ((n + 1.0) - ties / (n * (n - 1.0)))).sqrt();
    let u = u1.max(n1 * n2 - u1);
    let z = (u - n1 * n2 / 2.0 - 0.5) / s;
    (u1, (2.0 * norm_sf(z)).min(1.0))
}

fn anova(s: &[Vec<f64>]) -> (f64, f64) {
    let all: Vec<f64> = s.iter().flatten().copied().collect();
    let grand = mean(&all);
    let between: f64 = s
        .iter()
        .map(|g| g.len() as f64 * (mean(g) - grand).powi(2))
        .sum();
    let within: f64 = s.iter().map(|g| sum_sq(g)).sum();
    let (k, n) = (s.len() as f64, all.len() as f64);
    let f = (between / (k - 1.0)) / (within / (n - k));
    (f, f_sf(f, k - 1.0, n - k))
}

/// Pearson's chi-square of the table of `a` by `b` (Yates' correction on a
/// 2×2 table, as scipy's chi2_contingency), its p-value and the rows used.
fn chi_square(t: &Table, rows: &[Row], a: &str, b: &str) -> (f64, f64, f64) {
    let (ia, ib) = (t.col(a), t.col(b));
    let mut counts: BTreeMap<(&str, &str), f64> = BTreeMap::new();
    let (mut ra, mut rb): (BTreeMap<&str, f64>, BTreeMap<&str, f64>) = Default::default();
    let mut n = 0.0;
    for r in rows {
        let (x, y) = (r[ia].as_str(), r[ib].as_str());
        if Table::cell_missing(x) || Table::cell_missing(y) {
            continue;
        }
        *counts.entry((x, y)).or_default() += 1.0;
        *ra.entry(x).or_default() += 1.0;
        *rb.entry(y).or_default() += 1.0;
        n += 1.0;
    }
    let dof = (ra.len() as f64 - 1.0) * (rb.len() as f64 - 1.0);
    let mut stat = 0.0;
    for (x, nx) in &ra {
        for (y, ny) in &rb {
            let expected = nx * ny / n;
            let observed = counts.get(&(*x, *y)).copied().unwrap_or(0.0);
            let mut diff = (observed - expected).abs();
            if dof == 1.0 {
                diff -= diff.min(0.5);
            }
            stat += diff * diff / expected;
        }
    }
    (stat, chi2_sf(stat, dof), n)
}

fn correlation_p(r: f64, n: f64) -> f64 {
    beta_reg((n - 2.0) / 2.0, 0.5, 1.0 - r * r)
}

fn one_sample(v: &[f64], mu: f64) -> (f64, f64) {
    let n = v.len() as f64;
    let t = (mean(v) - mu) / (var(v) / n).sqrt();
    (t, t_two_sided(t, n - 1.0))
}

/// Kolmogorov-Smirnov's D against a normal of the sample's mean and
/// standard deviation (n - 1), and its asymptotic p-value.
fn ks_normal(v: &[f64]) -> (f64, f64) {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let (m, sd, n) = (mean(v), var(v).sqrt(), v.len() as f64);
    let d = s
        .iter()
        .enumerate()
        .map(|(i, x)| {
            let f = 1.0 - norm_sf((x - m) / sd);
            ((i as f64 + 1.0) / n - f).max(f - i as f64 / n)
        })
        .fold(0.0, f64::max);
    (d, kolmogorov_sf(d * n.sqrt()))
}

/// D'Agostino and Pearson's K² (the skewness and kurtosis tests combined)
/// and its p-value (chi-square with 2 degrees of freedom).
fn dagostino(v: &[f64]) -> (f64, f64) {
    let n = v.len() as f64;
    let m = mean(v);
    let moment = |k: i32| v.iter().map(|x| (x - m).powi(k)).sum::<f64>() / n;
    let (m2, m3, m4) = (moment(2), moment(3), moment(4));
    let g1 = m3 / m2.powf(1.5);
    let y = g1 * ((n + 1.0) * (n + 3.0) / (6.0 * (n - 2.0))).sqrt();
    let beta2 = 3.0 * (n * n + 27.0 * n - 70.0) * (n + 1.0) * (n + 3.0)
        / ((n - 2.0) * (n + 5.0) * (n + 7.0) * (n + 9.0));
    let w2 = -1.0 + (2.0 * (beta2 - 1.0)).sqrt();
    let delta = 1.0 / (0.5 * w2.ln()).sqrt();
    let alpha = (2.0 / (w2 - 1.0)).sqrt();
    let y = if y == 0.0 { 1.0 } else { y };
    let zs = delta * (y / alpha + ((y / alpha).powi(2) + 1.0).sqrt()).ln();
    let b2 = m4 / (m2 * m2);
    let e = 3.0 * (n - 1.0) / (n + 1.0);
    let varb2 = 24.0 * n * (n - 2.0) * (n - 3.0) / ((n + 1.0) * (n + 1.0) * (n + 3.0) * (n + 5.0));
    let x = (b2 - e) / varb2.sqrt();
    let sqrtbeta1 = 6.0 * (n * n - 5.0 * n + 2.0) / ((n + 7.0) * (n + 9.0))
        * (6.0 * (n + 3.0) * (n + 5.0) / (n * (n - 2.0) * (n - 3.0))).sqrt();
    let a =
        6.0 + 8.0 / sqrtbeta1 * (2.0 / sqrtbeta1 + (1.0 + 4.0 / (sqrtbeta1 * sqrtbeta1)).sqrt());
    let term1 = 1.0 - 2.0 / (9.0 * a);
    let denom = 1.0 + x * (2.0 / (a - 4.0)).sqrt();
    let term2 = denom.signum() * ((1.0 - 2.0 / a) / denom.abs()).powf(1.0 / 3.0);
    let zk = (term1 - term2) / (2.0 / (9.0 * a)).sqrt();
    let k2 = zs * zs + zk * zk;
    (k2, chi2_sf(k2, 2.0))
}

/// The outcome of the test EXPR over `rows`.
fn tested(t: &Table, rows: &[Row], expr: &str) -> Result<Tested, String> {
    let name = expr.split('(').next().unwrap_or(expr);
    let a = args(expr);
    let arity = TESTS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|x| x.1)
        .ok_or(format!("{name} is no test"))?;
    let alpha = match a.get(arity) {
        Some(x) => x.parse().map_err(|_| format!("{expr}: α"))?,
        None => 0.05,
    };
    let out = |stats: Vec<f64>, p: f64, sizes: Vec<f64>| Tested {
        stats,
        p,
        sizes,
        alpha,
    };
    Ok(match name {
        "welch" | "student" => {
            let (x, y) = two_samples(t, rows, &a)?;
            let (stat, df) = t_stat(&x, &y, name == "student");
            out(
                vec![stat, -stat],
                t_two_sided(stat, df),
                vec![x.len() as f64, y.len() as f64],
            )
        }
        "mannwhitney" => {
            let (x, y) = two_samples(t, rows, &a)?;
            let (u1, p) = mann_whitney(&x, &y);
            let other = (x.len() * y.len()) as f64 - u1;
            out(vec![u1, other], p, vec![x.len() as f64, y.len() as f64])
        }
        "anova" => {
            let s = samples(t, rows, &a[0], &a[1]);
            if s.len() < 2 {
                return Err(format!("{} groups of {}", s.len(), a[1]));
            }
            let (f, p) = anova(&s);
            out(vec![f], p, s.iter().map(|g| g.len() as f64).collect())
        }
        "chi2" => {
            let (stat, p, n) = chi_square(t, rows, &a[0], &a[1]);
            out(vec![stat], p, vec![n])
        }
        "pearsonp" | "spearmanp" => {
            let (x, y) = pairs(t, rows, &a[0], &a[1]);
            let r = if name == "pearsonp" {
                pearson(&x, &y)
            } else {
                pearson(&ranks(&x), &ranks(&y))
            };
            let n = x.len() as f64;
            out(vec![r], correlation_p(r, n), vec![n])
        }
        "paired" => {
            let (x, y) = pairs(t, rows, &a[0], &a[1]);
            let d: Vec<f64> = x.iter().zip(&y).map(|(p, q)| p - q).collect();
            let (stat, p) = one_sample(&d, 0.0);
            out(vec![stat, -stat], p, vec![d.len() as f64])
        }
        "onesample" => {
            let v = t.values(rows, &a[0]);
            let mu: f64 = a[1].parse().map_err(|_| format!("{expr}: mu"))?;
            let (stat, p) = one_sample(&v, mu);
            out(vec![stat], p, vec![v.len() as f64])
        }
        "ks" => {
            let v = t.values(rows, &a[0]);
            let (d, p) = ks_normal(&v);
            out(vec![d], p, vec![v.len() as f64])
        }
        "dagostino" => {
            let v = t.values(rows, &a[0]);
            let (k2, p) = dagostino(&v);
            out(vec![k2], p, vec![v.len() as f64])
        }
        // Shapiro-Wilk at a stated α: no independent W here; its range and
        // the reading are checked.
        _ => out(
            Vec::new(),
            f64::NAN,
            vec![t.values(rows, &a[0]).len() as f64],
        ),
    })
}

/// Verdict words: the reading says "not significant" exactly when p ≥ α.
const NOT_SIGNIFICANT: [&str; 3] = ["not significant", "non significatif", "no significativo"];
const SIGNIFICANT: [&str; 3] = ["significant at", "significatif au", "significativo al"];
const P_NAMES: [&str; 3] = ["p-value", "valeur p", "valor p"];

/// The answers of a test agree with the oracle: the statistic, the
/// p-value, each group's size, and the reading at α.
fn check_test(
    t: &Table,
    rows: &[Row],
    report: &serde_json::Value,
    expr: &str,
) -> Result<(), String> {
    let want = tested(t, rows, expr)?;
    let got = numbers_of(report);
    let has = |w: f64| got.iter().any(|(_, g)| close(*g, w, None));
    let p = if want.p.is_nan() {
        let w = got
            .iter()
            .find(|(n, _)| n.starts_with("Shapiro-Wilk W"))
            .map(|x| x.1)
            .ok_or(format!("no W: {got:?}"))?;
        if !(w > 0.0 && w <= 1.0) {
            return Err(format!("W = {w}"));
        }
        got.iter()
            .find(|(n, _)| P_NAMES.contains(&n.as_str()))
            .map(|x| x.1)
            .ok_or(format!("no p-value: {got:?}"))?
    } else {
        if !want.stats.iter().any(|s| has(*s)) {
            return Err(format!(
                "{expr}: no statistic {:?} among {got:?}",
                want.stats
            ));
        }
        if !has(want.p) {
            return Err(format!("{expr}: no p-value {} among {got:?}", want.p));
        }
        want.p
    };
    if let Some(size) = want.sizes.iter().find(|s| !has(**s)) {
        return Err(format!("{expr}: no group size {size} among {got:?}"));
    }
    let texts = texts_of(report);
    let not = texts
        .iter()
        .any(|x| NOT_SIGNIFICANT.iter().any(|w| x.contains(w)));
    let yes = texts.iter().any(|x| {
        SIGNIFICANT.iter().any(|w| x.contains(w)) && !NOT_SIGNIFICANT.iter().any(|w| x.contains(w))
    });
    if not == yes || not != (p >= want.alpha) {
        return Err(format!(
            "{expr}: the reading {texts:?} does not follow p = {p} at α = {}",
            want.alpha
        ));
    }
    Ok(())
}

/// The distributions against textbook quantiles (two-sided 5 % of t with 10
/// degrees of freedom, 5 % of F(2, 27), of chi-square(1), of the normal and
/// of Kolmogorov's distribution), and the oracle's tests against values
/// computed separately with Python's statistics module and a numerical
/// integration of the densities (no scipy on the machine that wrote them).
#[test]
fn test_oracle_agrees_with_tables_and_separate_computations() {
    let near = |got: f64, want: f64, tol: f64| (got - want).abs() <= tol;
    assert!(near(t_two_sided(2.228_139, 10.0), 0.05, 1e-6));
    assert!(near(f_sf(3.354_131, 2.0, 27.0), 0.05, 1e-6));
    assert!(near(chi2_sf(3.841_459, 1.0), 0.05, 1e-6));
    assert!(near(chi2_sf(9.487_729, 4.0), 0.05, 1e-6));
    assert!(near(norm_sf(1.959_964), 0.025, 1e-7));
    assert!(near(norm_sf(-1.959_964), 0.975, 1e-7));
    assert!(near(kolmogorov_sf(1.358_099), 0.05, 1e-5));
    assert!(near(kolmogorov_sf(0.9), 0.392_730_707_940_654_3, 1e-9));
    for (file, expr, want) in SEPARATE {
        let table = load(&data(file));
        let all: Vec<Row> = table.rows.iter().collect();
        let got = tested(&table, &all, expr).expect(expr);
        assert!(
            near(got.stats[0].abs(), want[0], 1e-6 * want[0].max(1.0))
                && near(got.p, want[1], 1e-7),
            "{file} {expr}: {got:?}, want {want:?}"
        );
    }
}

/// Statistics and p-values computed separately (Python's statistics module;
/// p-values by Simpson's rule on the t and F densities, and exp(-x/2) for a
/// chi-square with 2 degrees of freedom) over every row of the file.
const SEPARATE: [(&str, &str, [f64; 2]); 4] = [
    (
        "insurance.csv",
        "welch(charges,smoker)",
        [21.184_716_674_622_24, 1.051_381_204_320_023_2e-13],
    ),
    (
        "insurance.csv",
        "student(bmi,sex)",
        [0.857_993_361_530_114_7, 0.391_724_559_717_329_9],
    ),
    (
        "insurance.csv",
        "anova(charges,region)",
        [0.922_758_604_501_488_3, 0.430_394_505_953_939_8],
    ),
    (
        "passengers.csv",
        "chi2(Survived,Pclass)",
        [26.762_935_542_690_016, 1.543_484_907_204_749_8e-6],
    ),
];

/// A test's check fails on a wrong statistic, a wrong p-value, a missing
/// group size and a reading that does not follow the p-value.
#[test]
fn test_checks_reject_wrong_answers() {
    let insurance = load(&data("insurance.csv"));
    let all: Vec<Row> = insurance.rows.iter().collect();
    let want = tested(&insurance, &all, "student(bmi,sex)").expect("student");
    let e = parse_expectation("value student(bmi,sex)").expect("e");
    let report = |t: f64, p: f64, n: f64, reading: &str| {
        serde_json::json!({ "answer": { "values": {
            "t statistic (Student)": t,
            "p-value": p,
            "rows used (female)": n,
            "rows used (male)": want.sizes[1],
            "reading": reading,
        } } })
    };
    let not = "not significant at α = 0.05 (p ≥ 0.05): the null hypothesis is not rejected";
    let yes = "significant at α = 0.05 (p < 0.05): the null hypothesis is rejected";
    let (t, p, n) = (want.stats[0], want.p, want.sizes[0]);
    assert_eq!(check(&insurance, &report(t, p, n, not), &e), Ok(()));
    assert_eq!(check(&insurance, &report(-t, p, n, not), &e), Ok(()));
    assert!(check(&insurance, &report(t * 1.01, p, n, not), &e).is_err());
    assert!(check(&insurance, &report(t, p / 2.0, n, not), &e).is_err());
    assert!(check(&insurance, &report(t, p, n + 1.0, not), &e).is_err());
    assert!(check(&insurance, &report(t, p, n, yes), &e).is_err());
    // At α = 0.5 the same p-value is significant.
    let e = parse_expectation("value student(bmi,sex,0.5)").expect("e");
    assert!(check(&insurance, &report(t, p, n, not), &e).is_err());
}

/// A follow-up runs on the followed run's files: it says which run it
/// follows (report, `glovebox history`), answers on the same rows, and
/// stops, naming the file, when that file changed since.
#[test]
fn a_follow_up_reads_the_same_files_or_says_they_changed() {
    let scratch = Scratch::new();
    let file = scratch.file(
        "sales.csv",
        "date,region,revenue\n2024-01-05,North,10\n2024-02-07,South,4\n2024-03-01,North,7\n2025-01-09,North,2\n",
    );
    let path = file.to_str().expect("path");
    let (first, _) = run_goal_at(&scratch, &[path], "total revenue in 2024");
    assert_eq!(first["answer"]["values"]["total revenue"], 21.0, "{first}");
    let run = first["run_id"].as_str().expect("run id").to_owned();
    let out = scratch.glovebox(&["run", "--follow", &run, "--goal", "only North", "--json"]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(report["status"], "answered", "{report}");
    assert_eq!(
        report["answer"]["values"]["total revenue"], 17.0,
        "{report}"
    );
    assert_eq!(report["follows"]["run_id"], run.as_str());
    assert_eq!(report["follows"]["goals"][0], "total revenue in 2024");
    let history = scratch.glovebox(&["history"]);
    let listed = String::from_utf8_lossy(&history.stdout);
    assert!(listed.contains(&format!("(follows {run})")), "{listed}");
    std::fs::write(&file, "date,region,revenue\n2024-01-05,North,99\n").expect("rewrite");
    let out = scratch.glovebox(&["run", "--follow", &run, "--goal", "only South", "--json"]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(report["status"], "stopped", "{report}");
    assert_eq!(report["stop_kind"], "input", "{report}");
    assert!(
        report["stop_reason"]
            .as_str()
            .is_some_and(|r| r.contains("sales.csv") && r.contains(&run)),
        "{report}"
    );
}

fn run_goal_at(scratch: &Scratch, files: &[&str], goal: &str) -> (serde_json::Value, i32) {
    let mut argv = vec!["run"];
    argv.extend(files);
    argv.extend(["--goal", goal, "--json"]);
    let out = scratch.glovebox(&argv);
    let code = out.status.code().unwrap_or(-1);
    (serde_json::from_slice(&out.stdout).expect("json"), code)
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
