"""Whole games: the deal passes on, scores are kept past the target, a winner is named."""

from __future__ import annotations

import random

import pytest

from rentoy.engine import Deal, Game, Hand, cards_left, draw_deal
from rentoy.errors import InputError

DEAL = Deal.parse([["3c", "6b", "7e"], ["12c", "2b", "4e"], ["2c", "1o", "5e"],
                   ["11c", "3b", "6e"]], up="5o")
A_WINS = ["0 play 3c", "1 play 12c", "2 play 1o", "3 play 11c",
          "2 play 5e", "3 play 6e", "0 play 7e", "1 play 4e"]


def play_out(game: Game, seed: int = 0) -> Game:
    rng = random.Random(seed)
    while not game.is_over:
        actions = game.legal_actions()
        game.apply_unchecked(actions[int(rng.random() * len(actions))])
    return game


def test_the_deal_passes_to_the_next_seat_each_hand():
    game = Game("1737", seed=3)
    dealers = [game.hand.observation(0).dealer]
    rng = random.Random(3)
    while not game.is_over:
        hands = game.hands_played
        actions = game.legal_actions()
        game.apply(actions[int(rng.random() * len(actions))])
        if game.hands_played > hands and not game.is_over:
            dealers.append(game.hand.observation(0).dealer)
            assert ((game.hand.observation(0).dealer + 1) % game.hand.players) == (game.hand.observation(0).dealer + 1) % 4
    assert dealers[0] == 3
    assert dealers == [(3 + i) % 4 for i in range(len(dealers))]
    assert len(dealers) == game.hands_played


def test_each_hand_starts_from_the_score_the_last_one_left():
    game = play_out(Game("1737", seed=11), seed=5)
    score = (0, 0)
    for result in game.results:
        gained = [result.score[t] - score[t] for t in (0, 1)]
        assert gained[result.winner] == result.points and gained[1 - result.winner] == 0
        score = result.score
    assert game.score == score


def test_scores_may_pass_the_target_and_are_kept():
    # From 10-11 a raise to 3 is accepted and team A takes two tricks: 13, not 12.
    game = Game("1737", score=(10, 11), first_deal=DEAL)
    for action in ["0 raise", "1 accept"] + A_WINS:
        game.apply(action)
    final = game.results[-1]
    assert game.hands_played == 1 and game.is_over
    assert game.score == final.score == (13, 11)
    assert game.winner == final.game_winner_name == final.winner_name == "A"
    assert game.returns() == [1, -1, 1, -1]


@pytest.mark.parametrize("seed", range(8))
def test_a_game_ends_with_one_team_at_the_target(seed):
    game = play_out(Game("1737", seed=seed), seed=seed)
    winner = "AB".index(game.winner)
    assert game.score[winner] >= 12 > game.score[1 - winner]
    assert all(r.game_winner is None for r in game.results[:-1])
    assert game.legal_actions() == [] and game.hand.is_over


def test_games_are_reproducible_from_a_seed():
    a = play_out(Game("avila", seed=9), seed=1)
    b = play_out(Game("avila", seed=9), seed=1)
    assert a.results == b.results and a.score == b.score


def test_a_clone_deals_the_same_next_hands_and_then_goes_its_own_way():
    game = Game("1737", seed=21)
    game.apply(game.legal_actions()[0])
    copy = game.clone()
    assert copy == game and copy is not game
    play_out(copy, seed=4)
    assert copy != game and game.hands_played == 0
    again = game.clone()
    play_out(again, seed=4)
    assert again.results == copy.results


def test_the_first_deal_can_be_given():
    game = Game("1737", first_deal=DEAL, score=(4, 5))
    assert cards_left(game.hand.deal, game.hand.history)[0] == DEAL.hands[0] and game.hand.observation(0).trump == "o"
    for action in ["0 raise", "1 raise", "0 fold"]:
        game.apply(action)
    assert game.score == (4, 8) and game.hands_played == 1 and not game.is_over
    assert game.hand.observation(0).dealer == 0 and game.hand.score == (4, 8)


def test_the_same_random_state_deals_the_same_cards_to_every_variant():
    # Seats take consecutive runs of the shuffled deck, and only the cards dealt are
    # drawn, so a variant dealing fewer cards sees a prefix of the same order.
    four = draw_deal(random.Random(5), 4, 3)
    five = draw_deal(random.Random(5), 4, 5)
    prefix = [c for h in four.hands for c in h] + [four.up]
    drawn = [c for h in five.hands for c in h] + [five.up]
    assert prefix == drawn[:13]
    assert len(set(drawn)) == 21
    assert Hand("1737", rng=random.Random(5)).deal.hands[0] == \
        Hand("avila", rng=random.Random(5)).deal.hands[0]


@pytest.mark.parametrize("kwargs, message", [
    ({"players": 3}, "variant 1737 is played by 2, 4, .* players, not 3"),
    ({"dealer": 4}, "dealer 4 is not a seat"),
    ({"score": (12, 0)}, "already ends a game to 12"),
    ({"score": (-1, 0)}, "non-negative"),
    ({"score": (1, 2, 3)}, "two"),
])
def test_bad_game_settings_are_input_errors(kwargs, message):
    with pytest.raises(InputError, match=message):
        Game("1737", **kwargs)


@pytest.mark.parametrize("name,value", [("score", (11, 11)), ("dealer", 0), ("players", 2),
                                        ("hand", None), ("results", []), ("variant", None),
                                        ("tables", None), ("rng", None)])
def test_a_game_s_state_cannot_be_written(name: str, value: object) -> None:
    game = Game("1737", seed=1)
    before = getattr(game, name)
    with pytest.raises(AttributeError):
        setattr(game, name, value)
    assert getattr(game, name) == before
    game.apply(game.legal_actions()[0])
    assert game.score == game.hand.score


def test_a_game_s_results_are_a_copy_the_caller_may_change() -> None:
    game = Game("1737", seed=2)
    while game.hands_played == 0:
        game.apply(game.legal_actions()[0])
    game.results.clear()
    assert len(game.results) == 1 and game.hands_played == 1
