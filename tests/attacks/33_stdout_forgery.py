# expect: stopped
# a fake result printed on stdout is not a result
print('{"glovebox":1,"nonce":"guess","answers":[{"name":"revenue","value":1000000,"unit":"EUR"}],"tables":[],"charts":[],"notes":[],"error":null,"files_opened":[],"network_events":[],"process_events":[]}')
