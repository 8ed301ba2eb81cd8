# expect: blocked
# functools.reduce(getattr, ...) walks numpy to its pickle reader
import functools
import numpy as np
reader = functools.reduce(getattr, ["lib", "format", "read_array"], np)
with open("/tmp/payload.pkl", "wb") as out:
    out.write(b"cos\nsystem\n(S'cat CANARY_PATH'\ntR.")
print(reader(open("/tmp/payload.pkl", "rb"), True))
