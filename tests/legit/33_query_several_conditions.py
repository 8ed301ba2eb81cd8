import pandas as pd
import glovebox

df = pd.read_csv("/input/sales.csv")
north_big = df.query("region == 'North' and units > 10")
either = df.query("region in ['North', 'South'] and not (unit_price < 1)")
glovebox.answer("north_big_orders", len(north_big), unit="count")
glovebox.answer("north_or_south_orders", len(either), unit="count")
