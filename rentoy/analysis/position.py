"""A position of trick play, frozen: what a double-dummy analysis needs to know.

A :class:`Position` holds the compiled rules (:class:`~rentoy.engine.tables.Tables` and
the :class:`~rentoy.engine.tables.TrumpTables` of the hand's trump suit), every seat's
remaining cards, the unfinished trick with the seat that led it, and the tricks each
team has won. It knows nothing of betting: the value on the table, raises and folds
play no part in which team takes the tricks.

:func:`position_of` is the one place that reads a :class:`~rentoy.engine.Hand`; the
rest of the analysis works on positions (or, for speed, on plain card lists).

When the hand ends is the engine's rule (:func:`~rentoy.engine.rules.hand_end`, asked
through :func:`hand_ended`): a team that reaches ``tricks_to_win`` ends it when
``stop_when_decided`` holds, and otherwise the team with more tricks after the last
trick wins. :func:`settled` says
whether the winner is already certain, whoever takes the remaining tricks.

>>> from rentoy.engine import Deal, Hand
>>> deal = Deal.parse([["3c", "6b", "7e"], ["12c", "2b", "4e"], ["2c", "1o", "5e"],
...                    ["11c", "3b", "6e"]], up="5o")
>>> hand = Hand("1737", deal=deal)
>>> hand.apply("0 play 3c").action.card
Card('3c')
>>> position = position_of(hand)
>>> position.seat, position.leader, [str(c) for c in position.trick]
(1, 0, ['3c'])
>>> [str(c) for c in position.legal()]
['12c', '2b', '4e']
>>> after = position.play(position.legal()[0])
>>> after.seat, after.tricks
(2, (0, 0))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from ..model.cards import DECK, SUITS, Card
from ..engine.actions import PLAY
from ..engine.rules import Phase, hand_end, legal_cards, trick_winner
from ..engine.tables import Tables, TrumpTables, compile_variant
from ..core.errors import InputError, Problem

if TYPE_CHECKING:
    from ..engine import Hand

__all__ = ["Position", "PositionError", "position_of", "hand_ended", "settled", "settled_table"]


class PositionError(InputError):
    """A state the double-dummy analysis cannot start from (betting pending, hand over)."""


def hand_ended(tables: Tables, tricks: Sequence[int], done: int, mano: int) -> int | None:
    """The winning team (0 = A, 1 = B) if the hand is over after ``done`` tricks with
    ``tricks`` won by each team, else None: the engine's rule
    (:func:`~rentoy.engine.rules.hand_end`); ``mano`` is the seat that led the first
    trick."""
    return hand_end(tables, tricks, done, mano)


_settled: dict[tuple[int, int], tuple[Tables, tuple[int, ...]]] = {}


def settled_table(tables: Tables, mano: int) -> tuple[int, ...]:
    """:func:`settled` for every ``(a, b, done)`` at once, indexed
    ``(a * 8 + b) * 8 + done`` (-1: not settled), for the solver's inner loop.

    Found by trying every sequence of trick winners from each state (at most 2**7),
    with the engine's rule of how a hand ends as the only rule (made once per rules and
    mano's team)."""
    key = (id(tables), mano & 1)
    found = _settled.get(key)
    if found is not None and found[0] is tables:
        return found[1]
    tricks = tables.rules.tricks

    def outcomes(a: int, b: int, done: int) -> set[int]:
        over = hand_end(tables, (a, b), done, mano)
        if over is not None:
            return {over}
        return outcomes(a + 1, b, done + 1) | outcomes(a, b + 1, done + 1)

    table = [-1] * (8 * 8 * 8)
    for done in range(min(tricks, 7) + 1):
        for a in range(done + 1):
            seen = outcomes(a, done - a, done)
            table[(a * 8 + done - a) * 8 + done] = seen.pop() if len(seen) == 1 else -1
    if len(_settled) > 256:
        _settled.clear()
    _settled[key] = (tables, tuple(table))
    return _settled[key][1]


def settled(tables: Tables, tricks: Sequence[int], done: int, mano: int) -> int | None:
    """The winning team if the hand's winner is certain after ``done`` tricks (whoever
    takes the tricks still to play), else None. An ended hand is settled.

    >>> from rentoy.engine import compile_variant
    >>> from rentoy.variants import load_variant
    >>> tables = compile_variant(load_variant("1737"))
    >>> [settled(tables, t, d, 0) for t, d in [((1, 0), 1), ((2, 0), 2), ((1, 1), 2)]]
    [None, 0, None]
    """
    found = settled_table(tables, mano)[(tricks[0] * 8 + tricks[1]) * 8 + done]
    return None if found < 0 else found


@dataclass(frozen=True, slots=True)
class Position:
    """A position of trick play with every card visible (see the module docstring).

    ``hands[s]`` are seat ``s``'s remaining cards; ``trick`` the cards of the unfinished
    trick in playing order, led by ``leader``; ``tricks`` the tricks won by team A
    and team B; ``mano`` the seat that led the first trick (how a hand ends may read
    it), by default the leader of a position that starts the hand. Seats
    ``0..players-1`` in playing order, team A the even seats.
    """

    tables: Tables
    tt: TrumpTables
    hands: tuple[tuple[Card, ...], ...]
    leader: int
    trick: tuple[Card, ...] = ()
    tricks: tuple[int, int] = (0, 0)
    mano: int = -1

    def __post_init__(self) -> None:
        if self.mano < 0:
            if self.trick or any(self.tricks) or len(self.hands[self.leader]) \
                    != self.tables.rules.hand_size:
                raise ValueError("a position later in the hand needs its mano, the seat "
                                 "that led the first trick")
            object.__setattr__(self, "mano", self.leader)

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def seat(self) -> int:
        """The seat to play."""
        return (self.leader + len(self.trick)) % len(self.hands)

    @property
    def team(self) -> int:
        """The team to play (0 = A, 1 = B)."""
        return self.seat & 1

    @property
    def done(self) -> int:
        """Tricks finished so far in the hand."""
        return (self.tables.rules.hand_size - len(self.hands[self.leader])
                - (1 if self.trick else 0))

    @property
    def trump(self) -> str:
        """The trump suit letter."""
        return SUITS[self.tt.trump]

    @property
    def winner(self) -> int | None:
        """The winning team if the hand is over, else None."""
        return hand_ended(self.tables, self.tricks, self.done, self.mano)

    def legal(self) -> tuple[Card, ...]:
        """The cards the seat to play may play (the engine's ``legal_cards``)."""
        hand = [int(c) for c in self.hands[self.seat]]
        trick = [int(c) for c in self.trick]
        return tuple(DECK[c] for c in legal_cards(self.tables, self.tt, hand, trick))

    def play(self, card: int) -> "Position":
        """The position after the seat to play plays ``card`` (which must be legal)."""
        if self.winner is not None:
            raise ValueError("the hand is over")
        if card not in self.legal():
            raise ValueError(f"{DECK[card]} is not a legal card for seat {self.seat}")
        seat, n = self.seat, self.players
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        trick = self.trick + (DECK[card],)
        if len(trick) < n:
            return Position(self.tables, self.tt, tuple(hands), self.leader, trick,
                            self.tricks, self.mano)
        won = (self.leader + trick_winner(self.tt, trick)) % n
        tricks = (self.tricks[0] + (won & 1 == 0), self.tricks[1] + (won & 1))
        return Position(self.tables, self.tt, tuple(hands), won, (), tricks, self.mano)

    def describe(self) -> dict[str, Any]:
        """Plain data: the position as JSON shows it."""
        n = self.players
        return {"players": n, "trump": self.trump,
                "hands": [[c.code for c in h] for h in self.hands],
                "leader": self.leader,
                "trick": [{"seat": (self.leader + i) % n, "card": c.code}
                          for i, c in enumerate(self.trick)],
                "tricks": list(self.tricks), "seat": self.seat,
                "team": "AB"[self.team]}


def position_of(hand: Hand) -> Position:
    """The trick-play position of a :class:`~rentoy.engine.Hand`, replayed from its
    public face (its deal, dealer and history: the one place that reads a hand). Raises
    :class:`PositionError` when a raise waits for an answer or the hand is over:
    betting is not part of the analysis."""
    if hand.is_over:
        raise PositionError(Problem("the hand is over: there is nothing left to solve",
                                    hint="give fewer actions"))
    if hand.phase is Phase.ANSWER:
        raise PositionError(Problem(
            "a raise waits for an answer: the solver analyses card play only, not betting",
            hint="add the answer (accept or fold) to the actions, or remove the raise"))
    tables = compile_variant(hand.variant)
    deal = hand.deal
    mano = (hand.observation(0).dealer + 1) % hand.players
    position = Position(tables, tables.by_trump[deal.up // 10], deal.hands, mano)
    for action in hand.history:
        if action.kind == PLAY and action.card is not None:
            position = position.play(action.card)
    return position
