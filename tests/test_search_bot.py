"""The search bot and the worlds it samples: sound inferences, consistent worlds, decisions
that depend only on what the seat has seen."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rentoy.analysis.worlds import (exclusions, is_consistent, plays_of, sample_worlds,
                                    unseen_cards)
from rentoy.bots import SearchBot, make_bot, parse_bot, team_bots
from rentoy.bots.search import game_chance
from rentoy.engine import Deal, Game, Hand, cards_left
from rentoy.bots import RandomBot
from rentoy.engine.actions import PLAY
from rentoy.variants import builtin_ids, load_variant

VARIANTS = [(v, n) for v in builtin_ids() for n in load_variant(v).rules.players]


def random_position(variant: str, players: int, seed: int, steps: int) -> Hand:
    hand = Hand(variant, players=players, seed=seed)
    bot = RandomBot(seed=seed)
    for _ in range(steps):
        if hand.is_over:
            break
        seat = hand.current_seat
        assert seat is not None
        action = bot.choose(hand.observation(seat))
        if action.kind != PLAY and len(hand.history) > 2:
            continue                 # mostly card play: the worlds are about the cards
        hand.apply(action)
    return hand


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 10_000), st.integers(0, 30),
       st.integers(0, 7))
def test_sampled_worlds_are_consistent_and_the_true_cards_are_never_excluded(
        case: tuple[str, int], seed: int, steps: int, who: int) -> None:
    variant, players = case
    hand = random_position(variant, players, seed, steps)
    if hand.is_over:
        return
    seat = who % players
    seen = hand.observation(seat)
    truth = [[int(c) for c in cards_left(hand.deal, hand.history)[s]] for s in range(players)]
    pool = set(unseen_cards(seen))
    masks = exclusions(seen)
    for s in range(players):
        if s != seat:
            assert set(truth[s]) <= pool               # hidden cards are unseen cards
            assert not any(masks[s] >> c & 1 for c in truth[s]), \
                "a card the seat really holds was excluded"
    assert is_consistent(seen, truth)
    for world in sample_worlds(seen, 4, random.Random(seed)):
        assert sorted(world[seat]) == sorted(truth[seat])
        assert [len(w) for w in world] == [len(t) for t in truth]
        hidden = [c for s in range(players) if s != seat for c in world[s]]
        assert len(set(hidden)) == len(hidden) and set(hidden) <= pool
        assert is_consistent(seen, world)


def test_a_seat_that_did_not_follow_the_arrastre_holds_no_trump() -> None:
    deal = Deal.parse([["2o", "6b", "7e"], ["12c", "2b", "4e"], ["2c", "1o", "5e"],
                       ["11c", "3b", "6e"]], up="5o")
    hand = Hand("1737", deal=deal)
    hand.apply("0 play 2o")                  # the malilla led: an arrastre
    hand.apply("1 play 4e")                  # seat 1 plays no trump: it holds none
    seen = hand.observation(2)
    trumps = [c for c in unseen_cards(seen) if c // 10 == 0]
    assert trumps and all(exclusions(seen)[1] >> c & 1 for c in trumps)
    for world in sample_worlds(seen, 20, random.Random(1)):
        assert all(c // 10 != 0 for c in world[1])


def test_the_decision_depends_only_on_what_the_seat_has_seen() -> None:
    """Two states seat 0 cannot tell apart (the other seats' cards swapped about) get the
    same decision from the same seed."""
    mine = ["3c", "6b", "7e"]
    first = Deal.parse([mine, ["12c", "2b", "4e"], ["2c", "1o", "5e"], ["11c", "3b", "6e"]],
                       up="5o")
    second = Deal.parse([mine, ["11c", "3b", "6e"], ["12c", "2b", "4e"], ["2c", "1o", "5e"]],
                        up="5o")
    a, b = Hand("1737", deal=first), Hand("1737", deal=second)
    assert a.observation(0).info_key == b.observation(0).info_key
    for seed in range(5):
        assert (SearchBot(samples=8, seed=seed).choose(a.observation(0))
                == SearchBot(samples=8, seed=seed).choose(b.observation(0)))


def test_the_bot_is_given_an_observation_never_the_state() -> None:
    hand = Hand("1737", seed=1)
    with pytest.raises(TypeError, match="Observation"):
        SearchBot(samples=4, seed=1).choose(hand)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not the one to act"):
        SearchBot(samples=4, seed=1).choose(hand.observation(1))


def test_the_same_seed_plays_the_same_game() -> None:
    def play(seed: int) -> tuple[object, ...]:
        game = Game("1737", players=2, seed=9)
        bot = SearchBot(samples=4, seed=seed)
        while not game.is_over:
            game.apply(bot.choose(game.observation()))
        return game.actions

    assert play(3) == play(3)


def test_it_never_folds_when_folding_hands_over_the_game() -> None:
    # B (seats 1, 3) has 11: a fold to B's raise from 1 would give B the game.
    deal = Deal.parse([["4c", "5b", "6e"], ["2o", "12o", "11o"], ["3c", "4b", "5e"],
                       ["10o", "1o", "7o"]], up="6o")
    hand = Hand("1737", deal=deal, score=(0, 11), dealer=0)
    hand.apply("1 raise")
    seat = hand.current_seat
    assert seat is not None and seat % 2 == 0
    choice = SearchBot(samples=8, seed=1).choose(hand.observation(seat))
    assert choice.kind != "fold"


def test_it_raises_a_hand_it_cannot_lose_and_folds_one_it_cannot_win() -> None:
    # Seat 0 holds the three best trumps: whatever the others hold, A wins.
    strong = Deal.parse([["2o", "12o", "11o"], ["4c", "5b", "6e"], ["3c", "4b", "5e"],
                         ["6c", "7b", "3e"]], up="6o")
    hand = Hand("1737", deal=strong)
    assert SearchBot(samples=8, seed=1).choose(hand.observation(0)).kind == "raise"
    hand.apply("0 raise")
    # Seat 1, holding nothing, answers with three small plain cards against a sure loss.
    assert SearchBot(samples=8, seed=1, raise_weight=1.0).choose(
        hand.observation(1)).kind == "fold"


def test_game_chance_is_a_symmetric_yardstick() -> None:
    assert game_chance(0, 0, 12) == 0.5
    assert game_chance(5, 7, 12) == pytest.approx(1 - game_chance(7, 5, 12))
    assert game_chance(12, 11, 12) == 1.0 and game_chance(3, 12, 12) == 0.0


def test_bots_by_spec() -> None:
    assert parse_bot("search:samples=64:raise_at=0.6") == (
        "search", {"samples": 64, "raise_at": 0.6})
    bot = make_bot("search:samples=4", seed=2)
    assert isinstance(bot, SearchBot) and bot.samples == 4
    assert [b.name for b in team_bots(("search", "greedy"), random.Random(0))] == [
        "search", "greedy"]
    for bad, message in [("serch", "did you mean `search`"),
                         ("search:samples=many", "samples is a whole number"),
                         ("search:samples", "write samples=VALUE"),
                         ("random:samples=3", "random takes no settings"),
                         ("search:samples=0", "from 1 to"),
                         ("search:raise_at=3", "raise_at is a chance between 0 and 1"),
                         ("search:careless_sure_at=-0.1", "careless_sure_at is a chance"),
                         ("greedy:bluff=2", "bluff is a chance between 0 and 1")]:
        with pytest.raises(ValueError, match=message):
            make_bot(bad)
        with pytest.raises(ValueError, match=message):     # checked when read, too
            parse_bot(bad)


def test_plays_of_lists_each_card_with_its_trick() -> None:
    hand = Hand("1737", players=2, seed=4)
    bot = RandomBot(seed=4)
    while not hand.is_over and len(plays_of(hand.observation(0))) < 3:
        seat = hand.current_seat
        assert seat is not None
        action = bot.choose(hand.observation(seat))
        hand.apply(action)
    plays = plays_of(hand.observation(0))
    assert [len(trick) for _, _, trick in plays][:3] == [0, 1, 0][:len(plays)]
