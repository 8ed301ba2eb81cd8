import pandas as pd
import glovebox

df = pd.read_csv("/input/sales.csv")
summary = df.groupby("region")["units"].agg(["sum", "mean", "count"]).reset_index()
spread = df["unit_price"].agg("std")
running = df["units"].transform("cumsum")
glovebox.table("units_by_region", summary)
glovebox.answer("price_spread", float(spread), unit="EUR")
glovebox.answer("running_total", int(running.iloc[-1]), unit="count")
