import functools
import operator
import pandas as pd
import glovebox

df = pd.read_csv("/input/sales.csv")
revenue = (df["units"] * df["unit_price"]).tolist()
total = functools.reduce(operator.add, revenue, 0.0)
largest = functools.reduce(max, df["units"].tolist())
glovebox.answer("total_revenue", round(total, 2), unit="EUR")
glovebox.answer("largest_units", int(largest), unit="count")
