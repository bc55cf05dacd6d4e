"""CSV renderer: always one table, so that any CSV reader takes the whole output.

A report of one table is written as it is. A report of several (``rentoy compare
--simulate --format csv``: rules, simulated play, paired differences) is written as
one table: a first column ``table`` naming the part each row comes from (the table's
title), then the union of the tables' columns in order of first appearance, with the
cells a part does not have left empty.

>>> from rentoy.render import Report, Table
>>> print(render_csv(Report(None, [Table(["rule", "value"], [["target", 12]], "rules"),
...                                Table(["statistic", "value", "se"], [["fold", 0.7, 0.01]],
...                                      "simulated play")])))
table,rule,value,statistic,se
rules,target,12,,
simulated play,,0.7,fold,0.01
"""

from __future__ import annotations

import csv
import io
from typing import Any

from . import Report

__all__ = ["render_csv"]


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value))
    return value


def render_csv(report: Report) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    tables = list(report.tables)
    if len(tables) == 1:
        writer.writerow(tables[0].columns)
        writer.writerows([_cell(v) for v in row] for row in tables[0].rows)
        return out.getvalue().rstrip("\n")
    columns: list[str] = []
    for table in tables:
        columns += [c for c in table.columns if c not in columns]
    writer.writerow(["table", *columns])
    for i, table in enumerate(tables):
        name = table.title or f"table {i + 1}"
        for row in table.rows:
            cells = dict(zip(table.columns, row))
            writer.writerow([name, *(_cell(cells.get(c)) for c in columns)])
    return out.getvalue().rstrip("\n")
