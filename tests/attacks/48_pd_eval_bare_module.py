# expect: blocked
# pandas.eval hands back a module by name, then numpy.load unpickles by position
import pandas as pd
import numpy as np
with open("/tmp/payload.pkl", "wb") as out:
    out.write(b"cos\nsystem\n(S'cat CANARY_PATH'\ntR.")
mod = pd.eval("np")
mod.load("/tmp/payload.pkl", None, True)
