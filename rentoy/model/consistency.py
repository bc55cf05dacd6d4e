"""A variant's rules checked against each other, beyond what the schema can say.

A ladder that rises, a majority of tricks, a deal that fits in the 40-card deck, an odd
number of games in a match, the bounds of :mod:`rentoy.core.limits` on what sizes the work of
a game, call words a player can type: :func:`rule_problems` reports each clash with the
rule it is blamed on; :func:`check_players` is the one check the engine makes before
dealing, and :func:`check_solvable` the one the double-dummy solver's callers make
before they start.

>>> from rentoy.errors import Location
>>> values = {"top_cards": (), "ladder": (1, 3, 3), "tricks": 3, "tricks_to_win": 2,
...           "hand_size": 3, "match": 1, "players": (4,), "default_players": 4}
>>> [p.message for p in rule_problems(values, lambda rule: (Location(), ("rules", rule)))]
['the ladder must strictly increase: [1, 3, 3]']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .cards import DECK, CardError, parse_card, parse_card_spec
from ..core.errors import InputError, Location, Problem, VariantError
from ..core.i18n import N_, _, number
from ..core.limits import (LIMITS, MAX_HAND_SIZE, MAX_LADDER_STEPS, MAX_MATCH, MAX_PLAYERS,
                           MAX_TARGET, MAX_TRICKS, over_limit, shown)
from .ruletable import GAME

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

    from .variant import Variant

__all__ = ["rule_problems", "check_players", "check_solvable", "HELP_WORDS", "LEAVE_WORDS",
           "COMMON_WORDS", "SPOKEN_WORDS"]

# What a person types at the table (``rentoy play``, read by ``rentoy.table.words``)
# besides a variant's own call words, stated here so that a call word that reads as one of
# them is refused with the variant's other rules.

#: What asks for the list of legal actions.
HELP_WORDS: tuple[str, ...] = ("?", "help", "ayuda")
#: What leaves the answer to a raise to the partner the rules name to answer it.
LEAVE_WORDS: tuple[str, ...] = ("partner", "leave", "compañero", "companero")
#: The English names and the glossary's Spanish words that every variant understands,
#: by kind of action (each Spanish word is a term of ``variants/glossary.yaml``).
COMMON_WORDS: dict[str, tuple[str, ...]] = {
    "raise": ("raise", "envite", "envidar"),
    "accept": ("accept", "quiero", "querer"),
    "fold": ("fold", "no quiero", "irse", "me voy"),
    "game": ("game",)}
#: Words said at the table that every variant understands too, not glossary terms: the
#: first person of envidar, and the whole game (juego) named short. (Juego fuera is a
#: variant's own word: some ladders end in it as a raise.)
SPOKEN_WORDS: dict[str, tuple[str, ...]] = {"raise": ("envido",), "game": ("juego",)}

# Letters whose accent the table's reading drops, for the check below (the glossary's
# fold, imported only for other letters: it is not needed at every start).
_PLAIN = str.maketrans("áàâäéèêëíìîïóòôöúùûüñçÁÀÂÄÉÈÊËÍÌÎÏÓÒÔÖÚÙÛÜÑÇ",
                       "aaaaeeeeiiiioooouuuuncaaaaeeeeiiiioooouuuunc")


def _as_typed(word: str) -> str:
    """``word`` as the table compares typed text: as ``rentoy.glossary.term_key`` reads
    it (lower case, no ¡!¿? around it, no accents), spaces single."""
    text = " ".join(word.split()).strip("¡!¿?.,;:").strip().lower().translate(_PLAIN)
    if not text.isascii():          # another letter: the whole decomposition
        import unicodedata  # at use: start-up (bench/startup.py)

        text = "".join(c for c in unicodedata.normalize("NFD", text)
                       if not unicodedata.combining(c))
    return text


def _shadowed(key: str) -> str | None:
    """What typed text ``key`` (see :func:`_as_typed`) already means at the table, if
    anything but a call: a call word equal to it could not be told apart."""
    if not key:
        return _("nothing (it is only punctuation)")
    if key in HELP_WORDS:
        return _("the request for the legal actions")
    if key.isdigit():
        return _("a card's position in the hand")
    code = key[5:].strip() if key.startswith("play ") else key
    try:
        parse_card(code)
    except CardError:
        return None
    return _("a card")


#: A call word that cannot be told apart at the table, by the kind of call.
_CALL_WORD = {
    "raise": N_("the raise word {word} reads at the table as {means}"),
    "game": N_("the game word {word} reads at the table as {means}"),
    "accept": N_("the accept word {word} reads at the table as {means}"),
    "fold": N_("the fold word {word} reads at the table as {means}"),
}


def _call_word_problems(calls: Mapping[str, Any], bad: Callable[..., None]) -> None:
    """Each call word must read as that call at the table and as nothing else: not a
    card (``3c``), a position (``1``), ``?``, or another call."""
    taken = {_as_typed(w): kind for kind, words in (*COMMON_WORDS.items(),
                                                    *SPOKEN_WORDS.items()) for w in words}
    leave = {_as_typed(w) for w in LEAVE_WORDS}
    mine: dict[str, str] = {}
    for kind, words in (("raise", calls.get("raise") or ()), ("game", [calls.get("game")]),
                        ("accept", [calls.get("accept")]), ("fold", [calls.get("fold")])):
        for word in words:
            if not isinstance(word, str):
                continue
            key = _as_typed(word)
            means = (_("the request for the legal actions") if " ".join(word.split())
                     in HELP_WORDS else _shadowed(key))
            if means is None and key in leave:
                means = _("leaving the answer to the partner")
            if means is None and taken.get(key, kind) != kind:
                means = _("the call `{call}`, which every variant understands").format(
                    call=taken[key])
            if means is None and mine.get(key, kind) != kind:
                means = _("this variant's call `{call}`").format(call=mine[key])
            if means is not None:
                bad("calls", _(_CALL_WORD[kind]).format(word=shown(word), means=means),
                    _("choose a word that is not a card, a number, ? or another call"))
            mine.setdefault(key, kind)


def _bounds(values: Mapping[str, Any], bad: Callable[..., None]) -> None:
    """The bounds of :mod:`rentoy.core.limits` on what sizes the work of a game."""
    def over(rule: str, value: Any, limit: str, what: str, hint: str) -> bool:
        if isinstance(value, int) and not isinstance(value, bool) and value > LIMITS[limit][0]:
            bad(rule, over_limit(limit, what), hint)
            return True
        return False

    for n in values["players"]:
        over("players", n, "MAX_PLAYERS", _("a table of {n} players").format(n=shown(n)),
             _("use at most {n} players").format(n=MAX_PLAYERS))
    hand, tricks = values["hand_size"], values["tricks"]
    over("hand_size", hand, "MAX_HAND_SIZE", _("a hand of {n} cards").format(n=shown(hand)),
         _("deal at most {n} cards").format(n=MAX_HAND_SIZE))
    over("tricks", tricks, "MAX_TRICKS", _("{n} tricks a hand").format(n=shown(tricks)),
         _("play at most {n} tricks").format(n=MAX_TRICKS))
    over("target", values.get("target"), "MAX_TARGET",
         _("a game to {n} points").format(n=shown(values.get("target"))),
         _("play games to at most {n} points").format(n=MAX_TARGET))
    over("match", values["match"], "MAX_MATCH",
         _("a match of {n} games").format(n=shown(values["match"])),
         _("play matches of at most {n} games").format(n=MAX_MATCH))
    ladder = values["ladder"]
    if len(ladder) > MAX_LADDER_STEPS:
        bad("ladder", over_limit("MAX_LADDER_STEPS", _("the ladder has {n} steps").format(
            n=number(len(ladder)))), _("give at most {n} steps").format(n=MAX_LADDER_STEPS))
    for step in ladder:
        if over("ladder", step, "MAX_TARGET",
                _("a ladder step of {n} points").format(n=shown(step)),
                _("no step need be worth more than the largest target, {n}").format(
                    n=MAX_TARGET)):
            break


def rule_problems(values: Mapping[str, Any],
                  where: Callable[[str], tuple[Location, tuple[Any, ...]]]) -> list[Problem]:
    """Checks that need more than one rule, or more than the schema can say: among
    them the bounds of :mod:`rentoy.core.limits` on what sizes the work of a game (players,
    cards, tricks, the ladder, the target, the match), and call words that a person at
    the table could not type as calls."""
    problems: list[Problem] = []

    def bad(rule: str, message: str, hint: str | None = None) -> None:
        location, path = where(rule)
        problems.append(Problem(message, location, path, hint))

    _bounds(values, bad)
    if isinstance(values.get("calls"), Mapping):
        _call_word_problems(values["calls"], bad)
    seen_top: set[str] = set()
    for code in values["top_cards"]:
        try:
            canonical = str(parse_card_spec(code))
        except CardError as exc:
            bad("top_cards", str(exc))
            continue
        if canonical in seen_top:
            bad("top_cards", _("{code} names {card} again; each top card is listed "
                               "once").format(code=code, card=canonical))
        seen_top.add(canonical)
    ladder = values["ladder"]
    for i, step in enumerate(ladder):
        if step == GAME and i != len(ladder) - 1:
            bad("ladder", _("`game` may only be the last step of the ladder"))
    numbers = [s for s in ladder if s != GAME]
    if any(b <= a for a, b in zip(numbers, numbers[1:])):
        bad("ladder", _("the ladder must strictly increase: {ladder}").format(
            ladder=list(ladder)))
    if ladder and ladder[0] == GAME:
        bad("ladder", _("the first step is the hand's base value and must be a number"))

    tricks, to_win, hand = values["tricks"], values["tricks_to_win"], values["hand_size"]
    majority = tricks // 2 + 1
    use_majority = _("use {n}").format(n=majority)
    if tricks > hand:
        bad("tricks", _("a hand of {hand} cards cannot play {tricks} tricks").format(
            hand=hand, tricks=tricks))
    if tricks % 2 == 0:
        # No variant states how a level split (2-2) is settled, so it must not happen.
        bad("tricks", _("{tricks} tricks can split evenly between the teams and no rule "
                        "settles a tie").format(tricks=tricks),
            _("use an odd number, such as {n}").format(n=tricks + 1))
    if 2 * to_win <= tricks:
        bad("tricks_to_win", _("{to_win} of {tricks} tricks is not a majority").format(
            to_win=to_win, tricks=tricks), use_majority)
    elif to_win > tricks:
        bad("tricks_to_win", _("a team cannot take {to_win} tricks when {tricks} are "
                               "played").format(to_win=to_win, tricks=tricks), use_majority)
    elif tricks % 2 and to_win != majority:
        bad("tricks_to_win", _("{to_win} of {tricks} tricks is more than a majority: a hand "
                               "could end with neither team holding {to_win}").format(
                                   to_win=to_win, tricks=tricks), use_majority)

    games = values["match"]
    if games % 2 == 0:
        # Best of an even number can end level, and no source says how that is settled.
        bad("match", _("a match of {games} games can end {half}-{half} and no rule settles "
                       "a tie").format(games=games, half=games // 2),
            _("use an odd number, such as {n}").format(n=games + 1))

    players = values["players"]
    for n in players:
        if n % 2:
            bad("players", _("{n} players cannot form two equal teams; use an even "
                             "number").format(n=n))
        elif n * hand + 1 > len(DECK):
            bad("players", _("{n} players with {hand} cards each, plus the turned-up card, "
                             "need {need} cards; the deck has {deck}").format(
                                 n=n, hand=hand, need=n * hand + 1, deck=len(DECK)))
    if values["default_players"] not in players:
        bad("default_players", _("{n} is not one of the allowed player counts "
                                 "{counts}").format(n=values["default_players"],
                                                    counts=list(players)))
    return problems


def check_players(variant: "Variant", players: object) -> int:
    """``players`` when ``variant`` may be played by that many, else an
    :class:`~rentoy.core.errors.InputError` (the one check the engine makes before dealing:
    only an allowed count is sure to fit the 40-card deck)."""
    allowed = variant.rules.players
    if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
        raise InputError(Problem(_("variant {variant} is played by {allowed} players, not "
                                   "{players}").format(variant=variant.id,
                                                       allowed=", ".join(map(str, allowed)),
                                                       players=repr(players))))
    return players


def check_solvable(variant: "Variant", players: int | None = None) -> None:
    """Refuse, before any work starts, a variant the double-dummy solver cannot analyse
    (``rentoy solve``, ``rentoy compare --solve``): more tricks than
    :data:`~rentoy.core.limits.MAX_SOLVER_TRICKS`, or a table (``players``, else the
    variant's default) of more than :data:`~rentoy.core.limits.MAX_SOLVER_PLAYERS`. An
    :class:`~rentoy.core.errors.InputError` at the rule's line in the variant's file."""
    from ..core.limits import MAX_SOLVER_PLAYERS, MAX_SOLVER_TRICKS  # at use: start-up (bench/startup.py)

    def at(rule: str) -> Location:
        prov = variant.provenance.get(rule)
        found = prov.location if prov is not None else None
        return found if found is not None else Location(
            str(variant.path) if variant.path else None)

    tricks = variant.rules.tricks
    if tricks > MAX_SOLVER_TRICKS:
        raise VariantError(Problem(over_limit(
            "MAX_SOLVER_TRICKS", _("variant {variant} plays {tricks} tricks a hand, more "
                                   "than the double-dummy solver analyses").format(
                                       variant=variant.id, tricks=tricks)),
            at("tricks"), ("rules", "tricks"),
            _("solve a variant of fewer tricks; simulate this one instead")))
    n = variant.rules.default_players if players is None else players
    if isinstance(n, int) and n > MAX_SOLVER_PLAYERS:
        rule = "default_players" if n == variant.rules.default_players else "players"
        fits = [p for p in variant.rules.players if p <= MAX_SOLVER_PLAYERS]
        raise VariantError(Problem(over_limit(
            "MAX_SOLVER_PLAYERS", _("variant {variant} at {n} players is a larger table "
                                    "than the double-dummy solver analyses").format(
                                        variant=variant.id, n=n)), at(rule), ("rules", rule),
            _("give --players {n}").format(n=max(fits)) if fits
            else _("simulate this variant instead")))
