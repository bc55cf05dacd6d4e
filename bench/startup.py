"""How long rentoy's commands take to start, against the same interpreter's bare start.

Runs ``python -c pass`` and each command (``rentoy variants``, ``rentoy rules 1737``,
...) several times, interleaved so that machine load affects all alike, and prints
each command's median wall time and CPU time and their ratios to the bare interpreter's
(CPU time is the steadier figure on a busy machine; the goal is on wall time). The
``rentoy`` script next to this interpreter is used (the project's environment), else
``python -m rentoy``. Exit status 1 when a ratio exceeds ``--goal``.

    python bench/startup.py --repeat 15 --goal 6
    git archive main | tar -x -C /tmp/rentoy-main
    python bench/startup.py --against /tmp/rentoy-main     # before and after, same run
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

COMMANDS = (["variants"], ["rules", "1737"], ["--help"])


def rentoy_command() -> list[str]:
    script = Path(sys.executable).parent / "rentoy"
    return [str(script)] if script.exists() else [sys.executable, "-m", "rentoy"]


def wall(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall time and CPU time (user and system) of one run of ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   env=env)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15, help="runs of each (default: 15)")
    parser.add_argument("--goal", type=float, default=6.0,
                        help="the largest acceptable ratio (default: 6)")
    parser.add_argument("--against", metavar="DIR", type=Path,
                        help="also time the commands of another checkout of rentoy (say, "
                             "an older version unpacked with git archive), in the same run")
    parser.add_argument("--no-bytecode", action="store_true",
                        help="run without compiled-module caches (PYTHONDONTWRITEBYTECODE)")
    args = parser.parse_args()

    os.environ.setdefault("COLUMNS", "80")
    if not args.no_bytecode:
        # As people run it: Python keeps compiled modules in __pycache__ (the warm-up run
        # writes them). --no-bytecode measures every module compiled from source.
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    else:
        os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
    rentoy = rentoy_command()
    runs: dict[str, list[str]] = {"python -c pass": [sys.executable, "-c", "pass"]}
    runs.update({"rentoy " + " ".join(c): rentoy + c for c in COMMANDS})
    envs: dict[str, dict[str, str] | None] = {name: None for name in runs}
    if args.against:
        other = [sys.executable, str(Path(__file__).parent / "_run_from.py"),
                 str(args.against.resolve())]
        # Each checkout keeps its caches apart: the two would otherwise overwrite each
        # other's cache files (of another format or version) at every run.
        import tempfile

        caches = Path(tempfile.mkdtemp(prefix="rentoy-startup-"))
        for name in runs:
            if name.startswith("rentoy "):
                envs[name] = {**os.environ, "RENTOY_CACHE_DIR": str(caches / "this")}
        for c in COMMANDS:
            name = f"{args.against.name}: " + " ".join(c)
            runs[name] = other + c
            envs[name] = {**os.environ, "RENTOY_CACHE_DIR": str(caches / "other")}
    for name, argv in runs.items():     # warm the file cache and rentoy's own caches
        wall(argv, envs.get(name))
    times: dict[str, list[float]] = {name: [] for name in runs}
    cpu: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(args.repeat):
        for name, argv in runs.items():
            elapsed, used = wall(argv, envs.get(name))
            times[name].append(elapsed)
            cpu[name].append(used)
    base = statistics.median(times["python -c pass"])
    base_cpu = statistics.median(cpu["python -c pass"])
    print(f"{'command':<32}{'wall ms':>9}{'ratio':>8}{'cpu ms':>9}{'ratio':>8}")
    worst = 0.0
    for name, ts in times.items():
        median, median_cpu = statistics.median(ts), statistics.median(cpu[name])
        ratio = median / base
        if name.startswith("rentoy ") and name != "rentoy --help":
            worst = max(worst, ratio)
        print(f"{name:<32}{median * 1000:>9.1f}{ratio:>8.2f}{median_cpu * 1000:>9.1f}"
              f"{median_cpu / base_cpu:>8.2f}")
    print(f"largest wall-time ratio {worst:.2f} (goal: {args.goal:g} or less); medians of "
          f"{args.repeat} interleaved runs")
    return 0 if worst <= args.goal else 1


if __name__ == "__main__":
    sys.exit(main())
