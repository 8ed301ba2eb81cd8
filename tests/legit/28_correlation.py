import pandas as pd
from scipy.stats import pearsonr
import glovebox

df = pd.read_csv("/input/sales.csv")
r, p = pearsonr(df["units"], df["unit_price"])
glovebox.answer("correlation", float(r))
glovebox.note(f"p-value {p:.3f}")
