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

from ..errors import IllegalAction
from ..variants import Variant, load_variant
from .actions import Action
from .hand import TEAMS, Deal, Event, Hand, HandResult, draw_deal
from .tables import compile_variant

__all__ = ["Game"]


class Game:
    """A game to the variant's target, hand after hand."""

    __slots__ = ("variant", "players", "rng", "score", "dealer", "hand", "results")

    def __init__(self, variant: Variant | str, players: int | None = None,
                 seed: int | None = None, rng: random.Random | None = None,
                 score: Sequence[int] = (0, 0), dealer: int | None = None,
                 first_deal: Deal | None = None):
        variant = load_variant(variant) if not isinstance(variant, Variant) else variant
        tables = compile_variant(variant)
        self.variant = variant
        self.players = tables.default_players if players is None else players
        self.rng = rng if rng is not None else random.Random(seed or 0)
        self.score = (int(score[0]), int(score[1]))
        self.dealer = self.players - 1 if dealer is None else dealer
        self.results: list[HandResult] = []
        deal = first_deal or draw_deal(self.rng, self.players, tables.hand_size)
        self.hand = Hand(variant, self.players, self.dealer, self.score, deal=deal)

    @property
    def is_over(self) -> bool:
        return bool(self.results) and self.results[-1].game_winner is not None

    @property
    def winner(self) -> str | None:
        """"A" or "B" once the game is over."""
        if not self.is_over:
            return None
        return TEAMS[self.results[-1].game_winner]  # type: ignore[index]

    @property
    def hands_played(self) -> int:
        return len(self.results)

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over else self.hand.legal_actions()

    def can(self, action: Action | str) -> bool:
        return not self.is_over and self.hand.can(action)

    def check(self, action: Action | str) -> Action:
        if self.is_over:
            raise IllegalAction("hand-over", "the game is over", action=action,
                                variant=self.variant.id)
        return self.hand.check(action)

    def apply(self, action: Action | str) -> Event:
        """Apply a legal action (refusing an illegal one); deal on when a hand ends."""
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
        if result.game_winner is None:
            self.dealer = (self.dealer + 1) % self.players
            deal = draw_deal(self.rng, self.players, self.hand.tables.hand_size)
            self.hand = Hand(self.variant, self.players, self.dealer, self.score, deal=deal)

    def returns(self) -> list[int]:
        """Per seat: +1 for the winning team, -1 for the other; zeros while playing."""
        if not self.is_over:
            return [0] * self.players
        won = self.results[-1].game_winner
        return [1 if s & 1 == won else -1 for s in range(self.players)]

    def clone(self) -> "Game":
        new = Game.__new__(Game)
        new.variant, new.players, new.score, new.dealer = (
            self.variant, self.players, self.score, self.dealer)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.results = self.results[:]
        new.hand = self.hand.clone()
        return new

    def __repr__(self) -> str:
        return (f"<Game {self.variant.id} score={list(self.score)} hands={self.hands_played}"
                f"{' over' if self.is_over else ''}>")
