"""The double-dummy solver: which team wins a hand when every card is visible and both
teams play perfectly.

Only the play of the cards is analysed; betting (raises, answers, folds) is not part
of it. The value is binary (team A or team B takes the hand), so the search is an
AND/OR tree: at a seat's turn its team wins if one of its legal cards wins, and the
search stops at the first such card (an alpha-beta cut with a window of one).

How it is fast, and why it stays exact:

- **Rules from the engine.** Legal cards come from the engine's ``legal_cards`` and
  trick winners from its ``trick_winner`` (``rentoy.engine.rules``); when a hand ends is
  :func:`~rentoy.analysis.position.hand_ended`, tabulated once per rule set as
  :func:`~rentoy.analysis.position.settled_table`, so the search stops as soon as
  the winner is certain, whoever takes the remaining tricks.
- **Memoisation** at the start of each trick (with three cards or more in each
  hand; two are quicker searched again than remembered), keyed by the cards still in the hands,
  the leader and the tricks won (every card's holder is fixed by the deal, so the
  remaining cards say what each seat holds). The memo lasts while positions of the
  same deal are solved (the cards after each move, a line of play), and a search
  with a horizon (:meth:`Solver.can_decide`) reads the plain search's: a position
  lost outright is lost within any horizon.
- **Move ordering**: a seat's cards are tried from the strongest down, the weakest
  first when its partner already holds the trick; the last seat of a trick tries the
  cards that take the trick for its team first, the weakest first.
- **Equivalent cards**: of two cards of one seat that count as the same suit, can
  both (or neither) win whatever is led, and have no card still in play (in a hand
  or in the current trick) ranked strictly between them, only one is searched.
  Swapping the two changes no comparison with any card that can still be played, so
  no duty (arrastre, over-trumping, following suit) and no trick winner can tell
  them apart.
- **The last trick** (one card each) is not searched: the cards are forced.

Entry points: :func:`solve` (a :class:`Solution` with the winner, the winner after
each legal card and a principal line), :func:`winner` and :func:`move_winners` on a
:class:`~rentoy.analysis.position.Position`; :class:`Solver` works on compiled
tables and plain lists of card numbers (0-39), for callers that solve many
positions under one trump suit (sampled worlds of a search).

>>> from rentoy.engine import Deal, Hand
>>> from rentoy.analysis import position_of, solve
>>> deal = Deal.parse([["3c", "6b", "7e"], ["12c", "2b", "4e"], ["2c", "1o", "5e"],
...                    ["11c", "3b", "6e"]], up="5o")
>>> solution = solve(position_of(Hand("1737", deal=deal)))
>>> solution.winner_name, solution.move_names
('A', {'3c': 'A', '6b': 'A', '7e': 'A'})
>>> [f"{seat}:{card}" for seat, card in solution.line_seats()[:4]]
['0:7e', '1:12c', '2:5e', '3:11c']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence, Union

from ..model.cards import DECK, Card
from ..engine.rules import legal_cards, trick_winner
from ..engine.tables import Tables, TrumpTables
from ..core.limits import MAX_SOLVER_PLAYERS, MAX_SOLVER_TRICKS
from .position import Position, hand_ended, settled_table

__all__ = ["Solver", "SeatCards", "Solution", "solve", "winner", "move_winners",
           "tricks_to_decide", "principal_line", "same_trick_play", "TEAM_NAMES"]

#: Team names by team number.
TEAM_NAMES: tuple[str, str] = ("A", "B")

#: One seat's cards: card numbers (0-39, or :class:`~rentoy.model.cards.Card`), or a bitmask
#: with bit ``c`` set for card ``c``.
SeatCards = Union[Sequence[int], int]

_Search = Callable[[list[list[int]], list[int], list[int], int, int, int, int, int], int]


class Solver:
    """Double-dummy search under one rule set and one trump suit.

    Build it once (``Solver(tables, tt, players, mano)``) and call :meth:`winner` or
    :meth:`move_winners` on as many positions as needed: ``hands`` has one entry per
    seat, seats in playing order, each a list of card numbers (or
    :class:`~rentoy.model.cards.Card`) or a bitmask of them (bit ``c`` for card ``c``); every
    seat holds as many cards as the rules leave it at this point of the hand.
    ``trick`` is the unfinished trick in playing order, led by ``leader``; ``tricks``
    the tricks won by team A and team B. Each call starts with an empty memo (the
    holders of the cards differ from call to call). A solver keeps working state
    between calls: use one per thread.

    >>> from rentoy.engine import compile_variant
    >>> from rentoy.cards import parse_card
    >>> from rentoy.variants import load_variant
    >>> tables = compile_variant(load_variant("1737"))
    >>> solver = Solver(tables, tables.by_trump[0], players=2, mano=0)   # oros are trumps
    >>> hands = [[parse_card(c) for c in h] for h in (["2o", "3c", "12c"], ["12o", "1c", "5e"])]
    >>> solver.winner(hands, leader=0)
    0
    >>> {DECK[c].code: team for c, team in solver.move_winners(hands, leader=0).items()}
    {'2o': 0, '3c': 1, '12c': 1}

    Leading the malilla draws B's Rey de oros (the arrastre) and the Rey de copas
    takes the next trick. Either copas lead loses: B takes the 3 with the As de copas,
    or trumps the Rey and keeps the As for the 3.
    """

    __slots__ = ("tables", "tt", "players", "mano", "_between", "_klass", "_settle",
                 "_searches", "_memos", "_holders", "_cards")

    def __init__(self, tables: Tables, tt: TrumpTables, players: int, mano: int):
        if not 2 <= players <= MAX_SOLVER_PLAYERS or tables.rules.tricks > MAX_SOLVER_TRICKS:
            # Callers check first (rentoy.consistency.check_solvable), with the file's line.
            raise ValueError(f"the solver handles 2 to {MAX_SOLVER_PLAYERS} players and at "
                             f"most {MAX_SOLVER_TRICKS} tricks")
        self.tables = tables
        self.tt = tt
        self.players = players
        self.mano = mano
        power, suit, always = tt.power, tt.suit, tt.always
        # _between[p][c]: the cards ranked strictly between p and c (a bitmask).
        below = [sum(1 << x for x in range(40) if power[x] < power[c]) for c in range(40)]
        upto = [sum(1 << x for x in range(40) if power[x] <= power[c]) for c in range(40)]
        self._between = [[below[p] & ~upto[c] if power[p] > power[c] else below[c] & ~upto[p]
                          for c in range(40)] for p in range(40)]
        # Cards of one class can be told apart only by the cards ranked between them.
        self._klass = tuple(suit[c] * 2 + always[c] for c in range(40))
        self._searches: dict[tuple[int, int], _Search] = {}
        # What the searches remember is keyed by the cards left, which says who holds
        # what only within one deal: ``_holders`` is each seat's cards in that deal.
        # Positions later in the same deal (every seat's cards among those it held)
        # keep the memos; another deal empties them.
        self._memos: dict[tuple[int, int], dict[int, int]] = {}
        self._holders = [0] * players
        self._cards: dict[int, list[int]] = {}      # a mask's cards, strongest first
        self._settle = settled_table(tables, mano)

    # -- the search ----------------------------------------------------------------

    def _search(self, horizon: int = 99, target: int = 0) -> _Search:
        """A search (its memo emptied on every call). With a ``horizon``, a hand still
        unsettled after that many tricks counts as lost by team ``target``."""
        found = self._searches.get((horizon, target))
        if found is None:
            found = self._searches[(horizon, target)] = self._build(horizon, target)
        return found

    def _build(self, horizon: int, target: int) -> _Search:
        tables, tt, n = self.tables, self.tt, self.players
        power = tt.power
        settle, between, klass = self._settle, self._between, self._klass
        legal, winner_at = legal_cards, trick_winner
        memo = self._memos.setdefault((horizon, target), {})
        # With a horizon: a position the plain search found lost for ``target`` is lost.
        plain = self._memos.setdefault((99, 0), {}) if horizon < 99 else {}
        loser = 1 - target
        seats = [[(leader + k) % n for k in range(n)] for leader in range(n)]
        # The state: a bitmask of the cards still in the hands (``rem``), the cards of
        # the current trick in playing order (``trick``) and as a bitmask (``out``).
        hands = self._cards
        masks = [0] * n                     # each seat's cards as a bitmask
        order: list[list[int]] = [[] for _ in range(n)]   # each seat's cards, strongest first

        def cards_of(mask: int, seat: int) -> list[int]:
            """The seat's cards in ``mask``, strongest first (the order moves are tried in)."""
            found = hands.get(mask)
            if found is None:
                found = hands[mask] = [c for c in order[seat] if mask >> c & 1]
            return found

        def new_trick(rem: int, leader: int, ta: int, tb: int, done: int) -> int:
            mine = rem & masks[leader]
            if not mine & (mine - 1):                  # one card each: the trick is forced
                last = [(rem & masks[s]).bit_length() - 1 for s in seats[leader]]
                won = (leader + winner_at(tt, last)) % n
                s = (settle[(ta * 8 + tb + 1) * 8 + done + 1] if won & 1
                     else settle[((ta + 1) * 8 + tb) * 8 + done + 1])
                return s if s >= 0 else loser
            team = leader & 1
            if settle[((ta + 1 - team) * 8 + tb + team) * 8 + done + 1] == team:
                # Taking this trick wins the hand. If the leader's strongest card beats
                # every card still in the other hands (the engine's trick_winner on one
                # long "trick"), leading it takes the trick whatever is played.
                lead = [cards_of(rem & masks[leader], leader)[0]]
                for s in seats[leader][1:]:
                    lead += cards_of(rem & masks[s], s)
                if not winner_at(tt, lead):
                    return team
            if horizon < 99:
                # Lost within the horizon if even all the tricks up to it would not
                # make ``target`` sure of the hand.
                r = horizon - done
                if settle[((ta + r * loser) * 8 + tb + r * target) * 8 + horizon] != target:
                    return loser
            if mine.bit_count() < 3:   # two cards each: quicker searched than remembered
                return play(rem, [], 0, leader, ta, tb, done)
            key = rem << 9 | leader << 6 | ta << 3 | tb
            found = memo.get(key)
            if found is None:
                if plain.get(key) == loser:
                    return loser
                found = memo[key] = play(rem, [], 0, leader, ta, tb, done)
            return found

        def play(rem: int, trick: list[int], out: int, leader: int, ta: int, tb: int,
                 done: int) -> int:
            at = len(trick)
            seat = seats[leader][at]
            team = seat & 1
            mine = rem & masks[seat]
            if not at:
                moves = cards_of(mine, seat)
            elif not mine & (mine - 1):
                moves = [mine.bit_length() - 1]
            else:
                moves = legal(tables, tt, cards_of(mine, seat), trick)
                if (at + 1 < n and len(moves) > 1
                        and seats[leader][winner_at(tt, trick)] & 1 == team):
                    moves.reverse()         # the partner holds the trick: the weakest first
            live = rem | out
            prev = -1
            if at + 1 < n:
                for c in moves:
                    if prev >= 0 and klass[c] == klass[prev] and not between[prev][c] & live:
                        continue            # the same as ``prev``, already searched
                    prev = c
                    bit = 1 << c
                    trick.append(c)
                    r = play(rem ^ bit, trick, out | bit, leader, ta, tb, done)
                    trick.pop()
                    if r == team:
                        return team
                return 1 - team
            # The last card of the trick: see who takes the trick with each card, and
            # search the cards that give it to this seat's team first, the weakest first.
            # Those are searched as soon as found, the rest after; the next-trick step is
            # written out in both loops, as collecting every card first measured 4% slower.
            later = []
            for c in reversed(moves):
                if prev >= 0 and klass[c] == klass[prev] and not between[prev][c] & live:
                    continue
                prev = c
                trick.append(c)
                won = seats[leader][winner_at(tt, trick)]
                trick.pop()
                if won & 1 == team:
                    if team:
                        s = settle[(ta * 8 + tb + 1) * 8 + done + 1]
                        if s < 0:
                            s = (loser if done + 1 >= horizon
                                 else new_trick(rem ^ 1 << c, won, ta, tb + 1, done + 1))
                    else:
                        s = settle[((ta + 1) * 8 + tb) * 8 + done + 1]
                        if s < 0:
                            s = (loser if done + 1 >= horizon
                                 else new_trick(rem ^ 1 << c, won, ta + 1, tb, done + 1))
                    if s == team:
                        return team
                else:
                    later.append(c)
                    later.append(won)
            for k in range(0, len(later), 2):
                c, won = later[k], later[k + 1]
                if won & 1:
                    s = settle[(ta * 8 + tb + 1) * 8 + done + 1]
                    if s < 0:
                        s = (loser if done + 1 >= horizon
                             else new_trick(rem ^ 1 << c, won, ta, tb + 1, done + 1))
                else:
                    s = settle[((ta + 1) * 8 + tb) * 8 + done + 1]
                    if s < 0:
                        s = (loser if done + 1 >= horizon
                             else new_trick(rem ^ 1 << c, won, ta + 1, tb, done + 1))
                if s == team:
                    return team
            return 1 - team

        def run(hands_in: list[list[int]], masks_in: list[int], trick: list[int], leader: int,
                ta: int, tb: int, done: int, rem: int) -> int:
            masks[:] = masks_in
            for seat, h in enumerate(hands_in):
                order[seat] = sorted(h, key=power.__getitem__, reverse=True)
            s = settle[(ta * 8 + tb) * 8 + done]
            if s >= 0:
                return s
            if not trick:
                return new_trick(rem, leader, ta, tb, done)
            if len(trick) >= n:
                raise ValueError("a full trick is not a position: the trick is over")
            out = 0
            for c in trick:
                out |= 1 << c
            return play(rem, list(trick), out, leader, ta, tb, done)

        return run

    def _prepare(self, hands: Sequence[SeatCards], leader: int, trick: Sequence[int],
                 tricks: Sequence[int]) -> tuple[list[list[int]], list[int], list[int], int,
                                                 int, int, int, int]:
        n = self.players
        if len(hands) != n:
            raise ValueError(f"expected {n} hands, got {len(hands)}")
        plain = [[c for c in range(40) if h >> c & 1] if isinstance(h, int)
                 else [int(c) for c in h] for h in hands]
        masks = [0] * n
        rem = 0
        same = True
        holders = self._holders
        for seat, h in enumerate(plain):
            m = 0
            for c in h:
                m |= 1 << c
            masks[seat] = m
            rem |= m
            if m & ~holders[seat]:
                same = False
        if not same:                        # another deal: forget the last one
            for memo in self._memos.values():
                memo.clear()
            self._cards.clear()
            holders[:] = masks
        done = self.tables.rules.hand_size - len(plain[leader]) - (1 if trick else 0)
        return (plain, masks, [int(c) for c in trick], leader, int(tricks[0]), int(tricks[1]),
                done, rem)

    def winner(self, hands: Sequence[SeatCards], leader: int, trick: Sequence[int] = (),
               tricks: Sequence[int] = (0, 0)) -> int:
        """The team (0 = A, 1 = B) that wins the hand with perfect play from here."""
        return self._search()(*self._prepare(hands, leader, trick, tricks))

    def move_winners(self, hands: Sequence[SeatCards], leader: int,
                     trick: Sequence[int] = (), tricks: Sequence[int] = (0, 0)
                     ) -> dict[int, int]:
        """For each legal card of the seat to play (in the hand's order), the team that
        wins the hand with perfect play after it. Empty when the hand is over."""
        plain, masks, tr, leader, ta, tb, done, rem = self._prepare(hands, leader, trick,
                                                                    tricks)
        if hand_ended(self.tables, (ta, tb), done, self.mano) is not None:
            return {}
        n = self.players
        seat = (leader + len(tr)) % n
        moves = legal_cards(self.tables, self.tt, plain[seat], tr) if tr else plain[seat][:]
        out: dict[int, int] = {}
        search = self._search()            # one memo for all the moves
        for c in moves:
            hands2 = [h[:] for h in plain]
            hands2[seat].remove(c)
            masks2 = masks[:]
            masks2[seat] ^= 1 << c
            trick2 = tr + [c]
            rem2 = rem ^ (1 << c)
            if len(trick2) < n:
                out[c] = search(hands2, masks2, trick2, leader, ta, tb, done, rem2)
                continue
            won = (leader + trick_winner(self.tt, trick2)) % n
            ta2, tb2 = ta + (won & 1 == 0), tb + (won & 1)
            out[c] = search(hands2, masks2, [], won, ta2, tb2, done + 1, rem2)
        return out

    def tricks_to_decide(self, hands: Sequence[SeatCards], leader: int,
                         trick: Sequence[int] = (), tricks: Sequence[int] = (0, 0)) -> int:
        """By which trick of the hand (counting those already played) the winning team
        can make sure of the hand whatever the other team does: the trick after which
        the winner is certain when the winners settle it as soon as they can and the
        others hold out as long as they can."""
        args = self._prepare(hands, leader, trick, tricks)
        done = args[6]
        if self._settle[(args[4] * 8 + args[5]) * 8 + done] >= 0:
            return done
        team = self._search()(*args)
        for horizon in range(done + 1, self.tables.rules.tricks):
            if self.can_decide(hands, leader, trick, tricks, horizon, team):
                return horizon
        return max(self.tables.rules.tricks, done)

    def can_decide(self, hands: Sequence[SeatCards], leader: int, trick: Sequence[int],
                   tricks: Sequence[int], horizon: int, team: int) -> bool:
        """Whether ``team`` can make sure of the hand by the end of trick ``horizon``
        (counting the tricks already played), whatever the other team does."""
        args = self._prepare(hands, leader, trick, tricks)
        settled = self._settle[(args[4] * 8 + args[5]) * 8 + args[6]]
        if settled >= 0:
            return settled == team
        if args[6] >= horizon:
            return False
        return self._search(horizon, team)(*args) == team


_solvers: dict[tuple[int, int, int, int], tuple[Tables, Solver]] = {}


def _solver_for(position: Position) -> Solver:
    """A :class:`Solver` for the position's rules, trump and table size (kept while
    the same tables are in use)."""
    key = (id(position.tables), position.tt.trump, position.players, position.mano)
    found = _solvers.get(key)
    if found is None or found[0] is not position.tables:
        if len(_solvers) > 256:
            _solvers.clear()
        found = _solvers[key] = (position.tables, Solver(position.tables, position.tt,
                                                         position.players, position.mano))
    return found[1]


def _args(position: Position) -> tuple[list[list[int]], int, list[int], tuple[int, int]]:
    return ([list(h) for h in position.hands], position.leader, list(position.trick),
            position.tricks)


def winner(position: Position) -> int:
    """The team (0 = A, 1 = B) that wins the hand from ``position`` with perfect play."""
    if position.winner is not None:
        return position.winner
    return _solver_for(position).winner(*_args(position))


def move_winners(position: Position) -> dict[Card, int]:
    """For each legal card of the seat to play, the winning team after it."""
    found = _solver_for(position).move_winners(*_args(position))
    return {DECK[c]: team for c, team in found.items()}


def tricks_to_decide(position: Position) -> int:
    """Tricks played (in all) before the winner is certain, under perfect play: see
    :meth:`Solver.tricks_to_decide`."""
    return _solver_for(position).tricks_to_decide(*_args(position))


@dataclass(frozen=True)
class Solution:
    """The double-dummy analysis of a position.

    ``winner`` is the team (0 = A, 1 = B) that wins with perfect play; ``moves`` the
    winning team after each legal card of the seat to play; ``line`` a principal line
    of play to the end of the hand (:func:`principal_line`).
    """

    position: Position
    winner: int
    moves: dict[Card, int]
    line: tuple[Card, ...]

    @property
    def winner_name(self) -> str:
        return TEAM_NAMES[self.winner]

    @property
    def move_names(self) -> dict[str, str]:
        """``moves`` as card codes and team names (the JSON of ``rentoy solve``)."""
        return {c.code: TEAM_NAMES[t] for c, t in self.moves.items()}

    def line_seats(self) -> list[tuple[int, Card]]:
        """The principal line as (seat, card) pairs."""
        out = []
        pos = self.position
        for card in self.line:
            out.append((pos.seat, card))
            pos = pos.play(card)
        return out


def principal_line(position: Position) -> tuple[Card, ...]:
    """A line of perfect play from ``position`` to the end of the hand: the winning team
    makes sure of the hand by the trick :func:`tricks_to_decide` says, the other team
    holds out until then, and each plays the strongest card that does so."""
    if position.winner is not None:
        return ()
    solver = _solver_for(position)
    team = winner(position)
    by = tricks_to_decide(position)
    line: list[Card] = []
    pos = position
    while pos.winner is None:
        power = pos.tt.power
        chosen = None
        for c in sorted(pos.legal(), key=power.__getitem__, reverse=True):
            after = pos.play(c)
            if pos.team == team:        # still sure of the hand by trick ``by``
                ok = (after.winner == team and after.done <= by if after.winner is not None
                      else solver.can_decide(*_args(after), by, team))
            else:                       # and not sooner
                ok = (after.winner is not None and after.done >= by) or (
                    after.winner is None and not solver.can_decide(*_args(after), by - 1,
                                                                   team))
            if ok:
                chosen = c
                break
        if chosen is None:          # cannot happen with the values above; keep the result
            chosen = next(c for c, t in move_winners(pos).items() if t == team)
        line.append(chosen)
        pos = pos.play(chosen)
    return tuple(line)


def solve(position: Position) -> Solution:
    """The full analysis of ``position``: the winner, the winner after each legal card
    and a principal line (see :class:`Solution`)."""
    moves = move_winners(position)
    team = winner(position)
    return Solution(position, team, moves, principal_line(position))


def same_trick_play(a: Tables, b: Tables) -> bool:
    """Whether two compiled variants play the cards alike, so that the solver (and any
    deal played card for card) gives the same result under both by construction: the
    same cards dealt, the same powers and suits under every trump, the same duties, the
    same turn order and the same end of the hand. Rules of the betting and the score
    play no part.

    >>> from rentoy.engine import compile_variant
    >>> from rentoy.variants import load_variant
    >>> def tables(spec): return compile_variant(load_variant(spec))
    >>> same_trick_play(tables("1737"), tables("1737+values-1-3-6-12"))
    True
    >>> same_trick_play(tables("1737"), tables("avila"))
    False
    """
    def play(t: Tables) -> tuple[object, ...]:
        r = t.rules
        return (r.hand_size, t.arrastre, r.follow_suit, r.turn_order, r.tricks,
                r.tricks_to_win, r.stop_when_decided,
                tuple((tt.power, tt.suit, tt.always, tt.top) for tt in t.by_trump))

    return play(a) == play(b)
