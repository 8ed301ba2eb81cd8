"""Glovebox job runner, the entrypoint inside the sandbox.

Runs /job/main.py (the exact text the policy checked) with a PEP 578 audit
hook that records files opened, network and process events, then writes one
JSON document tagged with the run's nonce on the result channel (fd 3).
Anything printed on stdout is only a log.
"""
import json
import os
import sys
import traceback

sys.path.insert(0, "/glovebox")

RESULT_FD = 3
MAX_EVENTS = 200
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


def _hook(event, args):
    try:
        if event == "open":
            path, mode = args[0], args[1]
            if isinstance(path, (str, bytes)):
                path = _text(path)
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


def main():
    code_path = sys.argv[1]
    with open(code_path, encoding="utf-8") as f:
        source = f.read()
    with open("/job/nonce", encoding="ascii") as f:
        nonce = f.read().strip()
    channel = os.fdopen(RESULT_FD, "w", encoding="utf-8")
    os.set_inheritable(RESULT_FD, False)

    import glovebox

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
    document = glovebox._document(nonce)
    document["error"] = error
    document["files_opened"] = _files
    document["network_events"] = _network
    document["process_events"] = _processes
    channel.write(json.dumps(document, allow_nan=False, separators=(",", ":")))
    channel.write("\n")
    channel.flush()
    sys.stdout.flush()
    os._exit(status)


main()
