"""``rentoy profile ID...``: what each variant is like to play, measured on the same deals.

Prints balance, duration, betting, decisiveness and drama, luck, duties and a skill
trace for each variant, each figure with its 95% interval, and the paired differences
from the first variant (:mod:`rentoy.simulation.profile`,
:mod:`rentoy.comparison.profile`).
"""

from __future__ import annotations

import argparse
import sys

from ..core.i18n import _
from . import COMMANDS
from .common import add_format, bounded_count, chosen_format, emit, progress_bar
from .compare import add_simulation_options, check_plot, executor_of

#: Hands a game lasts, about, under strong play (for the time estimate only).
HANDS_PER_GAME = 8


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "profile", help=_(COMMANDS["profile"]),
        description=_("Measure what each variant is like to play: balance between the seats, "
                      "duration, betting, comebacks and lead changes, luck, duties and how "
                      "much a stronger bot gains, each with a 95% interval, from whole games "
                      "between bots on the same deals under every variant; then the paired "
                      "differences from the first variant."),
        epilog=_("Example: rentoy profile 1737 avila 1737+como-al-hombre --games 400 --jobs 2"))
    p.add_argument("variants", metavar="ID|PATH", nargs="+",
                   help=_("built-in ids or variant files, either with options (1737+borrego)"))
    p.add_argument("--games", "-n", type=bounded_count("MAX_HANDS"), default=100, metavar="N",
                   help=_("games per variant, and pairs of games per skill match"))
    p.add_argument("--no-skill", action="store_true",
                   help=_("leave out the skill matches (they play most of the games)"))
    add_simulation_options(p)
    p.set_defaults(bots="search")
    add_format(p, ("text", "markdown", "json", "csv"))
    p.set_defaults(handler=handle)


def estimated_seconds(games: int, variants: int, bots: str, skill: bool, jobs: int) -> float:
    """About how long a profile takes (:mod:`rentoy.simulation.cost`'s figures)."""
    from ..simulation.cost import hand_seconds
    from ..simulation.profile import SKILL_MATCHES

    per_hand = max(hand_seconds(b.strip()) for b in bots.split(","))
    work = variants * games * HANDS_PER_GAME * per_hand
    if skill:
        work += sum(variants * games * 2 * HANDS_PER_GAME
                    * (hand_seconds(m.strong) + hand_seconds(m.weak)) / 2
                    for m in SKILL_MATCHES)
    return work / max(jobs, 1)


def handle(args: argparse.Namespace) -> int:
    # The library is imported when the command runs: building the parser (for --help)
    # must not load the engine.
    from ..comparison.profile import plot_profiles, profile_report
    from ..simulation.profile import SKILL_MATCHES, measure_profiles

    fmt = chosen_format(args)
    check_plot(args)
    seconds = estimated_seconds(args.games, len(args.variants), args.bots, not args.no_skill,
                                args.jobs)
    update, bar = progress_bar(seconds, "games")
    try:
        with executor_of(args) as (executor, jobs):
            result = measure_profiles(
                args.variants, args.games, args.seed, players=args.players, bots=args.bots,
                skill=() if args.no_skill else SKILL_MATCHES, executor=executor,
                jobs=jobs, progress=update)
    finally:
        if bar is not None:
            bar.close()
    if args.plot:
        written = plot_profiles(result, args.plot, force=args.force)
        print("rentoy: " + _("plot written to {path}").format(path=written), file=sys.stderr)
    emit(profile_report(result.to_data(), layout="long" if fmt == "csv" else "wide"), fmt)
    return 0
