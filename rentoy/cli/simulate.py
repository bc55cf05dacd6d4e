"""``rentoy simulate ID``: play many hands of one variant with bots and measure them.

Prints hands, games, wall time, speed and the statistics of ``rentoy compare
--simulate`` (each with a 95% interval); ``--json`` prints them as one JSON object.
"""

from __future__ import annotations

import argparse
import sys

from ..core.errors import InputError
from ..core.i18n import N_, _, ngettext, number
from ..render import Report, Table
from ..simulation import STATISTICS, simulate, simulation_report
from ..simulation.records import check_game_records, save_games
from ..simulation.run import INTERVAL
from ..core.workers import WorkerLost
from . import COMMANDS
from .common import add_format, bounded_count, chosen_format, emit, progress_bar
from .compare import (add_simulation_options, check_plot, executor_of, progress_chunk,
                      simulation_estimate, write_plot)
from .common import refuse_empty_variant

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from ..simulation import SimulationResult


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "simulate", help=_(COMMANDS["simulate"]),
        description=_("Play at least N hands of a variant, in whole games to its target, "
                      "with random, greedy, search or table bots, and report hands per game, "
                      "points per "
                      "hand, fold rate and the rest, each with a 95% interval, plus the "
                      "speed. The same seed gives the same statistics whatever --jobs is."),
        epilog=_("Example: rentoy simulate 1737 --hands 20000 --seed 1 --jobs 2 --json"))
    p.add_argument("variant", metavar="ID|PATH",
                   help=_("a built-in id or a variant file, either with options (1737+borrego)"))
    p.add_argument("--hands", "-n", type=bounded_count("MAX_HANDS"), default=10_000,
                   metavar="N",
                   help=_("play at least N hands (20000, 20_000 and 2e4 are the same; at most "
                          "10,000,000)"))
    add_simulation_options(p)
    p.add_argument("--save-games", metavar="DIR",
                   help=_("also write the simulation's first games (see --games) to DIR as "
                          "game records, walkthrough files that `rentoy run` replays and checks"))
    p.add_argument("--games", type=bounded_count("MAX_DIVERGENCES"), metavar="K",
                   help=_("with --save-games: how many games to keep (at most the games the "
                          "simulation played; default: 10)"))
    add_format(p, ("text", "markdown", "json", "csv"))
    p.add_argument("--json", action="store_true", help=_("print JSON (same as --format json)"))
    p.set_defaults(handler=handle)


def simulation_data(result: SimulationResult) -> dict[str, object]:
    """The JSON of ``rentoy simulate``: settings, counts, timing and statistics."""

    variant = result.variants[0]
    estimates = result.estimates(variant)
    return {
        "variant": variant, "name": result.names[0], "players": result.players,
        "bots": {"A": result.bots[0], "B": result.bots[1]}, "seed": result.seed,
        "hands_requested": result.hands_requested, "hands": result.hands[0],
        "games": result.games, **result.timing(result.hands[0]),
        "unit": "hands, in whole games to the variant's target",
        "match": result.best_of[0] if result.best_of else 1,
        "interval": INTERVAL,
        "statistics": {s.name: dict(estimates[s.name].as_dict(), label=s.label,
                                    description=s.description) for s in STATISTICS},
    }


def handle(args: argparse.Namespace) -> int:
    refuse_empty_variant(args.variant, "rentoy simulate 1737")
    if args.games is not None and not args.save_games:
        # --games only says how many games --save-games keeps: alone it would do nothing.
        raise InputError.at(_("--games {games} says how many games --save-games writes, but "
                              "no --save-games DIR is given").format(games=args.games),
                            hint=_("add --save-games DIR, e.g. --save-games games/ --games "
                                   "{games}, or leave out --games").format(games=args.games))
    if args.games is None:
        args.games = 10
    if args.save_games and args.games < 1:
        raise InputError.at(_("--games must be 1 or more, not {games}").format(
            games=args.games))
    fmt = chosen_format(args)
    check_plot(args)
    if args.save_games:
        check_game_records(args.variant, args.save_games, args.games, force=args.force)
    seconds = simulation_estimate(args, args.hands, 1)
    update, bar = progress_bar(seconds, "hands")

    lost = None
    try:
        with executor_of(args) as (executor, jobs):
            result = simulate(args.variant, args.hands, args.seed, players=args.players,
                              bots=args.bots, jobs=jobs, executor=executor,
                              progress=update, chunk_games=progress_chunk(seconds, args.hands))
    except WorkerLost as exc:
        if exc.partial is None:
            raise
        # The games finished before a worker was killed are kept: reported, then the error.
        lost, result = exc, exc.partial
    finally:
        if bar is not None:
            bar.close()
    if args.plot:
        write_plot(result, args.plot, force=args.force)
    data = simulation_data(result)
    report = simulation_report(result, layout="long" if fmt == "csv" else "wide")
    timing = result.timing(result.hands[0])     # as the JSON gives it
    speed = Table([N_("hands"), N_("games"), N_("seconds"), N_("hands per second")],
                  [[result.hands[0], result.games, timing["seconds"],
                    round(timing["hands_per_second"] or 0)]], title=_("Speed"))

    emit(Report(data, [*report.tables, speed]), fmt)
    if lost is not None:
        raise lost.kept(
            _("the figures above are of the {games} games ({hands} hands) finished before "
              "it, of the {asked} hands asked for").format(
                  games=number(result.games), hands=number(result.hands[0]),
                  asked=number(args.hands)))
    if args.save_games:
        save_game_records(args, min(args.games, result.games))
    return 0


def save_game_records(args: argparse.Namespace, games: int) -> None:
    """Write the first ``games`` games of the simulation as records (``--save-games``)."""


    paths = save_games(args.variant, args.save_games, games, args.seed,
                       players=args.players, bots=args.bots, force=args.force)

    print("rentoy: " + ngettext(
        "saved {count} game record in {folder} (run one with: rentoy run {path})",
        "saved {count} game records in {folder} (run one with: rentoy run {path})",
        len(paths)).format(count=len(paths), folder=args.save_games,
                           path=paths[0] if paths else "FILE"), file=sys.stderr)
