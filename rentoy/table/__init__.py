"""Playing at the table: a person's seat among bots, as a library under ``rentoy play``.

- :mod:`~rentoy.table.words`: what a person types, read as an action (card codes,
  positions, the calls in English and in the variant's words, ``?``).
- :mod:`~rentoy.table.session`: :class:`Session`, a game (or match) where one seat is a
  person: it takes a line, lets the bots act, and returns :class:`TableEvent` values;
  it records the game as it goes, as a walkthrough-format record.
- :mod:`~rentoy.table.screen`: the person's view laid out as text lines, with suit
  symbols or their plain-ASCII fallback.
"""

from .screen import draw_view, suit_symbols
from .session import BOT_NAMES, Session, TableEvent, View, lines_of
from .words import HELP_WORDS, Reading, call_words, read_line

__all__ = ["Session", "TableEvent", "View", "BOT_NAMES", "lines_of", "read_line", "Reading",
           "call_words", "HELP_WORDS", "draw_view", "suit_symbols"]
