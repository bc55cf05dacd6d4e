"""``rentoy play`` in a real pseudo-terminal, as a person uses it: a whole game against bots,
an unknown word, a refused action, the offer to save at the end, and the saved record
replayed green by ``rentoy run``; every raise his team may answer put to the person, a
hint, Ctrl-C, resuming the saved game, a bad name asked again, 40 and 120 columns."""

from __future__ import annotations

import re
import signal
import subprocess
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


@pytest.mark.parametrize("signum, status", [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_a_signal_saves_the_game_and_resume_saves_again(tmp_path, signum, status):
    save = tmp_path / "left.yaml"
    child = spawn(SHORT, "--seed", "11", "--save", str(save))
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.kill(signum)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == status, child.before
    assert run_walkthrough(save).ok
    text = save.read_text(encoding="utf-8")
    assert "left off" in text
    # Resumed, and ended by the same signal: the game is written again, a step further.
    again = tmp_path / "again.yaml"
    child = spawn("--resume", str(save), "--save", str(again))
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.kill(signum)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == status
    assert run_walkthrough(again).ok
    assert len(again.read_text(encoding="utf-8")) > len(text)
    assert not list(tmp_path.glob(".*"))        # written atomically: no part file left


def test_without_save_a_signal_says_nothing_was_kept(tmp_path):
    child = spawn(SHORT, "--seed", "11")
    child.expect(PROMPT)
    child.kill(signal.SIGTERM)
    child.expect("Nothing of this game was kept: to keep a game, give --save FILE")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 143
    assert "--resume" not in child.before


def test_input_that_ends_without_save_points_to_save_not_resume(tmp_path):
    done = subprocess.run([sys.executable, "-m", "rentoy", "play", SHORT, "--seed", "11"],
                          input="1\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Nothing of this game was kept" in done.stdout
    assert "--resume" not in done.stdout


@pytest.mark.parametrize("lang, width", [("en", 40), ("es", 40), ("en", 80), ("es", 80)])
def test_prompts_wrap_on_word_boundaries(lang, width):
    child = pexpect.spawn(sys.executable, ["-m", "rentoy", "--lang", lang, "play", SHORT,
                                           "--seed", "11"], encoding="utf-8", timeout=30,
                          dimensions=(30, width),
                          env={"PYTHONIOENCODING": "utf-8", "LANG": "C.UTF-8",
                               "TERM": "xterm", "PATH": "/usr/bin:/bin",
                               "COLUMNS": str(width)})
    child.expect(PROMPT)
    view = child.before.replace("\r", "")
    assert re.search(r"(raise to|envido a) \d", view), view     # the raise's value, named
    assert all(len(line) <= width for line in view.split("\n")), view
    child.sendeof()
    child.expect(["guardarla: ", "for no: "])
    text = child.before.replace("\r", "") + child.after
    child.sendline("")
    child.expect(pexpect.EOF)
    lines = text.split("\n")
    assert all(len(line) <= width for line in lines), lines
    words = set(re.findall(r"\w+", "Save the game as a record? A file name, or Enter for no"
                           if lang == "en" else
                           "¿Guardar la partida como registro? Un nombre de archivo, o Intro "
                           "para no guardarla"))
    prompt = " ".join(line for line in lines[-4:])
    assert words <= set(re.findall(r"\w+", prompt)), prompt   # no word cut in two


def test_partners_ask_puts_each_raise_to_the_person():
    child = spawn("1737", "--seed", "1", "--bots", "greedy:bluff=1,greedy", "--partners",
                  "ask")
    seen = False
    for _ in range(60):
        index = child.expect([PROMPT, "Save the game"])
        if index == 1:
            break
        if "would raise to" in child.before:
            assert "reckons your team wins the hand about" in child.before
            child.sendline("yes")
            child.expect("\\(partner\\) raises because")
            seen = True
            break
        child.sendline("1")
    child.close(force=True)
    assert seen


def test_no_players_is_refused_in_words():
    done = subprocess.run([sys.executable, "-m", "rentoy", "play", "1737", "--players", "0"],
                          input="", capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "--players" in done.stderr and "from 2 to" in done.stderr and "'0'" in done.stderr
    assert "Traceback" not in done.stderr
