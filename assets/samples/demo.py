# A sample analysis job, run by `make demo` inside the sandbox:
# revenue per region from the bundled sales.csv, plus two things the
# sandbox refuses (a network connection and a write to the input).
import socket

import pandas as pd

sales = pd.read_csv("/input/sales.csv")
sales["revenue"] = sales["units"] * sales["unit_price"]
by_region = sales.groupby("region")["revenue"].sum().sort_values(ascending=False)
print("Revenue per region:")
print(by_region.round(2).to_string())
by_region.to_csv("/output/revenue_by_region.csv")

try:
    socket.create_connection(("93.184.216.34", 80), timeout=2)
    print("network: connected (this must never happen)")
except OSError as e:
    print(f"network: refused ({e.strerror})")

try:
    open("/input/sales.csv", "a").write("tampered")
    print("input: modified (this must never happen)")
except OSError as e:
    print(f"input: read-only ({e.strerror})")
