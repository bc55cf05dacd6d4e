"""The stored strong-play and perfect-play comparisons: the answer, charts and tables.

``{rentoy-rule-effects} PATH`` renders the JSON that ``python bench/rule-effects.py``
writes (``docs/data/rule-effects.json``): what produced it, the answer in words with
its charts, then the tables: for each variant that changes one rule of 1737 the paired
differences under strong play (search bots) with their intervals, saying which are
within the noise, then perfect play (every card visible) on every built-in variant.
Variants that play the cards alike (:func:`rentoy.analysis.same_trick_play`) have the
same perfect play by construction: they share a row, and their differences are marked
as zero by construction rather than shown as measured. ``:show:`` picks one part
(``answer``, ``strong``, ``perfect``, ``provenance``) so a page can lead with the
answer. The figures are computed by the script, not at build time, because a
search-bot game takes about a second; the page says so when the stored rules no
longer match the variant files (``stale_variants``, which a test also checks).

``{rentoy-figure}`PATH:section/key/...``` quotes one stored figure in prose, with its
interval and count, so a figure is written once, in the data, and quoted everywhere.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Mapping

from docutils import nodes
from docutils.parsers.rst import directives

from ..comparison.perfect import alike_groups
from ..engine import compile_variant
from ..engine.rules import duties
from ..core.i18n import N_, _, interval, number, percent as per_cent
from ..model.ruletable import rule_title
from ..simulation.duties import zero_by_construction
from ..simulation.report import format_difference
from ..simulation.stats import STATISTICS, Estimate
from ..data.variants import load_variant
from ..data.yamlfile import load_json
from .charts import Panel, Row, chart
from .directives import RentoyDirective, RentoyRole
from .elements import cell, paragraph, table, xref
from .errors import Failure
from .tracking import note_files
if TYPE_CHECKING:
    from sphinx.application import Sphinx

__all__ = ["RuleEffectsDirective", "FigureRole", "stale_variants", "changed_rules", "no_duty_in_either",
           "quote_figure"]


def stale_variants(data: Mapping[str, Any]) -> dict[str, list[str]]:
    """The variants whose rules differ from those the stored figures were made with,
    each with the rules that changed (a rule added since is not counted: it did not
    exist when the figures were made and its value is the variants' common default)."""

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


def no_duty_in_either(stat: Any, spec: str, reference: str) -> bool:
    """Whether ``stat`` counts a duty that neither variant's rules impose, so that its
    difference is 0 by construction rather than measured (the engine names the duties:
    :func:`rentoy.engine.rules.duties`)."""

    return zero_by_construction(stat.numerator, (
        duties(compile_variant(load_variant(v))) for v in (spec, reference)))


def _estimate(values: Mapping[str, Any]) -> Any:
    return Estimate(values["value"], values["se"], values["low"], values["high"],
                    values["n"])


def _rate(values: Mapping[str, Any], percent: bool = True) -> str:
    """An estimate with its interval: ``56.2% [54.4, 58.0]``; a share too small for one
    decimal keeps two significant digits (``0.033% [0.0059, 0.19]``)."""
    if values["value"] is None:
        return "-"
    scale = 100 if percent else 1

    def shown(x: float) -> tuple[float, int | None]:
        x *= scale
        if percent and 0 < abs(x) < 0.1:
            return float(f"{x:.2g}"), None
        return x, 1 if percent else 2

    value, places = shown(values["value"])
    text = per_cent(value, places) if percent else number(value, places)
    if values.get("low") is not None:
        text += " " + interval(number(*shown(values["low"])), number(*shown(values["high"])))
    return text


_UNITS = {"games": N_("games"), "deals": N_("deals")}


def _count(n: int, unit: str) -> str:
    return f"{number(n)} {_(_UNITS.get(unit, unit))}"


def quote_figure(data: Mapping[str, Any], key: str) -> str:
    """A stored figure as prose quotes it: ``56.2% [54.4, 58.0] over 3,000 deals``;
    ``key`` is a path through the data (``perfect_play/variants/1737/mano_team_wins``;
    a pair of variants in a list of pairs as ``winner_differs/1737,avila/share``)."""
    node: Any = data
    parts = [p for p in key.split("/") if p]
    for part in parts:
        if isinstance(node, list) and "," in part:
            # A pair of variants in a list of pairs: ``winner_differs/1737,avila``.
            wanted = set(part.split(","))
            node = next((item for item in node if isinstance(item, Mapping)
                         and set(item.get("variants", ())) == wanted), None)
            if node is None:
                raise Failure([(f"no figure {key!r} in the stored data (no pair {part!r})",
                                None)])
            continue
        if not isinstance(node, Mapping) or part not in node:
            raise Failure([(f"no figure {key!r} in the stored data (no {part!r})", None)])
        node = node[part]
    if not isinstance(node, Mapping) or "value" not in node:
        raise Failure([(f"{key!r} is not a figure (a value with its interval)", None)])
    section = data.get(parts[0], {}) if parts else {}
    unit = "deals" if "deals" in section else "games"
    percent = not parts[-1].startswith(("tricks", "hands_per", "hand_value"))
    return _("{rate} over {count}").format(rate=_rate(node, percent),
                                           count=_count(node['n'], unit))


def _variant_ref(spec: str) -> nodes.Node:
    base, plus, options = spec.partition("+")
    out = nodes.inline()
    out += xref("variant", base, base)
    if plus:
        out += nodes.Text("+" + options)
    return out


class RuleEffectsDirective(RentoyDirective):
    """``{rentoy-rule-effects} PATH``: the stored comparisons (see the module
    docstring); PATH is relative to the page. ``:show:`` one part: ``answer``,
    ``strong``, ``perfect`` or ``provenance``."""

    required_arguments = 1
    option_spec = {"show": lambda text: directives.choice(
        text, ("answer", "strong", "perfect", "provenance"))}

    def make(self) -> list[nodes.Node]:
        path = self.resolve_path(self.arguments[0])
        note_files(self.env, [path])

        data = load_json(path)      # bounded and guarded, like every file read
        for spec in data["variants"]:
            self.load_variant(spec)              # the page depends on the variant files
        for spec in data["perfect_play"]["variants"]:
            self.load_variant(spec)
        self.groups = alike_groups(list(data["perfect_play"]["variants"]))
        show = self.options.get("show")
        out: list[nodes.Node] = []
        if show in (None, "provenance"):
            out.append(self._provenance(data))
        stale = stale_variants(data)
        if stale:
            warning = nodes.warning()
            warning += paragraph(
                _("These figures are stale: the rules changed since they were computed "
                  "({changes}). Run the command above again.").format(
                    changes="; ".join(f"{spec}: {', '.join(rules)}"
                                      for spec, rules in stale.items())))
            out.append(warning)
        if show in (None, "answer"):
            out.extend(self._answer(data))
        if show in (None, "strong"):
            out.extend(self._strong(data))
        if show in (None, "perfect"):
            out.extend(self._perfect(data))
        return out

    def _provenance(self, data: Mapping[str, Any]) -> nodes.Node:
        strong, perfect = data["strong_play"], data["perfect_play"]
        bots = strong["bots"]
        text = f" (rentoy {data['rentoy_version']}): " + _(
            "strong play on {games} games of {players} players under each variant, at "
            "least {hands} hands each, bots {bots} for both teams (about {minutes} minutes "
            "of play); perfect play on {deals} deals. Seed {seed}. The stored rules of each "
            "variant are checked against the variant files by the tests and on this "
            "page.").format(games=strong['games'], players=strong['players'],
                            hands=strong['hands_requested'], bots=bots['A'],
                            minutes=data.get('strong_play_seconds', 0) // 60,
                            deals=number(perfect['deals']), seed=data['seed'])
        command = data["generated_by"]
        return paragraph([nodes.Text(_("Computed by") + " "), nodes.literal(command, command),
                          nodes.Text(text)], ["rentoy-provenance-note"])

    # -- the answer ----------------------------------------------------------------------

    def _beyond(self, data: Mapping[str, Any], diff: Mapping[str, Any]) -> list[tuple[Any, Any]]:
        """The statistics on which a variant differs from the reference beyond the noise."""

        strong = data["strong_play"]
        out = []
        for stat in (s for s in STATISTICS if s.name in strong["statistics"]):
            est = _estimate(diff["statistics"][stat.name])
            if est.low is not None and (est.low > 0 or est.high < 0):
                out.append((stat, est))
        return out

    def _answer(self, data: Mapping[str, Any]) -> list[nodes.Node]:
        """What changes the game, in words, then the charts: perfect play's winner
        changes, and the strong-play differences beyond the noise."""

        strong, perfect = data["strong_play"], data["perfect_play"]
        reference = strong["reference"]
        games = _count(strong["games"], "games")
        deals = _count(perfect["deals"], "deals")
        items = nodes.bullet_list(classes=["rentoy-answer"])
        for diff in strong["differences"]:
            spec = diff["variant"]
            rules = [rule_title(r).lower() for r in changed_rules(data, spec, reference)]
            para = paragraph(None)
            para += _variant_ref(spec)
            para += nodes.Text(f" ({'; '.join(rules) or _('no rule')}): ")
            beyond = self._beyond(data, diff)
            if beyond:
                para += nodes.Text(_("under strong play, {changes} against {reference}").format(
                    changes="; ".join(f"{_(stat.label)} {format_difference(stat, est)[:-2]}"
                                      for stat, est in beyond), reference=reference))
            else:
                para += nodes.Text(_("under strong play no difference beyond the noise in "
                                     "{games}").format(games=games))
            pair = self._pair(perfect, reference, spec)
            if pair is not None:
                para += nodes.Text("; " + (
                    _("with every card visible, the winner changes on {rate} of {deals}").format(
                        rate=_rate(pair['share']), deals=deals) if
                    not self._alike(reference, spec) else
                    _("with every card visible, the same winner on every deal, by "
                      "construction (the cards are played alike)")) + ".")
            else:
                para += nodes.Text(".")
            items += nodes.list_item("", para)
        lead = paragraph(_("Against {reference}, on the same deals (strong play: search bots "
                           "for both teams, {games} of {players} players; perfect play: "
                           "{deals}, 95% intervals):").format(
            reference=reference, games=games, players=strong['players'], deals=deals),
            ["rentoy-answer-lead"])
        return [lead, items, self._perfect_chart(data), self._strong_chart(data)]

    def _alike(self, a: str, b: str) -> bool:
        return any(a in g and b in g for g in self.groups)

    def _pair(self, perfect: Mapping[str, Any], a: str, b: str) -> Mapping[str, Any] | None:
        pair: Mapping[str, Any]
        for pair in perfect["winner_differs"]:
            if set(pair["variants"]) == {a, b}:
                return pair
        return None

    def _perfect_chart(self, data: Mapping[str, Any]) -> nodes.Node:
        perfect = data["perfect_play"]
        variants = perfect["variants"]
        reference = next(iter(variants))
        deals = _count(perfect["deals"], "deals")
        rows = []
        for group in self.groups:
            label = ", ".join(group)
            if reference in group:
                others = [g for g in group if g != reference]
                if others:
                    rows.append(Row(", ".join(others), None, None, None, "0",
                                    note=_("by construction: the cards are played as "
                                           "in {reference}").format(reference=reference)))
                continue
            pair = self._pair(perfect, reference, group[0])
            if pair is None:
                continue
            share = pair["share"]
            text = _rate(share) + ("" if pair["same_cards"] else " " + _("(other cards)"))
            rows.append(Row(label, share["value"], share["low"], share["high"], text,
                            strong=share["low"] > 0))
        mano = [Row(", ".join(g), variants[g[0]]["mano_team_wins"]["value"],
                    variants[g[0]]["mano_team_wins"]["low"],
                    variants[g[0]]["mano_team_wins"]["high"],
                    _rate(variants[g[0]]["mano_team_wins"])) for g in self.groups]
        where = _("perfect play, {deals}").format(deals=deals)
        panels = [Panel(_("Winner differs from {reference}").format(reference=reference), rows,
                        where),
                  Panel(_("Mano's team wins the hand"), mano, where)]
        return chart(panels, _("Perfect play: how often the winner differs from {reference}, "
                               "and how often the mano's team wins").format(reference=reference),
                     _("Each dot is the share of the {deals} solved with every card visible, "
                       "its line the 95% interval. Variants that play the cards alike share a "
                       "row: their perfect play is the same by construction. A five-card form "
                       "is dealt other cards, so its difference is not paired.").format(
                         deals=deals))

    def _strong_chart(self, data: Mapping[str, Any]) -> nodes.Node:
        strong = data["strong_play"]
        reference = strong["reference"]
        games = _count(strong["games"], "games")
        panels = []
        for stat in (s for s in STATISTICS if s.name in strong["statistics"]):
            rows = []
            for diff in strong["differences"]:
                est = _estimate(diff["statistics"][stat.name])
                if est.value is None:
                    continue
                if no_duty_in_either(stat, diff["variant"], reference):
                    rows.append(Row(diff["variant"], None, None, None, "0",
                                    note=_("by construction: neither variant has the duty")))
                    continue
                beyond = est.low is not None and (est.low > 0 or est.high < 0)
                rows.append(Row(diff["variant"], est.value, est.low, est.high,
                                format_difference(stat, est).removesuffix(" *"),
                                strong=beyond))
            if any(r.strong for r in rows):
                label = _(stat.label)
                panels.append(Panel(_("{statistic}: change from {reference}").format(
                                        statistic=label[:1].upper() + label[1:],
                                        reference=reference), rows,
                                    _("strong play, {games}").format(games=games),
                                    percent=stat.percent, reference=0.0))
        return chart(panels, _("Strong play: the differences from {reference} beyond the "
                               "noise").format(reference=reference),
                     _("The statistics on which at least one variant differs from {reference} "
                       "beyond the noise, in {games} of search bots on the same deals: each "
                       "dot is the paired difference, its line the 95% interval, the dashed "
                       "line no difference. Dark rows differ beyond the noise; pale rows do "
                       "not; a duty neither variant has is 0 by construction. The table "
                       "below has every statistic.").format(
                         reference=reference, games=games))

    # -- the tables ----------------------------------------------------------------------

    def _strong(self, data: Mapping[str, Any]) -> list[nodes.Node]:
        strong = data["strong_play"]
        reference = strong["reference"]
        stats = [s for s in STATISTICS if s.name in strong["statistics"]]
        base = next(r for r in strong["results"] if r["variant"] == reference)
        others = strong["differences"]
        columns: list[Any] = [_("statistic"), [nodes.Text(_("value under") + " "),
                                            _variant_ref(reference)]]
        columns += [[_variant_ref(d["variant"]), nodes.Text(f" - {reference}")]
                    for d in others]
        rows = []
        for stat in stats:
            row: list[Any] = [_(stat.label),
                              _rate(base["statistics"][stat.name], stat.percent)]
            for diff in others:
                est = _estimate(diff["statistics"][stat.name])
                if no_duty_in_either(stat, diff["variant"], reference):
                    row.append(cell(_("0 by construction (neither has the duty)"),
                                    ["rentoy-by-construction"]))
                    continue
                text = format_difference(stat, est)
                noise = est.low is not None and est.low <= 0 <= est.high
                row.append(cell(text, ["rentoy-noise"] if noise else ["rentoy-differs"]))
            rows.append(row)
        title = _("Strong play: {games} of {players} players under each variant, the same "
                  "deals (95% intervals)").format(games=_count(strong['games'], 'games'),
                                                  players=strong['players'])
        out: list[nodes.Node] = [table(columns, rows, classes=["rentoy-rule-effects",
                                                               "rentoy-wide"], title=title)]
        items = nodes.bullet_list()
        for diff in others:
            spec = diff["variant"]
            rules = [rule_title(r).lower() for r in changed_rules(data, spec, reference)]
            beyond = [f"{_(stat.label)} {format_difference(stat, est)[:-2]}"
                      for stat, est in self._beyond(data, diff)]
            item = paragraph(None)
            item += _variant_ref(spec)
            item += nodes.Text(" (" + _("changes {rules}").format(
                rules="; ".join(rules) or _("no rule")) + "): ")
            item += nodes.Text(_("beyond the noise: {changes}.").format(changes="; ".join(beyond))
                               if beyond else
                               _("no difference beyond the noise in {games}.").format(
                                   games=f"{strong['games']} {_('games')}"))
            items += nodes.list_item("", item)
        out.append(items)
        return out

    def _perfect(self, data: Mapping[str, Any]) -> list[nodes.Node]:
        perfect = data["perfect_play"]
        variants = perfect["variants"]
        reference = next(iter(variants))
        rows = []
        for group in self.groups:
            spec = group[0]
            figures = variants[spec]
            if reference in group:
                versus: Any = "-" if len(group) == 1 else cell(
                    _("0 by construction (the same card play)"), ["rentoy-by-construction"])
            else:
                pair = self._pair(perfect, reference, spec)
                versus = "-" if pair is None else (_rate(pair["share"]) + (
                    "" if pair["same_cards"] else " " + _("(other cards)")))
            names: list[nodes.Node] = []
            for i, member in enumerate(group):
                if i:
                    names.append(nodes.Text(", "))
                names.append(_variant_ref(member))
            if len(group) > 1:
                names.append(nodes.Text(": " + _("the same")))
            rows.append([names, str(figures["hand_size"]),
                         _rate(figures["mano_team_wins"]),
                         _rate(figures["highest_card_team_wins"]),
                         _rate(figures["tricks_to_decide"], percent=False), versus])
        columns: list[Any] = [_("variant"), _("cards"), _("mano's team wins"),
                              _("highest card's team wins"), _("tricks to decide"),
                              _("winner differs from {reference}").format(reference=reference)]
        return [table(columns, rows, classes=["rentoy-rule-effects", "rentoy-wide"],
                      title=_("Perfect play on {deals} deals ({players} players; 95% "
                              "intervals; variants that play the cards alike share a "
                              "row)").format(deals=number(perfect['deals']),
                                             players=perfect['players']))]


class FigureRole(RentoyRole):
    """``{rentoy-figure}`data/rule-effects.json:perfect_play/variants/1737/mano_team_wins```:
    one stored figure with its interval and count (the path relative to the page)."""

    def make(self) -> list[nodes.Node]:
        file, sep, key = self.text.partition(":")
        if not sep:
            raise Failure([("expected PATH:KEY/KEY/... (data/rule-effects.json:"
                            "perfect_play/variants/1737/mano_team_wins)", None)])
        path = self.resolve_path(file.strip())
        note_files(self.env, [path])
        if not path.is_file():
            raise Failure([(f"no data file {file!r} (looked for {path})", None)])
        data = json.loads(path.read_text(encoding="utf-8"))
        text = quote_figure(data, key.strip())
        return [nodes.inline(text, text, classes=["rentoy-quoted-figure"])]


def setup(app: Sphinx) -> None:
    app.add_directive("rentoy-rule-effects", RuleEffectsDirective)
    app.add_role("rentoy-figure", FigureRole())
