"""The two simple bots, random and greedy, both seeded.

A bot sees what a player at the table sees, and nothing else: it is given an
:class:`~rentoy.engine.Observation` of the seat to act (its own cards, the cards
already played, the turned-up card, the value on the table, the scores and its legal
actions), never the state, so it cannot look at another player's cards. One bot may
play every seat of a team (or of the table): it acts for the seat it observes, the
one the engine names (:attr:`~rentoy.engine.Hand.current_seat`).

- :class:`RandomBot` picks uniformly among the legal actions.
- :class:`GreedyBot` plays a simple, readable strategy: it takes a trick with its
  cheapest winning card, lets its partner's winning card stand, and otherwise throws
  its cheapest card, keeping its trumps; it raises with a strong hand, and facing a
  raise it folds a weak hand, accepts a middling one and raises again with a strong one.

Both draw every random choice from their own :class:`random.Random`, so a seed (or a
shared generator) makes a whole run reproducible.

>>> from rentoy.engine import Hand
>>> from rentoy.bots import GreedyBot
>>> hand = Hand("1737", seed=3)
>>> bot = GreedyBot(seed=1)
>>> while not hand.is_over:
...     event = hand.apply(bot.choose(hand.observation(hand.current_seat)))
>>> hand.result.how in ("tricks", "fold")
True
"""

from __future__ import annotations

import random
from typing import Protocol, Sequence

from ..engine.actions import ACCEPT, FOLD, PLAY, RAISE, Action
from ..engine.observation import Observation
from ..engine.rules import points as rule_points
from ..engine.rules import trick_winner
from ..engine.tables import TOP_POWER, TRUMP_POWER, TrumpTables

__all__ = ["Bot", "RandomBot", "GreedyBot", "legal_of"]


class Bot(Protocol):
    """Anything with a ``name`` and a ``choose(observation)`` returning a legal action."""

    name: str

    def choose(self, observation: Observation) -> Action:
        """One of ``observation.legal`` (the observed seat is the one to act)."""


def legal_of(observation: Observation) -> tuple[Action, ...]:
    """The observed seat's legal actions; a clear error for anything but an observation
    of the seat to act."""
    if not isinstance(observation, Observation):
        raise TypeError(f"a bot is given an Observation (state.observation(seat)), not "
                        f"{type(observation).__name__}: it may not see the state")
    if not observation.legal:
        raise ValueError(f"seat {observation.seat} is not the one to act")
    return observation.legal


class RandomBot:
    """Uniform over the legal actions.

    Every call draws exactly one number from ``rng`` (``int(rng.random() * k)`` over
    the ``k`` legal actions), so two runs from the same seed make the same choices.
    Facing a raise, the answering seat's accept, fold and (when allowed) raise are
    equally likely.

    >>> from rentoy.engine import Hand
    >>> from rentoy.bots import RandomBot
    >>> hand = Hand("1737", seed=5)
    >>> RandomBot(seed=2).choose(hand.observation()) in hand.legal_actions()
    True
    """

    name = "random"

    def __init__(self, seed: int | None = None, rng: random.Random | None = None):
        self.rng = rng if rng is not None else random.Random(seed)

    def choose(self, observation: Observation) -> Action:
        actions = legal_of(observation)
        return actions[int(self.rng.random() * len(actions))]


class GreedyBot:
    """Cheap trick-winning card play and hand-strength betting.

    **Card play.** Leading, it plays its cheapest card (plain cards before trumps, low
    before high), unless its team needs one more trick and it holds a card nothing
    unseen can beat, which it then leads to take the hand. Following, when its partner
    is winning the trick it lets the card stand and throws its cheapest card; when an
    opponent is winning it takes the trick with its cheapest card that beats the
    winning one (a card of the led suit or a trump, or a card above every trump);
    when it cannot, it throws its cheapest card, keeping its trumps. The rules of the
    variant (arrastre, over-trumping, following suit) limit the choice to the legal
    cards first.

    **Betting.** The strength of a hand is the number of tricks its cards are expected
    to take (a card above the trumps almost surely, a trump the surer the higher, a
    plain Rey or Caballo now and then) divided by the tricks the team still needs.
    On its turn it raises when the strength reaches ``raise_at``; facing a raise it
    raises again at ``raise_at + 0.3``, accepts at ``accept_at`` and folds below that.
    It never folds when folding would hand the other team the game anyway, and it
    makes no raise the engine calls dead (the value already decides the game). With
    probability ``bluff`` it raises (or accepts) regardless of its cards.

    Facing a raise it answers for the seat it observes, the one the engine names.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None, rng: random.Random | None = None,
                 raise_at: float = 0.85, accept_at: float = 0.55, bluff: float = 0.05):
        if not 0.0 <= bluff <= 1.0:
            raise ValueError(f"bluff is a chance between 0 and 1, not {bluff!r}")
        self.rng = rng if rng is not None else random.Random(seed)
        self.raise_at, self.accept_at, self.bluff = raise_at, accept_at, bluff

    def choose(self, observation: Observation) -> Action:
        actions = legal_of(observation)
        if observation.pending:
            return self._answer(observation, actions)
        raise_action = next((a for a in actions if a.kind == RAISE), None)
        # Draw the bluff number on every turn that offers a raise, so the stream of
        # random numbers does not depend on the strength estimate.
        if raise_action is not None and not observation.dead_raise:
            bluff = self.rng.random() < self.bluff
            if bluff or self.strength(observation) >= self.raise_at:
                return raise_action
        plays = [a for a in actions if a.kind == PLAY]
        return self._play(observation, plays)

    # -- betting -------------------------------------------------------------------

    def strength(self, observation: Observation) -> float:
        """The tricks the observed seat's cards are expected to take over the tricks its
        team still needs (0 for nothing, 1 or more for a hand that should win; 2.0 when
        the team already has the tricks it needs)."""
        tables = observation.tables
        tt = tables.by_trump[observation.up // 10]
        need: int = tables.rules.tricks_to_win - observation.tricks_won[observation.team]
        if need <= 0:
            return 2.0
        expected = 0.0
        for card in observation.cards:
            p = tt.power[card]
            if p >= TOP_POWER:             # a card above every trump
                expected += 0.95
            elif p >= TRUMP_POWER:         # a trump: the higher, the surer
                expected += 0.35 + 0.6 * (p - TRUMP_POWER) / 10
            else:                     # a plain card wins only if its suit is led, untrumped
                expected += 0.25 * max(p - 106, 0) / 4
        return expected / need

    def _answer(self, observation: Observation, actions: Sequence[Action]) -> Action:
        kinds = {a.kind: a for a in actions}
        strength = self.strength(observation)
        bluff = self.rng.random() < self.bluff
        if (RAISE in kinds and not observation.dead_raise
                and strength >= self.raise_at + 0.3):
            return kinds[RAISE]
        if strength >= self.accept_at or bluff or self._fold_loses_game(observation):
            return kinds[ACCEPT]
        return kinds[FOLD]

    @staticmethod
    def _fold_loses_game(observation: Observation) -> bool:
        """Whether a fold now would give the raising team the game."""
        assert observation.raiser is not None
        raiser = observation.raiser & 1
        points = rule_points(observation.tables, observation.accepted_value, observation.score,
                             raiser)
        target: int = observation.tables.rules.target
        return observation.score[raiser] + points >= target

    # -- card play -----------------------------------------------------------------

    def _play(self, observation: Observation, plays: list[Action]) -> Action:
        tt = observation.tables.by_trump[observation.up // 10]
        if len(plays) == 1:
            return plays[0]

        def cost(a: Action) -> int:  # what it costs to give the card away
            assert a.card is not None
            return tt.power[a.card] + (100 if tt.always[a.card] else 0)

        cheapest = min(plays, key=cost)
        trick = [card for _, card in observation.trick]
        if not trick:
            need = observation.tables.rules.tricks_to_win - observation.tricks_won[observation.team]
            if need == 1:
                seen = _seen(observation)
                sure = [a for a in plays if a.card is not None
                        and _unbeatable(tt, seen, a.card)]
                if sure:
                    return min(sure, key=cost)
            return cheapest
        at = trick_winner(tt, trick)
        winning_seat = observation.trick[at][0]
        if winning_seat & 1 == observation.team:
            return cheapest           # the partner is winning: keep the good cards
        led = tt.suit[trick[0]]
        best = tt.power[trick[at]]    # the power of the winning card
        winners = [a for a in plays if a.card is not None
                   and (tt.always[a.card] or tt.suit[a.card] == led) and tt.power[a.card] > best]
        return min(winners, key=cost) if winners else cheapest


def _seen(observation: Observation) -> set[int]:
    """The cards the observed seat has seen: its own, the turned-up card and the
    finished tricks."""
    seen: set[int] = set(observation.cards)
    seen.add(observation.up)
    for record in observation.tricks:
        seen.update(record.cards)
    return seen


def _unbeatable(tt: TrumpTables, seen: set[int], card: int) -> bool:
    """Whether ``card``, led, beats every card not in ``seen`` (see :func:`_seen`)."""
    suit, power, always = tt.suit[card], tt.power[card], tt.always
    for other in range(40):
        if other in seen:
            continue
        if (always[other] or tt.suit[other] == suit) and tt.power[other] > power:
            return False
    return True
