"""Tricks with perfect play: how many tricks each team takes, not only who wins.

The solver (:mod:`~rentoy.analysis.solver`) answers a yes-or-no question, which team
takes the hand. A reader of a deal also wants the margin, as bridge solvers give it:
here each team plays first to win the hand and then, the winner settled, to take as
many tricks as it can and leave the other as few (the hand still stops where the
variant stops it: in 1737 at two tricks, so a won hand ends 2-0 or 2-1). The search is
an alpha-beta search over :class:`~rentoy.analysis.position.Position` moves with a
memo of bounds, written apart from the solver on purpose: its winner is a second, independent reading
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

from ..model.cards import Card
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


_WIN = 100          # a won hand outweighs any margin of tricks
_INF = 10_000


def _value(tricks: tuple[int, int], winner: int) -> int:
    # Team A maximises, team B minimises: first the winner, then the margin.
    return (_WIN if winner == 0 else -_WIN) + tricks[0] - tricks[1]


def _key(position: Position) -> _Key:
    return (tuple(tuple(int(c) for c in h) for h in position.hands), position.leader,
            tuple(int(c) for c in position.trick), position.tricks)


_Memo = dict[_Key, tuple[int, int, tuple[tuple[int, int], int] | None]]


def _search(position: Position, memo: _Memo, alpha: int = -_INF, beta: int = _INF
            ) -> tuple[int, tuple[tuple[int, int], int]]:
    """Alpha-beta over the value :func:`_value` gives the end of the hand: the value
    and an end reaching it (the tricks, the winner), exact when it lies strictly inside
    ``(alpha, beta)``, else a bound on the side it falls."""
    ended = position.winner
    if ended is not None:
        return _value(position.tricks, ended), (position.tricks, ended)
    key = _key(position)
    low, high, end = memo.get(key, (-_INF, _INF, None))
    if end is not None and low == high:
        return low, end
    if end is not None and low >= beta:
        return low, end
    if end is not None and high <= alpha:
        return high, end
    alpha, beta = max(alpha, low), min(beta, high)
    start_alpha, start_beta = alpha, beta
    maximise = position.team == 0
    power = position.tt.power
    best, best_end = (-_INF if maximise else _INF), None
    for card in sorted(position.legal(), key=power.__getitem__, reverse=True):
        value, reached = _search(position.play(card), memo, alpha, beta)
        if (value > best) if maximise else (value < best):
            best, best_end = value, reached
        if maximise:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    assert best_end is not None     # a seat to play always has a legal card
    if best <= start_alpha:
        memo[key] = (low, best, best_end)
    elif best >= start_beta:
        memo[key] = (best, high, best_end)
    else:
        memo[key] = (best, best, best_end)
    return best, best_end


def tricks_after(position: Position) -> tuple[tuple[int, int], int]:
    """The tricks (A, B) at the end of the hand and the winning team, with perfect play."""
    return _search(position, {})[1]


def perfect_tricks(position: Position) -> TrickResult:
    """The full reading of ``position`` (see :class:`TrickResult`)."""
    memo: _Memo = {}
    tricks, winner = _search(position, memo)[1]
    moves, winners = {}, {}
    if position.winner is None:
        for card in position.legal():
            moves[card], winners[card] = _search(position.play(card), memo)[1]
    return TrickResult(winner, tricks, moves, winners)
