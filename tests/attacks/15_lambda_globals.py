# expect: blocked
# function globals
g = (lambda: 0).__globals__
print(g["__builtins__"])
