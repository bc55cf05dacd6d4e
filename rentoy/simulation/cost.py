"""What a run will cost, estimated before it starts: for progress bars and for sizing.

A simulated hand costs about as much as its bots' decisions, and the bots differ by
orders of magnitude: the random bot draws, the greedy bot looks one card ahead, the
search bot solves a few dozen sampled deals for every decision. The figures below are
seconds per hand at four players on one core of the two-core reference machine
(measured with ``rentoy simulate 1737 --hands 2000 --bots B``, in CPU seconds: random
0.4 s, greedy 0.8 s, search 2.2 s, start-up included; the search bot solves its worlds
in C, see ``bench/strong.py``, and costs some ten times as much without a compiler); a
solved deal (``compare --solve``) costs about 1.4 ms. They are rough on purpose: a
command only needs to know whether a run takes more than a couple of seconds, and about
how much more.

>>> round(simulation_seconds(2000, 2, ("search", "search"), players=4), 1)
4.0
>>> simulation_seconds(2000, 1, ("random", "random"), players=4) < 2
True
>>> solving_seconds(20000, 1, players=4) > 2
True
"""

from __future__ import annotations

from typing import Sequence

from ..bots import parse_bot

__all__ = ["SECONDS_PER_HAND", "SECONDS_PER_DEAL", "LONG_RUN_SECONDS", "hand_seconds",
           "simulation_seconds", "solving_seconds", "is_long"]

#: Seconds per hand at four players with each bot on both teams (default settings).
SECONDS_PER_HAND: dict[str, float] = {"random": 0.0002, "greedy": 0.0004, "search": 0.001}
#: Seconds to solve one deal double dummy at four players, three cards each.
SECONDS_PER_DEAL = 0.0014
#: A run estimated to take longer than this shows its progress (on a terminal).
LONG_RUN_SECONDS = 2.0


def hand_seconds(bot: str) -> float:
    """One bot's share of a hand's cost, read from its spec as the bots read it
    (:func:`rentoy.bots.parse_bot`): the search bot and the table bot, which plays its
    cards as the search bot does, cost in proportion to their samples
    (``search:samples=8`` a quarter of the default's 32). A spec the bots would refuse
    costs as the greedy bot: it is refused, with its reason, before anything runs.

    >>> hand_seconds("search:samples=8") == SECONDS_PER_HAND["search"] / 4
    True
    >>> hand_seconds("tables") == SECONDS_PER_HAND["search"]
    True
    """

    try:
        name, settings = parse_bot(bot)
    except ValueError:
        return SECONDS_PER_HAND["greedy"]
    if name in ("search", "tables"):
        return SECONDS_PER_HAND["search"] * max(int(settings.get("samples", 32)), 1) / 32
    return SECONDS_PER_HAND.get(name, SECONDS_PER_HAND["greedy"])


def simulation_seconds(hands: int, variants: int, bots: Sequence[str], players: int = 4,
                       jobs: int = 1) -> float:
    """About how long ``hands`` hands under each of ``variants`` take with ``bots`` (one
    per team) on ``jobs`` cores."""
    per_hand = sum(hand_seconds(b) for b in bots) / max(len(bots), 1)
    return max(hands, 0) * variants * per_hand * players / 4 / max(jobs, 1)


def solving_seconds(deals: int, variants: int, players: int = 4, jobs: int = 1) -> float:
    """About how long solving ``deals`` deals under each of ``variants`` takes."""
    return max(deals, 0) * variants * SECONDS_PER_DEAL * (players / 4) ** 2 / max(jobs, 1)


def is_long(seconds: float) -> bool:
    """Whether a run estimated at ``seconds`` should show its progress."""
    return seconds > LONG_RUN_SECONDS
