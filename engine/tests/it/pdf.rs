//! `glovebox export RUN --format pdf --out FILE`: a real run becomes a
//! signed PDF whose pages render (poppler's `pdftoppm`) and read back as
//! text (`pdftotext`); `glovebox verify` checks it on another machine and
//! finds a byte changed in its manifest, a table value, its chart or its
//! signature.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use crate::common::{repo, Scratch, GLOVEBOX};

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Text without any white space (`pdftotext` breaks lines where the page does).
fn squeeze(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The glyph of each character, from the PDF's `ToUnicode` map.
fn glyphs(pdf: &[u8]) -> BTreeMap<char, String> {
    let start = find(pdf, b"beginbfchar").expect("a ToUnicode map");
    let end = start + find(&pdf[start..], b"endcmap").expect("end of the map");
    let mut map = BTreeMap::new();
    for line in String::from_utf8_lossy(&pdf[start..end]).lines() {
        let parts: Vec<&str> = line.split_whitespace().collect();
        if let [g, u] = parts[..] {
            let unicode = u32::from_str_radix(u.trim_matches(['<', '>']), 16).ok();
            if let Some(c) = unicode.and_then(char::from_u32) {
                map.insert(c, g.trim_matches(['<', '>']).to_owned());
            }
        }
    }
    map
}

/// How the page content writes `text` (a hex string of glyph ids).
fn shown(pdf: &[u8], text: &str) -> String {
    let map = glyphs(pdf);
    let hex: String = text
        .chars()
        .map(|c| {
            map.get(&c)
                .cloned()
                .unwrap_or_else(|| panic!("no glyph for {c:?}"))
        })
        .collect();
    format!("<{hex}> Tj")
}

/// `glovebox verify FILE` from a fresh folder and database, with `key`.
fn verify_elsewhere(pdf: &[u8], key: &str) -> (i32, String) {
    let elsewhere = tempfile::tempdir().expect("tempdir");
    let copy = elsewhere.path().join("received.pdf");
    std::fs::write(&copy, pdf).expect("copy");
    let out = Command::new(GLOVEBOX)
        .arg("--db")
        .arg(elsewhere.path().join("other.sqlite3"))
        .arg("verify")
        .arg(&copy)
        .args(["--key", key])
        .output()
        .expect("verify");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// Every page rendered at 50 dpi by `pdftoppm` has ink on it.
fn assert_pages_render(pdf: &Path, pages: usize) {
    let dir = tempfile::tempdir().expect("tempdir");
    let status = Command::new("pdftoppm")
        .args(["-png", "-r", "50"])
        .arg(pdf)
        .arg(dir.path().join("page"))
        .status()
        .expect("pdftoppm (poppler-utils, see the Makefile)");
    assert!(status.success());
    let mut images: Vec<_> = std::fs::read_dir(dir.path())
        .expect("pages")
        .flatten()
        .map(|e| e.path())
        .collect();
    images.sort();
    assert_eq!(images.len(), pages, "one image per page");
    for image in images {
        let decoder = png::Decoder::new(std::fs::File::open(&image).expect("png"));
        let mut reader = decoder.read_info().expect("png header");
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).expect("png data");
        let pixels = &buf[..info.buffer_size()];
        let inked = pixels.iter().filter(|&&b| b < 200).count();
        assert!(
            inked * 200 > pixels.len(),
            "{} is (nearly) blank: {inked} dark samples of {}",
            image.display(),
            pixels.len()
        );
    }
}

#[test]
#[allow(
    clippy::too_many_lines,
    reason = "one exported report checked step by step: text, pages, every mutation"
)]
fn a_finished_run_exports_as_a_signed_pdf_that_verifies_anywhere() {
    let s = Scratch::new();
    let shop = repo().join("assets/samples/shop.csv");
    let goal = "total revenue per region";
    let run = s.glovebox(&[
        "run",
        shop.to_str().expect("path"),
        "--goal",
        goal,
        "--json",
    ]);
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stdout)
    );
    let report: serde_json::Value = serde_json::from_slice(&run.stdout).expect("json");
    let run_id = report["run_id"].as_str().expect("run id");
    let service = format!("glovebox-test-pdf-{}", std::process::id());
    let glovebox = |args: &[&str]| {
        s.command(args)
            .env("GLOVEBOX_KEYRING_SERVICE", &service)
            .output()
            .expect("run glovebox")
    };
    let out = s.dir.path().join("report.pdf");
    let export = glovebox(&[
        "export",
        run_id,
        "--format",
        "pdf",
        "--out",
        out.to_str().expect("path"),
    ]);
    assert_eq!(
        export.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&export.stderr)
    );
    let pdf = std::fs::read(&out).expect("report");
    assert!(pdf.starts_with(b"%PDF-1.7"));

    // Pages: counted by pdfinfo, each one rendered and not blank.
    let info = Command::new("pdfinfo").arg(&out).output().expect("pdfinfo");
    let info = String::from_utf8_lossy(&info.stdout).into_owned();
    let pages: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no page count in {info}"));
    assert!(pages >= 2, "{info}");
    assert!(
        info.contains("Glovebox report — total revenue per region"),
        "{info}"
    );
    assert_pages_render(&out, pages);

    // The text can be extracted: goal, answer, a table value, the image
    // digest, the code, the audit hash.
    let text = Command::new("pdftotext")
        .arg(&out)
        .arg("-")
        .output()
        .expect("pdftotext");
    assert!(text.status.success());
    let text = String::from_utf8_lossy(&text.stdout).into_owned();
    let flat = squeeze(&text);
    let table = report["tables"]
        .as_array()
        .and_then(|t| t.first())
        .expect("a table");
    let cell = table["rows"][0][0]
        .as_str()
        .expect("a text cell")
        .to_owned();
    let attached = glovebox_engine::report::pdf::attachments(&pdf);
    let manifest: serde_json::Value = serde_json::from_slice(&attached[0]).expect("manifest");
    let digest = manifest["sandbox"]["image_digest"]
        .as_str()
        .expect("image digest")
        .to_owned();
    assert!(digest.starts_with("sha256:"), "{digest}");
    let code_line = report["code"]
        .as_str()
        .expect("code")
        .lines()
        .find(|l| l.contains("glovebox."))
        .expect("a glovebox call");
    // The answer as tiles: North's total revenue, 6109.2 in shop.csv,
    // written with its thousands separator.
    assert_eq!(report["answer"]["values"]["total revenue (North)"], 6109.2);
    for wanted in [
        goal,
        "total revenue (North)",
        "6,109.2",
        "The code was checked: allowed.",
        &cell,
        &digest,
        code_line,
        report["audit"]["entry_hash"].as_str().expect("hash"),
        "network",
        "Attempt 1",
    ] {
        assert!(
            flat.contains(&squeeze(wanted)),
            "pdftotext does not show {wanted:?}:\n{text}"
        );
    }
    assert_eq!(
        manifest["audit"]["run_last_entry_hash"],
        report["audit"]["entry_hash"]
    );
    assert_eq!(manifest["final_code"], report["code"]);
    assert_eq!(attached.len(), 3, "manifest, signature and the chart PNG");

    // Another machine: a fresh folder and database, only the public key.
    let public = glovebox(&["key", "export-public"]);
    let public = String::from_utf8_lossy(&public.stdout)
        .lines()
        .next()
        .unwrap_or("")
        .to_owned();
    assert!(public.starts_with("ed25519:"), "{public}");
    let (code, said) = verify_elsewhere(&pdf, &public);
    assert_eq!(code, 0, "{said}");
    assert!(
        said.starts_with("valid: the report is exactly as signed by key"),
        "{said}"
    );

    // One change at a time, each found.
    let flip = |at: usize| {
        let mut m = pdf.clone();
        m[at] = if m[at] == b'0' { b'1' } else { b'0' };
        m
    };
    let sha = find(&pdf, b"\"sha256\":\"").expect("sha in the manifest") + 11;
    let sig = find(&pdf, b"\"signature\":\"").expect("signature") + 13;
    let image = find(&pdf, b"/Subtype /Image").expect("chart image");
    let chart = image + find(&pdf[image..], b"stream\n").expect("image data") + 500;
    let png = find(&pdf, b"\x89PNG").expect("attached chart") + 500;
    // A table value, as the page shows it (North: 6109.2), its first
    // digit shown as another digit.
    assert_eq!(table["rows"][0][1].as_f64(), Some(6109.2));
    let value = "6,109.2".to_owned();
    let run_hex = shown(&pdf, &value);
    let at = find(&pdf, run_hex.as_bytes()).expect("the table value on a page");
    let first = value.chars().next().expect("digit");
    let other = if first == '1' { '2' } else { '1' };
    let mutations = [
        ("manifest", flip(sha), "signature does not match"),
        (
            "table value",
            change_glyph(&pdf, at, other),
            "differs from the signed manifest",
        ),
        ("chart image", flip(chart), "the image of chart 1"),
        (
            "attached chart",
            flip(png),
            "the image of chart 1 is not the signed one",
        ),
        ("signature", flip(sig), "signature does not match"),
    ];
    for (what, mutated, reason) in mutations {
        assert_ne!(mutated, pdf, "{what}: nothing changed");
        let (code, said) = verify_elsewhere(&mutated, &public);
        assert_eq!(code, 4, "{what}: {said}");
        assert!(
            said.starts_with("INVALID") && said.contains(reason),
            "{what}: {said}"
        );
    }
    // The changed value is named.
    let (_, said) = verify_elsewhere(&change_glyph(&pdf, at, other), &public);
    let changed: String = std::iter::once(other)
        .chain(value.chars().skip(1))
        .collect();
    assert!(
        said.contains(&format!(
            "gives \"{value}\" where the file has \"{changed}\""
        )),
        "{said}"
    );

    // Another key is not the signer.
    let (code, said) = verify_elsewhere(
        &pdf,
        "ed25519:0000000000000000000000000000000000000000000000000000000000000000",
    );
    assert_ne!(code, 0, "{said}");
    let _ = glovebox(&["key", "delete-signing"]);
}

/// The glyph at `at + 1` (just after a `<`) replaced by the glyph of `other`.
fn change_glyph(pdf: &[u8], at: usize, other: char) -> Vec<u8> {
    let mut m = pdf.to_vec();
    m[at + 1..at + 5].copy_from_slice(glyphs(pdf)[&other].as_bytes());
    m
}
