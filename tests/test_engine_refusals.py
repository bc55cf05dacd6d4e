"""Refused actions: one case per reason code in REASONS.

Each case builds a position, tries the action, and checks the reason code, the rule,
variant and sources the message names, the variants under which the action would
have been legal (and that it really is legal there), and that the state is exactly
as it was before.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from rentoy.cards import DECK, parse_card
from rentoy.comparison import explain_refusal
from rentoy.engine import REASONS, Action, Deal, Game, Hand
from rentoy.engine import Betting, compile_variant
from rentoy.engine.rules import LADDER_TOP, NO_RAISE_RIGHT, REFUSALS, raise_rule_refusal
from rentoy.errors import IllegalAction, RentoyError
from rentoy.provenance import STATUSES
from rentoy.ruletable import RULE_NAMES
from rentoy.variants import builtin_variants, load_variant
from views import reason


@dataclass(frozen=True)
class Case:
    variant: str
    deal: tuple[tuple[str, ...], ...]
    up: str
    before: tuple[str, ...]          # actions that set up the position
    action: Action | str
    rule: str                        # the rule the refusal names
    legal_under: tuple[str, ...] = ()  # variants that must be listed as allowing it
    not_legal_under: tuple[str, ...] = ()


ANSWER_NEXT = str(Path(__file__).parent / "fixtures" / "variants" / "answer-next.yaml")
JUEGO_FUERA = str(Path(__file__).parent / "fixtures" / "variants" / "juego-fuera.yaml")
STANDARD = (("3c", "6b", "7e"), ("12c", "2b", "4e"), ("2c", "1o", "5e"), ("11c", "3b", "6e"))
TRUMPS = (("5o", "4e", "5e"), ("3o", "12o", "6c"), ("12e", "4c", "1b"), ("10c", "6b", "7b"))
ESPADAS = (("7e", "4c", "5c"), ("3e", "2o", "6c"), ("12o", "4b", "5b"), ("1e", "10e", "6b"))

CASES: dict[str, Case] = {
    "hand-over": Case("1737", STANDARD, "5o", ("0 raise", "1 raise", "0 fold"), "1 raise",
                      rule="turn_order"),
    "no-such-seat": Case("1737", STANDARD, "5o", (), Action(4, "play", parse_card("3c")),
                         rule="players"),
    "unknown-action": Case("1737", STANDARD, "5o", (), Action(0, "pass"), rule="turn_order"),
    "not-your-turn": Case("1737", STANDARD, "5o", (), "1 play 12c", rule="turn_order"),
    "raise-pending": Case("1737", STANDARD, "5o", ("0 raise",), "0 play 3c",
                          rule="raise_when"),
    "own-raise": Case("1737", STANDARD, "5o", ("0 raise",), "2 accept", rule="answer_by"),
    # Only the player after the raiser answers under this fixture, so seat 3 may not.
    "not-answering-seat": Case(ANSWER_NEXT, STANDARD, "5o", ("0 raise",), "3 accept",
                               rule="answer_by", legal_under=("1737", "avila")),
    "nothing-to-answer": Case("1737", STANDARD, "5o", (), "0 accept", rule="answer_by"),
    "card-not-held": Case("1737", STANDARD, "5o", (), "0 play 2o", rule="hand_size"),
    # A trump is led and seat 1 holds two: a plain card is refused.
    "arrastre": Case("1737", TRUMPS, "2o", ("0 play 5o",), "1 play 6c", rule="arrastre",
                     not_legal_under=("avila", "1598", "1704")),
    # Seat 1 can beat the 5 de oros with its Rey, so under Ávila the 3 is too low;
    # under the 1737 reading any trump will do.
    "overtrump": Case("avila", TRUMPS, "2o", ("0 play 5o",), "1 play 3o", rule="arrastre",
                      legal_under=("1737", "1598", "1704")),
    # Tricks as in ombre: seat 1 holds an espada and must play it.
    "follow-suit": Case("1737+como-al-hombre", ESPADAS, "2c", ("0 play 7e",), "1 play 6c",
                        rule="follow_suit", legal_under=("1737", "avila")),
    # Team B accepted, so team A may not raise.
    "no-raise-right": Case("1737", STANDARD, "5o", ("0 raise", "1 accept"), "0 raise",
                           rule="raise_right", not_legal_under=("avila",)),
    # The source text's ladder ends at 12 one step earlier than the 1737 reading's.
    "ladder-top": Case("1737+values-1-3-6-12", STANDARD, "5o",
                       ("0 raise", "1 raise", "0 raise"), "1 raise", rule="ladder",
                       legal_under=("1737", "avila"),
                       not_legal_under=("avila+values-1-3-6-12",)),
    # 1737 has no call for the whole game.
    "no-game-call": Case("1737", STANDARD, "5o", ("0 raise",), "1 game", rule="juego_fuera"),
    # The fixture calls the whole game only in answer to a raise, not on one's turn.
    "game-call-in-answer": Case(JUEGO_FUERA, STANDARD, "5o", (), "0 game",
                                rule="juego_fuera", legal_under=()),
    # Once the whole game is called and accepted, nothing is raised above it.
    "whole-game": Case(JUEGO_FUERA, STANDARD, "5o", ("0 raise", "1 game", "0 accept"),
                       "0 raise", rule="juego_fuera"),
}


def position(case: Case, variant: str | None = None) -> Hand:
    hand = Hand(variant or case.variant, players=len(case.deal),
                deal=Deal.parse(case.deal, case.up))
    for action in case.before:
        hand.apply(action)
    return hand


def test_every_reason_code_has_a_case():
    assert set(CASES) == set(REASONS)


def test_no_refusal_without_a_rule_of_the_schema():
    assert {r.code for r in REFUSALS} == set(REASONS)
    for refusal in REFUSALS:
        assert refusal.rule in RULE_NAMES, refusal
        for variant in builtin_variants():
            assert variant.provenance[refusal.rule].status in STATUSES


def test_a_raise_out_of_turn_names_the_rule_on_raising():
    hand = position(CASES["not-your-turn"])
    refused = hand.refusal("1 raise")
    assert refused is not None and refused.reason == "not-your-turn"
    assert refused.rule == "raise_when"


def test_every_reason_code_is_documented():
    for code, meaning in REASONS.items():
        assert code == code.lower() and " " not in code
        assert meaning.endswith(".") and len(meaning) > 20


@pytest.mark.parametrize("code", sorted(CASES))
def test_refusal(code: str):
    case = CASES[code]
    hand = position(case)
    before = hand.clone()
    legal_before = hand.legal_actions()

    assert not hand.can(case.action)
    assert reason(hand, case.action) == code
    error = hand.refusal(case.action)
    assert isinstance(error, IllegalAction) and error.reason == code
    with pytest.raises(IllegalAction) as info:
        hand.apply(case.action)
    exc = info.value
    assert isinstance(exc, ValueError) and isinstance(exc, RentoyError)
    assert exc.reason == code and f"[{code}]" in str(exc)
    assert exc.variant == hand.variant.id

    # The state is exactly unchanged, and the same actions are legal.
    assert hand == before
    assert hand.history == before.history and hand.legal_actions() == legal_before

    assert exc.legal_under == ()          # the engine knows no other variant
    explained = explain_refusal(hand, case.action)
    assert explained is not None and explained.reason == code
    exc = explained
    variant = load_variant(case.variant)
    assert exc.rule == case.rule
    assert exc.source == variant.provenance[case.rule].source
    text = str(exc)
    assert f"rule `{case.rule}` of variant {variant.id}" in text
    for source in exc.source:
        assert source in text
    assert set(case.legal_under) <= set(exc.legal_under)
    assert not set(case.not_legal_under) & set(exc.legal_under)
    assert case.variant not in exc.legal_under
    if exc.legal_under:
        assert "legal under " + ", ".join(exc.legal_under) in text
    # Each variant named really allows the action in the same position.
    for other in exc.legal_under:
        replay = position(case, other)
        assert replay.can(case.action), other


def test_refusal_returns_none_for_a_legal_action():
    case = CASES["arrastre"]
    hand = position(case)
    assert hand.refusal("1 play 3o") is None
    assert reason(hand, "1 play 3o") is None
    assert hand.check("1 play 3o") == Action(1, "play", parse_card("3o"))


@pytest.mark.parametrize("action", [Action(0, "play"), Action(0, "raise", DECK[0]),
                                    Action(0, "fold", DECK[0]), Action(0, "Raise")])
def test_malformed_actions_are_unknown(action):
    hand = position(CASES["not-your-turn"])
    assert reason(hand, action) == "unknown-action"


@pytest.mark.parametrize("seat", [-1, 4, 39])
def test_seats_outside_the_table(seat):
    hand = position(CASES["not-your-turn"])
    assert reason(hand, Action(seat, "raise")) == "no-such-seat"


def test_an_unheld_card_names_what_the_player_holds():
    error = position(CASES["card-not-held"]).refusal("0 play 2o")
    assert "holds 3c 6b 7e" in str(error)


def test_a_finished_game_refuses_every_action():
    game = Game("1737", seed=4)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    with pytest.raises(IllegalAction) as info:
        game.apply("0 raise")
    assert info.value.reason == "hand-over" and "game is over" in str(info.value)
    assert game.legal_actions() == [] and game.refusal("0 raise").reason == "hand-over"


def test_raise_rule_refusal_reads_the_ladder_and_the_right_from_the_betting_alone() -> None:
    tables = compile_variant(load_variant("1737"))
    top = tables.top_level
    start = Betting.start(3, 4)

    def at(level: int, right: int) -> Betting:
        return start._replace(level=level, accepted=level, right=right)

    assert raise_rule_refusal(tables, at(0, -1), 0) is None           # both teams may raise
    assert raise_rule_refusal(tables, at(1, 1), 1) is None            # team B holds the right
    assert raise_rule_refusal(tables, at(1, 1), 0) is NO_RAISE_RIGHT  # team A does not
    assert raise_rule_refusal(tables, at(top, -1), 0) is LADDER_TOP   # no step above the top
    assert raise_rule_refusal(tables, at(top, 0), 1) is LADDER_TOP    # the ladder is asked first
