# expect: blocked
# os through pandas internals
import pandas as pd
pd.io.common.os.system("cat CANARY_PATH")
