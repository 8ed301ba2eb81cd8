import numpy as np
import pandas as pd
import glovebox

units = pd.read_csv("/input/sales.csv")["units"].to_numpy()
glovebox.answer("median", float(np.median(units)))
glovebox.answer("p90", float(np.percentile(units, 90)))
glovebox.answer("std", float(np.std(units, ddof=1)))
