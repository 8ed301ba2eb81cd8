# expect: blocked
# pathlib with a host path
import pathlib
print(pathlib.Path("/etc/shadow").read_text())
