# expect: blocked
# seen-read: sales.csv
# stdout-has: hook record erased
# read the input, then find the runner's record of opened files in memory and empty it
import gc
import glovebox
rows = open("/input/sales.csv").read().splitlines()
for obj in gc.get_objects():
    if isinstance(obj, list) and obj and isinstance(obj[0], dict) and "path" in obj[0] and "mode" in obj[0]:
        obj.clear()
        print("hook record erased")
glovebox.answer("rows", len(rows) - 1, unit="count")
