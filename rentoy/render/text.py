"""Terminal renderer: headings, paragraphs and tables drawn by tabulate."""

from __future__ import annotations

from typing import Any

from . import Report, Table


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def render_table(table: Table) -> str:
    from tabulate import tabulate

    widths = [table.wrap.get(c) for c in table.columns]
    rows = [[_cell(v) for v in row] for row in table.rows]
    out = []
    if table.title:
        out.append(table.title)
    out.append(tabulate(rows, headers=list(table.columns), tablefmt="simple",
                        maxcolwidths=widths if any(widths) else None, disable_numparse=True))
    out.extend(table.notes)
    return "\n".join(out)


def render_text(report: Report) -> str:
    parts = []
    if report.heading:
        parts.append(report.heading)
    parts.extend(report.text)
    parts.extend(render_table(t) for t in report.tables)
    return "\n\n".join(parts)
