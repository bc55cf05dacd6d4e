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
from ..i18n import _, use_language
from ..walkthrough import load_walkthrough
from .decisions import Decision, chance_text, decision_json, decisions

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


def _words(kind: str, team: int, d: Decision) -> str:
    """One betting action in words: ``kind`` is fold, accept, again (raise in answer)
    or raise (on its turn); ``d`` the decision it answers (for a raise on its turn, the
    other team's decision that it puts)."""
    t = "AB"[team]
    if kind == "raise":
        head = _("Team {team} raises to {value} on its turn").format(team=t, value=d.to_value)
        if d.dead:
            return head + _(": a dead raise, {value} already decides the game.").format(
                value=d.from_value)
        if d.kind == "game":
            head = _("Team {team} calls the whole game (juego fuera) from {value}").format(
                team=t, value=d.from_value)
        right = ("" if d.raise_at is None else
                 _(": right if it wins the hand at least {dead} of the time ({live} "
                   "counting later raises)").format(dead=chance_text(d.raise_at.dead),
                                                    live=chance_text(d.raise_at.live)))
        return head + right + _(". Team {other} may fold below {dead} of the hand ({live} "
                                "live), which leaves {score}.").format(
            other="AB"[1 - team], dead=chance_text(d.take.dead), live=chance_text(d.take.live),
            score=_score(d.fold_score))
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
    take = _("accepting is right from {dead} of the hand ({live} counting later raises)"
             ).format(dead=chance_text(d.take.dead), live=chance_text(d.take.live))
    fold = _("folding leaves {score}, where {team} wins the game {chance} of the time"
             ).format(score=_score(d.fold_score), team=t, chance=chance_text(d.fold_chance))
    stake = _("accepting {value} leads to {win} ({team} wins the game {win_chance}) or "
              "{lose} ({lose_chance})").format(
                  value=d.to_value, win=_score(d.win_score), team=t,
                  win_chance=chance_text(d.win_chance), lose=_score(d.lose_score),
                  lose_chance=chance_text(d.lose_chance))
    if kind == "fold":
        return _("Team {team} folds: {fold}; {stake}; {take}.").format(
            team=t, fold=fold, stake=stake, take=take)
    if kind == "accept":
        return _("Team {team} accepts {value}: {stake}; {fold}; {take}.").format(
            team=t, value=d.to_value, stake=stake, fold=fold, take=take)
    assert d.again is not None
    if d.again_dead:
        return _("Team {team} raises again to {value}: a dead raise, {old} already decides "
                 "the game, so it changes nothing.").format(team=t, value=d.next_value,
                                                           old=d.to_value)
    return _("Team {team} raises again to {value}: right from {dead} of the hand ({live} "
             "counting later raises), where {take}; {fold}.").format(
                 team=t, value=d.next_value, dead=chance_text(d.again.dead),
                 live=chance_text(d.again.live), take=take, fold=fold)


def walkthrough_worth(path: str | Path, chances: ScoreChances | None = None) -> Worth:
    """The betting actions of the walkthrough at ``path`` (main line and branches) with
    what each decision is worth (see the module docstring)."""
    walk = load_walkthrough(path)
    variant, n = walk.variant, walk.players
    tables = compile_variant(variant)
    if chances is None:
        chances = load_chances(variant.id, n, int(variant.rules.target), tables.ladder)
    cache: dict[tuple[tuple[int, int], int], list[Decision]] = {}
    entries: list[WorthEntry] = []
    if walk.hands:
        return Worth((), chances.source, variant.id, n)

    def table_for(score: tuple[int, int], dealer: int) -> list[Decision]:
        key = (score, dealer)
        if key not in cache:
            cache[key] = decisions(chances, variant, score, dealer)
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
