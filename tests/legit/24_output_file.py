import pandas as pd
import glovebox

df = pd.read_csv("/input/sales.csv")
out = df.groupby("region")["units"].sum()
out.to_csv("/output/units_by_region.csv")
glovebox.table("units_by_region", out.reset_index())
