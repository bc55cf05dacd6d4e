"""A table of chances made to respect that a point more never hurts: an isotonic fit.

Team A's chance of winning the game cannot fall when team A scores a point, nor rise
when team B does (the team that scores can always play on as if it had not). A table
measured from a finite number of hands can break that by its noise, and a take point
read from a broken table can say that winning a point is worse than losing one.
:func:`monotone_grid` gives the weighted least-squares fit of a grid that respects the
order (rising with team A's points, falling with team B's): Dykstra's alternating
projections onto the two orders, each a pool-adjacent-violators pass over the rows or
the columns. Cells that already respect the order are left as they are.

>>> grid = [[0.5, 0.4], [0.6, 0.5]]       # rows: team A's points; columns: team B's
>>> [[round(x, 3) for x in row] for row in monotone_grid([[0.5, 0.55], [0.6, 0.5]])]
[[0.517, 0.517], [0.6, 0.517]]
>>> monotone_grid(grid) == grid
True
"""

from __future__ import annotations

from typing import Sequence

__all__ = ["monotone_grid", "violations"]


def _pava(values: list[float], weights: list[float]) -> list[float]:
    """The weighted least-squares non-decreasing fit of ``values`` (pool adjacent
    violators)."""
    blocks: list[list[float]] = []          # [mean, weight, length]
    for v, w in zip(values, weights):
        blocks.append([v, w, 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            m2, w2, n2 = blocks.pop()
            m1, w1, n1 = blocks[-1]
            total = w1 + w2
            blocks[-1] = [(m1 * w1 + m2 * w2) / total, total, n1 + n2]
    out: list[float] = []
    for mean, _w, n in blocks:
        out.extend([mean] * int(n))
    return out


def violations(grid: Sequence[Sequence[float]], tolerance: float = 1e-9) -> int:
    """How many pairs of neighbouring cells break the order: a point more for team A
    that lowers its chance, or a point more for team B that raises it."""
    n, m = len(grid), len(grid[0]) if grid else 0
    count = 0
    for a in range(n):
        for b in range(m):
            if a + 1 < n and grid[a + 1][b] < grid[a][b] - tolerance:
                count += 1
            if b + 1 < m and grid[a][b + 1] > grid[a][b] + tolerance:
                count += 1
    return count


def monotone_grid(grid: Sequence[Sequence[float]],
                  weights: Sequence[Sequence[float]] | None = None,
                  rounds: int = 500, tolerance: float = 1e-9) -> list[list[float]]:
    """The grid (``grid[a][b]``: team A's chance with ``a`` and ``b`` points) fitted to
    rise with ``a`` and fall with ``b``, by weighted least squares (see the module
    docstring); ``weights`` default to 1."""
    n = len(grid)
    m = len(grid[0]) if n else 0
    x = [list(map(float, row)) for row in grid]
    if not violations(x, 0.0):
        return x
    w = [[1.0] * m for _ in range(n)] if weights is None else \
        [[max(float(v), 1e-12) for v in row] for row in weights]
    # Dykstra: the corrections of each projection are carried from round to round.
    p = [[0.0] * m for _ in range(n)]
    q = [[0.0] * m for _ in range(n)]
    for _round in range(rounds):
        # Down each column (b fixed), rising with a.
        y = [[x[a][b] + p[a][b] for b in range(m)] for a in range(n)]
        for b in range(m):
            column = _pava([y[a][b] for a in range(n)], [w[a][b] for a in range(n)])
            for a in range(n):
                x[a][b] = column[a]
        p = [[y[a][b] - x[a][b] for b in range(m)] for a in range(n)]
        # Along each row (a fixed), falling with b: a rising fit of the row reversed.
        z = [[x[a][b] + q[a][b] for b in range(m)] for a in range(n)]
        before = [row[:] for row in x]
        for a in range(n):
            row = _pava(z[a][::-1], w[a][::-1])[::-1]
            x[a] = row
        q = [[z[a][b] - x[a][b] for b in range(m)] for a in range(n)]
        moved = max(abs(x[a][b] - before[a][b]) for a in range(n) for b in range(m))
        if moved < tolerance and not violations(x, 1e-9):
            break
    return x
