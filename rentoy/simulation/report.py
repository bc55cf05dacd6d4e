"""A simulation as people read it: tables (a :class:`~rentoy.render.Report`) and a figure.

:func:`simulation_report` gives the per-variant statistics and the paired differences
as tables for every renderer (text, Markdown, JSON, CSV); :func:`plot_comparison`
draws the estimates with their intervals to an SVG or PNG file (matplotlib, imported
only when called, drawing off-screen).

>>> from rentoy.simulation import simulate
>>> result = simulate(["1737", "avila"], hands=30, seed=2)
>>> report = simulation_report(result)
>>> [t.title.split(":")[0] for t in report.tables]
['Simulated play', 'Paired differences from 1737']
"""

from __future__ import annotations

import io
import textwrap
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Sequence

from ..bots import bot_words
from ..core.errors import InputError, Location, Problem
from ..core.files import write_output
from ..core.frozen import replace
from ..core.i18n import N_, _, interval, ngettext, number, percent
from ..render import Report, Table
from .duties import zero_by_construction
from .run import SimulationResult
from .stats import STATISTICS, Estimate, Statistic

__all__ = ["plot_estimates", "simulation_report", "plot_comparison", "check_plot_path",
           "PLOT_FORMATS", "format_estimate", "format_rate", "format_difference",
           "same_play_groups", "merged_report"]

#: The file formats :func:`plot_comparison` writes, by suffix.
PLOT_FORMATS: tuple[str, ...] = (".svg", ".png", ".pdf")


def shown_digits(values: Sequence[float | None], digits: int) -> int:
    """Enough decimals that no value that is not zero shows as zero (at most four more
    than ``digits``): 5 deals in 20,000 are 0.03%, not 0.0%.

    >>> shown_digits([0.00025 * 100], 1), shown_digits([12.5], 1)
    (2, 1)
    """
    need = digits
    for x in values:
        while x and need < digits + 4 and round(abs(x), need) == 0:
            need += 1
    return need


def format_estimate(stat: Statistic, est: Estimate) -> str:
    """An estimate with its interval: ``23.4% [22.9, 23.9]`` or ``4.25 [4.21, 4.29]``.

    >>> from rentoy.simulation import STATISTICS
    >>> format_estimate(STATISTICS[2], Estimate(0.2341, 0.002, 0.2302, 0.2380, 900))
    '23.4% [23.0, 23.8]'
    >>> format_estimate(STATISTICS[2], Estimate(0.003, 0.0015, -0.0001, 0.006, 900))
    '0.3% [0.0, 0.6]'
    """
    return format_rate(est.value, est.low, est.high, stat.percent)


def format_rate(value: float | None, low: float | None, high: float | None,
                in_percent: bool) -> str:
    """A share (``in_percent``: 0 to 1, shown in per cent with one decimal, more when
    it would show as 0) or a mean (two decimals), with its interval when it has one,
    in the language spoken now; ``-`` for no value."""
    if value is None:
        return "-"
    scale, digits = (100, 1) if in_percent else (1, 2)
    digits = shown_digits([value * scale], digits)

    def shown(x: float) -> float:
        x = round(x * scale, digits)
        return x if x else 0.0          # 0.0, never "-0.0"

    text = percent(shown(value), digits) if in_percent else number(shown(value), digits)
    if low is not None and high is not None:
        text += " " + interval(number(shown(low), digits), number(shown(high), digits))
    return text


def format_difference(stat: Statistic, est: Estimate) -> str:
    """A paired difference: ``+1.2 pp [+0.8, +1.6] *`` (``*``: the interval excludes 0).

    >>> from rentoy.simulation import STATISTICS
    >>> format_difference(STATISTICS[2], Estimate(0.012, 0.002, 0.008, 0.016, 900))
    '+1.2 pp [+0.8, +1.6] *'
    >>> format_difference(STATISTICS[2], Estimate(-0.0001, 0.001, -0.002, 0.0018, 900))
    '+0.0 pp [-0.2, +0.2]'

    An interval that excludes 0 never shows a bound of 0: the bound nearest 0 keeps the
    digits that tell it from 0.

    >>> format_difference(STATISTICS[2], Estimate(-0.004, 0.002, -0.008, -0.0002, 900))
    '-0.4 pp [-0.8, -0.02] *'
    """
    if est.value is None:
        return "-"
    # TRANSLATORS: percentage points, after a difference of two percentages.
    scale, unit, digits = (100, " " + _("pp"), 1) if stat.percent else (1, "", 2)

    def signed(x: float, places: int = digits) -> str:
        x = round(x * scale, places)
        return number(x if x else 0.0, places, signed=True)      # 0.0, never "-0.0"

    def bound(x: float) -> str:
        places = digits
        while x and not round(x * scale, places) and places < digits + 3:
            places += 1
        return signed(x, places)

    text = f"{signed(est.value)}{unit}"
    if est.low is not None and est.high is not None:
        excludes = est.low > 0 or est.high < 0
        show = bound if excludes else signed
        text += " " + interval(show(est.low), show(est.high))
        if excludes:
            text += " *"
    return text


def _hand_size_notes(result: SimulationResult) -> list[str]:
    """A caveat when some variants deal more cards than others (and so other cards)."""
    sizes: dict[int, list[str]] = {}
    for variant, size in zip(result.variants, result.hand_sizes):
        sizes.setdefault(size, []).append(variant)
    if len(sizes) < 2:
        return []
    groups = "; ".join(ngettext("{variants} deals {size} cards", "{variants} deal {size} cards",
                                len(vs)).format(variants=", ".join(vs), size=size)
                       for size, vs in sizes.items())
    return [_("Only variants dealing as many cards get the same cards ({groups}).").format(
        groups=groups)]


def _match_notes(result: SimulationResult) -> list[str]:
    """A caveat when a variant plays matches: the simulation's unit is the game."""
    matches = [_("in {variant} a match is the best of {n} games").format(variant=v, n=n)
               for v, n in zip(result.variants, result.best_of) if n > 1]
    if not matches:
        return []
    return [_("Games are played one by one ({matches}): the figures are per game, not per "
              "match.").format(matches="; ".join(matches))]


def _long_tables(result: SimulationResult, reference: str) -> list[Table]:
    """One row per statistic and variant (and per difference), numbers unformatted."""
    rows = []
    for v in result.variants:
        for name, est in result.estimates(v).items():
            rows.append([name, v, est.value, est.se, est.low, est.high, est.n])
    tables = [Table(["statistic", "variant", "value", "se", "low", "high", "games"], rows,
                    title="simulated play")]
    if result.moments.cross is not None and len(result.variants) > 1:
        drows = []
        for v in result.variants:
            if v != reference:
                for name, est in result.difference(v, reference).items():
                    drows.append([name, v, reference, est.value, est.se, est.low, est.high,
                                  est.n])
        tables.append(Table(["statistic", "variant", "reference", "difference", "se", "low",
                             "high", "games"], drows, title="paired differences"))
    return tables


def simulation_report(result: SimulationResult, reference: str | None = None,
                      timing: bool = False, layout: str = "wide") -> Report:
    """Tables of a simulation: each variant's statistics, then each variant minus
    ``reference`` (default: the first variant) on the same games.

    ``layout="wide"`` (for people): a column per variant, each cell the estimate and
    its interval; ``layout="long"`` (for CSV): a row per statistic and variant with the
    numbers unformatted. ``timing`` adds the wall time to the JSON data (left out by
    default so that the same seed gives the same output byte for byte).
    """
    reference = reference or result.variants[0]
    result.index(reference)
    if layout == "long":
        return Report(result.to_data(reference, timing=timing),
                      _long_tables(result, reference))
    bots = (bot_words(result.bots[0]) if result.bots[0] == result.bots[1]
            else _("{a} (team A), {b} (team B)").format(a=bot_words(result.bots[0]),
                                                        b=bot_words(result.bots[1])))
    rows = [[_("hands played"), *map(str, result.hands)]]
    per_variant = {v: result.estimates(v) for v in result.variants}
    for stat in STATISTICS:
        rows.append([stat.said_label, *(format_estimate(stat, per_variant[v][stat.name])
                                        for v in result.variants)])
    setting = _("{games} games of {players} players, bots: {bots}, seed {seed}").format(
        games=result.games, players=result.players, bots=bots, seed=result.seed)
    played = (_("Each variant played the same {games} games (the same deals), at least "
                "{hands} hands each.") if len(result.variants) > 1
              else _("{games} games, at least {hands} hands.")).format(
                  games=result.games, hands=result.hands_requested)
    notes = [
        played,
        *_hand_size_notes(result),
        *_match_notes(result),
        _("Brackets: 95% interval, estimate +- 1.96 standard errors, with games as the "
          "independent units (delta method for ratios)."),
    ]
    tables = [Table([N_("statistic"), *result.variants], rows,
                    title=_("Simulated play: {setting}").format(setting=setting), notes=notes)]
    others = [v for v in result.variants if v != reference]
    if others and result.moments.cross is not None:
        diffs = {v: result.difference(v, reference) for v in others}
        held = dict(zip(result.variants, result.duties))

        def difference(stat: Statistic, v: str) -> str:
            if held and zero_by_construction(stat.numerator, (held[v], held[reference])):
                return _("0 by construction (neither has the duty)")
            return format_difference(stat, diffs[v][stat.name])

        drows = [[stat.said_label, *(difference(stat, v) for v in others)]
                 for stat in STATISTICS]
        tables.append(Table(
            [N_("statistic"), *(f"{v} - {reference}" for v in others)], drows,
            title=_("Paired differences from {reference}: the same games under both").format(
                reference=reference),
            notes=[_("pp: percentage points. *: the 95% interval of the paired difference "
                     "excludes 0.")]))
    return Report(result.to_data(reference, timing=timing), tables)


def check_plot_path(path: str | Path) -> Path:
    """``path`` if a plot can be written there, before any simulation runs; else an
    :class:`~rentoy.core.errors.InputError` saying what is wrong and what would do.

    The suffix must be one of :data:`PLOT_FORMATS`, the path must not be a folder, and
    matplotlib must be installed (missing folders are made when the plot is written).

    >>> check_plot_path("results")
    Traceback (most recent call last):
    ...
    rentoy.core.errors.InputError: --plot results: give a file name ending in .svg, .png or .pdf (e.g. results.svg)
    """


    path = Path(path)
    choices = ", ".join(PLOT_FORMATS[:-1]) + " or " + PLOT_FORMATS[-1]
    if path.is_dir():
        raise InputError(Problem(f"--plot {path}: this is a folder; give a file name",
                                 hint=f"e.g. {path / 'simulation.svg'}"))
    if path.suffix.lower() not in PLOT_FORMATS:
        raise InputError(Problem(
            f"--plot {path}: give a file name ending in {choices}"
            + (f", not {path.suffix}" if path.suffix else ""),
            hint=f"e.g. {path.with_suffix('.svg') if path.suffix else str(path) + '.svg'}"))
    if find_spec("matplotlib") is None:
        raise InputError(Problem("--plot needs matplotlib, which is not installed",
                                 hint="pip install matplotlib"))
    return path


def plot_estimates(ax: Any, estimates: Sequence[Estimate], scale: float) -> None:
    """One row a figure on a panel of a comparison's plot (row ``y``: the ``y``-th
    estimate, times ``scale``), with its interval as an error bar; a figure without a
    value leaves its row empty."""
    for y, est in enumerate(estimates):
        if est.value is None:
            continue
        err = None
        if est.low is not None and est.high is not None:
            err = [[(est.value - est.low) * scale], [(est.high - est.value) * scale]]
        ax.errorbar([est.value * scale], [y], xerr=err, fmt="o", color="C0", capsize=3,
                    markersize=4)


def plot_comparison(result: SimulationResult, path: str | Path,
                    stats: list[str] | None = None, title: str | None = None,
                    reference: str | None = None, force: bool = True) -> Path:
    """Draw each statistic with its 95% interval; save to ``path``.

    With one variant, its estimates. With several, what the design measures: the
    paired difference of each other variant from ``reference`` (default: the first),
    played on the same deals, with the interval of the difference, and a line at zero
    (an interval that crosses it shows no difference the run can tell).

    The format follows the file's suffix (``.svg``, ``.png``, ``.pdf``). SVG output is
    deterministic (no date, fixed element ids), so a docs build does not churn it. An
    existing file is replaced only with ``force`` (:func:`rentoy.core.files.write_output`).
    Returns the path written.
    """

    import matplotlib  # optional: matplotlib (the docs extra)
    import matplotlib.ticker
    from matplotlib.figure import Figure

    chosen = [s for s in STATISTICS if stats is None or s.name in stats]
    path = Path(path)
    columns = min(4, len(chosen)) or 1
    rows = -(-len(chosen) // columns)
    variants = list(result.variants)
    paired = len(variants) > 1
    base = reference if reference is not None else variants[0]
    others = [v for v in variants if v != base] if paired else variants
    labels = [f"{v} - {base}" for v in others] if paired else variants

    def estimate_of(variant: str, stat: str) -> Estimate:
        if paired:
            return result.difference(variant, base)[stat]
        return result.estimate(variant, stat)

    variants = others
    # Sized for a page about 10 inches wide shown at its own size: 12-point type reads
    # as 12 px or so; the variant names are written once per row of panels.
    with matplotlib.rc_context({"svg.hashsalt": "rentoy", "font.size": 12}):
        fig = Figure(figsize=(10.2, (0.32 * len(variants) + 1.3) * rows),
                     layout="constrained")
        axes = fig.subplots(rows, columns, squeeze=False, sharey=True)
        for ax, stat in zip(axes.flat, chosen):
            scale = 100 if stat.percent else 1
            plot_estimates(ax, [estimate_of(variant, stat.name) for variant in variants],
                           scale)
            if paired:
                ax.axvline(0, color="0.4", linewidth=1)
            ax.set_yticks(range(len(variants)), labels)
            ax.set_ylim(-0.6, len(variants) - 0.4)
            ax.invert_yaxis()
            # Whole titles: wrapped to the panel's width rather than cut off.
            if paired:
                words = (_("Difference in {statistic} (percentage points)") if stat.percent
                         else _("Difference in {statistic}"))
            else:
                words = _("{statistic} (%)") if stat.percent else "{statistic}"
            ax.set_title(textwrap.fill(words.format(statistic=_(stat.label)), 22),
                         fontsize=12)
            ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(4))
            ax.grid(axis="x", alpha=0.3)
        for ax in list(axes.flat)[len(chosen):]:
            ax.set_visible(False)
        setting = _("{games} games, {players} players, bots {bots}, seed {seed}").format(
            games=result.games, players=result.players,
            bots="/".join(dict.fromkeys(result.bots)), seed=result.seed)
        fig.suptitle(title or (_("Paired differences from {reference}, {setting}").format(
            reference=base, setting=setting) if paired else setting), fontsize=13)
        fmt = path.suffix.lower().lstrip(".")
        supported = fig.canvas.get_supported_filetypes()
        if fmt not in supported:
            raise InputError(Problem(
                f"cannot draw a plot as {path.suffix or 'a file without a suffix'}",
                Location(str(path)), hint="end the name in one of "
                + ", ".join(f".{s}" for s in sorted(supported))))
        metadata = {"Date": None} if fmt == "svg" else None
        buffer = io.BytesIO()
        fig.savefig(buffer, format=fmt, metadata=metadata)

    write_output(path, buffer.getvalue(), force=force)   # whole or not at all
    return path


def same_play_groups(result: Any) -> list[list[str]]:
    """The variants of a simulation grouped by identical figures on every statistic (in
    order of first appearance): variants that played exactly alike on the same games."""
    groups: dict[tuple[Any, ...], list[str]] = {}
    for variant in result.variants:
        key = tuple((e.value, e.low, e.high) for e in result.estimates(variant).values())
        groups.setdefault(key + (result.hands[result.index(variant)],), []).append(variant)
    return list(groups.values())


def merged_report(report: Any, groups: Sequence[Sequence[str]], reference: str) -> Any:
    """A simulation report with the columns of variants that played alike merged into
    one ("1598, 1704, 1737: the same"), and their differences from ``reference``,
    zero by construction of the run, said once instead of shown as measured."""
    first = {g[0]: g for g in groups}
    same_as_ref = next((g for g in groups if reference in g), [reference])
    tables = []
    for i, tbl in enumerate(report.tables):
        columns, keep = [tbl.columns[0]], [0]
        for j, name in enumerate(tbl.columns[1:], 1):
            variant = str(name).removesuffix(f" - {reference}")
            if i == 0 and variant in first:
                group = first[variant]
                columns.append(", ".join(group) + (": " + _("the same") if len(group) > 1
                                                   else ""))
                keep.append(j)
            elif i > 0 and variant in first and variant not in same_as_ref:
                columns.append(", ".join(first[variant]) + f" - {reference}")
                keep.append(j)
            elif i > 0 and variant not in same_as_ref and all(
                    variant not in g for g in groups):
                columns.append(str(name))
                keep.append(j)
        notes = list(tbl.notes)
        if i > 0 and len(same_as_ref) > 1:
            others = [v for v in same_as_ref if v != reference]
            notes.insert(0, _("{variants} played exactly as {reference} on these games: "
                              "every difference from it is zero, and not shown.").format(
                variants=", ".join(others), reference=reference))
        tables.append(replace(tbl, columns=columns,
                              rows=[[row[k] for k in keep] for row in tbl.rows],
                              notes=notes))
    return replace(report, tables=tables)
