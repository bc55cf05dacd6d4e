"""The map of Spain with the regional forms placed: ``{rentoy-map} PLACES``.

``PLACES`` (relative to the page) is a YAML file giving, per variant id, the towns or
the region its form was recorded in (``docs/data/map/places.yaml``); ``:outline:``
names the outline to draw (``iberia.json`` beside it by default: Spain and Portugal
from Natural Earth, public domain, see ``docs/data/map/LICENCE.md``). The map is SVG
drawn here at build time; each place links to its variant's page, and a list under the
map carries the same facts as text, with the variants that are given for Spain as a
whole and so are not placed.
"""

from __future__ import annotations

import json
import math
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from docutils.parsers.rst import directives

from ..core.i18n import _, data_text
from ..data.yamlfile import load_document
from .directives import RentoyDirective
from .elements import paragraph, xref
from .errors import Failure
from ..core.i18n import number
from .figures import figure, ref_href, svg_text
from .tracking import note_files

if TYPE_CHECKING:
    from sphinx.application import Sphinx

__all__ = ["MapDirective", "map_svg", "load_places"]

_WIDTH = 600.0
_MARGIN = 12.0
_COLOUR = "#8c2d19"


def load_places(path: Path) -> dict[str, list[dict[str, Any]]]:
    """The places file, checked: each variant id a list of places with a name and a
    latitude and longitude in range."""

    doc = load_document(path)
    data = doc.mapping("the places file is a mapping of variant ids to lists of places")
    out: dict[str, list[dict[str, Any]]] = {}
    for vid, places in data.items():
        if not isinstance(places, list) or not places:
            raise Failure([(f"{vid}: a list of places, each {{name, lat, lon}}",
                            _where(doc, (vid,)))])
        for i, place in enumerate(places):
            ok = (isinstance(place, dict) and isinstance(place.get("name"), str)
                  and all(isinstance(place.get(k), (int, float)) for k in ("lat", "lon"))
                  and -90 <= place["lat"] <= 90 and -180 <= place["lon"] <= 180)
            if not ok:
                raise Failure([(f"{vid}, place {i + 1}: needs a name, and lat and lon in "
                                "degrees", _where(doc, (vid, i)))])
        out[str(vid)] = places
    return out


def _where(doc: Any, path: tuple[Any, ...]) -> str | None:
    loc = doc.location(path)
    return f"{loc.file}:{loc.line}" if loc.file and loc.line is not None else None


class _Projection:
    """Longitude and latitude to the drawing: equirectangular, the longitude scaled by
    the cosine of the middle latitude so that Spain keeps its shape."""

    def __init__(self, rings: list[list[list[float]]]):
        lons = [p[0] for r in rings for p in r]
        lats = [p[1] for r in rings for p in r]
        # Room in the sea for labels: west of Portugal and south of Cádiz.
        self.west, self.east = min(lons) - 0.4, max(lons) + 0.2
        self.south, self.north = min(lats) - 0.5, max(lats) + 0.1
        self.squash = math.cos(math.radians((self.south + self.north) / 2))
        self.scale = (_WIDTH - 2 * _MARGIN) / ((self.east - self.west) * self.squash)
        self.height = (self.north - self.south) * self.scale + 2 * _MARGIN

    def __call__(self, lon: float, lat: float) -> tuple[float, float]:
        return (_MARGIN + (lon - self.west) * self.squash * self.scale,
                _MARGIN + (self.north - lat) * self.scale)


def map_svg(outline: dict[str, Any], places: dict[str, list[dict[str, Any]]]) -> str:
    """The map as an SVG element: the outline, and each variant's places, labelled with
    the variant's id and the place, linked to the variant's page."""
    countries = outline["countries"]
    project = _Projection([r for rings in countries.values() for r in rings])
    height = project.height
    title = _("Map of Spain with the regional forms of rentoy placed")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_WIDTH:.0f} '
             f'{height:.0f}" class="rentoy-figure rentoy-map" role="img" '
             f'aria-labelledby="rentoy-map-title"><title id="rentoy-map-title">{title}'
             '</title>',
             f'<rect width="{_WIDTH:.0f}" height="{height:.0f}" fill="#eef4f8"/>']
    for country, rings in countries.items():
        fill, stroke = ("#fbf6ea", "#6d5d3d") if country == "Spain" else ("#e9e9e4", "#999")
        for ring in rings:
            path = "M" + "L".join(f"{x:.1f},{y:.1f}" for x, y in
                                  (project(lon, lat) for lon, lat in ring)) + "Z"
            parts.append(f'<path d="{path}" fill="{fill}" stroke="{stroke}" '
                         'stroke-width="1" stroke-linejoin="round"/>')
    x, y = project(-8.3, 39.6)
    parts.append(svg_text(x, y, _("Portugal"), size=13, fill="#555", anchor="middle"))
    x, y = project(-3.2, 39.3)
    parts.append(svg_text(x, y, _("Spain"), size=16, fill="#6d5d3d", anchor="middle",
                          extra='letter-spacing="2"'))
    taken: list[tuple[float, float, float, float]] = []
    for vid, spots in places.items():
        for spot in spots:
            x, y = project(spot["lon"], spot["lat"])
            label = f"{vid}: {data_text(spot['name'])}"
            marks = []
            if spot.get("area"):
                r = spot.get("radius", 0.3) * project.scale
                marks.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{_COLOUR}" '
                             f'fill-opacity="0.18" stroke="{_COLOUR}" stroke-width="1.5" '
                             'stroke-dasharray="4 3"/>')
                edge = r
            else:
                marks.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5.5" fill="{_COLOUR}" '
                             'stroke="#fff" stroke-width="1.5"/>')
                edge = 6
            left = spot.get("label") == "left"
            text = vid if spot is spots[0] else ""
            place = data_text(spot["name"]).split(" (")[0]
            lines = [t for t in (text, place) if t]
            width = max(len(t) for t in lines) * 7.2
            tx = x - edge - 4 if left else x + edge + 4
            ty = y + 4 - 8 * (len(lines) - 1)
            # Move a label up or down, nearest first, until it clears those placed before.
            box = (tx - width if left else tx, ty - 12, width, 15 * len(lines) + 2)
            for shift in (0, *(d * k for k in range(1, 40) for d in (-4, 4))):
                moved = (box[0], box[1] + shift, box[2], box[3])
                if not any(_overlap(moved, other) for other in taken):
                    break
            taken.append(moved)
            ty += shift
            anchor = "end" if left else "start"
            leader = ""
            if abs(shift) > 6:
                leader = (f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{tx:.1f}" y2="{ty - 4:.1f}" '
                          'stroke="#555" stroke-width="0.8"/>')
            texts = leader + "".join(
                svg_text(tx, ty + 15 * i, t, size=13 if i == 0 and text else 12,
                         anchor=anchor, weight="600" if i == 0 and text else None,
                         halo=True, fill="#1a1a1a" if i == 0 and text else "#333")
                for i, t in enumerate(lines))
            parts.append(f'<a {ref_href("variant", vid)}><title>{escape(label)}</title>'
                         + "".join(marks) + texts + "</a>")
    parts.append("</svg>")
    return "".join(parts)


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]
             ) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


class MapDirective(RentoyDirective):
    """``{rentoy-map} PLACES``: the map of Spain with the regional forms placed (see the
    module docstring); option ``:outline:`` (default ``iberia.json`` beside PLACES)."""

    required_arguments = 1
    option_spec = {"outline": directives.unchanged_required}

    def make(self) -> list[nodes.Node]:
        path = self.resolve_path(self.arguments[0])
        outline_path = (self.resolve_path(self.options["outline"]) if "outline" in self.options
                        else path.parent / "iberia.json")
        note_files(self.env, [path, outline_path])
        for needed in (path, outline_path):
            if not needed.is_file():
                raise Failure([(f"no file {needed}", None)])
        places = load_places(path)
        outline = json.loads(outline_path.read_text(encoding="utf-8"))
        variants = {v.id: v for v in self.builtin_variants()}
        unknown = [vid for vid in places if vid not in variants]
        if unknown:
            raise Failure([(f"{path}: no built-in variant {', '.join(unknown)}", None)])
        svg = map_svg(outline, places)
        listing = nodes.bullet_list(classes=["rentoy-map-places"])
        for vid, spots in places.items():
            para = paragraph(None)
            para += xref("variant", vid, vid)
            para += nodes.Text(f" ({data_text(variants[vid].name or '')}): " + "; ".join(
                data_text(s["name"]) + (
                    " " + _("(a region; drawn as an area)") if s.get("area") else
                    f" ({_latitude(s['lat'])}, {_longitude(s['lon'])})")
                for s in spots) + ".")
            listing += nodes.list_item("", para)
        elsewhere = [v for vid, v in variants.items() if vid not in places]
        rest = paragraph(_("Not placed, as their sources give them for Spain as a whole: "),
                         ["rentoy-map-rest"])
        for i, v in enumerate(elsewhere):
            if i:
                rest += nodes.Text(", ")
            rest += xref("variant", v.id, v.id)
        rest += nodes.Text(".")
        caption = _("Where the regional forms were recorded; each place links to its "
                    "variant's page. The outline is Natural Earth's (public domain); the "
                    "Canary Islands are not drawn, as no form is recorded there.")
        return [figure(svg, _("Map of Spain with the regional forms placed"), caption,
                       classes=["rentoy-map-box"], alternative=[listing, rest])]


def _latitude(value: float) -> str:
    """A latitude with the decimal mark of the language spoken, north or south."""
    degrees = number(abs(value), 2)
    return (_("{degrees}° N") if value >= 0 else _("{degrees}° S")).format(degrees=degrees)


def _longitude(value: float) -> str:
    """A longitude, east or west (O, oeste, in Spanish)."""
    degrees = number(abs(value), 2)
    return (_("{degrees}° E") if value >= 0 else _("{degrees}° W")).format(degrees=degrees)


def setup(app: Sphinx) -> None:
    app.add_directive("rentoy-map", MapDirective)
