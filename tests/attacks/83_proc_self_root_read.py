# expect: answered
# seen-read: sales.csv
# read the input through /proc/self/root, which the audit hook used to ignore as noise
import glovebox
slash = chr(47)
path = slash.join(["", "proc", "self", "root", "input", "sales.csv"])
rows = open(path).read().splitlines()
glovebox.answer("rows", len(rows) - 1, unit="count")
