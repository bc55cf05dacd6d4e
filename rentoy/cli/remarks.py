"""``rentoy remarks [ID...]``: the sources' remarks about play, tested under every reading.

Each remark of ``variants/remarks.yaml`` (the source's words, what they claim, a check)
is run under each reading of the rules it lists; the output says where it holds and
why, with the figures (:mod:`rentoy.comparison.remarks`).
"""

from __future__ import annotations

import argparse
import time

from ..core.i18n import _
from . import COMMANDS
from .common import add_format, bounded_count, chosen_format, count, emit, progress_bar


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "remarks", help=_(COMMANDS["remarks"]),
        description=_("Test what the sources say about play (a raise that makes no sense at "
                      "a score, the likeness to backgammon's doubling cube, the arrastre as "
                      "the only duty) under every reading of the rules each remark depends "
                      "on, and say where it holds, with the figures."),
        epilog=_("Example: rentoy remarks arrastre-only-duty --hands 4000 -f json"))
    p.add_argument("ids", metavar="ID", nargs="*",
                   help=_("remarks to test (default: every remark)"))
    p.add_argument("--hands", "-n", type=bounded_count("MAX_HANDS"), default=2000, metavar="N",
                   help=_("hands simulated for each reading of a measured remark"))
    p.add_argument("--bots", default="search", metavar="B",
                   help=_("the bots of the simulations (as rentoy simulate --bots takes them)"))
    p.add_argument("--seed", type=count, default=0, metavar="S",
                   help=_("seed of the simulations; the same seed gives the same output"))
    add_format(p, ("text", "markdown", "json"))
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    # The library is imported when the command runs (see rentoy.cli.profile).
    from ..comparison.remarks import check_remarks, load_remarks, remarks_data, remarks_report
    from ..simulation.cost import simulation_seconds

    fmt = chosen_format(args)
    remarks = load_remarks()
    chosen = args.ids or list(remarks)
    measured = sum(len(remarks[r].readings) for r in chosen
                   if r in remarks and remarks[r].kind == "duty-binds")
    seconds = simulation_seconds(args.hands, max(measured, 1), [args.bots])
    _update, bar = progress_bar(seconds if measured else 0.0, "hands")
    started = time.perf_counter()
    try:
        verdicts = check_remarks(args.ids or None, hands=args.hands, bots=args.bots,
                                seed=args.seed)
    finally:
        if bar is not None:
            bar.close()
    data = {"hands": args.hands, "bots": args.bots, "seed": args.seed,
            "seconds": round(time.perf_counter() - started, 1),
            "remarks": remarks_data(verdicts)}
    emit(remarks_report(data), fmt)
    return 0
