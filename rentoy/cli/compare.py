"""``rentoy compare [ID ...]``: variants side by side, in their rules and in play.

Without options: every rule that differs, one column per variant, each cell with its
value, status mark and sources. ``--simulate N`` adds simulated play on the same deals
under each variant (statistics and paired differences with 95% intervals);
``--divergences K`` finds deals on which the variants part ways, and ``--save DIR``
writes them as walkthrough files for ``rentoy run``. ``--solve N`` solves N deals with
every card visible under each variant (:mod:`rentoy.comparison.perfect`); with it,
``--divergences`` finds deals whose perfect-play winner differs.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Iterator

from ..bots import parse_bot
from ..comparison.divergence import divergences_report, find_divergences, save_divergences
from ..comparison.perfect import (compare_perfect, perfect_divergences, perfect_divergences_report,
                                  perfect_report, save_perfect_divergences)
from ..comparison.rules import compare_rules
from ..core.errors import InputError, Problem
from ..core.files import check_output, check_output_folder
from ..core.i18n import _, ngettext
from ..render import FORMATS, Report
from ..simulation import check_plot_path, plot_comparison, simulate, simulation_report
from ..simulation.cluster import dask_executor
from ..simulation.cost import simulation_seconds, solving_seconds
from ..simulation.run import choose_players
from ..data.variants import load_variant, load_variants
from . import COMMANDS
from .common import add_format, bounded_count, count, emit, progress_bar, seconds, warn
from ..core.limits import shown
from .common import refuse_empty_variant
from ..simulation.stored import stored_table

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from ..comparison.perfect import PerfectComparison
    from ..render import Report
    from ..simulation import SimulationResult
    from ..model.variant import Variant


def add_simulation_options(p: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """The options ``compare --simulate`` and ``simulate`` share."""
    p.add_argument("--seed", type=count, default=0, metavar="S",
                   help=_("seed of the deals and the bots' choices; the same seed gives the "
                          "same output"))
    p.add_argument("--players", type=int, metavar="P",
                   help=_("table size (default: the first variant's default number of "
                          "players, if every variant allows it)"))
    p.add_argument("--bots", default="random", metavar="B",
                   help=_("random, greedy, search (with settings: search:samples=16) or "
                          "tables (bets by the equity tables; it has not been shown to beat "
                          "search, see the page What the bet is worth), or two separated by a "
                          "comma for team A and team B, e.g. search,greedy; the search bot "
                          "plays far better and about 5 times slower than greedy (a progress "
                          "bar shows on a terminal); compare --simulate plays search unless "
                          "told, simulate random"))
    p.add_argument("--jobs", "-j", type=count, default=1, metavar="J",
                   help=_("worker processes, at most one per core (0: one per core); the "
                          "output does not depend on it"))
    p.add_argument("--plot", metavar="FILE",
                   help=_("also draw the statistics with their intervals to FILE (.svg, .png "
                          "or .pdf; needs matplotlib); with several variants, the paired "
                          "differences from the reference with theirs"))
    p.add_argument("--force", action="store_true",
                   help=_("let the files written (--plot, --save-games) replace existing ones"))
    p.add_argument("--dask", metavar="ADDRESS",
                   help=_("run on the dask.distributed cluster whose scheduler is at "
                          "ADDRESS (e.g. tcp://10.0.0.5:8786) instead of local processes; "
                          "the same output as --jobs 1 (needs rentoy[distributed])"))
    p.add_argument("--dask-scheduler-file", metavar="FILE",
                   help=_("as --dask, with the scheduler file `dask scheduler "
                          "--scheduler-file FILE` wrote"))
    p.add_argument("--dask-timeout", type=seconds, default=20.0, metavar="SECONDS",
                   help=_("how long to wait for the dask scheduler and a first worker "
                          "(above 0, at most a day)"))


def simulation_jobs(jobs: int) -> int:
    """``--jobs`` capped to this machine's cores (with a warning): more processes than
    cores only wait for each other."""

    cores = os.cpu_count() or 1
    if jobs > cores:
        warn(ngettext("--jobs {jobs}: this machine has {cores} core; using {cores} worker",
                      "--jobs {jobs}: this machine has {cores} cores; using {cores} workers",
                      cores).format(jobs=jobs, cores=cores))
        return cores
    return jobs


def check_plot(args: argparse.Namespace) -> None:
    """Refuse a ``--plot`` file that cannot be written, before anything is simulated."""
    if getattr(args, "plot", None):
        check_plot_path(args.plot)
        check_output(args.plot, force=args.force, what="--plot")


def write_plot(result: SimulationResult, path: str, reference: str | None = None,
               force: bool = False) -> None:
    """Draw the simulation to ``path`` and say where it went (on stderr)."""


    written = plot_comparison(result, path, reference=reference, force=force)
    print("rentoy: " + _("plot written to {path}").format(path=written), file=sys.stderr)


def simulation_estimate(args: argparse.Namespace, hands: int, variants: int) -> float:
    """About how many seconds the simulation asked for takes (see
    :mod:`rentoy.simulation.cost`)."""

    bots = [b.strip() for b in args.bots.split(",")] if args.bots else ["search"]
    return simulation_seconds(hands, variants, bots, args.players or 4, max(args.jobs, 1))


@contextmanager
def executor_of(args: argparse.Namespace) -> Iterator[tuple[Executor | None, int]]:
    """The executor and worker count that ``--dask``/``--dask-scheduler-file`` ask
    for, or ``(None, --jobs)`` (capped to the cores) to run locally."""
    if args.dask is None and args.dask_scheduler_file is None:
        yield None, simulation_jobs(args.jobs)
        return

    with dask_executor(args.dask, args.dask_scheduler_file,
                       timeout=args.dask_timeout) as (executor, workers):
        yield executor, workers


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "compare", help=_(COMMANDS["compare"]),
        description=_("Compare variants: every rule that differs, with its value, its "
                      "status (A attested, I inferred, ? assumed, D disputed) and its "
                      "sources; optionally simulated play on the same deals under each "
                      "variant (--simulate) and deals on which they part ways "
                      "(--divergences)."),
        epilog=_("Examples: rentoy compare 1737 avila; rentoy compare 1737 1737+borrego "
                 "--simulate 20000 --seed 1; rentoy compare 1737 avila --divergences 3 "
                 "--save examples/"))
    p.add_argument("variants", metavar="ID|PATH", nargs="*",
                   help=_("built-in ids or variant files, either with options "
                          "(1737+borrego); default: every built-in variant"))
    p.add_argument("--all-rules", action="store_true",
                   help=_("show every rule, also those that are the same everywhere"))
    p.add_argument("--provenance", action="store_true",
                   help=_("count a rule as differing when its status or sources differ, "
                          "even if its value is the same"))
    add_format(p, FORMATS)
    g = p.add_argument_group(_("simulated play"))
    g.add_argument("--simulate", type=bounded_count("MAX_HANDS"), metavar="N",
                   help=_("play at least N hands per variant (whole games, the same deals "
                          "under every variant; at most 10,000,000) and report statistics "
                          "with 95%% intervals"))
    add_simulation_options(g)
    g.add_argument("--reference", metavar="ID",
                   help=_("the variant the paired differences are taken from (default: the "
                          "first one)"))
    s = p.add_argument_group(_("perfect play"))
    s.add_argument("--solve", type=bounded_count("MAX_DEALS"), metavar="N",
                   help=_("solve N deals double dummy under each variant (every card "
                          "visible, perfect play, no betting; at most 1,000,000) and report "
                          "who wins, with 95%% intervals; with --divergences, the deals whose "
                          "winner differs. Uses --seed, --players and --jobs"))
    d = p.add_argument_group(_("divergent deals"))
    d.add_argument("--divergences", type=bounded_count("MAX_DIVERGENCES"), metavar="K",
                   help=_("find K deals on which two of the variants part ways (at most "
                          "1,000)"))
    d.add_argument("--save", metavar="DIR",
                   help=_("write each divergence as two walkthrough files in DIR (made if "
                          "missing; a taken name gets the next free number, never "
                          "overwritten)"))
    # Simulated play measures what strong play says unless other bots are named.
    p.set_defaults(handler=handle, bots="search")


def handle(args: argparse.Namespace) -> int:
    if len(args.variants) == 1 and args.simulate is None and args.solve is None:
        # One variant has nothing to differ from: the table would be empty.
        raise InputError(Problem(
            _("compare puts two variants or more side by side; {variant} alone has nothing "
              "to be compared with").format(variant=shown(args.variants[0])),
            hint=_("name another, e.g. rentoy compare {variant} avila; rentoy rules {variant} "
                   "prints one variant's rules").format(
                       variant=shown(args.variants[0], quoted=False))))
    for spec in args.variants:
        refuse_empty_variant(spec, "rentoy compare 1737 avila")
    if args.save and args.divergences is None:
        raise InputError(Problem(_("--save writes the divergent deals: give --divergences K "
                                   "too"), hint=_("e.g. --divergences 3 --save examples/")))
    if args.divergences is not None and args.divergences < 1:
        raise InputError(Problem(_("--divergences takes a positive number, not {value}").format(
            value=args.divergences)))
    if args.plot and args.simulate is None:
        raise InputError(Problem(_("--plot draws the simulation: give --simulate N too"),
                                 hint=_("e.g. --simulate 2000 --plot compare.svg")))
    check_plot(args)
    if args.save:
        check_output_folder(args.save, "--save")
    if args.simulate is not None or args.solve is not None:
        args.jobs = simulation_jobs(args.jobs)
    variants = load_variants(args.variants)
    comparison = compare_rules(variants, all_rules=args.all_rules,
                               by="provenance" if args.provenance else "value")
    data: dict[str, object] = {"rules": comparison.as_dict()}
    tables = list(comparison.tables("long" if args.format == "csv" else "wide"))
    if args.format in ("text", "markdown"):

        stored = stored_table([v.id for v in variants])
        if stored is not None:              # what strong play says, beside the rules
            tables.append(stored)

    if (args.format in ("text", "markdown") and sys.stdout.isatty()
            and (args.simulate or args.solve or args.divergences)):
        # The rules cost nothing: a person at a terminal reads them while the play is
        # worked out (the settings are checked first, so no error follows them).
        _check_play_settings(args, variants)
        emit(Report(data, tables), args.format)
        sys.stdout.write("\n")
        sys.stdout.flush()
        tables = []

    if args.simulate is not None:
        report = _simulation(args, variants)
        data["simulation"] = report.data
        tables += report.tables
    if args.solve is not None:

        update, bar = progress_bar(solving_seconds(args.solve, len(variants),
                                                   args.players or 4, max(args.jobs, 1)),
                                   "deals")
        try:
            with executor_of(args) as (executor, jobs):
                perfect = compare_perfect(variants, args.solve, args.seed,
                                          players=args.players, jobs=jobs,
                                          executor=executor, progress=update)
        finally:
            if bar is not None:
                bar.close()
        report = perfect_report(perfect, layout="long" if args.format == "csv" else "wide")
        data["perfect_play"] = report.data
        tables += report.tables
    if args.divergences is not None and args.solve is not None:
        report = _perfect_divergences(args, perfect)
        data["divergences"] = report.data
        tables += report.tables
    elif args.divergences is not None:
        report = _divergences(args, variants)
        data["divergences"] = report.data
        tables += report.tables
    emit(Report(data, tables), args.format)
    return 0


def _check_play_settings(args: argparse.Namespace, variants: Sequence[Variant]) -> None:
    """Refuse bad bots, a bad table size or a bad reference before anything is printed."""

    for spec in (args.bots or "").split(","):
        try:
            parse_bot(spec.strip())
        except ValueError as exc:
            raise InputError(Problem(str(exc))) from None
    choose_players(variants, args.players)
    if args.reference:
        if load_variant(args.reference).id not in [v.id for v in variants]:
            raise InputError(Problem(_("--reference {reference}: not one of the compared "
                                       "variants ({variants})").format(
                reference=args.reference, variants=", ".join(v.id for v in variants))))


def _simulation(args: argparse.Namespace, variants: Sequence[Variant]) -> Report:
    reference = None
    if args.reference:
        reference = load_variant(args.reference).id
        if reference not in [v.id for v in variants]:
            raise InputError(Problem(_("--reference {reference}: not one of the compared "
                                       "variants ({variants})").format(
                reference=args.reference, variants=", ".join(v.id for v in variants))))
    seconds = simulation_estimate(args, args.simulate, len(variants))
    update, bar = progress_bar(seconds, "hands")
    try:
        with executor_of(args) as (executor, jobs):
            result = simulate(variants, args.simulate, args.seed, players=args.players,
                              bots=args.bots, jobs=jobs, executor=executor,
                              progress=update, chunk_games=progress_chunk(seconds, args.simulate))
    finally:
        if bar is not None:
            bar.close()
    if args.plot:
        write_plot(result, args.plot, reference, args.force)
    return simulation_report(result, reference,
                             layout="long" if args.format == "csv" else "wide")


def progress_chunk(seconds: float, hands: int) -> int | None:
    """Games per chunk for a long run: about a second's play each, so that a progress
    bar moves (None: the simulation sizes its chunks itself, a few large ones)."""
    if seconds < 30:
        return None
    games_per_second = hands / max(seconds, 1e-9) / 4      # about four hands a game
    return max(1, min(500, round(games_per_second)))


def _divergences(args: argparse.Namespace, variants: Sequence[Variant]) -> Report:
    found = find_divergences(variants, args.divergences, seed=args.seed, players=args.players)
    saved = save_divergences(found, args.save) if args.save else []
    return divergences_report(found, saved)


def _perfect_divergences(args: argparse.Namespace, perfect: PerfectComparison) -> Report:
    found = perfect_divergences(perfect, args.divergences)
    saved = save_perfect_divergences(found, args.save) if args.save else []
    return perfect_divergences_report(found, saved)
