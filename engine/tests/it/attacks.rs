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

fn run_without_policy(fixture: &Fixture, code: &str) -> String {
    let sandbox = Sandbox::builder()
        .with_helper(helper())
        .expect("helper")
        .with_run_dir(fixture.scratch.dir.path().join("direct"))
        .build()
        .expect("sandbox");
    let mut setup = JobSetup {
        limits: Limits::builder()
            .with_wall_time(std::time::Duration::from_secs(3))
            .expect("limit")
            .build(),
        ..JobSetup::default()
    };
    setup.add_input(&fixture.input).expect("input");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let outcome = runtime.block_on(async {
        let prepared = sandbox.prepare(&setup, None).await.expect("prepare");
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
        let (report, exit) = fixture.scratch.run_json(
            &[fixture.input.as_path()],
            "total revenue",
            &script,
            &["--yes", "--time-limit", "3"],
        );
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

        // 2. The sandbox alone, policy skipped.
        let direct = run_without_policy(&fixture, &code);
        fixture.assert_contained(&name, "sandbox alone", &direct);
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
