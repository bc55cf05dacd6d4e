"""One reading of a record: ``check``, ``run``, ``review`` and ``play --resume`` accept or
refuse every edited record alike, each refusal naming the file, the line and the rule
(``rentoy.walkthrough.reading``)."""

from __future__ import annotations

import contextlib
import io
import random
import re
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from record_edits import _ACTION, EDITS, edit, played
from rentoy.cli import main
from rentoy.table import Session
from rentoy.walkthrough.reading import RECORD_RULES, read_record


RECORDS = [played(seed, n) for seed, n in ((3, 9), (11, 6), (25, 12))]


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.StringIO("")            # play --resume: the input ends at once
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["--lang", "en", *argv])
    finally:
        sys.stdin = stdin
    return code, out.getvalue(), err.getvalue()


COMMANDS = {
    "check": ("check",),
    "run": ("run", "-q"),
    "review": ("review", "--samples", "1"),
    "resume": ("play", "--resume"),
}

def verdicts(path: str) -> dict[str, tuple[int, str]]:
    return {name: (code, err) for name, argv in COMMANDS.items()
            for code, _, err in [cli(*argv, path)]}


def test_the_records_as_written_are_accepted_by_every_command(tmp_path):
    for k, text in enumerate(RECORDS):
        path = tmp_path / f"game-{k}.yaml"
        path.write_text(text)
        assert not read_record(path).problems
        for name, (code, err) in verdicts(str(path)).items():
            assert code == 0, (name, err)


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(record=st.sampled_from(range(len(RECORDS))),
       kind=st.sampled_from(EDITS),
       seed=st.integers(0, 10**6))
def test_every_command_reads_an_edited_record_alike(tmp_path, record, kind, seed):
    text = edit(RECORDS[record], kind, random.Random(seed))
    path = tmp_path / "edited.yaml"
    path.write_text(text)
    found = verdicts(str(path))
    accepted = {name: code == 0 for name, (code, _) in found.items()}
    assert len(set(accepted.values())) == 1, (kind, found)
    if not accepted["check"]:
        for name, (code, err) in found.items():
            assert code in (1, 2) and "Traceback" not in err, (name, err)
            first = err.splitlines()[0]
            # The file and the line, then the rule in brackets.
            assert re.match(rf"rentoy: error: {re.escape(str(path))}:\d+:", first), first
            assert any(f"[{rule}]" in err for rule in RECORD_RULES) or \
                "dealt twice" in err or "there is no seat" in err, (name, err)


def test_resume_says_when_a_hand_was_dealt_by_hand(tmp_path):
    session = Session("1737", seat=0, seed=5,
                      deals=[__import__("rentoy").engine.Deal.parse(
                          [["1e", "12b", "5e"], ["5c", "11e", "7o"], ["3c", "10c", "6c"],
                           ["2c", "3e", "2e"]], up="7e")])
    session.start()
    text = session.record()
    assert "    by_hand: true" in text
    path = tmp_path / "given.yaml"
    path.write_text(text)
    code, out, err = cli("play", "--resume", str(path))
    assert code == 0, err
    assert "Hand 1 was dealt by hand (--deal), not by seed 5." in out
    # Without its mark, the hand is refused: it is not what seed 5 deals.
    path.write_text(text.replace("    by_hand: true\n", ""))
    code, out, err = cli("check", str(path))
    assert code == 2 and "[deal-from-seed]" in err and f"{path}:" in err


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_an_action_after_a_fold_is_refused_by_every_command(tmp_path, command):
    text = RECORDS[0]
    lines = text.splitlines()
    last = max(i for i, line in enumerate(lines) if _ACTION.match(line))
    lines.insert(last + 1, '      - "1 fold"')
    lines.insert(last + 2, '      - "0 play 1o"')
    path = tmp_path / "after.yaml"
    path.write_text("\n".join(lines) + "\n")
    code, _, err = cli(*COMMANDS[command], str(path))
    assert code != 0 and ("[after-hand-over]" in err or "[action-refused]" in err), err


def test_review_refuses_a_main_line_that_goes_on_after_the_hand(tmp_path):
    """A walkthrough of one hand whose main line goes on after a fold: review once
    applied the rest to a hand dealt at random."""
    path = tmp_path / "after-fold.yaml"
    path.write_text('variant: "1737"\ndeal:\n  hands: [[3c, 6b, 7e], [12c, 2b, 4e], '
                    '[2c, 1o, 5e], [11c, 3b, 6e]]\n  up: 5o\nactions: ["0 raise", '
                    '"1 fold", "0 play 3c", "1 play 12c"]\n')
    code, _, err = cli("review", "--samples", "1", str(path))
    assert code == 2 and f"{path}:5:" in err and "[after-hand-over]" in err
