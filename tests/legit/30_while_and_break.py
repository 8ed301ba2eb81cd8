import pandas as pd
import glovebox

df = pd.read_csv("/input/sales.csv").sort_values("date")
running = 0
day = None
for _, row in df.iterrows():
    running += row["units"]
    if running >= 100:
        day = row["date"]
        break
glovebox.answer("day_reaching_100_units", str(day))
