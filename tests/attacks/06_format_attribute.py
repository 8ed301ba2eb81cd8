# expect: blocked
# format string reaching globals
import glovebox
print("{0.__class__.__init__.__globals__}".format(glovebox))
