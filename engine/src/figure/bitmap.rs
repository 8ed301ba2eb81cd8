//! A PNG figure checked by its content, not its name: the signature, the
//! header's dimensions against the caps before anything is decoded, then
//! every row decoded (one row in memory at a time), so a damaged or forged
//! image is refused rather than shown broken.

use std::io::Cursor;

use super::{FigureProblem, MAX_FIGURE_PIXELS, MAX_FIGURE_SIDE};

/// The eight bytes every PNG file starts with.
const SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";
/// The most the decoder may allocate for one figure (a row, its palette,
/// text chunks): well above any row of `MAX_FIGURE_SIDE` pixels.
const MAX_DECODE_BYTES: usize = 64 << 20;

/// Width and height of a PNG image that passes every check.
pub(super) fn check(bytes: &[u8]) -> Result<(u32, u32), FigureProblem> {
    let (width, height) = header_size(bytes)?;
    if width == 0
        || height == 0
        || width > MAX_FIGURE_SIDE
        || height > MAX_FIGURE_SIDE
        || u64::from(width) * u64::from(height) > MAX_FIGURE_PIXELS
    {
        return Err(FigureProblem::TooManyPixels { width, height });
    }
    let limits = png::Limits {
        bytes: MAX_DECODE_BYTES,
    };
    let decoder = png::Decoder::new_with_limits(Cursor::new(bytes), limits);
    let mut reader = decoder.read_info().map_err(|_| FigureProblem::Damaged)?;
    if reader.info().animation_control.is_some() {
        return Err(FigureProblem::Animated);
    }
    while reader
        .next_row()
        .map_err(|_| FigureProblem::Damaged)?
        .is_some()
    {}
    Ok((width, height))
}

/// The dimensions the header states, read before the decoder sees them.
fn header_size(bytes: &[u8]) -> Result<(u32, u32), FigureProblem> {
    if bytes.len() < 33 || &bytes[..8] != SIGNATURE || &bytes[12..16] != b"IHDR" {
        return Err(FigureProblem::NotPng);
    }
    let be = |b: &[u8]| u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
    Ok((be(&bytes[16..20]), be(&bytes[20..24])))
}

/// An SVG document that shows `png` at its size, so every view that shows
/// a chart's SVG shows a PNG figure too (the image is a `data:` URI).
pub(super) fn wrapped_in_svg(png: &[u8], width: u32, height: u32) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
         width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\
         <image width=\"{width}\" height=\"{height}\" xlink:href=\"data:image/png;base64,{}\"/></svg>",
        crate::base64::encode(png)
    )
}
