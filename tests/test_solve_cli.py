"""``rentoy solve``: the winner with perfect play, per-card winners, refusals with exit 2."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from rentoy.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "tutorial" / "perfect-play.yaml"

DEAL = """\
variant: "1737"
players: 4
deal:
  hands: [[12o, 3e, 7c], [6e, 7e, 10o], [7o, 5b, 3o], [11o, 12b, 5e]]
  up: 6b
"""


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "w.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_json_of_the_example():
    status, out, _ = run_cli("solve", str(EXAMPLE), "--json")
    assert status == 0
    data = json.loads(out)
    assert data["winner"] == "A"
    assert data["moves"] == {"12o": "B", "3e": "B", "7c": "A"}
    assert data["seat"] == 0 and data["team"] == "A"
    assert data["line"][0] == {"seat": 0, "card": "7c"}
    assert data["tricks_to_decide"] == 3


def test_text_fits_80_columns():
    status, out, _ = run_cli("solve", str(EXAMPLE))
    assert status == 0
    assert "With perfect play team A wins the hand" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_after_actions(tmp_path):
    path = write(tmp_path, DEAL + 'actions: ["0 play 7c", "1 play 10o"]\n')
    status, out, _ = run_cli("solve", path, "--json")
    data = json.loads(out)
    assert status == 0 and data["seat"] == 2 and data["actions"] == 2
    assert data["winner"] == "A"
    assert set(data["moves"]) == {"7o", "5b", "3o"}
    assert data["position"]["trick"] == [{"seat": 0, "card": "7c"},
                                         {"seat": 1, "card": "10o"}]


def test_after_an_accepted_raise(tmp_path):
    path = write(tmp_path, DEAL + 'actions: ["0 raise", "1 accept", "0 play 12o"]\n')
    status, out, _ = run_cli("solve", path, "--json")
    assert status == 0 and json.loads(out)["winner"] == "B"


@pytest.mark.parametrize("actions, message", [
    ('["0 raise"]', "w.yaml:6: actions: a raise waits for an answer"),
    ('["0 raise", "1 fold"]', "w.yaml:6: actions: the hand is over"),
    ('["1 play 6e"]', "w.yaml:6: actions: `1 play 6e` is refused"),
])
def test_bad_positions_exit_2(tmp_path, actions, message):
    status, out, err = run_cli("solve", write(tmp_path, DEAL + f"actions: {actions}\n"))
    assert status == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_a_seeded_deal_is_refused(tmp_path):
    status, _, err = run_cli("solve", write(tmp_path, 'variant: "1737"\nseed: 4\n'))
    assert status == 2 and "writes no deal" in err


def test_bad_walkthrough_exit_2(tmp_path):
    status, _, err = run_cli("solve", write(tmp_path, DEAL.replace("12o", "8o")))
    assert status == 2 and "bad card code '8o'" in err
    status, _, err = run_cli("solve", str(tmp_path / "missing.yaml"))
    assert status == 2


def test_branches_are_not_followed(tmp_path):
    text = DEAL + 'branches:\n  - name: x\n    actions: ["0 play 12o"]\n'
    status, out, _ = run_cli("solve", write(tmp_path, text), "--json")
    data = json.loads(out)
    assert status == 0 and data["branches_ignored"] == 1 and data["seat"] == 0
