# expect: blocked
# attrgetter imported under another name, the attribute path built at run time
from operator import attrgetter as pick
u = chr(95) * 2
walk = pick(u + "class" + u + "." + u + "mro" + u)
print(walk(1))
