"""Bridges to other programs, each behind an optional extra and imported only when used.

- :mod:`rentoy.integrations.openspiel`: Rentoy as an OpenSpiel game
  (``pip install 'rentoy[openspiel]'``).

An integration translates; it holds no rule. Every rule comes from the engine.
"""
