# expect: blocked
# typing.get_type_hints evaluates an annotation written as text
import typing
class Row:
    total: "len(open('CANARY_PATH').read())"
print(typing.get_type_hints(Row))
