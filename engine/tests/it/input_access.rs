//! Inputs as the person, not as root (issue 16, item 4), through the CLI
//! as root: a link to a file the sandboxed job could not read stops before
//! anything runs and none of the file reaches the audit log; started as
//! root for a person (`SUDO_UID`), inputs are opened with that person's
//! rights, so a path or a link they may not follow stops too, and a file
//! they may read is answered.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use glovebox_engine::audit::AuditStore;

use crate::common::*;

/// A marker that must never reach the log.
const SECRET: &str = "SECRET-9c41e7";

/// The variables a launcher (`sudo`, `pkexec`, `doas`) leaves.
const LAUNCHER_VARS: [&str; 5] = [
    "SUDO_UID",
    "SUDO_GID",
    "SUDO_USER",
    "PKEXEC_UID",
    "DOAS_USER",
];

fn chmod(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

/// `glovebox run FILE --goal G --json` as root, for `person` (uid, gid,
/// name) when given: (report, exit code).
fn run(
    s: &Scratch,
    file: &Path,
    goal: &str,
    person: Option<(u32, u32, &str)>,
) -> (serde_json::Value, i32) {
    let file = file.to_string_lossy();
    let mut command = s.command(&["run", &file, "--goal", goal, "--json"]);
    for var in LAUNCHER_VARS {
        command.env_remove(var);
    }
    if let Some((uid, gid, name)) = person {
        command
            .env("SUDO_UID", uid.to_string())
            .env("SUDO_GID", gid.to_string())
            .env("SUDO_USER", name);
    }
    let out = command.output().expect("run glovebox");
    let report = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("no JSON ({e}): {}", String::from_utf8_lossy(&out.stderr)));
    (report, out.status.code().unwrap_or(-1))
}

/// Every byte of the audit database, its write-ahead log included.
fn log_bytes(s: &Scratch) -> String {
    let mut all = Vec::new();
    for suffix in ["", "-wal"] {
        let mut path = s.db().into_os_string();
        path.push(suffix);
        all.extend(std::fs::read(path).unwrap_or_default());
    }
    String::from_utf8_lossy(&all).into_owned()
}

/// The kinds of the entries the run recorded.
fn kinds(s: &Scratch, report: &serde_json::Value) -> Vec<String> {
    let run_id = report["run_id"].as_str().expect("run id");
    AuditStore::open(&s.db())
        .expect("log")
        .run_entries(run_id)
        .expect("entries")
        .into_iter()
        .map(|e| e.kind)
        .collect()
}

#[test]
fn a_link_to_a_file_the_job_could_not_read_stops_and_none_of_it_is_recorded() {
    let s = Scratch::new();
    // Like /etc/shadow: root's, its group may read it, no one else.
    let secret = s.file(
        "shadow",
        &format!("user,hash\nroot,{SECRET}\nalice,{SECRET}\n"),
    );
    chmod(&secret, 0o640);
    let link = s.dir.path().join("data.csv");
    std::os::unix::fs::symlink(&secret, &link).expect("link");
    let (report, code) = run(&s, &link, "how many rows", None);
    assert_eq!(
        (code, report["status"].as_str()),
        (2, Some("stopped")),
        "{report:#}"
    );
    let reason = report["stop_reason"].as_str().unwrap_or("");
    let real = std::fs::canonicalize(&secret).expect("real path");
    for words in [
        format!(
            "data.csv: the sandbox cannot read this file (a link to {})",
            real.display()
        ),
        "let only its owner and its group read it".into(),
        "nothing of it was read".into(),
        "chmod o+r".into(),
    ] {
        assert!(reason.contains(&words), "{words:?} not in {reason}");
    }
    assert_eq!(
        kinds(&s, &report),
        ["run_started", "run_finished"],
        "nothing ran"
    );
    // Said in the goal's language.
    let (report, _) = run(&s, &link, "combien de lignes ?", None);
    let reason = report["stop_reason"].as_str().unwrap_or("");
    let want = format!(
        "data.csv : le bac à sable ne peut pas lire ce fichier (un lien vers {}) : ses permissions (rw-r-----) ne laissent que son propriétaire et son groupe le lire",
        real.display()
    );
    assert!(reason.contains(&want), "{want:?} not in {reason}");
    assert!(
        !log_bytes(&s).contains(SECRET),
        "the secret reached the log"
    );
    assert!(!report.to_string().contains(SECRET), "{report:#}");
}

#[test]
fn as_root_for_a_person_inputs_are_opened_with_their_rights() {
    // `nobody` is no owner nor group of anything here.
    let person = Some((65_534, 65_534, "nobody"));
    let s = Scratch::new();
    // The scratch folder may be crossed, not listed; `shared` is open to
    // all, `private` is root's alone.
    chmod(s.dir.path(), 0o711);
    let shared = s.dir.path().join("shared");
    let private = s.dir.path().join("private");
    for (dir, mode) in [(&shared, 0o755), (&private, 0o700)] {
        std::fs::create_dir(dir).expect("mkdir");
        chmod(dir, mode);
    }
    let csv = format!("region,amount\nNorth,{}\nSouth,5\n", 7);
    std::fs::write(shared.join("sales.csv"), &csv).expect("write");
    let hidden = private.join("sales.csv");
    std::fs::write(&hidden, format!("region,amount\n{SECRET},1\n")).expect("write");
    // Readable by everyone, but behind root's folder; and a link to it.
    chmod(&hidden, 0o644);
    let link = shared.join("link.csv");
    std::os::unix::fs::symlink(&hidden, &link).expect("link");

    let (report, code) = run(&s, &shared.join("sales.csv"), "total amount", person);
    assert_eq!(
        (code, report["status"].as_str()),
        (0, Some("answered")),
        "{report:#}"
    );
    let values: Vec<f64> = report["answer"]["values"]
        .as_object()
        .map(|m| m.values().filter_map(serde_json::Value::as_f64).collect())
        .unwrap_or_default();
    assert_eq!(values, [12.0], "{report:#}");

    for (file, through) in [(&hidden, None), (&link, Some(&hidden))] {
        let (report, code) = run(&s, file, "total amount", person);
        assert_eq!(
            (code, report["status"].as_str()),
            (2, Some("stopped")),
            "{report:#}"
        );
        let reason = report["stop_reason"].as_str().unwrap_or("");
        let link_words = through
            .map(|t| format!(" (a link to {})", t.display()))
            .unwrap_or_default();
        let name = file.file_name().unwrap().to_string_lossy();
        let want = format!("{name}: you (nobody) may not read this file{link_words}, and Glovebox, started as root for you, reads your files with your rights only, so nothing of it was read");
        assert!(reason.contains(&want), "{want:?} not in {reason}");
        assert_eq!(
            kinds(&s, &report),
            ["run_started", "run_finished"],
            "nothing ran"
        );
    }
    // As root itself, the same file is the job's to read (0644): answered.
    let (report, _) = run(&s, &link, "total amount", None);
    assert_eq!(report["status"], "answered", "{report:#}");
    // Which is why the person's runs above must have recorded none of it:
    // only the run as root may hold the marker.
    let store = AuditStore::open(&s.db()).expect("log");
    let person_runs: Vec<String> = store
        .recent_runs(10)
        .expect("runs")
        .into_iter()
        .filter(|e| e.run_id != report["run_id"].as_str().unwrap_or(""))
        .flat_map(|e| store.run_entries(&e.run_id).expect("entries"))
        .map(|e| e.body.to_string())
        .collect();
    assert!(
        !person_runs.concat().contains(SECRET),
        "a person's run recorded the hidden file"
    );
}
