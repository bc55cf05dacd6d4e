"""Terminal renderer: headings, paragraphs and tables laid out to fit a width.

Every line of text output fits the width (:func:`rentoy.render.terminal.terminal_width`
when none is given). A table is drawn as it is when it fits; otherwise its long cells
wrap; otherwise its headers are abbreviated (the table's ``abbrev``, explained in a
legend under it); and when even that cannot fit, the table is turned: one block per
row, its first cell as a heading and every other column down the page, label and
value (so a comparison of nine variants reads variant by variant, down). Strings may
carry inline Markdown emphasis (``*title*``); text output shows it plain. Backticks stay:
plain text quotes names with them too, as error messages do.

>>> from rentoy.render import Table
>>> table = Table(["rule", "1737", "avila"], [["arrastre", "follow", "overtrump"]])
>>> print(render_table(table, width=40))
rule      1737    avila
--------  ------  ---------
arrastre  follow  overtrump
>>> print(render_table(table, width=22))
arrastre
  1737   follow
  avila  overtrump
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.i18n import _, number
from . import Report, Table
from .terminal import display_width, terminal_width

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = ["render_text", "render_table", "wrap", "wrap_paragraph", "plain_text"]

GAP = 2             # spaces between columns
_NARROW = 12        # a column may be wrapped down to this width (or its longest word)
_PROSE = 40         # a column this wide or wider holds prose ...
_PROSE_MIN = 24     # ... which is not wrapped narrower than this

_STRONG = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])")


def plain_text(text: str) -> str:
    """``text`` without Markdown emphasis (``*title*``, ``**strong**``); backticks,
    which plain text uses to quote names as well, stay.

    >>> plain_text("Diario Popular, *Rentoy, la disputa histórica*; see `rentoy rules`")
    'Diario Popular, Rentoy, la disputa histórica; see `rentoy rules`'
    >>> plain_text("+1.2 pp [+0.8, +1.6] *")
    '+1.2 pp [+0.8, +1.6] *'
    """
    if "*" in text:
        text = _EMPHASIS.sub(r"\1", _STRONG.sub(r"\1", text))
    return text


#: Where a line may break: a run of spaces, those that do not break left out.
_SPACES = re.compile(r"([^\S\u00a0\u202f\u2007]+)")


def wrap(text: str, width: int, indent: str = "", subsequent_indent: str = "",
         hyphens: bool = False, cut_long: bool = False) -> list[str]:
    """``text`` broken into lines of at most ``width``, measured as
    :func:`~rentoy.render.terminal.display_width` measures (what :mod:`textwrap` does,
    with that measure): at spaces, and after a hyphen between letters only when
    ``hyphens`` is asked for, since most hyphenated words in rentoy's output are ids
    (``dos-de-todos-palos``, ``app-rentoynow``) or paths, which a reader copies whole. A
    word longer than a line (a long path, say) stays whole on a line of its own; with
    ``cut_long`` it is cut to fit, as a table cell too narrow for it must be.

    >>> wrap("la malilla, el borrego y el Tuerto", 14)
    ['la malilla, el', 'borrego y el', 'Tuerto']
    >>> wrap("dos-de-todos-palos", 10, hyphens=True)
    ['dos-de-', 'todos-', 'palos']
    >>> wrap("see 1737+dos-de-todos-palos", 14)
    ['see', '1737+dos-de-todos-palos']
    >>> wrap("  11c  play Caballo de copas", 40)
    ['  11c  play Caballo de copas']
    >>> wrap("Huétor Vega, Sanlúcar, Cádiz", 12)
    ['Huétor Vega,', 'Sanlúcar,', 'Cádiz']
    >>> wrap("/a/long/path/to/file.yaml: ok", 12)
    ['/a/long/path/to/file.yaml:', 'ok']
    >>> wrap("/a/long/path/to/file.yaml: ok", 12, cut_long=True)
    ['/a/long/path', '/to/file.yam', 'l: ok']

    A space that does not break (``23,4\xa0%``, as Spanish writes a percentage) never
    does:

    >>> wrap("el 23,4\xa0% de las veces", 7)
    ['el', '23,4\xa0%', 'de las', 'veces']
    """
    lines: list[str] = []
    line, used, empty = indent, display_width(indent), True
    for i, chunk in enumerate(_SPACES.split(text.expandtabs())):
        if i % 2:                       # the space between two words
            if not empty or (i == 1 and not lines):     # a paragraph's indent stays
                line, used = line + chunk, used + display_width(chunk)
            continue
        # A chunk holds no space: only a hyphen can break it (most hold none).
        for piece in (_BREAKS.split(chunk) if hyphens and "-" in chunk else [chunk]):
            if not piece:
                continue
            size = display_width(piece)
            if not empty and used + size > width:
                lines.append(line.rstrip())
                line, used, empty = subsequent_indent, display_width(subsequent_indent), True
            while cut_long and used + size > width and size > 1:   # longer than a line
                cut = _fitting(piece, max(width - used, 1))
                lines.append(line + piece[:cut])
                piece = piece[cut:]
                size = display_width(piece)
                line, used = subsequent_indent, display_width(subsequent_indent)
            line, used, empty = line + piece, used + size, False
    if not empty:
        lines.append(line.rstrip())
    return lines


def _fitting(word: str, room: int) -> int:
    """How many characters of ``word`` fit in ``room`` (at least one)."""
    cut = 1
    while cut < len(word) and display_width(word[:cut + 1]) <= room:
        cut += 1
    return cut


def wrap_paragraph(text: str, width: int, indent: str = "",
                   subsequent_indent: str | None = None) -> list[str]:
    """``text`` (plain, Markdown marks removed) wrapped to ``width`` columns."""
    lines = wrap(plain_text(text), width, indent,
                 indent if subsequent_indent is None else subsequent_indent, hyphens=False)
    return lines or [indent.rstrip()]


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    if isinstance(value, float):
        return number(value, grouped=False)     # the decimal mark of the language spoken
    return plain_text(str(value))


def _wrap_cell(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for part in text.split("\n"):
        lines += wrap(part, max(width, 1), cut_long=True) or [""]
    return lines


def _natural(texts: Sequence[str]) -> int:
    return max((display_width(line) for t in texts for line in t.split("\n")), default=0)


# Where a cell may break: at spaces, and after a hyphen between letters (as textwrap
# does: `dos-de-todos-palos`, not `values-1-3-6-12`).
_BREAKS = re.compile(r"[^\S\u00a0\u202f\u2007]+|(?<=[^\W\d]-)(?=[^\W\d])")


def _longest_word(texts: Sequence[str]) -> int:
    return max((display_width(w) for t in texts for w in _SPACES.split(t)[::2]), default=0)


def _widths(headers: Sequence[str], cells: Sequence[Sequence[str]], width: int,
            caps: Sequence[int | None]) -> list[int] | None:
    """Column widths that fit ``width``, or None when the columns cannot fit."""
    columns = [[h, *(row[i] for row in cells)] for i, h in enumerate(headers)]
    target = []
    for col, cap in zip(columns, caps):
        natural = _natural(col)
        if cap:
            natural = min(natural, max(cap, _longest_word(col[:1])))
        target.append(max(natural, 1))
    room = width - GAP * (len(headers) - 1)
    if sum(target) <= room:
        return target
    least = []
    for col, t in zip(columns, target):
        floor = _PROSE_MIN if t >= _PROSE else _NARROW
        # Wrap no narrower than the floor (or the cells' own width, when they are
        # narrower and only the header is long), nor than the longest word or header word.
        least.append(min(t, max(min(floor, _natural(col[1:])),
                                min(_longest_word(col), _PROSE_MIN),
                                _longest_word(col[:1]))))
    spare = room - sum(least)
    if spare < 0:
        return None
    # Share what is left fairly: columns that need little get all they need, the
    # others an equal share of the rest.
    widths = list(least)
    wanting = [i for i in range(len(widths)) if widths[i] < target[i]]
    while wanting and spare > 0:
        share = max(spare // len(wanting), 1)
        for i in sorted(wanting, key=lambda i: target[i] - widths[i]):
            give = min(share, target[i] - widths[i], spare)
            widths[i] += give
            spare -= give
        wanting = [i for i in wanting if widths[i] < target[i]]
    return widths


def _pad(text: str, width: int) -> str:
    return text + " " * (width - display_width(text))


def _grid(headers: Sequence[str], cells: Sequence[Sequence[str]],
          widths: Sequence[int]) -> list[str]:
    def lines_of(row: Sequence[str]) -> list[str]:
        wrapped = [_wrap_cell(c, w) for c, w in zip(row, widths)]
        height = max(len(w) for w in wrapped)
        return [(" " * GAP).join(_pad(w[k] if k < len(w) else "", widths[i])
                                 for i, w in enumerate(wrapped)).rstrip()
                for k in range(height)]

    out = lines_of(headers)
    out.append((" " * GAP).join("-" * w for w in widths))
    for row in cells:
        out += lines_of(row)
    return out


def _turned(headers: Sequence[str], cells: Sequence[Sequence[str]], width: int) -> list[str]:
    """One block per row: the first cell as a heading, then each other column's
    label and value, indented."""
    labels = list(headers[1:])
    label_width = min(max((display_width(h) for h in labels), default=0), width // 3)
    value_width = width - 2 - label_width - GAP
    out: list[str] = []
    for row in cells:
        out += _wrap_cell(row[0], width) if row[0] else ["-"]
        for label, value in zip(labels, row[1:]):
            if not value:
                continue
            lines = _wrap_cell(value, value_width)
            if display_width(label) > label_width:
                out.append("  " + label)
                out += ["  " + " " * (label_width + GAP) + line for line in lines]
                continue
            out.append(("  " + _pad(label, label_width) + " " * GAP + lines[0]).rstrip())
            out += ["  " + " " * (label_width + GAP) + line for line in lines[1:]]
    return out


def render_table(table: Table, width: int | None = None) -> str:
    """``table`` as text no wider than ``width`` (default: the terminal's width)."""
    width = terminal_width(width)
    # Column names are English keys (marked with N_ where the table is made): shown in
    # the language spoken now; a name with no translation (a variant's id) as it is.
    headers = [plain_text(_(str(c))) for c in table.columns]
    cells = [[_cell(v) for v in row] for row in table.rows]
    caps = [table.wrap.get(c) for c in table.columns]
    out: list[str] = []
    if table.title:
        out += wrap_paragraph(table.title, width)
    legend: list[str] = []
    widths = _widths(headers, cells, width, caps)
    if widths is None and table.abbrev:
        short = [_(table.abbrev[c]) if c in table.abbrev else h
                 for c, h in zip(table.columns, headers)]
        widths = _widths(short, cells, width, caps)
        if widths is not None:
            headers = short
            legend = ["; ".join(f"{_(table.abbrev[c])}: {_(c)}" for c in table.columns
                                if c in table.abbrev) + "."]
    if widths is not None:
        out += _grid(headers, cells, widths)
    else:
        out += _turned(headers, cells, width)
    for note in [*legend, *table.notes]:
        out += wrap_paragraph(note, width)
    return "\n".join(out)


def _prose(paragraph: str, width: int) -> list[str]:
    """A paragraph wrapped; an item (``- ...``) hangs its further lines under its text."""
    if paragraph.startswith("- "):
        return wrap_paragraph(paragraph[2:], width, "- ", "  ")
    return wrap_paragraph(paragraph, width)


def render_text(report: Report, width: int | None = None) -> str:
    """The whole report as text no wider than ``width`` (default: the terminal's)."""
    width = terminal_width(width)
    parts = []
    if report.heading:
        parts.append("\n".join(wrap_paragraph(report.heading, width)))
    parts.extend("\n".join(wrap_paragraph(p, width)) for p in report.text)
    for section in report.sections:
        title = plain_text(section.title)
        parts.append("\n".join(wrap_paragraph(title, width) + ["-" * min(
            display_width(title), width)]))
        parts.extend("\n".join(_prose(p, width)) for p in section.paragraphs)
    parts.extend(render_table(t, width) for t in report.tables)
    return "\n\n".join(parts)
