"""Runs rentoy's commands on mutated files and says what went wrong, if anything.

A :class:`Campaign` works on a copy of the built-in variants folder (pointed to with
:func:`rentoy.sources.set_variants_dir`) and of the worked examples. Each mutant
replaces one file for the time of its runs; the commands go through
:func:`rentoy.cli.main` in this process (fast), or, for a sample, through ``python -m
rentoy`` in a subprocess. Every run must end with exit status 0, 1 or 2, no traceback,
a message that names a file (and, for what is in the file, its line) when the status
is 2, little output, and in bounded time. A damaged file must also leave alone what
does not use it: a walkthrough on 1737 runs whatever state another variant is in, and
the glossary only ever costs glosses.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
import shutil
import subprocess
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from rentoy.cli import main
from rentoy.sources import set_variants_dir

from .mutators import mutate

ROOT = Path(__file__).resolve().parents[2]
#: The longest a command may take on one mutant (seconds; generous for a shared box).
TIME_LIMIT = 20.0
#: The most a command may print on one mutant (characters): nothing echoes a huge file.
OUTPUT_LIMIT = 200_000
# `file:line:column: ` at the start of an error, or a message about the whole file.
_LOCATED = re.compile(r"^rentoy: error: [^\n]*?\.ya?ml:\d+:\d+: ")
_WHOLE_FILE = re.compile(r"^rentoy: error: [^\n]*?\.ya?ml: (this file is larger|no such file|"
                         r"this is (a|not))")
#: Files every variant reads: damaging them may fail any variant.
SHARED = {"sources.yaml", "1737.yaml"}
# The walkthrough that must run whatever happens to the other variant files.
ANCHOR = "two-players.yaml"


@dataclass
class Target:
    """A file to mutate and the commands to run on each mutant."""

    kind: str          # "variant", "walkthrough", "sources" or "glossary"
    path: Path         # in the campaign's copy
    name: str


@dataclass
class Failure:
    target: str
    mutator: str
    seed: int
    command: tuple[str, ...]
    what: str

    def __str__(self) -> str:
        return (f"{self.target} [{self.mutator}, seed {self.seed}] rentoy "
                f"{' '.join(self.command)}: {self.what}")


@dataclass
class Tally:
    """What a campaign did: mutants, runs, exit statuses, failures, slowest run."""

    mutants: int = 0
    runs: int = 0
    subprocess_runs: int = 0
    statuses: Counter = field(default_factory=Counter)
    by_mutator: Counter = field(default_factory=Counter)
    failures: list[Failure] = field(default_factory=list)
    tracebacks: int = 0
    timeouts: int = 0
    slowest: float = 0.0
    seconds: float = 0.0

    def summary(self) -> str:
        statuses = ", ".join(f"exit {k}: {v}" for k, v in sorted(self.statuses.items(), key=str))
        return (f"{self.mutants} mutants, {self.runs} runs ({self.subprocess_runs} in a "
                f"subprocess; {statuses}); {self.tracebacks} tracebacks, {self.timeouts} "
                f"timeouts, {len(self.failures)} failures; slowest run "
                f"{self.slowest:.2f} s; {self.seconds:.0f} s in all")


class Campaign:
    """Mutants of every variant, walkthrough, sources and glossary file, and their runs."""

    def __init__(self, workdir: Path):
        self.variants = workdir / "variants"
        self.examples = workdir / "examples"
        shutil.copytree(ROOT / "variants", self.variants)
        shutil.copytree(ROOT / "docs" / "examples", self.examples)
        self.originals = {p: p.read_bytes() for folder in (self.variants, self.examples)
                          for p in folder.glob("*.yaml")}
        self.uses: dict[str, list[Path]] = {}   # variant id -> walkthroughs on it
        for path in sorted(self.examples.glob("*.yaml")):
            match = re.search(r'(?m)^variant: "?([\w-]+)', path.read_text(encoding="utf-8"))
            if match:
                self.uses.setdefault(match[1], []).append(path)
        self._clock = time.time_ns()
        self.tally = Tally()

    def __enter__(self) -> "Campaign":
        set_variants_dir(self.variants)
        return self

    def __exit__(self, *exc: object) -> None:
        set_variants_dir(None)

    def targets(self) -> list[Target]:
        from rentoy.variants import builtin_ids

        ids = set(builtin_ids())
        out = []
        for path in sorted(self.variants.glob("*.yaml")):
            # The other files of the folder (the family tree, the quotations, ...) are
            # reference data: their commands must hold up, whatever they answer.
            kind = {"sources.yaml": "sources", "glossary.yaml": "glossary"}.get(
                path.name, "variant" if path.stem in ids else "data")
            out.append(Target(kind, path, f"variants/{path.name}"))
        for path in sorted(self.examples.glob("*.yaml")):
            out.append(Target("walkthrough", path, f"docs/examples/{path.name}"))
        return out

    # -- one mutant -----------------------------------------------------------

    def _write(self, path: Path, data: bytes) -> None:
        path.write_bytes(data)
        # A fresh, strictly increasing stamp: caches keyed on the file's time must see
        # every change, however fast the mutants come.
        self._clock += 1_000_000
        os.utime(path, ns=(self._clock, self._clock))

    def commands(self, target: Target) -> list[tuple[tuple[str, ...], int | None]]:
        """The commands to run on a mutant of ``target``, each with the exit status it
        must have (None: any of 0, 1 and 2)."""
        anchor = str(self.examples / ANCHOR)
        if target.kind == "walkthrough":
            return [(("check", str(target.path)), None), (("run", str(target.path)), None)]
        if target.kind == "glossary":
            return [(("run", str(self.examples / "betting-from-4-5.yaml")), 0),
                    (("rules", "1737"), 0), (("glossary",), None)]
        if target.kind == "sources":
            return [(("rules", "1737"), None), (("run", anchor), None),
                    (("sources",), None)]
        if target.kind == "data":
            return [(("rules", "1737"), None), (("run", anchor), None),
                    (("sources",), None)]
        vid = target.path.stem
        out: list[tuple[tuple[str, ...], int | None]] = [
            (("check", str(target.path)), None), (("rules", vid), None)]
        out += [(("run", str(p)), None) for p in self.uses.get(vid, [])[:1]]
        out.append((("run", anchor), None if target.path.name in SHARED else 0))
        return out

    def run_mutant(self, target: Target, seed: int, subprocess_too: bool = False) -> None:
        rng = random.Random(f"{target.name}:{seed}")
        mutator, data = mutate(rng, self.originals[target.path].decode("utf-8"))
        self.tally.mutants += 1
        self.tally.by_mutator[mutator.split("+")[0]] += 1
        self._write(target.path, data)
        try:
            for command, expected in self.commands(target):
                self._check(target, mutator, seed, command, expected, *self._in_process(command))
                if subprocess_too:
                    self._check(target, mutator, seed, command, expected,
                                *self._subprocess(command))
                    self.tally.subprocess_runs += 1
        finally:
            self._write(target.path, self.originals[target.path])

    # -- running and judging --------------------------------------------------

    def _in_process(self, command: tuple[str, ...]) -> tuple[int | None, str, str, float]:
        out, err = io.StringIO(), io.StringIO()
        started = time.perf_counter()
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status: int | None = main(list(command))
        except SystemExit as exc:      # argparse
            status = exc.code if isinstance(exc.code, int) else 2
        except Exception:
            status = None
            err.write("Traceback (most recent call last):\n" + traceback.format_exc())
        return status, out.getvalue(), err.getvalue(), time.perf_counter() - started

    def _subprocess(self, command: tuple[str, ...]) -> tuple[int | None, str, str, float]:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "RENTOY_VARIANTS_DIR": str(self.variants)}
        started = time.perf_counter()
        try:
            done = subprocess.run([sys.executable, "-m", "rentoy", *command], capture_output=True,
                                  text=True, env=env, cwd=ROOT, timeout=TIME_LIMIT * 3,
                                  errors="replace")
        except subprocess.TimeoutExpired:
            return None, "", "(timed out)", TIME_LIMIT * 3
        return done.returncode, done.stdout, done.stderr, time.perf_counter() - started

    def _check(self, target: Target, mutator: str, seed: int, command: tuple[str, ...],
               expected: int | None, status: int | None, out: str, err: str,
               seconds: float) -> None:
        tally = self.tally
        tally.runs += 1
        tally.statuses[status] += 1
        tally.slowest = max(tally.slowest, seconds)

        def fail(what: str) -> None:
            tally.failures.append(Failure(target.name, mutator, seed, command, what))

        if "Traceback" in err:
            tally.tracebacks += 1
            fail("traceback:\n" + err[-3000:])
        if seconds > TIME_LIMIT:
            tally.timeouts += 1
            fail(f"took {seconds:.1f} s")
        if status not in (0, 1, 2):
            fail(f"exit status {status}")
        if expected is not None and status != expected:
            fail(f"exit status {status}, not {expected} (a damaged file reached work that "
                 f"does not use it): {err[:300]}")
        if len(out) + len(err) > OUTPUT_LIMIT:
            fail(f"printed {len(out) + len(err):,} characters")
        if status == 2 and "Traceback" not in err:
            first = err.lstrip().split("\n", 1)[0]
            if not (_LOCATED.match(first) or _WHOLE_FILE.match(first)):
                fail(f"the error is not located: {first[:300]!r}")
