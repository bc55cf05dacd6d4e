"""A walkthrough's branches drawn as a tree: each decision a box, each ending its score.

The tree reads left to right: the position the branches share (the score, and what the
hand is worth once the trunk's actions are played), then each branch as a box named as
the walkthrough names it, forks leading on to their branches, and each ending with the
score it leaves and the team that wins the hand. Every box links to its branch's play
on the page (the folded transcript opens). Drawn from the run of the walkthrough, so
the tree is the run: a branch added to the file is a box added to the figure.
"""

from __future__ import annotations

import textwrap
from html import escape
from typing import TYPE_CHECKING

from ..core.i18n import N_, _, data_text
from ..walkthrough.narrate import score_text, value_text
from .figures import svg_text

if TYPE_CHECKING:
    from ..walkthrough import Segment, WalkthroughRun

__all__ = ["tree_svg", "tree_leaves"]

_BOX_W, _COL, _ROW, _LINE, _PAD = 136.0, 164.0, 14.0, 15.0, 7.0
_CHARS = 19              # a box's line, at the font size below
_FONT = 12
_TEAM_FILL = {"A": "#e3eefb", "B": "#fdebdc", None: "#f2f2f2"}
_TEAM_INK = {"A": "#0d3f7a", "B": "#8a3300", None: "#333"}
_ROOT = N_("Where the branches part")


def tree_leaves(run: WalkthroughRun) -> int:
    """How many endings the tree of ``run`` has (a tree is drawn from two)."""
    return sum(1 for s in run.root.walk() if s.name is not None and not s.branches)


def _lines(segment: Segment) -> tuple[list[str], list[str]]:
    """A box's text: its name wrapped, then what it leads to (the score it ends at, or
    what the hand is worth)."""

    name = data_text(segment.name) if segment.name else _(_ROOT)
    head = textwrap.wrap(name, _CHARS) or [name]
    if segment.name is None:
        end = segment.end
        return head, [score_text(end.score),
                      _("worth {value}").format(value=value_text(end.value))]
    r = segment.result
    if r is None:
        return head, [_("worth {value}").format(value=value_text(segment.end.value))]
    if not r.finished:
        return head, [_("not over, worth {value}").format(value=value_text(r.value))]
    won = (_("{team} wins the game") if r.game_winner else _("{team} wins")).format(
        team=r.hand_winner)
    return head, [score_text(r.score), won]


def tree_svg(run: WalkthroughRun, ids: dict[tuple[str, ...], str], title: str) -> str:
    """The tree of ``run`` as an SVG element; ``ids`` gives each branch's HTML id."""
    placed: list[tuple[Segment, float, float, float]] = []     # segment, x, y, height
    row = [0.0]

    def height_of(segment: Segment) -> float:
        head, tail = _lines(segment)
        return (len(head) + len(tail)) * _LINE + 2 * _PAD

    def place(segment: Segment, depth: int) -> float:
        """Lay out ``segment`` and its branches; returns the middle of its box."""
        h = height_of(segment)
        if not segment.branches:
            top = row[0]
            row[0] += h + _ROW
            middle = top + h / 2
        else:
            middles = [place(b, depth + 1) for b in segment.branches]
            middle = (middles[0] + middles[-1]) / 2
        placed.append((segment, depth * _COL + 4, middle, h))
        return middle

    place(run.root, 0)
    depth = max(int((x - 4) / _COL) for _, x, _, _ in placed)
    width = depth * _COL + _BOX_W + 8
    height = row[0] + 4
    where = {id(s): (x, y, h) for s, x, y, h in placed}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
             f'class="rentoy-figure rentoy-tree" role="img" aria-label="{escape(title)}">']
    for segment, x, y, _h in placed:          # the lines first, under the boxes
        for branch in segment.branches:
            bx, by, _height = where[id(branch)]
            mid = x + _BOX_W + (bx - x - _BOX_W) / 2
            parts.append(f'<path d="M{x + _BOX_W:.1f},{y:.1f}H{mid:.1f}V{by:.1f}H{bx:.1f}" '
                         'fill="none" stroke="#777" stroke-width="1.2"/>')
    for segment, x, y, h in placed:
        head, tail = _lines(segment)
        r = segment.result
        team = r.hand_winner if r is not None and r.finished else None
        fork = bool(segment.branches)
        fill = "#ffffff" if fork else _TEAM_FILL.get(team, "#f2f2f2")
        top = y - h / 2
        box = (f'<rect x="{x:.1f}" y="{top:.1f}" width="{_BOX_W:.0f}" height="{h:.0f}" '
               f'rx="5" fill="{fill}" stroke="{"#555" if fork else _TEAM_INK.get(team, "#555")}"'
               f' stroke-width="{1 if fork else 1.5}"/>')
        texts = []
        line_y = top + _PAD + 11
        for text in head:
            texts.append(svg_text(x + 7, line_y, text, size=_FONT,
                                  weight="600" if segment.name is None else None))
            line_y += _LINE
        for i, text in enumerate(tail):
            ink = "#333" if fork else _TEAM_INK.get(team, "#333")
            texts.append(svg_text(x + 7, line_y, text, size=_FONT, fill=ink,
                                  weight="700" if not fork and i == 0 else None))
            line_y += _LINE
        tip = escape(" › ".join(data_text(n) for n in segment.path) or _(_ROOT))
        body = f"<title>{tip}</title>{box}{''.join(texts)}"
        if segment.path in ids:
            parts.append(f'<a href="#{ids[segment.path]}" class="rentoy-tree-node">{body}</a>')
        else:
            parts.append(f"<g>{body}</g>")
    parts.append("</svg>")
    return "".join(parts)
