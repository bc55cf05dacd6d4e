"""Bridges to other programs, each behind an optional extra and imported only when used.

- :mod:`rentoy.integrations.openspiel`: Rentoy as an OpenSpiel game
  (the ``openspiel`` extra: ``pip install -e '.[openspiel]'`` in a clone).

An integration translates; it holds no rule. Every rule comes from the engine.
"""
