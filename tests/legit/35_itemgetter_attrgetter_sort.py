import operator
from dataclasses import dataclass
import pandas as pd
import glovebox


@dataclass
class Order:
    region: str
    units: int


df = pd.read_csv("/input/sales.csv")
orders = [Order(r, int(u)) for r, u in zip(df["region"], df["units"])]
largest = sorted(orders, key=operator.attrgetter("units"), reverse=True)[0]
pairs = sorted(zip(df["product"], df["units"]), key=operator.itemgetter(1))
glovebox.answer("largest_order_units", largest.units, unit="count")
glovebox.answer("smallest_order_units", int(pairs[0][1]), unit="count")
