"""A variant's rules checked against each other, beyond what the schema can say.

A ladder that rises, a majority of tricks, a deal that fits in the 40-card deck, an odd
number of games in a match: :func:`rule_problems` reports each clash with the rule it is
blamed on; :func:`check_players` is the one check the engine makes before dealing.

>>> from rentoy.errors import Location
>>> values = {"top_cards": (), "ladder": (1, 3, 3), "tricks": 3, "tricks_to_win": 2,
...           "hand_size": 3, "match": 1, "players": (4,), "default_players": 4}
>>> [p.message for p in rule_problems(values, lambda rule: (Location(), ("rules", rule)))]
['the ladder must strictly increase: [1, 3, 3]']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .cards import DECK, CardError, parse_card_spec
from .errors import InputError, Location, Problem
from .ruletable import GAME

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

    from .variant import Variant

__all__ = ["rule_problems", "check_players"]


def rule_problems(values: Mapping[str, Any],
                  where: Callable[[str], tuple[Location, tuple]]) -> list[Problem]:
    """Checks that need more than one rule, or more than the schema can say."""
    problems: list[Problem] = []

    def bad(rule: str, message: str, hint: str | None = None) -> None:
        location, path = where(rule)
        problems.append(Problem(message, location, path, hint))

    seen_top: set[str] = set()
    for code in values["top_cards"]:
        try:
            canonical = str(parse_card_spec(code))
        except CardError as exc:
            bad("top_cards", str(exc))
            continue
        if canonical in seen_top:
            bad("top_cards", f"{code} names {canonical} again; each top card is listed once")
        seen_top.add(canonical)
    ladder = values["ladder"]
    for i, step in enumerate(ladder):
        if step == GAME and i != len(ladder) - 1:
            bad("ladder", "`game` may only be the last step of the ladder")
    numbers = [s for s in ladder if s != GAME]
    if any(b <= a for a, b in zip(numbers, numbers[1:])):
        bad("ladder", f"the ladder must strictly increase: {list(ladder)}")
    if ladder and ladder[0] == GAME:
        bad("ladder", "the first step is the hand's base value and must be a number")

    tricks, to_win, hand = values["tricks"], values["tricks_to_win"], values["hand_size"]
    majority = tricks // 2 + 1
    if tricks > hand:
        bad("tricks", f"a hand of {hand} cards cannot play {tricks} tricks")
    if tricks % 2 == 0:
        # No variant states how a level split (2-2) is settled, so it must not happen.
        bad("tricks", f"{tricks} tricks can split evenly between the teams and no rule "
                      "settles a tie", f"use an odd number, such as {tricks + 1}")
    if 2 * to_win <= tricks:
        bad("tricks_to_win", f"{to_win} of {tricks} tricks is not a majority",
            f"use {majority}")
    elif to_win > tricks:
        bad("tricks_to_win", f"a team cannot take {to_win} tricks when {tricks} are played",
            f"use {majority}")
    elif tricks % 2 and to_win != majority:
        bad("tricks_to_win", f"{to_win} of {tricks} tricks is more than a majority: a hand "
                             f"could end with neither team holding {to_win}",
            f"use {majority}")

    games = values["match"]
    if games % 2 == 0:
        # Best of an even number can end level, and no source says how that is settled.
        bad("match", f"a match of {games} games can end {games // 2}-{games // 2} and no rule "
                     "settles a tie", f"use an odd number, such as {games + 1}")

    players = values["players"]
    for n in players:
        if n % 2:
            bad("players", f"{n} players cannot form two equal teams; use an even number")
        elif n * hand + 1 > len(DECK):
            bad("players", f"{n} players with {hand} cards each, plus the turned-up card, "
                           f"need {n * hand + 1} cards; the deck has {len(DECK)}")
    if values["default_players"] not in players:
        bad("default_players", f"{values['default_players']} is not one of the allowed "
                               f"player counts {list(players)}")
    return problems


def check_players(variant: "Variant", players: object) -> int:
    """``players`` when ``variant`` may be played by that many, else an
    :class:`~rentoy.errors.InputError` (the one check the engine makes before dealing:
    only an allowed count is sure to fit the 40-card deck)."""
    allowed = variant.rules.players
    if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
        raise InputError(Problem(f"variant {variant.id} is played by "
                                 f"{', '.join(map(str, allowed))} players, not {players!r}"))
    return players
