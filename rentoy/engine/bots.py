"""Bots that choose among the legal actions: random and greedy, both seeded.

A bot sees what a player at the table sees: its own cards, the trick, the turned-up
card, the value and the scores. It never looks at other players' cards.

- :class:`RandomBot` picks uniformly among the legal actions.
- :class:`GreedyBot` wins the trick as cheaply as it can, lets its partner's winning
  card stand, otherwise throws its cheapest card (keeping trumps); it raises with a
  strong hand, and facing a raise it folds a weak hand, accepts a middling one and
  raises again with a strong one. A little randomness (a bluff now and then) keeps it
  from being fully predictable.

>>> from rentoy.engine import Hand, GreedyBot
>>> hand = Hand("1737", seed=3)
>>> bot = GreedyBot(seed=1)
>>> while not hand.is_over:
...     hand.apply(bot.choose(hand))
...     # doctest: +ELLIPSIS
Event(...)...
>>> hand.result.how in ("tricks", "fold")
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol, Union

from .actions import ACCEPT, FOLD, PLAY, RAISE, Action
from .play import best_power

if TYPE_CHECKING:
    from .game import Game
    from .hand import Hand

__all__ = ["Bot", "RandomBot", "GreedyBot", "BOTS", "make_bot"]

State = Union["Hand", "Game"]


class Bot(Protocol):
    name: str

    def choose(self, state: State) -> Action:
        """One of ``state.legal_actions()``."""


class RandomBot:
    """Uniform over the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None, rng: random.Random | None = None):
        self.rng = rng if rng is not None else random.Random(seed)

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        return actions[int(self.rng.random() * len(actions))]


class GreedyBot:
    """Cheap trick-winning play and hand-strength betting (see the module docstring).

    ``raise_at``, ``accept_at`` and ``bluff`` tune the betting: the estimated number
    of tricks the team can still take (its own cards' share plus tricks already won)
    that makes it raise or accept, and the chance of raising regardless.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None, rng: random.Random | None = None,
                 raise_at: float = 0.85, accept_at: float = 0.55, bluff: float = 0.05):
        self.rng = rng if rng is not None else random.Random(seed)
        self.raise_at, self.accept_at, self.bluff = raise_at, accept_at, bluff

    def choose(self, state: State) -> Action:
        hand: Hand = state.hand if hasattr(state, "hand") else state  # type: ignore[assignment]
        actions = state.legal_actions()
        if hand.pending:
            return self._answer(hand, actions)
        raise_action = next((a for a in actions if a.kind == RAISE), None)
        if raise_action is not None and not hand.raise_is_dead():
            if self._strength(hand, raise_action.seat) >= self.raise_at \
                    or self.rng.random() < self.bluff:
                return raise_action
        plays = [a for a in actions if a.kind == PLAY]
        return self._play(hand, plays)

    # -- betting -------------------------------------------------------------------

    def _strength(self, hand: Hand, seat: int) -> float:
        """The share of the tricks still needed that this player expects to take (0-1+)."""
        tables, tt = hand.tables, hand.tt
        need = tables.tricks_to_win - hand.tricks[seat & 1]
        if need <= 0:
            return 2.0
        expected = 0.0
        for card in hand.hands[seat]:
            p = tt.power[card]
            if p >= 300:          # a top card
                expected += 0.95
            elif p >= 200:        # a trump: the higher, the surer
                expected += 0.35 + 0.6 * (p - 200) / 10
            else:                 # a plain card wins only if its suit is led and not trumped
                expected += 0.25 * max(p - 106, 0) / 4
        return expected / need

    def _answer(self, hand: Hand, actions: list[Action]) -> Action:
        seat = actions[0].seat
        mine = [a for a in actions if a.seat == seat]
        kinds = {a.kind: a for a in mine}
        strength = self._strength(hand, seat)
        if RAISE in kinds and not hand.raise_is_dead() and strength >= self.raise_at + 0.3:
            return kinds[RAISE]
        if strength >= self.accept_at or self.rng.random() < self.bluff:
            return kinds[ACCEPT]
        return kinds[FOLD]

    # -- card play -----------------------------------------------------------------

    def _play(self, hand: Hand, plays: list[Action]) -> Action:
        tt = hand.tt

        def cost(a: Action) -> int:  # what it costs to give the card away
            return tt.power[a.card] + (100 if tt.always[a.card] else 0)

        cheapest = min(plays, key=cost)
        trick = hand.trick
        if not trick:
            return cheapest if len(plays) > 1 else plays[0]
        led = tt.suit[trick[0]]
        best = best_power(tt, trick)
        n = hand.players
        winning_seat = (hand.leader + _winning_position(tt, trick)) % n
        seat = plays[0].seat
        if winning_seat & 1 == seat & 1:
            return cheapest           # the partner is winning: keep the good cards
        winners = [a for a in plays
                   if (tt.always[a.card] or tt.suit[a.card] == led) and tt.power[a.card] > best]
        if winners:
            return min(winners, key=cost)
        return cheapest


def _winning_position(tt, trick) -> int:
    from .play import trick_winner
    return trick_winner(tt, trick)


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int | None = None, rng: random.Random | None = None):
    """A bot by name (``random`` or ``greedy``)."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; bots are: {', '.join(BOTS)}") from None
    return cls(seed=seed, rng=rng)
