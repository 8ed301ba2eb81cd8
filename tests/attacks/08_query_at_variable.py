# expect: blocked
# df.query reaching a local variable
import pandas as pd
df = pd.read_csv("/input/sales.csv")
secret = open("CANARY_PATH").read()
print(df.query("units > @secret"))
