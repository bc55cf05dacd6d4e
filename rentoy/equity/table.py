"""The chance of winning the game from every score, by recursion over the scores.

A hand always gives points to one team, so the scores only grow, and team A's chance of
winning the game at the start of a hand at ``(a, b)`` is the average, over the results
the hand may have, of the chance after it (the next hand dealt by the other team):

    E(a, b, d) = sum over results r of  P(r | a, b, d) * E(score after r, 1 - d)

with E = 1 once team A has reached the target and 0 once team B has. The result
probabilities P are the counts of :func:`~rentoy.equity.measure.measure_hands`,
measured with team B dealing; with team A dealing they are the same counts read with
the teams swapped at the swapped score (the table is symmetric: team A dealing at
``(a, b)`` is team B dealing at ``(b, a)``, seats renamed). Working down from the
highest scores gives every cell in one pass.

A point more never hurts the team that scores it, but a table measured from a finite
number of hands can say otherwise by its noise; the estimate is therefore the
recursion's cells fitted to that order (:func:`~rentoy.equity.monotone.monotone_grid`,
least squares), and the cells as the recursion gave them are kept beside it (``raw``).

The intervals come from a Bayesian bootstrap over the measured hands: the result
probabilities of every score are drawn again from a Dirichlet distribution with the
counts as its parameters (the hands of a score, each weighed afresh), the recursion and
the fit are run on each draw, and the 2.5% and 97.5% quantiles of each cell are its 95%
interval. They carry every score's sampling error through to the scores that lead to
it. The mean of the two dealing teams is computed in each draw, so its interval is that
of the mean (not a mean of the two intervals): at equal scores it is exactly 50% in
every draw, by the symmetry of the teams.

>>> from rentoy.equity.measure import measure_hands
>>> counts = measure_hands("tests/fixtures/variants/short-game.yaml", 30, seed=1,
...                        bots="greedy")
>>> table = equity_table(counts, target=3, draws=50)
>>> 0.0 < table.win_a(0, 1) < 1.0, table.low(0, 1) <= table.win_a(0, 1) <= table.high(0, 1)
(True, True)
>>> table.win_a(1, 1), table.low(1, 1), table.high(1, 1)       # fixed by symmetry
(0.5, 0.5, 0.5)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Mapping

from ..analysis.stakes import ScoreChances
from .measure import Outcome
from .monotone import monotone_grid

__all__ = ["EquityTable", "equity_table", "recurse", "bootstrap", "DRAWS", "fitted",
           "FIT"]

#: How the estimate is made from the recursion's cells (the stored JSON says it).
FIT = "isotonic"

#: Bootstrap draws behind the intervals.
DRAWS = 400

Counts = Mapping[tuple[int, int], Mapping[Outcome, int]]
Dist = dict[tuple[int, int], list[tuple[int, int, float]]]


def _swapped(dist: Dist, target: int) -> Dist:
    """The results with team A dealing, from those with team B dealing (see above)."""
    out: Dist = {}
    for (a, b), results in dist.items():
        out[(b, a)] = [(1 - w, p, q) for w, p, q in results]
    return out


def recurse(dist_b: Dist, target: int) -> dict[tuple[int, int, int], float]:
    """Team A's chance at every score and dealing team, from the result probabilities
    with team B dealing (``dist_b[(a, b)]``: ``(winner, points, probability)``)."""
    dists = (_swapped(dist_b, target), dist_b)
    win: dict[tuple[int, int, int], float] = {}

    def value(a: int, b: int, dealer: int) -> float:
        if a >= target:
            return 1.0
        if b >= target:
            return 0.0
        return win[(a, b, dealer)]

    for a in range(target - 1, -1, -1):
        for b in range(target - 1, -1, -1):
            for dealer in (0, 1):
                total = 0.0
                for winner, points, p in dists[dealer][(a, b)]:
                    if winner == 0:
                        total += p * value(a + points, b, 1 - dealer)
                    else:
                        total += p * value(a, b + points, 1 - dealer)
                win[(a, b, dealer)] = total
    return win


@dataclass(frozen=True, eq=False)
class EquityTable:
    """Team A's chance of winning the game at the start of a hand, by score and dealing
    team, with 95% intervals; ``counts`` are the measured hands behind it, ``raw`` the
    recursion's cells before the fit (``fit``: ``"isotonic"``, or ``"none"`` when the
    estimate is the raw cells), ``mean_lows`` and ``mean_highs`` the interval of the
    mean of the two dealing teams, by score."""

    target: int
    counts: Counts
    chances: ScoreChances
    lows: Mapping[tuple[int, int, int], float]
    highs: Mapping[tuple[int, int, int], float]
    raw: Mapping[tuple[int, int, int], float] | None = None
    mean_lows: Mapping[tuple[int, int], float] | None = None
    mean_highs: Mapping[tuple[int, int], float] | None = None
    fit: str = FIT

    def win_a(self, a: int, b: int, dealer: int | None = None) -> float:
        """Team A's chance at ``a``-``b`` with ``dealer`` (0 A, 1 B) dealing, or the
        mean of the two when no dealer is named (either team as likely to deal)."""
        if dealer is None:
            if a == b:
                return 0.5          # by symmetry: the teams' places are the same
            return 0.5 * (self.win_a(a, b, 0) + self.win_a(a, b, 1))
        return self.chances.win_a(a, b, dealer)

    def low(self, a: int, b: int, dealer: int | None = None) -> float:
        if dealer is None:
            if a == b:
                return 0.5
            if self.mean_lows is not None:
                return self.mean_lows[(a, b)]
            return 0.5 * (self.low(a, b, 0) + self.low(a, b, 1))
        return self.lows[(a, b, dealer)]

    def high(self, a: int, b: int, dealer: int | None = None) -> float:
        if dealer is None:
            if a == b:
                return 0.5
            if self.mean_highs is not None:
                return self.mean_highs[(a, b)]
            return 0.5 * (self.high(a, b, 0) + self.high(a, b, 1))
        return self.highs[(a, b, dealer)]

    @staticmethod
    def by_symmetry(a: int, b: int, dealer: int | None = None) -> bool:
        """Whether the figure at ``a``-``b`` is fixed by symmetry (50%: equal scores,
        either team as likely to deal)."""
        return dealer is None and a == b

    def drawn(self, draws: int = 200, seed: int = 0) -> list[ScoreChances]:
        """``draws`` bootstrap draws of the table, fitted as the estimate is (see the
        module docstring): a figure computed from each gives that figure's interval."""
        key = (draws, seed)
        cache = self.__dict__.setdefault("_drawn", {})
        if key not in cache:
            cache[key] = bootstrap(self.counts, self.target, draws, seed,
                                   fit=self.fit != "none")
        found: list[ScoreChances] = cache[key]
        return found

    @property
    def hands(self) -> int:
        """Hands measured, all scores together."""
        return sum(sum(c.values()) for c in self.counts.values())

    def distribution(self, a: int, b: int) -> dict[Outcome, float]:
        """The measured share of each result at ``a``-``b``, team B dealing."""
        counts = self.counts[(a, b)]
        total = sum(counts.values())
        return {k: v / total for k, v in sorted(counts.items())}


def _dist(counts: Counts, weights: Mapping[tuple[int, int], list[float]] | None = None
          ) -> Dist:
    out: Dist = {}
    for cell, results in counts.items():
        keys = sorted(results)
        if weights is None:
            total = sum(results.values())
            out[cell] = [(w, p, results[(w, p)] / total) for w, p in keys]
        else:
            out[cell] = [(w, p, q) for (w, p), q in zip(keys, weights[cell])]
    return out


def fitted(win: Mapping[tuple[int, int, int], float], target: int
           ) -> dict[tuple[int, int, int], float]:
    """The cells fitted to the order of the scores (see the module docstring): team B
    dealing is fitted, team A dealing follows by the symmetry of the teams, which the
    fit keeps."""
    grid = monotone_grid([[win[(a, b, 1)] for b in range(target)] for a in range(target)])
    out: dict[tuple[int, int, int], float] = {}
    for a in range(target):
        for b in range(target):
            value = min(1.0, max(0.0, grid[a][b]))
            out[(a, b, 1)] = value
            out[(b, a, 0)] = 1.0 - value
    return out


#: The draws already made in this process, by what they were drawn from (the counts in
#: their order, target, draws, seed, fit): a site's pages and a command's reports ask for
#: the same table's draws again and again (every worked example of 1737, each raise of
#: a comparison), and the same arguments give the same draws. The last few are kept.
_DRAWN: dict[tuple[object, ...], list[ScoreChances]] = {}
_DRAWN_KEPT = 8


def bootstrap(counts: Counts, target: int, draws: int = DRAWS, seed: int = 0,
              fit: bool = True) -> list[ScoreChances]:
    """The tables of ``draws`` Bayesian-bootstrap draws of the counts (see the module
    docstring), fitted as the estimate is when ``fit``: the spread of any figure
    computed from them is its uncertainty. The list is shared by every caller that
    asks for the same draws: read it, do not change it."""
    key = (tuple((cell, tuple(results.items())) for cell, results in counts.items()),
           target, draws, seed, fit)
    found = _DRAWN.get(key)
    if found is None:
        found = _draw(counts, target, draws, seed, fit)
        while len(_DRAWN) >= _DRAWN_KEPT:
            del _DRAWN[next(iter(_DRAWN))]
        _DRAWN[key] = found
    return found


def _draw(counts: Counts, target: int, draws: int, seed: int, fit: bool
          ) -> list[ScoreChances]:
    """:func:`bootstrap`'s draws, made."""
    rng = random.Random(seed)
    out = []
    for _ in range(draws):
        weights = {}
        for cell, results in counts.items():
            drawn = [rng.gammavariate(results[k], 1.0) for k in sorted(results)]
            total = sum(drawn)
            weights[cell] = [d / total for d in drawn]
        win = recurse(_dist(counts, weights), target)
        out.append(ScoreChances(target, fitted(win, target) if fit else win,
                                "a bootstrap draw"))
    return out


def _quantiles(values: list[float]) -> tuple[float, float]:
    values.sort()
    return (values[int(0.025 * (len(values) - 1))],
            values[int(round(0.975 * (len(values) - 1)))])


def equity_table(counts: Counts, target: int, draws: int = DRAWS, seed: int = 0,
                 source: str = "", fit: bool = True) -> EquityTable:
    """The table from the counts of every score short of ``target`` (team B dealing),
    fitted to the order of the scores unless ``fit`` is False, with intervals from
    ``draws`` bootstrap draws (the same ``seed``, the same intervals)."""
    missing = [(a, b) for a in range(target) for b in range(target)
               if not sum(counts.get((a, b), {}).values())]
    if missing:
        raise ValueError(f"no hands measured at {len(missing)} scores, e.g. "
                         f"{missing[0][0]}-{missing[0][1]}")
    raw = recurse(_dist(counts), target)
    win = fitted(raw, target) if fit else raw
    samples: dict[tuple[int, int, int], list[float]] = {key: [] for key in win}
    means: dict[tuple[int, int], list[float]] = {(a, b): [] for a, b, _d in win}
    for drawn in bootstrap(counts, target, draws, seed, fit):
        for key, value in drawn.win.items():
            samples[key].append(value)
        for a, b in means:
            means[(a, b)].append(0.5 * (drawn.win[(a, b, 0)] + drawn.win[(a, b, 1)]))
    lows, highs = {}, {}
    for key, values in samples.items():
        if values:
            low, high = _quantiles(values)
            lows[key], highs[key] = min(low, win[key]), max(high, win[key])
        else:
            lows[key] = highs[key] = win[key]
    mean_lows, mean_highs = {}, {}
    for (a, b), values in means.items():
        mean = 0.5 * (win[(a, b, 0)] + win[(a, b, 1)])
        low, high = _quantiles(values) if values else (mean, mean)
        mean_lows[(a, b)], mean_highs[(a, b)] = min(low, mean), max(high, mean)
    return EquityTable(target, counts, ScoreChances(target, win, source), lows, highs,
                       raw, mean_lows, mean_highs, FIT if fit else "none")
