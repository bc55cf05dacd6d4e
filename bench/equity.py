"""Measure and store the equity tables: the chance of winning the game from every score.

For each variant, one hand is played ``--hands`` times at every score short of the
target (search bots by default, see ``rentoy.equity.measure.DEFAULT_BOTS``), the
recursion over the scores gives the table with its intervals, and ``--games`` whole
games are played from each of a few scores as a check. The result is written
atomically to ``rentoy/data/equity/<variant>-<players>p.json`` with what produced it;
``rentoy equity``, the site and the table bot read it there. The timings (hands per
second, the wall time of the table and of the check) are printed, for
``docs/development.md``::

    python bench/equity.py --jobs 2           # the stored tables: 1737 and the betting variants
    python bench/equity.py --variant 1737 --hands 100 --end-hands 100 --jobs 2
    python bench/equity.py --jobs 2 --reuse   # the same, playing only the hands they lack
    python bench/equity.py --variant 1737 --dask tcp://HOST:8786
    python bench/equity.py --refit      # the stored tables computed again from their hands

``--refit`` measures nothing: it computes each stored table again from the hands it
keeps (the fit, the intervals, the raw cells), for a change of how a table is computed.

The same arguments give the same tables whatever ``--jobs`` or the cluster.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

#: The variants whose betting differs: 1737, its values option, a doubling ladder, the
#: modern ladder with a whole-game step (regional forms share it).
VARIANTS = ("1737", "1737+values-1-3-6-12", "docs/tutorial/doubling.yaml", "modern")
CHECKS = ((0, 0, 1), (4, 5, 1), (8, 8, 0), (10, 6, 1))
#: With ``--end-hands``: the scores where both teams are this close to the target or
#: closer (at a target of 12: 9, 10 and 11 each).
END = 3


def main(argv: list[str] | None = None) -> int:
    from rentoy.equity.measure import DEFAULT_BOTS

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", action="append", help="a variant (repeatable; "
                        "default: " + ", ".join(VARIANTS) + ")")
    parser.add_argument("--hands", type=int, default=3000,
                        help="hands at every score (default 3000)")
    parser.add_argument("--end-hands", type=int, default=5000, metavar="N",
                        help="N hands (more than --hands) at the scores where both teams "
                             f"are within {END} points of the target, where one hand "
                             "decides most and the intervals are widest (default 5000)")
    parser.add_argument("--reuse", action="store_true",
                        help="take the hands of the stored table when it was measured "
                             "with the same variant, bots, seed and table size, and play "
                             "only the hands it lacks (the same table as a run from "
                             "nothing)")
    parser.add_argument("--games", type=int, default=400,
                        help="whole games from each checked score (default 400)")
    parser.add_argument("--bots", default=DEFAULT_BOTS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--dask", metavar="ADDRESS", help="a dask scheduler to run on")
    parser.add_argument("--out", type=Path, default=None,
                        help="the folder (default: rentoy/data/equity)")
    parser.add_argument("--speed", type=int, metavar="N",
                        help="measure speed only: N hands at each of 8 scores on one core, "
                             "on --jobs processes and on a local dask cluster of as many "
                             "workers, in the same run; nothing is written")
    parser.add_argument("--refit", action="store_true",
                        help="compute the stored tables again from the hands they keep; "
                             "nothing is measured")
    args = parser.parse_args(argv)
    if args.speed:
        return speed(args)
    if args.refit:
        return refit(args)

    from rentoy import __version__
    from rentoy.analysis.stakes import STORE, measured_source
    from rentoy.equity.measure import measure_hands, play_from, score_cells
    from rentoy.equity.store import store_path, table_json, variant_record, write_table
    from rentoy.equity.table import equity_table
    from rentoy.simulation.cluster import dask_executor
    from rentoy.simulation.play import variant_spec
    from rentoy.variants import load_variant

    folder = args.out or STORE

    def run(executor, jobs: int) -> None:
        for name in args.variant or VARIANTS:
            variant = load_variant(name)
            spec = variant_spec(variant)
            label = variant.id
            started = time.perf_counter()
            path = store_path(label, args.players, folder)
            target = variant.rules.target
            wanted = {cell: args.hands for cell in score_cells(target)}
            for a, b in wanted:
                if a >= target - END and b >= target - END:
                    wanted[(a, b)] = max(args.hands, args.end_hands)
            counts, earlier = reused(path, variant, args) if args.reuse else ({}, 0.0)
            # What each score lacks, measured by how many hands it needs (hands keep
            # their numbers, so a score's next hands are the ones a longer run plays).
            lacking: dict[tuple[int, int], list[tuple[int, int]]] = {}
            for cell, need in wanted.items():
                have = sum(counts.get(cell, {}).values())
                if need > have:
                    lacking.setdefault((have, need - have), []).append(cell)
            for (have, more), cells in sorted(lacking.items()):
                extra = measure_hands(variant, more, args.seed, players=args.players,
                                      bots=args.bots, jobs=jobs, executor=executor,
                                      scores=cells, start=have)
                for cell, found in extra.items():
                    merged = dict(counts.get(cell, {}))
                    for outcome, n in found.items():
                        merged[outcome] = merged.get(outcome, 0) + n
                    counts[cell] = merged
            # The time of the reused hands counts too: the file gives the table's cost.
            measured = time.perf_counter() - started + earlier
            hands = sum(sum(c.values()) for c in counts.values())
            table = equity_table(counts, variant.rules.target, seed=args.seed,
                                 source=measured_source(args.hands, args.bots))
            started = time.perf_counter()
            target = variant.rules.target
            checks = [c for c in CHECKS if c[0] < target and c[1] < target]
            games = play_from(variant, checks, args.games, args.seed, players=args.players,
                              bots=args.bots, jobs=jobs, executor=executor)
            checked = time.perf_counter() - started
            command = ["python", "bench/equity.py", "--variant", name, "--hands",
                       str(args.hands)]
            if args.end_hands > args.hands:
                command += ["--end-hands", str(args.end_hands)]
            command += ["--games", str(args.games), "--bots", args.bots,
                        "--seed", str(args.seed), "--players", str(args.players)]
            meta = {
                "variant": spec if not name.endswith(".yaml") else name, "label": label,
                "players": args.players, "bots": args.bots, "seed": args.seed,
                "hands_per_score": args.hands, "hands": hands,
                **({"end_hands": {"within": END, "hands": args.end_hands}}
                   if args.end_hands > args.hands else {}),
                "generated_by": shlex.join(command), "rentoy_version": __version__,
                "record": variant_record(variant),
                "seconds": {"table": round(measured, 1), "check": round(checked, 1),
                            "jobs": jobs},
                "checks": [{"score_a": a, "score_b": b, "dealer": "AB"[d],
                            "games": g, "wins_a": w}
                           for (a, b, d), (w, g) in sorted(games.items())],
            }
            write_table(path, table_json(table, meta))
            print(f"{label}: {hands} hands in {measured:.0f} s ({hands / measured:.1f} "
                  f"hands/s, jobs {jobs}); check: {sum(g for _, g in games.values())} "
                  f"games in {checked:.0f} s; written {path}", file=sys.stderr)
            for (a, b, d), (w, g) in sorted(games.items()):
                print(f"  {a}-{b} dealer {'AB'[d]}: games {w / g:.3f} ({g}), table "
                      f"{table.win_a(a, b, d):.3f} [{table.low(a, b, d):.3f}, "
                      f"{table.high(a, b, d):.3f}]", file=sys.stderr)

    if args.dask:
        with dask_executor(args.dask) as (executor, workers):
            run(executor, workers)
    else:
        run(None, args.jobs)
    return 0


def reused(path: Path, variant: Any, args: argparse.Namespace
           ) -> tuple[dict[tuple[int, int], dict[tuple[int, int], int]], float]:
    """The hands of the table stored at ``path`` when it was measured as this run would
    measure them (the same variant and rules, bots, seed and table size), and the
    seconds they took; else none."""
    from rentoy.equity.store import table_from_json, variant_record
    from rentoy.yamlfile import load_json

    if not path.exists():
        return {}, 0.0
    data = load_json(path)
    same = (data.get("bots") == args.bots and data.get("seed") == args.seed
            and data.get("players") == args.players
            and data.get("record") == json.loads(json.dumps(variant_record(variant))))
    if not same:
        print(f"{path.name}: measured otherwise; nothing reused", file=sys.stderr)
        return {}, 0.0
    counts = table_from_json(data).counts
    print(f"{path.name}: {sum(sum(c.values()) for c in counts.values())} hands reused",
          file=sys.stderr)
    seconds = float(data.get("seconds", {}).get("table", 0.0))
    return {cell: dict(found) for cell, found in counts.items()}, seconds


def refit(args: argparse.Namespace) -> int:
    """Compute each stored table again from its counts, keeping what made it."""
    from rentoy.analysis.stakes import STORE
    from rentoy.equity.store import table_from_json, table_json, write_table
    from rentoy.equity.table import equity_table
    from rentoy.yamlfile import load_json

    folder = args.out or STORE
    for path in sorted(folder.glob("*.json")):
        data = load_json(path)
        old = table_from_json(data)
        started = time.perf_counter()
        table = equity_table(old.counts, old.target, seed=int(data["seed"]),
                             source=data["chances"].get("source", ""))
        took = time.perf_counter() - started
        meta = {k: v for k, v in data.items()
                if k not in ("fit", "chances", "raw", "low", "high", "mean_low",
                             "mean_high", "counts")}
        meta.setdefault("seconds", {})["fit"] = round(took, 1)
        write_table(path, table_json(table, meta))
        print(f"{path.name}: refitted in {took:.1f} s", file=sys.stderr)
    return 0


def speed(args: argparse.Namespace) -> int:
    """Hands per second of the measurement on one core, on ``--jobs`` processes and on a
    local dask cluster, as ratios to the first (measured in the same run)."""
    import os

    from rentoy.equity.measure import measure_hands

    variant = (args.variant or ["1737"])[0]
    scores = [(0, 0), (4, 5), (8, 8), (10, 6), (2, 9), (11, 11), (6, 3), (9, 1)]
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; {variant}, "
          f"bots {args.bots}, {args.speed} hands at each of {len(scores)} scores")

    def timed(label: str, **kw) -> float:
        started = time.perf_counter()
        counts = measure_hands(variant, args.speed, args.seed, players=args.players,
                               bots=args.bots, scores=scores, **kw)
        seconds = time.perf_counter() - started
        rate = sum(sum(c.values()) for c in counts.values()) / seconds
        print(f"  {label:28} {seconds:7.1f} s  {rate:6.1f} hands/s")
        return rate

    base = timed("one core (--jobs 1)")
    rate = timed(f"--jobs {args.jobs}", jobs=args.jobs)
    print(f"  ratio to one core: {rate / base:.2f}")
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print("  (dask.distributed is not installed: pip install 'rentoy[distributed]')")
        return 0
    with LocalCluster(n_workers=args.jobs, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        rate = timed(f"dask, {args.jobs} local workers", executor=client.get_executor())
    print(f"  ratio to one core: {rate / base:.2f}")
    per_table = 144 * args.hands / max(rate, 1e-9)
    print(f"  a 12-point table at {args.hands} hands per score: about {per_table / 60:.0f} "
          f"minutes at the last rate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
