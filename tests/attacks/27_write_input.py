# expect: blocked
# overwrite an input
open("/input/sales.csv", "w").write("tampered")
