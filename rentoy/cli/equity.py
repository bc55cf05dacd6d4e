"""``rentoy equity VARIANT``: the chance of winning the game from every score, and one
score's betting decisions in words (``--at A-B``).

The figures are read from the table stored for the variant (``bench/equity.py`` made
it) unless ``--hands`` asks for a new measurement (or none is stored); ``--check``
plays whole games from chosen scores and sets them beside the table.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

from ..bots import parse_team_specs
from ..consistency import check_players
from ..equity.decisions import decision_json, decisions, describe
from ..equity.measure import DEFAULT_BOTS, measure_hands, play_from
from ..equity.store import load_stored, stale, table_from_json
from ..equity.table import equity_table
from ..errors import InputError, Problem
from ..i18n import _, data_text, number
from ..render import Report, Table
from ..render.heatmap import draw_heatmap
from ..simulation import wilson_interval
from ..simulation.cost import simulation_seconds
from ..simulation.play import variant_spec
from ..variants import load_variant
from . import COMMANDS
from .common import (add_format, bounded_count, chosen_format, count, emit, progress_bar, seconds,
                     warn)
from .compare import check_plot, executor_of

if TYPE_CHECKING:
    from ..equity.table import EquityTable
    from ..render import Report, Table


class Check(TypedDict):
    """Whole games played from one score (``--check``), as the JSON and the stored
    tables give them: ``wins_a`` of ``games`` won by team A, ``dealer`` team dealing."""

    score_a: int
    score_b: int
    dealer: str
    games: int
    wins_a: int


class DealerChance(TypedDict):
    """Team A's chance of the game at one score with one team dealing, and its
    interval."""

    win_a: float
    low: float
    high: float


class ScoreRow(TypedDict):
    """One score of the JSON of ``rentoy equity``."""

    score_a: int
    score_b: int
    win_a: float
    win_a_low: float
    win_a_high: float
    win_b: float
    by_dealer: dict[str, DealerChance]
    hands: int
    variant: str
    players: int
    bots: str


# A dataclass, the house's value class off start-up (see rentoy.frozen for why the
# values start-up loads are Frozen).
@dataclass(frozen=True)
class TableInfo:
    """What an equity table rests on: the variant (as its spec) and its name, the table
    size, the bots, the hands measured at every score, how the table was made (for the
    JSON, in English; and in the language spoken) and the checks stored with it."""

    variant: str
    name: str
    players: int
    bots: str
    hands_per_score: int
    how: str
    how_shown: str
    checks: tuple[Check, ...] = ()


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "equity", help=_(COMMANDS["equity"]),
        description=_("For every score short of the target, team A's chance of winning the "
                      "game at the start of a hand under strong play (the bots named), with "
                      "a 95% interval: by recursion over the scores from one hand's result "
                      "measured at each score. With --at A-B, that score's decisions in "
                      "words: when to fold, accept or raise again, as the chance of winning "
                      "the hand at which each is right (dead: later raises not counted; "
                      "live: counted, as backgammon players count a live cube)."),
        epilog=_("Examples: rentoy equity 1737; rentoy equity 1737 --at 4-5; rentoy equity "
                 "1737 -f json; rentoy equity 1737 --plot equity.svg; rentoy equity 1737 "
                 "--hands 40 --jobs 2 --check 4-5"))
    p.add_argument("variant", metavar="ID|PATH",
                   help=_("a built-in id or a variant file, either with options (1737+borrego)"))
    p.add_argument("--at", metavar="A-B", type=_score,
                   help=_("print this score's decisions (team A's points, then team B's)"))
    p.add_argument("--dealer", choices=("A", "B", "either"), default="either",
                   help=_("the team dealing the hand: the grid shows the mean of the two "
                          "(either), --at shows team B dealing unless told"))
    p.add_argument("--players", type=int, metavar="P",
                   help=_("table size (default: the variant's default)"))
    p.add_argument("--hands", "-n", type=bounded_count("MAX_EQUITY_HANDS"), metavar="N",
                   help=_("measure now, N hands at every score (default: read the stored "
                          "table; 40 when none is stored)"))
    p.add_argument("--bots", metavar="B",
                   help=_("the bots that play the measured hands (default: "
                          "search:samples=8:careless_at=1, or those of the stored table)"))
    p.add_argument("--seed", type=count, default=0, metavar="S",
                   help=_("seed of a new measurement; the same seed gives the same table"))
    p.add_argument("--check", metavar="A-B[,A-B]",
                   help=_("also play whole games from these scores (team B dealing) and "
                          "compare them with the table"))
    p.add_argument("--games", type=bounded_count("MAX_EQUITY_HANDS"), default=200, metavar="G",
                   help=_("with --check: games from each score"))
    p.add_argument("--jobs", "-j", type=count, default=1, metavar="J",
                   help=_("worker processes, at most one per core (0: one per core); the "
                          "output does not depend on it"))
    p.add_argument("--dask", metavar="ADDRESS",
                   help=_("measure on the dask.distributed cluster whose scheduler is at "
                          "ADDRESS (needs rentoy[distributed])"))
    p.add_argument("--dask-scheduler-file", metavar="FILE",
                   help=_("as --dask, with the scheduler file `dask scheduler` wrote"))
    p.add_argument("--dask-timeout", type=seconds, default=20.0, metavar="SECONDS",
                   help=_("how long to wait for the dask scheduler and a first worker"))
    p.add_argument("--plot", metavar="FILE",
                   help=_("also draw the grid as a heat map to FILE (.svg, .png or .pdf; "
                          "needs matplotlib)"))
    p.add_argument("--force", action="store_true",
                   help=_("let the --plot file replace an existing one"))
    add_format(p, ("text", "markdown", "json", "csv"))
    p.add_argument("--json", action="store_true", help=_("print JSON (same as --format json)"))
    p.set_defaults(handler=handle)


def _score(text: str) -> tuple[int, int]:
    a, sep, b = text.strip().partition("-")
    try:
        if not sep:
            raise ValueError
        score = int(a), int(b)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a score; write team A's points, a dash, team B's: 4-5").format(
                text=repr(text))) from None
    if min(score) < 0:
        raise argparse.ArgumentTypeError(
            _("{text}: a score is never negative").format(text=repr(text)))
    return score


def handle(args: argparse.Namespace) -> int:
    fmt = chosen_format(args)
    plot: str | None = args.plot
    check: str | None = args.check
    at: tuple[int, int] | None = args.at
    dealer: str = args.dealer
    if plot:
        check_plot(args)
    table, info = _equity(args)
    target = table.target
    checks: list[Check] = []
    if check:
        try:
            scores = [_score(part) for part in check.split(",") if part.strip()]
        except argparse.ArgumentTypeError as exc:
            raise InputError(Problem(f"--check: {exc}", hint=_("e.g. --check 0-0,4-5"))
                             ) from None
        _within(scores, target, "--check")
        checks = _checks(args, info, scores)
    if plot:
        _plot(plot, table, info, dealer)
    if at is not None:
        _within([at], target, "--at")
        emit(_at_report(at, dealer, table, info, checks), fmt)
        return 0
    emit(_grid_report(table, info, dealer, checks, fmt), fmt)
    return 0


def _within(scores: list[tuple[int, int]], target: int, option: str) -> None:
    for a, b in scores:
        if a >= target or b >= target:
            raise InputError(Problem(
                _("{option} {score}: the game is over at {target} points").format(
                    option=option, score=f"{a}-{b}", target=target),
                hint=_("give scores below {target}, e.g. 4-5").format(target=target)))


def _equity(args: argparse.Namespace) -> tuple[EquityTable, TableInfo]:
    """The table (stored, or measured now) and what it rests on."""

    asked_bots: str | None = args.bots
    asked_hands: int | None = args.hands
    seed: int = args.seed
    variant = load_variant(args.variant)
    players = check_players(variant, variant.rules.default_players if args.players is None
                            else args.players)
    spec = variant_spec(variant)
    stored = None if asked_hands is not None else load_stored(variant.id, players)
    changed: list[str] = []
    if stored is not None:
        try:
            changed = stale(stored)
        except Exception:  # noqa: BLE001 - the variant it was made from is not at hand
            changed = [_("the variant file")]
        if changed and not variant.builtin:     # another file with the same id
            stored = None
    if stored is not None and asked_bots is not None and asked_bots != stored["bots"]:
        stored = None
    if stored is not None:
        if changed:
            warn(_("the stored table of {variant} was made before its rules changed "
                   "({changed}); run {command} again").format(
                       variant=spec, changed=", ".join(changed),
                       command=stored["generated_by"]))
        how_made = _("stored, made by `{command}`").format(command=stored["generated_by"])
        # The stored JSON's values as bench/equity.py wrote them (its checks are Checks).
        return table_from_json(stored), TableInfo(
            variant=spec, name=variant.name, players=players, bots=stored["bots"],
            hands_per_score=stored["hands_per_score"],
            how=f"stored, made by `{stored['generated_by']}`", how_shown=how_made,
            checks=tuple(stored.get("checks", [])))
    hands = 40 if asked_hands is None else asked_hands
    if hands < 1:
        raise InputError.at(_("--hands must be 1 or more, not {hands}").format(hands=hands))
    bots = asked_bots or DEFAULT_BOTS

    try:        # the bots are read before anything runs, and only they are "--bots"
        pair = parse_team_specs(bots)
    except ValueError as exc:
        raise InputError.at(str(exc)) from None
    cells = variant.rules.target ** 2
    update, bar = progress_bar(simulation_seconds(hands * cells, 1, pair, players=players,
                                                  jobs=max(1, args.jobs or 1)), "hands")
    try:
        with executor_of(args) as (executor, jobs):
            counts = measure_hands(
                variant, hands, seed, players=players, bots=pair, jobs=jobs,
                executor=executor,
                progress=None if update is None else
                (lambda done, total: update(done * hands, total * hands)))
    finally:
        if bar is not None:
            bar.close()
    info = TableInfo(
        variant=spec, name=variant.name, players=players, bots=bots, hands_per_score=hands,
        how=f"measured now: {hands} hands at every score, seed {seed}",
        how_shown=_("measured now: {hands} hands at every score, seed {seed}").format(
            hands=hands, seed=seed))
    return equity_table(counts, variant.rules.target, seed=seed), info


def _checks(args: argparse.Namespace, info: TableInfo, scores: list[tuple[int, int]]
            ) -> list[Check]:
    with executor_of(args) as (executor, jobs):
        games = play_from(info.variant, [(a, b, 1) for a, b in scores], args.games,
                          args.seed, players=info.players, bots=parse_team_specs(info.bots),
                          jobs=jobs, executor=executor)
    return [{"score_a": a, "score_b": b, "dealer": "B", "games": g, "wins_a": w}
            for (a, b, _), (w, g) in sorted(games.items())]


def _pct(p: float) -> str:
    return f"{100 * p:.0f}"


def _dealer_index(choice: str) -> int | None:
    return None if choice == "either" else "AB".index(choice)


def score_rows(table: EquityTable, info: TableInfo) -> list[ScoreRow]:
    """The JSON of ``rentoy equity``: one object per score."""
    rows: list[ScoreRow] = []
    for a in range(table.target):
        for b in range(table.target):
            rows.append({
                "score_a": a, "score_b": b,
                "win_a": round(table.win_a(a, b), 4),
                "win_a_low": round(table.low(a, b), 4),
                "win_a_high": round(table.high(a, b), 4),
                "win_b": round(1 - table.win_a(a, b), 4),
                "by_dealer": {name: {"win_a": round(table.win_a(a, b, d), 4),
                                     "low": round(table.low(a, b, d), 4),
                                     "high": round(table.high(a, b, d), 4)}
                              for d, name in enumerate("AB")},
                "hands": sum(table.counts[(a, b)].values()),
                "variant": info.variant, "players": info.players,
                "bots": info.bots,
            })
    return rows


def _check_rows(table: EquityTable, checks: Sequence[Check]) -> list[list[object]]:
    rows: list[list[object]] = []
    for c in checks:
        a, b, d = c["score_a"], c["score_b"], "AB".index(c["dealer"])
        low, high = wilson_interval(c["wins_a"], c["games"])
        rows.append([f"{a}-{b}", c["dealer"], c["games"],
                     f"{_pct(c['wins_a'] / c['games'])} [{_pct(low)}, {_pct(high)}]",
                     f"{_pct(table.win_a(a, b, d))} [{_pct(table.low(a, b, d))}, "
                     f"{_pct(table.high(a, b, d))}]",
                     _("yes") if low <= table.high(a, b, d) and table.low(a, b, d) <= high
                     else _("no")])
    return rows


def _check_table(table: EquityTable, checks: Sequence[Check]) -> Table:
    won, meet = _("games won by A (%)"), _("intervals meet")
    return Table([_("score"), _("dealer"), _("games"), won, _("table (%)"), meet],
                 _check_rows(table, checks),
                 title=_("Check: whole games played from chosen scores"),
                 abbrev={won: _("games (%)"), meet: _("agree")})


def _grid_report(table: EquityTable, info: TableInfo, dealer_choice: str,
                 checks: Sequence[Check], fmt: str) -> Report:
    rows = score_rows(table, info)
    if fmt == "json":
        return Report(rows)
    if fmt == "csv":
        return Report(rows, [Table(
            ["score_a", "score_b", "win_a", "win_a_low", "win_a_high", "win_a_dealer_A",
             "win_a_dealer_B", "hands"],
            [[r["score_a"], r["score_b"], r["win_a"], r["win_a_low"], r["win_a_high"],
              r["by_dealer"]["A"]["win_a"], r["by_dealer"]["B"]["win_a"], r["hands"]]
             for r in rows])])
    d = _dealer_index(dealer_choice)
    target = table.target
    grid = [[str(a)] + [_pct(table.win_a(a, b, d)) for b in range(target)]
            for a in range(target)]
    widths = sorted((table.high(a, b, d) - table.low(a, b, d)) / 2
                    for a in range(target) for b in range(target))
    dealing = {None: _("either team as likely to deal"), 0: _("team A dealing"),
               1: _("team B dealing")}[d]
    text = [_("Team A's chance of winning the game (%) at the start of a hand, by score "
              "({dealing}): rows are team A's points, columns team B's. Team B's chance "
              "is 100 minus it.").format(dealing=dealing),
            _("Bots: {bots}, {players} players; {how} ({hands} hands). 95% intervals (JSON, "
              "CSV) are within ±{half} points at half the scores and ±{most} at most.").format(
                bots=info.bots, players=info.players, how=info.how_shown,
                hands=number(table.hands), half=number(100 * widths[len(widths) // 2], 1),
                most=number(100 * widths[-1], 1))]
    tables = [Table(["A\\B", *map(str, range(target))], grid,
                    title=_("{name} ({variant}): game to {target}").format(
                        name=data_text(info.name), variant=info.variant,
                        target=target))]
    all_checks = checks or info.checks
    if all_checks:
        tables.append(_check_table(table, all_checks))
    return Report(rows, tables, heading=_("Equity: {variant}").format(variant=info.variant),
                  text=text)


def _at_report(at: tuple[int, int], dealer_choice: str, table: EquityTable, info: TableInfo,
               checks: Sequence[Check]) -> Report:
    a, b = at
    d = 1 if dealer_choice == "either" else "AB".index(dealer_choice)
    rows = decisions(table.chances, info.variant, (a, b), d)
    data = {"score_a": a, "score_b": b, "dealer": "AB"[d],
            "win_a": round(table.win_a(a, b, d), 4), "win_a_low": round(table.low(a, b, d), 4),
            "win_a_high": round(table.high(a, b, d), 4), "variant": info.variant,
            "players": info.players, "bots": info.bots, "how": info.how,
            "decisions": [decision_json(r) for r in rows]}
    text = [_("At {score}, team {dealer} dealing, team A wins the game {win}% of the time "
              "[{low}, {high}] and team B {lose}% (bots {bots}; {how}).").format(
                  score=f"{a}-{b}", dealer="AB"[d], win=f"{100 * table.win_a(a, b, d):.0f}",
                  low=f"{100 * table.low(a, b, d):.0f}", high=f"{100 * table.high(a, b, d):.0f}",
                  lose=f"{100 * (1 - table.win_a(a, b, d)):.0f}", bots=info.bots,
                  how=info.how_shown)]
    text += [describe(r) for r in rows]
    text.append(_("Dead: later raises are not counted. Counting later raises (live) the "
                  "hand's chance is taken to move without jumps, so each team raises just "
                  "where the other should fold; a real hand jumps, so the right point lies "
                  "between the two. Take points are ratios of differences of the table's "
                  "chances, so they carry its noise much magnified (often 20 points either "
                  "way at 80 hands per score)."))
    table_rows = [[_("{start} to {end}").format(start=r.from_value, end=r.to_value),
                   "AB"[r.team],
                   f"{r.fold_score[0]}-{r.fold_score[1]}", _pct(r.fold_chance),
                   _("dead") if r.dead else f"{_pct(r.take.dead)} / {_pct(r.take.live)}",
                   "-" if r.again is None or r.dead or r.again_dead
                   else f"{_pct(r.again.dead)} / {_pct(r.again.live)}"]
                  for r in rows]
    heads = [_("raise"), _("offered to"), _("fold leaves"), _("game after fold (%)"),
             _("accept from (%) dead / live"), _("raise again from (%) dead / live")]
    tables = [Table(heads, table_rows, title=_("Decisions by the tables (chances of the team "
                                               "offered the raise)"),
                    abbrev=dict(zip(heads[1:], (_("team"), _("fold"), _("fold (%)"),
                                                _("accept (%)"), _("again (%)")))))]
    if checks:
        tables.append(_check_table(table, checks))
    return Report(data, tables, heading=_("Betting at {score}: {variant}").format(
        score=f"{a}-{b}", variant=info.variant), text=text)


def _plot(path: str, table: EquityTable, info: TableInfo, dealer_choice: str) -> None:
    d = _dealer_index(dealer_choice)
    grid = [[table.win_a(a, b, d) for b in range(table.target)] for a in range(table.target)]
    written = draw_heatmap(
        grid, path, _("{variant}: team A's chance of the game (%)").format(
            variant=info.variant),
        _("team B's points"), _("team A's points"),
        note=_("bots {bots}; {hands} hands at every score; {dealing}").format(
            bots=info.bots, hands=info.hands_per_score,
            dealing=_("either team dealing") if d is None else
            _("team {team} dealing").format(team="AB"[d])))
    print("rentoy: " + _("plot written to {path}").format(path=written), file=sys.stderr)
