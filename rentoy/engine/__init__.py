"""The configurable engine: a hand, a game and a match as state machines that only read a
Variant.

Public names: :class:`Hand`, :class:`Game`, :class:`Match`, :class:`Action`, :class:`Deal`,
:class:`HandResult`, :class:`Event`, :data:`REASONS`, :class:`Observation` (what one
seat may know), :class:`Phase` and :class:`Outcome`. Bots are :mod:`rentoy.bots`. Every rule the engine enforces is one predicate of
:mod:`rentoy.engine.rules`.
"""

from .actions import ACCEPT, FOLD, GAME_CALL, KINDS, PLAY, RAISE, Action, ActionSyntaxError
from .game import Game
from .hand import (REASONS, TEAMS, Deal, Event, Hand, HandResult, TrickRecord, cards_left,
                   draw_deal, team_of)
from .match import Match
from .observation import HandRecord, Observation, encoding_size
from .rules import Betting, Outcome, Phase
from .tables import Tables, compile_variant

__all__ = [
    "Action", "ActionSyntaxError", "PLAY", "RAISE", "GAME_CALL", "ACCEPT", "FOLD", "KINDS",
    "Hand", "Game", "Match", "Deal", "HandResult", "Event", "TrickRecord", "REASONS", "TEAMS",
    "team_of", "draw_deal", "cards_left", "Tables", "compile_variant", "Observation", "HandRecord",
    "encoding_size", "Phase", "Outcome", "Betting",
]
