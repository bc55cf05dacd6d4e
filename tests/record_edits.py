"""Game records played at the table, and the edits the record tests and the fuzz
campaign make to them: an action deleted, duplicated or swapped with another, a hand
re-dealt, a seat or a score changed."""

from __future__ import annotations

import random
import re

from rentoy.table import Session

#: The kinds of edit :func:`edit` makes.
EDITS = ("delete", "duplicate", "swap", "re-deal", "seat", "table-seat", "score",
         "start-score")


def played(seed: int, actions: int) -> str:
    """The record of a game of 1737 at the table, left off after ``actions`` of the
    person's actions (each the first legal one)."""
    session = Session("1737", seat=0, bots="greedy", seed=seed)
    session.start()
    for _ in range(actions):
        if session.over:
            break
        legal = session.legal_actions()
        session.submit(str(legal[-1]).split(" ", 1)[1])
    assert not session.over
    return session.record()


_ACTION = re.compile(r'^      - "\d+ ')
_CARDS = re.compile(r"\b(?:1[0-2]|[1-7])[oceb]\b")


def edit(text: str, kind: str, rng: random.Random) -> str:
    """``text`` with one edit of ``kind``: an action deleted, duplicated or swapped with
    another, a hand re-dealt, a seat or a score changed."""
    lines = text.splitlines()
    actions = [i for i, line in enumerate(lines) if _ACTION.match(line)]
    if kind in ("delete", "duplicate", "swap") and actions:
        i = rng.choice(actions)
        if kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        else:
            j = rng.choice(actions)
            lines[i], lines[j] = lines[j], lines[i]
    elif kind == "re-deal":
        deals = [i for i, line in enumerate(lines) if line.startswith("      hands: [[")]
        i = rng.choice(deals)
        cards = _CARDS.findall(lines[i])
        a, b = rng.sample(range(len(cards)), 2)
        cards[a], cards[b] = cards[b], cards[a]
        pieces = iter(cards)
        lines[i] = _CARDS.sub(lambda m: next(pieces), lines[i])
    elif kind == "seat" and actions:
        i = rng.choice(actions)
        seat = int(lines[i][9])
        lines[i] = lines[i][:9] + str((seat + rng.randrange(1, 5)) % 5) + lines[i][10:]
    elif kind == "table-seat":
        lines = [re.sub(r"seat: \d+", f"seat: {rng.randrange(0, 8)}", line)
                 if line.startswith("table:") else line for line in lines]
    elif kind == "score":
        expects = [i for i, line in enumerate(lines) if "score: [" in line]
        i = rng.choice(expects)
        lines[i] = re.sub(r"score: \[(\d+), (\d+)\]",
                          lambda m: f"score: [{m.group(1)}, {int(m.group(2)) + 1}]", lines[i])
    elif kind == "start-score":
        lines.insert(lines.index("hands:"), f"score: [{rng.randrange(1, 5)}, 0]")
    return "\n".join(lines) + "\n"


