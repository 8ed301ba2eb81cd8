# expect: blocked
# compile then exec
exec(compile("import os\nos.system('id')", "x", "exec"))
