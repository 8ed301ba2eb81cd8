import pandas as pd
import glovebox

df = pd.read_csv("/input/sales.csv")
converted = (df["units"] > 10).sum()
glovebox.answer("conversion", converted / len(df), unit="rate")
