"""The search bot: it samples the hidden cards from what its seat has seen and solves
each sample with every card visible.

For every decision, :class:`SearchBot` draws ``samples`` worlds consistent with its
observation (:mod:`rentoy.analysis.worlds`: the unseen cards dealt so that every card
played was legal, which is what the duties reveal), solves each one double-dummy
(:class:`rentoy.analysis.Solver`), and

- **plays** the card that wins the hand in the most worlds (of cards that do equally
  well, the cheapest: a plain card before a trump, a low one before a high one);
- **bets** from its estimated chance ``p`` of winning the hand, the share of worlds its
  team wins with perfect play from here. On its turn it raises when ``p`` reaches
  ``raise_at`` and the raise is not dead. Facing a raise it compares the points it
  expects by accepting (``p`` times the raised value won, less ``1 - p`` times it lost)
  with what folding costs (the accepted value, paid to the raisers); it never folds when
  folding hands the other team the game, and it raises again when ``p`` reaches
  ``reraise_at``.

The estimate is optimistic in one known way: in each world the solver plays as if
every card were visible, so it cannot tell a guess from knowledge (the "strategy
fusion" of determinized search). Betting is not read for inferences about the other
hands. Every random draw comes from the bot's own generator, so a seed makes it
reproducible.

>>> from rentoy.engine import Hand
>>> hand = Hand("1737", seed=3)
>>> bot = SearchBot(samples=8, seed=1)
>>> while not hand.is_over:
...     event = hand.apply(bot.choose(hand.observation(hand.current_seat)))
>>> hand.result.winner in (0, 1)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Mapping

from ..analysis.position import hand_ended
from ..analysis.solver import Solver
from ..analysis.worlds import sample_worlds, trick_in_play, trump_tables
from ..engine import Action, Observation
from ..engine.actions import ACCEPT, FOLD, PLAY, RAISE
from ..engine.tables import Tables

__all__ = ["SearchBot", "Estimate"]


@dataclass(frozen=True)
class Estimate:
    """What the search found: ``p`` the share of worlds the bot's team wins with perfect
    play, ``cards`` the share won after each card the bot may play (empty when it is
    not its card to play)."""

    p: float
    cards: Mapping[int, float]


class SearchBot:
    """Determinized double-dummy search from one seat's observation (see the module
    docstring). ``samples`` worlds per decision; ``raise_at`` and ``reraise_at`` are
    the chances of winning the hand at which it raises on its turn and raises again
    facing a raise."""

    name = "search"

    def __init__(self, samples: int = 32, seed: int | None = None,
                 rng: random.Random | None = None, raise_at: float = 0.7,
                 reraise_at: float = 0.85, raise_weight: float = 3.0):
        if not (isinstance(samples, int) and samples >= 1):
            raise ValueError(f"samples must be a whole number of at least 1, not {samples!r}")
        for label, value in (("raise_at", raise_at), ("reraise_at", reraise_at)):
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"{label} is a chance between 0 and 1, not {value!r}")
        self.samples = samples
        self.rng = rng if rng is not None else random.Random(seed)
        if not raise_weight >= 1.0:
            raise ValueError(f"raise_weight is at least 1 (1: raises say nothing), "
                             f"not {raise_weight!r}")
        self.raise_at, self.reraise_at = raise_at, reraise_at
        self.raise_weight = raise_weight
        self._solvers: dict[tuple[int, int, int], tuple[Tables, Solver]] = {}

    def __repr__(self) -> str:
        return (f"SearchBot(samples={self.samples}, raise_at={self.raise_at}, "
                f"reraise_at={self.reraise_at}, raise_weight={self.raise_weight})")

    # -- deciding ------------------------------------------------------------------------

    def choose(self, observation: Observation) -> Action:
        legal = _legal(observation)
        if len(legal) == 1:
            return legal[0]
        estimate = self.estimate(observation)
        raise_action = next((a for a in legal if a.kind == RAISE), None)
        if observation.raiser is not None:
            return self._answer(observation, legal, estimate.p, raise_action)
        if (raise_action is not None and not observation.dead_raise
                and estimate.p >= self.raise_at):
            return raise_action
        plays = [a for a in legal if a.kind == PLAY]
        return self._play(observation, plays, estimate)

    def estimate(self, observation: Observation) -> Estimate:
        """The chance of winning the hand from here, and after each card the bot may play."""
        tables, n, us = observation.tables, observation.players, observation.seat & 1
        tricks = observation.tricks_won
        ended = hand_ended(tables, tricks, len(observation.tricks))
        if ended is not None:          # settled: the remaining tricks change nothing
            return Estimate(1.0 if ended == us else 0.0, {})
        leader, trick = trick_in_play(observation)
        solver = self._solver(observation)
        worlds = sample_worlds(observation, self.samples, self.rng)
        raises = self._raises(observation)
        mine = (leader + len(trick)) % n == observation.seat and observation.raiser is None
        total = won = 0.0
        wins: dict[int, float] = {}
        for world in worlds:
            if mine:
                moves = solver.move_winners(world, leader, trick, tricks)
                winner = us if any(team == us for team in moves.values()) else 1 - us
            else:
                moves, winner = {}, solver.winner(world, leader, trick, tricks)
            weight = self.raise_weight ** raises[winner]
            total += weight
            won += weight * (winner == us)
            for card, team in moves.items():
                wins[card] = wins.get(card, 0.0) + weight * (team == us)
        cards = {card: value / total for card, value in wins.items()}
        return Estimate(max(cards.values()) if cards else won / total, cards)

    @staticmethod
    def _raises(observation: Observation) -> tuple[int, int]:
        """The raises each team made this hand, not counting the bot's own (what they
        say about the hidden cards)."""
        counts = [0, 0]
        for action in observation.actions:
            if action.kind == RAISE and action.seat != observation.seat:
                counts[action.seat & 1] += 1
        return counts[0], counts[1]

    def _solver(self, observation: Observation) -> Solver:
        tables, tt = observation.tables, trump_tables(observation)
        key = (id(tables), tt.trump, observation.players)
        found = self._solvers.get(key)
        if found is None or found[0] is not tables:
            found = self._solvers[key] = (tables, Solver(tables, tt, observation.players))
        return found[1]

    def _answer(self, observation: Observation, legal: tuple[Action, ...], p: float,
                raise_action: Action | None) -> Action:
        kinds = {a.kind: a for a in legal}
        us, them = observation.seat & 1, 1 - (observation.seat & 1)
        if raise_action is not None and not observation.dead_raise and p >= self.reraise_at:
            return raise_action
        target = observation.tables.rules.target
        fold_cost = observation.points_for(observation.accepted_value, them)
        fold_loses_game = observation.score[them] + fold_cost >= target
        value = observation.value
        accept_gain = (p * observation.points_for(value, us)
                       - (1 - p) * observation.points_for(value, them))
        if fold_loses_game or accept_gain >= -fold_cost:
            return kinds[ACCEPT]
        return kinds[FOLD]

    def _play(self, observation: Observation, plays: list[Action], estimate: Estimate
              ) -> Action:
        tt = trump_tables(observation)

        def cost(action: Action) -> int:     # what it costs to give the card away
            card = int(action.card)  # type: ignore[arg-type]
            return tt.power[card] + (100 if tt.always[card] else 0)

        if not estimate.cards:
            return min(plays, key=cost)
        best = max(estimate.cards.values())
        good = [a for a in plays if estimate.cards.get(int(a.card), -1.0) >= best]  # type: ignore[arg-type]
        return min(good or plays, key=cost)


def _legal(observation: Observation) -> tuple[Action, ...]:
    if not isinstance(observation, Observation):
        raise TypeError(f"a bot is given an Observation (state.observation(seat)), not "
                        f"{type(observation).__name__}: it may not see the state")
    if not observation.legal:
        raise ValueError(f"seat {observation.seat} is not the one to act")
    return observation.legal


# The fold answer is named for readers of ``_answer``: accept or fold, never play.
_ANSWERS = (ACCEPT, FOLD)
