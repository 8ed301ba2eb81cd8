# expect: blocked
# DataFrame.query taken from the class under another name, the frame passed first
import pandas as pd
df = pd.read_csv("/input/sales.csv")
ask = pd.DataFrame.query
print(ask(df, "units.values.ctypes.data > 0"))
