"""Worked examples that run: walkthrough files, their runs, and their transcripts.

A walkthrough file (YAML, see ``docs/examples/``) names a variant and a deal, lists
the actions taken, branches where the play could go more than one way, and states
what must hold at the end of each segment. :func:`load_walkthrough` validates it
(:class:`~rentoy.core.errors.WalkthroughError` with located problems otherwise),
:func:`run_walkthrough` plays it through the engine, and
:mod:`rentoy.walkthrough.transcript` prints what happened.

The file format: the core keys (``title``, ``variant``, ``players``, ``score``,
``dealer``, ``deal``, ``seed``, ``actions``, ``branches``, ``expect``), plus these
additions:

- ``description`` (the walkthrough's and a branch's): a short paragraph of prose;
- an action may be a mapping ``{action: "0 raise", note: "..."}``: the note is
  shown beside it in the transcript;
- ``players`` defaults to the number of hands in ``deal`` when a deal is written;
- ``expect`` also takes ``reason`` (the reason code of the refusal that
  ``illegal: true`` asks for), ``legal_under`` (variant ids under which the refused
  action must be legal), ``raise_right`` (A, B, or null for both), ``trick_winners``
  (the seat that won each finished trick) and ``dead`` (whether the segment's last
  action was a dead raise);
- ``value`` of a finished hand is the value it was settled at (after a fold, the
  value before the refused raise);
- ``hands`` instead of ``deal``, ``actions``, ``expect`` and ``branches``: a record of
  a whole game or match (:mod:`rentoy.walkthrough.record`), one entry per hand with its
  ``deal``, ``actions`` and ``expect``; the deal passes to the next seat after each hand,
  the score carries on, and a won game starts the match's next one at 0-0.

>>> from rentoy.walkthrough import parse_walkthrough, run_walkthrough
>>> run = run_walkthrough(parse_walkthrough('''
... variant: "1737"
... deal:
...   hands: [[3c, 6b, 7e], [12c, 2b, 4e], [2c, 1o, 5e], [11c, 3b, 6e]]
...   up: 5o
... actions: ["0 play 3c", "1 play 12c", "2 play 1o", "3 play 11c"]
... expect: {tricks: [1, 0], trick_winners: [2]}
... '''))
>>> run.ok, run.to_json()["results"][0]["tricks"]
(True, [1, 0])
>>> run.root.steps[-1].remarks[-1]
'Seat 2 (team A) wins the trick with 1o (As de oros, a trump). Tricks: A 1, B 0.'
"""

from ..core.errors import WalkthroughError
from .model import (EXPECT_KEYS, ActionSpec, HandSpec, SegmentSpec, Walkthrough,
                    check_walkthrough, load_walkthrough, parse_walkthrough, schema_path)
from .runner import BranchResult, Segment, Step, WalkthroughRun, run_walkthrough
from .state import Snapshot

__all__ = [
    "load_walkthrough", "parse_walkthrough", "run_walkthrough", "check_walkthrough",
    "Walkthrough", "WalkthroughRun", "Segment", "Step", "BranchResult", "SegmentSpec",
    "ActionSpec", "HandSpec", "Snapshot", "WalkthroughError", "EXPECT_KEYS", "schema_path",
]
