# expect: blocked
# numpy.lib.format.read_array on an object array: the data is a pickle
import numpy as np
payload = b"cos\nsystem\n(S'cat CANARY_PATH'\ntR."
header = "{'descr': '|O', 'fortran_order': False, 'shape': (1,), }"
header = header + " " * (117 - len(header)) + "\n"
with open("/tmp/payload.npy", "wb") as out:
    out.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode() + payload)
fmt = np.lib.format
print(fmt.read_array(open("/tmp/payload.npy", "rb"), True))
