"""One score's betting decisions, from a table of game-winning chances: every option
weighed against every other, as a function of the chance of winning the hand.

For every raise the ladder allows (from each step to the next, and the call for the
whole game where the variant has it) and each team that may be offered it,
:func:`decisions` gives a :class:`Decision`: the score after a fold and after the hand
is won or lost at the new value, each team's chance of the game there, and the
**ranges** of the chance of winning the hand over which each answer (fold, accept,
raise again, call the whole game) gives the best chance of the game, without and with
the later raises counted (``dead_ranges``, ``ranges``); and, for the team that would
make the raise on its turn, the ranges of playing on and raising (``turn``). The take
point (the least chance at which folding is no longer best), the raise-again point
and the raise point are read from those ranges, so the advice never names an option
that another beats. :func:`describe` says it in plain words, with each figure's 95%
interval when ``spans`` are given (:func:`with_intervals`).

>>> from rentoy.analysis.stakes import even_chances
>>> rows = decisions(even_chances(12), "1737", (4, 5), dealer=1)
>>> row = next(r for r in rows if r.team == 0 and r.to_value == 6)
>>> row.fold_score, row.win_score, row.lose_score
((4, 8), (10, 5), (4, 11))
>>> [r.option for r in row.dead_ranges]
['fold', 'raise']
>>> import textwrap
>>> print(textwrap.fill(describe(row), 80))
Team A, offered 6 (from 3): folding leaves 4-8, where A wins the game 11.3% of
the time. If A expects to win the hand less than 11% of the time, fold it; from
11%, raise to 9. Counting later raises: if A expects to win the hand less than
11% of the time, fold it; from 11% to 96%, accept it; from 96%, raise to 9. (On
its turn, team B does better to raise to 6 than to play on from 69%; counting
later raises, 89%.)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Sequence

from ..analysis.stakes import (Point, Range, ScoreChances, Stakes, Step, after_hand, first_of,
                               raise_steps, value_points)
from ..engine import compile_variant
from ..engine.rules import decides_game
from ..core.i18n import _, interval, number, percent, use_language
from ..model.variant import Variant
from ..data.variants import load_variant
from .table import bootstrap

__all__ = ["Decision", "decisions", "describe", "decision_json", "chance_text", "TEAM_NAMES",
           "with_intervals", "boundaries", "best_at", "INTERVAL_DRAWS", "advice", "spanned",
           "take_intervals"]

#: Bootstrap draws of the table behind the intervals of a score's decisions.
INTERVAL_DRAWS = 100

TEAM_NAMES = ("A", "B")


@dataclass(frozen=True)
class Decision:
    """Team ``team`` offered the raise from ``from_value`` to ``to_value`` at ``score``
    (``dealer`` deals): the scores and game chances after each answer, the ranges of
    the chance of winning the hand over which each answer is best (``ranges`` counting
    later raises, ``dead_ranges`` not), the same for the other team on its turn before
    it raises (``turn``, ``turn_dead``: playing on or raising), and the points read
    from them: ``take`` (folding no longer best), ``again`` (raising again best from
    there up), ``raise_at`` (the other team's raise best on its turn). ``dead``: the
    raise changes nothing, the value it raises from already decides the game;
    ``again_dead``: so would a raise from ``to_value``. ``spans``: the 95% intervals
    of the figures, by name (see :func:`with_intervals`)."""

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
    ranges: tuple[Range, ...] = ()
    dead_ranges: tuple[Range, ...] = ()
    turn: tuple[Range, ...] = ()
    turn_dead: tuple[Range, ...] = ()
    spans: Mapping[str, tuple[float, float]] = field(default_factory=dict)


def _after(score: tuple[int, int], scorer: int, points: int) -> tuple[int, int]:
    return (score[0] + points, score[1]) if scorer == 0 else (score[0], score[1] + points)


def boundaries(ranges: Sequence[Range]) -> list[float]:
    """Where the best option changes, in order: the ``low`` of every range but the
    first."""
    return [r.low for r in ranges[1:]]


def _crossing(ranges: Sequence[Range], before: set[str]) -> float:
    """The least chance at which the best option is none of ``before`` (1 when it
    always is one of them)."""
    return next((r.low for r in ranges if r.option not in before), 1.0)


def best_at(ranges: Sequence[Range], p: float) -> str:
    """The best option at hand-winning chance ``p``."""
    for r in ranges:
        if p < r.high:
            return r.option
    return ranges[-1].option


def _analyse(stakes: Stakes, tables: Any, score: tuple[int, int], dealer: int,
             team: int, step: Any, raisable: bool) -> dict[str, Any]:
    """The ranges and points of one decision, from one table."""
    other = 1 - team
    drop = () if raisable else ("raise", "raise-game")
    out: dict[str, Any] = {}
    for live, name in ((True, "ranges"), (False, "dead_ranges")):
        out[name] = stakes.best(score, dealer, team, step.to, True, (0, 1), live,
                                step.start, drop)
    if step.kind == "next":
        right = (0, 1) if step.start == 0 else (other,)
        for live, name in ((True, "turn"), (False, "turn_dead")):
            out[name] = stakes.best(score, dealer, other, step.start, False, right, live,
                                    None, ("raise-game",))
    else:
        out["turn"] = out["turn_dead"] = ()
    out["take"] = Point(_crossing(out["dead_ranges"], {"fold"}),
                        _crossing(out["ranges"], {"fold"}))
    again = [first_of(out[name], ("raise",)) for name in ("dead_ranges", "ranges")]
    out["again"] = Point(*(1.0 if a is None else a for a in again))
    if out["turn"]:
        turn = [first_of(out[name], ("raise",)) for name in ("turn_dead", "turn")]
        out["raise_at"] = Point(*(1.0 if a is None else a for a in turn))
    else:
        out["raise_at"] = None
    return out


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
                dead = decides_game(tables, score, start)
                again_dead = decides_game(tables, score, to)
                # A raise that changes nothing is left out of the weighing: it is
                # never better than accepting, and the engine says it is dead.
                found = _analyse(stakes, tables, score, dealer, team, step,
                                 not again_dead)
                out.append(Decision(
                    score=score, dealer=dealer, team=team, level=step.to, from_value=start,
                    to_value=to, next_value=values[nexts[0].to] if nexts and plain else None,
                    fold_score=_after(score, other, fold_pts),
                    win_score=_after(score, team, value_points(tables, to, score, team)),
                    lose_score=_after(score, other, value_points(tables, to, score, other)),
                    fold_chance=after_hand(chances, tables, score, dealer, team, other, start),
                    win_chance=after_hand(chances, tables, score, dealer, team, team, to),
                    lose_chance=after_hand(chances, tables, score, dealer, team, other, to),
                    take=found["take"], again=found["again"] if plain else None,
                    raise_at=found["raise_at"], dead=dead, again_dead=again_dead,
                    kind=step.kind, ranges=found["ranges"],
                    dead_ranges=found["dead_ranges"], turn=found["turn"],
                    turn_dead=found["turn_dead"]))
    return out


def _quantiles(values: list[float]) -> tuple[float, float]:
    values.sort()
    return (values[int(0.025 * (len(values) - 1))],
            values[int(round(0.975 * (len(values) - 1)))])


def with_intervals(rows: Sequence[Decision], drawn: Sequence[ScoreChances],
                   variant: Variant | str) -> list[Decision]:
    """``rows`` with the 95% intervals of their figures over the bootstrap draws
    ``drawn`` of the table (:meth:`EquityTable.drawn
    <rentoy.equity.table.EquityTable.drawn>`): the chances after each answer
    (``fold``, ``win``, ``lose``) and each boundary between two ranges
    (``ranges:1``, ``dead_ranges:2``, ``turn:1``...), a boundary in each draw being
    the least chance at which none of the options best below it in the estimate is
    best."""
    if not rows or not drawn:
        return list(rows)
    v = load_variant(variant)
    tables = compile_variant(v)
    values = tuple(getattr(tables, "steps", tables.ladder))
    samples: list[dict[str, list[float]]] = [{} for _ in rows]
    for chances in drawn:
        stakes = Stakes(chances, tables)
        for i, d in enumerate(rows):
            start = values.index(d.from_value)
            step = next(s for s in raise_steps(tables, start) if s.to == d.level)
            found = _analyse(stakes, tables, d.score, d.dealer, d.team, step,
                             not d.again_dead)
            other = 1 - d.team
            got = samples[i]
            for name, value in (
                    ("fold", after_hand(chances, tables, d.score, d.dealer, d.team, other,
                                        d.from_value)),
                    ("win", after_hand(chances, tables, d.score, d.dealer, d.team, d.team,
                                       d.to_value)),
                    ("lose", after_hand(chances, tables, d.score, d.dealer, d.team, other,
                                        d.to_value))):
                got.setdefault(name, []).append(value)
            for name in ("ranges", "dead_ranges", "turn", "turn_dead"):
                estimate: tuple[Range, ...] = getattr(d, name)
                before: set[str] = set()
                for k in range(1, len(estimate)):
                    before.add(estimate[k - 1].option)
                    got.setdefault(f"{name}:{k}", []).append(
                        _crossing(found[name], before))
    out = []
    for d, got in zip(rows, samples):
        estimates = {"fold": d.fold_chance, "win": d.win_chance, "lose": d.lose_chance}
        for name in ("ranges", "dead_ranges", "turn", "turn_dead"):
            for k, edge in enumerate(boundaries(getattr(d, name)), start=1):
                estimates[f"{name}:{k}"] = edge
        spans = {}
        for name, values_ in got.items():
            low, high = _quantiles(values_)
            est = estimates.get(name, low)
            spans[name] = (min(low, est), max(high, est))
        out.append(replace(d, spans=spans))
    return out


def chance_text(p: float) -> str:
    """A chance (0 to 1) as a whole percentage in the language spoken now: ``45%``,
    ``45 %`` in Spanish."""
    return percent(100 * p, 0)


def spanned(p: float, span: tuple[float, float] | None) -> str:
    """A chance with its 95% interval when it has one: ``45% [40, 51]``."""
    if span is None:
        return chance_text(p)
    # The interval stays on one line: its spaces do not break.
    return (chance_text(p) + " " + interval(number(100 * span[0], 0), number(100 * span[1], 0))
            ).replace(" ", "\u00a0")


def option_words(option: str, d: Decision, turn: bool = False) -> str:
    """A betting option as advice, in the language spoken now: fold, accept, raise to
    9, call the whole game, play on."""
    if option == "fold":
        return _("fold it")
    if option == "accept":
        return _("accept it")
    if option == "play":
        return _("play on")
    if option == "raise-game":
        return _("call the whole game (juego fuera)")
    value = d.to_value if turn else d.next_value
    return _("raise to {value}").format(value=value)


def ranges_words(ranges: Sequence[Range], d: Decision, name: str, turn: bool = False
                 ) -> str:
    """Which option is best over which chances of winning the hand: ``less than 11% of
    the time, fold; from 11% to 43%, accept; from 43%, raise to 9``."""
    if len(ranges) == 1:
        return _("whatever the hand, {option}").format(option=option_words(ranges[0].option,
                                                                           d, turn))
    parts = []
    for k, r in enumerate(ranges):
        option = option_words(r.option, d, turn)
        # Each boundary is given with its interval where it is first said.
        high = spanned(r.high, d.spans.get(f"{name}:{k + 1}"))
        if k == 0:
            parts.append(_("less than {high} of the time, {option}").format(
                high=high, option=option))
        elif k == len(ranges) - 1:
            parts.append(_("from {low}, {option}").format(low=chance_text(r.low),
                                                         option=option))
        else:
            parts.append(_("from {low} to {high}, {option}").format(
                low=chance_text(r.low), high=high, option=option))
    return "; ".join(parts)


def _same(first: Sequence[Range], second: Sequence[Range]) -> bool:
    return ([r.option for r in first] == [r.option for r in second]
            and all(abs(x - y) < 0.005 for x, y in zip(boundaries(first),
                                                        boundaries(second))))


def describe(d: Decision) -> str:
    """The decision in plain words, in the language spoken now (English unless Spanish
    is chosen, see ``rentoy.i18n``): what folding leaves, then which answer is best for
    which chance of winning the hand, first not counting the later raises, then
    counting them."""
    t = TEAM_NAMES[d.team]
    offered = (_("the whole game (juego fuera)") if d.kind == "game" else str(d.to_value))
    head = _("Team {team}, offered {offered} (from {value}): ").format(
        team=t, offered=offered, value=d.from_value)
    return head + advice(d)


def advice(d: Decision) -> str:
    """What :func:`describe` says after naming the team and the raise."""
    t = TEAM_NAMES[d.team]
    if d.dead:
        return _("a dead raise, {value} already decides the game: folding loses it, "
                 "so accept (or raise again: it changes nothing).").format(
                     value=d.from_value)
    words = _("folding leaves {a}-{b}, where {team} wins the game {chance} of the "
                     "time.").format(a=d.fold_score[0], b=d.fold_score[1], team=t,
                                     chance=_one(d.fold_chance, d.spans.get("fold")))
    dead = d.dead_ranges or (Range("accept", 0.0, 1.0),)
    first = _advice(dead, d, "dead_ranges", t)
    words += " " + first[:1].upper() + first[1:]
    if d.ranges:
        if _same(d.ranges, dead):
            words += " " + _("Counting later raises: the same.")
        else:
            words += " " + _("Counting later raises: {advice}").format(
                advice=_advice(d.ranges, d, "ranges", t))
    if d.again_dead and d.next_value is not None:
        words += " " + _("Raising again to {value} would be dead.").format(
            value=d.next_value)
    if d.turn and d.raise_at is not None:
        raiser = TEAM_NAMES[1 - d.team]
        if d.raise_at.dead < 1.0 or d.raise_at.live < 1.0:
            words += " " + _("(On its turn, team {team} does better to raise to {value} "
                             "than to play on from {dead}; counting later raises, "
                             "{live}.)").format(
                team=raiser, value=d.to_value,
                dead=_point(d.raise_at.dead, d, "turn_dead"),
                live=_point(d.raise_at.live, d, "turn"))
        else:
            words += " " + _("(On its turn, team {team} does no better to raise to {value} "
                             "than to play on, whatever its hand.)").format(
                team=raiser, value=d.to_value)
    return words


def _advice(ranges: Sequence[Range], d: Decision, name: str, team: str) -> str:
    """One model's advice as a sentence."""
    if len(ranges) == 1:
        return _("whatever {team} expects of the hand, {option}.").format(
            team=team, option=option_words(ranges[0].option, d))
    return _("if {team} expects to win the hand {advice}.").format(
        team=team, advice=ranges_words(ranges, d, name))


def _one(p: float, span: tuple[float, float] | None) -> str:
    """A chance of the game, one decimal, with its interval when it has one."""
    text = percent(100 * p, 1)
    if span is not None:
        text += " " + interval(number(100 * span[0], 1), number(100 * span[1], 1))
    return text.replace(" ", "\u00a0")


def _point(p: float, d: Decision, name: str) -> str:
    """A raise point read from the ranges ``name`` of ``d``, with its interval."""
    if p >= 1.0:
        return _("never")
    ranges: tuple[Range, ...] = getattr(d, name)
    k = next((i for i, r in enumerate(ranges) if r.option == "raise"), None)
    return spanned(p, None if k is None else d.spans.get(f"{name}:{k}"))


def decision_json(d: Decision) -> dict[str, Any]:
    """A decision as JSON data (English keys): the ranges of each option, the points
    read from them, and the 95% intervals of the figures when they were computed."""
    def point(p: Point | None) -> dict[str, float] | None:
        return None if p is None else {"dead": round(p.dead, 4), "live": round(p.live, 4)}

    def ranges(found: Sequence[Range]) -> list[dict[str, Any]]:
        return [{"option": r.option, "from": round(r.low, 4), "to": round(r.high, 4)}
                for r in found]

    return {
        "team": TEAM_NAMES[d.team], "from": d.from_value, "to": d.to_value, "kind": d.kind,
        "next": d.next_value, "dead_raise": d.dead,
        "fold": {"score": list(d.fold_score), "win_game": round(d.fold_chance, 4)},
        "accept_and_win": {"score": list(d.win_score), "win_game": round(d.win_chance, 4)},
        "accept_and_lose": {"score": list(d.lose_score),
                            "win_game": round(d.lose_chance, 4)},
        "best": {"dead": ranges(d.dead_ranges), "live": ranges(d.ranges)},
        "raiser_on_its_turn": {"dead": ranges(d.turn_dead), "live": ranges(d.turn)},
        "take_point": point(d.take), "raise_again_point": point(d.again),
        "raise_point_of_raiser": point(d.raise_at), "raise_again_dead": d.again_dead,
        "intervals": {name: [round(low, 4), round(high, 4)]
                      for name, (low, high) in sorted(d.spans.items())},
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
