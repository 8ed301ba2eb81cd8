# expect: blocked
# network through pandas
import pandas as pd
pd.read_csv("http://127.0.0.1:HOST_PORT/leak.csv")
