"""Duty counts: which duty constrained a card, on known positions and against the live
engine's refusals during random play."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from rentoy.engine import Deal, Hand, cards_left
from rentoy.engine.actions import PLAY
from rentoy.simulation.duties import DUTY_FIELDS, duty_counts

# Oros are trumps (the 5 is turned up). Seat 0 leads the 6 of oros; seat 1 holds the
# caballo (12) and the 4 of oros and the 4 of espadas; seat 2 no trump; seat 3 the 7 of
# oros and two plain cards.
DEAL = Deal.parse([["6o", "6b", "7e"], ["12o", "4o", "4e"], ["2c", "1c", "5e"],
                   ["11c", "3b", "7o"]], up="5o")
FIRST_TRICK = ["0 play 6o", "1 play 12o", "2 play 2c", "3 play 7o"]


def _played(variant: str, actions: list[str]) -> Hand:
    hand = Hand(variant, deal=DEAL)
    for action in actions:
        hand.apply(action)
    return hand


def test_arrastre_forces_a_trump_under_1737():
    counts = dict(zip(DUTY_FIELDS, duty_counts(_played("1737", FIRST_TRICK))))
    # seat 1 had to keep the 4 of espadas back, seat 3 both plain cards; seat 2 had
    # no trump and was free
    assert counts == {"follows": 3, "constrained": 2, "arrastre_forced": 2,
                      "overtrump_forced": 0, "follow_suit_forced": 0}


def test_avila_also_forces_the_higher_trump():
    hand = _played("avila", FIRST_TRICK[:1])
    assert hand.refusal("1 play 4o").reason == "overtrump"
    counts = dict(zip(DUTY_FIELDS, duty_counts(_played("avila", FIRST_TRICK))))
    # seat 1: the plain card (arrastre) and the 4 of oros (too low) both kept back
    assert counts == {"follows": 3, "constrained": 2, "arrastre_forced": 2,
                      "overtrump_forced": 1, "follow_suit_forced": 0}


def test_following_suit_is_counted_where_the_variant_asks_for_it():
    actions = ["0 play 6b", "1 play 4e", "2 play 2c"]
    assert duty_counts(_played("1737", actions)) == (2, 0, 0, 0, 0)
    hand = Hand("1737+como-al-hombre", deal=DEAL)
    hand.apply("0 play 7e")
    assert hand.refusal("1 play 12o").reason == "follow-suit"
    for action in ["1 play 4e", "2 play 5e"]:
        hand.apply(action)
    assert duty_counts(hand) == (2, 2, 0, 0, 2)


def test_a_lead_is_never_counted_and_a_fold_keeps_its_partial_trick():
    hand = _played("1737", FIRST_TRICK[:2])
    assert duty_counts(hand) == (1, 1, 1, 0, 0)
    assert duty_counts(_played("1737", [])) == (0, 0, 0, 0, 0)


def _live_counts(hand: Hand, rng: random.Random) -> list[int]:
    """Play ``hand`` out at random, counting at each card what the live engine refuses
    (a second reading of the duties, through ``Hand.refusal``)."""
    counts = [0] * len(DUTY_FIELDS)
    while not hand.is_over:
        actions = hand.legal_actions()
        action = rng.choice(actions)
        if action.kind == PLAY and hand.observation(0).trick:
            seat = action.seat
            held = list(cards_left(hand.deal, hand.history)[seat])
            playable = {a.card for a in actions if a.kind == PLAY}
            counts[0] += 1
            if len(playable) < len(held):
                counts[1] += 1
                reasons = {hand.refusal(f"{seat} play {card}").reason
                           for card in held if card not in playable}
                for reason in reasons:
                    counts[{"arrastre": 2, "overtrump": 3, "follow-suit": 4}[reason]] += 1
        hand.apply(action)
    return counts


@pytest.mark.parametrize("variant", ["1737", "avila", "1737+como-al-hombre", "galicia"])
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_counts_agree_with_the_live_refusals(variant, seed):
    hand = Hand(variant, seed=seed)      # 1737+como-al-hombre: follow suit too
    live = _live_counts(hand, random.Random(seed))
    assert list(duty_counts(hand)) == live


@pytest.mark.parametrize("variant, expected", [
    ("1737", {"arrastre"}), ("avila", {"arrastre", "overtrump"}),
    ("1737+como-al-hombre", {"arrastre", "follow-suit"}), ("1737+borrego", {"arrastre"})])
def test_the_engine_names_the_duties_each_variant_imposes(variant, expected):
    from rentoy.engine import compile_variant
    from rentoy.engine.rules import duties
    from rentoy.variants import load_variant

    assert duties(compile_variant(load_variant(variant))) == expected


@pytest.mark.parametrize("variant", ["1737", "avila", "1737+como-al-hombre", "galicia"])
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_duty_the_rules_do_not_impose_never_counts(variant, seed):
    from rentoy.engine.rules import duties
    from rentoy.simulation.duties import DUTY_OF_FIELD

    hand = Hand(variant, seed=seed)
    rng = random.Random(seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(rng.choice(legal))
    imposed = duties(hand.observation(0).tables)
    counts = dict(zip(DUTY_FIELDS, duty_counts(hand)))
    assert all(counts[field] == 0 for field, duty in DUTY_OF_FIELD.items()
               if duty not in imposed)


def test_the_strong_play_page_marks_a_duty_neither_variant_has_as_zero_by_construction():
    from rentoy.simulation.stats import STATISTICS
    from rentoy.sphinxext.rule_effects import no_duty_in_either

    by_name = {s.name: s for s in STATISTICS}
    overtrump, follow = by_name["overtrump_forced_rate"], by_name["follow_suit_forced_rate"]
    assert no_duty_in_either(overtrump, "1737+borrego", "1737")
    assert not no_duty_in_either(overtrump, "avila", "1737")
    assert no_duty_in_either(follow, "avila", "1737")
    assert not no_duty_in_either(follow, "1737+como-al-hombre", "1737")
    assert not no_duty_in_either(by_name["game_win_rate_a"], "1737+values-1-3-6-12", "1737")
