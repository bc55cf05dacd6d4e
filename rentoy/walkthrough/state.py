"""A frozen picture of a hand at one moment, as walkthroughs show and check it.

:class:`Snapshot` is made from a hand's public face, its observation and what it was
dealt: everything a transcript, an expectation or a docs page needs (the value, who
may raise, the tricks, each seat's cards, the score and what it would become), so a
run can keep the state after every step without holding on to the engine's mutable
objects. Field names mean what they mean on an
:class:`~rentoy.engine.Observation`: ``raiser`` is a seat, ``raise_right`` a team,
``to_act`` the seats that may act now.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..model.cards import Card
from ..engine import Hand, HandResult, TrickRecord, cards_left
from ..engine.rules import points

__all__ = ["Snapshot", "next_table"]


@dataclass(frozen=True)
class Snapshot:
    """The visible state of a hand.

    ``value`` is the value on the table (a pending raise included) while the hand
    is being played, and the value it was settled at once it is over (after a fold,
    the value before the refused raise). ``score`` is the score before the hand
    until the hand ends, then the score after it. ``outcomes`` is the score if team
    A, and if team B, wins the hand from here (``{"A": (a, b), "B": (a, b)}``), or
    None once the hand is over. ``games`` counts the games each team had won in the
    match before this one and ``needed`` the games that win the match (1 where a
    variant plays single games).
    """

    value: int | str
    pending: bool
    raiser: int | None
    raise_right: str | None
    to_act: tuple[int, ...]
    tricks: tuple[int, int]
    trick_log: tuple[TrickRecord, ...]
    current_trick: tuple[tuple[int, Card], ...]
    hands: tuple[tuple[Card, ...], ...]
    score: tuple[int, int]
    outcomes: dict[str, tuple[int, int]] | None
    finished: bool
    result: HandResult | None
    games: tuple[int, int] = (0, 0)
    needed: int = 1

    @classmethod
    def of(cls, hand: Hand, games: tuple[int, int] = (0, 0), needed: int = 1) -> "Snapshot":
        seen = hand.observation(0)
        result = seen.result
        a, b = seen.score
        value = seen.value
        return cls(
            value=value, pending=seen.pending, raiser=seen.raiser,
            raise_right=seen.raise_right, to_act=seen.to_act, tricks=seen.tricks_won,
            trick_log=seen.tricks, current_trick=seen.trick,
            hands=cards_left(hand.deal, seen.actions),
            score=result.score if result is not None else seen.score,
            outcomes=None if result is not None else {
                "A": (a + points(seen.tables, value, seen.score, 0), b),
                "B": (a, b + points(seen.tables, value, seen.score, 1))},
            finished=result is not None,
            result=result, games=games, needed=needed)

    @property
    def raiser_team(self) -> str | None:
        """The team whose raise waits for an answer ("A" or "B"), or None."""
        return None if self.raiser is None else "AB"[self.raiser & 1]

    @property
    def hand_winner(self) -> str | None:
        """The team that won the hand ("A" or "B"), or None while it is played."""
        return None if self.result is None else self.result.winner_name

    @property
    def game_winner(self) -> str | None:
        """The team that won the game with this hand, or None."""
        return None if self.result is None else self.result.game_winner_name

    @property
    def games_after(self) -> tuple[int, int]:
        """Games won in the match, this one included once a team has won it."""
        won = None if self.result is None else self.result.game_winner
        if won is None:
            return self.games
        return (self.games[0] + 1, self.games[1]) if won == 0 else (self.games[0],
                                                                     self.games[1] + 1)

    @property
    def match_winner(self) -> str | None:
        """The team that won the match with this hand, or None."""
        winner = self.game_winner
        if winner is None or max(self.games_after) < self.needed:
            return None
        return winner

    @property
    def trick_winners(self) -> tuple[int, ...]:
        """The seat that won each finished trick, in order."""
        return tuple(t.winner for t in self.trick_log)

    def observed(self) -> dict[str, Any]:
        """The values ``expect`` keys are checked against, JSON-shaped."""
        return {
            "score": list(self.score), "value": self.value, "finished": self.finished,
            "hand_winner": self.hand_winner, "game_winner": self.game_winner,
            "match_winner": self.match_winner, "tricks": list(self.tricks),
            "outcomes": None if self.outcomes is None else
            {team: list(score) for team, score in self.outcomes.items()},
            "raise_right": self.raise_right, "trick_winners": list(self.trick_winners),
        }



def next_table(state: Snapshot) -> tuple[tuple[int, int], tuple[int, int], bool]:
    """The score and games the hand after a finished one starts from, and whether the
    match (or, where a variant plays single games, the game) is over.

    The score carries on while the game goes on; once a team has won the game the next
    one starts at 0-0 with the games won counted, as :class:`~rentoy.engine.Match`
    plays it. (The deal passes to the next seat either way.)

    >>> from rentoy.engine import Hand, Deal
    >>> hand = Hand("1737", score=(11, 0), deal=Deal.parse(
    ...     [["3c", "6b", "7e"], ["12c", "2b", "4e"], ["2c", "1o", "5e"], ["11c", "3b", "6e"]],
    ...     up="5o"))
    >>> for text in ["0 raise", "1 fold"]:
    ...     event = hand.apply(text)
    >>> next_table(Snapshot.of(hand))
    ((0, 0), (1, 0), True)
    """
    if state.game_winner is None:
        return state.score, state.games, False
    return (0, 0), state.games_after, state.match_winner is not None
