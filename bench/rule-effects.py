"""The figures of the site's page "What each rule changes", stored in
``docs/data/rule-effects.json``.

Two comparisons, both on the same deals under every variant:

- **strong play**: ``rentoy compare ... --simulate N --bots search`` on 1737 and the
  variants that change one of its rules (avila: the over-trumping arrastre; and
  1737's options), with the duty counts;
- **perfect play**: ``rentoy compare ... --solve N`` (every card visible, no betting)
  on the same variants and every other built-in variant.

The search bots make the simulation slower than random play (about a hundredth of a
second per game and variant, much more for Conil's five-card hands), so the figures are
computed by this script, not when the site is built. The file keeps
what produced it (this command, seed, counts, the version) and each variant's rules
and file hashes; ``tests/test_strong_play.py`` fails when a variant's rules have
changed since, and says to run this again::

    python bench/rule-effects.py --jobs 2                # under a minute on 2 cores
    python bench/rule-effects.py --hands 80000 --jobs 2  # the stored figures: 10,133 games
    python bench/rule-effects.py --dask tcp://HOST:8786  # or on a dask cluster

The output is written atomically; the same arguments give the same figures.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shlex
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "data" / "rule-effects.json"
#: The strong-play part, shipped in the package for ``rentoy compare``.
SHIPPED = ROOT / "rentoy" / "data" / "strong-play.json"
#: 1737 and the variants that change one of its rules (strong play and perfect play).
ONE_RULE = ("1737", "avila", "1737+como-al-hombre", "1737+borrego", "1737+values-1-3-6-12")
#: The other built-in variants (perfect play only).
OTHERS = ("1598", "1704", "modern", "conil", "galicia", "huetor", "sanlucar")


def variant_record(spec: str) -> dict:
    """What the figures of ``spec`` rest on: its rules and the files it is read from."""
    from rentoy.variants import load_variant

    variant = load_variant(spec)
    files = {}
    for path in variant.files:
        try:
            name = str(Path(path).resolve().relative_to(ROOT))
        except ValueError:
            name = Path(path).name
        files[name] = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    return {"name": variant.name, "rules": plain(variant.values), "files": files}


def plain(value):
    """Rule values as JSON data (mappings and sequences as objects and lists)."""
    return json.loads(json.dumps(value, default=lambda o: dict(o) if hasattr(o, "keys")
                                 else list(o)))


def write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000,
                        help="hands per variant under strong play (default 2000, about "
                             "three hundred games)")
    parser.add_argument("--deals", type=int, default=3000,
                        help="deals solved with every card visible (default 3000)")
    parser.add_argument("--bots", default="search", help="the bots (default: search)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--dask", metavar="ADDRESS", help="a dask scheduler to run on")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--shipped", type=Path, default=SHIPPED,
                        help="where the strong-play part goes for the package")
    args = parser.parse_args(argv)

    from rentoy import __version__
    from rentoy.comparison import compare_perfect
    from rentoy.simulation import simulate
    from rentoy.simulation.cluster import dask_executor

    def run(executor, jobs):
        started = time.perf_counter()
        strong = simulate(list(ONE_RULE), args.hands, args.seed, players=args.players,
                          bots=args.bots, jobs=jobs, executor=executor)
        print(f"strong play: {strong.games} games in {strong.seconds:.0f} s",
              file=sys.stderr)
        perfect = compare_perfect(list(ONE_RULE + OTHERS), args.deals, args.seed,
                                  players=args.players, jobs=jobs, executor=executor)
        print(f"perfect play: {args.deals} deals; {time.perf_counter() - started:.0f} s "
              "in all", file=sys.stderr)
        return strong, perfect

    if args.dask:
        with dask_executor(args.dask) as (executor, workers):
            strong, perfect = run(executor, workers)
    else:
        strong, perfect = run(None, args.jobs)
    command = ["python", "bench/rule-effects.py", "--hands", str(args.hands), "--deals",
               str(args.deals), "--bots", args.bots, "--seed", str(args.seed),
               "--players", str(args.players)]
    data = {
        "generated_by": shlex.join(command),
        "rentoy_version": __version__,
        "seed": args.seed,
        "players": args.players,
        "variants": {spec: variant_record(spec) for spec in ONE_RULE + OTHERS},
        "strong_play": strong.to_data(reference="1737", timing=False),
        "strong_play_seconds": round(strong.seconds),
        "perfect_play": perfect.as_dict(),
    }
    write_atomically(args.out, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    shipped = {"about": "The strong-play figures of bench/rule-effects.py (the search bots "
                        "on both teams, the same games under each variant), shipped for "
                        "rentoy compare; the site's docs/data/rule-effects.json holds the "
                        "same with the perfect-play figures.",
               **{k: data[k] for k in ("generated_by", "rentoy_version",
                                       "strong_play_seconds", "strong_play")}}
    write_atomically(args.shipped, json.dumps(shipped, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {args.out} and {args.shipped}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
