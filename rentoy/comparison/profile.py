"""Profiles of play side by side: each variant's figures and the paired differences from
the first, as a report every renderer lays out, and as a figure.

The measuring is :func:`rentoy.simulation.profile.measure_profiles`; this module only
arranges its figures for people: one table per group of figures (balance, duration,
betting, drama, luck, duties, skill), a column per variant, each cell the estimate and
its 95% interval, then the differences from the first variant on the same games.

>>> from rentoy.simulation.profile import measure_profiles
>>> result = measure_profiles(["1737", "avila"], games=4, seed=1, bots="random", skill=())
>>> report = profile_report(result.to_data())
>>> [t.title for t in report.tables][:2]
['Balance', 'Duration']
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..bots import bot_words
from ..core.files import write_output
from ..core.i18n import N_, _, number
from ..render import Report, Table
from ..simulation.profile import BY_NAME as _BY_NAME, GROUPS, ProfileResult
from ..simulation.duties import DUTY_OF_FIELD, zero_by_construction
from ..simulation.report import format_difference, format_rate, plot_estimates
from ..simulation.stats import Estimate, Statistic

__all__ = ["profile_report", "profile_rows", "plot_profiles"]


def _label(group: str, name: str, data: Mapping[str, Any]) -> str:
    """A figure's name in the language spoken (a skill match names its two bots)."""
    if group == "skill":
        match = next(m for m in data["skill"] if m["name"] == name)
        return _("{strong} bots against {weak} bots, % of games").format(
            strong=bot_words(match["strong"]), weak=bot_words(match["weak"]))
    stat = _BY_NAME[name]
    return _(stat.label) + (" (%)" if stat.percent else "")


def _stat(group: str, name: str) -> Statistic:
    return _BY_NAME[name] if group != "skill" else Statistic(name, name, "wins", None, "")


def _estimate(values: Mapping[str, Any]) -> Estimate:
    return Estimate(values["value"], values["se"], values["low"], values["high"], values["n"])


def figure_names(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(group, name) of every figure of a profile's data, in display order."""
    first = data["figures"][data["variants"][0]]
    return [(values["group"], name) for name, values in first.items()]


def profile_rows(data: Mapping[str, Any]) -> list[list[object]]:
    """The long layout (for CSV): one row per variant and figure, numbers unformatted,
    with the paired difference from the first variant."""
    reference = data["reference"]
    rows: list[list[object]] = []
    for group, name in figure_names(data):
        for v in data["variants"]:
            est = data["figures"][v][name]
            diff = data["differences"].get(v, {}).get(name) if v != reference else None
            rows.append([v, group, name, est["value"], est["low"], est["high"], est["n"],
                         *((diff["value"], diff["low"], diff["high"]) if diff
                           else (None, None, None))])
    return rows


def profile_report(data: Mapping[str, Any], layout: str = "wide") -> Report:
    """A profile's data (:meth:`ProfileResult.to_data`, from a run or a stored file)
    as tables (``layout="long"``: one flat table for CSV)."""
    if layout == "long":
        columns = [N_("variant"), N_("group"), N_("figure"), N_("value"), N_("low"),
                   N_("high"), N_("games"), N_("difference"), N_("difference low"),
                   N_("difference high")]
        return Report(dict(data), [Table(columns, profile_rows(data))])
    variants = list(data["variants"])
    reference = data["reference"]
    others = [v for v in variants if v != reference]
    bots = data["bots"]
    bots_words = (bot_words(bots["A"]) if bots["A"] == bots["B"]
                  else _("{a} (team A), {b} (team B)").format(a=bot_words(bots["A"]),
                                                              b=bot_words(bots["B"])))
    heading = _("What each variant is like to play: {games} games of {players} players "
                "each, the same deals under every variant, bots: {bots}, seed {seed}").format(
                    games=number(data["games"]), players=data["players"], bots=bots_words,
                    seed=data["seed"])
    def held(name: str, variant: str) -> bool:
        """Whether a duty's figure is 0 because the variant has no such duty."""
        stat = _BY_NAME.get(name)
        return stat is not None and zero_by_construction(
            stat.numerator, (frozenset(data.get("duties", {}).get(variant, ())),)) \
            and stat.numerator in DUTY_OF_FIELD

    groups: dict[str, list[str]] = {}
    for group, name in figure_names(data):
        groups.setdefault(group, []).append(name)
    tables = []
    for group, names in groups.items():
        columns = [N_("figure"), *variants, *(f"{v} - {reference}" for v in others)]
        rows = []
        for name in names:
            stat = _stat(group, name)
            row: list[object] = [_label(group, name, data)]
            for v in variants:
                est = data["figures"][v][name]
                row.append(_("0 by construction") if held(name, v) else
                           format_rate(est["value"], est["low"], est["high"], stat.percent))
            for v in others:
                row.append(_("0 by construction") if held(name, v) and held(name, reference)
                           else format_difference(stat, _estimate(data["differences"][v][name])))
            rows.append(row)
        notes = []
        if group == "betting":
            notes.append(_("Ladders: {ladders}.").format(ladders="; ".join(
                f"{v} " + "-".join(str(step) if isinstance(step, int) else _("the whole game")
                                   for step in data["ladders"][v]) for v in variants)))
        if group == "skill":
            notes.append(_("Each pair of games is played on the same deals with the seats "
                           "swapped; the pair is the unit of the interval."))
        tables.append(Table(columns, rows, title=_(GROUPS[group]), notes=notes))
    notes = [_("Brackets: 95% interval, with games as the independent units (delta method "
               "for ratios; Wilson for a share of games). Differences are paired game by "
               "game; *: the interval excludes 0.")]
    return Report(dict(data), tables, heading=heading, text=notes)


def plot_profiles(result: ProfileResult, path: str | Path, force: bool = True) -> Path:
    """Draw every figure of every variant with its 95% interval to ``path`` (``.svg``,
    ``.png`` or ``.pdf``; matplotlib, imported here and only when called)."""
    import matplotlib
    from matplotlib.figure import Figure

    path = Path(path)
    figures = result.names_of_figures()
    columns = 4
    rows = -(-len(figures) // columns)
    variants = list(result.variants)
    with matplotlib.rc_context({"svg.hashsalt": "rentoy", "font.size": 11}):
        fig = Figure(figsize=(11, (0.3 * len(variants) + 1.3) * rows), layout="constrained")
        axes = fig.subplots(rows, columns, squeeze=False, sharey=True)
        data = result.to_data()
        for ax, (group, name, stat) in zip(axes.flat, figures):
            scale = 100 if stat.percent else 1
            plot_estimates(ax, [result.estimate(v, name) for v in variants], scale)
            ax.set_yticks(range(len(variants)), variants)
            ax.set_ylim(-0.6, len(variants) - 0.4)
            ax.invert_yaxis()
            ax.set_title(textwrap.fill(_label(group, name, data), 24), fontsize=10)
            ax.grid(axis="x", alpha=0.3)
        for ax in list(axes.flat)[len(figures):]:
            ax.set_visible(False)
        fmt = path.suffix.lower().lstrip(".")
        buffer = io.BytesIO()
        fig.savefig(buffer, format=fmt, metadata={"Date": None} if fmt == "svg" else None)
    write_output(path, buffer.getvalue(), force=force)
    return path
