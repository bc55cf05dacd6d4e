"""The search bot: it samples the hidden cards from what its seat has seen and solves
each sample with every card visible.

For every decision, :class:`SearchBot` draws ``samples`` worlds consistent with its
observation (:mod:`rentoy.analysis.worlds`: the unseen cards dealt so that every card
played was legal, which is what the duties reveal), solves each one double-dummy
(:class:`~rentoy.analysis.solver.Solver`), and

- **plays** the card that wins the hand in the most worlds (of cards that do equally
  well, the cheapest: a plain card before a trump, a low one before a high one);
- **bets** from its estimated chance ``p`` of winning the hand, the share of worlds its
  team wins with perfect play from here (a raise by another player makes the worlds
  its team wins count ``raise_weight`` times as much). On its turn it raises when
  ``p`` reaches ``raise_at`` and the raise is not dead; facing a raise it raises again
  when ``p`` reaches ``reraise_at``, and otherwise accepts when that leaves its team a
  better chance of winning the game than folding does (:func:`game_chance` weighs the
  points against the score: it never folds when folding hands the other team the
  game);
- **reads the table** (:func:`~rentoy.bots.table.careless_chance`, the chance that the
  other team bets without regard to its cards) and bets by a :class:`Stance` that
  follows it. From ``careless_at`` on, it raises on its turn only when ``p`` reaches
  ``careless_raise_at``, since there every raise invites another and the stakes climb
  to the whole game; from ``careless_sure_at`` on (never below ``careless_at``) it
  also reads nothing into the other team's raises and raises again only at
  ``careless_raise_at``.

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
from functools import lru_cache
from typing import Mapping

from ..analysis.batch import BatchSolver, available as batch_available
from ..analysis.kernel import KernelSolver, kernel_solver
from ..analysis.position import hand_ended
from ..analysis.solver import Solver
from ..analysis.worlds import sample_worlds, trick_in_play, trump_tables
from ..engine import Action, Observation
from ..engine.actions import ACCEPT, FOLD, PLAY, RAISE
from ..core.limits import MAX_SAMPLES, shown
from ..engine.rules import points
from ..engine.tables import Tables
from .basic import legal_of
from .table import careless_chance

__all__ = ["SearchBot", "Estimate", "Stance", "game_chance"]


@dataclass(frozen=True)
class Estimate:
    """What the search found: ``p`` the share of worlds the bot's team wins with perfect
    play, ``cards`` the share won after each card the bot may play (empty when it is
    not its card to play)."""

    p: float
    cards: Mapping[int, float]


@dataclass(frozen=True)
class Stance:
    """How the bot bets against the table as it reads it: the chances of winning the
    hand at which it raises on its turn (``raise_at``) and raises again facing a raise
    (``reraise_at``), and ``raise_weight``, how many times as much a raise by the other
    team makes the worlds that team wins count (1: its raises say nothing; the
    partner's raises always weigh the bot's own ``raise_weight`` setting)."""

    raise_at: float
    reraise_at: float
    raise_weight: float


@lru_cache(maxsize=4096)
def game_chance(us: int, them: int, target: int) -> float:
    """The chance that a team with ``us`` points wins a game to ``target`` against one
    with ``them``, when every hand from now on is worth one point to either team with
    even chances: a yardstick for weighing points against the game (what backgammon
    players call match equity), not a prediction.

    >>> game_chance(0, 0, 12), game_chance(12, 5, 12), round(game_chance(11, 10, 12), 2)
    (0.5, 1.0, 0.75)
    """
    if us >= target:
        return 1.0
    if them >= target:
        return 0.0
    if us + them > 4 * target:          # far past any real game; keeps the recursion short
        return 0.5
    return 0.5 * (game_chance(us + 1, them, target) + game_chance(us, them + 1, target))


class SearchBot:
    """Determinized double-dummy search from one seat's observation (see the module
    docstring). ``samples`` worlds per decision; ``raise_at`` and ``reraise_at`` are
    the chances of winning the hand at which it raises on its turn and raises again
    facing a raise. Against a table read as careless from ``careless_at`` on (1:
    never), ``careless_raise_at`` replaces ``raise_at``; from ``careless_sure_at`` on
    it replaces ``reraise_at`` too, and the other team's raises weigh nothing (see
    :meth:`stance`)."""

    name = "search"

    def __init__(self, samples: int = 32, seed: int | None = None,
                 rng: random.Random | None = None, raise_at: float = 0.5,
                 reraise_at: float = 0.7, raise_weight: float = 2.0,
                 careless_at: float = 0.3, careless_raise_at: float = 1.0,
                 careless_sure_at: float = 0.8):
        if not (isinstance(samples, int) and 1 <= samples <= MAX_SAMPLES):
            raise ValueError(f"samples must be a whole number from 1 to {MAX_SAMPLES:,} "
                             f"(rentoy.limits.MAX_SAMPLES), not {shown(samples)}")
        for label, value in (("raise_at", raise_at), ("reraise_at", reraise_at),
                             ("careless_at", careless_at),
                             ("careless_raise_at", careless_raise_at),
                             ("careless_sure_at", careless_sure_at)):
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"{label} is a chance between 0 and 1, not {value!r}")
        self.samples = samples
        self.rng = rng if rng is not None else random.Random(seed)
        if not raise_weight >= 1.0:
            raise ValueError(f"raise_weight is at least 1 (1: raises say nothing), "
                             f"not {raise_weight!r}")
        self.raise_at, self.reraise_at = raise_at, reraise_at
        self.raise_weight = raise_weight
        self.careless_at, self.careless_raise_at = careless_at, careless_raise_at
        self.careless_sure_at = careless_sure_at
        self._solvers: dict[tuple[int, int, int, int], tuple[Tables, Solver]] = {}
        self._batches: dict[tuple[int, int, int, int],
                            tuple[Tables, KernelSolver | BatchSolver | None]] = {}

    def __repr__(self) -> str:
        return (f"SearchBot(samples={self.samples}, raise_at={self.raise_at}, "
                f"reraise_at={self.reraise_at}, raise_weight={self.raise_weight}, "
                f"careless_at={self.careless_at}, "
                f"careless_raise_at={self.careless_raise_at}, "
                f"careless_sure_at={self.careless_sure_at})")

    # -- deciding ------------------------------------------------------------------------

    def choose(self, observation: Observation) -> Action:
        legal = legal_of(observation)
        if len(legal) == 1:
            return legal[0]
        # The stance (a reading of the whole game's betting) is read only where it can
        # change the choice: facing a raise, after the other team raised (its weight),
        # and for a raise on the bot's turn whose chance lies between the two bars.
        stance = (self.stance(observation)
                  if observation.raiser is not None or self._raises(observation)[
                      1 - (observation.seat & 1)] else None)
        estimate = self.estimate(observation, stance)
        raise_action = next((a for a in legal if a.kind == RAISE), None)
        if observation.raiser is not None:
            assert stance is not None
            return self._answer(observation, legal, estimate.p, raise_action, stance)
        if raise_action is not None and not observation.dead_raise:
            low, high = sorted((self.raise_at, self.careless_raise_at))
            p = estimate.p
            if p >= high or (p >= low and p >= (stance or self.stance(observation)).raise_at):
                return raise_action
        plays = [a for a in legal if a.kind == PLAY]
        return self._play(observation, plays, estimate)

    def play(self, observation: Observation, estimate: Estimate) -> Action:
        """The card the bot plays from ``estimate`` (see :meth:`estimate`): the one that
        wins the hand in the most worlds, the cheapest of equals."""
        return self._play(observation, [a for a in legal_of(observation) if a.kind == PLAY],
                          estimate)

    def stance(self, observation: Observation) -> Stance:
        """How the bot bets from this observation: by its settings against a careful
        table; raising on its turn only at ``careless_raise_at`` against one it reads
        as careless (a :func:`~rentoy.bots.table.careless_chance` of ``careless_at``
        or more); and from ``careless_sure_at`` on (never below ``careless_at``) also
        raising again only at ``careless_raise_at`` and reading nothing into the other
        team's raises.

        Before anything is seen the table counts as careless (an even chance):

        >>> from rentoy.engine import Game
        >>> SearchBot().stance(Game("1737", players=4, seed=1).observation(0))
        Stance(raise_at=1.0, reraise_at=0.7, raise_weight=2.0)
        """
        chance = careless_chance(observation) if self.careless_at < 1.0 else 0.0
        if chance < self.careless_at:
            return Stance(self.raise_at, self.reraise_at, self.raise_weight)
        if chance < self.careless_sure_at:
            return Stance(self.careless_raise_at, self.reraise_at, self.raise_weight)
        return Stance(self.careless_raise_at, self.careless_raise_at, 1.0)

    def estimate(self, observation: Observation, stance: Stance | None = None) -> Estimate:
        """The chance of winning the hand from here, and after each card the bot may
        play, with the other team's raises weighed as ``stance`` says (by default, the
        :meth:`stance` for this observation)."""
        tables, n, us = observation.tables, observation.players, observation.seat & 1
        tricks = observation.tricks_won
        ended = hand_ended(tables, tricks, len(observation.tricks),
                           (observation.dealer + 1) % n)
        if ended is not None:          # settled: the remaining tricks change nothing
            return Estimate(1.0 if ended == us else 0.0, {})
        leader, trick = trick_in_play(observation)
        raises = self._raises(observation)
        weights = [self.raise_weight, self.raise_weight]
        if raises[1 - us]:
            weights[1 - us] = (stance or self.stance(observation)).raise_weight
        mine = (leader + len(trick)) % n == observation.seat and observation.raiser is None
        batch = self._batch(observation)
        if isinstance(batch, KernelSolver):       # drawn and solved in C, then counted
            winners, slots = batch.tally(observation, self.samples, self.rng, mine)
            ours, theirs = weights[us] ** raises[us], weights[1 - us] ** raises[1 - us]
            won_worlds = winners.count(us)
            total = won_worlds * ours + (len(winners) - won_worlds) * theirs
            shares = {int(card): results.count(us) * ours / total
                      for card, results in zip(observation.cards, slots)
                      if results and results[0] >= 0}   # a card's legality: every world's
            return Estimate(max(shares.values()) if shares else won_worlds * ours / total,
                            shares)
        total = won = 0.0
        wins: dict[int, float] = {}
        worlds = sample_worlds(observation, self.samples, self.rng)
        solved = None if batch is None else batch.solve(worlds, leader, trick, tricks,
                                                        moves=mine)
        for i, world in enumerate(worlds):
            if solved is not None:            # the same answers, all worlds at once
                moves = solved.moves[i] if mine else {}
                winner = (solved.winners[i] if not mine
                          else us if any(team == us for team in moves.values()) else 1 - us)
            elif mine:
                moves = self._solver(observation).move_winners(world, leader, trick, tricks)
                winner = us if any(team == us for team in moves.values()) else 1 - us
            else:
                moves = {}
                winner = self._solver(observation).winner(world, leader, trick, tricks)
            weight = weights[winner] ** raises[winner]
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
        n = observation.players
        mano = (observation.dealer + 1) % n
        key = (id(tables), tt.trump, n, mano)
        found = self._solvers.get(key)
        if found is None or found[0] is not tables:
            found = self._solvers[key] = (tables, Solver(tables, tt, n, mano))
        return found[1]

    def _batch(self, observation: Observation) -> KernelSolver | BatchSolver | None:
        """A solver of all the worlds of a decision at once: the compiled kernel where it
        can be built, else the numpy arrays, else None (world by world in Python)."""
        tables, tt = observation.tables, trump_tables(observation)
        n = observation.players
        mano = (observation.dealer + 1) % n
        key = (id(tables), tt.trump, n, mano)
        found = self._batches.get(key)
        if found is None or found[0] is not tables:
            made: KernelSolver | BatchSolver | None = kernel_solver(tables, tt, n, mano)
            if made is None and batch_available():
                made = BatchSolver(tables, tt, n, mano)
            found = self._batches[key] = (tables, made)
        return found[1]

    def _answer(self, observation: Observation, legal: tuple[Action, ...], p: float,
                raise_action: Action | None, stance: Stance) -> Action:
        kinds = {a.kind: a for a in legal}
        if (raise_action is not None and not observation.dead_raise
                and p >= stance.reraise_at):
            return raise_action
        us, them = observation.seat & 1, 1 - (observation.seat & 1)
        target = observation.tables.rules.target
        mine, theirs = observation.score[us], observation.score[them]
        value = observation.value
        tables, score = observation.tables, observation.score
        win, lose = points(tables, value, score, us), points(tables, value, score, them)
        folded = points(tables, observation.accepted_value, score, them)
        accept = (p * game_chance(mine + win, theirs, target)
                  + (1 - p) * game_chance(mine, theirs + lose, target))
        fold = game_chance(mine, theirs + folded, target)
        return kinds[ACCEPT] if accept >= fold else kinds[FOLD]

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

