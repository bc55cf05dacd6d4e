"""Make ``iberia.json``, the outline the site's map of Spain is drawn from.

The outline is Natural Earth's 1:50m Admin 0 country boundaries (version 4.1.0, public
domain) as TopoJSON in the ``world-atlas`` package (2.0.2, ISC licence), decoded here,
cut down to Spain and Portugal without the Canary Islands, and simplified
(Douglas-Peucker, 0.02 degrees). Nothing is fetched: give the path of the package's
``countries-50m.json``::

    npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz
    python docs/data/map/outline.py package/countries-50m.json

See ``LICENCE.md`` beside this file.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
COUNTRIES = {"724": "Spain", "620": "Portugal"}
TOLERANCE = 0.02          # degrees
SMALLEST = 0.004          # square degrees: smaller islands are left out
WEST_OF_CANARIES = -12.0  # the Canary Islands lie west of this (and far south)


def arcs_of(topology: dict) -> list[list[tuple[float, float]]]:
    """Every arc in degrees (the quantised, delta-encoded positions decoded)."""
    (sx, sy), (tx, ty) = topology["transform"]["scale"], topology["transform"]["translate"]
    out = []
    for arc in topology["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            points.append((x * sx + tx, y * sy + ty))
        out.append(points)
    return out


def ring(indexes: list[int], arcs: list[list[tuple[float, float]]]) -> list[tuple[float, float]]:
    points: list[tuple[float, float]] = []
    for i in indexes:
        arc = arcs[i] if i >= 0 else arcs[~i][::-1]
        points.extend(arc[1:] if points else arc)
    return points


def area(points: list[tuple[float, float]]) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1)
                   in zip(points, points[1:] + points[:1]))) / 2


def simplify(points: list[tuple[float, float]], tolerance: float) -> list[tuple[float, float]]:
    """Douglas-Peucker: the points that keep the line within ``tolerance``."""
    if len(points) < 3:
        return points
    (x0, y0), (x1, y1) = points[0], points[-1]
    length = math.hypot(x1 - x0, y1 - y0)
    far, index = 0.0, 0
    for i, (x, y) in enumerate(points[1:-1], 1):
        d = (abs((y1 - y0) * x - (x1 - x0) * y + x1 * y0 - y1 * x0) / length if length
             else math.hypot(x - x0, y - y0))
        if d > far:
            far, index = d, i
    if far <= tolerance:
        return [points[0], points[-1]]
    return simplify(points[:index + 1], tolerance)[:-1] + simplify(points[index:], tolerance)


def main(path: str) -> None:
    topology = json.loads(Path(path).read_text(encoding="utf-8"))
    arcs = arcs_of(topology)
    countries: dict[str, list[list[list[float]]]] = {}
    for geometry in topology["objects"]["countries"]["geometries"]:
        name = COUNTRIES.get(geometry.get("id"))
        if name is None:
            continue
        polygons = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        rings = []
        for polygon in polygons:
            outer = ring(polygon[0], arcs)
            if area(outer) < SMALLEST or max(x for x, _ in outer) < WEST_OF_CANARIES:
                continue
            # A closed ring is simplified in two halves, so its ends stay put.
            half = len(outer) // 2
            kept = simplify(outer[:half + 1], TOLERANCE)[:-1] + simplify(outer[half:], TOLERANCE)
            rings.append([[round(x, 3), round(y, 3)] for x, y in kept])
        countries[name] = rings
    out = {"about": "Spain and Portugal (without the Canary Islands), from Natural Earth "
                    "1:50m Admin 0 countries 4.1.0 (public domain) via world-atlas 2.0.2; "
                    "longitude, latitude in degrees; made by outline.py, see LICENCE.md",
           "countries": countries}
    (HERE / "iberia.json").write_text(json.dumps(out, separators=(",", ":")) + "\n",
                                      encoding="utf-8")
    print({k: [len(r) for r in v] for k, v in countries.items()})


if __name__ == "__main__":
    main(sys.argv[1])
