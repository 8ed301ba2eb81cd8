# expect: blocked
# DataFrame.eval walking attributes of a column (no @, no engine="python")
import pandas as pd
df = pd.read_csv("/input/sales.csv")
print(df.eval("units.values.ctypes.data"))
