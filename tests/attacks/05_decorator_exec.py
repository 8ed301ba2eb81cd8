# expect: blocked
# code run through decorators
@exec
@"import os; print(os.listdir('/'))".format
def f():
    pass
