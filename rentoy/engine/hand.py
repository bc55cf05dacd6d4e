"""One hand of Rentoy as an explicit state machine.

Phases (:class:`~rentoy.engine.Phase`): ``play`` (the seat whose turn it is plays a
card or raises), ``answer`` (a raise waits for the other team: accept, raise again, or
fold), ``over``. One seat acts at every moment, :attr:`Hand.current_seat`. The API is
small and uniform: :meth:`Hand.legal_actions`, :meth:`Hand.can`, :meth:`Hand.check`
(raises :class:`~rentoy.errors.IllegalAction` saying why), :meth:`Hand.apply`,
:meth:`Hand.clone`, :meth:`Hand.observation`, :attr:`Hand.is_over`,
:attr:`Hand.result`, :attr:`Hand.history`. Which actions are legal is decided by the
predicates of :mod:`rentoy.engine.rules` alone.

>>> from rentoy.engine import Hand, Deal
>>> deal = Deal.parse([["3c", "6b", "7e"], ["12c", "2b", "4e"], ["2c", "1o", "5e"],
...                    ["11c", "3b", "6e"]], up="5o")
>>> hand = Hand("1737", deal=deal, score=(4, 5))
>>> hand.trump, hand.value
('o', 1)
>>> for text in ["0 raise", "1 raise", "0 fold"]:
...     event = hand.apply(text)
>>> hand.result.score, hand.result.winner_name, hand.result.how.value
((4, 8), 'B', 'fold')
"""

from __future__ import annotations

import random
from math import floor
from typing import NamedTuple, Sequence

from ..cards import DECK, SUITS, Card, parse_card
from ..errors import IllegalAction, InputError
from ..consistency import check_players
from ..variant import Variant
from .actions import _BETS, _PLAYS, ACCEPT, FOLD, PLAY, RAISE, Action
from .observation import Observation, observe
from .play import legal_cards, trick_winner
from .rules import (REASONS, TEAMS, Outcome, Phase, Refusal, answer_refusal, answering_seat,
                    decides_game, fold_value, raise_is_dead, refusal_of, right_after_accept,
                    step_refusal)
from .tables import Tables, as_variant, compile_variant

__all__ = ["Hand", "Deal", "HandResult", "Event", "TrickRecord", "TEAMS", "REASONS",
           "team_of", "draw_deal", "Phase", "Outcome", "PLAYING", "ANSWERING", "OVER",
           "max_hand_actions", "max_game_actions"]

#: The phases by their old names.
PLAYING, ANSWERING, OVER = Phase.PLAY, Phase.ANSWER, Phase.OVER
_TRICKS, _FOLD = Outcome.TRICKS, Outcome.FOLD


def team_of(seat: int) -> int:
    """0 for team A (even seats), 1 for team B (odd seats)."""
    return seat & 1


class Deal(NamedTuple):
    """The cards of one hand: each seat's cards and the turned-up card."""

    hands: tuple[tuple[Card, ...], ...]
    up: Card

    @classmethod
    def parse(cls, hands: Sequence[Sequence[str | int]], up: str | int) -> "Deal":
        """A deal from card codes; every card must be distinct."""
        deal = cls(tuple(tuple(parse_card(c) if isinstance(c, str) else DECK[c] for c in h)
                         for h in hands),
                   parse_card(up) if isinstance(up, str) else DECK[up])
        seen: set[int] = set()
        for card in [c for h in deal.hands for c in h] + [deal.up]:
            if card in seen:
                raise InputError.at(f"{card} is dealt twice", hint="every card of the deal "
                                    "must be different")
            seen.add(card)
        return deal

    def cards(self) -> list[Card]:
        return [c for h in self.hands for c in h] + [self.up]


# Each turn of the draw: the position dealt, and how many cards are left to draw from.
_DRAWS = tuple(zip(range(40), range(40, 0, -1)))


def draw_deal(rng: random.Random, players: int, hand_size: int) -> Deal:
    """A uniformly random deal: seat i gets the i-th run of ``hand_size`` cards.

    Only the cards dealt are drawn (a partial Fisher-Yates shuffle), so for the same
    random state every variant sees the same cards in the same order: variants that
    deal fewer cards see a prefix of what the others see.
    """
    deck = list(DECK)
    need = players * hand_size + 1
    # floor() is int() for these non-negative numbers, and cheaper to call.
    rand = rng.random
    for i, left in _DRAWS[:need]:
        j = i + floor(rand() * left)
        deck[i], deck[j] = deck[j], deck[i]
    # zip over one iterator repeated hand_size times cuts the cards into runs of that size.
    runs = iter(deck[:need - 1])
    return Deal(tuple(zip(*[runs] * hand_size)), deck[need - 1])


# The records below are named tuples rather than frozen dataclasses: as immutable, and
# several times cheaper to make, which the inner loop does for every trick and action.
class TrickRecord(NamedTuple):
    """A finished trick: who led, the cards in playing order, and the winning seat."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def seats(self, players: int) -> tuple[int, ...]:
        return tuple((self.leader + i) % players for i in range(len(self.cards)))


class HandResult(NamedTuple):
    """How a hand ended: the winning team, the points it scored, and the scores after."""

    winner: int                 # 0 = team A, 1 = team B
    points: int
    how: Outcome                # on the tricks, or on a fold
    value: int | str            # the ladder value the hand was settled at ("game" possible)
    score: tuple[int, int]
    tricks: tuple[int, int]
    game_winner: int | None

    @property
    def winner_name(self) -> str:
        return TEAMS[self.winner]

    @property
    def game_winner_name(self) -> str | None:
        return None if self.game_winner is None else TEAMS[self.game_winner]


class Event(NamedTuple):
    """What an applied action did (returned by :meth:`Hand.apply`)."""

    action: Action
    value: int | str            # the value on the table after the action
    pending: bool               # a raise waits for an answer
    raise_right: str | None     # "A", "B", or None when both teams may raise
    dead: bool                  # a raise made when the value already decided the game for both
    trick: TrickRecord | None   # the trick this action completed
    result: HandResult | None   # set when the action ended the hand


class Hand:
    """The state of one hand under a variant. See the module docstring for the API."""

    __slots__ = ("variant", "tables", "tt", "players", "dealer", "start_score", "deal", "hands",
                 "up", "_plays",
                 "phase", "turn", "leader", "trick", "tricks", "trick_log", "level", "right",
                 "raiser", "result", "_history")

    def __init__(self, variant: Variant | str, players: int | None = None,
                 dealer: int | None = None, score: Sequence[int] = (0, 0),
                 deal: Deal | None = None, seed: int | None = None,
                 rng: random.Random | None = None):
        variant = as_variant(variant)
        tables = compile_variant(variant)
        n = tables.rules.default_players if players is None else players
        check_players(variant, n)
        dealer = n - 1 if dealer is None else dealer
        if not (isinstance(dealer, int) and 0 <= dealer < n):
            raise InputError.at(f"dealer {dealer} is not a seat (0 to {n - 1})")
        if len(score) != 2 or any(not isinstance(s, int) or s < 0 for s in score):
            raise InputError.at(f"score must be two non-negative whole numbers, not {score!r}")
        if max(score) >= tables.rules.target:
            raise InputError.at(f"the score {list(score)} already ends a game to "
                                f"{tables.rules.target}")
        if deal is None:
            deal = draw_deal(rng if rng is not None else random.Random(seed or 0), n,
                             tables.rules.hand_size)
        elif len(deal.hands) != n or any(len(h) != tables.rules.hand_size for h in deal.hands):
            raise InputError.at(f"the deal must give {tables.rules.hand_size} cards to each of "
                                f"{n} players")
        elif len(set(deal.cards())) != n * tables.rules.hand_size + 1:
            raise InputError.at("the deal gives a card twice", hint="every card of the deal "
                                "must be different")
        self._setup(variant, tables, n, dealer, (int(score[0]), int(score[1])), deal)

    def _setup(self, variant: Variant, tables: Tables, players: int, dealer: int,
               score: tuple[int, int], deal: Deal) -> None:
        """The state of a fresh hand, from arguments already checked."""
        self.variant = variant
        self.tables = tables
        self.tt = tables.by_trump[deal.up // 10]
        self.players = players
        self.dealer = dealer
        self.start_score = score
        self.deal = deal
        # Each seat's cards and its play actions, card for card (the legal actions when
        # all are legal). Plain loops: cheaper than nested comprehensions, once a hand.
        hands: list[list[Card]] = []
        plays: list[list[Action]] = []
        for row, dealt in zip(_PLAYS, deal.hands):
            hands.append(list(dealt))
            seat_plays: list[Action] = []
            for card in dealt:
                seat_plays.append(row[card])
            plays.append(seat_plays)
        self.hands, self._plays = hands, plays
        self.up = deal.up
        self.phase: Phase = PLAYING
        self.leader = self.turn = (dealer + 1) % players
        self.trick: list[Card] = []
        self.tricks = [0, 0]
        self.trick_log: list[TrickRecord] = []
        self.level = 0
        self.right = -1                 # -1: both teams may raise; else the team that may
        self.raiser = -1                # the seat whose raise is waiting for an answer
        self.result: HandResult | None = None
        self._history: list[Action] = []

    @classmethod
    def _next(cls, variant: Variant, tables: Tables, players: int, dealer: int,
              score: tuple[int, int], deal: Deal) -> "Hand":
        """A hand from arguments already checked (the next hand of a :class:`Game`)."""
        hand = cls.__new__(cls)
        hand._setup(variant, tables, players, dealer, score, deal)
        return hand

    # -- queries -------------------------------------------------------------------

    @property
    def trump(self) -> str:
        """The trump suit letter (the suit of the turned-up card)."""
        return SUITS[self.tt.trump]

    @property
    def mano(self) -> int:
        """The seat that leads the first trick (the one after the dealer)."""
        return (self.dealer + 1) % self.players

    @property
    def is_over(self) -> bool:
        return self.phase is OVER

    @property
    def pending(self) -> bool:
        """Whether a raise is waiting for an answer."""
        return self.phase is ANSWERING

    @property
    def history(self) -> tuple[Action, ...]:
        return tuple(self._history)

    @property
    def value(self) -> int | str:
        """The value on the table: the accepted value, or the raised one while pending.

        Once the hand is over, the value it was settled at (after a fold, the value
        before the refused raise)."""
        if self.result is not None:
            return self.result.value
        return self.tables.ladder[self.level]

    @property
    def accepted_value(self) -> int | str:
        """The last value both teams agreed to (before any pending raise)."""
        if self.result is not None:
            return self.result.value
        return self.tables.ladder[self.level - 1 if self.phase is ANSWERING else self.level]

    @property
    def raise_right(self) -> str | None:
        """The team that may raise next ("A" or "B"), or None when both may."""
        return None if self.right < 0 else TEAMS[self.right]

    @property
    def raiser_team(self) -> str | None:
        """The team whose raise is waiting for an answer, if any."""
        return TEAMS[self.raiser & 1] if self.phase is ANSWERING else None

    @property
    def tricks_won(self) -> tuple[int, int]:
        return (self.tricks[0], self.tricks[1])

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """The cards played to the unfinished trick, as (seat, card) pairs."""
        n = self.players
        return tuple(((self.leader + i) % n, c) for i, c in enumerate(self.trick))

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        return tuple(self.hands[seat])

    @property
    def current_seat(self) -> int | None:
        """The one seat to act now (None once the hand is over).

        While cards are played, the seat whose turn it is; facing a raise, the seat the
        rule ``default_answerer`` names (the player after the raiser). Under
        ``answer_by: team`` any other seat of the answering team may answer as well
        (see :meth:`to_act`)."""
        phase = self.phase
        if phase is PLAYING:
            return self.turn
        if phase is ANSWERING:
            return answering_seat(self)
        return None

    def to_act(self) -> tuple[int, ...]:
        """Every seat that may act now: the current seat, or facing a raise under
        ``answer_by: team``, every seat of the answering team."""
        if self.phase is OVER:
            return ()
        if self.phase is ANSWERING and self.tables.answer_by_team:
            return tuple(s for s in range(self.players) if answer_refusal(self, s) is None)
        return (self.current_seat,)  # type: ignore[return-value]

    def observation(self, seat: int | None = None) -> Observation:
        """What ``seat`` (by default the current seat) may know of this hand: an
        immutable :class:`~rentoy.engine.Observation`."""
        if seat is None:
            seat = self.current_seat
            if seat is None:
                raise ValueError("the hand is over: no seat is to act; name the seat")
        return observe(self, seat)

    @property
    def max_actions(self) -> int:
        """No hand of this variant at this table takes more actions than this."""
        return max_hand_actions(self.tables, self.players)

    def points_for(self, value: int | str, team: int) -> int:
        """What ``team`` scores for a hand settled at ``value``."""
        if isinstance(value, str):       # the whole-game step
            target: int = self.tables.rules.target
            return max(target - self.start_score[team], 0)
        return value

    def decides_game(self, value: int | str) -> bool:
        """Whether a hand worth ``value`` ends the game whichever team wins it."""
        return decides_game(self.tables, self.start_score, value)

    def raise_is_dead(self) -> bool:
        """Whether a raise now would be dead: the value it would accept or raise from
        already decides the game for both teams. The engine reports it; it does not forbid it."""
        return raise_is_dead(self)

    def outcomes(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The score if team A, and if team B, wins the hand at the value on the table."""
        value = self.value
        a, b = self.start_score
        return ((a + self.points_for(value, 0), b), (a, b + self.points_for(value, 1)))

    def returns(self) -> list[int]:
        """Per seat: the points the hand gave its team, negative for the losing team."""
        if self.result is None:
            return [0] * self.players
        r = self.result
        return [r.points if s & 1 == r.winner else -r.points for s in range(self.players)]

    # -- legality ------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every action a seat may take now: by default :attr:`current_seat`'s (empty
        once the hand is over).

        While cards are played: the cards the turn seat may play, then its raise if it
        may raise. While a raise is pending: accept, fold and (below the top of the
        ladder) raise of the answering seat. Under ``answer_by: team`` the other seats
        of the answering team may answer too: name one as ``seat`` for its answers.
        A seat that may not act now (not in :meth:`to_act`) has none.
        """
        phase = self.phase
        if phase is PLAYING:
            if seat is not None and seat != self.turn:
                return []
            seat = self.turn
            trick = self.trick
            if trick:
                held = self.hands[seat]
                cards = legal_cards(self.tables, self.tt, held, trick, True)
                if cards is held:
                    out = self._plays[seat][:]
                else:
                    row = _PLAYS[seat]
                    out = [row[c] for c in cards]
            else:
                out = self._plays[seat][:]
            # The seat is the one whose turn it is: raise_refusal's remaining question.
            if step_refusal(self.tables, self.level, self.right, seat & 1) is None:
                out.append(_RAISES[seat])
            return out
        if phase is ANSWERING:
            if seat is None:
                seat = answering_seat(self)
            elif not 0 <= seat < self.players or answer_refusal(self, seat) is not None:
                return []
            # The seat may answer (checked above): raise_refusal's remaining question.
            if step_refusal(self.tables, self.level, -1, seat & 1) is None:
                return [_ACCEPTS[seat], _FOLDS[seat], _RAISES[seat]]
            return [_ACCEPTS[seat], _FOLDS[seat]]
        return []

    def refusal(self, action: Action | str) -> IllegalAction | None:
        """Why ``action`` would be refused now, or None if it is legal."""
        action = _as_action(action)
        refused = refusal_of(self, action)
        return None if refused is None else self._illegal(action, refused)

    def refusal_reason(self, action: Action | str) -> str | None:
        """The reason code (a key of :data:`REASONS`) ``action`` would be refused with,
        or None if it is legal. Cheaper than :meth:`refusal`: no message is built."""
        refused = refusal_of(self, _as_action(action))
        return None if refused is None else refused.code

    def can(self, action: Action | str) -> bool:
        """Whether ``action`` is legal now."""
        return refusal_of(self, _as_action(action)) is None

    def check(self, action: Action | str) -> Action:
        """Raise :class:`IllegalAction` if ``action`` is not legal now; return it parsed."""
        action = _as_action(action)
        refused = refusal_of(self, action)
        if refused is not None:
            raise self._illegal(action, refused)
        return action

    def _illegal(self, action: Action, refused: Refusal) -> IllegalAction:
        rule = refused.rule
        prov = self.variant.provenance.get(rule)
        return IllegalAction(refused.code, refused.message(self, action), action=action,
                             rule=rule, variant=self.variant.id,
                             source=prov.source if prov else ())

    # -- transitions ---------------------------------------------------------------

    def apply(self, action: Action | str) -> Event:
        """Apply a legal action and describe its effect; refuse an illegal one.

        Raises :class:`~rentoy.errors.IllegalAction` and leaves the state unchanged
        when the rules refuse the action.
        """
        parsed = Action.parse(action) if isinstance(action, str) else action
        refused = refusal_of(self, parsed)
        if refused is not None:
            raise self._illegal(parsed, refused)
        dead = parsed.kind == RAISE and raise_is_dead(self)
        log = self.trick_log
        tricks_before = len(log)
        self.apply_unchecked(parsed)
        right, result = self.right, self.result
        # The value and raise right as their properties give them, read directly here.
        return Event(parsed, self.tables.ladder[self.level] if result is None else result.value,
                     self.phase is ANSWERING, None if right < 0 else TEAMS[right], dead,
                     log[-1] if len(log) > tricks_before else None, result)

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (one taken from :meth:`legal_actions`).

        The fast path for bots and simulations: no checks, no event. Undefined on an
        illegal action, except that a card the seat does not hold raises ``ValueError``
        before anything changes.
        """
        kind = action.kind
        if kind == PLAY:
            seat = action.seat
            card: Card = action.card  # type: ignore[assignment]  # a play names a card
            held = self.hands[seat]
            at = held.index(card)              # first: raises with the state unchanged
            del held[at]
            del self._plays[seat][at]
            self._history.append(action)
            trick = self.trick
            trick.append(card)
            if len(trick) < self.players:
                self.turn = (seat + 1) % self.players
            else:
                self._end_trick()
        elif kind == RAISE:
            self._history.append(action)
            self.level += 1
            self.raiser = action.seat
            self.phase = ANSWERING
        elif kind == ACCEPT:
            self._history.append(action)
            self.phase = PLAYING
            self.right = right_after_accept(self.tables, action.seat)
        else:  # fold: the raising team scores the value before the refused raise
            self._history.append(action)
            self._finish(self.raiser & 1, _FOLD, fold_value(self.tables, self.level))

    def _end_trick(self) -> None:
        trick = self.trick
        leader = self.leader
        n = self.players
        winner = (leader + trick_winner(self.tt, trick)) % n
        team = winner & 1
        tricks = self.tricks
        tricks[team] += 1
        self.trick_log.append(TrickRecord(leader, tuple(trick), winner))
        self.trick = []
        self.leader = self.turn = winner
        tables = self.tables
        if tricks[team] >= tables.rules.tricks_to_win and tables.rules.stop_when_decided:
            self._finish(team, _TRICKS, tables.ladder[self.level])
        elif len(self.trick_log) >= tables.rules.tricks:
            self._finish(0 if tricks[0] > tricks[1] else 1, _TRICKS,
                         tables.ladder[self.level])

    def _finish(self, team: int, how: Outcome, value: int | str) -> None:
        """End the hand: ``team`` wins it ``how``, at ``value``."""
        points = self.points_for(value, team)
        a, b = self.start_score
        score = (a + points, b) if team == 0 else (a, b + points)
        self.phase = OVER
        self.result = HandResult(
            team, points, how, value, score, (self.tricks[0], self.tricks[1]),
            team if score[team] >= self.tables.rules.target else None)

    # -- copying and comparing -----------------------------------------------------

    def clone(self) -> "Hand":
        """An independent copy: applying actions to one leaves the other as it was."""
        new = Hand.__new__(Hand)
        for name in ("variant", "tables", "tt", "players", "dealer", "start_score", "deal", "up",
                     "phase", "turn", "leader", "level", "right", "raiser", "result"):
            setattr(new, name, getattr(self, name))
        new.hands = [h[:] for h in self.hands]
        new._plays = [p[:] for p in self._plays]
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.trick_log = self.trick_log[:]
        new._history = self._history[:]
        return new

    __copy__ = clone

    def __deepcopy__(self, memo: dict[int, object]) -> "Hand":
        return self.clone()

    def _key(self) -> tuple[object, ...]:
        return (self.variant.id, self.players, self.dealer, self.start_score,
                tuple(map(tuple, self.hands)), self.up, self.phase, self.turn, self.leader,
                tuple(self.trick), tuple(self.tricks), tuple(self.trick_log), self.level,
                self.right, self.raiser, self.result, tuple(self._history))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (f"<Hand {self.variant.id} {self.players}p trump={self.trump} value={self.value} "
                f"phase={self.phase} tricks={self.tricks}>")


def max_hand_actions(tables: Tables, players: int) -> int:
    """A bound on the actions of one hand: every card played, and each step of the
    ladder raised and accepted (a fold ends the hand instead of an accept)."""
    tricks: int = tables.rules.tricks
    return players * tricks + 2 * tables.top_level


def max_game_actions(tables: Tables, players: int) -> int:
    """A bound on the actions of a game from 0-0: every hand scores at least the
    ladder's first value (the whole game at once if that is ``game``), so a game has
    at most as many hands as it takes both teams to come one point short of the
    target, plus the last one."""
    first = tables.ladder[0]
    hands = 1 if isinstance(first, str) else 2 * (tables.rules.target - 1) // first + 1
    return hands * max_hand_actions(tables, players)


def _as_action(action: Action | str) -> Action:
    return Action.parse(action) if isinstance(action, str) else action


_RAISES, _ACCEPTS, _FOLDS = _BETS[RAISE], _BETS[ACCEPT], _BETS[FOLD]
