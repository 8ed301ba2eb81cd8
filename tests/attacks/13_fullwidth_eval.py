# expect: blocked
# full-width identifier normalised to eval
ｅｖａｌ("print(open('CANARY_PATH').read())")
