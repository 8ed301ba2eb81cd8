//! The run loop without root or an image: a scripted executor stands for the
//! sandbox and a scripted generator for a model, so the repair bound,
//! cancel before and while the code runs, each stop kind, an input that
//! changes while the code runs, and review and deny are each checked on a
//! real audit log. The real sandbox runs the same loop in `tests/it/`.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use glovebox_sandbox::{JobSetup, Limits, Outcome, SandboxError};

use super::memory::MemoryFrom;
use serde_json::json;

use super::executor::{ExecFuture, Executor, OutputSink, Prepared};
use super::*;
use crate::generator::{GenerateFuture, Generator, Repair, TextSink};

/// What the fake sandbox does with the next code it is given.
#[derive(Debug, Clone)]
enum Script {
    /// Exits 0 with these answers in a result document sealed with the
    /// attempt's nonce.
    Answers(serde_json::Value),
    /// Exits 1 with this error output and no result.
    Fails(&'static str),
    /// Stopped at the CPU-time limit.
    OutOfCpu,
    /// The sandbox itself cannot run it.
    Broken,
    /// Runs until cancelled.
    UntilCancelled,
    /// Rewrites this file while it runs, then answers.
    RewritesInput(PathBuf),
}

#[derive(Debug, Default)]
struct Fake {
    scripts: Mutex<VecDeque<Script>>,
    /// The code of each run started, in order.
    ran: Mutex<Vec<String>>,
    /// The memory limit of each container prepared, in order.
    prepared_memory: Mutex<Vec<u64>>,
}

#[derive(Debug, Clone, Default)]
struct FakeExecutor(Arc<Fake>);

impl FakeExecutor {
    fn new(scripts: Vec<Script>) -> Self {
        let fake = Fake {
            scripts: Mutex::new(scripts.into()),
            ..Fake::default()
        };
        Self(Arc::new(fake))
    }

    fn ran(&self) -> Vec<String> {
        self.0.ran.lock().expect("ran").clone()
    }
}

struct FakePrepared(Arc<Fake>);

impl Executor for FakeExecutor {
    fn prepare(&self, setup: JobSetup, _: Option<PathBuf>) -> ExecFuture<Box<dyn Prepared>> {
        let fake = self.0.clone();
        fake.prepared_memory
            .lock()
            .expect("prepared")
            .push(setup.limits.memory_bytes);
        Box::pin(async move { Ok(Box::new(FakePrepared(fake)) as Box<dyn Prepared>) })
    }
}

fn outcome(exit_code: i32, result: String) -> Outcome {
    serde_json::from_value(json!({"exit_code": exit_code, "signal": null, "timed_out": false,
        "oom_killed": false, "pids_limit_hit": false, "cancelled": false,
        "usage": {"wall_ms": 5, "cpu_ms": 4, "peak_memory_bytes": 1000, "pids_limit_events": 0, "create_ms": 1},
        "stdout": "", "stderr": "", "stdout_total_bytes": 0, "stderr_total_bytes": 0,
        "stdout_truncated": false, "stderr_truncated": false, "result": result, "result_truncated": false,
        "output_files": [], "output_skipped": [], "network_attempts": [], "network_attempts_total": 0,
        "image_digest": "sha256:fake",
        "mode": {"isolation": "root", "cgroup_layout": "v2", "cgroup_manager": "cgroupfs"}}))
    .expect("an outcome")
}

fn document(nonce: &str, answers: &serde_json::Value) -> String {
    json!({"glovebox": 1, "nonce": nonce, "answers": answers, "tables": [], "charts": [],
        "notes": [], "error": null, "files_opened": [], "network_events": [], "process_events": []})
    .to_string()
}

impl Prepared for FakePrepared {
    fn run(
        self: Box<Self>,
        code: String,
        files: Vec<(String, String)>,
        output: OutputSink,
        cancel: Option<tokio::sync::watch::Receiver<bool>>,
    ) -> ExecFuture<Outcome> {
        let fake = self.0;
        Box::pin(async move {
            fake.ran.lock().expect("ran").push(code);
            let nonce = files
                .iter()
                .find(|(name, _)| name == "nonce")
                .map(|(_, n)| n.clone())
                .unwrap_or_default();
            let script = fake.scripts.lock().expect("scripts").pop_front();
            let _ = output.send((
                glovebox_sandbox::protocol::OutputStream::Stdout,
                "hi\n".into(),
            ));
            match script.expect("a script for every run") {
                Script::Answers(answers) => Ok(outcome(0, document(&nonce, &answers))),
                Script::Fails(stderr) => Ok(Outcome {
                    stderr: stderr.into(),
                    ..outcome(1, String::new())
                }),
                Script::OutOfCpu => Ok(Outcome {
                    cpu_limit_hit: true,
                    signal: Some(9),
                    ..outcome(-1, String::new())
                }),
                Script::Broken => Err(SandboxError::Helper {
                    code: "io".into(),
                    message: "the container could not be created".into(),
                }),
                Script::UntilCancelled => {
                    cancel_requested(cancel).await;
                    Ok(Outcome {
                        cancelled: true,
                        signal: Some(9),
                        ..outcome(-1, String::new())
                    })
                }
                Script::RewritesInput(path) => {
                    std::fs::write(&path, "region,revenue\nNorth,10\nSouth,2000\n")
                        .expect("rewrite");
                    Ok(outcome(
                        0,
                        document(&nonce, &json!([{"name": "t", "value": 1, "unit": null}])),
                    ))
                }
            }
        })
    }
}

/// A model that writes `print('attempt N')` and is told each failure.
#[derive(Debug, Default)]
struct ScriptedModel {
    /// The failures it was asked to repair.
    told: Arc<Mutex<Vec<String>>>,
}

impl Generator for ScriptedModel {
    fn name(&self) -> &'static str {
        "scripted"
    }

    fn can_repair(&self) -> bool {
        true
    }

    fn generate<'a>(&'a self, _: &'a GenerationRequest<'a>, _: TextSink<'a>) -> GenerateFuture<'a> {
        Box::pin(async { Ok(code("print('attempt 1')")) })
    }

    fn repair<'a>(
        &'a self,
        _: &'a GenerationRequest<'a>,
        repair: Repair<'a>,
        _: TextSink<'a>,
    ) -> Option<GenerateFuture<'a>> {
        self.told
            .lock()
            .expect("told")
            .push(repair.failure.to_owned());
        let n = self.told.lock().expect("told").len() + 1;
        Some(Box::pin(async move {
            Ok(code(&format!("print('attempt {n}')")))
        }))
    }
}

fn code(text: &str) -> Generated {
    Generated {
        code: format!("{text}\n"),
        origin: "scripted".into(),
        ..Generated::default()
    }
}

struct Bench {
    dir: tempfile::TempDir,
    csv: PathBuf,
    executor: FakeExecutor,
    told: Arc<Mutex<Vec<String>>>,
}

impl Bench {
    fn new(scripts: Vec<Script>) -> Self {
        let dir = tempfile::tempdir().expect("tempdir");
        let csv = dir.path().join("sales.csv");
        std::fs::write(&csv, "region,revenue\nNorth,10\nSouth,20\n").expect("csv");
        Self {
            dir,
            csv,
            executor: FakeExecutor::new(scripts),
            told: Arc::default(),
        }
    }

    fn engine(&self) -> Engine {
        let told = self.told.clone();
        Engine::open_with(
            &self.db(),
            Arc::new(self.executor.clone()),
            self.dir.path(),
            Limits::default(),
        )
        .expect("engine")
        .with_generators(Arc::new(move |_: &RunRequest| {
            let model = ScriptedModel { told: told.clone() };
            Ok(Box::new(model) as Box<dyn Generator>)
        }))
    }

    fn db(&self) -> PathBuf {
        self.dir.path().join("audit.sqlite3")
    }

    fn request(&self, code: Option<&str>) -> RunRequest {
        RunRequest {
            code: code.map(str::to_owned),
            provider: "scripted".into(),
            ..RunRequest::new(vec![self.csv.clone()], "total revenue")
        }
    }

    fn run(&self, request: RunRequest) -> RunReport {
        block_on(self.engine().run(request, |_| {})).expect("recorded")
    }

    /// The run's entry kinds, in order.
    fn kinds(&self, run_id: &str) -> Vec<String> {
        AuditStore::open(&self.db())
            .expect("store")
            .run_entries(run_id)
            .expect("entries")
            .into_iter()
            .map(|e| e.kind)
            .collect()
    }

    /// The report history folds from the log.
    fn history(&self, run_id: &str) -> RunReport {
        let store = AuditStore::open(&self.db()).expect("store");
        crate::history::report(&store, run_id)
            .expect("read")
            .expect("recorded")
    }
}

fn block_on<T>(f: impl std::future::Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
        .block_on(f)
}

fn answers(value: f64) -> Script {
    Script::Answers(json!([{"name": "total", "value": value, "unit": null}]))
}

#[test]
fn the_memory_limit_is_estimated_only_when_the_person_did_not_set_it() {
    const MIB: u64 = 1024 * 1024;
    let bench = Bench::new(vec![answers(1.0), answers(2.0)]);
    // Set (the engine's limits as given, as `--memory-limit 512` builds it).
    let set = Limits::builder()
        .with_memory_bytes(512 * MIB)
        .expect("limit")
        .build();
    let mut engine = Engine::open_with(
        &bench.db(),
        Arc::new(bench.executor.clone()),
        bench.dir.path(),
        set,
    )
    .expect("engine");
    let report = block_on(engine.run(bench.request(Some("print(1)")), |_| {})).expect("run");
    assert_eq!(report.sandbox.memory_limit_bytes, Some(512 * MIB));
    assert_eq!(report.sandbox.memory_limit_from, Some(MemoryFrom::You));
    // Estimated: a file of two rows gets the floor, 1 GiB, whatever the
    // limits given at open said.
    let mut engine = Engine::open_with(
        &bench.db(),
        Arc::new(bench.executor.clone()),
        bench.dir.path(),
        Limits::builder()
            .with_memory_bytes(512 * MIB)
            .expect("limit")
            .build(),
    )
    .expect("engine")
    .with_memory_estimated();
    let report = block_on(engine.run(bench.request(Some("print(1)")), |_| {})).expect("run");
    assert_eq!(report.sandbox.memory_limit_bytes, Some(1024 * MIB));
    assert_eq!(report.sandbox.memory_limit_from, Some(MemoryFrom::Input));
    assert_eq!(bench.history(&report.run_id), report);
    // Each container was prepared with the limit its run recorded.
    let prepared = bench
        .executor
        .0
        .prepared_memory
        .lock()
        .expect("prepared")
        .clone();
    assert_eq!(prepared, [512 * MIB, 1024 * MIB]);
}

#[test]
fn an_answer_is_recorded_step_by_step_and_history_reads_the_same_report() {
    let bench = Bench::new(vec![answers(30.0)]);
    let report = bench.run(bench.request(Some("print(1)")));
    assert_eq!(report.status, Status::Answered, "{:?}", report.stop_reason);
    assert_eq!(report.answer.text, "total: 30");
    assert_eq!(
        bench.kinds(&report.run_id),
        [
            "run_started",
            "input",
            "code",
            "policy",
            "sandbox",
            "result",
            "run_finished"
        ]
    );
    assert_eq!(bench.history(&report.run_id), report);
}

#[test]
fn denied_code_never_reaches_the_sandbox_and_given_code_is_never_repaired() {
    let bench = Bench::new(vec![]);
    let report = bench.run(bench.request(Some("import socket\nsocket.socket()\n")));
    assert_eq!(report.status, Status::Blocked);
    assert_eq!(report.stop_kind, Some(StopKind::Policy));
    assert_eq!(report.attempts.len(), 1);
    assert!(bench.executor.ran().is_empty(), "nothing ran");
    assert!(bench.told.lock().expect("told").is_empty(), "no repair");
}

#[test]
fn a_module_the_sandbox_lacks_stops_before_running_saying_what_is_there() {
    let bench = Bench::new(vec![]);
    let report = bench.run(bench.request(Some("import plotly.express as px\n")));
    assert_eq!(report.status, Status::Blocked);
    assert_eq!(report.stop_kind, Some(StopKind::Policy));
    let reason = report.stop_reason.unwrap_or_default();
    assert!(
        reason.contains("no module plotly") && reason.contains("seaborn"),
        "{reason}"
    );
    assert!(bench.executor.ran().is_empty(), "nothing ran");
}

#[test]
fn review_stops_without_approval_and_runs_with_a_recorded_one() {
    let bench = Bench::new(vec![answers(1.0)]);
    let blocked = bench.run(bench.request(Some("import PIL\nprint(1)\n")));
    assert_eq!(blocked.stop_kind, Some(StopKind::Review));
    assert!(bench.executor.ran().is_empty());

    let approved = bench.run(RunRequest {
        approve_review: true,
        approved_by: Some("user (test)".into()),
        ..bench.request(Some("import PIL\nprint(1)\n"))
    });
    assert_eq!(
        approved.status,
        Status::Answered,
        "{:?}",
        approved.stop_reason
    );
    let store = AuditStore::open(&bench.db()).expect("store");
    let approval = store
        .events(&approved.run_id)
        .expect("events")
        .into_iter()
        .find_map(|r| match r.event {
            Event::Approval(a) => Some(a),
            _ => None,
        })
        .expect("the approval is recorded");
    assert_eq!(approval.by, "user (test)");
}

#[test]
fn a_repairing_generator_gets_its_bounded_tries_each_told_why_then_the_run_stops() {
    let bench = Bench::new(vec![
        Script::Fails("Traceback\nKeyError: 'revenu'"),
        Script::OutOfCpu,
        Script::Fails("ZeroDivisionError"),
    ]);
    let report = bench.run(bench.request(None));
    assert_eq!(report.status, Status::Stopped);
    assert_eq!(report.stop_kind, Some(StopKind::Result));
    let tries = 1 + generator::DEFAULT_REPAIR_ATTEMPTS as usize;
    assert_eq!(bench.executor.ran().len(), tries);
    assert_eq!(
        bench.executor.ran().last().map(String::as_str),
        Some("print('attempt 3')\n")
    );
    assert_eq!(report.attempts.len(), tries);
    let told = bench.told.lock().expect("told").clone();
    assert_eq!(told.len(), tries - 1);
    assert!(told[0].contains("KeyError: 'revenu'"), "{told:?}");
    assert!(
        told[1].contains("used all of its 60 s of CPU time"),
        "{told:?}"
    );
    let kinds = bench.kinds(&report.run_id);
    assert_eq!(
        kinds.iter().filter(|k| *k == "attempt_failed").count(),
        tries - 1
    );
    assert!(
        report.stop_reason.as_deref().unwrap_or("").contains('3'),
        "says how many attempts: {:?}",
        report.stop_reason
    );
}

#[test]
fn a_sandbox_that_cannot_run_the_code_is_a_sandbox_stop_never_repaired() {
    let bench = Bench::new(vec![Script::Broken]);
    let report = bench.run(bench.request(None));
    assert_eq!(report.stop_kind, Some(StopKind::Sandbox));
    assert!(bench.told.lock().expect("told").is_empty());
    assert!(bench
        .kinds(&report.run_id)
        .contains(&"sandbox_error".to_owned()));
}

#[test]
fn a_cancel_before_the_code_starts_runs_nothing() {
    let bench = Bench::new(vec![answers(1.0)]);
    let (tx, rx) = tokio::sync::watch::channel(false);
    tx.send(true).expect("cancel");
    let report = bench.run(RunRequest {
        cancel: Some(rx),
        ..bench.request(Some("print(1)"))
    });
    assert_eq!(report.stop_kind, Some(StopKind::Cancelled));
    assert!(bench.executor.ran().is_empty());
    assert_eq!(bench.history(&report.run_id), report);
}

#[test]
fn a_cancel_while_the_code_runs_stops_it_and_is_recorded() {
    let bench = Bench::new(vec![Script::UntilCancelled]);
    let (tx, rx) = tokio::sync::watch::channel(false);
    let mut printed = String::new();
    let report = block_on(bench.engine().run(
        RunRequest {
            cancel: Some(rx),
            ..bench.request(Some("print(1)"))
        },
        |p| {
            // The person presses Cancel once the code has printed.
            if let Progress::Output { text, .. } = p {
                printed.push_str(text);
                let _ = tx.send(true);
            }
        },
    ))
    .expect("recorded");
    assert_eq!(printed, "hi\n");
    assert_eq!(report.stop_kind, Some(StopKind::Cancelled));
    assert_eq!(bench.executor.ran().len(), 1);
    assert!(bench.kinds(&report.run_id).contains(&"sandbox".to_owned()));
}

#[test]
fn an_input_changed_while_the_code_ran_stops_the_run_naming_the_file() {
    let bench = Bench::new(vec![]);
    bench
        .executor
        .0
        .scripts
        .lock()
        .expect("scripts")
        .push_back(Script::RewritesInput(bench.csv.clone()));
    let report = bench.run(bench.request(Some("print(1)")));
    assert_eq!(report.stop_kind, Some(StopKind::Input));
    assert!(
        report
            .stop_reason
            .as_deref()
            .unwrap_or("")
            .contains("sales.csv"),
        "{:?}",
        report.stop_reason
    );
    assert!(!bench.kinds(&report.run_id).contains(&"result".to_owned()));
}

#[test]
fn an_unusable_input_or_output_folder_stops_before_anything_runs() {
    let bench = Bench::new(vec![]);
    let missing = bench.dir.path().join("nope.csv");
    let report = bench.run(RunRequest::new(vec![missing], "total"));
    assert_eq!(report.stop_kind, Some(StopKind::Input));

    let out = bench.dir.path().join("out");
    std::fs::create_dir_all(out.join("files")).expect("out");
    std::fs::write(out.join("files/old.txt"), "earlier").expect("old");
    let report = bench.run(RunRequest {
        out_dir: Some(out),
        ..bench.request(Some("print(1)"))
    });
    assert_eq!(report.stop_kind, Some(StopKind::Input));
    assert!(report
        .stop_reason
        .as_deref()
        .unwrap_or("")
        .contains("earlier run"));
    assert!(bench.executor.ran().is_empty());
}

#[test]
fn a_run_is_recorded_before_its_id_is_heard_and_stages_come_in_order() {
    let bench = Bench::new(vec![answers(2.0)]);
    let db = bench.db();
    let mut heard = Vec::new();
    let report = block_on(
        bench
            .engine()
            .run(bench.request(Some("print(1)")), |p| match p {
                Progress::Started(id) => {
                    let store = AuditStore::open(&db).expect("store");
                    assert_eq!(store.run_entries(id).expect("entries").len(), 1);
                    heard.push(format!("started {id}"));
                }
                Progress::Stage(stage) => heard.push(format!("{stage:?}")),
                _ => {}
            }),
    )
    .expect("recorded");
    assert_eq!(
        heard,
        [
            format!("started {}", report.run_id),
            "Inspect".into(),
            "Generate".into(),
            "Policy".into(),
            "Execute".into(),
            "Validate".into(),
        ]
    );
}

/// A model that sends a request, then answers once released (never
/// without a release), writing `print(1)`.
#[derive(Debug, Default)]
struct WaitedModel {
    release: Mutex<Option<tokio::sync::oneshot::Receiver<()>>>,
}

impl Generator for WaitedModel {
    fn name(&self) -> &'static str {
        "waited"
    }

    fn outgoing(
        &self,
        _: &GenerationRequest<'_>,
        _: Option<&Repair<'_>>,
    ) -> Option<crate::generator::Outgoing> {
        Some(crate::generator::Outgoing {
            provider: "waited".into(),
            model: "m".into(),
            url: "http://127.0.0.1:9/v1/chat/completions".into(),
            body: "{}".into(),
        })
    }

    fn generate<'a>(
        &'a self,
        _: &'a GenerationRequest<'a>,
        sink: TextSink<'a>,
    ) -> GenerateFuture<'a> {
        let release = self.release.lock().expect("release").take();
        Box::pin(async move {
            match release {
                Some(r) => {
                    let _ = r.await;
                }
                None => std::future::pending::<()>().await,
            }
            sink("print(1)\n");
            Ok(code("print(1)"))
        })
    }
}

impl Bench {
    /// An engine whose generator is `model` (taken by the first run).
    fn engine_with(&self, model: WaitedModel) -> Engine {
        let model = Mutex::new(Some(model));
        self.engine()
            .with_generators(Arc::new(move |_: &RunRequest| {
                let m = model.lock().expect("model").take().unwrap_or_default();
                Ok(Box::new(m) as Box<dyn Generator>)
            }))
    }
}

/// What a draft was told, in words.
fn told(p: Progress<'_>) -> Option<String> {
    match p {
        Progress::ModelWaiting { received, .. } => Some(format!("waiting, {received} received")),
        Progress::ModelText(text) => Some(format!("text {text:?}")),
        _ => None,
    }
}

#[test]
fn a_model_is_waited_for_in_the_open_and_a_local_generator_is_not() {
    let bench = Bench::new(vec![]);
    let mut heard = Vec::new();
    let drafted = block_on(
        bench
            .engine()
            .draft(bench.request(None), |p| heard.extend(told(p))),
    )
    .expect("recorded");
    assert!(matches!(drafted, Drafted::Ready(_)));
    assert!(heard.is_empty(), "{heard:?}");
    // The model answers only once the wait was told: the wait comes first.
    let (release, released) = tokio::sync::oneshot::channel();
    let mut release = Some(release);
    let model = WaitedModel {
        release: Mutex::new(Some(released)),
    };
    let drafted = block_on(bench.engine_with(model).draft(bench.request(None), |p| {
        if let Some(r) = release.take_if(|_| matches!(p, Progress::ModelWaiting { .. })) {
            let _ = r.send(());
        }
        heard.extend(told(p));
    }))
    .expect("recorded");
    assert!(matches!(drafted, Drafted::Ready(_)));
    assert_eq!(heard[0], "waiting, 0 received");
    assert!(
        heard.contains(&"text \"print(1)\\n\"".to_owned()),
        "{heard:?}"
    );
}

#[test]
fn a_cancel_while_a_model_is_asked_ends_the_draft_and_is_recorded() {
    let bench = Bench::new(vec![]);
    let (tx, rx) = tokio::sync::watch::channel(false);
    let request = RunRequest {
        cancel: Some(rx),
        ..bench.request(None)
    };
    // The person presses Cancel while the model has not answered.
    let drafted = block_on(
        bench
            .engine_with(WaitedModel::default())
            .draft(request, |p| {
                if matches!(p, Progress::ModelWaiting { .. }) {
                    let _ = tx.send(true);
                }
            }),
    )
    .expect("recorded");
    let Drafted::Stopped(report) = drafted else {
        panic!("a cancelled draft stops");
    };
    assert_eq!(report.stop_kind, Some(StopKind::Cancelled));
    let kinds = bench.kinds(&report.run_id);
    let at = |k: &str| {
        kinds
            .iter()
            .position(|x| x == k)
            .unwrap_or_else(|| panic!("no {k} in {kinds:?}"))
    };
    assert!(
        at("model_request") < at("model_error") && at("model_error") < at("generation_failed"),
        "{kinds:?}"
    );
    let store = AuditStore::open(&bench.db()).expect("store");
    let failed = store
        .run_entries(&report.run_id)
        .expect("entries")
        .into_iter()
        .find(|e| e.kind == "generation_failed")
        .expect("generation_failed");
    assert_eq!(failed.body["reason"], "cancelled");
    assert_eq!(bench.history(&report.run_id), *report);
}

#[test]
fn a_question_reads_its_input_once_and_a_changed_input_again() {
    use sha2::Digest;
    let bench = Bench::new(vec![answers(30.0), answers(45.0)]);
    let cache = Arc::new(inputs::DescribeCache::new());
    // The file dropped: described once (as the app's file card does).
    let dropped = cache.describe(&bench.csv, u64::MAX).expect("dropped");
    assert_eq!(cache.inspections(), 1);
    // Preview of the prompt, draft and run: no file read again.
    let limits = Limits::default();
    preview_prompt(
        std::slice::from_ref(&bench.csv),
        "total",
        None,
        &limits,
        true,
        Some(&cache),
    )
    .expect("preview");
    let mut engine = bench.engine().with_describe_cache(Arc::clone(&cache));
    let Drafted::Ready(draft) =
        block_on(engine.draft(bench.request(None), |_| {})).expect("recorded")
    else {
        panic!("drafted");
    };
    let how = DraftRun {
        code: "print(1)".into(),
        approve_review: false,
        approved_by: "test".into(),
        cancel: None,
    };
    let report = block_on(engine.run_draft(*draft, how, |_| {})).expect("ran");
    assert_eq!(report.status, Status::Answered, "{report:?}");
    assert_eq!(cache.inspections(), 1);
    // What was recorded is the file as it is (its hash computed here).
    let bytes = std::fs::read(&bench.csv).expect("read");
    let sha = format!("{:x}", sha2::Sha256::digest(&bytes));
    assert_eq!(report.inputs[0].sha256, sha);
    assert_eq!(report.inputs[0], dropped);
    // The file changes: the next question reads it again.
    std::fs::write(&bench.csv, "region,revenue\nNorth,10\nSouth,20\nEast,15\n").expect("csv");
    let report = block_on(engine.run(bench.request(Some("print(1)")), |_| {})).expect("ran");
    assert_eq!(cache.inspections(), 2);
    assert_eq!(report.inputs[0].row_count, 3);
}
