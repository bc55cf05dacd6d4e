"""The engine as a library: one seat to act, what each seat sees, deals supplied and
recorded, cheap copies, a bound on a game's length."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rentoy.cards import DECK, Card
from rentoy.engine import (Action, Deal, Game, Hand, Match, Observation, cards_left,
                           compile_variant, draw_deal, encoding_size)
from rentoy.engine.hand import max_hand_actions
from rentoy.bots import GreedyBot, RandomBot
from rentoy.errors import InputError
from rentoy.variants import builtin_variants

DEAL = Deal.parse([["3c", "6b", "7e"], ["12c", "2b", "4e"], ["2c", "1o", "5e"],
                   ["11c", "3b", "6e"]], up="5o")
SPECS = [v.id for v in builtin_variants()] + [
    f"{v.id}+{o}" for v in builtin_variants() for o in v.options]

def _cards_in(observation: Observation) -> set[Card]:
    """Every card of the hand being played that an observation mentions (the records of
    earlier hands hold only their turned-up and played cards, by construction)."""
    out = set(observation.cards) | {observation.up}
    for action in observation.actions:
        if action.card is not None:
            out.add(action.card)
    for trick in observation.tricks:
        out.update(trick.cards)
    out.update(card for _, card in observation.trick)
    return out

# -- one seat to act -------------------------------------------------------------------

def test_one_seat_acts_in_every_phase():
    hand = Hand("1737", deal=DEAL)
    assert hand.current_seat == 0
    hand.apply("0 raise")
    assert hand.current_seat == 1 and hand.observation(0).to_act == (1, 3)
    hand.apply("3 raise")                 # a partner may answer (answer_by: team) ...
    assert hand.current_seat == 0         # ... and the player after him answers that
    hand.apply("0 fold")
    assert hand.current_seat is None and hand.legal_actions() == []

@pytest.mark.parametrize("spec", ["1737", "avila"])
def test_a_partner_who_may_answer_sees_his_answers(spec):
    # answer_by: team: seat 1 is named to answer seat 0's raise, seat 3 may answer too.
    game = Game(spec, players=4, deals=[DEAL])
    game.apply("0 raise")
    assert game.current_seat == 1 and game.observation(0).to_act == (1, 3)
    answers = ["3 accept", "3 fold", "3 raise"]
    assert [str(a) for a in game.legal_actions(3)] == answers
    assert [str(a) for a in game.hand.legal_actions(3)] == answers
    assert game.legal_actions(2) == [] and game.legal_actions(0) == []
    assert game.legal_actions(1) == game.legal_actions()
    partner, other = game.observation(3), game.observation(2)
    assert [str(a) for a in partner.legal] == answers
    assert partner.may_act and partner.current_seat != partner.seat and 3 in partner.to_act
    assert other.legal == () and not other.may_act
    action = RandomBot(seed=1).choose(partner)
    assert action.seat == 3 and game.can(action)
    game.apply("3 accept")                # the partner answered: cards again
    assert game.legal_actions(3) == [] and game.observation(3).legal == ()

@pytest.mark.parametrize("spec", SPECS)
def test_every_legal_action_belongs_to_the_current_seat(spec):
    rng = random.Random(spec)
    game = Game(spec, seed=3)
    while not game.is_over:
        legal = game.legal_actions()
        assert legal and {a.seat for a in legal} == {game.current_seat}
        assert game.current_seat in game.observation(0).to_act
        game.apply_unchecked(legal[int(rng.random() * len(legal))])

# -- bots see observations only ---------------------------------------------------------

@pytest.mark.parametrize("spec", SPECS)
def test_bots_given_only_observations_play_every_builtin_variant(spec):
    game = Game(spec, seed=5)
    bots = (GreedyBot(seed=1), RandomBot(seed=2))
    steps = 0
    while not game.is_over:
        seat = game.current_seat
        observation = game.observation(seat)
        action = bots[seat & 1].choose(observation)
        assert action in observation.legal
        game.apply(action)
        steps += 1
    assert steps <= game.max_actions and game.winner in ("A", "B")

def test_a_bot_given_the_state_refuses_it():
    hand = Hand("1737", deal=DEAL)
    for bot in (RandomBot(seed=1), GreedyBot(seed=1)):
        with pytest.raises(TypeError, match="Observation"):
            bot.choose(hand)              # type: ignore[arg-type]
        with pytest.raises(ValueError, match="not the one to act"):
            bot.choose(hand.observation(1))

# -- observations ------------------------------------------------------------------------

def test_an_observation_shows_own_cards_public_actions_and_whose_turn():
    hand = Hand("1737", deal=DEAL, score=(4, 5))
    for text in ["0 play 3c", "1 raise", "2 accept"]:
        hand.apply(text)
    seen = hand.observation(3)
    assert set(seen.cards) == set(DEAL.hands[3])
    assert seen.up == DEAL.up and seen.trump == "o" and seen.score == (4, 5)
    assert [str(a) for a in seen.actions] == ["0 play 3c", "1 raise", "2 accept"]
    assert seen.trick == ((0, DEAL.hands[0][0]),)
    assert seen.value == 3 and seen.raise_right == "A" and not seen.pending
    assert seen.current_seat == 1 and seen.legal == () and seen.to_act == (1,)
    assert hand.observation(1).legal == tuple(hand.legal_actions())
    with pytest.raises(AttributeError):
        seen.seat = 0                     # type: ignore[misc]
    assert len(seen.encoding) == encoding_size(hand.variant, 4)

@pytest.mark.parametrize("spec", ["1737", "avila", "huetor", "conil"])
def test_no_observation_holds_another_seats_unplayed_card(spec):
    match = Match(spec, seed=8)
    bot = RandomBot(seed=8)
    while not match.is_over:
        hand = match.hand
        for seat in range(match.players):
            hidden = {c for other in range(match.players) if other != seat
                      for c in cards_left(hand.deal, hand.history)[other]}
            observation = match.observation(seat)
            assert not _cards_in(observation) & hidden
            assert set(observation.cards) == set(cards_left(hand.deal, hand.history)[seat])
        match.apply_unchecked(bot.choose(match.observation()))

def _replay(spec: str, players: int, deal: Deal, actions: list[Action]) -> Hand | None:
    hand = Hand(spec, players=players, deal=deal)
    for action in actions:
        if not hand.can(action):
            return None
        hand.apply_unchecked(action)
    return hand

@settings(max_examples=60, deadline=None)
@given(spec=st.sampled_from(["1737", "avila", "1737+como-al-hombre", "conil"]),
       seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 20), seat=st.integers(0, 7))
def test_states_a_seat_cannot_tell_apart_share_the_information_key(spec, seed, steps, seat):
    rng = random.Random(seed)
    hand = Hand(spec, rng=rng)
    seat %= hand.players
    for _ in range(steps):
        if hand.is_over:
            break
        legal = hand.legal_actions()
        hand.apply(legal[int(rng.random() * len(legal))])
    key = hand.observation(seat).info_key
    # Another world: the cards this seat has not seen are dealt again at random.
    played = {a.card for a in hand.history if a.card is not None}
    unseen = [c for c in DECK if c not in played and c not in cards_left(hand.deal, hand.history)[seat]
              and c != hand.deal.up]
    rng.shuffle(unseen)
    hands = []
    for other, cards in enumerate(hand.deal.hands):
        if other == seat:
            hands.append(cards)
        else:
            hands.append(tuple(c if c in played else unseen.pop() for c in cards))
    world = _replay(spec, hand.players, Deal(tuple(hands), hand.deal.up), list(hand.history))
    if world is not None:
        assert world.observation(seat).info_key == key
        assert world.observation(seat) == hand.observation(seat)
    # What the seat can tell apart has another key: its own cards, or one more action.
    if not hand.is_over:
        after = hand.clone()
        after.apply(after.legal_actions()[0])
        assert after.observation(seat).info_key != key
    other = (seat + 1) % hand.players
    if set(cards_left(hand.deal, hand.history)[seat]) != set(cards_left(hand.deal, hand.history)[other]):
        assert hand.observation(other).info_key != key

def test_a_game_observation_carries_the_earlier_hands():
    game = Game("1737", seed=6)
    bot = RandomBot(seed=6)
    while game.hands_played < 3:
        game.apply_unchecked(bot.choose(game.observation()))
    assert not game.is_over
    seen = game.observation(0)
    assert len(seen.past) == 3 and seen.score == game.score
    assert [r.result for r in seen.past] == game.results
    assert seen.past[0].actions == game.past_hands[0].actions
    assert f"|past {seen.past[0].key()};" in seen.info_key

# -- deals -------------------------------------------------------------------------------

def _play(game: Game | Match, seed: int) -> None:
    bots = (GreedyBot(seed=seed), RandomBot(seed=seed + 1))
    while not game.is_over:
        seat = game.current_seat
        assert seat is not None
        game.apply(bots[seat & 1].choose(game.observation(seat)))

@pytest.mark.parametrize("spec", ["1737", "avila", "conil", "huetor"])
def test_a_game_replays_exactly_from_its_recorded_deals(spec):
    game = Game(spec, seed=13)
    _play(game, 13)
    assert len(game.deals) == game.hands_played
    assert all(h.deal == d for h, d in zip(game._past, game.deals))
    again = Game(spec, deals=game.deals)
    for action in game.actions:
        again.apply(action)
    assert again.results == game.results and again.winner == game.winner
    # A function of the hand's index deals the same.
    by_index = Game(spec, deals=lambda i: game.deals[i])
    for action in game.actions:
        by_index.apply_unchecked(action)
    assert by_index.results == game.results

def test_a_match_replays_exactly_from_its_recorded_deals():
    match = Match("huetor", seed=2)
    _play(match, 2)
    again = Match("huetor", deals=iter(match.deals))
    for action in match.actions:
        again.apply(action)
    assert again.games_won == match.games_won and again.deals == match.deals

def test_seeded_games_deal_as_before():
    rng = random.Random(21)
    first = draw_deal(rng, 4, 3)
    assert Game("1737", seed=21).hand.deal == first
    assert Hand("1737", seed=21).deal == first

def test_deals_that_run_out_or_do_not_fit_are_clear_errors():
    with pytest.raises(InputError, match="ran out"):
        game = Game("1737", deals=[DEAL])
        while not game.is_over:
            game.apply_unchecked(game.legal_actions()[0])
    with pytest.raises(InputError, match="3 different cards to each of 4 players"):
        Game("1737", deals=[Deal(DEAL.hands[:2], DEAL.up)])
    with pytest.raises(InputError, match="not a single deal"):
        Game("1737", deals=DEAL)      # type: ignore[arg-type]

# -- copies, the unchecked path, bounds ---------------------------------------------------

@pytest.mark.parametrize("make", [lambda: Hand("1737", seed=1), lambda: Game("1737", seed=1),
                                  lambda: Match("huetor", seed=1)])
def test_copies_are_clones(make):
    state = make()
    for copied in (copy.copy(state), copy.deepcopy(state)):
        assert copied == state and copied is not state
        assert copied.legal_actions() == state.legal_actions()
        copied.apply(copied.legal_actions()[0])
        assert copied != state
    game = Game("1737", seed=1)
    assert copy.deepcopy(game).tables is game.tables

def test_unchecked_play_of_a_card_not_held_changes_nothing():
    hand = Hand("1737", deal=DEAL)
    before = hand.clone()
    with pytest.raises(ValueError):
        hand.apply_unchecked(Action.parse("0 play 2o"))
    assert hand == before and hand.history == ()

@pytest.mark.parametrize("spec", ["1737", "modern", "huetor", "1598"])
def test_no_game_is_longer_than_the_public_bound(spec):
    rng = random.Random(spec)
    longest = 0
    for seed in range(30):
        game = Game(spec, seed=seed)
        steps = 0
        while not game.is_over:
            legal = game.legal_actions()
            game.apply_unchecked(legal[int(rng.random() * len(legal))])
            steps += 1
            assert len(game.hand.history) <= max_hand_actions(compile_variant(game.variant),
                                                               game.players)
        longest = max(longest, steps)
    assert longest <= game.max_actions
    assert Match(spec).max_actions == Match(spec).best_of * game.max_actions
