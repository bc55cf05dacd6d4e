"""Variant files written by the tests: the rules a variant without a parent must state."""

from __future__ import annotations

# Every required rule, bare; tests replace lines to break one rule at a time.
ROOT_RULES = """\
  players: [2, 4]
  default_players: 4
  hand_size: 3
  top_cards: []
  trump_order: [2, 12, 11, 10, 1, 7, 6, 5, 4, 3]
  plain_order: [12, 11, 10, 1, 7, 6, 5, 4, 3, 2]
  arrastre: follow
  follow_suit: false
  tricks: 3
  tricks_to_win: 2
  ladder: [1, 3, 6, 9, 12]
  raise_right: acceptor
  target: 12
"""
