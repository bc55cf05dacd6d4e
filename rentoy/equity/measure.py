"""Measuring one hand's result at every score, and whole games from chosen scores.

:func:`measure_hands` plays ``hands`` hands at every score short of the target, each
one the first hand of a game started at that score with the last seat dealing (team B
deals; the other team's deals follow by symmetry, see :mod:`rentoy.equity.table`), and
counts what came of it: which team won and how many points. These counts are all the
recursion over the scores needs. :func:`play_from` plays whole games from one score,
the independent check of the recursion.

Every hand and game has its own random streams, numbered by the seed, the score and
its index, so the counts are the same whatever ``jobs`` or the executor (a local
process pool, or a dask cluster's executor: :mod:`rentoy.simulation.cluster`).

>>> counts = measure_hands("tests/fixtures/variants/short-game.yaml", hands=20,
...                        seed=1, bots=("greedy", "greedy"))
>>> sorted(counts)[:3], sum(counts[(0, 0)].values())
([(0, 0), (0, 1), (0, 2)], 20)
"""

from __future__ import annotations

import random
from collections import Counter
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from ..bots import make_bot
from ..engine import Game, Hand
from ..simulation.play import stream_seed, variant_spec
from ..model.consistency import check_players
from ..model.variant import Variant
from ..data.variants import load_variant
from ..core.workers import process_pool

__all__ = ["DEFAULT_BOTS", "HandTask", "GameTask", "measure_hands", "play_from",
           "hands_at", "games_from", "Outcome", "score_cells"]

#: The bots that play the measured hands, unless told otherwise: the search bot at its
#: default settings (32 worlds a decision) but reading nothing into the table
#: (careless_at=1), so that a hand's result depends on the score and the cards alone,
#: which the recursion over the scores needs (a bot that reads the earlier hands' bets
#: would bring the game's history into every hand).
DEFAULT_BOTS = "search:careless_at=1"

# Stream numbers (see rentoy.simulation.play.stream_seed), apart from the simulation's.
_HAND_DEALS, _HAND_CHOICES, _GAME_DEALS, _GAME_CHOICES = 16, 17, 18, 19

#: One hand's result: the winning team (0 A, 1 B) and the points it scored.
Outcome = tuple[int, int]


@dataclass(frozen=True)
class HandTask:
    """Hands ``start`` .. ``start + count - 1`` at ``score``: a small picklable unit."""

    spec: str
    players: int
    bots: tuple[str, str]
    seed: int
    score: tuple[int, int]
    start: int
    count: int


@dataclass(frozen=True)
class GameTask:
    """Games ``start`` .. ``start + count - 1`` from ``score`` with ``dealer`` dealing."""

    spec: str
    players: int
    bots: tuple[str, str]
    seed: int
    score: tuple[int, int]
    dealer: int
    start: int
    count: int


def _cell(score: tuple[int, int]) -> int:
    return score[0] * 4096 + score[1]


def hands_at(task: HandTask) -> tuple[tuple[int, int], dict[Outcome, int]]:
    """Play a :class:`HandTask`; the score and the count of each outcome."""
    variant = load_variant(task.spec)
    counts: Counter[Outcome] = Counter()
    for index in range(task.start, task.start + task.count):
        deals = random.Random(stream_seed(task.seed, _HAND_DEALS, _cell(task.score), index))
        choices = random.Random(stream_seed(task.seed, _HAND_CHOICES, _cell(task.score), index))
        bots = (make_bot(task.bots[0], rng=choices), make_bot(task.bots[1], rng=choices))
        hand = Hand(variant, task.players, task.players - 1, task.score, rng=deals)
        while not hand.is_over:
            seat = hand.current_seat
            assert seat is not None
            hand.apply_unchecked(bots[seat & 1].choose(hand.observation(seat)))
        result = hand.result
        assert result is not None
        counts[(result.winner, result.points)] += 1
    return task.score, dict(counts)


def games_from(task: GameTask) -> tuple[tuple[int, int], int, int, int]:
    """Play a :class:`GameTask`; the score, the dealer, the games team A won, and the
    games played."""
    variant = load_variant(task.spec)
    won = 0
    for index in range(task.start, task.start + task.count):
        key = _cell(task.score) * 16 + task.dealer
        deals = random.Random(stream_seed(task.seed, _GAME_DEALS, key, index))
        choices = random.Random(stream_seed(task.seed, _GAME_CHOICES, key, index))
        bots = (make_bot(task.bots[0], rng=choices), make_bot(task.bots[1], rng=choices))
        game = Game(variant, task.players, rng=deals, score=task.score, dealer=task.dealer)
        while not game.is_over:
            seat = game.current_seat
            assert seat is not None
            game.apply_unchecked(bots[seat & 1].choose(game.observation(seat)))
        won += game.winner == "A"
    return task.score, task.dealer, won, task.count


def _run(function: Callable[[Any], Any], tasks: Sequence[Any], jobs: int,
         executor: Executor | None, progress: Callable[[int, int], None] | None
         ) -> list[Any]:
    """Run ``tasks`` in order here (one job), in a process pool or on ``executor``."""
    out = []
    total = len(tasks)
    if executor is None and jobs <= 1:
        for task in tasks:
            out.append(function(task))
            if progress:
                progress(len(out), total)
        return out
    if executor is not None:
        futures = [executor.submit(function, task) for task in tasks]
        for future in futures:
            out.append(future.result())
            if progress:
                progress(len(out), total)
        return out
    with process_pool(jobs) as pool:
        for result in pool.map(function, tasks):
            out.append(result)
            if progress:
                progress(len(out), total)
    return out


def score_cells(target: int) -> list[tuple[int, int]]:
    """Every score short of ``target``, team A's score first."""
    return [(a, b) for a in range(target) for b in range(target)]


def _setup(variant: Variant | str, players: int | None, bots: Sequence[str] | str
           ) -> tuple[Variant, str, int, tuple[str, str]]:
    v = load_variant(variant)
    n = check_players(v, v.rules.default_players if players is None else players)
    pair = (bots, bots) if isinstance(bots, str) else (bots[0], bots[1])
    for spec in pair:
        make_bot(spec, seed=0)          # a bad spec is refused here, not in a worker
    return v, variant_spec(v), n, pair


def measure_hands(variant: Variant | str, hands: int, seed: int = 0,
                  players: int | None = None, bots: Sequence[str] | str = DEFAULT_BOTS,
                  jobs: int = 1, executor: Executor | None = None,
                  scores: Iterable[tuple[int, int]] | None = None,
                  progress: Callable[[int, int], None] | None = None, start: int = 0
                  ) -> dict[tuple[int, int], dict[Outcome, int]]:
    """``hands`` hands at every score short of the target (or at ``scores``), team B
    dealing: the count of each outcome, by score. Every hand has deals and choices of
    its own, drawn from the seed, the score and its number, so hands ``start`` onwards
    add to hands ``0 .. start - 1`` exactly what one longer run would have played."""
    if hands < 1:
        raise ValueError(f"hands must be 1 or more, not {hands}")
    if start < 0:
        raise ValueError(f"start must be 0 or more, not {start}")
    v, spec, n, pair = _setup(variant, players, bots)
    cells = list(scores) if scores is not None else score_cells(v.rules.target)
    tasks = [HandTask(spec, n, pair, seed, cell, start, hands) for cell in cells]
    return dict(_run(hands_at, tasks, jobs, executor, progress))


def play_from(variant: Variant | str, scores: Iterable[tuple[int, int, int]], games: int,
              seed: int = 0, players: int | None = None,
              bots: Sequence[str] | str = DEFAULT_BOTS, jobs: int = 1,
              executor: Executor | None = None, chunk: int = 20,
              progress: Callable[[int, int], None] | None = None
              ) -> dict[tuple[int, int, int], tuple[int, int]]:
    """``games`` whole games from each ``(a, b, dealer_team)``: team A's wins and the
    games played, by score and dealing team."""
    v, spec, n, pair = _setup(variant, players, bots)
    tasks = []
    for a, b, dealer_team in scores:
        dealer = n - 1 if dealer_team == 1 else n - 2
        for start in range(0, games, chunk):
            tasks.append(GameTask(spec, n, pair, seed, (a, b), dealer, start,
                                  min(chunk, games - start)))
    out: dict[tuple[int, int, int], tuple[int, int]] = {}
    for score, dealer, won, played in _run(games_from, tasks, jobs, executor, progress):
        key = (score[0], score[1], dealer & 1)
        w, g = out.get(key, (0, 0))
        out[key] = (w + won, g + played)
    return out
