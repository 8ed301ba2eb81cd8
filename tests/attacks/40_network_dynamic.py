# expect: stopped
# network through a computed URL
import pandas as pd
slash = chr(47)
pd.read_csv("http" + ":" + slash + slash + "127.0.0.1:" + str(HOST_PORT) + slash + "x.csv")
