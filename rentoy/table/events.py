"""What happens at the table, as values: the events a seat hears and the view it sees.

:class:`TableEvent` is one thing that happened (a deal, an action with its words, a
refusal, a hint, the end of a hand), with its sentences and its data; :class:`View` what
the person's seat may see now; :func:`seat_name` and :func:`play_line` name the seats as
the person hears them. Both doors of the table (``rentoy play`` and the site's Play
page) read these same values: the terminal prints them, the page gets them as JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from ..model.cards import Card
from ..engine import Action
from ..core.i18n import _, language
from ..model.variant import Variant

__all__ = ["TableEvent", "View", "Bet", "seat_name", "play_line", "lines_of"]


def seat_name(seat: int, person: int) -> str:
    """A seat as the person at seat ``person`` hears it named: "You", "Seat 1
    (opponent)", "Seat 2 (partner)"."""
    if seat == person:
        return _("You")
    if seat & 1 == person & 1:
        return _("Seat {seat} (partner)").format(seat=seat)
    return _("Seat {seat} (opponent)").format(seat=seat)


def play_line(remark: str, seat: int, person: int) -> str:
    """The narration's sentence for a card that ``seat`` played (its first remark), as
    the person at seat ``person`` hears it: the person named ("You lead 3c"), a bot's
    role added."""
    who = seat_name(seat, person)
    if language() == "en":
        first = remark.replace(f"Seat {seat} ", f"{who} ", 1)
        if seat == person:
            first = first.replace("You leads", "You lead").replace("You plays", "You play")
        return first
    # The narration names the seat as its sentence for a lead begins ("El asiento 0 sale
    # con..."): the person is named instead, a bot's role added.
    seat_words = _("Seat {seat} leads {card}.").split("{seat}")[0]
    named = f"{seat_words}{seat} "
    if seat == person:
        return remark.replace(named, f"{who} ", 1) if remark.startswith(named) \
            else f"{who}: {remark}"
    role = _("partner") if seat & 1 == person & 1 else _("opponent")
    return remark.replace(named, f"{named[:-1]} ({role}) ", 1)


@dataclass(frozen=True)
class TableEvent:
    """Something that happened at the table: ``kind`` (``game``, ``deal``, ``action``,
    ``refused``, ``unknown``, ``help``, ``hint``, ``advice``, ``undo``, ``propose`` (a
    partner's raise put to the person), ``declined``, ``hand``, ``game-over``,
    ``match``), the sentences that say it, and its data (JSON-shaped)."""

    kind: str
    lines: tuple[str, ...]
    data: dict[str, object] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        """``{"event": kind, ..., "text": [...]}`` for one JSON line."""
        return {"event": self.kind, **self.data, "text": list(self.lines)}


@dataclass(frozen=True)
class View:
    """What the person's seat may see now: its own cards and everything public.

    A field named as one of the engine's :class:`~rentoy.engine.Observation` means what
    it means there (``current_seat``: the one seat to act, None once the game is over);
    seats are numbers and teams letters (``raiser_team``: the team, "A" or "B", whose
    raise waits, where the observation's ``raiser`` is the seat).
    """

    seat: int
    players: int
    variant: Variant
    hand_number: int
    dealer: int
    cards: tuple[Card, ...]
    up: Card
    trump: str
    trick: tuple[tuple[int, Card], ...]     # the unfinished trick, (seat, card)
    tricks_won: tuple[int, int]             # tricks won by team A, team B
    last_trick: tuple[tuple[int, Card], ...]
    last_winner: int | None
    score: tuple[int, int]
    target: int
    games_won: tuple[int, int]              # games of the match won by team A, team B
    best_of: int
    value: int | str
    pending: bool                           # a raise waits for an answer
    raiser_team: str | None
    raise_right: str | None
    current_seat: int | None
    legal: tuple[Action, ...]               # the person's legal actions, when to act
    bets: tuple["Bet", ...] = ()            # the calls, legal or not, with their values

    def to_json(self) -> dict[str, object]:
        """The view as the data of a ``turn`` event (cards and actions as their codes).
        The keys are those ``rentoy play --json`` has always printed: ``tricks``,
        ``games``, ``raiser`` (the team) and ``to_act`` (the seat) for the fields named
        here ``tricks_won``, ``games_won``, ``raiser_team`` and ``current_seat``."""
        return {
            "seat": self.seat, "players": self.players, "hand_number": self.hand_number,
            "dealer": self.dealer, "cards": [c.code for c in self.cards], "up": self.up.code,
            "trump": self.trump, "trick": [[s, c.code] for s, c in self.trick],
            "tricks": list(self.tricks_won),
            "last_trick": [[s, c.code] for s, c in self.last_trick],
            "last_winner": self.last_winner, "score": list(self.score),
            "target": self.target, "games": list(self.games_won), "best_of": self.best_of,
            "value": self.value, "pending": self.pending, "raiser": self.raiser_team,
            "raise_right": self.raise_right, "to_act": self.current_seat,
            "legal": [str(a) for a in self.legal], "variant": self.variant.id}


@dataclass(frozen=True)
class Bet:
    """A call the person may make, as both doors show it: ``kind`` (``raise``, ``game``,
    ``accept``, ``fold``), the ``action`` it sends, whether it is ``legal`` now, the
    ``value`` it names (what a raise raises to, what an acceptance accepts; None for a
    fold), the word the person types (``typed``: "raise to 3", "envido a 3"), the
    page's button ``label`` ("Raise to 3") and the variant's own word for it (``call``)."""

    kind: str
    action: Action
    legal: bool
    value: int | str | None
    typed: str
    label: str
    call: str | None


def lines_of(events: Iterable[TableEvent]) -> list[str]:
    """Every sentence of ``events``, in order."""
    return [line for e in events for line in e.lines]
