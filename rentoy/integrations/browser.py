"""A seat at the table in the browser: the site's Play page runs this module in Pyodide.

The page's JavaScript only draws and forwards clicks; every rule, bot and word comes
from here, and so from the engine the command line uses. A :class:`Seat` holds a
:class:`~rentoy.engine.Game` (a :class:`~rentoy.engine.Match` where the variant plays
one) with a person at one seat and bots at the others, and answers requests made of
plain data: the page sends JSON to :meth:`Seat.handle` and reads JSON back. The
variant comes as the data :func:`rentoy.variant.variant_data` writes (compiled when
the site is built), so the page needs no YAML reader and no schema validator; this
module imports nothing outside the standard library and runs unchanged under CPython.

As at the table: the same seed deals the same cards as ``rentoy play --seed`` (one
generator for the deals, another, seeded from it, shared by the bots in seat order);
a raise is answered by the person whenever his team may answer it (under
``answer_by: team``, instead of his partner); a refused action is the engine's own
refusal, with its reason, rule, status and source; the game is recorded as it is
played, and :meth:`Seat.record` gives it as a walkthrough-format record that
``rentoy run`` replays. A seat speaks a language (``language``: ``en``, ``es``): the
answers of :meth:`Seat.handle` are worded in it, as ``rentoy play --lang`` words them,
and an action may be typed as at ``rentoy play``, in the words of either language
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
import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from ..bots import BOT_NAMES, make_bot, parse_bot
from ..cards import SUIT_NAMES, Card
from ..comparison.reference import status_word
from ..engine import (ACCEPT, FOLD, GAME_CALL, PLAY, RAISE, TEAMS, Action, ActionSyntaxError,
                      Deal, Event, Game, Match, draw_deal)
from ..errors import IllegalAction, RentoyError
from ..i18n import LANGUAGES, _, data_text, ngettext, use_language
from ..ruletable import rule_title
from ..table.session import play_line, seat_name
from ..table.words import read_line
from ..variant import Variant, variant_from_data
from ..walkthrough.narrate import call_for, score_text, step_remarks, value_text
from ..walkthrough.record import PlayedHand, record_text
from ..walkthrough.state import Snapshot

__all__ = ["Seat", "SeatError", "BOT_NAMES", "new_seat"]


class SeatError(RentoyError, ValueError):
    """A request the page should not have made: a bad setting, an unknown operation."""


def _variant(data: Mapping[str, Any], options: Sequence[str]) -> Variant:
    variant = variant_from_data(data)
    return variant.with_options(*options) if options else variant


class Seat:
    """A game of ``variant`` (its data) with a person at ``seat`` and bots elsewhere.

    ``bots``: the person's partners' bot, then the opponents' (specs as on the command
    line: ``search``, ``greedy``, ``random``, ``search:samples=16``). ``seed`` deals the
    cards and seeds the bots as ``rentoy play --seed`` does. ``deal`` (with ``dealer``
    and ``score``) gives the first hand's cards, as a worked example states them; later
    hands are dealt from the seed. A game that starts at another score than 0-0 is one
    game from that score, even where the variant plays a match. ``language`` is the one
    :meth:`handle` answers in (None: the language spoken when it is called).
    """

    def __init__(self, variant: Mapping[str, Any], *, options: Sequence[str] = (),
                 seat: int = 0, players: int | None = None,
                 bots: Sequence[str] = ("search", "search"), seed: int = 0,
                 deal: Deal | None = None, dealer: int | None = None,
                 score: Sequence[int] = (0, 0), language: str | None = None):
        if language is not None and language not in LANGUAGES:
            raise SeatError(_("the page speaks {languages}, not {language}").format(
                languages=", ".join(LANGUAGES), language=repr(language)))
        self.language = language
        self.variant = _variant(variant, options)
        rules = self.variant.rules
        n = rules.default_players if players is None else int(players)
        if n not in rules.players:
            raise SeatError(_("variant {variant} is played by {allowed} players, not "
                              "{players}").format(variant=self.variant.id, players=n,
                                                  allowed=", ".join(map(str, rules.players))))
        if not 0 <= seat < n:
            raise SeatError(_("there is no seat {seat} at a table of {players}").format(
                seat=seat, players=n))
        if len(bots) != 2:
            raise SeatError(_("give two bots: the partners' and the opponents'"))
        for spec in bots:
            try:
                parse_bot(spec)
            except ValueError as exc:
                raise SeatError(str(exc)) from None
        self.seat, self.players, self.seed = seat, n, seed
        self.bot_names = (bots[0], bots[1])
        rng = random.Random(seed)
        start = (int(score[0]), int(score[1]))
        self.game: Game | Match
        if rules.match > 1 and start == (0, 0):
            first = deal
            self.game = Match(self.variant, n, rng=rng, dealer=dealer, deals=None if first is None
                              else lambda i: first if i == 0 else
                              draw_deal(rng, n, rules.hand_size))
        else:
            self.game = Game(self.variant, n, rng=rng, dealer=dealer, score=start,
                             first_deal=deal)
        # The bots share one generator, in seat order, as at `rentoy play`.
        bot_rng = random.Random(f"bots {seed}")
        self.bots = {s: make_bot(self.bot_names[0 if s & 1 == seat & 1 else 1], rng=bot_rng)
                     for s in range(n) if s != seat}
        self.start_score = start
        self.first_dealer = self.game.observation(seat).dealer
        self.played: list[PlayedHand] = []
        self._actions: list[Action] = []
        self._hands = 1
        self.actions_taken = 0
        self.think_ms: list[float] = []     # how long each bot move took

    @classmethod
    def from_request(cls, request: Mapping[str, Any]) -> "Seat":
        """A seat from the page's ``new`` request (see :func:`new_seat`)."""
        if not isinstance(request, Mapping) or not isinstance(request.get("variant"), Mapping):
            raise SeatError(_("the request names no variant (give its data as `variant`)"))
        deal = request.get("deal")
        try:
            first = None if not deal else Deal.parse(deal["hands"], deal["up"])
        except (KeyError, TypeError, ValueError) as exc:
            raise SeatError(_("a bad deal: {problem}").format(problem=exc)) from None
        return cls(request["variant"], options=request.get("options") or (),
                   seat=int(request.get("seat", 0)), players=request.get("players"),
                   bots=request.get("bots") or ("search", "search"),
                   seed=int(request.get("seed", 0)), deal=first,
                   dealer=request.get("dealer"), score=request.get("score") or (0, 0),
                   language=request.get("language"))

    # -- the state -----------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.game.is_over

    @property
    def waiting(self) -> bool:
        """Whether the person may act now: it is his turn, or his team answers a raise."""
        return not self.over and bool(self.game.observation(self.seat).legal)

    def _games(self) -> tuple[int, int]:
        return self.game.games_won if isinstance(self.game, Match) else (0, 0)

    def view(self) -> dict[str, Any]:
        """What the person may see now, read from his observation alone."""
        obs = self.game.observation(self.seat)
        rules = self.variant.rules
        legal = set(obs.legal) if not self.over else set()
        played = {s: 0 for s in range(self.players)}
        for a in obs.actions:
            if a.kind == PLAY:
                played[a.seat] += 1
        mano = (obs.dealer + 1) % self.players
        seats = []
        for s in range(self.players):
            role = "you" if s == self.seat else (
                "partner" if s & 1 == self.seat & 1 else "opponent")
            seats.append({"seat": s, "team": TEAMS[s & 1], "role": role,
                          "bot": None if s == self.seat else self.bot_names[
                              0 if role == "partner" else 1],
                          "cards_left": rules.hand_size - played[s],
                          "dealer": s == obs.dealer, "mano": s == mano})
        last = obs.tricks[-1] if obs.tricks else None
        ladder = rules.ladder
        next_value = ladder[obs.level + 1] if obs.level + 1 < len(ladder) else None
        calls = rules.calls
        bets = [
            {"kind": RAISE, "action": f"{self.seat} raise", "legal": Action(
                self.seat, RAISE) in legal,
             "label": (_("Raise to {value}").format(value=value_text(next_value))
                       if next_value is not None else _("Raise")),
             "call": calls.for_raise(obs.level + 1)},
            {"kind": ACCEPT, "action": f"{self.seat} accept",
             "legal": Action(self.seat, ACCEPT) in legal,
             "label": (_("Accept {value}").format(value=value_text(obs.value))
                       if obs.pending else _("Accept")),
             "call": calls.accept},
            {"kind": FOLD, "action": f"{self.seat} fold",
             "legal": Action(self.seat, FOLD) in legal,
             "label": _("Fold"), "call": calls.fold},
        ]
        if rules.juego_fuera != "none":       # the call for the whole game, where there is one
            bets.insert(1, {"kind": GAME_CALL, "action": f"{self.seat} game",
                            "legal": Action(self.seat, GAME_CALL) in legal,
                            "label": _("Call the whole game"), "call": calls.game})
        return {
            "variant": self.variant.id, "name": data_text(self.variant.name),
            "players": self.players,
            "seat": self.seat, "team": TEAMS[self.seat & 1], "seed": self.seed,
            "bots": list(self.bot_names), "seats": seats, "hand": self._hands,
            "dealer": obs.dealer, "mano": mano,
            "up": _card(obs.up), "trump": obs.trump, "trump_name": SUIT_NAMES[obs.trump],
            "turn_up_word": calls.turn_up,
            "cards": [{**_card(c), "legal": Action(self.seat, PLAY, c) in legal,
                       "action": f"{self.seat} play {c.code}"} for c in obs.cards],
            "trick": [{"seat": s, "card": _card(c)} for s, c in obs.trick],
            "last_trick": None if last is None else {
                "cards": [{"seat": s, "card": _card(c)}
                          for s, c in zip(last.seats(self.players), last.cards)],
                "winner": last.winner},
            "tricks": list(obs.tricks_won), "score": list(obs.score),
            "target": rules.target, "games": list(obs.games_won), "best_of": rules.match,
            "value": value_text(obs.value), "accepted_value": value_text(obs.accepted_value),
            "pending": obs.pending,
            "raiser": None if obs.raiser is None else TEAMS[obs.raiser & 1],
            "raise_right": obs.raise_right,
            "to_act": None if self.over else obs.current_seat,
            "waiting": bool(legal), "bets": bets,
            "over": self.over, "winner": self.game.winner,
            "actions_taken": self.actions_taken,
        }

    # -- playing -------------------------------------------------------------------

    def start(self) -> dict[str, Any]:
        """The opening events (the game, the first deal) and the view."""
        v = self.variant
        partners = [s for s in range(self.players) if s != self.seat and s & 1 == self.seat & 1]
        match = (" " + _("The match is the best of {games} games.").format(
            games=v.rules.match) if v.rules.match > 1 else "")
        with_partners = (ngettext(", with seat {seats} ({bot} bot)",
                                  ", with seats {seats} ({bot} bot)", len(partners)).format(
            seats=", ".join(map(str, partners)), bot=self.bot_names[0]) if partners else "")
        lines = [_("{name} ({id}), {players} players, to {target} points.").format(
                     name=data_text(v.name), id=v.id, players=self.players,
                     target=v.rules.target) + match,
                 _("You are seat {seat}, team {team}{partners}; the opponents are {bot} "
                   "bots.").format(seat=self.seat, team=TEAMS[self.seat & 1],
                                   partners=with_partners, bot=self.bot_names[1])]
        if self.start_score != (0, 0):
            lines.append(_("The game starts at {score}.").format(
                score=score_text(self.start_score)))
        events = [{"kind": "game", "lines": lines}, self._deal_event()]
        return {"events": events, "view": self.view()}

    def _deal_event(self) -> dict[str, Any]:
        seen = self.game.observation(self.seat)
        word = self.variant.rules.calls.turn_up
        mano = (seen.dealer + 1) % self.players
        return {"kind": "deal", "hand": self._hands, "lines": [
            _("Hand {hand}: seat {dealer} deals; seat {leader} leads. Turned up{word}: "
              "{code}, {name}.").format(hand=self._hands, dealer=seen.dealer, leader=mano,
                                        word=f" ({word})" if word else "",
                                        code=seen.up.code, name=seen.up.name)]}

    def step(self) -> dict[str, Any]:
        """One bot's move, when a bot is to act (nothing when the person may act or the
        game is over); how long the bot thought, and the view after it."""
        if self.over or self.waiting:
            return {"events": [], "view": self.view()}
        seat = self.game.current_seat
        assert seat is not None and seat != self.seat
        began = time.perf_counter()
        action = self.bots[seat].choose(self.game.observation(seat))
        took = (time.perf_counter() - began) * 1000
        self.think_ms.append(took)
        events = self._apply(action)
        events[0]["think_ms"] = round(took, 1)
        events[0]["bot"] = self.bot_names[0 if seat & 1 == self.seat & 1 else 1]
        return {"events": events, "view": self.view()}

    def act(self, text: str) -> dict[str, Any]:
        """The person's action (``"0 play 3c"``, ``"0 raise"``, or as typed at ``rentoy
        play``: ``quiero``, ``me voy``, ``3c``, ``2``): the engine's refusal, or what it
        led to and the view after it."""
        try:
            action = Action.parse(text)
        except ActionSyntaxError as exc:
            cards = self.game.observation(self.seat).cards
            reading = read_line(text, self.seat, cards, self.variant)
            if reading.action is None:
                raise SeatError(str(exc)) from None
            action = reading.action
        if action.seat != self.seat:
            raise SeatError(_("the person sits at seat {seat}, not {other}").format(
                seat=self.seat, other=action.seat))
        refusal = self.game.refusal(action)
        if refusal is not None:
            return {"refused": self._refusal(action, refusal), "view": self.view()}
        return {"events": self._apply(action), "view": self.view()}

    def _apply(self, action: Action) -> list[dict[str, Any]]:
        hand = self.game.hand
        trump = self.game.observation(self.seat).trump
        needed = self.variant.rules.games_needed
        games_before = self._games()
        before = Snapshot.of(hand, games_before, needed)
        event: Event = self.game.apply(action)    # the game may deal the next hand
        self._actions.append(action)
        self.actions_taken += 1
        after = Snapshot.of(hand, games_before, needed)
        call = call_for(self.variant, action, after)
        remarks = step_remarks(self.variant, action, event, before, after, trump)
        if not remarks and action.kind == GAME_CALL:      # not narrated by the walkthroughs
            team, other = TEAMS[action.seat & 1], TEAMS[1 - (action.seat & 1)]
            remarks = [_("Team {team} calls the whole game (juego fuera): the hand is worth "
                         "{value}; team {other} answers.").format(
                             team=team, value=value_text(after.value), other=other)]
        if action.kind == PLAY:
            first = play_line(remarks[0], action.seat, self.seat)
        else:
            said = ((_(" say “{call}”") if action.seat == self.seat
                     else _(" says “{call}”")).format(call=call) if call else "")
            first = f"{seat_name(action.seat, self.seat)}{said}: {remarks[0]}"
        out: dict[str, Any] = {"kind": "action", "seat": action.seat, "action": str(action),
                               "card": None if action.card is None else _card(action.card),
                               "call": call, "lines": [first, *remarks[1:]]}
        if event.trick is not None:
            trick = event.trick
            out["trick"] = {"cards": [{"seat": s, "card": _card(c)} for s, c in
                                      zip(trick.seats(self.players), trick.cards)],
                            "winner": trick.winner}
        events = [out]
        result = event.result
        if result is not None:
            self.played.append(PlayedHand(hand.deal, tuple(self._actions)))
            self._actions = []
            events.append(self._hand_event(result, after))
            if not self.over:
                self._hands += 1
                events.append(self._deal_event())
        return events

    def _hand_event(self, result: Any, after: Snapshot) -> dict[str, Any]:
        how = (_("{won} tricks to {lost}").format(won=result.tricks[result.winner],
                                                   lost=result.tricks[1 - result.winner])
               if result.how == "tricks" else _("by a fold"))
        yours = result.winner == self.seat & 1
        lines = [_("End of hand {hand}: team {team} ({whose}) wins it {how} at {value} and "
                   "scores {points}. Score: {score} (to {target}).").format(
                       hand=self._hands, team=result.winner_name,
                       whose=_("your team") if yours else _("the opponents"), how=how,
                       value=value_text(result.value), points=result.points,
                       score=score_text(result.score), target=self.variant.rules.target)]
        data: dict[str, Any] = {"kind": "hand", "hand": self._hands, "winner": result.winner_name,
                                "yours": yours, "how": str(result.how),
                                "value": value_text(result.value), "points": result.points,
                                "score": list(result.score), "tricks": list(result.tricks)}
        if result.game_winner is not None:
            won = result.game_winner_name
            mine = result.game_winner == self.seat & 1
            lines.append(_("Team {team} ({whose}) wins the game, {score}.").format(
                team=won, whose=_("your team") if mine else _("the opponents"),
                score=f"{result.score[0]}-{result.score[1]}"))
            data["game_winner"] = won
            if after.needed > 1:
                games = after.games_after
                lines.append(_("Team {team} wins the match, games {games}.").format(
                    team=after.match_winner, games=f"{max(games)}-{min(games)}")
                    if after.match_winner is not None
                    else _("Games in the match: {games}; the first to {needed} wins "
                           "it.").format(games=score_text(games), needed=after.needed))
        if self.over:
            data["over"] = True
        data["lines"] = lines
        return data

    def _refusal(self, action: Action, refusal: IllegalAction) -> dict[str, Any]:
        prov = self.variant.provenance.get(refusal.rule) if refusal.rule else None
        return {"action": str(action), "reason": refusal.reason, "detail": refusal.detail,
                "message": str(refusal), "rule": refusal.rule,
                "rule_title": rule_title(refusal.rule) if refusal.rule else None,
                "variant": refusal.variant, "base": self.variant.base_id,
                "source": list(refusal.source),
                "status": prov.status if prov else None,
                "status_name": status_word(prov.status) if prov else None,
                "note": data_text(prov.note) if prov and prov.note else None}

    # -- the record ------------------------------------------------------------------

    def record(self) -> str:
        """The game so far as a walkthrough-format record (YAML) for ``rentoy run``."""
        hands = list(self.played)
        if not self.over:
            hands.append(PlayedHand(self.game.hand.deal, tuple(self._actions)))
        v = self.variant
        bots = _(" and ").join(dict.fromkeys(self.bot_names))
        command = f"rentoy play {v.id} --seat {self.seat} --seed {self.seed}"
        state = (ngettext("finished after {count} hand", "finished after {count} hands",
                          len(hands)) if self.over else
                 ngettext("left off after {count} hand", "left off after {count} hands",
                          len(hands))).format(count=len(hands))
        return record_text(
            v, hands, players=self.players, dealer=self.first_dealer,
            score=self.start_score,
            title=_("A game of {variant} in the browser").format(variant=v.id),
            description=_("Played on the site's Play page at seat {seat} with seed {seed} "
                          "(`{command}` deals the same cards): seat {seat} by a person, the "
                          "others by {bots} bots; {state}.").format(
                              seat=self.seat, seed=self.seed, command=command, bots=bots,
                              state=state))

    # -- requests from the page ------------------------------------------------------

    def handle(self, request: str) -> str:
        """Answer one request of the page (JSON text) with JSON text: ``{"op": "step"}``,
        ``{"op": "start"}`` (once), ``{"op": "step"}``, ``{"op": "act", "action": "0 play
        3c", "version": N}`` (ignored as stale when something happened since the view
        whose ``actions_taken`` was N), ``{"op": "view"}`` or ``{"op": "record"}``, in
        the seat's language. A bad request answers ``{"error": message}``."""
        if self.language is None:
            return self._handle(request)
        with use_language(self.language):
            return self._handle(request)

    def _handle(self, request: str) -> str:
        try:
            data = json.loads(request)
            op = data.get("op")
            if op == "start":
                out = self.start()
            elif op == "step":
                out = self.step()
            elif op == "act":
                version = data.get("version")
                if version is not None and version != self.actions_taken:
                    out = {"stale": True, "view": self.view()}
                else:
                    out = self.act(str(data.get("action", "")))
            elif op == "view":
                out = {"view": self.view()}
            elif op == "record":
                out = {"record": self.record()}
            else:
                raise SeatError(_("unknown request {op}; use start, step, act, view or "
                                  "record").format(op=repr(op)))
        except (SeatError, ValueError, KeyError) as exc:
            out = {"error": str(exc)}
        return json.dumps(out, ensure_ascii=False)


def new_seat(request: str) -> Seat:
    """A seat from the page's JSON request: ``variant`` (the variant's data), and
    ``options``, ``players``, ``seat``, ``bots``, ``seed``, a first ``deal`` (``hands``
    and ``up``) with its ``dealer`` and ``score``, and the ``language`` it speaks, as
    :class:`Seat` takes them. Anything wrong with it is a :class:`SeatError` that says
    what, in that language."""
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


def _card(card: Card) -> dict[str, Any]:
    return {"code": card.code, "name": card.name, "suit": card.suit, "rank": card.rank}
