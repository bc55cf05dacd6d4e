"""The compiled solver: ``kernel.c``, built once with the system's C compiler and called
through :mod:`ctypes`, for the search bot's many worlds.

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
>>> solver is None or solver.solve([world], leader=0, moves=True).moves == [{1: 0, 22: 1, 19: 1}]
True
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Sequence

from ..engine.rules import trick_winner
from ..engine.tables import Tables, TrumpTables
from .batch import Solved, tier_tables
from .position import settled_table

__all__ = ["kernel", "KernelSolver", "SOURCE"]

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


def _build() -> ctypes.CDLL | None:
    if os.environ.get("RENTOY_KERNEL", "1") == "0" or sys.platform == "emscripten":
        return None
    try:
        source = SOURCE.read_bytes()
    except OSError:
        return None
    digest = hashlib.sha256(source + sys.version.encode()).hexdigest()[:16]
    folder = _cache_folder() or Path(tempfile.gettempdir())
    target = folder / f"rentoy-kernel-{digest}.so"
    if not target.exists():
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
            os.replace(temp, target)        # atomically: another process may build it too
        except (OSError, subprocess.SubprocessError):
            return None
    try:
        lib = ctypes.CDLL(str(target))
    except OSError:
        return None
    lib.rentoy_solve.restype = ctypes.c_int
    return lib


def kernel() -> ctypes.CDLL | None:
    """The compiled kernel, built on first use; None where it cannot be (no compiler,
    ``RENTOY_KERNEL=0``, the browser)."""
    if not _loaded:
        _loaded.append(_build())
    return _loaded[0]


class KernelSolver:
    """The compiled search of many worlds of one position under one rule set, trump
    suit, table size and mano (see the module docstring). Needs :func:`kernel`."""

    __slots__ = ("tables", "tt", "players", "mano", "_lib", "_tier", "_takes", "_settle")

    def __init__(self, tables: Tables, tt: TrumpTables, players: int, mano: int):
        lib = kernel()
        if lib is None:
            raise RuntimeError("the compiled kernel is not available")
        self._lib = lib
        self.tables, self.tt, self.players, self.mano = tables, tt, players, mano
        tiers, takes = tier_tables(tables, tt)
        self._tier, self._takes = tiers, takes
        self._settle = bytes(v & 0xFF for v in settled_table(tables, mano))

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
        done = int(self.tables.rules.hand_size) - len(first[leader]) - (1 if trick else 0)
        led = best = bseat = 0
        if trick:
            holder = trick_winner(self.tt, trick)      # the engine says who holds it
            led, best, bseat = trick[0], trick[holder], (leader + holder) % n
        winners = (ctypes.c_int8 * count)()
        out = (ctypes.c_int8 * (count * hmax))() if moves else None
        status = self._lib.rentoy_solve(
            self._tier, self._takes, self._settle, n, hmax, count,
            (ctypes.c_int8 * len(packed)).from_buffer(packed), leader, len(trick), led, best,
            bseat, int(tricks[0]), int(tricks[1]), done, winners, out)
        if status != 0:
            raise ValueError(f"the kernel cannot solve {n} players with {hmax} cards")
        result = list(winners)
        rows: list[dict[int, int]] = []
        if out is not None:
            seat = (leader + len(trick)) % n
            flat = list(out)
            for w, world in enumerate(worlds):
                row: dict[int, int] = {}
                for k, c in enumerate(world[seat]):
                    team = flat[w * hmax + k]
                    if team >= 0:
                        row[int(c)] = team
                rows.append(row)
        return Solved(result, rows)
