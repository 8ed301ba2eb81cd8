//! Draws a [`Plan`] on any `plotters` backend (the SVG one and the RGB
//! bitmap one get the same calls, so both images show the same thing).

use std::ops::Range;

use plotters::chart::SeriesAnno;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::format::{self, short_date, DatePrecision};
use super::{draw_error, Body, ChartError, Plan, Series, XScale, FAMILY, OKABE_ITO};

/// Background.
const BACKGROUND: RGBColor = WHITE;
/// Text.
const INK: RGBColor = RGBColor(0x22, 0x22, 0x22);
/// The pie slice that merges the smallest ones.
const OTHERS: RGBColor = RGBColor(0xAA, 0xAA, 0xAA);
/// Notes under the chart.
const NOTE_INK: RGBColor = RGBColor(0x55, 0x55, 0x55);
/// Title size in pixels.
const TITLE_SIZE: u32 = 22;
/// Tick and category label size in pixels.
const LABEL_SIZE: u32 = 13;
/// Axis description size in pixels.
const DESC_SIZE: u32 = 14;
/// Note size in pixels.
const NOTE_SIZE: u32 = 12;
/// Height of one note line.
const NOTE_LINE: u32 = 18;
/// Outer margin.
const MARGIN: u32 = 16;
/// Right margin: the last x label is centred on the plot's edge and needs
/// room for its second half ("May 2026").
const RIGHT_MARGIN: u32 = 56;
/// Space kept for rotated category labels, at most.
const MAX_ROTATED_LABEL_PX: u32 = 190;
/// Narrowest room (pixels) per rotated label; denser categories show every
/// k-th label.
const MIN_ROTATED_SLOT_PX: f64 = 15.0;
/// Bars get their value written above them up to this many categories
/// (single series).
const MAX_VALUE_LABELS: usize = 15;
/// Lines get a marker on each point up to this many points.
const MAX_MARKERS: usize = 60;
/// Pie slices smaller than this share get no percentage on the wedge (the
/// legend still has it).
const MIN_WEDGE_LABEL_SHARE: f64 = 0.04;

fn colour(i: usize) -> RGBColor {
    let (r, g, b) = OKABE_ITO[i % OKABE_ITO.len()];
    RGBColor(r, g, b)
}

fn font<'a>(size: u32) -> TextStyle<'a> {
    (super::FAMILY, size).into_font().color(&INK)
}

/// The x axis: linear mapping, key points by scale.
#[derive(Clone)]
struct XAxis {
    lo: f64,
    hi: f64,
    dates: Option<DatePrecision>,
    categories: bool,
}

impl Ranged for XAxis {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        RangedCoordf64::from(self.lo..self.hi).map(value, limit)
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        let max = hint.max_num_points();
        if self.categories || max == 0 {
            return Vec::new();
        }
        match self.dates {
            None => RangedCoordf64::from(self.lo..self.hi).key_points(hint),
            Some(precision) => date_ticks(self.lo, self.hi, precision, max),
        }
    }

    fn range(&self) -> Range<f64> {
        self.lo..self.hi
    }
}

/// Ticks on whole days, weeks or months, the finest step giving at most
/// `max` ticks.
fn date_ticks(lo: f64, hi: f64, precision: DatePrecision, max: usize) -> Vec<f64> {
    let (lo, hi) = (lo.ceil() as i64, hi.floor() as i64);
    let within = |v: &Vec<f64>| v.len() <= max;
    if precision == DatePrecision::Day {
        for step in [1, 2, 7, 14] {
            let start = if step >= 7 {
                format::week_start(lo + 6)
            } else {
                lo
            };
            let ticks: Vec<f64> = (0..)
                .map(|k| start + k * step)
                .take_while(|d| *d <= hi)
                .take(max + 1)
                .map(|d| d as f64)
                .collect();
            if within(&ticks) {
                return ticks;
            }
        }
    }
    if precision == DatePrecision::Week {
        for step in [1, 2, 4, 8, 13, 26, 52] {
            let start = format::week_start(lo + 6);
            let ticks: Vec<f64> = (0..)
                .map(|k| start + k * step * 7)
                .take_while(|d| *d <= hi)
                .take(max + 1)
                .map(|d| d as f64)
                .collect();
            if within(&ticks) {
                return ticks;
            }
        }
    }
    for step in [1, 2, 3, 6, 12, 24, 60, 120, 600] {
        let first = if format::month_start(lo) == lo {
            lo
        } else {
            format::add_months(lo, 1)
        };
        let start = format::add_months(first, 0);
        let ticks: Vec<f64> = (0..)
            .map(|k| format::add_months(start, k * step))
            .take_while(|d| *d <= hi)
            .take(max + 1)
            .map(|d| d as f64)
            .collect();
        if within(&ticks) {
            return ticks;
        }
    }
    Vec::new()
}

/// Draws the plan on `root` (the whole image).
pub(crate) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plan: &Plan,
) -> Result<(), ChartError> {
    root.fill(&BACKGROUND).map_err(draw_error)?;
    let (_, height) = root.dim_in_pixel();
    let notes_h = if plan.notes.is_empty() {
        0
    } else {
        NOTE_LINE * plan.notes.len() as u32 + MARGIN / 2
    };
    let (main, footer) = root.split_vertically(height.saturating_sub(notes_h));
    match &plan.body {
        Body::Pie(slices) => draw_pie(&main, plan, slices)?,
        _ => draw_xy(&main, plan)?,
    }
    for (i, note) in plan.notes.iter().enumerate() {
        let style = (FAMILY, NOTE_SIZE)
            .into_font()
            .color(&NOTE_INK)
            .pos(Pos::new(HPos::Left, VPos::Top));
        footer
            .draw_text(note, &style, (MARGIN as i32, (NOTE_LINE * i as u32) as i32))
            .map_err(draw_error)?;
    }
    Ok(())
}

fn text_width<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    text: &str,
    style: &TextStyle,
) -> Result<u32, ChartError> {
    Ok(area.estimate_text_size(text, style).map_err(draw_error)?.0)
}

/// Room around the plot of an x/y chart, and how category labels are laid
/// out.
struct Frame {
    /// Height of the x label area (ticks or categories, and the description).
    x_area: u32,
    /// Width of the y label area (ticks and the description).
    y_area: u32,
    /// Category labels are turned a quarter.
    rotate: bool,
    /// Only every `every`-th category label is written.
    every: usize,
}

/// The chart an x/y plan is drawn into.
type XyChart<'a, DB> = ChartContext<'a, DB, Cartesian2d<XAxis, RangedCoordf64>>;

/// The y tick format: the range's decimals, whole counts only for bins.
fn y_formatter(plan: &Plan) -> impl Fn(&f64) -> String {
    let lang = plan.lang;
    let (y_lo, y_hi) = plan.y_range;
    let integer_y = matches!(plan.body, Body::Bins(_));
    let y_dec = if integer_y {
        0
    } else {
        format::tick_decimals(y_hi - y_lo)
    };
    move |v: &f64| {
        if integer_y && v.fract() != 0.0 {
            String::new()
        } else {
            format::tick(*v, y_dec, lang)
        }
    }
}

/// The dates precision of the x axis, if it shows dates.
fn x_dates(plan: &Plan) -> Option<DatePrecision> {
    match &plan.x_scale {
        XScale::Dates(p) => Some(*p),
        _ => None,
    }
}

/// The x tick format: short dates, or numbers with the range's decimals.
fn x_formatter(plan: &Plan) -> impl Fn(&f64) -> String {
    let lang = plan.lang;
    let (x_lo, x_hi) = plan.x_range;
    let x_dec = format::tick_decimals(x_hi - x_lo);
    let dates = x_dates(plan);
    move |v: &f64| match dates {
        Some(p) => short_date(v.round() as i64, p, lang),
        None => format::tick(*v, x_dec, lang),
    }
}

/// The category labels of the x axis (none unless it shows categories).
fn x_categories(plan: &Plan) -> &[String] {
    match &plan.x_scale {
        XScale::Categories(c) => c,
        _ => &[],
    }
}

/// Measures the tick and category labels to size the label areas.
fn frame<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    plan: &Plan,
    y_fmt: &impl Fn(&f64) -> String,
) -> Result<Frame, ChartError> {
    let (width, _) = area.dim_in_pixel();
    let label_style = font(LABEL_SIZE);
    let (y_lo, y_hi) = plan.y_range;

    // Room for the y tick labels: the widest of a few candidates.
    let mut y_label_w = 0;
    for k in 0..=10 {
        let v = y_lo + (y_hi - y_lo) * f64::from(k) / 10.0;
        y_label_w = y_label_w.max(text_width(area, &y_fmt(&v), &label_style)?);
    }
    let y_area = y_label_w
        + 14
        + if plan.y_desc.is_empty() {
            0
        } else {
            DESC_SIZE + 12
        };
    let desc_room = if plan.x_desc.is_empty() {
        0
    } else {
        DESC_SIZE + 14
    };

    // Category labels: horizontal when they fit, else rotated.
    let categories = x_categories(plan);
    let plot_w = f64::from(width.saturating_sub(y_area + 2 * MARGIN).max(1));
    let slot = plot_w / categories.len().max(1) as f64;
    let mut widest = 0;
    for c in categories {
        widest = widest.max(text_width(area, c, &label_style)?);
    }
    let rotate = f64::from(widest) + 8.0 > slot;
    let every = if rotate {
        (MIN_ROTATED_SLOT_PX / slot).ceil().max(1.0) as usize
    } else {
        1
    };
    let x_area = if categories.is_empty() {
        LABEL_SIZE + 14 + desc_room
    } else if rotate {
        widest.min(MAX_ROTATED_LABEL_PX) + 12 + desc_room
    } else {
        LABEL_SIZE + 14 + desc_room
    };
    Ok(Frame {
        x_area,
        y_area,
        rotate,
        every,
    })
}

/// Draws a bar, line, scatter or histogram plan: axes, series, legend and
/// category labels.
fn draw_xy<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    plan: &Plan,
) -> Result<(), ChartError> {
    let y_fmt = y_formatter(plan);
    let x_fmt = x_formatter(plan);
    let frame = frame(area, plan, &y_fmt)?;
    let categories = x_categories(plan);
    let (x_lo, x_hi) = plan.x_range;
    let (y_lo, y_hi) = plan.y_range;

    let x_axis = XAxis {
        lo: x_lo,
        hi: x_hi,
        dates: x_dates(plan),
        categories: !categories.is_empty(),
    };
    let mut chart = ChartBuilder::on(area)
        .margin(MARGIN)
        .margin_right(RIGHT_MARGIN)
        .caption(&plan.title, font(TITLE_SIZE))
        .x_label_area_size(frame.x_area)
        .y_label_area_size(frame.y_area)
        .build_cartesian_2d(x_axis, y_lo..y_hi)
        .map_err(draw_error)?;

    let mut mesh = chart.configure_mesh();
    mesh.label_style(font(LABEL_SIZE))
        .axis_desc_style(font(DESC_SIZE))
        .x_label_formatter(&x_fmt)
        .y_label_formatter(&y_fmt)
        .x_labels(10)
        .y_labels(10)
        .bold_line_style(RGBColor(0xDD, 0xDD, 0xDD))
        .light_line_style(RGBColor(0xF2, 0xF2, 0xF2));
    if !plan.x_desc.is_empty() {
        mesh.x_desc(plan.x_desc.as_str());
    }
    if !plan.y_desc.is_empty() {
        mesh.y_desc(plan.y_desc.as_str());
    }
    if !categories.is_empty() {
        mesh.disable_x_mesh();
    }
    mesh.draw().map_err(draw_error)?;

    if y_lo < 0.0 && y_hi > 0.0 {
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(x_lo, 0.0), (x_hi, 0.0)],
                INK.stroke_width(1),
            )))
            .map_err(draw_error)?;
    }
    let legend = match &plan.body {
        Body::Bars(series) => draw_bars(&mut chart, area, plan, series)?,
        Body::Lines(series) => draw_lines(&mut chart, series)?,
        Body::Points(series) => draw_points(&mut chart, series)?,
        Body::Bins(bins) => draw_bins(&mut chart, bins)?,
        Body::Pie(_) => false,
    };
    if legend {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .label_font(font(LABEL_SIZE))
            .background_style(BACKGROUND.mix(0.9))
            .border_style(RGBColor(0xBB, 0xBB, 0xBB))
            .draw()
            .map_err(draw_error)?;
    }
    draw_category_labels(&chart, area, categories, &frame, y_lo)
}

/// Draws grouped bars, one colour per series, with their values written
/// above them for a single series of few categories; tells whether a legend
/// is needed.
fn draw_bars<DB: DrawingBackend>(
    chart: &mut XyChart<'_, DB>,
    area: &DrawingArea<DB, Shift>,
    plan: &Plan,
    series: &[Series],
) -> Result<bool, ChartError> {
    let n = series.len().max(1) as f64;
    let group = 0.8;
    let bar = group / n;
    for (j, s) in series.iter().enumerate() {
        let c = colour(j);
        let offset = (1.0 - group) / 2.0 + bar * j as f64;
        let anno = chart
            .draw_series(s.points.iter().map(|&(x, y)| {
                let x0 = x - 0.5 + offset;
                Rectangle::new([(x0, 0.0), (x0 + bar, y)], c.filled())
            }))
            .map_err(draw_error)?;
        add_legend(anno, s, c, series.len() > 1);
    }
    if let [only] = series {
        if x_categories(plan).len() <= MAX_VALUE_LABELS {
            for &(x, y) in &only.points {
                let (px, py) = chart.backend_coord(&(x, y));
                let (v, off) = if y >= 0.0 {
                    (VPos::Bottom, -4)
                } else {
                    (VPos::Top, 4)
                };
                let style = font(LABEL_SIZE).pos(Pos::new(HPos::Center, v));
                area.draw_text(&format::number(y, plan.lang), &style, (px, py + off))
                    .map_err(draw_error)?;
            }
        }
    }
    Ok(series.len() > 1)
}

/// Draws one line per series, with markers when the points are few; tells
/// whether a legend is needed.
fn draw_lines<DB: DrawingBackend>(
    chart: &mut XyChart<'_, DB>,
    series: &[Series],
) -> Result<bool, ChartError> {
    for (j, s) in series.iter().enumerate() {
        let c = colour(j);
        let anno = chart
            .draw_series(LineSeries::new(s.points.iter().copied(), c.stroke_width(2)))
            .map_err(draw_error)?;
        add_legend(anno, s, c, series.len() > 1);
        if s.points.len() <= MAX_MARKERS {
            chart
                .draw_series(s.points.iter().map(|&p| Circle::new(p, 3, c.filled())))
                .map_err(draw_error)?;
        }
    }
    Ok(series.len() > 1)
}

/// Draws the points of each series in its colour; tells whether a legend is
/// needed.
fn draw_points<DB: DrawingBackend>(
    chart: &mut XyChart<'_, DB>,
    series: &[Series],
) -> Result<bool, ChartError> {
    for (j, s) in series.iter().enumerate() {
        let c = colour(j);
        let anno = chart
            .draw_series(
                s.points
                    .iter()
                    .map(|&p| Circle::new(p, 3, c.mix(0.7).filled())),
            )
            .map_err(draw_error)?;
        add_legend(anno, s, c, series.len() > 1);
    }
    Ok(series.len() > 1)
}

/// Draws the histogram bins as touching bars; a histogram has no legend.
fn draw_bins<DB: DrawingBackend>(
    chart: &mut XyChart<'_, DB>,
    bins: &[(f64, f64, u64)],
) -> Result<bool, ChartError> {
    let c = colour(0);
    chart
        .draw_series(bins.iter().map(|&(from, to, count)| {
            let mut r = Rectangle::new([(from, 0.0), (to, count as f64)], c.filled());
            r.set_margin(0, 0, 1, 1);
            r
        }))
        .map_err(draw_error)?;
    Ok(false)
}

/// Writes the category labels under the plot, drawn here so that long ones
/// can be turned.
fn draw_category_labels<DB: DrawingBackend>(
    chart: &XyChart<'_, DB>,
    area: &DrawingArea<DB, Shift>,
    categories: &[String],
    frame: &Frame,
    y_lo: f64,
) -> Result<(), ChartError> {
    if categories.is_empty() {
        return Ok(());
    }
    let (_, y_pixels) = chart.plotting_area().get_pixel_range();
    let base = y_pixels.end + 6;
    for (i, c) in categories.iter().enumerate() {
        if i % frame.every != 0 {
            continue;
        }
        let (px, _) = chart.backend_coord(&(i as f64 + 0.5, y_lo));
        if frame.rotate {
            let style = font(LABEL_SIZE)
                .transform(FontTransform::Rotate270)
                .pos(Pos::new(HPos::Right, VPos::Center));
            area.draw_text(c, &style, (px, base)).map_err(draw_error)?;
        } else {
            let style = font(LABEL_SIZE).pos(Pos::new(HPos::Center, VPos::Top));
            area.draw_text(c, &style, (px, base)).map_err(draw_error)?;
        }
    }
    Ok(())
}

fn add_legend<DB: DrawingBackend>(
    anno: &mut SeriesAnno<'_, DB>,
    s: &Series,
    c: RGBColor,
    show: bool,
) {
    if show {
        anno.label(s.name.as_str())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], c.filled()));
    }
}

/// The slice's palette colour, grey for the merged rest.
fn slice_colour(i: usize, s: &super::Slice) -> RGBColor {
    if s.rest {
        OTHERS
    } else {
        colour(i)
    }
}

/// Black or white, whichever reads better on `c`.
fn ink_on(c: RGBColor) -> RGBColor {
    let RGBColor(r, g, b) = c;
    let luminance = 0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b);
    if luminance > 140.0 {
        RGBColor(0, 0, 0)
    } else {
        WHITE
    }
}

fn draw_pie<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    plan: &Plan,
    slices: &[super::Slice],
) -> Result<(), ChartError> {
    let lang = plan.lang;
    let (width, height) = area.dim_in_pixel();
    let title = font(TITLE_SIZE).pos(Pos::new(HPos::Center, VPos::Top));
    area.draw_text(&plan.title, &title, ((width / 2) as i32, MARGIN as i32))
        .map_err(draw_error)?;
    let top = MARGIN + TITLE_SIZE + MARGIN;
    let avail_h = height.saturating_sub(top + MARGIN);
    let pie_w = (width * 11 / 20).min(avail_h + 2 * MARGIN);
    let radius = (f64::from(avail_h.min(pie_w)) / 2.0 - f64::from(MARGIN)).max(10.0);
    let (cx, cy) = (
        f64::from(pie_w) / 2.0 + f64::from(MARGIN),
        f64::from(top) + f64::from(avail_h) / 2.0,
    );
    let total: f64 = slices.iter().map(|s| s.value).sum();

    let mut start = -std::f64::consts::FRAC_PI_2;
    for (i, s) in slices.iter().enumerate() {
        let share = if total > 0.0 { s.value / total } else { 0.0 };
        let sweep = share * std::f64::consts::TAU;
        let c = slice_colour(i, s);
        if sweep > 0.0 {
            let steps = (sweep.to_degrees().ceil() as usize).max(2);
            let mut points = Vec::with_capacity(steps + 2);
            points.push((cx.round() as i32, cy.round() as i32));
            for k in 0..=steps {
                let a = start + sweep * k as f64 / steps as f64;
                points.push((
                    (cx + radius * a.cos()).round() as i32,
                    (cy + radius * a.sin()).round() as i32,
                ));
            }
            area.draw(&Polygon::new(points.clone(), c.filled()))
                .map_err(draw_error)?;
            if slices.len() > 1 {
                points.push((cx.round() as i32, cy.round() as i32));
                area.draw(&PathElement::new(points, WHITE.stroke_width(2)))
                    .map_err(draw_error)?;
            }
            if share >= MIN_WEDGE_LABEL_SHARE {
                let mid = start + sweep / 2.0;
                let (lx, ly) = (
                    cx + radius * 0.65 * mid.cos(),
                    cy + radius * 0.65 * mid.sin(),
                );
                let style = (FAMILY, LABEL_SIZE)
                    .into_font()
                    .color(&ink_on(c))
                    .pos(Pos::new(HPos::Center, VPos::Center));
                area.draw_text(
                    &format::percent(share, lang),
                    &style,
                    (lx.round() as i32, ly.round() as i32),
                )
                .map_err(draw_error)?;
            }
        }
        start += sweep;
    }

    // Legend: a swatch, the label, its share and its value.
    let lx = (f64::from(pie_w) + 2.0 * f64::from(MARGIN)).round() as i32;
    let line = 26i32;
    let ly0 = cy.round() as i32 - line * slices.len() as i32 / 2;
    for (i, s) in slices.iter().enumerate() {
        let y = ly0 + line * i as i32;
        area.draw(&Rectangle::new(
            [(lx, y - 7), (lx + 14, y + 7)],
            slice_colour(i, s).filled(),
        ))
        .map_err(draw_error)?;
        let share = if total > 0.0 { s.value / total } else { 0.0 };
        let text = format!(
            "{}: {} ({})",
            s.label,
            format::percent(share, lang),
            format::number(s.value, lang)
        );
        let style = font(LABEL_SIZE + 1).pos(Pos::new(HPos::Left, VPos::Center));
        area.draw_text(&text, &style, (lx + 22, y))
            .map_err(draw_error)?;
    }
    Ok(())
}
