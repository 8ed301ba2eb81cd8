import statistics
import csv
import glovebox

with open("/input/sales.csv", newline="") as f:
    units = [int(r["units"]) for r in csv.DictReader(f)]
glovebox.answer("mean", statistics.mean(units))
glovebox.answer("stdev", statistics.stdev(units))
