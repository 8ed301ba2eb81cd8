# expect: blocked
# seen-read: none
# stdout-has: parent-death signal kept
# clear the parent-death signal so the job outlives a killed helper
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
PR_SET_PDEATHSIG, PR_GET_PDEATHSIG = 1, 2
cleared = libc.prctl(PR_SET_PDEATHSIG, 0, 0, 0, 0)
changed = libc.prctl(PR_SET_PDEATHSIG, 15, 0, 0, 0)
now = ctypes.c_int(-1)
libc.prctl(PR_GET_PDEATHSIG, ctypes.byref(now), 0, 0, 0)
print("parent-death signal kept" if cleared != 0 and changed != 0 else "parent-death signal changed", now.value)
