import pandas as pd
import glovebox

df = pd.read_csv("/input/sales.csv", parse_dates=["date"])
daily = df.groupby("date")["units"].sum()
growth = daily.pct_change().fillna(0)
glovebox.table("growth", pd.DataFrame({"date": daily.index, "cumulative": daily.cumsum().values, "growth": growth.values}))
