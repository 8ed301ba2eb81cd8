# expect: answered
# 50 MB of log
import glovebox
chunk = "x" * (1 << 20)
for _ in range(50):
    print(chunk)
glovebox.answer("done", 1, unit="count")
