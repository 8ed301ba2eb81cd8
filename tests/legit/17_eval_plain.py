import pandas as pd
import glovebox

df = pd.read_csv("/input/sales.csv")
df = df.eval("revenue = units * unit_price")
glovebox.answer("revenue", float(df["revenue"].sum()), unit="EUR")
