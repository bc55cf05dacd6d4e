"""Cards: the 40-card Spanish deck, card codes in every accepted spelling, and errors."""

from __future__ import annotations

import pickle
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rentoy.cards import (DECK, RANK_LETTERS, RANK_NAMES, RANKS, SUIT_NAMES, SUITS, Card,
                          CardError, TrumpRelative, format_cards, parse_card, parse_card_spec)
from rentoy.errors import RentoyError


def test_the_deck_has_forty_distinct_cards_in_suit_major_order():
    assert len(DECK) == 40 and len(set(DECK)) == 40
    assert [int(c) for c in DECK] == list(range(40))
    assert [c.suit for c in DECK[:10]] == ["o"] * 10
    assert [c.rank for c in DECK[:10]] == [1, 2, 3, 4, 5, 6, 7, 10, 11, 12]
    assert {c.suit for c in DECK} == set(SUITS) == {"o", "c", "e", "b"}
    assert 8 not in RANKS and 9 not in RANKS


@pytest.mark.parametrize("card", DECK, ids=[c.code for c in DECK])
def test_every_code_round_trips(card):
    assert parse_card(card.code) is card
    assert parse_card(card.code.upper()) is card
    assert parse_card(f"  {card.code} ") is card
    assert Card.parse(str(card)) is card
    assert Card.of(card.rank, card.suit) is card
    assert repr(card) == f"Card({card.code!r})"
    assert card.name == f"{RANK_NAMES[card.rank]} de {SUIT_NAMES[card.suit]}"


@pytest.mark.parametrize("code, expected", [
    ("Ao", "1o"), ("ab", "1b"), ("Sc", "10c"), ("sE", "10e"), ("Co", "11o"), ("cc", "11c"),
    ("Re", "12e"), ("rb", "12b"), ("12C", "12c"), ("2O", "2o"), ("07b", "7b"),
])
def test_letter_ranks_and_any_case(code, expected):
    assert parse_card(code).code == expected


def test_letters_are_the_figures_and_the_as():
    assert RANK_LETTERS == {"a": 1, "s": 10, "c": 11, "r": 12}


@pytest.mark.parametrize("code, message", [
    ("8o", "rank 8 is not in the Spanish 40-card deck"),
    ("9c", "rank 9 is not in the Spanish 40-card deck"),
    ("13b", "rank 13 is not"),
    ("0e", "rank 0 is not"),
    ("2x", "suit 'x' is not one of o (oros), c (copas), e (espadas), b (bastos)"),
    ("2T", "suit 'T' is not one of"),
    ("", "write the rank"),
    ("o2", "write the rank"),
    ("123o", "write the rank"),
    ("2 o", "write the rank"),
    ("٢o", "write the rank"),          # only ASCII digits
    ("Bo", "write the rank"),
])
def test_bad_codes_say_what_is_wrong(code, message):
    with pytest.raises(CardError, match=re.escape(message)):
        parse_card(code)


@pytest.mark.parametrize("value", [2, None, 2.0, ["2o"]])
def test_a_code_is_a_string(value):
    with pytest.raises(CardError, match="a card code is a string"):
        parse_card(value)


def test_card_errors_are_value_errors_rentoy_reports():
    assert issubclass(CardError, ValueError) and issubclass(CardError, RentoyError)


def test_card_of_checks_rank_and_suit():
    with pytest.raises(CardError, match="rank 8"):
        Card.of(8, "o")
    with pytest.raises(CardError, match="suit 'x'"):
        Card.of(2, "x")


@pytest.mark.parametrize("code, rank", [("2T", 2), ("4t", 4), ("RT", 12), ("aT", 1),
                                        (" 10T ", 10)])
def test_trump_relative_specs(code, rank):
    spec = parse_card_spec(code)
    assert spec == TrumpRelative(rank)
    assert str(spec) == f"{rank}T"
    assert spec.resolve("c") is Card.of(rank, "c")


def test_fixed_specs_and_bad_specs():
    assert parse_card_spec("5b") is parse_card("5b")
    with pytest.raises(CardError, match="rank 8 .*"):
        parse_card_spec("8T")
    with pytest.raises(CardError, match="a trump-relative card is written like '2T'"):
        parse_card_spec("2x")


def test_format_cards():
    cards = [parse_card(c) for c in ("2o", "12c", "1e")]
    assert format_cards(cards) == "2o 12c 1e"
    assert format_cards(cards, names=True) == "Dos de oros Rey de copas As de espadas"
    assert format_cards([]) == ""


def test_cards_pickle_as_the_shared_instances():
    for card in DECK:
        assert pickle.loads(pickle.dumps(card)) is card


@given(st.text(max_size=6))
def test_any_text_parses_to_a_card_or_raises_card_error(text):
    try:
        card = parse_card(text)
    except CardError:
        return
    assert card in DECK and parse_card(card.code) is card
