"""Renderers: one per output format, all fed the same plain reports.

A command builds a :class:`Report`: plain data for JSON, plus the tables and notes a
person reads. :func:`render` picks the renderer for ``text`` (tables laid out to fit
the terminal's width, see ``rentoy.render.text``), ``markdown``, ``json`` or
``csv``. Strings in tables may carry inline Markdown (``*title*``); only Markdown
output keeps it.

A table's column names are English keys (``rule``, ``value``; marked with ``N_`` where
the table is made, see ``rentoy.i18n``): the text and Markdown renderers show them in
the language spoken, CSV writes them as they are, and JSON shows only ``data``, which
stays English in every language.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.frozen import Frozen, field

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Table", "Section", "Report", "render", "FORMATS", "plain"]

FORMATS: tuple[str, ...] = ("text", "markdown", "json", "csv")


class Table(Frozen):
    """A titled table of strings (and numbers).

    For text output, ``wrap`` caps column widths (wider cells wrap), and ``abbrev``
    gives short headers used, with a legend, when the full ones do not fit.
    """

    columns: Sequence[str]
    rows: Sequence[Sequence[Any]]
    title: str | None = None
    wrap: dict[str, int] = field(default_factory=dict)
    notes: Sequence[str] = ()
    abbrev: dict[str, str] = field(default_factory=dict)


class Section(Frozen):
    """A titled part of a report in prose: paragraphs, and items (a paragraph that begins
    with a hyphen and a space is an item of a list, its further lines indented under its first)."""

    title: str
    paragraphs: Sequence[str] = ()


class Report(Frozen):
    """What a command prints: ``data`` for JSON, and for people the heading, prose,
    sections of prose and tables, in that order."""

    data: Any
    tables: Sequence[Table] = ()
    heading: str | None = None
    text: Sequence[str] = ()
    sections: Sequence[Section] = ()


def plain(value: Any) -> Any:
    """A value made JSON-ready: tuples and read-only mappings become lists and dicts."""
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if hasattr(value, "items"):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def render(report: Report, fmt: str, width: int | None = None) -> str:
    """The report in ``fmt``: text, markdown, json or csv; text fits ``width`` columns
    (default: the terminal's width, see ``rentoy.render.terminal.terminal_width``)."""
    if fmt == "json":
        from .json import render_json  # at use: start-up (bench/startup.py)
        return render_json(report)
    if fmt == "markdown":
        from .markdown import render_markdown  # at use: start-up (bench/startup.py)
        return render_markdown(report)
    if fmt == "csv":
        from .csv import render_csv  # at use: start-up (bench/startup.py)
        return render_csv(report)
    from .text import render_text  # at use: start-up (bench/startup.py)
    return render_text(report, width)
