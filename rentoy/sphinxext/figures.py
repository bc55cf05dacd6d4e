"""Figures drawn at build time as inline SVG, each with its text alternative.

A figure is an :class:`svg_figure` node: the SVG markup (written by the directive that
draws it, with no other tool and no network), a short name for screen readers, and its
caption and text alternative as ordinary child nodes, which every builder writes. HTML
gets the SVG itself, inside a box that scrolls sideways with a visible cue when the
figure is wider than a phone's screen (``wide``).

Links inside the SVG may name a ``rentoy`` domain object instead of a URL,
``href="rentoy-ref:variant:avila"``; they are resolved when the page is written, so a
figure links to the generated pages wherever they end up.
"""

from __future__ import annotations

import math
import re
from html import escape
from typing import TYPE_CHECKING, Any, Sequence

from docutils import nodes

from ..core.i18n import _
from .elements import paragraph
from .errors import logger

if TYPE_CHECKING:
    from sphinx.application import Sphinx

__all__ = ["svg_figure", "figure", "ref_href", "svg_text", "least_width", "SMALLEST_TEXT",
           "setup"]

_REF = re.compile(r'href="rentoy-ref:(\w+):([^"]+)"')
_VIEWBOX = re.compile(r'viewBox="[\d.]+ [\d.]+ ([\d.]+) [\d.]+"')
_FONT = re.compile(r'font-size="([\d.]+)"')
#: The smallest text a figure may show, in CSS pixels: below it a figure keeps its width
#: and scrolls sideways instead of shrinking.
SMALLEST_TEXT = 11.0
#: The width a phone gives a figure (a 390 px screen less the page's margins).
PHONE_WIDTH = 358


class svg_figure(nodes.General, nodes.Element):  # type: ignore[misc]  # noqa: N801  (docutils: untyped)
    """A figure drawn in SVG; its children (caption, text alternative) follow it."""


def ref_href(objtype: str, name: str) -> str:
    """The ``href`` attribute of a link to a ``rentoy`` object, resolved on writing."""
    return f'href="rentoy-ref:{objtype}:{escape(name, quote=True)}"'


def svg_text(x: float, y: float, text: str, *, size: float = 13, anchor: str = "start",
             weight: str | None = None, fill: str = "#1a1a1a", halo: bool = False,
             extra: str = "") -> str:
    """A ``<text>`` element; ``halo`` draws a white outline under it, for text on a map."""
    attrs = [f'x="{x:.1f}"', f'y="{y:.1f}"', f'font-size="{size:g}"', f'fill="{fill}"']
    if anchor != "start":
        attrs.append(f'text-anchor="{anchor}"')
    if weight:
        attrs.append(f'font-weight="{weight}"')
    if halo:
        attrs.append('stroke="#fff" stroke-width="3" paint-order="stroke" '
                     'stroke-linejoin="round"')
    if extra:
        attrs.append(extra)
    return f'<text {" ".join(attrs)}>{escape(text)}</text>'


def least_width(svg: str) -> int:
    """The narrowest an SVG may be drawn with its smallest text still
    :data:`SMALLEST_TEXT` pixels high (its ``viewBox`` width scaled)."""
    box = _VIEWBOX.search(svg)
    sizes = [float(f) for f in _FONT.findall(svg)]
    if box is None or not sizes:
        return 0
    return math.ceil(float(box.group(1)) * SMALLEST_TEXT / min(sizes))


def figure(svg: str, label: str, caption: Sequence[nodes.Node] | str | None = None, *,
           classes: Sequence[str] = (), alternative: Sequence[nodes.Node] = ()
           ) -> svg_figure:
    """An SVG figure named ``label`` (its accessible name), with a caption and the
    nodes that carry the same facts as text. A figure whose text would be smaller than
    :data:`SMALLEST_TEXT` on a phone keeps the width it needs there and scrolls."""
    node = svg_figure(classes=list(classes))
    node["svg"] = svg
    node["label"] = label
    node["least"] = least_width(svg)
    node["wide"] = node["least"] > PHONE_WIDTH
    if caption:
        node += paragraph(caption if not isinstance(caption, str) else caption,
                          ["rentoy-figure-caption"])
    node.extend(alternative)
    return node


def _resolve(self: Any, svg: str) -> str:
    domain = self.builder.env.get_domain("rentoy")

    def link(match: re.Match[str]) -> str:
        found = domain.objects.get((match.group(1), match.group(2)))
        if found is None:
            logger.warning(f"figure links to no {match.group(1)} {match.group(2)}",
                           location=self.builder.current_docname)
            return 'href="#"'
        docname, node_id, _title = found
        uri = self.builder.get_relative_uri(self.builder.current_docname, docname)
        return f'href="{escape(uri, quote=True)}#{node_id}"'

    return _REF.sub(link, svg)


def _visit_html(self: Any, node: svg_figure) -> None:
    classes = " ".join(["rentoy-figure-box", *node["classes"]])
    self.body.append(f'<figure class="{classes}">')
    label = escape(node["label"], quote=True)
    svg = _resolve(self, node["svg"])
    if node.get("group"):
        self.body.append(f'<div class="rentoy-panels" role="group" aria-label="{label}">'
                         f'{svg}</div>')
    elif node["wide"]:
        # A figure wider than a phone scrolls in its own box, which says so.
        scrolls = escape(_("(scrolls sideways)"), quote=True)
        cue = escape(_("Scroll sideways to see the whole figure →"))
        self.body.append(f'<div class="rentoy-scroll" tabindex="0" role="region" '
                         f'aria-label="{label} {scrolls}" '
                         f'style="--rentoy-least: {node["least"]}px">{svg}</div>'
                         f'<p class="rentoy-scroll-cue" aria-hidden="true">{cue}</p>')
    else:
        self.body.append(svg)


def _depart_html(self: Any, node: svg_figure) -> None:
    self.body.append("</figure>\n")


def _pass(self: Any, node: nodes.Node) -> None:
    pass


def setup(app: Sphinx) -> None:
    plain = (_pass, _pass)
    app.add_node(svg_figure, html=(_visit_html, _depart_html), text=plain, latex=plain,
                 man=plain, texinfo=plain)
