//! The checks on figures: real matplotlib output kept, hostile SVGs and
//! forged PNGs refused or cleaned, files paired, capped and said.

use std::path::{Path, PathBuf};

use glovebox_sandbox::OutputFile;

use super::*;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/figures")
        .join(name)
}

/// A `width` × `height` grey PNG made by the `png` crate.
fn png_of(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("header");
    writer
        .write_image_data(&vec![128u8; (width * height) as usize])
        .expect("data");
    writer.finish().expect("finish");
    out
}

/// A PNG whose header states `width` × `height` (the rest of a 1 × 1 image).
fn forged_png(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = png_of(1, 1);
    bytes[16..20].copy_from_slice(&width.to_be_bytes());
    bytes[20..24].copy_from_slice(&height.to_be_bytes());
    bytes
}

#[test]
fn a_real_matplotlib_svg_keeps_its_drawing_and_loses_its_metadata() {
    let text = std::fs::read_to_string(fixture("matplotlib-line.svg")).expect("fixture");
    let clean = svg::sanitise(&text).expect("sanitised");
    for kept in [
        "<svg xmlns=\"http://www.w3.org/2000/svg\"",
        "viewBox=\"0 0 460.8 345.6\"",
        "<style type=\"text/css\">*{stroke-linejoin: round; stroke-linecap: butt}</style>",
        "style=\"fill: #ffffff\"",
        "clip-path=\"url(#",
        "<use xlink:href=\"#",
    ] {
        assert!(clean.contains(kept), "{kept} is lost");
    }
    assert_eq!(
        clean.matches("<path").count(),
        text.matches("<path").count()
    );
    assert_eq!(
        clean.matches("<use ").count(),
        text.matches("<use ").count()
    );
    for gone in [
        "metadata",
        "rdf:",
        "dc:",
        "DOCTYPE",
        "http://purl.org",
        "svg11.dtd",
    ] {
        assert!(!clean.contains(gone), "{gone} is kept");
    }
    // What comes out is already clean: a second pass changes nothing.
    assert_eq!(svg::sanitise(&clean).expect("again"), clean);
}

#[test]
fn hostile_svgs_lose_what_runs_fetches_or_embeds() {
    let cases = [
        (
            "script",
            r#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><script><![CDATA[alert(2)]]></script><rect width="1" height="1"/></svg>"#,
        ),
        (
            "handlers",
            r#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><g onclick="alert(2)" ONMOUSEOVER="alert(3)"><rect width="1" height="1"/></g></svg>"#,
        ),
        (
            "foreignObject",
            r#"<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="http://evil.example/"/>alert</div></foreignObject><rect width="1" height="1"/></svg>"#,
        ),
        (
            "links",
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="http://evil.example/x.png"/><use href="https://evil.example/s.svg#a"/><a xlink:href="javascript:alert(1)"><text>alert</text></a><rect width="1" height="1"/></svg>"#,
        ),
        (
            "another prefix",
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:l="http://www.w3.org/1999/xlink"><use l:href="http://evil.example/#a"/><rect width="1" height="1"/></svg>"#,
        ),
        (
            "css",
            r#"<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(http://evil.example/x.css); rect{fill:url(http://evil.example/p)}</style><rect width="1" height="1" style="fill:url( 'http://evil.example/a')" fill="url(https://evil.example/b)" stroke="u\rl(http://evil.example/c)"/></svg>"#,
        ),
        (
            "namespaced script",
            r#"<svg xmlns="http://www.w3.org/2000/svg"><x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script><rect width="1" height="1"/></svg>"#,
        ),
        (
            "animation",
            r#"<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"><set attributeName="href" to="javascript:alert(1)"/><animate attributeName="fill" values="url(http://evil.example/)"/></rect></svg>"#,
        ),
        (
            "html in default namespace",
            r#"<svg xmlns="http://www.w3.org/2000/svg"><g xmlns="http://www.w3.org/1999/xhtml"><iframe srcdoc="alert"/></g><rect width="1" height="1"/></svg>"#,
        ),
    ];
    for (what, text) in cases {
        let clean = svg::sanitise(text).unwrap_or_else(|e| panic!("{what}: {e}"));
        for gone in [
            "alert",
            "evil",
            "script",
            "javascript",
            "foreignObject",
            "iframe",
            "onload",
            "onclick",
            "<a",
            "<set",
            "<animate",
            "@import",
        ] {
            assert!(
                !clean
                    .to_ascii_lowercase()
                    .contains(&gone.to_ascii_lowercase()),
                "{what}: {gone} kept in {clean}"
            );
        }
        assert!(
            clean.contains("<rect width=\"1\" height=\"1\""),
            "{what}: the drawing is lost: {clean}"
        );
    }
}

#[test]
fn a_fragment_and_an_inline_png_are_the_only_links_kept() {
    let text = r##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><defs><linearGradient id="g"/></defs><rect fill="url(#g)" width="2" height="2"/><use xlink:href="#g"/><image xlink:href="data:image/png;base64,iVBORw0KGgo="/><image xlink:href="data:image/svg+xml;base64,PHN2Zz4="/></svg>"##;
    let clean = svg::sanitise(text).expect("sanitised");
    assert!(clean.contains(r##"<rect fill="url(#g)""##), "{clean}");
    assert!(clean.contains(r##"<use xlink:href="#g"/>"##), "{clean}");
    assert!(
        clean.contains(r#"<image xlink:href="data:image/png;base64,iVBORw0KGgo="/>"#),
        "{clean}"
    );
    assert!(!clean.contains("svg+xml"), "{clean}");
}

#[test]
fn entities_are_refused_never_expanded() {
    let laughs = r#"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>"#;
    let external = r#"<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>"#;
    let undeclared = r#"<svg xmlns="http://www.w3.org/2000/svg"><text>&nbsp;</text></svg>"#;
    for text in [laughs, external, undeclared] {
        assert_eq!(svg::sanitise(text), Err(FigureProblem::Entities), "{text}");
    }
    // XML's own entities and character references are text.
    let plain =
        r#"<svg xmlns="http://www.w3.org/2000/svg"><text>a &lt; b &amp;&#x20AC;</text></svg>"#;
    let clean = svg::sanitise(plain).expect("plain");
    assert!(clean.contains("<text>a &lt; b &amp;€</text>"), "{clean}");
}

#[test]
fn what_is_not_an_svg_or_is_too_deep_is_refused() {
    assert!(matches!(
        svg::sanitise("<html><body/></html>"),
        Err(FigureProblem::NotSvg(_))
    ));
    assert!(matches!(
        svg::sanitise("just text"),
        Err(FigureProblem::NotSvg(_))
    ));
    assert!(matches!(
        svg::sanitise("<svg><g></svg>"),
        Err(FigureProblem::NotSvg(_))
    ));
    let deep = format!(
        "<svg>{}{}</svg>",
        "<g>".repeat(MAX_SVG_DEPTH),
        "</g>".repeat(MAX_SVG_DEPTH)
    );
    assert_eq!(svg::sanitise(&deep), Err(FigureProblem::SvgTooComplex));
    let fits = format!(
        "<svg>{}{}</svg>",
        "<g>".repeat(MAX_SVG_DEPTH - 1),
        "</g>".repeat(MAX_SVG_DEPTH - 1)
    );
    assert!(svg::sanitise(&fits).is_ok());
    let many = format!("<svg>{}</svg>", "<g/>".repeat(MAX_SVG_ELEMENTS));
    assert_eq!(svg::sanitise(&many), Err(FigureProblem::SvgTooComplex));
}

#[test]
fn a_png_is_checked_by_its_content_and_its_size() {
    let real = std::fs::read(fixture("matplotlib-bar.png")).expect("fixture");
    assert_eq!(bitmap::check(&real), Ok((640, 480)));
    assert_eq!(bitmap::check(&png_of(3, 2)), Ok((3, 2)));
    assert_eq!(
        bitmap::check(b"width,height\n1,2\n but named fig.png, padded to 33 bytes"),
        Err(FigureProblem::NotPng)
    );
    assert_eq!(
        bitmap::check(&forged_png(100_000, 100_000)),
        Err(FigureProblem::TooManyPixels {
            width: 100_000,
            height: 100_000
        })
    );
    assert_eq!(
        bitmap::check(&forged_png(MAX_FIGURE_SIDE + 1, 1)),
        Err(FigureProblem::TooManyPixels {
            width: MAX_FIGURE_SIDE + 1,
            height: 1
        })
    );
    // Each side fits, the area does not.
    let (w, h) = (
        MAX_FIGURE_SIDE,
        (MAX_FIGURE_PIXELS / u64::from(MAX_FIGURE_SIDE)) as u32 + 1,
    );
    assert_eq!(
        bitmap::check(&forged_png(w, h)),
        Err(FigureProblem::TooManyPixels {
            width: w,
            height: h
        })
    );
    let cut = &real[..real.len() / 2];
    assert_eq!(bitmap::check(cut), Err(FigureProblem::Damaged));
}

#[test]
fn a_png_figure_is_shown_in_an_svg_that_is_itself_clean() {
    let png = png_of(4, 3);
    let wrapped = bitmap::wrapped_in_svg(&png, 4, 3);
    assert_eq!(svg::sanitise(&wrapped).expect("clean"), wrapped);
    assert!(wrapped.contains(&crate::base64::encode(&png)));
}

/// Writes `files` (name, bytes) into `dir` as the sandbox's copies.
fn outputs(dir: &Path, files: &[(&str, Vec<u8>)]) -> Vec<OutputFile> {
    files
        .iter()
        .map(|(name, bytes)| {
            let path = dir.join(name);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("dir");
            std::fs::write(&path, bytes).expect("write");
            OutputFile {
                name: (*name).into(),
                size_bytes: bytes.len() as u64,
                host_path: path,
            }
        })
        .collect()
}

#[test]
fn figures_are_paired_by_name_titled_and_refusals_said() {
    let dir = tempfile::tempdir().expect("tmp");
    let svg_text = std::fs::read(fixture("matplotlib-line.svg")).expect("svg");
    let files = outputs(
        dir.path(),
        &[
            ("plots/sales_by-region.png", png_of(2, 2)),
            ("plots/sales_by-region.svg", svg_text.clone()),
            ("photo.jpg", vec![0xff, 0xd8, 0xff]),
            ("table.png", b"region,total\nnorth,1\n".to_vec()),
            ("only.svg", svg_text),
            ("totals.csv", b"a\n1\n".to_vec()),
        ],
    );
    let (figures, refused) = collect(&files, Lang::Fr);
    let titles: Vec<_> = figures.iter().map(|f| f.title.as_str()).collect();
    assert_eq!(titles, ["only", "sales by region"]);
    assert!(figures[0].png.is_empty(), "an SVG alone has no PNG");
    assert_eq!(figures[1].png, png_of(2, 2));
    assert!(
        figures[1].svg.contains("<use xlink:href=\"#"),
        "the SVG is shown"
    );
    assert_eq!(
        figures[1].files,
        "plots/sales_by-region.svg, plots/sales_by-region.png"
    );
    let reasons: Vec<_> = refused.iter().map(|r| r.reason.as_str()).collect();
    assert_eq!(
        reasons,
        [
            "photo.jpg: seules les figures PNG et SVG sont affichées",
            "table.png: son contenu n'est pas une image PNG",
        ]
    );
}

#[test]
fn figures_past_the_caps_are_said_not_shown() {
    let dir = tempfile::tempdir().expect("tmp");
    let names: Vec<String> = (0..MAX_FIGURES + 2)
        .map(|i| format!("f{i:02}.png"))
        .collect();
    let files: Vec<_> = names.iter().map(|n| (n.as_str(), png_of(2, 2))).collect();
    let (figures, refused) = collect(&outputs(dir.path(), &files), Lang::En);
    assert_eq!(figures.len(), MAX_FIGURES);
    assert_eq!(refused.len(), 2);
    assert_eq!(
        refused[0].reason,
        format!("f{MAX_FIGURES:02}.png: at most {MAX_FIGURES} figures are shown")
    );

    let mut big = outputs(dir.path(), &[("big.png", png_of(2, 2))]);
    big[0].size_bytes = MAX_FIGURE_BYTES + 1;
    let (figures, refused) = collect(&big, Lang::Es);
    assert!(figures.is_empty());
    assert!(
        refused[0]
            .reason
            .starts_with("big.png: el archivo supera 2 MB"),
        "{}",
        refused[0].reason
    );
}
