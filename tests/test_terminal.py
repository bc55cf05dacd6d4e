"""Text output on an 80-column terminal: every documented command fits, none fails.

Every ``rentoy`` command in the README's shell blocks and in docs/cli.md (and every
command's ``--help``) runs as a separate process with ``COLUMNS=80`` and stdout a pipe;
no line may be longer than 80 characters, the exit status must be 0 and stderr must
hold no traceback. Simulation counts are cut down (tests/counts.py), a command shown
on both pages runs once, and the main job's run serves both tests that read it. Then the
pieces: ``--width``, the ASCII fallback, and the command-line fixes.
"""

from __future__ import annotations

import functools
import os
import re
import shlex
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from counts import shortened

from rentoy.render import Report, Table, render
from rentoy.render.terminal import terminal_width, transliterate
from rentoy.render.text import render_table

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = ("variants", "rules", "check", "run", "compare", "simulate", "solve", "play",
            "sources", "glossary")


def rentoy(*args: str, columns: int | None = 80, **env: str) -> subprocess.CompletedProcess:
    environ = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep
               + os.environ.get("PYTHONPATH", ""), **env}
    environ.pop("COLUMNS", None)
    if columns is not None:
        environ["COLUMNS"] = str(columns)
    return subprocess.run([sys.executable, "-m", "rentoy", *args], capture_output=True,
                          text=True, cwd=ROOT, env=environ, timeout=300)


def columns(line: str) -> int:
    """The columns a line takes on a terminal, counted here independently of the
    renderer: combining marks none, wide East Asian characters two, the rest one."""
    return sum(0 if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me")
               else 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
               for ch in line)


def cells(line: str) -> list[str]:
    """A line as its terminal cells, one string per column (a wide character's second
    column empty, a combining mark joined to its base)."""
    out: list[str] = []
    for ch in line:
        if unicodedata.combining(ch) and out:
            out[-1] += ch
        else:
            out.append(ch)
            if unicodedata.east_asian_width(ch) in ("W", "F"):
                out.append("")
    return out


def documented_commands() -> list[list[str]]:
    """The argument lists of every ``rentoy`` command in the README and docs/cli.md."""
    found: list[list[str]] = []
    for doc in (ROOT / "README.md", ROOT / "docs" / "cli.md"):
        blocks = re.findall(r"```(?:sh|console|bash)\n(.*?)```", doc.read_text("utf-8"), re.S)
        for block in blocks:
            for line in block.splitlines():
                for part in line.split("&&"):
                    words = shlex.split(part, comments=True)
                    if words and Path(words[0]).name == "rentoy" and words[1:] not in found:
                        found.append(words[1:])
    return found


#: The README's main job, as written (docs/cli.md shows it too).
MAIN_JOB = ["compare", "--simulate", "2000", "--seed", "1", "--reference", "1737", "--jobs", "2"]


@functools.cache
def rentoy_once(*args: str) -> subprocess.CompletedProcess:
    """``rentoy(*args)`` run once for the tests that read the same command's output (the
    main job plays for the better part of a minute even at the regular run's count)."""
    return rentoy(*args)


def test_the_documents_name_the_main_commands():
    commands = documented_commands()
    assert ["variants"] in commands and ["rules", "1737"] in commands
    assert MAIN_JOB in commands
    assert len(commands) == len({tuple(c) for c in commands})   # each runs once
    assert any(c[:1] == ["check"] for c in commands)


@pytest.mark.parametrize("args", [*documented_commands(), ["--help"],
                                  *([c, "--help"] for c in COMMANDS)],
                         ids=lambda a: " ".join(a))
def test_every_documented_command_fits_80_columns(args):
    done = rentoy_once(*shortened(args))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    if "--json" in args or any(a in args for a in ("-f", "--format")) and "text" not in args:
        return          # JSON, Markdown and CSV are data: their lines are not wrapped
    long = [line for line in done.stdout.splitlines() if columns(line) > 80]
    assert not long, f"{len(long)} lines longer than 80 columns, e.g. {long[0]!r}"


@pytest.mark.parametrize("args", [["variants"], ["glossary"]], ids=" ".join)
def test_columns_align_on_accented_letters_at_80_columns(args):
    """Ávila, Huétor, envío, señas: each column starts at the same terminal column on
    every line of the table, counted in columns, not in characters or bytes."""
    done = rentoy(*args, PYTHONIOENCODING="utf-8")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    rule = next(i for i, line in enumerate(lines) if re.fullmatch(r"-+( +-+)+", line))
    starts = [m.start() for m in re.finditer(r"-+", lines[rule])]
    body = []
    for line in lines[rule + 1:]:
        if not line or not line.startswith((" ", *"abcdefghijklmnopqrstuvwxyz0123456789")):
            break
        body.append(line)
    accented = [line for line in body if not line.isascii()]
    assert accented, "the table has no accented letters to test with"
    for line in body:
        assert columns(line) <= 80, line
        grid = cells(line)
        for start, end in zip(starts[1:], [*starts[2:], None]):
            cell = "".join(grid[start:end]).strip()
            assert start >= len(grid) or grid[start - 1] == " ", (line, start)
            if cell:
                assert grid[start] != " ", (line, start)


def test_the_main_job_reads_variant_by_variant_at_80_columns():
    done = rentoy_once(*shortened(MAIN_JOB))
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    # Turned: each rule and statistic a heading, then one line per variant.
    start = lines.index("Duty when a trump is led (arrastre)")
    avila = next(line for line in lines[start:] if line.split()[:1] == ["avila"])
    assert "one higher than every" in avila
    assert "fold rate, % of hands" in lines and "*Rentoy" not in done.stdout


@pytest.mark.parametrize("args", [["rules", "huetor"], ["variants"],
                                  ["check", "variants/huetor.yaml"],
                                  ["compare", "1737", "huetor"],
                                  ["run", "docs/examples/huetor-pata.yaml"]])
def test_an_ascii_terminal_gets_a_transliteration_not_a_traceback(args):
    done = rentoy(*args, PYTHONIOENCODING="ascii")
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "Huetor" in done.stdout and done.stdout.isascii()


def test_width_option_before_or_after_the_command():
    for args in (["--width", "60", "rules", "1737"], ["rules", "1737", "--width", "60"]):
        done = rentoy(*args, columns=None)
        assert done.returncode == 0
        assert max(len(line) for line in done.stdout.splitlines()) <= 60
    wide = rentoy("rules", "1737", columns=200)
    assert max(len(line) for line in wide.stdout.splitlines()) > 100
    narrow = rentoy("--width", "5", "variants")
    assert narrow.returncode == 2 and "too narrow" in narrow.stderr


# -- the renderer ---------------------------------------------------------------------------

def test_terminal_width_order(monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    assert terminal_width() == 100 and terminal_width(72) == 72
    monkeypatch.delenv("COLUMNS")
    assert terminal_width() == 80          # stdout is not a terminal under pytest


def test_a_table_wraps_then_turns_and_never_exceeds_the_width():
    rows = [[f"rule {i}", "a fairly long value " * (i + 1), "x" * 30] for i in range(4)]
    table = Table(["rule", "value", "other"], rows, title="A title " * 12,
                  notes=["A note " * 20])
    for width in (30, 40, 60, 80, 120):
        text = render_table(table, width)
        assert max(len(line) for line in text.splitlines()) <= width
        assert text.count("x") == 4 * 30 and text.count("fairly") == 10


def test_abbreviated_headers_come_with_a_legend():
    table = Table(["variant", "attested", "inferred", "assumed", "disputed", "name"],
                  [["1737", 10, 4, 2, 1, "Rentoy after the rules of 1737 " * 2]],
                  abbrev={"attested": "A", "inferred": "I", "assumed": "?", "disputed": "D"})
    text = render_table(table, 50)
    assert text.splitlines()[0].split()[:5] == ["variant", "A", "I", "?", "D"]
    assert "A: attested; I: inferred; ?: assumed; D: disputed." in " ".join(text.split())


def test_markdown_emphasis_only_in_markdown():
    report = Report(None, [Table(["source", "reference"],
                                 [["source-es", "Diario Popular, *Rentoy, la disputa*"]])])
    assert "*Rentoy" not in render(report, "text", 80)
    assert "*Rentoy, la disputa*" in render(report, "markdown")


def test_transliteration():
    assert transliterate("Huétor, Sanlúcar, Ávila, señas — ♠♣♥♦") == \
        "Huetor, Sanlucar, Avila, senas -- ebco"


# -- command-line fixes ------------------------------------------------------------------------

def test_plot_is_checked_before_simulating(tmp_path):
    taken = tmp_path / "taken.svg"
    taken.write_text("<svg/>")
    # A missing folder is made when the plot is written; a taken name needs --force.
    for plot, message in ((taken, "exists already"),
                          (tmp_path, "this is a folder"),
                          (tmp_path / "x.gif", "ending in .svg, .png or .pdf")):
        done = rentoy("simulate", "1737", "--hands", "2000000", "--plot", str(plot))
        assert done.returncode == 2 and message in done.stderr
        assert "Traceback" not in done.stderr and done.stdout == ""


def test_plot_says_where_it_went(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "sim.svg"
    done = rentoy("simulate", "1737", "--hands", "100", "--plot", str(path))
    assert done.returncode == 0 and path.exists()
    assert f"plot written to {path}" in done.stderr


def test_jobs_are_capped_with_a_warning():
    done = rentoy("simulate", "1737", "--hands", "100", "--jobs", "1000", "--json")
    assert done.returncode == 0
    assert "--jobs 1000: this machine has" in done.stderr


def test_counts_accept_exponents_and_refuse_fractions():
    assert rentoy("simulate", "1737", "--hands", "2e2", "--json").returncode == 0
    done = rentoy("simulate", "1737", "--hands", "1.5")
    assert done.returncode == 2 and "not a whole number" in done.stderr


def test_one_variant_is_not_called_each_variant():
    done = rentoy("simulate", "1737", "--hands", "100")
    assert "Each variant" not in done.stdout and "games, at least 100 hands." in done.stdout


@pytest.mark.parametrize("args", [["run", "docs/examples/arrastre.yaml"],
                                  ["simulate", "1737", "--hands", "100"]])
def test_json_and_another_format_are_refused(args):
    done = rentoy(*args, "--json", "-f", "markdown")
    assert done.returncode == 2 and "ask for two formats" in done.stderr


def test_a_folder_is_refused_alike_by_rules_and_check():
    rules, check = rentoy("rules", "docs"), rentoy("check", "docs")
    for done in (rules, check):
        assert done.returncode == 2 and "docs: this is a folder, not a" in done.stderr


def test_an_empty_file_is_called_empty(tmp_path):
    empty = tmp_path / "empty.yaml"
    empty.write_text("# nothing yet\n", encoding="utf-8")
    done = rentoy("check", str(empty))
    assert done.returncode == 2 and "this file is empty" in done.stderr


def test_a_misspelt_reason_code_gets_a_suggestion(tmp_path):
    text = (ROOT / "docs" / "examples" / "arrastre.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("reason: arrastre", "reason: arastre"), encoding="utf-8")
    done = rentoy("check", str(bad))
    assert done.returncode == 2 and "did you mean `arrastre`?" in done.stderr


def test_compare_csv_is_one_table():
    import csv
    import io

    done = rentoy("compare", "1737", "avila", "--simulate", "100", "-f", "csv")
    rows = list(csv.reader(io.StringIO(done.stdout)))
    assert rows[0][0] == "table" and len({len(r) for r in rows}) == 1
    assert {r[0] for r in rows[1:]} == {"rules", "simulated play", "paired differences"}


def test_help_states_each_default_once():
    done = rentoy("simulate", "--help", columns=200)
    assert done.stdout.count("(default: 10000)") == 1
    from rentoy.cli import build_parser

    for action in build_parser()._subparsers._group_actions[0].choices["simulate"]._actions:
        assert "(default: 10000)" not in (action.help or "")


# -- start-up: documents found valid are remembered, and only those ----------------------

def test_a_remembered_valid_file_is_validated_again_once_edited(tmp_path):
    import json

    cache = tmp_path / "cache"
    variant = tmp_path / "mine.yaml"
    variant.write_text('id: mine\nname: Mine\nextends: "1737"\nrules:\n  target: 9\n',
                       encoding="utf-8")
    first = rentoy("check", str(variant), RENTOY_CACHE_DIR=str(cache))
    assert first.returncode == 0
    remembered = json.loads((cache / "valid-documents.json").read_text(encoding="utf-8"))
    assert remembered and all(isinstance(k, str) for k in remembered)
    again = rentoy("check", str(variant), RENTOY_CACHE_DIR=str(cache))
    assert again.returncode == 0 and again.stdout == first.stdout
    variant.write_text('id: mine\nname: Mine\nextends: "1737"\nrules:\n  target: nine\n',
                       encoding="utf-8")
    edited = rentoy("check", str(variant), RENTOY_CACHE_DIR=str(cache))
    assert edited.returncode == 2 and "mine.yaml:5" in edited.stderr
    assert json.loads((cache / "valid-documents.json").read_text(encoding="utf-8")) \
        == remembered                        # an invalid document is never remembered
    assert not list(cache.glob(".valid-*"))  # no temporary file left behind


def test_an_empty_cache_dir_turns_caching_off(tmp_path):
    done = subprocess.run([sys.executable, "-m", "rentoy", "variants"], capture_output=True,
                          text=True, cwd=tmp_path, timeout=120,
                          env={**os.environ, "RENTOY_CACHE_DIR": "", "HOME": str(tmp_path),
                               "XDG_CACHE_HOME": str(tmp_path / "xdg"),
                               "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0
    assert not (tmp_path / "xdg").exists() and not (tmp_path / ".cache").exists()


def test_json_on_an_ascii_terminal_stays_exact():
    import json

    done = rentoy("rules", "huetor", "-f", "json", PYTHONIOENCODING="ascii")
    assert done.returncode == 0 and done.stdout.isascii()
    assert json.loads(done.stdout)["name"] == "Rentoy of Huétor Vega (Granada)"


def test_solve_refuses_json_and_another_format():
    done = rentoy("solve", "docs/examples/arrastre.yaml", "--json", "-f", "markdown")
    assert done.returncode == 2 and "ask for two formats" in done.stderr
    assert rentoy("solve", "docs/examples/arrastre.yaml", "--json").returncode == 0


def test_the_package_exports_lazily_what_it_lists():
    import rentoy

    assert sorted(rentoy.__all__) == sorted([*rentoy._EXPORTS, "__version__"])
    assert all(getattr(rentoy, name) is not None for name in rentoy.__all__)
    done = subprocess.run([sys.executable, "-c", "import sys, rentoy; rentoy.load_variant; "
                           "print('rentoy.engine' in sys.modules)"], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert done.stdout.strip() == "False"       # variants without the engine
