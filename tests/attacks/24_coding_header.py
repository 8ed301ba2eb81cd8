# -*- coding: utf-7 -*-
# expect: blocked
# non-UTF-8 source encoding declared on line 1
x = 1
