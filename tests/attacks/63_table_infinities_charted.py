# expect: answered
# expect-note: left empty
# infinities, NaN and 1.7e308 in a result table, drawn as every kind of chart: the host must not hang
import glovebox
rows = [["region", "total"], ["North", float("inf")], ["South", float("-inf")], ["East", float("nan")],
        ["West", 1.7e308], ["Centre", -1.7e308], ["Island", 12.5], ["Coast", 13.0]]
glovebox.table("totals", rows)
for kind in ("bar", "line", "pie"):
    glovebox.chart(kind, "totals", x="region", y="total", title="totals " + kind)
glovebox.chart("histogram", "totals", x="total", y="total")
glovebox.answer("regions", 7, unit="count")
