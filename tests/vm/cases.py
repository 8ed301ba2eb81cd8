"""Containment cases of the rootless sandbox, run in the VM guest as the
desktop user (uid 1000) from a transient service of their systemd manager.

Each case runs small Python jobs through `glovebox-sandbox run --json` and
checks the outcome. One line per case on stdout (the guest's second serial
port): `GLOVEBOX-VM CASE <name> PASS|FAIL (<seconds> s) <detail>`, then
`GLOVEBOX-VM DONE pass=<n> fail=<n>`. Detail lines start with `#`.

usage: python3 cases.py /path/to/glovebox-sandbox
"""

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

BIN = sys.argv[1]
UID = os.getuid()
RUNTIME = os.environ["XDG_RUNTIME_DIR"]
RUN_DIR = os.path.join(RUNTIME, "glovebox")
# Generous: under TCG one container takes a few seconds to create; a job
# that hangs must still leave time for the other cases before the guest's
# own limit.
JOB_TIMEOUT_S = 180
WORK = tempfile.mkdtemp(prefix="gbx-vm-")
results = []


def say(line):
    print(line, flush=True)


def detail(text):
    for line in str(text).splitlines()[:80]:
        say("# " + line[:300])


def sandbox(code, *args, inputs=()):
    """Runs `code` in the sandbox; returns (outcome dict or None, stderr)."""
    path = os.path.join(WORK, "job-%d.py" % time.monotonic_ns())
    with open(path, "w") as f:
        f.write(code)
    command = [BIN, "run", path, "--json", *args]
    for i in inputs:
        command += ["--input", i]
    # Output to files, not pipes: the helper sits in its own process group
    # and would hold a pipe open after a timeout, so the case could never
    # report. A hung job fails its case with what was running and where.
    out_path, err_path = path + ".out", path + ".err"
    with open(out_path, "w") as out, open(err_path, "w") as err:
        try:
            p = subprocess.run(command, stdout=out, stderr=err, text=True, timeout=JOB_TIMEOUT_S)
            code = p.returncode
        except subprocess.TimeoutExpired:
            code = None
    stdout, stderr = open(out_path).read(), open(err_path).read()
    if code is None:
        return None, "no outcome after %d s (hung)\nstderr: %s\n%s" % (JOB_TIMEOUT_S, stderr[-3000:], hang_report())
    try:
        return json.loads(stdout), stderr
    except ValueError:
        return None, "exit %d; stdout: %s\nstderr: %s" % (code, stdout[-2000:], stderr[-4000:])


def hang_report():
    """What the user's processes and scopes are doing, for a hung job."""
    parts = []
    for command in (["ps", "-u", str(UID), "-o", "pid,ppid,pgid,stat,wchan:30,etimes,args"],
                    ["systemctl", "--user", "list-units", "--all", "--no-legend", "--plain", "glovebox*"]):
        try:
            parts.append(subprocess.run(command, capture_output=True, text=True, timeout=20).stdout)
        except Exception as e:  # diagnostics must not hide the failure
            parts.append("%s: %s" % (command[0], e))
    return "\n".join(parts)


def case(fn):
    name = fn.__name__
    started = time.monotonic()
    try:
        ok, text = fn()
    except Exception as e:  # a crash of the check is a failure, with its reason
        ok, text = False, "%s: %s" % (type(e).__name__, e)
    took = time.monotonic() - started
    first, _, rest = str(text).partition("\n")
    say("GLOVEBOX-VM CASE %s %s (%.1f s) %s" % (name, "PASS" if ok else "FAIL", took, first))
    if rest:
        detail(rest)
    results.append(ok)
    return fn


def brief(o):
    keep = {k: o.get(k) for k in ("exit_code", "signal", "timed_out", "oom_killed",
                                  "pids_limit_hit", "mode", "usage", "network_attempts_total")}
    return json.dumps(keep) + "\n--- stdout\n" + o.get("stdout", "")[-1500:] + "\n--- stderr\n" + o.get("stderr", "")[-1500:]


@case
def doctor_says_rootless():
    p = subprocess.run([BIN, "doctor"], capture_output=True, text=True, timeout=60)
    ok = p.returncode == 0 and "mode: rootless (cgroup v2, systemd)" in p.stdout
    mode = [l.strip() for l in p.stdout.splitlines() if "mode:" in l]
    return ok, "%s\n%s%s" % (mode[0] if mode else "no mode line", p.stdout, p.stderr)


@case
def job_answers():
    code = (
        "import os\n"
        "print('answer', 6 * 7)\n"
        "print('uid', os.getuid(), 'gid', os.getgid())\n"
        "print('uid_map', open('/proc/self/uid_map').read().split())\n"
        "print([l for l in open('/proc/self/status') if l.startswith('CapEff')][0].strip())\n"
    )
    o, err = sandbox(code)
    if o is None:
        return False, err
    out = o["stdout"]
    mode = o["mode"]
    ok = (o["exit_code"] == 0 and "answer 42" in out and "uid 1000 gid 1000" in out
          and "CapEff:\t0000000000000000" in out
          and mode == {"isolation": "rootless", "cgroup_layout": "v2", "cgroup_manager": "systemd"})
    uid_map = [l for l in out.splitlines() if l.startswith("uid_map")]
    return ok, "job as uid 1000 inside, %s; created in %d ms\n%s" % (
        uid_map[0] if uid_map else "?", o["usage"]["create_ms"], brief(o))


@case
def memory_limit_is_oom_killed():
    code = (
        "blocks = []\n"
        "for i in range(64):\n"
        "    blocks.append(bytearray(8 * 1024 * 1024))\n"
        "    print('allocated', (i + 1) * 8, 'MiB', flush=True)\n"
    )
    o, err = sandbox(code, "--memory-mb", "64")
    if o is None:
        return False, err
    ok = o["oom_killed"] and o["exit_code"] != 0
    return ok, "oom_killed=%s, peak %.1f MiB (limit 64 MiB)\n%s" % (
        o["oom_killed"], o["usage"]["peak_memory_bytes"] / 1048576, brief(o))


@case
def pids_limit_stops_a_fork_bomb():
    code = (
        "import os, time\n"
        "n = 0\n"
        "try:\n"
        "    for _ in range(200):\n"
        "        if os.fork() == 0:\n"
        "            time.sleep(30)\n"
        "            os._exit(0)\n"
        "        n += 1\n"
        "except OSError as e:\n"
        "    print('fork refused after', n, 'children:', e, flush=True)\n"
    )
    o, err = sandbox(code, "--pids", "16")
    if o is None:
        return False, err
    ok = o["pids_limit_hit"] and "fork refused after" in o["stdout"]
    return ok, "pids_limit_hit=%s: %s\n%s" % (o["pids_limit_hit"], o["stdout"].strip(), brief(o))


@case
def wall_timeout_kills_an_endless_loop():
    o, err = sandbox("while True:\n    pass\n", "--wall-ms", "3000")
    if o is None:
        return False, err
    ok = o["timed_out"] and o["exit_code"] is None and o["usage"]["wall_ms"] < 3000 + 5000
    return ok, "timed_out=%s after %d ms (limit 3000 ms)\n%s" % (o["timed_out"], o["usage"]["wall_ms"], brief(o))


@case
def no_network_and_a_listener_gets_nothing():
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.settimeout(0.2)
    port = listener.getsockname()[1]
    got = []

    def watch():
        end = time.monotonic() + JOB_TIMEOUT_S
        while time.monotonic() < end and not stop.is_set():
            try:
                conn, addr = listener.accept()
                got.append(addr)
                conn.close()
            except OSError:
                pass

    stop = threading.Event()
    t = threading.Thread(target=watch)
    t.start()
    code = (
        "import socket\n"
        "import os\n"
        "print('interfaces', sorted(os.listdir('/sys/class/net')))\n"
        "for host in ('127.0.0.1', '10.0.2.2'):\n"
        "    try:\n"
        "        socket.create_connection((host, %d), timeout=2)\n"
        "        print('connected', host)\n"
        "    except OSError as e:\n"
        "        print('refused', host, e.errno)\n" % port
    )
    try:
        o, err = sandbox(code)
    finally:
        stop.set()
        t.join()
        listener.close()
    if o is None:
        return False, err
    out = o["stdout"]
    ok = ("interfaces ['lo']" in out and "connected" not in out and not got
          and o["network_attempts_total"] >= 2)
    return ok, "only lo; %d attempts recorded and refused; host listener got %d connection(s)\n%s" % (
        o["network_attempts_total"], len(got), brief(o))


@case
def root_and_inputs_are_read_only():
    data = os.path.join(WORK, "sales.csv")
    with open(data, "w") as f:
        f.write("region,revenue\nNorth,1\n")
    # Writable by everyone on the host: only the read-only mount protects it.
    os.chmod(data, 0o666)
    code = (
        "import errno\n"
        "res = {}\n"
        "for p in ['/etc/passwd', '/usr/bin/python3', '/new-file', '/usr/new-file', '/input/sales.csv', '/job/main.py']:\n"
        "    try:\n"
        "        open(p, 'a').close()\n"
        "        res[p] = 'WRITABLE'\n"
        "    except OSError as e:\n"
        "        res[p] = errno.errorcode[e.errno]\n"
        "print(res)\n"
        "print('input', open('/input/sales.csv').read().splitlines()[1])\n"
        "open('/output/result.txt', 'w').write('ok')\n"
    )
    o, err = sandbox(code, inputs=[data])
    if o is None:
        return False, err
    out = o["stdout"]
    with open(data) as f:
        unchanged = f.read() == "region,revenue\nNorth,1\n"
    ok = (o["exit_code"] == 0 and "WRITABLE" not in out and "input North,1" in out and unchanged
          and "'/input/sales.csv': 'EROFS'" in out
          and [f["name"] for f in o["output_files"]] == ["result.txt"])
    return ok, "%s\n%s" % (out.splitlines()[0] if out else "", brief(o))


@case
def output_is_capped():
    code = (
        "import errno\n"
        "n = 0\n"
        "chunk = b'x' * (1024 * 1024)\n"
        "try:\n"
        "    with open('/output/big.bin', 'wb') as f:\n"
        "        for _ in range(200):\n"
        "            f.write(chunk)\n"
        "            f.flush()\n"
        "            n += 1\n"
        "except OSError as e:\n"
        "    print('stopped after', n, 'MiB:', errno.errorcode[e.errno])\n"
    )
    o, err = sandbox(code)
    if o is None:
        return False, err
    ok = "stopped after" in o["stdout"] and ("ENOSPC" in o["stdout"] or "EFBIG" in o["stdout"])
    return ok, "%s (output limit 64 MiB)\n%s" % (o["stdout"].strip(), brief(o))


def leftovers():
    found = []
    for sub in ("state", "work"):
        d = os.path.join(RUN_DIR, sub)
        if os.path.isdir(d):
            found += ["%s/%s" % (sub, n) for n in os.listdir(d) if n.startswith("gbx-")]
    units = subprocess.run(["systemctl", "--user", "list-units", "--all", "--no-legend", "--plain", "glovebox-*.scope"],
                           capture_output=True, text=True).stdout.split()
    found += [u for u in units if u.endswith(".scope")]
    cg = "/sys/fs/cgroup/user.slice/user-%d.slice/user@%d.service" % (UID, UID)
    for root, dirs, _ in os.walk(cg):
        found += [os.path.join(root, d) for d in dirs if d.startswith("glovebox-gbx-")]
    with open("/proc/self/mountinfo") as f:
        found += [l.split()[4] for l in f if l.split()[4].startswith(RUN_DIR)]
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open("/proc/%s/cmdline" % pid, "rb") as f:
                    cmd = f.read().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if "/job/main.py" in cmd or " helper" in cmd and "glovebox-sandbox" in cmd:
                found.append("process %s: %s" % (pid, cmd))
    return found


@case
def killed_caller_leaves_nothing():
    path = os.path.join(WORK, "sleep.py")
    with open(path, "w") as f:
        f.write("import time\nprint('started', flush=True)\ntime.sleep(120)\n")
    caller = subprocess.Popen([BIN, "run", path, "--json"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
    line = caller.stderr.readline()
    if "ready" not in line:
        caller.kill()
        return False, "no container: " + line + caller.stderr.read()
    time.sleep(2)
    caller.send_signal(signal.SIGKILL)
    caller.wait()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and leftovers():
        time.sleep(0.5)
    left = leftovers()
    return not left, "caller SIGKILLed while the job ran (%s); after: %s" % (
        line.strip(), left or "nothing left")


def children_of(pid):
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry) as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            if ppid == pid:
                found.append(int(entry))
    return found


@case
def killed_helper_is_swept():
    path = os.path.join(WORK, "sleep.py")
    caller = subprocess.Popen([BIN, "run", path, "--json"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
    line = caller.stderr.readline()
    if "ready" not in line:
        caller.kill()
        return False, "no container: " + line + caller.stderr.read()
    time.sleep(2)
    helpers = children_of(caller.pid)
    for pid in helpers:
        os.kill(pid, signal.SIGKILL)
    caller.wait(timeout=60)
    time.sleep(1)
    before = leftovers()
    sweep = subprocess.run([BIN, "sweep"], capture_output=True, text=True, timeout=120)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and leftovers():
        time.sleep(0.5)
    left = leftovers()
    ok = bool(helpers) and bool(before) and not left and sweep.returncode == 0
    return ok, "helper %s SIGKILLed; left behind: %d item(s); sweep: %s; after: %s\n%s" % (
        helpers, len(before), sweep.stderr.strip(), left or "nothing left", "\n".join(before))


@case
def private_input_is_refused_with_the_fix():
    data = os.path.join(WORK, "private.csv")
    with open(data, "w") as f:
        f.write("a\n1\n")
    os.chmod(data, 0o600)
    o, err = sandbox("print(open('/input/private.csv').read())\n", inputs=[data])
    ok = o is None and "chmod o+r" in err
    return ok, err.strip().splitlines()[-1] if err.strip() else "no error"


@case
def no_leftovers_after_the_runs():
    left = leftovers()
    return not left, "state, work, scopes, cgroups, mounts, processes: %s" % (left or "none left")


fails = results.count(False)
say("GLOVEBOX-VM DONE pass=%d fail=%d" % (len(results) - fails, fails))
sys.exit(1 if fails else 0)
