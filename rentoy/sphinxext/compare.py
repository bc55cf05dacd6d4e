"""The comparison page: rules side by side, and simulated play on the same deals.

``{rentoy-compare} [SPEC ...]`` puts variants side by side through
:func:`rentoy.comparison.compare_rules`, the comparison ``rentoy compare`` prints: a row
per rule that differs (every rule with ``:all-rules:``), a column per variant, each
cell the value with its status and sources; a cell whose value differs from the
row's usual value is highlighted. With no argument it compares every built-in
variant, then shows what each option a built-in file defines changes.

``{rentoy-simulation} [SPEC ...]`` plays the same games under each variant with bots
(:func:`rentoy.simulate.simulate`, small and seeded so the page is the same on every
build) and shows the statistics with their intervals, the paired differences and a
plot.
"""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from docutils import nodes
from docutils.parsers.rst import directives

from .common import (RentoyDirective, cell, paragraph, report_nodes, source_refs, status_node,
                     table, xref)

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from ..comparison.rules import RuleComparison
    from ..variant import Variant

__all__ = ["CompareDirective", "SimulationDirective", "comparison_table"]


def _variant_heading(variant: Variant) -> list[nodes.Node]:
    if not variant.builtin:
        return [nodes.Text(variant.id)]
    out: list[nodes.Node] = [xref("variant", variant.base_id, variant.base_id)]
    if variant.applied_options:
        out.append(nodes.Text("+" + "+".join(variant.applied_options)))
    return out


def comparison_table(comparison: RuleComparison, variants: Sequence[Variant],
                     per_table: int = 5) -> list[nodes.table]:
    """A comparison as tables: rules down, variants across (at most ``per_table`` to a
    table, so each fits a page), a value that departs from the row's usual one (taken
    over every variant) highlighted."""
    from .variants import column_groups, rule_label

    positions = list(range(len(variants)))
    return [_comparison_part(comparison, variants, group, rule_label)
            for group in column_groups(positions, per_table)]


def _comparison_part(comparison: RuleComparison, variants: Sequence[Variant],
                     shown: Sequence[int], rule_label: Any) -> nodes.table:
    rows, row_classes = [], []
    for row in comparison.rows:
        counts = Counter(repr(c.value) for c in row.cells)
        first = repr(row.cells[0].value)
        top = max(counts.values())
        usual = first if counts[first] == top else counts.most_common(1)[0][0]
        cells: list[Any] = [rule_label(row.rule)]
        for c in (row.cells[i] for i in shown):
            content = paragraph(None)
            content += nodes.inline(c.display, c.display, classes=["rentoy-value"])
            content += nodes.Text(" ")
            content += status_node(c.status, short=True)
            if c.source:
                refs = nodes.inline(classes=["rentoy-matrix-sources"])
                refs.extend(source_refs(c.source, sep="; ", compact=True))
                content += refs
            classes = [f"rentoy-cell-{c.status}"]
            if repr(c.value) != usual:
                classes.append("rentoy-differs")
            cells.append(cell(content, classes))
        rows.append(cells)
        row_classes.append(["rentoy-same"] if row.same_value else ["rentoy-differs"])
    columns: list[Any] = ["rule"] + [_variant_heading(variants[i]) for i in shown]
    return table(columns, rows, classes=["rentoy-compare", "rentoy-wide"],
                 row_classes=row_classes)


class CompareDirective(RentoyDirective):
    """``{rentoy-compare} [SPEC ...]``; ``:all-rules:`` shows identical rules too."""

    optional_arguments = 50
    option_spec = {"all-rules": directives.flag}

    def make(self) -> list[nodes.Node]:
        from ..comparison.rules import compare_rules
        from .variants import status_legend

        all_rules = "all-rules" in self.options
        variants = ([self.load_variant(s) for s in self.arguments] if self.arguments
                    else self.builtin_variants())
        comparison = compare_rules(variants, all_rules=all_rules)
        out: list[nodes.Node] = [status_legend()]
        if comparison.rows:
            out.extend(comparison_table(comparison, variants))
        else:
            out.append(paragraph("These variants state the same value for every rule."))
        if not self.arguments:
            out.extend(self._options(variants))
        return out

    def _options(self, variants: Sequence[Variant]) -> list[nodes.Node]:
        """What each option defined by a built-in file changes in its variant."""
        from ..comparison.rules import compare_rules
        from .variants import rule_label

        rows = []
        for base in variants:
            for oid, option in base.options.items():
                if option.provenance.defined_in != base.base_id:
                    continue
                chosen = base.with_options(oid)
                for row in compare_rules([base, chosen]).rows:
                    before, after = row.cells
                    prov = option.provenance
                    rows.append([[xref("variant", base.base_id, base.base_id),
                                  nodes.Text(f"+{oid}")],
                                 rule_label(row.rule, key=False),
                                 before.display,
                                 cell(nodes.inline(after.display, after.display,
                                                   classes=["rentoy-value"]),
                                      ["rentoy-differs"]),
                                 cell(status_node(prov.status), [f"rentoy-cell-{prov.status}"]),
                                 source_refs(prov.source, sep="; ", compact=True)])
        if not rows:
            return []
        return [paragraph("The options the variant files define, each against the variant "
                          "it belongs to (select one by adding it to the id; a variant "
                          "inherits its parent's options):"),
                table(["option", "rule", "without", "with", "status", "sources"], rows,
                      classes=["rentoy-compare", "rentoy-options"])]


class SimulationDirective(RentoyDirective):
    """``{rentoy-simulation} [SPEC ...]``: simulated play on the same games under each
    variant (all built-ins when none is named). Options: ``:hands:`` (default 1000),
    ``:seed:`` (default 1), ``:bots:`` (random, greedy, or ``greedy,random``),
    ``:players:``, ``:reference:`` (the variant differences are taken from; default
    the first), ``:no-plot:``, ``:show:`` (``plot`` or ``tables`` for one of the two:
    a page can open with the plot and give the tables further down)."""

    optional_arguments = 50
    option_spec = {"hands": directives.positive_int, "seed": directives.nonnegative_int,
                   "bots": directives.unchanged_required, "players": directives.positive_int,
                   "reference": directives.unchanged_required, "no-plot": directives.flag,
                   "show": lambda text: directives.choice(text, ("plot", "tables"))}

    def make(self) -> list[nodes.Node]:
        from ..simulation import simulate, simulation_report

        if not self.config.rentoy_simulations:
            return [paragraph("(Simulations are turned off in this build: "
                              "rentoy_simulations = False.)", ["rentoy-not-run"])]
        variants = ([self.load_variant(s) for s in self.arguments] if self.arguments
                    else self.builtin_variants())
        result = simulate(variants, hands=self.options.get("hands", 1000),
                          seed=self.options.get("seed", 1),
                          bots=self.options.get("bots", "random"),
                          players=self.options.get("players"))
        show = self.options.get("show")
        out: list[nodes.Node] = []
        if show != "plot":
            report = simulation_report(result, reference=self.options.get("reference"))
            out.extend(report_nodes(report, self.parse_inline))
        if "no-plot" not in self.options and show != "tables":
            out.append(self._plot(result))
        return out

    def _plot(self, result: Any) -> nodes.Node:
        """The plot as inline SVG for HTML (other builders have the tables)."""
        import matplotlib

        from ..simulation import plot_comparison

        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "simulation.svg"
            with matplotlib.rc_context({"svg.fonttype": "none"}):
                plot_comparison(result, path)
            svg = path.read_text(encoding="utf-8")
        svg = svg[svg.find("<svg"):]
        figure = nodes.container(classes=["rentoy-plot"])
        figure += nodes.raw("", svg, format="html")
        return figure


def setup(app: Sphinx) -> None:
    app.add_directive("rentoy-compare", CompareDirective)
    app.add_directive("rentoy-simulation", SimulationDirective)
