"""Simulated play: the same deals under each variant, with bots, measured with intervals.

- :mod:`~rentoy.simulation.stats`: what is counted per game and the estimators
  (ratio estimates over games, paired differences, 95% intervals).
- :mod:`~rentoy.simulation.play`: the random streams and the worker that plays a
  chunk of games under every variant.
- :mod:`~rentoy.simulation.run`: :func:`simulate`, chunking and merging on one core,
  a process pool or any :class:`concurrent.futures.Executor`.
- :mod:`~rentoy.simulation.report`: tables and a figure.

The command line (``rentoy compare --simulate``, ``rentoy simulate``) and the docs call
the names exported here: :func:`simulate` plays at least ``hands`` hands per variant, in
whole games, the same games (the same deals) under every variant, with random, greedy
or search bots, on one core, every core (``jobs=0``) or any
:class:`concurrent.futures.Executor`; :func:`simulation_report` turns the result into
tables, :func:`plot_comparison` draws the estimates and their intervals.

>>> from rentoy.simulation import simulate
>>> result = simulate(["1737", "1737+borrego"], hands=50, seed=1)
>>> result.games == simulate(["1737", "1737+borrego"], hands=50, seed=1, jobs=1).games
True
>>> est = result.estimate("1737", "fold_rate")
>>> 0 <= est.value <= 1 and est.low <= est.value <= est.high
True
>>> diff = result.difference("1737+borrego", "1737")["trump_trick_rate"]
>>> diff.low <= diff.value <= diff.high
True
"""

from .play import ChunkResult, ChunkTask, play_chunk, stream_seed
from .report import (check_plot_path, format_difference, format_estimate, plot_comparison,
                     simulation_report)
from .run import (BOT_NAMES, SimulationError, SimulationResult, choose_players, parse_bots,
                  simulate)
from .stats import (FIELDS, STATISTIC_NAMES, STATISTICS, Estimate, Moments, Statistic,
                    mean_interval, ratio_interval, wilson_interval)

__all__ = [
    "simulate", "SimulationResult", "SimulationError", "simulation_report", "plot_comparison",
    "check_plot_path",
    "format_estimate", "format_difference", "choose_players", "parse_bots", "BOT_NAMES",
    "ChunkTask", "ChunkResult", "play_chunk", "stream_seed",
    "FIELDS", "STATISTICS", "STATISTIC_NAMES", "Statistic", "Estimate", "Moments",
    "mean_interval", "ratio_interval", "wilson_interval",
]
