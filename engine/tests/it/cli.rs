//! The CLI contract: JSON fields, exit codes, history, show, audit verify,
//! and a run killed mid-way.

use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::common::*;

#[test]
fn json_report_has_the_contract_fields() {
    let s = Scratch::new();
    let csv = repo().join("assets/samples/sales.csv");
    let (report, exit) = s.run_json(
        &[csv.as_path()],
        "total revenue per region",
        &repo().join("assets/samples/revenue_by_region.py"),
        &[],
    );
    assert_eq!(exit, 0, "{report}");
    for field in [
        "run_id",
        "status",
        "answer",
        "tables",
        "charts",
        "explanation",
        "code",
        "attempts",
        "stop_reason",
        "policy",
        "sandbox",
        "audit",
    ] {
        assert!(report.get(field).is_some(), "missing {field}");
    }
    assert_eq!(report["status"], "answered");
    assert_eq!(report["answer"]["values"]["total revenue"], 495.7);
    assert_eq!(report["policy"]["verdict"], "allow");
    assert_eq!(report["charts"][0]["kind"], "bar");
    for field in [
        "exit_code",
        "signal",
        "timed_out",
        "cpu_limit_hit",
        "oom_killed",
        "wall_ms",
        "wall_limit_ms",
        "cpu_ms",
        "cpu_limit_ms",
        "peak_memory_bytes",
        "files_read",
        "network_attempts",
    ] {
        assert!(
            report["sandbox"].get(field).is_some(),
            "missing sandbox.{field}"
        );
    }
    // Each time limit beside its use: 60 s of processor time by default,
    // and a backstop on elapsed time ten times longer.
    assert_eq!(report["sandbox"]["cpu_limit_ms"], 60_000);
    assert_eq!(report["sandbox"]["wall_limit_ms"], 600_000);
    assert_eq!(report["sandbox"]["cpu_limit_hit"], false);
    assert_eq!(
        report["sandbox"]["files_read"],
        serde_json::json!(["/input/sales.csv"])
    );
    assert_eq!(
        report["audit"]["entry_hash"].as_str().map(str::len),
        Some(64)
    );
}

#[test]
fn exit_codes_follow_the_contract() {
    let s = Scratch::new();
    let csv = repo().join("assets/samples/sales.csv");
    let denied = s.file("denied.py", "import os\n");
    let review = s.file("review.py", "import PIL\n");
    let failing = s.file(
        "failing.py",
        "import pandas as pd\npd.read_csv('/input/sales.csv')['missing']\n",
    );
    let (r, code) = s.run_json(&[csv.as_path()], "x", &denied, &["--yes"]);
    assert_eq!(
        (code, r["status"].as_str()),
        (3, Some("blocked")),
        "--yes never approves a deny"
    );
    let (r, code) = s.run_json(&[csv.as_path()], "x", &review, &[]);
    assert_eq!((code, r["status"].as_str()), (3, Some("blocked")));
    assert!(r["stop_reason"].as_str().unwrap().contains("--yes"));
    let (r, code) = s.run_json(&[csv.as_path()], "x", &failing, &[]);
    assert_eq!((code, r["status"].as_str()), (4, Some("stopped")));
    assert_eq!(
        r["stop_reason"],
        "the calculation failed at line 2: KeyError: 'missing'"
    );
    let missing = s.dir.path().join("missing.csv");
    let (r, code) = s.run_json(&[missing.as_path()], "x", &failing, &[]);
    assert_eq!(
        (code, r["stop_reason"].as_str()),
        (
            2,
            Some("one of your files cannot be used: missing.csv: file not found")
        )
    );
    let out = s.glovebox(&["run", csv.to_str().unwrap(), "--goal", "x"]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "a goal the offline recipes do not understand"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("did not understand what to compute")
            && stdout.contains("Columns in your files: dates: date; text: region, product"),
        "{stdout}"
    );
    let out = s.glovebox(&[
        "run",
        csv.to_str().unwrap(),
        "--goal",
        "total units",
        "--provider",
        "nope",
    ]);
    assert_eq!(out.status.code(), Some(2), "an unknown provider");
    assert!(String::from_utf8_lossy(&out.stdout).contains("unknown provider \"nope\""));
}

#[test]
fn review_needs_yes_and_the_approval_is_recorded() {
    let s = Scratch::new();
    let csv = repo().join("assets/samples/sales.csv");
    let code = s.file("stats.py", "import statistics, random\nimport glovebox\nglovebox.answer('n', len(open('/input/sales.csv').readlines()), unit='count')\nimport string as text_tools\nfrom textwrap import dedent\nimport pprint as x\n");
    let (r, _) = s.run_json(&[csv.as_path()], "x", &code, &["--yes"]);
    // pprint is in the image but not one of the usual modules: approved with --yes.
    let run = r["run_id"].as_str().unwrap();
    let show = s.glovebox(&["show", run]);
    let entries: serde_json::Value = serde_json::from_slice(&show.stdout).unwrap();
    let kinds: Vec<&str> = entries
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert!(kinds.contains(&"approval"), "{kinds:?}");
}

#[test]
fn a_killed_run_is_marked_interrupted_and_the_log_stays_consistent() {
    let s = Scratch::new();
    let csv = repo().join("assets/samples/sales.csv");
    let sleeper = s.file("sleep.py", "import time\ntime.sleep(60)\n");
    let mut child = s
        .command(&[
            "run",
            csv.to_str().unwrap(),
            "--goal",
            "x",
            "--code",
            sleeper.to_str().unwrap(),
        ])
        .env("GLOVEBOX_PROGRESS", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = BufReader::new(child.stderr.take().unwrap());
    for line in stderr.lines() {
        if line.unwrap().contains("running it in the sandbox") {
            break;
        }
    }
    std::thread::sleep(Duration::from_millis(800));
    child.kill().unwrap();
    child.wait().unwrap();
    // The next start marks the run interrupted; the chain holds.
    let history = s.glovebox(&["history"]);
    let text = String::from_utf8_lossy(&history.stdout);
    assert!(text.contains("interrupted"), "{text}");
    let verify = s.glovebox(&["audit", "verify"]);
    assert!(
        verify.status.success(),
        "{}",
        String::from_utf8_lossy(&verify.stdout)
    );
    // The helper saw its caller die and removed the container.
    let until = Instant::now() + Duration::from_secs(15);
    while Instant::now() < until && !container_leftovers(s.dir.path()).is_empty() {
        std::thread::sleep(Duration::from_millis(100));
    }
    let left = container_leftovers(s.dir.path());
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn tampering_is_reported_by_audit_verify() {
    let s = Scratch::new();
    let csv = repo().join("assets/samples/sales.csv");
    s.run_json(
        &[csv.as_path()],
        "x",
        &repo().join("assets/samples/revenue_by_region.py"),
        &[],
    );
    let conn = rusqlite::Connection::open(s.db()).unwrap();
    conn.execute_batch("DROP TRIGGER entries_no_update; UPDATE entries SET body = replace(body, '495.7', '9999') WHERE kind = 'result'").unwrap();
    drop(conn);
    let out = s.glovebox(&["audit", "verify"]);
    assert_eq!(out.status.code(), Some(4));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("BROKEN at entry"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn an_input_changed_during_the_run_is_not_answered() {
    let s = Scratch::new();
    let csv = s.file("data.csv", "x\n1\n2\n");
    let code = s.file(
        "slow.py",
        "import time\nimport pandas as pd\nimport glovebox\ntime.sleep(2)\nglovebox.answer('sum', int(pd.read_csv('/input/data.csv')['x'].sum()), unit='count')\n",
    );
    let child = s
        .command(&[
            "run",
            csv.to_str().unwrap(),
            "--goal",
            "sum of x",
            "--code",
            code.to_str().unwrap(),
            "--json",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1000));
    // Another program rewrites the file while the calculation runs.
    std::fs::write(&csv, "x\n100\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["status"], "stopped", "{report}");
    assert!(
        report["stop_reason"]
            .as_str()
            .unwrap()
            .contains("data.csv changed"),
        "{report}"
    );
}

#[test]
fn the_memory_limit_follows_the_input_unless_set() {
    let s = Scratch::new();
    let csv = repo().join("assets/samples/sales.csv");
    let code = repo().join("assets/samples/revenue_by_region.py");
    // A small file: the estimate is under the floor, the sandbox's default.
    let (report, exit) = s.run_json(&[csv.as_path()], "total revenue per region", &code, &[]);
    assert_eq!(exit, 0, "{report}");
    assert_eq!(report["sandbox"]["memory_limit_bytes"], 1u64 << 30);
    assert_eq!(report["sandbox"]["memory_limit_from"], "input");
    // A limit the person set wins, and the report says so.
    let (report, exit) = s.run_json(
        &[csv.as_path()],
        "total revenue per region",
        &code,
        &["--memory-limit", "512"],
    );
    assert_eq!(exit, 0, "{report}");
    assert_eq!(report["sandbox"]["memory_limit_bytes"], 512u64 << 20);
    assert_eq!(report["sandbox"]["memory_limit_from"], "you");
}

#[test]
fn a_memory_stop_names_the_limit_that_would_do_and_where_to_set_it() {
    let s = Scratch::new();
    let csv = repo().join("assets/samples/sales.csv");
    let greedy = s.file(
        "greedy.py",
        "big = b\"x\" * (400 * 1024 * 1024)\nprint(len(big))\n",
    );
    let (report, _) = s.run_json(
        &[csv.as_path()],
        "total revenue per region",
        &greedy,
        &["--memory-limit", "128"],
    );
    assert_eq!(report["sandbox"]["oom_killed"], true, "{report}");
    assert_eq!(
        report["stop_reason"],
        "the calculation needed more than 128 MB of memory and was stopped; 256 MB would likely be enough: raise the memory limit to 256 MB (in the app's Settings → Memory limit, or with --memory-limit 256)"
    );
}
