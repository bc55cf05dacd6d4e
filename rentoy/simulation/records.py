"""Game records of a simulation: its first games written as walkthrough-format files.

Each game of a simulation depends only on the run's seed and the game's index (see
:mod:`~rentoy.simulation.play`), so its first games can be played again on their own,
exactly as the simulation played them, and written down: every hand's deal and
actions, with the results as expectations (:mod:`rentoy.walkthrough.record`).
``rentoy run`` replays and checks each file.

>>> texts = game_records("1737", games=2, seed=1)
>>> from rentoy.walkthrough import parse_walkthrough, run_walkthrough
>>> [run_walkthrough(parse_walkthrough(t)).ok for t in texts]
[True, True]
"""

from __future__ import annotations

import random
from pathlib import Path

from ..bots import team_bots
from ..core.files import check_output, check_output_folder, write_output
from ..model.variant import Variant
from ..data.variants import load_variant
from ..walkthrough.record import PlayedHand, record_text
from .play import play_game, variant_spec
from .run import choose_players, parse_bots

__all__ = ["game_records", "save_games"]


def game_records(variant: Variant | str, games: int, seed: int = 0, *,
                 players: int | None = None, bots: str = "random") -> list[str]:
    """The records (YAML texts) of games 0 to ``games - 1`` of a simulation of
    ``variant`` with this seed, table size and bots."""
    v = load_variant(variant)
    n = choose_players([v], players)
    names = parse_bots(bots)
    out = []
    for game in range(games):
        bot_rng = random.Random()
        played = play_game(v, n, seed, game, bot_rng, team_bots(names, bot_rng),
                           names == ("random", "random"))
        out.append(record_text(
            v, [PlayedHand(h.deal, h.history) for h in played.finished_hands], players=n,
            variant_spec=variant_spec(v),
            title=f"Game {game + 1} of a simulation of {v.id}",
            description=f"Played by bots ({names[0]} for team A, {names[1]} for team B) "
                        f"in `rentoy simulate {v.id} --seed {seed}`, {n} players: game "
                        f"{game + 1}, every deal and action as the simulation played them."))
    return out


def _record_paths(v: Variant, folder: Path, games: int) -> list[Path]:
    stem = v.id.replace("+", "_")
    return [folder / f"{stem}-game-{i + 1}.yaml" for i in range(games)]


def check_game_records(variant: Variant | str, folder: str | Path, games: int, *,
                       force: bool = False) -> None:
    """Refuse, before anything is simulated, a folder the records cannot be written to or
    a record that would replace a file (without ``force``): the rule of
    :func:`rentoy.core.files.check_output`."""

    where = check_output_folder(folder, "--save-games")
    for path in _record_paths(load_variant(variant), where, games):
        check_output(path, force=force, what="--save-games")


def save_games(variant: Variant | str, folder: str | Path, games: int, seed: int = 0, *,
               players: int | None = None, bots: str = "random", force: bool = False
               ) -> list[Path]:
    """Write the first ``games`` games of a simulation as records in ``folder`` (made
    if missing), one file each, named ``<variant>-game-<n>.yaml``; the paths written.
    An existing file is replaced only with ``force``."""

    v = load_variant(variant)
    paths = _record_paths(v, Path(folder), games)
    return [write_output(path, text, force=force)
            for path, text in zip(paths, game_records(v, games, seed, players=players,
                                                      bots=bots))]
