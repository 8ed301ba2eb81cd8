//! From a plan to short, readable pandas code that a person can learn from
//! and edit. The code reads one file from `/input`, reports through the
//! `glovebox` module, and passes the policy by construction (a test checks
//! every recipe against it).

use super::plan::{
    stat_name, DatePart, Filter, FilterValue, OutlierMethod, Plan, Recipe, Source, SpanUnit,
};
use super::terms::{Cmp, Period, Stat};
use crate::inputs::{ColumnKind, InputFormat};
use crate::lang::Lang;

/// Most groups reported one by one as answers (all are in the table).
pub const MAX_GROUP_ANSWERS: usize = 12;
/// Most values sent for a histogram; larger columns are binned in the sandbox.
pub const MAX_HISTOGRAM_VALUES: u64 = 10_000;
/// Bins of a histogram computed in the sandbox.
pub const HISTOGRAM_BINS: usize = 20;
/// Shapiro-Wilk is run on at most this many values (a fixed random sample).
pub const SHAPIRO_MAX_VALUES: usize = 5000;

/// Characters that change how text is shown without being seen: they are
/// escaped in strings and dropped from comments (the policy refuses them
/// as they are).
fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}' | '\u{2028}' | '\u{2029}')
}

/// A comment line: data in it (a column name, a value, the goal) loses
/// every character that could end the comment or hide text.
pub fn comment(text: &str) -> String {
    let clean: String = text
        .chars()
        .map(|c| if is_hidden(c) { ' ' } else { c })
        .take(300)
        .collect();
    format!("# {clean}")
}

/// A Python string literal; quotes, backslashes and hidden characters are escaped.
pub fn py_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if is_hidden(c) && (c as u32) <= 0xffff => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c if is_hidden(c) => out.push_str(&format!("\\U{:08x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

pub(super) fn py_num(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        format!("{n}")
    }
}

/// A readable Python name for a column: `Chiffre d'affaires` -> `chiffre_d_affaires`.
pub fn py_name(column: &str) -> String {
    let folded = super::text::fold(column);
    let mut name: String = folded
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    while name.contains("__") {
        name = name.replace("__", "_");
    }
    let name = name.trim_matches('_').to_owned();
    const TAKEN: &[&str] = &[
        "assert",
        "async",
        "await",
        "break",
        "continue",
        "elif",
        "except",
        "finally",
        "nonlocal",
        "raise",
        "abs",
        "enumerate",
        "sorted",
        "data",
        "pd",
        "glovebox",
        "numbers",
        "dates",
        "used",
        "rows_read",
        "result",
        "stats",
        "values",
        "groups",
        "when",
        "period",
        "trend",
        "share",
        "ranked",
        "part",
        "both",
        "outliers",
        "sum",
        "min",
        "max",
        "len",
        "type",
        "round",
        "int",
        "float",
        "str",
        "list",
        "id",
        "input",
        "format",
        "range",
        "and",
        "or",
        "not",
        "in",
        "is",
        "if",
        "else",
        "for",
        "def",
        "class",
        "return",
        "import",
        "from",
        "as",
        "with",
        "lambda",
        "pass",
        "none",
        "true",
        "false",
        "global",
        "del",
        "try",
        "while",
        "yield",
        "open",
        "print",
        "all",
        "any",
        "map",
        "filter",
        "zip",
        "next",
        "iter",
        "dict",
        "set",
        "tuple",
        "object",
        "low",
        "high",
        "q1",
        "q3",
        "z",
        "sample",
        "statistic",
        "p_value",
        "a",
        "b",
        "numerator",
        "denominator",
        "totals",
        "empty",
        "counts",
        "bins",
        "pairs",
        "per_group",
    ];
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("column_{name}")
    } else if TAKEN.contains(&name.as_str()) {
        format!("{name}_column")
    } else {
        name
    }
}

/// "mean of revenue", "moyenne de revenue", "media de revenue".
pub fn measure_name(stat: Stat, column: &str, lang: Lang) -> String {
    let s = stat_name(stat, lang);
    match (stat, lang) {
        (Stat::Sum, Lang::En) => format!("total {column}"),
        (Stat::Percentile(p), _) => super::steps::measures::percentile_name(p, column, lang),
        (_, Lang::En) => format!("{s} of {column}"),
        (_, Lang::Fr | Lang::Es) => format!("{s} de {column}"),
    }
}

pub(super) fn words(lang: Lang, en: &str, fr: &str, es: &str) -> String {
    lang.pick(en, fr, es).to_owned()
}

/// The pandas call for a statistic: `mean()`, `std(ddof=0)`.
pub(super) fn pandas_method(stat: Stat) -> String {
    let method = match stat {
        Stat::Mean => "mean()",
        Stat::Sum => "sum()",
        Stat::Count => "count()",
        Stat::Min => "min()",
        Stat::Max => "max()",
        Stat::Median => "median()",
        Stat::Std => "std()",
        Stat::Var => "var()",
        Stat::PopStd => "std(ddof=0)",
        Stat::PopVar => "var(ddof=0)",
        Stat::Skew => "skew()",
        Stat::Mode => "mode().min()",
        Stat::Percentile(p) => return format!("quantile({})", f64::from(p) / 100.0),
    };
    method.to_owned()
}

/// The lines of the code being written, and the rounding asked for.
pub(super) struct Code {
    /// The lines so far.
    pub(super) lines: Vec<String>,
    /// Decimal places asked for.
    pub(super) rounding: Option<u32>,
}

impl Code {
    /// Adds one line.
    pub(super) fn line(&mut self, s: impl Into<String>) {
        self.lines.push(s.into());
    }
    /// A scalar expression, rounded when asked.
    pub(super) fn value(&self, expr: &str) -> String {
        match self.rounding {
            Some(n) => format!("round(float({expr}), {n})"),
            None => expr.to_owned(),
        }
    }
    /// A pandas object expression, rounded when asked.
    pub(super) fn frame(&self, expr: &str) -> String {
        match self.rounding {
            Some(n) => format!("{expr}.round({n})"),
            None => expr.to_owned(),
        }
    }
}

/// A column read as numbers in a filter; with a decimal comma, a column
/// pandas kept as text ("3,5") is converted like `numbers()` does.
pub(super) fn number_expr(col: &str, decimal_comma: bool) -> String {
    if decimal_comma {
        format!("pd.to_numeric(data[{col}].astype(str).str.replace(\",\", \".\", regex=False), errors=\"coerce\")")
    } else {
        format!("pd.to_numeric(data[{col}], errors=\"coerce\")")
    }
}

fn filter_line(f: &Filter, lang: Lang, s: &Source) -> Vec<String> {
    let said = f.words(lang, py_num);
    vec![
        comment(&words(
            lang,
            &format!("Only the rows where {said}."),
            &format!("Seulement les lignes où {said}."),
            &format!("Solo las filas donde {said}."),
        )),
        format!("data = data[{}]", part_mask(f, s)),
    ]
}

/// The rows a filter keeps, as a pandas mask.
fn part_mask(f: &Filter, s: &Source) -> String {
    let col = py_str(&f.column);
    let decimal_comma = s.decimal_comma;
    match (&f.value, f.part) {
        (FilterValue::List(values), _) => {
            // pandas reads a true/false column as booleans ("True"): a yes/no
            // column is compared without case.
            let boolean = s.kind(&f.column) == ColumnKind::Boolean;
            let (cells, values): (String, Vec<String>) = if boolean {
                (
                    format!("data[{col}].astype(str).str.strip().str.lower()"),
                    values.iter().map(|v| v.trim().to_lowercase()).collect(),
                )
            } else {
                (
                    format!("data[{col}].astype(str).str.strip()"),
                    values.clone(),
                )
            };
            match (values.as_slice(), f.cmp) {
                ([one], cmp) => format!("{cells} {} {}", cmp.python(), py_str(one)),
                (many, cmp) => {
                    let list: Vec<String> = many.iter().map(|v| py_str(v)).collect();
                    let not = if cmp == Cmp::Ne { "~" } else { "" };
                    format!("{not}{cells}.isin([{}])", list.join(", "))
                }
            }
        }
        (FilterValue::AnyOf(ns), None) => {
            let list: Vec<String> = ns.iter().map(|n| py_num(*n)).collect();
            let not = if f.cmp == Cmp::Ne { "~" } else { "" };
            format!(
                "{not}{}.isin([{}])",
                number_expr(&col, decimal_comma),
                list.join(", ")
            )
        }
        (FilterValue::AnyOf(ns), part) => {
            let list: Vec<String> = ns.iter().map(|n| py_num(*n)).collect();
            let not = if f.cmp == Cmp::Ne { "~" } else { "" };
            let part = match part {
                Some(DatePart::Month) => "month",
                Some(DatePart::Day) => "day",
                _ => "year",
            };
            format!("{not}dates({col}).dt.{part}.isin([{}])", list.join(", "))
        }
        (FilterValue::Date(d), _) => format!("dates({col}) {} {}", f.cmp.python(), py_str(d)),
        (FilterValue::Latest { latest }, _) => {
            let period = match latest {
                DatePart::Year => "Y",
                DatePart::Month => "M",
                DatePart::Day | DatePart::MonthDay => "D",
            };
            format!(
                "dates({col}).dt.to_period(\"{period}\") == dates({col}).max().to_period(\"{period}\")"
            )
        }
        (FilterValue::Recent { count, unit }, _) => match unit {
            SpanUnit::Day => format!(
                "dates({col}).dt.normalize() > dates({col}).max().normalize() - pd.Timedelta(days={count})"
            ),
            SpanUnit::Month | SpanUnit::Year => {
                let period = if *unit == SpanUnit::Month { "M" } else { "Y" };
                format!(
                    "dates({col}).dt.to_period(\"{period}\") > dates({col}).max().to_period(\"{period}\") - {count}"
                )
            }
        },
        (FilterValue::Number(n), Some(DatePart::MonthDay)) => format!(
            "(dates({col}).dt.month * 100 + dates({col}).dt.day) {} {}",
            f.cmp.python(),
            py_num(*n)
        ),
        (FilterValue::Number(n), Some(part)) => format!(
            "dates({col}).dt.{} {} {}",
            match part {
                DatePart::Year => "year",
                DatePart::Month => "month",
                DatePart::Day | DatePart::MonthDay => "day",
            },
            f.cmp.python(),
            py_num(*n)
        ),
        (FilterValue::Number(n), None) => format!(
            "{} {} {}",
            number_expr(&col, decimal_comma),
            f.cmp.python(),
            py_num(*n)
        ),
    }
}

fn part_words(f: &Filter, lang: Lang) -> String {
    let said = f.words(lang, py_num);
    words(
        lang,
        &format!("where {said}"),
        &format!("où {said}"),
        &format!("donde {said}"),
    )
}

/// The Python pattern of the cells written with thousands separators, the
/// ones the inspector counts as numbers.
fn grouped_pattern(decimal_comma: bool) -> &'static str {
    if decimal_comma {
        crate::inputs::COMMA_GROUPED_PATTERN
    } else {
        crate::inputs::POINT_GROUPED_PATTERN
    }
}

/// The arguments of `str.replace` that remove those separators.
fn grouped_separators(decimal_comma: bool) -> String {
    if decimal_comma {
        format!(
            "r\"{}\", \"\", regex=True",
            crate::inputs::COMMA_GROUPED_SEPARATORS
        )
    } else {
        "\",\", \"\", regex=False".into()
    }
}

/// `cells` read as dates the way the inspector found them written: ISO, or
/// each cell on its own in the file's order of day and month.
fn parse_dates(s: &Source, cells: &str) -> String {
    if s.iso_dates {
        format!("pd.to_datetime({cells}, errors=\"coerce\", format=\"ISO8601\")")
    } else {
        let day_first = if s.day_first { "True" } else { "False" };
        format!(
            "pd.to_datetime({cells}, errors=\"coerce\", format=\"mixed\", dayfirst={day_first})"
        )
    }
}

/// The columns a filter compares by date (a year, a month, a date).
fn date_filtered_columns(plan: &Plan) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for f in &plan.filters {
        let by_date = f.part.is_some()
            || matches!(
                f.value,
                FilterValue::Date(_) | FilterValue::Latest { .. } | FilterValue::Recent { .. }
            );
        if by_date && !out.contains(&f.column) {
            out.push(f.column.clone());
        }
    }
    out
}

/// The column a row of stacked files carries: the file it comes from.
pub const SOURCE_FILE_COLUMN: &str = "source file";

/// The pandas call that reads a source (`path` its Python expression), with
/// the options the inspector found: `pd.read_csv` for a CSV (compressed or
/// not), `pd.read_excel` for a workbook's sheet, `pd.read_parquet`,
/// `pd.read_json` (no type or date guessing: the inspector's types hold).
pub(crate) fn read_call(s: &Source, path: String) -> String {
    let mut args = vec![path];
    let names = |args: &mut Vec<String>| {
        if let Some(names) = &s.names {
            let list: Vec<String> = names.iter().map(|n| py_str(n)).collect();
            args.push(format!("header=None, names=[{}]", list.join(", ")));
        }
    };
    let reader = match s.format {
        InputFormat::Csv | InputFormat::CsvGzip | InputFormat::CsvZip => {
            if s.delimiter != ',' {
                args.push(format!("sep={}", py_str(&s.delimiter.to_string())));
            }
            if s.decimal_comma {
                args.push("decimal=\",\"".into());
            }
            if s.encoding != "utf-8" {
                args.push(format!("encoding={}", py_str(&s.encoding)));
            }
            names(&mut args);
            match s.format {
                InputFormat::CsvGzip => args.push("compression=\"gzip\"".into()),
                InputFormat::CsvZip => args.push("compression=\"zip\"".into()),
                _ => {}
            }
            "read_csv"
        }
        InputFormat::Xlsx | InputFormat::Xls | InputFormat::Ods => {
            if let Some(sheet) = &s.sheet {
                args.push(format!("sheet_name={}", py_str(sheet)));
            }
            if s.skip_rows > 0 {
                args.push(format!("skiprows={}", s.skip_rows));
            }
            names(&mut args);
            "read_excel"
        }
        InputFormat::Parquet => "read_parquet",
        InputFormat::JsonRecords => {
            args.push("dtype=False, convert_dates=False".into());
            "read_json"
        }
        InputFormat::JsonLines => {
            args.push("lines=True, dtype=False, convert_dates=False".into());
            "read_json"
        }
    };
    format!("pd.{reader}({})", args.join(", "))
}

/// `data = pd.read_csv(...)` with the options the inspector found (one
/// read per file, stacked, when several files of one layout are read), then,
/// for columns a filter compares with a number, their thousands separators
/// left out (the filter reads them with `pd.to_numeric`).
fn read_data(c: &mut Code, plan: &Plan) {
    let lang = plan.lang;
    let s = &plan.source;
    let stacked = s.stacked.len() > 1;
    let read = read_call(
        s,
        if stacked {
            "\"/input/\" + name".to_owned()
        } else {
            py_str(&format!("/input/{}", s.name))
        },
    );
    if stacked {
        let names: Vec<String> = s.stacked.iter().map(|n| py_str(n)).collect();
        c.line(format!(
            "# {}",
            words(
                lang,
                "The files have the same columns: they are read as one table, each row with the file it comes from.",
                "Les fichiers ont les mêmes colonnes : ils sont lus comme une seule table, chaque ligne avec son fichier.",
                "Los archivos tienen las mismas columnas: se leen como una sola tabla, cada fila con su archivo.",
            )
        ));
        c.line("parts = []");
        c.line(format!("for name in [{}]:", names.join(", ")));
        c.line(format!("    part = {read}"));
        c.line(format!("    part[{}] = name", py_str(SOURCE_FILE_COLUMN)));
        c.line("    parts.append(part)");
        c.line("data = pd.concat(parts, ignore_index=True)");
    } else {
        c.line(format!("data = {read}"));
    }
    if let Some(j) = &s.joined {
        let lookup = read_call(&j.source, py_str(&format!("/input/{}", j.source.name)));
        super::steps::join::code(c, s, j, &lookup, lang);
    }
    // Columns compared with a number in a filter are read as numbers there
    // (`number_expr`): their thousands separators go first, as in `numbers()`.
    let mut compared: Vec<String> = Vec::new();
    for f in &plan.filters {
        if matches!(f.value, FilterValue::Number(_)) && f.part.is_none() {
            let col = py_str(&f.column);
            if !compared.contains(&col) {
                compared.push(col);
            }
        }
    }
    if !compared.is_empty() {
        c.line(format!(
            "# {}",
            words(
                lang,
                "Numbers written with thousands separators (1,250.00) lose them before being compared.",
                "Les nombres écrits avec des séparateurs de milliers (1 250,00) les perdent avant d'être comparés.",
                "Los números escritos con separadores de miles (1.250,00) los pierden antes de compararse.",
            )
        ));
        c.line(format!("for column in [{}]:", compared.join(", ")));
        c.line("    if data[column].dtype == object:");
        c.line(format!(
            "        grouped = data[column].str.fullmatch(r\"{}\", na=False)",
            grouped_pattern(s.decimal_comma)
        ));
        c.line(format!(
            "        data[column] = data[column].mask(grouped, data[column].str.replace({}))",
            grouped_separators(s.decimal_comma)
        ));
    }
}

/// The start of `numbers()`: its docstring and `values`, the column read as
/// numbers the way the inspector counts them.
fn numbers_helper(c: &mut Code, s: &Source, lang: Lang) {
    c.line("def numbers(column):");
    c.line(format!(
        "    \"\"\"{}\"\"\"",
        words(
            lang,
            "The column as numbers; empty cells and text that is not a number are left out.",
            "La colonne en nombres ; les cellules vides et le texte qui n'est pas un nombre sont écartés.",
            "La columna como números; las celdas vacías y el texto que no es un número se dejan fuera.",
        )
    ));
    // A column pandas kept as text may hold numbers with thousands
    // separators, which the inspector counts as numbers: the same cells
    // (`inputs::*_GROUPED_PATTERN`) lose them here. Cells pandas already
    // read as numbers are left alone (`str` methods skip them).
    c.line("    values = data[column]");
    c.line("    if values.dtype == object:");
    // --- hook (issue 20, report units): a currency mark beside a number
    // (`inputs::currency`: `€12.50`, `12,50 €`) is left out, as the
    // inspector reads it.
    c.line(format!(
        "        marked = values.str.contains(r\"{}\", na=False)",
        crate::inputs::currency::PYTHON_MARKED
    ));
    c.line(format!(
        "        values = values.mask(marked, values.str.replace(r\"{}\", r\"\\1\", regex=True).str.replace(r\"{}\", \"\", regex=True))",
        crate::inputs::currency::PYTHON_MARK_BEFORE,
        crate::inputs::currency::PYTHON_MARK_AFTER
    ));
    // --- end of the hook.
    c.line(format!(
        "        # {}",
        if s.decimal_comma {
            words(
                lang,
                "Thousands separators are left out and the decimal comma becomes a point: \"1.250,5\" is 1250.5.",
                "Les séparateurs de milliers sont retirés et la virgule décimale devient un point : « 1.250,5 » vaut 1250.5.",
                "Los separadores de miles se quitan y la coma decimal pasa a ser un punto: «1.250,5» es 1250.5.",
            )
        } else {
            words(
                lang,
                "Thousands separators are left out: \"1,250.00\" is 1250.00.",
                "Les séparateurs de milliers sont retirés : « 1,250.00 » vaut 1250.00.",
                "Los separadores de miles se quitan: «1,250.00» es 1250.00.",
            )
        }
    ));
    c.line(format!(
        "        grouped = values.str.fullmatch(r\"{}\", na=False)",
        grouped_pattern(s.decimal_comma)
    ));
    c.line(format!(
        "        values = values.mask(grouped, values.str.replace({}))",
        grouped_separators(s.decimal_comma)
    ));
    if s.decimal_comma {
        // pandas applies decimal="," only to columns it reads as numbers.
        c.line("        written = values.str.contains(\",\", regex=False, na=False)");
        c.line(
            "        values = values.mask(written, values.str.replace(\",\", \".\", regex=False))",
        );
    }
    c.line("    values = pd.to_numeric(values, errors=\"coerce\")");
}

/// The Python code for `plan`; `goal` is quoted in a comment.
pub fn generate(plan: &Plan, goal: &str) -> String {
    let lang = plan.lang;
    let mut c = Code {
        lines: Vec::new(),
        rounding: plan.rounding,
    };
    let goal_line: String = goal
        .chars()
        .map(|ch| if is_hidden(ch) { ' ' } else { ch })
        .take(200)
        .collect();
    c.line(format!(
        "# {}: {goal_line}",
        words(lang, "Goal", "Objectif", "Objetivo")
    ));
    c.line(format!(
        "# {}",
        words(
            lang,
            "Written by Glovebox's offline recipes; you can edit it.",
            "Écrit par les recettes hors ligne de Glovebox ; vous pouvez le modifier.",
            "Escrito por las recetas sin conexión de Glovebox; puede editarlo.",
        )
    ));
    c.line("import pandas as pd");
    if matches!(
        plan.recipe,
        Recipe::Normality { .. } | Recipe::Correlation { .. } | Recipe::Hypothesis(_)
    ) {
        c.line("from scipy import stats");
    }
    super::steps::regression::imports(&mut c, plan);
    if super::steps::derived::needs_numpy(plan) {
        c.line("import numpy as np");
    }
    c.line("import glovebox");
    c.line("");
    read_data(&mut c, plan);
    let s = &plan.source;
    c.line("rows_read = len(data)");
    c.line(format!(
        "used = []  # {}",
        words(
            lang,
            "per column: values used, empty cells, cells that are not numbers or dates",
            "par colonne : valeurs utilisées, cellules vides, cellules qui ne sont ni des nombres ni des dates",
            "por columna: valores usados, celdas vacías, celdas que no son números ni fechas",
        )
    ));
    c.line("");
    c.line("");
    numbers_helper(&mut c, s, lang);
    c.line("    empty = int(data[column].isna().sum())");
    c.line("    used.append([column, int(values.notna().sum()), empty, int(values.isna().sum()) - empty])");
    c.line("    return values");
    c.line("");
    let date_filtered = date_filtered_columns(plan);
    if matches!(plan.recipe, Recipe::Trend { .. })
        || !date_filtered.is_empty()
        || super::steps::derived::needs_dates(plan)
    {
        c.line("");
        c.line("def dates(column):");
        c.line(format!(
            "    \"\"\"{}\"\"\"",
            words(
                lang,
                "The column as dates; empty cells and text that is not a date are left out.",
                "La colonne en dates ; les cellules vides et le texte qui n'est pas une date sont écartés.",
                "La columna como fechas; las celdas vacías y el texto que no es una fecha se dejan fuera.",
            )
        ));
        c.line(format!("    values = {}", parse_dates(s, "data[column]")));
        c.line("    empty = int(data[column].isna().sum())");
        c.line("    used.append([column, int(values.notna().sum()), empty, int(values.isna().sum()) - empty])");
        c.line("    return values");
        c.line("");
    }
    c.line("");
    for column in &date_filtered {
        // The dates the file covers, before any filter: a year or date
        // outside them is said, not answered with nothing.
        let col = py_str(column);
        c.line(format!(
            "span = {}",
            parse_dates(s, &format!("data[{col}]"))
        ));
        c.line(format!(
            "glovebox.table(\"date_range\", [[\"column\", \"first\", \"last\"], [{col}, str(span.min())[:10], str(span.max())[:10]]])"
        ));
    }
    for f in &plan.filters {
        for l in filter_line(f, lang, s) {
            c.line(l);
        }
    }
    super::steps::derived::code(&mut c, plan);
    super::steps::prep::code(&mut c, plan);
    recipe_code(&mut c, plan);
    super::steps::chart_kind::apply(&mut c.lines, plan);
    super::narrow::apply(&mut c.lines, s, lang);
    c.line("");
    c.line(format!(
        "# {}",
        words(
            lang,
            "How many rows were read and used: Glovebox's explanation is built from these.",
            "Combien de lignes ont été lues et utilisées : l'explication de Glovebox part de là.",
            "Cuántas filas se leyeron y usaron: la explicación de Glovebox se basa en esto.",
        )
    ));
    c.line(
        "glovebox.table(\"rows_used\", [[\"column\", \"used\", \"empty\", \"unreadable\"]] + used)",
    );
    c.line("glovebox.table(\"row_counts\", [[\"step\", \"rows\"], [\"read\", rows_read], [\"kept\", len(data)]])");
    let mut out = c.lines.join("\n");
    out.push('\n');
    out
}

/// Records how many rows have a group (an empty group cell leaves the row out).
pub(super) fn group_used(c: &mut Code, group: &str) {
    let g = py_str(group);
    c.line(format!(
        "used.append([{g}, int(data[{g}].notna().sum()), int(data[{g}].isna().sum()), 0])"
    ));
}

/// Each group's answers, the first `MAX_GROUP_ANSWERS` of them.
pub(super) fn group_answers(c: &mut Code, table: &str) {
    c.line(format!(
        "for group, row in {table}.head({MAX_GROUP_ANSWERS}).iterrows():"
    ));
    c.line(format!("    for name in {table}.columns:"));
    c.line("        glovebox.answer(f\"{name} ({group})\", row[name])");
}

/// The code of the plan's recipe.
fn recipe_code(c: &mut Code, plan: &Plan) {
    match &plan.recipe {
        Recipe::Stats { .. } => stats_code(c, plan),
        Recipe::CountRows { .. } => count_rows_code(c, plan),
        Recipe::Ratio { .. } => ratio_code(c, plan),
        Recipe::Share { .. } => share_code(c, plan),
        Recipe::Rank { .. } => rank_code(c, plan),
        Recipe::Distinct { .. } => distinct_code(c, plan),
        Recipe::Missing { .. } => missing_code(c, plan),
        Recipe::Correlation { .. } => correlation_code(c, plan),
        Recipe::Normality { .. } => normality_code(c, plan),
        Recipe::Outliers { .. } => outliers_code(c, plan),
        Recipe::Trend { .. } => trend_code(c, plan),
        Recipe::Distribution { .. } => distribution_code(c, plan),
        Recipe::Hypothesis(_) => super::steps::hypothesis::code(c, plan),
        Recipe::Regression(_) => super::steps::regression::code(c, plan),
        Recipe::Pivot { .. } => super::steps::pivot::code(c, plan),
        Recipe::Lookup { .. } => super::steps::lookup::code(c, plan),
    }
}

/// The code of a `Stats` recipe.
fn stats_code(c: &mut Code, plan: &Plan) {
    let lang = plan.lang;
    let Recipe::Stats { items, group_by } = &plan.recipe else {
        return;
    };
    // One variable per column, distinct even when two names fold
    // alike ("Price (€)" and "price ($)").
    let mut vars: Vec<(&str, String)> = Vec::new();
    for (_, col) in items {
        if vars.iter().any(|(c, _)| c == col) {
            continue;
        }
        let base = py_name(col);
        let mut name = base.clone();
        let mut n = 2;
        while vars.iter().any(|(_, v)| *v == name) {
            name = format!("{base}_{n}");
            n += 1;
        }
        c.line(format!("{name} = numbers({})", py_str(col)));
        vars.push((col, name));
    }
    let py_name = |col: &str| -> String {
        vars.iter()
            .find(|(c, _)| *c == col)
            .map(|(_, v)| v.clone())
            .unwrap_or_else(|| py_name(col))
    };
    match group_by {
        None => {
            for (stat, col) in items {
                if *stat == Stat::Mode {
                    let name = measure_name(*stat, col, lang);
                    super::steps::measures::mode_code(c, &py_name(col), &name, lang);
                    continue;
                }
                let expr = format!("{}.{}", py_name(col), pandas_method(*stat));
                let unit = if *stat == Stat::Count {
                    ", unit=\"count\""
                } else {
                    ""
                };
                c.line(format!(
                    "glovebox.answer({}, {}{unit})",
                    py_str(&measure_name(*stat, col, lang)),
                    c.value(&expr)
                ));
            }
        }
        Some(g) => {
            group_used(c, g);
            c.line(format!("groups = data[{}]", py_str(g)));
            c.line("result = pd.DataFrame({");
            for (stat, col) in items {
                c.line(format!(
                    "    {}: {}.groupby(groups).{},",
                    py_str(&measure_name(*stat, col, lang)),
                    py_name(col),
                    pandas_method(*stat)
                ));
            }
            c.line("})");
            let first = measure_name(items[0].0, &items[0].1, lang);
            c.line(format!(
                "result = {}.sort_values({}, ascending=False)",
                c.frame("result"),
                py_str(&first)
            ));
            let table = by_name(&first, g, lang);
            c.line(format!("glovebox.table({}, result)", py_str(&table)));
            let ys: Vec<String> = items
                .iter()
                .filter(|(st, _)| {
                    matches!(
                        st,
                        Stat::Mean | Stat::Sum | Stat::Median | Stat::Count | Stat::Min | Stat::Max
                    )
                })
                .map(|(st, col)| py_str(&measure_name(*st, col, lang)))
                .collect();
            let ys = if ys.is_empty() {
                vec![py_str(&first)]
            } else {
                ys
            };
            c.line(format!(
                "glovebox.chart(\"bar\", {}, x={}, y=[{}])",
                py_str(&table),
                py_str(g),
                ys.join(", ")
            ));
            group_answers(c, "result");
        }
    }
}

/// The code of a `CountRows` recipe.
fn count_rows_code(c: &mut Code, plan: &Plan) {
    let lang = plan.lang;
    let Recipe::CountRows { group_by } = &plan.recipe else {
        return;
    };
    let rows = words(lang, "rows", "lignes", "filas");
    match group_by {
        None => c.line(format!(
            "glovebox.answer({}, len(data), unit=\"count\")",
            py_str(&words(
                lang,
                "number of rows",
                "nombre de lignes",
                "número de filas"
            ))
        )),
        Some(g) => {
            group_used(c, g);
            let table = by_name(&rows, g, lang);
            c.line(format!(
                "counts = data[{}].value_counts().rename_axis({}).rename({})",
                py_str(g),
                py_str(g),
                py_str(&rows)
            ));
            c.line(format!("glovebox.table({}, counts)", py_str(&table)));
            c.line(format!(
                "glovebox.chart(\"bar\", {}, x={}, y={})",
                py_str(&table),
                py_str(g),
                py_str(&rows)
            ));
            c.line(format!(
                "for group, value in counts.head({MAX_GROUP_ANSWERS}).items():"
            ));
            c.line(format!(
                "    glovebox.answer({} + \" (\" + str(group) + \")\", value, unit=\"count\")",
                py_str(&rows)
            ));
        }
    }
}

/// The code of a `Ratio` recipe.
fn ratio_code(c: &mut Code, plan: &Plan) {
    let lang = plan.lang;
    let Recipe::Ratio {
        numerator,
        denominator,
        row_mean,
        group_by,
    } = &plan.recipe
    else {
        return;
    };
    c.line(format!("numerator = numbers({})", py_str(numerator)));
    c.line(format!("denominator = numbers({})", py_str(denominator)));
    c.line(format!(
        "# {}",
        words(
            lang,
            "Rows where either is missing, or the denominator is 0, are left out.",
            "Les lignes où l'un manque, ou dont le dénominateur vaut 0, sont écartées.",
            "Las filas donde falta alguno, o el denominador es 0, se dejan fuera.",
        )
    ));
    c.line("both = numerator.notna() & denominator.notna() & (denominator != 0)");
    let name = format!("{numerator} / {denominator}");
    let totals = format!(
        "{name} ({})",
        words(
            lang,
            "ratio of totals",
            "rapport des totaux",
            "razón de los totales"
        )
    );
    let means = format!(
        "{name} ({})",
        words(
            lang,
            "mean of row ratios",
            "moyenne des rapports par ligne",
            "media de las razones por fila"
        )
    );
    match group_by {
        None => {
            let a = format!(
                "glovebox.answer({}, {})",
                py_str(&totals),
                c.value("numerator[both].sum() / denominator[both].sum()")
            );
            let b = format!(
                "glovebox.answer({}, {})",
                py_str(&means),
                c.value("(numerator[both] / denominator[both]).mean()")
            );
            if *row_mean {
                c.line(b);
                c.line(a);
            } else {
                c.line(a);
                c.line(b);
            }
        }
        Some(g) => {
            group_used(c, g);
            c.line(format!(
                "totals = pd.DataFrame({{\"n\": numerator[both], \"d\": denominator[both]}}).groupby(data[{}][both]).sum()",
                py_str(g)
            ));
            let col = if *row_mean { &means } else { &totals };
            if *row_mean {
                c.line(format!(
                    "result = (numerator[both] / denominator[both]).groupby(data[{}][both]).mean().rename({})",
                    py_str(g),
                    py_str(col)
                ));
            } else {
                c.line(format!(
                    "result = (totals[\"n\"] / totals[\"d\"]).rename({})",
                    py_str(col)
                ));
            }
            c.line(format!(
                "result = {}.sort_values(ascending=False).to_frame()",
                c.frame("result")
            ));
            let table = by_name(&name, g, lang);
            c.line(format!("glovebox.table({}, result)", py_str(&table)));
            c.line(format!(
                "glovebox.chart(\"bar\", {}, x={}, y={})",
                py_str(&table),
                py_str(g),
                py_str(col)
            ));
            group_answers(c, "result");
        }
    }
}

/// The code of a `Share` recipe.
fn share_code(c: &mut Code, plan: &Plan) {
    let lang = plan.lang;
    let s = &plan.source;
    let Recipe::Share {
        value,
        group_by,
        part,
    } = &plan.recipe
    else {
        return;
    };
    let what = value
        .clone()
        .unwrap_or_else(|| words(lang, "rows", "lignes", "filas"));
    let share_name = format!(
        "{} (%)",
        words(
            lang,
            &format!("share of {what}"),
            &format!("part de {what}"),
            &format!("proporción de {what}")
        )
    );
    if let Some(v) = value {
        c.line(format!("{} = numbers({})", py_name(v), py_str(v)));
    }
    match (group_by, part) {
        (Some(g), _) => {
            group_used(c, g);
            match value {
                Some(v) => c.line(format!(
                    "totals = {}.groupby(data[{}]).sum()",
                    py_name(v),
                    py_str(g)
                )),
                None => c.line(format!("totals = data[{}].value_counts()", py_str(g))),
            }
            c.line(format!(
                "share = (100 * totals / totals.sum()).rename({}).rename_axis({}).sort_values(ascending=False)",
                py_str(&share_name),
                py_str(g)
            ));
            c.line(format!("share = {}", c.frame("share")));
            let table = by_name(&share_name, g, lang);
            c.line(format!("glovebox.table({}, share)", py_str(&table)));
            c.line(format!(
                "glovebox.chart(\"pie\", {}, x={}, y={})",
                py_str(&table),
                py_str(g),
                py_str(&share_name)
            ));
            c.line(format!(
                "for group, value in share.head({MAX_GROUP_ANSWERS}).items():"
            ));
            // Data never goes into an f-string: a column name is a plain string.
            c.line(format!(
                "    glovebox.answer({} + \" (\" + str(group) + \")\", value, unit=\"percent\")",
                py_str(share_name.trim_end_matches(" (%)"))
            ));
        }
        (None, Some(f)) => {
            c.line(format!("part = {}", part_mask(f, s)));
            let expr = match value {
                Some(v) => format!("100 * {0}[part].sum() / {0}.sum()", py_name(v)),
                None => "100 * part.sum() / len(data)".into(),
            };
            let name = format!(
                "{} {}",
                share_name.trim_end_matches(" (%)"),
                part_words(f, lang)
            );
            c.line(format!(
                "glovebox.answer({}, {}, unit=\"percent\")",
                py_str(&name),
                c.value(&expr)
            ));
        }
        (None, None) => {}
    }
}

/// The code of a `Rank` recipe.
fn rank_code(c: &mut Code, plan: &Plan) {
    let lang = plan.lang;
    let Recipe::Rank {
        stat,
        value,
        group_by,
        highest,
        n,
    } = &plan.recipe
    else {
        return;
    };
    let measure = match value {
        Some(v) => measure_name(*stat, v, lang),
        None => words(lang, "rows", "lignes", "filas"),
    };
    if let Some(v) = value {
        c.line(format!("{} = numbers({})", py_name(v), py_str(v)));
    }
    let order = if *highest { "False" } else { "True" };
    let (top_word, which_word) = if *highest {
        (
            words(lang, "highest", "le plus élevé", "más alto"),
            words(
                lang,
                "with the highest",
                "avec le plus haut",
                "con el mayor",
            ),
        )
    } else {
        (
            words(lang, "lowest", "le plus bas", "más bajo"),
            words(lang, "with the lowest", "avec le plus bas", "con el menor"),
        )
    };
    match group_by {
        Some(g) => {
            group_used(c, g);
            match value {
                Some(v) => c.line(format!(
                    "per_group = {}.groupby(data[{}]).{}.rename({})",
                    py_name(v),
                    py_str(g),
                    pandas_method(*stat),
                    py_str(&measure)
                )),
                None => c.line(format!(
                    "per_group = data[{}].value_counts().rename({})",
                    py_str(g),
                    py_str(&measure)
                )),
            }
            // "Which … has the highest" shows every group in order; "top 3" shows 3.
            let keep = if *n > 1 {
                format!(".head({n})")
            } else {
                String::new()
            };
            c.line(format!(
                "ranked = {}.sort_values(ascending={order}){keep}.rename_axis({})",
                c.frame("per_group"),
                py_str(g)
            ));
            let table = by_name(&measure, g, lang);
            c.line(format!("glovebox.table({}, ranked)", py_str(&table)));
            c.line(format!(
                "glovebox.chart(\"bar\", {}, x={}, y={})",
                py_str(&table),
                py_str(g),
                py_str(&measure)
            ));
            // Ties are listed, never hidden behind the first of them.
            c.line(
                "tied = [str(group) for group, value in ranked.items() if value == ranked.iloc[0]]",
            );
            c.line(format!(
                "glovebox.answer({}, \", \".join(tied))",
                py_str(&format!("{g} {which_word} {measure}"))
            ));
            c.line("if len(tied) > 1:");
            c.line(format!(
                "    glovebox.note({} + \", \".join(tied))",
                py_str(&words(
                    lang,
                    "These groups tie for first place: ",
                    "Ces groupes sont ex aequo en tête : ",
                    "Estos grupos empatan en primer lugar: ",
                ))
            ));
            c.line(format!(
                "glovebox.answer({}, ranked.iloc[0])",
                py_str(&format!("{measure} ({top_word})"))
            ));
            if *n > 1 {
                c.line(format!("for rank, (group, value) in enumerate(ranked.head({MAX_GROUP_ANSWERS}).items(), start=1):"));
                c.line("    glovebox.answer(f\"{rank}. {group}\", value)");
            }
        }
        None => {
            let v = value.clone().unwrap_or_default();
            let pick = if *highest { "nlargest" } else { "nsmallest" };
            c.line(format!(
                "ranked = data.loc[{}.{pick}({n}).index]",
                py_name(&v)
            ));
            let table = format!(
                "{} ({top_word})",
                words(
                    lang,
                    &format!("rows by {v}"),
                    &format!("lignes par {v}"),
                    &format!("filas por {v}")
                )
            );
            c.line(format!("glovebox.table({}, ranked)", py_str(&table)));
            c.line(format!(
                "glovebox.answer({}, {})",
                py_str(&format!("{v} ({top_word})")),
                c.value(&format!(
                    "{}.{}()",
                    py_name(&v),
                    if *highest { "max" } else { "min" }
                ))
            ));
        }
    }
}

/// The code of a `Distinct` recipe.
fn distinct_code(c: &mut Code, plan: &Plan) {
    let lang = plan.lang;
    let Recipe::Distinct { column } = &plan.recipe else {
        return;
    };
    let col = py_str(column);
    c.line(format!(
        "values = data[{col}].dropna().astype(str).str.strip()"
    ));
    let name = words(
        lang,
        &format!("distinct values of {column}"),
        &format!("valeurs distinctes de {column}"),
        &format!("valores distintos de {column}"),
    );
    let rows = words(lang, "rows", "lignes", "filas");
    c.line(format!(
        "glovebox.answer({}, values.nunique(), unit=\"count\")",
        py_str(&name)
    ));
    c.line(format!(
        "glovebox.table({}, values.value_counts().rename_axis({col}).rename({}))",
        py_str(&name),
        py_str(&rows)
    ));
}

/// The code of a `Missing` recipe.
fn missing_code(c: &mut Code, plan: &Plan) {
    let lang = plan.lang;
    let Recipe::Missing { column } = &plan.recipe else {
        return;
    };
    match column {
        Some(col) => {
            let name = words(
                lang,
                &format!("empty cells in {col}"),
                &format!("cellules vides dans {col}"),
                &format!("celdas vacías en {col}"),
            );
            c.line(format!("empty = int(data[{}].isna().sum())", py_str(col)));
            c.line(format!(
                "glovebox.answer({}, empty, unit=\"count\")",
                py_str(&name)
            ));
            c.line(format!(
                "glovebox.answer({}, {}, unit=\"percent\")",
                py_str(&format!("{name} (%)")),
                c.value("100 * empty / len(data)")
            ));
        }
        None => {
            let cells = words(lang, "empty cells", "cellules vides", "celdas vacías");
            let column_word = words(lang, "column", "colonne", "columna");
            c.line(format!(
                "empty = data.isna().sum().rename_axis({})",
                py_str(&column_word)
            ));
            c.line(format!(
                "result = pd.DataFrame({{{}: empty, \"%\": {}}})",
                py_str(&cells),
                c.frame("(100 * empty / len(data))")
            ));
            c.line(format!(
                "result = result.sort_values({}, ascending=False)",
                py_str(&cells)
            ));
            let table = by_name(&cells, &column_word, lang);
            c.line(format!("glovebox.table({}, result)", py_str(&table)));
            c.line(format!(
                "glovebox.answer({}, str(empty.idxmax()))",
                py_str(&words(
                    lang,
                    "column with the most empty cells",
                    "colonne avec le plus de cellules vides",
                    "columna con más celdas vacías"
                ))
            ));
            c.line(format!(
                "glovebox.answer({}, int(empty.sum()), unit=\"count\")",
                py_str(&cells)
            ));
        }
    }
}

/// The code of a `Correlation` recipe.
fn correlation_code(c: &mut Code, plan: &Plan) {
    let lang = plan.lang;
    let Recipe::Correlation { a, b, spearman } = &plan.recipe else {
        return;
    };
    c.line(format!("a = numbers({})", py_str(a)));
    c.line(format!("b = numbers({})", py_str(b)));
    c.line("both = a.notna() & b.notna()");
    let method = if *spearman { "spearman" } else { "pearson" };
    let name = words(
        lang,
        &format!("correlation between {a} and {b}"),
        &format!("corrélation entre {a} et {b}"),
        &format!("correlación entre {a} y {b}"),
    );
    c.line(format!(
        "glovebox.answer({}, {})",
        py_str(&format!(
            "{name} ({})",
            if *spearman { "Spearman" } else { "Pearson" }
        )),
        c.value(&format!("a[both].corr(b[both], method=\"{method}\")"))
    ));
    c.line(format!(
        "glovebox.answer({}, int(both.sum()), unit=\"count\")",
        py_str(&words(
            lang,
            "pairs used",
            "paires utilisées",
            "pares usados"
        ))
    ));
    super::steps::hypothesis::correlation_verdict(c, a, b, *spearman, lang);
    let table = format!("{a} & {b}");
    c.line(format!(
        "pairs = pd.DataFrame({{{}: a[both], {}: b[both]}})",
        py_str(a),
        py_str(b)
    ));
    c.line(format!("glovebox.table({}, pairs)", py_str(&table)));
    c.line(format!(
        "glovebox.chart(\"scatter\", {}, x={}, y={})",
        py_str(&table),
        py_str(a),
        py_str(b)
    ));
}

/// The code of a `Normality` recipe.
fn normality_code(c: &mut Code, plan: &Plan) {
    let lang = plan.lang;
    let s = &plan.source;
    let Recipe::Normality { column } = &plan.recipe else {
        return;
    };
    c.line(format!("values = numbers({}).dropna()", py_str(column)));
    c.line(format!(
        "# {}",
        words(
            lang,
            &format!("Shapiro-Wilk is reliable up to {SHAPIRO_MAX_VALUES} values: larger columns are sampled (always the same sample)."),
            &format!("Shapiro-Wilk est fiable jusqu'à {SHAPIRO_MAX_VALUES} valeurs : au-delà, on tire un échantillon (toujours le même)."),
            &format!("Shapiro-Wilk es fiable hasta {SHAPIRO_MAX_VALUES} valores: más allá se toma una muestra (siempre la misma)."),
        )
    ));
    c.line(format!(
        "sample = values.sample({SHAPIRO_MAX_VALUES}, random_state=0) if len(values) > {SHAPIRO_MAX_VALUES} else values"
    ));
    c.line("statistic, p_value = stats.shapiro(sample)");
    c.line(format!(
        "glovebox.answer(\"Shapiro-Wilk W\", {})",
        c.value("statistic")
    ));
    c.line("glovebox.answer(\"p-value\", float(p_value))");
    let (yes, no) = match lang {
        Lang::En => (
            "consistent with a normal distribution (p ≥ 0.05)",
            "not normally distributed (p < 0.05)",
        ),
        Lang::Fr => (
            "compatible avec une loi normale (p ≥ 0,05)",
            "ne suit pas une loi normale (p < 0,05)",
        ),
        Lang::Es => (
            "compatible con una distribución normal (p ≥ 0,05)",
            "no sigue una distribución normal (p < 0,05)",
        ),
    };
    c.line(format!(
        "glovebox.answer({}, {} if p_value >= 0.05 else {})",
        py_str(&words(lang, "reading", "lecture", "lectura")),
        py_str(yes),
        py_str(no)
    ));
    histogram(c, column, s.rows, lang);
}

/// The code of a `Outliers` recipe.
fn outliers_code(c: &mut Code, plan: &Plan) {
    let lang = plan.lang;
    let Recipe::Outliers { column, method } = &plan.recipe else {
        return;
    };
    c.line(format!("values = numbers({})", py_str(column)));
    match method {
        OutlierMethod::Iqr => {
            c.line("q1, q3 = values.quantile(0.25), values.quantile(0.75)");
            c.line("low, high = q1 - 1.5 * (q3 - q1), q3 + 1.5 * (q3 - q1)");
        }
        OutlierMethod::ZScore => {
            c.line("low = values.mean() - 3 * values.std()");
            c.line("high = values.mean() + 3 * values.std()");
        }
    }
    c.line("outliers = data[(values < low) | (values > high)]");
    let name = words(
        lang,
        &format!("outliers in {column}"),
        &format!("valeurs aberrantes de {column}"),
        &format!("valores atípicos de {column}"),
    );
    c.line(format!(
        "glovebox.answer({}, len(outliers), unit=\"count\")",
        py_str(&name)
    ));
    c.line(format!(
        "glovebox.answer({}, {})",
        py_str(&words(
            lang,
            "lower bound",
            "borne basse",
            "límite inferior"
        )),
        c.value("low")
    ));
    c.line(format!(
        "glovebox.answer({}, {})",
        py_str(&words(
            lang,
            "upper bound",
            "borne haute",
            "límite superior"
        )),
        c.value("high")
    ));
    c.line(format!("glovebox.table({}, outliers)", py_str(&name)));
}

/// The code of a `Trend` recipe.
fn trend_code(c: &mut Code, plan: &Plan) {
    let lang = plan.lang;
    let Recipe::Trend {
        value,
        stat,
        date,
        period,
    } = &plan.recipe
    else {
        return;
    };
    c.line(format!("when = dates({})", py_str(date)));
    let (format, label) = match period {
        Period::Day => (
            "when.dt.strftime(\"%Y-%m-%d\")",
            words(lang, "day", "jour", "día"),
        ),
        Period::Week => (
            "(when - pd.to_timedelta(when.dt.weekday, unit=\"D\")).dt.strftime(\"%Y-%m-%d\")",
            words(lang, "week starting", "semaine du", "semana del"),
        ),
        Period::Month => (
            "when.dt.strftime(\"%Y-%m\")",
            words(lang, "month", "mois", "mes"),
        ),
        Period::Year => (
            "when.dt.strftime(\"%Y\")",
            words(lang, "year", "année", "año"),
        ),
    };
    c.line(format!("period = {format}"));
    let measure = match value {
        Some(v) => measure_name(*stat, v, lang),
        None => words(lang, "rows", "lignes", "filas"),
    };
    match value {
        Some(v) => {
            c.line(format!("{} = numbers({})", py_name(v), py_str(v)));
            c.line(format!(
                "trend = {}.groupby(period).{}",
                py_name(v),
                pandas_method(*stat)
            ));
        }
        None => c.line("trend = data.groupby(period).size()"),
    }
    c.line(format!(
        "trend = {}.sort_index().rename({}).rename_axis({})",
        c.frame("trend"),
        py_str(&measure),
        py_str(&label)
    ));
    let table = by_name(&measure, &label, lang);
    c.line(format!("glovebox.table({}, trend)", py_str(&table)));
    c.line(format!(
        "glovebox.chart(\"line\", {}, x={}, y={})",
        py_str(&table),
        py_str(&label),
        py_str(&measure)
    ));
    c.line(format!(
        "glovebox.answer({}, str(trend.idxmax()))",
        py_str(&format!(
            "{label} {}",
            words(
                lang,
                "with the highest value",
                "avec la valeur la plus haute",
                "con el valor más alto"
            )
        ))
    ));
    c.line(format!(
        "glovebox.answer({}, trend.iloc[-1])",
        py_str(&format!(
            "{measure} ({})",
            words(lang, "last period", "dernière période", "último periodo")
        ))
    ));
    c.line("if len(trend) > 1 and trend.iloc[0] != 0:");
    c.line(format!(
        "    glovebox.answer({}, {})",
        py_str(&words(
            lang,
            "change from first to last period (%)",
            "variation de la première à la dernière période (%)",
            "variación del primer al último periodo (%)"
        )),
        c.value("100 * (trend.iloc[-1] - trend.iloc[0]) / abs(trend.iloc[0])")
    ));
}

/// The code of a `Distribution` recipe.
fn distribution_code(c: &mut Code, plan: &Plan) {
    let lang = plan.lang;
    let s = &plan.source;
    let Recipe::Distribution { column } = &plan.recipe else {
        return;
    };
    c.line(format!("values = numbers({}).dropna()", py_str(column)));
    for (stat, expr) in [
        (Stat::Count, "len(values)"),
        (Stat::Mean, "values.mean()"),
        (Stat::Median, "values.median()"),
        (Stat::Min, "values.min()"),
        (Stat::Max, "values.max()"),
    ] {
        let unit = if stat == Stat::Count {
            ", unit=\"count\""
        } else {
            ""
        };
        let e = if stat == Stat::Count {
            expr.to_owned()
        } else {
            c.value(expr)
        };
        c.line(format!(
            "glovebox.answer({}, {e}{unit})",
            py_str(&measure_name(stat, column, lang))
        ));
    }
    histogram(c, column, s.rows, lang);
}

/// The values of `column` for a histogram: all of them when few, else the
/// counts per bin computed here (a table cannot carry millions of rows).
pub(super) fn histogram(c: &mut Code, column: &str, rows: u64, lang: Lang) {
    let table = words(
        lang,
        &format!("distribution of {column}"),
        &format!("répartition de {column}"),
        &format!("distribución de {column}"),
    );
    if rows <= MAX_HISTOGRAM_VALUES {
        c.line(format!(
            "glovebox.table({}, values.to_frame())",
            py_str(&table)
        ));
        c.line(format!(
            "glovebox.chart(\"histogram\", {}, x={}, y={})",
            py_str(&table),
            py_str(column),
            py_str(column)
        ));
    } else {
        let rows_word = words(lang, "rows", "lignes", "filas");
        let range = words(lang, "range", "intervalle", "intervalo");
        c.line(format!("bins = pd.cut(values, bins={HISTOGRAM_BINS})"));
        c.line(format!(
            "counts = values.groupby(bins, observed=False).size().rename({}).rename_axis({})",
            py_str(&rows_word),
            py_str(&range)
        ));
        c.line("counts.index = counts.index.astype(str)");
        c.line(format!("glovebox.table({}, counts)", py_str(&table)));
        c.line(format!(
            "glovebox.chart(\"bar\", {}, x={}, y={})",
            py_str(&table),
            py_str(&range),
            py_str(&rows_word)
        ));
    }
}

pub(super) fn by_name(measure: &str, group: &str, lang: Lang) -> String {
    words(
        lang,
        &format!("{measure} by {group}"),
        &format!("{measure} par {group}"),
        &format!("{measure} por {group}"),
    )
}
