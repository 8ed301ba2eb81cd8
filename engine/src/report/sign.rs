//! Report signatures. An Ed25519 key pair is made on the first signed
//! export; its private half lives in the OS keyring (the same stores as the
//! providers' API keys), never in a file. A report carries its canonical
//! manifest, the signature of that manifest and the public key with its
//! fingerprint. Verifying needs nothing but the report (and, to know who
//! signed, the signer's public key): the signature must match the manifest,
//! and the visible page must be exactly the page the manifest renders to,
//! so a changed number, table cell or chart anywhere is found. A PDF report
//! carries the same manifest and signature block as attached files (see
//! [`super::pdf`]) and is checked the same way.

use ed25519_dalek::{Signature, Signer as _, SigningKey, Verifier as _, VerifyingKey};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use super::manifest::Document;
use super::{html, pdf};
use crate::keys::{ApiKey, KeyError, KeyStore, OsKeyring};

/// The keyring entry (under the `glovebox` service) holding the private key.
pub const SIGNING_KEY_ENTRY: &str = "report-signing-key";
/// Signature algorithm named in reports.
pub const ALGORITHM: &str = "ed25519";

/// Why signing or reading a signature failed.
#[derive(Debug, thiserror::Error)]
pub enum SignError {
    /// The keyring failed.
    #[error(transparent)]
    Keyring(#[from] KeyError),
    /// The stored key is not a key.
    #[error("the report signing key in the keyring is damaged; remove it with `glovebox key delete-signing` (a new one is made at the next export)")]
    Damaged,
    /// No randomness.
    #[error("cannot read random bytes for a new signing key: {0}")]
    Random(std::io::Error),
    /// A public key given by the user is not one.
    #[error("{0} is not an ed25519 public key (64 hexadecimal digits, as `glovebox key export-public` prints)")]
    BadPublicKey(String),
}

/// The signing key and its public half.
pub struct Signer {
    key: SigningKey,
}

impl std::fmt::Debug for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Signer")
            .field("fingerprint", &self.fingerprint())
            .finish()
    }
}

/// The fingerprint of a public key: the first 16 bytes of its sha256, hex.
pub fn fingerprint(public: &VerifyingKey) -> String {
    hex::encode(&Sha256::digest(public.as_bytes())[..16])
}

/// A public key written as 64 hex digits (an `ed25519:` prefix is accepted).
pub fn parse_public_key(text: &str) -> Result<VerifyingKey, SignError> {
    let bad = || SignError::BadPublicKey(text.to_owned());
    let hex_text = text.trim().trim_start_matches("ed25519:");
    let bytes: [u8; 32] = hex::decode(hex_text)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(bad)?;
    VerifyingKey::from_bytes(&bytes).map_err(|_| bad())
}

impl Signer {
    /// The key in the OS keyring, made and stored there on first use.
    pub fn from_keyring() -> Result<Self, SignError> {
        let store = OsKeyring::detect()?;
        if let Some(secret) = store.get(SIGNING_KEY_ENTRY)? {
            let bytes: [u8; 32] = hex::decode(secret.expose())
                .ok()
                .and_then(|b| b.try_into().ok())
                .ok_or(SignError::Damaged)?;
            return Ok(Self {
                key: SigningKey::from_bytes(&bytes),
            });
        }
        let mut seed = [0u8; 32];
        {
            use std::io::Read;
            std::fs::File::open("/dev/urandom")
                .and_then(|mut f| f.read_exact(&mut seed))
                .map_err(SignError::Random)?;
        }
        let key = SigningKey::from_bytes(&seed);
        seed.fill(0);
        store.set(
            SIGNING_KEY_ENTRY,
            &ApiKey::new(hex::encode(key.to_bytes()))?,
        )?;
        tracing::info!(
            backend = store.backend().name(),
            "made a report signing key"
        );
        Ok(Self { key })
    }

    /// From a fixed seed (tests).
    pub fn from_seed(seed: [u8; 32]) -> Self {
        Self {
            key: SigningKey::from_bytes(&seed),
        }
    }

    /// The public key, hex.
    pub fn public_hex(&self) -> String {
        hex::encode(self.key.verifying_key().as_bytes())
    }

    /// The public key's fingerprint.
    pub fn fingerprint(&self) -> String {
        fingerprint(&self.key.verifying_key())
    }

    /// The signature block of `manifest` (over its canonical JSON).
    pub fn sign(&self, manifest: &Value) -> Value {
        let canonical = serde_json::to_string(manifest).unwrap_or_default();
        let signature = self.key.sign(canonical.as_bytes());
        json!({
            "algorithm": ALGORITHM,
            "public_key": self.public_hex(),
            "fingerprint": self.fingerprint(),
            "signature": hex::encode(signature.to_bytes()),
            "signed": "the canonical JSON of the glovebox-manifest element (keys sorted, no spaces)",
        })
    }
}

/// The signed report page.
pub fn signed_html(manifest: &Document, signer: &Signer) -> String {
    html::render_signed(manifest, &signer.sign(manifest.json()))
}

/// What verification found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verification {
    /// Everything checks out.
    pub valid: bool,
    /// The signer's fingerprint, as the report states it.
    pub fingerprint: Option<String>,
    /// A public key was given and it is the signer's.
    pub signer_confirmed: bool,
    /// What is wrong, in plain words.
    pub problems: Vec<String>,
}

fn element<'a>(page: &'a str, id: &str) -> Option<&'a str> {
    let open = format!("<script type=\"application/json\" id=\"{id}\">");
    let start = page.find(&open)? + open.len();
    let end = start + page[start..].find("</script>")?;
    Some(&page[start..end])
}

/// The first line where two texts differ, shortened, for messages.
fn first_difference(expected: &str, found: &str) -> String {
    let line = expected
        .lines()
        .zip(found.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| expected.lines().count().min(found.lines().count()));
    let (a, b) = (
        expected.lines().nth(line).unwrap_or(""),
        found.lines().nth(line).unwrap_or(""),
    );
    let at = a
        .char_indices()
        .zip(b.chars())
        .find(|((_, x), y)| x != y)
        .map_or(a.len().min(b.len()), |((i, _), _)| i);
    let from = a[..at].char_indices().rev().nth(40).map_or(0, |(i, _)| i);
    let snippet = |s: &str| -> String { s.get(from..).unwrap_or("").chars().take(80).collect() };
    format!(
        "line {}: the signed manifest gives \"{}…\" where the file has \"{}…\"",
        line + 1,
        snippet(a),
        snippet(b)
    )
}

/// Checks the signature block against the manifest text (the JSON as
/// embedded, not a typed reading of it); the parsed manifest and block when
/// both are readable (problems go into `v`).
fn check_signature(
    manifest_text: &str,
    signature_text: &str,
    trusted: Option<&VerifyingKey>,
    v: &mut Verification,
) -> Option<(Value, Value)> {
    let manifest: Value = match serde_json::from_str(manifest_text) {
        Ok(m) => m,
        Err(e) => {
            v.problems
                .push(format!("the manifest is not valid JSON any more ({e})"));
            return None;
        }
    };
    let block: Value = match serde_json::from_str(signature_text) {
        Ok(b) => b,
        Err(e) => {
            v.problems.push(format!(
                "the signature block is not valid JSON any more ({e})"
            ));
            return None;
        }
    };
    v.fingerprint = block["fingerprint"].as_str().map(str::to_owned);
    let public = match block["public_key"].as_str().map(parse_public_key) {
        Some(Ok(k)) => k,
        _ => {
            v.problems
                .push("the signature block has no valid public key".into());
            return None;
        }
    };
    if v.fingerprint.as_deref() != Some(fingerprint(&public).as_str()) {
        v.problems
            .push("the stated fingerprint is not the fingerprint of the stated key".into());
    }
    if let Some(trusted) = trusted {
        if trusted == &public {
            v.signer_confirmed = true;
        } else {
            v.problems.push(format!(
                "signed by key {}, not by the key you gave ({})",
                fingerprint(&public),
                fingerprint(trusted)
            ));
        }
    }
    let signature = block["signature"]
        .as_str()
        .and_then(|s| hex::decode(s).ok())
        .and_then(|b| <[u8; 64]>::try_from(b).ok())
        .map(|b| Signature::from_bytes(&b));
    let canonical = serde_json::to_string(&manifest).unwrap_or_default();
    match signature {
        Some(sig) if public.verify(canonical.as_bytes(), &sig).is_ok() => {}
        Some(_) => v.problems.push(
            "the signature does not match the manifest: the manifest or the signature was changed"
                .into(),
        ),
        None => v.problems.push("the signature is not readable".into()),
    }
    Some((manifest, block))
}

/// The signed manifest read as a [`Manifest`](super::manifest::Manifest),
/// to render it again (a problem in `v` when it cannot be).
fn read_manifest(manifest: Value, v: &mut Verification) -> Option<Document> {
    match Document::read(manifest) {
        Ok(m) => Some(m),
        Err(e) => {
            v.problems.push(format!(
                "the signed manifest is not a report manifest this version of Glovebox can read ({e})"
            ));
            None
        }
    }
}

/// When a report's format is newer than this Glovebox's: said after a
/// difference, which a newer layout explains.
fn newer_format(m: &super::manifest::Manifest) -> String {
    if m.glovebox_report > super::manifest::REPORT_FORMAT {
        format!(
            "; the report is of format {}, newer than this Glovebox reads ({}): verify it with the Glovebox that made it ({})",
            m.glovebox_report,
            super::manifest::REPORT_FORMAT,
            m.app_version
        )
    } else {
        String::new()
    }
}

fn unchecked() -> Verification {
    Verification {
        valid: false,
        fingerprint: None,
        signer_confirmed: false,
        problems: Vec::new(),
    }
}

/// Verifies a report page; `trusted` is the signer's public key when known.
pub fn verify_html(page: &str, trusted: Option<&VerifyingKey>) -> Verification {
    let _span = tracing::info_span!("verify_report").entered();
    let mut v = unchecked();
    let Some(manifest_text) = element(page, "glovebox-manifest") else {
        v.problems
            .push("this file holds no Glovebox manifest".into());
        return v;
    };
    let Some(signature_text) = element(page, "glovebox-signature") else {
        v.problems.push("this report is not signed".into());
        return v;
    };
    let Some((manifest, block)) = check_signature(manifest_text, signature_text, trusted, &mut v)
    else {
        return v;
    };
    let Some(manifest) = read_manifest(manifest, &mut v) else {
        return v;
    };
    // The visible page must be exactly what the signed manifest renders to
    // (in the layout the page was made with).
    let expected = html::render_signed_as(page, &manifest, &block);
    if expected != page {
        v.problems.push(format!(
            "the visible report differs from the signed manifest ({}){}",
            first_difference(&expected, page),
            newer_format(manifest.manifest())
        ));
    }
    v.valid = v.problems.is_empty();
    v
}

/// The signed PDF report; `pngs[i]` is the image of `manifest.charts[i]`
/// (see [`super::chart_pngs`]).
pub fn signed_pdf(
    manifest: &Document,
    pngs: &[Vec<u8>],
    signer: &Signer,
) -> Result<Vec<u8>, pdf::PdfError> {
    pdf::render_signed(manifest, &signer.sign(manifest.json()), pngs).map(|r| r.bytes)
}

/// Whether `bytes` look like a PDF file (rather than an HTML page).
pub fn is_pdf(bytes: &[u8]) -> bool {
    bytes.starts_with(b"%PDF-")
}

/// Verifies a PDF report: the attached manifest against its attached
/// signature, the attached chart images against the sha256 the manifest
/// gives them, and the whole file against what those render to.
pub fn verify_pdf(file: &[u8], trusted: Option<&VerifyingKey>) -> Verification {
    let _span = tracing::info_span!("verify_report_pdf").entered();
    let mut v = unchecked();
    let attached = pdf::attachments(file);
    let Some(manifest_text) = attached.first().and_then(|b| std::str::from_utf8(b).ok()) else {
        v.problems
            .push("this file holds no Glovebox manifest".into());
        return v;
    };
    let Some(signature_text) = attached.get(1).and_then(|b| std::str::from_utf8(b).ok()) else {
        v.problems.push("this report is not signed".into());
        return v;
    };
    let Some((manifest, block)) = check_signature(manifest_text, signature_text, trusted, &mut v)
    else {
        return v;
    };
    let Some(manifest) = read_manifest(manifest, &mut v) else {
        return v;
    };
    // The images, in the order of the charts that name one.
    let mut images = attached.iter().skip(2);
    let mut pngs = Vec::new();
    for (i, chart) in manifest.manifest().charts.iter().enumerate() {
        let Some(sha) = &chart.png_sha256 else {
            pngs.push(Vec::new());
            continue;
        };
        match images.next() {
            Some(png) => {
                if hex::encode(Sha256::digest(png)) != *sha {
                    v.problems.push(format!(
                        "the image of chart {} is not the signed one (its sha256 differs from the manifest's)",
                        i + 1
                    ));
                }
                pngs.push(png.clone());
            }
            None => {
                v.problems
                    .push(format!("the image of chart {} is missing", i + 1));
                pngs.push(Vec::new());
            }
        }
    }
    // The whole file must be exactly what the signed parts render to: in
    // the current layout, or in layout 1 for reports made before it.
    let older_layout_matches = || {
        pdf::render_signed_in(pdf::PdfLayout::First, &manifest, &block, &pngs)
            .is_ok_and(|r| r.describe(file).is_none())
    };
    match pdf::render_signed(&manifest, &block, &pngs) {
        Ok(expected) => {
            let difference = expected.describe(file).filter(|_| !older_layout_matches());
            if let Some(at) = difference {
                let mut problem = format!(
                    "the visible report differs from the signed manifest ({at}){}",
                    newer_format(manifest.manifest())
                );
                let version = env!("CARGO_PKG_VERSION");
                let made_by = &manifest.manifest().app_version;
                if made_by != version {
                    problem.push_str(&format!(
                        "; it was made by Glovebox {made_by} and this is {version}, whose PDF layout may differ"
                    ));
                }
                v.problems.push(problem);
            }
        }
        Err(e) => v.problems.push(format!(
            "the signed manifest cannot be rendered again ({e})"
        )),
    }
    v.valid = v.problems.is_empty();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small manifest: every field a manifest must have, some left out
    /// as optional ones may be.
    fn manifest_json() -> Value {
        json!({
            "glovebox_report": 1,
            "app_version": "0.1.0",
            "run_id": "run-1",
            "lang": "en",
            "goal": "total revenue per region",
            "provider": "offline",
            "started_at": "2026-11-29T17:38:40.900Z",
            "finished_at": "2026-11-29T17:38:41.563Z",
            "status": "answered",
            "answer": {"text": "total revenue (North): 6109.2", "values": {"total revenue (North)": 6109.2}},
            "inputs": [{"name": "shop.csv", "sha256": "e2943575", "size_bytes": 6050, "encoding": "UTF-8", "bom": false, "delimiter": ",", "decimal_comma": false, "has_header": true, "row_count": 120, "columns": []}],
            "attempts": [],
            "sandbox": {"network": "none", "limits": glovebox_sandbox::Limits::default()},
            "result": {"tables": [{"name": "total revenue by region", "columns": ["region", "total revenue"], "rows": [["North", 6109.2]], "total_rows": 1}]},
            "charts": [{"kind": "bar", "title": "t", "table": "total revenue by region", "svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>North</text></svg>"}],
            "audit": {"run_last_entry_hash": "ab12", "run_last_entry_seq": 8, "run_entries": 8},
        })
    }

    fn manifest() -> Document {
        Document::read(manifest_json()).expect("a manifest")
    }

    fn signed() -> (String, Signer) {
        let signer = Signer::from_seed([7; 32]);
        (signed_html(&manifest(), &signer), signer)
    }

    /// A manifest with a field this version does not know (a later one
    /// may add some) verifies: the signature covers the JSON as embedded.
    #[test]
    fn a_manifest_with_an_unknown_field_still_verifies() {
        let mut json = manifest_json();
        json["made_later"] = json!({"a": 1});
        let signer = Signer::from_seed([7; 32]);
        let page = signed_html(&Document::read(json).expect("a manifest"), &signer);
        assert!(page.contains("made_later"));
        let v = verify_html(&page, Some(&signer.key.verifying_key()));
        assert!(v.valid, "{:?}", v.problems);
    }

    /// A signed manifest that is not a report manifest (here: no goal) is
    /// a failure with a plain reason, even though its signature matches.
    #[test]
    fn a_signed_manifest_that_is_not_a_manifest_fails_with_a_reason() {
        let (page, signer) = signed();
        let mut json = manifest_json();
        if let Value::Object(fields) = &mut json {
            fields.remove("goal");
        }
        let block = signer.sign(&json);
        let swap = |page: &str, id: &str, with: &Value| {
            let text = element(page, id).expect("element");
            page.replacen(text, &serde_json::to_string(with).expect("json"), 1)
        };
        let page = swap(
            &swap(&page, "glovebox-manifest", &json),
            "glovebox-signature",
            &block,
        );
        let v = verify_html(&page, Some(&signer.key.verifying_key()));
        assert!(!v.valid);
        assert_eq!(v.problems.len(), 1, "{:?}", v.problems);
        assert!(
            v.problems[0].starts_with("the signed manifest is not a report manifest")
                && v.problems[0].contains("goal"),
            "{}",
            v.problems[0]
        );
    }

    #[test]
    fn an_untouched_report_verifies_and_names_its_signer() {
        let (page, signer) = signed();
        let v = verify_html(&page, Some(&signer.key.verifying_key()));
        assert!(v.valid && v.signer_confirmed, "{:?}", v.problems);
        assert_eq!(v.fingerprint, Some(signer.fingerprint()));
        let v = verify_html(&page, None);
        assert!(v.valid && !v.signer_confirmed);
    }

    #[test]
    fn another_key_is_named_as_not_the_signer() {
        let (page, _) = signed();
        let other = Signer::from_seed([9; 32]);
        let v = verify_html(&page, Some(&other.key.verifying_key()));
        assert!(!v.valid);
        assert!(
            v.problems[0].starts_with("signed by key"),
            "{:?}",
            v.problems
        );
    }

    /// Every kind of change is found: the manifest, a visible table cell,
    /// the chart, the signature.
    #[test]
    fn every_mutation_is_detected() {
        let (page, signer) = signed();
        let key = signer.key.verifying_key();
        let manifest_at = page.find("\"e2943575\"").expect("sha in manifest");
        let cell_at = page.find("<td class=\"num\">6,109.2</td>").expect("cell") + 17;
        let chart_at = page.find("base64,").expect("chart") + 20;
        let sig_start = page.find("\"signature\":\"").expect("signature") + 13;
        let mutations: Vec<(&str, String)> = vec![
            (
                "manifest",
                format!("{}f{}", &page[..manifest_at + 1], &page[manifest_at + 2..]),
            ),
            (
                "table cell",
                format!("{}7{}", &page[..cell_at], &page[cell_at + 1..]),
            ),
            (
                "chart",
                format!(
                    "{}{}{}",
                    &page[..chart_at],
                    if &page[chart_at..chart_at + 1] == "A" {
                        "B"
                    } else {
                        "A"
                    },
                    &page[chart_at + 1..]
                ),
            ),
            (
                "signature",
                format!(
                    "{}{}{}",
                    &page[..sig_start],
                    if &page[sig_start..sig_start + 1] == "0" {
                        "1"
                    } else {
                        "0"
                    },
                    &page[sig_start + 1..]
                ),
            ),
            ("answer", page.replacen("6,109.2</dd>", "9,109.2</dd>", 1)),
            (
                "appended script",
                page.replace("</body>", "<script>alert(1)</script></body>"),
            ),
        ];
        for (what, mutated) in mutations {
            assert_ne!(mutated, page, "{what}: the mutation changed nothing");
            let v = verify_html(&mutated, Some(&key));
            assert!(!v.valid, "{what}: not detected");
            assert!(!v.problems.is_empty(), "{what}: no reason given");
        }
    }

    /// A format-2 report whose code printed markup verifies; the printed
    /// text changed on the page, or in the signed manifest, does not.
    #[test]
    fn what_the_code_printed_is_signed() {
        let mut json = manifest_json();
        json["glovebox_report"] = json!(2);
        json["printed"] = json!({"text": "<script>alert(1)</script>\nsum: 6109.2",
            "total_bytes": 43, "cut": false});
        let signer = Signer::from_seed([7; 32]);
        let page = signed_html(&Document::read(json).expect("a manifest"), &signer);
        let key = signer.key.verifying_key();
        let v = verify_html(&page, Some(&key));
        assert!(v.valid, "{:?}", v.problems);
        let shown = page.replacen("\nsum: 6109.2</pre>", "\nsum: 9109.2</pre>", 1);
        assert_ne!(shown, page);
        let v = verify_html(&shown, Some(&key));
        assert!(!v.valid);
        assert!(v.problems[0].contains("sum: 6109.2"), "{:?}", v.problems);
        let signed_text = page.replacen("sum: 6109.2\"", "sum: 9109.2\"", 1);
        assert_ne!(signed_text, page);
        let v = verify_html(&signed_text, Some(&key));
        assert!(!v.valid);
        assert!(
            v.problems[0].contains("signature does not match"),
            "{:?}",
            v.problems
        );
        // Taking the printed text out of the signed manifest is found too.
        let removed = page.replacen("\"printed\":", "\"printex\":", 1);
        assert!(!verify_html(&removed, Some(&key)).valid);
    }

    /// A report of a newer format whose page this Glovebox does not give
    /// back: the reason says so and which Glovebox made it.
    #[test]
    fn a_newer_format_is_named_when_its_page_differs() {
        let mut json = manifest_json();
        json["glovebox_report"] = json!(3);
        let signer = Signer::from_seed([7; 32]);
        let page = signed_html(&Document::read(json).expect("a manifest"), &signer);
        assert!(verify_html(&page, None).valid);
        let later = page.replacen("<h3>", "<h3>A later section</h3><h3>", 1);
        let v = verify_html(&later, None);
        assert!(!v.valid);
        assert!(
            v.problems[0].contains("the report is of format 3, newer than this Glovebox reads (2)")
                && v.problems[0].contains("(0.1.0)"),
            "{:?}",
            v.problems
        );
        // Formats 1 and 2 say nothing of it.
        let changed = page
            .replacen("<h3>", "<h3>x</h3><h3>", 1)
            .replace("\"glovebox_report\":3", "\"glovebox_report\":2");
        assert!(!verify_html(&changed, None)
            .problems
            .iter()
            .any(|p| p.contains("newer")));
    }

    #[test]
    fn a_changed_table_cell_is_shown_in_the_reason() {
        let (page, signer) = signed();
        let mutated = page.replace(">6,109.2</td>", ">9,999.9</td>");
        assert_ne!(mutated, page);
        let v = verify_html(&mutated, Some(&signer.key.verifying_key()));
        assert_eq!(v.problems.len(), 1, "{:?}", v.problems);
        assert!(
            v.problems[0].contains("6,109.2") && v.problems[0].contains("9,999.9"),
            "{}",
            v.problems[0]
        );
    }

    /// The sample report under `tests/reports/`: a real French run's
    /// manifest, signed with a fixed test key; rendering is deterministic,
    /// so the page is a snapshot (`UPDATE_EXPECT=1` rewrites it).
    #[test]
    fn sample_report_snapshot() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/reports");
        let manifest: Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join("sample-manifest.json")).expect("manifest"),
        )
        .expect("json");
        let signer = Signer::from_seed([7; 32]);
        let page = signed_html(&Document::read(manifest).expect("a manifest"), &signer);
        let path = dir.join("sample-report.html");
        if std::env::var_os("UPDATE_EXPECT").is_some() {
            std::fs::write(&path, &page).expect("write snapshot");
        }
        let snapshot = std::fs::read_to_string(&path).expect("snapshot");
        assert!(
            snapshot == page,
            "the sample report changed: rerun with UPDATE_EXPECT=1 and review the diff"
        );
        let v = verify_html(&snapshot, Some(&signer.key.verifying_key()));
        assert!(v.valid, "{:?}", v.problems);
        assert!(snapshot.contains("<html lang=\"fr\">") && snapshot.contains("Rapport Glovebox"));
    }

    /// A page exported before the answer-first layout (layout 1, kept as
    /// `tests/reports/sample-report-layout1.html`) still verifies, and a
    /// change to it is still found.
    #[test]
    fn a_layout_1_report_still_verifies() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/reports");
        let old = std::fs::read_to_string(dir.join("sample-report-layout1.html")).expect("page");
        assert!(!old.contains(html::LAYOUT_MARKER));
        let signer = Signer::from_seed([7; 32]);
        let v = verify_html(&old, Some(&signer.key.verifying_key()));
        assert!(v.valid && v.signer_confirmed, "{:?}", v.problems);
        let changed = old.replacen("<td>27.4</td>", "<td>72.4</td>", 1);
        assert_ne!(changed, old);
        let v = verify_html(&changed, None);
        assert!(!v.valid);
        assert!(v.problems[0].contains("27.4"), "{:?}", v.problems);
        // The marker cannot be added to an old page to dodge the check.
        let marked = old.replacen("<head>", &format!("<head>{}", html::LAYOUT_MARKER), 1);
        assert!(!verify_html(&marked, None).valid);
    }

    #[test]
    fn public_keys_are_read_with_or_without_prefix() {
        let s = Signer::from_seed([1; 32]);
        let k = parse_public_key(&format!("ed25519:{}", s.public_hex())).expect("key");
        assert_eq!(fingerprint(&k), s.fingerprint());
        assert!(parse_public_key("abc").is_err());
    }
}
