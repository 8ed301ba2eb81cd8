"""Report results from an analysis job to Glovebox.

    import glovebox
    glovebox.answer("average", 12.5, unit="EUR")
    glovebox.table("per_region", df)            # DataFrame, Series or list of rows
    glovebox.chart("bar", "per_region", x="region", y="total", title="Total per region")
    glovebox.note("3 rows had no date and were left out")

Values cross to Glovebox on a separate channel, checked there by a strict
schema; printing is only a log.
"""
import math

MAX_ANSWERS = 100
MAX_TABLES = 20
MAX_CHARTS = 20
MAX_NOTES = 50
MAX_ROWS = 10_000
MAX_COLUMNS = 100
MAX_TEXT = 10_000
CHART_KINDS = ("bar", "line", "scatter", "pie", "histogram")

_answers = []
_tables = []
_charts = []
_notes = []


class GloveboxError(ValueError):
    """A result that Glovebox cannot accept."""


def _scalar(value):
    """A JSON-safe scalar: int, float (non-finite marked), str, bool or None."""
    if hasattr(value, "item") and callable(value.item):  # numpy scalars
        try:
            value = value.item()
        except (TypeError, ValueError):
            pass
    if value is None or isinstance(value, (bool, int, str)):
        return value[:MAX_TEXT] if isinstance(value, str) else value
    if isinstance(value, float):
        if math.isfinite(value):
            return value
        return {"non_finite": "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")}
    if hasattr(value, "isoformat"):  # dates, timestamps
        return value.isoformat()
    return str(value)[:MAX_TEXT]


def answer(name, value, unit=None):
    """Reports one named value (a number or a short text), with an optional unit
    ("count", "rate", "percent", or any currency or measure)."""
    if len(_answers) >= MAX_ANSWERS:
        raise GloveboxError("too many answers")
    _answers.append({"name": str(name)[:200], "value": _scalar(value), "unit": None if unit is None else str(unit)[:50]})


def _rows_of(data):
    if hasattr(data, "to_frame") and not hasattr(data, "columns"):  # Series
        data = data.to_frame()
    if hasattr(data, "columns") and hasattr(data, "itertuples"):  # DataFrame
        frame = data
        if frame.index.name is not None or any(n is not None for n in getattr(frame.index, "names", [])):
            frame = frame.reset_index()
        columns = [str(c) for c in frame.columns]
        rows = [[_scalar(v) for v in row] for row in frame.head(MAX_ROWS).itertuples(index=False, name=None)]
        return columns, rows, len(frame)
    rows = list(data)
    if rows and isinstance(rows[0], dict):
        columns = [str(c) for c in rows[0].keys()]
        return columns, [[_scalar(r.get(c)) for c in rows[0].keys()] for r in rows[:MAX_ROWS]], len(rows)
    if not rows:
        return [], [], 0
    columns = [str(c) for c in rows[0]]
    body = rows[1:]
    return columns, [[_scalar(v) for v in r] for r in body[:MAX_ROWS]], len(body)


def table(name, data):
    """Reports a table: a pandas DataFrame or Series, a list of dicts, or a
    list of rows whose first row holds the column names."""
    if len(_tables) >= MAX_TABLES:
        raise GloveboxError("too many tables")
    columns, rows, total = _rows_of(data)
    if len(columns) > MAX_COLUMNS:
        raise GloveboxError("too many columns")
    _tables.append({"name": str(name)[:200], "columns": columns, "rows": rows, "total_rows": total})
    return name


def chart(kind, table_name, x, y, title=None):
    """Asks for a chart of a reported table; Glovebox draws it from the checked data."""
    if kind not in CHART_KINDS:
        raise GloveboxError(f"chart kind must be one of {', '.join(CHART_KINDS)}")
    if len(_charts) >= MAX_CHARTS:
        raise GloveboxError("too many charts")
    if not isinstance(table_name, str):
        table_name = table(f"chart_{len(_charts) + 1}", table_name)
    ys = [str(v) for v in (y if isinstance(y, (list, tuple)) else [y])]
    _charts.append({"kind": kind, "table": table_name, "x": str(x), "y": ys, "title": None if title is None else str(title)[:200]})


def note(text):
    """Adds a short remark for the person reading the answer."""
    if len(_notes) < MAX_NOTES:
        _notes.append(str(text)[:MAX_TEXT])


def _document(nonce):
    return {"glovebox": 1, "nonce": nonce, "answers": _answers, "tables": _tables, "charts": _charts, "notes": _notes}
