"""Cards drawn for the site: single cards, hands, a deal, and the card orders as a ladder.

A card is an ``abbreviation`` node (``<abbr>`` in HTML) holding its rank and suit
letter, with its Spanish name as the tooltip; the style sheet draws it as a small
playing card with the suit's emblem (``rentoy-card rentoy-suit-o``). Other builders
write it as text: ``2o (Dos de oros)``. The card orders come from the engine's own
tables (:func:`rentoy.engine.compile_variant`), so the ladder shows exactly the order
the engine plays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence, TypedDict

from docutils import nodes
from docutils.parsers.rst import directives

from ..model.cards import DECK, SUIT_NAMES, SUITS, Card, parse_card
from ..engine import compile_variant
from ..core.i18n import _
from ..walkthrough.narrate import team_of_seat
from .directives import RentoyDirective, RentoyRole
from .elements import paragraph, spanish, table
if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from ..model.cards import Card
    from ..engine import Deal
    from ..model.variant import Variant

__all__ = ["card_node", "cards_node", "deal_nodes", "turn_up_name", "card_orders", "CardOrders",
           "CardOrdersDirective", "CardsRole"]


def card_node(card: Card, *, classes: Sequence[str] = (), note: str | None = None
              ) -> nodes.abbreviation:
    """One card: its rank and suit letter, the Spanish name as its tooltip."""
    explanation = card.name if note is None else f"{card.name}, {note}"
    node = nodes.abbreviation("", "", explanation=explanation,
                              classes=["rentoy-card", f"rentoy-suit-{card.suit}", *classes])
    node += nodes.inline(str(card.rank), str(card.rank), classes=["rentoy-card-rank"])
    node += nodes.inline(card.suit, card.suit, classes=["rentoy-card-suit"])
    return node


def cards_node(cards: Iterable[Card], *, separator: str = " ",
               classes: Sequence[str] = ()) -> nodes.inline:
    """A row of cards (a hand, a trick, a stretch of an order)."""
    row = nodes.inline(classes=["rentoy-cards", *classes])
    for i, card in enumerate(cards):
        if i and separator:
            row += nodes.inline(separator, separator, classes=["rentoy-sep"])
        row += card_node(card)
    return row


def turn_up_name(variant: Variant) -> str | None:
    """What the variant calls the turned-up card (muestra, vira), if recorded."""
    return variant.rules.calls.turn_up


def deal_nodes(deal: Deal, *, variant: Variant, dealer: int,
               score: Sequence[int] | None = None) -> list[nodes.Node]:
    """The deal drawn: each seat's cards with team, mano and dealer, then the turned-up card."""

    players = len(deal.hands)
    mano = (dealer + 1) % players
    rows = []
    for seat, hand in enumerate(deal.hands):
        roles = [r for r, s in (("mano", mano), (_("dealer"), dealer)) if s == seat]
        rows.append([str(seat), team_of_seat(seat), ", ".join(roles), cards_node(hand)])
    out: list[nodes.Node] = [table([_("seat"), _("team"), _("role"), _("cards")], rows,
                                   classes=["rentoy-deal"])]
    name = turn_up_name(variant)
    up = nodes.paragraph(classes=["rentoy-turn-up"])
    up += nodes.Text(_("Turned up") + (" (" + _("the") + " " if name else ""))
    if name:
        up += spanish(name)
        up += nodes.Text(")")
    up += nodes.Text(": ")
    up += card_node(deal.up, classes=["rentoy-card-up"], note=name or _("turned up"))
    suit = SUIT_NAMES[deal.up.suit]
    up += nodes.Text(" — " + _("{suit} are trumps.").format(suit=suit))
    if score is not None:
        up += nodes.Text(" " + _("Score before the hand: A {a}, B {b}.").format(
            a=score[0], b=score[1]))
    out.append(up)
    return out


# ---------------------------------------------------------------------------------------
# The card orders.

def _example_suits(variant: Variant) -> tuple[str, str]:
    """A trump suit and a plain suit to draw the orders in: ones no fixed top card is
    taken from, when there are such suits, so each row shows all its cards."""

    taken = {spec.suit for spec in variant.rules.top_cards if isinstance(spec, Card)}
    free = [s for s in SUITS if s not in taken] or list(SUITS)
    trump = free[0]
    plain = next((s for s in free[1:]), next(s for s in SUITS if s != trump))
    return trump, plain


class CardOrders(TypedDict):
    """What :func:`card_orders` returns: the two example suits and three orders."""

    trump: str
    plain: str
    top: list[Card]
    trumps: list[Card]
    plain_cards: list[Card]


def card_orders(variant: Variant, trump: str | None = None, plain: str | None = None
                ) -> CardOrders:
    """The orders the engine plays, highest first: top cards, trumps, a plain suit."""

    default_trump, default_plain = _example_suits(variant)
    trump = trump or default_trump
    plain = plain or default_plain
    tt = compile_variant(variant).by_trump[SUITS.index(trump)]
    top = [DECK[c] for c in tt.top]

    def suit_order(suit: str) -> list[Card]:
        cards = [c for c in DECK if c.suit == suit and c not in tt.top]
        return sorted(cards, key=lambda c: -tt.power[c])

    return {"trump": trump, "plain": plain, "top": top, "trumps": suit_order(trump),
            "plain_cards": suit_order(plain)}


def _ladder_row(label: str, cards: Sequence[Card], classes: Sequence[str]) -> nodes.paragraph:
    row = paragraph(None, ["rentoy-ladder-row", *classes])
    row += nodes.inline(label, label, classes=["rentoy-ladder-label"])
    row += nodes.Text(" ")
    row += cards_node(cards, separator=" > ")
    return row


def card_order_nodes(variant: Variant, trump: str | None = None,
                     plain: str | None = None) -> list[nodes.Node]:
    """The ladder of a variant's card orders, as nodes."""

    orders = card_orders(variant, trump, plain)
    box = nodes.container(classes=["rentoy-card-orders"])
    t, p = orders["trump"], orders["plain"]
    top = orders["top"]
    if top:
        label = _("Above every trump") if not variant.rules.top_cards_are_trumps else \
            _("Top cards (above the other trumps)")
        box += _ladder_row(label + ":", top, ["rentoy-ladder-top"])
    box += _ladder_row(_("Trumps ({suit} turned up):").format(suit=SUIT_NAMES[t]),
                       orders["trumps"], ["rentoy-ladder-trumps"])
    box += _ladder_row(_("Any other suit ({suit} shown):").format(suit=SUIT_NAMES[p]),
                       orders["plain_cards"], ["rentoy-ladder-plain"])
    notes = [_("Highest first. Only a card of the suit led, a trump or a top card can win "
               "a trick.") if top else _("Highest first. Only a card of the suit led or a "
                                         "trump can win a trick.")]
    if top:
        notes.append(_("The top cards count as trumps (leading one is an arrastre).")
                     if variant.rules.top_cards_are_trumps else
                     _("The top cards do not count as trumps: they follow their own suit but "
                       "beat every card."))
    box += paragraph(" ".join(notes), ["rentoy-ladder-note"])
    return [box]


def _suit_option(text: str) -> str:
    value = directives.unchanged_required(text).strip().lower()
    for letter in SUITS:
        if value in (letter, SUIT_NAMES[letter]):
            return letter
    raise ValueError(f"not a suit: {text!r} (o, c, e, b or oros, copas, espadas, bastos)")


class CardOrdersDirective(RentoyDirective):
    """``{rentoy-card-orders} SPEC``: top cards, trumps and a plain suit as a ladder.

    Options ``:trump:`` and ``:plain:`` pick the suits drawn (default: suits no fixed
    top card is taken from).
    """

    required_arguments = 1
    option_spec = {"trump": _suit_option, "plain": _suit_option}

    def make(self) -> list[nodes.Node]:
        variant = self.load_variant(self.arguments[0])
        return card_order_nodes(variant, self.options.get("trump"), self.options.get("plain"))


class CardsRole(RentoyRole):
    """``{rentoy-cards}`2o 7c 11e```: cards drawn inline from their codes."""

    def make(self) -> list[nodes.Node]:
        return [cards_node([parse_card(code) for code in self.text.split()])]


def setup(app: Sphinx) -> None:
    app.add_directive("rentoy-card-orders", CardOrdersDirective)
    app.add_role("rentoy-cards", CardsRole())
