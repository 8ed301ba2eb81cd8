import pandas as pd
import glovebox

df = pd.read_csv("/input/sales.csv")
pivot = pd.pivot_table(df, values="units", index="region", columns="product", aggfunc="sum", fill_value=0)
glovebox.table("units_by_region_and_product", pivot.reset_index())
