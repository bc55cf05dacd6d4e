"""Every rule of a hand, once: who may do what (each refusal declared with its reason),
and what comes of it (who wins a trick, when a hand ends, what it pays).

A hand's state is a :class:`HandState` (the :class:`~rentoy.engine.Hand` keeps one to
itself); its betting is a small frozen :class:`Betting` value, the same one an
:class:`~rentoy.engine.Observation` shows and a reader of the table replays with
:func:`bet`. The predicates read the state (or the betting alone) and the compiled
:class:`~rentoy.engine.tables.Tables`, and return the :class:`Refusal` that forbids an
action, or None when the rules allow it. Each refusal is declared once, below, with
its stable reason code, the rule of the rule table behind it (:mod:`rentoy.model.ruletable`),
what it means and how its message is worded. The messages are worded only when an action
is refused, in the language spoken then (``rentoy.i18n``); the predicates never ask
for a translation.

Everything that says whether an action is legal comes from these predicates:
:meth:`Hand.legal_actions <rentoy.engine.Hand.legal_actions>` asks, for each kind of
action, the same check that :meth:`~rentoy.engine.Hand.can`,
:meth:`~rentoy.engine.Hand.check` and the messages ask (:func:`legal_cards` for the
cards, :func:`answer_refusal` for the answers, :func:`raise_rule_refusal` for the
raises), and the outcomes of a hand are the functions at the end of this module.

The rules, by predicate:

- :func:`refusal_of`: ``turn_order`` (nothing once the hand is over; what an action is)
  and ``players`` (the seats at the table), then the predicate of the action.
- :func:`play_refusal`: ``raise_when`` (no card while a raise waits), ``turn_order``,
  ``hand_size`` (a player plays the cards dealt to him), then the duties of
  :func:`legal_cards`: ``arrastre`` and ``follow_suit``.
- :func:`raise_refusal`: ``raise_when`` (in answer, or on one's turn), then
  :func:`raise_rule_refusal`: ``ladder`` (no step above the top), or for the call for
  the whole game :func:`game_call_refusal`: ``juego_fuera``; both then ask the one
  seat-level gate of raising the stakes, :func:`stakes_refusal`: ``raise_right`` (after
  an accept, who may raise).
- :func:`answer_refusal` and :func:`answering_seat`: ``answer_by`` (who may answer a
  raise) and ``default_answerer`` (the seat that answers when one must act).
- :func:`right_after_accept`: ``raise_right`` again, who holds the right after an accept.
- :func:`trick_winner`: ``trick_winner`` (the led suit or a trump wins the trick);
  :func:`hand_end`: ``tricks``, ``tricks_to_win`` and ``stop_when_decided``;
  :func:`points`: what a hand settled at a value scores; :func:`fold_value`:
  ``fold_pays``; :func:`decides_game` and :func:`raise_is_dead`: when a raise is dead
  (reported, not refused).

>>> from rentoy.engine import Hand, Deal
>>> deal = Deal.parse([["3c", "6b", "7e"], ["12c", "2b", "4e"], ["2c", "1o", "5e"],
...                    ["11c", "3b", "6e"]], up="5o")
>>> hand = Hand("1737", deal=deal)
>>> refused = hand.refusal("1 raise")
>>> refused.reason, refused.rule
('not-your-turn', 'raise_when')
>>> hand.can("0 raise")
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Callable, NamedTuple, Sequence, TypeVar

from ..model.cards import Card
from ..core.i18n import N_, _, language
from .actions import ACCEPT, FOLD, GAME_CALL, KINDS, PLAY, RAISE, Action
from .tables import ARRASTRE_NONE, ARRASTRE_OVERTRUMP, Tables, TrumpTables

if TYPE_CHECKING:
    from .hand import Deal, Hand, HandResult, TrickRecord

__all__ = ["Phase", "Outcome", "TEAMS", "Betting", "HandState", "Refusal", "REFUSALS",
           "REASONS", "refusal_of", "play_refusal", "duty_refusal", "duties", "raise_refusal",
           "raise_rule_refusal", "game_call_refusal", "stakes_refusal", "answer_refusal",
           "answering_seat", "right_after_accept", "bet", "cards_left", "legal_cards",
           "trick_winner", "best_power", "hand_end", "points", "fold_value", "decides_game",
           "raise_is_dead"]


class Phase(str, Enum):
    """Where a hand stands: cards being played, a raise waiting for its answer, over."""

    PLAY = "play"
    ANSWER = "answer"
    OVER = "over"

    def __str__(self) -> str:
        return self.value


class Outcome(str, Enum):
    """How a hand ended: on the tricks, or on a refused raise."""

    TRICKS = "tricks"
    FOLD = "fold"

    def __str__(self) -> str:
        return self.value


#: Team names: team A holds the even seats, team B the odd ones.
TEAMS: tuple[str, str] = ("A", "B")
# The members as plain names: looking a member up on its class is slow in the inner loop.
_PLAY, _ANSWER, _OVER = Phase.PLAY, Phase.ANSWER, Phase.OVER


class Betting(NamedTuple):
    """The betting of a hand at one moment: everything the rules of raising read.

    ``level`` is the ladder step on the table (the raised one while a raise waits) and
    ``accepted`` the last step both teams agreed to; ``raiser`` the seat whose raise
    waits for an answer (-1: none); ``right`` the team that may raise next (-1: both);
    ``raises`` the raises made so far in the hand (a call for the whole game counts as
    one); ``dealer`` and ``players`` the table it is played at. Steps index
    :attr:`Tables.steps <rentoy.engine.tables.Tables.steps>`.
    """

    level: int
    accepted: int
    raiser: int
    right: int
    raises: int
    dealer: int
    players: int

    @classmethod
    def start(cls, dealer: int, players: int) -> Betting:
        """The betting before the first action of a hand: the base value, no raise."""
        key = dealer * 64 + players
        found = _STARTS.get(key)
        if found is None:       # made once per table and dealer: every hand starts so
            found = _STARTS[key] = tuple.__new__(cls, (0, 0, -1, -1, 0, dealer, players))
        return found

    @property
    def pending(self) -> bool:
        """Whether a raise waits for an answer."""
        return self.raiser >= 0


_STARTS: dict[int, Betting] = {}


class HandState:
    """The whole state of one hand, hidden cards included: what the predicates read and
    the :class:`~rentoy.engine.Hand` changes. Only the engine holds one; players see a
    hand through its observations."""

    __slots__ = ("tables", "tt", "players", "dealer", "score", "up", "hands", "plays", "phase",
                 "turn", "leader", "trick", "tricks", "trick_log", "betting", "result",
                 "history")

    tables: Tables
    tt: TrumpTables
    players: int
    dealer: int
    score: tuple[int, int]              # the score before the hand
    up: Card                            # the turned-up card
    hands: list[list[Card]]             # each seat's unplayed cards, as dealt
    plays: list[list[Action]]           # each seat's play actions, card for card
    phase: Phase
    turn: int                           # the seat to play (or to raise on its turn)
    leader: int                         # the seat that led the unfinished trick
    trick: list[Card]                   # the unfinished trick, in playing order
    tricks: list[int]                   # tricks won by team A and team B
    trick_log: list[TrickRecord]
    betting: Betting
    result: HandResult | None
    history: list[Action]


@dataclass(frozen=True, eq=False)
class Refusal:
    """One reason an action is refused: its code, the rule behind it, what it means (in
    English, marked for the catalog: ``_(meaning)`` gives it in the language spoken),
    and its message for an action in a given hand (worded from the hand's public face:
    its observations, never its hidden state, in the language spoken)."""

    code: str
    rule: str
    meaning: str
    message: Callable[[Hand, Action], str]


#: Every declared refusal, in the order they are checked.
REFUSALS: list[Refusal] = []


def _refusal(code: str, rule: str, meaning: str
             ) -> Callable[[Callable[[Hand, Action], str]], Refusal]:
    def declare(message: Callable[[Hand, Action], str]) -> Refusal:
        refusal = Refusal(code, rule, meaning, message)
        REFUSALS.append(refusal)
        return refusal
    return declare


def _value_text(value: int | str) -> str:
    """A value of the ladder in a message; the whole-game step (``game``, as the English
    messages have always written it) in words in another language."""
    if isinstance(value, str) and language() != "en":
        return _("the whole game")
    return str(value)


def _ladder_text(tables: Tables) -> str:
    # The whole-game step as one word (``game``, ``partida``): the ladder stays a list.
    return "-".join(_("game") if isinstance(v, str) else str(v) for v in tables.ladder)


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards)) or _("nothing")


def cards_left(deal: Deal, actions: Sequence[Action]) -> tuple[tuple[Card, ...], ...]:
    """Each seat's cards still unplayed after ``actions``, in the order dealt (the public
    record of a hand and its deal say it all; the hand need not be asked).

    >>> from rentoy.engine import Deal
    >>> deal = Deal.parse([["3c", "6b"], ["12c", "2b"]], up="5o")
    >>> [" ".join(map(str, h)) for h in cards_left(deal, [Action.parse("0 play 6b")])]
    ['3c', '12c 2b']
    """
    played = {a.card for a in actions if a.kind == PLAY}
    return tuple(tuple(c for c in dealt if c not in played) for dealt in deal.hands)


def _playable(hand: Hand, seat: int) -> str:
    """The cards ``seat`` may play now, as its observation shows them."""
    legal = [a.card for a in hand.observation(seat).legal if a.card is not None]
    return _cards_text([c for c in legal if c is not None])


# -- turn_order and players -------------------------------------------------------------

@_refusal("hand-over", "turn_order", N_("The hand is over; no action can be taken."))
def HAND_OVER(hand: Hand, a: Action) -> str:
    return _("the hand is over")


@_refusal("no-such-seat", "players",
          N_("The seat is not at the table (seats run from 0 to players-1)."))
def NO_SUCH_SEAT(hand: Hand, a: Action) -> str:
    return _("there is no seat {seat}; seats run from 0 to {last}").format(
        seat=a.seat, last=hand.players - 1)


@_refusal("unknown-action", "turn_order",
          N_("The action kind is not play, raise, game, accept or fold, a play names no "
             "card, or a bet names one."))
def UNKNOWN_ACTION(hand: Hand, a: Action) -> str:
    return _("{action} is not an action: write '<seat> play <card>' or "
             "'<seat> raise|game|accept|fold'").format(action=a)


@_refusal("not-your-turn", "turn_order",
          N_("Only the player whose turn it is may play a card or make a new raise."))
def NOT_YOUR_TURN(hand: Hand, a: Action) -> str:
    return _("it is seat {turn}'s turn, not seat {seat}'s").format(
        turn=hand.current_seat, seat=a.seat)


def refusal_of(state: HandState, action: Action) -> Refusal | None:
    """The refusal that forbids ``action`` now, or None when the rules allow it.

    Rules ``turn_order`` and ``players`` first (an action at all, by a seat at the
    table, while the hand goes on); then the predicate of the kind of action:
    :func:`play_refusal`, :func:`answer_refusal` or :func:`raise_refusal`."""
    if state.phase is _OVER:
        return HAND_OVER
    seat = action.seat
    if not (isinstance(seat, int) and 0 <= seat < state.players):
        return NO_SUCH_SEAT
    kind = action.kind
    if kind == PLAY:
        card = action.card
        return UNKNOWN_ACTION if card is None else play_refusal(state, seat, card)
    if kind not in KINDS or action.card is not None:
        return UNKNOWN_ACTION
    if kind == ACCEPT or kind == FOLD:
        return answer_refusal(state.tables, state.betting, seat)
    return raise_refusal(state, seat, kind == GAME_CALL)


# -- hand_size, arrastre, follow_suit: playing a card ----------------------------------

@_refusal("raise-pending", "raise_when",
          N_("A raise is waiting for an answer; no card is played until it is accepted or "
             "refused."))
def RAISE_PENDING(hand: Hand, a: Action) -> str:
    seen = hand.observation(a.seat)
    raiser = (seen.raiser or 0) & 1
    return _("team {raiser}'s raise to {value} waits for an answer from team {answering}; "
             "no card is played until then").format(
        raiser=TEAMS[raiser], value=_value_text(seen.value), answering=TEAMS[1 - raiser])


@_refusal("card-not-held", "hand_size", N_("The player does not hold that card (any more)."))
def CARD_NOT_HELD(hand: Hand, a: Action) -> str:
    held = cards_left(hand.deal, hand.history)[a.seat]
    return _("seat {seat} does not hold {card}; it holds {held}").format(
        seat=a.seat, card=a.card, held=_cards_text(held))


@_refusal("arrastre", "arrastre",
          N_("A trump was led and the player holds a trump, so he must play one "
             "(rule `arrastre`)."))
def ARRASTRE(hand: Hand, a: Action) -> str:
    return _("a trump was led (arrastre) and seat {seat} holds a trump, so {card} may not "
             "be played; playable: {playable}").format(
        seat=a.seat, card=a.card, playable=_playable(hand, a.seat))


@_refusal("overtrump", "arrastre",
          N_("A trump was led and the player can beat every card in the trick, so he must "
             "(rule `arrastre: overtrump`)."))
def OVERTRUMP(hand: Hand, a: Action) -> str:
    return _("a trump was led and seat {seat} can beat every card in the trick, so {card} "
             "is too low; playable: {playable}").format(
        seat=a.seat, card=a.card, playable=_playable(hand, a.seat))


@_refusal("follow-suit", "follow_suit",
          N_("The player holds a card of the led suit and must play one "
             "(rule `follow_suit`)."))
def FOLLOW_SUIT(hand: Hand, a: Action) -> str:
    return _("seat {seat} holds a card of the led suit, so {card} may not be played; "
             "playable: {playable}").format(
        seat=a.seat, card=a.card, playable=_playable(hand, a.seat))


def play_refusal(state: HandState, seat: int, card: Card) -> Refusal | None:
    """Rules ``raise_when``, ``turn_order``, ``hand_size``, ``arrastre`` and
    ``follow_suit``: whether ``seat`` may play ``card`` now. No raise waits for an
    answer, it is the seat's turn, the seat holds the card, and the duties of
    :func:`legal_cards` allow it."""
    if state.phase is _ANSWER:
        return RAISE_PENDING
    if seat != state.turn:
        return NOT_YOUR_TURN
    held = state.hands[seat]
    if card not in held:
        return CARD_NOT_HELD
    trick = state.trick
    if not trick:
        return None
    tables, tt = state.tables, state.tt
    if card in legal_cards(tables, tt, held, trick):
        return None
    return duty_refusal(tables, tt, trick, card)


def duty_refusal(tables: Tables, tt: TrumpTables, trick: Sequence[int], card: Card
                 ) -> Refusal:
    """The duty (``arrastre``, ``overtrump`` or ``follow-suit``) that keeps ``card``
    off ``trick``, for a held card that :func:`legal_cards` excludes."""
    suit = tt.suit
    led = suit[trick[0]]
    if led == tt.trump and tables.arrastre != ARRASTRE_NONE:
        if suit[card] != led:
            return ARRASTRE
        if tables.arrastre == ARRASTRE_OVERTRUMP:
            return OVERTRUMP
    return FOLLOW_SUIT


def duties(tables: Tables) -> frozenset[str]:
    """The codes of the duties (those :func:`duty_refusal` gives) that the rules
    ``arrastre`` and ``follow_suit`` can hold a follow to: none where any card may
    always be played."""
    out = set()
    if tables.arrastre != ARRASTRE_NONE:
        out.add(ARRASTRE.code)
        if tables.arrastre == ARRASTRE_OVERTRUMP:
            out.add(OVERTRUMP.code)
    if tables.rules.follow_suit:
        out.add(FOLLOW_SUIT.code)
    return frozenset(out)


C = TypeVar("C", bound=int)


def legal_cards(tables: Tables, tt: TrumpTables, hand: list[C], trick: Sequence[int],
                shared: bool = False) -> list[C]:
    """Rules ``arrastre`` and ``follow_suit``: the cards of ``hand`` that may be played to
    ``trick`` (a new list).

    With ``shared``, ``hand`` itself when every card may be played (the caller must not
    change it): the engine's inner loop tells that case apart by identity.

    Which leads bind at all is compiled into the trump tables
    (:attr:`TrumpTables.binds <rentoy.engine.tables.TrumpTables.binds>`): a caller that
    reads a lead binding nothing may take every card as legal without asking."""
    if not trick or not tt.binds[trick[0]]:
        return hand if shared else hand[:]
    suit = tt.suit
    led = suit[trick[0]]
    if led == tt.trump:
        trumps = [c for c in hand if suit[c] == led]
        if not trumps:
            return hand if shared else hand[:]
        if tables.arrastre == ARRASTRE_OVERTRUMP:
            best = best_power(tt, trick)
            power = tt.power
            higher = [c for c in trumps if power[c] > best]
            return higher or trumps
        return trumps
    if tables.rules.follow_suit:
        same = [c for c in hand if suit[c] == led]
        if same:
            return same
    return hand if shared else hand[:]


# -- answer_by and default_answerer ----------------------------------------------------

@_refusal("nothing-to-answer", "answer_by",
          N_("Accept and fold answer a raise, and no raise is waiting."))
def NOTHING_TO_ANSWER(hand: Hand, a: Action) -> str:
    text = (_("no raise is waiting for an answer, so seat {seat} cannot accept")
            if a.kind == ACCEPT else
            _("no raise is waiting for an answer, so seat {seat} cannot fold"))
    return text.format(seat=a.seat)


@_refusal("own-raise", "answer_by",
          N_("A raise is answered by the other team, not by the team that made it."))
def OWN_RAISE(hand: Hand, a: Action) -> str:
    team = a.seat & 1
    return _("seat {seat} is on team {team}, which made the raise; team {other} answers "
             "it").format(seat=a.seat, team=TEAMS[team], other=TEAMS[1 - team])


@_refusal("not-answering-seat", "answer_by",
          N_("Only the player after the raiser may answer the raise "
             "(rule `answer_by: next`)."))
def NOT_ANSWERING_SEAT(hand: Hand, a: Action) -> str:
    return _("seat {answering}, the player after the raiser, answers the raise, not seat "
             "{seat}").format(answering=hand.current_seat, seat=a.seat)


def answering_seat(betting: Betting) -> int:
    """Rule ``default_answerer``: the seat that answers the waiting raise when one seat
    must act (``next``: the player after the raiser, always on the other team)."""
    return (betting.raiser + 1) % betting.players


def answer_refusal(tables: Tables, betting: Betting, seat: int) -> Refusal | None:
    """Rule ``answer_by``: whether ``seat`` may answer (accept, fold or raise again)
    now: a raise waits, by the other team, and under ``answer_by: next`` only the
    player after the raiser answers. Read from the betting alone."""
    raiser = betting.raiser
    if raiser < 0:
        return NOTHING_TO_ANSWER
    if seat & 1 == raiser & 1:
        return OWN_RAISE
    if not tables.answer_by_team and seat != answering_seat(betting):
        return NOT_ANSWERING_SEAT
    return None


# -- raise_when, ladder, raise_right, juego_fuera: raising -------------------------------

@_refusal("not-your-turn", "raise_when",
          N_("Only the player whose turn it is may play a card or make a new raise."))
def RAISE_OUT_OF_TURN(hand: Hand, a: Action) -> str:
    return NOT_YOUR_TURN.message(hand, a)


@_refusal("ladder-top", "ladder",
          N_("The hand is already at the top of the ladder; there is no higher value "
             "(rule `ladder`)."))
def LADDER_TOP(hand: Hand, a: Action) -> str:
    seen = hand.observation(a.seat)
    tables = seen.tables
    if seen.pending:
        return _("{value} is the top of the ladder {ladder}; accept or fold").format(
            value=_value_text(seen.value), ladder=_ladder_text(tables))
    return _("the hand is already worth {value}, the top of the ladder {ladder}").format(
        value=_value_text(seen.value), ladder=_ladder_text(tables))


@_refusal("no-raise-right", "raise_right",
          N_("After a raise is accepted only the accepting team may raise again "
             "(rule `raise_right: acceptor`)."))
def NO_RAISE_RIGHT(hand: Hand, a: Action) -> str:
    team = hand.observation(a.seat).raise_right
    return _("team {team} accepted the last raise, so only team {team} may raise "
             "again").format(team=team)


@_refusal("no-game-call", "juego_fuera",
          N_("The variant has no call that raises the hand straight to the whole game "
             "(rule `juego_fuera: none`)."))
def NO_GAME_CALL(hand: Hand, a: Action) -> str:
    return _("variant {variant} has no call for the whole game (juego fuera); raise one "
             "step at a time").format(variant=hand.variant.id)


@_refusal("game-call-in-answer", "juego_fuera",
          N_("The whole game (juego fuera) is called only in answer to a raise "
             "(rule `juego_fuera: answer`)."))
def GAME_CALL_IN_ANSWER(hand: Hand, a: Action) -> str:
    return _("the whole game (juego fuera) is called only in answer to a raise, not on "
             "one's turn; raise instead")


@_refusal("whole-game", "juego_fuera",
          N_("The hand is already played for the whole game; nothing can be raised above "
             "it."))
def WHOLE_GAME(hand: Hand, a: Action) -> str:
    return _("the hand is already played for the whole game")


def raise_refusal(state: HandState, seat: int, game: bool = False) -> Refusal | None:
    """Rule ``raise_when``: a raise (``game``: the call for the whole game) is made in
    answer to a raise, by a seat that may answer it (:func:`answer_refusal`), or by the
    player whose turn it is, before he plays; then :func:`raise_rule_refusal`."""
    betting = state.betting
    if state.phase is _PLAY:
        if seat != state.turn:
            return RAISE_OUT_OF_TURN
    else:
        refused = answer_refusal(state.tables, betting, seat)
        if refused is not None:
            return refused
    if game:
        return game_call_refusal(state.tables, betting, seat)
    return raise_rule_refusal(state.tables, betting, seat)


def raise_rule_refusal(tables: Tables, betting: Betting, seat: int) -> Refusal | None:
    """Rules ``ladder`` and ``raise_right``, once the seat may act (its turn, or its
    answer, settled): whether ``seat`` may raise the hand one step. Never above the top
    of the ladder (nor above the whole game once it is called), and after an accept under
    ``raise_right: acceptor`` only by the accepting team. Read from the betting alone, so
    a reader of the table asks it too; :func:`game_call_refusal` is its counterpart for
    the call for the whole game."""
    if betting.level >= tables.top_level:
        whole = tables.game_level
        return WHOLE_GAME if 0 <= whole <= betting.level else LADDER_TOP
    return stakes_refusal(tables, betting, seat)


def game_call_refusal(tables: Tables, betting: Betting, seat: int) -> Refusal | None:
    """Rules ``juego_fuera`` and ``raise_right``, once the seat may act: whether ``seat``
    may call the whole game now. Only where the variant has the call, below the whole
    game, under ``juego_fuera: answer`` only in answer to a raise, and after an accept
    under ``raise_right: acceptor`` only by the accepting team."""
    whole = tables.game_level
    if whole < 0:
        return NO_GAME_CALL
    if betting.level >= whole:
        return WHOLE_GAME
    if betting.raiser < 0 and tables.game_call_in_answer:
        return GAME_CALL_IN_ANSWER
    return stakes_refusal(tables, betting, seat)


def stakes_refusal(tables: Tables, betting: Betting, seat: int) -> Refusal | None:
    """Rule ``raise_right``, and every rule of which seat may raise the stakes: the one
    gate of a raise (:func:`raise_rule_refusal`) and of the call for the whole game
    (:func:`game_call_refusal`), asked once the seat may act and the step itself is
    allowed. After an accept under ``raise_right: acceptor`` only the accepting team may
    raise, unless it answers a raise. A new rule of who may raise goes here, so that it
    holds for every way of raising."""
    if betting.raiser < 0:
        right = betting.right
        if right >= 0 and right != seat & 1:
            return NO_RAISE_RIGHT
    return None


def right_after_accept(tables: Tables, seat: int) -> int:
    """Rule ``raise_right``: the team that may raise after ``seat`` accepts a raise
    (``acceptor``: the accepting team), or -1 when both teams may (``any``)."""
    return seat & 1 if tables.acceptor_right else -1


def bet(tables: Tables, betting: Betting, action: Action) -> Betting:
    """The betting after a legal bet (raise, game, accept; a fold ends the hand and
    leaves the betting as it was): what the engine applies and a reader of the table
    replays. A raise in answer to a raise accepts the raised value first."""
    kind, seat = action.kind, action.seat
    # Made as plain tuples of the class: several times cheaper than _replace.
    level, accepted, raiser, right, raises, dealer, players = betting
    if kind == RAISE or kind == GAME_CALL:
        to = level + 1 if kind == RAISE else tables.game_level
        return _new(Betting, (to, level, seat, right, raises + 1, dealer, players))
    if kind == ACCEPT:
        return _new(Betting, (level, level, -1, right_after_accept(tables, seat), raises,
                              dealer, players))
    return betting


_new = tuple.__new__


# -- trick_winner, tricks, tricks_to_win, stop_when_decided: outcomes ---------------------

def trick_winner(tt: TrumpTables, trick: Sequence[int]) -> int:
    """Rule ``trick_winner``: the position (0 = the leader) of the card that wins
    ``trick``. Under ``highest-led-or-trump`` only a top card, a trump, or a card of the
    led suit can win, and the highest of those does; ranks are unique, so there are no
    ties."""
    led = tt.suit[trick[0]]
    power, suit, always = tt.power, tt.suit, tt.always
    best, at = -1, 0
    for i, card in enumerate(trick):
        if always[card] or suit[card] == led:
            p = power[card]
            if p > best:
                best, at = p, i
    return at


def best_power(tt: TrumpTables, trick: Sequence[int]) -> int:
    """The power of the card now winning ``trick`` (0 for an empty trick)."""
    return tt.power[trick[trick_winner(tt, trick)]] if trick else 0


def hand_end(tables: Tables, won: Sequence[int], done: int, mano: int) -> int | None:
    """Rules ``tricks``, ``tricks_to_win`` and ``stop_when_decided``: the team (0 = A,
    1 = B) that wins the hand once ``done`` tricks are finished with ``won`` taken by
    each team, or None while the hand goes on. ``mano`` is the seat that led the first
    trick. A team that reaches ``tricks_to_win`` ends the hand when
    ``stop_when_decided`` holds; otherwise the team with more tricks after the last."""
    a, b = won[0], won[1]
    if tables.rules.stop_when_decided:
        to_win = tables.rules.tricks_to_win
        if a >= to_win:
            return 0
        if b >= to_win:
            return 1
    if done >= tables.rules.tricks:
        return 0 if a > b else 1
    return None


def points(tables: Tables, value: int | str, score: Sequence[int], team: int) -> int:
    """What ``team`` scores for a hand settled at ``value`` from ``score``: the value,
    or for the whole-game step what ``team`` lacks of the target."""
    if isinstance(value, str):       # the whole-game step
        target: int = tables.rules.target
        return max(target - score[team], 0)
    return value


def fold_value(tables: Tables, betting: Betting) -> int | str:
    """Rule ``fold_pays``: the value a fold of the waiting raise pays the raising team
    (``accepted``: the last value both agreed to, the value before the refused raise)."""
    return tables.steps[betting.accepted]


def decides_game(tables: Tables, score: Sequence[int], value: int | str) -> bool:
    """Whether a hand worth ``value`` ends the game whichever team wins it."""
    if isinstance(value, str):       # the whole-game step
        return True
    target: int = tables.rules.target
    return score[0] + value >= target and score[1] + value >= target


def raise_is_dead(tables: Tables, score: Sequence[int], betting: Betting) -> bool:
    """Whether a raise now would be dead: the value it would accept or raise from
    already decides the game for both teams. Reported, never refused."""
    return decides_game(tables, score, tables.steps[betting.level])


#: Every reason code an action can be refused with, and what it means.
REASONS: dict[str, str] = {}
for _declared in REFUSALS:
    REASONS.setdefault(_declared.code, _declared.meaning)
