# expect: blocked
# ctypes through numpy
import numpy as np
libc = np.ctypeslib.load_library("libc.so.6", "/lib/x86_64-linux-gnu")
libc.system(b"id")
