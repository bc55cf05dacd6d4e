"""How fast the double-dummy solver is: whole deals solved per second, against a plain
memoised minimax run in the same process on the same deals.

Deals come from the simulation's seeded streams (game ``k``'s first hand), seat 0
leads, and each deal is solved from its start: which team wins with perfect play.
The solver is :class:`rentoy.analysis.Solver`, built once per trump suit (as a
comparison or a search builds it) and kept for the whole run. The baseline is the
plain search a first version would write: a recursive minimax over the engine's
``legal_cards`` and ``trick_winner``, memoised on the whole state, stopping at the
first winning card. The two run interleaved, a batch of deals each in turn, so they
share the machine's load, and time is counted as the thread's CPU time, which a busy
machine disturbs less than the wall clock; the ratio is the figure to trust.
Both must find the same winner on every deal (checked).

    python bench/solver.py                     # a table
    python bench/solver.py --deals 3000 --json
    python bench/solver.py --only 1737:4

Goal: 5,000 four-player 1737 deals a second on one core, where the plain minimax
does about 1,400: a ratio of at least 3.6 (``--fail-under 3.6`` makes that the exit
status for that row).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any, Sequence

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rentoy.analysis import Solver, hand_ended  # noqa: E402
from rentoy.engine import compile_variant, draw_deal  # noqa: E402
from rentoy.engine.rules import legal_cards, trick_winner  # noqa: E402
from rentoy.engine.tables import Tables, TrumpTables  # noqa: E402
from rentoy.simulation.play import DEALS, stream_seed  # noqa: E402
from rentoy.variants import load_variant  # noqa: E402

#: (variant, players, deals by default)
CASES: tuple[tuple[str, int, int], ...] = (
    ("1737", 2, 4000), ("1737", 4, 3000), ("1737", 6, 400), ("1737", 8, 100),
    ("conil", 4, 60),
)
GOAL_RATIO = 5000 / 1400


def plain_minimax(tables: Tables, tt: TrumpTables, hands: Sequence[Sequence[int]],
                  leader: int = 0) -> int:
    """The baseline: memoised minimax on the whole state, the first winning card cuts."""
    n = len(hands)
    memo: dict[tuple, int] = {}

    def rec(hands: list[list[int]], trick: list[int], leader: int, ta: int, tb: int,
            done: int) -> int:
        key = (tuple(map(tuple, hands)), tuple(trick), leader, ta, tb)
        found = memo.get(key)
        if found is not None:
            return found
        seat = (leader + len(trick)) % n
        team = seat & 1
        result = 1 - team
        for c in (legal_cards(tables, tt, hands[seat], trick) if trick else hands[seat][:]):
            after = [h[:] for h in hands]
            after[seat].remove(c)
            played = trick + [c]
            if len(played) == n:
                won = (leader + trick_winner(tt, played)) % n
                a, b = ta + (won & 1 == 0), tb + (won & 1)
                ended = hand_ended(tables, (a, b), done + 1, 0)
                r = ended if ended is not None else rec(after, [], won, a, b, done + 1)
            else:
                r = rec(after, played, leader, ta, tb, done)
            if r == team:
                result = team
                break
        memo[key] = result
        return result

    return rec([list(h) for h in hands], [], leader, 0, 0, 0)


def run_case(variant: str, players: int, deals: int, seed: int, batch: int = 25
             ) -> dict[str, Any]:
    v = load_variant(variant)
    tables = compile_variant(v)
    dealt = [draw_deal(random.Random(stream_seed(seed, DEALS, k)), players, tables.rules.hand_size)
             for k in range(deals)]
    problems = [(d.up // 10, [[int(c) for c in h] for h in d.hands]) for d in dealt]
    start = time.thread_time()
    solvers = [Solver(tables, tables.by_trump[t], players, 0) for t in range(4)]
    setup = time.thread_time() - start
    fast = slow = 0.0
    mismatches = 0
    for i in range(0, deals, batch):
        chunk = problems[i:i + batch]
        t0 = time.thread_time()
        got = [solvers[t].winner(h, 0) for t, h in chunk]
        t1 = time.thread_time()
        want = [plain_minimax(tables, tables.by_trump[t], h) for t, h in chunk]
        t2 = time.thread_time()
        fast += t1 - t0
        slow += t2 - t1
        mismatches += sum(a != b for a, b in zip(got, want))
    return {"variant": variant, "players": players, "deals": deals,
            "solver_per_s": deals / fast, "plain_per_s": deals / slow,
            "ratio": slow / fast, "setup_s": setup, "mismatches": mismatches}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, help="deals per case (default: per case)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", action="append", metavar="VARIANT:PLAYERS",
                        help="run only this case (repeatable)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--fail-under", type=float, metavar="RATIO",
                        help="exit 1 when the four-player 1737 ratio is below RATIO")
    args = parser.parse_args(argv)
    cases = CASES
    if args.only:
        wanted = {tuple(o.split(":")) for o in args.only}
        cases = tuple(c for c in CASES if (c[0], str(c[1])) in wanted)
    rows = [run_case(v, n, args.deals or d, args.seed) for v, n, d in cases]
    if args.json:
        print(json.dumps({"python": platform.python_version(), "rows": rows}, indent=2))
    else:
        print(f"{'variant':8} {'players':>7} {'deals':>6} {'solver/s':>9} {'plain/s':>8} "
              f"{'ratio':>6} {'at 1400':>8}")
        for r in rows:
            print(f"{r['variant']:8} {r['players']:>7} {r['deals']:>6} "
                  f"{r['solver_per_s']:>9.0f} {r['plain_per_s']:>8.0f} {r['ratio']:>6.2f} "
                  f"{1400 * r['ratio']:>8.0f}")
        print("'at 1400': the solver's speed where the plain minimax does 1,400 deals/s. "
              f"Goal for 1737 with 4 players: {5000}, a ratio of {GOAL_RATIO:.2f}.")
    if any(r["mismatches"] for r in rows):
        print("the solver and the plain minimax disagree", file=sys.stderr)
        return 1
    if args.fail_under is not None:
        four = [r for r in rows if r["variant"] == "1737" and r["players"] == 4]
        if four and four[0]["ratio"] < args.fail_under:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
