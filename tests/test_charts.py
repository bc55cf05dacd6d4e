"""The build's charts drawn as SVG: panels keep their text inside, and a zero by
construction is written as such, not drawn as a measurement."""

from __future__ import annotations

import re

from rentoy.sphinxext.charts import Panel, Row, panel_svg


def _texts(svg: str) -> list[tuple[float, str]]:
    return [(float(y), text) for y, text in
            re.findall(r'<text[^>]* y="([\d.]+)"[^>]*>([^<]*)</text>', svg)]


def test_a_long_title_takes_two_lines_and_pushes_the_rows_down() -> None:
    rows = [Row("avila", 0.003, 0.002, 0.004, "+0.3 pp [+0.2, +0.4]", strong=True)]
    short = panel_svg(Panel("Trump led: change from 1737", rows, "strong play, 256 games",
                            reference=0.0))
    long = panel_svg(Panel("La obligación de montar obligó a un triunfo mayor: cambio "
                           "respecto de 1737", rows, "juego fuerte, 256 partidas",
                           reference=0.0))
    heading = [t for t in _texts(long) if t[0] < 40]
    assert [t for _, t in heading][:2] == ["La obligación de montar obligó a un triunfo",
                                           "mayor: cambio respecto de 1737"]
    assert all(len(t) <= 43 for _, t in heading)
    height = [float(h) for h in re.findall(r'viewBox="0 0 \d+ ([\d.]+)"', short + long)]
    assert height[1] == height[0] + 16


def test_a_zero_by_construction_has_its_note_and_no_dot() -> None:
    rows = [Row("avila", 0.003, 0.002, 0.004, "+0.3 pp", strong=True),
            Row("1737+borrego", None, None, None, "0",
                note="by construction: neither variant has the duty")]
    svg = panel_svg(Panel("Over-trumping", rows, "strong play, 256 games", reference=0.0))
    assert svg.count("<circle") == 1
    assert "by construction: neither variant has the duty" in svg
