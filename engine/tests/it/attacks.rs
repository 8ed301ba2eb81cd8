//! The attack corpus (`tests/attacks/`), run twice per script:
//! 1. through `glovebox run --code FILE --yes --json` (policy and sandbox),
//!    which must end with the status the script declares;
//! 2. directly in the sandbox with the policy skipped, which must contain it
//!    on its own.
//!
//! Both runs assert: the host canary never appears in any output, the host
//! listener on 127.0.0.1 receives no connection, the input is unchanged and
//! no container mount or process is left. Afterwards a normal run still
//! answers (the app is healthy).
//!
//! Both runs also check the outside record (`check_outside_record`): the
//! sandbox's outcome always arrives, every output name it records is clean
//! UTF-8 with no control, bidi or invisible character, and optional
//! directives hold — `# expect-network: N` (at least N refused sockets in
//! the audit log's `sandbox` entry and in the sandbox's own outcome),
//! `# expect-refused-output: TEXT` (an output entry refused with a reason
//! holding TEXT; such a script runs with `--out`, whose copies are checked
//! too), `# expect-note: TEXT` (the report says TEXT) and
//! `# expect-terminal: clean` (the human report, without `--json`, holds no
//! character a terminal would obey).

use std::net::TcpListener;

use glovebox_sandbox::{JobSetup, Limits, Sandbox};

use crate::common::*;

struct Fixture {
    scratch: Scratch,
    canary_path: std::path::PathBuf,
    canary_text: String,
    listener: TcpListener,
    input: std::path::PathBuf,
    input_bytes: Vec<u8>,
}

impl Fixture {
    fn new() -> Self {
        let scratch = Scratch::new();
        let canary_text = format!("CANARY-SECRET-{}", std::process::id());
        let canary_path = scratch.file("host-secret.txt", &canary_text);
        let listener = TcpListener::bind("127.0.0.1:0").expect("listener");
        listener.set_nonblocking(true).expect("nonblocking");
        let input = scratch.dir.path().join("sales.csv");
        std::fs::copy(repo().join("assets/samples/sales.csv"), &input).expect("copy sample");
        let input_bytes = std::fs::read(&input).expect("read input");
        Self {
            scratch,
            canary_path,
            canary_text,
            listener,
            input,
            input_bytes,
        }
    }

    fn instantiate(&self, template: &str) -> String {
        let canary = self.canary_path.to_string_lossy();
        let pieces: Vec<String> = canary.split('/').map(|p| format!("{p:?}")).collect();
        template
            .replace(
                "CANARY_EXPR",
                &format!("\"/\".join([{}])", pieces.join(", ")),
            )
            .replace("CANARY_PATH", &canary)
            .replace(
                "HOST_PORT",
                &self.listener.local_addr().expect("addr").port().to_string(),
            )
    }

    /// The checks both layers must pass on their own.
    fn assert_contained(&self, name: &str, layer: &str, output: &str) {
        assert!(
            !output.contains(&self.canary_text),
            "{name} ({layer}): the canary leaked"
        );
        match self.listener.accept() {
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            other => panic!("{name} ({layer}): the host listener was reached: {other:?}"),
        }
        assert_eq!(
            std::fs::read(&self.input).expect("input"),
            self.input_bytes,
            "{name} ({layer}): input changed"
        );
        let left = container_leftovers(self.scratch.dir.path());
        assert!(left.is_empty(), "{name} ({layer}): leftovers {left:?}");
    }
}

fn expected_status(source: &str) -> &str {
    source
        .lines()
        .find_map(|l| l.strip_prefix("# expect: "))
        .map(str::trim)
        .expect("every attack declares its expected status")
}

/// The time limits a script runs under, in seconds: the CPU-time limit and,
/// for the scripts that are stopped by design, a short wall-clock backstop
/// (burners run into the CPU limit, sleeping bombs into the backstop). The
/// others get a CPU limit that no load can make them miss (it counts only
/// the time they compute) and the default backstop, minutes.
fn time_limits(template: &str) -> (u64, Option<u64>) {
    if expected_status(template) == "stopped" {
        (SHORT_LIMIT_SECS, Some(SHORT_WALL_SECS))
    } else {
        (LONG_LIMIT_SECS, None)
    }
}

/// The same limits as `glovebox run` options.
fn limit_args(template: &str) -> Vec<String> {
    let (cpu, wall) = time_limits(template);
    let mut args = vec!["--time-limit".to_owned(), cpu.to_string()];
    if let Some(wall) = wall {
        args.extend(["--wall-limit".to_owned(), wall.to_string()]);
    }
    args
}

/// The CPU-time limit of the scripts that run into a limit by design.
const SHORT_LIMIT_SECS: u64 = 3;

/// The wall-clock backstop of the scripts that run into a limit by design
/// (long enough that a loaded machine still lets them show what they do
/// before it).
const SHORT_WALL_SECS: u64 = 20;

/// The CPU-time limit of every other script.
const LONG_LIMIT_SECS: u64 = 30;

fn run_without_policy(
    fixture: &Fixture,
    code: &str,
    outputs_to: Option<&std::path::Path>,
    template: &str,
) -> String {
    let sandbox = Sandbox::builder()
        .with_helper(helper())
        .expect("helper")
        .with_run_dir(fixture.scratch.dir.path().join("direct"))
        .build()
        .expect("sandbox");
    let (cpu, wall) = time_limits(template);
    let mut limits = Limits::builder()
        .with_cpu_time(std::time::Duration::from_secs(cpu))
        .expect("limit");
    if let Some(wall) = wall {
        limits = limits
            .with_wall_time(std::time::Duration::from_secs(wall))
            .expect("limit");
    }
    let mut setup = JobSetup {
        limits: limits.build(),
        ..JobSetup::default()
    };
    setup.add_input(&fixture.input).expect("input");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let outcome = runtime.block_on(async {
        let prepared = sandbox.prepare(&setup, outputs_to).await.expect("prepare");
        prepared
            .start(code)
            .await
            .expect("start")
            .finish()
            .await
            .expect("finish")
    });
    serde_json::to_string(&outcome).expect("json")
}

#[test]
fn attack_corpus_is_blocked_or_contained_by_each_layer() {
    let fixture = Fixture::new();
    let files = python_files("attacks");
    assert!(
        files.len() >= 40,
        "the corpus must hold at least 40 attacks"
    );
    let mut failures = Vec::new();
    for file in &files {
        let name = file
            .file_stem()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        let template = std::fs::read_to_string(file).expect("read attack");
        let code = fixture.instantiate(&template);
        let script = fixture.scratch.file(&format!("{name}.py"), &code);

        // 1. The whole pipeline.
        let out_dir = fixture.scratch.dir.path().join(format!("out-{name}"));
        let out_arg = out_dir.to_string_lossy().into_owned();
        let limits = limit_args(&template);
        let mut extra = vec!["--yes"];
        extra.extend(limits.iter().map(String::as_str));
        if !directives(&template, "expect-refused-output").is_empty() {
            extra.extend(["--out", out_arg.as_str()]);
        }
        let (report, exit) =
            fixture
                .scratch
                .run_json(&[fixture.input.as_path()], "total revenue", &script, &extra);
        let status = report["status"].as_str().unwrap_or("?").to_owned();
        if status != expected_status(&template) {
            failures.push(format!(
                "{name}: status {status} (exit {exit}), expected {}; reason: {}",
                expected_status(&template),
                report["stop_reason"]
            ));
        }
        let expected_exit = match status.as_str() {
            "answered" => 0,
            "blocked" => 3,
            _ => 4,
        };
        assert_eq!(exit, expected_exit, "{name}: exit code");
        fixture.assert_contained(&name, "pipeline", &report.to_string());
        failures.extend(check_outside_record(
            &fixture, &name, &template, &report, &out_dir, &script,
        ));

        // 2. The sandbox alone, policy skipped.
        let direct_out = fixture
            .scratch
            .dir
            .path()
            .join(format!("direct-out-{name}"));
        std::fs::create_dir_all(&direct_out).expect("direct out");
        let direct = run_without_policy(&fixture, &code, Some(&direct_out), &template);
        fixture.assert_contained(&name, "sandbox alone", &direct);
        let outcome: serde_json::Value = serde_json::from_str(&direct).expect("outcome");
        failures.extend(check_outcome(&name, "sandbox alone", &template, &outcome));
        failures.extend(check_copies(&name, "sandbox alone", &direct_out));
    }
    assert!(
        failures.is_empty(),
        "unexpected statuses:\n{}",
        failures.join("\n")
    );

    // The app is healthy afterwards.
    let (report, exit) = fixture.scratch.run_json(
        &[fixture.input.as_path()],
        "total revenue",
        &repo().join("assets/samples/revenue_by_region.py"),
        &[],
    );
    assert_eq!(
        (report["status"].as_str(), exit),
        (Some("answered"), 0),
        "{report}"
    );
    let verify = fixture.scratch.glovebox(&["audit", "verify"]);
    assert!(
        verify.status.success(),
        "{}",
        String::from_utf8_lossy(&verify.stdout)
    );
}

/// The values of `# KEY: value` lines of a script.
fn directives<'a>(source: &'a str, key: &str) -> Vec<&'a str> {
    let prefix = format!("# {key}: ");
    source
        .lines()
        .filter_map(|l| l.strip_prefix(prefix.as_str()))
        .map(str::trim)
        .collect()
}

/// A name a person can be shown as it is: no control, bidi or invisible
/// character, no U+FFFD (a lossy decoding of bytes that were not UTF-8).
fn clean_name(name: &str) -> bool {
    !name
        .chars()
        .any(|c| glovebox_engine::terminal::is_unsafe(c) || c == '\u{FFFD}')
}

/// The sandbox's outcome as one layer recorded it: names clean, the
/// declared network attempts and refused output entries present.
fn check_outcome(
    name: &str,
    layer: &str,
    template: &str,
    outcome: &serde_json::Value,
) -> Vec<String> {
    let mut failures = Vec::new();
    let listed = |key: &str| outcome[key].as_array().cloned().unwrap_or_default();
    for entry in listed("output_files")
        .iter()
        .chain(&listed("output_skipped"))
    {
        let shown = entry["name"].as_str().unwrap_or("");
        if !clean_name(shown) {
            failures.push(format!(
                "{name} ({layer}): output name recorded raw: {shown:?}"
            ));
        }
    }
    for want in directives(template, "expect-network") {
        let want: usize = want.parse().expect("expect-network: a number");
        let seen = listed("network_attempts").len();
        if seen < want {
            failures.push(format!(
                "{name} ({layer}): {seen} network attempt(s) recorded, expected at least {want}"
            ));
        }
    }
    for reason in directives(template, "expect-refused-output") {
        let found = listed("output_skipped")
            .iter()
            .any(|s| s["reason"].as_str().is_some_and(|r| r.contains(reason)));
        if !found {
            failures.push(format!(
                "{name} ({layer}): no output entry refused because {reason:?}: {}",
                outcome["output_skipped"]
            ));
        }
    }
    failures
}

/// Every file copied out of the sandbox into `dir` has a clean UTF-8 name
/// and sits at most `MAX_OUTPUT_DEPTH` folders deep.
fn check_copies(name: &str, layer: &str, dir: &std::path::Path) -> Vec<String> {
    let mut failures = Vec::new();
    let mut stack = vec![(dir.to_path_buf(), 0usize)];
    while let Some((folder, depth)) = stack.pop() {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            let file_name = entry.file_name();
            match file_name.to_str() {
                Some(n) if clean_name(n) => {}
                _ => failures.push(format!("{name} ({layer}): copied as {file_name:?}")),
            }
            if depth > glovebox_sandbox::outcome::MAX_OUTPUT_DEPTH + 1 {
                failures.push(format!("{name} ({layer}): copied {depth} folders deep"));
            }
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push((entry.path(), depth + 1));
            }
        }
    }
    failures
}

/// What the pipeline left in the audit log (read back with `glovebox
/// show`), the copies under `--out`, the report's words, and the human
/// report when the script asks for a clean terminal.
fn check_outside_record(
    fixture: &Fixture,
    name: &str,
    template: &str,
    report: &serde_json::Value,
    out_dir: &std::path::Path,
    script: &std::path::Path,
) -> Vec<String> {
    let mut failures = Vec::new();
    for note in directives(template, "expect-note") {
        if !report.to_string().contains(note) {
            failures.push(format!(
                "{name} (pipeline): the report does not say {note:?}"
            ));
        }
    }
    let run_id = report["run_id"].as_str().unwrap_or_default();
    let shown = fixture.scratch.glovebox(&["show", run_id]);
    let entries: Vec<serde_json::Value> = serde_json::from_slice(&shown.stdout).unwrap_or_default();
    if !entries.iter().any(|e| e["kind"] == "run_finished") {
        failures.push(format!(
            "{name} (pipeline): the audit log has no run_finished"
        ));
    }
    let sandbox = entries.iter().rev().find(|e| e["kind"] == "sandbox");
    match sandbox {
        Some(entry) => failures.extend(check_outcome(
            name,
            "pipeline audit log",
            template,
            &entry["body"]["outcome"],
        )),
        None if report["status"] != "blocked" => {
            failures.push(format!(
                "{name} (pipeline): no sandbox entry in the audit log"
            ));
        }
        None => {}
    }
    failures.extend(check_copies(name, "pipeline", &out_dir.join("files")));
    if directives(template, "expect-terminal").contains(&"clean") {
        let input = fixture.input.to_string_lossy().into_owned();
        let script = script.to_string_lossy().into_owned();
        let limits = limit_args(template);
        let mut args: Vec<&str> = vec![
            "run",
            &input,
            "--goal",
            "total revenue",
            "--code",
            &script,
            "--yes",
        ];
        args.extend(limits.iter().map(String::as_str));
        let human = fixture.scratch.glovebox(&args);
        for (stream, bytes) in [("stdout", &human.stdout), ("stderr", &human.stderr)] {
            let text = String::from_utf8_lossy(bytes);
            if let Some(c) = text
                .chars()
                .find(|c| *c != '\n' && glovebox_engine::terminal::is_unsafe(*c))
            {
                failures.push(format!("{name} (terminal): {stream} holds {:?}: {text}", c));
            }
        }
    }
    failures
}
