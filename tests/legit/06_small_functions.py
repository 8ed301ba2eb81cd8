import pandas as pd
import glovebox


def revenue(frame: pd.DataFrame) -> pd.Series:
    return frame["units"] * frame["unit_price"]


def top_n(series: pd.Series, n: int = 3) -> pd.Series:
    return series.sort_values(ascending=False).head(n)


df = pd.read_csv("/input/sales.csv")
df["revenue"] = revenue(df)
best = top_n(df.groupby("product")["revenue"].sum())
glovebox.table("top_products", best.reset_index())
