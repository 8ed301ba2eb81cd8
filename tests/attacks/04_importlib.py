# expect: blocked
# importlib to reach os
import importlib
os = importlib.import_module("os")
print(os.environ)
