import itertools
import functools
import operator
import pandas as pd
import glovebox

df = pd.read_csv("/input/sales.csv")
pairs = list(itertools.combinations(sorted(df["region"].unique()), 2))
total = functools.reduce(operator.add, df["units"].tolist(), 0)
glovebox.answer("region_pairs", len(pairs), unit="count")
glovebox.answer("total", total, unit="count")
