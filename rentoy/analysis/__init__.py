"""Analysis of positions with every card visible: the double-dummy solver.

- :mod:`~rentoy.analysis.position`: :class:`Position`, a frozen position of trick play,
  and :func:`position_of`, the one function that reads a :class:`~rentoy.engine.Hand`.
- :mod:`~rentoy.analysis.solver`: :func:`solve`, :func:`winner`, :func:`move_winners`,
  :func:`tricks_to_decide`, and :class:`Solver` for many positions under one trump suit
  on plain card lists; :func:`~rentoy.analysis.solver.same_trick_play`, whether two
  variants play the cards alike (their perfect play is then the same by construction).
- :mod:`~rentoy.analysis.tricks`: :func:`perfect_tricks`, the tricks each team takes
  with perfect play, after each card.

Betting is not analysed: the solver says which team takes the hand by its tricks.
"""

from .position import Position, PositionError, hand_ended, position_of, settled
from .solver import (TEAM_NAMES, Solution, Solver, move_winners, principal_line,
                     same_trick_play, solve, tricks_to_decide, winner)
from .tricks import TrickResult, perfect_tricks, tricks_after

__all__ = ["Position", "PositionError", "position_of", "hand_ended", "settled", "Solver",
           "Solution", "solve", "winner", "move_winners", "principal_line",
           "tricks_to_decide", "same_trick_play", "TEAM_NAMES", "TrickResult",
           "perfect_tricks", "tricks_after"]
