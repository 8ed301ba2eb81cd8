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
                Progress::ModelWaiting { .. } => "waiting".into(),
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
    assert_eq!(
        report.stop_kind,
        Some(glovebox_engine::audit::event::StopKind::Cancelled),
        "{report:?}"
    );
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
    assert_eq!(
        report.stop_kind,
        Some(glovebox_engine::audit::event::StopKind::Cancelled)
    );
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
            follows: &[],
        })
        .expect("generated")
}

/// The report history folds from the log is the live one, field for field
/// (chart PNGs included): both are the same fold over the same events.
fn same_report(live: &RunReport, rebuilt: &RunReport) {
    assert_eq!(rebuilt, live);
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

/// The kinds of a run's entries, in order.
fn kinds(store: &AuditStore, run_id: &str) -> Vec<String> {
    store
        .run_entries(run_id)
        .expect("entries")
        .into_iter()
        .map(|e| e.kind)
        .collect()
}

/// The app's two phases, with a model on 127.0.0.1: the request is in the
/// audit log before the model receives it (checked by the model service as
/// the request arrives, on its own connection to the log), and the code
/// then runs on the same run.
#[test]
fn a_draft_records_the_model_request_before_it_leaves_then_runs_on_the_same_run() {
    use crate::fake_model::{FakeModel, Script};
    use glovebox_engine::keys::ApiKey;
    use glovebox_engine::pipeline::{DraftRun, Drafted};
    use glovebox_engine::provider::{ModelGenerator, ModelSettings};
    use std::sync::{Arc, Mutex};

    let scratch = Scratch::new();
    let good = include_str!("../../../assets/samples/revenue_by_region.py");
    let model = FakeModel::start(vec![Script::Reply(format!("```python\n{good}```"))]);
    // Each request as it arrived, with the model_request bodies the log
    // held at that moment.
    type Seen = Vec<(String, Vec<String>)>;
    let seen: Arc<Mutex<Seen>> = Arc::default();
    {
        let (seen, db) = (seen.clone(), scratch.db());
        model.observe(move |request| {
            let store = AuditStore::open(&db).expect("the log opens beside the engine");
            let recorded: Vec<String> = store
                .recent_runs(1)
                .expect("runs")
                .iter()
                .flat_map(|run| store.run_entries(&run.run_id).expect("entries"))
                .filter(|e| e.kind == "model_request")
                .filter_map(|e| e.body["body"].as_str().map(str::to_owned))
                .collect();
            seen.lock()
                .expect("seen")
                .push((request.body.clone(), recorded));
        });
    }
    let settings = ModelSettings::builder("openai")
        .and_then(|b| b.with_base_url(&model.openai_url()))
        .and_then(|b| b.with_model("fake-model-1"))
        .expect("settings")
        .build();
    let sales = repo().join("assets/samples/sales.csv");
    let request = RunRequest {
        provider: "openai".into(),
        model: Some(settings.clone()),
        ..RunRequest::new(vec![sales], "total revenue per region")
    };
    // As the app does: the draft on an engine without a sandbox, with the
    // model generator and a test key (as `provider::for_provider` makes it
    // with the key from the keyring); the code then on an engine with one.
    let mut drafter = Engine::open_for_drafts(&scratch.db(), Limits::default())
        .expect("drafting engine")
        .with_generators(Arc::new(move |_: &RunRequest| {
            let key = ApiKey::new("sk-test-draft-0123456789".into()).expect("key");
            let generator = ModelGenerator::new(settings.clone(), Some(key))?;
            Ok(Box::new(generator) as Box<dyn glovebox_engine::generator::Generator>)
        }));
    let drafted = runtime()
        .block_on(drafter.draft(request, |_| {}))
        .expect("draft");
    let Drafted::Ready(draft) = drafted else {
        panic!("the draft stopped: {drafted:?}");
    };
    let seen = seen.lock().expect("seen").clone();
    assert_eq!(seen.len(), 1, "one request reached the model");
    assert_eq!(
        seen[0].1,
        vec![seen[0].0.clone()],
        "the exact body was recorded before the model received it"
    );
    let store = AuditStore::open(&scratch.db()).expect("store");
    let run_id = draft.run_id().to_owned();
    assert_eq!(
        kinds(&store, &run_id),
        ["run_started", "input", "model_request", "model_reply"]
    );
    assert_eq!(draft.generated().code.trim(), good.trim());

    let how = DraftRun {
        code: draft.generated().code.clone(),
        approve_review: false,
        approved_by: "user (test)".into(),
        cancel: None,
    };
    let report = runtime()
        .block_on(engine(&scratch).run_draft(*draft, how, |_| {}))
        .expect("report");
    assert_eq!(report.run_id, run_id, "the code ran on the drafted run");
    assert_eq!(report.status, Status::Answered, "{:?}", report.stop_reason);
    let after = kinds(&store, &run_id);
    assert_eq!(
        &after[..6],
        [
            "run_started",
            "input",
            "model_request",
            "model_reply",
            "generated_code",
            "code"
        ]
    );
    assert_eq!(after.last().map(String::as_str), Some("run_finished"));
    assert_eq!(
        history::report(&store, &run_id)
            .expect("read")
            .expect("found"),
        report,
        "history folds the same report"
    );
}

/// A draft whose input changes before it runs stops without running the
/// code, and a draft that is replaced is recorded as not run.
#[test]
fn a_draft_stops_when_its_input_changed_and_a_replaced_one_says_it_never_ran() {
    use glovebox_engine::audit::event::StopKind;
    use glovebox_engine::pipeline::{DraftRun, Drafted};

    let scratch = Scratch::new();
    let data = scratch.file("data.csv", "region,revenue\nNorth,10\nSouth,20\n");
    let mut engine = Engine::open_for_drafts(&scratch.db(), Limits::default()).expect("engine");
    let draft = |engine: &mut Engine| match runtime()
        .block_on(engine.draft(
            request(vec![data.clone()], "total revenue per region", None),
            |_| {},
        ))
        .expect("draft")
    {
        Drafted::Ready(d) => d,
        Drafted::Stopped(r) => panic!("stopped: {:?}", r.stop_reason),
    };
    let first = draft(&mut engine);
    std::fs::write(&data, "region,revenue\nNorth,10\nSouth,250\n").expect("rewrite");
    let how = DraftRun {
        code: first.generated().code.clone(),
        approve_review: false,
        approved_by: "user (test)".into(),
        cancel: None,
    };
    let report = runtime()
        .block_on(self::engine(&scratch).run_draft(*first, how, |_| {}))
        .expect("report");
    assert_eq!(report.stop_kind, Some(StopKind::Input), "{report:?}");
    assert!(report
        .stop_reason
        .as_deref()
        .unwrap_or("")
        .contains("data.csv"));
    let store = AuditStore::open(&scratch.db()).expect("store");
    let ran = kinds(&store, &report.run_id);
    assert!(
        !ran.iter().any(|k| k == "code" || k == "sandbox"),
        "{ran:?}"
    );

    let second = draft(&mut engine);
    let run_id = second.run_id().to_owned();
    let discarded = engine.discard(*second).expect("discard");
    assert_eq!(discarded.stop_kind, Some(StopKind::Cancelled));
    assert!(
        discarded
            .stop_reason
            .as_deref()
            .unwrap_or("")
            .contains("not run"),
        "{:?}",
        discarded.stop_reason
    );
    assert_eq!(
        kinds(&store, &run_id).last().map(String::as_str),
        Some("run_finished")
    );
}
