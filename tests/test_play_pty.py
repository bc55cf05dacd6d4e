"""``rentoy play`` in a real pseudo-terminal, as a person uses it: a whole game against bots,
an unknown word, a refused action, the offer to save at the end, and the saved record
replayed green by ``rentoy run``."""

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
    assert child.exitstatus == 0
    assert run_walkthrough(save).ok
