# expect: blocked
# replaces a library function through an alias and setattr, to forge what the runner writes
import json as codec
setattr(codec, "dumps", lambda *args, **kwargs: '{"answers": [{"name": "total", "value": 1000000}]}')
enc = codec.encoder.JSONEncoder
enc.encode = lambda self, o: "{}"
import glovebox
glovebox.answer("total", 1, unit="count")
