"""Tricks with perfect play: how many tricks each team takes, not only who wins.

The solver (:mod:`~rentoy.analysis.solver`) answers a yes-or-no question, which team
takes the hand. A reader of a deal also wants the margin, as bridge solvers give it:
here each team plays first to win the hand and then, the winner settled, to take as
many tricks as it can and leave the other as few (the hand still stops where the
variant stops it: in 1737 at two tricks, so a won hand ends 2-0 or 2-1). The search is
a plain minimax over :class:`~rentoy.analysis.position.Position` moves with a memo,
written apart from the solver on purpose: its winner is a second, independent reading
of the solver's, and the tests hold the two to each other.

>>> from rentoy.engine import Deal, Hand
>>> from rentoy.analysis import position_of
>>> deal = Deal.parse([["3c", "6b", "7e"], ["12c", "2b", "4e"], ["2c", "1o", "5e"],
...                    ["11c", "3b", "6e"]], up="5o")
>>> result = perfect_tricks(position_of(Hand("1737", deal=deal)))
>>> result.winner_name, result.tricks
('A', (2, 0))
>>> {card.code: tricks for card, tricks in result.moves.items()}
{'3c': (2, 0), '6b': (2, 0), '7e': (2, 0)}
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from .position import Position

__all__ = ["TrickResult", "perfect_tricks", "tricks_after"]

_Key = tuple[tuple[tuple[int, ...], ...], int, tuple[int, ...], tuple[int, int]]


@dataclass(frozen=True)
class TrickResult:
    """The outcome of a position with perfect play: ``tricks`` (team A's, team B's) at
    the end of the hand, the ``winner`` (0 = A, 1 = B), and for each card the seat to
    play may play, the tricks each team ends with after it (``moves``) and the team
    that wins after it (``winners``)."""

    winner: int
    tricks: tuple[int, int]
    moves: dict[Card, tuple[int, int]]
    winners: dict[Card, int]

    @property
    def winner_name(self) -> str:
        return "AB"[self.winner]


def _value(end: tuple[int, int], winner: int) -> tuple[int, int]:
    # Team A maximises, team B minimises: first the winner, then the margin.
    return (1 if winner == 0 else -1, end[0] - end[1])


def _key(position: Position) -> _Key:
    return (tuple(tuple(int(c) for c in h) for h in position.hands), position.leader,
            tuple(int(c) for c in position.trick), position.tricks)


def _search(position: Position, memo: dict[_Key, tuple[tuple[int, int], int]]
            ) -> tuple[tuple[int, int], int]:
    """The tricks at the end and the winner, with perfect play from ``position``."""
    ended = position.winner
    if ended is not None:
        return position.tricks, ended
    key = _key(position)
    found = memo.get(key)
    if found is not None:
        return found
    maximise = position.team == 0
    best: tuple[tuple[int, int], int] | None = None
    for card in position.legal():
        outcome = _search(position.play(card), memo)
        if best is None:
            best = outcome
            continue
        value, incumbent = _value(*outcome), _value(*best)
        if (value > incumbent) if maximise else (value < incumbent):
            best = outcome
    assert best is not None     # a seat to play always has a legal card
    memo[key] = best
    return best


def tricks_after(position: Position) -> tuple[tuple[int, int], int]:
    """The tricks (A, B) at the end of the hand and the winning team, with perfect play."""
    return _search(position, {})


def perfect_tricks(position: Position) -> TrickResult:
    """The full reading of ``position`` (see :class:`TrickResult`)."""
    memo: dict[_Key, tuple[tuple[int, int], int]] = {}
    tricks, winner = _search(position, memo)
    moves, winners = {}, {}
    if position.winner is None:
        for card in position.legal():
            moves[card], winners[card] = _search(position.play(card), memo)
    return TrickResult(winner, tricks, moves, winners)
