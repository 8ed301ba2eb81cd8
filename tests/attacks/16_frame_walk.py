# expect: blocked
# frame introspection
import sys
frame = sys._getframe()
print(frame.f_back.f_globals)
