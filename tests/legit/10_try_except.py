import pandas as pd
import glovebox

try:
    df = pd.read_csv("/input/sales.csv", sep=",")
except pd.errors.ParserError as exc:
    glovebox.note(f"could not parse: {exc}")
    raise
else:
    glovebox.answer("columns", len(df.columns), unit="count")
finally:
    pass
