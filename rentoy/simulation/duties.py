"""Which duty constrained a card: the counts behind the simulation's duty statistics.

A card played to a trick already led (a *follow*) was **constrained** when the player
held cards the rules kept off the trick, that is when the engine's
:func:`~rentoy.engine.rules.legal_cards` gives fewer cards than the player held. Each
excluded card is then put down to the duty the engine names for it
(:func:`~rentoy.engine.rules.duty_refusal`, the refusal
:func:`~rentoy.engine.rules.play_refusal` would give): ``arrastre`` (a trump was led
and the player had to play a trump), ``overtrump`` (he had to beat the trick with a
higher trump) or ``follow-suit`` (he had to follow the led suit). One follow may count
for two duties: under ``arrastre: overtrump`` a player holding a plain card, a low
trump and a high one had both the plain card and the low trump excluded.

The counts are read off a finished hand's record (its deal, its tricks and the trick
left unfinished by a fold), so the play itself is not slowed, whatever the bots.

Seat 0 leads the 6 of oros, the trump suit; seat 1 holds the caballo and the 4 of
oros and a plain card, seat 3 one trump (the 7) and two plain cards:

>>> from rentoy.engine import Deal, Hand
>>> deal = Deal.parse([["6o", "6b", "7e"], ["12o", "4o", "4e"], ["2c", "1c", "5e"],
...                    ["11c", "3b", "7o"]], up="5o")
>>> def first_trick(variant):
...     hand = Hand(variant, deal=deal)
...     for action in ["0 play 6o", "1 play 12o", "2 play 2c", "3 play 7o"]:
...         event = hand.apply(action)
...     return duty_counts(hand)    # follows, constrained, arrastre, overtrump, follow suit
>>> first_trick("1737")             # seats 1 and 3 had to play a trump
(3, 2, 2, 0, 0)
>>> first_trick("avila")            # and seat 1 a trump above the 6
(3, 2, 2, 1, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..engine import Hand, Observation, Outcome
from ..engine.actions import PLAY
from ..engine.observation import HandRecord
from ..engine.rules import duty_refusal, legal_cards
from ..engine.tables import Tables
from ..model.cards import Card

__all__ = ["DUTY_FIELDS", "DUTY_OF_FIELD", "duty_counts", "count_duties", "record_tricks",
           "zero_by_construction"]

#: What :func:`duty_counts` returns, in this order (fields of the per-game record).
DUTY_FIELDS: tuple[str, ...] = ("follows", "constrained", "arrastre_forced",
                                "overtrump_forced", "follow_suit_forced")
_SLOT = {"arrastre": 2, "overtrump": 3, "follow-suit": 4}
#: The duty (its code, as :func:`~rentoy.engine.rules.duties` names it) each count is
#: of: a count can only be above 0 under rules that impose that duty.
DUTY_OF_FIELD: dict[str, str] = {DUTY_FIELDS[slot]: code for code, slot in _SLOT.items()}


def zero_by_construction(field: str, duties: Iterable[frozenset[str]]) -> bool:
    """Whether the count ``field`` (one of :data:`DUTY_FIELDS`) is 0 by construction
    under every variant whose duties (:func:`~rentoy.engine.rules.duties`) are given:
    it counts a duty none of them imposes, so a difference in it is not measured.

    >>> zero_by_construction("overtrump_forced", [frozenset({"arrastre"})])
    True
    >>> zero_by_construction("overtrump_forced", [frozenset({"arrastre", "overtrump"})])
    False
    """
    duty = DUTY_OF_FIELD.get(field)
    return duty is not None and all(duty not in held for held in duties)


def duty_counts(hand: Hand, seen: Observation | None = None
                ) -> tuple[int, int, int, int, int]:
    """The follows of ``hand`` (finished or not) and how many each duty constrained,
    as in :data:`DUTY_FIELDS`; ``seen``, seat 0's observation of it when the caller has
    one already."""
    if seen is None:
        seen = hand.observation(0)
    tricks = [(record.leader, record.cards) for record in seen.tricks]
    if seen.trick:
        tricks.append((seen.trick[0][0], tuple(c for _, c in seen.trick)))
    return count_duties(seen.tables, seen.players, hand.deal.hands, seen.up, tricks)


def record_tricks(record: HandRecord, players: int) -> list[tuple[int, tuple[Card, ...]]]:
    """The tricks of a finished hand's public record, each its leader and its cards in
    playing order, the trick left unfinished by a fold last: what :func:`count_duties`
    reads (the same tricks :func:`duty_counts` reads off an observation)."""
    tricks = [(trick.leader, trick.cards) for trick in record.tricks]
    if record.result.how is Outcome.FOLD:
        # The cards after the finished tricks' were played to the unfinished one.
        plays = [a for a in record.actions if a.kind == PLAY][players * len(tricks):]
        if plays:
            tricks.append((plays[0].seat, tuple(a.card for a in plays)))  # type: ignore[misc]
    return tricks


def count_duties(tables: Tables, players: int, dealt: Sequence[Sequence[Card]], up: int,
                 tricks: Sequence[tuple[int, Sequence[Card]]]
                 ) -> tuple[int, int, int, int, int]:
    """:func:`duty_counts` of a hand dealt ``dealt`` under ``up``, from its tricks (each
    its leader and its cards in order, as :func:`record_tricks` gives them): for a
    simulation, which reads every hand's record and so need not build an observation
    of it."""
    tt = tables.by_trump[up // 10]
    held = list(map(list, dealt))
    follows = constrained = 0
    counts = [0, 0, 0, 0, 0]
    binds = tt.binds
    for leader, cards in tricks:
        held[leader].remove(cards[0])
        trick = [cards[0]]
        seat = leader
        bound = binds[cards[0]]
        for card in cards[1:]:
            seat = (seat + 1) % players
            cards_held = held[seat]
            follows += 1
            # Under a lead that binds nothing (the engine's table legal_cards reads
            # first), or with one card left, there is no choice to constrain (a player
            # always has a legal card), so the engine need not be asked.
            if bound and len(cards_held) > 1 and len(legal := legal_cards(
                    tables, tt, cards_held, trick, shared=True)) < len(cards_held):
                constrained += 1
                for code in {duty_refusal(tables, tt, trick, c).code
                             for c in cards_held if c not in legal}:
                    counts[_SLOT[code]] += 1
            cards_held.remove(card)
            trick.append(card)
    return follows, constrained, counts[2], counts[3], counts[4]
