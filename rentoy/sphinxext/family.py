"""The family of games and the timeline of the evidence, drawn from the data: the
``rentoy-family-tree`` directive (``variants/family.yaml``: rentoy, the games the
dictionary names beside it and its modern relatives, each link numbered, styled by its
status and explained in a table with its evidence) and the ``rentoy-timeline`` directive
(every dated source of the bibliography on a time axis, one lane per kind, the texts that
do not speak of rentoy in a lane of their own, with the dates claimed for which no text
has been found). Both figures are SVG written here, at build
time, with no other tool; the tables under them carry the same facts as text.
"""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING, Any

from docutils import nodes

from ..data.family import load_family
from ..core.i18n import N_, _, data_text
from ..data.sources import KINDS, builtin_dir, load_sources
from .citations import citation_text, source_refs
from .directives import RentoyDirective
from .elements import paragraph, status_node, status_word, table
from .figures import figure
from .tracking import note_files
if TYPE_CHECKING:
    from sphinx.application import Sphinx

__all__ = ["family_svg", "timeline_svg", "FamilyTreeDirective", "TimelineDirective"]

#: How a link is drawn, by status: the dash pattern of its line.
_DASH = {"attested": "", "inferred": "6 4", "assumed": "2 4", "disputed": "10 3 2 3"}
_KIND_COLOUR = {"model": "#1f5f99", "same": "#b03060", "descent": "#7a3b8f",
                "kinship": "#2e7d32", "word": "#8a6d00"}
_LANE_COLOUR = {"period": "#8c2d19", "related": "#8f5f4e", "reconstruction": "#6a3d9a",
                "scholarship": "#1f5f99", "modern-report": "#2e7d32", "program": "#555555",
                "reference": "#8a6d00"}
_BOX_W, _BOX_H, _WIDTH = 176, 48, 900
_FAMILY = N_("Rentoy and its relatives")
_TIMELINE = N_("A timeline of the evidence")
#: The words the family file and the bibliography use for kinds of link, eras and
#: kinds of source, translated when shown.
_WORDS = frozenset({N_("model"), N_("same"), N_("descent"), N_("kinship"), N_("word"),
                    N_("period"), N_("modern"), N_("period text"), N_("reconstruction"),
                    N_("scholarship"), N_("modern report"), N_("program"),
                    N_("reference work")})


def word(text: str) -> str:
    """One of the family's or the bibliography's words (a kind, an era) translated."""
    return _(text) if text in _WORDS else text

_ARC = 60          # the room an arc between two boxes of one row takes above or below it


def _rows(family: Any) -> list[list[str]]:
    """The tree's rows: the other period games, rentoy, the modern games."""
    top = [g.id for g in family.games.values() if g.era == "period" and g.id != "rentoy"]
    bottom = [g.id for g in family.games.values() if g.era == "modern"]
    return [top, ["rentoy"] if "rentoy" in family.games else [], bottom]


def _same_row(rows: list[list[str]], link: Any, r: int) -> bool:
    return link.source_game in rows[r] and link.to in rows[r]


def _span(rows: list[list[str]], link: Any) -> int:
    """How many places apart the two games of a link are in their row (0: other rows)."""
    for row in rows:
        if link.source_game in row and link.to in row:
            return abs(row.index(link.source_game) - row.index(link.to))
    return 0


def family_svg(family: Any) -> str:
    """The family tree as an SVG document (a string)."""
    rows = _rows(family)
    pos: dict[str, tuple[float, float]] = {}
    # As wide as the fullest row allows: every box of a row fits with a gap between.
    box_w = min(_BOX_W, min(_WIDTH / len(row) - 14 for row in rows if row))
    # Links within the top row arc above it, within the other rows below them: room for
    # the arcs above the first row and below the last.
    top = 40 + (_ARC if any(_same_row(rows, link, 0) for link in family.links) else 0)
    below = max([_ARC] + [20 + 20 * _span(rows, link) for link in family.links
                          if _same_row(rows, link, len(rows) - 1)])
    for r, row in enumerate(rows):
        for i, gid in enumerate(row):
            pos[gid] = ((i + 0.5) * _WIDTH / len(row), top + r * 130)
    height = top + 2 * 130 + _BOX_H + 20 + below
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_WIDTH} {height}" '
             f'class="rentoy-figure rentoy-family" role="img" '
             f'aria-label="{escape(_(_FAMILY))}">',
             '<defs>' + "".join(
                 f'<marker id="arrow-{k}" viewBox="0 0 10 10" refX="10" refY="5" '
                 f'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
                 f'<path d="M0,0 L10,5 L0,10 z" fill="{c}"/></marker>'
                 for k, c in _KIND_COLOUR.items()) + '</defs>']
    for n, link in enumerate(family.links, 1):
        (x1, y1), (x2, y2) = pos[link.source_game], pos[link.to]
        colour = _KIND_COLOUR.get(link.kind, "#333")
        arrow = (f' marker-end="url(#arrow-{link.kind})"'
                 if link.kind in ("model", "descent") else "")
        dash = f' stroke-dasharray="{_DASH[link.status]}"' if _DASH.get(link.status) else ""
        if abs(y1 - y2) < 1:           # same row: an arc above or below the row
            up = y1 == top
            edge = y1 if up else y1 + _BOX_H
            # Deeper for boxes further apart, so arcs over one another do not meet.
            depth = 40 * max(1, _span(rows, link))
            cy = edge - depth if up else edge + depth
            sx, ex, sy, ey = x1, x2, edge, edge
            mx, my = (sx + ex) / 2, (edge + cy) / 2          # the curve's middle
            line = (f'<path d="M{sx:.1f},{sy:.1f} Q{mx:.1f},{2 * my - edge:.1f} '
                    f'{ex:.1f},{ey:.1f}" fill="none"')
        else:
            down = y2 > y1
            sx, sy = x1, y1 + (_BOX_H if down else 0)
            ex, ey = x2, y2 + (0 if down else _BOX_H)
            # A link from the top row to the bottom one passes the middle row half way:
            # its number goes nearer the top, where no box hides it.
            t = 0.5 if abs(y2 - y1) < 200 else (0.3 if down else 0.7)
            mx, my = sx + t * (ex - sx), sy + t * (ey - sy)
            line = f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{ex:.1f}" y2="{ey:.1f}"'
        title = escape(f"{n}. {data_text(link.label)} ({word(link.kind)}, "
                       f"{status_word(link.status)})")
        parts.append(f'<g class="rentoy-link rentoy-link-{link.status}"><title>{title}</title>'
                     f'{line} stroke="{colour}" stroke-width="2"{dash}{arrow}/>'
                     f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="12" '
                     f'fill="#fff" stroke="{colour}"/>'
                     f'<text x="{mx:.1f}" y="{my + 5:.1f}" '
                     f'text-anchor="middle" font-size="14" fill="{colour}">{n}</text></g>')
    for gid, (x, y) in pos.items():
        game = family.games[gid]
        date = str(game.date) if game.date else _("undated")
        fill = "#fbeee6" if game.era == "period" else "#eaf3ea"
        parts.append(f'<g class="rentoy-game"><title>{escape(data_text(game.note or game.name))}</title>'
                     f'<rect x="{x - box_w / 2:.1f}" y="{y}" width="{box_w:.1f}" '
                     f'height="{_BOX_H}" rx="6" fill="{fill}" stroke="#444"/>'
                     f'<text x="{x:.1f}" y="{y + 20}" text-anchor="middle" font-size="14" '
                     f'font-weight="bold">{escape(data_text(game.name))}</text>'
                     f'<text x="{x:.1f}" y="{y + 39}" text-anchor="middle" font-size="14">'
                     f'{escape(word(game.era))}, {escape(date)}</text></g>')
    parts.append("</svg>")
    return "".join(parts)


def _first_year(text: str | None) -> tuple[int, int] | None:
    """The years a date covers: "1737" -> (1737, 1737); "1726-1739" -> (1726, 1739)."""
    years = [int(y) for y in re.findall(r"\d{4}", text or "")]
    return (min(years), max(years)) if years else None


#: The axis is broken between the period texts and the modern ones, which no source of
#: the bibliography falls between.
_SEGMENTS = ((1590, 1800, 70, 470), (1960, 2030, 510, 740))


def _x(year: float) -> float:
    for start, end, x0, x1 in _SEGMENTS:
        if year <= end:
            return x0 + (max(year, start) - start) * (x1 - x0) / (end - start)
    return _SEGMENTS[-1][3]


def timeline_entries(sources: Any, claims: Any) -> tuple[list[dict[str, Any]], list[str]]:
    """The dated sources and claims in date order, and the undated source ids. Entries of
    one kind with the same dates share a number: one marker on the figure. Labels are in
    the language spoken now."""

    dated, undated = [], []
    for src in sources.values():
        span = _first_year(src.year)
        if span is None:
            undated.append(src.id)
        else:
            lane = "related" if src.subject == "related" else src.kind
            dated.append({"id": src.id, "lane": lane, "span": span, "kind": src.kind,
                          "label": citation_text(src), "claim": False})
    for c in claims:
        dated.append({"id": c.source, "lane": "claim", "span": (c.year, c.year),
                      "kind": "claim", "label": f"{data_text(c.label)} ({data_text(c.note)})"
                      if c.note else data_text(c.label),
                      "claim": True})
    order = list(KINDS) + ["related", "claim"]
    dated.sort(key=lambda e: (e["span"][0], order.index(e["lane"]), e["span"][1], e["id"]))
    numbers: dict[tuple[str, tuple[int, int]], int] = {}
    for e in dated:
        e["n"] = numbers.setdefault((e["lane"], e["span"]), len(numbers) + 1)
    return dated, undated


def timeline_svg(entries: list[dict[str, Any]]) -> str:
    """The timeline as an SVG document (a string)."""

    lanes = ["claim", "period", "related"] + [k for k in KINDS if k != "period"]
    names = {"claim": _("dates claimed"), "related": _("not on rentoy")} | {
        k: word(v) for k, v in KINDS.items()}
    # Stack markers that would overlap within a lane.
    placed: dict[str, list[list[float]]] = {lane: [] for lane in lanes}
    rows_of: dict[int, tuple[str, int]] = {}
    markers: dict[int, list[dict[str, Any]]] = {}
    for e in entries:
        markers.setdefault(e["n"], []).append(e)
    for group in markers.values():
        e = group[0]
        x = _x(sum(e["span"]) / 2)
        rows = placed[e["lane"]]
        free = next((i for i, row in enumerate(rows)
                     if all(abs(x - other) >= 21 for other in row)), len(rows))
        if free == len(rows):
            rows.append([])
        rows[free].append(x)
        rows_of[e["n"]] = (e["lane"], free)
    top: dict[str, float] = {}
    y = 20.0
    for lane in lanes:
        top[lane] = y
        y += 22 * max(1, len(placed[lane])) + 12
    axis = y + 4
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 760 {axis + 34:.0f}" '
             f'class="rentoy-figure rentoy-timeline" role="img" '
             f'aria-label="{escape(_(_TIMELINE))}">']
    for lane in lanes:
        colour = _LANE_COLOUR.get(lane, "#8c2d19")
        parts.append(f'<text x="4" y="{top[lane] + 14:.1f}" font-size="12" fill="{colour}">'
                     f'{escape(names[lane])}</text>'
                     f'<line x1="70" y1="{top[lane] + 10:.1f}" x2="740" '
                     f'y2="{top[lane] + 10:.1f}" stroke="#ddd"/>')
    for start, end, left, right in _SEGMENTS:
        parts.append(f'<line x1="{left}" y1="{axis}" x2="{right}" y2="{axis}" stroke="#333"/>')
        for year in range(start, end + 1, 50 if end - start > 100 else 20):
            parts.append(f'<line x1="{_x(year):.1f}" y1="{axis}" x2="{_x(year):.1f}" '
                         f'y2="{axis + 5}" stroke="#333"/><text x="{_x(year):.1f}" '
                         f'y="{axis + 18}" text-anchor="middle" font-size="12">{year}</text>')
    parts.append(f'<text x="490" y="{axis + 4}" text-anchor="middle" font-size="12">//</text>')
    for group in markers.values():
        e = group[0]
        lane, r = rows_of[e["n"]]
        cy = top[lane] + 10 + 22 * r
        colour = _LANE_COLOUR.get(lane, "#8c2d19")
        title = escape(f'{e["n"]}. ' + "; ".join(g["label"] for g in group))
        x0, x1 = _x(e["span"][0]), _x(e["span"][1])
        span = (f'<line x1="{x0:.1f}" y1="{cy:.1f}" x2="{x1:.1f}" y2="{cy:.1f}" '
                f'stroke="{colour}" stroke-width="4" opacity="0.4"/>') if x1 > x0 else ""
        fill = "#fff" if e["claim"] else colour
        text = colour if e["claim"] else "#fff"
        dash = ' stroke-dasharray="3 2"' if e["claim"] else ""
        cx = (x0 + x1) / 2
        parts.append(f'<g><title>{title}</title>{span}<circle cx="{cx:.1f}" cy="{cy:.1f}" '
                     f'r="9.5" fill="{fill}" stroke="{colour}"{dash}/><text x="{cx:.1f}" '
                     f'y="{cy + 4:.1f}" text-anchor="middle" font-size="12" '
                     f'fill="{text}">{e["n"]}</text></g>')
    parts.append("</svg>")
    return "".join(parts)


def _figure(svg: str, caption: str, label: str) -> nodes.Node:
    return figure(svg, label, caption)


class FamilyTreeDirective(RentoyDirective):
    """``{rentoy-family-tree}``: the family of games drawn, then its links in a table."""

    def make(self) -> list[nodes.Node]:
        note_files(self.env, [builtin_dir() / "family.yaml"])
        family = load_family()
        rows = []
        for n, link in enumerate(family.links, 1):
            refs = source_refs(link.source)
            rows.append([str(n), f"{data_text(family.games[link.source_game].name)} — "
                                 f"{data_text(family.games[link.to].name)}",
                         data_text(link.label), word(link.kind), status_node(link.status),
                         refs, " ".join(data_text(link.note or "").split())])
        caption = _("Rentoy in the middle, the games the dictionary of 1726-1739 names "
                    "beside it above, its modern relatives below. Each link is numbered; its "
                    "colour gives its kind (blue: the dictionary refers one game to the "
                    "other; crimson: one game under two names, or a form of the other; "
                    "purple: a source says one comes from the other; green: a shared shape "
                    "or shared cards, no descent claimed; ochre: a shared word only), its "
                    "line the status (solid: attested; dashed: inferred). An arrow points "
                    "from the model or the origin.")
        return [_figure(family_svg(family), caption, _(_FAMILY)),
                table(["#", _("link"), _("what"), _("kind"), _("status"), _("evidence"),
                       _("note")], rows,
                      classes=["rentoy-family-links"])]


class TimelineDirective(RentoyDirective):
    """``{rentoy-timeline}``: the dated sources on a time axis, then the list."""

    def make(self) -> list[nodes.Node]:
        note_files(self.env, [builtin_dir() / "sources.yaml", builtin_dir() / "family.yaml"])
        sources = load_sources()
        entries, undated = timeline_entries(sources, load_family().claims)
        rows = []
        for e in entries:
            year = str(e["span"][0]) if e["span"][0] == e["span"][1] else \
                f"{e['span'][0]}-{e['span'][1]}"
            what = _("date claimed") if e["claim"] else word(sources[e["id"]].kind_label)
            if e["lane"] == "related":
                what += ", " + _("not on rentoy")
            rows.append([str(e["n"]), year, what, source_refs([e["id"]]), e["label"]])
        caption = _("Every dated source of the bibliography, one lane per kind, numbered in "
                   "date order; sources of one lane and date share a number, and a bar marks "
                   "a range of years. The top lane holds the dates the source text claims "
                   "without a text. The lane \"not on rentoy\" holds texts that do not speak "
                   "of rentoy (the dictionary's entries on other games and on card words, a "
                   "treatise against gaming, the relatives): context, not evidence of the "
                   "game. The axis is broken between 1800 and 1960, where no source falls; "
                   "many programs and encyclopedias are undated.")
        out: list[nodes.Node] = [_figure(timeline_svg(entries), caption, _(_TIMELINE)),
                                 table(["#", _("date"), _("kind"), _("source"),
                                        _("reference")], rows,
                                       classes=["rentoy-timeline-list"])]
        if undated:
            para = paragraph(_("Undated (not drawn): "), ["rentoy-undated"])
            para.extend(source_refs(undated))
            para += nodes.Text(".")
            out.append(para)
        return out


def setup(app: Sphinx) -> None:
    app.add_directive("rentoy-family-tree", FamilyTreeDirective)
    app.add_directive("rentoy-timeline", TimelineDirective)
