"""The double-dummy solver for many worlds at once, over numpy arrays.

A search bot solves the same position in many sampled worlds: the same seats, the same
trick, the same number of cards in every hand, only the hidden cards differ. The play
tree then has one shape in every world (each seat plays one of its ``k`` remaining
cards, ``k`` falling by one each trick), so the whole tree of every world fits in a few
arrays: one row per world, one column per line of play. :class:`BatchSolver` walks
the tree forwards ply by ply (the card each line plays, whether it was legal, who holds
the trick, who has won the hand), then backwards, each seat's team taking the best of
its legal cards. No move ordering and no cut-off: every line is played out, which for
a hand of three cards is a few thousand lines and cheap in arrays.

The rules stay the engine's. Nothing here says what a duty is or which card takes a
trick: both are tabulated once per rule set and trump by asking the engine's own
functions (:func:`~rentoy.engine.rules.legal_cards`,
:func:`~rentoy.engine.rules.trick_winner`, and the end of a hand through
:func:`~rentoy.analysis.position.settled_table`):

- **duties** as *tiers*: for each led card and card now winning the trick, the cards
  ``legal_cards`` lets a seat play out of the whole deck form tier 0, those it lets
  play out of the rest tier 1, and so on. A duty of the form "if you hold a card of
  this kind, play one" makes the legal cards of any hand those of its lowest tier;
- **trick winners** as a table of whether a card played to a trick led by one card
  and held by another takes it over.

Both readings rest on what the engine's rules are today (the duties read only the led
card and the card winning the trick); ``tests/test_batch_solver.py`` holds the batch
solver to :class:`~rentoy.analysis.solver.Solver`, card by card, on positions of
every configuration the conformance tests play. Without numpy (or for a tree too large
for arrays, the first trick of six or eight players) :meth:`BatchSolver.solve` returns
None and the caller solves world by world.

>>> from rentoy.engine import compile_variant
>>> from rentoy.variants import load_variant
>>> tables = compile_variant(load_variant("1737"))
>>> batch = BatchSolver(tables, tables.by_trump[0], players=2, mano=0)   # oros are trumps
>>> world = [[1, 22, 19], [9, 10, 24]]               # 2o 3e 12c | 12o 1c 5e
>>> solved = batch.solve([world], leader=0, moves=True)
>>> solved.winners, solved.moves
([0], [{1: 0, 22: 0, 19: 1}])
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from ..engine.rules import legal_cards, trick_winner
from ..engine.tables import Tables, TrumpTables
from .position import settled_table

try:                                  # the arrays are optional: without numpy, no batch
    import numpy as np
except ImportError:                   # pragma: no cover - numpy is installed with rentoy
    np = None  # type: ignore[assignment]

__all__ = ["BatchSolver", "Solved", "LINES_LIMIT", "available", "duty_tiers", "tier_tables"]

#: The most lines of play (worlds times lines per world) solved in one batch: beyond it
#: the arrays cost more than the search (the first trick of six players is 46,656 lines
#: a world).
LINES_LIMIT = 200_000


def available() -> bool:
    """Whether numpy is there to solve in batches."""
    return np is not None


class Solved(NamedTuple):
    """What :meth:`BatchSolver.solve` found: per world, the team that wins with perfect
    play (``winners``) and, when asked, the team that wins after each legal card of the
    seat to play (``moves``, card to team, in the order of that seat's cards as given)."""

    winners: list[int]
    moves: list[dict[int, int]]


_tiers: dict[tuple[int, int], tuple[Tables, bytes, bytes]] = {}


def tier_tables(tables: Tables, tt: TrumpTables) -> tuple[bytes, bytes]:
    """:func:`duty_tiers` as bytes (tiers as signed bytes), made once per rule set and
    trump suit."""
    key = (id(tables), tt.trump)
    found = _tiers.get(key)
    if found is None or found[0] is not tables:
        tiers, takes = duty_tiers(tables, tt)
        if len(_tiers) > 64:
            _tiers.clear()
        found = _tiers[key] = (tables, bytes(t & 0xFF for t in tiers), bytes(takes))
    return found[1], found[2]


def duty_tiers(tables: Tables, tt: TrumpTables) -> tuple[list[int], list[int]]:
    """The engine's duties and trick winners as flat tables indexed
    ``(led * 40 + best) * 40 + card`` (``best`` the card winning the trick, ``led``
    itself when it is alone): each card's tier (a hand may play its cards of the lowest
    tier; -1 where the trick is impossible) and whether the card, played to that trick,
    takes it over (1) or not (0).

    >>> from rentoy.engine import compile_variant
    >>> from rentoy.variants import load_variant
    >>> tables = compile_variant(load_variant("1737"))
    >>> tiers, takes = duty_tiers(tables, tables.by_trump[0])    # oros are trumps
    >>> led = best = 4                                           # the 5 de oros led
    >>> [tiers[(led * 40 + best) * 40 + c] for c in (1, 9, 12)]  # 2o, 12o, 3c
    [0, 0, 1]
    >>> [takes[(led * 40 + best) * 40 + c] for c in (1, 3, 12)]  # 2o, 4o, 3c
    [1, 0, 0]
    """
    tiers = [-1] * 64000
    takes = [0] * 64000
    power, suit, always = tt.power, tt.suit, tt.always
    for led in range(40):
        for best in range(40):
            if best == led:
                trick = [led]
            elif not (always[best] or suit[best] == suit[led]) or power[best] <= power[led]:
                continue              # ``best`` would not be winning a trick led by ``led``
            elif trick_winner(tt, [led, best]) != 1:
                continue
            else:
                trick = [led, best]
            base = (led * 40 + best) * 40
            rest = [c for c in range(40) if c not in trick]
            tier = 0
            while rest:
                allowed = legal_cards(tables, tt, rest, trick)
                for c in allowed:
                    tiers[base + c] = tier
                if len(allowed) == len(rest):
                    break
                chosen = set(allowed)
                rest = [c for c in rest if c not in chosen]
                tier += 1
            for c in range(40):
                if c not in trick:
                    takes[base + c] = int(trick_winner(tt, trick + [c]) == len(trick))
    return tiers, takes


class BatchSolver:
    """Double-dummy search of many worlds of one position at once (see the module
    docstring); built once per rule set, trump suit, table size and mano, like
    :class:`~rentoy.analysis.solver.Solver`."""

    __slots__ = ("tables", "tt", "players", "mano", "_tier", "_takes", "_settle",
                 "_slots")

    def __init__(self, tables: Tables, tt: TrumpTables, players: int, mano: int):
        if np is None:
            raise RuntimeError("the batch solver needs numpy")
        self.tables, self.tt, self.players, self.mano = tables, tt, players, mano
        tiers, takes = tier_tables(tables, tt)
        self._tier = np.frombuffer(tiers, dtype=np.int8).reshape(1600, 40)
        self._takes = np.frombuffer(takes, dtype=np.bool_).reshape(1600, 40)
        self._settle = np.array(settled_table(tables, mano), dtype=np.int8)
        # _slots[j, used]: the j-th slot not yet played of a hand whose played slots
        # are the bits of ``used`` (hands of up to 7 cards).
        slots = np.zeros((7, 128), dtype=np.int8)
        for used in range(128):
            free = [s for s in range(7) if not used >> s & 1]
            for j, s in enumerate(free):
                slots[j, used] = s
        self._slots = slots

    def solve(self, worlds: Sequence[Sequence[Sequence[int]]], leader: int,
              trick: Sequence[int] = (), tricks: Sequence[int] = (0, 0),
              moves: bool = False) -> Solved | None:
        """Solve every world (each seat's remaining cards, seats in playing order; the
        same number of cards per seat in every world) from the trick ``trick`` led by
        ``leader``, with ``tricks`` won by team A and B. With ``moves``, also the winner
        after each legal card of the seat to play. None when the tree is too large for
        arrays (solve world by world then)."""
        n = self.players
        count = len(worlds)
        if not count:
            return Solved([], [])
        trick = [int(c) for c in trick]
        first = worlds[0]
        sizes = [len(h) for h in first]
        hmax = max(sizes)
        mover0 = (leader + len(trick)) % n
        # The branching of every ply: each seat plays one card a trick.
        branching = []
        held = sizes[:]
        seat, at = mover0, len(trick)
        done = int(self.tables.rules.hand_size) - sizes[leader] - (1 if trick else 0)
        lines = 1
        while held[seat] > 0:
            branching.append(held[seat])
            lines *= held[seat]
            held[seat] -= 1
            seat = (seat + 1) % n
            at += 1
            if at == n:
                at = 0
        if lines * count > LINES_LIMIT or hmax > 7 or n * hmax > 62:
            return None
        settle = self._settle
        ta0, tb0 = int(tricks[0]), int(tricks[1])
        width = n * hmax
        flat = np.zeros(count * width, dtype=np.int8)
        for w, world in enumerate(worlds):
            base = w * width
            for s, cards in enumerate(world):
                at_seat = base + s * hmax
                for k, c in enumerate(cards):
                    flat[at_seat + k] = c
        # Every array has one axis for the worlds and one per ply played so far, of
        # length 1 where it does not depend on that ply's choice (numpy broadcasts).
        shape = (count,)
        rows = (np.arange(count, dtype=np.int32) * width)
        used = np.zeros(shape, dtype=np.int64 if width > 31 else np.int32)
        one = used.dtype.type(1)
        lead_seat = np.full(shape, leader, dtype=np.int8)
        ta = np.full(shape, ta0, dtype=np.int16)
        tb = np.full(shape, tb0, dtype=np.int16)
        result = np.full(shape, settle[(ta0 * 8 + tb0) * 8 + done], dtype=np.int8)
        led = np.zeros(shape, dtype=np.int16)
        best = np.zeros(shape, dtype=np.int16)
        best_seat = np.zeros(shape, dtype=np.int8)
        if trick:
            led[:] = trick[0]
            holder = trick_winner(self.tt, trick)     # the engine says who holds it
            best[:] = trick[holder]
            best_seat[:] = (leader + holder) % n
        at = len(trick)
        mask = (1 << hmax) - 1
        tier_of, takes, slots = self._tier, self._takes, self._slots
        plies: list[tuple[Any, Any, int]] = []        # legal (None: all), team, branching
        root_cards = None
        for b in branching:
            mover = (lead_seat + at) % n
            shift = mover * hmax
            free = (used >> shift) & mask
            at_hand = rows + shift
            if b == 1:
                slot = slots[0][free][..., None]
            else:
                slot = np.stack([slots[j][free] for j in range(b)], axis=-1)
            cards = flat[at_hand[..., None] + slot]      # the b cards still held
            legal = None
            ctx = None
            if at:
                ctx = (led * 40 + best)[..., None]
                if b > 1:
                    tier = tier_of[ctx, cards]
                    legal = tier == tier.min(axis=-1, keepdims=True)
            if root_cards is None:
                root_cards = cards
            plies.append((legal, (mover & 1).astype(np.int8), b))
            used = used[..., None] | (one << (shift[..., None] + slot).astype(used.dtype))
            lead_seat, ta, tb = lead_seat[..., None], ta[..., None], tb[..., None]
            result = result[..., None]
            if ctx is None:
                led = best = cards.astype(np.int16)
                best_seat = np.broadcast_to(mover[..., None], cards.shape)
            else:
                over = takes[ctx, cards]
                best = np.where(over, cards, best[..., None])
                best_seat = np.where(over, mover[..., None], best_seat[..., None])
                led = led[..., None]
            rows = rows[..., None]
            at += 1
            if at == n:                                  # the trick is over
                at = 0
                done += 1
                team_b = best_seat & 1
                ta = ta + (1 - team_b)
                tb = tb + team_b
                lead_seat = best_seat
                now = settle[(ta * 8 + tb) * 8 + done]
                result = np.where(result < 0, now, result)
                if not (result < 0).any():               # every line is decided
                    break
        value = result
        root_children = value
        for legal, team, b in reversed(plies):
            root_children = value
            if b == 1:
                value = value[..., 0]
                continue
            hit = value == team[..., None]
            if legal is not None:
                hit = hit & legal
            value = np.where(hit.any(axis=-1), team, 1 - team).astype(np.int8)
        winners = [int(v) for v in value.reshape(count)]
        out: list[dict[int, int]] = []
        if moves and root_cards is not None:
            b0 = branching[0]
            children = np.broadcast_to(root_children, (count, b0)).tolist()
            cards0 = np.broadcast_to(root_cards, (count, b0)).tolist()
            legal0 = plies[0][0]
            allowed = (np.broadcast_to(legal0, (count, b0)).tolist() if legal0 is not None
                       else None)
            for w in range(count):
                row: dict[int, int] = {}
                for j in range(b0):
                    if allowed is None or allowed[w][j]:
                        row[cards0[w][j]] = children[w][j]
                out.append(row)
        return Solved(winners, out)
