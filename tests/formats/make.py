"""Writes the workbook and Parquet fixtures of engine/tests/it/formats.rs
(the Parquet previews: nulls-gzip-v2, plain-pages and decimal).

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
import decimal

import openpyxl
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

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


def previews():
    """Parquet files in the shapes the preview decodes, and one it does not:
    optional columns with nulls, gzip, data pages v2, a dictionary; plain
    values in pages of a few rows, uncompressed; a decimal column."""
    ids = list(range(1000))
    table = pa.table({
        "id": pa.array(ids, pa.int64()),
        "name": pa.array([None if i % 3 == 0 else f"n{i}" for i in ids], pa.string()),
        "score": pa.array([None if i % 5 == 0 else i * 0.5 for i in ids], pa.float64()),
        "when": pa.array([datetime.datetime(2025, 1, 1) + datetime.timedelta(hours=i) for i in ids], pa.timestamp("ms")),
        "day": pa.array([datetime.date(2025, 1, 1) + datetime.timedelta(days=i) for i in ids], pa.date32()),
        "flag": pa.array([i % 2 == 0 for i in ids], pa.bool_()),
        "small": pa.array([i % 7 for i in ids], pa.int32()),
    })
    pq.write_table(table, OUT + "nulls-gzip-v2.parquet", compression="gzip", data_page_version="2.0",
                   use_dictionary=["name"])
    pq.write_table(table, OUT + "plain-pages.parquet", compression="none", use_dictionary=False,
                   data_page_size=64, write_batch_size=4)
    prices = pa.array([decimal.Decimal(i) / 4 for i in range(10)], pa.decimal128(10, 2))
    pq.write_table(pa.table({"id": pa.array(ids[:10], pa.int64()), "price": prices}), OUT + "decimal.parquet")


previews()
