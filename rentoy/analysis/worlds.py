"""Worlds consistent with what one seat has seen: the hidden cards, sampled.

A seat knows its own cards, the turned-up card and every card played; the other seats'
cards are hidden. A *world* gives each seat the cards it still holds, so that every
card played so far was legal when it was played. The duties reveal more than the cards:
a seat that did not follow an arrastre (a trump led) holds no trump; one that played a
low trump under the over-trumping duty holds none higher than the trick's best; one
that did not follow suit where it must holds none of that suit.

Those inferences are not written out rule by rule here: for each card played to a trick
and each hidden card, the engine's own ``legal_cards`` says
whether holding that card as well would have made the play illegal. The duties are all
of the form "if you hold a card of this kind, play one", so a card is excluded exactly
when it alone would have forbidden the play. Every sampled world is then checked by
replaying the hand's plays through the same function.

Sampling is exact rejection sampling (deal the hidden cards uniformly, keep the deal if
it respects every seat's exclusions), falling back after a bounded number of tries to
drawing each seat's cards from those it may hold, most constrained seat first (close to
uniform, always consistent). Betting is not read for inferences: a raise says something
about a hand, but no rule forbids bluffing.

>>> import random
>>> from rentoy.engine import Deal, Hand
>>> deal = Deal.parse([["3c", "6b", "7e"], ["12c", "2b", "4e"], ["2c", "1o", "5e"],
...                    ["11c", "3b", "6e"]], up="5o")
>>> hand = Hand("1737", deal=deal)
>>> for action in ["0 play 7e", "1 play 4e", "2 play 1o"]:
...     event = hand.apply(action)
>>> seen = hand.observation(3)
>>> world = sample_world(seen, random.Random(1))
>>> [len(cards) for cards in world]
[2, 2, 2, 3]
>>> sorted(world[3]) == sorted(seen.cards)        # its own cards, as they are
True
>>> is_consistent(seen, world)
True
"""

from __future__ import annotations

import random
from typing import Sequence

from ..engine import Observation
from ..engine.actions import PLAY
from ..engine.rules import legal_cards
from ..engine.tables import TrumpTables

__all__ = ["Plays", "plays_of", "unseen_cards", "exclusions", "sample_world",
           "sample_worlds", "is_consistent", "trick_in_play", "trump_tables"]

#: The plays of the hand being played: (seat, card, the cards already in its trick).
Plays = tuple[tuple[int, int, tuple[int, ...]], ...]

_TRIES = 64


def trump_tables(observation: Observation) -> TrumpTables:
    """The compiled card tables for the observation's trump suit."""
    return observation.tables.by_trump[int(observation.up) // 10]


#: The last observation read by :func:`plays_of` and its plays (a search asks several
#: times of one observation; observations never change).
_last: list[tuple[Observation | None, Plays]] = [(None, ())]


def plays_of(observation: Observation) -> Plays:
    """Every card played this hand, in order, with the trick it was played to."""
    found = _last[0]
    if found[0] is observation:
        return found[1]
    n = observation.players
    out: list[tuple[int, int, tuple[int, ...]]] = []
    trick: list[int] = []
    for action in observation.actions:
        if action.kind != PLAY or action.card is None:
            continue
        out.append((action.seat, int(action.card), tuple(trick)))
        trick.append(int(action.card))
        if len(trick) == n:
            trick = []
    plays = tuple(out)
    _last[0] = (observation, plays)
    return plays


def unseen_cards(observation: Observation) -> list[int]:
    """The cards the observing seat has not seen: not its own, not turned up, not played."""
    seen = {int(c) for c in observation.cards}
    seen.add(int(observation.up))
    seen.update(card for _, card, _ in plays_of(observation))
    return [c for c in range(40) if c not in seen]


def _held(observation: Observation) -> list[int]:
    """How many cards each seat holds now."""
    size = observation.tables.rules.hand_size
    counts = [size] * observation.players
    for seat, _, _ in plays_of(observation):
        counts[seat] -= 1
    return counts


def exclusions(observation: Observation, unseen: Sequence[int] | None = None) -> list[int]:
    """Per seat, a bitmask of the unseen cards it cannot hold (what its plays revealed)."""
    tables, tt = observation.tables, trump_tables(observation)
    pool = unseen_cards(observation) if unseen is None else list(unseen)
    masks = [0] * observation.players
    for seat, card, trick in plays_of(observation):
        if not trick or seat == observation.seat:
            continue
        before = list(trick)
        for other in pool:
            if not masks[seat] >> other & 1 and \
                    card not in legal_cards(tables, tt, [card, other], before):
                masks[seat] |= 1 << other
    return masks


def is_consistent(observation: Observation, world: Sequence[Sequence[int]]) -> bool:
    """Whether every card played this hand was legal had the seats held ``world`` (the
    cards each still holds) plus the cards each played from then on."""
    tables, tt = observation.tables, trump_tables(observation)
    plays = plays_of(observation)
    held = [list(map(int, cards)) for cards in world]
    for seat, card, trick in reversed(plays):
        held[seat].append(card)
        if trick and card not in legal_cards(tables, tt, held[seat], list(trick)):
            return False
    return True


def sample_world(observation: Observation, rng: random.Random,
                 unseen: Sequence[int] | None = None, masks: Sequence[int] | None = None
                 ) -> list[list[int]]:
    """One world: each seat's remaining cards (the observer's own as they are), drawn
    from the worlds consistent with ``observation``."""
    me = observation.seat
    pool = unseen_cards(observation) if unseen is None else list(unseen)
    masks = exclusions(observation, pool) if masks is None else masks
    counts = _held(observation)
    others = [s for s in range(observation.players) if s != me]
    own = [int(c) for c in observation.cards]
    for _ in range(_TRIES):
        cards = rng.sample(pool, sum(counts[s] for s in others))
        world: list[list[int]] = [[] for _ in range(observation.players)]
        world[me] = own[:]
        at, ok = 0, True
        for s in others:
            world[s] = cards[at:at + counts[s]]
            at += counts[s]
            if any(masks[s] >> c & 1 for c in world[s]):
                ok = False
                break
        if ok:
            return world
    return _constrained_world(observation, rng, pool, masks, counts, own)


def _constrained_world(observation: Observation, rng: random.Random, pool: Sequence[int],
                       masks: Sequence[int], counts: Sequence[int], own: list[int]
                       ) -> list[list[int]]:
    me = observation.seat
    others = sorted((s for s in range(observation.players) if s != me),
                    key=lambda s: -bin(masks[s]).count("1"))
    for _ in range(_TRIES):
        left = list(pool)
        world: list[list[int]] = [[] for _ in range(observation.players)]
        world[me] = own[:]
        ok = True
        for s in others:
            allowed = [c for c in left if not masks[s] >> c & 1]
            if len(allowed) < counts[s]:
                ok = False
                break
            world[s] = rng.sample(allowed, counts[s])
            taken = set(world[s])
            left = [c for c in left if c not in taken]
        if ok and is_consistent(observation, world):
            return world
    raise ValueError("no deal of the hidden cards is consistent with this observation")


def sample_worlds(observation: Observation, count: int, rng: random.Random
                  ) -> list[list[list[int]]]:
    """``count`` worlds drawn independently (see :func:`sample_world`: the same worlds
    from the same generator, with what every draw shares worked out once)."""
    pool = unseen_cards(observation)
    masks = exclusions(observation, pool)
    me = observation.seat
    counts = _held(observation)
    others = [s for s in range(observation.players) if s != me]
    need = sum(counts[s] for s in others)
    own = [int(c) for c in observation.cards]
    spans = []
    at = 0
    for s in others:
        spans.append((s, at, at + counts[s], masks[s]))
        at += counts[s]
    players = observation.players
    sample = rng.sample
    out = []
    for _ in range(count):
        for _ in range(_TRIES):
            cards = sample(pool, need)
            world: list[list[int]] = [[] for _ in range(players)]
            world[me] = own[:]
            for s, start, stop, mask in spans:
                part = cards[start:stop]
                world[s] = part
                if mask:
                    bits = 0
                    for c in part:
                        bits |= 1 << c
                    if bits & mask:
                        break
            else:
                out.append(world)
                break
        else:
            out.append(_constrained_world(observation, rng, pool, masks, counts, own))
    return out


def trick_in_play(observation: Observation) -> tuple[int, tuple[int, ...]]:
    """The leader of the trick being played and its cards so far (the next card is
    the seat ``(leader + len(cards)) % players``'s, also while a raise waits for an
    answer and the seat to act is the answerer)."""
    n = observation.players
    if observation.trick:
        leader = observation.trick[0][0]
        return leader, tuple(int(c) for _, c in observation.trick)
    if observation.tricks:
        return observation.tricks[-1].winner, ()
    return (observation.dealer + 1) % n, ()
