"""The comparison page: rules side by side, and simulated play on the same deals.

``{rentoy-compare} [SPEC ...]`` puts variants side by side through
:func:`rentoy.comparison.compare_rules`, the comparison ``rentoy compare`` prints: a row
per rule that differs (every rule with ``:all-rules:``), a column per variant, each
cell the value with its status and sources; a cell whose value differs from the
row's usual value is highlighted. With no argument it compares every built-in
variant, then shows what each option a built-in file defines changes.

``{rentoy-simulation} [SPEC ...]`` plays the same games under each variant with bots
(:func:`rentoy.simulation.simulate`, small and seeded so the page is the same on every
build) and shows the statistics with their intervals, the paired differences and a
chart; variants that played exactly alike share a column and a row.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from docutils import nodes
from docutils.parsers.rst import directives

from ..comparison.rules import compare_rules
from ..core.i18n import _, number
from ..simulation import simulate, simulation_report
from ..simulation.report import format_estimate, merged_report, same_play_groups
from ..simulation.stats import STATISTICS
from .charts import Panel, Row, chart
from .citations import source_refs
from .directives import RentoyDirective
from .elements import cell, paragraph, report_nodes, status_node, table, xref
from .library import column_groups
from .tracking import variant_files
from .variants import rule_label, status_legend
from ..bots import bot_words
from ..core.caches import cache_dir, json_payload, read_sealed, write_sealed

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from ..comparison.rules import RuleComparison
    from ..model.variant import Variant

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

    positions = list(range(len(variants)))
    return [_comparison_part(comparison, variants, group, rule_label)
            for group in column_groups(positions, per_table)]


def _shown(text: str) -> nodes.Node:
    """A rule value as a comparison shows it (in the rule table's words)."""
    return nodes.inline(text, text, classes=["rentoy-value"])


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
            content += _shown(c.shown)
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
    columns: list[Any] = [_("rule")] + [_variant_heading(variants[i]) for i in shown]
    return table(columns, rows, classes=["rentoy-compare", "rentoy-wide"],
                 row_classes=row_classes)


class CompareDirective(RentoyDirective):
    """``{rentoy-compare} [SPEC ...]``; ``:all-rules:`` shows identical rules too."""

    optional_arguments = 50
    option_spec = {"all-rules": directives.flag}

    def make(self) -> list[nodes.Node]:
        all_rules = "all-rules" in self.options
        variants = ([self.load_variant(s) for s in self.arguments] if self.arguments
                    else self.builtin_variants())
        comparison = compare_rules(variants, all_rules=all_rules)
        out: list[nodes.Node] = [status_legend()]
        if comparison.rows:
            out.extend(comparison_table(comparison, variants))
        else:
            out.append(paragraph(_("These variants state the same value for every rule.")))
        if not self.arguments:
            out.extend(self._options(variants))
        return out

    def _options(self, variants: Sequence[Variant]) -> list[nodes.Node]:
        """What each option defined by a built-in file changes in its variant."""

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
                                 _shown(before.shown),
                                 cell(_shown(after.shown), ["rentoy-differs"]),
                                 cell(status_node(prov.status), [f"rentoy-cell-{prov.status}"]),
                                 source_refs(prov.source, sep="; ", compact=True)])
        if not rows:
            return []
        return [paragraph(_("The options the variant files define, each against the variant "
                            "it belongs to (select one by adding it to the id; a variant "
                            "inherits its parent's options):")),
                table([_("option"), _("rule"), _("without"), _("with"), _("status"),
                       _("sources")], rows,
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
        if not self.config.rentoy_simulations:
            return [paragraph(_("(Simulations are turned off in this build: "
                                "rentoy_simulations = False.)"), ["rentoy-not-run"])]
        variants = ([self.load_variant(s) for s in self.arguments] if self.arguments
                    else self.builtin_variants())
        settings = {"hands": self.options.get("hands", 1000),
                    "seed": self.options.get("seed", 1),
                    "bots": self.options.get("bots", "random"),
                    "players": self.options.get("players")}
        result = cached_simulation(variants, settings, lambda: simulate(variants, **settings))
        reference = self.options.get("reference") or result.variants[0]
        groups = same_play_groups(result)
        show = self.options.get("show")
        out: list[nodes.Node] = []
        if "no-plot" not in self.options and show != "tables":
            out.append(self._chart(result, groups))
        if show != "plot":
            report = simulation_report(result, reference=reference)
            out.extend(report_nodes(merged_report(report, groups, reference),
                                    self.parse_inline))
        return out

    def _chart(self, result: Any, groups: Sequence[Sequence[str]]) -> nodes.Node:
        """Each statistic's estimate and interval per group of variants, as panels."""

        bots = (bot_words(result.bots[0]) if result.bots[0] == result.bots[1]
                else "/".join(bot_words(b) for b in result.bots))
        count = _("{games} games, {bots} bots").format(games=number(result.games), bots=bots)
        panels = []
        for stat in STATISTICS:
            rows = []
            for group in groups:
                est = result.estimate(group[0], stat.name)
                if est.value is None:
                    continue
                rows.append(Row(", ".join(group), est.value, est.low, est.high,
                                format_estimate(stat, est)))
            if len({(r.value, r.low, r.high) for r in rows}) > 1:
                label = _(stat.label)
                panels.append(Panel(label[:1].upper() + label[1:], rows, count,
                                    percent=stat.percent))
        return chart(panels, _("Simulated play under each variant: {count}").format(
                         count=count),
                     _("Each dot is a variant's figure over the same {games} games ({players} "
                       "players, {bots} bots), its line the 95% interval; variants that "
                       "played exactly alike share a row, and statistics on which every "
                       "variant agrees are left to the tables.").format(
                         games=number(result.games), players=result.players, bots=bots))


def cached_simulation(variants: Sequence[Any], settings: dict[str, Any],
                      run: Any) -> Any:
    """``run()``'s simulation result, kept in rentoy's cache folder (see
    :func:`rentoy.core.caches.cache_dir`) under the digest of what decides it: the settings,
    the variants' files and rentoy's own code. The English and the Spanish builds play
    the same games: the second reads what the first measured. The cache is data (JSON,
    sealed and checked on every read by :mod:`rentoy.core.caches`), never code."""


    digest = hashlib.sha256(repr(sorted(settings.items())).encode())
    for variant in variants:
        digest.update(variant.id.encode() + b"\0")
        for path in variant_files(variant):
            digest.update(Path(path).read_bytes())
    package = Path(__file__).resolve().parent.parent
    for path in sorted(package.rglob("*.py")):
        if "sphinxext" not in path.parts:
            digest.update(path.read_bytes())
    made_from = digest.hexdigest()
    name = f"site-simulation-{made_from[:32]}.json"
    folder = cache_dir()
    found = _simulation_of(json_payload(read_sealed(folder, name, "site-simulation",
                                                    made_from, _SIMULATION_LIMIT)))
    if found is not None:
        return found
    result = run()
    write_sealed(folder, name, "site-simulation", made_from,
                 json.dumps(_simulation_data(result)).encode("ascii"))
    return result


#: The largest cached simulation read back, in bytes (one is a few kilobytes).
_SIMULATION_LIMIT = 4_000_000


def _simulation_data(result: Any) -> dict[str, Any]:
    """A simulation result as plain data (JSON): its fields and its exact sums."""
    m = result.moments
    return {"variants": list(result.variants), "names": list(result.names),
            "specs": list(result.specs), "players": result.players,
            "bots": list(result.bots), "seed": result.seed,
            "hands_requested": result.hands_requested, "games": result.games,
            "hands": list(result.hands), "hand_sizes": list(result.hand_sizes),
            "best_of": list(result.best_of), "seconds": result.seconds,
            "duties": [sorted(d) for d in result.duties],
            "moments": {"variants": m.variants, "games": m.games, "sums": m.sums,
                        "own": m.own, "cross": None if m.cross is None else
                        [[i, j, v] for (i, j), v in m.cross.items()]}}


def _simulation_of(data: Any) -> Any:
    """The simulation result :func:`_simulation_data` wrote, or None when ``data`` is not
    one in every part (the cache is then rebuilt)."""
    from ..simulation.run import SimulationResult
    from ..simulation.stats import Moments

    def ints(value: Any, length: int | None = None) -> bool:
        return isinstance(value, list) and (length is None or len(value) == length) \
            and all(type(v) is int for v in value)

    def texts(value: Any, length: int) -> bool:
        return isinstance(value, list) and len(value) == length \
            and all(isinstance(v, str) for v in value)

    try:
        n = len(data["variants"])
        moments = data["moments"]
        shape = Moments(n, cross=moments["cross"] is not None)
        cross = moments["cross"]
        ok = (texts(data["variants"], n) and texts(data["names"], n)
              and texts(data["specs"], n) and texts(data["bots"], 2)
              and all(type(data[k]) is int for k in ("players", "seed", "hands_requested",
                                                       "games"))
              and ints(data["hands"], n) and ints(data["hand_sizes"])
              and ints(data["best_of"]) and type(data["seconds"]) in (int, float)
              and isinstance(data["duties"], list)
              and all(texts(d, len(d)) for d in data["duties"] if isinstance(d, list))
              and all(isinstance(d, list) for d in data["duties"])
              and moments["variants"] == n and type(moments["games"]) is int
              and isinstance(moments["sums"], list) and len(moments["sums"]) == n
              and all(ints(a, len(b)) for a, b in zip(moments["sums"], shape.sums))
              and isinstance(moments["own"], list) and len(moments["own"]) == n
              and all(ints(a, len(b)) for a, b in zip(moments["own"], shape.own)))
        if ok and cross is not None:
            pairs = {(c[0], c[1]): c[2] for c in cross}
            assert shape.cross is not None
            ok = len(cross) == len(shape.cross) and set(pairs) == set(shape.cross) \
                and all(ints(pairs[k], len(v)) for k, v in shape.cross.items())
        if not ok:
            return None
        shape.games, shape.sums, shape.own = moments["games"], moments["sums"], moments["own"]
        shape.cross = None if cross is None else {(c[0], c[1]): c[2] for c in cross}
        return SimulationResult(
            variants=tuple(data["variants"]), names=tuple(data["names"]),
            specs=tuple(data["specs"]), players=data["players"],
            bots=(data["bots"][0], data["bots"][1]), seed=data["seed"],
            hands_requested=data["hands_requested"], games=data["games"],
            hands=tuple(data["hands"]), moments=shape,
            hand_sizes=tuple(data["hand_sizes"]), best_of=tuple(data["best_of"]),
            seconds=float(data["seconds"]), duties=tuple(frozenset(d) for d in data["duties"]))
    except (KeyError, TypeError, IndexError, ValueError):
        return None


def setup(app: Sphinx) -> None:
    app.add_directive("rentoy-compare", CompareDirective)
    app.add_directive("rentoy-simulation", SimulationDirective)
