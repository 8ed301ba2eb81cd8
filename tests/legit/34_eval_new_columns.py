import pandas as pd
import glovebox

df = pd.read_csv("/input/sales.csv")
df = df.eval("revenue = units * unit_price")
df = df.eval("log_units = log(units)")
threshold = "revenue > 20"
large = df.query(threshold)
glovebox.answer("revenue", float(df["revenue"].sum()), unit="EUR")
glovebox.answer("large_orders", len(large), unit="count")
