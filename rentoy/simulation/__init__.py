"""Simulated play: the same deals under each variant, with bots, measured with intervals.

- :mod:`~rentoy.simulation.stats`: what is counted per game and the estimators
  (ratio estimates over games, paired differences, 95% intervals).
- :mod:`~rentoy.simulation.play`: the random streams and the worker that plays a
  chunk of games under every variant.
- :mod:`~rentoy.simulation.run`: :func:`simulate`, chunking and merging on one core,
  a process pool or any :class:`concurrent.futures.Executor`.
- :mod:`~rentoy.simulation.report`: tables and a figure.

:mod:`rentoy.simulate` is the short public entry point to the same functions.
"""

from .play import ChunkResult, ChunkTask, play_chunk, stream_seed
from .report import (check_plot_path, format_difference, format_estimate, plot_comparison,
                     simulation_report)
from .run import (BOT_NAMES, SimulationError, SimulationResult, choose_players, parse_bots,
                  simulate)
from .stats import (FIELDS, STATISTIC_NAMES, STATISTICS, Estimate, Moments, Statistic,
                    mean_interval, wilson_interval)

__all__ = [
    "simulate", "SimulationResult", "SimulationError", "simulation_report", "plot_comparison",
    "check_plot_path",
    "format_estimate", "format_difference", "choose_players", "parse_bots", "BOT_NAMES",
    "ChunkTask", "ChunkResult", "play_chunk", "stream_seed",
    "FIELDS", "STATISTICS", "STATISTIC_NAMES", "Statistic", "Estimate", "Moments",
    "mean_interval", "wilson_interval",
]
