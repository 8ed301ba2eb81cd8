import pandas as pd
import glovebox

df = pd.read_csv("/input/sales.csv")
df["size"] = df["units"].apply(lambda u: "large" if u >= 20 else "small")
counts = df["size"].value_counts().rename_axis("size").reset_index(name="orders")
glovebox.table("order_sizes", counts)
glovebox.chart("bar", "order_sizes", x="size", y="orders")
