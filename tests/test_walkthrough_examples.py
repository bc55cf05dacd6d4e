"""Every worked example in docs/examples runs green, from the API and the command line.

Parametrised over the folder, so a new example file is covered as soon as it exists.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rentoy.cli import main
from rentoy.walkthrough import check_walkthrough, load_walkthrough, run_walkthrough

from test_walkthrough_cli import RESULT_KEYS

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
FILES = sorted(EXAMPLES.glob("*.yaml"))


def test_the_examples_folder_is_not_empty():
    names = {p.name for p in FILES}
    assert {"betting-from-4-5.yaml", "card-orders.yaml", "arrastre.yaml",
            "raise-right.yaml", "ladder-top.yaml", "two-players.yaml",
            "six-players.yaml"} <= names


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_example_runs_green(path: Path):
    run = run_walkthrough(path)
    failures = [f for r in run.results for f in r.failures]
    assert run.ok, failures
    assert run.results and all(r.ok for r in run.results)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_example_has_title_and_description(path: Path):
    wt = load_walkthrough(path)
    assert wt.title and wt.title != path.stem
    assert wt.description and len(wt.description) > 40


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_example_checks_every_leaf(path: Path):
    """Each leaf (or a segment above it) states at least one expectation."""
    wt = load_walkthrough(path)

    def expects(segment, above):
        have = above or bool(segment.expect)
        if segment.is_leaf:
            assert have, f"branch {' / '.join(segment.path) or 'trunk'} expects nothing"
        for branch in segment.branches:
            expects(branch, have)

    expects(wt.root, False)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_example_from_the_command_line(path: Path, capsys):
    assert main(["run", str(path)]) == 0
    out = capsys.readouterr().out
    assert "All expectations hold" in out
    assert main(["run", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["ok", "results"] and data["ok"] is True
    assert all(list(r) == RESULT_KEYS for r in data["results"])
    assert main(["check", str(path)]) == 0
    # The line is wrapped to the terminal, and where it breaks depends on the path's length.
    assert "ok: walkthrough" in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_check_summary(path: Path):
    summary = check_walkthrough(path)
    assert summary.startswith("walkthrough ") and "\n" not in summary
