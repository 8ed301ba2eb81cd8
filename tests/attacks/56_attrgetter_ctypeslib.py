# expect: blocked
# a denied submodule named in an attrgetter text
import operator
import numpy as np
ctl = operator.attrgetter("ctypeslib")(np)
print(ctl)
