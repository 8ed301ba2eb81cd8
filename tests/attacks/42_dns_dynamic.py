# expect: stopped
# DNS lookup through pandas
import pandas as pd
slash = chr(47)
pd.read_csv("https" + ":" + slash + slash + "example.com" + slash + "data.csv")
