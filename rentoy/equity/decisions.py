"""One score's betting decisions, from a table of game-winning chances: what folding,
accepting and raising again are worth, and the chance of winning the hand at which
each is right.

For every raise the ladder allows (from each step to the next) and each team that may
be offered it, :func:`decisions` gives a :class:`Decision`: the score after a fold and
after the hand is won or lost at the new value, each team's chance of the game there,
the take point (dead and live) and the raise-again point; and, for the team whose turn
it is, the raise point. :func:`describe` says it in words.

>>> from rentoy.analysis.stakes import even_chances
>>> rows = decisions(even_chances(12), "1737", (4, 5), dealer=1)
>>> row = next(r for r in rows if r.team == 0 and r.to_value == 6)
>>> row.fold_score, row.win_score, row.lose_score
((4, 8), (10, 5), (4, 11))
>>> import textwrap
>>> print(textwrap.fill(describe(row), 80))
Team A, offered 6 (from 3): folding leaves 4-8, where A wins the game 11.3% of the
time; accept if A wins the hand at least 11% of the time (11% counting later
raises); raise again to 9 at once from 10% (dead reckoning), from 96% counting
later raises. (On its turn, team B does better to raise to 6 than to play on
from 69%, 89% counting later raises.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..analysis.stakes import (Point, ScoreChances, Stakes, Step, after_hand, raise_steps,
                               value_points)
from ..engine import compile_variant
from ..engine.rules import decides_game
from ..i18n import _, number, percent, use_language
from ..variant import Variant
from ..variants import load_variant
from .table import bootstrap

__all__ = ["Decision", "decisions", "describe", "decision_json", "chance_text", "TEAM_NAMES",
           "take_intervals"]

TEAM_NAMES = ("A", "B")


@dataclass(frozen=True)
class Decision:
    """Team ``team`` offered the raise from ``from_value`` to ``to_value`` at ``score``
    (``dealer`` deals): the scores and game chances after each answer, and the points
    at which accepting (``take``), raising again at once (``again``) and, from
    ``from_value`` on its own turn, raising (``raise_at``) are right. ``dead``: the
    raise changes nothing, the value it raises from already decides the game;
    ``again_dead``: so would a raise from ``to_value``."""

    score: tuple[int, int]
    dealer: int
    team: int
    level: int
    from_value: int | str
    to_value: int | str
    next_value: int | str | None
    fold_score: tuple[int, int]
    win_score: tuple[int, int]
    lose_score: tuple[int, int]
    fold_chance: float
    win_chance: float
    lose_chance: float
    take: Point
    again: Point | None
    raise_at: Point | None
    dead: bool
    again_dead: bool
    kind: str = "next"


def _after(score: tuple[int, int], scorer: int, points: int) -> tuple[int, int]:
    return (score[0] + points, score[1]) if scorer == 0 else (score[0], score[1] + points)


def decisions(chances: ScoreChances, variant: Variant | str, score: tuple[int, int],
              dealer: int) -> list[Decision]:
    """Every raise of the ladder at ``score`` with team ``dealer`` dealing, for each team
    offered it (see the module docstring)."""
    v = load_variant(variant)
    tables = compile_variant(v)
    stakes = Stakes(chances, tables)
    values = tuple(getattr(tables, "steps", tables.ladder))
    out = []
    for level in range(len(values)):
        for step in raise_steps(tables, level):
            nexts = [s for s in raise_steps(tables, step.to) if s.kind == "next"]
            for team in (0, 1):
                other = 1 - team
                start, to = values[step.start], values[step.to]
                fold_pts = value_points(tables, start, score, other)
                plain = step.kind == "next"
                out.append(Decision(
                    score=score, dealer=dealer, team=team, level=step.to, from_value=start,
                    to_value=to, next_value=values[nexts[0].to] if nexts and plain else None,
                    fold_score=_after(score, other, fold_pts),
                    win_score=_after(score, team, value_points(tables, to, score, team)),
                    lose_score=_after(score, other, value_points(tables, to, score, other)),
                    fold_chance=after_hand(chances, tables, score, dealer, team, other, start),
                    win_chance=after_hand(chances, tables, score, dealer, team, team, to),
                    lose_chance=after_hand(chances, tables, score, dealer, team, other, to),
                    take=stakes.take_point(score, dealer, team, step.to, step.start),
                    again=stakes.raise_again_point(score, dealer, team, step.to)
                    if plain else None,
                    raise_at=stakes.raise_point(score, dealer, other, step.start,
                                                (0, 1) if step.start == 0 else None)
                    if plain else None,
                    dead=decides_game(tables, score, start),
                    again_dead=decides_game(tables, score, to), kind=step.kind))
    return out


def chance_text(p: float) -> str:
    """A chance (0 to 1) as a whole percentage in the language spoken now: ``45%``,
    ``45 %`` in Spanish."""
    return percent(100 * p, 0)


def describe(d: Decision) -> str:
    """The decision in words, in the language spoken now (English unless Spanish is
    chosen, see ``rentoy.i18n``)."""
    t = TEAM_NAMES[d.team]
    offered = (_("the whole game (juego fuera)") if d.kind == "game" else str(d.to_value))
    head = _("Team {team}, offered {offered} (from {value}): ").format(
        team=t, offered=offered, value=d.from_value)
    if d.dead:
        return head + _("a dead raise, {value} already decides the game: folding loses it, "
                        "so accept (or raise again: it changes nothing).").format(
                            value=d.from_value)
    words = head + _("folding leaves {a}-{b}, where {team} wins the game {chance}% of the "
                     "time; ").format(a=d.fold_score[0], b=d.fold_score[1], team=t,
                                      chance=number(100 * d.fold_chance, 1))
    if d.take.dead <= 0.0:
        words += _("accept whatever the hand (folding is no better than losing it)")
    else:
        words += _("accept if {team} wins the hand at least {dead} of the time ({live} "
                   "counting later raises)").format(team=t, dead=chance_text(d.take.dead),
                                                    live=chance_text(d.take.live))
    if d.again is not None and d.next_value is not None:
        if d.again_dead:
            words += _("; raising again to {value} would be dead").format(value=d.next_value)
        else:
            words += _("; raise again to {value} at once from {dead} (dead reckoning)").format(
                value=d.next_value, dead=chance_text(d.again.dead))
            if d.again.live < 1.0 and abs(d.again.live - d.again.dead) >= 0.005:
                words += _(", from {live} counting later raises").format(
                    live=chance_text(d.again.live))
    words += "."
    if d.raise_at is not None and not d.dead:
        raiser = TEAM_NAMES[1 - d.team]
        words += " " + _("(On its turn, team {team} does better to raise to {value} than to "
                         "play on from {dead}, {live} counting later raises.)").format(
                             team=raiser, value=d.to_value, dead=chance_text(d.raise_at.dead),
                             live=chance_text(d.raise_at.live))
    return words


def decision_json(d: Decision) -> dict[str, Any]:
    """A decision as JSON data (English keys)."""
    def point(p: Point | None) -> dict[str, float] | None:
        return None if p is None else {"dead": round(p.dead, 4), "live": round(p.live, 4)}

    return {
        "team": TEAM_NAMES[d.team], "from": d.from_value, "to": d.to_value, "kind": d.kind,
        "next": d.next_value, "dead_raise": d.dead,
        "fold": {"score": list(d.fold_score), "win_game": round(d.fold_chance, 4)},
        "accept_and_win": {"score": list(d.win_score), "win_game": round(d.win_chance, 4)},
        "accept_and_lose": {"score": list(d.lose_score),
                            "win_game": round(d.lose_chance, 4)},
        "take_point": point(d.take), "raise_again_point": point(d.again),
        "raise_point_of_raiser": point(d.raise_at), "raise_again_dead": d.again_dead,
        "words": _english(describe, d),
    }


def _english(function: Any, *args: Any) -> Any:
    """``function(*args)`` with English spoken (the JSON is English in every language)."""
    with use_language("en"):
        return function(*args)


def _step(level: int) -> Any:
    return Step(level - 1, level)


_DRAWS = 100


def take_intervals(eq: Any, tables: Any, seed: int, level: int
                    ) -> dict[tuple[int, int], tuple[float, float, float]]:
    """Team A's dead take point of the raise to ``level``, team B dealing, at every
    score: the estimate and its 95% interval over bootstrap draws of the counts."""
    target = eq.target
    scores = [(a, b) for a in range(target) for b in range(target)]
    point = Stakes(eq.chances, tables)
    values: dict[tuple[int, int], list[float]] = {s: [] for s in scores}
    for drawn in bootstrap(eq.counts, target, _DRAWS, seed):
        stakes = Stakes(drawn, tables)
        for score in scores:
            values[score].append(stakes.dead_take(score, 1, 0, _step(level)))
    out = {}
    for score, found in values.items():
        found.sort()
        out[score] = (point.dead_take(score, 1, 0, _step(level)),
                      found[int(0.025 * (len(found) - 1))],
                      found[int(round(0.975 * (len(found) - 1)))])
    return out
