"""Glovebox job runner, the entrypoint inside the sandbox.

Runs /job/main.py (the exact text the policy checked) with a PEP 578 audit
hook that records files opened, network and process events, then hands one
JSON document to the result channel (fd 3). Anything printed on stdout is
only a log.

The channel is written by a process the code cannot reach: before any of the
code runs, the runner forks a *channel writer* that alone keeps fd 3, makes
itself non-dumpable (so that the code, the same user, can neither open its
fds through /proc nor write its memory) and waits. The code's process closes
fd 3, runs the code, and sends the writer one framed document on a private
pipe; the writer parses it with its own, untouched `json`, seals it with the
nonce and writes it. The code can put what it likes in its own answers (they
are its answers) but can neither pre-empt, replace nor add to the document
on the channel. The audit hook's lists are the code's own testimony, a second
source: the sandbox records which inputs were read from outside the job.
"""
import json
import os
import sys
import traceback

sys.path.insert(0, "/glovebox")

RESULT_FD = 3
MAX_EVENTS = 200
# The most the writer accepts from the code (the helper keeps 8 MiB by default).
MAX_DOCUMENT_BYTES = 32 * 1024 * 1024
FRAME_HEADER_BYTES = 8
PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4
SIGKILL = 9
# matplotlib draws into files: plt.show() and figures left open go to /output.
FIGURES_BACKEND = "module://glovebox_figures"
QUIET_PREFIXES = ("/usr/", "/glovebox/", "/proc/self/", "/dev/null", "/etc/localtime")

_files = []
_network = []
_processes = []


def _remember(bucket, item):
    if len(bucket) < MAX_EVENTS and item not in bucket:
        bucket.append(item)


def _text(value):
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


def _seen_path(path):
    """The path a file has in the sandbox: /proc/<self|pid|thread-self>/root/x is /x."""
    if path.startswith("/proc/"):
        parts = path.split("/", 4)
        if len(parts) >= 4 and parts[3] == "root":
            return "/" + (parts[4] if len(parts) > 4 else "")
    return path


def _hook(event, args):
    try:
        if event == "open":
            path, mode = args[0], args[1]
            if isinstance(path, (str, bytes)):
                path = _seen_path(_text(path))
                if not path.startswith(QUIET_PREFIXES):
                    writing = isinstance(mode, str) and any(c in mode for c in "wax+")
                    _remember(_files, {"path": path, "mode": "write" if writing else "read"})
        elif event == "socket.__new__":
            _remember(_network, {"event": "socket", "family": int(args[1]), "type": int(args[2])})
        elif event in ("socket.connect", "socket.sendto", "socket.bind"):
            _remember(_network, {"event": event.split(".")[1], "address": _text(args[1])})
        elif event == "socket.getaddrinfo":
            _remember(_network, {"event": "resolve", "address": _text(args[0])})
        elif event in ("socket.gethostbyname", "socket.gethostbyaddr"):
            _remember(_network, {"event": "resolve", "address": _text(args[0])})
        elif event in ("subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn"):
            _remember(_processes, {"event": event, "program": _text(args[0])[:200]})
        elif event == "os.fork":
            _remember(_processes, {"event": event, "program": ""})
    except Exception:  # an audit hook must never break the job
        pass


def _error_of(exc):
    line = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename == "main.py":
            line = frame.lineno
    if isinstance(exc, SyntaxError) and exc.filename == "main.py":
        line = exc.lineno
    return {"type": type(exc).__name__, "message": str(exc)[:2000], "line": line}


def _read_exactly(fd, size):
    chunks = []
    while size > 0:
        chunk = os.read(fd, min(size, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def _refuse_constant(name):
    raise ValueError("not a finite number: " + name)


def _writer(frames, ready):
    """The channel writer: never runs a line of the code."""
    import ctypes

    # Before the code can run (it waits for `ready`): the code's process is
    # the same user, and a dumpable writer's fd 3 would be open to it
    # through /proc/<pid>/fd/3, its memory through /proc/<pid>/mem.
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0:
        os._exit(1)
    os.write(ready, b"r")
    os.close(ready)
    with open("/job/nonce", encoding="ascii") as f:
        nonce = f.read().strip()
    problem = None
    document = None
    header = _read_exactly(frames, FRAME_HEADER_BYTES)
    if header is None:
        problem = "the calculation ended without handing over its result"
    else:
        size = int.from_bytes(header, "big")
        body = _read_exactly(frames, size) if size <= MAX_DOCUMENT_BYTES else None
        if body is None:
            problem = "the calculation's result was cut off or larger than %d bytes" % MAX_DOCUMENT_BYTES
        else:
            try:
                document = json.loads(body.decode("utf-8"), parse_constant=_refuse_constant)
                if not isinstance(document, dict):
                    raise ValueError("not an object")
            except Exception as exc:  # the code's bytes: anything may be wrong
                document = None
                problem = "the calculation's result could not be read (%s)" % type(exc).__name__
    if document is None:
        document = {"answers": [], "tables": [], "charts": [], "notes": [],
                    "error": {"type": "ResultError", "message": problem, "line": None},
                    "files_opened": [], "network_events": [], "process_events": []}
    document["glovebox"] = 1
    document["nonce"] = nonce
    try:
        text = json.dumps(document, allow_nan=False, separators=(",", ":"))
    except Exception as exc:
        text = json.dumps({"glovebox": 1, "nonce": nonce, "answers": [], "tables": [], "charts": [],
                           "notes": [], "files_opened": [], "network_events": [], "process_events": [],
                           "error": {"type": "ResultError", "line": None,
                                     "message": "the calculation's result could not be written (%s)" % type(exc).__name__}})
    with os.fdopen(RESULT_FD, "w", encoding="utf-8") as channel:
        channel.write(text)
        channel.write("\n")
    os._exit(0)


def _start_writer():
    """Forks the channel writer; returns its pid and the code's end of the pipe."""
    frames_r, frames_w = os.pipe()
    ready_r, ready_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(frames_w)
        os.close(ready_r)
        try:
            _writer(frames_r, ready_w)
        finally:
            os._exit(1)
    os.close(frames_r)
    os.close(ready_w)
    # The code starts only once the writer is out of its reach.
    if os.read(ready_r, 1) != b"r":
        sys.stderr.write("glovebox: the result channel could not be set up\n")
        os._exit(70)
    os.close(ready_r)
    os.close(RESULT_FD)
    return pid, frames_w


def _hand_over(frames, document, dumps):
    body = dumps(document, allow_nan=False, separators=(",", ":")).encode("utf-8")
    data = len(body).to_bytes(FRAME_HEADER_BYTES, "big") + body
    while data:
        data = data[os.write(frames, data):]


def _die_with_the_helper():
    """The job's first process is the sandbox helper's child: the kernel ends
    it, and with it the whole job, if the helper dies. The seccomp profile
    lets no one clear or change this afterwards."""
    import ctypes

    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0:
        sys.stderr.write("glovebox: cannot tie the job to the sandbox helper\n")
        os._exit(70)


def _save_open_figures():
    """Figures the code left open become files, as plt.show() makes them;
    nothing is imported when the code drew none."""
    figures = sys.modules.get("glovebox_figures")
    if figures is not None and "matplotlib.pyplot" in sys.modules:
        try:
            figures.save_open_figures()
        except Exception:  # a figure that cannot be saved is not the answer
            traceback.print_exc()


def main():
    _die_with_the_helper()
    code_path = sys.argv[1]
    with open(code_path, encoding="utf-8") as f:
        source = f.read()
    writer, frames = _start_writer()
    dumps = json.dumps

    import glovebox

    os.environ["MPLBACKEND"] = FIGURES_BACKEND
    sys.addaudithook(_hook)
    error = None
    status = 0
    try:
        compiled = compile(source, "main.py", "exec", dont_inherit=True)
        exec(compiled, {"__name__": "__main__", "__builtins__": __builtins__})
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException as exc:  # report, never hide
        traceback.print_exc()
        error = _error_of(exc)
        status = 1
    _save_open_figures()
    try:
        document = glovebox._document("")
        document["error"] = error
        document["files_opened"] = _files
        document["network_events"] = _network
        document["process_events"] = _processes
        _hand_over(frames, document, dumps)
    except BaseException:  # the writer then says the result is missing
        traceback.print_exc()
        status = status or 1
    os.close(frames)
    try:
        os.waitpid(writer, 0)
    except OSError:
        pass
    sys.stdout.flush()
    os._exit(status)


main()
