"""What a person types at the table, read as an action of their seat.

A line is a card code (``3c``, ``Rc``, ``play 3c``), a card's position in the hand as
shown (``1``, ``2``, ...), or a call: ``raise``, ``accept``, ``fold``, ``game``, the
glossary's Spanish words for them (``envite``, ``quiero``, ``no quiero``, ``irse``,
``me voy``), the words said at the table (``envido``, ``juego``)
and the variant's own words (its ``calls`` rule: Huétor's ``envío``, ``revío``, ...),
in any case and with or without accents. ``?`` (or ``help``) asks for the legal
actions. Anything else is refused, with a "did you mean" only where the closest word
is plainly a misspelling of it: never one that names another action than the one typed
(``irse`` is to fold, and is never taken for ``raise``).

>>> from rentoy.cards import parse_card
>>> cards = [parse_card(c) for c in ("3c", "6b", "7e")]
>>> read_line("2", 0, cards, "1737").action
Action(seat=0, kind='play', card=Card('6b'))
>>> read_line("Quiero", 1, cards, "1737").action
Action(seat=1, kind='accept', card=None)
>>> read_line("envio", 1, cards, "huetor").action
Action(seat=1, kind='raise', card=None)
>>> read_line("rasie", 0, cards, "1737").error
"unknown action 'rasie' (did you mean `raise`?); type ? for your legal actions"
>>> read_line("me voy", 0, cards, "1737").action.kind, read_line("Irse", 0, cards, "1737").action.kind
('fold', 'fold')
>>> read_line("no quero", 0, cards, "1737").error
"unknown action 'no quero' (did you mean `no quiero`?); type ? for your legal actions"
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..model.cards import Card, CardError, parse_card
from ..engine import ACCEPT, FOLD, GAME_CALL, PLAY, RAISE, Action
from ..core.errors import suggest
from ..data.glossary import term_key
from ..model.consistency import COMMON_WORDS, HELP_WORDS, LEAVE_WORDS, SPOKEN_WORDS
from ..core.i18n import _
from ..core.limits import shown
from ..model.variant import Variant
from ..data.variants import load_variant
from ..walkthrough.narrate import action_words

__all__ = ["Reading", "read_line", "call_words", "action_words", "said_with_value",
           "HELP_WORDS", "LEAVE_WORDS", "COMMON_WORDS", "HINT_WORDS", "UNDO_WORDS",
           "APPROVE_WORDS", "DECLINE_WORDS"]

# What asks for the list of legal actions, what leaves an answer to the partner, and the
# words every variant understands: stated with the variants' rule checks, which refuse a
# call word that reads as one of them (or as a card, or a position).

#: What asks for the search bot's choice, and what takes back the person's last action.
HINT_WORDS: tuple[str, ...] = ("hint", "pista")
UNDO_WORDS: tuple[str, ...] = ("undo", "deshacer")
#: What approves, and what declines, a partner's raise proposed to the person
#: (``rentoy play --partners ask``); asked only then, so they never shadow a call.
APPROVE_WORDS: tuple[str, ...] = ("yes", "y", "ok", "si", "sí", "s")
DECLINE_WORDS: tuple[str, ...] = ("no", "n")

def said_with_value(kind: str, value: int | str | None) -> str:
    """A call as the person types it, with the value it names where it names one: a
    raise what it raises to, an acceptance what it accepts ("raise to 3", "accept 6";
    "envido a 3", "quiero 6" in Spanish).

    >>> said_with_value("raise", 3), said_with_value("fold", None)
    ('raise to 3', 'fold')
    """
    word = action_words().get(kind, kind)
    if value is None:
        return word
    shown_value = _("the whole game") if value == "game" else str(value)
    if kind == ACCEPT:
        return _("{word} {value}").format(word=word, value=shown_value)
    return _("{word} to {value}").format(word=word, value=shown_value)


@dataclass(frozen=True)
class Reading:
    """What a line means: an ``action``, a request for ``help``, nothing (an empty
    line), or an ``error`` saying why it cannot be read."""

    action: Action | None = None
    help: bool = False
    error: str | None = None


def call_words(variant: Variant | str) -> dict[str, str]:
    """Every word understood for a call (folded: lower case, no accents) -> its kind.

    >>> words = call_words("huetor")
    >>> words["envio"], words["me voy"], words["quiero"]
    ('raise', 'fold', 'accept')
    """
    calls = load_variant(variant).rules.calls
    words: dict[str, str] = {}
    for table in (COMMON_WORDS, SPOKEN_WORDS):
        for kind, common in table.items():
            for word in common:
                words[term_key(word)] = kind
    for word in calls.raise_:
        words.setdefault(term_key(word), RAISE)
    if calls.accept:
        words.setdefault(term_key(calls.accept), ACCEPT)
    if calls.fold:
        words.setdefault(term_key(calls.fold), FOLD)
    if calls.game:
        words.setdefault(term_key(calls.game), GAME_CALL)
    return words


def read_line(line: str, seat: int, cards: Sequence[Card], variant: Variant | str
              ) -> Reading:
    """Read one typed line as an action of ``seat``, who holds ``cards`` (in the order
    shown, for positions). Legality is the engine's business, not this reader's: a
    card not held, or a raise out of turn, reads as an action and is refused later."""
    text = " ".join(line.split())
    if not text:
        return Reading()
    key = term_key(text)
    if text in HELP_WORDS or key in HELP_WORDS:   # term_key drops a bare "?"
        return Reading(help=True)
    words = call_words(variant)
    if key in words:
        return Reading(Action(seat, words[key]))
    if key.isdigit():
        # Its length first: int() of thousands of digits fails, and no hand is that long.
        i = int(key) if len(key.lstrip("0")) <= 3 else len(cards) + 1000
        if 1 <= i <= len(cards):
            return Reading(Action(seat, PLAY, cards[i - 1]))
        from ..core.i18n import ngettext

        return Reading(error=_("there is no card {number}: ").format(
            number=shown(key.lstrip('0') or '0', quoted=False))
            + ngettext("you hold {count} card", "you hold {count} cards", len(cards)).format(
                count=len(cards))
            + (_(", numbered 1 to {count}").format(count=len(cards)) if len(cards) > 1
               else ""))
    code = key[5:].strip() if key.startswith("play ") else key
    try:
        return Reading(Action(seat, PLAY, parse_card(code)))
    except CardError:
        pass
    hint = _suggestion(key, words, cards)
    return Reading(error=_("unknown action {text}").format(text=shown(text))
                   + (f" ({hint})" if hint else "") + _("; type ? for your legal actions"))


def _suggestion(key: str, words: dict[str, str], cards: Sequence[Card]) -> str | None:
    """A "did you mean" for an unknown line, or None. The nearest word (by letters
    dropped, added, changed or swapped) is offered only when it is nearer than every
    word of another action: ``rse`` is one letter from ``irse`` and two from ``raise``,
    so it is taken for ``irse``, while ``rise``, one letter from both, gets no
    suggestion; and never an acceptance for a line that starts with ``no``."""
    kinds = dict(words)
    kinds.update({c.code: PLAY for c in cards})
    if key.startswith("no ") or key == "no":
        kinds = {w: k for w, k in kinds.items() if k != ACCEPT}
    scored = sorted((_distance(key, w), w) for w in kinds)
    if not scored:
        return None
    near, word = scored[0]
    if near > max(1, len(word) // 3):
        return None
    rival = min((d for d, w in scored if kinds[w] != kinds[word]), default=near + 1)
    if rival <= near:
        return None
    return suggest(key, [word])


def _distance(a: str, b: str) -> int:
    """Letters dropped, added, changed or two side by side swapped between ``a`` and
    ``b`` (the optimal string alignment distance)."""
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]
