# expect: blocked
# import built from strings
m = __import__("o" + "s")
print(m.popen("cat CANARY_PATH").read())
