import pandas as pd
import glovebox

df = pd.read_csv("/input/sales.csv")
means = df.groupby("region")["units"].mean().reset_index()
glovebox.table("mean_units", means)
glovebox.answer("overall_mean", df["units"].mean())
