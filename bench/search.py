"""Search-bot speed: decisions per second at 8, 16 and 32 samples, against the greedy bot.

The decisions are real ones: games of 1737 at four players are played by search bots,
and every observation a bot was given to decide on is kept (card plays and bets, at
every stage of a hand). Then, in one run on this machine, each bot decides on every kept
observation: the search bot at each number of samples, and the greedy bot, whose time
per decision is the yardstick the search bot's is given against (a ratio in the same
run, so that other load on the machine shows in both). The goal: a decision at 32
samples in under 20 ms (the median).

    python bench/search.py [--games 6] [--samples 8 16 32] [--repeat 3] [--json]

Each figure is the best of ``--repeat`` passes over the observations.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rentoy.bots import make_bot  # noqa: E402
from rentoy.engine import Game, Observation  # noqa: E402

GOAL_MS = 20.0      # the median decision at 32 samples


def observations(variant: str, players: int, games: int, seed: int,
                 limit: int) -> list[Observation]:
    """Every observation a search bot decided on in ``games`` games (at most ``limit``,
    spread evenly over them)."""
    out: list[Observation] = []
    bot = make_bot("search:samples=16", seed=seed)
    for game in range(games):
        play = Game(variant, players, seed=seed * 1000 + game)
        while not play.is_over:
            seat = play.current_seat
            assert seat is not None
            seen = play.observation(seat)
            out.append(seen)
            play.apply(bot.choose(seen))
    if len(out) > limit:
        step = len(out) / limit
        out = [out[int(i * step)] for i in range(limit)]
    return out


def timings(spec: str, seen: list[Observation], seed: int) -> list[float]:
    """Seconds per decision of the bot ``spec`` on each observation."""
    bot = make_bot(spec, seed=seed)
    clock = time.perf_counter
    out = []
    for obs in seen:
        start = clock()
        bot.choose(obs)
        out.append(clock() - start)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="1737")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=6,
                        help="games played to collect the observations (default 6)")
    parser.add_argument("--limit", type=int, default=200,
                        help="observations kept at most (default 200)")
    parser.add_argument("--samples", type=int, nargs="+", default=[8, 16, 32])
    parser.add_argument("--repeat", type=int, default=3, help="passes (best kept)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)

    seen = observations(args.variant, args.players, args.games, args.seed, args.limit)
    plays = sum(1 for o in seen if any(a.kind == "play" for a in o.legal))
    load = os.getloadavg()[0]
    specs = ["greedy"] + [f"search:samples={k}" for k in args.samples]
    best: dict[str, list[float]] = {}
    for _ in range(args.repeat):
        # alternate the contenders within each pass, so that load hurts all alike
        random.Random(args.seed).shuffle(specs)
        for spec in specs:
            times = timings(spec, seen, args.seed)
            if spec not in best or sum(times) < sum(best[spec]):
                best[spec] = times
    greedy = sum(best["greedy"]) / len(seen)
    rows = []
    for k in args.samples:
        times = best[f"search:samples={k}"]
        mean = sum(times) / len(times)
        rows.append({"samples": k, "decisions_per_second": round(len(times) / sum(times), 1),
                     "median_ms": round(statistics.median(times) * 1000, 2),
                     "mean_ms": round(mean * 1000, 2),
                     "p90_ms": round(sorted(times)[int(0.9 * (len(times) - 1))] * 1000, 2),
                     "times_greedy": round(mean / greedy, 1)})
    figures = {
        "variant": args.variant, "players": args.players, "observations": len(seen),
        "card_decisions": plays, "load_average_before": round(load, 2),
        "greedy_decisions_per_second": round(1 / greedy, 1),
        "search": rows,
        "goal": {"samples": 32, "median_ms_under": GOAL_MS},
    }
    at32 = next((r for r in rows if r["samples"] == 32), None)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"{len(seen)} observations from {args.games} games of {args.variant} "
              f"({args.players} players; {plays} with a card to play); load average "
              f"before: {load:.2f}")
        print(f"greedy:              {1 / greedy:10,.0f} decisions/s")
        for r in rows:
            print(f"search, {r['samples']:>2} samples:  {r['decisions_per_second']:10,.1f} "
                  f"decisions/s  median {r['median_ms']:6.2f} ms  mean {r['mean_ms']:6.2f} ms"
                  f"  p90 {r['p90_ms']:6.2f} ms  ({r['times_greedy']:,.0f}x greedy's time)")
        if at32:
            met = "met" if at32["median_ms"] < GOAL_MS else "not met"
            print(f"goal: median decision at 32 samples under {GOAL_MS:g} ms: {met}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
