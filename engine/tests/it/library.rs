//! The engine as the desktop app drives it (the library, not the CLI), with
//! real containers: the run id comes first, cancel stops the container and
//! is recorded, code edited after generation keeps the generated version in
//! the log, a past run rebuilt from the log matches the live report, and
//! what the code prints arrives while it runs.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use glovebox_engine::audit::AuditStore;
use glovebox_engine::generator::{GenerationRequest, OfflineGenerator};
use glovebox_engine::history;
use glovebox_engine::inputs;
use glovebox_engine::lang::Lang;
use glovebox_engine::pipeline::{Engine, Progress, RunReport, RunRequest, Stage, Status};
use glovebox_sandbox::{Limits, Sandbox};

use crate::common::{container_leftovers, helper, repo, Scratch};

fn engine(scratch: &Scratch) -> Engine {
    let sandbox = Sandbox::builder()
        .with_helper(helper())
        .expect("helper")
        .with_run_dir(scratch.dir.path().join("run"))
        .build()
        .expect("sandbox");
    Engine::open(&scratch.db(), sandbox, Limits::default()).expect("engine")
}

fn request(files: Vec<PathBuf>, goal: &str, code: Option<String>) -> RunRequest {
    RunRequest {
        code,
        ..RunRequest::new(files, goal)
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
}

#[test]
fn cancel_during_the_calculation_stops_the_container_and_is_recorded() {
    let scratch = Scratch::new();
    let csv = scratch.file("data.csv", "a,b\n1,2\n3,4\n");
    let mut engine = engine(&scratch);
    let (cancel, cancel_rx) = tokio::sync::watch::channel(false);
    let mut req = request(
        vec![csv],
        "sum of a",
        Some(
            "import time\nwhile True:\n    print('tick', flush=True)\n    time.sleep(0.2)\n".into(),
        ),
    );
    req.cancel = Some(cancel_rx);
    req.approve_review = true;
    let (stage_tx, mut stage_rx) = tokio::sync::mpsc::unbounded_channel();
    let mut events = Vec::new();
    let started = Instant::now();
    let report = runtime().block_on(async {
        let run = engine.run(req, |p| {
            let name = match p {
                Progress::Started(id) => format!("started {id}"),
                Progress::Stage(s) => format!("{s:?}"),
                Progress::ModelText(_) => "text".into(),
                Progress::Output { stream, text } => format!("output {stream:?} {text}"),
            };
            if matches!(p, Progress::Stage(Stage::Execute)) {
                let _ = stage_tx.send(());
            }
            events.push(name);
        });
        let canceller = async {
            stage_rx.recv().await;
            // Let the code start its endless loop, then cancel.
            tokio::time::sleep(Duration::from_millis(1500)).await;
            cancel.send(true).expect("cancel");
        };
        let (report, ()) = tokio::join!(run, canceller);
        report.expect("report")
    });
    let took = started.elapsed();
    assert!(events[0].starts_with("started run-"), "{events:?}");
    // What the code prints arrives while it runs, before the cancel.
    let live: String = events
        .iter()
        .filter_map(|e| e.strip_prefix("output Stdout "))
        .collect();
    assert!(live.matches("tick").count() >= 3, "{events:?}");
    assert!(events[0].ends_with(&report.run_id));
    assert_eq!(report.status, Status::Stopped);
    assert_eq!(report.stop_kind.as_deref(), Some("cancelled"), "{report:?}");
    assert_eq!(
        report.stop_reason.as_deref(),
        Some("the calculation was cancelled")
    );
    assert!(
        took < Duration::from_secs(20),
        "cancel took effect long before the 60 s limit: {took:?}"
    );
    assert!(container_leftovers(scratch.dir.path()).is_empty());
    let store = AuditStore::open(&scratch.db()).expect("store");
    let entries = store.run_entries(&report.run_id).expect("entries");
    let finished = entries.last().expect("entries");
    assert_eq!(finished.kind, "run_finished");
    assert_eq!(finished.body["stop_kind"], "cancelled");
    let outcome = &entries
        .iter()
        .find(|e| e.kind == "sandbox")
        .expect("sandbox")
        .body;
    assert_eq!(outcome["outcome"]["cancelled"], true);
    let listed = history::list(&store, "", 10).expect("list");
    assert_eq!(listed[0].status, "stopped");
}

#[test]
fn a_cancel_before_the_calculation_starts_runs_nothing() {
    let scratch = Scratch::new();
    let csv = scratch.file("data.csv", "a,b\n1,2\n");
    let mut engine = engine(&scratch);
    let (cancel, cancel_rx) = tokio::sync::watch::channel(false);
    cancel.send(true).expect("cancel");
    let mut req = request(vec![csv], "sum of a", Some("print('never')\n".into()));
    req.cancel = Some(cancel_rx);
    let report = runtime().block_on(engine.run(req, |_| {})).expect("report");
    assert_eq!(report.stop_kind.as_deref(), Some("cancelled"));
    let store = AuditStore::open(&scratch.db()).expect("store");
    let entries = store.run_entries(&report.run_id).expect("entries");
    assert!(
        !entries.iter().any(|e| e.kind == "sandbox"),
        "nothing ran: {:?}",
        entries.iter().map(|e| &e.kind).collect::<Vec<_>>()
    );
    assert_eq!(
        store
            .run_end(&report.run_id)
            .expect("end")
            .expect("ended")
            .body["stop_kind"],
        "cancelled"
    );
    // The container being created is removed by its helper, which sees its
    // caller go.
    let until = Instant::now() + Duration::from_secs(15);
    while !container_leftovers(scratch.dir.path()).is_empty() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(
        container_leftovers(scratch.dir.path()),
        Vec::<String>::new()
    );
}

fn generated_for(files: &[PathBuf], goal: &str) -> glovebox_engine::generator::Generated {
    let described: Vec<_> = files
        .iter()
        .map(|f| inputs::describe(f, inputs::DEFAULT_MAX_INPUT_BYTES).expect("describe"))
        .collect();
    OfflineGenerator
        .generate(&GenerationRequest {
            goal,
            lang: Lang::detect(goal),
            inputs: &described,
            limits: &Limits::default(),
        })
        .expect("generated")
}

fn same_report(live: &RunReport, rebuilt: &RunReport) {
    assert_eq!(rebuilt.run_id, live.run_id);
    assert_eq!(rebuilt.status, live.status);
    assert_eq!(rebuilt.answer, live.answer);
    assert_eq!(rebuilt.tables, live.tables);
    assert_eq!(rebuilt.charts, live.charts);
    assert_eq!(rebuilt.explanation, live.explanation);
    assert_eq!(rebuilt.code, live.code);
    assert_eq!(rebuilt.inputs, live.inputs);
    assert_eq!(rebuilt.policy, live.policy);
    assert_eq!(rebuilt.stop_kind, live.stop_kind);
    assert_eq!(rebuilt.stop_reason, live.stop_reason);
    assert_eq!(rebuilt.lang, live.lang);
    assert_eq!(rebuilt.audit, live.audit);
    assert_eq!(rebuilt.sandbox.image_digest, live.sandbox.image_digest);
    assert_eq!(rebuilt.sandbox.files_read, live.sandbox.files_read);
    assert_eq!(
        rebuilt.sandbox.peak_memory_bytes,
        live.sandbox.peak_memory_bytes
    );
    let svgs = |r: &RunReport| {
        r.drawn_charts
            .iter()
            .map(|c| c.svg.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(svgs(rebuilt), svgs(live));
    assert_eq!(rebuilt.attempts.len(), live.attempts.len());
}

#[test]
fn edited_code_keeps_the_generated_version_and_history_rebuilds_the_report() {
    let scratch = Scratch::new();
    let shop = repo().join("assets/samples/shop.csv");
    let goal = "total revenue per region";
    let generated = generated_for(std::slice::from_ref(&shop), goal);
    let edited = format!("{}\n# checked by Ada\n", generated.code);
    let mut engine = engine(&scratch);
    let mut req = request(vec![shop.clone()], goal, Some(edited.clone()));
    req.generated = Some(generated.clone());
    let live = runtime().block_on(engine.run(req, |_| {})).expect("report");
    assert_eq!(live.status, Status::Answered, "{:?}", live.stop_reason);
    assert_eq!(live.code, edited);
    assert!(!live.drawn_charts.is_empty(), "the answer has its chart");

    let store = AuditStore::open(&scratch.db()).expect("store");
    let entries = store.run_entries(&live.run_id).expect("entries");
    let recorded = entries
        .iter()
        .find(|e| e.kind == "generated_code")
        .expect("generated code recorded");
    assert_eq!(recorded.body["text"], generated.code.as_str());
    assert_eq!(recorded.body["edited"], true);
    let code = entries.iter().find(|e| e.kind == "code").expect("code");
    assert_eq!(code.body["origin"], "user");

    let rebuilt = history::report(&store, &live.run_id)
        .expect("read")
        .expect("the run is in the log");
    same_report(&live, &rebuilt);
    assert!(history::report(&store, "run-0000").expect("read").is_none());

    // Unedited generated code keeps its origin (and its plan-based explanation).
    let mut req = request(vec![shop], goal, Some(generated.code.clone()));
    req.generated = Some(generated);
    let unedited = runtime().block_on(engine.run(req, |_| {})).expect("report");
    assert_eq!(unedited.status, Status::Answered);
    let entries = store.run_entries(&unedited.run_id).expect("entries");
    let code = entries.iter().find(|e| e.kind == "code").expect("code");
    assert_eq!(code.body["origin"], "offline");
    let recorded = entries
        .iter()
        .find(|e| e.kind == "generated_code")
        .expect("recorded");
    assert_eq!(recorded.body["edited"], false);
    same_report(
        &unedited,
        &history::report(&store, &unedited.run_id)
            .expect("read")
            .expect("found"),
    );

    // History search: by goal words, file name, date; newest first.
    let ids = |q: &str| -> Vec<String> {
        history::list(&store, q, 10)
            .expect("list")
            .into_iter()
            .map(|r| r.run_id)
            .collect()
    };
    assert_eq!(
        ids("REVENUE region"),
        vec![unedited.run_id.clone(), live.run_id.clone()]
    );
    assert_eq!(ids("shop.csv").len(), 2);
    assert_eq!(ids(&rebuilt_date(&store, &live.run_id)).len(), 2);
    assert!(ids("no-such-word").is_empty());
    assert_eq!(history::list(&store, "", 1).expect("list").len(), 1);
}

fn rebuilt_date(store: &AuditStore, run_id: &str) -> String {
    let entries = store.run_entries(run_id).expect("entries");
    entries[0].at[..10].to_owned()
}
