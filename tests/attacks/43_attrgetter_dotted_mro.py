# expect: blocked
# operator.attrgetter walks a dotted text to object's subclasses (no attribute syntax)
import operator
walk = operator.attrgetter("__class__.__mro__")
base = walk(())[-1]
for cls in operator.methodcaller("__subclasses__")(base):
    if cls.__name__ == "_wrap_close":
        cls.__init__.__globals__["system"]("cat CANARY_PATH")
