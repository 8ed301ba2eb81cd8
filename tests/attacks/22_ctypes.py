# expect: blocked
# ctypes directly
import ctypes
ctypes.CDLL(None).system(b"id")
