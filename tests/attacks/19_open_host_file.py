# expect: blocked
# host files by literal path
print(open("/etc/shadow").read())
print(open("CANARY_PATH").read())
