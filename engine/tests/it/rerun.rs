//! `glovebox rerun RUN`: the recorded code runs again on the same inputs,
//! linked to the original, with identical results; a changed input is
//! refused by name.

use crate::common::{repo, Scratch};

#[test]
fn a_rerun_repeats_the_run_and_refuses_changed_inputs() {
    let s = Scratch::new();
    let csv = s.dir.path().join("shop.csv");
    std::fs::copy(repo().join("assets/samples/shop.csv"), &csv).expect("copy");
    let first = s.glovebox(&[
        "run",
        csv.to_str().expect("path"),
        "--goal",
        "average units per product",
        "--json",
    ]);
    let first: serde_json::Value = serde_json::from_slice(&first.stdout).expect("json");
    assert_eq!(first["status"], "answered");
    let run_id = first["run_id"].as_str().expect("run id");

    let again = s.glovebox(&["rerun", run_id, "--json"]);
    assert_eq!(
        again.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&again.stdout)
    );
    let again: serde_json::Value = serde_json::from_slice(&again.stdout).expect("json");
    assert_eq!(again["identical"], true, "{}", again["differences"]);
    assert_eq!(again["report"]["code"], first["code"]);
    assert_eq!(again["report"]["answer"], first["answer"]);
    // The new run is recorded, linked to the original.
    let new_id = again["report"]["run_id"].as_str().expect("new run");
    assert_ne!(new_id, run_id);
    let shown: serde_json::Value =
        serde_json::from_slice(&s.glovebox(&["show", new_id]).stdout).expect("show");
    assert_eq!(shown[0]["kind"], "run_started");
    assert_eq!(shown[0]["body"]["rerun_of"], run_id);

    // Inputs that moved are given again by name.
    let moved = s.dir.path().join("moved");
    std::fs::create_dir(&moved).expect("dir");
    let moved_csv = moved.join("shop.csv");
    std::fs::rename(&csv, &moved_csv).expect("move");
    let missing = s.glovebox(&["rerun", run_id]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("the input shop.csv is not at"));
    let given = s.glovebox(&["rerun", run_id, moved_csv.to_str().expect("path")]);
    assert_eq!(
        given.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&given.stdout)
    );

    // Another sandbox image: refused with --require-same-image, before
    // anything runs (the recorded digest is compared with the image in use).
    let other_image = s.dir.path().join("image");
    std::fs::create_dir_all(other_image.join("rootfs/usr/bin")).expect("dirs");
    std::fs::write(other_image.join("rootfs/usr/bin/python3"), "").expect("python");
    std::fs::write(other_image.join("DIGEST"), "sha256:other\n").expect("digest");
    let strict = s
        .command(&[
            "rerun",
            run_id,
            moved_csv.to_str().expect("path"),
            "--require-same-image",
        ])
        .env("GLOVEBOX_IMAGE", &other_image)
        .output()
        .expect("rerun");
    assert_eq!(strict.status.code(), Some(2));
    let said = String::from_utf8_lossy(&strict.stderr);
    assert!(
        said.contains("the sandbox image changed since") && said.contains("sha256:other"),
        "{said}"
    );

    // A changed input is refused, by name, and nothing runs.
    let mut text = std::fs::read_to_string(&moved_csv).expect("read");
    text = text.replacen(",12,", ",13,", 1);
    std::fs::write(&moved_csv, text).expect("write");
    let changed = s.glovebox(&["rerun", run_id, moved_csv.to_str().expect("path")]);
    assert_eq!(changed.status.code(), Some(2));
    let said = String::from_utf8_lossy(&changed.stderr);
    assert!(
        said.contains("the input shop.csv changed since the run"),
        "{said}"
    );
}
