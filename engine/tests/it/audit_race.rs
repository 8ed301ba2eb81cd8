//! Many `glovebox` processes opening one audit log at once (a real SQLite
//! file): a run whose program died is marked `run_interrupted` exactly
//! once, a live run not at all, and a new log is created once.

use std::process::{Child, Command, Stdio};

use glovebox_engine::audit::event::{Event, RunStarted};
use glovebox_engine::audit::{process_start, AuditStore};

use crate::common::*;

/// How many processes open the log at once.
const OPENERS: usize = 20;

fn started(pid: u32, pid_start: Option<u64>) -> Event {
    Event::RunStarted(RunStarted {
        goal: "total amount".into(),
        files: vec![],
        provider: "offline".into(),
        model: None,
        lang: glovebox_engine::lang::Lang::En,
        pid,
        pid_start,
        limits: glovebox_sandbox::Limits::default(),
        rerun_of: None,
        follows: None,
    })
}

/// `OPENERS` `glovebox history` processes on the log, started together;
/// each must succeed.
fn open_from_many_processes(s: &Scratch) {
    let children: Vec<Child> = (0..OPENERS)
        .map(|_| {
            s.command(&["history"])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .expect("spawn glovebox")
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().expect("wait");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn twenty_processes_mark_an_interrupted_run_exactly_once() {
    let s = Scratch::new();
    // A new log, created by all of them at once.
    open_from_many_processes(&s);
    let store = AuditStore::open(&s.db()).expect("log");
    assert_eq!(store.verify().expect("verify").entries, 0);
    drop(store);

    // A run whose process is gone (its pid and start time recorded while
    // it lived), and one whose process (this test) lives.
    let mut gone = Command::new("sleep").arg("600").spawn().expect("sleep");
    let gone_start = process_start(gone.id());
    assert!(gone_start.is_some());
    gone.kill().expect("kill");
    gone.wait().expect("wait");
    let me = std::process::id();
    let mut store = AuditStore::open(&s.db()).expect("log");
    store
        .record("run-gone", &started(gone.id(), gone_start))
        .expect("record");
    store
        .record("run-live", &started(me, process_start(me)))
        .expect("record");
    drop(store);

    open_from_many_processes(&s);
    let store = AuditStore::open(&s.db()).expect("log");
    let kinds = |run: &str| -> Vec<String> {
        store
            .run_entries(run)
            .expect("entries")
            .into_iter()
            .map(|e| e.kind)
            .collect()
    };
    assert_eq!(kinds("run-gone"), ["run_started", "run_interrupted"]);
    assert_eq!(kinds("run-live"), ["run_started"]);
    let chain = store.verify().expect("verify");
    assert_eq!((chain.entries, chain.first_break), (3, None));
}
