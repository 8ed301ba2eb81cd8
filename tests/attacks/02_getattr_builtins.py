# expect: blocked
# getattr on builtins with a string-built name
f = getattr(__builtins__, "ev" + "al")
print(f("open('CANARY_PATH').read()"))
