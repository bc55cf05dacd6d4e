"""The one-line deal notation: a whole deal written on one line, and read back.

Each seat's cards, seat 0 first, separated by ``|``; then ``/ up`` and the turned-up
card; optionally ``/ dealer`` and the dealing seat::

    1e 12b 5e | 5c 11e 7o | 3c 10c 6c | 2c 3e 2e / up 7e
    5o 7o 5e | 12o 11o 2e / up 1e / dealer 1

Cards are card codes (:mod:`rentoy.model.cards`: rank then suit, any case, letter ranks
accepted), separated by spaces. Seats are in playing order from seat 0, so the first
group is seat 0's cards whoever deals; without ``dealer`` the dealer is the last seat
(seat 0 leads). :func:`format_deal` writes the canonical form (lower case, one space
between cards, `` | `` between seats), and reading it gives the same cards back:

>>> deal = parse_deal("1E 12b 5e|5c 11e 7o | 3c 10c 6c | 2c 3e 2e /up 7e")
>>> format_deal(deal.hands, deal.up)
'1e 12b 5e | 5c 11e 7o | 3c 10c 6c | 2c 3e 2e / up 7e'
>>> parse_deal(format_deal(deal.hands, deal.up, dealer=2)).dealer
2
>>> parse_deal("1e 12b | 5c 1e / up 7e")
Traceback (most recent call last):
...
rentoy.model.notation.NotationError: deal '1e 12b | 5c 1e / up 7e': 1e (As de espadas) is dealt twice (seat 0 and seat 1) (every card of a deal is different)

It works on card codes only: a :class:`DealText` is turned into the engine's deal by
the layers above (``Deal(text.hands, text.up)``), and whether a variant deals that
many cards to that many seats is theirs to check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from .cards import DECK, Card, CardError, parse_card
from ..core.errors import InputError, Problem
from ..core.i18n import N_, _, language, number
from ..core.limits import MAX_DIGITS, MAX_INPUT_LINE, MAX_PLAYERS, MAX_TARGET, over_limit, shown

__all__ = ["DealText", "NotationError", "parse_deal", "parse_dealer", "parse_score",
           "format_deal", "looks_like_deal", "GRAMMAR"]

# Marked for the catalog: ``_(GRAMMAR)`` gives it in the language spoken.
#: The notation in one line, for help texts and messages.
GRAMMAR = N_("CARDS | CARDS | ... / up CARD [/ dealer SEAT], seat 0's cards first")

_PART = re.compile(r"^\s*(up|dealer)\s*:?\s*(\S+)\s*$", re.IGNORECASE)


class NotationError(InputError):
    """A line that is not a deal in the one-line notation."""


@dataclass(frozen=True)
class DealText:
    """A deal read from one line: each seat's cards from seat 0, the turned-up card and,
    when the line names one, the dealer."""

    hands: tuple[tuple[Card, ...], ...]
    up: Card
    dealer: int | None = None

    def __str__(self) -> str:
        return format_deal(self.hands, self.up, self.dealer)


def looks_like_deal(text: str) -> bool:
    """Whether ``text`` is meant as a one-line deal rather than a file name: it holds
    ``|`` or a ``/ up`` part.

    >>> looks_like_deal("1e 12b | 5c 3e / up 7e"), looks_like_deal("docs/examples/a.yaml")
    (True, False)
    """
    return "|" in text or re.search(r"/\s*up\b", text, re.IGNORECASE) is not None


def _bad(text: str, message: str, hint: str | None = None) -> NotationError:
    cut = text if len(text) <= 120 else text[:117] + "..."
    # Quoted as Python does in English, between backticks as every Spanish message.
    quoted = repr(cut) if language() == "en" else f"`{cut}`"
    return NotationError(Problem(_("deal {deal}: {problem}").format(deal=quoted,
                                                                     problem=message),
                                 hint=hint or _("write a deal as {grammar}").format(
                                     grammar=_(GRAMMAR))))


def _quoted(value: str) -> str:
    return repr(value) if language() == "en" else f"`{value}`"


def _whole(text: str, most: int) -> int | None:
    """The whole number ``text`` writes in ASCII digits (no sign), when it has at most
    :data:`~rentoy.core.limits.MAX_DIGITS` digits and is at most ``most``; else None. The
    length is checked before the conversion, which costs time with every digit and
    fails past 4,300."""
    if not text or len(text) > MAX_DIGITS or not (text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if value <= most else None


def _number_problem(value: str, what: str, most: int) -> str:
    """Why ``value`` is not a number ``what`` may be (at most ``most``)."""
    if value.isascii() and value.isdigit() and len(value) <= MAX_DIGITS:
        return _("{what} {value} is too large: at most {most}").format(
            what=what, value=value, most=number(most))
    if value.isascii() and value.isdigit():
        return over_limit("MAX_DIGITS", _("{what} has {count} digits").format(
            what=what, count=number(len(value))))
    return _("{what} is a whole number, not {value}").format(what=what,
                                                            value=_quoted(shown(value, False)))


def parse_dealer(text: str, players: int | None = None) -> int:
    """The dealing seat ``text`` names (``"3"``), as ``/ dealer`` in a deal, ``--dealer``
    or a link's ``dealer=`` give it: ASCII digits, at most
    :data:`~rentoy.core.limits.MAX_DIGITS` of them checked before they are converted, below
    ``players`` when given (else below :data:`~rentoy.core.limits.MAX_PLAYERS`). A
    :class:`NotationError` says what is wrong, in words.

    >>> parse_dealer("3", 4)
    3
    >>> parse_dealer("9" * 5000)
    Traceback (most recent call last):
    ...
    rentoy.model.notation.NotationError: the dealer has 5,000 digits; the limit is 100 digits (rentoy.limits.MAX_DIGITS) (give ...)
    """
    text = str(text).strip()
    most = (players if players is not None else MAX_PLAYERS) - 1
    seat = _whole(text, most)
    if seat is None:
        if players is not None and _whole(text, MAX_PLAYERS * 10) is not None:
            raise NotationError(Problem(_("there is no seat {seat} at a table of {n}; seats "
                                          "run from 0 to {last}").format(
                seat=text, n=players, last=players - 1)))
        raise NotationError(Problem(_number_problem(text, _("the dealer"), most),
                                    hint=_("give the dealer's seat, from 0")))
    return seat


def parse_score(text: str, target: int | None = None) -> tuple[int, int]:
    """The score ``text`` gives, team A's then team B's (``"4-5"``, ``"4,5"`` or ``"4
    5"``), as ``--score`` or a link's ``score=`` give it: two whole numbers of ASCII
    digits, each checked for length before it is converted and below ``target`` when
    given (a score that already ends the game is no start), else at most
    :data:`~rentoy.core.limits.MAX_TARGET`. A :class:`NotationError` says what is wrong.

    >>> parse_score("4-5", 12)
    (4, 5)
    >>> parse_score("12-0", 12)
    Traceback (most recent call last):
    ...
    rentoy.model.notation.NotationError: the score 12-0 already ends a game to 12 (both scores must be below 12)
    """
    text = str(text).strip()
    if len(text) > MAX_INPUT_LINE:
        raise NotationError(Problem(over_limit("MAX_INPUT_LINE", _(
            "this score is {count} characters long").format(count=number(len(text)))),
            hint=_("write a score as A-B, e.g. 4-5")))
    parts = [p for p in re.split(r"\s*[-,\s]\s*", text) if p != ""]
    if len(parts) != 2:
        raise NotationError(Problem(_("a score is two whole numbers, team A's then team "
                                      "B's, not {value}").format(
            value=_quoted(shown(text, False))), hint=_("write a score as A-B, e.g. 4-5")))
    top = MAX_TARGET if target is None else target - 1
    values = []
    for part in parts:
        value = _whole(part, MAX_TARGET)
        if value is None:
            raise NotationError(Problem(_number_problem(part, _("a score"), MAX_TARGET),
                                        hint=_("write a score as A-B, e.g. 4-5")))
        values.append(value)
    if target is not None and max(values) > top:
        raise NotationError(Problem(_("the score {score} already ends a game to {target}").format(
            score=f"{values[0]}-{values[1]}", target=target),
            hint=_("both scores must be below {target}").format(target=target)))
    return values[0], values[1]


def parse_deal(text: str) -> DealText:
    """Read one line of the notation (see the module docstring); a
    :class:`NotationError` says what is wrong with it. The line is at most
    :data:`~rentoy.core.limits.MAX_INPUT_LINE` characters, and the dealer's number is
    bounded before it is converted (:func:`parse_dealer`)."""
    if not isinstance(text, str):
        raise _bad(str(text), _("a deal is written as one line of text"))
    if len(text) > MAX_INPUT_LINE:
        raise _bad(text, over_limit("MAX_INPUT_LINE", _("this deal is {count} characters "
                                                        "long").format(
            count=number(len(text)))))
    line = " ".join(text.split())
    parts = line.split("/")
    if len(parts) < 2:
        raise _bad(line, _("the turned-up card is missing (`/ up CARD` after the hands)"))
    up: Card | None = None
    dealer: int | None = None
    for part in parts[1:]:
        found = _PART.match(part)
        if not found:
            raise _bad(line, _("{part} is neither `up CARD` nor `dealer SEAT`").format(
                part=_quoted(part.strip())))
        key, value = found.group(1).lower(), found.group(2)
        if key == "up":
            if up is not None:
                raise _bad(line, _("the turned-up card is given twice"))
            up = _card(line, value, _("in the turned-up card"))
        else:
            if dealer is not None:
                raise _bad(line, _("the dealer is given twice"))
            if not value.isdigit():
                raise _bad(line, _("the dealer is a seat number, not {value}").format(
                    value=_quoted(shown(value, False))))
            try:
                dealer = parse_dealer(value)
            except NotationError as exc:
                raise _bad(line, exc.problems[0].message) from None
    if up is None:
        raise _bad(line, _("the turned-up card is missing (`/ up CARD`)"))
    groups = parts[0].split("|")
    if len(groups) < 2:
        raise _bad(line, _("a deal has two hands or more, separated by `|`"))
    hands = []
    for seat, group in enumerate(groups):
        codes = group.split()
        if not codes:
            raise _bad(line, _("seat {seat} has no cards").format(seat=seat))
        what = _("in seat {seat}'s cards").format(seat=seat)
        hands.append(tuple(_card(line, code, what) for code in codes))
    if dealer is not None and dealer >= len(hands):
        raise _bad(line, _("there is no seat {seat} at a table of {n}; seats run from 0 to "
                           "{last}").format(seat=dealer, n=len(hands), last=len(hands) - 1))
    where: dict[Card, int] = {}
    for seat, cards in enumerate(hands):
        for card in cards:
            if card in where:
                raise _bad(line, _("{card} ({name}) is dealt twice (seat {first} and seat "
                                   "{seat})").format(card=card.code, name=card.name,
                                                     first=where[card], seat=seat),
                           _("every card of a deal is different"))
            where[card] = seat
    if up in where:
        raise _bad(line, _("the turned-up card {card} is also dealt to seat {seat}").format(
            card=up.code, seat=where[up]), _("every card of a deal is different"))
    sizes = {len(cards) for cards in hands}
    if len(sizes) > 1:
        raise _bad(line, _("the seats hold different numbers of cards ({counts})").format(
            counts=", ".join(str(len(c)) for c in hands)),
                   _("every seat is dealt as many cards"))
    return DealText(tuple(hands), up, dealer)


def _card(line: str, code: str, where: str) -> Card:
    """The card ``code`` names; a bad code refused with ``where`` it stands (``in the
    turned-up card``)."""
    try:
        return parse_card(code)
    except CardError as exc:
        raise _bad(line, f"{where}: {exc}") from None


def format_deal(hands: Sequence[Iterable[Card | int]], up: Card | int,
                dealer: int | None = None) -> str:
    """A deal in the canonical one-line form (``dealer`` only when given)."""

    text = " | ".join(" ".join(DECK[c].code for c in cards) for cards in hands)
    text += f" / up {DECK[up].code}"
    if dealer is not None:
        text += f" / dealer {dealer}"
    return text
