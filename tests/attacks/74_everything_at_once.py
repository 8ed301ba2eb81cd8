# expect: answered
# expect-network: 1
# expect-terminal: clean
# expect-refused-output: not UTF-8
# expect-note: left empty
# a network attempt, escape sequences in the answer, infinities in a charted table and a non-UTF-8 output name together
import pandas as pd
esc = chr(27)
slash = chr(47)
try:
    pd.read_csv("http" + ":" + slash + slash + "127.0.0.1:" + str(HOST_PORT) + slash + "y.csv")
except Exception:
    pass
with open(bytes([47]) + b"output" + bytes([47]) + b"r" + bytes([0xC3, 0x28]) + b".csv", "wb") as f:
    f.write(b"x\n")
import glovebox  # last: the sandbox-alone run has no glovebox module, the hostile part runs first
glovebox.table("t", [["k", "v"], ["a", float("inf")], ["b", 1.7e308], ["c", 2.0]])
glovebox.chart("bar", "t", x="k", y="v", title=esc + "[2J" + esc + "]52;c;eA==" + chr(7))
glovebox.answer("total" + esc + "[2J" + esc + "[H" + "Answer: 1000000", 2.0, unit="EUR")
