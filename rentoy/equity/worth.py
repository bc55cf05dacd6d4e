"""What each betting decision of a worked example is worth, from the tables.

:func:`walkthrough_worth` replays a walkthrough's main line and every branch and, at
each raise, accept and fold, gives the decision in the terms of
:mod:`rentoy.equity.decisions`: the score and game-winning chance after each answer and
the chance of winning the hand at which each is right, from the variant's stored table
of game-winning chances (or the even-chances yardstick when none is stored).

>>> worth = walkthrough_worth("docs/examples/betting-from-4-5.yaml")
>>> [e.action for e in worth.entries][:3]
['0 raise', '1 raise', '0 fold']
>>> worth.entries[2].path
('A folds',)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..analysis.stakes import ScoreChances, load_chances
from ..engine import Hand, compile_variant
from ..engine.actions import ACCEPT, FOLD, GAME_CALL, RAISE
from ..core.i18n import _, use_language
from ..walkthrough import load_walkthrough
from ..analysis.stakes import Range
from .store import find_table
from .decisions import (INTERVAL_DRAWS, Decision, advice, decision_json, decisions, spanned,
                        with_intervals)

__all__ = ["WorthEntry", "Worth", "walkthrough_worth"]


@dataclass(frozen=True)
class WorthEntry:
    """One betting action of a walkthrough: the branch it is in (``path``: branch
    names), the action, the score and dealing team, the decision it answers, and the
    team that acts."""

    path: tuple[str, ...]
    action: str
    line: int | None
    score: tuple[int, int]
    dealer: int
    decision: Decision
    choice: str
    team: int

    @property
    def words(self) -> str:
        """The action and what it is worth, in a sentence in the language spoken now."""
        return _words(self.choice, self.team, self.decision)

    def json(self) -> dict[str, Any]:
        with use_language("en"):        # the JSON is English in every language
            words = self.words
        return {"path": list(self.path), "action": self.action, "line": self.line,
                "score": list(self.score), "dealer": "AB"[self.dealer],
                "choice": self.choice, "words": words,
                "decision": decision_json(self.decision)}


@dataclass(frozen=True)
class Worth:
    """The betting actions of a walkthrough with what each is worth, and the source of
    the chances."""

    entries: tuple[WorthEntry, ...]
    source: str
    variant: str
    players: int


def _score(score: tuple[int, int]) -> str:
    return f"{score[0]}-{score[1]}"


def _where(ranges: tuple[Range, ...], option: str, d: Decision, name: str) -> str:
    """Over which chances of winning the hand ``option`` is best: ``from 35% to 45%``,
    ``below 35%``, ``from 45%``, ``at no chance``, ``whatever the hand``."""
    spans = [(k, r) for k, r in enumerate(ranges) if r.option == option]
    if not spans:
        return _("at no chance of the hand")
    parts = []
    for k, r in spans:
        low = spanned(r.low, d.spans.get(f"{name}:{k}"))
        high = spanned(r.high, d.spans.get(f"{name}:{k + 1}"))
        if r.low <= 0.0 and r.high >= 1.0:
            return _("whatever the hand")
        if r.low <= 0.0:
            parts.append(_("below {high} of the hand").format(high=high))
        elif r.high >= 1.0:
            parts.append(_("from {low} of the hand").format(low=low))
        else:
            parts.append(_("from {low} to {high} of the hand").format(low=low, high=high))
    return _(" and ").join(parts)


def _verdict(option: str, d: Decision, turn: bool) -> str:
    """``option`` is best over which chances, dead and live."""
    dead, live = ("turn_dead", "turn") if turn else ("dead_ranges", "ranges")
    where_dead = _where(getattr(d, dead), option, d, dead)
    where_live = _where(getattr(d, live), option, d, live)
    if where_dead == where_live:
        return _("best {dead}, later raises counted or not").format(dead=where_dead)
    return _("best {dead}; counting later raises, {live}").format(dead=where_dead,
                                                               live=where_live)


def _words(kind: str, team: int, d: Decision) -> str:
    """One betting action in words: ``kind`` is fold, accept, again (raise in answer)
    or raise (on its turn); ``d`` the decision it answers (for a raise on its turn, the
    other team's decision that it puts). Each says over which chances of winning the
    hand the choice made is the best of all the options open."""
    t = "AB"[team]
    if kind == "raise":
        head = _("Team {team} raises to {value} on its turn").format(team=t, value=d.to_value)
        if d.dead:
            return head + _(": a dead raise, {value} already decides the game.").format(
                value=d.from_value)
        if d.kind == "game":
            head = _("Team {team} calls the whole game (juego fuera) from {value}").format(
                team=t, value=d.from_value)
        right = "" if not d.turn else ": " + _verdict("raise", d, True)
        return head + right + ". " + _("Team {other} then: {advice}").format(
            other="AB"[1 - team], advice=advice(d))
    if d.dead:
        if kind == "fold":
            text = _("Team {team} folds: the raise to {value} is dead, {old} already decides "
                     "the game, so folding loses it.")
        elif kind == "accept":
            text = _("Team {team} accepts: the raise to {value} is dead, {old} already "
                     "decides the game.")
        else:
            text = _("Team {team} raises again: the raise to {value} is dead, {old} already "
                     "decides the game.")
        return text.format(team=t, value=d.to_value, old=d.from_value)
    fold = _("folding leaves {score}, where {team} wins the game {chance} of the time"
             ).format(score=_score(d.fold_score), team=t,
                      chance=spanned(d.fold_chance, d.spans.get("fold")))
    stake = _("accepting {value} leads to {win} ({team} wins the game {win_chance}) or "
              "{lose} ({lose_chance})").format(
                  value=d.to_value, win=_score(d.win_score), team=t,
                  win_chance=spanned(d.win_chance, d.spans.get("win")),
                  lose=_score(d.lose_score),
                  lose_chance=spanned(d.lose_chance, d.spans.get("lose")))
    if kind == "fold":
        return _("Team {team} folds: {fold}; {stake}. Folding is {verdict}.").format(
            team=t, fold=fold, stake=stake, verdict=_verdict("fold", d, False))
    if kind == "accept":
        return _("Team {team} accepts {value}: {stake}; {fold}. Accepting is {verdict}."
                 ).format(team=t, value=d.to_value, stake=stake, fold=fold,
                          verdict=_verdict("accept", d, False))
    if d.again_dead:
        return _("Team {team} raises again to {value}: a dead raise, {old} already decides "
                 "the game, so it changes nothing.").format(team=t, value=d.next_value,
                                                           old=d.to_value)
    return _("Team {team} raises again to {value}: {fold}; {stake}. Raising again is "
             "{verdict}.").format(team=t, value=d.next_value, fold=fold, stake=stake,
                                  verdict=_verdict("raise", d, False))


def walkthrough_worth(path: str | Path, chances: ScoreChances | None = None,
                      table: str | Path | None = None) -> Worth:
    """The betting actions of the walkthrough at ``path`` (main line and branches) with
    what each decision is worth (see the module docstring): from ``chances``, or the
    table stored in the file ``table``, or the variant's stored table (with the 95%
    intervals of every figure), or the even-chances yardstick."""
    walk = load_walkthrough(path)
    variant, n = walk.variant, walk.players
    tables = compile_variant(variant)
    drawn: list[ScoreChances] = []
    if chances is None:
        found = find_table(variant, n, table)
        if found is not None and found[0].target == int(variant.rules.target):
            chances = found[0].chances
            drawn = found[0].drawn(INTERVAL_DRAWS)
        else:
            chances = load_chances(variant.id, n, int(variant.rules.target), tables.ladder)
    cache: dict[tuple[tuple[int, int], int], list[Decision]] = {}
    entries: list[WorthEntry] = []
    if walk.hands:
        return Worth((), chances.source, variant.id, n)

    def table_for(score: tuple[int, int], dealer: int) -> list[Decision]:
        key = (score, dealer)
        if key not in cache:
            cache[key] = with_intervals(decisions(chances, variant, score, dealer), drawn,
                                        variant)
        return cache[key]

    def walk_segment(hand: Hand, segment: Any, path: tuple[str, ...]) -> None:
        for spec in segment.actions:
            action = spec.action
            if hand.is_over or not hand.can(action):
                return
            obs = hand.observation(action.seat)
            team = action.seat & 1
            score, dealer = obs.score, obs.dealer & 1
            pending = obs.raiser is not None
            if action.kind in (RAISE, ACCEPT, FOLD, GAME_CALL):
                rows = table_for(score, dealer)
                start = obs.value if pending else obs.accepted_value
                if action.kind == GAME_CALL:     # the whole game, from the value held
                    level, chooser, choice = -1, 1 - team, "raise"
                elif pending:
                    level, chooser, start = obs.level, team, obs.accepted_value
                    choice = {RAISE: "again", ACCEPT: "accept", FOLD: "fold"}[action.kind]
                else:
                    level, chooser, choice = obs.level + 1, 1 - team, "raise"
                found = next((d for d in rows if d.team == chooser and d.from_value == start
                              and (d.level == level or (level < 0 and d.kind == "game"))),
                             None)
                if found is not None:
                    entries.append(WorthEntry(path, str(action), spec.line, score, dealer,
                                              found, choice, team))
            hand.apply(action)
        for branch in segment.branches:
            walk_segment(hand.clone(), branch, path + (branch.name or "",))

    start = Hand(variant, n, walk.dealer, walk.start_score, deal=walk.deal)
    walk_segment(start, walk.root, ())
    return Worth(tuple(entries), chances.source, variant.id, n)
