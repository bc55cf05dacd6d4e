"""``rentoy play`` in a real pseudo-terminal, as a person uses it: a whole game against bots,
an unknown word, a refused action, the offer to save at the end, and the saved record
replayed green by ``rentoy run``; every raise his team may answer put to the person, a
hint, Ctrl-C, resuming the saved game, a bad name asked again, 40 and 120 columns."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from rentoy.walkthrough import run_walkthrough

pexpect = pytest.importorskip("pexpect")

SHORT = str(Path(__file__).parent / "fixtures" / "variants" / "short-game.yaml")
PROMPT = "\r\n> "
HELP_LINE = re.compile(r"^  (\S+)", re.MULTILINE)


def spawn(*args: str):
    child = pexpect.spawn(sys.executable, ["-m", "rentoy", "play", *args], encoding="utf-8",
                          timeout=30, dimensions=(30, 80),
                          env={"PYTHONIOENCODING": "utf-8", "LANG": "C.UTF-8",
                               "TERM": "xterm", "PATH": "/usr/bin:/bin"})
    return child


def legal_actions(child) -> list[str]:
    child.sendline("?")
    child.expect("Your legal actions[^\r\n]*\r\n")
    child.expect(PROMPT)
    return HELP_LINE.findall(child.before.replace("\r", ""))


def test_a_whole_game_in_a_pseudo_terminal(tmp_path):
    child = spawn(SHORT, "--seed", "11")
    child.expect("You are seat 0, team A")
    child.expect("Your cards \\(seat 0, team A\\): 1\\) ")
    child.expect(PROMPT)
    child.sendline("rasie")
    child.expect("unknown action 'rasie' \\(did you mean `raise`\\?\\)")
    child.expect(PROMPT)
    child.sendline("quiero")
    child.expect("Refused: no raise is waiting for an answer.*\\[nothing-to-answer\\]")
    child.expect(PROMPT)
    turns = 0
    while True:
        actions = legal_actions(child)
        assert actions, child.before
        child.sendline(actions[0])
        turns += 1
        index = child.expect([PROMPT, "Save the game as a record\\? "])
        if index == 1:
            break
        assert turns < 200
    assert "wins the game" in child.before
    save = tmp_path / "game.yaml"
    child.sendline(str(save))
    child.expect("Saved the game to")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    run = run_walkthrough(save)
    assert run.ok and run.results[-1].game_winner in ("A", "B")


def test_ctrl_c_ends_the_game_and_saves(tmp_path):
    save = tmp_path / "left.yaml"
    child = spawn(SHORT, "--seed", "11", "--save", str(save))
    child.expect(PROMPT)
    child.sendintr()
    child.expect("Interrupted.")
    child.expect("Saved the game to")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130               # Ctrl-C, after the save
    assert run_walkthrough(save).ok


def spawn_sized(columns: int, *args: str):
    """``rentoy play`` in a terminal ``columns`` wide, with no COLUMNS to go by."""
    return pexpect.spawn(sys.executable, ["-m", "rentoy", "play", *args], encoding="utf-8",
                         timeout=60, dimensions=(40, columns),
                         env={"PYTHONIOENCODING": "utf-8", "LANG": "C.UTF-8",
                              "TERM": "xterm", "PATH": "/usr/bin:/bin"})


def quit_child(child) -> None:
    """Ctrl-C, and no to the offer to save."""
    child.sendintr()
    if child.expect(["Save the game as a record\\? ", pexpect.EOF]) == 0:
        child.sendline("")
        child.expect(pexpect.EOF)


def first_legal(child) -> str:
    """The first legal action the help lists, an acceptance when there is one."""
    actions = legal_actions(child)
    return "accept" if "accept" in actions else actions[0]


def test_the_person_answers_every_raise_his_team_may_answer():
    """1737 (answer_by: team): a raise by team B is put to the person, with his
    partner's view as advice; the partner never answers for him."""
    child = spawn_sized(80, "1737", "--seed", "1", "--bots", "greedy")
    child.expect(PROMPT)
    seen = ""
    advice = 0
    for _ in range(40):
        child.sendline(first_legal(child))
        index = child.expect([PROMPT, "Save the game as a record\\? "])
        seen += child.before
        if "Your partner (seat 2) would" in child.before:
            advice += 1
            assert "you may answer" in child.before
        if index == 1 or advice >= 2:
            break
    assert advice >= 1, seen[-2000:]
    answers = re.findall(r"Seat 2 \(partner\) says \"[^\"]+\" \(([^)]*)\)", seen)
    assert not [a for a in answers if "accept" in a or "fold" in a or "refuse" in a], answers
    quit_child(child)


def test_hint_resume_and_the_exit_status_of_ctrl_c(tmp_path):
    save = tmp_path / "left.yaml"
    child = spawn_sized(80, "1737", "--seed", "4", "--save", str(save))
    child.expect(PROMPT)
    child.sendline("hint")
    child.expect("Hint: the search bot would (play \\S+|raise|accept|fold)")
    child.expect(PROMPT)
    child.sendline(first_legal(child))
    child.expect(PROMPT)
    child.sendintr()
    child.expect("Interrupted.")
    child.expect("rentoy play --resume")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130               # as the exit-status table says
    assert run_walkthrough(save).ok
    child = spawn_sized(80, "--resume", str(save))
    child.expect("Resuming")
    child.expect("Your cards \\(seat 0, team A\\)")
    child.expect(PROMPT)
    child.sendline(first_legal(child))
    child.expect([PROMPT, "Save the game"])
    child.sendintr()
    child.expect("Save the game as a record\\? ")
    done = tmp_path / "more.yaml"
    child.sendline(str(tmp_path))                # a folder: refused, and asked again
    child.expect("this is a folder, not a file")
    child.expect("Save the game as a record\\? ")
    child.sendline(str(done))
    child.expect("Saved the game to")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    before, after = (len(run_walkthrough(p).walkthrough.hands) for p in (save, done))
    assert after >= before and run_walkthrough(done).ok


ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@pytest.mark.parametrize("columns", [40, 120])
def test_the_table_is_laid_out_to_the_terminal_s_width(columns):
    child = spawn_sized(columns, SHORT, "--seed", "11")
    child.expect(PROMPT)
    text = child.before
    child.sendline("?")
    child.expect(PROMPT)
    text = ANSI.sub("", text + "\n" + child.before)
    lines = [line for line in text.replace("\r", "").split("\n")]
    quit_child(child)
    head = next(line for line in lines if line.startswith("== "))
    if columns == 120:
        assert len(head) == columns              # the heading rule runs the whole width
    assert all(len(line) <= columns for line in lines), [s for s in lines if len(s) > columns]
    if columns == 40:
        assert any(line.startswith("  ") for line in lines)      # wrapped, not cut
