# expect: blocked
# methodcaller held in a variable calls numpy.load with allow_pickle by position
import operator
import numpy as np
with open("/tmp/payload.pkl", "wb") as out:
    out.write(b"cos\nsystem\n(S'cat CANARY_PATH'\ntR.")
call = operator.methodcaller
call("load", "/tmp/payload.pkl", None, True)(np)
