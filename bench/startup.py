"""How long rentoy's commands take to start, against the same interpreter's bare start.

Runs ``python -c pass`` and each command (``rentoy variants``, ``rentoy rules 1737``,
...) several times, interleaved so that machine load affects all alike, and prints
each command's median wall time and its ratio to the bare interpreter's median. The
``rentoy`` script next to this interpreter is used (the project's environment), else
``python -m rentoy``. Exit status 1 when a ratio exceeds ``--goal``.

    python bench/startup.py --repeat 15 --goal 6
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

COMMANDS = (["variants"], ["rules", "1737"], ["--help"])


def rentoy_command() -> list[str]:
    script = Path(sys.executable).parent / "rentoy"
    return [str(script)] if script.exists() else [sys.executable, "-m", "rentoy"]


def wall(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15, help="runs of each (default: 15)")
    parser.add_argument("--goal", type=float, default=6.0,
                        help="the largest acceptable ratio (default: 6)")
    args = parser.parse_args()

    os.environ.setdefault("COLUMNS", "80")
    rentoy = rentoy_command()
    runs: dict[str, list[str]] = {"python -c pass": [sys.executable, "-c", "pass"]}
    runs.update({"rentoy " + " ".join(c): rentoy + c for c in COMMANDS})
    for argv in runs.values():          # warm the file cache and rentoy's own caches
        wall(argv)
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(args.repeat):
        for name, argv in runs.items():
            times[name].append(wall(argv))
    base = statistics.median(times["python -c pass"])
    print(f"{'command':<24}{'median ms':>10}{'ratio':>8}")
    worst = 0.0
    for name, ts in times.items():
        median = statistics.median(ts)
        ratio = median / base
        if name != "python -c pass" and name != "rentoy --help":
            worst = max(worst, ratio)
        print(f"{name:<24}{median * 1000:>10.1f}{ratio:>8.2f}")
    print(f"largest ratio {worst:.2f} (goal: {args.goal:g} or less)")
    return 0 if worst <= args.goal else 1


if __name__ == "__main__":
    sys.exit(main())
