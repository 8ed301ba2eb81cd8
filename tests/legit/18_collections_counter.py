from collections import Counter, defaultdict
import csv
import glovebox

counts = Counter()
prices = defaultdict(list)
with open("/input/sales.csv", newline="") as f:
    for row in csv.DictReader(f):
        counts[row["product"]] += int(row["units"])
        prices[row["product"]].append(float(row["unit_price"]))
glovebox.table("units", [{"product": k, "units": v} for k, v in counts.most_common()])
