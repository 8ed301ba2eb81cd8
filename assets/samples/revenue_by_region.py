# Revenue per region from the bundled sales.csv, reported through the glovebox module.
import pandas as pd
import glovebox
sales = pd.read_csv("/input/sales.csv")
sales["revenue"] = sales["units"] * sales["unit_price"]
by_region = sales.groupby("region")["revenue"].sum().sort_values(ascending=False)
glovebox.answer("total revenue", float(sales["revenue"].sum()), unit="EUR")
glovebox.table("revenue_by_region", by_region.round(2))
glovebox.chart("bar", "revenue_by_region", x="region", y="revenue", title="Revenue per region")
