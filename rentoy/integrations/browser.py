"""The site's Play page as a door to the table: JSON in, JSON out, over the terminal's seat.

The page's JavaScript only draws and forwards clicks; the game is a
:class:`rentoy.table.session.Session`, the same one ``rentoy play`` drives, so both doors share
the loop, the words, the hint, the undo, the partner's advice and reasons, the refusals
and the record. This module holds no game loop: a :class:`Seat` turns the page's
requests (JSON text, :meth:`Seat.handle`) into the session's calls and the session's
events and view into JSON. The session moves one bot at a time here (its ``auto`` off),
so that the page shows each move as it comes. The variant comes as the data
:func:`rentoy.model.variant.variant_data` writes (compiled when the site is built), so the
page needs no YAML reader and no schema validator; the module imports nothing outside
the standard library and runs unchanged under CPython.

A seat speaks a language (``language``: ``en``, ``es``): the answers of
:meth:`Seat.handle` are worded in it, as ``rentoy play --lang`` words them, and an
action may be typed as at ``rentoy play``, in the words of either language
(``quiero``, ``no quiero``, ``me voy``, ``envido``, the variant's own calls).

>>> from rentoy.variants import load_variant
>>> from rentoy.variant import variant_data
>>> seat = Seat(variant_data(load_variant("1737")), bots=("greedy", "greedy"), seed=4)
>>> start = seat.start()
>>> [e["kind"] for e in start["events"]][:2], start["view"]["hand"]
(['game', 'deal'], 1)
>>> seat.view()["cards"][0]
{'code': '6o', 'name': 'Seis de oros', 'suit': 'o', 'rank': 6, 'legal': True, 'action': '0 play 6o'}
>>> refused = seat.act("0 accept")["refused"]
>>> refused["reason"], refused["rule"], refused["status"], refused["source"]
('nothing-to-answer', 'answer_by', 'inferred', ['source-es'])
>>> refused["detail"]
'no raise is waiting for an answer, so seat 0 cannot accept'
>>> [e["lines"][0] for e in seat.act("0 raise")["events"]]
['You: Team A raises the hand from 1 to 3; team B answers: accept, raise again or fold.']
>>> while not seat.waiting:
...     events = seat.step()["events"]
>>> seat.view()["hand"], [b["label"] for b in seat.view()["bets"] if b["legal"]]
(2, ['Raise to 6', 'Accept 3', 'Fold'])
>>> seat.record().splitlines()[1]
'title: "A game of 1737 in the browser"'
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..bots import BOT_NAMES
from ..model.cards import SUIT_NAMES, Card
from ..engine import PLAY, RAISE, TEAMS, Action, ActionSyntaxError, Deal
from ..comparison.reference import refusal_origin, status_word
from ..core.errors import RentoyError
from ..data.glossary import gloss, raise_gloss
from ..core.i18n import LANGUAGES, _, data_text, ngettext, use_language
from ..model.notation import NotationError, parse_deal
from ..model.ruletable import RULE_NAMES, rule_title
from ..table.events import TableEvent
from ..table.session import PARTNER_MODES, Session
from ..table.words import read_line
from ..model.variant import Variant, variant_from_data
from ..walkthrough.narrate import value_text
from ..walkthrough.state import Snapshot

__all__ = ["Seat", "SeatError", "BOT_NAMES", "new_seat", "event_json", "gloss_key",
           "page_words", "read_link", "LINK_DIGITS"]


class SeatError(RentoyError, ValueError):
    """A request the page should not have made: a bad setting, an unknown operation."""


def _variant(data: Mapping[str, Any], options: Sequence[str]) -> Variant:
    variant = variant_from_data(data)
    return variant.with_options(*options) if options else variant


def _card(card: Card) -> dict[str, Any]:
    return {"code": card.code, "name": card.name, "suit": card.suit, "rank": card.rank}


def page_words(variant: Variant) -> dict[str, dict[str, str]]:
    """What the page's seat says that the terminal reads from files the page does not
    have (the glossary, the bibliography: YAML): the English glosses of the variant's
    calls by :func:`gloss_key`, and the sentence that names the rule behind a refusal,
    by rule, in the language spoken. The site writes them with each variant (and each
    option applied), so that the page's words are the terminal's."""
    rules = variant.rules
    calls, ladder, target = rules.calls, rules.ladder, rules.target
    glosses: dict[str, str] = {}
    for step in range(1, len(ladder)):
        word = calls.for_raise(step)
        found = raise_gloss(word, ladder[step], target) if word else None
        if word and found:
            glosses[gloss_key(word, ladder[step], target)] = found
    for word in (calls.accept, calls.fold, calls.game):
        found = gloss(word) if word else None
        if word and found:
            glosses[gloss_key(word, None, target)] = found
    origins = {rule: refusal_origin(variant, rule) for rule in variant.provenance}
    return {"glosses": glosses, "origins": origins}


def _originator(known: Mapping[str, str]) -> Callable[[Variant, str], str]:
    """The sentence naming the rule behind a refusal: the site's (:func:`page_words`),
    else the rule's title and status alone."""
    def origin(variant: Variant, rule: str) -> str:
        if rule in known:
            return known[rule]
        prov = variant.provenance.get(rule)
        title = rule_title(rule) if rule in RULE_NAMES else rule
        said = _("Rule “{title}” of variant {variant}").format(title=title, variant=variant.id)
        return said + (f" [{status_word(prov.status)}]." if prov is not None else ".")
    return origin


def gloss_key(call: str, value: int | str | None, target: int) -> str:
    """The key of a call's English gloss in the page's data (:func:`page_words`)."""
    return f"{call}|{value}|{target}"


def _glosser(known: Mapping[str, str]
             ) -> Callable[[str | None, Variant, Action, Snapshot], str | None]:
    """The English glosses of the calls, read from the data the site carries (the
    glossary is YAML, which the page does not read); None where it has none."""
    def gloss(call: str | None, variant: Variant, action: Action, after: Snapshot
              ) -> str | None:
        if not call:
            return None
        value = after.value if action.kind == RAISE else None
        return known.get(gloss_key(call, value, variant.rules.target))
    return gloss


def event_json(event: TableEvent) -> dict[str, Any]:
    """A table event as the page reads it: ``kind``, the event's data, ``lines``; a
    card as its code, name, suit and rank, and a trick's cards by seat."""
    out: dict[str, Any] = {"kind": event.kind, **event.data, "lines": list(event.lines)}
    if isinstance(out.get("card"), str):
        out["card"] = _card(Card.parse(out["card"]))
    trick = out.get("trick")
    if isinstance(trick, dict):
        out["trick"] = {"cards": [{"seat": s, "card": _card(Card.parse(c))}
                                  for s, c in trick["cards"]], "winner": trick["winner"]}
    return out


class Seat:
    """The page's game: a :class:`~rentoy.table.session.Session` of ``variant`` (its data) with
    a person at ``seat`` and bots elsewhere, answering in JSON.

    ``bots``: the person's partners' bot, then the opponents' (specs as on the command
    line). ``seed`` deals the cards and seeds the bots as ``rentoy play --seed`` does.
    ``deal`` (with ``dealer`` and ``score``) gives the first hand's cards, as ``rentoy
    play --deal`` does; later hands are dealt from the seed. ``partners``: ``auto`` or
    ``ask``, as ``rentoy play --partners``. ``language`` is the one :meth:`handle`
    answers in (None: the language spoken when it is called). ``words``: what
    :func:`page_words` gives for the variant (the site writes it with the variants).
    """

    def __init__(self, variant: Mapping[str, Any], *, options: Sequence[str] = (),
                 seat: int = 0, players: int | None = None,
                 bots: Sequence[str] = ("search", "search"), seed: int = 0,
                 deal: Deal | None = None, dealer: int | None = None,
                 score: Sequence[int] = (0, 0), language: str | None = None,
                 partners: str = "auto", words: Mapping[str, Mapping[str, str]] | None = None):
        if language is not None and language not in LANGUAGES:
            raise SeatError(_("the page speaks {languages}, not {language}").format(
                languages=", ".join(LANGUAGES), language=repr(language)))
        if len(bots) != 2:
            raise SeatError(_("give two bots: the partners' and the opponents'"))
        if partners not in PARTNER_MODES:
            raise SeatError(_("bad --partners {mode}: give auto or ask").format(
                mode=repr(partners)))
        self.language = language
        try:
            self.session = Session(_variant(variant, options), seat=seat, players=players,
                                   bots=list(bots), seed=seed,
                                   deals=[deal] if deal is not None else (), dealer=dealer,
                                   score=score, partners=partners, auto=False,
                                   origin=_originator((words or {}).get("origins") or {}),
                                   gloss=_glosser((words or {}).get("glosses") or {}))
        except RentoyError as exc:
            raise SeatError(str(exc)) from None
        self.think_ms: list[float] = []     # how long each bot move took

    @classmethod
    def from_request(cls, request: Mapping[str, Any]) -> "Seat":
        """A seat from the page's ``new`` request (see :func:`new_seat`)."""
        if not isinstance(request, Mapping) or not isinstance(request.get("variant"), Mapping):
            raise SeatError(_("the request names no variant (give its data as `variant`)"))
        deal = request.get("deal")
        dealer = request.get("dealer")
        link = request.get("link")
        if isinstance(link, Mapping):       # a link's words, read as the command line reads
            first, dealer, score = read_link(link.get("deal"), link.get("dealer"),
                                             link.get("score"))
            request = {**request, "score": score}
        else:
            try:
                first = None if not deal else Deal.parse(deal["hands"], deal["up"])
            except (KeyError, TypeError, ValueError) as exc:
                raise SeatError(_("a bad deal: {problem}").format(problem=exc)) from None
        players = request.get("players")
        if first is not None and players is not None and int(players) != len(first.hands):
            raise SeatError(_("--deal gives cards to {seats} seats, but --players is "
                              "{players}").format(seats=len(first.hands), players=players))
        return cls(request["variant"], options=request.get("options") or (),
                   seat=int(request.get("seat", 0)),
                   players=None if players is None else int(players),
                   bots=request.get("bots") or ("search", "search"),
                   seed=int(request.get("seed", 0)), deal=first,
                   dealer=None if dealer is None else int(dealer),
                   score=request.get("score") or (0, 0),
                   language=request.get("language"),
                   partners=request.get("partners") or "auto",
                   words=request.get("words") or None)

    # -- the state -----------------------------------------------------------------

    @property
    def seat(self) -> int:
        return self.session.seat

    @property
    def over(self) -> bool:
        return self.session.over

    @property
    def waiting(self) -> bool:
        """Whether the person may act now (see :attr:`~rentoy.table.session.Session.waiting`)."""
        return self.session.waiting

    def view(self) -> dict[str, Any]:
        """What the person may see now, read from his observation alone."""
        session = self.session
        obs = session.observation()
        rules = session.variant.rules
        legal = set(session.legal_actions())
        me, n = session.seat, session.players
        played = {s: 0 for s in range(n)}
        for a in obs.actions:
            if a.kind == PLAY:
                played[a.seat] += 1
        mano = (obs.dealer + 1) % n
        seats = []
        for s in range(n):
            role = "you" if s == me else ("partner" if s & 1 == me & 1 else "opponent")
            seats.append({"seat": s, "team": TEAMS[s & 1], "role": role,
                          "bot": None if s == me else session.bot_names[
                              0 if role == "partner" else 1],
                          "cards_left": rules.hand_size - played[s],
                          "dealer": s == obs.dealer, "mano": s == mano})
        last = obs.tricks[-1] if obs.tricks else None
        proposal = session.proposal
        return {
            "variant": session.variant.id, "name": data_text(session.variant.name),
            "players": n, "seat": me, "team": TEAMS[me & 1], "seed": session.seed,
            "bots": list(session.bot_names), "seats": seats, "hand": max(1, session.hand_number),
            "dealer": obs.dealer, "mano": mano,
            "up": _card(obs.up), "trump": obs.trump, "trump_name": SUIT_NAMES[obs.trump],
            "turn_up_word": rules.calls.turn_up,
            "cards": [{**_card(c), "legal": Action(me, PLAY, c) in legal,
                       "action": f"{me} play {c.code}"} for c in obs.cards],
            "trick": [{"seat": s, "card": _card(c)} for s, c in obs.trick],
            "last_trick": None if last is None else {
                "cards": [{"seat": s, "card": _card(c)}
                          for s, c in zip(last.seats(n), last.cards)],
                "winner": last.winner},
            "tricks": list(obs.tricks_won), "score": list(obs.score),
            "target": rules.target, "games": list(obs.games_won), "best_of": rules.match,
            "value": value_text(obs.value), "accepted_value": value_text(obs.accepted_value),
            "pending": obs.pending,
            "raiser": None if obs.raiser is None else TEAMS[obs.raiser & 1],
            "raise_right": obs.raise_right,
            "to_act": None if self.over else obs.current_seat,
            "waiting": session.waiting,
            "proposal": None if proposal is None else str(proposal),
            "bets": [{"kind": b.kind, "action": str(b.action), "legal": b.legal,
                      "value": None if b.value is None else value_text(b.value),
                      "label": b.label, "typed": b.typed, "call": b.call}
                     for b in session.bets()],
            "can_undo": session.can_undo,
            "over": self.over, "winner": session.game.winner,
            "actions_taken": session.version, "version": session.version,
        }

    # -- playing -------------------------------------------------------------------

    def _reply(self, events: list[TableEvent]) -> dict[str, Any]:
        return {"events": [event_json(e) for e in events], "view": self.view()}

    def start(self) -> dict[str, Any]:
        """The opening events (the game, the first deal) and the view."""
        return self._reply(self.session.start())

    def step(self) -> dict[str, Any]:
        """One bot's move, when a bot is to act (nothing when the person may act or the
        game is over); how long the bot thought, and the view after it."""
        bot = self.session.current_seat
        began = time.perf_counter()
        events = self.session.step()
        took = (time.perf_counter() - began) * 1000
        reply = self._reply(events)
        if reply["events"] and bot is not None:
            self.think_ms.append(took)
            first = reply["events"][0]
            first["think_ms"] = round(took, 1)
            first["bot"] = self.session.bot_names[0 if bot & 1 == self.seat & 1 else 1]
        return reply

    def act(self, text: str) -> dict[str, Any]:
        """The person's action (``"0 play 3c"``, ``"0 raise"``, or as typed at ``rentoy
        play``: ``quiero``, ``me voy``, ``3c``, ``2``): the engine's refusal, or what it
        led to and the view after it."""
        try:
            action = Action.parse(text)
        except ActionSyntaxError as exc:
            reading = read_line(text, self.seat, self.session.observation().cards,
                                self.session.variant)
            if reading.action is None:
                raise SeatError(reading.error or str(exc)) from None
            action = reading.action
        if action.seat != self.seat:
            raise SeatError(_("the person sits at seat {seat}, not {other}").format(
                seat=self.seat, other=action.seat))
        return self._answer(self.session.act(action))

    def say(self, line: str) -> dict[str, Any]:
        """A line as typed at ``rentoy play`` (``hint``, ``undo``, ``partner``, ``yes``,
        ``?``, a call or a card): the same answer the terminal gives, as JSON."""
        return self._answer(self.session.submit(line))

    def _answer(self, events: list[TableEvent]) -> dict[str, Any]:
        if len(events) == 1 and events[0].kind == "refused":
            return {"refused": event_json(events[0]), "view": self.view()}
        if len(events) == 1 and events[0].kind == "unknown":
            return {"error": " ".join(events[0].lines), "view": self.view()}
        return self._reply(events)

    # -- the record ------------------------------------------------------------------

    def record(self) -> str:
        """The game so far as a walkthrough-format record (YAML) for ``rentoy run``
        (and ``rentoy play --resume``, which reads its table)."""
        session = self.session
        hands = len(session.played) + (0 if session.over else 1)
        v = session.variant
        bots = _(" and ").join(dict.fromkeys(session.bot_names))
        command = f"rentoy play {v.id} --seat {self.seat} --seed {session.seed}"
        state = (ngettext("finished after {count} hand", "finished after {count} hands",
                          hands) if self.over else
                 ngettext("left off after {count} hand", "left off after {count} hands",
                          hands)).format(count=hands)
        return session.record(
            title=_("A game of {variant} in the browser").format(variant=v.id),
            description=_("Played on the site's Play page at seat {seat} with seed {seed} "
                          "(`{command}` deals the same cards): seat {seat} by a person, the "
                          "others by {bots} bots; {state}.").format(
                              seat=self.seat, seed=session.seed, command=command, bots=bots,
                              state=state))

    # -- requests from the page ------------------------------------------------------

    def handle(self, request: str) -> str:
        """Answer one request of the page (JSON text) with JSON text: ``{"op":
        "start"}`` (once), ``{"op": "step"}``, ``{"op": "act", "action": "0 play 3c",
        "version": N}`` (ignored as stale when the table changed since the view whose
        ``version`` was N), ``{"op": "say", "line": "hint"}`` (a line as typed at
        ``rentoy play``: ``hint``, ``undo``, ``partner``, ``yes``, ``no``),
        ``{"op": "view"}`` or ``{"op": "record"}``, in the seat's language. A bad
        request answers ``{"error": message}``."""
        if self.language is None:
            return self._handle(request)
        with use_language(self.language):
            return self._handle(request)

    def _handle(self, request: str) -> str:
        out: dict[str, Any]
        try:
            data = json.loads(request)
            op = data.get("op")
            version = data.get("version")
            if op in ("act", "say") and version is not None and version != self.session.version:
                out = {"stale": True, "view": self.view()}
            elif op == "start":
                out = self.start()
            elif op == "step":
                out = self.step()
            elif op == "act":
                out = self.act(str(data.get("action", "")))
            elif op == "say":
                out = self.say(str(data.get("line", "")))
            elif op == "view":
                out = {"view": self.view()}
            elif op == "record":
                out = {"record": self.record()}
            else:
                raise SeatError(_("unknown request {op}; use start, step, act, say, view or "
                                  "record").format(op=repr(op)))
        except (SeatError, ValueError, KeyError) as exc:
            out = {"error": str(exc)}
        return json.dumps(out, ensure_ascii=False)


#: The most digits a number of a link may have (a seat, a score): read as text first.
LINK_DIGITS = 3


def read_link(deal: object, dealer: object, score: object
              ) -> tuple[Deal | None, int | None, tuple[int, int]]:
    """A Play link's ``deal``, ``dealer`` and ``score`` (the words of its address), read
    as ``rentoy play --deal`` reads a deal (:func:`rentoy.model.notation.parse_deal`, the
    dealer as its ``/ dealer`` part) and a score as ``A-B``; each number bounded to
    :data:`LINK_DIGITS` digits before it is read. Anything wrong is a :class:`SeatError`
    that says what, in words.

    >>> read_link("1e 12b 5e | 5c 11e 7o / up 7e", "0", "4-5")[1:]
    (0, (4, 5))
    >>> read_link(None, None, "4-")
    Traceback (most recent call last):
    ...
    rentoy.integrations.browser.SeatError: the score is written A-B (two whole numbers), not '4-'
    """
    deal, dealer, score = (_link_text(n, v) for n, v in (("deal", deal), ("dealer", dealer),
                                                          ("score", score)))
    if dealer is not None and not (dealer.isdigit() and len(dealer) <= LINK_DIGITS):
        raise SeatError(_("{name} is a whole number, not {value}").format(
            name="dealer", value=repr(dealer[:20])))
    start = (0, 0)
    if score:
        found = re.fullmatch(r"(\d{1,%d})-(\d{1,%d})" % (LINK_DIGITS, LINK_DIGITS), score)
        if found is None:
            raise SeatError(_("the score is written A-B (two whole numbers), not {value}"
                              ).format(value=repr(score[:20])))
        start = (int(found.group(1)), int(found.group(2)))
    if not deal:
        if dealer is not None:
            return None, int(dealer), start
        return None, None, start
    text = deal if dealer is None or "dealer" in deal.lower() else f"{deal} / dealer {dealer}"
    try:
        read = parse_deal(text)
    except NotationError as exc:
        raise SeatError(str(exc)) from None
    return Deal(read.hands, read.up), read.dealer, start


def _link_text(name: str, value: object) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise SeatError(_("{name} is a whole number, not {value}").format(name=name,
                                                                       value=repr(value)))


def new_seat(request: str) -> Seat:
    """A seat from the page's JSON request: ``variant`` (the variant's data), and
    ``options``, ``players``, ``seat``, ``bots``, ``seed``, a first ``deal`` (``hands``
    and ``up``) with its ``dealer`` and ``score``, ``partners`` and the ``language`` it
    speaks, as :class:`Seat` takes them. Anything wrong with it is a :class:`SeatError`
    that says what, in that language."""
    try:
        data = json.loads(request)
    except ValueError as exc:
        raise SeatError(_("cannot start this game: {problem}").format(problem=exc)) from None
    spoken = data.get("language") if isinstance(data, Mapping) else None
    with use_language(spoken if spoken in LANGUAGES else "en"):
        try:
            return Seat.from_request(data)
        except SeatError:
            raise
        except (RentoyError, ValueError, KeyError, TypeError) as exc:
            raise SeatError(_("cannot start this game: {problem}").format(
                problem=exc)) from None
