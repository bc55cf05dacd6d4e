"""Reading the table: the chance that the other team bets without regard to its cards,
weighed action by action, and the search bot's stance (how it bets) that follows it."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rentoy.bots import SearchBot, make_bot
from rentoy.bots.search import Estimate, Stance
from rentoy.bots.table import CAREFUL_ANSWER, CAREFUL_RAISE, careless_chance
from rentoy.engine import Game, Observation, cards_left
from rentoy.bots import RandomBot
from rentoy.engine.actions import PLAY, RAISE
from rentoy.variants import builtin_ids, load_variant


def odds(chance: float) -> float:
    return chance / (1 - chance)


def play_first_card(game: Game) -> None:
    seat = game.current_seat
    assert seat is not None
    game.apply(next(a for a in game.legal_actions() if a.kind == PLAY))


def new_game() -> Game:
    game = Game("1737", players=4, seed=1)
    assert game.current_seat == 0              # seat 0 leads; team B is seats 1 and 3
    return game


def test_nothing_seen_is_the_prior() -> None:
    game = new_game()
    assert careless_chance(game.observation(0)) == 0.5
    assert careless_chance(game.observation(0), prior=0.2) == pytest.approx(0.2)
    with pytest.raises(ValueError, match="prior"):
        careless_chance(game.observation(0), prior=1.0)


def test_a_raise_on_a_turn_with_three_cards_counts_two_and_a_half_to_one() -> None:
    game = new_game()
    play_first_card(game)
    game.apply("1 raise")
    ratio = (1 / 4) / CAREFUL_RAISE                 # careless: one action of four
    assert odds(careless_chance(game.observation(0))) == pytest.approx(ratio)
    # Seen from team B, its own raise says nothing; seat 0's card without a raise does.
    assert odds(careless_chance(game.observation(1))) == pytest.approx(
        (3 / 4) / (1 - CAREFUL_RAISE))


def test_a_turn_without_a_raise_counts_for_care() -> None:
    game = new_game()
    play_first_card(game)
    play_first_card(game)                           # seat 1, three cards, no raise
    ratio = (3 / 4) / (1 - CAREFUL_RAISE)
    assert odds(careless_chance(game.observation(0))) == pytest.approx(ratio)


def test_turns_without_the_right_to_raise_are_not_evidence() -> None:
    game = new_game()
    play_first_card(game)
    game.apply("1 raise")
    game.apply("0 accept")                          # only team A may raise now
    before = careless_chance(game.observation(0))
    play_first_card(game)                           # seat 1 could not have raised
    assert careless_chance(game.observation(0)) == pytest.approx(before)


@pytest.mark.parametrize("answer", ["accept", "fold", "raise"])
def test_each_answer_to_a_raise_weighs_one_third_against_the_careful_rate(answer: str) -> None:
    game = new_game()
    game.apply("0 raise")
    game.apply(f"1 {answer}")
    expected = (1 / 3) / CAREFUL_ANSWER[answer]
    # After a fold the game deals the next hand: the evidence is read from the past.
    assert odds(careless_chance(game.observation(0))) == pytest.approx(expected)


def test_evidence_adds_up_over_the_hands_of_a_game() -> None:
    game = new_game()
    game.apply("0 raise")
    game.apply("1 raise")                           # team B raises again: careless-looking
    game.apply("0 fold")
    assert game.hands_played == 1
    after_one = odds(careless_chance(game.observation(0)))
    assert after_one == pytest.approx((1 / 3) / CAREFUL_ANSWER["raise"])
    seat = game.current_seat
    assert seat is not None
    if seat & 1:                                     # team B to play first this hand
        play_first_card(game)
        k = 3
        assert odds(careless_chance(game.observation(0))) == pytest.approx(
            after_one * (k / (k + 1)) / (1 - CAREFUL_RAISE))


def test_a_hand_played_without_raises_reads_as_careful() -> None:
    game = new_game()
    expected = 1.0
    while game.hands_played == 0:
        seat = game.current_seat
        assert seat is not None
        if seat & 1:
            k = len(cards_left(game.hand.deal, game.hand.history)[seat])
            expected *= (k / (k + 1)) / (1 - CAREFUL_RAISE)
        play_first_card(game)
    chance = careless_chance(game.observation(0))
    assert odds(chance) == pytest.approx(expected)
    assert chance < 0.3


def test_the_search_bot_raises_less_against_a_careless_table() -> None:
    game = new_game()
    game.apply("0 raise")
    game.apply("1 raise")
    game.apply("0 fold")                            # team B re-raised: reads as careless
    bot = SearchBot(samples=4, seed=1)
    observation = game.observation(0)
    assert careless_chance(observation) >= bot.careless_at
    assert bot.stance(observation).raise_at == bot.careless_raise_at == 1.0
    never = make_bot("search:samples=4:careless_at=1", seed=1)
    assert isinstance(never, SearchBot) and never.stance(observation).raise_at == 0.5


def sure_careless_table() -> Game:
    """Team B answers team A's raise by raising again, then team A folds: the odds of
    a careless table are (1/3) / 0.05, a chance of about 0.87."""
    game = new_game()
    game.apply("0 raise")
    game.apply("1 raise")
    game.apply("0 fold")
    return game


def careful_table() -> Game:
    """Two hands played without a raise."""
    game = new_game()
    while game.hands_played < 2:
        play_first_card(game)
    return game


def test_the_stance_follows_the_reading() -> None:
    bot = SearchBot(samples=4, seed=1)
    careful, careless = careful_table().observation(0), new_game().observation(0)
    sure = sure_careless_table().observation(0)
    assert careless_chance(careful) < 0.3 <= careless_chance(careless) == 0.5
    assert 0.8 <= careless_chance(sure) < 0.9
    assert bot.stance(careful) == Stance(raise_at=0.5, reraise_at=0.7, raise_weight=2.0)
    assert bot.stance(careless) == Stance(raise_at=1.0, reraise_at=0.7, raise_weight=2.0)
    assert bot.stance(sure) == Stance(raise_at=1.0, reraise_at=1.0, raise_weight=1.0)
    # careless_at=1 reads nothing: the bot's own settings whatever the table does.
    never = SearchBot(samples=4, seed=1, careless_at=1)
    assert never.stance(sure) == never.stance(careful) == bot.stance(careful)
    # The sure reading never starts below careless_at.
    late = SearchBot(samples=4, seed=1, careless_at=0.6, careless_sure_at=0.2)
    assert late.stance(careless) == bot.stance(careful)
    early = SearchBot(samples=4, seed=1, careless_at=0.4, careless_sure_at=0.2)
    assert early.stance(careless) == bot.stance(sure)


def facing_a_raise(game: Game) -> Observation:
    """The first seat of team B to act in the game's next hand raises; what the seat of
    team A that answers sees."""
    while game.current_seat is not None and game.current_seat & 1 == 0:
        play_first_card(game)
    game.apply(f"{game.current_seat} raise")
    seat = game.current_seat
    assert seat is not None and seat & 1 == 0
    return game.observation(seat)


def test_sure_of_a_careless_table_it_raises_again_only_when_sure() -> None:
    careful, sure = facing_a_raise(careful_table()), facing_a_raise(sure_careless_table())
    assert careless_chance(careful) < 0.3 and careless_chance(sure) >= 0.8
    for p, careful_answer, sure_answer in ((0.9, RAISE, "accept"), (1.0, RAISE, RAISE)):
        bot = SearchBot(samples=4, seed=1)
        bot.estimate = lambda observation, stance=None, p=p: Estimate(p, {})  # type: ignore[method-assign]
        assert bot.choose(careful).kind == careful_answer
        assert bot.choose(sure).kind == sure_answer


def test_sure_of_a_careless_table_it_reads_nothing_into_raises() -> None:
    observation = facing_a_raise(sure_careless_table())
    read = SearchBot(samples=16, seed=5).estimate(observation)
    unweighted = SearchBot(samples=16, seed=5, raise_weight=1.0, careless_at=1)
    weighted = SearchBot(samples=16, seed=5, careless_at=1)
    assert read == unweighted.estimate(observation)
    # Raise weight 2 counts the deals the raiser's team wins twice: a lower chance.
    assert weighted.estimate(observation).p < read.p


def test_sure_of_a_careless_table_it_still_reads_its_partners_raises() -> None:
    game = sure_careless_table()
    answering = facing_a_raise(game).seat             # team B raised; team A answers
    game.apply(f"{answering} raise")                  # ... by raising again
    seat = game.current_seat
    assert seat is not None and seat & 1 == 1
    game.apply(f"{seat} accept")
    partner = game.observation((answering + 2) % 4)
    assert careless_chance(partner) >= 0.8
    read = SearchBot(samples=16, seed=5).estimate(partner)
    flat = SearchBot(samples=16, seed=5, raise_weight=1.0, careless_at=1).estimate(partner)
    # The partner's raise makes the deals team A wins count twice; B's raise counts once.
    assert read.p > flat.p


def test_the_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="careless_at"):
        SearchBot(careless_at=1.5)
    with pytest.raises(ValueError, match="careless_raise_at"):
        make_bot("search:careless_raise_at=-1")
    with pytest.raises(ValueError, match="careless_sure_at"):
        make_bot("search:careless_sure_at=2")
    bot = make_bot("search:careless_sure_at=0.5", seed=1)
    assert isinstance(bot, SearchBot) and bot.careless_sure_at == 0.5


VARIANTS = [(v, n) for v in builtin_ids() for n in load_variant(v).rules.players]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 10_000), st.integers(1, 120))
def test_random_play_keeps_the_chance_a_chance(spec: tuple[str, int], seed: int,
                                               steps: int) -> None:
    variant, players = spec
    game = Game(variant, players=players, seed=seed)
    bot = RandomBot(seed=seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.current_seat
        assert seat is not None
        game.apply(bot.choose(game.observation(seat)))
    for seat in range(players):
        chance = careless_chance(game.observation(seat))
        assert 0.0 < chance < 1.0 and math.isfinite(chance)
