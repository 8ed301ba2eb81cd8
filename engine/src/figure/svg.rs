//! An SVG figure parsed and written again from an allowlist: drawing
//! elements and presentation attributes only. What can run, fetch or embed
//! another document never reaches the output — no `script`,
//! `foreignObject`, `a`, animation or filter image, no event handler, no
//! link but a `#fragment` (and, on `image`, a `data:image/png` URI), no
//! `url()` but `url(#fragment)`, no `@import` — and a document type that
//! declares entities is refused, so nothing is expanded. Namespaces are
//! dropped and declared once again on the root, so every kept element is
//! an SVG element whatever prefixes the input bound.

use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};

use super::FigureProblem;

/// The deepest nesting kept (matplotlib's figures nest about six deep).
pub const MAX_SVG_DEPTH: usize = 64;
/// The most elements a figure may hold (a scatter of 50,000 points fits).
pub const MAX_SVG_ELEMENTS: usize = 100_000;

const SVG_NS: &str = "http://www.w3.org/2000/svg";
const XLINK_NS: &str = "http://www.w3.org/1999/xlink";

/// Elements kept, by local name (SVG's drawing and structure elements).
const ELEMENTS: &[&str] = &[
    "svg",
    "g",
    "defs",
    "desc",
    "title",
    "path",
    "rect",
    "circle",
    "ellipse",
    "line",
    "polyline",
    "polygon",
    "text",
    "tspan",
    "clipPath",
    "mask",
    "marker",
    "pattern",
    "symbol",
    "use",
    "image",
    "linearGradient",
    "radialGradient",
    "stop",
    "style",
];

/// Attributes kept (geometry and presentation), besides `href`.
const ATTRIBUTES: &[&str] = &[
    "id",
    "class",
    "d",
    "x",
    "y",
    "x1",
    "y1",
    "x2",
    "y2",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "fx",
    "fy",
    "width",
    "height",
    "viewBox",
    "preserveAspectRatio",
    "points",
    "transform",
    "fill",
    "fill-opacity",
    "fill-rule",
    "stroke",
    "stroke-width",
    "stroke-opacity",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-dasharray",
    "stroke-dashoffset",
    "stroke-miterlimit",
    "opacity",
    "clip-path",
    "clip-rule",
    "clipPathUnits",
    "mask",
    "maskUnits",
    "maskContentUnits",
    "font-family",
    "font-size",
    "font-weight",
    "font-style",
    "font-variant",
    "text-anchor",
    "dominant-baseline",
    "alignment-baseline",
    "baseline-shift",
    "letter-spacing",
    "word-spacing",
    "text-decoration",
    "dx",
    "dy",
    "rotate",
    "lengthAdjust",
    "textLength",
    "visibility",
    "display",
    "color",
    "overflow",
    "offset",
    "stop-color",
    "stop-opacity",
    "gradientUnits",
    "gradientTransform",
    "spreadMethod",
    "patternUnits",
    "patternContentUnits",
    "patternTransform",
    "markerWidth",
    "markerHeight",
    "markerUnits",
    "refX",
    "refY",
    "orient",
    "marker-start",
    "marker-mid",
    "marker-end",
    "style",
    "version",
    "vector-effect",
    "shape-rendering",
    "text-rendering",
    "image-rendering",
    "paint-order",
    "xml:space",
];

/// The PNG `data:` URI prefix an `image` may use.
const PNG_DATA: &str = "data:image/png;base64,";

/// One open element of the output: its name, or `None` when it is dropped
/// (with all it holds).
struct Open {
    name: Option<String>,
    style: Option<String>,
}

/// The figure written again from what the allowlist keeps.
pub(super) fn sanitise(text: &str) -> Result<String, FigureProblem> {
    let mut reader = Reader::from_str(text);
    let mut out = String::with_capacity(text.len());
    let mut open: Vec<Open> = Vec::new();
    let mut elements = 0usize;
    let mut closed_root = false;
    loop {
        let event = reader
            .read_event()
            .map_err(|e| FigureProblem::NotSvg(e.to_string()))?;
        // Inside a dropped element nothing is kept; a style sheet holds text only.
        let dropped = open.iter().any(|o| o.name.is_none()) || closed_root;
        let in_style = open.iter().any(|o| o.style.is_some());
        match event {
            Event::Start(_) | Event::Empty(_) if closed_root => {}
            Event::Start(e) => {
                elements += 1;
                check_size(elements, open.len() + 1)?;
                let name = if dropped || in_style {
                    None
                } else {
                    start(&e, open.is_empty())?
                };
                if let Some(n) = &name {
                    if n != "style" {
                        out.push_str(&tag(n, &e, open.is_empty())?);
                    }
                }
                let style = name
                    .as_deref()
                    .filter(|n| *n == "style")
                    .map(|_| String::new());
                open.push(Open { name, style });
            }
            Event::Empty(e) => {
                elements += 1;
                check_size(elements, open.len() + 1)?;
                if !dropped && !in_style {
                    if let Some(n) = start(&e, open.is_empty())? {
                        let mut t = tag(&n, &e, open.is_empty())?;
                        t.insert(t.len() - 1, '/');
                        out.push_str(&t);
                    }
                }
                closed_root |= open.is_empty();
            }
            Event::End(_) => {
                let Some(o) = open.pop() else { continue };
                match (o.name, o.style) {
                    (Some(_), Some(css)) if css_ok(&css) => {
                        out.push_str(&format!(
                            "<style type=\"text/css\">{}</style>",
                            escape(&css, false)
                        ));
                    }
                    (Some(n), None) => out.push_str(&format!("</{n}>")),
                    _ => {}
                }
                closed_root |= open.is_empty();
            }
            Event::Text(t) => text_into(&mut open, &mut out, dropped, &t.xml10_content()),
            Event::CData(c) => text_into(&mut open, &mut out, dropped, &c.xml10_content()),
            Event::GeneralRef(r) => {
                let resolved = match r.resolve_char_ref() {
                    Ok(Some(c)) => c.to_string(),
                    _ => quick_xml::escape::resolve_predefined_entity(&r.xml10_content())
                        .ok_or(FigureProblem::Entities)?
                        .to_owned(),
                };
                text_into(&mut open, &mut out, dropped, &resolved);
            }
            Event::DocType(d) if d.xml10_content().contains("ENTITY") => {
                return Err(FigureProblem::Entities)
            }
            Event::Eof => break,
            Event::Decl(_) | Event::PI(_) | Event::Comment(_) | Event::DocType(_) => {}
        }
    }
    if !closed_root || !out.starts_with("<svg") {
        return Err(FigureProblem::NotSvg("no <svg> document".into()));
    }
    Ok(out)
}

fn check_size(elements: usize, depth: usize) -> Result<(), FigureProblem> {
    if elements > MAX_SVG_ELEMENTS || depth > MAX_SVG_DEPTH {
        return Err(FigureProblem::SvgTooComplex);
    }
    Ok(())
}

/// The element's name when it is kept; the root must be `<svg>`.
fn start(e: &BytesStart<'_>, root: bool) -> Result<Option<String>, FigureProblem> {
    let name = e.name().as_ref().to_owned();
    if root && name != "svg" {
        return Err(FigureProblem::NotSvg(format!(
            "the document is <{name}>, not <svg>"
        )));
    }
    Ok(ELEMENTS.contains(&name.as_str()).then_some(name))
}

/// The start tag written again with the attributes kept (`<name …>`).
fn tag(name: &str, e: &BytesStart<'_>, root: bool) -> Result<String, FigureProblem> {
    let mut t = format!("<{name}");
    if root {
        t.push_str(&format!(" xmlns=\"{SVG_NS}\" xmlns:xlink=\"{XLINK_NS}\""));
    }
    for attr in e.attributes() {
        let attr = attr.map_err(|e| FigureProblem::NotSvg(e.to_string()))?;
        let key = attr.key.as_ref();
        let value = attr
            .normalized_value(XmlVersion::Implicit1_0)
            .map_err(|_| FigureProblem::Entities)?;
        let kept = match key {
            "href" | "xlink:href" => href_ok(name, &value).then_some("xlink:href"),
            "type" => (name == "style" && value == "text/css").then_some("type"),
            _ if ATTRIBUTES.contains(&key) && css_ok(&value) => Some(key),
            _ => None,
        };
        if let Some(k) = kept {
            t.push_str(&format!(" {k}=\"{}\"", escape(&value, true)));
        }
    }
    t.push('>');
    Ok(t)
}

/// A link that stays inside the figure: `#id`; on `image`, a PNG `data:` URI.
fn href_ok(element: &str, value: &str) -> bool {
    if let Some(id) = value.strip_prefix('#') {
        return !id.is_empty()
            && id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | ':'));
    }
    element == "image"
        && value.strip_prefix(PNG_DATA).is_some_and(|b64| {
            b64.chars().all(|c| {
                c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=' | ' ' | '\n' | '\r')
            })
        })
}

/// A value or style sheet that fetches nothing and hides nothing: no
/// escape, no at-rule, no `url()` but `url(#…)`, no `image-set`, `src()`,
/// `expression` or script URL.
pub(super) fn css_ok(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    if lower.contains('\\')
        || lower.contains('@')
        || ["image-set", "src(", "expression", "javascript:", "data:"]
            .iter()
            .any(|w| lower.contains(w))
    {
        return false;
    }
    lower.match_indices("url(").all(|(at, _)| {
        lower[at + 4..]
            .trim_start()
            .trim_start_matches(['"', '\''])
            .starts_with('#')
    })
}

/// Text of a kept element (a style sheet's text is held until its end).
fn text_into(open: &mut [Open], out: &mut String, dropped: bool, text: &str) {
    if dropped || open.is_empty() {
        return;
    }
    match open.last_mut().and_then(|o| o.style.as_mut()) {
        Some(css) => css.push_str(text),
        None => out.push_str(&escape(text, false)),
    }
}

fn escape(text: &str, attribute: bool) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' if attribute => s.push_str("&quot;"),
            _ => s.push(c),
        }
    }
    s
}
