import pandas as pd
import glovebox

df = pd.read_csv("/input/sales.csv")
df["date"] = pd.to_datetime(df["date"])
df["weekday"] = df["date"].dt.day_name()
by_day = df.groupby("weekday")["units"].sum().reset_index()
glovebox.table("units_by_weekday", by_day)
