# expect: blocked
# numpy.ctypeslib imported as a submodule of an allowed library
import numpy.ctypeslib as nc
arr = nc.as_array
print(arr)
