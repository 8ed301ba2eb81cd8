# expect: answered
# expect-refused-output: looks like
# expect-terminal: clean
# expect-refused-output: only dots
# output names that look like '..' and '/' (one-dot leaders, fullwidth dots, division and fullwidth slashes, backslashes)
folder = chr(47).join(["", "output", ""])
names = [chr(0x2024) * 2, chr(0xFF0E) * 2, chr(0x2025), chr(0x2026),
         ".." + chr(0x2215) + ".." + chr(0x2215) + "etc" + chr(0x2215) + "passwd",
         "etc" + chr(0xFF0F) + "shadow", ".." + chr(92) + ".." + chr(92) + "boot.ini", "x" + chr(0x2044) + "y", "ok.csv"]
for name in names:
    with open(folder + name, "w") as f:
        f.write("x\n")
import glovebox  # last: the sandbox-alone run has no glovebox module, the hostile part runs first
glovebox.answer("files", len(names), unit="count")
