"""The bots: random is uniform and seeded; greedy plays and bets as documented."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rentoy.engine import Action, Deal, Game, Hand
from rentoy.bots import GreedyBot, RandomBot, make_bot
from rentoy.bots import team_bots
from rentoy.simulation import parse_bots

# Trumps are oros (the 7 de oros is turned up) in every position below.
UP = "7o"


def hand(hands, actions=(), score=(0, 0), up=UP) -> Hand:
    h = Hand("1737", deal=Deal.parse(hands, up=up), score=score)
    for a in actions:
        h.apply(a)
    return h


def greedy(**kw) -> GreedyBot:
    kw.setdefault("bluff", 0.0)       # no bluffing: the choices below are the strategy's
    return GreedyBot(seed=0, **kw)


# -- random ------------------------------------------------------------------------------

def test_random_bot_is_uniform_over_the_legal_actions():
    h = hand([["5c", "4e", "6b"], ["7c", "12c", "3o"], ["3c", "5e", "6e"], ["4c", "7b", "5b"]])
    legal = h.legal_actions()
    assert len(legal) == 4          # three cards and a raise
    bot = RandomBot(seed=1)
    counts = Counter(bot.choose(h.observation()) for _ in range(8000))
    assert set(counts) == set(legal)
    for action in legal:
        assert abs(counts[action] / 8000 - 0.25) < 0.03


def test_random_bot_is_reproducible_from_its_seed():
    h = Hand("1737", seed=4)
    first = [RandomBot(seed=9).choose(h.observation()) for _ in range(3)]
    a, b = RandomBot(seed=9), RandomBot(seed=9)
    assert [a.choose(h.observation()) for _ in range(20)] == [b.choose(h.observation()) for _ in range(20)]
    assert first[0] in h.legal_actions()


# -- greedy: card play -----------------------------------------------------------------

def test_greedy_takes_the_trick_with_its_cheapest_winning_card():
    # Seat 0 leads the 5 de copas; seat 1 can beat it with 7c, 12c or the 3 of trumps.
    h = hand([["5c", "4e", "6b"], ["7c", "12c", "3o"], ["3c", "5e", "6e"],
              ["4c", "7b", "5b"]], ["0 play 5c"])
    assert greedy().choose(h.observation()) == Action.parse("1 play 7c")


def test_greedy_trumps_cheaply_when_void_in_the_led_suit():
    # No copas: the lowest trump that wins (3o), not the Rey de oros.
    h = hand([["5c", "4e", "6b"], ["3o", "12o", "6e"], ["3c", "5e", "7e"],
              ["4c", "7b", "5b"]], ["0 play 5c"])
    assert greedy().choose(h.observation()) == Action.parse("1 play 3o")


def test_greedy_lets_its_partners_winning_card_stand():
    # Seat 0 (team A) leads the Rey de copas and wins so far; seat 2, its partner,
    # keeps the malilla (2o) and throws its cheapest card.
    h = hand([["12c", "4e", "6b"], ["4c", "5e", "6e"], ["2o", "11c", "4b"],
              ["3c", "7b", "5b"]], ["0 play 12c", "1 play 4c"])
    assert greedy().choose(h.observation()) == Action.parse("2 play 4b")


def test_greedy_throws_its_cheapest_card_when_it_cannot_win():
    # Nothing beats the Rey de copas without a trump: throw the lowest card.
    h = hand([["12c", "4e", "6b"], ["5c", "6e", "7b"], ["3c", "5e", "7e"],
              ["4c", "10b", "5b"]], ["0 play 12c"])
    assert greedy().choose(h.observation()) == Action.parse("1 play 5c")


def test_greedy_plays_a_trump_when_the_arrastre_requires_it():
    # A trump is led: seat 1 must play one of its trumps and cannot win, so the lower.
    h = hand([["2o", "4e", "6b"], ["4o", "6o", "6e"], ["3c", "5e", "7e"],
              ["4c", "10b", "5b"]], ["0 play 2o"])
    assert greedy().choose(h.observation()) == Action.parse("1 play 4o")


def test_greedy_leads_a_sure_winner_when_one_trick_is_missing():
    # Seat 0 took the first trick; with the malilla nothing unseen can beat, it
    # leads it to take the hand instead of its cheapest card.
    h = hand([["12c", "2o", "4e"], ["5c", "6b", "4b"], ["3c", "5e", "6e"],
              ["4c", "7b", "5b"]], ["0 play 12c", "1 play 5c", "2 play 3c", "3 play 4c"])
    assert h.observation(0).tricks_won == (1, 0) and h.observation(0).to_act == (0,)
    assert greedy(raise_at=10).choose(h.observation()) == Action.parse("0 play 2o")


def test_greedy_leads_its_cheapest_card_otherwise():
    h = hand([["12c", "4e", "6b"], ["5c", "6e", "7b"], ["3c", "5e", "7e"],
              ["4c", "10b", "5b"]])
    assert greedy(raise_at=10).choose(h.observation()) == Action.parse("0 play 4e")


# -- greedy: betting -----------------------------------------------------------------

def test_greedy_raises_with_a_strong_hand():
    h = hand([["2o", "12o", "11o"], ["5c", "6e", "7b"], ["3c", "5e", "7e"],
              ["4c", "10b", "5b"]])
    assert greedy().choose(h.observation()) == Action.parse("0 raise")


def test_greedy_folds_a_weak_hand_facing_a_raise():
    # Seat 0 raises; seat 1 (the next seat, team B) holds nothing: it folds.
    h = hand([["2o", "12o", "11o"], ["4c", "5e", "6b"], ["3c", "4e", "7e"],
              ["5c", "10b", "5b"]], ["0 raise"])
    assert greedy().choose(h.observation()) == Action.parse("1 fold")


def test_greedy_accepts_a_middling_hand_and_raises_again_with_a_strong_one():
    middling = hand([["4c", "5e", "6b"], ["12o", "11o", "6e"], ["3c", "4e", "7e"],
                     ["5c", "10b", "5b"]], ["0 raise"])
    assert greedy().choose(middling.observation()) == Action.parse("1 accept")
    strong = hand([["4c", "5e", "6b"], ["2o", "12o", "11o"], ["3c", "4e", "7e"],
                   ["5c", "10b", "5b"]], ["0 raise"])
    assert greedy().choose(strong.observation()) == Action.parse("1 raise")


def test_greedy_does_not_fold_when_a_fold_loses_the_game_anyway():
    # Team B has 11 of 12: a fold would give it the game, so team A accepts.
    h = hand([["4c", "5e", "6b"], ["2o", "12o", "11o"], ["3c", "4e", "7e"],
              ["5c", "10b", "5b"]], ["0 play 4c", "1 raise"], score=(0, 11))
    assert greedy().choose(h.observation()) == Action.parse("2 accept")


def test_greedy_bluffs_at_the_rate_it_is_given():
    h = hand([["4c", "5e", "6b"], ["4o", "5o", "6e"], ["3c", "4e", "7e"],
              ["5c", "10b", "5b"]])
    bot = GreedyBot(seed=3, bluff=0.5)
    raises = sum(bot.choose(h.observation()).kind == "raise" for _ in range(2000))
    assert 900 < raises < 1100
    assert all(GreedyBot(seed=s, bluff=0.0).choose(h.observation()).kind == "play" for s in range(20))


# -- both: always legal, whole games, by name -------------------------------------------

@pytest.mark.parametrize("variant", ["1737", "avila", "1737+como-al-hombre", "1737+borrego"])
def test_bots_only_ever_choose_legal_actions(variant):
    for seed in range(40):
        h = Hand(variant, seed=seed)
        bots = (GreedyBot(seed=seed), RandomBot(seed=seed))
        while not h.is_over:
            action = bots[h.current_seat & 1].choose(h.observation())
            assert h.can(action), (seed, action)
            h.apply(action)


def test_greedy_beats_random_over_whole_games():
    rng = random.Random(5)
    wins = 0
    for seed in range(150):
        game = Game("1737", seed=seed)
        a, b = team_bots(parse_bots("greedy,random"), rng)
        while not game.is_over:
            bot = a if game.current_seat % 2 == 0 else b
            game.apply_unchecked(bot.choose(game.observation()))
        wins += game.winner == "A"
    assert wins > 90       # about two games in three


def test_bots_by_name():
    assert make_bot("random", seed=1).name == "random"
    assert isinstance(make_bot("greedy", rng=random.Random(1)), GreedyBot)
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        make_bot("clever")
    a, b = team_bots(parse_bots("greedy"), random.Random(0))
    assert (a.name, b.name) == ("greedy", "greedy")
    with pytest.raises(ValueError):
        team_bots(("greedy", "random", "random"), random.Random(0))
