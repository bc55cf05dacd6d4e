"""One hand of Rentoy as an explicit state machine.

Phases (:class:`~rentoy.engine.Phase`): ``play`` (the seat whose turn it is plays a
card or raises), ``answer`` (a raise waits for the other team: accept, raise again, or
fold), ``over``. One seat acts at every moment, :attr:`Hand.current_seat`. The public
face is small, and the same as a :class:`~rentoy.engine.Game`'s: :meth:`~Hand.legal_actions`,
:meth:`~Hand.can`, :meth:`~Hand.refusal`, :meth:`~Hand.check` (raises
:class:`~rentoy.core.errors.IllegalAction` saying why), :meth:`~Hand.apply`,
:meth:`~Hand.apply_unchecked`, :meth:`~Hand.clone`, :meth:`~Hand.observation` (what one
seat may know: everything else is read there), :attr:`~Hand.phase`,
:attr:`~Hand.current_seat`, :attr:`~Hand.is_over`, :attr:`~Hand.result`,
:attr:`~Hand.history`, and what the hand was dealt: :attr:`~Hand.variant`,
:attr:`~Hand.players`, :attr:`~Hand.deal`, :attr:`~Hand.score`. Which actions are legal,
and what comes of them, is decided by :mod:`rentoy.engine.rules` alone.

>>> from rentoy.engine import Hand, Deal
>>> deal = Deal.parse([["3c", "6b", "7e"], ["12c", "2b", "4e"], ["2c", "1o", "5e"],
...                    ["11c", "3b", "6e"]], up="5o")
>>> hand = Hand("1737", deal=deal, score=(4, 5))
>>> seen = hand.observation(0)
>>> seen.trump, seen.value
('o', 1)
>>> for text in ["0 raise", "1 raise", "0 fold"]:
...     event = hand.apply(text)
>>> hand.result.score, hand.result.winner_name, hand.result.how.value
((4, 8), 'B', 'fold')
"""

from __future__ import annotations

import random
from math import floor
from typing import NamedTuple, Protocol, Sequence

from ..model.cards import DECK, Card, parse_card
from ..model.consistency import check_players
from ..core.errors import IllegalAction, InputError
from ..core.i18n import _
from ..model.variant import Variant
from .actions import ACCEPT, FOLD, GAME_CALL, PLAY, RAISE, Action, bet_actions, play_actions
from .observation import HandRecord, Observation, observe
from .rules import (REASONS, TEAMS, Betting, HandState, Outcome, Phase, Refusal,
                    answer_refusal, answering_seat, bet, cards_left, fold_value,
                    game_call_refusal, hand_end, legal_cards,
                    points, raise_is_dead, raise_rule_refusal, refusal_of, trick_winner)
from .tables import Tables, as_variant, compile_variant

__all__ = ["Hand", "Deal", "HandResult", "Event", "TrickRecord", "TEAMS", "REASONS",
           "team_of", "draw_deal", "check_start", "cards_left", "max_hand_actions",
           "max_game_actions"]

_PLAY, _ANSWER, _OVER = Phase.PLAY, Phase.ANSWER, Phase.OVER
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
                raise InputError.at(_("{card} is dealt twice").format(card=card),
                                    hint=_("every card of the deal must be different"))
            seen.add(card)
        return deal

    def cards(self) -> list[Card]:
        return [c for h in self.hands for c in h] + [self.up]


def check_start(tables: Tables, players: int, dealer: int | None,
                score: Sequence[int]) -> tuple[int, tuple[int, int]]:
    """The dealer (by default the last seat) and the score a hand starts from, checked
    against the table (``players`` checked already): a seat, and two non-negative whole
    numbers below the target. A game checks its start with it before its first deal."""
    dealer = players - 1 if dealer is None else dealer
    if not (isinstance(dealer, int) and 0 <= dealer < players):
        raise InputError.at(_("dealer {dealer} is not a seat (0 to {last})").format(
            dealer=dealer, last=players - 1))
    a = b = -1
    if len(score) == 2:
        a, b = score
    if not (isinstance(a, int) and isinstance(b, int) and a >= 0 and b >= 0):
        raise InputError.at(_("score must be two non-negative whole numbers, not "
                              "{score}").format(score=repr(score)))
    if a >= tables.rules.target or b >= tables.rules.target:
        raise InputError.at(_("the score {score} already ends a game to {target}").format(
            score=list(score), target=tables.rules.target))
    return dealer, (int(a), int(b))


# Where the inner loop makes a deal, a trick's record or a result, it makes a plain tuple
# of the named tuple's class: the class's own constructor checks nothing more and costs
# several times as much.
_new = tuple.__new__

# Each turn of the draw: the position dealt, and how many cards are left to draw from;
# by the number of cards a deal needs.
_DRAWS = tuple(tuple(zip(range(need), range(40, 40 - need, -1))) for need in range(41))


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
    for i, left in _DRAWS[need]:
        j = i + floor(rand() * left)
        deck[i], deck[j] = deck[j], deck[i]
    # zip over one iterator repeated hand_size times cuts the cards into runs of that size.
    runs = iter(deck[:need - 1])
    return _new(Deal, (tuple(zip(*[runs] * hand_size)), deck[need - 1]))


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
    value: int | str            # the value the hand was settled at ("game" possible)
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


_RAISES, _GAMES = bet_actions(RAISE), bet_actions(GAME_CALL)
_ACCEPTS, _FOLDS = bet_actions(ACCEPT), bet_actions(FOLD)
_PLAYS = tuple(play_actions(seat) for seat in range(40))


class _Stateful(Protocol):
    """What holds a hand's state: a hand, or a game (its hand being played). Both
    share the reading of the legal actions and the application of one; ``_ended`` is
    what follows when an action ends the hand, and says whether the whole thing (the
    hand; the game) is over."""

    _s: HandState

    def _ended(self) -> bool: ...


def _legal_actions(self: _Stateful, seat: int | None = None) -> list[Action]:
    """Every action a seat may take now: by default the current seat's (empty once the
    hand is over, and for a seat that may not act now). A hand and a game share this
    one reading: a game reads the hand being played, its last once it is over.

    Each kind of action is asked of the predicate that refuses it, so this list is
    exactly the actions :meth:`~rentoy.engine.Hand.can` accepts: while cards are
    played, the cards the duties of :func:`~rentoy.engine.rules.legal_cards` allow,
    then a raise and the call for the whole game if
    :func:`~rentoy.engine.rules.raise_rule_refusal` allows them; facing a raise, accept
    and fold for a seat :func:`~rentoy.engine.rules.answer_refusal` allows, then the
    raises again.
    """
    s = self._s
    phase = s.phase
    if phase is _PLAY:
        turn = s.turn
        if seat is not None and seat != turn:
            return []
        trick = s.trick
        # A lead that binds nothing leaves every card legal: legal_cards, which reads
        # the same table first, is not asked.
        if trick and s.tt.binds[trick[0]]:
            held = s.hands[turn]
            cards = legal_cards(s.tables, s.tt, held, trick, True)
            if cards is held:
                out = s.plays[turn][:]
            else:
                row = _PLAYS[turn]
                out = [row[c] for c in cards]
        else:
            out = s.plays[turn][:]
        tables, betting = s.tables, s.betting
        if raise_rule_refusal(tables, betting, turn) is None:
            out.append(_RAISES[turn])
        if tables.game_level >= 0 and game_call_refusal(tables, betting, turn) is None:
            out.append(_GAMES[turn])
        return out
    if phase is _ANSWER:
        tables, betting = s.tables, s.betting
        if seat is None:
            seat = answering_seat(betting)
        elif not (isinstance(seat, int) and 0 <= seat < s.players) \
                or answer_refusal(tables, betting, seat) is not None:
            return []
        out = [_ACCEPTS[seat], _FOLDS[seat]]
        if raise_rule_refusal(tables, betting, seat) is None:
            out.append(_RAISES[seat])
        if tables.game_level >= 0 and game_call_refusal(tables, betting, seat) is None:
            out.append(_GAMES[seat])
        return out
    return []


def _apply_unchecked(self: _Stateful, action: Action) -> bool:
    """Apply an action known to be legal (one taken from ``legal_actions``), and say
    whether it ended the hand (of a game: the game, the next hand dealt otherwise).

    The fast path for bots and simulations: no checks, no event. Undefined on an
    illegal action, except that a card the seat does not hold raises ``ValueError``
    before anything changes.
    """
    s = self._s
    kind = action.kind
    if kind == PLAY:
        seat = action.seat
        card: Card = action.card  # type: ignore[assignment]  # a play names a card
        held = s.hands[seat]
        at = held.index(card)              # first: raises with the state unchanged
        del held[at]
        del s.plays[seat][at]
        s.history.append(action)
        trick = s.trick
        trick.append(card)
        n = s.players
        if len(trick) < n:
            s.turn = (seat + 1) % n
            return False
        return _end_trick(s) and self._ended()
    s.history.append(action)
    if kind == FOLD:    # the raising team scores the value before the refused raise
        betting = s.betting
        _finish(s, betting.raiser & 1, _FOLD, fold_value(s.tables, betting))
        return self._ended()
    s.betting = bet(s.tables, s.betting, action)
    s.phase = _PLAY if kind == ACCEPT else _ANSWER
    return False


def _end_trick(s: HandState) -> bool:
    """Close the full trick; whether that ended the hand."""
    trick = s.trick
    n = s.players
    winner = (s.leader + trick_winner(s.tt, trick)) % n
    s.tricks[winner & 1] += 1
    s.trick_log.append(_new(TrickRecord, (s.leader, tuple(trick), winner)))
    s.trick = []
    s.leader = s.turn = winner
    team = hand_end(s.tables, s.tricks, len(s.trick_log), (s.dealer + 1) % n)
    if team is None:
        return False
    _finish(s, team, _TRICKS, s.tables.steps[s.betting.level])
    return True


def _finish(s: HandState, team: int, how: Outcome, value: int | str) -> None:
    """End the hand: ``team`` wins it ``how``, at ``value``."""
    a, b = s.score
    won = points(s.tables, value, s.score, team)
    score = (a + won, b) if team == 0 else (a, b + won)
    s.phase = _OVER
    s.result = _new(HandResult, (
        team, won, how, value, score, (s.tricks[0], s.tricks[1]),
        team if score[team] >= s.tables.rules.target else None))


class Hand:
    """One hand under a variant, dealt and played. See the module docstring for the API."""

    __slots__ = ("_variant", "_deal", "_s")

    def __init__(self, variant: Variant | str, players: int | None = None,
                 dealer: int | None = None, score: Sequence[int] = (0, 0),
                 deal: Deal | None = None, seed: int | None = None,
                 rng: random.Random | None = None):
        variant = as_variant(variant)
        tables = compile_variant(variant)
        n = tables.rules.default_players if players is None else players
        check_players(variant, n)
        dealer, start = check_start(tables, n, dealer, score)
        size = tables.rules.hand_size
        if deal is None:
            deal = draw_deal(rng if rng is not None else random.Random(seed or 0), n, size)
        elif len(deal.hands) != n or any(len(h) != size for h in deal.hands):
            raise InputError.at(_("the deal must give {size} cards to each of {players} "
                                  "players").format(size=size, players=n))
        elif len(set(deal.cards())) != n * size + 1:
            raise InputError.at(_("the deal gives a card twice"),
                                hint=_("every card of the deal must be different"))
        self._setup(variant, tables, n, dealer, start, deal)

    def _setup(self, variant: Variant, tables: Tables, players: int, dealer: int,
               score: tuple[int, int], deal: Deal) -> None:
        """The state of a fresh hand, from arguments already checked (here, or by the
        game that deals it)."""
        self._variant = variant
        self._deal = deal
        dealt, up = deal
        s = self._s = HandState()
        s.tables = tables
        s.tt = tables.by_trump[up // 10]
        s.players = players
        s.dealer = dealer
        s.score = score
        s.up = up
        # Each seat's cards and its play actions, card for card (the legal actions when
        # all are legal). Plain loops: cheaper than nested comprehensions, once a hand.
        hands: list[list[Card]] = []
        plays: list[list[Action]] = []
        for row, cards in zip(_PLAYS, dealt):
            hands.append(list(cards))
            seat_plays: list[Action] = []
            for card in cards:
                seat_plays.append(row[card])
            plays.append(seat_plays)
        s.hands, s.plays = hands, plays
        s.phase = _PLAY
        s.leader = s.turn = (dealer + 1) % players
        s.trick = []
        s.tricks = [0, 0]
        s.trick_log = []
        s.betting = Betting.start(dealer, players)
        s.result = None
        s.history = []

    # -- what was dealt ------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        return self._variant

    @property
    def players(self) -> int:
        return self._s.players

    @property
    def deal(self) -> Deal:
        """The cards the hand was dealt."""
        return self._deal

    @property
    def score(self) -> tuple[int, int]:
        """The score before the hand (the result has the score after it)."""
        return self._s.score

    # -- where it stands -------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._s.phase

    @property
    def is_over(self) -> bool:
        return self._s.phase is _OVER

    @property
    def result(self) -> HandResult | None:
        """How the hand ended (None while it is played)."""
        return self._s.result

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied, in order."""
        return tuple(self._s.history)

    @property
    def current_seat(self) -> int | None:
        """The one seat to act now (None once the hand is over).

        While cards are played, the seat whose turn it is; facing a raise, the seat the
        rule ``default_answerer`` names (the player after the raiser). Under
        ``answer_by: team`` any other seat of the answering team may answer as well: its
        observation's ``legal`` says so, and ``to_act`` lists every seat that may act."""
        s = self._s
        phase = s.phase
        if phase is _PLAY:
            return s.turn
        if phase is _ANSWER:
            return answering_seat(s.betting)
        return None

    def observation(self, seat: int | None = None, *, past: tuple[HandRecord, ...] = (),
                    games_won: tuple[int, int] = (0, 0)) -> Observation:
        """What ``seat`` (by default the current seat) may know of this hand: an
        immutable :class:`~rentoy.engine.Observation`, with the public records of the
        earlier hands (``past``) and the games won so far, as a game or a match knows
        them."""
        if seat is None:
            seat = self.current_seat
            if seat is None:
                raise ValueError("the hand is over: no seat is to act; name the seat")
        return observe(self._variant, self._s, seat, self.legal_actions(seat)
                       if isinstance(seat, int) and 0 <= seat < self._s.players else (),
                       past, games_won)

    # -- legality ------------------------------------------------------------------

    # The one reading of what a seat may do, shared with Game (see _legal_actions).
    legal_actions = _legal_actions

    def refusal(self, action: Action | str) -> IllegalAction | None:
        """Why ``action`` would be refused now (its ``reason`` a key of
        :data:`~rentoy.engine.REASONS`), or None if it is legal."""
        action = _as_action(action)
        refused = refusal_of(self._s, action)
        return None if refused is None else self._illegal(action, refused)

    def can(self, action: Action | str) -> bool:
        """Whether ``action`` is legal now."""
        return refusal_of(self._s, _as_action(action)) is None

    def check(self, action: Action | str) -> Action:
        """Raise :class:`IllegalAction` if ``action`` is not legal now; return it parsed."""
        action = _as_action(action)
        refused = refusal_of(self._s, action)
        if refused is not None:
            raise self._illegal(action, refused)
        return action

    def _illegal(self, action: Action, refused: Refusal) -> IllegalAction:
        rule = refused.rule
        prov = self._variant.provenance.get(rule)
        return IllegalAction(refused.code, refused.message(self, action), action=action,
                             rule=rule, variant=self._variant.id,
                             source=prov.source if prov else ())

    # -- transitions ---------------------------------------------------------------

    def apply(self, action: Action | str) -> Event:
        """Apply a legal action and describe its effect; refuse an illegal one.

        Raises :class:`~rentoy.core.errors.IllegalAction` and leaves the state unchanged
        when the rules refuse the action.
        """
        parsed = Action.parse(action) if isinstance(action, str) else action
        s = self._s
        refused = refusal_of(s, parsed)
        if refused is not None:
            raise self._illegal(parsed, refused)
        kind = parsed.kind
        dead = (kind == RAISE or kind == GAME_CALL) and raise_is_dead(s.tables, s.score,
                                                                      s.betting)
        log = s.trick_log
        tricks_before = len(log)
        self.apply_unchecked(parsed)
        betting, result = s.betting, s.result
        right = betting.right
        return Event(parsed, s.tables.steps[betting.level] if result is None else result.value,
                     s.phase is _ANSWER, None if right < 0 else TEAMS[right], dead,
                     log[-1] if len(log) > tricks_before else None, result)

    # The one application of an action, shared with Game (see _apply_unchecked).
    apply_unchecked = _apply_unchecked

    def _ended(self) -> bool:
        """What follows the hand's last action: nothing (a game deals the next hand)."""
        return True

    # -- copying and comparing -----------------------------------------------------

    def clone(self) -> Hand:
        """An independent copy: applying actions to one leaves the other as it was."""
        new = Hand.__new__(Hand)
        new._variant, new._deal = self._variant, self._deal
        s, c = self._s, HandState()
        c.tables, c.tt, c.players, c.dealer, c.score, c.up = (s.tables, s.tt, s.players,
                                                              s.dealer, s.score, s.up)
        c.hands = [h[:] for h in s.hands]
        c.plays = [p[:] for p in s.plays]
        c.phase, c.turn, c.leader = s.phase, s.turn, s.leader
        c.trick, c.tricks, c.trick_log = s.trick[:], s.tricks[:], s.trick_log[:]
        c.betting, c.result, c.history = s.betting, s.result, s.history[:]
        new._s = c
        return new

    __copy__ = clone

    def __deepcopy__(self, memo: dict[int, object]) -> Hand:
        return self.clone()

    def __getstate__(self) -> tuple[Variant, Deal, dict[str, object]]:
        s = self._s
        return (self._variant, self._deal,
                {name: getattr(s, name) for name in HandState.__slots__
                 if name not in ("tables", "tt")})

    def __setstate__(self, state: tuple[Variant, Deal, dict[str, object]]) -> None:
        variant, deal, fields = state
        self._variant, self._deal = variant, deal
        s = self._s = HandState()
        s.tables = compile_variant(variant)
        s.tt = s.tables.by_trump[deal.up // 10]
        for name, value in fields.items():
            setattr(s, name, value)

    def _key(self) -> tuple[object, ...]:
        s = self._s
        return (self._variant.id, s.players, s.dealer, s.score, tuple(map(tuple, s.hands)),
                self._deal.up, s.phase, s.turn, s.leader, tuple(s.trick), tuple(s.tricks),
                tuple(s.trick_log), s.betting, s.result, tuple(s.history))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        s = self._s
        return (f"<Hand {self._variant.id} {s.players}p up={self._deal.up} "
                f"value={s.tables.steps[s.betting.level]} phase={s.phase} "
                f"tricks={s.tricks}>")


def max_hand_actions(tables: Tables, players: int) -> int:
    """A bound on the actions of one hand: every card played, and each step of the
    ladder (and the whole game) raised and accepted (a fold ends the hand instead)."""
    tricks: int = tables.rules.tricks
    return players * tricks + 2 * (len(tables.steps) - 1)


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
