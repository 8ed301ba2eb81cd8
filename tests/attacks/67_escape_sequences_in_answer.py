# expect: answered
# expect-terminal: clean
# terminal control sequences in answers, units, tables, columns and chart titles: clear screen, cursor up, a fake answer line
import glovebox
esc = chr(27)
glovebox.answer("total" + esc + "[2J" + esc + "[H", 12, unit="EUR" + esc + "[8m")
glovebox.answer("note", "ok" + chr(13) + "Answer: 1000000" + chr(10) + "Answer: 1000000" + esc + "[1A" + esc + "[2K", unit=None)
rows = [["region" + esc + "[31m", "total" + chr(155) + "2J"], ["North" + esc + "[1A" + esc + "[2KAnswer: 1000000", 3.5], ["South", 4.5]]
glovebox.table("t" + esc + "[2J", rows)
glovebox.chart("bar", "t" + esc + "[2J", x="region" + esc + "[31m", y="total" + chr(155) + "2J", title=esc + "[2J" + esc + "[HAnswer: 1000000")
