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
