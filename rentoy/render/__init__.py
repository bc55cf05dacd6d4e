"""Renderers: one per output format, all fed the same plain reports.

A command builds a :class:`Report`: plain data for JSON, plus the tables and notes a
person reads. :func:`render` picks the renderer for ``text`` (a terminal table),
``markdown``, ``json`` or ``csv``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

__all__ = ["Table", "Report", "render", "FORMATS", "plain"]

FORMATS: tuple[str, ...] = ("text", "markdown", "json", "csv")


@dataclass(frozen=True)
class Table:
    """A titled table of strings (and numbers); ``wrap`` caps column widths in text."""

    columns: Sequence[str]
    rows: Sequence[Sequence[Any]]
    title: str | None = None
    wrap: dict[str, int] = field(default_factory=dict)
    notes: Sequence[str] = ()


@dataclass(frozen=True)
class Report:
    """What a command prints: ``data`` for JSON, ``tables`` (and prose) for people."""

    data: Any
    tables: Sequence[Table] = ()
    heading: str | None = None
    text: Sequence[str] = ()


def plain(value: Any) -> Any:
    """A value made JSON-ready: tuples and read-only mappings become lists and dicts."""
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if hasattr(value, "items"):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def render(report: Report, fmt: str) -> str:
    """The report in ``fmt``: text, markdown, json or csv."""
    if fmt == "json":
        from .json import render_json
        return render_json(report)
    if fmt == "markdown":
        from .markdown import render_markdown
        return render_markdown(report)
    if fmt == "csv":
        from .csv import render_csv
        return render_csv(report)
    from .text import render_text
    return render_text(report)
