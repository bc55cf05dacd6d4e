"""The pages over the whole library of variants: the provenance matrix (every rule
against every built-in variant) and the list of variants."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from docutils import nodes

from ..core.i18n import _, data_text
from ..model.provenance import STATUS_MARKS, STATUSES
from ..model.ruletable import RULE_NAMES
from ..data.variants import is_uncorroborated
from .citations import source_refs
from .directives import RentoyDirective
from .elements import cell, paragraph, status_count, status_node, status_word, table
from .variants import rule_label, status_legend, variant_ref

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from ..model.variant import Variant

__all__ = ["provenance_matrix", "variant_list", "column_groups"]


def _matrix_cell(variant: Variant, rule: str) -> cell:
    prov = variant.provenance[rule]
    content: list[nodes.Node] = [status_node(prov.status, short=True)]
    if prov.carried:
        # Carried over: the evidence is the other variant's, shown in its column.
        content.append(nodes.Text(" "))
        content.append(nodes.abbreviation(
            "↑", "↑", explanation=_("carried over from {variant}, {status} there").format(
                variant=prov.defined_in, status=status_word(str(prov.stated_status))),
            classes=["rentoy-inherited"]))
    if is_uncorroborated(variant, rule):
        content.append(nodes.abbreviation("*", "*", explanation=_(
            "uncorroborated: one source, which names no source of its own"),
                                          classes=["rentoy-uncorroborated"]))
    if prov.source and not prov.carried:
        content.append(nodes.Text(" "))
        refs = nodes.inline(classes=["rentoy-matrix-sources"])
        refs.extend(source_refs(prov.source, sep="; ", compact=True))
        content.append(refs)
    return cell(paragraph(content), [f"rentoy-cell-{prov.status}"])


def column_groups(items: Sequence[Any], most: int) -> list[list[Any]]:
    """``items`` in as few groups of at most ``most`` as will do, sizes balanced (9 by
    5 -> 5 and 4): a grid too wide for a page becomes several that fit."""
    count = max(1, -(-len(items) // most))
    size = -(-len(items) // count) if items else 0
    return [list(items[i:i + size]) for i in range(0, len(items), size)] if items else [[]]


def provenance_matrix(variants: Sequence[Variant], per_table: int = 5) -> list[nodes.Node]:
    """Every rule against every variant, each cell its status and sources; the
    variants split over tables of at most ``per_table`` columns so each fits a page."""

    out: list[nodes.Node] = [status_legend()]
    for group in column_groups(variants, per_table):
        columns: list[Any] = [_("rule")] + [variant_ref(v.id) for v in group]
        rows = [[rule_label(rule)] + [_matrix_cell(v, rule) for v in group]
                for rule in RULE_NAMES]
        out.append(table(columns, rows, classes=["rentoy-matrix", "rentoy-wide"]))
    return out


def variant_list(variants: Sequence[Variant]) -> nodes.table:
    """The variants, one row each, linked to their pages, with status counts."""

    rows = []
    for v in variants:
        counts = v.status_counts()
        evidence = nodes.inline(classes=["rentoy-counts"])
        for i, status in enumerate(STATUSES):
            if i:
                evidence += nodes.Text(" ")
            evidence += nodes.abbreviation(
                f"{STATUS_MARKS[status]}{counts[status]}", f"{STATUS_MARKS[status]}{counts[status]}",
                explanation=status_count(status, counts[status]),
                classes=["rentoy-status", f"rentoy-status-{status}"])
        rows.append([variant_ref(v.id), data_text(v.name or ""), data_text(v.period or "-"),
                     data_text(v.region or "-"),
                     [variant_ref(v.extends)] if v.extends else "-", evidence,
                     ", ".join(v.options) or "-"])
    return table(["id", _("name"), _("period"), _("region"), _("extends"), _("evidence"),
                  _("options")], rows,
                 classes=["rentoy-variants"])


class ProvenanceMatrixDirective(RentoyDirective):
    """``{rentoy-provenance-matrix}``: every rule against every built-in variant."""

    def make(self) -> list[nodes.Node]:
        return provenance_matrix(self.builtin_variants())


class VariantListDirective(RentoyDirective):
    """``{rentoy-variant-list}``: the built-in variants, linked to their pages."""

    def make(self) -> list[nodes.Node]:
        return [variant_list(self.builtin_variants())]


def setup(app: Sphinx) -> None:
    app.add_directive("rentoy-provenance-matrix", ProvenanceMatrixDirective)
    app.add_directive("rentoy-variant-list", VariantListDirective)
