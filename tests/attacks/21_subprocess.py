# expect: blocked
# subprocess
import subprocess
subprocess.run(["cat", "CANARY_PATH"])
