import numpy as np
import pandas as pd
import glovebox

df = pd.read_csv("/input/sales.csv")
np.save("/tmp/units.npy", df["units"].to_numpy())
units = np.load("/tmp/units.npy")
again = np.load("/tmp/units.npy", allow_pickle=False)
glovebox.answer("units_total", int(units.sum()), unit="count")
glovebox.answer("same", int((units == again).all()), unit="count")
