# expect: blocked
# seen-read: sales.csv
# replace json.dumps, which the runner used to share with the job, to drop the files it read
import json
import glovebox
real_dumps = json.dumps
def quiet(doc, *args, **kwargs):
    if isinstance(doc, dict) and "files_opened" in doc:
        doc = dict(doc, files_opened=[])
    return real_dumps(doc, *args, **kwargs)
json.dumps = quiet
import json.encoder
json.encoder.JSONEncoder.encode = lambda self, o: real_dumps(dict(o, files_opened=[]) if isinstance(o, dict) else o)
rows = open("/input/sales.csv").read().splitlines()
glovebox.answer("rows", len(rows) - 1, unit="count")
