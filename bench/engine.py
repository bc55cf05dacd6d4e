"""How fast the engine plays: random-play hands per second against a hard-coded baseline.

The measure is the one ``../shared/bench/baseline.py`` uses: whole games to 12 under
the 1737 reading with 4 players, every action chosen uniformly at random among the
legal ones, counting hands. The engine plays through ``Game.legal_actions()`` and
``Game.apply_unchecked()`` (the path bots and simulations use); a second row plays
through the checked ``apply()``. The baseline, a straight-line simulator with every
rule hard-coded, runs in the same process and the same run, interleaved with the
engine, so both see the same machine load. Each is run ``--repeat`` times and the
best run counts.

    python bench/engine.py                    # a table
    python bench/engine.py --hands 50000 --json
    python bench/engine.py --baseline PATH    # when the baseline is elsewhere

Goals: the unchecked loop at no less than 0.9 of the baseline's speed, the checked
``apply()`` at no less than half (``--fail-under RATIO`` makes the unchecked ratio's
verdict the exit status).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import json
import platform
import random
import statistics
import sys
import textwrap
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BASELINE = ROOT.parent / "shared" / "bench" / "baseline.py"
GOAL, CHECKED_GOAL = 0.9, 0.5      # unchecked, checked: against the baseline


def engine_run(hands: int, seed: int, variant: str = "1737", players: int = 4,
               checked: bool = False) -> dict[str, Any]:
    """Play whole games with uniformly random legal actions until ``hands`` are played."""
    from rentoy.engine import Game
    from rentoy.variants import load_variant

    game_variant = load_variant(variant)
    rng = random.Random(seed)
    played = games = actions = 0
    start = time.perf_counter()
    while played < hands:
        game = Game(game_variant, players=players, rng=rng)
        apply = game.apply if checked else game.apply_unchecked
        legal_actions = game.legal_actions
        rand = rng.random
        while True:
            legal = legal_actions()
            if not legal:
                break
            apply(legal[int(rand() * len(legal))])
            actions += 1
        played += game.hands_played
        games += 1
    return _result(played, games, actions, time.perf_counter() - start)


def load_baseline(path: Path) -> Callable[[int], dict[str, Any]]:
    """A function running the baseline for N hands and returning its JSON result."""
    spec = importlib.util.spec_from_file_location("rentoy_bench_baseline", path)
    if spec is None or spec.loader is None:
        raise FileNotFoundError(path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    def run(hands: int) -> dict[str, Any]:
        argv, out = sys.argv, io.StringIO()
        sys.argv = [str(path), str(hands), "--json"]
        try:
            with contextlib.redirect_stdout(out):
                module.main()
        finally:
            sys.argv = argv
        data = json.loads(out.getvalue())
        return _result(data["hands"], data["games"], data["actions"], data["seconds"])

    return run


def _result(hands: int, games: int, actions: int, seconds: float) -> dict[str, Any]:
    return {"hands": hands, "games": games, "actions": actions, "seconds": round(seconds, 4),
            "hands_per_second": round(hands / seconds, 1) if seconds else None}


def _paired(runs: list[dict[str, Any]], baseline_runs: list[dict[str, Any]]) -> float:
    """The median over rounds of a run's speed over the baseline's in the same round."""
    return round(statistics.median(r["hands_per_second"] / b["hands_per_second"]
                                   for r, b in zip(runs, baseline_runs)), 3)


def _summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    rates = [r["hands_per_second"] for r in runs]
    best = max(runs, key=lambda r: r["hands_per_second"])
    return {**best, "median_hands_per_second": round(statistics.median(rates), 1),
            "runs": len(runs)}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bench/engine.py", description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=20_000,
                        help="hands per run (whole games are played; default 20000)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of each, interleaved; the best counts (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--baseline", type=Path, default=DEFAULT_BASELINE,
                        help=f"the baseline script (default {DEFAULT_BASELINE})")
    parser.add_argument("--no-checked", action="store_true",
                        help="skip the row that plays through the checked apply()")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--fail-under", type=float, metavar="RATIO",
                        help="exit with status 1 when engine/baseline is below RATIO")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.hands < 1 or args.repeat < 1:
        print("bench/engine.py: --hands and --repeat must be at least 1", file=sys.stderr)
        return 2
    try:
        baseline = load_baseline(args.baseline)
    except (FileNotFoundError, OSError) as exc:
        print(f"bench/engine.py: cannot load the baseline {args.baseline}: {exc}; "
              "give its path with --baseline PATH", file=sys.stderr)
        return 2

    engine_runs, checked_runs, baseline_runs = [], [], []
    engine_run(min(args.hands, 2_000), args.seed)         # warm up (imports, caches)
    for i in range(args.repeat):
        baseline_runs.append(baseline(args.hands))
        engine_runs.append(engine_run(args.hands, args.seed + i))
        if not args.no_checked:
            checked_runs.append(engine_run(args.hands, args.seed + i, checked=True))

    engine, base = _summary(engine_runs), _summary(baseline_runs)
    ratio = round(engine["hands_per_second"] / base["hands_per_second"], 3)
    report: dict[str, Any] = {
        "definition": "random legal actions, whole games to 12, variant 1737, 4 players",
        "python": platform.python_version(),
        "engine": engine,
        "baseline": {**base, "path": str(args.baseline)},
        "ratio": ratio, "goal": GOAL, "meets_goal": ratio >= GOAL,
    }
    # Under fluctuating load the best runs of each need not come from the same moment:
    # the ratio of each round's runs (taken one after the other), median over the rounds,
    # is the steadier figure.
    report["paired_ratio"] = _paired(engine_runs, baseline_runs)
    if checked_runs:
        checked = _summary(checked_runs)
        report["engine_checked"] = checked
        report["checked_ratio"] = round(
            checked["hands_per_second"] / base["hands_per_second"], 3)
        report["paired_checked_ratio"] = _paired(checked_runs, baseline_runs)
        report["checked_goal"] = CHECKED_GOAL
        report["checked_meets_goal"] = report["checked_ratio"] >= CHECKED_GOAL

    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(_table(report))
    if args.fail_under is not None and ratio < args.fail_under:
        return 1
    return 0


def _table(report: dict[str, Any]) -> str:
    from tabulate import tabulate

    base = report["baseline"]["hands_per_second"]
    # Short row names and two-line headers keep the table within 80 columns.
    rows = [["engine, unchecked", report["engine"]]]
    if "engine_checked" in report:
        rows.append(["engine, checked", report["engine_checked"]])
    rows.append(["baseline", report["baseline"]])
    table = tabulate(
        [[name, f"{r['hands_per_second']:,.0f}", f"{r['median_hands_per_second']:,.0f}",
          f"{r['hands']:,}", f"{r['actions']:,}", f"{r['hands_per_second'] / base:.2f}"]
         for name, r in rows],
        headers=["", "hands/s\nbest", "hands/s\nmedian", "hands", "actions",
                 "vs\nbaseline"], disable_numparse=True, colalign=("left",) + ("right",) * 5)
    def verdict(meets: bool) -> str:
        return "meets" if meets else "does NOT meet"

    tail = (f"unchecked {report['ratio']:.2f} (paired, the median of rounds: "
            f"{report['paired_ratio']:.2f}) {verdict(report['meets_goal'])} the goal of "
            f"{report['goal']:.2f}")
    if "checked_ratio" in report:
        tail += (f"; checked {report['checked_ratio']:.2f} (paired "
                 f"{report['paired_checked_ratio']:.2f}) "
                 f"{verdict(report['checked_meets_goal'])} the goal of "
                 f"{report['checked_goal']:.2f}")
    head = (f"{report['definition']}; Python {report['python']}; best of "
            f"{report['engine']['runs']} runs")
    legend = ("engine, unchecked: legal_actions + apply_unchecked; engine, checked: "
              "apply; baseline: hard-coded rules")
    return "\n\n".join([textwrap.fill(head, 80), table, textwrap.fill(legend, 80),
                         textwrap.fill(tail, 80)])


if __name__ == "__main__":
    sys.exit(main())
