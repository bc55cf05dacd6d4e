"""Rules compiled once per variant into plain tuples the engine indexes directly.

:func:`compile_variant` turns a :class:`~rentoy.model.variant.Variant` into :class:`Tables`:
its :class:`~rentoy.model.ruleset.Rules` as they are (``tables.rules.target``, one field per
rule of the rule table), the few values the inner loop wants in another form (the
arrastre as a number, the raise and answer rights as flags, the steps a hand's value
can take, with the whole game for *juego fuera*) and, for each of the four possible
trump suits, a :class:`TrumpTables` with every card's power, its suit for following
purposes, whether it can win whatever was led, and whether a trick it leads binds the
cards played to it.

>>> from rentoy.variants import load_variant
>>> tables = compile_variant(load_variant("1737"))
>>> tables.steps, tables.top_level, tables.game_level
((1, 3, 6, 9, 12), 4, -1)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model.cards import DECK, RANKS, SUITS, Card, TrumpRelative
from ..model.ruleset import Rules
from ..model.variant import Variant

__all__ = ["Tables", "TrumpTables", "compile_variant", "as_variant", "DECKS", "TRICK_RULES",
           "TOP_POWER", "TRUMP_POWER", "PLAIN_POWER", "ARRASTRE_NONE", "ARRASTRE_FOLLOW",
           "ARRASTRE_OVERTRUMP"]

ARRASTRE_NONE, ARRASTRE_FOLLOW, ARRASTRE_OVERTRUMP = 0, 1, 2
_ARRASTRE = {"none": ARRASTRE_NONE, "follow": ARRASTRE_FOLLOW, "overtrump": ARRASTRE_OVERTRUMP}

# Power bands: a top card beats every trump, a trump beats every plain card.
TOP_POWER, TRUMP_POWER, PLAIN_POWER = 300, 200, 100


@dataclass(frozen=True, slots=True)
class TrumpTables:
    """Per-card facts for one trump suit, indexed by card (0-39)."""

    trump: int                   # suit index of the trump suit
    power: tuple[int, ...]       # rank power within its band (top > trump > plain)
    suit: tuple[int, ...]        # the suit a card counts as: top cards that are trumps -> trump
    always: tuple[bool, ...]     # can win a trick whatever suit was led (trumps, top cards)
    top: tuple[int, ...]         # the top cards, highest first
    #: Whether a trick this card leads puts any duty on the cards played to it (rules
    #: ``arrastre``, for a trump lead, and ``follow_suit``): where it does not, every
    #: card is legal, which :func:`~rentoy.engine.rules.legal_cards` reads first.
    binds: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class Tables:
    """A variant's rules, the values compiled from them, and its four
    :class:`TrumpTables`."""

    variant: Variant
    rules: Rules
    deck: tuple[Card, ...]           # rule deck: the cards dealt from
    ladder: tuple[int | str, ...]    # rule ladder, typed
    #: The values a hand can take, by step: the ladder, then the whole game when the
    #: variant has the call for it (rule juego_fuera) and the ladder does not end there.
    steps: tuple[int | str, ...]
    top_level: int                   # the step a raise reaches last: the ladder's top
    game_level: int                  # the step of the whole game by juego fuera; -1: none
    game_call_in_answer: bool        # juego_fuera: answer
    arrastre: int                    # ARRASTRE_NONE, _FOLLOW or _OVERTRUMP
    acceptor_right: bool             # raise_right: acceptor
    answer_by_team: bool             # answer_by: team
    by_trump: tuple[TrumpTables, ...]


def _trump_tables(variant: Variant, trump: int) -> TrumpTables:
    rules = variant.rules
    trump_suit = SUITS[trump]
    top: list[int] = []
    for spec in rules.top_cards:
        card = spec.resolve(trump_suit) if isinstance(spec, TrumpRelative) else spec
        if card not in top:          # "5b" and "5T" name the same card when bastos is trump
            top.append(int(card))
    trump_rank = {rank: len(RANKS) - i for i, rank in enumerate(rules.trump_order)}
    plain_rank = {rank: len(RANKS) - i for i, rank in enumerate(rules.plain_order)}
    power, suit, always = [], [], []
    for card in DECKS[rules.deck]:
        s = card // 10
        if card in top:
            power.append(TOP_POWER + len(top) - top.index(card))
            suit.append(trump if rules.top_cards_are_trumps else s)
            always.append(True)
        elif s == trump:
            power.append(TRUMP_POWER + trump_rank[card.rank])
            suit.append(s)
            always.append(True)
        else:
            power.append(PLAIN_POWER + plain_rank[card.rank])
            suit.append(s)
            always.append(False)
    arrastre = _ARRASTRE[rules.arrastre] != ARRASTRE_NONE
    binds = tuple(rules.follow_suit or (arrastre and counts == trump) for counts in suit)
    return TrumpTables(trump, tuple(power), tuple(suit), tuple(always), tuple(top), binds)


# By the variant's id, the variant kept with its tables so that the id is never reused:
# a plain dict, as every new hand asks (a weak mapping makes a reference each time).
_compiled: dict[int, tuple[Variant, Tables]] = {}


def as_variant(variant: Variant | str) -> Variant:
    """``variant`` itself, or for a convenience of callers, the variant an id or path
    names (``"1737+borrego"``). The engine reads only the :class:`Variant`; naming one
    by id is the file loader's work (:func:`rentoy.data.variants.load_variant`), asked here
    only when a caller gives a name."""
    if isinstance(variant, Variant):
        return variant
    if not isinstance(variant, str):
        raise TypeError(f"a variant is a Variant or its id, not {type(variant).__name__}")
    from ..data.variants import load_variant     # not at import: the engine needs no file reader

    return load_variant(variant)


#: The decks rule ``deck`` names.
DECKS: dict[str, tuple[Card, ...]] = {"spanish-40": DECK}
#: The ways rule ``trick_winner`` names of winning a trick (each one function of
#: :mod:`rentoy.engine.rules`; the tables below are made for it).
TRICK_RULES: tuple[str, ...] = ("highest-led-or-trump",)
GAME = "game"


def compile_variant(variant: Variant) -> Tables:
    """The engine's tables for ``variant`` (computed once, then cached)."""
    found = _compiled.get(id(variant))
    if found is not None and found[0] is variant:
        return found[1]
    rules = variant.rules
    if rules.trick_winner not in TRICK_RULES:
        raise ValueError(f"no way of winning a trick named {rules.trick_winner!r}")
    ladder: tuple[int | str, ...] = tuple(rules.ladder)
    top = len(ladder) - 1
    steps, game_level = ladder, -1
    if rules.juego_fuera != "none":
        if ladder[-1] == GAME:
            game_level = top
        else:
            steps, game_level = ladder + (GAME,), top + 1
    tables = Tables(
        variant=variant, rules=rules, deck=DECKS[rules.deck], ladder=ladder,
        steps=steps, top_level=top, game_level=game_level,
        game_call_in_answer=rules.juego_fuera == "answer",
        arrastre=_ARRASTRE[rules.arrastre],
        acceptor_right=rules.raise_right == "acceptor",
        answer_by_team=rules.answer_by == "team",
        by_trump=tuple(_trump_tables(variant, t) for t in range(4)))
    _compiled[id(variant)] = (variant, tables)
    return tables

