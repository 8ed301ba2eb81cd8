import pandas as pd
import glovebox

df = pd.read_csv("/input/sales.csv")
share = df.groupby("region")["units"].sum() / df["units"].sum() * 100
glovebox.table("share_percent", share.round(1).reset_index(name="percent"))
glovebox.chart("pie", "share_percent", x="region", y="percent", title="Share of units")
