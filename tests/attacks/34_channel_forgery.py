# expect: stopped
# a forged document on the result channel breaks the seal
import glovebox
glovebox.answer("revenue", 1, unit="EUR")
with open(3, "w") as forged:
    forged.write('{"glovebox":1,"nonce":"guess","answers":[{"name":"revenue","value":999,"unit":"EUR"}],"tables":[],"charts":[],"notes":[],"error":null,"files_opened":[],"network_events":[],"process_events":[]}\n')
