"""Writes the workbook and Parquet fixtures of engine/tests/it/formats.rs.

Run with the sandbox image's Python (it has pandas, openpyxl, odfpy and
pyarrow), as root, with a scratch folder holding this script bind-mounted
on the image's /output in a private mount namespace (the image is left as
it is), OUT set to "/output/":
    R=~/.cache/glovebox/image/current/rootfs
    unshare -m sh -c "mount --make-rprivate / && mount --bind DIR $R/output &&
        mount -t proc proc $R/proc && chroot $R python3 -I -B /output/make.py"
then copy the files it wrote here. The rows are the ones the test
holds as SALES; the test computes its expectations from them, not from here.
"""
import datetime

import openpyxl
import pandas as pd

ROWS = [
    ("North", "2025-01-03", 120.5, 3),
    ("South", "2025-01-04", 80.0, 2),
    ("North", "2025-02-10", 99.25, 1),
    ("East", "2025-02-11", 40.0, 4),
    ("West", "2025-03-01", 310.0, 7),
    ("South", "2025-03-15", 15.75, 1),
    ("East", "2025-04-02", 60.0, 2),
    ("North", "2025-04-20", 200.0, 5),
]
OUT = "/fixtures/"


def frame():
    data = pd.DataFrame(ROWS, columns=["region", "date", "amount", "units"])
    data["date"] = pd.to_datetime(data["date"])
    return data


def workbook():
    book = openpyxl.Workbook()
    notes = book.active
    notes.title = "Notes"
    notes.append(["about", "value"])
    notes.append(["made by", "make.py"])
    sales = book.create_sheet("Sales")
    sales.append(["Sales 2025"])
    sales.append([])
    sales.append(["region", "date", "amount", "units"])
    for region, day, amount, units in ROWS:
        sales.append([region, datetime.datetime.fromisoformat(day), amount, units])
    quarters = book.create_sheet("Quarters")
    quarters.append(["region", "Q1", None, "Q2"])
    quarters.merge_cells("B1:C1")
    quarters.append(["North", 1, 2, 3])
    quarters.append(["South", 4, 5, 6])
    book.save(OUT + "sales.xlsx")


workbook()
frame().to_excel(OUT + "sales.ods", sheet_name="Sales", index=False, engine="odf")
frame().to_parquet(OUT + "sales.parquet", index=False)
