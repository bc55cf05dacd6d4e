"""A variant's rule values, typed: :class:`Rules` and the words of :class:`Calls`.

Generated from the rule table (:mod:`rentoy.model.ruletable`) by ``python -m
rentoy.schemagen``; do not edit by hand. One field per rule, in the table's order, named
as variant files write it. ``top_cards`` holds parsed cards and ``calls`` a
:class:`Calls`; every other value is as written, lists made tuples.

>>> from rentoy.variants import load_variant
>>> rules = load_variant("1737").rules
>>> rules.ladder, rules.target, rules.games_needed
((1, 3, 6, 9, 12), 12, 1)
"""

from __future__ import annotations

from .cards import Card, TrumpRelative
from ..core.frozen import Frozen

__all__ = ["Rules", "Calls"]


class Calls(Frozen):
    """The words players say (rule ``calls``): one per raise step, accept, fold, turn-up,
    and the call for the whole game (*juego fuera*) where the variant has one."""

    raise_: tuple[str, ...] = ()
    accept: str | None = None
    fold: str | None = None
    turn_up: str | None = None
    game: str | None = None

    def for_raise(self, level: int) -> str | None:
        """The call for a raise to ladder step ``level`` (1 = the first raise): words are
        matched to steps by position. None when no word is recorded for the step, or the
        words were carried over from another ladder (they are then left out here)."""
        return self.raise_[level - 1] if 0 < level <= len(self.raise_) else None


class Rules(Frozen):
    """The rule values of one variant, as the engine reads them."""

    players: tuple[int, ...]
    default_players: int
    deck: str
    hand_size: int
    top_cards: tuple[Card | TrumpRelative, ...]
    top_cards_are_trumps: bool
    trump_order: tuple[int, ...]
    plain_order: tuple[int, ...]
    arrastre: str
    follow_suit: bool
    turn_order: str
    trick_winner: str
    tricks: int
    tricks_to_win: int
    stop_when_decided: bool
    ladder: tuple[int | str, ...]
    raise_right: str
    juego_fuera: str
    raise_when: str
    answer_by: str
    default_answerer: str
    fold_pays: str
    target: int
    match: int
    calls: Calls

    @property
    def games_needed(self) -> int:
        """The games that win a match: more than half of ``match``."""
        return self.match // 2 + 1
