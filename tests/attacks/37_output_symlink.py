# expect: answered
# symlink in the output folder
import pathlib
import glovebox
slash = chr(47)
pathlib.Path(slash.join(["", "output", "leak"])).symlink_to(slash.join(["", "etc", "shadow"]))
glovebox.answer("linked", 1, unit="count")
