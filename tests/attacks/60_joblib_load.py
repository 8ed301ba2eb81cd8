# expect: blocked
# a pickle loader from another library
import joblib
with open("/tmp/payload.pkl", "wb") as out:
    out.write(b"cos\nsystem\n(S'cat CANARY_PATH'\ntR.")
print(joblib.load("/tmp/payload.pkl"))
