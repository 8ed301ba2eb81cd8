# expect: stopped
# endless loop
while True:
    pass
