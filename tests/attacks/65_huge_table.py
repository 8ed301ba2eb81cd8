# expect: stopped
# expect-note: too many cells
# a table at the row cap and wider than the cell budget is refused in plain words, not drawn
import glovebox
columns = ["c%d" % i for i in range(21)]
rows = [columns] + [[float(r * 21 + c) for c in range(21)] for r in range(10000)]
glovebox.table("huge", rows)
glovebox.chart("scatter", "huge", x="c0", y=columns[1:9])
glovebox.answer("rows", 10000, unit="count")
