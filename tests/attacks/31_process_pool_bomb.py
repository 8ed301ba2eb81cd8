# expect: stopped
# hundreds of processes
import concurrent.futures, time
with concurrent.futures.ProcessPoolExecutor(max_workers=400) as pool:
    list(pool.map(time.sleep, [30] * 400))
