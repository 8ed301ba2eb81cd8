# expect: answered
# expect-refused-output: control character
# expect-terminal: clean
# expect-refused-output: changes the direction
# output file names with escape sequences, a newline that forges a line, a right-to-left override, a zero-width space
esc = chr(27)
folder = chr(47).join(["", "output", ""])
names = ["report" + esc + "[2J.csv", "a" + chr(10) + "Answer: 1000000.csv", "invoice" + chr(0x202E) + "vsc.exe",
         "pay" + chr(0x200B) + "roll.csv", "title" + esc + "]52;c;eA==" + chr(7) + ".txt", "fine.csv"]
for name in names:
    with open(folder + name, "w") as f:
        f.write("x\n")
import glovebox  # last: the sandbox-alone run has no glovebox module, the hostile part runs first
glovebox.answer("files", len(names), unit="count")
