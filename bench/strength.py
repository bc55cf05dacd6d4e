"""How strong a bot is: team games on the same deals with the seats swapped.

Every game is played twice on the same deals, hand for hand: once with the bot under
test as team A and its opponent as team B, once the other way round. The bot's score is
its share of games won; the two games of a pair are averaged first, so the luck of the
cards cancels out within a pair and the 95% interval is over pairs.

    python bench/strength.py                                   # search vs greedy and random
    python bench/strength.py --bot search:samples=16 --against greedy --games 200
    python bench/strength.py --variant avila --players 2 --jobs 2
    python bench/strength.py --bot search --bot search:raise_at=0.8 --games 1000 --jobs 2
    python bench/strength.py --games 1700 --jobs 2 --out docs/data/search-strength.json

The goals the search bot is measured against (1737, four players): at least 65% of games
against the greedy bot and 90% against random play; the table bot (``tables``) has the
same goals and, against today's search bot, at least 55%. A run prints the share, its interval
and whether the goal is met; it exits 0 whatever the result (a benchmark, not a test).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rentoy.bots import make_bot  # noqa: E402
from rentoy.engine import Deal, Game, draw_deal  # noqa: E402
from rentoy.simulation.play import DEALS, SEARCH_CHOICES, stream_seed  # noqa: E402
from rentoy.variants import load_variant  # noqa: E402

GOALS = {"greedy": 0.65, "random": 0.90}
#: The table bot's goals: today's search bot as well (seats swapped, at least 55%).
TABLE_GOALS = {"search": 0.55, **GOALS}


def _dealer(seed: int, players: int, size: int) -> Callable[[int], Deal]:
    """The deals of one game, hand after hand, from their own seeded stream."""
    rng = random.Random(seed)
    dealt: list[Deal] = []

    def deal(index: int) -> Deal:
        while len(dealt) <= index:
            dealt.append(draw_deal(rng, players, size))
        return dealt[index]

    return deal


def play_pair(args: tuple[str, int | None, str, str, int, int]) -> tuple[int, int, int]:
    """Game ``number`` twice (the bot as team A, then as team B): the bot's wins, and the
    hands played."""
    variant, players, bot, against, seed, number = args
    v = load_variant(variant)
    wins, hands = 0, 0
    n = players or v.rules.default_players
    for side in (0, 1):
        game = Game(v, n, deals=_dealer(stream_seed(seed, DEALS, number), n,
                                        v.rules.hand_size))
        choices = random.Random(stream_seed(seed, SEARCH_CHOICES, number, side))
        mine = make_bot(bot, rng=choices)
        theirs = make_bot(against, rng=choices)
        team_bot = (mine, theirs) if side == 0 else (theirs, mine)
        while not game.is_over:
            seat = game.current_seat
            assert seat is not None
            game.apply_unchecked(team_bot[seat & 1].choose(game.observation(seat)))
        won = 0 if game.winner == "A" else 1
        wins += won == side
        hands += game.hands_played
    return number, wins, hands


def measure(variant: str, players: int | None, bot: str, against: str, games: int,
            seed: int, jobs: int) -> dict[str, float]:
    tasks = [(variant, players, bot, against, seed, g) for g in range(games)]
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play_pair, tasks, chunksize=max(1, games // (4 * jobs))))
    else:
        results = [play_pair(t) for t in tasks]
    seconds = time.perf_counter() - start
    shares = [wins / 2 for _, wins, _ in results]
    mean = sum(shares) / len(shares)
    var = sum((s - mean) ** 2 for s in shares) / max(1, len(shares) - 1)
    half = 1.96 * math.sqrt(var / len(shares))
    low, high = max(0.0, mean - half), min(1.0, mean + half)
    hands = sum(h for _, _, h in results)
    name = against.split(":")[0]
    goal = {"search": GOALS, "tables": TABLE_GOALS}.get(bot.split(":")[0], {}).get(name)
    verdict = "" if goal is None else (f"  goal {goal:.0%}: "
                                       + ("met" if low >= goal else
                                          "met by the estimate" if mean >= goal else "not met"))
    print(f"{bot} against {against}, {variant}, {players or 'default'} players:")
    print(f"  {mean:.1%} of {2 * games} games [{low:.1%}, {high:.1%}]{verdict}")
    print(f"  {hands} hands in {seconds:.1f} s ({hands / seconds:.1f} hands/s)")
    return {"value": round(mean, 4), "low": round(low, 4), "high": round(high, 4),
            "n": 2 * games}


def write_figures(path: Path, args: argparse.Namespace,
                  found: list[tuple[str, str, dict[str, float]]]) -> None:
    """Keep one seed's results in the site's figures (``docs/data/search-strength.json``):
    the block ``seed_<seed>`` replaced, the default bot's rows of that seed in
    ``default_by_seed``, and, when these hold several seeds, the default bot's share
    over all of them (the runs are independent: the shares weighed by their games, the
    intervals combined from each run's standard error)."""
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    command = "python bench/strength.py " + " ".join(sys.argv[1:])
    data["generated_by"] = [c for c in data.get("generated_by", [])
                            if f"--seed {args.seed}" not in c
                            and not (args.seed == 1 and "--seed" not in c)] + [command]
    data.update(variant=args.variant, players=args.players or 4, samples=32, goals=GOALS)
    label = {f"search:{b}": b for b in (x.split(":", 1)[1] for x in args.bot or []
                                         if ":" in x)}
    results = [{"bot": "default" if bot == "search" else label.get(bot, bot),
                "against": against, "share": share} for bot, against, share in found]
    data[f"seed_{args.seed}"] = {"seed": args.seed, "games": 2 * args.games,
                                 "results": results}
    default = [r for r in results if r["bot"] == "default"]
    if default:
        runs = data.setdefault("default_by_seed", {"games": 2 * args.games, "results": []})
        runs["games"] = 2 * args.games
        runs["results"] = sorted([r for r in runs["results"] if r["seed"] != args.seed]
                                 + [{"seed": args.seed, **r} for r in default],
                                 key=lambda r: (r["seed"], r["against"]))
        seeds = sorted({r["seed"] for r in runs["results"]})
        if len(seeds) > 1:
            pooled: dict[str, Any] = {
                "games": sum(r["share"]["n"] for r in runs["results"]
                             if r["against"] == runs["results"][0]["against"]),
                "note": (f"seeds {seeds[0]} to {seeds[-1]} together; the intervals combined "
                         "from the runs' own, as the runs are independent")}
            for against in sorted({r["against"] for r in runs["results"]}):
                rows = [r["share"] for r in runs["results"] if r["against"] == against]
                n = sum(r["n"] for r in rows)
                value = sum(r["value"] * r["n"] for r in rows) / n
                se = math.sqrt(sum(((r["high"] - r["low"]) / (2 * 1.96) * r["n"] / n) ** 2
                                   for r in rows))
                pooled[against] = {"value": round(value, 4),
                                   "low": round(value - 1.96 * se, 4),
                                   "high": round(value + 1.96 * se, 4), "n": n}
            data[f"default_{_COUNTS.get(len(seeds), str(len(seeds)))}_seeds"] = pooled
    temp = path.with_suffix(".json.tmp")
    temp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(temp, path)
    print(f"written {path}")


_COUNTS = {2: "two", 3: "three", 4: "four"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="1737")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--bot", action="append",
                        help="the bot measured (repeat for several, each against every "
                             "opponent; default search)")
    parser.add_argument("--against", action="append",
                        help="the opponent (repeat for several; default greedy and random)")
    parser.add_argument("--games", type=int, default=100, help="deals per pairing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, metavar="JSON",
                        help="keep the results in this file of figures (the site's is "
                             "docs/data/search-strength.json), replacing this seed's")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    found = []
    for bot in args.bot or ["search"]:
        for against in args.against or ["greedy", "random"]:
            found.append((bot, against, measure(args.variant, args.players, bot, against,
                                                args.games, args.seed, args.jobs)))
    if args.out is not None:
        write_figures(args.out, args, found)


if __name__ == "__main__":
    main()
