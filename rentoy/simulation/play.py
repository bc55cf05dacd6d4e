"""Playing simulated games: random streams, one chunk of games, the per-game record.

The work of a simulation is cut into chunks of consecutive game indices
(:class:`ChunkTask`); :func:`play_chunk` plays them under every variant and returns
one record per game and variant (:class:`ChunkResult`). A task holds only plain
values (variant specs, numbers, bot names), so it pickles for a process pool or a
distributed executor, and the worker loads the variants itself.

**Random streams.** Each game deals from a generator seeded from the run's seed and the
game index, hand after hand (seeded afresh for every variant, so the same cards for
each); the bots' choices come from a second generator, reseeded from the seed, the game
index and the hand index before every hand (:func:`stream_seed`). So hand ``h`` of game
``g`` gets the same cards under every variant that deals as many cards (common random
numbers: :func:`~rentoy.engine.draw_deal` is a partial Fisher-Yates shuffle, so the
same generator state deals the same cards), the bots start each hand from the same
state whatever happened in earlier hands, and no result depends on which worker played
which chunk.

**The game.** Each game is a :class:`~rentoy.engine.Game`: it starts at 0-0 with seat
``players - 1`` dealing (seat 0 is mano); after every hand the deal passes to the
next seat and the score carries on, until a team reaches the variant's target. The
simulation only supplies the deals (``Game(deals=...)``) and reseeds the bots.

>>> task = ChunkTask(("1737",), players=4, bots=("random", "random"), seed=1, start=0, stop=3)
>>> result = play_chunk(task)
>>> len(result.records), len(result.records[0])
(3, 1)
>>> result.records == play_chunk(task).records      # the same seed, the same games
True
"""

from __future__ import annotations

import _random
import random
from dataclasses import dataclass
from typing import Sequence

from ..engine import Game, Outcome
from ..engine.observation import record_of
from ..bots import Bot
from ..bots import team_bots
from ..model.variant import Variant
from ..data.variants import load_variant
from .duties import count_duties, record_tricks
from .stats import Moments

__all__ = ["DEALS", "BOT_CHOICES", "stream_seed", "ChunkTask", "ChunkResult", "play_chunk",
           "play_game", "variant_spec"]

#: Stream numbers for :func:`stream_seed`.
DEALS, BOT_CHOICES, SEARCH_DEALS, SEARCH_CHOICES = 0, 1, 2, 3
_MASK64 = (1 << 64) - 1
# The generator's own int seeding (what random.Random.seed does for an int, without the
# type checks): the same state, a little faster once a hand.
_seed = _random.Random.seed


def stream_seed(seed: int, stream: int, game: int, hand: int = 0) -> int:
    """The seed of one random stream: distinct for every (seed, stream, game, hand).

    The four numbers are packed into one integer (the seed taken modulo 2**64, up to
    256 streams, 2**40 games, 2**24 hands per game), which seeds a
    :class:`random.Random` (Mersenne Twister) directly.

    >>> stream_seed(1, DEALS, 0, 0) != stream_seed(1, BOT_CHOICES, 0, 0)
    True
    """
    return ((((seed & _MASK64) << 8 | stream) << 40 | game) << 24) | hand


def variant_spec(variant: Variant) -> str:
    """What a worker passes to :func:`~rentoy.data.variants.load_variant` to get ``variant``
    back: the built-in id, or the file's absolute path, with its options."""
    if variant.builtin or variant.path is None:
        return variant.id
    return "+".join([str(variant.path), *variant.applied_options])


@dataclass(frozen=True)
class ChunkTask:
    """Games ``start`` to ``stop - 1`` under each variant of ``specs``.

    ``bots`` names team A's and team B's bot; ``cross`` asks for the cross-variant
    products the paired differences need.
    """

    specs: tuple[str, ...]
    players: int
    bots: tuple[str, str]
    seed: int
    start: int
    stop: int
    cross: bool = True


@dataclass(frozen=True)
class ChunkResult:
    """The records of a chunk's games (``records[game - start][variant]``) and their
    :class:`~rentoy.simulation.stats.Moments`."""

    start: int
    stop: int
    records: tuple[tuple[tuple[int, ...], ...], ...]
    moments: Moments


def play_chunk(task: ChunkTask) -> ChunkResult:
    """Play a chunk of games under every variant (the unit of work of a simulation).

    The variants are loaded by spec (:func:`~rentoy.data.variants.load_variant` keeps them
    cached until their files change).
    """
    variants = [load_variant(spec) for spec in task.specs]
    bot_rng, deal_rng = random.Random(), random.Random()
    bots = team_bots(task.bots, bot_rng)
    fast = task.bots == ("random", "random")
    records = []
    for game in range(task.start, task.stop):
        records.append(tuple(
            _record(play_game(v, task.players, task.seed, game, bot_rng, bots, fast,
                              deal_rng))
            for v in variants))
    moments = Moments.of(len(variants), records, cross=task.cross)
    return ChunkResult(task.start, task.stop, tuple(records), moments)


def play_game(variant: Variant, players: int, seed: int, game: int, bot_rng: random.Random,
              bots: Sequence[Bot], fast: bool = False,
              deal_rng: random.Random | None = None) -> Game:
    """Play game ``game`` under ``variant``: the finished game (its deals and actions
    make a game record; :func:`play_chunk` counts in it what
    :data:`~rentoy.simulation.stats.FIELDS` names).

    The game is a :class:`~rentoy.engine.Game` (which rotates the deal, keeps the
    score and ends the game), dealing hand after hand from its own generator seeded by
    (seed, game): every variant's game starts from the same state, so every variant
    that deals as many cards gets the same cards in every hand of the game. ``bots``
    holds team A's and team B's bot, both drawing from ``bot_rng``, which is reseeded by
    (seed, game, hand) before every hand; each is given the observation of the seat
    the engine names. ``fast`` plays two random bots inline (the same choices
    :class:`~rentoy.bots.basic.RandomBot` makes, without building observations).
    ``deal_rng``, a generator to deal from, reseeded here (a chunk of games keeps one;
    the finished game's ``rng`` is then that generator, which the next game reseeds).
    """
    deals = deal_rng if deal_rng is not None else random.Random()
    _seed(deals, stream_seed(seed, DEALS, game))
    play = Game(variant, players, rng=deals)
    r = bot_rng.random
    reseed = _seed.__get__(bot_rng)
    bot_seed = stream_seed(seed, BOT_CHOICES, game, 0)   # | index: the hand's stream
    apply = play.apply_unchecked
    index = 0
    while not play.is_over:
        reseed(bot_seed | index)
        hand = play.hand
        if fast:
            # The hand's own legal actions: none once it is over (the game deals on).
            legal = hand.legal_actions
            actions = legal()
            while actions:
                apply(actions[int(r() * len(actions))])
                actions = legal()
        else:
            while hand.result is None:
                seat = hand.current_seat
                assert seat is not None
                apply(bots[seat & 1].choose(play.observation(seat)))
        index += 1
    return play


def _record(game: Game) -> tuple[int, ...]:
    """A finished game's record: the sums of :data:`~rentoy.simulation.stats.FIELDS`."""
    players = game.players
    tables = game.tables
    last_trick, by_trump = tables.rules.tricks, tables.by_trump
    hands = points = folds = played_out = two_tricks = mano_wins = 0
    tricks = trump_leads = trump_tricks = 0
    follows = constrained = arrastre = overtrump = follow_suit = 0
    fold = Outcome.FOLD
    for hand in game.finished_hands:
        seen = record_of(hand)          # all a finished hand shows, without an observation
        result = seen.result
        hands += 1
        points += result.points
        log = seen.tricks
        if result.how is fold:
            folds += 1
        else:
            played_out += 1
            if len(log) < last_trick:
                two_tricks += 1
        if result.winner == (seen.dealer + 1) % players & 1:      # the mano's team
            mano_wins += 1
        tt = by_trump[seen.up // 10]
        suit, always, trump = tt.suit, tt.always, tt.trump
        for leader, cards, winner in log:
            tricks += 1
            if suit[cards[0]] == trump:
                trump_leads += 1
            if always[cards[(winner - leader) % players]]:
                trump_tricks += 1
        played = record_tricks(seen, players)
        if played:
            f, c, a, o, fs = count_duties(tables, players, hand.deal.hands, seen.up, played)
            follows += f
            constrained += c
            arrastre += a
            overtrump += o
            follow_suit += fs
    return (hands, points, folds, played_out, two_tricks, mano_wins, tricks, trump_leads,
            trump_tricks, 1 if game.winner == "A" else 0,
            follows, constrained, arrastre, overtrump, follow_suit)
