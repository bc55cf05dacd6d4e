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
from typing import TYPE_CHECKING, Sequence

from ..model.cards import SUITS, Card
from .actions import PLAY, Action
from .rules import TEAMS, Betting, HandState, Phase, answer_refusal, answering_seat, raise_is_dead
from .tables import Tables, compile_variant

if TYPE_CHECKING:
    from ..model.variant import Variant
    from .hand import Hand, HandResult, TrickRecord

__all__ = ["Observation", "HandRecord", "observe", "encoding_size"]


@dataclass(frozen=True, slots=True)
class HandRecord:
    """The public record of a finished hand: who dealt, the turned-up card, every
    action in order (a played card is seen by all), the tricks and the result."""

    dealer: int
    up: Card
    actions: tuple[Action, ...]
    result: HandResult
    tricks: tuple[TrickRecord, ...] = ()

    def key(self) -> str:
        return f"{self.dealer}:{self.up}:" + ",".join(map(str, self.actions))


@dataclass(frozen=True, slots=True)
class Observation:
    """What ``seat`` may know of the state it was taken from (see the module docstring).

    Seats and teams are absolute (team A holds the even seats). ``score`` is the score
    before the hand being played; ``betting`` the hand's betting (the value on the table,
    the last value both teams accepted, the seat whose raise waits, the raise right);
    ``current_seat`` the one seat to act, and ``to_act`` every seat that may act now
    (under ``answer_by: team``, every seat of the team answering a raise); ``legal`` the
    observed seat's legal actions when it may act now, else empty.
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
    betting: Betting
    current_seat: int | None
    to_act: tuple[int, ...]
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
    def may_act(self) -> bool:
        """Whether this seat may act now: it is the one to act, or a partner of the seat
        that answers a raise where ``answer_by: team`` lets him answer instead."""
        return bool(self.legal)

    @property
    def level(self) -> int:
        """The step of the hand's value (an index of ``tables.steps``)."""
        return self.betting.level

    @property
    def value(self) -> int | str:
        """The value on the table: the raised one while a raise waits; once the hand is
        over, the value it was settled at (after a fold, the value before the refused
        raise)."""
        if self.result is not None:
            return self.result.value
        return self.tables.steps[self.betting.level]

    @property
    def accepted_value(self) -> int | str:
        """The last value both teams agreed to (before any waiting raise)."""
        if self.result is not None:
            return self.result.value
        return self.tables.steps[self.betting.accepted]

    @property
    def raiser(self) -> int | None:
        """The seat whose raise waits for an answer (None when none does)."""
        raiser = self.betting.raiser
        return None if raiser < 0 or self.result is not None else raiser

    @property
    def pending(self) -> bool:
        """Whether a raise waits for an answer."""
        return self.raiser is not None

    @property
    def raise_right(self) -> str | None:
        """The team that may raise next ("A" or "B"), or None when both may."""
        right = self.betting.right
        return None if right < 0 else TEAMS[right]

    @property
    def dead_raise(self) -> bool:
        """Whether a raise now would be dead: the value it would accept or raise from
        already decides the game for both teams."""
        return raise_is_dead(self.tables, self.score, self.betting)

    @property
    def is_over(self) -> bool:
        return self.result is not None

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
    per seat, all zero once the hand is over), the step of the value (one per step of
    ``tables.steps``), a raise
    waiting and whether it is ours (2), the raise right: both, us, them (3), tricks
    won by us and them over the tricks needed (2), the score of us and them over the
    target (2), games won by us and them over the games needed (2).
    """

    return _size(compile_variant(variant), players)


def _size(tables: Tables, players: int) -> int:
    return 80 + 80 * players + players + len(tables.steps) + 2 + 3 + 2 + 2 + 2


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
    at += len(tables.steps)
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


def observe(variant: Variant, state: HandState, seat: int,
            legal: Sequence[Action] = (), past: tuple[HandRecord, ...] = (),
            games_won: tuple[int, int] = (0, 0)) -> Observation:
    """What ``seat`` may know of the hand of ``state``, with its legal actions (asked of
    the hand), the records of the earlier hands and the games won so far (what
    :meth:`~rentoy.engine.Game.observation` and :meth:`~rentoy.engine.Match.observation`
    add)."""
    if not (isinstance(seat, int) and 0 <= seat < state.players):
        raise ValueError(f"there is no seat {seat!r}; seats run from 0 to {state.players - 1}")
    n, betting, phase = state.players, state.betting, state.phase
    if phase is Phase.PLAY:
        current: int | None = state.turn
        to_act: tuple[int, ...] = (state.turn,)
    elif phase is Phase.ANSWER:
        current = answering_seat(betting)
        tables = state.tables
        to_act = tuple(s for s in range(n) if answer_refusal(tables, betting, s) is None)
    else:
        current, to_act = None, ()
    leader = state.leader
    return Observation(
        variant=variant.id, players=n, seat=seat, dealer=state.dealer,
        cards=tuple(sorted(state.hands[seat])), up=state.up, trump=SUITS[state.tt.trump],
        actions=tuple(state.history), tricks=tuple(state.trick_log),
        trick=tuple(((leader + i) % n, c) for i, c in enumerate(state.trick)),
        tricks_won=(state.tricks[0], state.tricks[1]), betting=betting, current_seat=current,
        to_act=to_act, score=state.score, games_won=games_won, past=past,
        legal=tuple(legal), result=state.result, tables=state.tables)


def record_of(hand: Hand) -> HandRecord:
    """The public record of a finished ``hand`` (what every seat's observation shows of
    it, read off the hand's state: a record is made for every hand of a game)."""
    state = hand._s
    assert state.result is not None
    return HandRecord(state.dealer, state.up, tuple(state.history), state.result,
                      tuple(state.trick_log))
