# expect: answered
# fill /tmp
import glovebox
written = 0
try:
    with open("/tmp/fill", "wb") as f:
        while True:
            f.write(b"z" * (1 << 20))
            written += 1
except OSError:
    pass
glovebox.answer("mib_written", written, unit="count")
