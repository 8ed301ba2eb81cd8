# expect: stopped
# host files through computed paths (CANARY_EXPR is the host canary path built from pieces)
slash = chr(47)
canary = CANARY_EXPR
for path in [slash.join(["", "etc", "shadow"]), canary, slash.join(["", "proc", "1", "root"]) + canary]:
    try:
        print(open(path).read())
    except OSError as e:
        print("refused", e.errno)
raise SystemExit("nothing readable")
