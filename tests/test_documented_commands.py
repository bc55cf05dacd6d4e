"""The commands the README's "A taste" and docs/cli.md show are run as they are written
(their simulation counts cut down in the regular run, tests/counts.py; ``pytest -m soak``
runs them at the counts written), and what those pages claim of them is checked: each
runs with exit status 0, its text fits 80 columns, the tables print as JSON and Markdown
where the pages say so (and `check` refuses Markdown, as they say), and the counts' bounds
are the ones in :mod:`rentoy.limits`."""

from __future__ import annotations

import io
import json
import re
import shlex
import sys
from pathlib import Path

import pytest

from counts import shortened
from inprocess import run

from rentoy.render.terminal import display_width

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
CLI = ROOT / "docs" / "cli.md"


def fenced_commands(path: Path, section: str | None = None) -> list[str]:
    """Every `rentoy ...` line of the ```sh and ```console blocks of ``path`` (of one
    ``## section`` when named), comments and prompts removed."""
    text = path.read_text(encoding="utf-8")
    if section is not None:
        start = text.index(f"## {section}")
        end = text.find("\n## ", start + 3)
        text = text[start:end if end > 0 else None]
    out = []
    for block in re.findall(r"```(?:sh|console)\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = line.removeprefix("$ ").strip()
            if line.startswith("rentoy "):
                out.append(line.split("  #")[0].strip())
    return out


TASTE = fenced_commands(README, "A taste")
CLI_COMMANDS = fenced_commands(CLI)


def test_the_pages_show_what_the_report_asked_for():
    shown = " ".join(TASTE)
    for piece in ("rentoy play", "rentoy solve", "--bots search", "--solve"):
        assert piece in shown, piece
    assert "docs/_build/html/index.html" in README.read_text(encoding="utf-8")
    assert CLI_COMMANDS


def _runs_and_fits(argv: list[str], capsys, monkeypatch) -> None:
    """``rentoy ARGV --width 80`` exits 0 and prints JSON where asked, else lines that fit."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))   # play: no input, the game left off
    monkeypatch.chdir(ROOT)
    status, out, err = run(capsys, *argv, "--width", "80")
    assert status == 0, err
    if "--json" in argv or "json" in argv:
        json.loads(out)
    else:
        wide = [line for line in out.splitlines() if display_width(line) > 80]
        assert not wide, wide


@pytest.mark.parametrize("command", TASTE + CLI_COMMANDS)
def test_a_documented_command_runs_as_written(command, capsys, monkeypatch):
    _runs_and_fits(shortened(shlex.split(command)[1:]), capsys, monkeypatch)


@pytest.mark.soak
@pytest.mark.parametrize("command", [c for c in TASTE + CLI_COMMANDS
                                     if shortened(shlex.split(c)) != shlex.split(c)])
def test_a_documented_command_runs_at_the_counts_written(command, capsys, monkeypatch):
    """The commands whose counts the regular run cuts, as written (``pytest -m soak``)."""
    _runs_and_fits(shlex.split(command)[1:], capsys, monkeypatch)


@pytest.mark.parametrize("argv", [["variants"], ["rules", "1737", "--table"],
                                  ["run", "docs/examples/arrastre.yaml"],
                                  ["compare", "1737", "avila"], ["sources", "autoridades-1737"],
                                  ["glossary", "envío"],
                                  ["simulate", "1737", "--hands", "20"],
                                  ["solve", "docs/tutorial/perfect-play.yaml"]])
def test_the_commands_that_print_tables_print_json_and_markdown(argv, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    status, out, _ = run(capsys, *argv, "-f", "json")
    assert status == 0
    json.loads(out)
    status, out, _ = run(capsys, *argv, "-f", "markdown")
    assert status == 0 and "|" in out


def test_the_rules_page_prints_markdown_sections(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    status, out, _ = run(capsys, "rules", "1737", "-f", "markdown")
    assert status == 0 and "### The betting" in out and "\n- Order of the trumps: " in out


def test_check_prints_json_but_no_markdown_and_play_json_lines(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    status, out, _ = run(capsys, "check", "docs/tutorial/my-variant.yaml", "-f", "json")
    assert status == 0 and json.loads(out)
    status, _, err = run(capsys, "check", "docs/tutorial/my-variant.yaml", "-f", "markdown")
    assert status == 2 and "invalid choice" in err
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    status, out, _ = run(capsys, "play", "1737", "--seed", "3", "--json")
    assert status == 0 and all(json.loads(line)["event"] for line in out.splitlines())


def test_json_beside_another_named_format_is_refused(capsys):
    status, _, err = run(capsys, "run", "docs/examples/arrastre.yaml", "--json", "-f", "text")
    assert status == 2 and "two formats" in err


def test_the_bounds_the_pages_state_are_the_limits():
    from rentoy import limits

    text = CLI.read_text(encoding="utf-8")
    for name in ("MAX_HANDS", "MAX_DEALS", "MAX_DIVERGENCES"):
        assert f"{limits.LIMITS[name][0]:,} (`{name}`)" in text


def test_the_rules_page_counts_1737_s_options():
    from rentoy.variants import load_variant

    options = load_variant("1737").options
    words = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert f"The 1737 variant carries {words[len(options)]} named options" in text
    for name in options:
        assert f"`1737+{name}`" in text


def test_the_readme_s_play_pipeline(capsys, monkeypatch, tmp_path):
    """`printf '1\\n1\\n' | rentoy play 1737 --seed 3 --save game.yaml`, then run, then
    --resume, as the README says."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n1\n"))
    assert run(capsys, "play", "1737", "--seed", "3", "--save", "game.yaml")[0] == 0
    assert run(capsys, "run", "game.yaml")[0] == 0
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    status, out, _ = run(capsys, "play", "--resume", "game.yaml")
    assert status == 0 and "Resuming" in out
