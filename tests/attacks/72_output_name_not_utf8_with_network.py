# expect: answered
# expect-network: 1
# expect-refused-output: not UTF-8
# a network attempt, then a file whose name is not UTF-8: the outcome must still reach the audit log with the attempt
import pandas as pd
slash = chr(47)
try:
    pd.read_csv("http" + ":" + slash + slash + "127.0.0.1:" + str(HOST_PORT) + slash + "x.csv")
except Exception:
    pass
with open(bytes([47]) + b"output" + bytes([47, 0xFF, 0xFE]) + b".csv", "wb") as f:
    f.write(b"x\n")
with open(slash.join(["", "output", "fine.csv"]), "w") as f:
    f.write("x\n")
import glovebox  # last: the sandbox-alone run has no glovebox module, the hostile part runs first
glovebox.answer("tried", 1, unit="count")
