"""The person's view of the table as lines of text, as wide as the output (80 columns
by default, ``rentoy play --width N`` or the terminal's width otherwise).

Cards are shown by their codes (what the person types) with the suit's symbol beside
them: the French suits that correspond to the Spanish ones by long custom (oros
diamonds, copas hearts, espadas spades, bastos clubs). Where the output's encoding
cannot show them, :func:`suit_symbols` gives none and the codes stand alone.

>>> suit_symbols("ascii"), suit_symbols("utf-8")["o"]
({}, '♦')
>>> card_label(Card.parse("12c"), {}), card_label(Card.parse("12c"), suit_symbols("utf-8"))
('12c', '12c♥')
"""

from __future__ import annotations

from typing import Mapping

from ..model.cards import SUIT_NAMES, Card
from ..engine import PLAY, TEAMS
from ..core.i18n import _
from ..render.terminal import display_width
from ..render.text import wrap
from ..walkthrough.narrate import score_text, value_text
from .events import View

__all__ = ["draw_view", "suit_symbols", "card_label", "WIDTH"]

#: The width the screen fits in when none is given.
WIDTH = 80
_SYMBOLS = {"o": "♦", "c": "♥", "e": "♠", "b": "♣"}


def suit_symbols(encoding: str | None) -> dict[str, str]:
    """The suit symbols by suit letter, or none when ``encoding`` cannot show them."""
    try:
        "".join(_SYMBOLS.values()).encode(encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return {}
    return dict(_SYMBOLS)


def card_label(card: Card, symbols: Mapping[str, str]) -> str:
    """A card as its code, with its suit's symbol when there are symbols."""
    return card.code + symbols.get(card.suit, "")


def _plays(pairs: tuple[tuple[int, Card], ...], view: View, symbols: Mapping[str, str]
           ) -> str:
    return ", ".join(f"{_seat(s, view)} {card_label(c, symbols)}" for s, c in pairs)


def _seat(seat: int, view: View) -> str:
    if seat == view.seat:
        return _("you")
    if seat & 1 == view.seat & 1:
        return _("seat {seat} (partner)").format(seat=seat)
    return _("seat {seat}").format(seat=seat)


def draw_view(view: View, symbols: Mapping[str, str] = _SYMBOLS, width: int = WIDTH
              ) -> list[str]:
    """The table as the person at ``view.seat`` sees it, as lines of at most ``width``
    columns (a word longer than that, a long path say, stays whole)."""
    variant = view.variant
    calls = variant.rules.calls
    head = "== " + _("{variant} - hand {hand} - score {score} (to {target})").format(
        variant=variant.id, hand=view.hand_number, score=score_text(view.score),
        target=view.target)
    if view.best_of > 1:
        head += _(" - games {games}").format(games=score_text(view.games_won))
    head = (head + " ").ljust(width, "=") if display_width(head) < width - 1 else head
    word = f" ({calls.turn_up})" if calls.turn_up else ""
    lines = [head,
             _("Turned up{word}: {card} {name}; trumps are {suit}. Seat {dealer} "
               "dealt.").format(word=word, card=card_label(view.up, symbols),
                                name=view.up.name, suit=SUIT_NAMES[view.trump],
                                dealer=view.dealer),
             ]
    state = _("Value {value}").format(value=value_text(view.value))
    if view.raiser_team is not None:        # a raise waits for an answer
        answering = TEAMS[1 - TEAMS.index(view.raiser_team)]
        state += (_(" (team {raiser} raised; team {answering} answers: you may answer)")
                  if view.legal else _(" (team {raiser} raised; team {answering} answers)")
                  ).format(raiser=view.raiser_team, answering=answering)
    elif view.raise_right:
        state += _("; team {team} holds the raise right").format(team=view.raise_right)
    else:
        state += _("; either team may raise")
    state += _(". Tricks won: {tricks}.").format(tricks=score_text(view.tricks_won))
    lines.append(state)
    if view.last_trick and not view.trick:
        lines.append(_("Last trick: {plays}; {winner} won it.").format(
            plays=_plays(view.last_trick, view, symbols),
            winner=_seat(view.last_winner, view)) if view.last_winner is not None
            else "")
    lines.append(_("On the table: {plays}").format(
        plays=_plays(view.trick, view, symbols) if view.trick else _("nothing yet")))
    lines.append(_("Your cards (seat {seat}, team {team}): {cards}").format(
        seat=view.seat, team=TEAMS[view.seat & 1], cards="  ".join(
            f"{i}) {card_label(c, symbols)}" for i, c in enumerate(view.cards, 1))
        or _("none left")))
    if view.legal:
        kinds = {a.kind for a in view.legal}
        options = []
        if PLAY in kinds:
            options.append(_("a card (code or number)"))
        for bet in view.bets:
            if bet.legal:       # the value each raise names: "raise to 3 (envido)"
                options.append(bet.typed + (f" ({bet.call})" if bet.call
                                            and bet.call not in bet.typed else ""))
        lines.append(_("Your turn: {options}; ? for help.").format(
            options=", ".join(options)))
    out: list[str] = []
    for line in lines:
        out += wrap(line, width, subsequent_indent="  ", hyphens=False) \
            if display_width(line) > width else [line]
    return out

