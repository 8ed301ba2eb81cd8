import pandas as pd
from scipy import stats
import glovebox

df = pd.read_csv("/input/sales.csv")
north = df[df["region"] == "North"]["units"]
south = df[df["region"] == "South"]["units"]
result = stats.ttest_ind(north, south, equal_var=False)
glovebox.answer("t_statistic", float(result.statistic))
glovebox.answer("p_value", float(result.pvalue), unit="probability")
