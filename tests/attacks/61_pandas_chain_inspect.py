# expect: blocked
# a denied module reached through an attribute chain of pandas
import pandas as pd
ins = pd.core.common.inspect
print(ins.getsource(pd.read_csv)[:80])
