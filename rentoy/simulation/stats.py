"""Statistics of simulated play: what is counted per game, and intervals from the counts.

**The unit.** Games are the independent units: each game is played from its own
random streams, while the hands inside a game share a score (which steers betting)
and a dealer rotation. Every statistic is therefore a *ratio estimator* over games,
``R = sum(y) / sum(x)`` (points over hands, folds over hands, trump leads over
tricks; for a per-game figure such as hands per game ``x`` is 1 and ``R`` is a plain
mean), and its standard error is the cluster (game-level) one given by the delta
method::

    e_g = (y_g - R * x_g) / mean(x)        SE(R)^2 = sum(e_g^2) / (G * (G - 1))

A **paired difference** between two variants played on the same games (the same
deals: common random numbers) uses the per-game difference of the linearised terms,
``u_g = e_g(variant) - e_g(reference)``, so what the two variants share cancels out.

**Intervals** are 95% normal-approximation (Wald) intervals, ``R +- 1.96 * SE``: with
the thousands of games a comparison plays the normal and Student t quantiles agree
to the third decimal. With fewer than two games no interval is given.

**Exactness.** Per-game counts are integers, and :class:`Moments` keeps their sums and
cross-products as Python integers, so merging chunks of games in any grouping gives
identical totals; the estimates are then computed with ``fractions.Fraction``
and rounded once, which makes results bit-for-bit reproducible (and a variant
compared with itself shows a difference of exactly 0 with a zero-width interval).

>>> m = Moments(1)
>>> for hands, points in [(4, 7), (5, 9), (3, 8)]:
...     m.add_game([(hands, points) + (0,) * (len(FIELDS) - 2)])
>>> est = m.estimate(0, "hand_value")
>>> round(est.value, 4), est.n
(2.0, 3)
>>> est.low < 2.0 < est.high
True
"""

from __future__ import annotations

import math
from operator import mul
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist
from typing import Any, Iterable, Sequence

from ..core.i18n import N_, _

__all__ = ["FIELDS", "Statistic", "STATISTICS", "STATISTIC_NAMES", "Estimate", "Moments",
           "Z95", "mean_interval", "ratio_interval", "wilson_interval"]

#: What is counted for each game (per variant): the per-game record, in this order.
FIELDS: tuple[str, ...] = (
    "hands",          # hands played in the game
    "points",         # points scored, summed over the hands
    "folds",          # hands ended by a fold
    "played_out",     # hands ended by tricks
    "two_tricks",     # hands ended by tricks before the last trick
    "mano_wins",      # hands won by the mano's team
    "tricks",         # tricks played
    "trump_leads",    # tricks led with a trump
    "trump_tricks",   # tricks won by a trump or a card above the trumps
    "a_wins",         # 1 if team A won the game
    # (rentoy.simulation.duties): cards played to a trick already led, and how many of
    # them a duty constrained (the player held cards the rules kept off the trick)
    "follows",
    "constrained",
    "arrastre_forced",      # ... to play a trump (arrastre)
    "overtrump_forced",     # ... to beat the trick with a higher trump
    "follow_suit_forced",   # ... to follow the led suit
)
_INDEX = {name: i for i, name in enumerate(FIELDS)}
_ONE = len(FIELDS)    # index of the constant 1 appended to every record (one game)

#: The 95% two-sided normal quantile.
Z95: float = NormalDist().inv_cdf(0.975)


@dataclass(frozen=True)
class Statistic:
    """One reported figure: ``numerator`` over ``denominator`` (None: per game)."""

    name: str
    label: str
    numerator: str
    denominator: str | None
    description: str
    percent: bool = True      # shown as a percentage (a rate) rather than a number

    @property
    def share_of(self) -> str:
        """What a rate is a share of, in words (``hands``, ``tricks``, ...)."""
        return _SHARE_OF.get(self.denominator, self.denominator or "games")

    @property
    def shown_label(self) -> str:
        """The label a table shows: a rate says what it is a share of.

        >>> STATISTICS[2].shown_label, STATISTICS[0].shown_label
        ('fold rate, % of hands', 'hands per game')
        """
        return f"{self.label}, % of {self.share_of}" if self.percent else self.label

    @property
    def said_label(self) -> str:
        """:attr:`shown_label` in the language spoken now (see ``rentoy.i18n``)."""
        if not self.percent:
            return _(self.label)
        words = _SHARE_LABELS.get(self.denominator)
        if words is None:
            return f"{_(self.label)}, % of {self.share_of}"
        return _(words).format(label=_(self.label))


_SHARE_OF = {None: "games", "hands": "hands", "played_out": "hands played out",
             "tricks": "tricks", "follows": "cards after the lead"}
#: :attr:`Statistic.said_label` for a rate, by what it is a share of.
_SHARE_LABELS = {None: N_("{label}, % of games"), "hands": N_("{label}, % of hands"),
                 "played_out": N_("{label}, % of hands played out"),
                 "tricks": N_("{label}, % of tricks"),
                 "follows": N_("{label}, % of cards after the lead")}


#: The statistics every simulation reports, in display order.
STATISTICS: tuple[Statistic, ...] = (
    Statistic("hands_per_game", N_("hands per game"), "hands", None,
              "Hands played until a team reaches the variant's target.", percent=False),
    Statistic("hand_value", N_("points per hand"), "points", "hands",
              "Mean value of a hand: the points its winner scores (after raises, or the "
              "value before a refused raise).", percent=False),
    Statistic("fold_rate", N_("fold rate"), "folds", "hands",
              "Share of hands ended by a fold (a refused raise)."),
    Statistic("two_trick_share", N_("decided before the last trick"), "two_tricks", "played_out",
              "Of the hands ended by tricks (not folded), the share ended before the last "
              "trick: one team took the tricks it needed straight away."),
    Statistic("mano_win_rate", N_("mano's team wins the hand"), "mano_wins", "hands",
              "Share of hands won by the team of the mano (the player who leads first)."),
    Statistic("game_win_rate_a", N_("team A wins the game"), "a_wins", None,
              "Share of games won by team A (seat 0 is mano in each game's first hand)."),
    Statistic("trump_lead_rate", N_("trump led"), "trump_leads", "tricks",
              "Share of tricks whose first card is a trump (a lead that calls for the "
              "arrastre)."),
    Statistic("trump_trick_rate", N_("trump decides the trick"), "trump_tricks", "tricks",
              "Share of tricks won by a trump or by a card ranked above the trumps."),
    Statistic("constrained_rate", N_("a duty constrained the card"), "constrained", "follows",
              "Of the cards played to a trick already led, the share played while the "
              "player held cards the rules kept off the trick (a duty took away a choice)."),
    Statistic("arrastre_forced_rate", N_("arrastre forced a trump"), "arrastre_forced", "follows",
              "Of the cards played to a trick already led, the share where the arrastre "
              "kept a plain card back: a trump was led and the player had to play a trump."),
    Statistic("overtrump_forced_rate", N_("over-trumping forced a higher trump"),
              "overtrump_forced", "follows",
              "Of the cards played to a trick already led, the share where the duty to "
              "over-trump kept a low trump back: the player had to beat the trick."),
    Statistic("follow_suit_forced_rate", N_("following suit forced a card"),
              "follow_suit_forced", "follows",
              "Of the cards played to a trick already led, the share where the duty to "
              "follow suit kept a card of another suit back."),
)
#: The names of :data:`STATISTICS`, the keys of every table of estimates.
STATISTIC_NAMES: tuple[str, ...] = tuple(s.name for s in STATISTICS)
_BY_NAME = {s.name: s for s in STATISTICS}


def _indices(stat: Statistic) -> tuple[int, int]:
    den = _ONE if stat.denominator is None else _INDEX[stat.denominator]
    return _INDEX[stat.numerator], den


def _pairs() -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """The products of fields the estimators need, within a variant and across two."""
    own: list[tuple[int, int]] = []
    cross: list[tuple[int, int]] = []
    for stat in STATISTICS:
        y, x = _indices(stat)
        for pair in ((y, y), (y, x), (x, x)):
            pair = (min(pair), max(pair))
            if pair not in own:
                own.append(pair)
        for pair in ((y, y), (y, x), (x, y), (x, x)):
            if pair not in cross:
                cross.append(pair)
    return tuple(own), tuple(cross)


_OWN, _CROSS = _pairs()
_OWN_AT = {pair: k for k, pair in enumerate(_OWN)}
_CROSS_AT = {pair: k for k, pair in enumerate(_CROSS)}


@dataclass(frozen=True)
class Estimate:
    """A statistic's value with its standard error and 95% interval over ``n`` games.

    ``value`` is None when nothing was counted (no hand played out, say);
    ``se``, ``low`` and ``high`` are None with fewer than two games.
    """

    value: float | None
    se: float | None
    low: float | None
    high: float | None
    n: int

    def as_dict(self) -> dict[str, float | int | None]:
        return {"value": self.value, "se": self.se, "low": self.low, "high": self.high,
                "n": self.n}


def _estimate(value: Fraction | None, square_sum: Fraction | None, n: int) -> Estimate:
    if value is None:
        return Estimate(None, None, None, None, n)
    v = float(value)
    if square_sum is None or n < 2:
        return Estimate(v, None, None, None, n)
    se = math.sqrt(max(float(square_sum) / (n * (n - 1)), 0.0))
    return Estimate(v, se, v - Z95 * se, v + Z95 * se, n)


class Moments:
    """Integer sums and cross-products of per-game records, for ``variants`` variants.

    Add games with :meth:`add_game` (one record per variant, fields as in
    :data:`FIELDS`) or merge another accumulator with :meth:`merge`; ask for
    :meth:`estimate` (one variant) or :meth:`difference` (paired, two variants).
    ``cross=False`` skips the cross-variant products (then no differences).
    Instances pickle, so workers can return them.
    """

    __slots__ = ("variants", "games", "sums", "own", "cross")

    def __init__(self, variants: int, cross: bool = True):
        self.variants = variants
        self.games = 0
        self.sums = [[0] * (_ONE + 1) for _ in range(variants)]
        self.own = [[0] * len(_OWN) for _ in range(variants)]
        self.cross: dict[tuple[int, int], list[int]] | None = (
            {(i, j): [0] * len(_CROSS) for i in range(variants) for j in range(i + 1, variants)}
            if cross else None)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Moments) and self.__getstate__() == other.__getstate__()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __getstate__(self) -> tuple[Any, ...]:
        return (self.variants, self.games, self.sums, self.own, self.cross)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.variants, self.games, self.sums, self.own, self.cross = state

    @classmethod
    def of(cls, variants: int, games: Iterable[Sequence[Sequence[int]]],
           cross: bool = True) -> "Moments":
        """An accumulator holding ``games`` (each one record per variant).

        Column by column (``sum`` over ``map``), which is several times faster than
        adding the games one by one and gives the same integers.
        """
        m = cls(variants, cross)
        games = list(games)
        if not games:
            return m
        m.games = len(games)
        ones = (1,) * len(games)
        columns = [list(zip(*(g[i] for g in games))) + [ones] for i in range(variants)]
        for cols, sums, own in zip(columns, m.sums, m.own):
            for k, col in enumerate(cols):
                sums[k] = sum(col)
            for k, (a, b) in enumerate(_OWN):
                own[k] = sum(map(mul, cols[a], cols[b]))
        if m.cross is not None:
            for (i, j), acc in m.cross.items():
                ci, cj = columns[i], columns[j]
                for k, (a, b) in enumerate(_CROSS):
                    acc[k] = sum(map(mul, ci[a], cj[b]))
        return m

    def add_game(self, records: Sequence[Sequence[int]]) -> None:
        """Count one game: ``records[i]`` is variant ``i``'s per-game record."""
        self.games += 1
        rows = [tuple(r) + (1,) for r in records]
        for row, sums, own in zip(rows, self.sums, self.own):
            for k, value in enumerate(row):
                sums[k] += value
            for k, (a, b) in enumerate(_OWN):
                own[k] += row[a] * row[b]
        if self.cross is not None:
            for (i, j), acc in self.cross.items():
                ri, rj = rows[i], rows[j]
                for k, (a, b) in enumerate(_CROSS):
                    acc[k] += ri[a] * rj[b]

    def merge(self, other: "Moments") -> None:
        """Add ``other``'s games to these (exact: the order of merging does not matter)."""
        if other.variants != self.variants:
            raise ValueError("cannot merge moments of different variant counts")
        self.games += other.games
        for mine, theirs in zip(self.sums + self.own, other.sums + other.own):
            for k, value in enumerate(theirs):
                mine[k] += value
        if self.cross is not None:
            if other.cross is None:
                raise ValueError("cannot merge moments without cross-products into ones with")
            for key, acc in self.cross.items():
                for k, value in enumerate(other.cross[key]):
                    acc[k] += value

    def total(self, variant: int, field: str) -> int:
        """The sum of ``field`` over the games, for one variant."""
        return self.sums[variant][_INDEX[field]]

    # -- estimators ------------------------------------------------------------------

    def _ratio(self, i: int, stat: Statistic
               ) -> tuple[Fraction, Fraction, Fraction] | tuple[None, None, None]:
        y, x = _indices(stat)
        sx = self.sums[i][x]
        if sx == 0:
            return None, None, None
        r = Fraction(self.sums[i][y], sx)
        xbar = Fraction(sx, self.games)
        own = self.own[i]
        syy = own[_OWN_AT[(y, y)]]
        sxy = own[_OWN_AT[(min(x, y), max(x, y))]]
        sxx = own[_OWN_AT[(x, x)]]
        square = (syy - 2 * r * sxy + r * r * sxx) / (xbar * xbar)
        return r, xbar, square

    def estimate(self, variant: int, stat: str) -> Estimate:
        """One statistic (a name from :data:`STATISTIC_NAMES`) for one variant."""
        r, _, square = self._ratio(variant, _BY_NAME[stat])
        return _estimate(r, square, self.games)

    def difference(self, variant: int, reference: int, stat: str) -> Estimate:
        """``variant`` minus ``reference`` on the same games, with a paired interval."""
        statistic = _BY_NAME[stat]
        if self.cross is None:
            raise ValueError("these moments were collected without cross-products")
        ri, xi, si = self._ratio(variant, statistic)
        rj, xj, sj = self._ratio(reference, statistic)
        if ri is None or rj is None:
            return Estimate(None, None, None, None, self.games)
        assert xi is not None and xj is not None and si is not None and sj is not None
        if variant == reference:
            return _estimate(Fraction(0), Fraction(0), self.games)
        y, x = _indices(statistic)
        if variant < reference:
            acc = self.cross[(variant, reference)]
            cyy, cyx, cxy, cxx = (acc[_CROSS_AT[(y, y)]], acc[_CROSS_AT[(y, x)]],
                                  acc[_CROSS_AT[(x, y)]], acc[_CROSS_AT[(x, x)]])
        else:
            acc = self.cross[(reference, variant)]
            # stored as reference-first: swap the mixed terms
            cyy, cyx, cxy, cxx = (acc[_CROSS_AT[(y, y)]], acc[_CROSS_AT[(x, y)]],
                                  acc[_CROSS_AT[(y, x)]], acc[_CROSS_AT[(x, x)]])
        crossed = (cyy - rj * cyx - ri * cxy + ri * rj * cxx) / (xi * xj)
        square = si + sj - 2 * crossed
        return _estimate(ri - rj, square, self.games)


def mean_interval(values: Sequence[float]) -> Estimate:
    """The mean of independent values with a 95% normal interval (for checks and tests).

    >>> est = mean_interval([1, 2, 3, 4])
    >>> est.value, round(est.se, 4)
    (2.5, 0.6455)
    """
    n = len(values)
    if n == 0:
        return Estimate(None, None, None, None, 0)
    mean = math.fsum(values) / n
    if n < 2:
        return Estimate(mean, None, None, None, n)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    se = math.sqrt(var / n)
    return Estimate(mean, se, mean - Z95 * se, mean + Z95 * se, n)


def ratio_interval(pairs: Sequence[tuple[float, float]]) -> Estimate:
    """The ratio of sums, the sum of ``y`` over the sum of ``x``, of independent units
    given as ``(y, x)`` pairs (a game's count of what is measured, and of what it is
    measured among), with a 95% normal interval by the delta method over the units.

    The interval of a share whose trials come in groups that need not be independent
    (the betting decisions of one game): taking every trial as independent would make
    it too narrow.

    >>> est = ratio_interval([(1, 2), (2, 2), (0, 1), (3, 4)])
    >>> round(est.value, 4), round(est.se, 4), est.n
    (0.6667, 0.1352, 4)
    """
    n = len(pairs)
    total = math.fsum(x for _, x in pairs)
    if n == 0 or total == 0:
        return Estimate(None, None, None, None, n)
    ratio = math.fsum(y for y, _ in pairs) / total
    if n < 2:
        return Estimate(ratio, None, None, None, n)
    square = n / (n - 1) * math.fsum((y - ratio * x) ** 2 for y, x in pairs)
    se = math.sqrt(square) / total
    return Estimate(ratio, se, ratio - Z95 * se, ratio + Z95 * se, n)


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion of ``successes`` in ``n`` trials.

    Better than the normal interval for small ``n`` or a rate near 0 or 1; offered for
    per-game proportions read off a simulation's counts.

    >>> low, high = wilson_interval(0, 20)
    >>> low, round(high, 3)
    (0.0, 0.161)
    """
    if n <= 0:
        raise ValueError("n must be positive")
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high
