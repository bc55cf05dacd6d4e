"""Runs rentoy's commands on mutated files and says what went wrong, if anything.

A :class:`Campaign` works on a copy of the built-in variants folder (pointed to with
:func:`rentoy.sources.set_variants_dir`) and of the worked examples. Each mutant
replaces one file for the time of its runs; the commands go through
:func:`rentoy.cli.main` in this process (fast), or, for a sample, through ``python -m
rentoy`` in a subprocess. Every run must end with exit status 0, 1 or 2, no traceback,
a message that names a file (and, for what is in the file, its line) when the status
is 2, little output with no line of more than a few thousand characters and no control
character a terminal would act on, and in bounded time (and, in a subprocess, bounded
memory). A damaged file must also leave alone what does not use it: a walkthrough on
1737 runs whatever state another variant is in, and the glossary only ever costs
glosses.

Line mutants come from ``mutators.py``, tree mutants from ``tree.py``
(:meth:`Campaign.run_tree_mutant`, the schema among the files). A pair of texts that
once shared a cache key is checked for the second being read as itself. A few runs
damage the environment and the streams instead of a file
(:meth:`Campaign.run_environment`).
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
import shutil
import subprocess
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from measure import run_timed
from rentoy.cli import main
from rentoy.sources import set_variants_dir

from .mutators import mutate
from .tree import Specials, mutate_tree

ROOT = Path(__file__).resolve().parents[2]
#: The most CPU time a command may take on one mutant (seconds: CPU time, so that the
#: load of a shared machine does not count).
TIME_LIMIT = 20.0
#: The most a command may print on one mutant (characters): nothing echoes a huge file.
OUTPUT_LIMIT = 200_000
#: The longest line a command may print (characters): no message echoes a whole value.
LINE_LIMIT = 2_500
#: The most memory a run in a subprocess may take (its peak resident size, bytes).
MEMORY_LIMIT = 200 * 1024 * 1024
# `file:line:column: ` at the start of an error, or a message about the whole file.
_LOCATED = re.compile(r"^rentoy: error: [^\n]*?\.(ya?ml|json):\d+:\d+: ")
_WHOLE_FILE = re.compile(r"^rentoy: error: [^\n]*?(\.(ya?ml|json)|\+[\w+-]+|/dev/\w+|mem|"
                         r"\.fifo|loop|folder): (this file is larger|no such file|"
                         r"this is (a|not)|cannot read this file|this schema has|"
                         r"the rules of this schema|this schema refers)")
# What a terminal would act on (never printed as it is).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
#: Files every variant reads: damaging them may fail any variant.
SHARED = {"sources.yaml", "1737.yaml"}
# The walkthrough that must run whatever happens to the other variant files.
ANCHOR = "two-players.yaml"


@dataclass
class Target:
    """A file to mutate and the commands to run on each mutant."""

    kind: str          # "variant", "walkthrough", "sources", "glossary", "data", "schema"
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
    slowest_error: float = 0.0      # the slowest run that ended in exit status 2
    largest: int = 0                # the largest peak memory of a subprocess run (bytes)
    twins: int = 0                  # colliding pairs checked
    environment_runs: int = 0
    seconds: float = 0.0

    def summary(self) -> str:
        statuses = ", ".join(f"exit {k}: {v}" for k, v in sorted(self.statuses.items(), key=str))
        return (f"{self.mutants} mutants, {self.runs} runs ({self.subprocess_runs} in a "
                f"subprocess, {self.environment_runs} on the environment and streams; "
                f"{statuses}); {self.tracebacks} tracebacks, {self.timeouts} timeouts, "
                f"{len(self.failures)} failures; {self.twins} colliding pairs; slowest run "
                f"{self.slowest:.2f} s (of an error: {self.slowest_error:.2f} s); largest "
                f"subprocess {self.largest / 2 ** 20:.0f} MB; {self.seconds:.0f} s in all")


class Campaign:
    """Mutants of every variant, walkthrough, sources and glossary file, and their runs."""

    def __init__(self, workdir: Path):
        self.variants = workdir / "variants"
        self.examples = workdir / "examples"
        shutil.copytree(ROOT / "variants", self.variants)
        shutil.copytree(ROOT / "docs" / "examples", self.examples)
        self.originals = {p: p.read_bytes() for folder in (self.variants, self.examples)
                          for p in [*folder.glob("*.yaml"), *folder.glob("*.json")]}
        # What a tree mutant's `extends:` or `variant:` may point at.
        odd = workdir / "odd"
        odd.mkdir()
        os.mkfifo(odd / "pipe.fifo")
        os.symlink(odd / "loop-b.yaml", odd / "loop-a.yaml")
        os.symlink(odd / "loop-a.yaml", odd / "loop-b.yaml")
        (odd / "folder").mkdir()
        (odd / "outside.yaml").write_text('id: outside\nname: Outside\nextends: "1737"\n',
                                          encoding="utf-8")
        self.specials = Specials(odd / "pipe.fifo", odd / "loop-a.yaml", odd / "folder",
                                 odd / "outside.yaml")
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

    def targets(self, tree: bool = False) -> list[Target]:
        """Every file to mutate; with ``tree``, the variants' schema too (tree mutants)."""
        from rentoy.variants import builtin_ids

        ids = set(builtin_ids())
        out = []
        for path in sorted(self.variants.glob("*.yaml")):
            # The other files of the folder (the family tree, the quotations, ...) are
            # reference data: their commands must hold up, whatever they answer.
            kind = {"sources.yaml": "sources", "glossary.yaml": "glossary"}.get(
                path.name, "variant" if path.stem in ids else "data")
            out.append(Target(kind, path, f"variants/{path.name}"))
        if tree:
            out.append(Target("schema", self.variants / "schema.json", "variants/schema.json"))
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
        if target.kind == "schema":
            return [(("rules", "1737"), None), (("run", anchor), None),
                    (("variants",), None), (("check", str(self.variants / "avila.yaml")), None)]
        vid = target.path.stem
        out: list[tuple[tuple[str, ...], int | None]] = [
            (("check", str(target.path)), None), (("rules", vid), None)]
        out += [(("run", str(p)), None) for p in self.uses.get(vid, [])[:1]]
        out.append((("run", anchor), None if target.path.name in SHARED else 0))
        return out

    def run_tree_mutant(self, target: Target, seed: int, subprocess_too: bool = False
                        ) -> None:
        """A tree mutant of ``target`` (see ``tree.py``), and its twin when it has one."""
        rng = random.Random(f"tree:{target.name}:{seed}")
        mutant = mutate_tree(rng, self.originals[target.path].decode("utf-8"), target.kind,
                             self.specials)
        self.tally.mutants += 1
        self.tally.by_mutator["tree:" + mutant.name.split("+")[0]] += 1
        commands = self.commands(target)
        if "solve-variant" in {e[0] for e in mutant.extra}:
            commands.append((("compare", str(target.path), "--solve", "2"), None))
        # The schema is read once per process: its mutants are run in a subprocess only.
        in_process = target.kind != "schema"
        subprocess_too = subprocess_too or not in_process
        self._write(target.path, mutant.data)
        try:
            for command, expected in commands:
                if in_process:
                    self._check(target, "tree:" + mutant.name, seed, command, expected,
                                *self._in_process(command))
                if subprocess_too:
                    self._check(target, "tree:" + mutant.name, seed, command, expected,
                                *self._subprocess(command))
                    self.tally.subprocess_runs += 1
            if mutant.twin is not None:
                self._check_twin(target, seed, mutant.twin)
        finally:
            self._write(target.path, self.originals[target.path])

    def _check_twin(self, target: Target, seed: int, twin: bytes) -> None:
        """The twin (same length, CRC-32 and Adler-32 as the mutant just run) must be
        read as itself, from the caches as without them."""
        from rentoy import validation, yamlfile

        self.tally.twins += 1
        self._write(target.path, twin)
        text = twin.decode("utf-8", "replace")
        command = ("check", str(target.path))
        cached = self._in_process(command)
        try:
            read = yamlfile.load_document(target.path).data
            own = yamlfile.parse_document(text, str(target.path)).data
        except Exception as exc:       # refused either way: the check says how
            read = own = type(exc).__name__
        saved_known, saved_parsed = validation._known, yamlfile._parsed._entries
        before = os.environ.get("RENTOY_CACHE_DIR")
        os.environ["RENTOY_CACHE_DIR"] = ""
        validation._known, yamlfile._parsed._entries = None, None
        try:
            fresh = self._in_process(command)
        finally:
            validation._known, yamlfile._parsed._entries = saved_known, saved_parsed
            if before is None:
                del os.environ["RENTOY_CACHE_DIR"]
            else:
                os.environ["RENTOY_CACHE_DIR"] = before
        self._check(target, "tree:collide", seed, command, None, *cached)
        if read != own or cached[0] != fresh[0]:
            self.tally.failures.append(Failure(
                target.name, "tree:collide", seed, command,
                f"a text sharing another's old cache key was read as the other: exit "
                f"{cached[0]} from the caches, {fresh[0]} without them"))

    def run_environment(self, rng: random.Random) -> None:
        """One run in a subprocess with the environment or the streams damaged: COLUMNS
        of thousands of digits, a closed or endless standard input, a closed standard
        output, a timeout that is not a number, a damaged schema read through
        ``RENTOY_VARIANTS_DIR``."""
        anchor = str(self.examples / ANCHOR)
        case = rng.choice(["columns", "width", "stdin-closed", "stdin-zero", "stdout-closed",
                           "timeout", "seat", "schema-fifo"])
        env: dict[str, str] = {}
        stdin: Any = subprocess.DEVNULL
        stdout: Any = None
        command: tuple[str, ...] = ("rules", "1737")
        if case == "columns":
            env["COLUMNS"] = rng.choice(["9" * 5000, "-3", "1e9", "0x50", "99999999999"])
        elif case == "width":
            command = ("--width", rng.choice(["9" * 5000, "nan", "-1"]), "variants")
        elif case in ("stdin-closed", "stdin-zero"):
            command = ("play", "1737", "--seed", "1")
            stdin = None if case == "stdin-closed" else open("/dev/zero", "rb")
        elif case == "stdout-closed":
            command, stdout = rng.choice([("variants",), ("run", anchor)]), "closed"
        elif case == "timeout":
            command = ("simulate", "1737", "-n", "10", "--dask", "tcp://127.0.0.1:9",
                       "--dask-timeout", rng.choice(["nan", "inf", "-1", "0", "1e400"]))
        elif case == "seat":
            command = ("play", "1737", "--seed", "2")
            stdin = "lines"
        else:
            command = ("rules", "1737")
            schema = self.variants / "schema.json"
            schema.unlink()
            os.mkfifo(schema)
        self.tally.environment_runs += 1
        try:
            result = self._subprocess(command, env=env, stdin=stdin, stdout=stdout)
        finally:
            if case == "schema-fifo":
                (self.variants / "schema.json").unlink()
                self._write(self.variants / "schema.json",
                            self.originals[self.variants / "schema.json"])
            if hasattr(stdin, "close"):
                stdin.close()
        target = Target("environment", self.variants, f"environment:{case}")
        self._check(target, "environment", 0, command, None, *result, located=False)

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
        started = time.process_time()     # CPU time: the load of the machine aside
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status: int | None = main(list(command))
        except SystemExit as exc:      # argparse
            status = exc.code if isinstance(exc.code, int) else 2
        except Exception:
            status = None
            err.write("Traceback (most recent call last):\n" + traceback.format_exc())
        return status, out.getvalue(), err.getvalue(), time.process_time() - started

    def _subprocess(self, command: tuple[str, ...], env: dict[str, str] | None = None,
                    stdin: Any = subprocess.DEVNULL, stdout: Any = None
                    ) -> tuple[int | None, str, str, float]:
        """``python -m rentoy COMMAND`` in a subprocess; its own peak memory is kept in
        the tally (see ``tests/measure.py``). ``stdin``: a file, None (closed), or
        ``"lines"`` (actions with numbers of thousands of digits); ``stdout="closed"``:
        standard output closed."""
        feed = None
        if stdin == "lines":
            feed, stdin = ("9" * 5000 + "\n1\n" + "0" * 4400 + "2\n?\n").encode(), None
        closed = ([0] if stdin is None and feed is None else []) + \
            ([1] if stdout == "closed" else [])

        def close_streams() -> None:
            for fd in closed:
                os.close(fd)

        # The limit is on the command's CPU time (the machine's load aside); the wall
        # clock only ends a command that hangs.
        status, out, err, peak, seconds = run_timed(
            command, env={"RENTOY_VARIANTS_DIR": str(self.variants), **(env or {})},
            stdin=subprocess.DEVNULL if stdin is None else stdin, input=feed,
            preexec_fn=close_streams if closed else None, timeout=TIME_LIMIT * 10)
        if status is None:
            return None, "", "(timed out)", TIME_LIMIT * 10
        self.tally.largest = max(self.tally.largest, peak)
        if peak > MEMORY_LIMIT:
            self.tally.failures.append(Failure("subprocess", "memory", 0, command,
                                               f"took {peak / 2 ** 20:.0f} MB"))
        return status, out, err, seconds

    def _check(self, target: Target, mutator: str, seed: int, command: tuple[str, ...],
               expected: int | None, status: int | None, out: str, err: str,
               seconds: float, located: bool = True) -> None:
        tally = self.tally
        tally.runs += 1
        tally.statuses[status] += 1
        tally.slowest = max(tally.slowest, seconds)
        if status == 2:
            tally.slowest_error = max(tally.slowest_error, seconds)

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
        longest = max((len(line) for line in (out + "\n" + err).split("\n")), default=0)
        if longest > LINE_LIMIT:
            fail(f"printed a line of {longest:,} characters")
        found = _CONTROL.search(out + err)
        if found:
            fail(f"printed the control character U+{ord(found.group()):04X}: "
                 f"{(out + err)[max(found.start() - 60, 0):found.start() + 20]!r}")
        if status == 2 and "Traceback" not in err and located:
            first = err.lstrip().split("\n", 1)[0]
            if not (_LOCATED.match(first) or _WHOLE_FILE.match(first)):
                fail(f"the error is not located: {first[:300]!r}")
