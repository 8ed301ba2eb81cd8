# expect: stopped
# 3 GB list
x = [0] * 400_000_000
