"""The one-line deal notation (read back exactly as written), the tricks with perfect play
(a second reading of the solver's winner), and ``rentoy solve`` on one-line deals and
batches; the bounds on counts and the one rule for output files."""

from __future__ import annotations

import io
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rentoy.analysis import perfect_tricks, position_of, solve
from rentoy.engine import Deal, Hand, draw_deal
from rentoy.notation import NotationError, format_deal, looks_like_deal, parse_deal
from inprocess import run

DEAL = "12o 3e 7c | 6e 7e 10o | 7o 5b 3o | 11o 12b 5e / up 6b"


@given(st.integers(0, 2**32), st.sampled_from([(2, 3), (4, 3), (6, 3), (8, 3), (4, 5)]),
       st.one_of(st.none(), st.integers(0, 7)))
def test_a_deal_reads_back_as_written(seed, table, dealer):
    players, size = table
    deal = draw_deal(random.Random(seed), players, size)
    dealer = None if dealer is None else dealer % players
    text = format_deal(deal.hands, deal.up, dealer)
    back = parse_deal(text)
    assert (back.hands, back.up, back.dealer) == (deal.hands, deal.up, dealer)
    assert format_deal(back.hands, back.up, back.dealer) == text
    # Any case, any spacing, letter ranks: the same deal.
    loose = text.upper().replace(" | ", "|").replace("12", "R").replace("/ ", "/")
    assert parse_deal(loose).hands == deal.hands
    assert looks_like_deal(text)


@pytest.mark.parametrize("text, message", [
    ("1e 12b | 5c 3e", "turned-up card is missing"),
    ("1e 12b | 5c 1e / up 7e", "dealt twice"),
    ("1e 12b | 5c 3e / up 12b", "also dealt to seat 0"),
    ("1e 12b | 5c / up 7e", "different numbers of cards"),
    ("1e 12b | 5c 8e / up 7e", "rank 8 is not in the Spanish 40-card deck"),
    ("1e 12b / up 7e", "two hands or more"),
    ("1e 12b | 5c 3e / up 7e / dealer 2", "no seat 2"),
    ("1e 12b | 5c 3e / down 7e", "neither `up CARD` nor `dealer SEAT`"),
])
def test_a_bad_deal_says_what_is_wrong(text, message):
    with pytest.raises(NotationError, match=message):
        parse_deal(text)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([("1737", 4), ("avila", 4), ("1737+borrego", 4),
                                               ("1737+como-al-hombre", 4), ("huetor", 4),
                                               ("conil", 2), ("1737", 2), ("galicia", 6)]))
def test_the_tricks_agree_with_the_solver(seed, table):
    """Two readings of the same question: the plain minimax over tricks and the
    solver's AND/OR search name the same winner, for the position and after each card."""
    from rentoy.variants import load_variant

    variant, players = table
    v = load_variant(variant)
    deal = draw_deal(random.Random(seed), players, v.rules.hand_size)
    position = position_of(Hand(v, players=players, deal=deal))
    solution = solve(position)
    tricks = perfect_tricks(position)
    assert tricks.winner == solution.winner
    assert {c: t for c, t in tricks.winners.items()} == solution.moves
    to_win = v.rules.tricks_to_win
    assert tricks.tricks[tricks.winner] >= min(to_win, v.rules.tricks)
    for card, (a, b) in tricks.moves.items():
        assert a + b <= v.rules.tricks
        assert (a > b) == (tricks.winners[card] == 0)


def test_solve_takes_a_one_line_deal(capsys):
    status, out, err = run(capsys, "solve", DEAL, "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    # The contract: winner and moves; extended with the tricks.
    assert data["winner"] == "A"
    assert data["moves"] == {"12o": "B", "3e": "B", "7c": "A"}
    assert data["tricks"] == [2, 1]
    assert data["move_tricks"] == {"12o": [1, 2], "3e": [0, 2], "7c": [2, 1]}
    assert data["deal"] == DEAL
    status, text, _ = run(capsys, "solve", DEAL, "--width", "80")
    assert "2-1 in tricks" in text and "7c    A                2-1" in text


def test_solve_reads_a_file_as_before(capsys):
    status, out, _ = run(capsys, "solve", "docs/tutorial/perfect-play.yaml", "--json")
    data = json.loads(out)
    assert status == 0 and data["winner"] == "A" and data["moves"]["7c"] == "A"
    assert data["deal"] == DEAL and data["tricks"] == [2, 1]


def test_solve_batch_from_standard_input(capsys, monkeypatch):
    lines = [DEAL, "", "# a comment", "not a deal", DEAL.replace(" / up 6b", " / up 6b / dealer 1")]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    status, out, err = run(capsys, "solve", "-", "--json")
    assert status == 2                          # one bad line
    assert "<stdin>:4:" in err and "turned-up card is missing" in err
    answers = [json.loads(line) for line in out.splitlines()]
    assert [a["line"] for a in answers] == [1, 5]
    assert answers[0]["winner"] == "A" and answers[0]["tricks"] == [2, 1]
    assert answers[1]["seat"] == 2 and answers[1]["deal"].endswith("/ dealer 1")


def test_solve_refuses_a_deal_the_variant_does_not_deal(capsys):
    status, _, err = run(capsys, "solve", "1e 12b | 5c 3e / up 7e")
    assert status == 2 and "deals 3" in err
    status, _, err = run(capsys, "solve", "1e 12b 5e | 5c 3e 7e / up 6b", "--variant", "nope")
    assert status == 2 and "unknown variant" in err.lower()


def test_a_walkthrough_may_give_its_deal_on_one_line(tmp_path):
    from rentoy.walkthrough import load_walkthrough, run_walkthrough

    path = tmp_path / "w.yaml"
    path.write_text(f'variant: "1737"\ndeal: "{DEAL}"\nactions: ["0 play 7c"]\n')
    wt = load_walkthrough(path)
    assert wt.deal == Deal.parse([c.split() for c in DEAL.split(" / ")[0].split(" | ")],
                                 up="6b")
    assert run_walkthrough(path).ok
    path.write_text('variant: "1737"\ndeal: "12o 3e | 6e 7e / up 6b"\n')
    with pytest.raises(Exception, match="seat 0 is dealt 2 cards"):
        load_walkthrough(path)


def test_records_show_each_deal_on_one_line(tmp_path):
    from rentoy.table import Session

    session = Session("1737", seed=2)
    session.start()
    text = session.record()
    first = session.played[0].deal if session.played else session.game.hand.deal
    assert f"- deal:  # {format_deal(first.hands, first.up)}" in text


# -- bounds on counts ----------------------------------------------------------------

@pytest.mark.parametrize("argv, limit", [
    (["simulate", "1737", "--hands", "1e12"], "MAX_HANDS"),
    (["compare", "1737", "avila", "--simulate", "2e7"], "MAX_HANDS"),
    (["compare", "1737", "--solve", "1e9"], "MAX_DEALS"),
    (["compare", "1737", "avila", "--divergences", "5000"], "MAX_DIVERGENCES"),
])
def test_an_absurd_count_is_refused_with_its_bound(capsys, argv, limit):
    from rentoy import limits

    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert f"over the limit of {limits.LIMITS[limit][0]:,}" in err
    assert f"rentoy.limits.{limit}" in err
    status, out, _ = run(capsys, argv[0], "--help")
    assert f"{limits.LIMITS[limit][0]:,}" in " ".join(out.split())


def test_long_runs_are_known_before_they_start():
    from rentoy.simulation.cost import is_long, simulation_seconds, solving_seconds

    assert is_long(simulation_seconds(2000, 2, ["search", "search"]))
    assert is_long(solving_seconds(20000, 1))
    assert not is_long(simulation_seconds(2000, 1, ["random", "random"]))
    assert simulation_seconds(100, 1, ["search:samples=8"]) < simulation_seconds(
        100, 1, ["search"])


def test_no_progress_is_drawn_off_a_terminal(capsys):
    from rentoy.cli.common import progress_bar

    assert progress_bar(1e6, "hands") == (None, None)     # stderr is captured, not a tty


# -- the one rule for output files ---------------------------------------------------

def test_every_output_follows_one_rule(tmp_path, capsys):
    """Missing folders are made; a folder is not a file; an existing file is replaced
    only with --force; all checked before the work starts."""
    plot = tmp_path / "new" / "deeper" / "p.svg"
    pytest.importorskip("matplotlib")
    status, _, err = run(capsys, "simulate", "1737", "--hands", "10", "--plot", str(plot))
    assert status == 0 and plot.exists(), err
    status, out, err = run(capsys, "simulate", "1737", "--hands", "10", "--plot", str(plot))
    assert status == 2 and out == "" and "exists already" in err and "--force" in err
    from rentoy.files import check_output

    assert check_output(plot, force=True) == plot
    games = tmp_path / "a" / "games"
    status, _, err = run(capsys, "simulate", "1737", "--hands", "10", "--save-games",
                         str(games), "--games", "1")
    assert status == 0 and len(list(games.iterdir())) == 1
    status, out, err = run(capsys, "simulate", "1737", "--hands", "10", "--save-games",
                           str(games), "--games", "1")
    assert status == 2 and out == "" and "exists already" in err
    status, _, err = run(capsys, "compare", "1737", "avila", "--divergences", "1", "--save",
                         str(plot))
    assert status == 2 and "this is a file, not a folder" in err
