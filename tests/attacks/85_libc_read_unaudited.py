# expect: blocked
# seen-read: sales.csv
# open and read the input with libc calls, which raise no Python audit event
import ctypes
import glovebox
libc = ctypes.CDLL(None, use_errno=True)
fd = libc.open(b"/input/sales.csv", 0)
buf = ctypes.create_string_buffer(65536)
n = libc.read(fd, buf, 65536)
libc.close(fd)
glovebox.answer("bytes", int(n), unit="count")
