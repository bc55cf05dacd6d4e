"""Card faces drawn for the site in SVG, after the Spanish deck's conventions.

No picture of a real deck is used: these faces are drawn here. They keep what a
player of the Spanish deck looks for: the number of emblems of the suit (oros coins,
copas cups, espadas swords, bastos clubs) laid out on the card for the 1 to the 7;
a figure for the sota (10), the caballo (11, on a horse) and the rey (12, crowned);
and the *pintas*, the breaks in the frame that tell the suit from a corner (none for
oros, one for copas, two for espadas, three for bastos). The emblems are those of the
small cards (``docs/_static/suits``), drawn again here so a page needs no image file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..model.cards import Card

__all__ = ["face_svg"]

# Each emblem in a 24-unit square, centred on (12, 12).
_EMBLEMS = {
    "o": '<circle cx="12" cy="12" r="10" fill="#f2c230" stroke="#8a6500" stroke-width="1.4"/>'
         '<circle cx="12" cy="12" r="6" fill="#e0a800" stroke="#8a6500" stroke-width="1"/>'
         '<circle cx="12" cy="12" r="2" fill="#8a6500"/>',
    "c": '<path d="M4.5 3.5h15c0 6.5-3.2 9.8-7.5 9.8S4.5 10 4.5 3.5z" fill="#d32f2f" '
         'stroke="#7f1010" stroke-width="1"/>'
         '<rect x="10.8" y="13" width="2.4" height="5.2" fill="#b71c1c"/>'
         '<ellipse cx="12" cy="20" rx="5.2" ry="1.8" fill="#d32f2f" stroke="#7f1010" '
         'stroke-width="1"/><path d="M6.5 5.5h11" stroke="#f2c230" stroke-width="1.2"/>',
    "e": '<path d="M12 1.5l1.5 3.2v11h-3v-11z" fill="#90caf9" stroke="#0d47a1" '
         'stroke-width="0.9"/><rect x="6.5" y="15.7" width="11" height="2" rx="0.8" '
         'fill="#1565c0"/><rect x="11" y="17.7" width="2" height="3.4" fill="#0d47a1"/>'
         '<circle cx="12" cy="22" r="1.3" fill="#1565c0"/>',
    "b": '<g transform="rotate(30 12 12)"><path d="M10.8 22.6h2.4l1.9-16.4a3.1 3.1 0 0 '
         '0-6.2 0z" fill="#43a047" stroke="#1b5e20" stroke-width="1"/>'
         '<circle cx="8.7" cy="8.6" r="1.1" fill="#43a047" stroke="#1b5e20" '
         'stroke-width="0.8"/><circle cx="15.2" cy="11.4" r="1.1" fill="#43a047" '
         'stroke="#1b5e20" stroke-width="0.8"/></g>',
}
_INK = {"o": "#8a6500", "c": "#b71c1c", "e": "#0d47a1", "b": "#1b5e20"}
# The pintas: how many breaks the frame has, per suit.
_BREAKS = {"o": 0, "c": 1, "e": 2, "b": 3}

# Where the emblems sit on a 60 x 90 card, for the 1 to the 7 (centres).
_PIPS = {
    1: [(30, 46)],
    2: [(30, 27), (30, 65)],
    3: [(30, 22), (30, 46), (30, 70)],
    4: [(20, 27), (40, 27), (20, 65), (40, 65)],
    5: [(20, 24), (40, 24), (30, 46), (20, 68), (40, 68)],
    6: [(20, 22), (40, 22), (20, 46), (40, 46), (20, 70), (40, 70)],
    7: [(20, 20), (40, 20), (30, 33), (20, 46), (40, 46), (20, 70), (40, 70)],
}
_W, _H, _INSET = 60, 90, 5


def _emblem(suit: str, x: float, y: float, size: float) -> str:
    scale = size / 24
    return (f'<g transform="translate({x - size / 2:.1f} {y - size / 2:.1f}) '
            f'scale({scale:.3f})">{_EMBLEMS[suit]}</g>')


def _frame(suit: str) -> str:
    """The inner frame, its top and bottom lines broken ``_BREAKS[suit]`` times."""
    left, right, top, bottom = _INSET, _W - _INSET, _INSET + 9, _H - _INSET - 9
    ink = _INK[suit]
    parts = [f'<path d="M{left} {top}V{bottom}M{right} {top}V{bottom}" stroke="{ink}" '
             'stroke-width="0.8" fill="none"/>']
    breaks = _BREAKS[suit]
    gap, width = 2.6, right - left
    # Break points spread evenly along the line; each leaves a small gap.
    cuts = [left + width * (i + 1) / (breaks + 1) for i in range(breaks)]
    for y in (top, bottom):
        start: float = left
        for cut in cuts:
            parts.append(f'<path d="M{start:.1f} {y}H{cut - gap / 2:.1f}" stroke="{ink}" '
                         'stroke-width="0.8"/>')
            start = cut + gap / 2
        parts.append(f'<path d="M{start:.1f} {y}H{right}" stroke="{ink}" stroke-width="0.8"/>')
    return "".join(parts)


def _figure(card: Card) -> str:
    """A sota standing, a caballo on a horse, a rey crowned, holding the suit's emblem."""
    ink = _INK[card.suit]
    robe = {"o": "#f7d774", "c": "#ef9a9a", "e": "#90caf9", "b": "#a5d6a7"}[card.suit]
    out = []
    if card.rank == 11:      # the horse: body, neck and head, legs
        out.append(f'<ellipse cx="30" cy="62" rx="15" ry="7" fill="#c8a27a" stroke="{ink}" '
                   'stroke-width="0.7"/><path d="M42 60l6-10 4 2-5 10z" fill="#c8a27a" '
                   f'stroke="{ink}" stroke-width="0.7"/><path d="M19 67v9M24 68v9M36 68v9'
                   f'M41 67v9" stroke="{ink}" stroke-width="1.6"/>')
        head_y, body = 30, "M24 56l2-18h8l2 18z"
    else:
        head_y, body = 27, "M22 74l4-38h8l4 38z"
    out.append(f'<path d="{body}" fill="{robe}" stroke="{ink}" stroke-width="0.8"/>')
    out.append(f'<circle cx="30" cy="{head_y}" r="5" fill="#f6dcc3" stroke="{ink}" '
               'stroke-width="0.8"/>')
    if card.rank == 12:      # the crown
        out.append(f'<path d="M24.5 {head_y - 4}l1.5-5 2 3 2-4 2 4 2-3 1.5 5z" '
                   f'fill="#f2c230" stroke="{ink}" stroke-width="0.6"/>')
    else:                    # a cap
        out.append(f'<path d="M25 {head_y - 3}q5-6 10 0z" fill="{ink}"/>')
    # The emblem held up beside the figure.
    out.append(_emblem(card.suit, 43 if card.rank != 11 else 17, 40 if card.rank != 11 else 38,
                       13))
    return "".join(out)


def face_svg(card: Card) -> str:
    """The face of ``card`` as an inline SVG element (60 x 90 units)."""
    ink = _INK[card.suit]
    body = _figure(card) if card.rank >= 10 else "".join(
        _emblem(card.suit, x, y, 26 if card.rank == 1 else 13) for x, y in _PIPS[card.rank])
    corner = (f'<text x="{_INSET + 1}" y="{_INSET + 7.5}" font-size="9" font-weight="700" '
              f'font-family="sans-serif" fill="{ink}">{card.rank}</text>'
              f'<text x="{_W - _INSET - 1}" y="{_H - _INSET - 1.5}" font-size="9" '
              f'font-weight="700" font-family="sans-serif" fill="{ink}" '
              f'text-anchor="end">{card.rank}</text>')
    return (f'<svg class="rentoy-face-svg" viewBox="0 0 {_W} {_H}" role="img" '
            f'aria-label="{card.name}" xmlns="http://www.w3.org/2000/svg">'
            f'<rect x="0.5" y="0.5" width="{_W - 1}" height="{_H - 1}" rx="5" fill="#fffdf6" '
            f'stroke="#9e9e9e"/>{_frame(card.suit)}{corner}{body}</svg>')
