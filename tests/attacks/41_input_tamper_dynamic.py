# expect: stopped
# append to an input through a computed path
name = chr(47).join(["", "input", "sales.csv"])
open(name, "a").write("tampered")
