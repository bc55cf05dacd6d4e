"""The worst cases of bad input and faults, timed and weighed: each must be refused (exit
status 2, one located message) within a second and 200 MB, or handled.

Each case is written to a temporary folder and run as ``python -m rentoy ...`` in a
child process; the table gives its exit status, wall time, CPU time and peak memory
(the child's own, from ``os.wait4``; it includes the few megabytes of this script's
pages the child starts with) and the first line it printed on stderr::

    python bench/bad_input.py            # every case
    python bench/bad_input.py --only merge
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TWO = (ROOT / "docs" / "examples" / "two-players.yaml").read_text(encoding="utf-8")


def write(folder: Path, name: str, text: str | bytes) -> str:
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


def cases(folder: Path) -> dict[str, dict]:
    """Each case: its command line, and what it needs (environment, streams)."""
    row = "[" + ", ".join(["*t"] * 1000) + "]"
    amplified = (f'title: &t "{"x" * 20_000}"\nvariant: "1737"\nplayers: 2\ndescription:\n'
                 f"  - &r {row}\n" + "  - *r\n" * 189 + 'actions: ["0 raise"]\n')
    small = amplified.replace("x" * 20_000, "x" * 4_000)
    merges = ['variant: "1737"', "m0: &m0 {a: 1, b: 2}"] + [
        f"m{k}: &m{k} {{<<: [*m{k - 1}, *m{k - 1}]}}" for k in range(1, 24)]
    variants = folder / "variants"
    shutil.copytree(ROOT / "variants", variants)
    (variants / "schema.json").unlink()
    os.mkfifo(variants / "schema.json")
    nine = ('id: nine\nname: Nine\nextends: "1737"\nrules:\n  hand_size: 9\n  tricks: 9\n'
            "  tricks_to_win: 5\n  players: [2]\n  default_players: 2\n")
    write(folder, "nine.yaml", nine)
    write(folder, "bad-scheduler.json", '{"x": 1}')

    def limit_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))

    return {
        "amplified aliases (25 kB)": {"args": ["check", write(folder, "amp.yaml", amplified)]},
        "amplified aliases (9 kB)": {"args": ["check", write(folder, "amp8.yaml", small)]},
        "nested merge keys": {"args": ["check", write(folder, "merge.yaml",
                                                      "\n".join(merges) + "\n")]},
        "a seat of 5,000 digits": {"args": ["run", write(
            folder, "seat.yaml", TWO.replace('"0 raise"]', '"' + "9" * 5000 + ' raise"]'))]},
        "COLUMNS of 5,000 digits": {"args": ["rules", "1737"], "env": {"COLUMNS": "9" * 5000}},
        "target: 1000000000, simulate": {"args": ["simulate", write(
            folder, "target.yaml", 'id: t\nname: T\nextends: "1737"\nrules:\n'
            "  target: 1000000000\n"), "--hands", "50"]},
        "9 tricks, compare --solve": {"args": ["compare", str(folder / "nine.yaml"),
                                               "--solve", "100", "--jobs", "2"]},
        "schema.json a FIFO": {"args": ["variants"],
                               "env": {"RENTOY_VARIANTS_DIR": str(variants)}},
        "play < /dev/zero": {"args": ["play", "1737", "--seed", "1"], "stdin": "/dev/zero"},
        "stdout closed": {"args": ["variants"], "close": [1]},
        "play, stdin closed": {"args": ["play", "1737", "--seed", "1"], "close": [0]},
        "ulimit -f 1 on stdout": {"args": ["rules", "1737"], "preexec": limit_files,
                                  "stdout": str(folder / "cut.txt")},
        "--dask-timeout nan": {"args": ["simulate", "1737", "--dask", "tcp://127.0.0.1:9",
                                        "--dask-timeout", "nan"]},
        "a scheduler file that is not one": {"args": [
            "simulate", "1737", "--dask-scheduler-file", str(folder / "bad-scheduler.json")]},
        "a call word that shadows a card": {"args": ["check", write(
            folder, "calls.yaml", 'id: c\nname: C\nextends: "1737"\nrules:\n'
            '  calls: {accept: "1"}\n')]},
        "a control character in a title": {"args": ["check", write(
            folder, "esc.yaml", 'id: e\nname: "\\e]0;title\\a"\nextends: "1737"\n')]},
        "a card code of 15,000 characters": {"args": ["run", write(
            folder, "card.yaml", TWO.replace('"0 raise"]', '"0 play ' + "9" * 15_000 + 'o"]'))]},
    }


def run(case: dict) -> tuple[int, float, float, int, str]:
    closed = case.get("close", [])

    def prepare() -> None:
        for fd in closed:
            os.close(fd)
        if case.get("preexec"):
            case["preexec"]()

    stdin = open(case["stdin"], "rb") if case.get("stdin") else subprocess.DEVNULL
    stdout = open(case["stdout"], "wb") if case.get("stdout") else subprocess.DEVNULL
    with tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, "-m", "rentoy", *case["args"]], stdin=stdin, stdout=stdout,
            stderr=err, cwd=ROOT, preexec_fn=prepare,
            env={**os.environ, "PYTHONPATH": str(ROOT), **case.get("env", {})})
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
        err.seek(0)
        first = err.read().decode("utf-8", "replace").strip().split("\n")[0]
    for stream in (stdin, stdout):
        if hasattr(stream, "close"):
            stream.close()
    return (os.waitstatus_to_exitcode(status), wall, usage.ru_utime + usage.ru_stime,
            usage.ru_maxrss * 1024, first)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", metavar="WORD", help="only the cases whose name has WORD")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="rentoy-bad-input-"))
    try:
        results = {}
        for name, case in cases(folder).items():
            if args.only and args.only not in name:
                continue
            status, wall, cpu, peak, first = run(case)
            results[name] = {"status": status, "wall": round(wall, 3), "cpu": round(cpu, 3),
                             "peak_mb": round(peak / 2 ** 20, 1), "stderr": first}
            if not args.json:
                print(f"{name:34} exit {status}  {wall:6.2f} s wall  {cpu:5.2f} s cpu  "
                      f"{peak / 2 ** 20:6.1f} MB")
                print(f"    {first[:150].replace(str(folder), '...')}")
        if args.json:
            print(json.dumps(results, indent=2))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
