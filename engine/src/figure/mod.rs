//! Figures the code drew: images it saved into `/output` (with
//! `plt.savefig`, or `plt.show()` and figures left open, which the runner
//! saves as PNG) become charts like the host's, after checks.
//!
//! A PNG is checked by its content (`bitmap::check`) and shown inside a
//! small SVG; an SVG is parsed and written again from an allowlist
//! (`svg::sanitise`); an SVG and a PNG of the same name are one figure
//! (the SVG shown, the PNG placed in PDF reports). Other images are not
//! shown, and a refused figure is said in plain words, in the goal's
//! language. Caps: [`MAX_FIGURES`], [`MAX_FIGURE_BYTES`],
//! [`MAX_FIGURES_TOTAL_BYTES`], [`MAX_FIGURE_SIDE`], [`MAX_FIGURE_PIXELS`].

mod bitmap;
mod svg;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

use glovebox_sandbox::OutputFile;

use crate::lang::Lang;

pub use svg::{MAX_SVG_DEPTH, MAX_SVG_ELEMENTS};

/// The `kind` of a chart the code drew.
pub const FIGURE_KIND: &str = "figure";
/// The most figures of one run shown (the others are said, not shown).
pub const MAX_FIGURES: usize = 8;
/// The largest figure file read (PNG or SVG).
pub const MAX_FIGURE_BYTES: u64 = 2 << 20;
/// The most bytes all figures of one run may keep in the log.
pub const MAX_FIGURES_TOTAL_BYTES: u64 = 8 << 20;
/// The widest or tallest PNG figure, in pixels.
pub const MAX_FIGURE_SIDE: u32 = 6000;
/// The most pixels of a PNG figure (12 megapixels: a 13 × 10 inch figure
/// at 300 dpi).
pub const MAX_FIGURE_PIXELS: u64 = 12_000_000;
/// The longest title taken from a file name, in characters.
const MAX_TITLE_CHARS: usize = 80;

/// A figure that passed the checks.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    /// From the file name (`sales_by_region.png` → `sales by region`).
    pub title: String,
    /// The file or files it came from (`fig.svg`, `fig.png`).
    pub files: String,
    /// The SVG shown (re-serialised, or a PNG inside an `<image>`).
    pub svg: String,
    /// The PNG image (empty when the code saved an SVG only).
    pub png: Vec<u8>,
}

/// A figure not shown: the file and why, in the goal's language.
#[derive(Debug, Clone, PartialEq)]
pub struct Refused {
    /// The file (or files) of `/output`.
    pub file: String,
    /// Why, in words.
    pub reason: String,
}

/// Why a figure is not shown.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FigureProblem {
    /// Its bytes are not a PNG image.
    #[error("not a PNG image")]
    NotPng,
    /// A PNG image that does not decode.
    #[error("a damaged PNG image")]
    Damaged,
    /// An animated PNG.
    #[error("an animated PNG")]
    Animated,
    /// Beyond the pixel caps.
    #[error("{width} × {height} pixels is larger than allowed")]
    TooManyPixels {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
    },
    /// A file beyond `MAX_FIGURE_BYTES`, or past the run's total.
    #[error("too large")]
    TooLarge,
    /// Not an SVG document Glovebox can read.
    #[error("not an SVG document Glovebox can read: {0}")]
    NotSvg(String),
    /// Declares or uses entities other than XML's own.
    #[error("declares entities")]
    Entities,
    /// Nested or long beyond the caps.
    #[error("too complex")]
    SvgTooComplex,
    /// An image format that is not shown.
    #[error("only PNG and SVG figures are shown")]
    Format,
    /// Past `MAX_FIGURES`.
    #[error("too many figures")]
    TooMany,
    /// The copy could not be read.
    #[error("cannot be read")]
    Unreadable,
}

impl FigureProblem {
    /// The problem said for people, in `lang`.
    pub fn say(&self, lang: Lang) -> String {
        use FigureProblem as P;
        use Lang::{En, Es, Fr};
        let mib = MAX_FIGURE_BYTES >> 20;
        match (self, lang) {
            (P::NotPng, En) => "its content is not a PNG image".into(),
            (P::NotPng, Fr) => "son contenu n'est pas une image PNG".into(),
            (P::NotPng, Es) => "su contenido no es una imagen PNG".into(),
            (P::Damaged, En) => "the PNG image is damaged".into(),
            (P::Damaged, Fr) => "l'image PNG est endommagée".into(),
            (P::Damaged, Es) => "la imagen PNG está dañada".into(),
            (P::Animated, En) => "animated images are not shown".into(),
            (P::Animated, Fr) => "les images animées ne sont pas affichées".into(),
            (P::Animated, Es) => "las imágenes animadas no se muestran".into(),
            (P::TooManyPixels { width, height }, En) => format!("{width} × {height} pixels is larger than the {MAX_FIGURE_SIDE} pixels a side and {} megapixels allowed", MAX_FIGURE_PIXELS / 1_000_000),
            (P::TooManyPixels { width, height }, Fr) => format!("{width} × {height} pixels dépasse les {MAX_FIGURE_SIDE} pixels de côté et {} mégapixels permis", MAX_FIGURE_PIXELS / 1_000_000),
            (P::TooManyPixels { width, height }, Es) => format!("{width} × {height} píxeles supera los {MAX_FIGURE_SIDE} píxeles por lado y {} megapíxeles permitidos", MAX_FIGURE_PIXELS / 1_000_000),
            (P::TooLarge, En) => format!("the file is larger than {mib} MB, or the run's figures together are too large"),
            (P::TooLarge, Fr) => format!("le fichier dépasse {mib} Mo, ou les figures de l'exécution sont trop lourdes ensemble"),
            (P::TooLarge, Es) => format!("el archivo supera {mib} MB, o las figuras de la ejecución juntas son demasiado grandes"),
            (P::NotSvg(why), En) => format!("it is not an SVG image Glovebox can read ({why})"),
            (P::NotSvg(why), Fr) => format!("ce n'est pas une image SVG que Glovebox sait lire ({why})"),
            (P::NotSvg(why), Es) => format!("no es una imagen SVG que Glovebox pueda leer ({why})"),
            (P::Entities, En) => "the SVG image declares entities, which are not read".into(),
            (P::Entities, Fr) => "l'image SVG déclare des entités, qui ne sont pas lues".into(),
            (P::Entities, Es) => "la imagen SVG declara entidades, que no se leen".into(),
            (P::SvgTooComplex, En) => format!("the SVG image has more than {MAX_SVG_ELEMENTS} elements or {MAX_SVG_DEPTH} levels"),
            (P::SvgTooComplex, Fr) => format!("l'image SVG a plus de {MAX_SVG_ELEMENTS} éléments ou {MAX_SVG_DEPTH} niveaux"),
            (P::SvgTooComplex, Es) => format!("la imagen SVG tiene más de {MAX_SVG_ELEMENTS} elementos o {MAX_SVG_DEPTH} niveles"),
            (P::Format, En) => "only PNG and SVG figures are shown".into(),
            (P::Format, Fr) => "seules les figures PNG et SVG sont affichées".into(),
            (P::Format, Es) => "solo se muestran las figuras PNG y SVG".into(),
            (P::TooMany, En) => format!("at most {MAX_FIGURES} figures are shown"),
            (P::TooMany, Fr) => format!("{MAX_FIGURES} figures au plus sont affichées"),
            (P::TooMany, Es) => format!("se muestran {MAX_FIGURES} figuras como máximo"),
            (P::Unreadable, En) => "its copy cannot be read".into(),
            (P::Unreadable, Fr) => "sa copie ne peut pas être lue".into(),
            (P::Unreadable, Es) => "su copia no se puede leer".into(),
        }
    }
}

/// The figure files of one name (`plots/fig`): its PNG and SVG, if any.
#[derive(Default)]
struct Group<'a> {
    png: Option<&'a OutputFile>,
    svg: Option<&'a OutputFile>,
}

/// Image extensions that are not shown (said, not silently skipped).
const OTHER_IMAGES: &[&str] = &["jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff"];

/// The figures among the files the code wrote, in name order, and those
/// refused with why (in `lang`); other files are not figures.
pub fn collect(files: &[OutputFile], lang: Lang) -> (Vec<Figure>, Vec<Refused>) {
    let _span = tracing::info_span!("figures", files = files.len()).entered();
    let mut groups: BTreeMap<&str, Group<'_>> = BTreeMap::new();
    let mut refused = Vec::new();
    for file in files {
        let (stem, ext) = split_extension(&file.name);
        match ext.to_ascii_lowercase().as_str() {
            "png" => groups.entry(stem).or_default().png = Some(file),
            "svg" => groups.entry(stem).or_default().svg = Some(file),
            e if OTHER_IMAGES.contains(&e) => {
                refused.push(refuse(&file.name, &FigureProblem::Format, lang))
            }
            _ => {}
        }
    }
    let mut figures = Vec::new();
    let mut budget = MAX_FIGURES_TOTAL_BYTES;
    for (stem, group) in groups {
        let names = [group.svg, group.png]
            .iter()
            .flatten()
            .map(|f| f.name.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        if figures.len() == MAX_FIGURES {
            refused.push(refuse(&names, &FigureProblem::TooMany, lang));
            continue;
        }
        match figure(stem, &group, &mut budget) {
            Ok((figure, png_problem)) => {
                if let (Some(p), Some(png)) = (png_problem, group.png) {
                    refused.push(refuse(&png.name, &p, lang));
                }
                figures.push(Figure {
                    files: names,
                    ..figure
                });
            }
            Err(p) => refused.push(refuse(&names, &p, lang)),
        }
    }
    (figures, refused)
}

fn refuse(file: &str, problem: &FigureProblem, lang: Lang) -> Refused {
    Refused {
        file: file.to_owned(),
        reason: format!("{file}: {}", problem.say(lang)),
    }
}

/// One figure from its files; a PNG beside an SVG that fails its checks is
/// returned as a problem while the SVG is still shown.
fn figure(
    stem: &str,
    group: &Group<'_>,
    budget: &mut u64,
) -> Result<(Figure, Option<FigureProblem>), FigureProblem> {
    let png = group.png.map(|f| -> Result<_, FigureProblem> {
        let bytes = read(f, budget)?;
        let size = bitmap::check(&bytes)?;
        Ok((bytes, size))
    });
    let (svg, png, png_problem) = match (group.svg, png) {
        (Some(svg_file), png) => {
            let text = String::from_utf8(read(svg_file, budget)?)
                .map_err(|_| FigureProblem::NotSvg("not UTF-8 text".into()))?;
            let svg = svg::sanitise(&text)?;
            match png {
                Some(Ok((bytes, _))) => (svg, bytes, None),
                Some(Err(p)) => (svg, Vec::new(), Some(p)),
                None => (svg, Vec::new(), None),
            }
        }
        (None, Some(png)) => {
            let (bytes, (w, h)) = png?;
            (bitmap::wrapped_in_svg(&bytes, w, h), bytes, None)
        }
        (None, None) => return Err(FigureProblem::Format),
    };
    let kept = (svg.len() + png.len()) as u64;
    if kept > *budget {
        return Err(FigureProblem::TooLarge);
    }
    *budget -= kept;
    let figure = Figure {
        title: title_of(stem),
        files: String::new(),
        svg,
        png,
    };
    Ok((figure, png_problem))
}

/// The copy's bytes, at most `MAX_FIGURE_BYTES`; never through a link.
fn read(file: &OutputFile, budget: &u64) -> Result<Vec<u8>, FigureProblem> {
    use std::os::unix::fs::OpenOptionsExt;
    if file.size_bytes > MAX_FIGURE_BYTES || file.size_bytes > *budget {
        return Err(FigureProblem::TooLarge);
    }
    let mut bytes = Vec::new();
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(&file.host_path)
        .and_then(|f| f.take(MAX_FIGURE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|_| FigureProblem::Unreadable)?;
    if bytes.len() as u64 > MAX_FIGURE_BYTES {
        return Err(FigureProblem::TooLarge);
    }
    Ok(bytes)
}

/// `plots/fig.png` → (`plots/fig`, `png`); no extension → (name, "").
fn split_extension(name: &str) -> (&str, &str) {
    match name.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() && !stem.ends_with('/') && !ext.contains('/') => {
            (stem, ext)
        }
        _ => (name, ""),
    }
}

/// A title from a file's stem: its last part, `_` and `-` as spaces.
fn title_of(stem: &str) -> String {
    let last = Path::new(stem)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let words = last.replace(['_', '-'], " ");
    let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
    let title: String = crate::terminal::line(&words)
        .chars()
        .take(MAX_TITLE_CHARS)
        .collect();
    if title.is_empty() {
        "figure".into()
    } else {
        title
    }
}
