"""Charts of estimates with their intervals, drawn as SVG at build time.

A chart is a set of panels, one per statistic, laid out by the style sheet in a grid
that reflows to one column on a phone (each panel is narrow enough to keep its text
legible there). A panel has a row per variant (or per group of variants with the same
figure): the name and the figure written out with its interval on one line, the
estimate and interval drawn beneath on a common axis. A row may instead say why it has
no interval (a zero by construction). Every panel says how many games or deals it rests
on, so no figure is shown without its interval and its count.
"""

from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass
from html import escape
from typing import Sequence

from docutils import nodes

from ..core.i18n import number, percent
from .elements import paragraph
from .figures import svg_figure, svg_text

__all__ = ["Row", "Panel", "panel_svg", "chart", "axis_ticks"]

_W = 360.0          # a panel's width: legible on a phone without scrolling
_LEFT, _RIGHT = 8.0, 8.0
_ROW = 38.0
_FONT = 12


@dataclass(frozen=True)
class Row:
    """One row of a panel: ``label``, the estimate and its interval (None: no interval,
    ``text`` says why), the figure as written, and whether it differs from a reference
    beyond the noise (drawn darker)."""

    label: str
    value: float | None
    low: float | None
    high: float | None
    text: str
    strong: bool = False
    note: str | None = None


@dataclass(frozen=True)
class Panel:
    """A statistic's rows, its title, what the axis counts (``%`` or a number), the count
    the figures rest on, and the value a reference line marks (0 for differences)."""

    title: str
    rows: Sequence[Row]
    count: str
    percent: bool = True
    reference: float | None = None


def axis_ticks(low: float, high: float, most: int = 5) -> list[float]:
    """Round tick values covering ``low`` to ``high``, at most ``most`` of them."""
    span = high - low or abs(high) or 1.0
    step = 10 ** math.floor(math.log10(span / most))
    for factor in (1, 2, 2.5, 5, 10, 20, 25, 50, 100):
        if span / (step * factor) <= most - 1:
            step *= factor
            break
    start = math.floor(low / step) * step
    ticks = []
    value = start
    while value <= high + step * 1e-9:
        if value >= low - step * 1e-9:
            ticks.append(round(value, 10))
        value += step
    return ticks


_LINE = 15.0
_CHAR = 6.9         # the width of a character at the font size, near enough
_TITLE_LINE = 16.0
_TITLE_CHAR = 7.9   # the same for a title's bold, larger letters


def _label_lines(row: Row) -> list[str]:
    """A row's label wrapped to leave room for its figure on the last line."""

    room = int((_W - _LEFT - _RIGHT - 12) / _CHAR) - len(row.text)
    lines = textwrap.wrap(row.label, max(room, 12)) or [row.label]
    if len(lines) > 1:
        lines = textwrap.wrap(row.label, int((_W - _LEFT - _RIGHT) / _CHAR))
        last = lines[-1]
        if len(last) > room:
            lines.append("")
    return lines


def panel_svg(panel: Panel) -> str:
    """One panel as an SVG element."""
    scale = 100 if panel.percent else 1
    values = [v * scale for r in panel.rows for v in (r.low, r.high, r.value) if v is not None]
    if panel.reference is not None:
        values.append(panel.reference * scale)
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    pad = (high - low) * 0.06 or 0.5
    low, high = low - pad, high + pad
    ticks = axis_ticks(low, high)
    low, high = min(low, ticks[0]), max(high, ticks[-1])
    plot = _W - _LEFT - _RIGHT

    def x(value: float) -> float:
        return _LEFT + (value * scale - low) / (high - low) * plot


    # A long title (a Spanish one more often) takes two lines rather than run off the panel.
    heading = textwrap.wrap(panel.title, int((_W - _LEFT - _RIGHT) / _TITLE_CHAR)) or [""]
    top = 36.0 + _TITLE_LINE * (len(heading) - 1)
    laid = [_label_lines(r) for r in panel.rows]
    heights = [_ROW + _LINE * (len(lines) - 1) for lines in laid]
    height = top + sum(heights) + 30
    title = f"{panel.title} ({panel.count})"
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_W:.0f} {height:.0f}" '
             f'class="rentoy-figure rentoy-chart" role="img" aria-label="{escape(title)}">']
    parts += [svg_text(_LEFT, 16 + _TITLE_LINE * k, line, size=13, weight="700")
              for k, line in enumerate(heading)]
    parts.append(svg_text(_LEFT, top - 6, panel.count, size=11, fill="#444"))
    bottom = top + sum(heights)
    for tick in ticks:
        tx = _LEFT + (tick - low) / (high - low) * plot
        parts.append(f'<line x1="{tx:.1f}" y1="{top:.1f}" x2="{tx:.1f}" y2="{bottom:.1f}" '
                     'stroke="#e4e4e4"/>')
        rounded = float(f"{tick:g}")
        shown = int(rounded) if rounded.is_integer() else rounded
        label = percent(shown, None) if panel.percent else number(shown)
        parts.append(svg_text(tx, bottom + 14, label, size=11, anchor="middle", fill="#444"))
    if panel.reference is not None:
        rx = x(panel.reference)
        parts.append(f'<line x1="{rx:.1f}" y1="{top:.1f}" x2="{rx:.1f}" y2="{bottom:.1f}" '
                     'stroke="#555" stroke-dasharray="4 3"/>')
    y = top
    for row, lines, h in zip(panel.rows, laid, heights):
        ink = "#1a1a1a" if row.strong or panel.reference is None else "#555"
        for k, line in enumerate(lines):
            parts.append(svg_text(_LEFT, y + 14 + _LINE * k, line, size=_FONT, weight="600",
                                  fill=ink, halo=True))
        parts.append(svg_text(_W - _RIGHT, y + 14 + _LINE * (len(lines) - 1), row.text,
                              size=_FONT, anchor="end", fill=ink, halo=True))
        line_y = y + h - 12
        y += h
        colour = "#1f5f99" if row.strong or panel.reference is None else "#8aa9c6"
        if row.value is None:
            if row.note:
                parts.append(svg_text(_LEFT, line_y + 4, row.note, size=11, fill="#444",
                                      extra='font-style="italic"'))
            continue
        if row.low is not None and row.high is not None:
            parts.append(f'<line x1="{x(row.low):.1f}" y1="{line_y:.1f}" '
                         f'x2="{x(row.high):.1f}" y2="{line_y:.1f}" stroke="{colour}" '
                         'stroke-width="2.5" stroke-linecap="round"/>')
        parts.append(f'<circle cx="{x(row.value):.1f}" cy="{line_y:.1f}" r="4.5" '
                     f'fill="{colour}" stroke="#fff" stroke-width="1"/>')
    parts.append("</svg>")
    return "".join(parts)


def chart(panels: Sequence[Panel], label: str, caption: str,
          alternative: Sequence[nodes.Node] = ()) -> svg_figure:
    """The panels as one figure (``label`` its accessible name) with its caption; the
    tables elsewhere on the page, or ``alternative``, carry the same figures as text."""
    node = svg_figure(classes=["rentoy-chart-box"])
    node["svg"] = "".join(f'<div class="rentoy-panel">{panel_svg(p)}</div>' for p in panels)
    node["label"] = label
    node["least"] = 0
    node["wide"] = False
    node["group"] = True
    node.append(paragraph(caption, ["rentoy-figure-caption"]))
    node.extend(alternative)
    return node
