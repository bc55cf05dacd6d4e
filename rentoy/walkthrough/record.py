"""Game records: a whole game or match written as a walkthrough file with ``hands``.

A record holds what was played (each hand's deal and every action, in order) and, as
the expectations of each hand, what came of it: the score after it, the value it was
settled at, the tricks, who won the hand, the game and the match. ``rentoy run FILE``
replays it through the engine and checks every result; there is no other format.

:func:`record_text` writes the YAML (replaying the hands once to find their results),
:func:`save_record` writes it to a file atomically.

>>> from rentoy.engine import Deal
>>> deal = Deal.parse([["3c", "6b", "7e"], ["12c", "2b", "4e"], ["2c", "1o", "5e"],
...                    ["11c", "3b", "6e"]], up="5o")
>>> text = record_text("1737", [PlayedHand(deal, ("0 raise", "1 fold"))], title="One fold")
>>> from rentoy.walkthrough import parse_walkthrough, run_walkthrough
>>> run = run_walkthrough(parse_walkthrough(text))
>>> run.ok, run.results[0].score, run.results[0].hand_winner
(True, (1, 0), 'A')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from ..engine import Action, Deal, Hand
from ..core.files import write_atomic
from ..model.notation import format_deal
from ..model.variant import Variant
from ..data.variants import load_variant
from .model import seed_deals
from .state import Snapshot, next_table

__all__ = ["PlayedHand", "record_text", "save_record", "write_atomically"]


@dataclass(frozen=True)
class PlayedHand:
    """One hand as played: its cards and its actions in order (actions or their text)."""

    deal: Deal
    actions: tuple[Action | str, ...]


def record_text(variant: Variant | str, hands: Sequence[PlayedHand], *,
                players: int | None = None, dealer: int | None = None,
                score: tuple[int, int] = (0, 0), games: tuple[int, int] = (0, 0),
                title: str | None = None, description: str | None = None,
                variant_spec: str | None = None, table: dict[str, Any] | None = None
                ) -> str:
    """The walkthrough-format YAML of a game or match played from ``score`` and
    ``games`` with ``dealer`` dealing the first hand.

    Each hand is replayed through the engine to find its results, which become its
    expectations. Every hand but the last must be finished (the last may stop
    anywhere: a game left off). ``variant_spec`` is what the file's ``variant:`` says
    (default: the variant's id, or the absolute path of a variant file with its
    options). ``table`` (the person's seat, the bots and the seed of a game played at
    the table) is written as the file's ``table`` mapping; a hand whose cards are not
    those the table's seed deals is written with ``by_hand: true``.
    """
    v = load_variant(variant)
    n = players if players is not None else (
        len(hands[0].deal.hands) if hands else v.rules.default_players)
    first_dealer = n - 1 if dealer is None else dealer
    spec = variant_spec or (v.id if v.builtin or v.path is None
                            else "+".join([str(Path(v.path).resolve()), *v.applied_options]))
    best_of, needed = v.rules.match, v.rules.games_needed
    out = ["# A record of a game of rentoy: `rentoy run` replays it and checks every result."]
    out.append(f"title: {_q(title or f'A game of {v.id}')}")
    if description:
        out.append(f"description: {_q(description)}")
    out += [f"variant: {_q(spec)}", f"players: {n}", f"dealer: {first_dealer}"]
    if table:
        out.append("table: {" + ", ".join(f"{k}: {_flow(v)}" for k, v in table.items()) + "}")
    if tuple(score) != (0, 0):
        out.append(f"score: [{score[0]}, {score[1]}]")
    if tuple(games) != (0, 0):
        out.append(f"games: [{games[0]}, {games[1]}]")
    out.append("hands:")
    now, won = (score[0], score[1]), (games[0], games[1])
    # A hand whose cards are not the seed's (given with --deal) says so: every reader
    # holds the others to the seed the table names.
    seed = table.get("seed") if table else None
    drawn = seed_deals(seed, n, v.rules.hand_size) \
        if isinstance(seed, int) and not isinstance(seed, bool) else None
    for i, played in enumerate(hands):
        hand = Hand(v, players=n, dealer=(first_dealer + i) % n, score=now, deal=played.deal)
        for action in played.actions:
            hand.apply(action)
        state = Snapshot.of(hand, won, needed)
        if not state.finished and i < len(hands) - 1:
            raise ValueError(f"hand {i + 1} is not over, but more hands follow it")
        deal = played.deal
        out.append(f"  - deal:  # {format_deal(deal.hands, deal.up)}")
        out.append("      hands: [" + ", ".join(
            "[" + ", ".join(c.code for c in h) + "]" for h in deal.hands) + "]")
        out.append(f"      up: {deal.up.code}")
        if drawn is not None and next(drawn) != deal:
            out.append("    by_hand: true")
        if played.actions:
            out.append("    actions:")
            out += [f"      - {_q(str(a))}" for a in played.actions]
        out.append("    expect: {" + ", ".join(
            f"{k}: {_flow(val)}" for k, val in _expect(state, best_of).items()) + "}")
        if state.finished:
            now, won, _ = next_table(state)
    return "\n".join(out) + "\n"


def _expect(state: Snapshot, best_of: int) -> dict[str, Any]:
    seen = state.observed()
    keys = ["finished", "score", "value", "tricks"]
    if state.finished:
        keys += ["hand_winner", "game_winner"] + (["match_winner"] if best_of > 1 else [])
    return {k: seen[k] for k in keys}


def _flow(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, int):
        return str(value)
    return str(value) if str(value).isalpha() and str(value) not in ("null", "true",
                                                                      "false") else _q(value)


def _q(text: object) -> str:
    """A YAML double-quoted scalar (JSON strings are valid YAML)."""
    return json.dumps(str(text), ensure_ascii=False)


def write_atomically(path: str | Path, text: str) -> Path:
    """Write ``text`` to ``path`` atomically (:func:`rentoy.core.files.write_atomic`: a
    temporary file beside it, then a rename), so the file is either the old one or the
    whole new one; :class:`~rentoy.core.files.WriteError` when it cannot be written."""

    return write_atomic(path, text)


def save_record(path: str | Path, variant: Variant | str, hands: Sequence[PlayedHand],
                **options: Any) -> Path:
    """Write a record (see :func:`record_text` for the options) to ``path`` atomically."""
    return write_atomically(path, record_text(variant, hands, **options))
