"""The 40-card Spanish deck: cards, card codes and their Spanish names.

A card is a small integer (0 to 39) wrapped in :class:`Card`, so the engine can use
it directly as an index into precomputed tables while people read it as ``2o`` or
*Dos de oros*.

>>> from rentoy.cards import Card
>>> card = Card.parse("Rc")
>>> card, card.rank, card.suit, card.name
(Card('12c'), 12, 'c', 'Rey de copas')
>>> str(Card.parse("2O"))
'2o'
>>> len(DECK)
40
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..core.errors import RentoyError
from ..core.frozen import Frozen
from ..core.i18n import _
from ..core.limits import shown

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "SUITS", "SUIT_NAMES", "RANKS", "RANK_NAMES", "RANK_LETTERS",
    "Card", "CardError", "DECK", "TrumpRelative", "parse_card", "parse_card_spec",
    "format_cards",
]

#: Suit letters in deck order: oros, copas, espadas, bastos.
SUITS: tuple[str, ...] = ("o", "c", "e", "b")
SUIT_NAMES: dict[str, str] = {"o": "oros", "c": "copas", "e": "espadas", "b": "bastos"}
#: The ten ranks of the Spanish deck (no 8s or 9s).
RANKS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
RANK_NAMES: dict[int, str] = {
    1: "As", 2: "Dos", 3: "Tres", 4: "Cuatro", 5: "Cinco", 6: "Seis", 7: "Siete",
    10: "Sota", 11: "Caballo", 12: "Rey",
}
#: Letter ranks accepted in card codes: As, Sota, Caballo, Rey.
RANK_LETTERS: dict[str, int] = {"a": 1, "s": 10, "c": 11, "r": 12}

_RANK_INDEX = {rank: i for i, rank in enumerate(RANKS)}
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
_CODE = re.compile(r"^\s*(\d{1,2}|[ascr])([a-z])\s*$", re.IGNORECASE | re.ASCII)
_SPEC = re.compile(r"^\s*(\d{1,2}|[ascr])(t)\s*$", re.IGNORECASE | re.ASCII)


class CardError(RentoyError, ValueError):
    """A card code that does not name a card of the 40-card Spanish deck."""


class Card(int):
    """One card of the Spanish deck; an ``int`` from 0 to 39 (suit-major order).

    Use :meth:`Card.parse` or :data:`DECK`; the 40 instances are shared, so cards
    compare and hash as their index.
    """

    __slots__ = ()

    @classmethod
    def parse(cls, code: str) -> Card:
        """Parse a card code such as ``2o``, ``12c``, ``Rc`` or ``as`` (any case)."""
        return parse_card(code)

    @classmethod
    def of(cls, rank: int, suit: str) -> Card:
        """The card of this rank and suit letter."""
        if rank not in _RANK_INDEX:
            raise CardError(_("rank {rank} is not in the Spanish deck (ranks 1-7 and "
                              "10-12)").format(rank=rank))
        if suit not in _SUIT_INDEX:
            raise CardError(_("suit {suit} is not one of o, c, e, b").format(suit=shown(suit)))
        return DECK[_SUIT_INDEX[suit] * 10 + _RANK_INDEX[rank]]

    @property
    def rank(self) -> int:
        return RANKS[self % 10]

    @property
    def suit(self) -> str:
        return SUITS[self // 10]

    @property
    def code(self) -> str:
        """The canonical code: numeric rank then suit letter, e.g. ``12c``."""
        return f"{self.rank}{self.suit}"

    @property
    def name(self) -> str:
        """The Spanish name, e.g. ``Rey de copas``."""
        return f"{RANK_NAMES[self.rank]} de {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __reduce__(self) -> tuple[Any, ...]:  # pickles as the shared instance (simulation workers)
        return (_card_at, (int(self),))


def _card_at(index: int) -> Card:
    return DECK[index]


#: All 40 cards, oros first, each suit from the As up to the Rey.
DECK: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(40))


def _rank_of(token: str, code: str) -> int:
    low = token.lower()
    if low in RANK_LETTERS:
        return RANK_LETTERS[low]
    rank = int(token)
    if rank not in _RANK_INDEX:
        raise CardError(
            _("bad card code {code}: rank {rank} is not in the Spanish 40-card deck "
              "(ranks 1-7, 10 Sota, 11 Caballo, 12 Rey)").format(code=shown(code), rank=rank))
    return rank


def parse_card(code: str) -> Card:
    """Parse a card code (rank then suit, any case) into a :class:`Card`.

    >>> parse_card("10b").name
    'Sota de bastos'
    >>> parse_card("8o")
    Traceback (most recent call last):
    ...
    rentoy.model.cards.CardError: bad card code '8o': rank 8 is not in the Spanish 40-card deck (ranks 1-7, 10 Sota, 11 Caballo, 12 Rey)
    """
    if isinstance(code, Card):
        return code
    if not isinstance(code, str):
        raise CardError(_("a card code is a string such as '2o' or 'Rc', not {value}").format(
            value=shown(code)))
    match = _CODE.match(code)
    if not match:
        raise CardError(
            _("bad card code {code}: write the rank (1-7, 10-12 or A, S, C, R) then the "
              "suit (o, c, e, b), e.g. '2o' or 'Rc'").format(code=shown(code)))
    rank = _rank_of(match.group(1), code)
    suit = match.group(2).lower()
    if suit not in _SUIT_INDEX:
        raise CardError(_("bad card code {code}: suit {suit} is not one of o (oros), "
                          "c (copas), e (espadas), b (bastos)").format(
                              code=shown(code), suit=shown(match.group(2))))
    return Card.of(rank, suit)


class TrumpRelative(Frozen):
    """A card named relative to the trump suit: ``2T`` is the 2 of whatever suit is trump."""

    rank: int

    def resolve(self, trump: str) -> Card:
        return Card.of(self.rank, trump)

    def __str__(self) -> str:
        return f"{self.rank}T"


def parse_card_spec(code: str) -> Card | TrumpRelative:
    """Parse a fixed card code (``5b``) or a trump-relative one (``2T``).

    >>> parse_card_spec("2T"), parse_card_spec("5b")
    (TrumpRelative(rank=2), Card('5b'))
    """
    if isinstance(code, str):
        match = _SPEC.match(code)
        if match:
            return TrumpRelative(_rank_of(match.group(1), code))
    try:
        return parse_card(code)
    except CardError as exc:
        raise CardError(str(exc) + _("; a trump-relative card is written like '2T'")
                        ) from None


def format_cards(cards: Iterable[int], names: bool = False) -> str:
    """Cards as codes (or Spanish names) separated by spaces."""
    return " ".join(DECK[c].name if names else DECK[c].code for c in cards)
