"""A whole game: hands dealt in turn until a team reaches the variant's target.

The deal passes to the next seat after every hand; scores may pass the target and
are kept as they are. A :class:`Game` offers the same small API as a
:class:`~rentoy.engine.Hand` and starts the next hand by itself.

Every hand's cards come from ``deals`` when given (an iterable of
:class:`~rentoy.engine.Deal`, or a callable given the hand's index in the game, 0
for the first), else from the game's random generator. Every hand keeps its
original deal and :attr:`Game.deals` lists them all, so a game replays exactly from
its deals and its actions.

A callable may also answer ``None`` for a later hand: the deal is then an explicit
chance step. The game waits (:attr:`Game.awaiting_deal`, no seat to act) until
:meth:`Game.deal` gives it the cards, which is how a framework with chance nodes
deals every hand itself.

>>> from rentoy.engine import Game
>>> from rentoy.bots import RandomBot
>>> game = Game("1737", seed=7)
>>> bot = RandomBot(seed=7)
>>> while not game.is_over:
...     over = game.apply_unchecked(bot.choose(game.observation()))
>>> game.winner in ("A", "B"), max(game.score) >= 12
(True, True)
>>> again = Game("1737", deals=game.deals)
>>> for action in game.actions:
...     over = again.apply_unchecked(action)
>>> again.score == game.score and again.deals == game.deals
True
"""

from __future__ import annotations

import random
from typing import Callable, Iterable, Iterator, Optional, Sequence, Union

from ..core.errors import IllegalAction, InputError
from ..model.consistency import check_players
from ..core.i18n import N_, _
from ..model.variant import Variant
from .actions import Action
from .hand import (TEAMS, Deal, Event, Hand, HandResult, check_start, draw_deal,
                   max_game_actions)
from .hand import _apply_unchecked as hand_apply_unchecked
from .hand import _legal_actions as hand_legal_actions
from .observation import HandRecord, Observation, record_of
from .tables import Tables, as_variant, compile_variant

__all__ = ["Game", "Rounds", "Deals"]

#: Where a game's deals come from: deals in order, or a function of the hand's index
#: (which may answer None for a later hand: the game then waits for :meth:`Game.deal`).
Deals = Union[Iterable[Deal], Callable[[int], Optional[Deal]]]


class Rounds:
    """What a game and a match share: they play their current part (a hand, a game)
    through the part's own API, refuse everything once they are over, and pay +1 / -1
    per seat at the end. Subclasses set ``_over`` (what a refusal says once it is over,
    translated when an action is refused) and keep ``_winner`` (0, 1 or None)."""

    __slots__ = ()
    _over = N_("the game is over")

    @property
    def _current(self) -> Hand | Game:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        return self._winner is not None  # type: ignore[attr-defined]

    @property
    def winner(self) -> str | None:
        """"A" or "B" once it is over."""
        won = self._winner  # type: ignore[attr-defined]
        return None if won is None else TEAMS[won]

    @property
    def current_seat(self) -> int | None:
        """The one seat to act now (None once it is over)."""
        return self._current.current_seat

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The legal actions of ``seat``, by default the current seat's (empty once it
        is over; see :meth:`~rentoy.engine.Hand.legal_actions`)."""
        # Once it is over its last hand is over too, and offers nothing.
        return self._current.legal_actions(seat)

    def __copy__(self):  # type: ignore[no-untyped-def]
        return self.clone()  # type: ignore[attr-defined]

    def __deepcopy__(self, memo: dict[int, object]):  # type: ignore[no-untyped-def]
        return self.clone()  # type: ignore[attr-defined]

    def can(self, action: Action | str) -> bool:
        return not self.is_over and self._current.can(action)

    def check(self, action: Action | str) -> Action:
        if self.is_over:
            variant = self.variant  # type: ignore[attr-defined]
            prov = variant.provenance.get("turn_order")
            raise IllegalAction("hand-over", _(self._over), action=action,
                                rule="turn_order", variant=variant.id,
                                source=prov.source if prov else ())
        return self._current.check(action)

    def refusal(self, action: Action | str) -> IllegalAction | None:
        """Why ``action`` would be refused now, or None if it is legal."""
        try:
            self.check(action)
        except IllegalAction as exc:
            return exc
        return None

    def returns(self) -> list[int]:
        """Per seat: +1 for the winning team, -1 for the other; zeros while playing."""
        won, players = self._winner, self.players  # type: ignore[attr-defined]
        if won is None:
            return [0] * players
        return [1 if s & 1 == won else -1 for s in range(players)]


class Game(Rounds):
    """A game to the variant's target, hand after hand."""

    __slots__ = ("_variant", "_tables", "_players", "_rng", "_score", "_dealer", "_hand",
                 "_results", "_winner", "_past", "_deals", "_records", "_waiting", "_s")

    def __init__(self, variant: Variant | str, players: int | None = None,
                 seed: int | None = None, rng: random.Random | None = None,
                 score: Sequence[int] = (0, 0), dealer: int | None = None,
                 first_deal: Deal | None = None, deals: Deals | None = None):
        variant = as_variant(variant)
        tables = compile_variant(variant)
        self._variant = variant
        self._tables = tables
        # Checked before the first deal is drawn: a deal for too many players overruns
        # the deck.
        self._players = check_players(
            variant, tables.rules.default_players if players is None else players)
        self._rng = rng if rng is not None else random.Random(seed or 0)
        # Checked once: every later hand starts from what the game computes.
        self._dealer, self._score = check_start(tables, self._players, dealer, score)
        self._results: list[HandResult] = []
        self._winner: int | None = None
        self._past: list[Hand] = []          # the finished hands, oldest first
        self._records: tuple[HandRecord, ...] = ()
        self._deals = _deal_source(deals)
        self._waiting = False
        if first_deal is not None:      # the caller's cards: the Hand checks them
            self._hand = Hand(variant, self._players, self._dealer, self._score,
                              deal=first_deal)
            self._s = self._hand._s
            return
        if self._deals is None:
            deal = draw_deal(self._rng, self._players, tables.rules.hand_size)
        else:
            found = self._deal(0)       # checked by _deal
            if found is None:
                raise InputError.at(_("the first deal is not known: give it as first_deal="))
            deal = found
        self._start(deal)

    # What the game shows is read-only: a write (``game.score = (11, 11)``) would be
    # overwritten by the next hand, so it is refused (AttributeError) rather than ignored.
    @property
    def variant(self) -> Variant:
        """The variant played."""
        return self._variant

    @property
    def tables(self) -> Tables:
        """The variant's compiled tables."""
        return self._tables

    @property
    def players(self) -> int:
        """The number of players."""
        return self._players

    @property
    def rng(self) -> random.Random:
        """The generator the next deals are drawn from."""
        return self._rng

    @property
    def score(self) -> tuple[int, int]:
        """The score (team A, team B) before the hand being played, or at the end."""
        return self._score

    @property
    def dealer(self) -> int:
        """The dealer of the hand being played."""
        return self._dealer

    @property
    def hand(self) -> Hand:
        """The hand being played (the last one once the game is over)."""
        return self._hand

    @property
    def results(self) -> list[HandResult]:
        """The results of the finished hands, oldest first (a copy: the game's own list
        changes only as hands end)."""
        return self._results[:]

    def _deal(self, index: int) -> Deal | None:
        if self._deals is None:
            return draw_deal(self.rng, self.players, self.tables.rules.hand_size)
        deal = self._deals(index)
        return None if deal is None else self._checked(deal, index)

    def _checked(self, deal: Deal, index: int) -> Deal:
        if not isinstance(deal, Deal):
            raise InputError.at(_("the deal of hand {number} is not a Deal: {deal}").format(
                number=index + 1, deal=repr(deal)))
        if (len(deal.hands) != self.players
                or any(len(h) != self.tables.rules.hand_size for h in deal.hands)
                or len(set(deal.cards())) != self.players * self.tables.rules.hand_size + 1):
            raise InputError.at(_("the deal of hand {number} must give {size} different "
                                  "cards to each of {players} players, and turn up "
                                  "another").format(number=index + 1,
                                                    size=self.tables.rules.hand_size,
                                                    players=self.players))
        return deal

    @property
    def _current(self) -> Hand:
        return self.hand

    # The hand's own reading, called on the game (which keeps the hand's state in _s):
    # no second call in the loop of every bot and simulation.
    legal_actions = hand_legal_actions

    @property
    def hands_played(self) -> int:
        return len(self._results)

    @property
    def awaiting_deal(self) -> bool:
        """Whether the game waits for :meth:`deal` to give the next hand's cards (an
        explicit chance step: no seat is to act until then)."""
        return self._waiting

    def deal(self, deal: Deal) -> None:
        """Give the next hand's cards when the game waits for them (see
        :attr:`awaiting_deal`); the hand then starts as any other."""
        if not self._waiting:
            raise InputError.at(_("no deal is awaited: the game deals its hands itself, or "
                                  "a hand is being played"))
        deal = self._checked(deal, len(self._results))
        self._waiting = False
        self._start(deal)

    @property
    def deals(self) -> tuple[Deal, ...]:
        """Every hand's original deal, the hand being played last."""
        finished = self.is_over or self._waiting
        return tuple(h.deal for h in self._past) + (() if finished else (self.hand.deal,))

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action of the game, hand after hand."""
        out = [a for h in self._past for a in h.history]
        if not (self.is_over or self._waiting):
            out.extend(self.hand.history)
        return tuple(out)

    @property
    def finished_hands(self) -> tuple[Hand, ...]:
        """The finished hands, oldest first (never changed again)."""
        return tuple(self._past)

    @property
    def past_hands(self) -> tuple[HandRecord, ...]:
        """The public records of the finished hands, oldest first."""
        if len(self._records) < len(self._past):     # finished hands never change
            self._records += tuple(record_of(h) for h in self._past[len(self._records):])
        elif len(self._records) > len(self._past):
            self._records = tuple(record_of(h) for h in self._past)
        return self._records

    @property
    def max_actions(self) -> int:
        """No game of this variant at this table takes more actions than this."""
        return max_game_actions(self.tables, self.players)

    def observation(self, seat: int | None = None, past: tuple[HandRecord, ...] = (),
                    games_won: tuple[int, int] = (0, 0)) -> Observation:
        """What ``seat`` (by default the current seat) may know: the hand being played
        (the last one once the game is over) and the records of the earlier hands."""
        if seat is None:
            seat = self.current_seat
            if seat is None:
                raise ValueError("the game is over: no seat is to act; name the seat")
        records = self.past_hands
        if self.is_over or self._waiting:
            records = records[:-1]      # the last hand is the one observed
        return self.hand.observation(seat, past=past + records, games_won=games_won)

    def apply(self, action: Action | str) -> Event:
        """Apply a legal action (refusing an illegal one); deal on when a hand ends."""
        if self._winner is not None:
            self.check(action)
        event = self.hand.apply(action)
        if event.result is not None:
            self._ended()
        return event

    # The hand's own application of an action, called on the game: when the action ends
    # the hand, _ended deals the next one and the game says whether it is over.
    apply_unchecked = hand_apply_unchecked

    # The slots are read directly below: once a hand, and the properties cost a call each.
    def _ended(self) -> bool:
        """After the hand's last action: record it and deal the next hand, unless the
        game is won (or waits for the next deal); whether the game is over."""
        hand = self._hand
        result = self._s.result
        assert result is not None
        self._results.append(result)
        self._past.append(hand)
        self._score = result.score
        if result.game_winner is not None:
            self._winner = result.game_winner
            return True
        self._dealer = (self._dealer + 1) % self._players
        deal = (draw_deal(self._rng, self._players, self._tables.rules.hand_size)
                if self._deals is None else self._deal(len(self._results)))
        if deal is None:
            self._waiting = True
            return False
        self._start(deal)
        return False

    def _start(self, deal: Deal) -> None:
        """Start a hand with a deal known to be good (drawn here, or checked): the hand's
        own set-up, with no checks (the game checked its start once)."""
        hand = self._hand = Hand.__new__(Hand)
        hand._setup(self._variant, self._tables, self._players, self._dealer, self._score,
                    deal)
        self._s = hand._s

    def clone(self) -> "Game":
        """An independent copy, random generator included: both deal the same next hands."""
        new = Game.__new__(Game)
        new._variant, new._tables, new._players, new._score, new._dealer, new._winner = (
            self.variant, self.tables, self.players, self.score, self.dealer, self._winner)
        new._rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new._results = self._results[:]
        new._past = self._past[:]            # finished hands are never changed again
        new._records = self._records
        new._deals = self._deals
        new._waiting = self._waiting
        finished = self.is_over or self._waiting
        new._hand = self.hand if finished else self.hand.clone()
        new._s = new._hand._s
        if finished:
            new._past[-1] = new.hand
        return new

    # _s is the hand's own state: pickled with the hand, and pointed at again after.
    def __getstate__(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in Game.__slots__ if name != "_s"}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._s = self._hand._s

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Game) and self.variant.id == other.variant.id
                and self.players == other.players and self.score == other.score
                and self.dealer == other.dealer and self._results == other._results
                and self.hand == other.hand and self.rng.getstate() == other.rng.getstate())

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (f"<Game {self.variant.id} score={list(self.score)} hands={self.hands_played}"
                f"{' over' if self.is_over else ''}>")


def _deal_source(deals: Deals | None) -> Callable[[int], Deal | None] | None:
    """``deals`` as a function of the hand's index (None: deal from the generator)."""
    if deals is None or callable(deals):
        return deals
    if isinstance(deals, (Deal, str, bytes)):
        raise InputError.at(_("deals must be an iterable of Deal objects or a function of "
                              "the hand's index, not a single deal (use first_deal=)"))
    iterator: Iterator[Deal] = iter(deals)
    # Drawn once and kept: the clones of a game share the source and read it by index.
    drawn: list[Deal] = []

    def deal_for(index: int) -> Deal:
        while len(drawn) <= index:
            try:
                drawn.append(next(iterator))
            except StopIteration:
                raise InputError.at(
                    _("the deals ran out: no deal for hand {number}").format(number=index + 1),
                    hint=_("give a deal for every hand the game may need")) from None
        return drawn[index]

    return deal_for
