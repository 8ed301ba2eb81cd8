# expect: blocked
# functools.singledispatch evaluates a text annotation when registering
from functools import singledispatch
@singledispatch
def show(x):
    return x
@show.register
def show_int(x: "print(open('CANARY_PATH').read()) or int"):
    return x
print(show(1))
