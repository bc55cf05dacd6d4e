"""The simulation counts the regular run gives the documented commands.

The README and docs/cli.md show commands at the counts a reader would use (``compare
--simulate 2000``: some minutes of play). The regular run checks what those pages claim
of each command (it runs, exits 0, fits 80 columns, prints what it says) with the counts
cut down, since a count changes how long the command plays, not what it prints; the
soak (``pytest -m soak``) runs them as written.
"""

from __future__ import annotations

#: The options that set how much is played, and the count the regular run gives them.
SMALL = {"--simulate": "100", "--hands": "200", "-n": "200"}


def shortened(args: list[str]) -> list[str]:
    """``args`` with each count of :data:`SMALL` cut down to the regular run's (a smaller
    count written is kept)."""
    out = list(args)
    for i, word in enumerate(out[:-1]):
        if word in SMALL and out[i + 1].isdigit() and int(out[i + 1]) > int(SMALL[word]):
            out[i + 1] = SMALL[word]
    return out
