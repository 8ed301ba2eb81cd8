# expect: answered
# a worker left running after the answer
import concurrent.futures, time
import glovebox
pool = concurrent.futures.ProcessPoolExecutor(max_workers=1)
pool.submit(time.sleep, 600)
time.sleep(0.5)
glovebox.answer("started", 1, unit="count")
