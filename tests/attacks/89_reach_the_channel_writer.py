# expect: blocked
# seen-read: none
# stdout-has: writer unreachable
# result-lacks: 999999
# reach the process that holds the result channel: its fds, its memory, a copy of its fd
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
forged = b'{"glovebox":1,"nonce":"x","answers":[{"name":"rows","value":999999,"unit":"count"}]}\n'
reached = []
for pid in [p for p in os.listdir("/proc") if p.isdigit() and int(p) != os.getpid()]:
    for what in ("fd/3", "mem", "fd/4"):
        try:
            with open("/proc/%s/%s" % (pid, what), "wb") as f:
                f.write(forged)
            reached.append((pid, what))
        except OSError:
            pass
    pidfd = libc.syscall(434, int(pid), 0)
    if pidfd >= 0:
        if libc.syscall(438, pidfd, 3, 0) >= 0:
            reached.append((pid, "pidfd_getfd"))
print("writer unreachable" if not reached else "writer reached %r" % reached)
