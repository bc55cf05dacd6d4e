"""The compiled solver: ``kernel.c``, built once with the system's C compiler and called
through ``ctypes``, for the search bot's many worlds.

:class:`KernelSolver` answers what :class:`~rentoy.analysis.batch.BatchSolver` does
(each world's winner and, when asked, the winner after each legal card of the seat to
play) with a plain alpha-beta search in C, on the tables the engine's functions filled
(:func:`~rentoy.analysis.batch.tier_tables` and
:func:`~rentoy.analysis.position.settled_table`): the C file holds no rule.

The library is built the first time it is wanted, into rentoy's cache folder (named by
a digest of the C source, so an edited source is built again), with ``cc -O2``; where
there is no compiler (the browser, a bare machine) or ``RENTOY_KERNEL=0`` is set,
:func:`kernel` is None and the callers solve in Python. Both paths give the same
answers: ``tests/test_batch_solver.py`` compares them world by world.

>>> from rentoy.engine import compile_variant
>>> from rentoy.variants import load_variant
>>> tables = compile_variant(load_variant("1737"))
>>> solver = KernelSolver(tables, tables.by_trump[0], players=2, mano=0) if kernel() else None
>>> world = [[1, 22, 19], [9, 10, 24]]                  # 2o 3e 12c | 12o 1c 5e; oros trumps
>>> solver is None or solver.solve([world], leader=0, moves=True).moves == [{1: 0, 22: 0, 19: 1}]
True
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import subprocess
import sys
import random
import tempfile
from pathlib import Path
from typing import Sequence

from ..engine import Observation
from ..engine.rules import trick_winner
from ..engine.tables import Tables, TrumpTables
from .batch import Solved, tier_tables
from .position import settled_table
from .worlds import _constrained_world, plays_of, trick_in_play

__all__ = ["kernel", "kernel_solver", "KernelSolver", "SOURCE"]

#: The C source of the kernel.
SOURCE = Path(__file__).with_name("kernel.c")

_loaded: list[ctypes.CDLL | None] = []


def _cache_folder() -> Path | None:
    # As rentoy.validation.cache_dir reads it (that module reads files; this one may not).
    env = os.environ.get("RENTOY_CACHE_DIR")
    if env is not None:
        return Path(env) if env else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "rentoy"


def _private(folder: Path) -> bool:
    """Whether ``folder`` belongs to this user and no one else may write in it."""
    try:
        st = folder.stat()
    except OSError:
        return False
    mine = not hasattr(os, "getuid") or st.st_uid == os.getuid()
    return mine and not st.st_mode & 0o022


def _sealed(target: Path, seal: Path) -> bool:
    """Whether the built library is there, this user's, and its bytes are the ones
    recorded when it was built."""
    try:
        st = target.stat()
        if hasattr(os, "getuid") and st.st_uid != os.getuid() or st.st_mode & 0o022:
            return False
        recorded = seal.read_text(encoding="ascii").strip()
        return hashlib.sha256(target.read_bytes()).hexdigest() == recorded
    except (OSError, UnicodeDecodeError):
        return False


def _build() -> ctypes.CDLL | None:
    if os.environ.get("RENTOY_KERNEL", "1") == "0" or sys.platform == "emscripten":
        return None
    try:
        source = SOURCE.read_bytes()
    except OSError:
        return None
    digest = hashlib.sha256(source + sys.version.encode()).hexdigest()[:16]
    # A library is code: it is loaded only from a folder of this user's that no one else
    # may write (else a private folder of this process), and only when its bytes match
    # the digest written beside it when it was built (a damaged file is built again).
    folder = _cache_folder()
    if folder is not None:
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError:
            folder = None
    if folder is None or not _private(folder):
        folder = Path(tempfile.mkdtemp(prefix="rentoy-kernel-"))
    target = folder / f"rentoy-kernel-{digest}.so"
    seal = target.with_suffix(".so.sha256")
    if not _sealed(target, seal):
        compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
        if compiler is None:
            return None
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(dir=folder, prefix=".rentoy-kernel-", suffix=".so")
            os.close(fd)
            done = subprocess.run([compiler, "-O2", "-shared", "-fPIC", "-o", temp,
                                   str(SOURCE)], capture_output=True, timeout=120)
            if done.returncode != 0:
                os.unlink(temp)
                return None
            built = hashlib.sha256(Path(temp).read_bytes()).hexdigest()
            os.replace(temp, target)        # atomically: another process may build it too
            fd, temp = tempfile.mkstemp(dir=folder, prefix=".rentoy-kernel-", suffix=".sha")
            with os.fdopen(fd, "w") as handle:
                handle.write(built)
            os.replace(temp, seal)
        except (OSError, subprocess.SubprocessError):
            return None
        if not _sealed(target, seal):
            return None
    try:
        lib = ctypes.CDLL(str(target))
    except OSError:
        return None
    lib.rentoy_solve.restype = ctypes.c_int
    lib.rentoy_sample.restype = ctypes.c_int
    lib.rentoy_tally.restype = ctypes.c_int
    lib.rentoy_sample.argtypes = [ctypes.c_uint64] + [ctypes.c_int] * 3 + [
        ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
        ctypes.POINTER(ctypes.c_uint64), ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p]
    return lib


def kernel() -> ctypes.CDLL | None:
    """The compiled kernel, built on first use; None where it cannot be (no compiler,
    ``RENTOY_KERNEL=0``, the browser)."""
    if not _loaded:
        _loaded.append(_build())
    return _loaded[0]


_solvers: dict[tuple[int, int, int, int], tuple[Tables, "KernelSolver"]] = {}

_DECK = (1 << 40) - 1       # every card, as a bitmask

#: What the solvers of one rule set and trump suit share, whatever the table size and
#: mano: (the rules, tiers, takes, between, kinds, below) by (the rules' identity, trump).
_shared: dict[tuple[int, int], tuple[Tables, bytes, bytes, "ctypes.Array[ctypes.c_uint64]",
                                     bytes, dict[int, int]]] = {}


def _trump_tables(tables: Tables, tt: TrumpTables
                  ) -> tuple[bytes, bytes, "ctypes.Array[ctypes.c_uint64]", bytes,
                             dict[int, int]]:
    """The tables of one rule set and trump suit, made once: the duty tiers and takes
    (:func:`~rentoy.analysis.batch.tier_tables`); as the Python solver reads cards
    alike, the cards ranked strictly between two (a bitmask per pair) and each card's
    kind (its suit, and whether it wins whatever is led); and, filled as plays are read,
    for a card played to a trick the cards of lower tiers there."""
    key = (id(tables), tt.trump)
    found = _shared.get(key)
    if found is None or found[0] is not tables:
        tiers, takes = tier_tables(tables, tt)
        power, suit, always = tt.power, tt.suit, tt.always
        # under[v]: the cards of power below v; the cards strictly between two powers
        # are then those under the higher and not under or at the lower.
        levels = sorted(set(power[:40]))
        under = {v: sum(1 << x for x in range(40) if power[x] < v) for v in levels}
        upto = {v: sum(1 << x for x in range(40) if power[x] <= v) for v in levels}
        between = (ctypes.c_uint64 * 1600)()
        for p in range(40):
            for c in range(40):
                low, high = (power[p], power[c]) if power[p] <= power[c] else \
                    (power[c], power[p])
                between[p * 40 + c] = under[high] & ~upto[low]
        klass = bytes(suit[c] * 2 + int(always[c]) for c in range(40))
        if len(_shared) > 64:
            _shared.clear()
        found = _shared[key] = (tables, tiers, takes, between, klass, {})
    return found[1], found[2], found[3], found[4], found[5]


def kernel_solver(tables: Tables, tt: TrumpTables, players: int, mano: int
                  ) -> KernelSolver | None:
    """A :class:`KernelSolver` for these rules, trump, table size and mano, kept while the
    same tables are in use; None without the kernel."""
    if kernel() is None:
        return None
    key = (id(tables), tt.trump, players, mano)
    found = _solvers.get(key)
    if found is None or found[0] is not tables:
        if len(_solvers) > 256:
            _solvers.clear()
        found = _solvers[key] = (tables, KernelSolver(tables, tt, players, mano))
    return found[1]


class KernelSolver:
    """The compiled search of many worlds of one position under one rule set, trump
    suit, table size and mano (see the module docstring). Needs :func:`kernel`."""

    __slots__ = ("tables", "tt", "players", "mano", "_lib", "_tier", "_takes", "_settle",
                 "_below", "_between", "_klass")

    def __init__(self, tables: Tables, tt: TrumpTables, players: int, mano: int):
        lib = kernel()
        if lib is None:
            raise RuntimeError("the compiled kernel is not available")
        self._lib = lib
        self.tables, self.tt, self.players, self.mano = tables, tt, players, mano
        self._tier, self._takes, self._between, self._klass, self._below = _trump_tables(
            tables, tt)
        self._settle = bytes(v & 0xFF for v in settled_table(tables, mano))

    def sample_and_solve(self, observation: Observation, count: int, rng: random.Random,
                         moves: bool = False) -> Solved:
        """Draw ``count`` worlds consistent with ``observation`` and solve them from the
        trick in play: :func:`~rentoy.analysis.worlds.sample_worlds` and :meth:`solve`
        in one, the worlds drawn in C from a generator seeded by one draw of ``rng``
        (the same rejection sampling, so the same distribution of worlds; a world whose
        tries all fail is drawn in Python, as there)."""
        packed, hmax = self._sampled(observation, count, rng)
        n = self.players
        leader, trick = trick_in_play(observation)
        seat = (leader + len(trick)) % n
        width = n * hmax
        movers = None
        if moves:
            movers = [[c for c in packed[w * width + seat * hmax:w * width + (seat + 1) * hmax]
                       if c != 255] for w in range(count)]
        return self._run(packed, count, hmax, leader, trick, observation.tricks_won, moves,
                         movers, seat)

    def tally(self, observation: Observation, count: int, rng: random.Random,
              moves: bool) -> tuple[list[int], list[list[int]]]:
        """What a search bot counts, from ``count`` worlds drawn as
        :meth:`sample_and_solve` draws them: each world's winner and, with ``moves``
        (the observer is to play), for each of the observer's cards in its order, the
        winner after it in each world (-1 in every world where it may not be played).
        Drawn and solved in one call of the kernel; when a world's tries all fail, the
        same worlds are drawn again from the same seed and that one in Python."""
        n = self.players
        leader, trick = trick_in_play(observation)
        if moves and (leader + len(trick)) % n != observation.seat:
            raise ValueError("the observer is not the seat to play")
        seen = self._seen(observation)
        pool, masks, counts, own = seen
        hmax = max(max(counts), 1)
        seed = rng.getrandbits(64)
        cards = [int(c) for c in trick]
        done = int(self.tables.rules.hand_size) - counts[leader] - (1 if cards else 0)
        led = best = bseat = inside = 0
        if cards:
            holder = trick_winner(self.tt, cards)      # the engine says who holds it
            led, best, bseat = cards[0], cards[holder], (leader + holder) % n
            for c in cards:
                inside |= 1 << c
        tricks = observation.tricks_won
        winners = (ctypes.c_int8 * count)()
        out = (ctypes.c_int8 * (count * hmax))() if moves else None
        status = self._lib.rentoy_tally(
            self._tier, self._takes, self._settle, self._between, self._klass, n, hmax,
            count, ctypes.c_uint64(seed), observation.seat, bytes(own), len(own),
            bytes(pool), len(pool), bytes(counts), (ctypes.c_uint64 * n)(*masks), leader,
            len(cards), led, best, bseat, int(tricks[0]), int(tricks[1]), done,
            ctypes.c_uint64(inside), winners, out)
        if status < 0:
            raise ValueError(f"the kernel cannot solve {n} players with {hmax} cards")
        if status == 0:
            found, flat = list(winners), (list(out) if out is not None else [])
        else:
            packed, hmax = self._sampled(observation, count, rng, seed, seen)
            found, flat = self._call(packed, count, hmax, leader, trick, tricks, moves)
        slots = [flat[k::hmax] for k in range(len(own))] if moves else []
        return found, slots

    def _seen(self, observation: Observation
              ) -> tuple[list[int], list[int], list[int], list[int]]:
        """What the observer knows of the hidden cards, in one reading of the hand's
        plays: the cards it has not seen; per seat, a bitmask of those its plays ruled
        out, read off the duty tiers (a card played to a trick rules out every card of a
        lower tier there: holding one, the seat would have had to play it), which is
        what :func:`~rentoy.analysis.worlds.exclusions` finds by asking ``legal_cards``
        card by card; how many each seat holds; and its own."""
        me, n = observation.seat, observation.players
        own = [int(c) for c in observation.cards]
        counts = [int(self.tables.rules.hand_size)] * n
        seen = 1 << int(observation.up)
        for c in own:
            seen |= 1 << c
        masks = [0] * n
        tier, below, tt = self._tier, self._below, self.tt
        for seat, card, trick in plays_of(observation):
            counts[seat] -= 1
            seen |= 1 << card
            if not trick or seat == me:
                continue
            base = (trick[0] * 40 + trick[trick_winner(tt, trick)]) * 40
            key = base + card
            found = below.get(key)
            if found is None:
                level = tier[key]
                found = below[key] = sum(1 << c for c in range(40)
                                         if tier[base + c] < level)
            masks[seat] |= found
        hidden = ~seen & _DECK
        return ([c for c in range(40) if hidden >> c & 1], [m & hidden for m in masks],
                counts, own)

    def _sampled(self, observation: Observation, count: int, rng: random.Random,
                 seed: int | None = None,
                 seen: tuple[list[int], list[int], list[int], list[int]] | None = None
                 ) -> tuple[bytearray, int]:
        """``count`` worlds drawn in C from ``seed`` (by default one draw of ``rng``),
        packed as the kernel reads them, and their hands' widest size; a world whose
        tries all fail is drawn in Python from ``rng``."""
        n = self.players
        me = observation.seat
        pool, masks, counts, own = self._seen(observation) if seen is None else seen
        hmax = max(max(counts), 1)
        packed = bytearray(count * n * hmax)
        failed = bytearray(count)
        status = self._lib.rentoy_sample(
            rng.getrandbits(64) if seed is None else seed, n, hmax, me, bytes(own), len(own),
            bytes(pool), len(pool),
            bytes(counts), (ctypes.c_uint64 * n)(*masks), count,
            (ctypes.c_int8 * len(packed)).from_buffer(packed),
            (ctypes.c_int8 * count).from_buffer(failed))
        if status != 0:
            raise ValueError("the kernel cannot sample this observation")
        width = n * hmax
        for w in range(count):
            if failed[w]:
                world = _constrained_world(observation, rng, pool, masks, counts, own)
                row = []
                for cards in world:
                    row.extend(cards)
                    row.extend([255] * (hmax - len(cards)))
                packed[w * width:(w + 1) * width] = bytes(row)
        return packed, hmax

    def solve(self, worlds: Sequence[Sequence[Sequence[int]]], leader: int,
              trick: Sequence[int] = (), tricks: Sequence[int] = (0, 0),
              moves: bool = False) -> Solved:
        """Each world's winner and, with ``moves``, the winner after each legal card of
        the seat to play (card to team, in that seat's order), as
        :meth:`BatchSolver.solve <rentoy.analysis.batch.BatchSolver.solve>` gives them."""
        n = self.players
        count = len(worlds)
        if not count:
            return Solved([], [])
        trick = [int(c) for c in trick]
        first = worlds[0]
        hmax = max(len(h) for h in first)
        cells: list[int] = []
        extend = cells.extend
        for world in worlds:
            for cards in world:
                extend(cards)
                if len(cards) < hmax:
                    extend([255] * (hmax - len(cards)))     # -1: no card there
        packed = bytearray(cells)
        seat = (leader + len(trick)) % n
        return self._run(packed, count, hmax, leader, trick, tricks, moves,
                         [world[seat] for world in worlds] if moves else None, seat)

    def _call(self, packed: bytearray, count: int, hmax: int, leader: int,
              trick: Sequence[int], tricks: Sequence[int], moves: bool
              ) -> tuple[list[int], list[int]]:
        n = self.players
        trick = [int(c) for c in trick]
        first_held = sum(1 for b in packed[leader * hmax:(leader + 1) * hmax] if b != 255)
        done = int(self.tables.rules.hand_size) - first_held - (1 if trick else 0)
        led = best = bseat = 0
        if trick:
            holder = trick_winner(self.tt, trick)      # the engine says who holds it
            led, best, bseat = trick[0], trick[holder], (leader + holder) % n
        winners = (ctypes.c_int8 * count)()
        out = (ctypes.c_int8 * (count * hmax))() if moves else None
        inside = 0
        for c in trick:
            inside |= 1 << c
        status = self._lib.rentoy_solve(
            self._tier, self._takes, self._settle, self._between, self._klass, n, hmax, count,
            (ctypes.c_int8 * len(packed)).from_buffer(packed), leader, len(trick), led, best,
            bseat, int(tricks[0]), int(tricks[1]), done, winners, out, ctypes.c_uint64(inside))
        if status != 0:
            raise ValueError(f"the kernel cannot solve {n} players with {hmax} cards")
        return list(winners), (list(out) if out is not None else [])

    def _run(self, packed: bytearray, count: int, hmax: int, leader: int,
             trick: Sequence[int], tricks: Sequence[int], moves: bool,
             movers: Sequence[Sequence[int]] | None, seat: int) -> Solved:
        result, flat = self._call(packed, count, hmax, leader, trick, tricks, moves)
        rows: list[dict[int, int]] = []
        if moves and movers is not None:
            for w, cards in enumerate(movers):
                row: dict[int, int] = {}
                for k, c in enumerate(cards):
                    team = flat[w * hmax + k]
                    if team >= 0:
                        row[int(c)] = team
                rows.append(row)
        return Solved(result, rows)
