"""Matches: the best of the variant's ``match`` games, each from 0-0, the deal passing on."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rentoy.engine import Game, Match
from rentoy.bots import RandomBot
from rentoy.errors import IllegalAction, VariantError
from rentoy.variants import builtin_ids, load_variant


def play_out(match: Match, seed: int = 0) -> list[int]:
    """Play random legal actions to the end; the dealer of every hand, in order."""
    rng = random.Random(seed)
    dealers = [match.hand.observation(0).dealer]
    hand = match.hand
    while not match.is_over:
        actions = match.legal_actions()
        match.apply(actions[int(rng.random() * len(actions))])
        if match.hand is not hand and not match.is_over:
            hand = match.hand
            dealers.append(hand.observation(0).dealer)
    return dealers


def test_huetor_plays_the_best_of_five_patas_of_eighteen():
    match = Match("huetor", seed=11)
    assert (match.best_of, match.needed, match.games_won) == (5, 3, (0, 0))
    play_out(match, seed=11)
    a, b = match.games_won
    assert max(a, b) == 3 and min(a, b) <= 2
    assert len(match.games) == a + b
    assert match.winner == ("A" if a == 3 else "B")
    for game in match.games:
        assert game.is_over and max(game.score) >= 18
        first = game.results[0]              # every pata starts from 0-0
        assert first.score[first.winner] == first.points and first.score[1 - first.winner] == 0
    assert [g.winner for g in match.games].count(match.winner) == 3
    assert match.returns() == ([1, -1, 1, -1] if match.winner == "A" else [-1, 1, -1, 1])


def test_a_variant_without_a_match_rule_plays_one_game():
    variant = load_variant("1737")
    assert variant.rules.match == 1
    assert variant.rule("match").status == "assumed"
    match = Match(variant, seed=2)
    assert (match.best_of, match.needed) == (1, 1)
    play_out(match, seed=2)
    assert len(match.games) == 1 and match.winner == match.games[0].winner
    # The same seed plays the same single game as a Game does.
    game = Game("1737", seed=2)
    rng = random.Random(2)
    while not game.is_over:
        actions = game.legal_actions()
        game.apply(actions[int(rng.random() * len(actions))])
    assert game.results == match.games[0].results


def test_the_deal_passes_on_from_one_game_to_the_next():
    match = Match("huetor", players=6, seed=4)
    dealers = play_out(match, seed=4)
    assert dealers[0] == 5
    assert dealers == [(5 + i) % 6 for i in range(len(dealers))]
    assert len(dealers) == sum(game.hands_played for game in match.games)


def test_a_seeded_match_is_repeatable_and_a_clone_goes_its_own_way():
    one, two = Match("huetor", seed=9), Match("huetor", seed=9)
    for _ in range(40):                       # into the first game
        action = one.legal_actions()[0]
        one.apply(action)
        two.apply(action)
    assert one == two
    copy = one.clone()
    assert copy == one and copy.game is not one.game
    play_out(one, seed=1)
    assert copy != one and not copy.is_over   # the original moved on, the clone did not
    play_out(copy, seed=1)
    play_out(two, seed=1)
    assert copy == two and copy.games_won == one.games_won


def test_a_clone_taken_between_games_equals_a_match_played_alike():
    one, two = Match("huetor", seed=6), Match("huetor", seed=6)
    rng_one, rng_two = random.Random(1), random.Random(1)
    while not one.games:                      # to the start of the second pata
        for match, rng in ((one, rng_one), (two, rng_two)):
            actions = match.legal_actions()
            match.apply(actions[int(rng.random() * len(actions))])
    copy = one.clone()
    assert copy == one == two
    play_out(one, seed=2)                     # the original moves on; the clone must not
    assert copy == two and copy.games[0] is one.games[0]


def test_nothing_is_legal_once_the_match_is_over():
    match = Match("huetor", seed=3)
    play_out(match, seed=3)
    before = (match.games_won, len(match.games), match.hand.result)
    assert match.legal_actions() == [] and not match.can("0 play 1o")
    with pytest.raises(IllegalAction) as refused:
        match.apply("0 play 1o")
    assert refused.value.reason == "hand-over" and "match is over" in str(refused.value)
    assert (match.games_won, len(match.games), match.hand.result) == before


def test_an_even_match_is_refused_at_its_line(tmp_path):
    path = tmp_path / "even.yaml"
    path.write_text('id: even\nname: Even\nextends: huetor\nrules:\n  match: 4\n',
                    encoding="utf-8")
    with pytest.raises(VariantError) as error:
        load_variant(str(path))
    problem = error.value.problems[0]
    assert problem.location.line == 5 and problem.path == ("rules", "match")
    assert "can end 2-2" in problem.message and "such as 5" in problem.hint


def test_an_option_may_change_the_match(tmp_path):
    path = tmp_path / "club.yaml"
    path.write_text(
        'id: club\nname: Club\nextends: "1737"\noptions:\n'
        '  best-of-three: {rules: {match: 3}, status: assumed, note: For the test.}\n',
        encoding="utf-8")
    variant = load_variant(f"{path}+best-of-three")
    assert variant.rules.match == 3 and Match(variant).needed == 2


@settings(max_examples=12, deadline=None)
@given(vid=st.sampled_from(builtin_ids()), seed=st.integers(0, 10**6))
def test_every_variant_ends_its_match_with_a_clear_winner(vid: str, seed: int):
    match = Match(vid, seed=seed)
    bot = RandomBot(seed=seed)
    while not match.is_over:
        match.apply_unchecked(bot.choose(match.observation()))
    won = match.games_won
    assert max(won) == match.needed and min(won) < match.needed
    assert sum(won) == len(match.games) <= match.best_of
    assert all(game.is_over for game in match.games)


@pytest.mark.parametrize("name", ["games_won", "games", "game", "best_of", "needed",
                                  "players", "variant", "rng"])
def test_a_match_s_state_cannot_be_written(name: str) -> None:
    match = Match("1737", seed=1)
    before = getattr(match, name)
    with pytest.raises(AttributeError):
        setattr(match, name, (5, 5))
    assert getattr(match, name) == before
