# expect: blocked
# numpy unpickling
import numpy as np
np.load("/input/sales.csv", allow_pickle=True)
