"""Reading the table: how likely it is that the other team bets without regard to its
cards, from the betting of the game so far.

Two models of the other team are weighed against each other, action by action, from
the first hand of the game to now (Bayes' rule, starting from ``prior``):

- a **careless** team picks uniformly among its legal actions: on its turn with ``k``
  cards it raises with chance ``1 / (k + 1)``, and it answers a raise by accepting,
  folding or raising again with equal chances;
- a **careful** team raises on :data:`CAREFUL_RAISE` of its turns and answers a raise
  by accepting, folding or raising again as :data:`CAREFUL_ANSWER` says.

Only the moments when the other team could have raised count as evidence: its turns
while the ladder has a step left and, under ``raise_right: acceptor``, the right to
raise is not the bot's team's alone; and its answers to a raise. The betting is replayed
with the engine's own :func:`~rentoy.engine.rules.bet`, and whether a raise was open is
asked of its :func:`~rentoy.engine.rules.raise_rule_refusal`. The careful model's
rates are the project's assumption, chosen as round figures near what a player who
raises with good cards and bluffs now and then does; no source gives them.

>>> from rentoy.engine import Game
>>> game = Game("1737", players=4, seed=1)
>>> careless_chance(game.observation(0))          # nothing seen yet: the prior
0.5
"""

from __future__ import annotations

import math
from typing import Sequence

from ..engine import Action, Observation
from ..engine.actions import ACCEPT, FOLD, GAME_CALL, PLAY, RAISE
from ..engine.rules import Betting, bet, game_call_refusal, raise_rule_refusal
from ..engine.tables import Tables

__all__ = ["careless_chance", "CAREFUL_RAISE", "CAREFUL_ANSWER"]

#: The share of its turns on which a careful team raises (when it may).
CAREFUL_RAISE = 0.1
#: How a careful team answers a raise: accept, fold, raise again.
CAREFUL_ANSWER = {ACCEPT: 0.5, FOLD: 0.45, RAISE: 0.05}

_LIMIT = 30.0       # log-odds kept within ±30: the chance stays strictly inside 0 and 1


def careless_chance(observation: Observation, prior: float = 0.5) -> float:
    """The chance, after the game's betting so far, that the team other than the
    observed seat's bets without regard to its cards (see the module docstring)."""
    if not 0.0 < prior < 1.0:
        raise ValueError(f"prior is a chance strictly between 0 and 1, not {prior!r}")
    us = observation.seat & 1
    odds = math.log(prior / (1.0 - prior))
    tables, players = observation.tables, observation.players
    for record in observation.past:
        odds += _finished(tables, players, record.dealer, us, record.actions)
    odds += _evidence(tables, players, observation.dealer, us, observation.actions)
    odds = max(-_LIMIT, min(_LIMIT, odds))
    return 1.0 / (1.0 + math.exp(-odds))


def _bets_open(tables: Tables, betting: Betting, seat: int) -> int:
    """How many kinds of raise (one step, the whole game) ``seat`` may make now, its
    turn or its answer settled: the engine's own rule."""
    open_ = raise_rule_refusal(tables, betting, seat) is None
    if tables.game_level >= 0 and game_call_refusal(tables, betting, seat) is None:
        return open_ + 1
    return int(open_)


#: The evidence of finished hands, read again at every later decision of their game:
#: (the identities of the rules and of the hand's actions, table size, dealer, team) to
#: (the rules, the actions, the evidence). Both are kept, so their identities stay theirs.
_read: dict[tuple[int, int, int, int, int],
            tuple[Tables, Sequence[Action], float]] = {}


def _finished(tables: Tables, players: int, dealer: int, us: int,
              actions: Sequence[Action]) -> float:
    """:func:`_evidence` of a finished hand (whose record never changes), remembered
    by identity, since hashing the rules or the actions costs more than the reading."""
    key = (id(tables), id(actions), players, dealer, us)
    found = _read.get(key)
    if found is None or found[0] is not tables or found[1] is not actions:
        if len(_read) > 4096:
            _read.clear()
        found = _read[key] = (tables, actions,
                              _evidence(tables, players, dealer, us, actions))
    return found[2]


def _evidence(tables: Tables, players: int, dealer: int, us: int,
              actions: Sequence[Action]) -> float:
    """The log-likelihood ratio (careless over careful) of the other team's betting in
    one hand, replayed with the engine's own betting rules (:func:`bet`)."""
    held = [tables.rules.hand_size] * players
    betting = Betting.start(dealer, players)
    total = 0.0
    for action in actions:
        kind, seat = action.kind, action.seat
        theirs = seat & 1 != us
        if betting.pending:                  # an answer to a raise
            if theirs:
                raises = _bets_open(tables, betting, seat)
                share = CAREFUL_ANSWER[RAISE] / raises if kind in _RAISES else \
                    CAREFUL_ANSWER[kind]
                total += math.log((1.0 / (2 + raises)) / share)
        elif theirs:
            raises = _bets_open(tables, betting, seat)
            if raises:
                k = held[seat]
                if kind in _RAISES:
                    total += math.log((1.0 / (k + raises)) / (CAREFUL_RAISE / raises))
                else:
                    total += math.log((k / (k + raises)) / (1.0 - CAREFUL_RAISE))
        if kind == PLAY:
            held[seat] -= 1
        elif kind != FOLD:
            betting = bet(tables, betting, action)
    return total


_RAISES = (RAISE, GAME_CALL)
