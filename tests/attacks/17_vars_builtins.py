# expect: blocked
# vars() to reach builtins
b = vars()["__builtins__"]
print(b)
