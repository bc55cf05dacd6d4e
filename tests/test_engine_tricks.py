"""Tricks: who wins them, which cards may be played, and when the hand stops.

Every case names the cards; trumps are oros unless said otherwise (the turned-up card
is an oros). Seats 0 and 2 are team A, seats 1 and 3 team B; seat 0 leads.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from rentoy.cards import parse_card
from rentoy.engine import Deal, Hand
from rentoy.engine.rules import legal_cards, trick_winner
from rentoy.engine.tables import compile_variant
from rentoy.model.cards import DECK
from rentoy.variants import load_variant

FIXTURES = Path(__file__).parent / "fixtures" / "variants"


def deal_hand(variant: str, hands: list[str], up: str = "5o", **kw) -> Hand:
    """A hand from space-separated card codes, one string per seat."""
    return Hand(variant, players=len(hands),
                deal=Deal.parse([h.split() for h in hands], up), **kw)


def play(hand: Hand, *cards: str):
    """Each card played by the seat whose turn it is; returns the last event."""
    event = None
    for code in cards:
        event = hand.apply(f"{hand.current_seat} play {code}")
    return event


def playable(hand: Hand) -> set[str]:
    return {a.card.code for a in hand.legal_actions() if a.kind == "play"}


def variant_file(tmp_path: Path, name: str, rules: str, extends: str = '"1737"') -> str:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"id: {name}\nname: {name}\nextends: {extends}\nrules:\n{rules}",
                    encoding="utf-8")
    return str(path)


# ---------------------------------------------------------------------------------------
# Who wins a trick

def test_any_trump_beats_every_plain_card():
    # Lead Rey de copas, then 2 de copas, 3 de oros (the lowest trump), As de copas.
    hand = deal_hand("1737", ["12c 4e 5e", "2c 6e 7e", "3o 4b 5b", "1c 6b 7b"])
    event = play(hand, "12c", "2c", "3o", "1c")
    assert event.trick.winner == 2
    assert hand.observation(0).tricks_won == (1, 0)
    assert hand.current_seat == 2 and hand.observation(0).trick == ()   # the winner leads


def test_an_off_suit_card_cannot_win():
    # Lead 7 de espadas; the Rey de bastos is higher but of another suit.
    hand = deal_hand("1737", ["7e 4c 5c", "12b 6c 7c", "10e 4b 5b", "3c 6b 7b"])
    event = play(hand, "7e", "12b", "10e", "3c")
    assert event.trick.winner == 2
    assert event.trick.cards == tuple(map(parse_card, ["7e", "12b", "10e", "3c"]))


def test_the_two_is_lowest_in_plain_suits_and_highest_in_trumps():
    hand = deal_hand("1737", ["2c 4e 5e", "3c 6e 7e", "4c 4b 5b", "5c 6b 7b"])
    assert play(hand, "2c", "3c", "4c", "5c").trick.winner == 3    # the 5 beats the 2
    hand = deal_hand("1737", ["12o 4e 5e", "2o 6e 7e", "11o 4b 5b", "10o 6b 7b"])
    assert play(hand, "12o", "2o", "11o", "10o").trick.winner == 1  # the malilla


@pytest.mark.parametrize("order", ["trump_order", "plain_order"])
def test_every_rank_beats_the_ranks_below_it(order):
    variant = load_variant("1737")
    tt = compile_variant(variant).by_trump[0]       # oros trumps
    suit = "o" if order == "trump_order" else "c"
    ranks = getattr(variant.rules, order)
    for i, high in enumerate(ranks):
        for low in ranks[i + 1:]:
            trick = [parse_card(f"{low}{suit}"), parse_card(f"{high}{suit}")]
            assert trick_winner(tt, trick) == 1, (high, low)


def test_a_fixed_top_card_beats_the_malilla():
    # big-table: top cards 5b, 11o, 3T; eight players, four cards each.
    variant = str(FIXTURES / "big-table.yaml")
    hand = deal_hand(variant, ["2o 4e 5e 6e", "5b 6c 7c 4c", "12o 4b 6b 7b", "11c 6o 7o 1c",
                               "1o 2e 3e 7e", "3c 10c 12c 2c", "1b 2b 3b 10b", "11b 12b 1e 10e"],
                     up="4o")
    event = play(hand, "2o", "5b", "12o", "6o", "1o", "3c", "1b", "11b")
    assert event.trick.winner == 1


def test_trump_relative_top_card_follows_the_trump_suit():
    # 1737+borrego: the 4 of trumps (4T) ranks above the malilla...
    hand = deal_hand("1737+borrego", ["2o 4e 5e", "4o 6e 7e", "12o 4b 5b", "10o 6b 7b"])
    assert play(hand, "2o", "4o", "12o", "10o").trick.winner == 1
    # ...and when copas are trumps the 4 de oros is a plain card again.
    hand = deal_hand("1737+borrego", ["2c 4e 5e", "4o 6e 7e", "12c 4b 5b", "10c 6b 7b"],
                     up="5c")
    assert play(hand, "2c", "4o", "12c", "10c").trick.winner == 0


def test_top_cards_that_are_trumps_make_a_trump_lead(tmp_path):
    # plain-top-cards+as-trumps: 5b and 4T rank above the trumps and count as trumps.
    spec = str(FIXTURES / "plain-top-cards.yaml") + "+as-trumps"
    hand = deal_hand(spec, ["5b 4e 5e", "3o 6c 7e", "12o 4c 1b", "10c 6b 7b"])
    play(hand, "5b")
    assert playable(hand) == {"3o"}                 # an arrastre: seat 1 must play its trump
    play(hand, "3o")
    assert playable(hand) == {"12o"}
    assert play(hand, "12o", "10c").trick.winner == 0


def test_top_cards_that_are_not_trumps_keep_their_own_suit():
    spec = str(FIXTURES / "plain-top-cards.yaml")
    hand = deal_hand(spec, ["5b 4e 5e", "3o 6c 7e", "12o 4c 1b", "10c 6b 7b"])
    play(hand, "5b")                                 # a bastos lead, not a trump lead
    assert playable(hand) == {"3o", "6c", "7e"}
    assert play(hand, "3o", "1b", "6b").trick.winner == 0   # the top card still wins
    # A player whose only "trump" is a plain top card need not play it in an arrastre.
    hand = deal_hand(spec, ["3o 4e 5e", "5b 6c 7e", "12o 4c 1b", "10c 6b 7b"])
    play(hand, "3o")
    assert playable(hand) == {"5b", "6c", "7e"}


# ---------------------------------------------------------------------------------------
# The arrastre and following suit (history.md 4.3)

def test_arrastre_follow_every_trump_holder_plays_a_trump():
    hand = deal_hand("1737", ["2o 4e 5e", "3o 6c 7e", "12o 4c 1b", "10c 6b 7b"])
    play(hand, "2o")
    assert playable(hand) == {"3o"}
    play(hand, "3o")
    assert playable(hand) == {"12o"}
    play(hand, "12o")
    assert playable(hand) == {"10c", "6b", "7b"}   # no trump: anything
    assert play(hand, "10c").trick.winner == 0


def test_arrastre_only_binds_a_trump_lead():
    hand = deal_hand("1737", ["4c 4e 5e", "3o 6c 7e", "12o 4b 1b", "10c 6b 7b"])
    play(hand, "4c")
    assert playable(hand) == {"3o", "6c", "7e"}


def test_overtrump_nobody_can_beat_the_malilla_so_any_trump_will_do():
    hand = deal_hand("avila", ["2o 4e 5e", "3o 12o 7e", "11o 4c 1b", "10c 6b 7b"])
    play(hand, "2o")
    assert playable(hand) == {"3o", "12o"}


def test_overtrump_must_beat_the_highest_card_so_far():
    # Lead 4 de oros; seat 1 holds 5 and Rey de oros: both beat the 4, both legal.
    hand = deal_hand("avila", ["4o 4e 5e", "5o 12o 7e", "3o 1o 1b", "10c 6b 7b"], up="6o")
    play(hand, "4o")
    assert playable(hand) == {"5o", "12o"}
    play(hand, "12o")
    # Seat 2 holds only the 3 and the As de oros: neither beats the Rey, so either.
    assert playable(hand) == {"3o", "1o"}
    hand = deal_hand("avila", ["4o 4e 5e", "5o 12o 7e", "3o 2o 1b", "10c 6b 7b"], up="6o")
    play(hand, "4o", "12o")
    assert playable(hand) == {"2o"}                  # the malilla beats the Rey: it must


def test_under_1737_an_underplayed_trump_is_legal():
    hand = deal_hand("1737", ["4o 4e 5e", "5o 12o 7e", "3o 2o 1b", "10c 6b 7b"], up="6o")
    play(hand, "4o", "12o")
    assert playable(hand) == {"3o", "2o"}


def test_follow_suit_when_able_otherwise_anything():
    hand = deal_hand("1737+como-al-hombre", ["7e 4c 5c", "3e 2o 6c", "12o 4b 5b", "1e 10e 6b"])
    play(hand, "7e")
    assert playable(hand) == {"3e"}
    play(hand, "3e")
    assert playable(hand) == {"12o", "4b", "5b"}     # void in espadas: a trump is fine
    play(hand, "12o")
    assert playable(hand) == {"1e", "10e"}
    assert play(hand, "10e").trick.winner == 2


def test_no_arrastre_no_duty_at_all(tmp_path):
    spec = variant_file(tmp_path, "free", "  arrastre: none\n")
    hand = deal_hand(spec, ["2o 4e 5e", "3o 6c 7e", "12o 4c 1b", "10c 6b 7b"])
    play(hand, "2o")
    assert playable(hand) == {"3o", "6c", "7e"}


def test_follow_suit_without_arrastre_still_follows_trumps():
    spec = str(FIXTURES / "follow-suit.yaml")
    hand = deal_hand(spec, ["2o 4e 5e", "3o 6c 7e", "12o 4c 1b", "10c 6b 7b"])
    play(hand, "2o")
    assert playable(hand) == {"3o"}
    assert hand.refusal("1 play 6c").reason == "follow-suit"


# ---------------------------------------------------------------------------------------
# When the hand stops

def test_the_hand_stops_when_a_team_has_two_tricks():
    hand = deal_hand("1737", ["2o 4e 5e", "3c 6c 7e", "12o 4c 1b", "10c 6b 7b"])
    play(hand, "2o", "3c", "12o", "10c")           # A
    event = play(hand, "4e", "6c", "1b", "6b")      # seat 0 leads espadas; A again
    assert event.result is not None and hand.is_over
    assert len(list(hand.observation(0).tricks)) == 2
    assert hand.result.how == "tricks" and hand.result.winner_name == "A"
    assert hand.result.tricks == (2, 0) and hand.result.score == (1, 0)
    assert hand.legal_actions() == []


def test_stop_when_decided_false_plays_every_trick(tmp_path):
    spec = variant_file(tmp_path, "out", "  stop_when_decided: false\n")
    hand = deal_hand(spec, ["2o 4e 5e", "3c 6c 7e", "12o 4c 1b", "10c 6b 7b"])
    play(hand, "2o", "3c", "12o", "10c")
    play(hand, "4e", "6c", "1b", "6b")
    assert not hand.is_over and hand.observation(0).tricks_won == (2, 0)
    event = play(hand, "5e", "7e", "4c", "7b")       # B's 7e takes the last trick
    assert event.trick.winner == 1
    assert hand.result.winner_name == "A" and hand.result.tricks == (2, 1)
    assert hand.result.score == (1, 0)


def test_five_card_hands_need_three_tricks():
    spec = str(FIXTURES / "five-cards.yaml")
    hand = deal_hand(spec, ["2o 4e 5e 6e 7e", "3c 6c 7c 1c 2c", "12o 4b 1b 5b 6b",
                            "10c 6o 7b 3b 2b"])
    play(hand, "2o", "3c", "12o", "6o")
    play(hand, "4e", "6c", "4b", "7b")
    assert not hand.is_over and hand.observation(0).tricks_won == (2, 0)
    play(hand, "5e", "7c", "1b", "3b")
    assert hand.is_over and hand.result.tricks == (3, 0)


@pytest.mark.parametrize("spec", ["1737", "avila", "conil", "1737+como-al-hombre",
                                  "1737+borrego"])
def test_a_lead_binds_exactly_where_some_hand_must_keep_a_card_back(spec):
    # The compiled table says which leads bind: legal_cards reads it first, and the
    # engine does not ask legal_cards at all where it says no. Read against the duties
    # asked of every lead (the table all True), it changes no answer, and it says yes
    # exactly where some hand may not play every card.
    tables = compile_variant(load_variant(spec))
    rng = random.Random(5)
    for tt in tables.by_trump:
        every_lead = dataclasses.replace(tt, binds=(True,) * len(tt.binds))
        for lead in tables.deck:
            rest = [c for c in DECK if c != lead]
            hands = [rng.sample(rest, 3) for _ in range(300)]
            asked = [legal_cards(tables, every_lead, h, [lead]) for h in hands]
            assert [legal_cards(tables, tt, h, [lead]) for h in hands] == asked
            assert tt.binds[lead] is any(len(a) < 3 for a in asked), (spec, tt.trump, lead)
