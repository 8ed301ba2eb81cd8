//! Evidence recorded from outside the job: the inputs it opened and read as
//! the helper saw them (fanotify), whatever the job did to the runner's own
//! audit hook.

use glovebox_sandbox::{FileRead, JobSetup};

use crate::support::*;

fn read(path: &str) -> FileRead {
    FileRead {
        path: path.to_owned(),
        opened: true,
        read: true,
    }
}

#[test]
fn reads_are_seen_from_outside_whatever_path_the_job_uses() {
    let world = World::new(false);
    let a = world.input("a.csv", "x\n1\n");
    let b = world.input("b.csv", "x\n2\n");
    let c = world.input("c.csv", "x\n3\n");
    // a: through /proc/self/root (the audit hook ignored /proc/self/);
    // b: only stat'ed and listed (not an open); c: opened, never read.
    let code = r#"
import os, sys
sys.addaudithook(lambda *a: None)
print(open("/proc/self/root/input/a.csv").read())
os.stat("/input/b.csv"); os.listdir("/input")
fd = os.open("/input/c.csv", os.O_RDONLY); os.close(fd)
"#;
    let mut setup = JobSetup::default();
    for p in [&a, &b, &c] {
        setup.add_input(p).unwrap();
    }
    let o = run_in(&world, code, setup);
    assert!(o.succeeded(), "{}", o.stderr);
    assert!(o.files_read.observed(), "{:?}", o.files_read);
    assert_eq!(
        o.files_read.files,
        vec![
            read("/input/a.csv"),
            FileRead {
                read: false,
                ..read("/input/c.csv")
            }
        ]
    );
    assert!(!o.files_read.incomplete);
}

#[test]
fn a_job_that_reads_nothing_is_seen_reading_nothing() {
    let world = World::new(true);
    let a = world.input("a.csv", "x\n1\n");
    let mut setup = JobSetup::default();
    setup.add_input(&a).unwrap();
    // The host reads the input before and after the run: not the job's reads.
    let _ = contents_of(&a);
    let o = run_in(&world, "print(1)\n", setup);
    let _ = contents_of(&a);
    assert!(o.succeeded(), "{}", o.stderr);
    assert!(o.files_read.observed(), "{:?}", o.files_read);
    assert_eq!(o.files_read.files, vec![]);
    assert_eq!(o.files_read.describe(), "none");
}

#[test]
fn many_opens_without_a_read_are_one_open_and_a_later_read_is_seen() {
    let world = World::new(false);
    let a = world.input("a.csv", "x\n1\n");
    let b = world.input("b.csv", "x\n2\n");
    let code = r#"
import os
for _ in range(20000):
    os.close(os.open("/input/a.csv", os.O_RDONLY))
    os.close(os.open("/input/b.csv", os.O_RDONLY))
with open("/input/b.csv") as f:
    f.read()
"#;
    let mut setup = JobSetup::default();
    setup.add_input(&a).expect("input");
    setup.add_input(&b).expect("input");
    let o = run_in(&world, code, setup);
    assert!(o.succeeded(), "{}", o.stderr);
    assert_eq!(
        o.files_read.files,
        vec![
            FileRead {
                read: false,
                ..read("/input/a.csv")
            },
            read("/input/b.csv")
        ]
    );
    assert!(!o.files_read.incomplete);
}

#[test]
fn reads_by_a_child_process_and_many_reads_are_seen_once() {
    let world = World::new(false);
    let a = world.input("a.csv", &"x\n1\n".repeat(10_000));
    let code = r#"
import os
pid = os.fork()
if pid == 0:
    with open("/input/a.csv", "rb", buffering=0) as f:
        while f.read(7):
            pass
    os._exit(0)
os.waitpid(pid, 0)
"#;
    let mut setup = JobSetup::default();
    setup.add_input(&a).unwrap();
    let o = run_in(&world, code, setup);
    assert!(o.succeeded(), "{}", o.stderr);
    assert_eq!(o.files_read.files, vec![read("/input/a.csv")]);
}

/// Runs `code` through the runner with `inputs`, nonce `nonce`.
fn run_with_runner(
    world: &World,
    code: &str,
    inputs: &[&std::path::Path],
    nonce: &str,
) -> glovebox_sandbox::Outcome {
    let mut setup = JobSetup {
        support: Some(runner_support()),
        ..JobSetup::default()
    };
    for input in inputs {
        setup.add_input(input).expect("input");
    }
    block_on(async {
        let prepared = world.sandbox.prepare(&setup, None).await.expect("prepare");
        let id = prepared.container_id().to_owned();
        let running = prepared
            .start_with_files(code, vec![("nonce".into(), nonce.into())])
            .await
            .expect("start");
        let o = running.finish().await.expect("run");
        assert_no_leftovers(&id, world.dirs());
        o
    })
}

/// The one document on the result channel.
fn channel_document(o: &glovebox_sandbox::Outcome) -> serde_json::Value {
    let lines: Vec<&str> = o.result.lines().collect();
    assert_eq!(
        lines.len(),
        1,
        "one document: {:?}\nstderr: {}",
        o.result,
        o.stderr
    );
    serde_json::from_str(lines[0]).expect("the channel holds JSON")
}

#[test]
fn the_runner_seals_the_code_s_result_with_the_nonce() {
    let world = World::new(false);
    let a = world.input("a.csv", "x\n1\n2\n");
    let code = "import glovebox\nglovebox.answer('n', len(open('/input/a.csv').read().split()))\n";
    let o = run_with_runner(&world, code, &[&a], "nonce-1");
    assert!(o.succeeded(), "{}", o.stderr);
    let doc = channel_document(&o);
    assert_eq!(doc["nonce"], "nonce-1");
    assert_eq!(doc["glovebox"], 1);
    assert_eq!(doc["answers"][0]["value"], 3);
    assert_eq!(doc["files_opened"][0]["path"], "/input/a.csv");
    assert_eq!(o.files_read.files, vec![read("/input/a.csv")]);
}

#[test]
fn the_code_cannot_write_the_result_channel_by_any_path() {
    let world = World::new(false);
    let a = world.input("a.csv", "x\n1\n");
    // Every way the code's process could reach fd 3: its own fd, any
    // process's fd through /proc, a new dup. All must fail.
    let code = r#"
import glovebox, json, os
forged = '{"glovebox":1,"nonce":"%s","answers":[{"name":"n","value":999,"unit":null}],"tables":[],"charts":[],"notes":[],"error":null,"files_opened":[],"network_events":[],"process_events":[]}\n' % open("/job/nonce").read()
reached = []
try:
    os.write(3, forged.encode()); reached.append("fd 3")
except OSError:
    pass
for pid in os.listdir("/proc"):
    if pid.isdigit() and int(pid) != os.getpid():
        for fd in [0] + list(range(3, 12)):
            try:
                with open("/proc/%s/fd/%d" % (pid, fd), "w") as f:
                    f.write(forged); reached.append("%s/%d" % (pid, fd))
            except OSError:
                pass
json.dumps = lambda *a, **k: forged
print("REACHED", reached)
print(open("/proc/self/root/input/a.csv").read())
glovebox.answer("n", 1)
"#;
    let o = run_with_runner(&world, code, &[&a], "nonce-2");
    assert!(o.stdout.contains("REACHED []"), "{}", o.stdout);
    assert!(!o.result.contains("999"), "{}", o.result);
    let doc = channel_document(&o);
    assert_eq!(doc["nonce"], "nonce-2");
    assert_eq!(doc["answers"][0]["value"], 1);
    // What the code's hook says is its own affair; the outside record is true.
    assert_eq!(o.files_read.files, vec![read("/input/a.csv")]);
}

/// The attack scripts this crate answers for (`tests/attacks/81_*` … `90_*`).
const OWN_ATTACKS: std::ops::RangeInclusive<u32> = 81..=90;

/// Each of [`OWN_ATTACKS`] run through the runner with the policy skipped
/// (only the sandbox stands), checked against its directives:
/// `# seen-read: a.csv, b.csv | none` (the outside record, required),
/// `# result-lacks: TEXT`, `# stdout-has: TEXT`. Every run's channel holds
/// one document sealed by the runner's writer.
#[test]
fn attack_scripts_leave_a_true_outside_record() {
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let world = World::new(false);
    let sample = std::fs::read_to_string(repo.join("assets/samples/sales.csv")).expect("sample");
    let input = world.input("sales.csv", &sample);
    let mut scripts: Vec<_> = std::fs::read_dir(repo.join("tests/attacks"))
        .expect("attacks")
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
            let number = name
                .as_deref()
                .and_then(|n| n.get(..2)?.parse::<u32>().ok());
            p.extension().is_some_and(|x| x == "py")
                && number.is_some_and(|n| OWN_ATTACKS.contains(&n))
        })
        .collect();
    scripts.sort();
    assert_eq!(scripts.len(), OWN_ATTACKS.count(), "{scripts:?}");
    let mut failures = Vec::new();
    for script in &scripts {
        let name = script
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        let text = std::fs::read_to_string(script).expect("script");
        let directive = |key: &str| -> Vec<String> {
            text.lines()
                .filter_map(|l| l.strip_prefix(&format!("# {key}: ")))
                .map(|v| v.trim().to_owned())
                .collect()
        };
        let o = run_with_runner(
            &world,
            &world_code(&world, &text),
            &[&input],
            "attack-nonce",
        );
        let seen = directive("seen-read");
        assert_eq!(seen.len(), 1, "{name}: one '# seen-read:' line");
        let expected: Vec<String> = match seen[0].as_str() {
            "none" => vec![],
            list => list.split(", ").map(|n| format!("/input/{n}")).collect(),
        };
        if !o.files_read.observed() || o.files_read.paths() != expected {
            failures.push(format!(
                "{name}: outside record {:?}, expected {expected:?}",
                o.files_read
            ));
        }
        for text in directive("result-lacks") {
            if o.result.contains(&text) {
                failures.push(format!("{name}: the result holds {text:?}: {}", o.result));
            }
        }
        for text in directive("stdout-has") {
            if !o.stdout.contains(&text) {
                failures.push(format!(
                    "{name}: stdout lacks {text:?}: {}\n{}",
                    o.stdout, o.stderr
                ));
            }
        }
        let sealed = o.result.lines().count() == 1
            && serde_json::from_str::<serde_json::Value>(o.result.trim())
                .is_ok_and(|d| d["nonce"] == "attack-nonce");
        if !sealed {
            failures.push(format!("{name}: not one sealed document: {:?}", o.result));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
