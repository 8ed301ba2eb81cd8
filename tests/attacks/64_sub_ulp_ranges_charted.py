# expect: answered
# values whose spread is below the spacing of floats there (1e16 + 2) or subnormal: tick loops must end
import glovebox
rows = [["x", "big", "tiny", "huge"]]
for i in range(40):
    rows.append([1e16 + 2 * (i % 3), 1e16 + 2 * (i % 2), 5e-324 * (i % 2 + 1), 1e100 - i])
glovebox.table("edges", rows)
glovebox.chart("line", "edges", x="x", y=["big", "tiny", "huge"], title="edges")
glovebox.chart("scatter", "edges", x="x", y="big")
glovebox.chart("histogram", "edges", x="big", y="big")
glovebox.chart("bar", "edges", x="x", y="tiny")
glovebox.answer("rows", 40, unit="count")
