"""``rentoy run`` and ``rentoy check`` on walkthroughs: exit statuses, formats, messages.

Bad input exits 2 with ``file:line`` on stderr and never a traceback; a failed
expectation or an unexpected refusal exits 1; a green walkthrough exits 0.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rentoy.cli import main

ROOT = Path(__file__).resolve().parent.parent
BETTING = ROOT / "docs" / "examples" / "betting-from-4-5.yaml"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "walkthroughs"
RESULT_KEYS = ["path", "ok", "score", "value", "finished", "hand_winner", "game_winner",
               "tricks", "outcomes", "failures"]


def run_cli(*args: str) -> tuple[int, str, str]:
    """Run in-process, text 120 columns wide (fitting 80 is tested in test_terminal)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["--width", "120", *args])
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("name, status, lines", [
    ("bad-card.yaml", 2, ["bad-card.yaml:5:45: deal.hands[2][1]: bad card code '8o'"]),
    ("unknown-key.yaml", 2, ["unknown-key.yaml:7:1: acitons: unknown key `acitons` "
                             "(did you mean `actions`?)",
                             "unknown-key.yaml:11:14: branches[0].expect.vaule"]),
    ("dealt-twice.yaml", 2, ["dealt-twice.yaml:10:7: deal.up: 5o (Cinco de oros) is dealt "
                             "twice"]),
    ("unknown-variant.yaml", 2, ["unknown-variant.yaml:3:10: variant: unknown variant '1739'",
                                 "(did you mean `1737`?)"]),
    ("bad-yaml.yaml", 2, ["bad-yaml.yaml:5:1: this is not valid YAML"]),
    ("deal-shape.yaml", 2, ["deal-shape.yaml:5:25: deal.hands[1]: seat 1 is dealt 2 cards"]),
    ("action-syntax.yaml", 2, ["action-syntax.yaml:4:11: actions[0]: bad action '0 plya 3c'"]),
])
def test_bad_input_exits_2_with_file_and_line(name, status, lines):
    code, out, err = run_cli("run", str(FIXTURES / name))
    assert code == status and out == ""
    for line in lines:
        assert line in err
    assert all(line.startswith("rentoy: error: ") for line in err.splitlines())
    assert "Traceback" not in err
    # `rentoy check` finds the same problems.
    code, _, check_err = run_cli("check", str(FIXTURES / name))
    assert code == 2 and lines[0] in check_err


def test_wrong_seat_exits_1_with_reason_and_line():
    code, out, err = run_cli("run", str(FIXTURES / "wrong-seat.yaml"), "--json")
    assert code == 1 and err == ""
    data = json.loads(out)
    assert data["ok"] is False
    bad, good = data["results"]
    assert bad["path"] == ["B leads"] and bad["ok"] is False
    assert bad["failures"] == ["line 10: `1 play 12c` was refused: it is seat 0's turn, not "
                               "seat 1's [not-your-turn] (rule `turn_order` of variant 1737)"]
    assert good == {"path": ["A leads"], "ok": True, "score": [0, 0], "value": 3,
                    "finished": False, "hand_winner": None, "game_winner": None,
                    "tricks": [0, 0], "outcomes": {"A": [3, 0], "B": [0, 3]}, "failures": []}


def test_wrong_expectation_exits_1_and_says_what_was_found():
    code, out, _ = run_cli("run", str(FIXTURES / "wrong-expectation.yaml"))
    assert code == 1
    assert "! A folds: line 12: score is [4, 8], expected [4, 11]" in out
    assert "FAILED line 12: score is [4, 8], expected [4, 11]" in out
    assert out.rstrip().endswith("1 of 2 branches failed.")


def test_unexpected_legal_action_exits_1():
    code, out, _ = run_cli("run", str(FIXTURES / "unexpected-legal.yaml"), "-q")
    assert code == 1
    assert "`0 raise` should have been refused (illegal: true), but the rules allow it" in out


def test_json_matches_the_design_shape():
    code, out, _ = run_cli("run", str(BETTING), "--json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["ok", "results"] and data["ok"] is True
    assert len(data["results"]) == 10
    for result in data["results"]:
        assert list(result) == RESULT_KEYS
        assert isinstance(result["path"], list) and result["failures"] == []
        assert (result["outcomes"] is None) == result["finished"]
    assert run_cli("run", str(BETTING), "--format", "json")[1] == out
    assert run_cli("run", str(BETTING), "-f", "json")[1] == out


def test_text_transcript_has_the_deal_the_calls_and_the_dead_raise():
    code, out, _ = run_cli("run", str(BETTING))
    assert code == 0
    words = " ".join(out.split())
    assert "0 A mano 2o 7c 4e Dos de oros" in words
    assert "3 B dealer 3o 7e 12b Tres de oros, Siete de espadas, Rey de bastos" in words
    assert "Turned up (muestra, the turned-up card): 5o, Cinco de oros. Trumps: oros." in out
    assert '0 accept   "quiero" (I accept)' in out
    assert "A dead raise: at 4-5 a hand worth 9 already decides the game" in out
    assert "Seat 2 (team A) wins the trick with 12c (Rey de copas). Tricks: A 2, B 0." in out
    assert "-- Branch: A raises to 9 / B accepts 9 / B raises to 12 (line 110)" in out
    assert "Summary" in out and out.rstrip().endswith("All expectations hold (10 branches).")


def test_markdown_and_quiet():
    code, out, _ = run_cli("run", str(BETTING), "--format", "markdown")
    assert code == 0
    assert out.startswith("## Betting from 4-5\n")
    assert "| seat | team | role | cards | in Spanish |" in out
    assert "### A raises to 9 / B accepts 9 / B raises to 12" in out
    assert '"*quiero*" (I accept)' in out
    code, quiet, _ = run_cli("run", str(BETTING), "--quiet")
    assert code == 0 and quiet.startswith("Summary\n") and "The deal" not in quiet
    assert "Branch:" not in quiet and quiet.count("\n") < 20
    code, quiet_md, _ = run_cli("run", str(BETTING), "-q", "-f", "markdown")
    assert quiet_md.startswith("### Summary")


def test_check_accepts_a_walkthrough():
    code, out, _ = run_cli("check", str(BETTING))
    assert code == 0
    # Wrapped to the terminal; where it breaks depends on the length of the path.
    assert " ".join(out.split()).startswith(
        f"{BETTING}: ok: walkthrough 'Betting from 4-5': variant 1737")


def test_check_keeps_a_path_longer_than_a_line_whole(tmp_path: Path) -> None:
    folder = tmp_path / ("a-folder-with-a-long-name-" * 4)
    folder.mkdir()
    path = folder / BETTING.name
    path.write_text(BETTING.read_text(encoding="utf-8"), encoding="utf-8")
    assert len(str(path)) > 120
    code, out, _ = run_cli("check", str(path))
    assert code == 0
    first, *rest = out.splitlines()
    assert first == f"{path}:"                  # whole, on a line of its own
    assert rest[0].startswith("  ok: walkthrough") and all(len(line) <= 120 for line in rest)


@pytest.mark.parametrize("args, status", [
    (["run", str(FIXTURES / "bad-yaml.yaml")], 2),
    (["run", str(FIXTURES / "unknown-variant.yaml"), "--json"], 2),
    (["run", str(FIXTURES / "wrong-expectation.yaml")], 1),
    (["run", str(FIXTURES / "does-not-exist.yaml")], 2),
    (["run", str(FIXTURES)], 2),
    (["run", str(BETTING), "--quiet"], 0),
])
def test_as_a_subprocess(args, status):
    env = dict(os.environ, PYTHONWARNINGS="error::DeprecationWarning:rentoy")
    proc = subprocess.run([sys.executable, "-m", "rentoy", *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=120)
    assert proc.returncode == status, proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    if status == 2:
        assert proc.stderr.startswith("rentoy: error: ") and proc.stdout == ""


_TEXT = BETTING.read_text(encoding="utf-8")
_NOISE = st.text(alphabet=list("0123456789abcoe[]{}:,-'\" \n#&*!|>%@`\t") + ["\u00e1", "\x00"],
                 max_size=12)


def _damaged_run(start: int, length: int, noise: str) -> None:
    text = _TEXT[:start] + noise + _TEXT[start + length:]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "damaged.yaml"
        path.write_text(text, encoding="utf-8")
        for command in (["run", str(path), "--json"], ["check", str(path)]):
            status, out, err = run_cli(*command)
            assert status in (0, 1, 2)
            if status == 2:
                assert err.startswith("rentoy: error: ") and "damaged.yaml" in err


@settings(max_examples=60, deadline=None)
@given(start=st.integers(0, len(_TEXT)), length=st.integers(0, 30), noise=_NOISE)
def test_a_damaged_walkthrough_never_gives_a_traceback(start, length, noise):
    _damaged_run(start, length, noise)


@pytest.mark.soak
def test_a_damaged_walkthrough_never_gives_a_traceback_soak(request: pytest.FixtureRequest):
    """The same with 3000 damaged files (``pytest -m soak``)."""
    if "soak" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a long soak: select it with `pytest -m soak`")

    @settings(max_examples=3000, deadline=None)
    @given(start=st.integers(0, len(_TEXT)), length=st.integers(0, 30), noise=_NOISE)
    def damaged(start: int, length: int, noise: str) -> None:
        _damaged_run(start, length, noise)

    damaged()


def test_a_variant_file_given_to_run_is_named_as_one():
    code, out, err = run_cli("run", str(ROOT / "docs" / "tutorial" / "my-variant.yaml"))
    assert code == 2 and out == ""
    assert "this is a variant file, not a walkthrough" in err
    assert "rentoy check" in err and "Traceback" not in err
