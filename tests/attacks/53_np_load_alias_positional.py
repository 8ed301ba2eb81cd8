# expect: blocked
# numpy.load imported under another name, reached through its own submodule
from numpy import load as fetch
from numpy import lib
with open("/tmp/payload.pkl", "wb") as out:
    out.write(b"cos\nsystem\n(S'cat CANARY_PATH'\ntR.")
for loader in [lib.npyio]:
    print(loader.load("/tmp/payload.pkl", None, 1))
print(fetch("/tmp/payload.pkl", None, 1))
