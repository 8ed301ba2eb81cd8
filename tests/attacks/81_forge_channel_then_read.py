# expect: blocked
# seen-read: sales.csv
# result-lacks: 999999
# stdout-has: channel refused 9
# forge the result document with the real nonce on fd 3, close the channel, then read the input
import os
import glovebox
nonce = open("/job/nonce").read().strip()
forged = '{"glovebox":1,"nonce":"%s","answers":[{"name":"rows","value":999999,"unit":"count"}],"tables":[],"charts":[],"notes":[],"error":null,"files_opened":[],"network_events":[],"process_events":[]}\n' % nonce
for attempt in (lambda: os.write(3, forged.encode()), lambda: os.close(3)):
    try:
        attempt()
        print("channel reached")
    except OSError as e:
        print("channel refused", e.errno)
rows = open("/input/sales.csv").read().splitlines()
glovebox.answer("rows", len(rows) - 1, unit="count")
