# expect: blocked
# numpy.load with allow_pickle given by position
import numpy as np
with open("/tmp/payload.pkl", "wb") as out:
    out.write(b"cos\nsystem\n(S'cat CANARY_PATH'\ntR.")
print(np.load("/tmp/payload.pkl", None, True))
