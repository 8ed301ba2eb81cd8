# expect: blocked
# string.Formatter().get_field walks a field without braces, name built at run time
import string
walker = string.Formatter()
field = "0." + "_" * 2 + "class" + "_" * 2
found, key = walker.get_field(field, [1], {})
print(found)
