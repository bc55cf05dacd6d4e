"""CSV renderer: each table as comma-separated rows (tables separated by a blank line)."""

from __future__ import annotations

import csv
import io

from . import Report


def render_csv(report: Report) -> str:
    out = io.StringIO()
    for i, table in enumerate(report.tables):
        if i:
            out.write("\n")
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(table.columns)
        for row in table.rows:
            writer.writerow(["" if v is None else (", ".join(map(str, v))
                             if isinstance(v, (list, tuple)) else v) for v in row])
    return out.getvalue().rstrip("\n")
