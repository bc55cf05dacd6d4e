"""``rentoy equity VARIANT``: the chance of winning the game from every score, and one
score's betting decisions in words (``--at A-B``).

The figures are read from the table stored with rentoy for the variant, or from a
file given by ``--table`` (one that ``--save`` wrote), unless ``--hands`` asks for a
new measurement; a variant without a table is measured now, after saying so, what will
be measured and how long it should take (from a short timing), with its progress shown.
``--save FILE`` keeps what was measured; ``--check`` plays whole games from chosen
scores and sets them beside the table.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypedDict
from ..core.i18n import _, data_text, interval, number, percent
from .common import (add_format, bounded_count, count, seconds, chosen_format, emit,
                     warn)
from dataclasses import dataclass
from ..bots import parse_team_specs
from ..model.consistency import check_players
from ..equity.decisions import decision_json, decisions, describe
from ..equity.measure import DEFAULT_BOTS, measure_hands, play_from
from ..equity.store import load_stored, stale
from ..equity.table import equity_table
from ..core.errors import InputError, Problem
from ..render import Report, Table
from ..render.heatmap import draw_heatmap
from ..simulation import wilson_interval
from ..simulation.play import variant_spec
from ..data.variants import load_variant
from . import COMMANDS
from .compare import check_plot, executor_of
from ..equity.store import find_table
from .common import output_width
from ..equity.decisions import INTERVAL_DRAWS, with_intervals

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
    by_symmetry: bool
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
    seconds: float = 0.0
    seed: int = 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "equity", help=_(COMMANDS["equity"]),
        description=_("For every score short of the target, team A's chance of winning the "
                      "game at the start of a hand under strong play (the bots named), with "
                      "a 95% interval: by recursion over the scores from one hand's result "
                      "measured at each score. With --at A-B, that score's decisions in "
                      "words: over which chances of winning the hand folding, accepting or "
                      "raising again is best, first not counting the raises that may "
                      "follow, then counting them; figures in brackets are 95% intervals."),
        epilog=_("Examples: rentoy equity 1737; rentoy equity 1737 --at 4-5; rentoy equity "
                 "1737 -f json; rentoy equity 1737 --plot equity.svg; rentoy equity 1737 "
                 "--hands 40 --jobs 2 --check 4-5; rentoy equity my-variant.yaml --save "
                 "t.json, then rentoy equity my-variant.yaml --table t.json --at 4-5"))
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
    p.add_argument("--table", metavar="FILE",
                   help=_("read the table from FILE, one that --save wrote (checked: made "
                          "for the same rules and table size)"))
    p.add_argument("--save", metavar="FILE",
                   help=_("keep the table in FILE (JSON), for --table and rentoy review "
                          "--table"))
    p.add_argument("--bots", metavar="B",
                   help=_("the bots that play the measured hands (default: "
                          "search:careless_at=1, or those of the stored table)"))
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
                   help=_("let the --plot or --save file replace an existing one"))
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
    save: str | None = args.save
    if save:        # the one rule of output paths, asked before anything is measured
        from ..core.files import check_output

        check_output(save, force=args.force, what="--save")
    table, info = _equity(args)
    if save:
        _save(save, table, info, args)
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


def bots_words(bots: str) -> str:
    """The bots of a table as players read them (see
    :func:`rentoy.analysis.stakes.bots_words`)."""
    from ..analysis.stakes import bots_words as words

    return words(bots)


def _stored_info(spec: str, name: str, players: int, data: dict[str, object],
                 path: str | None) -> TableInfo:
    """What a stored table rests on, said without the command that made it."""
    hands = int(data["hands_per_score"])  # type: ignore[call-overload]
    seed = data.get("seed", 0)
    seconds = data.get("seconds", {})
    took = seconds.get("table") if isinstance(seconds, dict) else None
    if path is None:
        how = f"stored with rentoy: {hands} hands at every score, seed {seed}"
        shown = _("stored with rentoy: {hands} hands at every score, seed {seed}").format(
            hands=number(hands), seed=seed)
    else:
        how = f"read from {path}: {hands} hands at every score, seed {seed}"
        shown = _("read from {path}: {hands} hands at every score, seed {seed}").format(
            path=path, hands=number(hands), seed=seed)
    if isinstance(took, (int, float)):
        shown += _(", measured in {minutes} min").format(minutes=number(took / 60, 1))
    return TableInfo(variant=spec, name=name, players=players, bots=str(data["bots"]),
                     hands_per_score=hands, how=how, how_shown=shown,
                     checks=tuple(data.get("checks", [])),  # type: ignore[arg-type]
                     seconds=float(took) if isinstance(took, (int, float)) else 0.0,
                     seed=int(seed) if isinstance(seed, int) else 0)


def _equity(args: argparse.Namespace) -> tuple[EquityTable, TableInfo]:
    """The table (stored, read from ``--table``, or measured now) and what it rests on."""

    asked_bots: str | None = args.bots
    asked_hands: int | None = args.hands
    table_file: str | None = args.table
    variant = load_variant(args.variant)
    players = check_players(variant, variant.rules.default_players if args.players is None
                            else args.players)
    spec = variant_spec(variant)
    if table_file is not None:
        if asked_hands is not None:
            raise InputError.at(_("--table reads a table and --hands measures one: give "
                                  "one of them"))
        from .common import refuse_folder

        refuse_folder(table_file, _("a table of chances"),
                      _("give the file that rentoy equity --save wrote"))
        table, data = find_table(variant, players, table_file)  # type: ignore[misc]
        return table, _stored_info(spec, variant.name, players, data, table_file)
    found = None if asked_hands is not None else find_table(variant, players)
    if found is not None and asked_bots is not None and asked_bots != found[1]["bots"]:
        found = None
    if found is not None:
        table, data = found
        changed: list[str] = []
        try:
            changed = stale(data)
        except Exception:  # noqa: BLE001 - the variant it was made from is not at hand
            changed = [_("the variant file")]
        if changed:
            warn(_("the stored table of {variant} was made before its rules changed "
                   "({changed}); measure it again with --hands").format(
                       variant=spec, changed=", ".join(changed)))
        return table, _stored_info(spec, variant.name, players, data, None)
    hands = 40 if asked_hands is None else asked_hands
    if hands < 1:
        raise InputError.at(_("--hands must be 1 or more, not {hands}").format(hands=hands))
    bots = asked_bots or DEFAULT_BOTS
    try:        # the bots are read before anything runs, and only they are "--bots"
        pair = parse_team_specs(bots)
    except ValueError as exc:
        raise InputError.at(str(exc)) from None
    if asked_hands is None:
        stored = load_stored(variant.id, players)
        why = (_("no table of chances is stored for {variant} at {players} players")
               if stored is None else
               _("the stored table of {variant} at {players} players was made with other "
                 "bots")).format(variant=spec, players=players)
        _say(why + ".")
    return _measure(args, variant, spec, players, hands, bots, pair)


def _say(text: str) -> None:
    """A note for the person at the terminal, on stderr (the output stays clean)."""
    import sys

    from . import shorten

    print(shorten("rentoy: " + text), file=sys.stderr)


def _measure(args: argparse.Namespace, variant: object, spec: str, players: int,
             hands: int, bots: str, pair: tuple[str, str]
             ) -> tuple[EquityTable, TableInfo]:
    """Measure the table now: a short timing first, then the hands at every score with
    their progress, the time they took kept with the table."""
    import sys
    import time

    from ..equity.measure import score_cells
    from .compare import executor_of

    seed: int = args.seed
    target = int(variant.rules.target)  # type: ignore[attr-defined]
    cells = score_cells(target)
    with executor_of(args) as (executor, jobs):
        # The timing: two hands at three scores, on this process; kept as part of the
        # measurement when the same hands come again (they do: the streams are numbered).
        probe = [cells[0], cells[len(cells) // 2], cells[-1]]
        started = time.perf_counter()
        measure_hands(variant, min(2, hands), seed, players=players,  # type: ignore[arg-type]
                      bots=pair, scores=probe)
        per_hand = (time.perf_counter() - started) / (len(probe) * min(2, hands))
        total = hands * len(cells)
        workers = max(1, jobs)
        expected = per_hand * total / workers
        _say(_("measuring {hands} hands at each of {cells} scores ({total} hands, bots "
               "{bots}, {players} players, {jobs} worker processes): about {minutes} min "
               "from a short timing. --save FILE keeps the table for next time.").format(
            hands=number(hands), cells=number(len(cells)), total=number(total),
            bots=bots_words(bots), players=players, jobs=workers,
            minutes=number(max(expected, 1.0) / 60, 1)))
        shown = [0]
        started = time.perf_counter()
        terminal = sys.stderr.isatty()

        def progress(done: int, of: int) -> None:
            share = done / of if of else 1.0
            step = int(share * 10)
            if not terminal and step <= shown[0] and done < of:
                return
            shown[0] = step
            elapsed = time.perf_counter() - started
            left = elapsed / share - elapsed if share > 0 else expected
            line = _("measured {done} of {total} scores ({share}), about {minutes} min "
                     "left").format(done=number(done), total=number(of),
                                    share=percent(100 * share, 0),
                                    minutes=number(max(left, 0.0) / 60, 1))
            if terminal:
                print("\r" + line + " " * 4, end="" if done < of else "\n",
                      file=sys.stderr, flush=True)
            else:
                _say(line)

        counts = measure_hands(variant, hands, seed, players=players,  # type: ignore[arg-type]
                               bots=pair, jobs=jobs, executor=executor, progress=progress)
        took = time.perf_counter() - started
    info = TableInfo(
        variant=spec, name=variant.name, players=players,  # type: ignore[attr-defined]
        bots=bots, hands_per_score=hands,
        how=f"measured now: {hands} hands at every score, seed {seed}",
        how_shown=_("measured now: {hands} hands at every score, seed {seed}, in {minutes} "
                    "min").format(hands=number(hands), seed=seed,
                                  minutes=number(took / 60, 1)),
        seconds=round(took, 1), seed=seed)
    from ..analysis.stakes import measured_source

    return equity_table(counts, target, seed=seed,
                        source=measured_source(hands, bots)), info


def _save(path: str, table: EquityTable, info: TableInfo, args: argparse.Namespace) -> None:
    """Write the table with what made it (as the stored tables are written)."""
    import shlex

    from .. import __version__
    from ..equity.store import table_json, variant_record
    from ..core.files import write_output
    from ..data.variants import load_variant

    variant = load_variant(args.variant)
    command = ["rentoy", "equity", str(args.variant), "--hands", str(info.hands_per_score),
               "--bots", info.bots, "--seed", str(info.seed), "--players",
               str(info.players), "--save", path]
    meta = {"variant": info.variant, "label": variant.id, "players": info.players,
            "bots": info.bots, "seed": info.seed, "hands_per_score": info.hands_per_score,
            "hands": table.hands, "generated_by": shlex.join(command),
            "rentoy_version": __version__, "record": variant_record(variant),
            "seconds": {"table": info.seconds, "jobs": max(1, args.jobs or 1)},
            "checks": list(info.checks)}
    import json

    write_output(path, json.dumps(table_json(table, meta), indent=1, ensure_ascii=False)
                 + "\n", force=args.force)
    _say(_("table written to {path}; read it again with --table {path}").format(path=path))


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
                "by_symmetry": table.by_symmetry(a, b),
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


def _bands(target: int, width: int) -> list[range]:
    """Team B's scores cut into bands of columns that fit ``width`` characters (a cell
    of up to three digits and two spaces each, after the row's label)."""
    per = max(3, (width - 6) // 5)
    return [range(start, min(start + per, target)) for start in range(0, target, per)]


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
    widths = sorted((table.high(a, b, d) - table.low(a, b, d)) / 2
                    for a in range(target) for b in range(target)
                    if not table.by_symmetry(a, b, d))
    dealing = {None: _("either team as likely to deal"), 0: _("team A dealing"),
               1: _("team B dealing")}[d]
    text = [_("Team A's chance of winning the game (%) at the start of a hand, by score "
              "({dealing}): rows are team A's points, columns team B's. Team B's chance "
              "is 100 minus it.").format(dealing=dealing),
            _("Bots: {bots}; {players} players; {how} ({hands} hands). 95% intervals (JSON, "
              "CSV) are within ±{half} points at half the scores and ±{most} at most.").format(
                bots=bots_words(info.bots), players=info.players, how=info.how_shown,
                hands=number(table.hands), half=number(100 * widths[len(widths) // 2], 1),
                most=number(100 * widths[-1], 1))]
    if d is None:
        text.append(_("At equal scores the figure is 50 by symmetry: either team is as "
                      "likely to deal, and the teams' places are then the same."))
    text.append(_("The figures are fitted so that a point more never lowers a team's "
                  "chance; the JSON of --save keeps the cells before the fit (raw)."
                  ) if table.fit != "none" else
                _("The figures are the recursion's cells, not fitted."))
    title = _("{name} ({variant}): game to {target}").format(
        name=data_text(info.name), variant=info.variant, target=target)
    bands = _bands(target, output_width() if fmt == "text" else 10_000)
    tables = []
    for band in bands:
        grid = [[str(a)] + [_pct(table.win_a(a, b, d)) for b in band] for a in range(target)]
        shown = title if len(bands) == 1 else title + " " + _(
            "(team B's points {first} to {last})").format(first=band[0], last=band[-1])
        tables.append(Table(["A\\B", *map(str, band)], grid, title=shown))
    all_checks = checks or info.checks
    if all_checks:
        tables.append(_check_table(table, all_checks))
    return Report(rows, tables, heading=_("Equity: {variant}").format(variant=info.variant),
                  text=text)


def _ranges_cell(ranges: Sequence[Any]) -> str:
    """The best options over the chances of winning the hand, in a few characters:
    ``fold <35 accept <45 raise``."""
    words = {"fold": _("fold"), "accept": _("accept"), "raise": _("raise"),
             "raise-game": _("game"), "play": _("play")}
    parts = []
    for r in ranges:
        parts.append(words.get(r.option, r.option))
        if r.high < 1.0:
            parts.append("<" + _pct(r.high))
    return " ".join(parts)


def _at_report(at: tuple[int, int], dealer_choice: str, table: EquityTable, info: TableInfo,
               checks: Sequence[Check]) -> Report:
    a, b = at
    d = 1 if dealer_choice == "either" else "AB".index(dealer_choice)
    rows = decisions(table.chances, info.variant, (a, b), d)
    rows = with_intervals(rows, table.drawn(INTERVAL_DRAWS), info.variant)
    data = {"score_a": a, "score_b": b, "dealer": "AB"[d],
            "win_a": round(table.win_a(a, b, d), 4), "win_a_low": round(table.low(a, b, d), 4),
            "win_a_high": round(table.high(a, b, d), 4), "variant": info.variant,
            "players": info.players, "bots": info.bots, "how": info.how,
            "interval_draws": INTERVAL_DRAWS,
            "decisions": [decision_json(r) for r in rows]}
    win = table.win_a(a, b, d)
    text = [_("At {score}, team {dealer} dealing, team A wins the game {win} {span} of the "
              "time and team B {lose} (bots: {bots}; {how}).").format(
                  score=f"{a}-{b}", dealer="AB"[d], win=percent(100 * win, 0),
                  span=interval(_pct(table.low(a, b, d)), _pct(table.high(a, b, d))),
                  lose=percent(100 * (1 - win), 0), bots=bots_words(info.bots),
                  how=info.how_shown)]
    text += [describe(r) for r in rows]
    text.append(_("Each answer is weighed against every other by the chance of winning "
                  "the game it leads to, for every chance of winning the hand. Not counting "
                  "later raises: the hand is played out at the value accepted. Counting "
                  "them: the team holding the right to raise raises as soon as the other "
                  "should fold, and the hand's chance moves without jumps; a real hand "
                  "jumps, so the truth lies between the two. Figures in brackets are 95% "
                  "intervals over {draws} new draws of the measured hands; where one is "
                  "wide, the table cannot yet tell (the page \u201cWhat the bet is "
                  "worth\u201d says more).").format(draws=INTERVAL_DRAWS))
    table_rows = [[_("{start} to {end}").format(start=r.from_value, end=r.to_value),
                   "AB"[r.team],
                   f"{r.fold_score[0]}-{r.fold_score[1]} ({_pct(r.fold_chance)})",
                   _("dead raise") if r.dead else _ranges_cell(r.dead_ranges),
                   _("dead raise") if r.dead else _ranges_cell(r.ranges)]
                  for r in rows]
    heads = [_("raise"), _("offered to"), _("fold leaves (game %)"),
             _("best by hand chance (%)"), _("counting later raises")]
    tables = [Table(heads, table_rows, title=_("Decisions by the tables (chances of the team "
                                               "offered the raise)"),
                    abbrev=dict(zip(heads[1:], (_("team"), _("fold"), _("best (%)"),
                                                _("later raises")))))]
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
