"""A whole game: hands dealt in turn until a team reaches the variant's target.

The deal passes to the next seat after every hand; scores may pass the target and
are kept as they are. A :class:`Game` offers the same small API as a
:class:`~rentoy.engine.Hand` and starts the next hand by itself.

>>> from rentoy.engine import Game, RandomBot
>>> game = Game("1737", seed=7)
>>> bot = RandomBot(seed=7)
>>> while not game.is_over:
...     game.apply_unchecked(bot.choose(game))
>>> game.winner in ("A", "B"), max(game.score) >= 12
(True, True)
"""

from __future__ import annotations

import random
from typing import Sequence

from ..errors import IllegalAction, InputError
from ..variants import Variant, load_variant
from .actions import Action
from .hand import TEAMS, Deal, Event, Hand, HandResult, draw_deal
from .tables import compile_variant

__all__ = ["Game", "Rounds"]


class Rounds:
    """What a game and a match share: they play their current part (a hand, a game)
    through the part's own API, refuse everything once they are over, and pay +1 / -1
    per seat at the end. Subclasses set ``_kind`` and keep ``_winner`` (0, 1 or None)."""

    __slots__ = ()
    _kind = "game"

    @property
    def _current(self) -> Hand | Game:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        return self._winner is not None  # type: ignore[attr-defined]

    @property
    def winner(self) -> str | None:
        """"A" or "B" once it is over."""
        won = self._winner  # type: ignore[attr-defined]
        return None if won is None else TEAMS[won]

    def legal_actions(self) -> list[Action]:
        # Once it is over its last hand is over too, and offers nothing.
        return self._current.legal_actions()

    def can(self, action: Action | str) -> bool:
        return not self.is_over and self._current.can(action)

    def check(self, action: Action | str) -> Action:
        if self.is_over:
            raise IllegalAction("hand-over", f"the {self._kind} is over", action=action,
                                variant=self.variant.id)  # type: ignore[attr-defined]
        return self._current.check(action)

    def refusal(self, action: Action | str) -> IllegalAction | None:
        """Why ``action`` would be refused now, or None if it is legal."""
        try:
            self.check(action)
        except IllegalAction as exc:
            return exc
        return None

    def returns(self) -> list[int]:
        """Per seat: +1 for the winning team, -1 for the other; zeros while playing."""
        won, players = self._winner, self.players  # type: ignore[attr-defined]
        if won is None:
            return [0] * players
        return [1 if s & 1 == won else -1 for s in range(players)]


class Game(Rounds):
    """A game to the variant's target, hand after hand."""

    __slots__ = ("variant", "tables", "players", "rng", "score", "dealer", "hand", "results",
                 "_winner")

    def __init__(self, variant: Variant | str, players: int | None = None,
                 seed: int | None = None, rng: random.Random | None = None,
                 score: Sequence[int] = (0, 0), dealer: int | None = None,
                 first_deal: Deal | None = None):
        variant = load_variant(variant)
        tables = compile_variant(variant)
        self.variant = variant
        self.tables = tables
        self.players = tables.default_players if players is None else players
        self.rng = rng if rng is not None else random.Random(seed or 0)
        if len(score) != 2:
            raise InputError.at(f"score must be two numbers (team A, team B), not {score!r}")
        self.score = (score[0], score[1])
        self.dealer = self.players - 1 if dealer is None else dealer
        self.results: list[HandResult] = []
        self._winner: int | None = None
        # The first Hand checks the players, dealer and score; later hands reuse them.
        if first_deal is None:
            first_deal = draw_deal(self.rng, self.players, tables.hand_size)
        self.hand = Hand(variant, self.players, self.dealer, self.score, deal=first_deal)
        self.score = self.hand.start_score

    @property
    def _current(self) -> Hand:
        return self.hand

    @property
    def hands_played(self) -> int:
        return len(self.results)

    def apply(self, action: Action | str) -> Event:
        """Apply a legal action (refusing an illegal one); deal on when a hand ends."""
        if self.is_over:
            self.check(action)
        event = self.hand.apply(action)
        if event.result is not None:
            self._next_hand()
        return event

    def apply_unchecked(self, action: Action) -> None:
        hand = self.hand
        hand.apply_unchecked(action)
        if hand.result is not None:
            self._next_hand()

    def _next_hand(self) -> None:
        result = self.hand.result
        assert result is not None
        self.results.append(result)
        self.score = result.score
        if result.game_winner is not None:
            self._winner = result.game_winner
            return
        players = self.players
        self.dealer = (self.dealer + 1) % players
        deal = draw_deal(self.rng, players, self.tables.hand_size)
        self.hand = Hand._next(self.variant, self.tables, players, self.dealer, self.score, deal)

    def clone(self) -> "Game":
        """An independent copy, random generator included: both deal the same next hands."""
        new = Game.__new__(Game)
        new.variant, new.tables, new.players, new.score, new.dealer, new._winner = (
            self.variant, self.tables, self.players, self.score, self.dealer, self._winner)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.results = self.results[:]
        new.hand = self.hand.clone()
        return new

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Game) and self.variant.id == other.variant.id
                and self.players == other.players and self.score == other.score
                and self.dealer == other.dealer and self.results == other.results
                and self.hand == other.hand and self.rng.getstate() == other.rng.getstate())

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (f"<Game {self.variant.id} score={list(self.score)} hands={self.hands_played}"
                f"{' over' if self.is_over else ''}>")
