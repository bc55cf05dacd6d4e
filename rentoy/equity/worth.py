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
from ..walkthrough import load_walkthrough
from .decisions import Decision, decision_json, decisions

__all__ = ["WorthEntry", "Worth", "walkthrough_worth"]


@dataclass(frozen=True)
class WorthEntry:
    """One betting action of a walkthrough: the branch it is in (``path``: branch
    names), the action, the score and dealing team, and the decision it answers."""

    path: tuple[str, ...]
    action: str
    line: int | None
    score: tuple[int, int]
    dealer: int
    decision: Decision
    choice: str
    words: str

    def json(self) -> dict[str, Any]:
        return {"path": list(self.path), "action": self.action, "line": self.line,
                "score": list(self.score), "dealer": "AB"[self.dealer],
                "choice": self.choice, "words": self.words,
                "decision": decision_json(self.decision)}


@dataclass(frozen=True)
class Worth:
    """The betting actions of a walkthrough with what each is worth, and the source of
    the chances."""

    entries: tuple[WorthEntry, ...]
    source: str
    variant: str
    players: int


def _pct(p: float) -> str:
    return f"{100 * p:.0f}%"


def _score(score: tuple[int, int]) -> str:
    return f"{score[0]}-{score[1]}"


def _words(kind: str, team: int, d: Decision) -> str:
    """One betting action in words: ``kind`` is fold, accept, again (raise in answer)
    or raise (on its turn); ``d`` the decision it answers (for a raise on its turn, the
    other team's decision that it puts)."""
    t = "AB"[team]
    if kind == "raise":
        head = f"Team {t} raises to {d.to_value} on its turn"
        if d.dead:
            return head + f": a dead raise, {d.from_value} already decides the game."
        if d.kind == "game":
            head = f"Team {t} calls the whole game (juego fuera) from {d.from_value}"
        right = ("" if d.raise_at is None else
                 f": right if it wins the hand at least {_pct(d.raise_at.dead)} of the time "
                 f"({_pct(d.raise_at.live)} counting later raises)")
        return (head + right + f". Team "
                f"{'AB'[1 - team]} may fold below {_pct(d.take.dead)} of the hand "
                f"({_pct(d.take.live)} live), which leaves {_score(d.fold_score)}.")
    if d.dead:
        return (f"Team {t} {'folds' if kind == 'fold' else 'accepts' if kind == 'accept' else 'raises again'}"
                f": the raise to {d.to_value} is dead, {d.from_value} already decides the "
                f"game" + (", so folding loses it." if kind == "fold" else "."))
    take = (f"accepting is right from {_pct(d.take.dead)} of the hand "
            f"({_pct(d.take.live)} counting later raises)")
    fold = (f"folding leaves {_score(d.fold_score)}, where {t} wins the game "
            f"{_pct(d.fold_chance)} of the time")
    stake = (f"accepting {d.to_value} leads to {_score(d.win_score)} "
             f"({t} wins the game {_pct(d.win_chance)}) or {_score(d.lose_score)} "
             f"({_pct(d.lose_chance)})")
    if kind == "fold":
        return f"Team {t} folds: {fold}; {stake}; {take}."
    if kind == "accept":
        return f"Team {t} accepts {d.to_value}: {stake}; {fold}; {take}."
    assert d.again is not None
    if d.again_dead:
        return (f"Team {t} raises again to {d.next_value}: a dead raise, {d.to_value} "
                f"already decides the game, so it changes nothing.")
    return (f"Team {t} raises again to {d.next_value}: right from {_pct(d.again.dead)} of "
            f"the hand ({_pct(d.again.live)} counting later raises), "
            + ("a dead raise, since " + str(d.to_value) + " already decides the game"
               if d.again_dead else f"where {take}") + f"; {fold}.")


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
                    words = _words(choice, team, found)
                    entries.append(WorthEntry(path, str(action), spec.line, score, dealer,
                                              found, choice, words))
            hand.apply(action)
        for branch in segment.branches:
            walk_segment(hand.clone(), branch, path + (branch.name or "",))

    start = Hand(variant, n, walk.dealer, walk.start_score, deal=walk.deal)
    walk_segment(start, walk.root, ())
    return Worth(tuple(entries), chances.source, variant.id, n)
