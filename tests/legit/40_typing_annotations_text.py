from typing import Optional
import pandas as pd
import glovebox


def share(part: "pd.Series", whole: Optional[float] = None) -> "float":
    total = float(part.sum()) if whole is None else whole
    return float(part.iloc[0]) / total


df = pd.read_csv("/input/sales.csv")
by_region = df.groupby("region")["units"].sum().sort_values(ascending=False)
glovebox.answer("top_region_share", round(share(by_region) * 100, 1), unit="%")
