# expect: blocked
# walk object's subclasses to find Popen
classes = ().__class__.__base__.__subclasses__()
for c in classes:
    if c.__name__ == "Popen":
        c(["cat", "/etc/shadow"])
