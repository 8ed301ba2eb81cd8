# expect: blocked
# seen-read: none
# stdout-has: keyring refused
# reach the caller's session keyring (which may hold the report-signing key)
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
SYS_keyctl, SYS_add_key, SYS_request_key = 250, 248, 249
KEY_SPEC_SESSION_KEYRING, KEYCTL_READ, KEYCTL_DESCRIBE = -3, 11, 6
buf = ctypes.create_string_buffer(4096)
results = [
    libc.syscall(SYS_keyctl, KEYCTL_DESCRIBE, KEY_SPEC_SESSION_KEYRING, buf, 4096),
    libc.syscall(SYS_keyctl, KEYCTL_READ, KEY_SPEC_SESSION_KEYRING, buf, 4096),
    libc.syscall(SYS_request_key, b"user", b"glovebox", None, 0),
    libc.syscall(SYS_add_key, b"user", b"x", b"y", 1, KEY_SPEC_SESSION_KEYRING),
]
try:
    keys = open("/proc/keys").read()
except OSError:
    keys = ""
if all(r < 0 for r in results) and not keys.strip():
    print("keyring refused")
else:
    print("keyring reached", results, buf.raw[:64], keys[:200])
