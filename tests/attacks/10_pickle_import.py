# expect: blocked
# pickle gadget
import pickle
pickle.loads(b"cos\nsystem\n(S'id'\ntR.")
