"""Running a walkthrough: every action through the engine, every expectation checked.

:func:`run_walkthrough` plays the trunk, then each branch from a clone of the state
its parent reached, depth-first. Each action becomes a :class:`Step` (the event or
the refusal, the call said, remarks, the state after); each segment a
:class:`Segment` with the expectations that failed at its end; each leaf a
:class:`BranchResult`. An action refused when ``illegal: true`` did not ask for it
stops its segment (and the branches below it are not run); the failure names the
line, the reason code and the rule.

>>> from rentoy.walkthrough import parse_walkthrough
>>> wt = parse_walkthrough('''
... variant: "1737"
... score: [4, 5]
... deal:
...   hands: [[3c, 6b, 7e], [12c, 2b, 4e], [2c, 1o, 5e], [11c, 3b, 6e]]
...   up: 5o
... actions: ["0 raise", "1 raise"]
... branches:
...   - name: A folds
...     actions: ["0 fold"]
...     expect: {score: [4, 8], finished: true, hand_winner: B}
...   - name: A accepts
...     actions: ["0 accept"]
...     expect: {value: 6, outcomes: {A: [10, 5], B: [4, 11]}}
... ''')
>>> run = run_walkthrough(wt)
>>> run.ok, [r.path for r in run.results]
(True, [('A folds',), ('A accepts',)])
>>> run.results[0].to_json()["score"], run.root.steps[1].remarks[0]
([4, 8], 'Team B accepts 3 and raises to 6; team A answers.')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from ..model.cards import Card
from ..engine import Action, Event, Hand, TrickRecord
from ..core.errors import IllegalAction
from ..comparison.rules import explain_refusal
from ..core.i18n import _
from ..render import plain
from .model import SegmentSpec, Walkthrough, load_walkthrough
from .narrate import call_for, data_words, gloss_for, refusal_remarks, step_remarks
from .state import Snapshot, next_table

__all__ = ["Step", "Segment", "BranchResult", "WalkthroughRun", "run_walkthrough",
           "check_expectations", "expectation_failures"]


@dataclass(frozen=True)
class Step:
    """One action of a walkthrough and what came of it.

    ``event`` is the engine's :class:`~rentoy.engine.Event` (None when refused),
    ``refusal`` the :class:`~rentoy.core.errors.IllegalAction` (None when applied);
    ``expected_refusal`` says the file asked for the refusal (``illegal: true``).
    ``call`` is the word said for a raise, accept or fold under the variant's
    ``calls`` rule and ``gloss`` its English gloss. ``remarks`` are sentences: the
    first says what happened. ``state`` is the hand after the step (before it, when
    the action was refused, since a refusal changes nothing).
    """

    text: str
    line: int | None
    action: Action
    event: Event | None
    refusal: IllegalAction | None
    expected_refusal: bool
    call: str | None
    gloss: str | None
    remarks: list[str]
    state: Snapshot
    note: str | None = None

    @property
    def seat(self) -> int:
        """The seat that acted."""
        return self.action.seat

    @property
    def refused(self) -> bool:
        """Whether the engine refused the action (expected or not)."""
        return self.refusal is not None

    @property
    def dead(self) -> bool:
        """Whether this step was a dead raise."""
        return self.event is not None and self.event.dead

    @property
    def trick(self) -> TrickRecord | None:
        """The trick this step completed, if any."""
        return None if self.event is None else self.event.trick

    @property
    def value(self) -> int | str:
        """The hand's value after the step (see :class:`Snapshot`)."""
        return self.state.value

    @property
    def score(self) -> tuple[int, int]:
        """The score after the step: before the hand until it ends, then after it."""
        return self.state.score

    @property
    def outcomes(self) -> dict[str, tuple[int, int]] | None:
        """The score if team A, and if team B, wins from here; None once it is over."""
        return self.state.outcomes

    @property
    def tricks(self) -> tuple[int, int]:
        """Tricks won by team A and team B after the step."""
        return self.state.tricks

    @property
    def raise_right(self) -> str | None:
        """The team that may raise next, or None when both may."""
        return self.state.raise_right

    @property
    def pending(self) -> bool:
        """Whether a raise waits for an answer after the step."""
        return self.state.pending

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards after the step."""
        return self.state.hands

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """The unfinished trick after the step, as (seat, card) pairs."""
        return self.state.current_trick


@dataclass(frozen=True)
class BranchResult:
    """Where one leaf branch ended: the outcome, and every failure on its path."""

    path: tuple[str, ...]
    ok: bool
    score: tuple[int, int]
    value: int | str
    finished: bool
    hand_winner: str | None
    game_winner: str | None
    tricks: tuple[int, int]
    outcomes: dict[str, tuple[int, int]] | None
    failures: tuple[str, ...]
    match_winner: str | None = None

    @classmethod
    def of(cls, path: tuple[str, ...], state: Snapshot, failures: list[str]
           ) -> "BranchResult":
        return cls(path=path, ok=not failures, score=state.score, value=state.value,
                   finished=state.finished, hand_winner=state.hand_winner,
                   game_winner=state.game_winner, tricks=state.tricks,
                   outcomes=state.outcomes, failures=tuple(failures),
                   match_winner=state.match_winner)

    @property
    def label(self) -> str:
        """The path as one string ("A accepts / A wins two tricks"); "trunk" for []."""
        return " / ".join(self.path) or "trunk"

    def to_json(self) -> dict[str, Any]:
        """The result as in ``rentoy run --json``: a fixed set of keys, kept stable for
        the programs that read it (the match winner is for expectations and
        transcripts)."""
        return {
            "path": list(self.path), "ok": self.ok, "score": list(self.score),
            "value": self.value, "finished": self.finished,
            "hand_winner": self.hand_winner, "game_winner": self.game_winner,
            "tricks": list(self.tricks),
            "outcomes": None if self.outcomes is None else
            {team: list(score) for team, score in self.outcomes.items()},
            "failures": list(self.failures),
        }


@dataclass(frozen=True)
class Segment:
    """A run segment: the trunk (``name`` None) or a branch, with its sub-branches.

    ``start`` and ``end`` are the hand before the first and after the last step;
    ``failures`` are this segment's own (an unexpected refusal, an expectation that
    did not hold); ``result`` is set on leaves. ``ran`` is False when an action
    above was refused, so this segment was not played.
    """

    name: str | None
    path: tuple[str, ...]
    steps: list[Step]
    branches: list["Segment"]
    expect: dict[str, Any]
    failures: list[str]
    result: BranchResult | None
    line: int | None
    start: Snapshot
    end: Snapshot
    description: str | None = None
    ran: bool = True

    @property
    def is_leaf(self) -> bool:
        """Whether the segment has no branches (it then has a result)."""
        return not self.branches

    @property
    def label(self) -> str:
        """The path as one string ("A accepts / A wins two tricks"); "trunk" for []."""
        return " / ".join(self.path) or "trunk"

    def walk(self) -> Iterator["Segment"]:
        """This segment and every segment below it, depth-first."""
        yield self
        for branch in self.branches:
            yield from branch.walk()


@dataclass(frozen=True)
class WalkthroughRun:
    """A walkthrough and what running it gave: the tree of segments and the results.

    For a record (a file with ``hands``), ``hands`` holds one segment per hand, in
    order, each with one result, and ``root`` is the first of them.
    """

    walkthrough: Walkthrough
    root: Segment
    results: list[BranchResult] = field(default_factory=list)
    hands: list[Segment] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Every expectation held and no action was refused unexpectedly."""
        return all(not s.failures for s in self.segments()) and all(
            r.ok for r in self.results)

    def segments(self) -> Iterator[Segment]:
        """Every segment, depth-first, the trunk first (a record's hands in order)."""
        if self.hands:
            return (s for h in self.hands for s in h.walk())
        return self.root.walk()

    @property
    def failures(self) -> list[str]:
        """Every failure, in the order of the segments."""
        return [f for s in self.segments() for f in s.failures]

    def to_json(self) -> dict[str, Any]:
        """``{"ok": bool, "results": [...]}``, one result per leaf, depth-first."""
        return {"ok": self.ok, "results": [r.to_json() for r in self.results]}


def run_walkthrough(walkthrough: Walkthrough | str | Path) -> WalkthroughRun:
    """Run a walkthrough (or the file at a path); never raises for a failed expectation."""
    wt = walkthrough if isinstance(walkthrough, Walkthrough) else load_walkthrough(walkthrough)
    results: list[BranchResult] = []
    runner = _Runner(wt, results)
    if wt.is_record:
        hands = runner.record()
        return WalkthroughRun(wt, hands[0], results, hands)
    root = runner.segment(wt.root, wt.new_hand(), [], False)
    return WalkthroughRun(wt, root, results)


class _Runner:
    def __init__(self, wt: Walkthrough, results: list[BranchResult]):
        self.wt = wt
        self.results = results
        self.games = wt.games        # games won before the hand being run

    def snap(self, hand: Hand) -> Snapshot:
        return Snapshot.of(hand, self.games, self.wt.needed)

    def record(self) -> list[Segment]:
        """Run a record's hands in order, each from the score, dealer and games the one
        before it left; a hand after an unfinished one, or after the end of the match,
        is not played and fails."""
        wt = self.wt
        score, out = wt.start_score, []
        stop: str | None = None
        for spec in wt.hands:
            hand = Hand(wt.variant, players=wt.players, dealer=spec.dealer, score=score,
                        deal=spec.deal)
            if stop is not None:     # shown with the score it would have started from
                out.append(self.segment(spec.root, hand, [_("not played: {why}").format(
                    why=stop)], True))
                continue
            seg = self.segment(spec.root, hand, [], False)
            out.append(seg)
            end = seg.end
            if any(s.refused for s in seg.steps) or not end.finished:
                stop = _("hand {number} is not over (an action was refused or none is "
                         "left), so no hand can follow it").format(number=spec.number)
                continue
            score, self.games, over = next_table(end)
            if over and spec is not wt.hands[-1]:
                stop = (_("the match ended with hand {number}, so no hand can follow it")
                        if wt.best_of > 1 else
                        _("the game ended with hand {number}, so no hand can follow it")
                        ).format(number=spec.number)
        return out

    def segment(self, spec: SegmentSpec, hand: Hand, inherited: list[str],
                blocked: bool, start: Snapshot | None = None) -> Segment:
        """Run ``spec`` from ``hand``, then its branches from clones of where it ends;
        ``start`` is the snapshot of ``hand`` when the caller already has it."""
        if start is None:
            start = self.snap(hand)
        steps: list[Step] = []
        failures: list[str] = []
        ran = not blocked
        end = start
        if not blocked:
            blocked, end = self.play(spec, hand, start, steps, failures)
            if not blocked:
                failures += check_expectations(spec, end, steps)
        path_failures = inherited + failures
        branches = [self.segment(b, hand.clone(), path_failures, blocked, end)
                    for b in spec.branches]
        result = None
        if spec.is_leaf:
            result = BranchResult.of(spec.path, end, path_failures)
            self.results.append(result)
        return Segment(name=spec.name, path=spec.path, steps=steps, branches=branches,
                       expect=dict(spec.expect), failures=failures, result=result,
                       line=spec.line, start=start, end=end, description=spec.description,
                       ran=ran)

    def play(self, spec: SegmentSpec, hand: Hand, start: Snapshot, steps: list[Step],
             failures: list[str]) -> tuple[bool, Snapshot]:
        """Apply the segment's actions from ``hand`` (in state ``start``); whether one
        was refused unexpectedly, and the state reached."""
        # Each hand of a record turns up its own card: its trump suit, not the first
        # hand's, decides what a play can win.
        variant, trump = self.wt.variant, hand.deal.up.suit
        want_refusal = spec.expect.get("illegal") is True
        before = start          # a step's state after is the next step's state before
        for i, a in enumerate(spec.actions):
            expected = want_refusal and i == len(spec.actions) - 1
            refusal = explain_refusal(hand, a.action)
            if refusal is not None:
                steps.append(Step(a.text, a.line, a.action, None, refusal, expected, None, None,
                                  refusal_remarks(variant, refusal, expected), before, a.note))
                if not expected:
                    failures.append(_at(a.line, spec, _("`{action}` was refused: {refusal}"
                                                        ).format(action=a.text,
                                                                 refusal=refusal)))
                    return True, before
                continue
            if expected:
                failures.append(_at(a.line, spec, _(
                    "`{action}` should have been refused (illegal: true), but the rules "
                    "allow it").format(action=a.text)))
            event = hand.apply(a.action)
            after = self.snap(hand)
            call = call_for(variant, a.action, after)
            steps.append(Step(a.text, a.line, a.action, event, None, False, call,
                              gloss_for(call, variant, a.action, after),
                              step_remarks(variant, a.action, event, before, after, trump),
                              after, a.note))
            before = after
        return False, before


def check_expectations(spec: SegmentSpec, state: Snapshot, steps: list[Step]) -> list[str]:
    """The expectations of ``spec`` that do not hold in ``state``, as messages."""
    return [_at(line, spec, text) for line, text in expectation_failures(spec, state, steps)]


def expectation_failures(spec: SegmentSpec, state: Snapshot, steps: list[Step]
                         ) -> list[tuple[int | None, str]]:
    """The expectations of ``spec`` that do not hold in ``state``: each as the line of
    its key (None when not known) and a message."""
    observed = state.observed()
    last = steps[-1] if steps else None
    out: list[tuple[int | None, str]] = []
    got: object
    for key, wanted in spec.expect.items():
        line = spec.expect_lines.get(key)
        if key == "illegal":
            continue  # checked as the actions ran
        if key == "reason":
            got = last.refusal.reason if last is not None and last.refusal else None
            if got != wanted:
                out.append((line, _("the refusal's reason is {got}, expected "
                                             "{wanted}").format(got=data_words(got),
                                                                wanted=data_words(wanted))))
        elif key == "legal_under":
            got = last.refusal.legal_under if last is not None and last.refusal else ()
            missing = [v for v in wanted if v not in got]
            if missing:
                out.append((line, _("the refused action is not legal under "
                                             "{missing} (legal under: {got})").format(
                    missing=", ".join(missing), got=", ".join(got) or _("none"))))
        elif key == "dead":
            got = bool(last is not None and last.dead)
            if got != wanted:
                out.append((line, _("dead is {got}, expected {wanted}").format(
                    got=data_words(got), wanted=data_words(wanted))))
        else:
            got = observed[key]
            if plain(got) != plain(wanted):
                out.append((line, _("{key} is {got}, expected {wanted}").format(
                    key=key, got=data_words(got), wanted=data_words(wanted))))
    return out


def _at(line: int | None, spec: SegmentSpec, failure: str) -> str:
    """A failure with its line (``line N: ...``): the item's own line, else its
    segment's (none when neither is known, as in a walkthrough built in code)."""
    line = line if line is not None else spec.line
    return failure if line is None else _("line {line}: {failure}").format(line=line,
                                                                          failure=failure)
