"""The explicit chance step: a game whose deal source answers None waits for Game.deal."""

from __future__ import annotations

import random

import pytest

from rentoy.engine import Game, draw_deal
from rentoy.bots import RandomBot
from rentoy.errors import IllegalAction, InputError


def waiting_game(seed: int = 1) -> tuple[Game, random.Random]:
    rng = random.Random(seed)
    return Game("1737", first_deal=draw_deal(rng, 4, 3), deals=lambda index: None), rng


def play_to_end_of_hand(game: Game, bot: RandomBot) -> None:
    hands = game.hands_played
    while game.hands_played == hands:
        game.apply(bot.choose(game.observation()))


def test_the_game_waits_for_the_next_deal_and_no_seat_acts() -> None:
    game, rng = waiting_game()
    play_to_end_of_hand(game, RandomBot(seed=2))
    assert not game.is_over and game.awaiting_deal
    assert game.current_seat is None and game.legal_actions() == []
    assert len(game.deals) == 1 and game.actions == game.finished_hands[0].history
    with pytest.raises(IllegalAction):
        game.apply("1 raise")
    seen = game.observation(0)              # what a seat knows while the cards are dealt
    assert seen.past == () and seen.result is not None
    deal = draw_deal(rng, 4, 3)
    game.deal(deal)
    assert not game.awaiting_deal and game.hand.deal == deal and game.current_seat is not None
    assert game.hand.observation(0).dealer == 0 and game.hand.score == game.results[0].score
    assert len(game.observation(0).past) == 1


def test_deal_is_refused_when_none_is_awaited_and_a_bad_deal_is_refused() -> None:
    game, rng = waiting_game()
    with pytest.raises(InputError, match="no deal is awaited"):
        game.deal(draw_deal(rng, 4, 3))
    play_to_end_of_hand(game, RandomBot(seed=2))
    with pytest.raises(InputError, match="3 different cards to each of 4 players"):
        game.deal(draw_deal(rng, 2, 3))
    assert game.awaiting_deal                # the refused deal changed nothing


def test_a_clone_taken_while_waiting_is_independent_and_the_game_replays() -> None:
    game, rng = waiting_game()
    bot = RandomBot(seed=2)
    play_to_end_of_hand(game, bot)
    twin = game.clone()
    deal = draw_deal(rng, 4, 3)
    game.deal(deal)
    assert twin.awaiting_deal and twin.current_seat is None
    twin.deal(deal)
    assert twin == game
    while not game.is_over:
        if game.awaiting_deal:
            game.deal(draw_deal(rng, 4, 3))
        else:
            game.apply(bot.choose(game.observation()))
    again = Game("1737", deals=game.deals)
    for action in game.actions:
        again.apply(action)
    assert again.score == game.score and again.winner == game.winner


def test_the_first_deal_cannot_be_awaited() -> None:
    with pytest.raises(InputError, match="first deal"):
        Game("1737", deals=lambda index: None)
