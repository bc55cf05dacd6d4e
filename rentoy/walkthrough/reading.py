"""The one reading of a game record: what ``check``, ``run``, ``review`` and ``play
--resume`` all load a record through.

A record (a walkthrough file with ``hands``) is first loaded as every walkthrough is
(:func:`~rentoy.walkthrough.load_walkthrough`: the schema, the variant, the cards, and
the record rules that need no play, each refused at its line with its rule in
brackets):

- ``deal-from-seed``: where the record's ``table`` names a seed, each hand's cards are
  those the seed deals (its n-th deal for the n-th hand, as ``rentoy play --seed``
  deals), unless the hand says ``by_hand: true`` (its cards were given with
  ``--deal``);
- ``table``: the ``table`` mapping as ``--resume`` needs it: a seat at the table, bots
  rentoy has, a game begun at 0-0.

Then its hands are played through the engine, and these rules are checked, each
refusal naming the file, the line and the rule:

- ``after-hand-over``: no action after the hand it belongs to is over;
- ``action-refused``: every action is one the rules allow where it stands (the
  engine's reason code is given too);
- ``hand-not-over``: a hand that is not over is the last one;
- ``after-game-over``: no hand after the end of the game (or of the match);
- ``expectation``: every result the record states (its ``expect``) is what the play
  gives.

:func:`read_record` gives a :class:`Reading`: the walkthrough, the run, and the
problems found (none for a walkthrough of one hand, which ``run`` checks in its own
way). ``rentoy check``, ``rentoy review`` and ``rentoy play --resume`` refuse a record
with any problem (exit status 2); ``rentoy run`` prints its transcript and the same
problems, with exit status 1, as for any expectation that fails.

>>> reading = read_record("docs/examples/game-record.yaml")
>>> reading.problems, reading.seed, reading.by_hand
((), None, ())
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.errors import Location, Problem, WalkthroughError
from ..core.i18n import _, ngettext
from .model import Walkthrough, load_walkthrough
from .narrate import join_words
from .runner import Segment, WalkthroughRun, expectation_failures, run_walkthrough
from .state import next_table

__all__ = ["Reading", "RecordError", "read_record", "RECORD_RULES"]

#: The rules a record is held to, by the code its refusals give in brackets.
RECORD_RULES: tuple[str, ...] = ("deal-from-seed", "table", "after-hand-over",
                                 "action-refused", "hand-not-over", "after-game-over",
                                 "expectation")


class RecordError(WalkthroughError):
    """A record that breaks a record rule: every problem with its file, line and rule."""


@dataclass(frozen=True)
class Reading:
    """A walkthrough as every command reads it: the file, its run (for a record), the
    record's seed and the hands given by hand, and the problems found."""

    walkthrough: Walkthrough
    run: WalkthroughRun | None
    problems: tuple[Problem, ...]

    @property
    def seed(self) -> int | None:
        """The seed the record's ``table`` names, if any."""
        seed = (self.walkthrough.table or {}).get("seed")
        return seed if isinstance(seed, int) and not isinstance(seed, bool) else None

    @property
    def by_hand(self) -> tuple[int, ...]:
        """The numbers (from 1) of the hands whose cards were given by hand."""
        return tuple(h.number for h in self.walkthrough.hands if h.by_hand)

    def refuse(self) -> "Reading":
        """This reading, or a :class:`RecordError` with every problem."""
        if self.problems:
            raise RecordError(list(self.problems))
        return self

    def dealt_note(self) -> str | None:
        """What ``--resume`` says of where the cards came from: a hand given by hand,
        or a record that names no seed; None when every hand is the seed's."""
        if not self.walkthrough.is_record:
            return None
        if self.seed is None:
            return _("The record names no seed: its hands are dealt as it writes them, "
                     "and the next ones from seed 0 unless --seed is given.")
        given = self.by_hand
        if not given:
            return None
        return ngettext("Hand {hands} was dealt by hand (--deal), not by seed {seed}.",
                        "Hands {hands} were dealt by hand (--deal), not by seed {seed}.",
                        len(given)).format(hands=join_words(given, "and"), seed=self.seed)


def read_record(path: str | Path, *, main_line: bool = False) -> Reading:
    """Load the walkthrough at ``path`` and, for a record, play it and check the record
    rules (see the module docstring). Raises :class:`~rentoy.core.errors.WalkthroughError`
    for what loading refuses; the problems of play are in :attr:`Reading.problems`.

    With ``main_line`` (a reader of a walkthrough's main line as a game, as ``rentoy
    review`` is), a walkthrough of one hand is held to the rules of play too: no action
    of its main line after the hand is over (``after-hand-over``), and none the rules
    refuse (``action-refused``), a refusal its ``illegal: true`` asks for excepted."""
    wt = load_walkthrough(path)
    if not wt.is_record:
        return Reading(wt, None, tuple(_main_line(wt, str(path))) if main_line else ())
    run = run_walkthrough(wt)
    return Reading(wt, run, tuple(_problems(wt, run, str(path))))


def _main_line(wt: Walkthrough, file: str) -> list[Problem]:
    """The first action of the main line the rules refuse, as a problem (or none)."""
    hand = wt.new_hand()
    actions = wt.root.actions
    for i, spec in enumerate(actions):
        refusal = hand.refusal(spec.action)
        if refusal is not None:
            if i == len(actions) - 1 and wt.root.expect.get("illegal") is True:
                return []
            rule = "after-hand-over" if refusal.reason == "hand-over" else "action-refused"
            return [Problem(_("`{action}` cannot be played: {refusal} [{rule}]").format(
                action=spec.text, refusal=refusal, rule=rule), Location(file, spec.line),
                ("actions",), _("the main line holds only actions the rules allow, in "
                                "order"))]
        hand.apply(spec.action)
    return []


def _problems(wt: Walkthrough, run: WalkthroughRun, file: str) -> list[Problem]:
    out: list[Problem] = []
    stopped: str | None = None
    for spec, seg in zip(wt.hands, run.hands):
        where = ("hands", spec.number - 1)
        if stopped is not None:
            out.append(Problem(stopped, Location(file, spec.line), where))
            break                   # the hands after it are not played: said once
        refused = next((s for s in seg.steps if s.refused), None)
        if refused is not None and refused.refusal is not None:
            reason = refused.refusal.reason
            rule = "after-hand-over" if reason == "hand-over" else "action-refused"
            out.append(Problem(
                _("`{action}` cannot be played in hand {number}: {refusal} "
                  "[{rule}]").format(action=refused.text, number=spec.number,
                                     refusal=refused.refusal, rule=rule),
                Location(file, refused.line), where + ("actions",),
                _("a record holds only the actions that were played, in order")))
            break
        for line, text in expectation_failures(spec.root, seg.end, seg.steps):
            out.append(Problem(
                _("hand {number}: {failure} [expectation]").format(number=spec.number,
                                                                  failure=text),
                Location(file, line if line is not None else spec.line),
                where + ("expect",),
                _("a record's expectations are the results of its play")))
        stopped = _stop(spec.number, seg, wt)
    return out


def _stop(number: int, seg: Segment, wt: Walkthrough) -> str | None:
    """Why no hand may follow hand ``number`` (with its rule), or None."""
    end = seg.end
    if not end.finished:
        return _("hand {number} is not over, so no hand can follow it "
                 "[hand-not-over]").format(number=number)
    if next_table(end)[2]:
        return (_("the match ended with hand {number}, so no hand can follow it "
                  "[after-game-over]") if wt.best_of > 1 else
                _("the game ended with hand {number}, so no hand can follow it "
                  "[after-game-over]")).format(number=number)
    return None
