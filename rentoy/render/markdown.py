"""Markdown renderer: GitHub-flavoured tables, headings and paragraphs."""

from __future__ import annotations

from typing import Any

from ..core.i18n import _, number
from . import Report, Table


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        value = ", ".join(str(v) for v in value)
    if isinstance(value, float):
        value = number(value, grouped=False)    # the decimal mark of the language spoken
    return str(value).replace("|", "\\|").replace("\n", " ")


def render_table(table: Table) -> str:
    lines = []
    if table.title:
        lines += [f"### {table.title}", ""]
    lines.append("| " + " | ".join(_cell(_(str(c))) for c in table.columns) + " |")
    lines.append("|" + "|".join("---" for _ in table.columns) + "|")
    for row in table.rows:
        lines.append("| " + " | ".join(_cell(v) for v in row) + " |")
    if table.notes:
        lines.append("")
        lines.extend(table.notes)
    return "\n".join(lines)


def render_markdown(report: Report) -> str:
    parts = []
    if report.heading:
        parts.append(f"## {report.heading}")
    parts.extend(report.text)
    for section in report.sections:
        parts.append(f"### {section.title}")
        parts.extend(section.paragraphs)
    parts.extend(render_table(t) for t in report.tables)
    return "\n\n".join(parts) + "\n"
