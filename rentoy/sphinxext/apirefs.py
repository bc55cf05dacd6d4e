"""Short Python names in the project's docstrings, resolved to the one object they name.

Docstrings often write ``:class:`IllegalAction``` where the object lives in another
module (``rentoy.errors``); with ``-n`` such a reference would be reported as broken
although the reader, and the project, mean exactly one documented object. When a
Python reference cannot be resolved and its target is a bare name that exactly one
documented object of the project ends with, the reference links to that object. So
does a dotted name of the project that names no documented object when exactly one
documented object's name ends with the same path below ``rentoy`` (``rentoy.cards.DECK``
for ``rentoy.model.cards.DECK``: a module's old path, kept importable, still links). A
name that matches none, or more than one, is left to the usual warning.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docutils import nodes
from sphinx.util.nodes import make_refnode

if TYPE_CHECKING:
    from sphinx.addnodes import pending_xref
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

__all__ = ["resolve_short_name"]

# The kinds of object each Python role may name.
_KINDS: dict[str, set[str] | None] = {
    "class": {"class", "exception"}, "exc": {"exception", "class"}, "func": {"function"},
    "meth": {"method", "classmethod", "staticmethod"}, "data": {"data"},
    "const": {"data", "attribute"}, "attr": {"attribute", "property"}, "mod": {"module"},
    "obj": None,
}


def resolve_short_name(app: Sphinx, env: BuildEnvironment, node: pending_xref,
                       contnode: nodes.TextElement) -> nodes.reference | None:
    """``missing-reference``: link a bare name to the project's single object of that name."""
    if node.get("refdomain") != "py" or node.get("reftype") not in _KINDS:
        return None
    kinds = _KINDS[node["reftype"]]
    target = node.get("reftarget", "").lstrip("~.")
    if target.startswith("rentoy.") and target.count(".") >= 2:
        suffix = target.removeprefix("rentoy")        # ".cards.DECK"
        kinds = None        # a whole path names one object whatever the role, as Sphinx reads it
    elif not target or "." in target:
        return None
    else:
        suffix = "." + target
    domain = env.get_domain("py")
    found = {}
    for name, entry in domain.objects.items():  # type: ignore[attr-defined]
        if name.endswith(suffix) and name.startswith("rentoy") and not entry.aliased and \
                (kinds is None or entry.objtype in kinds):
            found[name] = entry
    if len(found) != 1:
        return None
    (name, entry), = found.items()

    return make_refnode(app.builder, node.get("refdoc", env.docname), entry.docname,
                        entry.node_id, contnode, name)


def setup(app: Sphinx) -> None:
    app.connect("missing-reference", resolve_short_name, priority=900)
