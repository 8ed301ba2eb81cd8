import pandas as pd
import numpy as np
import glovebox

df = pd.read_csv("/input/sales.csv")
counts, edges = np.histogram(df["units"], bins=4)
table = pd.DataFrame({"from": edges[:-1], "to": edges[1:], "orders": counts})
glovebox.table("units_histogram", table)
glovebox.chart("histogram", "units_histogram", x="from", y="orders")
