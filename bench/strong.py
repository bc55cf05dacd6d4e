"""How fast strong play is: the search bot's hands per CPU-second at its default
settings, as ratios measured in one run.

Four tables are timed: 1737 with four players (the goal's), two and six players, and
Ávila with four. In each, both teams are the search bot at its default settings,
playing whole games from fixed seeds; each figure is hands per CPU-second of the
process that plays them (CPU time, not wall time, since the machine is shared), after
one game off the clock that builds what a process makes once per rule set (the same
for both trees: the rate a long run such as a table or a comparison sees). In the
same run, and interleaved so that load hurts all alike:

- the floor, ``../shared/bench/baseline.py`` (random play with every rule hard-coded),
  in hands per CPU-second: the search bot's speed as a ratio to it;
- with ``--against REV``, the same tables played by the code of an earlier commit (its
  tree unpacked with ``git archive``, run from there as ``bench/startup.py --against``
  does): the ratio this/that is the speed-up, whose goal is 20 (at 4 players, 1737);
- random play through ``rentoy simulate`` (:func:`rentoy.simulation.simulate`, random
  bots) and the engine's own loop (``bench/engine.py``'s unchecked row), both as ratios
  to the floor: goals 0.5 and 0.9. Each is measured after a short run off the clock, in
  rounds of the floor, then the simulation, then the engine; the ratio of a round is
  taken to that round's floor, and the median over the rounds (at least five) is
  reported;
- with ``--against REV`` and ``--strength GAMES``, strength: the search bot of this
  tree against that of REV, each game played twice on the same deals with the seats
  swapped, the share of games this tree's bot wins with its 95% interval over the pairs
  (the goal: no loss, 50% within or below the interval's top).

    python bench/strong.py                                  # this tree against the floor
    python bench/strong.py --against HEAD~3 --strength 200 --jobs 2
    python bench/strong.py --against a76feaf --json

Load on the machine is printed with the figures; only the ratios of one run compare.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: The floor: ``../shared/bench/baseline.py`` beside the checkout (or one folder up,
#: for a checkout kept in a folder of checkouts).
BASELINE = next((p for p in (ROOT.parent / "shared" / "bench" / "baseline.py",
                             ROOT.parent.parent / "shared" / "bench" / "baseline.py")
                 if p.exists()), ROOT.parent / "shared" / "bench" / "baseline.py")
#: The tables timed: (variant, players, hands per timing).
TABLES = (("1737", 4, 120), ("1737", 2, 240), ("1737", 6, 40), ("avila", 4, 120))
GOAL_SPEEDUP = 20.0
GOAL_SIMULATE, GOAL_ENGINE = 0.5, 0.9


# -- one timing, in a process of its own -------------------------------------------------

def worker(root: str, variant: str, players: int, hands: int, seed: int) -> dict[str, Any]:
    """Play whole games of ``variant`` between default search bots, from ``root``'s
    code, until ``hands`` hands are played: hands and CPU seconds."""
    sys.path.insert(0, root)
    from rentoy.bots import make_bot
    from rentoy.engine import Game
    from rentoy.variants import load_variant

    v = load_variant(variant)
    # One game first, off the clock: it builds what a process makes once per rule set
    # (the compiled rules, the solvers' tables), in both trees alike, so that the
    # figure is the rate of play a long run sees.
    warm = Game(v, players, seed=seed * 1000 - 1)
    bot = make_bot("search", seed=seed * 1000 - 1)
    while not warm.is_over:
        warm.apply_unchecked(bot.choose(warm.observation(warm.current_seat)))
    played = games = 0
    start = time.process_time()
    while played < hands:
        game = Game(v, players, seed=seed * 1000 + games)
        bot = make_bot("search", seed=seed * 1000 + games)
        while not game.is_over:
            seat = game.current_seat
            game.apply_unchecked(bot.choose(game.observation(seat)))
        played += game.hands_played
        games += 1
    return {"hands": played, "games": games, "cpu": time.process_time() - start}


def timed(root: Path, variant: str, players: int, hands: int, seed: int,
          cache: Path) -> dict[str, Any]:
    """:func:`worker` in a fresh interpreter (each tree with its own cache folder)."""
    env = {**os.environ, "RENTOY_CACHE_DIR": str(cache)}
    done = subprocess.run([sys.executable, __file__, "--worker", str(root), variant,
                           str(players), str(hands), str(seed)], capture_output=True,
                          text=True, env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(f"bench/strong.py: the timing under {root} failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def baseline(hands: int) -> float:
    """The floor's random-play hands per CPU-second."""
    spec = importlib.util.spec_from_file_location("rentoy_bench_floor", BASELINE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rng = random.Random(1)
    played = 0
    start = time.process_time()
    while played < hands:
        score, dealer = [0, 0], 3
        while score[0] < 12 and score[1] < 12:
            module.play_hand(rng, 4, dealer, score)
            played += 1
            dealer = (dealer + 1) % 4
    return played / (time.process_time() - start)


def random_play(hands: int, rounds: int) -> dict[str, float]:
    """Random play's hands per CPU-second through ``rentoy simulate`` (one core) and
    through the engine's unchecked loop (``bench/engine.py``), each as a ratio to the
    floor run just before it in the same round: the medians over ``rounds`` rounds,
    after a short run of each off the clock (what a process does once: reading the
    variant, compiling its tables)."""
    from rentoy.simulation import simulate

    sys.path.insert(0, str(ROOT / "bench"))
    engine = importlib.import_module("engine")
    simulate(["1737"], hands // 20, 1, players=4, bots="random", jobs=1)
    engine.engine_run(hands // 20, 1)
    floors, sims, engines = [], [], []
    for _ in range(rounds):
        floors.append(baseline(hands))
        start = time.process_time()
        result = simulate(["1737"], hands, 1, players=4, bots="random", jobs=1)
        sims.append(result.hands[0] / (time.process_time() - start))
        start = time.process_time()
        run = engine.engine_run(hands, 1)
        engines.append(run["hands"] / (time.process_time() - start))

    def median(values: list[float]) -> float:
        return sorted(values)[len(values) // 2]

    return {"floor": median(floors), "simulate": median(sims), "engine": median(engines),
            "simulate_ratio": median([s / f for s, f in zip(sims, floors)]),
            "engine_ratio": median([e / f for e, f in zip(engines, floors)])}


# -- strength: this tree's bot against the earlier one -------------------------------------

def _old_package(tree: Path) -> str:
    """The earlier tree's package, importable beside this one as ``rentoy_before``."""
    folder = Path(tempfile.mkdtemp(prefix="rentoy-before-"))
    shutil.copytree(tree / "rentoy", folder / "rentoy_before")
    shutil.copytree(tree / "variants", folder / "variants")
    return str(folder)


def play_pair(args: tuple[str, str, int, int, int]) -> tuple[int, int]:
    """Game ``number`` twice on the same deals, this tree's bot as team A then as team B:
    its wins. Each bot sees its own tree's engine (the two play in step: every action
    is applied to both games, so each bot is given an observation of its own kind)."""
    before, variant, players, seed, number = args
    if before not in sys.path:
        sys.path.insert(0, before)
    old_bots = importlib.import_module("rentoy_before.bots")
    old_engine = importlib.import_module("rentoy_before.engine")
    old_variants = importlib.import_module("rentoy_before.variants")
    importlib.import_module("rentoy_before.sources").set_variants_dir(
        Path(before) / "variants")
    from rentoy.bots import make_bot
    from rentoy.engine import Game

    wins = 0
    for side in (0, 1):
        # The same seed deals the same cards in both trees (the same partial shuffle).
        games = (Game(variant, players, seed=seed * 7919 + number),
                 old_engine.Game(old_variants.load_variant(variant), players,
                                 seed=seed * 7919 + number))
        bots = (make_bot("search", seed=seed * 100_003 + number * 2 + side),
                old_bots.make_bot("search", seed=seed * 100_019 + number * 2 + side))
        new_team = side
        while not games[0].is_over:
            seat = games[0].current_seat
            which = 0 if seat & 1 == new_team else 1
            action = bots[which].choose(games[which].observation(seat))
            games[which].apply_unchecked(action)
            games[1 - which].apply(str(action))
        assert games[0].winner == games[1].winner
        wins += (0 if games[0].winner == "A" else 1) == side
    return number, wins


def strength(before: str, pairs: int, seed: int, jobs: int) -> dict[str, Any]:
    tasks = [(before, "1737", 4, seed, g) for g in range(pairs)]
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play_pair, tasks, chunksize=max(1, pairs // (4 * jobs))))
    else:
        results = [play_pair(t) for t in tasks]
    shares = [wins / 2 for _, wins in results]
    mean = sum(shares) / len(shares)
    var = sum((s - mean) ** 2 for s in shares) / max(1, len(shares) - 1)
    half = 1.96 * math.sqrt(var / len(shares))
    return {"games": 2 * pairs, "share": round(mean, 4), "low": round(mean - half, 4),
            "high": round(mean + half, 4), "seconds": round(time.perf_counter() - start, 1),
            "no_loss": mean + half >= 0.5}


# -- the run ---------------------------------------------------------------------------------

def unpack(rev: str) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="rentoy-rev-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "rentoy", "variants"],
                             capture_output=True, check=False)
    if archive.returncode != 0:
        raise SystemExit(f"bench/strong.py: no revision {rev!r}: "
                         f"{archive.stderr.decode().strip()}")
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:
        root, variant, players, hands, seed = argv[1:6]
        print(json.dumps(worker(root, variant, int(players), int(hands), int(seed))))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", metavar="REV", help="an earlier commit to time too")
    parser.add_argument("--repeat", type=int, default=2,
                        help="timings of each table and tree, interleaved (default 2)")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply the hands of every timing (default 1)")
    parser.add_argument("--strength", type=int, default=0, metavar="PAIRS",
                        help="with --against: pairs of games of this bot against REV's")
    parser.add_argument("--random-hands", type=int, default=20_000,
                        help="hands of random play timed (default 20000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes for --strength")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    load = os.getloadavg()
    report: dict[str, Any] = {"load_average": [round(x, 2) for x in load],
                              "cores": os.cpu_count(), "tables": []}
    old = unpack(args.against) if args.against else None
    caches = Path(tempfile.mkdtemp(prefix="rentoy-strong-"))
    floor = []
    for variant, players, hands in TABLES:
        n = max(4, int(hands * args.scale))
        row: dict[str, Any] = {"variant": variant, "players": players, "this": [],
                               "before": []}
        for r in range(args.repeat):
            floor.append(baseline(20_000))
            row["this"].append(timed(ROOT, variant, players, n, args.seed + r,
                                     caches / "this"))
            if old is not None:
                row["before"].append(timed(old, variant, players, n, args.seed + r,
                                           caches / "before"))
        for side in ("this", "before"):
            runs = row.pop(side)
            if runs:
                hands_done = sum(x["hands"] for x in runs)
                row[side] = round(hands_done / sum(x["cpu"] for x in runs), 1)
        report["tables"].append(row)
    floor_rate = sorted(floor)[len(floor) // 2]
    report["floor"] = round(floor_rate, 1)
    for row in report["tables"]:
        row["this_vs_floor"] = round(row["this"] / floor_rate, 5)
        if "before" in row:
            row["speedup"] = round(row["this"] / row["before"], 2)
    rand = random_play(args.random_hands, max(5, 2 * args.repeat + 1))
    report["random_floor"] = round(rand["floor"], 1)
    report["random_simulate"] = {"hands_per_cpu_second": round(rand["simulate"], 1),
                                 "vs_floor": round(rand["simulate_ratio"], 3),
                                 "goal": GOAL_SIMULATE}
    report["engine_unchecked"] = {"hands_per_cpu_second": round(rand["engine"], 1),
                                  "vs_floor": round(rand["engine_ratio"], 3),
                                  "goal": GOAL_ENGINE}
    if old is not None and args.strength:
        report["strength"] = strength(_old_package(old), args.strength, args.seed,
                                      args.jobs)
        report["strength"]["against"] = args.against
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} "
          f"cores; hands per CPU-second; the floor plays {floor_rate:,.0f}")
    for row in report["tables"]:
        line = (f"search bot, {row['variant']}, {row['players']} players: "
                f"{row['this']:8,.1f} ({row['this_vs_floor']:.4f} of the floor)")
        if "before" in row:
            line += (f"; {args.against}: {row['before']:,.1f}; speed-up "
                     f"{row['speedup']:.1f}x")
            if (row["variant"], row["players"]) == ("1737", 4):
                line += f" (goal {GOAL_SPEEDUP:g}x)"
        print(line)
    print(f"random play, the median of {max(5, 2 * args.repeat + 1)} rounds, each against "
          f"the floor's run of the same round (the floor's median {rand['floor']:,.0f}):")
    for key, label in (("random_simulate", "random play through rentoy simulate"),
                       ("engine_unchecked", "the engine's unchecked loop (bench/engine.py)")):
        r = report[key]
        print(f"{label}: {r['hands_per_cpu_second']:,.0f} ({r['vs_floor']:.2f} of the "
              f"floor; goal {r['goal']:g})")
    if "strength" in report:
        s = report["strength"]
        print(f"strength, this bot against {args.against}'s (1737, 4 players, seats "
              f"swapped): {s['share']:.1%} of {s['games']} games [{s['low']:.1%}, "
              f"{s['high']:.1%}]: " + ("no loss" if s["no_loss"] else "a LOSS"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
