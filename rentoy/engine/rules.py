"""Every duty and right of a hand, each one predicate in this module.

A predicate reads the state of a :class:`~rentoy.engine.Hand` (and its compiled
tables) and returns the :class:`Refusal` that forbids an action, or None when the
rules allow it. Each refusal is declared once, below, with its stable reason code,
the variant rule behind it (a key of ``variants/schema.json``), what it means and how
its message is worded. :meth:`Hand.legal_actions <rentoy.engine.Hand.legal_actions>`,
:meth:`~rentoy.engine.Hand.refusal`, :meth:`~rentoy.engine.Hand.check`, the messages
and the narration of walkthroughs all come from these predicates; nothing else
decides whether an action is legal.

The rules, by predicate:

- :func:`refusal_of`: ``turn_order`` (nothing once the hand is over; what an action
  is) and ``players`` (the seats at the table), then the predicate of the action.
- :func:`play_refusal`: ``raise_when`` (no card while a raise waits), ``turn_order``,
  ``hand_size`` (a player plays the cards dealt to him), ``arrastre`` and
  ``follow_suit`` (the duties when a card is led).
- :func:`raise_refusal`: ``raise_when`` (in answer or on one's turn), then
  :func:`step_refusal`: ``ladder`` (no step above the top) and ``raise_right`` (after
  an accept, who may raise).
- :func:`answer_refusal` and :func:`answering_seat`: ``answer_by`` (who may answer a
  raise) and ``default_answerer`` (the seat that answers when one must act).
- :func:`right_after_accept`: ``raise_right`` again, who holds the right after an
  accept.
- :func:`fold_value`: ``fold_pays``; :func:`decides_game` and
  :func:`raise_is_dead`: when a raise is dead (reported, not refused).

>>> from rentoy.engine import Hand, Deal
>>> deal = Deal.parse([["3c", "6b", "7e"], ["12c", "2b", "4e"], ["2c", "1o", "5e"],
...                    ["11c", "3b", "6e"]], up="5o")
>>> hand = Hand("1737", deal=deal)
>>> raise_refusal(hand, 1).code, raise_refusal(hand, 1).rule
('not-your-turn', 'raise_when')
>>> raise_refusal(hand, 0) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Callable

from ..cards import Card
from .actions import ACCEPT, FOLD, KINDS, PLAY, Action
from .play import legal_cards
from .tables import ARRASTRE_NONE, ARRASTRE_OVERTRUMP, Tables, TrumpTables

if TYPE_CHECKING:
    from .hand import Hand

__all__ = ["Phase", "Outcome", "Refusal", "REFUSALS", "REASONS", "refusal_of",
           "play_refusal", "duty_refusal", "raise_refusal", "step_refusal", "answer_refusal",
           "answering_seat", "right_after_accept", "fold_value", "decides_game", "raise_is_dead"]


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


@dataclass(frozen=True, eq=False)
class Refusal:
    """One reason an action is refused: its code, the rule behind it, what it means,
    and its message for an action in a given hand."""

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


def _ladder_text(tables: Tables) -> str:
    return "-".join(str(v) for v in tables.ladder)


def _cards_text(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(map(str, cards)) or "nothing"


# -- turn_order and players -------------------------------------------------------------

@_refusal("hand-over", "turn_order", "The hand is over; no action can be taken.")
def HAND_OVER(hand: Hand, a: Action) -> str:
    return "the hand is over"


@_refusal("no-such-seat", "players",
          "The seat is not at the table (seats run from 0 to players-1).")
def NO_SUCH_SEAT(hand: Hand, a: Action) -> str:
    return f"there is no seat {a.seat}; seats run from 0 to {hand.players - 1}"


@_refusal("unknown-action", "turn_order",
          "The action kind is not play, raise, accept or fold, a play names no card, "
          "or a bet names one.")
def UNKNOWN_ACTION(hand: Hand, a: Action) -> str:
    return f"{a} is not an action: write '<seat> play <card>' or '<seat> raise|accept|fold'"


@_refusal("not-your-turn", "turn_order",
          "Only the player whose turn it is may play a card or make a new raise.")
def NOT_YOUR_TURN(hand: Hand, a: Action) -> str:
    return f"it is seat {hand.turn}'s turn, not seat {a.seat}'s"


def right_after_accept(tables: Tables, seat: int) -> int:
    """Rule ``raise_right``: the team that may raise after ``seat`` accepts a raise
    (``acceptor``: the accepting team), or -1 when both teams may (``any``)."""
    return seat & 1 if tables.acceptor_right else -1


def refusal_of(hand: Hand, action: Action) -> Refusal | None:
    """The refusal that forbids ``action`` now, or None when the rules allow it.

    Rules ``turn_order`` and ``players`` first (an action at all, by a seat at the
    table, while the hand goes on); then the predicate of the kind of action:
    :func:`play_refusal`, :func:`answer_refusal` or :func:`raise_refusal`."""
    if hand.phase is _OVER:
        return HAND_OVER
    seat = action.seat
    if not (isinstance(seat, int) and 0 <= seat < hand.players):
        return NO_SUCH_SEAT
    kind = action.kind
    if kind == PLAY:
        card = action.card
        return UNKNOWN_ACTION if card is None else play_refusal(hand, seat, card)
    if kind not in KINDS or action.card is not None:
        return UNKNOWN_ACTION
    if kind == ACCEPT or kind == FOLD:
        return answer_refusal(hand, seat)
    return raise_refusal(hand, seat)


# -- hand_size, arrastre, follow_suit: playing a card ----------------------------------

@_refusal("raise-pending", "raise_when",
          "A raise is waiting for an answer; no card is played until it is accepted or "
          "refused.")
def RAISE_PENDING(hand: Hand, a: Action) -> str:
    raiser = hand.raiser & 1
    return (f"team {TEAMS[raiser]}'s raise to {hand.value} waits for an answer from team "
            f"{TEAMS[1 - raiser]}; no card is played until then")


def _playable(hand: Hand, seat: int) -> str:
    return _cards_text(legal_cards(hand.tables, hand.tt, hand.hands[seat], hand.trick))


@_refusal("card-not-held", "hand_size", "The player does not hold that card (any more).")
def CARD_NOT_HELD(hand: Hand, a: Action) -> str:
    return f"seat {a.seat} does not hold {a.card}; it holds {_cards_text(hand.hands[a.seat])}"


@_refusal("arrastre", "arrastre",
          "A trump was led and the player holds a trump, so he must play one "
          "(rule `arrastre`).")
def ARRASTRE(hand: Hand, a: Action) -> str:
    return (f"a trump was led (arrastre) and seat {a.seat} holds a trump, so {a.card} may not "
            f"be played; playable: {_playable(hand, a.seat)}")


@_refusal("overtrump", "arrastre",
          "A trump was led and the player can beat every card in the trick, so he must "
          "(rule `arrastre: overtrump`).")
def OVERTRUMP(hand: Hand, a: Action) -> str:
    return (f"a trump was led and seat {a.seat} can beat every card in the trick, so {a.card} "
            f"is too low; playable: {_playable(hand, a.seat)}")


@_refusal("follow-suit", "follow_suit",
          "The player holds a card of the led suit and must play one (rule `follow_suit`).")
def FOLLOW_SUIT(hand: Hand, a: Action) -> str:
    return (f"seat {a.seat} holds a card of the led suit, so {a.card} may not be played; "
            f"playable: {_playable(hand, a.seat)}")


def play_refusal(hand: Hand, seat: int, card: Card) -> Refusal | None:
    """Rules ``raise_when``, ``turn_order``, ``hand_size``, ``arrastre`` and
    ``follow_suit``: whether ``seat`` may play ``card`` now. No raise waits for an
    answer, it is the seat's turn, the seat holds the card, and the duties of
    ``legal_cards`` (of ``rentoy.engine.play``) allow it."""
    if hand.phase is _ANSWER:
        return RAISE_PENDING
    if seat != hand.turn:
        return NOT_YOUR_TURN
    held = hand.hands[seat]
    if card not in held:
        return CARD_NOT_HELD
    trick = hand.trick
    if not trick:
        return None
    tables, tt = hand.tables, hand.tt
    if card in legal_cards(tables, tt, held, trick):
        return None
    return _duty(tables, tt, trick, card)


def duty_refusal(tables: Tables, tt: TrumpTables, trick: list[Card], card: Card) -> Refusal:
    """The duty (``arrastre``, ``overtrump`` or ``follow-suit``) that keeps ``card``
    off ``trick``, for a held card that ``legal_cards`` excludes: what
    :func:`play_refusal` answers for it, without a :class:`Hand`."""
    return _duty(tables, tt, trick, card)


def _duty(tables: Tables, tt: TrumpTables, trick: list[Card], card: Card) -> Refusal:
    """The duty a card played against the rules breaks."""
    suit = tt.suit
    led = suit[trick[0]]
    if led == tt.trump and tables.arrastre != ARRASTRE_NONE:
        if suit[card] != led:
            return ARRASTRE
        if tables.arrastre == ARRASTRE_OVERTRUMP:
            return OVERTRUMP
    return FOLLOW_SUIT


# -- answer_by and default_answerer ----------------------------------------------------

@_refusal("nothing-to-answer", "answer_by",
          "Accept and fold answer a raise, and no raise is waiting.")
def NOTHING_TO_ANSWER(hand: Hand, a: Action) -> str:
    return f"no raise is waiting for an answer, so seat {a.seat} cannot {a.kind}"


@_refusal("own-raise", "answer_by",
          "A raise is answered by the other team, not by the team that made it.")
def OWN_RAISE(hand: Hand, a: Action) -> str:
    team = a.seat & 1
    return (f"seat {a.seat} is on team {TEAMS[team]}, which made the raise; "
            f"team {TEAMS[1 - team]} answers it")


@_refusal("not-answering-seat", "answer_by",
          "Only the player after the raiser may answer the raise (rule `answer_by: next`).")
def NOT_ANSWERING_SEAT(hand: Hand, a: Action) -> str:
    return (f"seat {answering_seat(hand)}, the player after the raiser, answers the raise, "
            f"not seat {a.seat}")


def answering_seat(hand: Hand) -> int:
    """Rule ``default_answerer``: the seat that answers the waiting raise when one seat
    must act (``next``: the player after the raiser, always on the other team)."""
    return (hand.raiser + 1) % hand.players


def answer_refusal(hand: Hand, seat: int) -> Refusal | None:
    """Rule ``answer_by``: whether ``seat`` may answer (accept, fold or raise again)
    now: a raise waits, by the other team, and under ``answer_by: next`` only the
    player after the raiser answers."""
    if hand.phase is not _ANSWER:
        return NOTHING_TO_ANSWER
    if seat & 1 == hand.raiser & 1:
        return OWN_RAISE
    if not hand.tables.answer_by_team and seat != answering_seat(hand):
        return NOT_ANSWERING_SEAT
    return None


# -- raise_when, ladder, raise_right: raising --------------------------------------------

@_refusal("not-your-turn", "raise_when",
          "Only the player whose turn it is may play a card or make a new raise.")
def RAISE_OUT_OF_TURN(hand: Hand, a: Action) -> str:
    return f"it is seat {hand.turn}'s turn, not seat {a.seat}'s"


@_refusal("ladder-top", "ladder",
          "The hand is already at the top of the ladder; there is no higher value "
          "(rule `ladder`).")
def LADDER_TOP(hand: Hand, a: Action) -> str:
    if hand.phase is _ANSWER:
        return f"{hand.value} is the top of the ladder {_ladder_text(hand.tables)}; accept or fold"
    return (f"the hand is already worth {hand.value}, the top of the ladder "
            f"{_ladder_text(hand.tables)}")


@_refusal("no-raise-right", "raise_right",
          "After a raise is accepted only the accepting team may raise again "
          "(rule `raise_right: acceptor`).")
def NO_RAISE_RIGHT(hand: Hand, a: Action) -> str:
    team = TEAMS[hand.right]
    return f"team {team} accepted the last raise, so only team {team} may raise again"


def raise_refusal(hand: Hand, seat: int) -> Refusal | None:
    """Rules ``raise_when``, ``ladder`` and ``raise_right``: whether ``seat`` may raise
    now. A raise is made in answer to a raise (by a seat that may answer it) or by the
    player whose turn it is, before he plays; never above the top of the ladder; and,
    after an accept under ``raise_right: acceptor``, only by the accepting team."""
    if hand.phase is _PLAY:
        if seat != hand.turn:
            return RAISE_OUT_OF_TURN
        return step_refusal(hand.tables, hand.level, hand.right, seat & 1)
    refused = answer_refusal(hand, seat)
    if refused is not None:
        return refused
    return step_refusal(hand.tables, hand.level, -1, seat & 1)


def step_refusal(tables: Tables, level: int, right: int, team: int) -> Refusal | None:
    """Rules ``ladder`` and ``raise_right`` from the betting alone: whether ``team`` may
    raise from ladder step ``level`` when ``right`` holds the right to raise (-1: both
    teams; answering a raise, pass -1). :func:`raise_refusal` asks it once the turn is
    settled; a reader of the betting who cannot see the cards asks it too."""
    if level >= tables.top_level:
        return LADDER_TOP
    if right >= 0 and right != team:
        return NO_RAISE_RIGHT
    return None


# -- fold_pays and dead raises ------------------------------------------------------------

def fold_value(tables: Tables, level: int) -> int | str:
    """Rule ``fold_pays``: the value a fold of the raise to ladder step ``level`` pays
    the raising team (``accepted``: the step before, the last value both agreed to)."""
    return tables.ladder[level - 1]


def decides_game(tables: Tables, score: tuple[int, int], value: int | str) -> bool:
    """Whether a hand worth ``value`` ends the game whichever team wins it."""
    if isinstance(value, str):       # the whole-game step
        return True
    target: int = tables.rules.target
    return score[0] + value >= target and score[1] + value >= target


def raise_is_dead(hand: Hand) -> bool:
    """Whether a raise now would be dead: the value it would accept or raise from
    already decides the game for both teams. Reported, never refused."""
    return decides_game(hand.tables, hand.start_score, hand.tables.ladder[hand.level])


#: Every reason code an action can be refused with, and what it means.
REASONS: dict[str, str] = {}
for _declared in REFUSALS:
    REASONS.setdefault(_declared.code, _declared.meaning)
