//! The report as a PDF: the same content as the HTML page, in the run's
//! language, answer first (question, the values as tiles, the reading, the
//! chart and the explanation on the first page when they fit; the evidence
//! after), on A4 pages, written with `pdf-writer` (a small, maintained
//! PDF object writer, no layout engine). Text is set in DejaVu Sans (the
//! font the charts use, bundled in `assets/fonts/`), embedded as a subset
//! with a `ToUnicode` map, so text can be selected, searched and extracted
//! (`pdftotext`). Charts are the PNG images the engine drew, placed as image
//! XObjects with their compressed data passed through unchanged.
//!
//! **Where the signature lives.** The canonical JSON manifest, the signature
//! block and the chart PNGs are *embedded file attachments*
//! (`glovebox-manifest.json`, `glovebox-signature.json`, `chart-N.png`)
//! rather than document metadata: an attachment keeps the exact bytes the
//! signature covers (metadata strings are re-encoded by tools and meant for
//! short text), every PDF reader lists attachments and can save them, and
//! `pdfdetach` extracts them. The manifest names each chart image by its
//! sha256 (`png_sha256`), so the images are covered by the signature too.
//!
//! **What verification compares.** The whole file is a deterministic
//! function of (manifest, signature block, chart PNGs): no clock, no random
//! file id, objects written in a fixed order, only pure-Rust compression.
//! [`super::sign::verify_pdf`] reads the three back ([`attachments`]), checks
//! the signature and the image hashes, renders the PDF again and requires
//! the file to be byte for byte that rendering; so a changed number in a
//! page, a table cell, a chart pixel, the manifest or the signature is found,
//! and [`Rendered::describe`] says where (page and text, chart, font...).
//! Page content streams are left uncompressed so the page text can be
//! audited with a text editor next to its `ToUnicode` map. The attachments
//! are the first objects of the file, so reading them back needs no general
//! PDF parser. PDFs exported before the answer-first layout are rendered
//! again in layout 1 (`pdf/v1.rs`, [`PdfLayout::First`]) when the current layout
//! does not give them back, so they still verify.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::ops::Range;

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Date, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::diff::{self, DiffLine};
use super::html::MAX_ROWS_SHOWN;
use super::human;
use super::manifest::{Document, Manifest, ManifestStatus};
use super::words::{self, or_empty, text, Words};
use crate::lang::Lang;
use crate::validate::{RawTable, RawValue};

mod v1;

/// DejaVu Sans (see `assets/fonts/LICENSE-DejaVu.txt`), as in the charts.
static FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");

/// Attachment holding the canonical JSON manifest (the signed bytes).
pub const MANIFEST_FILE: &str = "glovebox-manifest.json";
/// Attachment holding the signature block.
pub const SIGNATURE_FILE: &str = "glovebox-signature.json";

/// A4 in points.
const PAGE_W: f32 = 595.0;
const PAGE_H: f32 = 842.0;
const MARGIN: f32 = 50.0;
const FOOTER: f32 = 24.0;
const CONTENT_W: f32 = PAGE_W - 2.0 * MARGIN;
/// Most lines of one table cell shown (the manifest has them all).
const MAX_CELL_LINES: usize = 30;
/// Highest a chart is drawn, so the answer, its chart and its explanation
/// fit on the first page.
const MAX_CHART_H: f32 = 240.0;

type Rgb = (f32, f32, f32);
const BLACK: Rgb = (0.11, 0.11, 0.12);
const MUTED: Rgb = (0.4, 0.4, 0.4);
const STOPPED: Rgb = (0.63, 0.15, 0.05);
const RULE: Rgb = (0.8, 0.8, 0.8);
const HEAD_BG: Rgb = (0.95, 0.95, 0.95);
const CODE_BG: Rgb = (0.965, 0.973, 0.98);
const ADD_BG: Rgb = (0.9, 1.0, 0.925);
const DEL_BG: Rgb = (1.0, 0.92, 0.914);

/// Why a PDF could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    /// The bundled font does not parse.
    #[error("the bundled font cannot be read")]
    Font,
    /// Subsetting failed.
    #[error("the font cannot be subset: {0}")]
    Subset(String),
    /// A chart image is not a PNG this writer can place.
    #[error("the image of chart {0} is not a PNG image Glovebox can place in a PDF")]
    Image(usize),
}

/// A rendered PDF and what each part of it shows, to say where a file
/// differs from it.
#[derive(Debug, Clone)]
pub struct Rendered {
    /// The file.
    pub bytes: Vec<u8>,
    /// Byte ranges of the file and what they hold, outermost first.
    regions: Vec<(Range<usize>, Region)>,
    /// Glyph id (in the embedded subset) -> the text it stands for.
    glyph_text: BTreeMap<u16, char>,
}

#[derive(Debug, Clone)]
enum Region {
    Object(String),
    Text { page: usize, text: String },
}

impl Rendered {
    /// Plain words on where `found` first differs from this rendering, or
    /// `None` when they are the same.
    pub fn describe(&self, found: &[u8]) -> Option<String> {
        if found == self.bytes.as_slice() {
            return None;
        }
        let at = self
            .bytes
            .iter()
            .zip(found)
            .position(|(a, b)| a != b)
            .unwrap_or(self.bytes.len().min(found.len()));
        if at == self.bytes.len().min(found.len()) && self.bytes.len() != found.len() {
            return Some(format!(
                "the file is {} where the signed manifest renders to {} (the first {} are the same)",
                crate::units::human_bytes(found.len() as u64),
                crate::units::human_bytes(self.bytes.len() as u64),
                crate::units::human_bytes(at as u64)
            ));
        }
        let mut object = "the file structure".to_owned();
        for (range, region) in &self.regions {
            if !range.contains(&at) {
                continue;
            }
            match region {
                Region::Object(what) => object = what.clone(),
                Region::Text { page, text } => {
                    let seen = found
                        .get(range.clone())
                        .map(|b| self.decode_hex(b))
                        .unwrap_or_default();
                    return Some(format!(
                        "page {page}: the signed manifest gives \"{text}\" where the file has \"{seen}\""
                    ));
                }
            }
        }
        Some(format!("byte {at}, in {object}"))
    }

    /// The text of a `<...> Tj` run, through the font's glyph map.
    fn decode_hex(&self, run: &[u8]) -> String {
        let inner: Vec<u8> = run
            .iter()
            .copied()
            .skip_while(|&b| b != b'<')
            .skip(1)
            .take_while(|&b| b != b'>')
            .collect();
        inner
            .chunks(4)
            .map(|c| {
                std::str::from_utf8(c)
                    .ok()
                    .and_then(|h| u16::from_str_radix(h, 16).ok())
                    .and_then(|g| self.glyph_text.get(&g).copied())
                    .unwrap_or('\u{FFFD}')
            })
            .collect()
    }
}

/// The embedded files at the head of a Glovebox PDF, in order (manifest,
/// signature, then chart PNGs), as written by [`render_signed`]. Reading
/// stops at the first object that is not an embedded file stream.
pub fn attachments(pdf: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let Some(mut pos) = find(pdf, b"\n1 0 obj\n", 0).map(|p| p + 1) else {
        return out;
    };
    while let Some(dict_end) = find(pdf, b"\n>>\nstream\n", pos) {
        let head = &pdf[pos..dict_end];
        let line_end = head.iter().position(|&b| b == b'\n').unwrap_or(0);
        let is_object = head[..line_end].ends_with(b" 0 obj")
            && head[..line_end]
                .iter()
                .take(line_end.saturating_sub(6))
                .all(u8::is_ascii_digit);
        let length_key = b"<<\n  /Length ";
        if !is_object
            || !head[line_end + 1..].starts_with(length_key)
            || find(head, b"/Type /EmbeddedFile", 0).is_none()
        {
            break;
        }
        let digits: Vec<u8> = head[line_end + 1 + length_key.len()..]
            .iter()
            .copied()
            .take_while(u8::is_ascii_digit)
            .collect();
        let Some(length) = std::str::from_utf8(&digits)
            .ok()
            .and_then(|d| d.parse::<usize>().ok())
        else {
            break;
        };
        let start = dict_end + b"\n>>\nstream\n".len();
        let Some(data) = pdf.get(start..start.saturating_add(length)) else {
            break;
        };
        out.push(data.to_vec());
        pos = start + length;
        match find(pdf, b"endobj\n", pos) {
            Some(p) => pos = p + b"endobj\n".len(),
            None => break,
        }
        while pdf.get(pos) == Some(&b'\n') {
            pos += 1;
        }
    }
    out
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    haystack
        .get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

/// The images of a manifest's charts: `pngs[i]` belongs to
/// `manifest.charts[i]`; charts without a `png_sha256` have none.
fn chart_images<'a>(manifest: &Manifest, pngs: &'a [Vec<u8>]) -> Vec<Option<&'a [u8]>> {
    manifest
        .charts
        .iter()
        .enumerate()
        .map(|(i, c)| {
            c.png_sha256
                .as_ref()
                .and(pngs.get(i))
                .filter(|p| !p.is_empty())
                .map(Vec::as_slice)
        })
        .collect()
}

/// An attachment: file name, object, bytes, MIME type, description.
type Attachment<'a> = (String, Ref, &'a [u8], &'a [u8], &'a str);

/// A PNG placed as an image XObject: its zlib data with the PNG predictor
/// when it is 8-bit RGB or grey and not interlaced (as the engine draws
/// them), else decoded and compressed again.
struct PlacedImage {
    width: u32,
    height: u32,
    colors: i32,
    data: Vec<u8>,
    passthrough: bool,
}

fn place_png(png: &[u8], chart: usize) -> Result<PlacedImage, PdfError> {
    let bad = || PdfError::Image(chart);
    if png.len() < 33 || &png[..8] != b"\x89PNG\r\n\x1a\n" || &png[12..16] != b"IHDR" {
        return Err(bad());
    }
    let be = |b: &[u8]| u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
    let (width, height) = (be(&png[16..20]), be(&png[20..24]));
    let (depth, color, interlace) = (png[24], png[25], png[28]);
    if depth == 8 && (color == 2 || color == 0) && interlace == 0 {
        let mut data = Vec::new();
        let mut pos = 8;
        while pos + 12 <= png.len() {
            let len = be(&png[pos..pos + 4]) as usize;
            let kind = &png[pos + 4..pos + 8];
            let body = png.get(pos + 8..pos + 8 + len).ok_or_else(bad)?;
            if kind == b"IDAT" {
                data.extend_from_slice(body);
            }
            pos += 12 + len;
        }
        return Ok(PlacedImage {
            width,
            height,
            colors: if color == 2 { 3 } else { 1 },
            data,
            passthrough: true,
        });
    }
    let mut decoder = png::Decoder::new(png);
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(|_| bad())?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).map_err(|_| bad())?;
    let channels = info.color_type.samples();
    let mut rgb = Vec::with_capacity(info.width as usize * info.height as usize * 3);
    for px in buf[..info.buffer_size()].chunks(channels) {
        let (v, a) = match channels {
            1 => ([px[0]; 3], 255),
            2 => ([px[0]; 3], px[1]),
            3 => ([px[0], px[1], px[2]], 255),
            _ => ([px[0], px[1], px[2]], px[3]),
        };
        // Transparent pixels over white paper.
        for c in v {
            rgb.push(((u32::from(c) * u32::from(a) + 255 * (255 - u32::from(a))) / 255) as u8);
        }
    }
    Ok(PlacedImage {
        width: info.width,
        height: info.height,
        colors: 3,
        data: deflate(&rgb),
        passthrough: false,
    })
}

/// zlib at level 6 with `miniz_oxide` itself, not through `flate2`,
/// whose backend follows the features other crates ask for (calamine's
/// zip asks for zlib-rs): a report's bytes, which `verify` compares, must
/// not change with the dependency graph.
fn deflate(data: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(data, 6)
}

/// Page layout: text set line by line, tables, code and images, top to
/// bottom, a new page when the next block does not fit.
struct Layout {
    face: ttf_parser::Face<'static>,
    upem: f32,
    remap: subsetter::GlyphRemapper,
    glyph_text: BTreeMap<u16, char>,
    /// Width of each used glyph (new id) in thousandths of the font size.
    widths: BTreeMap<u16, f32>,
    pages: Vec<Page>,
    /// The page drawn on.
    on: usize,
    y: f32,
}

#[derive(Default)]
struct Page {
    content: String,
    /// Byte ranges of text runs in `content`, with their text.
    runs: Vec<(Range<usize>, String)>,
}

/// Printable text: tabs as four spaces, other control characters left out.
fn clean(s: &str) -> String {
    s.chars()
        .flat_map(|c| {
            let n = if c == '\t' {
                4
            } else {
                usize::from(!c.is_control())
            };
            std::iter::repeat_n(if c == '\t' { ' ' } else { c }, n)
        })
        .collect()
}

fn num(v: f32) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_owned()
    }
}

impl Layout {
    fn new() -> Result<Self, PdfError> {
        let face = ttf_parser::Face::parse(FONT, 0).map_err(|_| PdfError::Font)?;
        let upem = f32::from(face.units_per_em());
        let mut layout = Self {
            face,
            upem,
            remap: subsetter::GlyphRemapper::new(),
            glyph_text: BTreeMap::new(),
            widths: BTreeMap::new(),
            pages: Vec::new(),
            on: 0,
            y: 0.0,
        };
        layout.new_page();
        Ok(layout)
    }

    fn new_page(&mut self) {
        self.pages.push(Page::default());
        self.on = self.pages.len() - 1;
        self.y = PAGE_H - MARGIN;
    }

    fn page(&mut self) -> &mut Page {
        &mut self.pages[self.on]
    }

    fn glyph(&self, c: char) -> u16 {
        self.face.glyph_index(c).map_or(0, |g| g.0)
    }

    fn char_width(&self, c: char, size: f32) -> f32 {
        let g = ttf_parser::GlyphId(self.glyph(c));
        f32::from(self.face.glyph_hor_advance(g).unwrap_or(0)) * size / self.upem
    }

    fn width(&self, s: &str, size: f32) -> f32 {
        s.chars().map(|c| self.char_width(c, size)).sum()
    }

    /// `s` as a hex string of glyph ids of the subset.
    fn encode(&mut self, s: &str) -> String {
        let mut hex = String::with_capacity(s.len() * 4 + 2);
        hex.push('<');
        for c in s.chars() {
            let old = self.glyph(c);
            let new = self.remap.remap(old);
            if old != 0 {
                self.glyph_text.entry(new).or_insert(c);
            }
            let advance = self
                .face
                .glyph_hor_advance(ttf_parser::GlyphId(old))
                .unwrap_or(0);
            self.widths
                .entry(new)
                .or_insert(f32::from(advance) * 1000.0 / self.upem);
            let _ = write!(hex, "{new:04X}");
        }
        hex.push('>');
        hex
    }

    /// One line of text with its baseline at `y`.
    fn text_at(&mut self, x: f32, y: f32, size: f32, color: Rgb, bold: bool, s: &str) {
        if s.is_empty() {
            return;
        }
        let hex = self.encode(s);
        let mode = if bold {
            format!(
                "2 Tr {} w {} {} {} RG ",
                num(size / 30.0),
                num(color.0),
                num(color.1),
                num(color.2)
            )
        } else {
            String::new()
        };
        let op = format!(
            "BT /F1 {} Tf {} {} {} rg {mode}1 0 0 1 {} {} Tm ",
            num(size),
            num(color.0),
            num(color.1),
            num(color.2),
            num(x),
            num(y)
        );
        let page = self.page();
        page.content.push_str(&op);
        let start = page.content.len();
        page.content.push_str(&hex);
        page.content.push_str(" Tj");
        let end = page.content.len();
        page.content
            .push_str(if bold { " 0 Tr ET\n" } else { " ET\n" });
        page.runs.push((start..end, s.to_owned()));
    }

    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, fill: Option<Rgb>, stroke: Option<Rgb>) {
        let mut op = String::from("q ");
        if let Some((r, g, b)) = fill {
            let _ = write!(op, "{} {} {} rg ", num(r), num(g), num(b));
        }
        if let Some((r, g, b)) = stroke {
            let _ = write!(op, "0.5 w {} {} {} RG ", num(r), num(g), num(b));
        }
        let paint = match (fill.is_some(), stroke.is_some()) {
            (true, true) => "B",
            (true, false) => "f",
            _ => "S",
        };
        let _ = writeln!(
            op,
            "{} {} {} {} re {paint} Q",
            num(x),
            num(y),
            num(w),
            num(h)
        );
        self.page().content.push_str(&op);
    }

    /// Room for `h` points, or a new page.
    fn ensure(&mut self, h: f32) {
        if self.y - h < MARGIN + FOOTER && self.y < PAGE_H - MARGIN {
            self.new_page();
        }
    }

    /// `s` cut into lines no wider than `width`: at spaces, or anywhere
    /// in a word longer than a line. Line breaks in `s` are kept.
    fn wrap(&self, s: &str, size: f32, width: f32) -> Vec<String> {
        let mut lines = Vec::new();
        for para in s.split('\n') {
            let para = clean(para);
            let mut line = String::new();
            let mut line_w = 0.0;
            for word in para.split_inclusive(' ') {
                let word_w = self.width(word, size);
                if line_w + self.width(word.trim_end(), size) <= width {
                    line.push_str(word);
                    line_w += word_w;
                    continue;
                }
                if !line.is_empty() {
                    lines.push(line.trim_end().to_owned());
                    line.clear();
                    line_w = 0.0;
                }
                for c in word.chars() {
                    let cw = self.char_width(c, size);
                    if line_w + cw > width && !line.is_empty() && c != ' ' {
                        lines.push(std::mem::take(&mut line));
                        line_w = 0.0;
                    }
                    line.push(c);
                    line_w += cw;
                }
            }
            lines.push(line.trim_end().to_owned());
        }
        lines
    }

    fn paragraph(&mut self, s: &str, size: f32, color: Rgb) {
        let lead = size * 1.35;
        for line in self.wrap(s, size, CONTENT_W) {
            self.ensure(lead);
            self.y -= lead;
            self.text_at(MARGIN, self.y + size * 0.3, size, color, false, &line);
        }
        self.y -= size * 0.5;
    }

    fn heading(&mut self, s: &str, level: u8) {
        let size = match level {
            1 => 18.0,
            2 => 13.0,
            _ => 10.5,
        };
        // Kept with at least a few lines of what follows.
        self.ensure(size * 2.2 + 40.0);
        self.y -= size * if level == 1 { 1.2 } else { 1.9 };
        for line in self.wrap(s, size, CONTENT_W) {
            self.text_at(MARGIN, self.y, size, BLACK, true, &line);
            self.y -= size * 1.3;
        }
        if level == 2 {
            self.rect(
                MARGIN,
                self.y + size * 0.7,
                CONTENT_W,
                0.6,
                Some(RULE),
                None,
            );
        }
        self.y -= size * 0.2;
    }

    /// Code, one line per line (cut when too long), each on its background.
    fn pre(&mut self, lines: &[(String, Rgb)]) {
        let size = 7.5;
        let lead = size * 1.3;
        self.y -= 3.0;
        for (line, bg) in lines {
            for part in self.wrap_chars(line, size, CONTENT_W - 8.0) {
                self.ensure(lead);
                self.rect(MARGIN, self.y - lead, CONTENT_W, lead, Some(*bg), None);
                self.y -= lead;
                self.text_at(
                    MARGIN + 4.0,
                    self.y + size * 0.32,
                    size,
                    BLACK,
                    false,
                    &part,
                );
            }
        }
        self.y -= 6.0;
    }

    /// Cut at any character (code keeps its spaces).
    fn wrap_chars(&self, s: &str, size: f32, width: f32) -> Vec<String> {
        let s = clean(s);
        let mut out = vec![String::new()];
        let mut w = 0.0;
        for c in s.chars() {
            let cw = self.char_width(c, size);
            if w + cw > width && !out[out.len() - 1].is_empty() {
                out.push(String::new());
                w = 0.0;
            }
            let last = out.len() - 1;
            out[last].push(c);
            w += cw;
        }
        out
    }

    /// A table: `header` on grey (repeated on each new page), or with
    /// `side_header` the first column on grey.
    fn table(&mut self, header: Option<&[String]>, rows: &[Vec<String>], side_header: bool) {
        self.table_aligned(header, rows, side_header, &[]);
    }

    /// [`Self::table`] with the body cells of the columns marked in
    /// `right` aligned right (numbers).
    fn table_aligned(
        &mut self,
        header: Option<&[String]>,
        rows: &[Vec<String>],
        side_header: bool,
        right: &[bool],
    ) {
        let size = 8.0;
        let lead = size * 1.3;
        let pad = 3.0;
        let ncols = header
            .map(<[String]>::len)
            .into_iter()
            .chain(rows.iter().map(Vec::len))
            .max()
            .unwrap_or(0);
        if ncols == 0 {
            return;
        }
        // Natural widths, then shared out when they do not fit.
        let mut natural = vec![0f32; ncols];
        for row in header.into_iter().chain(rows.iter().map(Vec::as_slice)) {
            for (i, cell) in row.iter().enumerate() {
                let w = cell
                    .split('\n')
                    .map(|l| self.width(&clean(l), size))
                    .fold(0.0, f32::max);
                natural[i] = natural[i].max(w + 2.0 * pad + 1.0);
            }
        }
        let total: f32 = natural.iter().sum();
        let widths: Vec<f32> = if total <= CONTENT_W {
            natural
        } else {
            let fair = CONTENT_W / ncols as f32;
            let small: f32 = natural.iter().filter(|&&w| w <= fair).sum();
            let big: f32 = natural.iter().filter(|&&w| w > fair).sum();
            let room = CONTENT_W - small;
            natural
                .iter()
                .map(|&w| if w <= fair { w } else { w / big * room })
                .collect()
        };
        let cells = |layout: &Self, row: &[String]| -> Vec<Vec<String>> {
            (0..ncols)
                .map(|i| {
                    let mut lines = layout.wrap(
                        row.get(i).map_or("", String::as_str),
                        size,
                        widths[i] - 2.0 * pad,
                    );
                    if lines.len() > MAX_CELL_LINES {
                        lines.truncate(MAX_CELL_LINES);
                        lines.push("…".into());
                    }
                    lines
                })
                .collect()
        };
        let draw_row = |layout: &mut Self, lines: &[Vec<String>], head: bool| {
            let h = lines.iter().map(Vec::len).max().unwrap_or(1).max(1) as f32 * lead + 2.0 * pad;
            let mut x = MARGIN;
            for (i, cell) in lines.iter().enumerate() {
                let grey = head || (side_header && i == 0);
                layout.rect(
                    x,
                    layout.y - h,
                    widths[i],
                    h,
                    grey.then_some(HEAD_BG),
                    Some(RULE),
                );
                let to_right = !head && right.get(i).copied().unwrap_or(false);
                for (n, line) in cell.iter().enumerate() {
                    let base = layout.y - pad - (n as f32 + 1.0) * lead + size * 0.3;
                    let tx = if to_right {
                        x + widths[i] - pad - layout.width(line, size)
                    } else {
                        x + pad
                    };
                    layout.text_at(tx, base, size, BLACK, false, line);
                }
                x += widths[i];
            }
            layout.y -= h;
        };
        let head_lines = header.map(|h| cells(self, h));
        let row_h = |lines: &[Vec<String>]| {
            lines.iter().map(Vec::len).max().unwrap_or(1).max(1) as f32 * lead + 2.0 * pad
        };
        let head_h = head_lines.as_deref().map_or(0.0, row_h);
        self.y -= 3.0;
        // A short table is kept on one page.
        let all: f32 = head_h + rows.iter().map(|r| row_h(&cells(self, r))).sum::<f32>();
        if all < (PAGE_H - 2.0 * MARGIN - FOOTER) / 3.0 {
            self.ensure(all);
        }
        let mut first = true;
        for row in rows {
            let lines = cells(self, row);
            let h = row_h(&lines);
            let page_before = self.pages.len();
            self.ensure(h + if first { head_h } else { 0.0 });
            if first || self.pages.len() != page_before {
                if let Some(head) = &head_lines {
                    draw_row(self, head, true);
                }
            }
            first = false;
            draw_row(self, &lines, false);
        }
        if rows.is_empty() {
            if let Some(head) = &head_lines {
                self.ensure(head_h);
                draw_row(self, head, true);
            }
        }
        self.y -= 6.0;
    }

    /// Values as tiles, side by side and wrapping: the name small above,
    /// the value large below. False, and nothing drawn, when a name or a
    /// value would not fit on one line of a tile.
    fn tiles(&mut self, values: &[(String, String)]) -> bool {
        let (name_size, value_size, pad, gap) = (8.5, 15.0, 6.0, 8.0);
        let fits = values.iter().all(|(name, value)| {
            self.width(&clean(name), name_size) + 2.0 * pad <= CONTENT_W
                && self.width(&clean(value), value_size) + 2.0 * pad <= CONTENT_W
        });
        if !fits {
            return false;
        }
        let h = name_size * 1.4 + value_size * 1.3 + 2.0 * pad;
        let mut x = MARGIN;
        self.ensure(h + gap);
        self.y -= 4.0;
        for (name, value) in values {
            let name = clean(name);
            let value = clean(value);
            let w = (self
                .width(&name, name_size)
                .max(self.width(&value, value_size))
                + 2.0 * pad)
                .clamp(80.0, CONTENT_W);
            if x > MARGIN && x + w > MARGIN + CONTENT_W {
                x = MARGIN;
                self.y -= h + gap;
                self.ensure(h + gap);
            }
            self.rect(x, self.y - h, w, h, None, Some(RULE));
            let name_line = self.wrap(&name, name_size, w - 2.0 * pad).remove(0);
            let value_line = self.wrap(&value, value_size, w - 2.0 * pad).remove(0);
            self.text_at(
                x + pad,
                self.y - pad - name_size,
                name_size,
                MUTED,
                false,
                &name_line,
            );
            self.text_at(
                x + pad,
                self.y - h + pad + value_size * 0.25,
                value_size,
                BLACK,
                true,
                &value_line,
            );
            x += w + gap;
        }
        self.y -= h + gap;
        true
    }

    /// An image as wide as the text, or less so that it is no higher than
    /// `max_h`.
    fn image_fitted(&mut self, index: usize, width: u32, height: u32, max_h: f32) {
        let ratio = height as f32 / width.max(1) as f32;
        let w = CONTENT_W.min(max_h / ratio.max(f32::EPSILON));
        self.place_image(index, w, w * ratio);
    }

    /// An image as wide as the text (the frozen layout 1 computes its height
    /// this way; kept apart from `image_fitted` so its bytes never change).
    fn image(&mut self, index: usize, width: u32, height: u32) {
        let w = CONTENT_W;
        self.place_image(index, w, w * height as f32 / width.max(1) as f32);
    }

    /// Draws image `index` at `w` × `h` below the text, framed.
    fn place_image(&mut self, index: usize, w: f32, h: f32) {
        self.ensure(h + 8.0);
        self.y -= h + 4.0;
        let op = format!(
            "q {} 0 0 {} {} {} cm /Im{} Do Q\n",
            num(w),
            num(h),
            num(MARGIN),
            num(self.y),
            index + 1
        );
        self.page().content.push_str(&op);
        self.rect(MARGIN, self.y, w, h, None, Some(RULE));
        self.y -= 4.0;
    }
}

/// The cells of a result table as people write them (a year column not
/// grouped).
fn table_rows(table: &RawTable, lang: Lang) -> (Vec<String>, Vec<Vec<String>>) {
    let years: Vec<bool> = table
        .columns
        .iter()
        .map(|c| human::is_year_column(c))
        .collect();
    let rows = table
        .rows
        .iter()
        .take(MAX_ROWS_SHOWN)
        .map(|r| {
            r.iter()
                .enumerate()
                .map(|(i, v)| human::cell(v, lang, years.get(i).copied().unwrap_or(false)))
                .collect()
        })
        .collect();
    (table.columns.clone(), rows)
}

/// Room to keep a short table with its title (one line per row, at least).
fn short_table_room(table: &RawTable) -> f32 {
    let rows = table.rows.len();
    if rows <= 10 {
        50.0 + (rows + 1) as f32 * 16.5
    } else {
        0.0
    }
}

fn result_table(l: &mut Layout, table: &RawTable, w: &Words, lang: Lang) {
    let (header, rows) = table_rows(table, lang);
    // A column of numbers (empty cells aside) is aligned right.
    let right: Vec<bool> = (0..table.columns.len())
        .map(|i| {
            let mut cells = table.rows.iter().filter_map(|r| r.get(i));
            cells.clone().any(|v| matches!(v, RawValue::Number(_)))
                && cells.all(|v| {
                    matches!(
                        v,
                        RawValue::Number(_) | RawValue::Null | RawValue::NonFinite { .. }
                    )
                })
        })
        .collect();
    l.ensure(short_table_room(table));
    l.heading(&table.name, 3);
    l.table_aligned(Some(&header), &rows, false, &right);
    let total = table.total_rows as usize;
    if total > MAX_ROWS_SHOWN {
        l.paragraph(
            &format!(
                "+{} {}",
                human::number((total - MAX_ROWS_SHOWN) as f64, lang),
                w.more_rows
            ),
            8.0,
            MUTED,
        );
    }
}

/// Lays out the pages: the same sections, in the same order, as the HTML
/// page: the answer first, then the evidence (from a new page when the
/// answer fits on the first).
fn lay_out(l: &mut Layout, m: &Manifest, images: &[Option<PlacedImage>], fingerprint: &str) {
    let w = Words::of(m.lang);
    let files: Vec<&str> = m.inputs.iter().map(|i| i.name.as_str()).collect();
    let mut meta = format!("{} · {}", w.title, human::when(&m.finished_at));
    if !files.is_empty() {
        meta.push_str(&format!(" · {} {}", w.files_label, files.join(", ")));
    }
    l.paragraph(&meta, 8.5, MUTED);
    l.paragraph(w.goal, 8.5, MUTED);
    l.heading(&m.goal, 1);
    answer(l, m, w);
    if let Some(reading) = &m.interpretation {
        l.paragraph(&format!("{} {}", w.read_as, reading.sentence), 10.0, BLACK);
        for a in &reading.assumptions {
            l.paragraph(&format!("{} {}", w.assumed, a.text), 10.0, BLACK);
        }
    }
    charts(l, m, images, w);
    let explanation = or_empty(m.explanation.as_ref());
    if !explanation.is_empty() {
        l.heading(w.explanation, 2);
        l.paragraph(explanation, 10.0, BLACK);
    }
    let (_internal, shown) = m.split_tables();
    if let Some(first) = shown.first() {
        l.ensure(short_table_room(first) + 40.0);
        l.heading(w.tables, 2);
        for t in shown {
            result_table(l, t, w, m.lang);
        }
    }
    let notes = m.result.notes.as_deref().unwrap_or_default();
    if !notes.is_empty() {
        l.heading(w.notes, 3);
        for n in notes {
            l.paragraph(&format!("• {n}"), 9.0, BLACK);
        }
    }

    // The evidence starts a page of its own after a one-page answer (a
    // longer answer is followed at once, so no page is left nearly blank).
    if l.pages.len() == 1 {
        l.new_page();
    }
    l.heading(w.evidence, 2);
    l.paragraph(w.evidence_intro, 9.0, MUTED);
    inputs(l, m, w);
    code(l, m, w);
    printed(l, m, w);
    attempts(l, m, w);
    // The sandbox's heading is kept with its table.
    l.ensure(170.0);
    l.heading(w.sandbox, 3);
    let rows: Vec<Vec<String>> = words::sandbox_rows(m, w)
        .into_iter()
        .map(|(label, value)| vec![label, value])
        .collect();
    l.table(None, &rows, true);
    l.heading(w.signature, 3);
    l.paragraph(&format!("{} {fingerprint}.", w.signed_with), 9.5, BLACK);
    l.paragraph(w.attached, 8.5, MUTED);
    l.heading(w.record, 3);
    l.paragraph(
        &format!(
            "{} {} · {} · Glovebox {} · {} #{} {}",
            w.run,
            m.run_id,
            human::span(&m.started_at, &m.finished_at),
            m.app_version,
            w.audit_entry,
            m.audit.run_last_entry_seq,
            m.audit.run_last_entry_hash,
        ),
        8.5,
        MUTED,
    );
}

/// The answer's values as tiles (name above, value below), or why there
/// is none.
fn answer(l: &mut Layout, m: &Manifest, w: &Words) {
    if m.status != ManifestStatus::Answered {
        l.heading(w.stopped, 2);
        l.paragraph(or_empty(m.stop_reason.as_ref()), 13.0, STOPPED);
        return;
    }
    l.heading(w.answer, 2);
    let values = words::answer_values(m);
    if values.is_empty() {
        l.paragraph(
            m.answer.as_ref().map_or("", |a| a.text.as_str()),
            15.0,
            BLACK,
        );
        return;
    }
    if !l.tiles(&values) {
        // Too long for a tile: one paragraph per value, nothing cut.
        for (name, value) in &values {
            l.paragraph(name, 9.0, MUTED);
            l.paragraph(value, 13.0, BLACK);
        }
    }
    if let Some(tie) = words::tie_sentence(m, w) {
        l.paragraph(&tie, 10.5, BLACK);
    }
}

/// What the code printed, one line per line (long lines wrapped), and
/// whether it is only the start of it.
fn printed(l: &mut Layout, m: &Manifest, w: &Words) {
    let Some(printed) = &m.printed else {
        return;
    };
    l.heading(w.printed, 3);
    l.paragraph(w.printed_intro, 8.5, MUTED);
    let lines: Vec<(String, Rgb)> = printed
        .text
        .split('\n')
        .map(|s| (s.to_owned(), CODE_BG))
        .collect();
    l.pre(&lines);
    if printed.cut {
        l.paragraph(
            &format!(
                "{} {}.",
                w.printed_cut,
                human::memory(printed.total_bytes, m.lang)
            ),
            8.5,
            MUTED,
        );
    }
}

/// The charts: the recorded images, no higher than half a page.
fn charts(l: &mut Layout, m: &Manifest, images: &[Option<PlacedImage>], w: &Words) {
    if m.charts.is_empty() {
        return;
    }
    l.heading(w.charts, 2);
    for (i, chart) in m.charts.iter().enumerate() {
        match images.get(i).and_then(Option::as_ref) {
            Some(img) => l.image_fitted(i, img.width, img.height, MAX_CHART_H),
            None if chart.drawn_by_code => {
                l.paragraph(&format!("{} ({})", chart.title, w.svg_only), 10.0, MUTED);
            }
            None => l.paragraph(&chart.title, 10.0, MUTED),
        }
        if chart.drawn_by_code {
            l.paragraph(&format!("{} {}", w.drawn_by_code, chart.title), 9.0, MUTED);
        }
    }
}

/// The files read: name, size, rows, sha256; their columns below.
fn inputs(l: &mut Layout, m: &Manifest, w: &Words) {
    l.heading(w.inputs, 3);
    let header: Vec<String> = [w.file, w.size, w.rows, "sha256"]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    let rows: Vec<Vec<String>> = m
        .inputs
        .iter()
        .map(|input| {
            vec![
                input.name.clone(),
                human::memory(input.size_bytes, m.lang),
                human::number(input.row_count as f64, m.lang),
                input.sha256.clone(),
            ]
        })
        .collect();
    l.table_aligned(Some(&header), &rows, false, &[false, true, true, false]);
    for input in &m.inputs {
        l.paragraph(
            &format!(
                "{} — {}{} {}",
                input.name,
                w.columns,
                w.colon,
                words::columns_in_words(input, w)
            ),
            8.5,
            MUTED,
        );
    }
}

/// The code that ran, and its changes from the generated code.
fn code(l: &mut Layout, m: &Manifest, w: &Words) {
    let final_code = or_empty(m.final_code.as_ref());
    l.heading(
        if m.usage.is_some() {
            w.code
        } else {
            w.code_not_run
        },
        3,
    );
    let code: Vec<(String, Rgb)> = final_code
        .lines()
        .map(|s| (s.to_owned(), CODE_BG))
        .collect();
    l.pre(&code);
    let generated = or_empty(m.generated_code.as_ref());
    if !generated.is_empty() && generated != final_code {
        l.heading(w.changes, 3);
        let lines: Vec<(String, Rgb)> = match diff::lines(generated, final_code) {
            Some(lines) => lines
                .into_iter()
                .map(|d| match d {
                    DiffLine::Same(s) => (format!("  {s}"), CODE_BG),
                    DiffLine::Added(s) => (format!("+ {s}"), ADD_BG),
                    DiffLine::Removed(s) => (format!("- {s}"), DEL_BG),
                })
                .collect(),
            None => generated.lines().map(|s| (s.to_owned(), CODE_BG)).collect(),
        };
        l.pre(&lines);
    }
}

/// Each attempt in words: who wrote it, the check's verdict and findings,
/// its approval and failure.
fn attempts(l: &mut Layout, m: &Manifest, w: &Words) {
    l.heading(w.policy, 3);
    for a in &m.attempts {
        let origin = words::origin_words(a, w);
        let who = if origin.is_empty() {
            String::new()
        } else {
            format!(" ({origin})")
        };
        l.paragraph(
            &format!(
                "{} {}{who}{} {}",
                w.attempt,
                a.number,
                w.colon,
                words::verdict_words(a, w)
            ),
            9.5,
            BLACK,
        );
        for f in words::findings(a) {
            l.paragraph(
                &format!("• {} {}{} {}", w.line, f.line, w.colon, f.message),
                9.0,
                BLACK,
            );
        }
        if let Some(by) = words::approved_by(a) {
            l.paragraph(&format!("{} {by}", w.approved_by), 9.0, BLACK);
        }
        if let Some(reason) = words::failure(a) {
            l.paragraph(reason, 9.0, STOPPED);
        }
    }
}

/// `2026-11-29T17:38:40.900Z` as a PDF date.
fn pdf_date(at: &str) -> Option<Date> {
    let part = |r: Range<usize>| at.get(r).and_then(|s| s.parse::<u16>().ok());
    Some(
        Date::new(part(0..4)?)
            .month(u8::try_from(part(5..7)?).ok()?)
            .day(u8::try_from(part(8..10)?).ok()?)
            .hour(u8::try_from(part(11..13)?).ok()?)
            .minute(u8::try_from(part(14..16)?).ok()?)
            .second(u8::try_from(part(17..19)?).ok()?)
            .utc_offset_hour(0),
    )
}

/// The PDF as it is written: object ids handed out in order, and what
/// each byte range written holds.
struct Writer {
    pdf: Pdf,
    regions: Vec<(Range<usize>, Region)>,
    next: i32,
}

impl Writer {
    fn alloc(&mut self) -> Ref {
        self.next += 1;
        Ref::new(self.next)
    }

    /// Names the bytes written since `start`.
    fn written(&mut self, start: usize, what: String) {
        self.regions
            .push((start..self.pdf.len(), Region::Object(what)));
    }
}

/// The objects of the font.
struct FontIds {
    font: Ref,
    cid_font: Ref,
    descriptor: Ref,
    font_file: Ref,
    cmap: Ref,
}

/// The page layouts of a PDF report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PdfLayout {
    /// Layout 1 (`pdf/v1.rs`): reports exported before the answer-first layout,
    /// rendered again only to verify them.
    First,
    /// The answer first, then the evidence from a new page.
    AnswerFirst,
}

/// The signed PDF of `manifest`, with its signature block (see
/// [`super::sign`]) and the chart images (`pngs[i]` for `manifest.charts[i]`,
/// named there by `png_sha256`); the manifest's JSON is attached as it is.
pub fn render_signed(
    manifest: &Document,
    signature: &Value,
    pngs: &[Vec<u8>],
) -> Result<Rendered, PdfError> {
    render_signed_in(PdfLayout::AnswerFirst, manifest, signature, pngs)
}

/// [`render_signed`] in a given layout.
pub fn render_signed_in(
    page_layout: PdfLayout,
    manifest: &Document,
    signature: &Value,
    pngs: &[Vec<u8>],
) -> Result<Rendered, PdfError> {
    let _span = tracing::info_span!("report_pdf").entered();
    let m = manifest.manifest();
    let canonical = serde_json::to_string(manifest.json()).unwrap_or_default();
    let signature_json = serde_json::to_string(signature).unwrap_or_default();
    // The signature block is not the manifest: a small JSON object read by name.
    let fingerprint = text(&signature["fingerprint"]);
    let chart_pngs = chart_images(m, pngs);
    let mut images = Vec::new();
    for (i, png) in chart_pngs.iter().enumerate() {
        images.push(png.map(|p| place_png(p, i + 1)).transpose()?);
    }

    let mut layout = Layout::new()?;
    match page_layout {
        PdfLayout::First => v1::lay_out(&mut layout, m, &images, &fingerprint),
        PdfLayout::AnswerFirst => lay_out(&mut layout, m, &images, &fingerprint),
    }
    let w = Words::of(m.lang);
    let count = layout.pages.len();
    for n in 0..count {
        let footer = format!("{} · {} · {}/{}", w.title, m.run_id, n + 1, count);
        layout.on = n;
        layout.text_at(MARGIN, MARGIN - 10.0, 7.0, MUTED, false, &footer);
    }

    let mut out = Writer {
        pdf: Pdf::new(),
        regions: Vec::new(),
        next: 0,
    };
    // The attachments first, in a fixed order: `attachments` reads them back.
    let mut files: Vec<Attachment<'_>> = vec![
        (MANIFEST_FILE.into(), out.alloc(), canonical.as_bytes(), b"application/json", "the signed manifest of this report (canonical JSON)"),
        (SIGNATURE_FILE.into(), out.alloc(), signature_json.as_bytes(), b"application/json", "the Ed25519 signature of glovebox-manifest.json, with the public key and its fingerprint"),
    ];
    for (i, png) in chart_pngs.iter().enumerate() {
        if let Some(png) = png {
            files.push((
                format!("chart-{}.png", i + 1),
                out.alloc(),
                png,
                b"image/png",
                "a chart of this report, as drawn by Glovebox",
            ));
        }
    }
    let specs = write_attachments(&mut out, &files);

    let catalog = out.alloc();
    let tree = out.alloc();
    let font = FontIds {
        font: out.alloc(),
        cid_font: out.alloc(),
        descriptor: out.alloc(),
        font_file: out.alloc(),
        cmap: out.alloc(),
    };
    let info = out.alloc();
    let page_ids: Vec<(Ref, Ref)> = (0..count).map(|_| (out.alloc(), out.alloc())).collect();
    let image_ids: Vec<Option<Ref>> = images
        .iter()
        .map(|i| i.as_ref().map(|_| out.alloc()))
        .collect();

    {
        let mut c = out.pdf.catalog(catalog);
        c.pages(tree);
        let mut names = c.names();
        let mut embedded = names.embedded_files();
        let mut entries = embedded.names();
        for (name, spec) in &specs {
            entries.insert(Str(name.as_bytes()), *spec);
        }
    }
    out.pdf
        .pages(tree)
        .kids(page_ids.iter().map(|(p, _)| *p))
        .count(i32::try_from(count).unwrap_or(i32::MAX));
    write_pages(&mut out, &layout, tree, font.font, &page_ids, &image_ids);
    write_images(&mut out, &images, &image_ids);
    write_font(&mut out, &layout, &font)?;

    let start = out.pdf.len();
    let title = format!("{} — {}", w.title, m.goal);
    let subject = format!("{}; signed by key {fingerprint}", w.title);
    let creator = format!("Glovebox {}", m.app_version);
    let mut doc = out.pdf.document_info(info);
    doc.title(TextStr(&title))
        .subject(TextStr(&subject))
        .creator(TextStr(&creator))
        .producer(TextStr(&creator));
    if let Some(date) = pdf_date(&m.finished_at) {
        doc.creation_date(date);
    }
    doc.finish();
    out.written(start, "the document information".into());

    Ok(Rendered {
        bytes: out.pdf.finish(),
        regions: out.regions,
        glyph_text: layout.glyph_text,
    })
}

/// The embedded files, then their file specifications; the names and
/// specifications, sorted by name, for the catalog.
fn write_attachments(out: &mut Writer, files: &[Attachment<'_>]) -> Vec<(String, Ref)> {
    for (name, id, bytes, mime, _) in files {
        let start = out.pdf.len();
        let mut subtype = Vec::new();
        for &b in *mime {
            if b == b'/' {
                subtype.extend_from_slice(b"#2F");
            } else {
                subtype.push(b);
            }
        }
        let mut file = out.pdf.embedded_file(*id, bytes);
        file.subtype(Name(&subtype));
        file.params()
            .size(i32::try_from(bytes.len()).unwrap_or(i32::MAX));
        file.finish();
        out.written(start, format!("the attachment {name}"));
    }
    let mut specs = Vec::new();
    for (name, id, _, _, description) in files {
        let spec = out.alloc();
        out.pdf
            .file_spec(spec)
            .path(Str(name.as_bytes()))
            .unic_file(TextStr(name))
            .description(TextStr(description))
            .embedded_file(*id);
        specs.push((name.clone(), spec));
    }
    specs.sort();
    specs
}

/// Each page and its content stream, the text runs of which are named.
fn write_pages(
    out: &mut Writer,
    layout: &Layout,
    tree: Ref,
    font: Ref,
    page_ids: &[(Ref, Ref)],
    image_ids: &[Option<Ref>],
) {
    for (n, (page_id, content_id)) in page_ids.iter().enumerate() {
        let start = out.pdf.len();
        let mut page = out.pdf.page(*page_id);
        page.media_box(Rect::new(0.0, 0.0, PAGE_W, PAGE_H))
            .parent(tree)
            .contents(*content_id);
        let mut resources = page.resources();
        resources.fonts().pair(Name(b"F1"), font);
        let mut xobjects = resources.x_objects();
        for (i, id) in image_ids.iter().enumerate() {
            if let Some(id) = id {
                xobjects.pair(Name(format!("Im{}", i + 1).as_bytes()), *id);
            }
        }
        xobjects.finish();
        resources.finish();
        page.finish();
        out.written(start, format!("page {}", n + 1));
        let content = &layout.pages[n];
        let start = out.pdf.len();
        out.pdf.stream(*content_id, content.content.as_bytes());
        let end = out.pdf.len();
        out.written(start, format!("the text and drawing of page {}", n + 1));
        if let Some(at) = find(&out.pdf.as_bytes()[start..end], b"stream\n", 0) {
            let data = start + at + b"stream\n".len();
            for (range, text) in &content.runs {
                out.regions.push((
                    data + range.start..data + range.end,
                    Region::Text {
                        page: n + 1,
                        text: text.clone(),
                    },
                ));
            }
        }
    }
}

/// The chart images, as image XObjects.
fn write_images(out: &mut Writer, images: &[Option<PlacedImage>], image_ids: &[Option<Ref>]) {
    for (i, (img, id)) in images.iter().zip(image_ids).enumerate() {
        let (Some(img), Some(id)) = (img, id) else {
            continue;
        };
        let start = out.pdf.len();
        let mut x = out.pdf.image_xobject(*id, &img.data);
        x.filter(Filter::FlateDecode);
        x.width(i32::try_from(img.width).unwrap_or(i32::MAX));
        x.height(i32::try_from(img.height).unwrap_or(i32::MAX));
        x.bits_per_component(8);
        if img.colors == 3 {
            x.color_space().device_rgb();
        } else {
            x.color_space().device_gray();
        }
        if img.passthrough {
            x.decode_parms()
                .predictor(pdf_writer::types::Predictor::PngOptimum)
                .colors(img.colors)
                .bits_per_component(8)
                .columns(i32::try_from(img.width).unwrap_or(i32::MAX));
        }
        x.finish();
        out.written(start, format!("the image of chart {}", i + 1));
    }
}

/// The font: a subset of the glyphs used, addressed by their new ids.
fn write_font(out: &mut Writer, layout: &Layout, ids: &FontIds) -> Result<(), PdfError> {
    let subset =
        subsetter::subset(FONT, 0, &layout.remap).map_err(|e| PdfError::Subset(e.to_string()))?;
    let tag: String = Sha256::digest(&subset)
        .iter()
        .take(6)
        .map(|b| char::from(b'A' + b % 26))
        .collect();
    let base = format!("{tag}+DejaVuSans");
    let face = &layout.face;
    let scale = |v: i16| f32::from(v) * 1000.0 / layout.upem;
    let bbox = face.global_bounding_box();
    let start = out.pdf.len();
    let pdf = &mut out.pdf;
    pdf.type0_font(ids.font)
        .base_font(Name(base.as_bytes()))
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(ids.cid_font)
        .to_unicode(ids.cmap);
    let system = SystemInfo {
        registry: Str(b"Adobe"),
        ordering: Str(b"Identity"),
        supplement: 0,
    };
    let glyphs = layout.remap.num_gids();
    let widths: Vec<f32> = (0..glyphs)
        .map(|g| layout.widths.get(&g).copied().unwrap_or(0.0))
        .collect();
    let mut cid = pdf.cid_font(ids.cid_font);
    cid.subtype(CidFontType::Type2)
        .base_font(Name(base.as_bytes()))
        .system_info(system)
        .font_descriptor(ids.descriptor)
        .default_width(0.0)
        .cid_to_gid_map_predefined(Name(b"Identity"));
    cid.widths().consecutive(0, widths);
    cid.finish();
    pdf.font_descriptor(ids.descriptor)
        .name(Name(base.as_bytes()))
        .flags(FontFlags::SYMBOLIC)
        .bbox(Rect::new(
            scale(bbox.x_min),
            scale(bbox.y_min),
            scale(bbox.x_max),
            scale(bbox.y_max),
        ))
        .italic_angle(0.0)
        .ascent(scale(face.ascender()))
        .descent(scale(face.descender()))
        .cap_height(scale(face.capital_height().unwrap_or(face.ascender())))
        .stem_v(80.0)
        .font_file2(ids.font_file);
    let compressed = deflate(&subset);
    pdf.stream(ids.font_file, &compressed)
        .filter(Filter::FlateDecode)
        .pair(
            Name(b"Length1"),
            i32::try_from(subset.len()).unwrap_or(i32::MAX),
        );
    let mut unicode = UnicodeCmap::new(Name(b"Glovebox-UTF16"), system);
    for (&g, &c) in &layout.glyph_text {
        unicode.pair(g, c);
    }
    pdf.cmap(ids.cmap, &unicode.finish());
    out.written(start, "the embedded font".into());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::sign::{self, Signer};

    fn reports() -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/reports")
    }

    /// The sample run of `tests/reports/` (a real French run and its chart).
    fn sample() -> (Document, Vec<Vec<u8>>) {
        let manifest: Value = serde_json::from_str(
            &std::fs::read_to_string(reports().join("sample-manifest.json")).expect("manifest"),
        )
        .expect("json");
        let png = std::fs::read(reports().join("sample-chart-1.png")).expect("png");
        (Document::read(manifest).expect("a manifest"), vec![png])
    }

    fn signed() -> (Rendered, VerifyingKey) {
        let (manifest, pngs) = sample();
        let signer = Signer::from_seed([7; 32]);
        let block = signer.sign(manifest.json());
        let key = sign::parse_public_key(block["public_key"].as_str().expect("key")).expect("key");
        (render_signed(&manifest, &block, &pngs).expect("pdf"), key)
    }

    use ed25519_dalek::VerifyingKey;

    /// A text run of the rendering, found by its text.
    fn run_of(r: &Rendered, wanted: &str) -> Range<usize> {
        r.regions
            .iter()
            .find_map(|(range, region)| match region {
                Region::Text { text, .. } if text == wanted => Some(range.clone()),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no text run {wanted:?}"))
    }

    fn glyph_hex(r: &Rendered, c: char) -> String {
        let g = r
            .glyph_text
            .iter()
            .find(|(_, &t)| t == c)
            .map(|(g, _)| *g)
            .expect("glyph");
        format!("{g:04X}")
    }

    /// The sample report as a PDF: deterministic, so the file is a snapshot
    /// (`UPDATE_EXPECT=1` rewrites it); it verifies and reads back.
    #[test]
    fn sample_pdf_snapshot() {
        let (r, key) = signed();
        let path = reports().join("sample-report.pdf");
        if std::env::var_os("UPDATE_EXPECT").is_some() {
            std::fs::write(&path, &r.bytes).expect("write snapshot");
        }
        let snapshot = std::fs::read(&path).expect("snapshot");
        assert!(
            snapshot == r.bytes,
            "the sample PDF changed: rerun with UPDATE_EXPECT=1 and review it"
        );
        let v = sign::verify_pdf(&snapshot, Some(&key));
        assert!(v.valid && v.signer_confirmed, "{:?}", v.problems);
        let (manifest, pngs) = sample();
        let attached = attachments(&snapshot);
        assert_eq!(attached.len(), 3);
        assert_eq!(
            attached[0],
            serde_json::to_vec(manifest.json()).expect("json")
        );
        assert_eq!(attached[2], pngs[0]);
    }

    /// A PDF exported before the answer-first layout (layout 1, kept as
    /// `tests/reports/sample-report-layout1.pdf`) still verifies; a changed
    /// byte in it is still found.
    #[test]
    fn a_layout_1_pdf_still_verifies() {
        let (_, key) = signed();
        let old = std::fs::read(reports().join("sample-report-layout1.pdf")).expect("pdf");
        let v = sign::verify_pdf(&old, Some(&key));
        assert!(v.valid && v.signer_confirmed, "{:?}", v.problems);
        let mut changed = old.clone();
        let at = find(&old, b"/Title <FEFF", 0).expect("title") + 14;
        changed[at] = if changed[at] == b'0' { b'1' } else { b'0' };
        assert!(!sign::verify_pdf(&changed, Some(&key)).valid);
    }

    /// A byte changed in the manifest, a table cell, the chart (its image
    /// on the page and its attached PNG), the signature, the metadata or
    /// the font: each is found, with a reason.
    #[test]
    fn every_pdf_mutation_is_detected() {
        let (r, key) = signed();
        let pdf = &r.bytes;
        let at = |needle: &[u8]| find(pdf, needle, 0).expect("needle");
        let flip = |i: usize| {
            let mut m = pdf.clone();
            m[i] = if m[i] == b'0' { b'1' } else { b'0' };
            m
        };
        let cell = run_of(&r, "27,4");
        let mut table = pdf.clone();
        let (two, nine) = (glyph_hex(&r, '2'), glyph_hex(&r, '9'));
        assert_eq!(&pdf[cell.start + 1..cell.start + 5], two.as_bytes());
        table[cell.start + 1..cell.start + 5].copy_from_slice(nine.as_bytes());
        let image = at(b"/Subtype /Image");
        let image_data = image + find(&pdf[image..], b"stream\n", 0).expect("stream") + 200;
        let font = at(b"/Length1");
        let font_data = font + find(&pdf[font..], b"stream\n", 0).expect("stream") + 100;
        let mutations = vec![
            ("manifest", flip(at(b"\"sha256\":\"e29") + 12)),
            ("table cell", table.clone()),
            ("chart on the page", flip(image_data)),
            ("attached chart", flip(at(b"\x89PNG") + 300)),
            ("signature", flip(at(b"\"signature\":\"") + 13)),
            ("title", flip(at(b"/Title <FEFF") + 14)),
            ("font", flip(font_data)),
            ("truncated", pdf[..pdf.len() - 10].to_vec()),
        ];
        for (what, mutated) in mutations {
            assert_ne!(&mutated, pdf, "{what}: the mutation changed nothing");
            let v = sign::verify_pdf(&mutated, Some(&key));
            assert!(!v.valid, "{what}: not detected");
            assert!(!v.problems.is_empty(), "{what}: no reason given");
        }
        // The changed cell is named with the page and both texts.
        let v = sign::verify_pdf(&table, Some(&key));
        assert_eq!(
            v.problems,
            ["the visible report differs from the signed manifest (page 2: the signed manifest gives \"27,4\" where the file has \"97,4\")"]
        );
    }

    /// What the code printed is laid out after the code, as text, long
    /// lines wrapped; the report verifies and a changed printed character
    /// is found.
    #[test]
    fn what_the_code_printed_is_on_the_page_and_signed() {
        let (manifest, pngs) = sample();
        let mut json = manifest.json().clone();
        json["glovebox_report"] = serde_json::json!(2);
        let long = "x".repeat(300);
        json["printed"] = serde_json::json!({"text": format!("<script>alert(1)</script>\nsum: 6109.2\n{long}"),
            "total_bytes": 9_000_000, "cut": true});
        let doc = Document::read(json).expect("a manifest");
        let signer = Signer::from_seed([7; 32]);
        let block = signer.sign(doc.json());
        let r = render_signed(&doc, &block, &pngs).expect("pdf");
        let texts: Vec<&str> = r
            .regions
            .iter()
            .filter_map(|(_, region)| match region {
                Region::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        let at = |t: &str| {
            texts
                .iter()
                .position(|x| *x == t)
                .unwrap_or_else(|| panic!("{t}"))
        };
        assert!(at("Ce que le code a affiché") < at("<script>alert(1)</script>"));
        assert!(at("Code exécuté") < at("Ce que le code a affiché"));
        let xs: Vec<&&str> = texts
            .iter()
            .filter(|t| t.chars().all(|c| c == 'x'))
            .collect();
        assert!(xs.len() >= 2, "a long line is wrapped, not cut");
        assert_eq!(xs.iter().map(|t| t.len()).sum::<usize>(), 300);
        // 9,000,000 bytes are 8.6 MiB.
        assert!(
            texts.join(" ").contains("le code a affiché 8,6 Mio."),
            "{texts:?}"
        );
        let key = sign::parse_public_key(block["public_key"].as_str().expect("key")).expect("key");
        let v = sign::verify_pdf(&r.bytes, Some(&key));
        assert!(v.valid, "{:?}", v.problems);
        let run = run_of(&r, "sum: 6109.2");
        let mut changed = r.bytes.clone();
        let (six, nine) = (glyph_hex(&r, '6'), glyph_hex(&r, '9'));
        let first_six = run.start + 1 + 4 * 5;
        assert_eq!(&r.bytes[first_six..first_six + 4], six.as_bytes());
        changed[first_six..first_six + 4].copy_from_slice(nine.as_bytes());
        let v = sign::verify_pdf(&changed, Some(&key));
        assert!(!v.valid);
        assert!(v.problems[0].contains("sum: 6109.2"), "{:?}", v.problems);
    }

    #[test]
    fn text_is_wrapped_within_the_page() {
        let l = Layout::new().expect("layout");
        let long = "a".repeat(400);
        for line in l.wrap(&format!("short words then {long}"), 10.0, CONTENT_W) {
            assert!(l.width(&line, 10.0) <= CONTENT_W + 0.01, "{line}");
        }
        assert_eq!(l.wrap("one\ntwo", 10.0, CONTENT_W), ["one", "two"]);
    }

    /// Short values are tiles; a value too long for one line of a tile is
    /// not cut: the answer falls back to paragraphs, every word kept.
    #[test]
    fn a_long_answer_is_never_cut_into_a_tile() {
        let mut l = Layout::new().expect("layout");
        let short = [("total (North)".to_owned(), "6,109.2".to_owned())];
        assert!(l.tiles(&short));
        let long_value = "Pen, Notebook, Stapler, ".repeat(12);
        let long = [("best sellers".to_owned(), long_value.clone())];
        let before = l.pages[0].runs.len();
        assert!(!l.tiles(&long));
        assert_eq!(l.pages[0].runs.len(), before, "nothing drawn");
        let (manifest, pngs) = sample();
        let mut json = manifest.json().clone();
        json["answer"]["items"] =
            serde_json::json!([{"name": "best sellers", "value": long_value}]);
        let doc = Document::read(json).expect("a manifest");
        let r = render_signed(&doc, &serde_json::json!({"fingerprint": "ab"}), &pngs).expect("pdf");
        let shown: String = r
            .regions
            .iter()
            .filter_map(|(_, region)| match region {
                Region::Text { page: 1, text } => Some(format!("{text} ")),
                _ => None,
            })
            .collect();
        assert!(shown.contains("best sellers"), "{shown}");
        assert_eq!(shown.matches("Stapler").count(), 12, "{shown}");
    }

    #[test]
    fn a_pdf_without_attachments_holds_none() {
        assert!(attachments(b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n").is_empty());
        assert!(attachments(b"").is_empty());
    }
}
