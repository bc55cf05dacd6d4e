"""What the bet is worth: game-winning chances from every score, take points, reviews.

- :mod:`~rentoy.equity.measure`: one hand's result measured at every score with named
  bots, and whole games played from chosen scores (the check);
- :mod:`~rentoy.equity.table`: the recursion over the scores, with intervals;
- :mod:`~rentoy.equity.monotone`: the fit that makes a point more never hurt;
- :mod:`~rentoy.analysis.stakes` (re-exported here): every option's chance of the game
  as a function of the chance of winning the hand, the ranges where each is best, and
  the take points read from them;
- :mod:`~rentoy.equity.store`: tables stored with what made them;
- :mod:`~rentoy.equity.decisions`: one score's decisions, as data and in words;
- :mod:`~rentoy.equity.review`: a played game analysed decision by decision;
- :mod:`~rentoy.equity.agreement`: how a bot's betting agrees with the tables.
"""

from ..analysis.stakes import (Point, ScoreChances, Stakes, even_chances, raise_again_point,
                               raise_point, take_point)
from .measure import DEFAULT_BOTS, measure_hands, play_from
from .table import EquityTable, equity_table

__all__ = ["DEFAULT_BOTS", "measure_hands", "play_from", "EquityTable", "equity_table",
           "ScoreChances", "Stakes", "Point", "even_chances", "take_point",
           "raise_again_point", "raise_point"]
