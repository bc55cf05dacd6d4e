"""Running a simulation: the same games under each variant, on one core or many.

:func:`simulate` plays whole games, numbered 0, 1, 2, ..., under every variant, and
stops after the first ``G`` games with which **every variant has played at least
``hands`` hands**: the unit is hands, counted in whole games to each variant's target,
and all variants play the same ``G`` games (the same deals), so their results can be
compared game by game.

The games are cut into chunks of consecutive indices; the chunks are played in this
process (``jobs=1``), in a :class:`~concurrent.futures.ProcessPoolExecutor`
(``jobs=J``; ``jobs=0`` uses every core), or in any
:class:`concurrent.futures.Executor` passed as ``executor``. Results are merged in
game order and each game's record depends only on the seed and its index, so the
result is bit-for-bit the same whatever ``jobs``, the executor or the chunk size.

A distributed run needs nothing more than an executor. With dask.distributed::

    client = Client(address)
    workers = len(client.scheduler_info()["workers"])
    result = simulate(specs, hands, seed, executor=client.get_executor(), jobs=workers)

ships each chunk (a small picklable :class:`~rentoy.simulation.play.ChunkTask` of
variant specs and numbers) to a worker, which loads the variants itself, and gets
back plain integers; ``jobs`` tells the scheduler how many chunks to keep in flight.
Built-in ids work everywhere; a variant file given by path must exist at the same
path on the workers. The result is the same as on one core.

>>> result = simulate(["1737", "avila"], hands=40, seed=1)
>>> result.variants, min(result.hands) >= 40
(('1737', 'avila'), True)
>>> result == simulate(["1737", "avila"], hands=40, seed=1, chunk_games=2)
True
"""

from __future__ import annotations

import math
import os
import time
from collections import deque
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..bots import BOT_NAMES as _BOT_NAMES, parse_team_specs
from ..engine import compile_variant
from ..engine.rules import duties
from ..core.errors import InputError, Problem
from ..model.variant import Variant
from ..data.variants import load_variants
from ..core.workers import WorkerLost, process_pool
from .play import ChunkResult, ChunkTask, play_chunk, variant_spec
from .stats import STATISTIC_NAMES, STATISTICS, Estimate, Moments

__all__ = ["simulate", "SimulationResult", "SimulationError", "choose_players", "parse_bots",
           "BOT_NAMES"]

#: The bots a simulation can use, by name (see :mod:`rentoy.bots`).
BOT_NAMES: tuple[str, ...] = _BOT_NAMES
#: What the intervals of the JSON output are (its ``interval`` text).
INTERVAL = ("95% normal interval, estimate +- 1.96 SE, with the game-level "
            "(delta-method) standard error")
# A rough floor on hands per game, to size the first chunks (games are usually 3-5 hands).
_HANDS_PER_GAME_GUESS = 3.0


class SimulationError(InputError):
    """Simulation settings that cannot be used (bad counts, bots, players)."""


@dataclass(frozen=True)
class SimulationResult:
    """What a simulation measured: per-variant estimates and paired differences.

    ``hands[i]`` is the number of hands variant ``i`` played in the ``games`` games,
    ``best_of[i]`` its ``match`` rule (games are played one by one whatever it is),
    ``hand_sizes[i]`` the cards it deals each player (variants that deal as many cards
    get the same cards); ``moments`` holds the exact sums every estimate is computed
    from. ``seconds`` (the wall time of the play, worker start-up included, variant
    loading not) is the only field that varies between identical runs; it takes no
    part in equality.
    """

    variants: tuple[str, ...]
    names: tuple[str, ...]
    specs: tuple[str, ...]
    players: int
    bots: tuple[str, str]
    seed: int
    hands_requested: int
    games: int
    hands: tuple[int, ...]
    moments: Moments = field(repr=False)
    hand_sizes: tuple[int, ...] = ()
    best_of: tuple[int, ...] = ()
    seconds: float = field(default=0.0, compare=False)
    #: The duties each variant's rules impose (:func:`~rentoy.engine.rules.duties`).
    duties: tuple[frozenset[str], ...] = ()

    __hash__ = None  # type: ignore[assignment]  # holds mutable sums

    def index(self, variant: str) -> int:
        """The position of a variant id in ``variants``."""
        try:
            return self.variants.index(variant)
        except ValueError:
            raise KeyError(f"no variant {variant!r} in this simulation "
                           f"({', '.join(self.variants)})") from None

    @property
    def total_hands(self) -> int:
        """Hands played, all variants together."""
        return sum(self.hands)

    def estimate(self, variant: str, stat: str) -> Estimate:
        """One statistic for one variant (a name from
        :data:`~rentoy.simulation.stats.STATISTIC_NAMES`)."""
        return self.moments.estimate(self.index(variant), stat)

    def estimates(self, variant: str) -> dict[str, Estimate]:
        """Every statistic for one variant, in display order."""
        i = self.index(variant)
        return {name: self.moments.estimate(i, name) for name in STATISTIC_NAMES}

    def difference(self, variant: str, reference: str) -> dict[str, Estimate]:
        """``variant`` minus ``reference`` for every statistic, paired by game."""
        i, j = self.index(variant), self.index(reference)
        return {name: self.moments.difference(i, j, name) for name in STATISTIC_NAMES}

    def to_data(self, reference: str | None = None, timing: bool = True) -> dict[str, Any]:
        """Plain data for JSON: settings, per-variant statistics and paired differences
        against ``reference`` (default: the first variant)."""
        reference = reference or self.variants[0]
        data: dict[str, Any] = {
            "variants": list(self.variants), "players": self.players,
            "bots": {"A": self.bots[0], "B": self.bots[1]}, "seed": self.seed,
            "hands_requested": self.hands_requested, "games": self.games,
            "hands": sum(self.hands),
            "unit": "hands, in whole games to each variant's target; the same games "
                    "(deals) under every variant",
            "interval": INTERVAL,
            "statistics": {s.name: {"label": s.label, "description": s.description}
                           for s in STATISTICS},
            "results": [
                {"variant": v, "name": n, "hands": h, "games": self.games,
                 "hand_size": size, "match": best_of,
                 "statistics": {k: e.as_dict() for k, e in self.estimates(v).items()}}
                for v, n, h, size, best_of in zip(self.variants, self.names, self.hands,
                                                  self.hand_sizes, self.best_of)],
            "reference": reference,
            "differences": [
                {"variant": v, "reference": reference,
                 "statistics": {k: e.as_dict() for k, e in self.difference(v, reference).items()}}
                for v in self.variants if v != reference and self.moments.cross is not None],
        }
        if timing:
            data.update(self.timing())
        return data

    def timing(self, hands: int | None = None) -> dict[str, Any]:
        """``seconds`` and ``hands_per_second`` for the JSON output: ``hands`` (default:
        every variant's together) over the wall time, rounded."""
        hands = sum(self.hands) if hands is None else hands
        seconds = self.seconds
        return {"seconds": round(seconds, 3),
                "hands_per_second": round(hands / seconds, 1) if seconds > 0 else None}


def parse_bots(bots: str | Sequence[str]) -> tuple[str, str]:
    """Team A's and team B's bot from ``"greedy"`` or ``"greedy,random"`` (or a pair).

    >>> parse_bots("greedy,random"), parse_bots("random")
    (('greedy', 'random'), ('random', 'random'))
    """
    try:
        return parse_team_specs(bots)
    except ValueError as exc:
        raise SimulationError(Problem(str(exc), hint="e.g. greedy, greedy,random or "
                                      "search:samples=64,greedy")) from None


def choose_players(variants: Sequence[Variant], players: int | None = None) -> int:
    """The table size every variant is played at.

    A requested ``players`` must be allowed by every variant. Without one: the first
    variant's default when every variant allows it, else the smallest count all allow.
    """
    allowed = [set(v.rules.players) for v in variants]
    if players is not None:
        bad = [v for v, a in zip(variants, allowed) if players not in a]
        if bad:
            allowed_text = "; ".join(f"{v.id}: {sorted(v.rules.players)}" for v in bad)
            raise SimulationError(Problem(
                f"{players} players is not allowed by {', '.join(v.id for v in bad)} "
                f"({allowed_text})"))
        return players
    first = variants[0].rules.default_players
    if all(first in a for a in allowed):
        return first
    common = set.intersection(*allowed)
    if not common:
        raise SimulationError(Problem(
            "the variants have no number of players in common: "
            + "; ".join(f"{v.id}: {sorted(v.rules.players)}" for v in variants)))
    return min(common)


def _resolve(variants: str | Variant | Sequence[str | Variant]) -> list[Variant]:
    if isinstance(variants, (str, Variant)):
        variants = [variants]
    if not variants:
        raise SimulationError(Problem("no variant to simulate"))
    return load_variants(variants)


def simulate(variants: str | Variant | Sequence[str | Variant], hands: int, seed: int = 0, *,
             players: int | None = None, bots: str | Sequence[str] = "random",
             jobs: int = 1, executor: Executor | None = None,
             chunk_games: int | None = None,
             progress: Callable[[int, int], None] | None = None) -> SimulationResult:
    """Play the same games under each variant with bots; measure and compare.

    ``variants``: ids, paths or :class:`~rentoy.model.variant.Variant` objects (options
    allowed: ``1737+borrego``); ``hands``: at least this many hands per variant, in
    whole games (see the module docstring); ``seed``: the run's seed; ``players``: the
    table size (see :func:`choose_players`); ``bots``: ``random``, ``greedy``, or
    ``"greedy,random"`` for team A greedy, team B random; ``jobs``: worker processes
    (1: this process; 0: one per core); ``executor``: any
    :class:`concurrent.futures.Executor` to use instead (it is not shut down; give
    ``jobs`` its number of workers when it has no ``_max_workers``, as dask's has
    not, so that enough chunks are kept in flight); ``chunk_games``: games per chunk
    (only speed depends on it; by default chunks shrink towards the end);
    ``progress``: called as ``progress(done, total)`` with the hands played so far by
    the slowest variant.

    The work goes out as :class:`~rentoy.simulation.play.ChunkTask` objects (variant
    specs, numbers and bot names) to the module-level function
    :func:`~rentoy.simulation.play.play_chunk`, and comes back as
    :class:`~rentoy.simulation.play.ChunkResult` objects of integers: all of it
    pickles, which is all a process pool or a cluster needs.

    Raises :class:`~rentoy.core.errors.InputError` (exit status 2 on the command line) for
    unknown variants, bad counts or bots.
    """
    resolved = _resolve(variants)
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise SimulationError(Problem(f"the number of hands must be a positive whole "
                                      f"number, not {hands!r}"))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SimulationError(Problem(f"the seed must be a whole number, not {seed!r}"))
    if jobs < 0:
        raise SimulationError(Problem(f"--jobs must be 0 (every core) or more, not {jobs}"))
    team_bots = parse_bots(bots)
    n = choose_players(resolved, players)
    specs = tuple(variant_spec(v) for v in resolved)
    workers = jobs if jobs > 0 else (os.cpu_count() or 1)
    if executor is not None and jobs <= 1:
        # how many chunks the executor runs at once, to keep it busy
        workers = getattr(executor, "_max_workers", None) or os.cpu_count() or 2

    def task(start: int, stop: int) -> ChunkTask:
        return ChunkTask(specs, n, team_bots, seed, start, stop, len(resolved) > 1)

    moments = Moments(len(resolved), len(resolved) > 1)
    plan = _Plan(hands, workers, chunk_games)
    started = time.perf_counter()        # the play, not the loading of the variants

    duties_held = tuple(duties(compile_variant(v)) for v in resolved)

    def result(games: int, requested: int = hands) -> SimulationResult:
        return SimulationResult(
            variants=tuple(v.id for v in resolved), names=tuple(v.name for v in resolved),
            specs=specs, players=n, bots=team_bots, seed=seed, hands_requested=requested,
            games=games, hands=tuple(moments.total(i, "hands") for i in range(len(resolved))),
            moments=moments, hand_sizes=tuple(v.rules.hand_size for v in resolved),
            best_of=tuple(v.rules.match for v in resolved),
            seconds=time.perf_counter() - started, duties=duties_held)

    try:
        if executor is None and workers > 1:
            with process_pool(workers) as pool:
                games = _run(lambda t: pool.submit(play_chunk, t), task, plan, moments,
                             progress)
        elif executor is not None:
            games = _run(lambda t: executor.submit(play_chunk, t), task, plan, moments,
                         progress)
        else:
            games = _run(_Done.of, task, plan, moments, progress)
    except WorkerLost as lost:
        # What was merged so far is whole games, in order: a result of fewer hands,
        # which says so (the hands it asked for are the hands it has).
        if moments.games:
            lost.partial = result(moments.games, min(moments.total(i, "hands")
                                                     for i in range(len(resolved))))
        raise
    return result(games)


class _Done:
    """A finished future: what in-process chunks look like to the scheduler."""

    def __init__(self, value: ChunkResult):
        self.value = value

    @classmethod
    def of(cls, task: ChunkTask) -> "_Done":
        return cls(play_chunk(task))

    def result(self) -> ChunkResult:
        return self.value

    def cancel(self) -> bool:
        return False


class _Plan:
    """How many games to expect and how to cut them into chunks.

    Only speed depends on the plan (every game's record depends on its index alone):
    chunks shrink as the end nears, so that little is played past the line, and no
    more chunks are sent out than the games still expected (plus one) while others
    are in flight.
    """

    def __init__(self, hands: int, workers: int, chunk_games: int | None):
        self.hands, self.workers, self.fixed = hands, workers, chunk_games
        self.window = 1 if workers == 1 else 2 * workers
        self.expected = math.ceil(hands / _HANDS_PER_GAME_GUESS)

    def size(self, start: int) -> int:
        if self.fixed:
            return self.fixed
        remaining = max(self.expected - start, 0)
        return max(8, min(500, math.ceil(remaining / (3 * self.workers))))

    def update(self, games: int, done: Sequence[int]) -> None:
        """Re-estimate the games needed from the hands per game seen so far."""
        if games == 0:
            return
        need = 0.0
        for hands_done in done:
            per_game = hands_done / games
            if per_game > 0:
                need = max(need, (self.hands - hands_done) / per_game)
        self.expected = games + math.ceil(need * 1.05) + 1


def _run(submit: Callable[[ChunkTask], "Future[Any] | _Done"],
         task: Callable[[int, int], ChunkTask], plan: _Plan, moments: Moments,
         progress: Callable[[int, int], None] | None) -> int:
    """Play chunks and add them to ``moments`` in game order until every variant has
    ``plan.hands`` hands; return the number of games kept.

    A chunk that crosses the line is cut at the first game after which every variant
    has enough hands, so the result does not depend on how the games were chunked.
    """
    hands, variants = plan.hands, moments.variants
    done = [0] * variants
    pending: deque[Any] = deque()
    start = 0
    try:
        while True:
            while len(pending) < plan.window and (not pending or start < plan.expected):
                stop = start + plan.size(start)
                pending.append(submit(task(start, stop)))
                start = stop
            chunk: ChunkResult = pending.popleft().result()
            totals = [done[i] + chunk.moments.total(i, "hands") for i in range(variants)]
            if min(totals) < hands:
                moments.merge(chunk.moments)
                done = totals
            else:
                kept = []
                for records in chunk.records:
                    kept.append(records)
                    for i, record in enumerate(records):
                        done[i] += record[0]
                    if min(done) >= hands:
                        break
                moments.merge(Moments.of(variants, kept, cross=moments.cross is not None))
            if progress is not None:
                progress(min(min(done), hands), hands)
            if min(done) >= hands:
                return moments.games
            plan.update(moments.games, done)
    finally:
        for future in pending:      # chunks still in flight are not needed
            future.cancel()
