"""What the tests read of a hand through its public face: a few short names for the
facts an observation and the rules give, so the tests state outcomes plainly."""

from __future__ import annotations

from rentoy.engine import Action, Hand, compile_variant
from rentoy.engine.rules import decides_game, points


def seen(hand: Hand):
    """The public state, as seat 0 sees it."""
    return hand.observation(0)


def outcomes(hand: Hand) -> tuple[tuple[int, int], tuple[int, int]]:
    """The score if team A, and if team B, wins the hand at the value on the table."""
    view = hand.observation(0)
    a, b = view.score
    return ((a + points(view.tables, view.value, view.score, 0), b),
            (a, b + points(view.tables, view.value, view.score, 1)))


def reason(hand: Hand, action: Action | str) -> str | None:
    """The reason code ``action`` would be refused with, or None."""
    refused = hand.refusal(action)
    return None if refused is None else refused.reason


def raiser_team(hand: Hand) -> str | None:
    """The team whose raise waits for an answer ("A" or "B"), or None."""
    raiser = hand.observation(0).raiser
    return None if raiser is None else "AB"[raiser & 1]


def hand_decides(hand: Hand, value: int | str) -> bool:
    """Whether a hand worth ``value`` ends the game whichever team wins it."""
    return decides_game(compile_variant(hand.variant), hand.score, value)


def hand_points(hand: Hand, value: int | str, team: int) -> int:
    """What ``team`` scores for the hand settled at ``value``."""
    return points(compile_variant(hand.variant), value, hand.score, team)
