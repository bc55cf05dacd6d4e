"""The ``rentoy`` domain: link targets for sources, variants, rules, walkthroughs, reasons.

Directives register targets here (the bibliography registers ``source`` targets, a
variant page ``variant`` and ``rule`` targets, a walkthrough page ``walkthrough``, the
reason table ``reason``); tables and roles link to them with pending cross-references,
so a link to a missing target is a warning (an error under ``-W``). Pages may link
too: ``{rentoy:variant}`1737```, ``{rentoy:rule}`1737.ladder```,
``{rentoy:walkthrough}`betting-from-4-5```, ``{rentoy:reason}`arrastre```,
``{rentoy:source}`autoridades-1737```.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, AbstractSet, Any, Iterable

from docutils import nodes
from sphinx.domains import Domain, ObjType
from sphinx.roles import XRefRole
from sphinx.util.nodes import make_refnode

from .errors import logger
if TYPE_CHECKING:
    from sphinx.addnodes import pending_xref
    from sphinx.builders import Builder
    from sphinx.environment import BuildEnvironment

__all__ = ["RentoyDomain", "register_id", "register_target", "anchor"]

OBJTYPES = ("source", "variant", "rule", "walkthrough", "reason", "quote")


def anchor(objtype: str, name: str) -> str:
    """The HTML id of a target: ``source-autoridades-1737``, ``rule-1737-ladder``."""
    return nodes.make_id(f"{objtype}-{name.replace('.', '-')}") or objtype


class RentoyDomain(Domain):
    """Targets the generated pages link to."""

    name = "rentoy"
    label = "Rentoy"
    object_types = {t: ObjType(t, t) for t in OBJTYPES}
    roles = {t: XRefRole() for t in OBJTYPES}
    initial_data: dict[str, Any] = {"objects": {}}  # type: ignore[misc]  # (type, name) -> (doc, anchor, title)
    dangling_warnings = {
        "source": "no bibliography entry %(target)s (is it in variants/sources.yaml, and "
                  "does a page show {rentoy-bibliography}?)",
        "variant": "no page for variant %(target)s",
        "rule": "no rules table row for %(target)s (VARIANT.RULE on a variant page)",
        "walkthrough": "no page for walkthrough %(target)s",
        "reason": "no reason code %(target)s (see {rentoy-reasons})",
        "quote": "no passage %(target)s (is it in variants/quotations.yaml, and does a "
                 "page show {rentoy-quotations}?)",
    }

    @property
    def objects(self) -> dict[tuple[str, str], tuple[str, str, str]]:
        objects: dict[tuple[str, str], tuple[str, str, str]] = self.data["objects"]
        return objects

    def register(self, objtype: str, name: str, docname: str, node_id: str, title: str,
                 location: Any = None) -> None:
        key = (objtype, name)
        if key in self.objects and self.objects[key][0] != docname:
            logger.warning(f"{objtype} {name} is already described in {self.objects[key][0]}",
                           location=location)
            return
        self.objects[key] = (docname, node_id, title)

    def clear_doc(self, docname: str) -> None:
        for key, (doc, _, _) in list(self.objects.items()):
            if doc == docname:
                del self.objects[key]

    def merge_domaindata(self, docnames: AbstractSet[str], otherdata: dict[str, Any]) -> None:
        for key, value in otherdata["objects"].items():
            if value[0] in docnames:
                self.objects[key] = value

    def resolve_xref(self, env: BuildEnvironment, fromdocname: str, builder: Builder,
                     typ: str, target: str, node: pending_xref, contnode: nodes.Element
                     ) -> nodes.reference | None:
        found = self.objects.get((typ, target))
        if found is None:
            if typ in ("variant", "rule") and not env.config.rentoy_variant_pages:
                return contnode   # no generated variant pages: plain text, no link
            if typ == "quote":
                return contnode   # a site without the passages page: the id as text
            return None
        docname, node_id, title = found
        return make_refnode(builder, fromdocname, docname, node_id, contnode,
                            node.get("reftitle") or title)

    def resolve_any_xref(self, env: BuildEnvironment, fromdocname: str, builder: Builder,
                         target: str, node: pending_xref, contnode: nodes.Element
                         ) -> list[tuple[str, nodes.reference]]:
        out = []
        for typ in OBJTYPES:
            ref = self.resolve_xref(env, fromdocname, builder, typ, target, node, contnode)
            if ref is not None:
                out.append((f"rentoy:{typ}", ref))
        return out

    def get_objects(self) -> Iterable[tuple[str, str, str, str, str, int]]:
        for (typ, name), (docname, node_id, _title) in self.objects.items():
            yield (name, name, typ, docname, node_id, 1)


def register_id(env: BuildEnvironment, objtype: str, name: str, title: str,
                location: Any = None) -> str:
    """Register ``name`` as described on the current page; returns its HTML id."""
    node_id = anchor(objtype, name)
    domain: RentoyDomain = env.get_domain("rentoy")  # type: ignore[assignment]
    domain.register(objtype, name, env.docname, node_id, title, location)
    return node_id


def register_target(env: BuildEnvironment, objtype: str, name: str, title: str,
                    location: Any = None) -> nodes.target:
    """A link target for ``name`` on the current page, registered in the domain."""
    return nodes.target("", "", ids=[register_id(env, objtype, name, title, location)])
