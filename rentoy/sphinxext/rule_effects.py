"""The page "What each rule changes": stored strong-play and perfect-play comparisons.

``{rentoy-rule-effects} PATH`` renders the JSON that ``python bench/rule-effects.py``
writes (``docs/data/rule-effects.json``): what produced it, then for each variant
that changes one rule of 1737 the paired differences under strong play (search bots)
with their intervals, saying which are within the noise, then perfect play (every
card visible) on every built-in variant. The figures are computed by the script, not
at build time, because a search-bot game takes about a second; the page says so
when the stored rules no longer match the variant files (``stale_variants``, which a
test also checks).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Mapping

from docutils import nodes

from .common import RentoyDirective, cell, note_files, paragraph, table, xref

if TYPE_CHECKING:
    from sphinx.application import Sphinx

__all__ = ["RuleEffectsDirective", "stale_variants", "changed_rules"]


def stale_variants(data: Mapping[str, Any]) -> dict[str, list[str]]:
    """The variants whose rules differ from those the stored figures were made with,
    each with the rules that changed (a rule added since is not counted: it did not
    exist when the figures were made and its value is the variants' common default)."""
    from ..variants import load_variant

    out: dict[str, list[str]] = {}
    for spec, stored in data["variants"].items():
        current = json.loads(json.dumps(load_variant(spec).values,
                                        default=lambda o: dict(o) if hasattr(o, "keys")
                                        else list(o)))
        changed = [rule for rule, value in stored["rules"].items()
                   if current.get(rule, object()) != value]
        if changed:
            out[spec] = changed
    return out


def changed_rules(data: Mapping[str, Any], spec: str, reference: str) -> list[str]:
    """The rules whose stored values differ between ``spec`` and ``reference``."""
    mine, theirs = data["variants"][spec]["rules"], data["variants"][reference]["rules"]
    return [rule for rule in mine if mine[rule] != theirs.get(rule)]


def _estimate(values: Mapping[str, Any]) -> Any:
    from ..simulation.stats import Estimate

    return Estimate(values["value"], values["se"], values["low"], values["high"],
                    values["n"])


def _rate(values: Mapping[str, Any], percent: bool = True) -> str:
    if values["value"] is None:
        return "-"
    scale, unit, digits = (100, "%", 1) if percent else (1, "", 2)
    text = f"{values['value'] * scale:.{digits}f}{unit}"
    if values.get("low") is not None:
        text += f" [{values['low'] * scale:.{digits}f}, {values['high'] * scale:.{digits}f}]"
    return text


def _variant_ref(spec: str) -> nodes.Node:
    base, plus, options = spec.partition("+")
    out = nodes.inline()
    out += xref("variant", base, base)
    if plus:
        out += nodes.Text("+" + options)
    return out


class RuleEffectsDirective(RentoyDirective):
    """``{rentoy-rule-effects} PATH``: the stored comparisons (see the module
    docstring); PATH is relative to the page."""

    required_arguments = 1

    def make(self) -> list[nodes.Node]:
        path = self.resolve_path(self.arguments[0])
        note_files(self.env, [path])
        from ..yamlfile import load_json

        data = load_json(path)      # bounded and guarded, like every file read
        for spec in data["variants"]:
            self.load_variant(spec)              # the page depends on the variant files
        out: list[nodes.Node] = [self._provenance(data)]
        stale = stale_variants(data)
        if stale:
            warning = nodes.warning()
            warning += paragraph(
                "These figures are stale: the rules changed since they were computed ("
                + "; ".join(f"{spec}: {', '.join(rules)}" for spec, rules in stale.items())
                + "). Run the command above again.")
            out.append(warning)
        out.extend(self._strong(data))
        out.extend(self._perfect(data))
        return out

    def _provenance(self, data: Mapping[str, Any]) -> nodes.Node:
        strong, perfect = data["strong_play"], data["perfect_play"]
        bots = strong["bots"]
        text = (f" (rentoy {data['rentoy_version']}): "
                f"strong play on {strong['games']} games of {strong['players']} players "
                f"under each variant, at least {strong['hands_requested']} hands each, "
                f"bots {bots['A']} for both teams (about "
                f"{data.get('strong_play_seconds', 0) // 60} minutes of play); perfect play "
                f"on {perfect['deals']} deals. Seed {data['seed']}. The stored rules of "
                "each variant are checked against the variant files by the tests and on "
                "this page.")
        command = data["generated_by"]
        return paragraph([nodes.Text("Computed by "), nodes.literal(command, command),
                          nodes.Text(text)], ["rentoy-provenance-note"])

    def _strong(self, data: Mapping[str, Any]) -> list[nodes.Node]:
        from ..simulation.report import format_difference
        from ..simulation.stats import STATISTICS

        strong = data["strong_play"]
        reference = strong["reference"]
        stats = [s for s in STATISTICS if s.name in strong["statistics"]]
        base = next(r for r in strong["results"] if r["variant"] == reference)
        others = strong["differences"]
        columns: list[Any] = ["statistic", [nodes.Text("value under "),
                                            _variant_ref(reference)]]
        columns += [[_variant_ref(d["variant"]), nodes.Text(f" - {reference}")]
                    for d in others]
        rows = []
        for stat in stats:
            row: list[Any] = [stat.label,
                              _rate(base["statistics"][stat.name], stat.percent)]
            for diff in others:
                est = _estimate(diff["statistics"][stat.name])
                text = format_difference(stat, est)
                noise = est.low is not None and est.low <= 0 <= est.high
                row.append(cell(text, ["rentoy-noise"] if noise else ["rentoy-differs"]))
            rows.append(row)
        out: list[nodes.Node] = [table(columns, rows, classes=["rentoy-rule-effects"])]
        items = nodes.bullet_list()
        for diff in others:
            spec = diff["variant"]
            rules = changed_rules(data, spec, reference)
            beyond = []
            for stat in stats:
                est = _estimate(diff["statistics"][stat.name])
                if est.low is not None and (est.low > 0 or est.high < 0):
                    beyond.append(f"{stat.label} {format_difference(stat, est)[:-2]}")
            item = paragraph(None)
            item += _variant_ref(spec)
            item += nodes.Text(f" (changes {', '.join(rules) or 'no rule'}): ")
            item += nodes.Text("beyond the noise: " + "; ".join(beyond) + "." if beyond else
                               f"no difference beyond the noise in {strong['games']} games.")
            items += nodes.list_item("", item)
        out.append(items)
        return out

    def _perfect(self, data: Mapping[str, Any]) -> list[nodes.Node]:
        perfect = data["perfect_play"]
        variants = perfect["variants"]
        reference = next(iter(variants))
        differs = {}
        for pair in perfect["winner_differs"]:
            a, b = pair["variants"]
            if reference in (a, b):
                differs[b if a == reference else a] = pair
        rows = []
        for spec, figures in variants.items():
            pair = differs.get(spec)
            versus = "-" if pair is None else (_rate(pair["share"]) + (
                "" if pair["same_cards"] else " (other cards)"))
            rows.append([_variant_ref(spec), str(figures["hand_size"]),
                         _rate(figures["mano_team_wins"]),
                         _rate(figures["highest_card_team_wins"]),
                         _rate(figures["tricks_to_decide"], percent=False), versus])
        columns: list[Any] = ["variant", "cards", "mano's team wins",
                              "highest card's team wins", "tricks to decide",
                              f"winner differs from {reference}"]
        return [table(columns, rows, classes=["rentoy-rule-effects"],
                      title=f"Perfect play on {perfect['deals']} deals ("
                            f"{perfect['players']} players; 95% intervals)")]


def setup(app: Sphinx) -> None:
    app.add_directive("rentoy-rule-effects", RuleEffectsDirective)
