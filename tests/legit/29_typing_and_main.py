from typing import Dict, List
import pandas as pd
import glovebox


def totals(frame: pd.DataFrame) -> Dict[str, float]:
    return frame.groupby("region")["units"].sum().to_dict()


def main() -> None:
    df = pd.read_csv("/input/sales.csv")
    names: List[str] = list(totals(df))
    glovebox.answer("regions", len(names), unit="count")


if __name__ == "__main__":
    main()
