"""The double-dummy solver: which team wins a hand when every card is visible and both
teams play perfectly.

Only the play of the cards is analysed; betting (raises, answers, folds) is not part
of it. The value is binary (team A or team B takes the hand), so the search is an
AND/OR tree: at a seat's turn its team wins if one of its legal cards wins, and the
search stops at the first such card (an alpha-beta cut with a window of one).

How it is fast, and why it stays exact:

- **Rules from the engine.** Legal cards come from
  :func:`~rentoy.engine.play.legal_cards` and trick winners from
  :func:`~rentoy.engine.play.trick_winner`; when a hand ends is
  :func:`~rentoy.analysis.position.hand_ended`, tabulated once per rule set as
  :func:`~rentoy.analysis.position.settled_table`, so the search stops as soon as
  the winner is certain, whoever takes the remaining tricks.
- **Memoisation** at the start of each trick, keyed by the cards still in the hands,
  the leader and the tricks won (every card's holder is fixed by the deal, so the
  remaining cards say what each seat holds).
- **Move ordering**: each seat's cards are tried from the strongest down.
- **Equivalent cards**: of two cards of one seat that count as the same suit, are
  both trumps (or both not), and have no card still in play (in a hand or in the
  current trick) ranked strictly between them, only one is searched. Swapping the
  two changes no comparison with any card that can still be played, so no duty
  (arrastre, over-trumping, following suit) and no trick winner can tell them apart.
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
>>> [str(c) for c in solution.line[:4]]
['3c', '12c', '1o', '11c']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from ..cards import DECK, Card
from ..engine.play import legal_cards, trick_winner
from ..engine.tables import Tables, TrumpTables
from .position import Position, hand_ended, settled_table

__all__ = ["Solver", "Solution", "solve", "winner", "move_winners", "tricks_to_decide",
           "principal_line",
           "TEAM_NAMES"]

#: Team names by team number.
TEAM_NAMES: tuple[str, str] = ("A", "B")

_Search = Callable[[list[list[int]], list[int], int, int, int, int, int], int]


class Solver:
    """Double-dummy search under one rule set and one trump suit.

    Build it once (``Solver(tables, tt, players)``) and call :meth:`winner` or
    :meth:`move_winners` on as many positions as needed: hands are plain lists of
    card numbers (or :class:`~rentoy.cards.Card`), one list per seat, seats in
    playing order; ``trick`` is the unfinished trick in playing order, led by
    ``leader``; ``tricks`` the tricks won by team A and team B. Each call starts
    with an empty memo (the holders of the cards differ from call to call).

    >>> from rentoy.engine import compile_variant
    >>> from rentoy.cards import parse_card
    >>> from rentoy.variants import load_variant
    >>> tables = compile_variant(load_variant("1737"))
    >>> solver = Solver(tables, tables.by_trump[0], players=2)   # oros are trumps
    >>> hands = [[parse_card(c) for c in h] for h in (["2o", "3c", "4c"], ["12o", "1c", "5e"])]
    >>> solver.winner(hands, leader=0)
    0
    >>> {DECK[c].code: team for c, team in solver.move_winners(hands, leader=0).items()}
    {'2o': 0, '4c': 0, '3c': 0}
    """

    __slots__ = ("tables", "tt", "players", "_between", "_klass", "_settle", "_wins",
                 "_legals", "_sorted", "_searches")

    def __init__(self, tables: Tables, tt: TrumpTables, players: int):
        if not 2 <= players <= 8 or tables.tricks > 7:
            raise ValueError("the solver handles 2 to 8 players and at most 7 tricks")
        self.tables = tables
        self.tt = tt
        self.players = players
        power, suit, always = tt.power, tt.suit, tt.always
        # _between[p][c]: the cards ranked strictly between p and c (a bitmask).
        self._between = [[sum(1 << x for x in range(40)
                              if min(power[p], power[c]) < power[x] < max(power[p], power[c]))
                          for c in range(40)] for p in range(40)]
        # Cards of one class can be told apart only by the cards ranked between them.
        self._klass = tuple(suit[c] * 2 + always[c] for c in range(40))
        self._wins: dict[int, int] = {}
        self._legals: dict[int, list[int]] = {}
        self._sorted: dict[int, list[int]] = {}
        self._searches: dict[tuple[int, int], _Search] = {}
        self._settle = settled_table(tables.tricks, tables.tricks_to_win,
                                     tables.stop_when_decided)

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
        memo: dict[int, int] = {}
        loser = 1 - target
        seats = [[(leader + k) % n for k in range(n)] for leader in range(n)]
        # The state is a bitmask of the cards still in the hands (``rem``) and one of
        # the cards in the current trick (``out``), with the card that led it. The
        # caches depend only on the cards and this trump suit, so they are kept from
        # call to call.
        wins, legals, sorted_cards = self._wins, self._legals, self._sorted
        owner = [0] * 40            # the seat holding each card, for this call
        masks = [0] * n             # each seat's cards as a bitmask, for this call

        def cards_of(mask: int) -> list[int]:
            """The cards of ``mask``, strongest first (the order moves are tried in)."""
            found = sorted_cards.get(mask)
            if found is None:
                if len(sorted_cards) > 1_000_000:
                    sorted_cards.clear()
                found = sorted_cards[mask] = sorted(
                    (c for c in range(40) if mask >> c & 1), key=power.__getitem__,
                    reverse=True)
            return found

        def winning_card(out: int, lead: int) -> int:
            key = out << 6 | lead
            card = wins.get(key)
            if card is None:
                if len(wins) > 1_000_000:
                    wins.clear()
                trick = [lead] + [c for c in range(40) if out >> c & 1 and c != lead]
                card = wins[key] = trick[winner_at(tt, trick)]
            return card

        def new_trick(rem: int, leader: int, ta: int, tb: int, done: int) -> int:
            if (rem & masks[leader]).bit_count() == 1:     # one card each: forced
                won = owner[winning_card(rem, (rem & masks[leader]).bit_length() - 1)]
                s = (settle[(ta * 8 + tb + 1) * 8 + done + 1] if won & 1
                     else settle[((ta + 1) * 8 + tb) * 8 + done + 1])
                return s if s >= 0 else loser
            key = rem << 9 | leader << 6 | ta << 3 | tb
            found = memo.get(key)
            if found is None:
                found = memo[key] = play(rem, 0, -1, leader, 0, ta, tb, done)
            return found

        def play(rem: int, out: int, lead: int, leader: int, at: int, ta: int, tb: int,
                 done: int) -> int:
            seat = seats[leader][at]
            team = seat & 1
            mine = rem & masks[seat]
            if not at:
                moves = cards_of(mine)
            elif not mine & (mine - 1):
                moves = [mine.bit_length() - 1]
            else:
                key = (mine << 40 | out) << 6 | lead
                moves = legals.get(key)
                if moves is None:
                    if len(legals) > 1_000_000:
                        legals.clear()
                    trick = [lead] + [c for c in range(40) if out >> c & 1 and c != lead]
                    moves = legals[key] = legal(tables, tt, cards_of(mine), trick)
                if len(moves) > 1 and owner[winning_card(out, lead)] & 1 == team:
                    moves = moves[::-1]     # the partner holds the trick: the weakest first
            live = rem | out
            prev = -1
            if at + 1 < n:
                for c in moves:
                    if prev >= 0 and klass[c] == klass[prev] and not between[prev][c] & live:
                        continue            # the same as ``prev``, already searched
                    prev = c
                    bit = 1 << c
                    if play(rem ^ bit, out | bit, c if lead < 0 else lead, leader, at + 1,
                            ta, tb, done) == team:
                        return team
                return 1 - team
            for c in moves:                 # the last card of the trick
                if prev >= 0 and klass[c] == klass[prev] and not between[prev][c] & live:
                    continue
                prev = c
                bit = 1 << c
                won = owner[winning_card(out | bit, lead)]
                if won & 1:
                    s = settle[(ta * 8 + tb + 1) * 8 + done + 1]
                    if s < 0:
                        s = (loser if done + 1 >= horizon
                             else new_trick(rem ^ bit, won, ta, tb + 1, done + 1))
                else:
                    s = settle[((ta + 1) * 8 + tb) * 8 + done + 1]
                    if s < 0:
                        s = (loser if done + 1 >= horizon
                             else new_trick(rem ^ bit, won, ta + 1, tb, done + 1))
                if s == team:
                    return team
            return 1 - team

        def run(hands: list[list[int]], trick: list[int], leader: int, ta: int, tb: int,
                done: int, rem: int) -> int:
            memo.clear()
            for seat, h in enumerate(hands):
                m = 0
                for c in h:
                    owner[c] = seat
                    m |= 1 << c
                masks[seat] = m
            for k, c in enumerate(trick):
                owner[c] = seats[leader][k]
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
            return play(rem, out, trick[0], leader, len(trick), ta, tb, done)

        return run

    def _prepare(self, hands: Sequence[Sequence[int]], leader: int, trick: Sequence[int],
                 tricks: Sequence[int]) -> tuple[list[list[int]], list[int], int, int, int,
                                                 int, int]:
        n = self.players
        if len(hands) != n:
            raise ValueError(f"expected {n} hands, got {len(hands)}")
        plain = [[int(c) for c in h] for h in hands]
        rem = 0
        for h in plain:
            for c in h:
                rem |= 1 << c
        done = self.tables.hand_size - len(plain[leader]) - (1 if trick else 0)
        return plain, [int(c) for c in trick], leader, int(tricks[0]), int(tricks[1]), done, rem

    def winner(self, hands: Sequence[Sequence[int]], leader: int, trick: Sequence[int] = (),
               tricks: Sequence[int] = (0, 0)) -> int:
        """The team (0 = A, 1 = B) that wins the hand with perfect play from here."""
        return self._search()(*self._prepare(hands, leader, trick, tricks))

    def move_winners(self, hands: Sequence[Sequence[int]], leader: int,
                     trick: Sequence[int] = (), tricks: Sequence[int] = (0, 0)
                     ) -> dict[int, int]:
        """For each legal card of the seat to play (in the hand's order), the team that
        wins the hand with perfect play after it. Empty when the hand is over."""
        plain, tr, leader, ta, tb, done, rem = self._prepare(hands, leader, trick, tricks)
        if hand_ended(self.tables, (ta, tb), done) is not None:
            return {}
        n = self.players
        seat = (leader + len(tr)) % n
        moves = legal_cards(self.tables, self.tt, plain[seat], tr) if tr else plain[seat][:]
        out: dict[int, int] = {}
        search = self._search()            # one memo for all the moves
        for c in moves:
            hands2 = [h[:] for h in plain]
            hands2[seat].remove(c)
            trick2 = tr + [c]
            rem2 = rem ^ (1 << c)
            if len(trick2) < n:
                out[c] = search(hands2, trick2, leader, ta, tb, done, rem2)
                continue
            won = (leader + trick_winner(self.tt, trick2)) % n
            ta2, tb2 = ta + (won & 1 == 0), tb + (won & 1)
            out[c] = search(hands2, [], won, ta2, tb2, done + 1, rem2)
        return out

    def tricks_to_decide(self, hands: Sequence[Sequence[int]], leader: int,
                         trick: Sequence[int] = (), tricks: Sequence[int] = (0, 0)) -> int:
        """How many tricks of the hand (counting those already played) are played before
        the winner is certain, when the winning team settles it as soon as it can and
        the other team holds out as long as it can."""
        args = self._prepare(hands, leader, trick, tricks)
        done = args[5]
        if self._settle[(args[3] * 8 + args[4]) * 8 + done] >= 0:
            return done
        team = self._search()(*args)
        for horizon in range(done + 1, self.tables.tricks):
            if self._search(horizon, team)(*self._prepare(hands, leader, trick, tricks)) == team:
                return horizon
        return max(self.tables.tricks, done)


_solvers: dict[tuple[int, int, int], tuple[Tables, Solver]] = {}


def _solver_for(position: Position) -> Solver:
    """A :class:`Solver` for the position's rules, trump and table size (kept while
    the same tables are in use)."""
    key = (id(position.tables), position.tt.trump, position.players)
    found = _solvers.get(key)
    if found is None or found[0] is not position.tables:
        if len(_solvers) > 256:
            _solvers.clear()
        found = _solvers[key] = (position.tables, Solver(position.tables, position.tt,
                                                         position.players))
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
    of play to the end of the hand (at each turn, the strongest card that keeps the
    result).
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
    """A line of perfect play from ``position`` to the end of the hand."""
    line: list[Card] = []
    pos = position
    while pos.winner is None:
        moves = move_winners(pos)
        team = winner(pos)
        power = pos.tt.power
        card = max((c for c, t in moves.items() if t == team), key=power.__getitem__)
        line.append(card)
        pos = pos.play(card)
    return tuple(line)


def solve(position: Position) -> Solution:
    """The full analysis of ``position``: the winner, the winner after each legal card
    and a principal line (see :class:`Solution`)."""
    moves = move_winners(position)
    team = winner(position)
    return Solution(position, team, moves, principal_line(position))
