# expect: blocked
# DataFrame.eval given extra names through resolvers=
import pandas as pd
import numpy as np
with open("/tmp/payload.pkl", "wb") as out:
    out.write(b"cos\nsystem\n(S'cat CANARY_PATH'\ntR.")
df = pd.read_csv("/input/sales.csv")
print(df.eval("lib.load('/tmp/payload.pkl', None, True)", resolvers=[{"lib": np}]))
