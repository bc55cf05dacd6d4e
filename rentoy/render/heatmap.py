"""A heat map of a grid of chances, drawn with matplotlib (an optional extra).

:func:`draw_heatmap` colours each cell of a grid of numbers between 0 and 1, writes the
percentage in it, and saves the figure to a file whose suffix gives the format (``.svg``,
``.png``, ``.pdf``), atomically. SVG output is deterministic (no date, fixed ids), so a
docs build does not churn it. matplotlib is imported here only; a missing one is an
:class:`~rentoy.core.errors.InputError` that says how to install it.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from ..core.errors import InputError, Problem
from ..core.files import write_atomic
from ..core.i18n import _

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["draw_heatmap", "heatmap_svg"]


def _figure(grid: Sequence[Sequence[float]], title: str, xlabel: str, ylabel: str,
            note: str = "") -> Figure:
    try:
        import matplotlib  # optional: matplotlib (the docs extra)
        from matplotlib.figure import Figure
    except ImportError:
        raise InputError(Problem(_("the heat map needs matplotlib, which is not installed"),
                                 hint=_("pip install matplotlib (or rentoy[docs])"))) from None
    rows, cols = len(grid), len(grid[0]) if grid else 0
    with matplotlib.rc_context({"svg.hashsalt": "rentoy", "font.size": 11}):
        size = 0.42 * max(cols, 8) + 1.8
        fig = Figure(figsize=(size, 0.42 * max(rows, 8) + 1.4 + (0.3 if note else 0)),
                     layout="constrained")
        ax = fig.subplots()
        image = ax.imshow([[100 * v for v in row] for row in grid], cmap="RdBu",
                          vmin=0, vmax=100, origin="lower", aspect="equal")
        # The numbers at 9 pt: 12 px high where a phone shows the figure at its own size.
        for a in range(rows):
            for b in range(cols):
                value = 100 * grid[a][b]
                ax.text(b, a, f"{value:.0f}", ha="center", va="center", fontsize=9,
                        color="white" if value < 20 or value > 80 else "black")
        ax.set_xticks(range(cols))
        ax.set_yticks(range(rows))
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_title(title, fontsize=11)
        fig.colorbar(image, ax=ax, shrink=0.8, label="%")
        if note:
            fig.supxlabel(note, fontsize=8)
    return fig


def _save(fig: Figure, buffer: io.BytesIO, fmt: str) -> None:
    """Save ``fig``; an SVG's ids are made from the salt the SVG writer reads when it
    writes (not when the figure is made), so the salt is set here: the same figure is
    the same text in every process, whether a build is serial or parallel."""
    import matplotlib  # optional: matplotlib (the docs extra)

    with matplotlib.rc_context({"svg.hashsalt": "rentoy"}):
        fig.savefig(buffer, format=fmt, metadata={"Date": None} if fmt == "svg" else None)


def heatmap_svg(grid: Sequence[Sequence[float]], title: str, xlabel: str, ylabel: str,
                note: str = "") -> str:
    """The heat map as SVG text (for a page)."""
    fig = _figure(grid, title, xlabel, ylabel, note)
    buffer = io.BytesIO()
    _save(fig, buffer, "svg")
    return buffer.getvalue().decode("utf-8")


def draw_heatmap(grid: Sequence[Sequence[float]], path: str | Path, title: str,
                 xlabel: str, ylabel: str, note: str = "") -> Path:
    """Draw the grid (rows: ``ylabel``'s values from 0, columns: ``xlabel``'s) to
    ``path``; returns the path written."""
    path = Path(path)
    fig = _figure(grid, title, xlabel, ylabel, note)
    fmt = path.suffix.lower().lstrip(".")
    buffer = io.BytesIO()
    _save(fig, buffer, fmt)

    write_atomic(path, buffer.getvalue())
    return path
