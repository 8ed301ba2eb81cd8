# expect: answered
# expect-refused-output: longer than 100 bytes
# expect-refused-output: nested deeper than 8
# a 255-byte file name and a folder 120 levels deep in /output
import pathlib
slash = chr(47)
root = slash.join(["", "output"])
with open(root + slash + "n" * 255, "w") as f:
    f.write("x\n")
path = root
for level in range(120):
    path = path + slash + "d"
pathlib.Path(path).mkdir(parents=True)
with open(path + slash + "deep.csv", "w") as f:
    f.write("x\n")
with open(root + slash + "shallow.csv", "w") as f:
    f.write("x\n")
import glovebox  # last: the sandbox-alone run has no glovebox module, the hostile part runs first
glovebox.answer("levels", 120, unit="count")
