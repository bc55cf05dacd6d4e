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

from rentoy.cli import main
from rentoy.table import Session
from rentoy.walkthrough.reading import RECORD_RULES, read_record


def played(seed: int, actions: int) -> str:
    """The record of a game of 1737 at the table, left off after ``actions`` of the
    person's actions (each the first legal one)."""
    session = Session("1737", seat=0, bots="greedy", seed=seed)
    session.start()
    for _ in range(actions):
        if session.over:
            break
        legal = session.legal_actions()
        session.submit(str(legal[-1]).split(" ", 1)[1])
    assert not session.over
    return session.record()


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

_ACTION = re.compile(r'^      - "\d+ ')
_CARDS = re.compile(r"\b(?:1[0-2]|[1-7])[oceb]\b")


def edit(text: str, kind: str, rng: random.Random) -> str:
    """``text`` with one edit of ``kind``: an action deleted, duplicated or swapped with
    another, a hand re-dealt, a seat or a score changed."""
    lines = text.splitlines()
    actions = [i for i, line in enumerate(lines) if _ACTION.match(line)]
    if kind in ("delete", "duplicate", "swap") and actions:
        i = rng.choice(actions)
        if kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        else:
            j = rng.choice(actions)
            lines[i], lines[j] = lines[j], lines[i]
    elif kind == "re-deal":
        deals = [i for i, line in enumerate(lines) if line.startswith("      hands: [[")]
        i = rng.choice(deals)
        cards = _CARDS.findall(lines[i])
        a, b = rng.sample(range(len(cards)), 2)
        cards[a], cards[b] = cards[b], cards[a]
        pieces = iter(cards)
        lines[i] = _CARDS.sub(lambda m: next(pieces), lines[i])
    elif kind == "seat" and actions:
        i = rng.choice(actions)
        seat = int(lines[i][9])
        lines[i] = lines[i][:9] + str((seat + rng.randrange(1, 5)) % 5) + lines[i][10:]
    elif kind == "table-seat":
        lines = [re.sub(r"seat: \d+", f"seat: {rng.randrange(0, 8)}", line)
                 if line.startswith("table:") else line for line in lines]
    elif kind == "score":
        expects = [i for i, line in enumerate(lines) if "score: [" in line]
        i = rng.choice(expects)
        lines[i] = re.sub(r"score: \[(\d+), (\d+)\]",
                          lambda m: f"score: [{m.group(1)}, {int(m.group(2)) + 1}]", lines[i])
    elif kind == "start-score":
        lines.insert(lines.index("hands:"), f"score: [{rng.randrange(1, 5)}, 0]")
    return "\n".join(lines) + "\n"


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
       kind=st.sampled_from(["delete", "duplicate", "swap", "re-deal", "seat",
                             "table-seat", "score", "start-score"]),
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
