"""The pieces of the site's first pages: the deck drawn, a hand dealt and played.

``{rentoy-deck}`` draws the 40 cards of the Spanish deck, a row per suit.
``{rentoy-hand} SPEC`` deals the cards given in ``:deal:`` with ``:up:`` turned up,
applies ``:actions:`` through the engine (a refused action fails the build) and draws
the deal, each trick played with the seat the engine says wins it, and how the hand
ended. ``{rentoy-differences}`` lists, for every built-in variant that extends another,
the rules whose values differ from its parent's, linked to the variant pages. Every
rule these show comes from the variant files and the engine, none from the page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from docutils import nodes
from docutils.parsers.rst import directives

from ..model.cards import DECK, SUIT_NAMES, SUITS
from ..engine import Deal, Hand
from ..core.errors import IllegalAction
from ..core.i18n import _, data_text
from ..walkthrough.narrate import score_text, team_of_seat
from .cards import card_node, cards_node, deal_nodes
from .directives import RentoyDirective
from .elements import paragraph, table
from .errors import Failure
from .faces import face_svg
from .variants import changed_rules, rule_label, variant_ref
from ..comparison.reference import value_words

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from ..model.cards import Card
    from ..engine import TrickRecord

__all__ = ["DeckDirective", "HandDirective", "DifferencesDirective", "trick_nodes",
           "face_node"]


def face_node(card: Card) -> nodes.abbreviation:
    """A card's drawn face (HTML) with its code and Spanish name (other builders, and
    the tooltip)."""

    node = nodes.abbreviation("", "", explanation=card.name,
                              classes=["rentoy-face", f"rentoy-face-{card.suit}"])
    node += nodes.raw("", face_svg(card), format="html")
    code = str(card)
    node += nodes.inline(code, code, classes=["rentoy-face-code"])
    return node


class DeckDirective(RentoyDirective):
    """``{rentoy-deck}``: the 40 cards, a row per suit, ace to king, their faces drawn
    (``:small:`` draws the small cards of the tables instead)."""

    option_spec = {"small": directives.flag}

    def make(self) -> list[nodes.Node]:
        box = nodes.container(classes=["rentoy-deck"])
        for suit in SUITS:
            row = paragraph(None, ["rentoy-deck-row"])
            name = SUIT_NAMES[suit]
            row += nodes.inline(name, name, classes=["rentoy-deck-suit"])
            cards = sorted((c for c in DECK if c.suit == suit), key=lambda c: c.rank)
            if "small" in self.options:
                row += cards_node(cards, separator="")
            else:
                faces = nodes.inline(classes=["rentoy-cards", "rentoy-faces"])
                for i, card in enumerate(cards):
                    if i:
                        faces += nodes.Text(" ")
                    faces += face_node(card)
                row += faces
            box += row
        return [box]


def trick_nodes(trick: TrickRecord, players: int) -> nodes.paragraph:
    """A trick as its cards in playing order, the winner's card marked."""

    para = paragraph(None, ["rentoy-trick"])
    for i, (seat, card) in enumerate(zip(trick.seats(players), trick.cards)):
        if i:
            para += nodes.Text(", ")
        para += nodes.Text(_("seat {seat}").format(seat=seat) + " ")
        para += card_node(card, classes=["rentoy-card-won"] if seat == trick.winner else ())
    para += nodes.Text(": " + _("seat {seat} (team {team}) wins the trick.").format(
        seat=trick.winner, team=team_of_seat(trick.winner)))
    return para


class HandDirective(RentoyDirective):
    """``{rentoy-hand} SPEC``: a deal (``:deal:`` hands separated by ``/``, ``:up:``
    the turned-up card, ``:dealer:``, ``:score:`` as ``4-5``) drawn, then
    ``:actions:`` (separated by ``;``) applied by the engine and each trick drawn.
    ``:show: tricks`` leaves the deal out."""

    required_arguments = 1
    option_spec = {"deal": directives.unchanged_required, "up": directives.unchanged_required,
                   "dealer": directives.nonnegative_int, "score": directives.unchanged_required,
                   "actions": directives.unchanged, "show": directives.unchanged}

    def make(self) -> list[nodes.Node]:
        variant = self.load_variant(self.arguments[0])
        if "deal" not in self.options or "up" not in self.options:
            raise Failure([("{rentoy-hand} needs :deal: (hands separated by /) and :up:",
                            None)])
        hands = [h.split() for h in self.options["deal"].split("/")]
        deal = Deal.parse(hands, up=self.options["up"].strip())
        score = (0, 0)
        if "score" in self.options:
            a, _sep, b = self.options["score"].partition("-")
            score = (int(a), int(b))
        dealer = self.options.get("dealer", len(hands) - 1)
        hand = Hand(variant, players=len(hands), dealer=dealer, deal=deal, score=score)
        out: list[nodes.Node] = []
        if self.options.get("show", "all") != "tricks":
            out.extend(deal_nodes(deal, variant=variant, dealer=dealer,
                                  score=score if "score" in self.options else None))
        for text in filter(None, (a.strip() for a in self.options.get("actions", "").split(";"))):
            try:
                event = hand.apply(text)
            except IllegalAction as refusal:
                raise Failure([(f"{text!r} was refused: {refusal.reason} ({refusal})", None)]
                              ) from None
            if event.trick is not None:
                out.append(trick_nodes(event.trick, len(hands)))
            if event.result is not None:
                r = event.result
                text = (_("Team {team} wins the hand by tricks and scores {points}: {score}.")
                        if r.how == "tricks" else
                        _("Team {team} wins the hand as the other team folded and scores "
                          "{points}: {score}."))
                out.append(paragraph(text.format(team=r.winner_name, points=r.points,
                                                 score=score_text(r.score)),
                                     ["rentoy-hand-result"]))
        return out


class DifferencesDirective(RentoyDirective):
    """``{rentoy-differences}``: each built-in variant that extends another, with the
    rules whose values differ from its parent's, linked to the variant's page."""

    def make(self) -> list[nodes.Node]:
        variants = self.builtin_variants()
        by_id = {v.id: v for v in variants}
        rows: list[list[Any]] = []
        for v in variants:
            parent = by_id.get(v.extends or "")
            if parent is None:
                rows.append([variant_ref(v.id), data_text(v.name or "") or "-", "-",
                             paragraph(_("the reference reading; the others are stated "
                                         "against it or against a variant built on it"))])
                continue
            changes = nodes.bullet_list(classes=["rentoy-changes"])
            for rule in changed_rules(v, parent):
                item = nodes.list_item()
                para = paragraph(None)
                para += rule_label(rule, key=False)
                shown = value_words(rule, v.values[rule])
                para += nodes.inline(shown, shown, classes=["rentoy-value"])
                item += para
                changes += item
            rows.append([variant_ref(v.id), data_text(v.name or "") or "-", variant_ref(parent.id),
                         changes if len(changes) else _("the same rules; other evidence")])
        return [table([_("variant"), _("name"), _("extends"), _("what changes")], rows,
                      classes=["rentoy-variant-differences"])]


def setup(app: Sphinx) -> None:
    app.add_directive("rentoy-deck", DeckDirective)
    app.add_directive("rentoy-hand", HandDirective)
    app.add_directive("rentoy-differences", DifferencesDirective)
