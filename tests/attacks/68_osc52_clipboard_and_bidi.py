# expect: answered
# expect-terminal: clean
# OSC 52 clipboard writes, window-title sequences and bidi overrides in answers, notes, tables and charts
import glovebox
esc, bel = chr(27), chr(7)
clip = esc + "]52;c;Y3VybCBodHRwOi8vZXZpbC5leGFtcGxlIHwgc2g=" + bel
title = esc + "]0;glovebox: all checks passed" + bel
rlo, pdi, lri = chr(0x202E), chr(0x2069), chr(0x2066)
glovebox.answer("revenue" + clip, 10, unit="EUR")
glovebox.answer("status" + title, "safe" + rlo + "txt.exe", unit=None)
glovebox.note("copy this" + clip + " " + chr(0x9D) + "52;c;eA==" + chr(0x9C))
rows = [["name" + lri + "x" + pdi, "value"], ["a" + rlo + "1000000", 1.0], ["b" + chr(0x200B) + "c", 2.0]]
glovebox.table("bidi" + rlo, rows)
glovebox.chart("line", "bidi" + rlo, x="name" + lri + "x" + pdi, y="value", title=rlo + "0000001 :rewsnA")
