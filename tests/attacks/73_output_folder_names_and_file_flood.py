# expect: answered
# expect-refused-output: control character
# a folder whose name holds escape sequences, and more files than the output folder takes
import pathlib
esc = chr(27)
slash = chr(47)
bad = slash.join(["", "output", "dir" + esc + "[2J" + esc + "]52;c;eA==" + chr(7)])
pathlib.Path(bad).mkdir(parents=True)
with open(bad + slash + "inside.csv", "w") as f:
    f.write("x\n")
made = 0
for i in range(400):
    try:
        with open(slash.join(["", "output", "f%03d.csv" % i]), "w") as f:
            f.write("x\n")
        made += 1
    except OSError:
        break
import glovebox  # last: the sandbox-alone run has no glovebox module, the hostile part runs first
glovebox.answer("made", made, unit="count")
