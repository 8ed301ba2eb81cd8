//! `glovebox export RUN --format html --out FILE`: a finished run becomes one
//! self-contained, signed page whose embedded manifest matches the audit
//! log; `glovebox verify` checks it anywhere, and finds any change.

use crate::common::{repo, Scratch};

#[test]
fn a_finished_run_exports_as_one_self_contained_page() {
    let s = Scratch::new();
    let shop = repo().join("assets/samples/shop.csv");
    let run = s.glovebox(&[
        "run",
        shop.to_str().expect("path"),
        "--goal",
        "part du chiffre d'affaires par région",
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
    let out = s.dir.path().join("report.html");
    // A keyring entry of this test's own (the kernel key store in CI).
    let service = format!("glovebox-test-{}", std::process::id());
    let glovebox = |args: &[&str]| {
        s.command(args)
            .env("GLOVEBOX_KEYRING_SERVICE", &service)
            .output()
            .expect("run glovebox")
    };
    let export = glovebox(&[
        "export",
        run_id,
        "--format",
        "html",
        "--out",
        out.to_str().expect("path"),
    ]);
    assert_eq!(
        export.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&export.stderr)
    );
    let page = std::fs::read_to_string(&out).expect("report");
    assert!(
        page.starts_with("<!DOCTYPE html>\n<html lang=\"fr\">"),
        "the run's language"
    );
    assert!(
        page.contains("Rapport Glovebox") && page.contains("Comment ce résultat a été calculé")
    );
    // The reading, restated in the question's language, as the answer has it.
    let sentence = report["interpretation"]["sentence"]
        .as_str()
        .expect("a reading");
    assert!(
        page.contains(&format!(
            "<strong>Comprise comme :</strong> {}",
            sentence.replace('\'', "&#39;")
        )),
        "the reading is in the report: {sentence}"
    );
    for fetch in ["src=\"http", "href=\"http", "url(http", "@import"] {
        assert!(!page.contains(fetch), "no external resource: {fetch}");
    }
    assert!(
        page.contains("data:image/svg+xml;base64,"),
        "the pie chart is inline"
    );
    // The embedded manifest names the run's last audit entry.
    let start = page.find("id=\"glovebox-manifest\">").expect("manifest") + 23;
    let end = start + page[start..].find("</script>").expect("end");
    let manifest: serde_json::Value = serde_json::from_str(&page[start..end]).expect("json");
    assert_eq!(
        manifest["audit"]["run_last_entry_hash"],
        report["audit"]["entry_hash"]
    );
    assert_eq!(
        manifest["inputs"][0]["sha256"],
        report["inputs"][0]["sha256"]
    );
    assert_eq!(manifest["final_code"], report["code"]);

    // It verifies on "another machine": another folder, another database,
    // with the public key the signer exported.
    let public = glovebox(&["key", "export-public"]);
    let public = String::from_utf8_lossy(&public.stdout)
        .lines()
        .next()
        .unwrap_or("")
        .to_owned();
    assert!(public.starts_with("ed25519:"), "{public}");
    let elsewhere = tempfile::tempdir().expect("tempdir");
    let copy = elsewhere.path().join("received.html");
    std::fs::copy(&out, &copy).expect("copy");
    let verify = std::process::Command::new(crate::common::GLOVEBOX)
        .args([
            "--db",
            elsewhere
                .path()
                .join("other.sqlite3")
                .to_str()
                .expect("path"),
        ])
        .args(["verify", copy.to_str().expect("path"), "--key", &public])
        .output()
        .expect("verify");
    let said = String::from_utf8_lossy(&verify.stdout);
    assert_eq!(verify.status.code(), Some(0), "{said}");
    assert!(
        said.starts_with("valid: the report is exactly as signed by key"),
        "{said}"
    );
    assert!(!said.contains("not checked"), "{said}");

    // A changed number in a table is found and shown.
    let page = std::fs::read_to_string(&copy).expect("page");
    let cell = page.find("<td>").expect("a table cell") + 4;
    let digit = page[cell..]
        .find(|c: char| c.is_ascii_digit())
        .expect("a digit")
        + cell;
    let changed = if &page[digit..=digit] == "1" {
        "2"
    } else {
        "1"
    };
    std::fs::write(
        &copy,
        format!("{}{changed}{}", &page[..digit], &page[digit + 1..]),
    )
    .expect("write");
    let verify = s.glovebox(&["verify", copy.to_str().expect("path")]);
    let said = String::from_utf8_lossy(&verify.stdout);
    assert_eq!(verify.status.code(), Some(4), "{said}");
    assert!(
        said.contains("INVALID") && said.contains("differs from the signed manifest"),
        "{said}"
    );

    // The key can be removed; the next export makes a new one.
    let removed = glovebox(&["key", "delete-signing"]);
    assert!(String::from_utf8_lossy(&removed.stderr).contains("removed"));

    // Unknown and unfinished runs are refused in plain words.
    let missing = s.glovebox(&["export", "run-nope", "--out", out.to_str().expect("path")]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("there is no run run-nope"));
}

/// Without `--out`, the report is written in the current folder, named
/// after the question and the run's date.
#[test]
fn without_out_the_report_is_named_after_the_question() {
    let s = Scratch::new();
    let shop = repo().join("assets/samples/shop.csv");
    let run = s.glovebox(&[
        "run",
        shop.to_str().expect("path"),
        "--goal",
        "Part du chiffre d'affaires par région ?",
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
    let service = format!("glovebox-test-name-{}", std::process::id());
    let folder = tempfile::tempdir().expect("tempdir");
    let named = s
        .command(&["export", run_id, "--format", "pdf"])
        .env("GLOVEBOX_KEYRING_SERVICE", &service)
        .current_dir(folder.path())
        .output()
        .expect("export");
    assert_eq!(
        named.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&named.stderr)
    );
    let files: Vec<String> = std::fs::read_dir(folder.path())
        .expect("folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let name = &files[0];
    let date = name
        .strip_prefix("part-du-chiffre-d-affaires-par-region-")
        .and_then(|rest| rest.strip_suffix(".pdf"))
        .unwrap_or_else(|| panic!("{name}"));
    // The run's date, YYYY-MM-DD.
    assert!(
        date.len() == 10
            && date.chars().enumerate().all(|(i, c)| if i == 4 || i == 7 {
                c == '-'
            } else {
                c.is_ascii_digit()
            }),
        "{name}"
    );
    let _ = s
        .command(&["key", "delete-signing"])
        .env("GLOVEBOX_KEYRING_SERVICE", &service)
        .output();
}

/// `glovebox export` with this test's own keyring entry.
fn export(s: &Scratch, service: &str, run_id: &str, format: &str, out: &std::path::Path) {
    let done = s
        .command(&[
            "export",
            run_id,
            "--format",
            format,
            "--out",
            out.to_str().expect("path"),
        ])
        .env("GLOVEBOX_KEYRING_SERVICE", service)
        .output()
        .expect("export");
    assert_eq!(
        done.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
}

/// `glovebox verify FILE`: its exit code and what it said.
fn verify(s: &Scratch, file: &std::path::Path) -> (i32, String) {
    let out = s.glovebox(&["verify", file.to_str().expect("path")]);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// A run whose code printed markup and far more than a report keeps: the
/// HTML and the PDF show the start of it as text, say how much there was,
/// and verify; the printed text changed on the page, or in the signed
/// manifest, does not.
#[test]
fn what_the_code_printed_is_in_the_report_as_text_and_signed() {
    let s = Scratch::new();
    let data = s.file("data.csv", "x\n1\n2\n");
    let code = s.file(
        "printing.py",
        "import glovebox\nprint('<script>alert(1)</script> & <b>bold</b>')\n\
         for i in range(5000):\n    print('line', i, 'x' * 40)\n\
         glovebox.answer('rows', 2, unit='count')\n",
    );
    let (report, exit) = s.run_json(&[&data], "rows", &code, &["--yes"]);
    assert_eq!(exit, 0, "{report}");
    let run_id = report["run_id"].as_str().expect("run id");
    let service = format!("glovebox-test-printed-{}", std::process::id());
    let html = s.dir.path().join("printed.html");
    let pdf = s.dir.path().join("printed.pdf");
    let started = std::time::Instant::now();
    export(&s, &service, run_id, "html", &html);
    let html_time = started.elapsed();
    let started = std::time::Instant::now();
    export(&s, &service, run_id, "pdf", &pdf);
    let pdf_time = started.elapsed();
    let page = std::fs::read_to_string(&html).expect("page");
    eprintln!(
        "export: html {} bytes in {:?}, pdf {} bytes in {:?}",
        page.len(),
        html_time,
        std::fs::metadata(&pdf).expect("pdf").len(),
        pdf_time
    );
    // The start of it, escaped, after the code; 60 lines, not 5,001.
    assert!(page.contains(
        "<pre class=\"printed\">&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;\nline 0 "
    ));
    assert!(!page.contains("<script>alert") && !page.contains("<b>bold"));
    assert!(page.contains("line 58 ") && !page.contains("line 59 "));
    // 40 bytes, then 5,000 lines of 47 bytes and the digits of 0..4999
    // (18,890): 253,930 bytes, 0.24 MiB.
    assert!(
        page.contains("Only the beginning is shown; in all, the code printed 0.2 MiB."),
        "the size printed in all"
    );
    assert!(page.find("<pre class=\"code\">") < page.find("<pre class=\"printed\">"));
    let (code, said) = verify(&s, &html);
    assert_eq!(code, 0, "{said}");
    let (code, said) = verify(&s, &pdf);
    assert_eq!(code, 0, "{said}");
    // Changed on the page: found, and shown.
    let shown = page.replacen("\nline 7 ", "\nline 8 ", 1);
    assert_ne!(shown, page);
    std::fs::write(&html, &shown).expect("write");
    let (code, said) = verify(&s, &html);
    assert_eq!(code, 4, "{said}");
    assert!(said.contains("line 7"), "{said}");
    // Changed in the signed manifest (and on the page alike): the signature.
    let both = page.replace("line 7 ", "line 8 ");
    std::fs::write(&html, &both).expect("write");
    let (code, said) = verify(&s, &html);
    assert_eq!(code, 4, "{said}");
    assert!(said.contains("signature does not match"), "{said}");
    let _ = s
        .command(&["key", "delete-signing"])
        .env("GLOVEBOX_KEYRING_SERVICE", &service)
        .output();
}

/// Totals of a column whose cells are written in euros, French style:
/// each carries EUR in the answer, the explanation says where it came
/// from, and the report shows it as French writes it.
#[test]
fn totals_of_a_column_in_euros_carry_the_currency_into_the_report() {
    let s = Scratch::new();
    let data = s.file(
        "ventes.csv",
        "région;montant\nNord;12,50 €\nSud;7,25 €\nNord;1 200,00 €\nSud;3 €\n",
    );
    let run = s.glovebox(&[
        "run",
        data.to_str().expect("path"),
        "--goal",
        "total de montant par région",
        "--json",
    ]);
    let report: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&run.stderr));
    });
    assert_eq!(report["status"], "answered", "{report}");
    // Nord: 12.50 + 1,200.00; Sud: 7.25 + 3.
    let items = report["answer"]["items"].as_array().expect("items");
    let value = |name: &str| {
        items
            .iter()
            .find(|i| i["name"] == name)
            .unwrap_or_else(|| panic!("{name} in {items:?}"))
            .clone()
    };
    assert_eq!(value("total de montant (Nord)")["value"], 1212.5);
    assert_eq!(value("total de montant (Nord)")["unit"], "EUR");
    assert_eq!(value("total de montant (Sud)")["value"], 10.25);
    assert_eq!(value("total de montant (Sud)")["unit"], "EUR");
    let explanation = report["explanation"].as_str().expect("explanation");
    assert!(
        explanation.contains(
            "Les montants de montant sont en EUR\u{a0}: ses cellules sont écrites avec cette devise."
        ),
        "{explanation}"
    );
    let service = format!("glovebox-test-euros-{}", std::process::id());
    let html = s.dir.path().join("ventes.html");
    export(
        &s,
        &service,
        report["run_id"].as_str().expect("id"),
        "html",
        &html,
    );
    let page = std::fs::read_to_string(&html).expect("page");
    assert!(
        page.contains("<dd>1\u{202f}212,5\u{a0}€</dd>"),
        "a tile in euros"
    );
    let _ = s
        .command(&["key", "delete-signing"])
        .env("GLOVEBOX_KEYRING_SERVICE", &service)
        .output();
}

/// Two regions with the same top total, a real run: the answer lists both,
/// and the report says the tie under the tiles.
#[test]
fn a_tie_in_a_real_run_is_said_in_the_report() {
    let s = Scratch::new();
    // North: 4 + 6; South: 10; East: 5.
    let data = s.file(
        "regions.csv",
        "region,revenue\nNorth,4\nSouth,10\nEast,5\nNorth,6\n",
    );
    let run = s.glovebox(&[
        "run",
        data.to_str().expect("path"),
        "--goal",
        "which region has the highest total revenue",
        "--json",
    ]);
    let report: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&run.stderr));
    });
    assert_eq!(report["status"], "answered", "{report}");
    let items = report["answer"]["items"].as_array().expect("items");
    let tied = items
        .iter()
        .find(|i| i["value"].is_string())
        .expect("the groups at the top");
    assert_eq!(tied["value"], "North, South", "{items:?}");
    let service = format!("glovebox-test-tie-{}", std::process::id());
    let html = s.dir.path().join("tie.html");
    export(
        &s,
        &service,
        report["run_id"].as_str().expect("id"),
        "html",
        &html,
    );
    let page = std::fs::read_to_string(&html).expect("page");
    let sentence = format!(
        "<p class=\"tie\"><strong>A tie for {}: North, South (2 share this place).</strong></p>",
        tied["name"].as_str().expect("name")
    );
    assert!(page.contains(&sentence), "{sentence}");
    assert!(page.find("<dl class=\"values\">") < page.find(&sentence));
    let (code, said) = verify(&s, &html);
    assert_eq!(code, 0, "{said}");
    let _ = s
        .command(&["key", "delete-signing"])
        .env("GLOVEBOX_KEYRING_SERVICE", &service)
        .output();
}
