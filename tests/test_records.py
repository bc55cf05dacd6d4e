"""Game records: walkthrough files with ``hands``, written from played games and replayed.

A record's expectations are the results of the game as the engine's own game loop
(:class:`~rentoy.engine.Game`, :class:`~rentoy.engine.Match`) played it; running the
record replays each hand through the walkthrough runner, which carries the score, the
dealer and the games on by itself, and must find the same results.
"""

from __future__ import annotations

import contextlib
import io
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rentoy.cli import main
from rentoy.engine import Match
from rentoy.bots import RandomBot
from rentoy.errors import WalkthroughError
from rentoy.simulation import ChunkTask, play_chunk
from rentoy.simulation.records import game_records
from rentoy.simulation.stats import FIELDS
from rentoy.variants import builtin_ids
from rentoy.walkthrough import parse_walkthrough, run_walkthrough
from rentoy.walkthrough.record import PlayedHand, record_text, write_atomically

DEAL = """
      hands: [[3c, 6b, 7e], [12c, 2b, 4e], [2c, 1o, 5e], [11c, 3b, 6e]]
      up: 5o"""


def record(*hands: str, head: str = 'variant: "1737"\nscore: [10, 10]') -> str:
    return head + "\nhands:\n" + "".join(
        f"  - deal:{DEAL}\n    actions: {actions}\n" for actions in hands)


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def play_match(variant: str, seed: int) -> tuple[Match, list[PlayedHand]]:
    """A match (a single game where the variant plays single games) by random bots,
    with every hand's deal and actions as played."""
    match, bot = Match(variant, seed=seed), RandomBot(seed=seed)
    hands: list = []
    while not match.is_over:
        if not hands or hands[-1] is not match.hand:
            hands.append(match.hand)
        match.apply(bot.choose(match.observation()))
    assert tuple(h.deal for h in hands) == match.deals
    return match, [PlayedHand(hand.deal, hand.history) for hand in hands]


# -- the format --------------------------------------------------------------------------

def test_score_and_dealer_carry_on_from_hand_to_hand():
    text = record('["0 raise", "1 fold"]', '["1 raise", "2 fold"]',
                  '["2 raise", "3 accept", "2 play 2c", "3 play 11c", "0 play 3c", '
                  '"1 play 12c", "1 play 2b", "2 play 1o", "3 play 3b", "0 play 6b", '
                  '"2 play 5e", "3 play 6e", "0 play 7e", "1 play 4e"]')
    run = run_walkthrough(parse_walkthrough(text))
    assert run.ok, run.failures
    assert [r.path for r in run.results] == [("hand 1",), ("hand 2",), ("hand 3",)]
    assert [r.score for r in run.results] == [(11, 10), (11, 11), (14, 11)]
    assert [r.hand_winner for r in run.results] == ["A", "B", "A"]
    assert run.results[-1].game_winner == "A"
    assert [h.dealer for h in run.walkthrough.hands] == [3, 0, 1]
    # The third hand is led by seat 2, the seat after its dealer.
    assert run.hands[2].steps[2].action.seat == 2


def test_expectations_of_a_record_are_checked():
    text = record('["0 raise", "1 fold"]').replace(
        'actions: ["0 raise", "1 fold"]',
        'actions: ["0 raise", "1 fold"]\n    expect: {score: [10, 11]}')
    run = run_walkthrough(parse_walkthrough(text))
    assert not run.ok
    assert run.results[0].failures == ("line 8: score is [11, 10], expected [10, 11]",)


def test_a_hand_after_an_unfinished_one_fails():
    run = run_walkthrough(parse_walkthrough(record('["0 raise"]', '["1 raise", "2 fold"]')))
    assert not run.ok
    assert run.results[0].ok and not run.results[1].ok
    assert "hand 1 is not over" in run.results[1].failures[0]
    assert not run.hands[1].ran


def test_a_hand_after_the_end_of_the_game_fails():
    head = 'variant: "1737"\nscore: [11, 0]'
    run = run_walkthrough(parse_walkthrough(record('["0 raise", "1 fold"]',
                                                   '["1 raise", "2 fold"]', head=head)))
    assert run.results[0].game_winner == "A"
    assert "the game ended with hand 1" in run.results[1].failures[0]


def test_the_last_hand_may_be_left_off():
    run = run_walkthrough(parse_walkthrough(record('["0 raise", "1 fold"]', '["1 raise"]')))
    assert run.ok and not run.results[-1].finished


@pytest.mark.parametrize("extra, message", [
    ("seed: 3\n", "`seed` cannot stand beside it"),
    ('actions: ["0 raise"]\n', "`actions` cannot stand beside it"),
])
def test_single_hand_keys_beside_hands_are_refused(extra, message):
    with pytest.raises(WalkthroughError) as exc:
        parse_walkthrough(record('["0 raise"]', head='variant: "1737"\n' + extra))
    assert message in str(exc.value)


def test_a_bad_card_in_a_later_hand_names_its_line():
    text = record('["0 raise", "1 fold"]', '["1 raise", "2 fold"]')
    lines = text.splitlines()
    lines[8] = lines[8].replace("2b", "3c")          # the second hand's deal
    with pytest.raises(WalkthroughError) as exc:
        parse_walkthrough("\n".join(lines), file="game.yaml")
    assert "game.yaml:9:" in str(exc.value) and "dealt twice" in str(exc.value)
    assert "hands[1].deal.hands[1][1]" in str(exc.value)


def test_run_and_check_on_the_command_line(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(record('["0 raise", "1 fold"]', '["1 raise", "2 fold"]'))
    code, out, _ = cli("check", str(path))
    assert code == 0 and "a record of 2 hands: variant 1737, 4 players, dealt as written, " \
        "4 actions" in " ".join(out.split())        # the text wraps to the width
    code, out, _ = cli("run", str(path))
    assert code == 0
    assert "Hand 2: seat 0 deals; before it A 11, B 10" in out
    assert "All expectations hold (2 hands)." in out
    code, out, _ = cli("run", str(path), "--format", "markdown")
    assert code == 0 and "### Hand 1: seat 3 deals" in out


# -- written from played games -------------------------------------------------------------

def test_a_match_records_games_in_sequence():
    match, hands = play_match("huetor", seed=3)
    run = run_walkthrough(parse_walkthrough(record_text("huetor", hands)))
    assert run.ok, run.failures
    results = [r for g in match.games for r in g.results]
    assert [r.score for r in run.results] == [r.score for r in results]
    ends = [r for r in run.results if r.game_winner]
    assert len(ends) == len(match.games)
    assert [r.match_winner for r in ends] == [None] * (len(ends) - 1) + [match.winner]


@settings(max_examples=12)
@given(variant=st.sampled_from(builtin_ids()), seed=st.integers(0, 10**6))
def test_random_games_round_trip_through_records(variant, seed):
    match, hands = play_match(variant, seed)
    text = record_text(variant, hands)
    run = run_walkthrough(parse_walkthrough(text))
    assert run.ok, run.failures
    played = [r for g in match.games for r in g.results]
    assert len(run.results) == len(played)
    for got, want in zip(run.results, played):
        assert (got.score, got.hand_winner, got.value, got.tricks, got.game_winner) == (
            want.score, want.winner_name, want.value, want.tricks, want.game_winner_name)
    assert run.results[-1].match_winner == match.winner
    # Written again from the replay, the record is the same text.
    assert record_text(variant, [PlayedHand(h.deal, tuple(s.text for s in seg.steps))
                                 for h, seg in zip(run.walkthrough.hands, run.hands)]) == text


def test_records_are_written_atomically(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text("old")
    write_atomically(path, "new\n")
    assert path.read_text() == "new\n"
    assert os.listdir(tmp_path) == ["game.yaml"]


# -- simulations -----------------------------------------------------------------------------

def test_simulation_records_are_the_games_it_played():
    texts = game_records("1737", games=3, seed=1, bots="greedy,random")
    chunk = play_chunk(ChunkTask(("1737",), 4, ("greedy", "random"), 1, 0, 3))
    for text, records in zip(texts, chunk.records):
        run = run_walkthrough(parse_walkthrough(text))
        assert run.ok
        hands, points = records[0][0], records[0][1]
        assert len(run.results) == hands
        assert sum(run.results[-1].score) == points      # one game, from 0-0
        assert (run.results[-1].game_winner == "A") == bool(
            records[0][FIELDS.index("a_wins")])


def test_simulate_save_games(tmp_path):
    folder = tmp_path / "d"
    code, _, err = cli("simulate", "1737", "--hands", "200", "--save-games", str(folder),
                       "--games", "3")
    assert code == 0 and "saved 3 game records" in err
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == [f"1737-game-{i}.yaml" for i in (1, 2, 3)]
    for f in files:
        assert cli("run", "-q", str(f))[0] == 0


def test_simulate_games_must_be_positive(tmp_path):
    code, _, err = cli("simulate", "1737", "--hands", "10", "--save-games", str(tmp_path),
                       "--games", "0")
    assert code == 2 and "1 or more" in err


def test_a_device_or_a_fifo_is_never_written_over(tmp_path):
    from rentoy.files import WriteError, check_output

    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for target in (fifo, "/dev/null"):
        for force in (False, True):
            with pytest.raises(WriteError, match="this is not a regular file"):
                check_output(target, force=force, what="--save")


def test_a_folder_the_system_will_not_write_in_is_refused_before_the_game(tmp_path):
    status, out, err = cli("play", "1737", "--save", "/proc/rentoy-game.yaml")
    assert status == 2 and "cannot be written in" in err and "/proc" in err
    assert out == ""        # refused before the first deal
