"""What one seat may know: an immutable :class:`Observation` of a hand, game or match.

An observation holds the seat's own unplayed cards, the turned-up card, every public
action and trick of the hand being played, the public records of the earlier hands
(of the game, and of the earlier games of a match), the scores, the value on the table,
the raise right, whose turn it is and, when that seat may act, its legal actions. It
never holds another seat's unplayed card: bots, people at the terminal and other
programs see the game through it.

``info_key`` is a string equal for two states the seat cannot tell apart and
different otherwise; ``encoding`` is a flat tuple of numbers of a fixed length per
variant and table size (:func:`encoding_size`), for learning programs.

>>> from rentoy.engine import Hand, Deal
>>> deal = Deal.parse([["3c", "6b", "7e"], ["12c", "2b", "4e"], ["2c", "1o", "5e"],
...                    ["11c", "3b", "6e"]], up="5o")
>>> hand = Hand("1737", deal=deal)
>>> seen = hand.observation(1)
>>> [str(c) for c in seen.cards], str(seen.up), seen.current_seat, seen.legal
(['12c', '4e', '2b'], '5o', 0, ())
>>> seen.info_key
'1737|4p|seat 1|dealer 3|score 0-0|games 0-0|up 5o|cards 12c 4e 2b|'
>>> event = hand.apply("0 raise")
>>> [str(a) for a in hand.observation(1).legal]
['1 accept', '1 fold', '1 raise']
>>> [str(a) for a in hand.observation(3).legal]    # answer_by: team, the partner too
['3 accept', '3 fold', '3 raise']
>>> len(hand.observation(1).encoding) == encoding_size(hand.variant, 4)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..cards import Card
from .actions import PLAY, Action
from .tables import Tables

if TYPE_CHECKING:
    from ..variant import Variant
    from .hand import Hand, HandResult, TrickRecord

__all__ = ["Observation", "HandRecord", "observe", "encoding_size"]


@dataclass(frozen=True, slots=True)
class HandRecord:
    """The public record of a finished hand: who dealt, the turned-up card, every
    action in order (a played card is seen by all) and the result."""

    dealer: int
    up: Card
    actions: tuple[Action, ...]
    result: HandResult

    def key(self) -> str:
        return f"{self.dealer}:{self.up}:" + ",".join(map(str, self.actions))


@dataclass(frozen=True, slots=True)
class Observation:
    """What ``seat`` may know of the state it was taken from (see the module docstring).

    Seats and teams are absolute (team A holds the even seats). ``score`` is the score
    before the hand being played; ``value`` the value on the table (the raised one
    while a raise waits) and ``accepted_value`` the last one both teams agreed to;
    ``raiser`` the seat whose raise waits for an answer (None when none does);
    ``dead_raise`` whether a raise now would be dead; ``legal`` the seat's legal
    actions when it may act now (it is ``current_seat``, or under ``answer_by: team``
    it is a partner of the seat that answers a raise), else empty.
    """

    variant: str
    players: int
    seat: int
    dealer: int
    cards: tuple[Card, ...]
    up: Card
    trump: str
    actions: tuple[Action, ...]
    tricks: tuple[TrickRecord, ...]
    trick: tuple[tuple[int, Card], ...]
    tricks_won: tuple[int, int]
    level: int
    value: int | str
    accepted_value: int | str
    raiser: int | None
    raise_right: str | None
    dead_raise: bool
    current_seat: int | None
    score: tuple[int, int]
    games_won: tuple[int, int]
    past: tuple[HandRecord, ...]
    legal: tuple[Action, ...]
    result: HandResult | None
    tables: Tables = field(repr=False, compare=False)

    @property
    def team(self) -> int:
        """The seat's team: 0 (A) or 1 (B)."""
        return self.seat & 1

    @property
    def to_act(self) -> bool:
        """Whether this seat is the one to act now (``current_seat``)."""
        return self.current_seat == self.seat

    @property
    def may_act(self) -> bool:
        """Whether this seat may act now: it is the one to act, or a partner of the seat
        that answers a raise where ``answer_by: team`` lets him answer instead."""
        return bool(self.legal)

    @property
    def pending(self) -> bool:
        """Whether a raise waits for an answer."""
        return self.raiser is not None

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def points_for(self, value: int | str, team: int) -> int:
        """What ``team`` scores for a hand settled at ``value`` (see
        :meth:`rentoy.engine.Hand.points_for`)."""
        if isinstance(value, str):       # the whole-game step
            target: int = self.tables.rules.target
            return max(target - self.score[team], 0)
        return value

    @property
    def info_key(self) -> str:
        """A stable string: equal for two states this seat cannot tell apart."""
        past = ";".join(r.key() for r in self.past)
        return (f"{self.variant}|{self.players}p|seat {self.seat}|dealer {self.dealer}"
                f"|score {self.score[0]}-{self.score[1]}"
                f"|games {self.games_won[0]}-{self.games_won[1]}"
                + (f"|past {past}" if past else "")
                + f"|up {self.up}|cards {' '.join(map(str, self.cards))}|"
                + ",".join(map(str, self.actions)))

    @property
    def encoding(self) -> tuple[float, ...]:
        """The observation as numbers, seen from this seat (seats relative to it, "us"
        before "them"); the layout is given by :func:`encoding_size`'s docstring."""
        return _encode(self)


def encoding_size(variant: Variant, players: int) -> int:
    """The length of :attr:`Observation.encoding` for ``variant`` at ``players`` seats.

    In order: own cards (40), the turned-up card (40), the cards each seat has played
    this hand, seats relative to the observer (40 per seat), the cards of the
    unfinished trick per relative seat (40 per seat), the relative seat to act (one
    per seat, all zero once the hand is over), the ladder step (one per step), a raise
    waiting and whether it is ours (2), the raise right: both, us, them (3), tricks
    won by us and them over the tricks needed (2), the score of us and them over the
    target (2), games won by us and them over the games needed (2).
    """
    from .tables import compile_variant

    return _size(compile_variant(variant), players)


def _size(tables: Tables, players: int) -> int:
    return 80 + 80 * players + players + len(tables.ladder) + 2 + 3 + 2 + 2 + 2


def _encode(o: Observation) -> tuple[float, ...]:
    tables, n, seat, us = o.tables, o.players, o.seat, o.seat & 1
    out = [0.0] * _size(tables, n)
    for card in o.cards:
        out[card] = 1.0
    out[40 + o.up] = 1.0
    played, on_table = 80, 80 + 40 * n
    for action in o.actions:
        if action.kind == PLAY and action.card is not None:
            out[played + 40 * ((action.seat - seat) % n) + action.card] = 1.0
    for who, card in o.trick:
        out[on_table + 40 * ((who - seat) % n) + card] = 1.0
    at = 80 + 80 * n
    if o.current_seat is not None:
        out[at + (o.current_seat - seat) % n] = 1.0
    at += n
    out[at + o.level] = 1.0
    at += len(tables.ladder)
    if o.raiser is not None:
        out[at] = 1.0
        out[at + 1] = 1.0 if o.raiser & 1 == us else 0.0
    at += 2
    right = o.raise_right
    out[at + (0 if right is None else 1 if "AB".index(right) == us else 2)] = 1.0
    at += 3
    need = float(tables.rules.tricks_to_win)
    out[at], out[at + 1] = o.tricks_won[us] / need, o.tricks_won[1 - us] / need
    at += 2
    target = float(tables.rules.target)
    out[at], out[at + 1] = o.score[us] / target, o.score[1 - us] / target
    at += 2
    games = float(tables.rules.match // 2 + 1)
    out[at], out[at + 1] = o.games_won[us] / games, o.games_won[1 - us] / games
    return tuple(out)


def observe(hand: Hand, seat: int, past: tuple[HandRecord, ...] = (),
            games_won: tuple[int, int] = (0, 0)) -> Observation:
    """What ``seat`` may know of ``hand``, with the records of the earlier hands and
    the games won so far (what :meth:`~rentoy.engine.Game.observation` and
    :meth:`~rentoy.engine.Match.observation`
    add)."""
    if not (isinstance(seat, int) and 0 <= seat < hand.players):
        raise ValueError(f"there is no seat {seat!r}; seats run from 0 to {hand.players - 1}")
    current = hand.current_seat
    pending = hand.pending
    return Observation(
        variant=hand.variant.id, players=hand.players, seat=seat, dealer=hand.dealer,
        cards=tuple(sorted(hand.hands[seat])), up=hand.up, trump=hand.trump, actions=hand.history,
        tricks=tuple(hand.trick_log), trick=hand.current_trick, tricks_won=hand.tricks_won,
        level=hand.level, value=hand.value, accepted_value=hand.accepted_value,
        raiser=hand.raiser if pending else None, raise_right=hand.raise_right,
        dead_raise=hand.raise_is_dead(), current_seat=current, score=hand.start_score,
        games_won=games_won, past=past,
        legal=tuple(hand.legal_actions(seat)),
        result=hand.result, tables=hand.tables)


def record_of(hand: Hand) -> HandRecord:
    """The public record of a finished ``hand``."""
    assert hand.result is not None
    return HandRecord(hand.dealer, hand.up, hand.history, hand.result)
