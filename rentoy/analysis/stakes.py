"""What a bet is worth at a score: game-winning chances and the take points of every raise.

Backgammon players weigh a double against the match score with a **match equity
table** (each side's chance of winning the match from every score) and **take
points**: the least chance of winning the game at which taking a double beats passing.
The same reasoning fits Rentoy's raises. A :class:`ScoreChances` holds team A's chance
of winning the game at the start of a hand, for every score short of the target and
each team dealing; from it, for a hand at a score and a raise from one ladder step to
another, this module gives

- the **take point** of the team offered the raise: the least chance of winning the
  hand at which accepting beats folding. *Dead*, when no later raise is counted:
  ``(fold - lose) / (win - lose)``, the game-winning chances after folding, after
  accepting and losing the hand, after accepting and winning it. *Live*, when the later
  raises are counted, as backgammon players count a live cube: the hand's chance is
  taken to move without jumps, so each team raises exactly when the other team should
  fold (its "market"), and the hand is played out only between the two market points;
  the take point is then that band's share of the dead one. A real hand jumps (one trick
  can settle it), so the truth lies between the two;
- the **raise-again point**: the chance above which the team offered a raise does better
  to raise again at once (accepting the raise and offering the next step) than to accept
  and keep the right to raise later;
- the **raise point**: the chance above which the team whose turn it is should raise.

The steps a raise may take are given by :func:`raise_steps` (today: the next step of the
ladder), so another kind of raise (a call straight to the whole game, say) adds steps
there and every figure here covers it.

A table measured from play is stored as JSON (``rentoy.equity`` computes and writes
them; :func:`load_chances` reads one, stdlib only, so a bot can use it wherever the
engine runs). :func:`even_chances` is the yardstick when none is stored: every hand
from now on worth one point, with even chances.

>>> from rentoy.engine import compile_variant
>>> from rentoy.variants import load_variant
>>> tables = compile_variant(load_variant("1737"))
>>> even = even_chances(12)
>>> round(even.win_a(0, 0, 1), 3), even.win_a(12, 3, 0)
(0.5, 1.0)
>>> point = take_point(even, tables, (4, 5), 1, team=0, level=2)
>>> round(point.dead, 3), round(point.live, 3)
(0.114, 0.11)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Mapping

from ..engine.tables import Tables
from ..core.i18n import N_, _, number

__all__ = ["ScoreChances", "Point", "Step", "even_chances", "load_chances", "stored_chances",
           "raise_steps", "value_points", "take_point", "raise_again_point", "raise_point",
           "after_hand", "Stakes", "STORE", "measured_source", "source_words", "Range",
           "least_from", "first_of", "bots_words"]

#: Where measured tables are kept, one JSON file per variant spec (see ``rentoy.equity``).
STORE = Path(__file__).resolve().parent.parent / "data" / "equity"


@dataclass(frozen=True, eq=False)
class ScoreChances:
    """Team A's chance of winning the game at the start of a hand, by score and by the
    team that deals it: ``win[(a, b, dealer_team)]`` for every score short of
    ``target``. ``source`` says where the figures come from."""

    target: int
    win: Mapping[tuple[int, int, int], float]
    source: str = ""

    def win_a(self, a: int, b: int, dealer_team: int) -> float:
        """Team A's chance at ``a``-``b`` with ``dealer_team`` to deal (1 or 0 once a
        team has reached the target)."""
        if a >= self.target or b >= self.target:
            return 1.0 if a >= b else 0.0
        return self.win[(a, b, dealer_team)]

    def chance(self, team: int, score: tuple[int, int], dealer_team: int) -> float:
        """``team``'s chance at ``score`` (team A, team B) with ``dealer_team`` to deal."""
        p = self.win_a(score[0], score[1], dealer_team)
        return p if team == 0 else 1.0 - p


def even_chances(target: int) -> ScoreChances:
    """The yardstick: every hand worth one point to either team, with even chances.

    >>> round(even_chances(12).win_a(11, 10, 0), 2)
    0.75
    """
    return _even(target)


@lru_cache(maxsize=16)
def _even(target: int) -> ScoreChances:
    win: dict[tuple[int, int, int], float] = {}
    for a in range(target - 1, -1, -1):
        for b in range(target - 1, -1, -1):
            up = 1.0 if a + 1 >= target else win[(a + 1, b, 0)]
            down = 0.0 if b + 1 >= target else win[(a, b + 1, 0)]
            win[(a, b, 0)] = win[(a, b, 1)] = 0.5 * (up + down)
    return ScoreChances(target, win, N_("even chances, one point a hand"))


_MEASURED_TEXT = N_("measured: {hands} hands at every score, bots {bots}")
# The same text read back: its two places as groups.
_MEASURED = re.compile(re.escape(_MEASURED_TEXT).replace(r"\{hands\}", r"(\d+)")
                       .replace(r"\{bots\}", r"(\S+)"))


def measured_source(hands: int, bots: str) -> str:
    """The ``source`` of a table measured with ``hands`` hands at every score by the
    bots ``bots``, as the stored data keeps it (in English: :func:`source_words` says it
    in the language spoken)."""
    return _MEASURED_TEXT.format(hands=hands, bots=bots)


#: The bots of the stored tables, in words for players (the spec is kept in the data).
_BOT_WORDS = {
    "search:careless_at=1": N_(
        "the search bot at its 32 worlds a decision, reading nothing into the other "
        "team's bets"),
    "search:samples=8:careless_at=1": N_(
        "the search bot at 8 worlds a decision, reading nothing into the other team's "
        "bets")}


def bots_words(bots: str) -> str:
    """The bots of a table as players read them, in the language spoken now: the
    stored tables' bots in words, another spec as given."""
    return _(_BOT_WORDS[bots]) if bots in _BOT_WORDS else bots


def source_words(source: str) -> str:
    """Where a table of chances comes from (``ScoreChances.source``, which the data
    keeps in English) in the language spoken now.

    >>> source_words("measured: 80 hands at every score, bots greedy")
    'measured: 80 hands at every score, played by greedy'
    """
    measured = _MEASURED.fullmatch(source)
    if measured:
        return _("measured: {hands} hands at every score, played by {bots}").format(
            hands=number(int(measured[1])), bots=bots_words(measured[2]))
    return _(source) if source else source


def chances_from_json(data: Mapping[str, object]) -> ScoreChances:
    """A :class:`ScoreChances` from the ``"chances"`` part of a stored table:
    ``{"target": T, "win_a": {"A": [[...]], "B": [[...]]}}``, rows by team A's score,
    columns by team B's, one grid per dealing team."""
    target = int(data["target"])  # type: ignore[call-overload]
    grids = data["win_a"]
    win: dict[tuple[int, int, int], float] = {}
    for dealer, name in enumerate("AB"):
        grid = grids[name]  # type: ignore[index]
        for a in range(target):
            for b in range(target):
                win[(a, b, dealer)] = float(grid[a][b])
    return ScoreChances(target, win, str(data.get("source", "")))


def stored_chances(spec: str, players: int) -> Mapping[str, object] | None:
    """The stored table of ``spec`` at ``players`` seats as read from :data:`STORE`
    (None when there is none)."""
    path = STORE / f"{spec}-{players}p.json"
    if not path.is_file():
        return None
    from ..data.yamlfile import load_json  # at use: the analysis reads no file (browser)

    data = load_json(path)      # bounded and guarded: a damaged table names its file
    return data if isinstance(data, dict) else None


def load_chances(spec: str, players: int, target: int,
                 ladder: tuple[int | str, ...] | None = None) -> ScoreChances:
    """The measured table of a variant (by its id, options included) at ``players``
    seats if one is stored for that target (and ``ladder``), else :func:`even_chances`
    for ``target``."""
    data = stored_chances(spec, players)
    if data is None or int(data["chances"]["target"]) != target:  # type: ignore[index]
        return even_chances(target)
    if ladder is not None:
        rules = data.get("record", {}).get("rules", {})  # type: ignore[attr-defined]
        if list(rules.get("ladder", ())) != list(ladder):
            return even_chances(target)
    return chances_from_json(data["chances"])  # type: ignore[arg-type]


# -- the ladder --------------------------------------------------------------------------

@dataclass(frozen=True)
class Step:
    """One raise: from ladder step ``start`` (the value accepted) to ``to`` (offered);
    ``kind`` names the kind of raise (``"next"``: the next step of the ladder)."""

    start: int
    to: int
    kind: str = "next"


def raise_steps(tables: Tables, level: int, answering: bool | None = None
                ) -> tuple[Step, ...]:
    """The raises a team may make from step ``level`` of the hand's values
    (``tables.steps``): the next step of the ladder while there is one, and the call
    for the whole game (*juego fuera*, kind ``"game"``) where the variant has it and it
    is not the next step anyway; under ``juego_fuera: answer`` only in answer to a
    raise (``answering`` False leaves it out, None keeps it)."""
    out = []
    if level < tables.top_level:
        out.append(Step(level, level + 1))
    whole = getattr(tables, "game_level", -1)
    if (whole > level + (1 if level < tables.top_level else 0)
            and not (answering is False and getattr(tables, "game_call_in_answer", False))):
        out.append(Step(level, whole, "game"))
    return tuple(out)


def _values(tables: Tables) -> tuple[int | str, ...]:
    """The values a hand can take, by step (the ladder, and the whole game when the
    variant has the call for it)."""
    return tuple(getattr(tables, "steps", tables.ladder))


def value_points(tables: Tables, value: int | str, score: tuple[int, int], team: int) -> int:
    """What ``team`` scores for a hand settled at ``value`` at ``score`` (the whole-game
    step: what it lacks of the target)."""
    if isinstance(value, str):
        return max(int(tables.rules.target) - score[team], 0)
    return value


def after_hand(chances: ScoreChances, tables: Tables, score: tuple[int, int],
               dealer_team: int, team: int, scorer: int, value: int | str) -> float:
    """``team``'s chance of winning the game once ``scorer`` has scored a hand settled at
    ``value`` (the next hand dealt by the other team)."""
    points = value_points(tables, value, score, scorer)
    after = (score[0] + points, score[1]) if scorer == 0 else (score[0], score[1] + points)
    return chances.chance(team, after, 1 - dealer_team)


# -- take points ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Point:
    """A chance of winning the hand at which a decision turns, without and with the later
    raises counted (``dead``, ``live``)."""

    dead: float
    live: float


class Stakes:
    """The take-point arithmetic of one variant against one table of chances, with the
    live take points it has worked out kept (the live ones build on each other)."""

    def __init__(self, chances: ScoreChances, tables: Tables):
        self.chances, self.tables = chances, tables
        self._live: dict[tuple[tuple[int, int], int, int, Step], float] = {}

    def outcomes(self, score: tuple[int, int], dealer: int, team: int, level: int
                 ) -> tuple[float, float]:
        """``team``'s chance of the game if it wins, and if it loses, the hand at
        ``level``."""
        value = _values(self.tables)[level]
        return (after_hand(self.chances, self.tables, score, dealer, team, team, value),
                after_hand(self.chances, self.tables, score, dealer, team, 1 - team, value))

    def fold(self, score: tuple[int, int], dealer: int, team: int, step: Step) -> float:
        """``team``'s chance of the game once it folds the raise ``step``."""
        return after_hand(self.chances, self.tables, score, dealer, team, 1 - team,
                          _values(self.tables)[step.start])

    def dead_take(self, score: tuple[int, int], dealer: int, team: int, step: Step) -> float:
        win, lose = self.outcomes(score, dealer, team, step.to)
        fold = self.fold(score, dealer, team, step)
        if win - lose <= 1e-12:             # the hand no longer matters at this value
            return 0.0 if fold <= lose + 1e-12 else 1.0
        return max(0.0, min(1.0, (fold - lose) / (win - lose)))

    def live_take(self, score: tuple[int, int], dealer: int, team: int, step: Step) -> float:
        key = (score, dealer, team, step)
        found = self._live.get(key)
        if found is None:
            dead = self.dead_take(score, dealer, team, step)
            low, high = self.band(score, dealer, team, step.to, self.right_after(team))
            found = self._live[key] = low + (high - low) * dead
        return found

    def take(self, score: tuple[int, int], dealer: int, team: int, step: Step,
             live: bool) -> float:
        return (self.live_take if live else self.dead_take)(score, dealer, team, step)

    def right_after(self, team: int) -> tuple[int, ...]:
        """The teams that may raise once ``team`` has accepted (rule ``raise_right``)."""
        return (team,) if self.tables.acceptor_right else (0, 1)

    def band(self, score: tuple[int, int], dealer: int, team: int, level: int,
             right: tuple[int, ...]) -> tuple[float, float]:
        """The band of ``team``'s hand-winning chance in which the hand at ``level`` is
        played out under the live model, when the teams in ``right`` may raise: below it
        the other team raises and ``team`` folds, above it ``team`` raises and the other
        team folds."""
        low, high = 0.0, 1.0
        for step in raise_steps(self.tables, level):
            if team in right:
                high = min(high, 1.0 - self.live_take(score, dealer, 1 - team, step))
            if 1 - team in right:
                low = max(low, self.live_take(score, dealer, team, step))
        return (low, high) if low <= high else (low, low)

    def held(self, score: tuple[int, int], dealer: int, team: int, level: int,
             right: tuple[int, ...], p: float, live: bool) -> float:
        """``team``'s chance of the game when the hand is at ``level`` with the right to
        raise held by the teams in ``right``, and ``team`` wins the hand with chance
        ``p``."""
        return _line(self._shape(score, dealer, team, level, right, live), p)

    def _shape(self, score: tuple[int, int], dealer: int, team: int, level: int,
               right: tuple[int, ...], live: bool) -> tuple[float, float, float, float]:
        win, lose = self.outcomes(score, dealer, team, level)
        low, high = self.band(score, dealer, team, level, right) if live else (0.0, 1.0)
        return lose, win, low, high

    def _switch(self, score: tuple[int, int], dealer: int, team: int, level: int,
                hold_right: tuple[int, ...], strict: bool) -> Point | None:
        """The least chance from which raising from ``level`` now (the other team then
        folds or accepts and holds the right) beats holding the hand at ``level`` with
        ``hold_right``."""
        steps = [s for s in raise_steps(self.tables, level) if s.kind == "next"]
        if not steps:
            return None
        step = steps[0]
        out = []
        for live in (False, True):
            fold_at = 1.0 - self.take(score, dealer, 1 - team, step, live)
            cash = self.outcomes(score, dealer, team, level)[0]
            hold = self._shape(score, dealer, team, level, hold_right, live)
            raised = self._shape(score, dealer, team, step.to, self.right_after(1 - team),
                                 live)
            better = []
            for i in range(_GRID + 1):
                p = i / _GRID
                h = _line(hold, p)
                r = cash if p >= fold_at else _line(raised, p)
                ok = r >= h - 1e-9
                if strict:
                    ok = ok and (r > h + 1e-9 or p >= fold_at)
                better.append(ok)
            out.append(_least(better))
        return Point(out[0], out[1])

    def options(self, score: tuple[int, int], dealer: int, team: int, level: int,
                pending: bool, right: tuple[int, ...], p: float, live: bool = True,
                start: int | None = None) -> dict[str, float]:
        """``team``'s chance of the game after each betting choice open to it when it
        wins the hand with chance ``p``: facing a raise to ``level`` (``pending``),
        ``fold``, ``accept`` and ``raise`` (again, when the ladder goes on); on its turn
        at ``level`` with ``right`` to raise, ``play`` (on, without raising) and
        ``raise`` (when it may). ``start``: the step accepted before the waiting raise
        (by default the one below ``level``; a call for the whole game jumps)."""
        out: dict[str, float] = {}
        if pending:
            out["fold"] = self.fold(score, dealer, team,
                                    Step(level - 1 if start is None else start, level))
            out["accept"] = self.held(score, dealer, team, level, self.right_after(team), p,
                                      live)
        else:
            out["play"] = self.held(score, dealer, team, level, right, p, live)
        for step in (raise_steps(self.tables, level, pending) if (pending or team in right)
                     else ()):
            fold_at = 1.0 - self.take(score, dealer, 1 - team, step, live)
            # Each kind of raise is its own choice: "raise" for the next step, and
            # "raise-KIND" for another kind (a call straight to the whole game, say).
            key = "raise" if step.kind == "next" else f"raise-{step.kind}"
            out[key] = (self.outcomes(score, dealer, team, level)[0] if p >= fold_at
                        else self.held(score, dealer, team, step.to,
                                       self.right_after(1 - team), p, live))
        return out

    def knots(self, score: tuple[int, int], dealer: int, team: int, level: int,
              pending: bool, right: tuple[int, ...], live: bool = True,
              start: int | None = None) -> list[float]:
        """The chances of winning the hand at which one of :meth:`options`' figures
        may bend or jump: between two of them every option is a straight line."""
        out = {0.0, 1.0}
        shapes = [self._shape(score, dealer, team, level,
                              self.right_after(team) if pending else right, live)]
        for step in (raise_steps(self.tables, level, pending) if (pending or team in right)
                     else ()):
            out.add(1.0 - self.take(score, dealer, 1 - team, step, live))
            shapes.append(self._shape(score, dealer, team, step.to,
                                      self.right_after(1 - team), live))
        for _lose, _win, low, high in shapes:
            out.update((low, high))
        return sorted(p for p in out if 0.0 <= p <= 1.0)

    def best(self, score: tuple[int, int], dealer: int, team: int, level: int,
             pending: bool, right: tuple[int, ...], live: bool = True,
             start: int | None = None, drop: tuple[str, ...] = ()) -> tuple[Range, ...]:
        """The ranges of ``team``'s chance of winning the hand over which each option of
        :meth:`options` (less those in ``drop``) gives the best chance of the game, in
        order from 0 to 1: every option weighed against every other."""
        def values(p: float) -> dict[str, float]:
            found = self.options(score, dealer, team, level, pending, right, p, live, start)
            for key in drop:
                found.pop(key, None)
            return found

        # At or above the other team's fold point a raise cashes the hand: where it ties
        # with accepting or playing on (the live model's holder raises there anyway),
        # raising now is named.
        cashes = {("raise" if step.kind == "next" else f"raise-{step.kind}"):
                  1.0 - self.take(score, dealer, 1 - team, step, live)
                  for step in (raise_steps(self.tables, level, pending)
                               if (pending or team in right) else ())}

        def choice(p: float) -> str:
            found = values(p)
            first = tuple(k for k, at in cashes.items() if p >= at - 1e-12 and k in found)
            return _argmax(found, first)

        knots = self.knots(score, dealer, team, level, pending, right, live, start)
        points = set(knots)
        # Between two knots every option is a line: add where any two of them cross.
        for k0, k1 in zip(knots, knots[1:]):
            if k1 - k0 < 1e-9:
                continue
            e = min(1e-7, (k1 - k0) / 4)
            x0, x1 = k0 + e, k1 - e
            v0, v1 = values(x0), values(x1)
            keys = list(v0)
            for i, first in enumerate(keys):
                for second in keys[i + 1:]:
                    d0 = v0[first] - v0[second]
                    d1 = v1[first] - v1[second]
                    if (d0 > 0) != (d1 > 0) and abs(d1 - d0) > 1e-15:
                        points.add(x0 + (x1 - x0) * d0 / (d0 - d1))
        edges = sorted(points)
        ranges: list[Range] = []
        for p0, p1 in zip(edges, edges[1:]):
            if p1 - p0 < 1e-9:
                continue
            option = choice(0.5 * (p0 + p1))
            if ranges and ranges[-1].option == option:
                ranges[-1] = Range(option, ranges[-1].low, p1)
            else:
                ranges.append(Range(option, p0, p1))
        if not ranges:
            ranges.append(Range(choice(0.5), 0.0, 1.0))
        return tuple(ranges)

    def take_point(self, score: tuple[int, int], dealer: int, team: int, level: int,
                   start: int | None = None) -> Point:
        step = Step(level - 1 if start is None else start, level,
                    "next" if start is None or start == level - 1 else "game")
        return Point(self.dead_take(score, dealer, team, step),
                     self.live_take(score, dealer, team, step))

    def raise_again_point(self, score: tuple[int, int], dealer: int, team: int, level: int
                          ) -> Point | None:
        return self._switch(score, dealer, team, level, self.right_after(team), False)

    def raise_point(self, score: tuple[int, int], dealer: int, team: int, level: int,
                    right: tuple[int, ...] | None = None) -> Point | None:
        return self._switch(score, dealer, team, level,
                            (team,) if right is None else right, True)


_GRID = 1000

#: Where two options give the same chance of the game, the one said first is named: no
#: raise that gains nothing, no fold that gains nothing.
_PREFERENCE = ("accept", "play", "fold", "raise", "raise-game")


def _argmax(values: dict[str, float], first: tuple[str, ...] = ()) -> str:
    """The option of highest chance; of equals, the first of ``first`` and then of
    :data:`_PREFERENCE`."""
    top = max(values.values())
    for key in first + _PREFERENCE:
        if key in values and values[key] >= top - 1e-9:
            return key
    return max(values, key=lambda k: values[k])


@dataclass(frozen=True)
class Range:
    """From ``low`` to ``high`` (chances of winning the hand), ``option`` gives the best
    chance of the game."""

    option: str
    low: float
    high: float


def least_from(ranges: tuple[Range, ...], options: tuple[str, ...]) -> float | None:
    """The least chance of winning the hand from which one of ``options`` is best all
    the way up to 1 (None when the best option at 1 is another)."""
    at = None
    for r in reversed(ranges):
        if r.option not in options:
            break
        at = r.low
    return at


def first_of(ranges: tuple[Range, ...], options: tuple[str, ...]) -> float | None:
    """The least chance of winning the hand at which one of ``options`` is best (None
    when none ever is)."""
    return next((r.low for r in ranges if r.option in options), None)


def _line(shape: tuple[float, float, float, float], p: float) -> float:
    """The live model's chance of the game at hand-winning chance ``p``: ``lose`` up to
    ``low``, ``win`` from ``high``, a straight line between."""
    lose, win, low, high = shape
    if p <= low:
        return lose
    if p >= high:
        return win
    return lose + (p - low) / (high - low) * (win - lose)


def _least(better: list[bool]) -> float:
    """The least chance on the grid from which ``better`` holds all the way up (1.0 when
    it does not hold at the top)."""
    at = len(better)
    while at > 0 and better[at - 1]:
        at -= 1
    return at / (len(better) - 1) if at < len(better) else 1.0


def take_point(chances: ScoreChances, tables: Tables, score: tuple[int, int],
               dealer_team: int, team: int, level: int) -> Point:
    """The least chance of winning the hand at which ``team``, offered the raise to
    ladder step ``level`` (from ``level - 1``), does better to accept than to fold, at
    ``score`` with ``dealer_team`` dealing."""
    return Stakes(chances, tables).take_point(score, dealer_team, team, level)


def raise_again_point(chances: ScoreChances, tables: Tables, score: tuple[int, int],
                      dealer_team: int, team: int, level: int) -> Point | None:
    """The chance above which ``team``, offered the raise to ``level``, does better to
    raise again at once than to accept and hold the right (None at the top of the
    ladder)."""
    return Stakes(chances, tables).raise_again_point(score, dealer_team, team, level)


def raise_point(chances: ScoreChances, tables: Tables, score: tuple[int, int],
                dealer_team: int, team: int, level: int) -> Point | None:
    """The chance above which ``team``, holding the right at ``level`` on its turn, does
    better to raise than to play on (None at the top of the ladder). Dead: once the hand
    at the next step is worth more to it, or the other team should fold; live: at the
    other team's market, where it should fold."""
    return Stakes(chances, tables).raise_point(score, dealer_team, team, level)
