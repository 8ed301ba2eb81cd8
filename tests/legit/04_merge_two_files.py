import pandas as pd
import glovebox

sales = pd.read_csv("/input/sales.csv")
targets = pd.DataFrame({"region": ["North", "South"], "target": [50, 40]})
merged = sales.merge(targets, on="region", how="left")
summary = merged.groupby("region").agg(units=("units", "sum"), target=("target", "first"))
glovebox.table("vs_target", summary.reset_index())
