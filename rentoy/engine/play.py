"""Pure trick rules: which cards may be played, why one may not, who wins a trick.

Each function reads only the compiled tables of one trump suit and the cards in
question. Why a card is refused is said by :func:`rentoy.engine.rules.play_refusal`.
"""

from __future__ import annotations

from typing import Sequence, TypeVar

from .tables import ARRASTRE_NONE, ARRASTRE_OVERTRUMP, Tables, TrumpTables

__all__ = ["legal_cards", "trick_winner", "best_power"]


def trick_winner(tt: TrumpTables, trick: Sequence[int]) -> int:
    """The position (0 = the leader) of the card that wins ``trick``.

    Only a top card, a trump, or a card of the led suit can win; ranks are unique,
    so there are no ties.
    """
    led = tt.suit[trick[0]]
    power, suit, always = tt.power, tt.suit, tt.always
    best, at = -1, 0
    for i, card in enumerate(trick):
        if always[card] or suit[card] == led:
            p = power[card]
            if p > best:
                best, at = p, i
    return at


def best_power(tt: TrumpTables, trick: Sequence[int]) -> int:
    """The power of the card now winning ``trick`` (0 for an empty trick)."""
    return tt.power[trick[trick_winner(tt, trick)]] if trick else 0


C = TypeVar("C", bound=int)


def legal_cards(tables: Tables, tt: TrumpTables, hand: list[C], trick: Sequence[int],
                shared: bool = False) -> list[C]:
    """The cards of ``hand`` that may be played to ``trick`` (a new list).

    With ``shared``, ``hand`` itself when every card may be played (the caller must not
    change it): the engine's inner loop tells that case apart by identity."""
    if not trick:
        return hand if shared else hand[:]
    suit = tt.suit
    led = suit[trick[0]]
    if led == tt.trump:
        if tables.arrastre == ARRASTRE_NONE and not tables.rules.follow_suit:
            return hand if shared else hand[:]
        trumps = [c for c in hand if suit[c] == led]
        if not trumps:
            return hand if shared else hand[:]
        if tables.arrastre == ARRASTRE_OVERTRUMP:
            best = best_power(tt, trick)
            power = tt.power
            higher = [c for c in trumps if power[c] > best]
            return higher or trumps
        return trumps
    if tables.rules.follow_suit:
        same = [c for c in hand if suit[c] == led]
        if same:
            return same
    return hand if shared else hand[:]
