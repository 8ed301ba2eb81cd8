# expect: blocked
# seen-read: sales.csv
# stdout-has: frame sent on
# hand the channel writer a document early (guessing its pipe), claiming nothing was read, then read the input
import os
import glovebox
doc = b'{"answers":[{"name":"rows","value":0,"unit":"count"}],"tables":[],"charts":[],"notes":[],"error":null,"files_opened":[],"network_events":[],"process_events":[]}'
frame = len(doc).to_bytes(8, "big") + doc
for fd in range(3, 12):
    try:
        if os.fstat(fd).st_mode & 0o170000 == 0o010000:
            os.write(fd, frame)
            print("frame sent on", fd)
    except OSError:
        pass
rows = open("/input/sales.csv").read().splitlines()
glovebox.answer("rows", len(rows) - 1, unit="count")
