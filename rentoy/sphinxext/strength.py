"""The search bot's measured strength: ``{rentoy-strength} PATH``.

``PATH`` (relative to the page) is the JSON of measured results,
``docs/data/search-strength.json``: for each setting of the bot and each opponent, the
share of games it won with its 95% interval and the number of games. The directive
draws them as a chart (one panel per opponent, the goal as a dashed line) and gives
them as a table with whether each goal is met by the estimate or by the whole interval.
Prose quotes the same figures with ``{rentoy-figure}`` (see
:mod:`rentoy.sphinxext.rule_effects`), so each is written once, in the data.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

from docutils import nodes

from ..core.i18n import N_, _, data_text, interval, number, percent
from .charts import Panel, Row, chart
from .directives import RentoyDirective
from .elements import paragraph, table
from .errors import Failure
from .tracking import note_files

if TYPE_CHECKING:
    from sphinx.application import Sphinx

__all__ = ["StrengthDirective", "goal_words"]


def _percent(x: float) -> str:
    return percent(x * 100)


def goal_words(share: Mapping[str, float], goal: float) -> str:
    """Whether a share meets its goal: by the whole interval, by the estimate only, or not."""
    if share["low"] >= goal:
        return f"{percent(goal * 100, 0)}: " + _("met by the whole interval")
    if share["value"] >= goal:
        return f"{percent(goal * 100, 0)}: " + _("met by the estimate, not by the whole "
                                                 "interval")
    return f"{percent(goal * 100, 0)}: " + _("not met")


#: The opponents the search bot is measured against, as a sentence names them.
_OPPONENTS = {"greedy": N_("the greedy bot"), "random": N_("random play")}


def _opponent(bot: str) -> str:
    """An opponent in words (``el bot voraz``), or its name where it has none."""
    return _(_OPPONENTS[bot]) if bot in _OPPONENTS else bot


class StrengthDirective(RentoyDirective):
    """``{rentoy-strength} PATH``: the measured strength, charted and tabled."""

    required_arguments = 1

    def make(self) -> list[nodes.Node]:
        path = self.resolve_path(self.arguments[0])
        note_files(self.env, [path])
        if not path.is_file():
            raise Failure([(f"no data file {self.arguments[0]!r} (looked for {path})", None)])
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        goals: Mapping[str, float] = data["goals"]
        runs = data["seed_1"]
        results: list[Mapping[str, Any]] = runs["results"]
        panels = []
        for against in goals:
            rows = [Row(f"{r['bot']}", r["share"]["value"], r["share"]["low"],
                        r["share"]["high"], f"{_percent(r['share']['value'])} " + interval(
                            number(r["share"]["low"] * 100, 1),
                            number(r["share"]["high"] * 100, 1)),
                        strong=r["share"]["value"] >= goals[against])
                    for r in results if r["against"] == against]
            panels.append(Panel(_("Against {opponent}").format(opponent=_opponent(against)),
                                rows,
                                _("{games} games each, seed {seed}; dashed: the goal, "
                                  "{goal}").format(games=number(runs['games']), seed=runs['seed'],
                                                   goal=percent(goals[against] * 100, 0)),
                                reference=goals[against]))
        figure = chart(panels, _("The search bot's share of games against each opponent"),
                       _("The share of games each setting of the search bot won in "
                         "{variant} with {players} players, each dot with its 95% interval "
                         "over {games} games (the same deals played from both sides); dark "
                         "rows meet the goal by the estimate. The table below gives the same "
                         "figures.").format(variant=data['variant'], players=data['players'],
                                            games=number(runs['games'])))
        table_rows: list[list[Any]] = []
        for r in results:
            share = r["share"]
            table_rows.append([nodes.literal(r["bot"], r["bot"]) if r["bot"] != "default"
                         else _("default"), _opponent(r["against"]), number(share['n']),
                         _percent(share["value"]),
                         _("{low} to {high}").format(low=_percent(share['low']),
                                                     high=_percent(share['high'])),
                         goal_words(share, goals[r["against"]])])
        out: list[nodes.Node] = [figure, table(
            [_("search bot"), _("against"), _("games"), _("share of games"),
             _("95% interval"), _("goal")],
            table_rows, classes=["rentoy-strength", "rentoy-wide"],
            title=_("Seed {seed}, {pairs} pairs of games each, {samples} samples per "
                    "decision").format(seed=runs['seed'], pairs=number(runs['games'] // 2),
                                       samples=data['samples']))]
        by_seed = data.get("default_by_seed")
        if by_seed:
            seed_rows = [[str(r["seed"]), _opponent(r["against"]), number(r['share']['n']),
                          _percent(r["share"]["value"]),
                          _("{low} to {high}").format(low=_percent(r['share']['low']),
                                                      high=_percent(r['share']['high'])),
                          goal_words(r["share"], goals[r["against"]])]
                         for r in by_seed["results"]]
            together = data.get("default_three_seeds", {})
            for against in goals:
                if against in together:
                    share = together[against]
                    seed_rows.append([_("{low} to {high}").format(low=1, high=3),
                                      _opponent(against),
                                      number(share['n']), _percent(share["value"]),
                                      _("{low} to {high}").format(
                                          low=_percent(share['low']),
                                          high=_percent(share['high'])),
                                      goal_words(share, goals[against])])
            out.append(table([_("seed"), _("against"), _("games"), _("share of games"),
                              _("95% interval"), _("goal")], seed_rows,
                             classes=["rentoy-strength"],
                             title=_("The default bot over three seeds")))
            if together.get("note"):
                out.append(paragraph(_("Seeds 1 to 3: {note}.").format(
                    note=data_text(together['note'])),
                                     ["rentoy-table-note"]))
        return out


def setup(app: Sphinx) -> None:
    app.add_directive("rentoy-strength", StrengthDirective)
