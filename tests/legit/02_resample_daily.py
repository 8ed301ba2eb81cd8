import pandas as pd
import glovebox

df = pd.read_csv("/input/sales.csv", parse_dates=["date"])
daily = df.set_index("date").resample("D")["units"].sum()
glovebox.table("daily_units", daily.reset_index())
glovebox.chart("line", "daily_units", x="date", y="units", title="Units per day")
