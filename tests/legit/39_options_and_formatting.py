import pandas as pd
import glovebox

pd.set_option("display.max_columns", 20)
pd.options.display.float_format = "{:,.2f}".format
df = pd.read_csv("/input/sales.csv")
total = float((df["units"] * df["unit_price"]).sum())
label = "{:,.2f} EUR"
glovebox.note(label.format(total))
glovebox.answer("total_revenue", round(total, 2), unit="EUR")
