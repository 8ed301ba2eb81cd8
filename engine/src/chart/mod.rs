//! Charts drawn by the host from validated tables (never by the sandbox):
//! bar, line, scatter, histogram and pie, as SVG and PNG.
//!
//! [`render`] turns a chart request and the checked table it names into a
//! `Plan` (the data to draw, with limits applied and skipped cells
//! counted), then draws that plan twice with `plotters`: on an SVG backend
//! and on an RGB bitmap encoded as PNG. [`choose`] picks a chart from the
//! table's shape when the code did not ask for one.
//!
//! Hostile numbers cannot hang the host: a cell beyond `MAX_MAGNITUDE` is
//! not drawn (skipped and counted, like an empty one), every axis range is
//! finite and at least `MIN_RELATIVE_SPAN` of its magnitude wide before
//! `plotters` computes its ticks (an infinite or sub-ulp range made its
//! key-point loop endless), a chart holds at most `MAX_TOTAL_POINTS`
//! points, and the drawing runs on a thread of its own that the caller
//! waits for at most `DRAW_TIME_BUDGET`.
//!
//! Text is drawn with DejaVu Sans, bundled in `assets/fonts/` and registered
//! once; no system font is used. Texts from data are cleaned
//! ([`format::clean_label`]) and escaped by the SVG backend, so a label such
//! as `<script>` is shown as text. The same input always gives the same SVG
//! and PNG bytes.

mod choose;
mod draw;
pub mod format;
#[cfg(test)]
mod tests;

use std::sync::OnceLock;

use plotters::backend::{BitMapBackend, RGBPixel, SVGBackend};
use plotters::prelude::IntoDrawingArea;
use plotters::style::FontStyle;

use crate::lang::Lang;
use crate::validate::{RawChart, RawTable, RawValue};

pub use choose::choose;
use format::{clean_label, parse_date, DatePrecision, MAX_LABEL_CHARS, MAX_TITLE_CHARS};

/// Width of a chart in pixels.
pub const WIDTH: u32 = 960;
/// Height of a chart in pixels.
pub const HEIGHT: u32 = 540;
/// Most bars (categories) shown; the rest are left out with a note.
pub const MAX_BARS: usize = 50;
/// Most slices of a pie; the smallest ones beyond are merged into "others".
pub const MAX_SLICES: usize = 8;
/// Most points per series on a scatter or line chart; the rest are left out
/// with a note.
pub const MAX_POINTS: usize = 10_000;
/// Most points on one scatter or line chart, all series together; each
/// series gets an equal share (at most `MAX_POINTS`).
pub const MAX_TOTAL_POINTS: usize = 20_000;
/// Largest magnitude a value may have to be drawn (the validator's cap);
/// cells beyond are skipped like empty ones.
pub const MAX_MAGNITUDE: f64 = crate::validate::MAX_MAGNITUDE;
/// Narrowest axis span, relative to the largest magnitude on the axis:
/// narrower ranges are widened around their middle, so that tick steps stay
/// far above the spacing of `f64` values there.
pub const MIN_RELATIVE_SPAN: f64 = 1e-9;
/// Longest a chart may take to draw (SVG and PNG); past it the chart is
/// reported as not drawn and the run goes on.
pub const DRAW_TIME_BUDGET: std::time::Duration = std::time::Duration::from_secs(10);
/// Most y series on one chart (one colour each).
pub const MAX_SERIES: usize = OKABE_ITO.len();
/// Fewest histogram bins.
pub const MIN_BINS: usize = 5;
/// Most histogram bins.
pub const MAX_BINS: usize = 30;

/// The Okabe–Ito palette (Okabe and Ito, 2008), readable with the common
/// colour-vision deficiencies, in the order series use it.
pub const OKABE_ITO: [(u8, u8, u8); 8] = [
    (0x00, 0x72, 0xB2), // blue
    (0xE6, 0x9F, 0x00), // orange
    (0x00, 0x9E, 0x73), // bluish green
    (0xD5, 0x5E, 0x00), // vermillion
    (0xCC, 0x79, 0xA7), // reddish purple
    (0x56, 0xB4, 0xE9), // sky blue
    (0xF0, 0xE4, 0x42), // yellow
    (0x00, 0x00, 0x00), // black
];

/// The font every chart text is drawn with (DejaVu Sans, see
/// `assets/fonts/LICENSE-DejaVu.txt`).
static FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
/// The family name charts ask for.
const FAMILY: &str = "sans-serif";

/// A chart drawn from a table.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderedChart {
    /// `bar`, `line`, `scatter`, `pie` or `histogram`.
    pub kind: String,
    /// Title shown on the chart.
    pub title: String,
    /// Name of the table it was drawn from.
    pub table: String,
    /// The chart as an SVG document.
    pub svg: String,
    /// The chart as a PNG image (`WIDTH` x `HEIGHT`, RGB).
    pub png: Vec<u8>,
    /// Cells that could not be drawn (empty, not a number, not finite, or a
    /// missing x) and were skipped.
    pub skipped_points: u64,
    /// What the reader should know about what is not shown (also written on
    /// the chart).
    pub notes: Vec<String>,
}

/// Why a chart could not be drawn; the message is for people.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ChartError {
    /// The kind is not one Glovebox draws.
    #[error(
        "\"{0}\" is not a chart kind Glovebox can draw (bar, line, scatter, pie or histogram)"
    )]
    UnknownKind(String),
    /// The chart names another table than the one given.
    #[error("the chart is for the table \"{wanted}\" but the table \"{given}\" was given")]
    WrongTable {
        /// Table the chart names.
        wanted: String,
        /// Table given.
        given: String,
    },
    /// A column is not in the table.
    #[error("the column \"{column}\" is not in the table \"{table}\"")]
    UnknownColumn {
        /// Column asked for.
        column: String,
        /// Table.
        table: String,
    },
    /// The table has no rows.
    #[error("the table \"{0}\" is empty, so there is nothing to draw")]
    EmptyTable(String),
    /// The chart needs a y column and none was given.
    #[error("a {0} chart needs at least one column of values")]
    NoYColumn(String),
    /// A column holds no number that can be drawn.
    #[error("the column \"{0}\" holds no number that can be drawn")]
    NoNumbers(String),
    /// A pie has a negative slice.
    #[error("a pie chart cannot show the negative value in \"{0}\"; use a bar chart")]
    NegativeSlice(String),
    /// A pie whose values add up to zero.
    #[error("the values of \"{0}\" add up to zero, so they cannot be shown as shares of a pie")]
    ZeroTotal(String),
    /// The drawing library failed.
    #[error("the chart could not be drawn ({0})")]
    Draw(String),
    /// The PNG encoder failed.
    #[error("the chart image could not be encoded ({0})")]
    Encode(String),
    /// The bundled font could not be loaded.
    #[error("the chart font could not be loaded")]
    Font,
    /// The values span no range an axis can show (not finite).
    #[error("the values of the chart span no range that can be drawn")]
    Range,
    /// Drawing took longer than its budget.
    #[error("the chart took longer than {0} seconds to draw, so it was left out")]
    TooSlow(u64),
}

/// A kind of chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Bars per category.
    Bar,
    /// Lines over an ordered x.
    Line,
    /// Points of two numbers.
    Scatter,
    /// Shares of a whole.
    Pie,
    /// Distribution of one number.
    Histogram,
}

impl Kind {
    /// Reads a kind as the result document names it.
    pub fn parse(name: &str) -> Option<Kind> {
        match name.trim().to_ascii_lowercase().as_str() {
            "bar" => Some(Kind::Bar),
            "line" => Some(Kind::Line),
            "scatter" => Some(Kind::Scatter),
            "pie" => Some(Kind::Pie),
            "histogram" | "hist" => Some(Kind::Histogram),
            _ => None,
        }
    }

    /// The name used in the result document.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Bar => "bar",
            Kind::Line => "line",
            Kind::Scatter => "scatter",
            Kind::Pie => "pie",
            Kind::Histogram => "histogram",
        }
    }
}

/// How the x axis reads.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum XScale {
    /// Numbers.
    Linear,
    /// Categories `0..n`, category `i` centred on `i + 0.5`.
    Categories(Vec<String>),
    /// Days since 1970-01-01.
    Dates(DatePrecision),
}

/// One y series.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Series {
    /// Legend label.
    pub name: String,
    /// Points (x, y).
    pub points: Vec<(f64, f64)>,
}

/// One pie slice.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Slice {
    /// Label.
    pub label: String,
    /// Value (not negative).
    pub value: f64,
    /// The merged rest ("others"), drawn in grey.
    pub rest: bool,
}

/// What to draw.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Body {
    /// Bars: one group per category, one bar per series (x = category index).
    Bars(Vec<Series>),
    /// Lines, one per series.
    Lines(Vec<Series>),
    /// Points, one colour per series.
    Points(Vec<Series>),
    /// Histogram bins (from, to, count).
    Bins(Vec<(f64, f64, u64)>),
    /// Pie slices.
    Pie(Vec<Slice>),
}

/// A chart ready to draw: data extracted, limits applied, texts cleaned.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Plan {
    pub kind: Kind,
    pub title: String,
    pub x_desc: String,
    pub y_desc: String,
    pub x_scale: XScale,
    pub x_range: (f64, f64),
    pub y_range: (f64, f64),
    pub body: Body,
    pub notes: Vec<String>,
    pub skipped: u64,
    pub lang: Lang,
}

/// Registers the bundled font once.
fn ensure_font() -> Result<(), ChartError> {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    let ok = REGISTERED
        .get_or_init(|| plotters::style::register_font(FAMILY, FontStyle::Normal, FONT).is_ok());
    if *ok {
        Ok(())
    } else {
        Err(ChartError::Font)
    }
}

/// Draws `spec` from `table` (the checked table it names), as SVG and PNG.
///
/// Errors in plain words: unknown kind or column, an empty table, a column
/// with no number to draw, a pie with negative values or a zero total.
pub fn render(spec: &RawChart, table: &RawTable, lang: Lang) -> Result<RenderedChart, ChartError> {
    let _span = tracing::info_span!(
        "chart",
        kind = %spec.kind,
        table = %table.name,
        rows = table.rows.len()
    )
    .entered();
    let plan = plan(spec, table, lang)?;
    let table_name = table.name.clone();
    within_budget(DRAW_TIME_BUDGET, move || draw_plan(plan, table_name))
}

/// Runs `work` on a thread of its own and waits for it at most `budget`:
/// past it, `TooSlow` (the thread is left to finish on its own); a panic in
/// it is a `Draw` error.
pub(crate) fn within_budget<T: Send + 'static>(
    budget: std::time::Duration,
    work: impl FnOnce() -> Result<T, ChartError> + Send + 'static,
) -> Result<T, ChartError> {
    use std::sync::mpsc::{sync_channel, RecvTimeoutError};
    let (tx, rx) = sync_channel(1);
    std::thread::Builder::new()
        .name("chart".into())
        .spawn(move || {
            let _ = tx.send(work());
        })
        .map_err(draw_error)?;
    match rx.recv_timeout(budget) {
        Ok(result) => result,
        Err(RecvTimeoutError::Timeout) => Err(ChartError::TooSlow(budget.as_secs())),
        Err(RecvTimeoutError::Disconnected) => {
            Err(draw_error("the drawing stopped before it finished"))
        }
    }
}

/// Draws a plan as SVG and PNG.
fn draw_plan(plan: Plan, table_name: String) -> Result<RenderedChart, ChartError> {
    ensure_font()?;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        draw::draw(&root, &plan)?;
        root.present().map_err(draw_error)?;
    }

    let png = {
        let mut pixels = vec![0u8; (WIDTH as usize) * (HEIGHT as usize) * 3];
        {
            let backend =
                BitMapBackend::<RGBPixel>::with_buffer_and_format(&mut pixels, (WIDTH, HEIGHT))
                    .map_err(draw_error)?;
            let root = backend.into_drawing_area();
            draw::draw(&root, &plan)?;
            root.present().map_err(draw_error)?;
        }
        encode_png(&pixels, WIDTH, HEIGHT)?
    };
    tracing::debug!(
        svg_bytes = svg.len(),
        png_bytes = png.len(),
        skipped = plan.skipped,
        "chart drawn"
    );

    Ok(RenderedChart {
        kind: plan.kind.name().to_string(),
        title: plan.title,
        table: table_name,
        svg,
        png,
        skipped_points: plan.skipped,
        notes: plan.notes,
    })
}

pub(crate) fn draw_error<E: std::fmt::Display>(e: E) -> ChartError {
    ChartError::Draw(e.to_string())
}

fn encode_png(pixels: &[u8], width: u32, height: u32) -> Result<Vec<u8>, ChartError> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder
            .write_header()
            .map_err(|e| ChartError::Encode(e.to_string()))?;
        writer
            .write_image_data(pixels)
            .map_err(|e| ChartError::Encode(e.to_string()))?;
        writer
            .finish()
            .map_err(|e| ChartError::Encode(e.to_string()))?;
    }
    Ok(out)
}

/// A finite number in a cell, within `MAX_MAGNITUDE`.
pub(crate) fn number(cell: Option<&RawValue>) -> Option<f64> {
    match cell {
        Some(RawValue::Number(n)) if n.is_finite() && n.abs() <= MAX_MAGNITUDE => Some(*n),
        _ => None,
    }
}

/// The text of a cell as a label (numbers as the language writes them).
fn label(cell: Option<&RawValue>, lang: Lang) -> Option<String> {
    match cell {
        Some(RawValue::Text(t)) => Some(t.clone()),
        Some(RawValue::Number(n)) if n.is_finite() => Some(format::number(*n, lang)),
        Some(RawValue::Bool(b)) => Some(b.to_string()),
        _ => None,
    }
}

/// Words Glovebox writes on charts.
struct Words {
    by: &'static str,
    distribution_of: &'static str,
    count: &'static str,
    empty: &'static str,
    others: &'static str,
}

fn words(lang: Lang) -> Words {
    match lang {
        Lang::En => Words {
            by: "by",
            distribution_of: "Distribution of",
            count: "count",
            empty: "(empty)",
            others: "others",
        },
        Lang::Fr => Words {
            by: "par",
            distribution_of: "Distribution de",
            count: "effectif",
            empty: "(vide)",
            others: "autres",
        },
        Lang::Es => Words {
            by: "por",
            distribution_of: "Distribución de",
            count: "frecuencia",
            empty: "(vacío)",
            others: "otros",
        },
    }
}

fn note_skipped(n: u64, lang: Lang) -> String {
    match lang {
        Lang::En if n == 1 => "1 empty or non-numeric value was left out".to_string(),
        Lang::Fr if n == 1 => "1 valeur vide ou non numérique a été écartée".to_string(),
        Lang::Es if n == 1 => "se omitió 1 valor vacío o no numérico".to_string(),
        Lang::En => format!("{n} empty or non-numeric values were left out"),
        Lang::Fr => format!("{n} valeurs vides ou non numériques ont été écartées"),
        Lang::Es => format!("se omitieron {n} valores vacíos o no numéricos"),
    }
}

fn note_first(shown: usize, total: usize, what_en: &str, lang: Lang) -> String {
    let (shown, total) = (shown.to_string(), format::number(total as f64, lang));
    match (lang, what_en) {
        (Lang::En, _) => format!("only the first {shown} of {total} {what_en} are shown"),
        (Lang::Fr, "categories") => {
            format!("seules les {shown} premières catégories sur {total} sont montrées")
        }
        (Lang::Fr, "series") => {
            format!("seules les {shown} premières séries sur {total} sont montrées")
        }
        (Lang::Fr, _) => format!("seuls les {shown} premiers points sur {total} sont montrés"),
        (Lang::Es, "categories") => {
            format!("solo se muestran las {shown} primeras categorías de {total}")
        }
        (Lang::Es, "series") => format!("solo se muestran las {shown} primeras series de {total}"),
        (Lang::Es, _) => format!("solo se muestran los {shown} primeros puntos de {total}"),
    }
}

fn note_truncated_table(kept: usize, total: u64, lang: Lang) -> String {
    let (kept, total) = (
        format::number(kept as f64, lang),
        format::number(total as f64, lang),
    );
    match lang {
        Lang::En => format!("drawn from the first {kept} of {total} rows"),
        Lang::Fr => format!("tracé à partir des {kept} premières lignes sur {total}"),
        Lang::Es => format!("trazado con las {kept} primeras filas de {total}"),
    }
}

/// The index of `column` in `table`.
fn column(table: &RawTable, column: &str) -> Result<usize, ChartError> {
    table
        .columns
        .iter()
        .position(|c| c == column)
        .ok_or_else(|| ChartError::UnknownColumn {
            column: column.to_string(),
            table: table.name.clone(),
        })
}

/// Lowest and highest of `values`, padded so that the range is never empty.
fn span(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    for v in values {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if !(lo.is_finite() && hi.is_finite()) {
        return None;
    }
    if lo == hi {
        let pad = if lo == 0.0 { 1.0 } else { lo.abs() * 0.1 };
        return Some((lo - pad, hi + pad));
    }
    Some((lo, hi))
}

/// A y range with a margin of `PAD` above and below (and 0 included for bars).
fn y_range(lo: f64, hi: f64, include_zero: bool) -> (f64, f64) {
    const PAD: f64 = 0.05;
    let (mut lo, mut hi) = (lo, hi);
    if include_zero {
        lo = lo.min(0.0);
        hi = hi.max(0.0);
    }
    let pad = (hi - lo) * PAD;
    let lo = if include_zero && lo == 0.0 {
        0.0
    } else {
        lo - pad
    };
    let hi = if include_zero && hi == 0.0 {
        0.0
    } else {
        hi + pad
    };
    (lo, hi)
}

/// What every kind of chart reads: the table, its x and y columns, and the
/// words of the language.
struct Source<'a> {
    table: &'a RawTable,
    /// Index of the x column.
    x: usize,
    /// Name of the x column, as the request gives it.
    x_column: &'a str,
    /// The y columns drawn (index and name as given), at most `MAX_SERIES`.
    ys: Vec<(usize, &'a str)>,
    /// Cleaned names of the y columns, for the legend.
    y_names: Vec<String>,
    lang: Lang,
    words: Words,
}

impl Source<'_> {
    /// The cleaned label of a cell, `(empty)` in the language when it has
    /// none.
    fn label_of(&self, cell: Option<&RawValue>) -> String {
        clean_label(
            &label(cell, self.lang).unwrap_or_else(|| self.words.empty.to_string()),
            MAX_LABEL_CHARS,
        )
    }
}

/// Turns the request and its table into what to draw.
pub(crate) fn plan(spec: &RawChart, table: &RawTable, lang: Lang) -> Result<Plan, ChartError> {
    let kind = Kind::parse(&spec.kind)
        .ok_or_else(|| ChartError::UnknownKind(clean_label(&spec.kind, MAX_LABEL_CHARS)))?;
    if spec.table != table.name {
        return Err(ChartError::WrongTable {
            wanted: spec.table.clone(),
            given: table.name.clone(),
        });
    }
    let x = column(table, &spec.x)?;
    let ys = spec
        .y
        .iter()
        .map(|y| column(table, y).map(|i| (i, y.as_str())))
        .collect::<Result<Vec<_>, _>>()?;
    if table.rows.is_empty() {
        return Err(ChartError::EmptyTable(table.name.clone()));
    }
    if kind != Kind::Histogram && ys.is_empty() {
        return Err(ChartError::NoYColumn(kind.name().to_string()));
    }
    let w = words(lang);
    let mut notes = Vec::new();
    if table.total_rows > table.rows.len() as u64 {
        notes.push(note_truncated_table(
            table.rows.len(),
            table.total_rows,
            lang,
        ));
    }
    let mut ys = ys;
    if ys.len() > MAX_SERIES {
        notes.push(note_first(MAX_SERIES, ys.len(), "series", lang));
        ys.truncate(MAX_SERIES);
    }
    let x_name = clean_label(&spec.x, MAX_LABEL_CHARS);
    let y_names: Vec<String> = ys
        .iter()
        .map(|(_, n)| clean_label(n, MAX_LABEL_CHARS))
        .collect();
    let default_title = match kind {
        Kind::Histogram => format!("{} {}", w.distribution_of, x_name),
        _ => format!("{} {} {}", y_names.join(", "), w.by, x_name),
    };
    let title = clean_label(
        spec.title.as_deref().unwrap_or(&default_title),
        MAX_TITLE_CHARS,
    );
    let y_desc = if y_names.len() == 1 {
        y_names[0].clone()
    } else {
        String::new()
    };

    let mut plan = Plan {
        kind,
        title,
        x_desc: x_name,
        y_desc,
        x_scale: XScale::Linear,
        x_range: (0.0, 1.0),
        y_range: (0.0, 1.0),
        body: Body::Bins(Vec::new()),
        notes: Vec::new(),
        skipped: 0,
        lang,
    };
    let src = Source {
        table,
        x,
        x_column: &spec.x,
        ys,
        y_names,
        lang,
        words: w,
    };
    let skipped = match kind {
        Kind::Bar => plan_bars(&src, &mut plan, &mut notes)?,
        Kind::Line | Kind::Scatter => plan_lines_or_points(&src, &mut plan, &mut notes)?,
        Kind::Histogram => plan_histogram(&src, &mut plan)?,
        Kind::Pie => plan_pie(&src, &mut plan)?,
    };
    if skipped > 0 {
        notes.insert(0, note_skipped(skipped, lang));
    }
    plan.notes = notes;
    plan.skipped = skipped;
    plan.x_range = axis_range(plan.x_range)?;
    plan.y_range = axis_range(plan.y_range)?;
    Ok(plan)
}

/// A range an axis can show: finite, ordered, with a finite width, and at
/// least `MIN_RELATIVE_SPAN` of its magnitude wide (a narrower one is
/// widened around its middle; an empty one at zero becomes -1..1).
pub(crate) fn axis_range((lo, hi): (f64, f64)) -> Result<(f64, f64), ChartError> {
    if !(lo.is_finite() && hi.is_finite() && lo <= hi && (hi - lo).is_finite()) {
        return Err(ChartError::Range);
    }
    let magnitude = lo.abs().max(hi.abs());
    let min_span = magnitude * MIN_RELATIVE_SPAN;
    if hi - lo >= min_span && hi > lo {
        return Ok((lo, hi));
    }
    let half = if min_span > 0.0 { min_span } else { 1.0 };
    let mid = lo / 2.0 + hi / 2.0;
    let widened = (mid - half, mid + half);
    if widened.0.is_finite() && widened.1.is_finite() && widened.0 < widened.1 {
        Ok(widened)
    } else {
        Err(ChartError::Range)
    }
}

/// Fills in a bar chart: the first `MAX_BARS` rows as categories, one bar
/// per y series; returns the cells skipped.
fn plan_bars(src: &Source, plan: &mut Plan, notes: &mut Vec<String>) -> Result<u64, ChartError> {
    let table = src.table;
    let mut skipped = 0u64;
    let mut rows: Vec<&Vec<RawValue>> = table.rows.iter().collect();
    if rows.len() > MAX_BARS {
        notes.push(note_first(MAX_BARS, rows.len(), "categories", src.lang));
        rows.truncate(MAX_BARS);
    }
    let labels: Vec<String> = rows.iter().map(|r| src.label_of(r.get(src.x))).collect();
    let mut series = Vec::new();
    for ((yi, _), name) in src.ys.iter().zip(&src.y_names) {
        let mut points = Vec::new();
        for (i, r) in rows.iter().enumerate() {
            match number(r.get(*yi)) {
                Some(v) => points.push((i as f64 + 0.5, v)),
                None => skipped += 1,
            }
        }
        series.push(Series {
            name: name.clone(),
            points,
        });
    }
    let (lo, hi) = values_span(&series, &src.ys, table)?;
    plan.x_range = (0.0, labels.len() as f64);
    plan.x_scale = XScale::Categories(labels);
    plan.y_range = y_range(lo, hi, true);
    plan.body = Body::Bars(series);
    Ok(skipped)
}

/// How a line or scatter chart reads its x column.
struct XValues {
    /// The x of each row, if it has one.
    xs: Vec<Option<f64>>,
    /// The x column holds dates, shown at this precision.
    dates: Option<DatePrecision>,
    /// The x column is text: categories in the table's order.
    categories: Option<Vec<String>>,
}

/// Reads the x of every row of a line or scatter chart: dates or text
/// categories (line only), else numbers.
fn x_values(src: &Source, kind: Kind) -> Result<XValues, ChartError> {
    let (table, x) = (src.table, src.x);
    let dates = if kind == Kind::Line {
        date_column(table, x)
    } else {
        None
    };
    let numeric_x = table.rows.iter().any(|r| number(r.get(x)).is_some());
    let categories = kind == Kind::Line && dates.is_none() && !all_numeric(table, x);
    if kind == Kind::Scatter && !numeric_x {
        return Err(ChartError::NoNumbers(src.x_column.to_string()));
    }
    let mut labels = Vec::new();
    let mut xs: Vec<Option<f64>> = Vec::with_capacity(table.rows.len());
    for r in &table.rows {
        let cell = r.get(x);
        let v = if dates.is_some() {
            match cell {
                Some(RawValue::Text(t)) => parse_date(t).map(|d| d.days as f64),
                _ => None,
            }
        } else if categories {
            labels.push(src.label_of(cell));
            Some(labels.len() as f64 - 0.5)
        } else {
            number(cell)
        };
        xs.push(v);
    }
    Ok(XValues {
        xs,
        dates,
        categories: categories.then_some(labels),
    })
}

/// Fills in a line or scatter chart: points of (x, y) per series (sorted by
/// x for lines), at most `MAX_POINTS` each; returns the cells skipped.
fn plan_lines_or_points(
    src: &Source,
    plan: &mut Plan,
    notes: &mut Vec<String>,
) -> Result<u64, ChartError> {
    let kind = plan.kind;
    let table = src.table;
    let XValues {
        xs,
        dates,
        categories,
    } = x_values(src, kind)?;
    let mut skipped = 0u64;
    let mut series = Vec::new();
    let mut truncated = 0usize;
    let per_series = MAX_POINTS.min(MAX_TOTAL_POINTS / src.ys.len().max(1));
    for ((yi, _), name) in src.ys.iter().zip(&src.y_names) {
        let mut points = Vec::new();
        for (r, xv) in table.rows.iter().zip(&xs) {
            match (xv, number(r.get(*yi))) {
                (Some(xv), Some(yv)) => points.push((*xv, yv)),
                _ => skipped += 1,
            }
        }
        if kind == Kind::Line {
            points.sort_by(|a, b| a.0.total_cmp(&b.0));
        }
        if points.len() > per_series {
            truncated = truncated.max(points.len());
            points.truncate(per_series);
        }
        series.push(Series {
            name: name.clone(),
            points,
        });
    }
    if truncated > 0 {
        notes.push(note_first(per_series, truncated, "points", src.lang));
    }
    let (lo, hi) = values_span(&series, &src.ys, table)?;
    plan.y_range = y_range(lo, hi, false);
    if let Some(labels) = categories {
        plan.x_range = (0.0, labels.len() as f64);
        plan.x_scale = XScale::Categories(labels);
    } else {
        let (mut xlo, mut xhi) = span(series.iter().flat_map(|s| s.points.iter().map(|p| p.0)))
            .ok_or_else(|| ChartError::NoNumbers(src.x_column.to_string()))?;
        let mut xs = series.iter().flat_map(|s| s.points.iter().map(|p| p.0));
        let first = xs.next();
        if dates.is_some() && xs.all(|v| Some(v) == first) {
            // One date: a day either side, not a tenth of the epoch.
            let day = first.unwrap_or_default();
            (xlo, xhi) = (day - 1.0, day + 1.0);
        }
        plan.x_scale = match dates {
            Some(p) => XScale::Dates(p),
            None => XScale::Linear,
        };
        plan.x_range = if dates.is_some() || kind == Kind::Line {
            (xlo, xhi)
        } else {
            y_range(xlo, xhi, false)
        };
    }
    plan.body = if kind == Kind::Line {
        Body::Lines(series)
    } else {
        Body::Points(series)
    };
    Ok(skipped)
}

/// Fills in a histogram: the numbers of the x column counted in bins;
/// returns the cells skipped.
fn plan_histogram(src: &Source, plan: &mut Plan) -> Result<u64, ChartError> {
    let mut skipped = 0u64;
    let mut values = Vec::new();
    for r in &src.table.rows {
        match number(r.get(src.x)) {
            Some(v) => values.push(v),
            None => skipped += 1,
        }
    }
    if values.is_empty() {
        return Err(ChartError::NoNumbers(src.x_column.to_string()));
    }
    let bins = bins(&mut values);
    let top = bins.iter().map(|b| b.2).max().unwrap_or(1).max(1) as f64;
    plan.x_range = (
        bins.first().map_or(0.0, |b| b.0),
        bins.last().map_or(1.0, |b| b.1),
    );
    plan.y_range = (0.0, top * 1.05);
    plan.y_desc = src.words.count.to_string();
    plan.body = Body::Bins(bins);
    Ok(skipped)
}

/// Fills in a pie: one slice per row of the first y column, largest first,
/// the smallest beyond `MAX_SLICES` merged into "others"; returns the cells
/// skipped.
fn plan_pie(src: &Source, plan: &mut Plan) -> Result<u64, ChartError> {
    let (yi, yname) = src.ys[0];
    let mut skipped = 0u64;
    let mut slices = Vec::new();
    for r in &src.table.rows {
        match number(r.get(yi)) {
            Some(v) if v < 0.0 => return Err(ChartError::NegativeSlice(yname.to_string())),
            Some(v) => slices.push(Slice {
                label: src.label_of(r.get(src.x)),
                value: v,
                rest: false,
            }),
            None => skipped += 1,
        }
    }
    if slices.is_empty() {
        return Err(ChartError::NoNumbers(yname.to_string()));
    }
    let total: f64 = slices.iter().map(|s| s.value).sum();
    if !(total > 0.0 && total.is_finite()) {
        return Err(ChartError::ZeroTotal(yname.to_string()));
    }
    // Largest first (stable, so ties keep the table's order).
    slices.sort_by(|a, b| b.value.total_cmp(&a.value));
    if slices.len() > MAX_SLICES {
        let rest: f64 = slices[MAX_SLICES - 1..].iter().map(|s| s.value).sum();
        slices.truncate(MAX_SLICES - 1);
        slices.push(Slice {
            label: src.words.others.to_string(),
            value: rest,
            rest: true,
        });
    }
    plan.body = Body::Pie(slices);
    Ok(skipped)
}

/// The span of every y value, or an error naming the first y column with no
/// number at all.
fn values_span(
    series: &[Series],
    ys: &[(usize, &str)],
    table: &RawTable,
) -> Result<(f64, f64), ChartError> {
    for (s, (yi, name)) in series.iter().zip(ys) {
        if s.points.is_empty() && !table.rows.iter().any(|r| number(r.get(*yi)).is_some()) {
            return Err(ChartError::NoNumbers((*name).to_string()));
        }
    }
    let (lo, hi) =
        span(series.iter().flat_map(|s| s.points.iter().map(|p| p.1))).ok_or_else(|| {
            ChartError::NoNumbers(ys.first().map_or(String::new(), |y| y.1.to_string()))
        })?;
    Ok((lo, hi))
}

/// Every non-empty cell of column `x` is a finite number (and there is one).
fn all_numeric(table: &RawTable, x: usize) -> bool {
    let mut any = false;
    for r in &table.rows {
        match r.get(x) {
            Some(RawValue::Number(_) | RawValue::NonFinite { .. }) => any = true,
            Some(RawValue::Null) | None => {}
            Some(_) => return false,
        }
    }
    any
}

/// When every non-empty cell of column `x` is an ISO date (and there is one),
/// the precision to show them at: months when all are months, weeks when all
/// are weeks, days otherwise.
pub(crate) fn date_column(table: &RawTable, x: usize) -> Option<DatePrecision> {
    let mut precision: Option<DatePrecision> = None;
    for r in &table.rows {
        match r.get(x) {
            Some(RawValue::Text(t)) => {
                let d = parse_date(t)?;
                precision = Some(match precision {
                    None => d.precision,
                    Some(p) if p == d.precision => p,
                    Some(_) => DatePrecision::Day,
                });
            }
            Some(RawValue::Null) | None => {}
            Some(_) => return None,
        }
    }
    precision
}

/// Quantile `q` of sorted values (linear interpolation).
fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let pos = q * (sorted.len() - 1) as f64;
    let lo = pos.floor() as usize;
    let hi = pos.ceil() as usize;
    let frac = pos - lo as f64;
    sorted[lo] + (sorted[hi.min(sorted.len() - 1)] - sorted[lo]) * frac
}

/// Bins for a histogram: the Freedman–Diaconis width (2·IQR/∛n), or Sturges'
/// count (⌈log₂ n⌉ + 1) when the quartiles coincide, clamped to
/// `MIN_BINS..=MAX_BINS` bins of equal width.
pub(crate) fn bins(values: &mut [f64]) -> Vec<(f64, f64, u64)> {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    let (lo, hi) = match (values.first(), values.last()) {
        (Some(lo), Some(hi)) => (*lo, *hi),
        _ => return Vec::new(),
    };
    if lo == hi {
        return vec![(lo - 0.5, hi + 0.5, n as u64)];
    }
    let iqr = quantile(values, 0.75) - quantile(values, 0.25);
    let sturges = (n as f64).log2().ceil() as usize + 1;
    let count = if iqr > 0.0 {
        let width = 2.0 * iqr / (n as f64).cbrt();
        ((hi - lo) / width).ceil() as usize
    } else {
        sturges
    };
    let count = count.clamp(MIN_BINS, MAX_BINS);
    let width = (hi - lo) / count as f64;
    let mut counts = vec![0u64; count];
    for v in values.iter() {
        let i = (((v - lo) / width).floor() as usize).min(count - 1);
        counts[i] += 1;
    }
    counts
        .into_iter()
        .enumerate()
        .map(|(i, c)| {
            (
                lo + width * i as f64,
                if i + 1 == count {
                    hi
                } else {
                    lo + width * (i + 1) as f64
                },
                c,
            )
        })
        .collect()
}
