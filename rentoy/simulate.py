"""Simulate play under several variants on the same deals: the public entry point.

The functions the command line (``rentoy compare --simulate``, ``rentoy simulate``)
and the docs call; they live in :mod:`rentoy.simulation`.

- :func:`~rentoy.simulation.run.simulate` plays at least ``hands`` hands per variant,
  in whole games, the same games (the same deals) under every variant, with random or
  greedy bots, on one core, every core (``jobs=0``) or any
  :class:`concurrent.futures.Executor`;
- :func:`~rentoy.simulation.report.simulation_report` turns the result into tables (a
  :class:`~rentoy.render.Report` for text, Markdown, JSON or CSV);
- :func:`~rentoy.simulation.report.plot_comparison` draws the estimates and their
  intervals to SVG or PNG.

>>> from rentoy.simulate import simulate, simulation_report
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

from .simulation import (STATISTIC_NAMES, STATISTICS, Estimate, SimulationError,
                         SimulationResult, check_plot_path, plot_comparison, simulate,
                         simulation_report)

__all__ = ["simulate", "SimulationResult", "SimulationError", "simulation_report",
           "plot_comparison", "check_plot_path", "Estimate", "STATISTICS", "STATISTIC_NAMES"]
