"""Playing at the table: a person's seat among bots, the one seat both doors share.

- :mod:`~rentoy.table.words`: what a person types, read as an action (card codes,
  positions, the calls in English and in the variant's words, ``?``).
- :mod:`~rentoy.table.events`: what happens at the table as values (:class:`TableEvent`,
  :class:`View`, :class:`Bet`) and the seats' names as the person hears them.
- :mod:`~rentoy.table.advice`: what the search reads from an observation: hints and a
  partner's reason for a raise.
- :mod:`~rentoy.table.session`: :class:`Session`, a game (or match) where one seat is a
  person: it takes a line or an action, lets the bots act, and returns
  :class:`TableEvent` values; it records the game as it goes, as a walkthrough-format
  record. ``rentoy play`` prints its events; the site's Play page
  (:mod:`rentoy.integrations.browser`) gets them as JSON.
- :mod:`~rentoy.table.screen`: the person's view laid out as text lines, with suit
  symbols or their plain-ASCII fallback.
"""

from .events import Bet, TableEvent, View, lines_of
from .screen import draw_view, suit_symbols
from .session import BOT_NAMES, PARTNER_MODES, Session
from .words import HELP_WORDS, Reading, call_words, read_line

__all__ = ["Session", "TableEvent", "View", "Bet", "BOT_NAMES", "PARTNER_MODES", "lines_of",
           "read_line", "Reading", "call_words", "HELP_WORDS", "draw_view", "suit_symbols"]
