"""What a step of a walkthrough says: the call a player makes, and its effect in words.

Each function reads the variant, the action and the hand's state before and after
it, and returns English sentences; the first remark of a step says what happened,
the others what follows from it (an arrastre, a trick won, a dead raise, the hand
or the game decided). A refused action gets the refusal's reason, rule and source.

>>> value_text(9), value_text("game")
('9', 'the whole game')
>>> legal_under_text(("1598", "1737", "1737+borrego", "avila+borrego"))
'1598, 1737, avila+borrego (and 1 more with options)'
"""

from __future__ import annotations

from typing import Iterable

from ..cards import SUITS, Card
from ..glossary import raise_gloss
from ..engine import ACCEPT, FOLD, PLAY, RAISE, TEAMS, Action, Event, team_of
from ..engine.tables import ARRASTRE_NONE, ARRASTRE_OVERTRUMP, compile_variant
from ..errors import IllegalAction
from ..glossary import gloss
from ..variant import Variant
from .state import Snapshot

__all__ = ["call_for", "gloss_for", "step_remarks", "refusal_remarks", "value_text",
           "card_text", "legal_under_text", "team_of_seat", "score_text",
           "join_words"]


def team_of_seat(seat: int) -> str:
    """The team name of a seat: A for even seats, B for odd ones."""
    return TEAMS[team_of(seat)]


def value_text(value: int | str) -> str:
    """A ladder value as prose: a number, or "the whole game"."""
    return "the whole game" if value == "game" else str(value)


def card_text(card: Card, trump: str | None = None, top: tuple[int, ...] = ()) -> str:
    """A card as ``code (Spanish name)``, saying when it is a trump or a top card."""
    text = f"{card.code} ({card.name}"
    if card in top:
        text += ", above every trump"
    elif trump is not None and card.suit == trump:
        text += ", a trump"
    return text + ")"


def legal_under_text(ids: tuple[str, ...]) -> str:
    """Variant ids a refused action would be legal under, options summarised."""
    bases = [v for v in ids if "+" not in v]
    foreign = [v for v in ids if "+" in v and v.split("+")[0] not in bases]
    rest = len(ids) - len(bases) - len(foreign)
    text = ", ".join(bases + foreign)
    if rest:
        text += f" (and {rest} more with options)"
    return text


def call_for(variant: Variant, action: Action, after: Snapshot) -> str | None:
    """The word said for a raise, accept or fold under the variant's ``calls`` rule.

    A raise word is matched to the ladder step by position (the first word for the
    first raise); words carried over from another ladder are not in the variant's
    typed calls, so a raise they no longer fit gets no word."""
    calls = variant.rules.calls
    if action.kind == RAISE:
        ladder = variant.rules.ladder
        return calls.for_raise(ladder.index(after.value)) if after.value in ladder else None
    if action.kind == ACCEPT:
        return calls.accept
    if action.kind == FOLD:
        return calls.fold
    return None


def gloss_for(call: str | None, variant: Variant | None = None, action: Action | None = None,
              after: Snapshot | None = None) -> str | None:
    """The English gloss of a call, from the glossary (None when not listed). Given the
    raise it was said for (``variant``, ``action``, the state ``after``), a raise word's
    gloss names the value the raise reaches on this variant's ladder, never the one the
    glossary gives it for another ladder."""
    if variant is not None and action is not None and after is not None \
            and action.kind == RAISE:
        return raise_gloss(call, after.value, variant.rules.target)
    return gloss(call) if call else None


def join_words(items: Iterable[object], conjunction: str = "and") -> str:
    """Items as prose: ``4``, ``0 and 2``, ``2, 4 or 6``."""
    words = [str(i) for i in items]
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def score_text(pair: tuple[int, int]) -> str:
    """A pair of counts by team, as ``A 4, B 5`` (a score, tricks or games won)."""
    return f"A {pair[0]}, B {pair[1]}"


def _no_raise_past(top: int | str) -> str:
    return f"No one may raise further: {value_text(top)} is the top of the ladder."


def step_remarks(variant: Variant, action: Action, event: Event, before: Snapshot,
                 after: Snapshot, trump: str) -> list[str]:
    """What an applied action did, in sentences; the first says what happened."""
    team = team_of_seat(action.seat)
    other = TEAMS[1 - team_of(action.seat)]
    top = variant.rules.ladder[-1]
    out: list[str] = []
    if action.kind == RAISE:
        new, old = value_text(after.value), value_text(before.value)
        if before.pending:
            text = f"Team {team} accepts {old} and raises to {new}; team {other} answers"
        else:
            text = f"Team {team} raises the hand from {old} to {new}; team {other} answers"
        if after.value == top:
            text += f": accept or fold. {_no_raise_past(top)}"
        else:
            text += "." if before.pending else ": accept, raise again or fold."
        out.append(text)
        if event.dead:
            assert before.outcomes is not None     # set while the hand goes on
            a, b = before.score
            reach_a, reach_b = before.outcomes["A"][0], before.outcomes["B"][1]
            out.append(
                f"A dead raise: at {a}-{b} a hand worth {old} already decides the game "
                f"whichever team wins it (team A would reach {reach_a}, team B {reach_b}, of "
                f"{variant.rules.target}). The rules allow it, but it can only pay if the "
                "other team folds by mistake.")
    elif action.kind == ACCEPT:
        text = f"Team {team} accepts: the hand is worth {value_text(after.value)}."
        if after.value == top:
            text += f" {_no_raise_past(top)}"
        elif variant.rules.raise_right == "acceptor":
            text += f" Only team {team} may raise from now on (the raise right)."
        else:
            text += " Either team may raise again."
        out.append(text)
    elif action.kind == FOLD:
        r = after.result
        assert r is not None                       # a fold ends the hand
        out.append(f"Team {team} folds: team {other} wins the hand and scores {r.points}, "
                   f"the value before the refused raise. Score: {score_text(r.score)}.")
    elif action.kind == PLAY:
        out.extend(_play_remarks(variant, action, event, before, after, trump))
    if event.result is not None and event.result.game_winner is not None:
        out.append(f"Team {event.result.game_winner_name} wins the game ("
                   f"{score_text(event.result.score)}, the game is to {variant.rules.target}).")
        if after.needed > 1:
            out.append(_match_remark(after, variant.rules.match))
    return out


def _match_remark(after: Snapshot, best_of: int) -> str:
    a, b = after.games_after
    if after.match_winner is not None:
        return (f"Team {after.match_winner} has now won {max(a, b)} games and with them the "
                f"match, {max(a, b)} games to {min(a, b)} (the best of {best_of}).")
    return (f"Games in the match: {score_text(after.games_after)}; the first team to win "
            f"{after.needed} of {best_of} takes it.")


def _play_remarks(variant: Variant, action: Action, event: Event, before: Snapshot,
                  after: Snapshot, trump: str) -> list[str]:
    tables = compile_variant(variant)
    tt = tables.by_trump[SUITS.index(trump)]
    card = action.card
    assert card is not None                        # a play names its card
    desc = card_text(card, trump, tt.top)
    out: list[str] = []
    if not before.current_trick:
        out.append(f"Seat {action.seat} leads {desc}.")
        if tt.suit[card] == tt.trump and tables.arrastre != ARRASTRE_NONE:
            duty = "A trump led is an arrastre: whoever holds a trump must play one"
            if tables.arrastre == ARRASTRE_OVERTRUMP:
                duty += ", higher than every card in the trick if he can"
            out.append(duty + ".")
        elif tables.rules.follow_suit:
            out.append("The others must follow the led suit if they can.")
    else:
        out.append(f"Seat {action.seat} plays {desc}.")
        led = before.current_trick[0][1]
        if not tt.always[card] and tt.suit[card] != tt.suit[led]:
            out.append("It cannot win the trick: it is neither of the led suit nor a trump.")
    trick = event.trick
    if trick is not None:
        winner = trick.winner
        won_with = trick.cards[(winner - trick.leader) % len(trick.cards)]
        out.append(f"Seat {winner} (team {team_of_seat(winner)}) wins the trick with "
                   f"{card_text(won_with, trump, tt.top)}. Tricks: {score_text(after.tricks)}.")
    result = event.result
    if result is not None:
        won, lost = result.tricks[result.winner], result.tricks[1 - result.winner]
        out.append(f"Team {result.winner_name} wins the hand, {won} tricks to {lost}, and "
                   f"scores {result.points}. Score: {score_text(result.score)}.")
    return out


def refusal_remarks(refusal: IllegalAction, expected: bool) -> list[str]:
    """Why an action was refused: message, reason code, rule and source, and where
    it would have been legal."""
    head = "Refused, as expected" if expected else "Refused"
    out = [f"{head}: {refusal.detail} [{refusal.reason}]."]
    if refusal.rule:
        origin = f"Rule `{refusal.rule}` of variant {refusal.variant}"
        if refusal.source:
            origin += f", source: {', '.join(refusal.source)}"
        out.append(origin + ".")
    if refusal.legal_under:
        out.append(f"Legal under {legal_under_text(refusal.legal_under)}.")
    out.append("The hand stays as it was.")
    return out
