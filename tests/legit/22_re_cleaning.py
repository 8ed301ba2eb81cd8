import re
import pandas as pd
import glovebox

df = pd.read_csv("/input/sales.csv")
df["product_clean"] = df["product"].str.lower().map(lambda s: re.sub(r"[^a-z]+", "", s))
glovebox.answer("products", df["product_clean"].nunique(), unit="count")
