"""Actions: small frozen values, parsed from and printed as ``"<seat> <kind> [card]"``.

The kinds: ``play`` a card, ``raise`` the hand one step, ``game`` (call the whole game,
*juego fuera*, where the variant has the call), ``accept`` or ``fold`` a raise.

>>> from rentoy.engine import Action
>>> Action.parse("2 play Rc")
Action(seat=2, kind='play', card=Card('12c'))
>>> str(Action.parse("0 raise"))
'0 raise'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model.cards import DECK, Card, CardError, parse_card
from ..core.errors import RentoyError, suggest
from ..core.i18n import _
from ..core.limits import shown

__all__ = ["Action", "ActionSyntaxError", "PLAY", "RAISE", "GAME_CALL", "ACCEPT", "FOLD",
           "KINDS", "BETS", "play", "raise_", "game_call", "accept", "fold", "play_actions",
           "bet_actions"]

PLAY, RAISE, GAME_CALL, ACCEPT, FOLD = "play", "raise", "game", "accept", "fold"
KINDS: tuple[str, ...] = (PLAY, RAISE, GAME_CALL, ACCEPT, FOLD)
#: The bets: every kind but play.
BETS: tuple[str, ...] = (RAISE, GAME_CALL, ACCEPT, FOLD)
_MAX_SEATS = 40


class ActionSyntaxError(RentoyError, ValueError):
    """Text that does not parse as an action."""


@dataclass(frozen=True, slots=True)
class Action:
    """One move: ``seat`` plays ``card``, or raises, accepts or folds."""

    seat: int
    kind: str
    card: Card | None = None

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Parse ``"<seat> raise|accept|fold"`` or ``"<seat> play <card>"``."""
        if not isinstance(text, str):
            raise ActionSyntaxError(_("an action is a string like '0 play 3c', not "
                                      "{value}").format(value=shown(text)))
        words = text.split()
        if len(words) < 2 or not (words[0].isascii() and words[0].isdigit()):
            raise ActionSyntaxError(
                _("bad action {action}: write '<seat> raise', '<seat> accept', "
                  "'<seat> fold', '<seat> game' or '<seat> play <card>'").format(
                    action=shown(text)))
        # The seat's length is checked before it is converted: int() of thousands of
        # digits fails, and no table has a seat of three digits.
        if len(words[0].lstrip("0")) > len(str(_MAX_SEATS)) or int(words[0]) >= _MAX_SEATS:
            raise ActionSyntaxError(_("bad action {action}: there is no seat {seat}").format(
                action=shown(text), seat=shown(words[0].lstrip('0'), quoted=False)))
        seat, kind = int(words[0]), words[1].lower()
        if kind == PLAY:
            if len(words) != 3:
                raise ActionSyntaxError(_("bad action {action}: 'play' takes one card, e.g. "
                                          "'{seat} play 3c'").format(action=shown(text),
                                                                     seat=seat))
            try:
                card = parse_card(words[2])
            except CardError as exc:
                raise ActionSyntaxError(str(exc)) from None
            return _PLAYS[seat][card]
        if kind in BETS:
            if len(words) != 2:
                raise ActionSyntaxError(_("bad action {action}: '{kind}' takes no card").format(
                    action=shown(text), kind=kind))
            return _BETS[kind][seat]

        hint = suggest(kind, KINDS)
        raise ActionSyntaxError(_("bad action {action}: unknown kind {kind}").format(
            action=shown(text), kind=shown(words[1])) + (f" ({hint})" if hint else "")
            + _("; use play, raise, game, accept or fold"))

    def __str__(self) -> str:
        return f"{self.seat} {self.kind} {self.card}" if self.card is not None \
            else f"{self.seat} {self.kind}"


# Every action exists once: the engine hands out these shared values instead of
# allocating new ones in the inner loop.
_PLAYS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(seat, PLAY, card) for card in DECK) for seat in range(_MAX_SEATS))
_BETS: dict[str, tuple[Action, ...]] = {
    kind: tuple(Action(seat, kind) for seat in range(_MAX_SEATS)) for kind in BETS}


def play_actions(seat: int) -> tuple[Action, ...]:
    """Every play action of ``seat``, indexed by card (the shared values)."""
    return _PLAYS[seat]


def bet_actions(kind: str) -> tuple[Action, ...]:
    """Every action of one kind of bet, indexed by seat (the shared values)."""
    return _BETS[kind]


def play(seat: int, card: Card | int | str) -> Action:
    """The action of ``seat`` playing ``card`` (a Card, index or code)."""
    return _PLAYS[seat][parse_card(card) if isinstance(card, str) else card]


def raise_(seat: int) -> Action:
    return _BETS[RAISE][seat]


def accept(seat: int) -> Action:
    return _BETS[ACCEPT][seat]


def fold(seat: int) -> Action:
    return _BETS[FOLD][seat]


def game_call(seat: int) -> Action:
    return _BETS[GAME_CALL][seat]
