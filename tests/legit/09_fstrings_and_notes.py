import pandas as pd
import glovebox

df = pd.read_csv("/input/sales.csv")
missing = int(df.isna().sum().sum())
glovebox.note(f"{missing} missing cells; {len(df)} rows; {df['region'].nunique()} regions")
glovebox.answer("rows", len(df), unit="count")
