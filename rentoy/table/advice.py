"""Advice at the table: what the search sees from a seat's observation.

Two things a person at the table is told come from the search bot reading an
observation, never the state: a hint (:func:`hint`: what the search bot would do in the
person's place and the chance it gives the team, or, once every card still in play is
known, what perfect play says of each card) and a partner bot's reason for a raise
(:func:`chance_of_hand`: the chance the partner's own observation gives the team of
winning the hand). Each asks a search bot of its own, with a generator of its own, so
that advice draws nothing from the table's bots and a game goes on as it would
without it.
"""

from __future__ import annotations

import random

from ..analysis import Solver
from ..analysis.worlds import sample_world, trick_in_play, trump_tables, unseen_cards
from ..bots import SearchBot
from ..model.cards import DECK
from ..engine import PLAY, Action, Observation
from ..core.frozen import Frozen

__all__ = ["Hint", "hint", "chance_of_hand", "REASON_SAMPLES"]

#: The worlds a partner's reason is read from: fewer than a hint's, as it is asked at
#: every raise a partner makes.
REASON_SAMPLES = 16


class Hint(Frozen):
    """A hint: ``exact`` (every card still in play is known) with the ``winning`` cards'
    codes; or the search bot's ``action`` with the ``chance`` it gives the team over
    ``samples`` worlds."""

    exact: bool
    winning: tuple[str, ...]
    action: Action | None
    chance: float
    samples: int


def hint(obs: Observation, players: int, hand_size: int, bot: SearchBot) -> Hint:
    """The hint for the seat of ``obs`` (which may act), from ``bot``."""
    played = sum(len(t.cards) for t in obs.tricks) + len(obs.trick)
    hidden = players * hand_size - played - len(obs.cards)
    plays = [a for a in obs.legal if a.kind == PLAY]
    # Known when no other seat holds a card, or when every card unseen is in a hand.
    if plays and not obs.pending and (hidden == 0 or len(unseen_cards(obs)) == hidden):
        world = sample_world(obs, random.Random(0))     # the only one there is
        leader, trick = trick_in_play(obs)
        solver = Solver(obs.tables, trump_tables(obs), players, (obs.dealer + 1) % players)
        moves = solver.move_winners(world, leader, trick, obs.tricks_won)
        winning = tuple(DECK[c].code for c, team in moves.items() if team == obs.seat & 1)
        return Hint(exact=True, winning=winning, action=None, chance=float(bool(winning)),
                    samples=0)
    choice = bot.choose(obs)
    estimate = bot.estimate(obs)
    card = choice.card          # a card exactly when the choice is to play one
    chance = estimate.cards.get(int(card), estimate.p) if card is not None else estimate.p
    return Hint(exact=False, winning=(), action=choice, chance=chance, samples=bot.samples)


def chance_of_hand(obs: Observation, rng: random.Random) -> float:
    """The chance that the team of ``obs``'s seat wins the hand, as a search bot reads
    it from that observation alone (the partner's estimate behind a raise)."""
    return SearchBot(samples=REASON_SAMPLES, rng=rng).estimate(obs).p
