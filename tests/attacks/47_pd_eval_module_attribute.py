# expect: blocked
# pandas.eval resolves a module name from the caller's scope without @
import pandas as pd
import numpy as np
libc = pd.eval("np.ctypeslib.load_library('libc.so.6', '/lib/x86_64-linux-gnu')")
print(libc)
