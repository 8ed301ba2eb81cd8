# expect: answered
# 10,000 rows in 8 series on line and scatter charts: the point budget keeps drawing small
import glovebox
columns = ["x"] + ["s%d" % i for i in range(8)]
rows = [columns] + [[i] + [((i * 7919 + s * 104729) % 10007) * 1.5 for s in range(8)] for i in range(10000)]
glovebox.table("points", rows)
glovebox.chart("scatter", "points", x="x", y=columns[1:])
glovebox.chart("line", "points", x="x", y=columns[1:])
glovebox.answer("points", 80000, unit="count")
