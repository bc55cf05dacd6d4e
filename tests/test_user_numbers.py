"""Every whole number a user writes (a deal's dealer, a link's dealer and score, a seat,
a seed, a number of players) is bounded, with its limit named, before it is converted;
``solve -`` says when it solved nothing, and counts its bad lines past the limit."""

from __future__ import annotations

import contextlib
import io

import pytest

from rentoy.cli import main
from rentoy.notation import NotationError, parse_deal, parse_dealer, parse_score

HUGE = "9" * 5000
DEAL = "5o 7o 5e | 12o 11o 2e / up 1e"


def cli(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    import sys

    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(argv))
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("text, words", [
    (f"{DEAL} / dealer {'9' * 900}", "the dealer has 900 digits; the limit is 100 digits"),
    (f"{DEAL} / dealer {HUGE}", "the limit is 1,000 characters (rentoy.limits.MAX_INPUT_LINE)"),
    (f"{DEAL} / dealer ²", "the dealer is a whole number, not '²'"),
    (f"{DEAL} / dealer 2", "there is no seat 2 at a table of 2"),
])
def test_a_deal_line_bounds_its_dealer(text, words):
    with pytest.raises(NotationError) as exc:
        parse_deal(text)
    assert words in str(exc.value)
    assert len(str(exc.value)) < 600


@pytest.mark.parametrize("command", [("solve",), ("play", "1737")])
def test_a_dealer_of_thousands_of_digits_is_one_line(command):
    digits = "9" * 900
    argv = [*command, f"{DEAL} / dealer {digits}"] if command[0] == "solve" else \
        [*command, "--deal", f"{DEAL} / dealer {digits}", "--players", "2"]
    code, out, err = cli(*argv)
    assert code == 2 and "Traceback" not in err
    assert err.count("\n") == 1 and "rentoy.limits.MAX_DIGITS" in err
    assert len(err) < 700


def test_the_parsers_a_link_calls():
    assert parse_dealer("3", 4) == 3 and parse_dealer(" 0 ") == 0
    assert parse_score("4-5", 12) == (4, 5) and parse_score("4, 5") == (4, 5)
    for bad, words in [(("4",), "no seat 4 at a table of 4"), (("-1",), "not '-1'"),
                       (("1e3",), "not '1e3'"), ((HUGE,), "5,000 digits"),
                       (("0x3",), "not '0x3'")]:
        with pytest.raises(NotationError, match=words):
            parse_dealer(*bad, **({"players": 4} if bad == ("4",) else {}))
    for bad, words in [("12-0", "already ends a game to 12"), ("4", "two whole numbers"),
                       ("4-5-6", "two whole numbers"), (f"4-{HUGE}", "MAX_INPUT_LINE"), ("4-" + "9" * 200, "200 digits"),
                       ("4-x", "not 'x'"), ("4-101", "too large: at most 100")]:
        with pytest.raises(NotationError, match=words):
            parse_score(bad, 12 if bad == "12-0" else None)
    # No Python text in a refusal: the words are the project's own.
    with pytest.raises(NotationError) as exc:
        parse_score("a-b")
    assert "ValueError" not in str(exc.value) and "int(" not in str(exc.value)


@pytest.mark.parametrize("option, value, words", [
    ("--seat", HUGE, "has more than 100 digits"),
    ("--players", "1e3", "is not a whole number"),
    ("--seed", "-3", "give a whole number of at least 0"),
    ("--seat", "99", "give a whole number from 0 to 37"),
])
def test_play_bounds_its_numbers(option, value, words):
    code, out, err = cli("play", "1737", option, value)
    assert code == 2 and words in err and len(err) < 1500


def test_solve_batch_exits_2_when_nothing_was_solved():
    code, out, err = cli("solve", "-", stdin="")
    assert code == 2 and "holds no deal to solve" in err
    code, out, err = cli("solve", "-", stdin="# a comment\nnot a deal\n")
    assert code == 2 and "no line of the standard input was solved" in err
    code, out, err = cli("solve", "-", "--json", stdin=DEAL + "\n")
    assert code == 0 and err == ""


def test_solve_batch_caps_its_error_lines():
    lines = "".join(f"bad {i}\n" for i in range(500)) + DEAL + "\n"
    code, out, err = cli("solve", "-", "--json", stdin=lines)
    assert code == 2
    errors = err.strip().splitlines()
    assert len(errors) == 51 and errors[-1] == \
        "rentoy: error: ... and 450 more bad lines (rentoy.limits.MAX_PROBLEMS)"
    assert '"winner"' in out                  # the good line is solved all the same
