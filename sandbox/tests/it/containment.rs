//! Containment cases: each runs hostile or greedy code in a real container
//! and asserts the outcome fields and that the host is untouched.

use std::io::Read;
use std::time::Duration;

use glovebox_sandbox::{JobSetup, Limits};

use crate::support::*;

const MIB: u64 = 1024 * 1024;

fn limits() -> glovebox_sandbox::LimitsBuilder {
    Limits::builder()
}

#[test]
fn allocation_beyond_one_gib_is_oom_killed() {
    let (_w, o) = run_case(
        "x = b'a' * (1536 << 20)\nprint('survived')",
        Limits::default(),
    );
    assert!(o.oom_killed, "{o:#?}");
    assert_eq!((o.exit_code, o.signal), (None, Some(9)));
    assert!(!o.stdout.contains("survived"));
    assert!(
        o.usage.peak_memory_bytes >= 900 * MIB,
        "peak {}",
        o.usage.peak_memory_bytes
    );
}

#[test]
fn creeping_allocation_is_oom_killed_at_the_limit() {
    let code = "chunks = []\nwhile True:\n    chunks.append(b'x' * (4 << 20))\n";
    let (_w, o) = run_case(code, limits().with_memory_bytes(128 * MIB).unwrap().build());
    assert!(o.oom_killed, "{o:#?}");
    assert_eq!(o.signal, Some(9));
    assert!(
        o.usage.peak_memory_bytes >= 100 * MIB && o.usage.peak_memory_bytes <= 130 * MIB,
        "peak {}",
        o.usage.peak_memory_bytes
    );
}

#[test]
fn fork_bomb_hits_the_pids_limit() {
    let code = r#"
import os, time, json
children = 0
try:
    while True:
        if os.fork() == 0:
            time.sleep(60)
            os._exit(0)
        children += 1
except OSError as e:
    print(json.dumps({"children": children, "errno": e.errno}))
"#;
    let (_w, o) = run_case(code, limits().with_pids(16).unwrap().build());
    assert!(o.pids_limit_hit, "{o:#?}");
    assert!(o.usage.pids_limit_events >= 1);
    let v = json_of(&o);
    assert!(v["children"].as_u64().unwrap() < 16, "{v}");
    assert_eq!(v["errno"], 11, "EAGAIN expected: {v}");
    assert_eq!(o.exit_code, Some(0));
}

#[test]
fn endless_loop_is_stopped_by_the_cpu_time_limit() {
    let l = limits()
        .with_cpu_time(Duration::from_secs(1))
        .unwrap()
        .build();
    let (_w, o) = run_case("while True:\n    pass\n", l.clone());
    assert!(o.cpu_limit_hit, "{o:#?}");
    assert!(!o.timed_out, "not the wall-clock backstop: {o:#?}");
    assert!(!o.succeeded());
    assert_eq!((o.exit_code, o.signal), (None, Some(9)));
    // Stopped for what it used, whatever the machine's load.
    assert!(o.usage.cpu_ms >= 1000, "cpu {} ms", o.usage.cpu_ms);
    assert_eq!(
        (o.usage.cpu_limit_ms, o.usage.wall_limit_ms),
        (1000, l.wall_time_ms)
    );
}

#[test]
fn the_cpu_time_of_every_process_counts_against_one_limit() {
    // Two busy processes on two cores: each alone stays under its own
    // RLIMIT_CPU (the limit plus a margin); together they reach the limit.
    let code = "import os\nos.fork()\nwhile True:\n    pass\n";
    let l = limits()
        .with_cpu_millicores(2000)
        .unwrap()
        .with_cpu_time(Duration::from_secs(2))
        .unwrap()
        .build();
    let per_process_ms = glovebox_sandbox::spec::cpu_time_limit_secs(&l) * 1000;
    let (_w, o) = run_case(code, l);
    assert!(o.cpu_limit_hit && !o.timed_out, "{o:#?}");
    assert!(o.usage.cpu_ms >= 2000, "cpu {} ms", o.usage.cpu_ms);
    // Had only each process's RLIMIT_CPU stopped them, the two would have
    // used about twice `per_process_ms` (6 s); the helper stops their sum at
    // the limit. (The bound leaves the helper a whole second of delay.)
    assert!(
        o.usage.cpu_ms < 2 * 2000 && 2 * per_process_ms >= 3 * 2000,
        "cpu {} ms for a 2 s limit",
        o.usage.cpu_ms
    );
}

#[test]
fn a_sleeping_job_is_stopped_by_the_wall_backstop_not_the_cpu_limit() {
    // It uses almost no CPU: only the backstop (short here) can stop it.
    let l = limits()
        .with_cpu_time(Duration::from_secs(1))
        .unwrap()
        .with_wall_time(Duration::from_secs(1))
        .unwrap()
        .build();
    let (_w, o) = run_case("import time\ntime.sleep(600)\n", l);
    assert!(o.timed_out, "{o:#?}");
    assert!(!o.cpu_limit_hit, "{o:#?}");
    assert_eq!((o.exit_code, o.signal), (None, Some(9)));
    assert!(o.usage.cpu_ms < 1000, "cpu {} ms", o.usage.cpu_ms);
    assert_eq!((o.usage.cpu_limit_ms, o.usage.wall_limit_ms), (1000, 1000));
}

#[test]
fn by_default_the_wall_backstop_is_minutes_and_follows_the_cpu_limit() {
    let (_w, o) = run_case("print('ok')", Limits::default());
    assert!(o.succeeded(), "{o:#?}");
    assert_eq!(
        o.usage.cpu_limit_ms,
        glovebox_sandbox::limits::DEFAULT_CPU_TIME.as_millis() as u64
    );
    assert_eq!(
        o.usage.wall_limit_ms,
        glovebox_sandbox::limits::wall_backstop_for(glovebox_sandbox::limits::DEFAULT_CPU_TIME)
            .as_millis() as u64
    );
    assert!(o.usage.wall_limit_ms >= 5 * 60 * 1000);
}

#[test]
fn cpu_quota_is_honoured() {
    // Two busy processes for two seconds under a quarter-core quota.
    let code = "import os\nos.fork()\nwhile True:\n    pass\n";
    let l = limits()
        .with_cpu_millicores(250)
        .unwrap()
        .with_wall_time(Duration::from_secs(2))
        .unwrap()
        .build();
    let (_w, o) = run_case(code, l);
    assert!(o.timed_out);
    let allowed = o.usage.wall_ms / 4;
    assert!(
        o.usage.cpu_ms > 100 && o.usage.cpu_ms < allowed + allowed / 2,
        "cpu {} ms in {} ms wall under a 250 millicore quota",
        o.usage.cpu_ms,
        o.usage.wall_ms
    );
}

#[test]
fn only_loopback_exists() {
    let (_w, o) = run_case(
        "import os, json\nprint(json.dumps(sorted(os.listdir('/sys/class/net'))))",
        Limits::default(),
    );
    assert_eq!(json_of(&o), serde_json::json!(["lo"]));
}

#[test]
fn host_listener_gets_no_connection_and_the_attempt_is_recorded() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let code = format!(
        r#"
import socket, json
try:
    socket.create_connection(("127.0.0.1", {port}), timeout=3)
    print(json.dumps({{"connected": True}}))
except OSError as e:
    print(json.dumps({{"connected": False, "errno": e.errno}}))
"#
    );
    let (_w, o) = run_case(&code, Limits::default());
    assert_eq!(
        json_of(&o),
        serde_json::json!({"connected": false, "errno": 1})
    );
    assert_eq!(o.network_attempts.len(), 1, "{:?}", o.network_attempts);
    assert_eq!(o.network_attempts[0].family, "AF_INET");
    assert_eq!(o.network_attempts[0].socket_type, "SOCK_STREAM");
    assert_eq!(
        listener.accept().map(|_| ()).unwrap_err().kind(),
        std::io::ErrorKind::WouldBlock
    );
}

#[test]
fn dns_lookup_fails_and_is_recorded() {
    let code = r#"
import socket, json
try:
    socket.getaddrinfo("example.com", 443)
    print(json.dumps({"resolved": True}))
except OSError as e:
    print(json.dumps({"resolved": False}))
"#;
    let (_w, o) = run_case(code, Limits::default());
    assert_eq!(json_of(&o)["resolved"], false);
    assert!(
        !o.network_attempts.is_empty(),
        "the resolver's socket must be recorded"
    );
    assert!(o
        .network_attempts
        .iter()
        .all(|a| a.socket_type == "SOCK_DGRAM" || a.socket_type == "SOCK_STREAM"));
}

#[test]
fn ipv6_datagram_socket_is_refused_and_recorded() {
    let code = "import socket\ntry:\n    socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)\nexcept PermissionError:\n    print('refused')\n";
    let (_w, o) = run_case(code, Limits::default());
    assert_eq!(o.stdout.trim(), "refused");
    assert_eq!(o.network_attempts.len(), 1);
    assert_eq!(
        (
            o.network_attempts[0].family.as_str(),
            o.network_attempts[0].socket_type.as_str()
        ),
        ("AF_INET6", "SOCK_DGRAM")
    );
}

#[test]
fn packet_and_netlink_sockets_are_refused() {
    let code = r#"
import socket, json
out = {}
for name, fam, kind in [("packet", 17, socket.SOCK_RAW), ("netlink", 16, socket.SOCK_RAW)]:
    try:
        socket.socket(fam, kind)
        out[name] = "opened"
    except OSError as e:
        out[name] = e.errno
print(json.dumps(out))
"#;
    let (_w, o) = run_case(code, Limits::default());
    assert_eq!(json_of(&o), serde_json::json!({"packet": 1, "netlink": 1}));
}

#[test]
fn socketpair_is_unix_only() {
    // Only AF_UNIX's kernel code may run; any other family is refused by
    // seccomp (EPERM) before it is reached (the kernel itself would answer
    // EOPNOTSUPP or EAFNOSUPPORT).
    let code = r#"
import socket, json
out = {}
for name, fam in [("unix", socket.AF_UNIX), ("inet", socket.AF_INET), ("inet6", socket.AF_INET6), ("netlink", 16), ("vsock", 40)]:
    try:
        a, b = socket.socketpair(fam, socket.SOCK_STREAM)
        out[name] = "opened"
    except OSError as e:
        out[name] = e.errno
print(json.dumps(out))
"#;
    let (_w, o) = run_case(code, Limits::default());
    assert_eq!(
        json_of(&o),
        serde_json::json!({"unix": "opened", "inet": 1, "inet6": 1, "netlink": 1, "vsock": 1})
    );
}

#[test]
fn root_usr_etc_and_input_are_not_writable() {
    let world = World::new(false);
    let input = world.input("data.csv", "a,b\n1,2\n");
    let before = contents_of(&input);
    let code = r#"
import json, os
out = {}
for path in ["/x", "/usr/x", "/etc/x", "/usr/local/lib/python3.11/dist-packages/x.py", "/input/x", "/input/data.csv", "/job/main.py"]:
    try:
        with open(path, "a") as f:
            f.write("tampered")
        out[path] = "written"
    except OSError as e:
        out[path] = e.errno
for name, call in [("unlink", lambda: os.unlink("/input/data.csv")), ("chmod", lambda: os.chmod("/input/data.csv", 0o777)),
                   ("rename", lambda: os.rename("/input/data.csv", "/input/y"))]:
    try:
        call()
        out[name] = "done"
    except OSError as e:
        out[name] = e.errno
print(json.dumps(out))
"#;
    let mut setup = JobSetup::default();
    setup.add_input(&input).unwrap();
    let o = run_in(&world, code, setup);
    let v = json_of(&o);
    for (key, errno) in v.as_object().unwrap() {
        // EROFS (30), EACCES (13) or EPERM (1): refused either way.
        assert!(
            matches!(errno.as_u64(), Some(30) | Some(13) | Some(1)),
            "{key} -> {errno}"
        );
    }
    assert_eq!(contents_of(&input), before, "input modified");
}

#[test]
fn host_files_are_unreachable() {
    let code = r#"
import json, os
out = {}
for path in ["/etc/shadow", "CANARY_PATH", "/proc/1/root" + "CANARY_PATH", "/root/.bashrc"]:
    try:
        out[path] = open(path).read()[:40]
    except OSError as e:
        out[path] = e.errno
for folder in ["/root", "/home"]:
    try:
        out[folder + " listing"] = os.listdir(folder)
    except OSError as e:
        out[folder + " listing"] = e.errno
print(json.dumps(out))
"#;
    let (w, o) = run_case(code, Limits::default());
    let v = json_of(&o);
    assert!(!o.stdout.contains(&w.canary_text), "canary leaked");
    let canary = w.canary_path.to_string_lossy().into_owned();
    assert_eq!(v["/etc/shadow"], 13, "{v}");
    assert_eq!(v[&canary], 2, "{v}");
    assert_eq!(v[format!("/proc/1/root{canary}")], 2, "{v}");
    assert!(
        matches!(v["/root/.bashrc"].as_u64(), Some(13) | Some(2)),
        "{v}"
    );
    assert_eq!(v["/home listing"], serde_json::json!([]), "{v}");
    assert!(
        matches!(v["/root listing"].as_u64(), Some(13))
            || v["/root listing"] == serde_json::json!([]),
        "{v}"
    );
}

#[test]
fn environment_holds_no_host_variable() {
    std::env::set_var("GLOVEBOX_TEST_SECRET", "hunter2");
    let code = "print(open('/proc/self/environ').read().replace('\\0', '\\n'))";
    let (_w, o) = run_case(code, Limits::default());
    let mut vars: Vec<&str> = o.stdout.lines().filter(|l| !l.is_empty()).collect();
    vars.sort();
    assert_eq!(
        vars,
        [
            "HOME=/tmp",
            "LANG=C.UTF-8",
            "LC_ALL=C.UTF-8",
            "MKL_NUM_THREADS=1",
            "OMP_NUM_THREADS=1",
            "OPENBLAS_NUM_THREADS=1",
            "PATH=/usr/local/bin:/usr/bin:/bin",
            "PYTHONHASHSEED=0",
            "TMPDIR=/tmp",
        ]
    );
}

#[test]
fn job_runs_unprivileged_without_capabilities() {
    let code = r#"
import json, os
status = dict(l.split(":\t", 1) for l in open("/proc/self/status").read().splitlines() if ":\t" in l)
print(json.dumps({"uid": os.getuid(), "gid": os.getgid(), "CapEff": status["CapEff"].strip(),
                  "CapBnd": status["CapBnd"].strip(), "NoNewPrivs": status["NoNewPrivs"].strip(),
                  "Seccomp": status["Seccomp"].strip(), "hostname": os.uname().nodename}))
"#;
    let (_w, o) = run_case(code, Limits::default());
    assert_eq!(
        json_of(&o),
        serde_json::json!({"uid": 1000, "gid": 1000, "CapEff": "0000000000000000",
        "CapBnd": "0000000000000000", "NoNewPrivs": "1", "Seccomp": "2", "hostname": "glovebox"})
    );
}

#[test]
fn namespaces_and_mounts_cannot_be_created() {
    let code = r#"
import ctypes, json
libc = ctypes.CDLL(None, use_errno=True)
out = {}
for name, flag in [("user", 0x10000000), ("net", 0x40000000), ("mount", 0x00020000)]:
    rc = libc.unshare(flag)
    out[name] = ctypes.get_errno() if rc != 0 else "created"
rc = libc.mount(b"tmpfs", b"/tmp", b"tmpfs", 0, None)
out["mount_call"] = ctypes.get_errno() if rc != 0 else "mounted"
print(json.dumps(out))
"#;
    let (_w, o) = run_case(code, Limits::default());
    assert_eq!(
        json_of(&o),
        serde_json::json!({"user": 1, "net": 1, "mount": 1, "mount_call": 1})
    );
}

#[test]
fn four_gib_of_stdout_is_truncated_at_the_cap() {
    let code = "import sys\nchunk = b'x' * (1 << 20)\nfor _ in range(4096):\n    sys.stdout.buffer.write(chunk)\n";
    let (_w, o) = run_case(code, Limits::default());
    assert_eq!(o.exit_code, Some(0), "{}", o.stderr);
    assert!(o.stdout_truncated);
    assert_eq!(o.stdout.len() as u64, MIB);
    assert_eq!(o.stdout_total_bytes, 4096 * MIB);
}

/// Code that writes 1 MiB chunks to `path` until the kernel refuses, then
/// prints how much it wrote and the errno.
fn fill_until_refused(path: &str) -> String {
    format!(
        r#"
import json
written = 0
try:
    with open("{path}", "wb") as f:
        while True:
            f.write(b"z" * (1 << 20))
            f.flush()
            written += 1 << 20
except OSError as e:
    print(json.dumps({{"written": written, "errno": e.errno}}))
"#
    )
}

#[test]
fn filling_tmp_stops_at_its_cap() {
    let (_w, o) = run_case(
        &fill_until_refused("/tmp/fill"),
        limits().with_tmp_bytes(16 * MIB).unwrap().build(),
    );
    let v = json_of(&o);
    assert_eq!(v["errno"], 28, "ENOSPC expected: {v}");
    assert!(v["written"].as_u64().unwrap() <= 16 * MIB);
}

#[test]
fn filling_output_stops_at_its_cap_and_collection_is_bounded() {
    let (_w, o) = run_case(
        &fill_until_refused("/output/big.bin"),
        limits().with_output_bytes(4 * MIB).unwrap().build(),
    );
    let v = json_of(&o);
    assert_eq!(v["errno"], 28, "ENOSPC expected: {v}");
    let total: u64 = o.output_files.iter().map(|f| f.size_bytes).sum();
    assert!(total <= 4 * MIB, "collected {total} bytes");
}

#[test]
fn output_file_count_is_capped() {
    let code = r#"
import json
made = 0
try:
    for i in range(100):
        open(f"/output/f{i}.txt", "w").write("x")
        made += 1
except OSError as e:
    print(json.dumps({"made": made, "errno": e.errno}))
"#;
    let (_w, o) = run_case(code, limits().with_output_files(8).unwrap().build());
    let v = json_of(&o);
    assert_eq!(v["errno"], 28, "{v}");
    assert!(v["made"].as_u64().unwrap() <= 8);
    assert!(o.output_files.len() <= 8);
}

#[test]
fn output_symlinks_to_host_paths_are_not_followed() {
    let code = r#"
import os
os.symlink("CANARY_PATH", "/output/leak.txt")
os.symlink("/etc/shadow", "/output/shadow")
os.mkdir("/output/sub")
os.symlink("/", "/output/sub/root")
open("/output/result.csv", "w").write("a,b\n1,2\n")
"#;
    let (w, o) = run_case(code, Limits::default());
    assert_eq!(o.exit_code, Some(0), "{}", o.stderr);
    let names: Vec<&str> = o.output_files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["result.csv"]);
    let mut skipped: Vec<(&str, &str)> = o
        .output_skipped
        .iter()
        .map(|s| (s.name.as_str(), s.reason.as_str()))
        .collect();
    skipped.sort();
    assert_eq!(
        skipped,
        [
            ("leak.txt", "symbolic link (not followed)"),
            ("shadow", "symbolic link (not followed)"),
            ("sub/root", "symbolic link (not followed)"),
        ]
    );
    for entry in walk(&w.outputs()) {
        let meta = entry.symlink_metadata().unwrap();
        assert!(
            !meta.file_type().is_symlink(),
            "a symlink was copied: {}",
            entry.display()
        );
        if meta.is_file() {
            let mut text = String::new();
            std::fs::File::open(&entry)
                .unwrap()
                .read_to_string(&mut text)
                .unwrap();
            assert!(!text.contains(&w.canary_text), "canary copied into outputs");
        }
    }
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.symlink_metadata().map(|m| m.is_dir()).unwrap_or(false) {
            out.extend(walk(&p));
        }
        out.push(p);
    }
    out
}

#[test]
fn daemonised_child_is_gone_after_the_run() {
    let code = r#"
import os, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        time.sleep(600)
    os._exit(0)
os.wait()
print("parent done")
"#;
    // run_case asserts no process of the container survives.
    let (_w, o) = run_case(code, Limits::default());
    assert_eq!(o.exit_code, Some(0));
    assert!(o.usage.wall_ms < 10_000);
}

#[test]
fn analysis_stack_works_with_inputs_outputs_and_threads() {
    let world = World::new(false);
    let input = world.input("sales.csv", "region,amount\nnorth,10\nsouth,5\nnorth,2.5\n");
    let code = r#"
import json, threading
import numpy as np, pandas as pd, scipy.stats
df = pd.read_csv("/input/sales.csv")
totals = df.groupby("region")["amount"].sum()
totals.to_csv("/output/totals.csv")
res = {}
t = threading.Thread(target=lambda: res.update(mean=float(np.mean(df["amount"]))))
t.start(); t.join()
print(json.dumps({"north": totals["north"], "mean": res["mean"], "t": float(scipy.stats.ttest_1samp(df["amount"], 0).statistic)}))
"#;
    let mut setup = JobSetup::default();
    setup.add_input(&input).unwrap();
    let o = run_in(&world, code, setup);
    assert!(o.succeeded(), "{}", o.stderr);
    let v = json_of(&o);
    assert_eq!(v["north"], 12.5);
    assert_eq!(v["mean"], 17.5 / 3.0);
    assert_eq!(o.output_files.len(), 1);
    assert_eq!(
        std::fs::read_to_string(&o.output_files[0].host_path).unwrap(),
        "region,amount\nnorth,12.5\nsouth,5.0\n"
    );
    assert!(o.usage.cpu_ms > 0 && o.usage.peak_memory_bytes > 10 * MIB);
    assert!(o.image_digest.starts_with("sha256:"));
}

#[test]
fn syntax_error_is_reported_as_a_failed_run() {
    let (_w, o) = run_case("def broken(:\n", Limits::default());
    assert_eq!(o.exit_code, Some(1));
    assert!(o.stderr.contains("SyntaxError"), "{}", o.stderr);
    assert!(!o.succeeded());
}

#[test]
fn user_namespace_mode_maps_ids_and_still_holds() {
    let world = World::new(true);
    let input = world.input("d.csv", "x\n1\n2\n");
    let code = r#"
import ctypes, json, os
import pandas as pd
libc = ctypes.CDLL(None, use_errno=True)
rc = libc.unshare(0x10000000)
print(json.dumps({"uid": os.getuid(), "map": open("/proc/self/uid_map").read().split(),
                  "unshare": ctypes.get_errno() if rc else "created", "sum": int(pd.read_csv("/input/d.csv")["x"].sum())}))
"#;
    let mut setup = JobSetup::default();
    setup.add_input(&input).unwrap();
    let o = run_in(&world, code, setup);
    assert_eq!(
        json_of(&o),
        serde_json::json!({"uid": 1000, "map": ["0", "3000000000", "65536"], "unshare": 1, "sum": 3})
    );
    assert_eq!(o.mode.isolation, glovebox_sandbox::Isolation::RootUserns);
}

#[test]
fn file_size_limit_refuses_a_larger_file() {
    let code = r#"
import json
try:
    with open("/tmp/big", "wb") as f:
        f.write(b"b" * (4 << 20))
    print(json.dumps({"written": True}))
except OSError as e:
    print(json.dumps({"errno": e.errno}))
"#;
    let (_w, o) = run_case(code, limits().with_file_bytes(2 * MIB).unwrap().build());
    assert_eq!(
        json_of(&o),
        serde_json::json!({"errno": 27}),
        "EFBIG expected"
    );
}

#[test]
fn open_files_limit_refuses_more_descriptors() {
    let code = r#"
import json
files = []
try:
    for _ in range(1000):
        files.append(open("/job/main.py"))
except OSError as e:
    print(json.dumps({"opened": len(files), "errno": e.errno}))
"#;
    let (_w, o) = run_case(code, limits().with_open_files(64).unwrap().build());
    let v = json_of(&o);
    assert_eq!(v["errno"], 24, "EMFILE expected: {v}");
    assert!(v["opened"].as_u64().unwrap() < 64);
}

#[test]
fn sensitive_proc_and_sys_paths_are_masked_or_read_only() {
    let code = r#"
import json
out = {}
for path in ["/proc/kcore", "/proc/keys", "/proc/timer_list"]:
    try:
        out[path] = len(open(path, "rb").read(64))
    except OSError as e:
        out[path] = e.errno
for path in ["/proc/sysrq-trigger", "/proc/sys/kernel/hostname", "/sys/kernel/mm/transparent_hugepage/enabled"]:
    try:
        open(path, "w").write("x")
        out[path] = "written"
    except OSError as e:
        out[path] = e.errno
print(json.dumps(out))
"#;
    let (_w, o) = run_case(code, Limits::default());
    let v = json_of(&o);
    for (path, value) in v.as_object().unwrap() {
        // Masked files read as empty (/dev/null bound over them) or refuse; writes are refused.
        assert!(
            value == 0 || matches!(value.as_u64(), Some(13) | Some(30) | Some(1) | Some(2)),
            "{path} -> {value}"
        );
    }
}

#[test]
fn dangerous_system_calls_are_refused_by_seccomp() {
    let code = r#"
import ctypes, json
libc = ctypes.CDLL(None, use_errno=True)
out = {}
# x86_64 numbers: ptrace 101, keyctl 250, bpf 321, perf_event_open 298, userfaultfd 323,
# io_uring_setup 425, kexec_load 246, init_module 175, setns 308, personality 135.
for name, nr in [("ptrace", 101), ("keyctl", 250), ("bpf", 321), ("perf_event_open", 298), ("userfaultfd", 323),
                 ("io_uring_setup", 425), ("kexec_load", 246), ("init_module", 175), ("setns", 308), ("personality", 135)]:
    rc = libc.syscall(nr, 0, 0, 0, 0, 0)
    out[name] = ctypes.get_errno() if rc == -1 else "allowed"
print(json.dumps(out))
"#;
    let (_w, o) = run_case(code, Limits::default());
    let v = json_of(&o);
    for (name, value) in v.as_object().unwrap() {
        assert_eq!(value, 1, "{name} must be refused with EPERM, got {value}");
    }
}

#[test]
fn result_channel_is_separate_from_stdout_and_capped() {
    let code = "import os\nprint('not a result')\nos.write(3, b'{\"x\": 1}')\n";
    let (_w, o) = run_case(code, Limits::default());
    assert_eq!(o.result, "{\"x\": 1}");
    assert!(!o.result_truncated);
    assert_eq!(o.stdout.trim(), "not a result");
    let flood = "import os\nchunk = b'r' * 65536\nfor _ in range(64):\n    os.write(3, chunk)\n";
    let (_w, o) = run_case(
        flood,
        limits().with_result_bytes(1024 * 1024).unwrap().build(),
    );
    assert!(o.result_truncated);
    assert_eq!(o.result.len() as u64, MIB);
}

#[test]
fn support_entrypoint_runs_the_job_file_with_extra_job_files() {
    let world = World::new(false);
    let support_dir = world.dir.path().join("support");
    std::fs::create_dir(&support_dir).unwrap();
    std::fs::write(
        support_dir.join("run.py"),
        "import sys, json\nprint(json.dumps({'argv': sys.argv, 'nonce': open('/job/nonce').read(), 'code': open(sys.argv[1]).read()}))\n",
    )
    .unwrap();
    let setup = JobSetup {
        inputs: vec![],
        limits: Limits::default(),
        support: Some(glovebox_sandbox::Support {
            dir: support_dir,
            entrypoint: "run.py".into(),
        }),
    };
    let outcome = block_on(async {
        let prepared = world.sandbox.prepare(&setup, None).await.unwrap();
        let id = prepared.container_id().to_owned();
        let running = prepared
            .start_with_files("x = 1\n", vec![("nonce".into(), "n-123".into())])
            .await
            .unwrap();
        let o = running.finish().await.unwrap();
        assert_no_leftovers(&id, world.dirs());
        o
    });
    assert_eq!(
        json_of(&outcome),
        serde_json::json!({"argv": ["/glovebox/run.py", "/job/main.py"], "nonce": "n-123", "code": "x = 1\n"})
    );
}

#[test]
fn each_process_has_a_kernel_cpu_time_backstop() {
    let l = limits()
        .with_cpu_time(Duration::from_secs(2))
        .expect("limit")
        .build();
    let expected = glovebox_sandbox::spec::cpu_time_limit_secs(&l);
    assert_eq!(expected, 2 + glovebox_sandbox::spec::CPU_TIME_MARGIN_SECS);
    let (_w, o) = run_case(
        "import json, resource\nprint(json.dumps(resource.getrlimit(resource.RLIMIT_CPU)))\n",
        l,
    );
    assert_eq!(json_of(&o), serde_json::json!([expected, expected]));
}
