# expect: blocked
# pandas unpickling
import pandas as pd
pd.read_pickle("/input/sales.csv")
