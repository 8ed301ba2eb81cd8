import pandas as pd
import glovebox

df = pd.read_csv("/input/sales.csv")
big = df.query("units > 10 and region == 'North'")
glovebox.answer("big_north_orders", len(big), unit="count")
