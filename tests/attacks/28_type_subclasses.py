# expect: blocked
# type introspection
print(type.__subclasses__(object))
