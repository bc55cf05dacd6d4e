"""The strong-play figures shipped with rentoy, for ``rentoy compare`` to print beside the
rules that differ.

``bench/rule-effects.py`` measures 1737 and the variants that change one of its rules
with the search bots on both teams, on the same games under each, and writes the
figures to the site's data (``docs/data/rule-effects.json``) and, the strong-play part
with the command that made it, to ``rentoy/data/strong-play.json``, which the package
ships. :func:`stored_table` lays out the figures of the variants a comparison names
that the file has, with their 95% intervals and where they come from; a variant the
file lacks (a user's file, a variant measured by nobody) is left out, never guessed.

>>> table = stored_table(["1737", "avila", "my-variant"])
>>> table is None or table.columns[1:] == ["1737", "avila"]
True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

from ..bots import bot_words
from ..core.i18n import N_, _, number
from ..render import Table
from .report import format_rate
from .stats import STATISTICS

__all__ = ["STORED", "SHOWN", "stored_play", "stored_table"]

#: The file of stored figures shipped in the package.
STORED = Path(__file__).resolve().parent.parent / "data" / "strong-play.json"
#: The statistics a comparison shows of the stored figures.
SHOWN = ("hands_per_game", "hand_value", "fold_rate", "mano_win_rate", "game_win_rate_a")


def stored_play(path: Path = STORED) -> dict[str, Any] | None:
    """The stored strong-play figures (None when the file is missing or unreadable: a
    comparison then prints the rules alone)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("strong_play"), dict):
        return None
    return data


def stored_table(variants: Sequence[str], path: Path = STORED) -> Table | None:
    """The stored strong-play figures of ``variants`` (those the file has, in the order
    given) as a table, with where they come from; None when it has none of them."""
    data = stored_play(path)
    if data is None:
        return None
    play = data["strong_play"]
    results = {r.get("variant"): r for r in play.get("results", ()) if isinstance(r, dict)}
    shown = [v for v in variants if v in results]
    if not shown:
        return None
    rows = []
    for stat in STATISTICS:
        if stat.name not in SHOWN:
            continue
        cells = []
        for v in shown:
            est = results[v].get("statistics", {}).get(stat.name, {})
            cells.append(format_rate(est.get("value"), est.get("low"), est.get("high"),
                                     stat.percent))
        rows.append([stat.said_label, *cells])
    bots = play.get("bots", {})
    bot = bots.get("A", "?") if bots.get("A") == bots.get("B") else "/".join(
        str(b) for b in bots.values())
    title = _("Strong play, as stored: {games} games of {players} players, bots: {bots}, "
              "seed {seed}").format(games=_count(play.get("games")),
                                     players=play.get("players"),
                                     bots=bot_words(str(bot)), seed=play.get("seed"))
    notes = [
        _("Measured with rentoy {version} in {seconds} s, the same games under each "
          "variant, by the source repository's benchmark `{command}`; stored with the "
          "package (rentoy/data/strong-play.json) and on the site (What each rule "
          "changes).").format(
            command=data.get("generated_by", "?"), version=data.get("rentoy_version", "?"),
            seconds=_count(data.get("strong_play_seconds"))),
        _("Brackets: 95% interval, estimate +- 1.96 standard errors, with games as the "
          "independent units (delta method for ratios)."),
    ]
    return Table([N_("statistic"), *shown], rows, title=title, notes=notes)


def _count(value: object) -> str:
    """A stored whole number as the language writes it (``10,133``), or ``?``."""
    return number(value) if isinstance(value, int) else "?"
