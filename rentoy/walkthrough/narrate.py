"""What a step of a walkthrough says: the call a player makes, and its effect in words.

Each function reads the variant, the action and the hand's state before and after
it, and returns sentences in the language spoken now (``rentoy.i18n``); the first
remark of a step says what happened, the others what follows from it (an arrastre, a
trick won, a dead raise, the hand or the game decided). A refused action gets the
refusal's reason, rule and source.

>>> value_text(9), value_text("game")
('9', 'the whole game')
>>> legal_under_text(("1598", "1737", "1737+borrego", "avila+borrego"))
'1598, 1737, avila+borrego (and 1 more with options)'
>>> data_words({"A": [10, 5]}), data_words("B")
('{"A": [10, 5]}', '"B"')
"""

from __future__ import annotations

import json
from typing import Any, Iterable

from ..model.cards import SUITS, Card
from ..comparison.reference import joined, refusal_origin
from ..engine import ACCEPT, FOLD, GAME_CALL, PLAY, RAISE, TEAMS, Action, Event, team_of
from ..engine.tables import ARRASTRE_NONE, ARRASTRE_OVERTRUMP, compile_variant
from ..core.errors import IllegalAction
from ..data.glossary import gloss, raise_gloss
from ..core.i18n import N_, _, language, ngettext
from ..model.variant import Variant
from .state import Snapshot

__all__ = ["call_for", "gloss_for", "action_text", "action_words", "written_action",
           "step_remarks", "refusal_remarks",
           "value_text", "card_name", "card_text", "legal_under_text", "team_of_seat",
           "score_text", "join_words", "data_words", "expectation_words",
           "expectations_words"]


def team_of_seat(seat: int) -> str:
    """The team name of a seat: A for even seats, B for odd ones."""
    return TEAMS[team_of(seat)]


def value_text(value: int | str) -> str:
    """A ladder value as prose: a number, or "the whole game"."""
    return _("the whole game") if value == "game" else str(value)


def data_words(value: Any) -> str:
    """A value of a walkthrough file (an expectation, what was found instead) as a
    message quotes it: as JSON in English; in another language as the file writes it
    (``[1, 0]``, ``{A: [10, 5]}``), a text between backticks, as its messages quote.

    >>> from rentoy.i18n import use_language
    >>> with use_language("es"):
    ...     data_words("arrastre"), data_words({"A": [10, 5], "B": None}), data_words(["1737"])
    ('`arrastre`', '{A: [10, 5], B: null}', '[1737]')
    """
    if language() == "en":
        return json.dumps(value, ensure_ascii=False)
    return f"`{value}`" if isinstance(value, str) else _flow(value)


def _flow(value: Any) -> str:
    """``value`` in YAML's flow style, its texts unquoted (for reading, not parsing)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def card_name(card: Card) -> str:
    """A card's Spanish name as a sentence says it: a proper name in English (``Dos de
    oros``), a common noun in Spanish, in lower case (``dos de oros``)."""
    return card.name if language() == "en" else card.name.lower()


def card_text(card: Card, trump: str | None = None, top: tuple[int, ...] = ()) -> str:
    """A card as ``code (Spanish name)``, saying when it is a trump or a top card."""
    text = f"{card.code} ({card_name(card)}"
    if card in top:
        text += _(", above every trump")
    elif trump is not None and card.suit == trump:
        text += _(", a trump")
    return text + ")"


def legal_under_text(ids: tuple[str, ...]) -> str:
    """Variant ids a refused action would be legal under, options summarised."""
    bases = [v for v in ids if "+" not in v]
    foreign = [v for v in ids if "+" in v and v.split("+")[0] not in bases]
    rest = len(ids) - len(bases) - len(foreign)
    text = ", ".join(bases + foreign)
    if rest:
        text += _(" (and {n} more with options)").format(n=rest)
    return text


def call_for(variant: Variant, action: Action, after: Snapshot) -> str | None:
    """The word said for a raise, the call for the whole game, accept or fold under the
    variant's ``calls`` rule.

    A raise word is matched to the ladder step by position (the first word for the
    first raise); words carried over from another ladder are not in the variant's
    typed calls, so a raise they no longer fit gets no word."""
    calls = variant.rules.calls
    if action.kind == RAISE:
        ladder = variant.rules.ladder
        return calls.for_raise(ladder.index(after.value)) if after.value in ladder else None
    if action.kind == GAME_CALL:
        return calls.game
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


#: The word shown for each thing a person may type, by language: the English names, or
#: the Spanish said at the table (every one of them understood in either language).
_SHOWN_WORDS: dict[str, dict[str, str]] = {
    "en": {RAISE: "raise", GAME_CALL: "game", ACCEPT: "accept", FOLD: "fold",
           "partner": "partner", "hint": "hint", "undo": "undo", "help": "help",
           "yes": "yes", "no": "no"},
    "es": {RAISE: "envido", GAME_CALL: "juego", ACCEPT: "quiero", FOLD: "no quiero",
           "partner": "compañero", "hint": "pista", "undo": "deshacer", "help": "ayuda",
           "yes": "sí", "no": "no"},
}


def action_words() -> dict[str, str]:
    """The words to show for the calls and the table's requests, in the language spoken.

    >>> action_words()["accept"]
    'accept'
    """
    return _SHOWN_WORDS.get(language(), _SHOWN_WORDS["en"])


def written_action(text: str, code: bool = True, seat: bool = True) -> str:
    """An action of a file (``0 raise``, ``2 play 4b``): in English as the file writes
    it (between backticks with ``code``); in another language in that language's words,
    seat and card or call as a person types them (``asiento 0: envido``), since the
    files' notation is English. Without ``seat``, the action alone (``play 4b``,
    ``envido``).

    >>> written_action("2 play 4b"), written_action("0 raise", code=False, seat=False)
    ('`2 play 4b`', 'raise')
    """
    if language() == "en":
        shown = text if seat else text.split(" ", 1)[1]
        return f"`{shown}`" if code else shown
    action = Action.parse(text)
    what = str(action.card) if action.card is not None else \
        action_words().get(action.kind, action.kind)
    return _("seat {seat}: {action}").format(seat=action.seat, action=what) if seat else what


def action_text(action: Action, value: int | str | None = None) -> str:
    """An action in words, for a reader rather than the engine: "Seat 0 plays" (the card
    follows it), "Seat 1 raises to 3" (``value``: the value the raise reaches, when it
    was applied), "Seat 2 accepts".

    >>> from rentoy.engine import Action
    >>> action_text(Action(1, "raise"), 3), action_text(Action(0, "play"))
    ('Seat 1 raises to 3', 'Seat 0 plays')
    """
    seat = action.seat
    if action.kind == PLAY:
        return _("Seat {seat} plays").format(seat=seat)
    if action.kind == RAISE:
        return (_("Seat {seat} raises").format(seat=seat) if value is None else
                _("Seat {seat} raises to {value}").format(seat=seat, value=value_text(value)))
    if action.kind == GAME_CALL:
        return _("Seat {seat} calls the whole game").format(seat=seat)
    if action.kind == ACCEPT:
        return _("Seat {seat} accepts").format(seat=seat)
    return _("Seat {seat} folds").format(seat=seat)


def join_words(items: Iterable[object], conjunction: str = "and") -> str:
    """Items as prose: ``4``, ``0 and 2``, ``2, 4 or 6`` (``conjunction``: and, or),
    in the language spoken now."""

    return joined([str(i) for i in items], conjunction)


def score_text(pair: tuple[int, int]) -> str:
    """A pair of counts by team, as ``A 4, B 5`` (a score, tricks or games won)."""
    return f"A {pair[0]}, B {pair[1]}"


def _pair(value: Any) -> dict[str, Any] | None:
    """A pair by team (``[4, 8]``) as the placeholders ``a`` and ``b``, or None."""
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return {"a": value[0], "b": value[1]}
    return None


def expectation_words(key: str, value: Any) -> str:
    """One expectation of a walkthrough (``expect``'s ``key``: ``value``) as a phrase
    of the language spoken now: each key and each kind of value its own message, so
    that a yes or a no, a team or none, a count, reads as written by hand.

    >>> from rentoy.i18n import use_language
    >>> with use_language("es"):
    ...     expectation_words("finished", True), expectation_words("hand_winner", "B")
    ('mano terminada', 'mano ganada por el equipo B')
    >>> expectation_words("score", [4, 8]), expectation_words("game_winner", None)
    ('score A 4, B 8', 'no team has won the game')
    """
    pair = _pair(value)
    if key == "score" and pair:
        return _("score A {a}, B {b}").format(**pair)
    if key == "tricks" and pair:
        return _("tricks won: A {a}, B {b}").format(**pair)
    if key == "games" and pair:
        return _("games won: A {a}, B {b}").format(**pair)
    if key == "value":
        return (_("the hand worth the whole game") if value == "game"
                else _("the hand worth {value}").format(value=value))
    if key == "finished":
        return _("the hand over") if value else _("the hand not over")
    winners = {"hand_winner": (N_("the hand won by team {team}"),
                               N_("no team has won the hand")),
               "game_winner": (N_("the game won by team {team}"),
                               N_("no team has won the game")),
               "match_winner": (N_("the match won by team {team}"),
                                N_("no team has won the match")),
               "raise_right": (N_("only team {team} may raise"),
                               N_("either team may raise"))}
    if key in winners:
        some, none = winners[key]
        return _(some).format(team=value) if value else _(none)
    if key == "outcomes":
        if not isinstance(value, dict):
            return _("no outcomes left: the hand is over")
        a, b = _pair(value.get("A")), _pair(value.get("B"))
        if a and b:
            return _("if team A wins the hand, A {aa}, B {ab}; if team B wins it, "
                     "A {ba}, B {bb}").format(aa=a["a"], ab=a["b"], ba=b["a"], bb=b["b"])
    if key == "illegal":
        return _("the last action refused") if value else _("the last action allowed")
    if key == "reason":
        return _("for the reason `{reason}`").format(reason=value)
    if key == "legal_under" and isinstance(value, (list, tuple)):
        return (_("legal under {variants}").format(variants=join_words(value)) if value
                else _("legal under no other variant"))
    if key == "trick_winners" and isinstance(value, (list, tuple)):
        if not value:
            return _("no trick won yet")
        return ngettext("the trick won by seat {seats}", "the tricks won by seats {seats}, "
                        "in order", len(value)).format(seats=join_words(value))
    if key == "dead":
        return _("a dead raise") if value else _("a raise that is not dead")
    return _("{key} {value}").format(key=key, value=data_words(value))


def expectations_words(expect: dict[str, Any]) -> str:
    """A walkthrough's expectations as phrases of the language spoken now, joined."""
    return "; ".join(expectation_words(k, v) for k, v in expect.items())


def _no_raise_past(top: int | str) -> str:
    return _("No one may raise further: {value} is the top of the ladder.").format(
        value=value_text(top))


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
            text = _("Team {team} accepts {old} and raises to {new}; team {other} answers")
        else:
            text = _("Team {team} raises the hand from {old} to {new}; team {other} "
                     "answers")
        text = text.format(team=team, old=old, new=new, other=other)
        if after.value == top:
            text += _(": accept or fold.") + " " + _no_raise_past(top)
        else:
            text += "." if before.pending else _(": accept, raise again or fold.")
        out.append(text)
        if event.dead:
            assert before.outcomes is not None     # set while the hand goes on
            a, b = before.score
            reach_a, reach_b = before.outcomes["A"][0], before.outcomes["B"][1]
            out.append(_(
                "A dead raise: at {a}-{b} a hand worth {old} already decides the game "
                "whichever team wins it (team A would reach {reach_a}, team B {reach_b}, of "
                "{target}). The rules allow it, but it can only pay if the other team folds "
                "by mistake.").format(a=a, b=b, old=old, reach_a=reach_a, reach_b=reach_b,
                                      target=variant.rules.target))
    elif action.kind == GAME_CALL:
        if before.pending:
            text = _("Team {team} accepts {value} and calls the whole game (juego fuera)")
        else:
            text = _("Team {team} raises the hand from {value} straight to the whole game "
                     "(juego fuera)")
        text = text.format(team=team, value=value_text(before.value))
        out.append(text + _(": whoever wins the hand wins the game. Team {other} answers: "
                            "accept or fold.").format(other=other))
    elif action.kind == ACCEPT:
        text = _("Team {team} accepts: the hand is worth {value}.").format(
            team=team, value=value_text(after.value))
        if after.value == "game" and top != "game":
            text += " " + _("Nothing can be raised above the whole game.")
        elif after.value == top:
            text += f" {_no_raise_past(top)}"
        elif variant.rules.raise_right == "acceptor":
            text += " " + _("Only team {team} may raise from now on (the raise right)."
                            ).format(team=team)
        else:
            text += " " + _("Either team may raise again.")
        out.append(text)
    elif action.kind == FOLD:
        r = after.result
        assert r is not None                       # a fold ends the hand
        out.append(_("Team {team} folds: team {other} wins the hand and scores {points}, "
                     "the value before the refused raise. Score: {score}.").format(
                         team=team, other=other, points=r.points, score=score_text(r.score)))
    elif action.kind == PLAY:
        out.extend(_play_remarks(variant, action, event, before, after, trump))
    if event.result is not None and event.result.game_winner is not None:
        out.append(_("Team {team} wins the game ({score}, the game is to {target}).").format(
            team=event.result.game_winner_name, score=score_text(event.result.score),
            target=variant.rules.target))
        if after.needed > 1:
            out.append(_match_remark(after, variant.rules.match))
    return out


def _match_remark(after: Snapshot, best_of: int) -> str:
    a, b = after.games_after
    if after.match_winner is not None:
        return _("Team {team} has now won {won} games and with them the match, {won} games "
                 "to {lost} (the best of {best_of}).").format(
                     team=after.match_winner, won=max(a, b), lost=min(a, b), best_of=best_of)
    return _("Games in the match: {games}; the first team to win {needed} of {best_of} takes "
             "it.").format(games=score_text(after.games_after), needed=after.needed,
                           best_of=best_of)


def _play_remarks(variant: Variant, action: Action, event: Event, before: Snapshot,
                  after: Snapshot, trump: str) -> list[str]:
    tables = compile_variant(variant)
    tt = tables.by_trump[SUITS.index(trump)]
    card = action.card
    assert card is not None                        # a play names its card
    desc = card_text(card, trump, tt.top)
    out: list[str] = []
    if not before.current_trick:
        out.append(_("Seat {seat} leads {card}.").format(seat=action.seat, card=desc))
        if tt.suit[card] == tt.trump and tables.arrastre != ARRASTRE_NONE:
            if tables.arrastre == ARRASTRE_OVERTRUMP:
                out.append(_("A trump led is an arrastre: whoever holds a trump must play "
                             "one, higher than every card in the trick if he can."))
            else:
                out.append(_("A trump led is an arrastre: whoever holds a trump must play "
                             "one."))
        elif tables.rules.follow_suit:
            out.append(_("The others must follow the led suit if they can."))
    else:
        out.append(_("Seat {seat} plays {card}.").format(seat=action.seat, card=desc))
        led = before.current_trick[0][1]
        if not tt.always[card] and tt.suit[card] != tt.suit[led]:
            out.append(_("It cannot win the trick: it is neither of the led suit nor a "
                         "trump."))
    trick = event.trick
    if trick is not None:
        winner = trick.winner
        won_with = trick.cards[(winner - trick.leader) % len(trick.cards)]
        out.append(_("Seat {seat} (team {team}) wins the trick with {card}. Tricks: "
                     "{tricks}.").format(seat=winner, team=team_of_seat(winner),
                                         card=card_text(won_with, trump, tt.top),
                                         tricks=score_text(after.tricks)))
    result = event.result
    if result is not None:
        won, lost = result.tricks[result.winner], result.tricks[1 - result.winner]
        out.append(_("Team {team} wins the hand, {won} tricks to {lost}, and scores "
                     "{points}. Score: {score}.").format(
                         team=result.winner_name, won=won, lost=lost, points=result.points,
                         score=score_text(result.score)))
    return out


def refusal_remarks(variant: Variant, refusal: IllegalAction, expected: bool) -> list[str]:
    """Why an action was refused under ``variant``: message, reason code, rule and its
    evidence, and where it would have been legal."""
    head = _("Refused, as expected") if expected else _("Refused")
    # The detail is worded in the language spoken when the action was refused.
    out = [f"{head}: {refusal.detail} [{refusal.reason}]."]
    if refusal.rule:
        out.append(refusal_origin(variant, refusal.rule))
    if refusal.legal_under:
        out.append(_("Legal under {variants}.").format(
            variants=legal_under_text(refusal.legal_under)))
    out.append(_("The hand stays as it was."))
    return out
