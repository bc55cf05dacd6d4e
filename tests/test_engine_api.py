"""The engine's small API: actions, deals, building a hand, queries, cloning, tables."""

from __future__ import annotations

import pickle
import random

import pytest

from rentoy.cards import DECK, Card, parse_card
from rentoy.engine import (ACCEPT, FOLD, PLAY, RAISE, Action, ActionSyntaxError, Deal, Hand, Phase,
                           compile_variant, draw_deal, team_of)
from rentoy.engine.actions import accept, fold, play, raise_
from rentoy.engine.rules import decides_game, points
from rentoy.errors import InputError, RentoyError
from rentoy.variants import load_variant

DEAL = Deal.parse([["3c", "6b", "7e"], ["12c", "2b", "4e"], ["2c", "1o", "5e"],
                   ["11c", "3b", "6e"]], up="5o")


# ---------------------------------------------------------------------------------------
# Actions

@pytest.mark.parametrize("text, seat, kind, card", [
    ("0 play 3c", 0, PLAY, "3c"), ("2 play Rc", 2, PLAY, "12c"), ("3  PLAY  Ab", 3, PLAY, "1b"),
    ("1 raise", 1, RAISE, None), ("1 Accept", 1, ACCEPT, None), ("0 fold", 0, FOLD, None),
])
def test_actions_parse(text, seat, kind, card):
    action = Action.parse(text)
    assert (action.seat, action.kind) == (seat, kind)
    assert action.card == (parse_card(card) if card else None)
    assert Action.parse(str(action)) is action          # shared instances round-trip


def test_action_helpers_give_the_shared_instances():
    assert play(2, "Rc") is Action.parse("2 play 12c") is play(2, parse_card("12c"))
    assert raise_(1) is Action.parse("1 raise")
    assert accept(3) is Action.parse("3 accept") and fold(0) is Action.parse("0 fold")
    assert str(play(0, 0)) == "0 play 1o"


@pytest.mark.parametrize("text, message", [
    ("", "write '<seat> raise'"),
    ("raise", "write '<seat> raise'"),
    ("x raise", "write '<seat> raise'"),
    ("² raise", "write '<seat> raise'"),
    ("0 play", "'play' takes one card"),
    ("0 play 3c 4c", "'play' takes one card"),
    ("0 play 8c", "rank 8 is not in the Spanish 40-card deck"),
    ("0 raise 3c", "'raise' takes no card"),
    ("0 rise", "did you mean `raise`?"),
    ("40 raise", "there is no seat 40"),
])
def test_bad_action_text(text, message):
    with pytest.raises(ActionSyntaxError, match=message) as info:
        Action.parse(text)
    assert isinstance(info.value, RentoyError) and isinstance(info.value, ValueError)


def test_teams():
    assert [team_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]


# ---------------------------------------------------------------------------------------
# Deals and building a hand

def test_deal_parse_and_cards():
    assert DEAL.up == parse_card("5o")
    assert len(DEAL.cards()) == 13 and DEAL.cards()[-1] == DEAL.up
    assert all(isinstance(c, Card) for c in DEAL.cards())


def test_a_card_dealt_twice_is_refused():
    with pytest.raises(InputError, match="3c is dealt twice"):
        Deal.parse([["3c", "6b", "7e"], ["3c", "2b", "4e"]], up="5o")
    with pytest.raises(InputError, match="5o is dealt twice"):
        Deal.parse([["5o", "6b", "7e"], ["12c", "2b", "4e"]], up="5o")
    twice = Deal((DEAL.hands[0], DEAL.hands[0]), DEAL.up)
    with pytest.raises(InputError, match="gives a card twice"):
        Hand("1737", players=2, deal=twice)


@pytest.mark.parametrize("players", [2, 4, 6, 8])
def test_draw_deal_gives_distinct_cards(players):
    rng = random.Random(players)
    for _ in range(50):
        deal = draw_deal(rng, players, 3)
        cards = deal.cards()
        assert len(cards) == len(set(cards)) == players * 3 + 1
        assert all(len(h) == 3 for h in deal.hands)


def test_a_wrong_sized_deal_is_refused():
    with pytest.raises(InputError, match="3 cards to each of 4 players"):
        Hand("1737", deal=Deal.parse([["3c", "6b"], ["12c", "2b"], ["2c", "1o"],
                                      ["11c", "3b"]], up="5o"))
    with pytest.raises(InputError, match="3 cards to each of 6 players"):
        Hand("1737", players=6, deal=DEAL)


def test_hand_defaults():
    hand = Hand("1737", deal=DEAL)
    seen = hand.observation(1)
    assert hand.players == 4 and seen.dealer == 3 and hand.current_seat == 0
    assert hand.score == (0, 0) and seen.trump == "o" and seen.up == parse_card("5o")
    assert hand.variant is load_variant("1737") and hand.deal is DEAL
    assert seen.cards == tuple(sorted(map(parse_card, ["12c", "2b", "4e"])))
    assert seen.trick == () and seen.tricks == () and hand.history == ()
    assert hand.result is None and not hand.is_over and hand.phase is Phase.PLAY


def test_the_dealer_decides_who_leads():
    hand = Hand("1737", deal=DEAL, dealer=1)
    assert hand.current_seat == 2 and hand.observation().to_act == (2,)
    assert {a.seat for a in hand.legal_actions()} == {2}


def test_a_seed_gives_the_same_hand():
    assert Hand("1737", seed=8) == Hand("1737", seed=8)
    assert Hand("1737", seed=8) != Hand("1737", seed=9)


def test_current_trick_and_trick_log():
    hand = Hand("1737", deal=DEAL)
    hand.apply("0 play 3c")
    hand.apply("1 play 12c")
    assert hand.observation(0).trick == ((0, parse_card("3c")), (1, parse_card("12c")))
    hand.apply("2 play 1o")
    event = hand.apply("3 play 11c")
    seen = hand.observation(0)
    assert seen.trick == ()
    record = seen.tricks[0]
    assert record is event.trick and record.leader == 0 and record.winner == 2
    assert record.seats(4) == (0, 1, 2, 3)
    assert hand.current_seat == 2 and record.seats(4)[record.cards.index(parse_card("1o"))] == 2


def test_legal_actions_list_cards_then_the_raise():
    hand = Hand("1737", deal=DEAL)
    actions = hand.legal_actions()
    assert [str(a) for a in actions] == ["0 play 3c", "0 play 6b", "0 play 7e", "0 raise"]
    hand.apply("0 raise")
    assert [str(a) for a in hand.legal_actions()] == ["1 accept", "1 fold", "1 raise"]
    assert hand.current_seat == 1 and hand.can("3 accept")
    assert hand.observation().to_act == (1, 3)


def test_apply_unchecked_matches_apply():
    checked, fast = Hand("avila", seed=4), Hand("avila", seed=4)
    rng = random.Random(4)
    while not checked.is_over:
        actions = checked.legal_actions()
        action = actions[int(rng.random() * len(actions))]
        checked.apply(action)
        fast.apply_unchecked(action)
        assert checked == fast
    assert checked.result == fast.result


def test_clone_is_independent():
    hand = Hand("1737", deal=DEAL)
    hand.apply("0 play 3c")
    copy = hand.clone()
    assert copy == hand
    copy.apply("1 play 12c")
    assert copy != hand
    assert hand.observation(0).trick == ((0, parse_card("3c")),)
    assert parse_card("12c") in hand.observation(1).cards
    assert hash(Action(0, RAISE)) == hash(raise_(0))
    with pytest.raises(TypeError):
        hash(hand)


def test_hands_pickle():
    hand = Hand("1737", deal=DEAL)
    hand.apply("0 play 3c")
    copy = pickle.loads(pickle.dumps(hand))
    assert copy == hand and copy.variant is hand.variant
    assert copy.observation(0).cards[0] is DECK[copy.observation(0).cards[0]]
    option = load_variant("1737+borrego")
    assert pickle.loads(pickle.dumps(option)) is option


def test_points_for_numbers_and_the_game_step():
    tables, score = compile_variant(load_variant("1737")), (4, 5)
    assert points(tables, 6, score, 0) == 6
    assert points(tables, "game", score, 0) == 8 and points(tables, "game", score, 1) == 7
    assert decides_game(tables, score, "game") and decides_game(tables, score, 9)
    assert not decides_game(tables, score, 6)


# ---------------------------------------------------------------------------------------
# Compiled tables

def test_tables_are_compiled_once_per_variant():
    variant = load_variant("1737")
    assert compile_variant(variant) is compile_variant(variant)
    assert load_variant("1737+borrego") is load_variant("1737+borrego")
    assert compile_variant(load_variant("1737+borrego")) is \
        compile_variant(load_variant("1737+borrego"))


def test_powers_by_band():
    tables = compile_variant(load_variant("1737+borrego"))
    tt = tables.by_trump[0]                     # oros
    four, two, three = (parse_card(c) for c in ("4o", "2o", "3o"))
    assert tt.top == (four,)
    assert tt.power[four] > 300 and 200 < tt.power[two] < 300 and tt.power[three] > 200
    assert all(100 < tt.power[c] < 200 for c in DECK if c.suit != "o")
    assert tt.always[two] and not tt.always[parse_card("12c")]
    assert tables.ladder == (1, 3, 6, 9, 12) and tables.top_level == 4
    assert tables.rules.tricks_to_win == 2 and tables.acceptor_right
