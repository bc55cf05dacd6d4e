"""A campaign over the surfaces the file fuzzer does not reach: game records, one-line
deals and the parameters of a link, the cache files, the environment and the options.

Each generator makes one input from a seeded random generator; each run checks what
every command must do whatever it is given: exit status 0, 1 or 2, no traceback, no
line over a few thousand characters, no control character a terminal would act on,
and, per surface:

- **records** (edited as ``tests/test_record_reading.py`` edits them, and damaged line
  by line by ``mutators.py``): ``check``, ``run``, ``review`` and ``play --resume``
  accept or refuse alike, and each refusal names the file and a line;
- **deals**: ``parse_deal``, ``parse_dealer`` and ``parse_score`` give a value or a
  :class:`~rentoy.notation.NotationError` (no other exception, no message of Python's
  own, nothing over 1,000 characters), and ``solve`` and ``play --deal`` end in one
  error line or an answer;
- **caches**: a cache file damaged in any way leaves the output exactly as it was;
- **environment**: cache folders that are files, FIFOs, missing or unwritable,
  ``COLUMNS`` and the locale variables odd, ``HOME`` unset;
- **options**: every command's options given odd values (thousands of digits, signs,
  ``nan``, control characters, empty), counts kept small so no run is long.

Every run that breaks a rule is a :class:`Finding`, classed by surface and what went
wrong (the class is what the figures on the development page count).
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
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from rentoy.cli import main
from rentoy.notation import NotationError, parse_deal, parse_dealer, parse_score

from .mutators import mutate

ROOT = Path(__file__).resolve().parents[2]
LINE_LIMIT = 2_500
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_CARDS = ["1o", "2c", "3e", "4b", "5o", "6c", "7e", "10b", "11o", "12c", "Rc", "Ae", "Sb",
          "Co", "2O", "13o", "0c", "7x", "", "１o", "2o\x1b[2J"]
_NUMBERS = ["0", "1", "3", "-1", "+2", "9" * 101, "9" * 5000, "1e3", "nan", "inf", "0x3",
            "²", "٣", " 2 ", "", "\x1b]0;t\x07", "3.0", "1_0", "007"]


@dataclass
class Finding:
    """A run that broke a rule: its surface, the class of what went wrong, the input."""

    surface: str
    kind: str
    detail: str

    def __str__(self) -> str:
        return f"[{self.surface}: {self.kind}] {self.detail[:400]}"


@dataclass
class Figures:
    """What a campaign did: runs per surface, exit statuses, and what it found."""

    runs: Counter = field(default_factory=Counter)
    statuses: Counter = field(default_factory=Counter)
    findings: list[Finding] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def classes(self) -> set[tuple[str, str]]:
        return {(f.surface, f.kind) for f in self.findings}

    def summary(self) -> str:
        runs = ", ".join(f"{k} {v}" for k, v in sorted(self.runs.items()))
        return (f"{sum(self.runs.values())} runs ({runs}); exit statuses "
                f"{dict(sorted(self.statuses.items(), key=str))}; {len(self.findings)} "
                f"findings in {len(self.classes)} classes; {self.seconds:.0f} s")


def in_process(argv: list[str], stdin: str = "") -> tuple[int | None, str, str]:
    """``rentoy ARGV`` in this process: its status (None: it raised), stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code: int | None = main(["--lang", "en", *argv])
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 2
            except BaseException as exc:  # noqa: BLE001 - what the campaign looks for
                import traceback

                err.write("Traceback (in process)\n" + "".join(
                    traceback.format_exception(exc))[-1500:])
                code = None
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


def subprocess_run(argv: list[str], env: dict[str, str], timeout: float = 60,
                   stdin: str = "", cwd: Path = ROOT) -> tuple[int | None, str, str]:
    """``python -m rentoy ARGV`` in a child (run in ``cwd``: a relative cache folder of
    the environment runs lands in the campaign's folder, never the repository)."""
    env = dict(env, PYTHONPATH=str(ROOT))
    try:
        done = subprocess.run([sys.executable, "-m", "rentoy", *argv], capture_output=True,
                              env=env, cwd=cwd, timeout=timeout, input=stdin.encode(),
                              check=False)
    except subprocess.TimeoutExpired:
        return None, "", "timeout"
    return (done.returncode, done.stdout.decode(errors="replace"),
            done.stderr.decode(errors="replace"))


class Campaign:
    """The surfaces, a working folder and the figures."""

    def __init__(self, workdir: Path, records: list[str]):
        self.work = workdir
        self.records = records
        self.figures = Figures()
        self.cache = workdir / "cache"

    # -- the rules every run keeps ---------------------------------------------------

    def check(self, surface: str, argv: list[str], result: tuple[int | None, str, str],
              statuses: tuple[int, ...] = (0, 1, 2)) -> tuple[int | None, str, str]:
        code, out, err = result
        self.figures.runs[surface] += 1
        self.figures.statuses[code] += 1
        shown = " ".join(a[:60] for a in argv)[:300]
        if "Traceback" in err:
            self.found(surface, "traceback", f"{shown}: {err[-600:]}")
        elif code not in statuses:
            self.found(surface, f"exit status {code}", f"{shown}: {err[-300:]}")
        for stream in (out, err):
            if any(len(line) > LINE_LIMIT for line in stream.splitlines()):
                self.found(surface, "long line", shown)
            if _CONTROL.search(stream):
                self.found(surface, "control character", shown)
        if code == 2 and not err.strip():
            self.found(surface, "silent refusal", shown)
        return result

    def found(self, surface: str, kind: str, detail: str) -> None:
        self.figures.findings.append(Finding(surface, kind, detail))

    # -- records ----------------------------------------------------------------------

    def record(self, rng: random.Random) -> None:
        from record_edits import EDITS, edit

        text = rng.choice(self.records)
        if rng.random() < 0.7:
            text = edit(text, rng.choice(EDITS), rng)
        else:
            text = mutate(rng, text)[1].decode("utf-8", "replace")
        path = self.work / "record.yaml"
        path.write_text(text, encoding="utf-8")
        verdicts = {}
        for name, argv in (("check", ["check"]), ("run", ["run", "-q"]),
                           ("review", ["review", "--samples", "1"]),
                           ("resume", ["play", "--resume"])):
            code, _, err = self.check("records", [*argv, str(path)],
                                      in_process([*argv, str(path)]))
            verdicts[name] = code == 0
            if code not in (0, None) and not re.search(
                    rf"{re.escape(str(path))}(:\d+)*: ", err):
                self.found("records", "refusal without its file", f"{name}: {err[:300]}")
        if len(set(verdicts.values())) > 1:
            # Only --resume refuses a finished game (nothing to resume) and a walkthrough
            # that is no record (a mutant that lost its `hands`): both as it should.
            finished = "finished: true" in text.rsplit("- deal:", 1)[-1]
            record = re.search(r"(?m)^hands:", text) is not None
            if not ((finished or not record) and not verdicts["resume"]
                    and sum(verdicts.values()) == 3):
                self.found("records", "commands disagree", f"{verdicts}\n{text[-600:]}")

    # -- deals and the parameters of a link ---------------------------------------------

    def deal_text(self, rng: random.Random) -> str:
        seats = rng.choice([2, 2, 4, 4, 6, 1, 40])
        cards = [" ".join(rng.choice(_CARDS) for _ in range(rng.choice([3, 3, 2, 5])))
                 for _ in range(seats)]
        text = rng.choice([" | ", "|", " || ", " / "]).join(cards)
        tail = rng.choice(["/ up 7e", "/up 3o", "/ up", "", "/ up 7e / up 3o", "/ down 2c"])
        text += " " + tail
        if rng.random() < 0.5:
            text += f" / dealer {rng.choice(_NUMBERS)}"
        if rng.random() < 0.1:
            text = text * rng.choice([2, 50, 400])
        return text

    def deal(self, rng: random.Random) -> None:
        text = self.deal_text(rng)
        for name, call in (("parse_deal", lambda: parse_deal(text)),
                           ("parse_dealer", lambda: parse_dealer(rng.choice(_NUMBERS),
                                                                 rng.choice([None, 2, 4]))),
                           ("parse_score", lambda: parse_score(
                               rng.choice(_NUMBERS) + rng.choice(["-", ",", " ", "--", ""])
                               + rng.choice(_NUMBERS), rng.choice([None, 12, 30])))):
            self.figures.runs["deals"] += 1
            try:
                call()
            except NotationError as exc:
                words = str(exc)
                if len(words) > 1_000 or _CONTROL.search(words) or re.search(
                        r"invalid literal|Traceback|ValueError|int\(\)", words):
                    self.found("deals", f"{name}: a message of Python's or too long",
                               words[:300])
            except Exception as exc:  # noqa: BLE001 - what the campaign looks for
                self.found("deals", f"{name}: {type(exc).__name__}", repr(text)[:300])
        argv = rng.choice([["solve", text], ["play", "1737", "--deal", text, "--seed", "1"]])
        code, out, err = self.check("deals", argv, in_process(argv))
        if code == 2 and err.count("\n") != 1:
            self.found("deals", "more than one error line", err[:300])

    # -- caches -----------------------------------------------------------------------------

    def caches(self, rng: random.Random, baseline: dict[tuple[str, ...], tuple]) -> None:
        env = dict(os.environ, RENTOY_CACHE_DIR=str(self.cache), COLUMNS="100",
                   LANG="C.UTF-8")
        files = sorted(p for p in self.cache.iterdir() if p.is_file())
        if not files:
            return
        path = rng.choice(files)
        raw = path.read_bytes()
        case = rng.choice(["flip", "truncate", "swap", "garbage", "grow", "empty", "fifo"])
        if case == "flip":
            i = rng.randrange(len(raw))
            data = raw[:i] + bytes([raw[i] ^ rng.randrange(1, 256)]) + raw[i + 1:]
        elif case == "truncate":
            data = raw[:rng.randrange(len(raw))]
        elif case == "swap":
            i, j = sorted(rng.sample(range(len(raw)), 2))
            data = raw[:i] + raw[j:j + 1] + raw[i + 1:j] + raw[i:i + 1] + raw[j + 1:]
        elif case == "garbage":
            data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 3000)))
        elif case == "grow":
            data = raw + b"\0" * 70_000_000 if rng.random() < 0.2 else raw + raw
        else:
            data = b""
        if case == "fifo":
            path.unlink()
            os.mkfifo(path)
        else:
            path.write_bytes(data)
        for argv, want in baseline.items():
            got = self.check("caches", list(argv), subprocess_run(list(argv), env))
            if got[:2] != want[:2]:
                self.found("caches", "answer changed", f"{case} {path.name}: {argv}")
            if got[2].count("\n") > want[2].count("\n") + 1:
                self.found("caches", "more than one line on stderr", got[2][:300])
        if path.exists() and not path.is_file():
            path.unlink()

    # -- the environment --------------------------------------------------------------------

    def environment(self, rng: random.Random) -> None:
        env = dict(os.environ)
        odd = self.work / "odd"
        odd.mkdir(exist_ok=True)
        (odd / "a-file").write_text("x")
        if not (odd / "fifo").exists():
            os.mkfifo(odd / "fifo")
        name = rng.choice(["RENTOY_CACHE_DIR", "XDG_CACHE_HOME", "HOME", "COLUMNS", "LANG",
                           "LC_ALL", "LANGUAGE", "RENTOY_VARIANTS_DIR"])
        value = rng.choice([str(odd / "a-file"), str(odd / "fifo"), str(odd / "missing" / "x"),
                            "/proc/rentoy", "/dev/null", "", "9" * 5000, "-1", "x" * 5000,
                            "es_ES.UTF-8", "C", "tr_TR.ISO-8859-9", "\x1b[2J", "en"])
        if name == "HOME" and rng.random() < 0.5:
            env.pop("HOME", None)
        else:
            env[name] = value.replace("\0", "")
        argv = rng.choice([["rules", "1737"], ["variants"], ["check", str(
            ROOT / "docs" / "examples" / "game-record.yaml")], ["solve", "-"]])
        stdin = "5o 7o 5e | 12o 11o 2e / up 1e\n" if argv == ["solve", "-"] else ""
        self.check("environment", argv, subprocess_run(argv, env, stdin=stdin,
                                                        cwd=self.work))

    # -- options -------------------------------------------------------------------------------

    OPTIONS: dict[str, list[str]] = {
        "play": ["--seat", "--players", "--seed", "--deal", "--bots"],
        "solve": ["--variant"],
        "review": ["--samples", "--seed"],
        "simulate": ["--hands", "--seed", "--players", "--bots", "--jobs"],
        "equity": ["--at", "--players", "--hands"],
        "compare": ["--simulate", "--seed", "--players"],
        "check": ["--kind", "--translations"],
        "run": ["--format"],
        "rules": ["--format"],
    }
    SMALL = {"--hands": "3", "--simulate": "3", "--samples": "1", "--jobs": "1"}

    def options(self, rng: random.Random) -> None:
        command = rng.choice(sorted(self.OPTIONS))
        argv = [command]
        positional = {"play": "1737", "solve": "5o 7o 5e | 12o 11o 2e / up 1e",
                      "review": str(ROOT / "docs" / "examples" / "game-record.yaml"),
                      "simulate": "1737", "equity": "1737", "compare": "1737",
                      "check": str(ROOT / "docs" / "examples" / "two-players.yaml"),
                      "run": str(ROOT / "docs" / "examples" / "two-players.yaml"),
                      "rules": "1737"}[command]
        argv.append(positional)
        given = set()
        for option in rng.sample(self.OPTIONS[command], rng.randrange(1, len(
                self.OPTIONS[command]) + 1)):
            value = rng.choice(_NUMBERS + ["greedy", "x" * 3000, "1737+borrego", "json",
                                           "4-5", "99-0"])
            if option in self.SMALL and rng.random() < 0.5:
                value = self.SMALL[option]
            given.add(option)
            argv += [option, value]
        # No run may be long: a count is small or refused.
        for option in ("--hands", "--simulate"):
            if option in self.OPTIONS[command] and option not in given:
                argv += [option, "3"]
        for i, word in enumerate(argv[:-1]):
            if word in ("--hands", "--simulate", "--samples", "--jobs"):
                value = argv[i + 1].strip()
                if value.isascii() and value.isdigit() and len(value) < 12 \
                        and int(value) > 40:
                    argv[i + 1] = "3"
        self.check("options", argv, in_process(argv))


def baseline(cache: Path) -> dict[tuple[str, ...], tuple]:
    """The answers of the commands the cache runs compare against, with a fresh cache."""
    shutil.rmtree(cache, ignore_errors=True)
    env = dict(os.environ, RENTOY_CACHE_DIR=str(cache), COLUMNS="100", LANG="C.UTF-8")
    commands = [("rules", "1737"), ("check", str(ROOT / "docs" / "examples" /
                                                  "game-record.yaml"))]
    return {argv: subprocess_run(list(argv), env) for argv in commands}


def run_campaign(workdir: Path, records: list[str], seed: int, counts: dict[str, int]
                 ) -> Figures:
    """``counts`` runs of each surface from ``seed``; the figures."""
    campaign = Campaign(workdir, records)
    started = time.perf_counter()
    rng = random.Random(seed)
    for _ in range(counts.get("records", 0)):
        campaign.record(rng)
    for _ in range(counts.get("deals", 0)):
        campaign.deal(rng)
    if counts.get("caches", 0):
        answers = baseline(campaign.cache)
        for _ in range(counts["caches"]):
            campaign.caches(rng, answers)
    for _ in range(counts.get("environment", 0)):
        campaign.environment(rng)
    for _ in range(counts.get("options", 0)):
        campaign.options(rng)
    campaign.figures.seconds = time.perf_counter() - started
    return campaign.figures
