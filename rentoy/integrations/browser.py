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
``rentoy run`` replays.

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
from ..engine import (ACCEPT, FOLD, GAME_CALL, PLAY, RAISE, TEAMS, Action, ActionSyntaxError,
                      Deal, Event, Game, Match, draw_deal)
from ..errors import IllegalAction, RentoyError
from ..ruletable import rule_title
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
    game from that score, even where the variant plays a match.
    """

    def __init__(self, variant: Mapping[str, Any], *, options: Sequence[str] = (),
                 seat: int = 0, players: int | None = None,
                 bots: Sequence[str] = ("search", "search"), seed: int = 0,
                 deal: Deal | None = None, dealer: int | None = None,
                 score: Sequence[int] = (0, 0)):
        self.variant = _variant(variant, options)
        rules = self.variant.rules
        n = rules.default_players if players is None else int(players)
        if n not in rules.players:
            raise SeatError(f"variant {self.variant.id} is played by "
                            f"{', '.join(map(str, rules.players))} players, not {n}")
        if not 0 <= seat < n:
            raise SeatError(f"there is no seat {seat} at a table of {n}")
        if len(bots) != 2:
            raise SeatError("give two bots: the partners' and the opponents'")
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
            raise SeatError("the request names no variant (give its data as `variant`)")
        deal = request.get("deal")
        try:
            first = None if not deal else Deal.parse(deal["hands"], deal["up"])
        except (KeyError, TypeError, ValueError) as exc:
            raise SeatError(f"a bad deal: {exc}") from None
        return cls(request["variant"], options=request.get("options") or (),
                   seat=int(request.get("seat", 0)), players=request.get("players"),
                   bots=request.get("bots") or ("search", "search"),
                   seed=int(request.get("seed", 0)), deal=first,
                   dealer=request.get("dealer"), score=request.get("score") or (0, 0))

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

    def _who(self, seat: int) -> str:
        if seat == self.seat:
            return "You"
        role = "partner" if seat & 1 == self.seat & 1 else "opponent"
        return f"Seat {seat} ({role})"

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
             "label": (f"Raise to {value_text(next_value)}" if next_value is not None
                       else "Raise"),
             "call": calls.for_raise(obs.level + 1)},
            {"kind": ACCEPT, "action": f"{self.seat} accept",
             "legal": Action(self.seat, ACCEPT) in legal,
             "label": f"Accept {value_text(obs.value)}" if obs.pending else "Accept",
             "call": calls.accept},
            {"kind": FOLD, "action": f"{self.seat} fold",
             "legal": Action(self.seat, FOLD) in legal,
             "label": "Fold", "call": calls.fold},
        ]
        if rules.juego_fuera != "none":       # the call for the whole game, where there is one
            bets.insert(1, {"kind": GAME_CALL, "action": f"{self.seat} game",
                            "legal": Action(self.seat, GAME_CALL) in legal,
                            "label": "Call the whole game", "call": calls.game})
        return {
            "variant": self.variant.id, "name": self.variant.name, "players": self.players,
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
            "raiser": obs.raiser, "raise_right": obs.raise_right,
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
        match = (f" The match is the best of {v.rules.match} games." if v.rules.match > 1
                 else "")
        lines = [f"{v.name} ({v.id}), {self.players} players, to {v.rules.target} "
                 f"points.{match}",
                 f"You are seat {self.seat}, team {TEAMS[self.seat & 1]}"
                 + (f", with seat{'s' if len(partners) > 1 else ''} "
                    f"{', '.join(map(str, partners))} ({self.bot_names[0]} bot"
                    f"{'s' if len(partners) > 1 else ''})" if partners else "")
                 + f"; the opponents are {self.bot_names[1]} bots."]
        if self.start_score != (0, 0):
            lines.append(f"The game starts at {score_text(self.start_score)}.")
        events = [{"kind": "game", "lines": lines}, self._deal_event()]
        return {"events": events, "view": self.view()}

    def _deal_event(self) -> dict[str, Any]:
        seen = self.game.observation(self.seat)
        word = self.variant.rules.calls.turn_up
        mano = (seen.dealer + 1) % self.players
        return {"kind": "deal", "hand": self._hands, "lines": [
            f"Hand {self._hands}: seat {seen.dealer} deals; seat {mano} leads. Turned up"
            f"{f' ({word})' if word else ''}: {seen.up.code}, {seen.up.name}."]}

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
        """The person's action (``"0 play 3c"``, ``"0 raise"``): the engine's refusal,
        or what it led to and the view after it."""
        try:
            action = Action.parse(text)
        except ActionSyntaxError as exc:
            raise SeatError(str(exc)) from None
        if action.seat != self.seat:
            raise SeatError(f"the person sits at seat {self.seat}, not {action.seat}")
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
            remarks = [f"Team {team} calls the whole game (juego fuera): the hand is worth "
                       f"{value_text(after.value)}; team {other} answers."]
        who = self._who(action.seat)
        if action.kind == PLAY:
            first = remarks[0].replace(f"Seat {action.seat} ", f"{who} ", 1)
            if action.seat == self.seat:
                first = first.replace("You leads", "You lead").replace("You plays", "You play")
        else:
            verb = "say" if action.seat == self.seat else "says"
            first = f"{who}{f' {verb} “{call}”' if call else ''}: {remarks[0]}"
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
        how = (f"{result.tricks[result.winner]} tricks to {result.tricks[1 - result.winner]}"
               if result.how == "tricks" else "by a fold")
        yours = result.winner == self.seat & 1
        lines = [f"End of hand {self._hands}: team {result.winner_name} "
                 f"({'your team' if yours else 'the opponents'}) wins it {how} at "
                 f"{value_text(result.value)} and scores {result.points}. Score: "
                 f"{score_text(result.score)} (to {self.variant.rules.target})."]
        data: dict[str, Any] = {"kind": "hand", "hand": self._hands, "winner": result.winner_name,
                                "yours": yours, "how": str(result.how),
                                "value": value_text(result.value), "points": result.points,
                                "score": list(result.score), "tricks": list(result.tricks)}
        if result.game_winner is not None:
            won = result.game_winner_name
            mine = result.game_winner == self.seat & 1
            lines.append(f"Team {won} ({'your team' if mine else 'the opponents'}) wins the "
                         f"game, {result.score[0]}-{result.score[1]}.")
            data["game_winner"] = won
            if after.needed > 1:
                games = after.games_after
                lines.append(f"Team {after.match_winner} wins the match, games "
                             f"{max(games)}-{min(games)}." if after.match_winner is not None
                             else f"Games in the match: {score_text(games)}; the first to "
                                  f"{after.needed} wins it.")
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
                "note": prov.note if prov else None}

    # -- the record ------------------------------------------------------------------

    def record(self) -> str:
        """The game so far as a walkthrough-format record (YAML) for ``rentoy run``."""
        hands = list(self.played)
        if not self.over:
            hands.append(PlayedHand(self.game.hand.deal, tuple(self._actions)))
        v = self.variant
        state = "finished" if self.over else "left off"
        bots = " and ".join(dict.fromkeys(self.bot_names))
        return record_text(
            v, hands, players=self.players, dealer=self.first_dealer,
            score=self.start_score,
            title=f"A game of {v.id} in the browser",
            description=f"Played on the site's Play page at seat {self.seat} with seed "
                        f"{self.seed} (`rentoy play {v.id} --seat {self.seat} --seed "
                        f"{self.seed}` deals the same cards): seat {self.seat} by a person, "
                        f"the others by {bots} bots; {state} after {len(hands)} "
                        f"hand{'s' if len(hands) != 1 else ''}.")

    # -- requests from the page ------------------------------------------------------

    def handle(self, request: str) -> str:
        """Answer one request of the page (JSON text) with JSON text: ``{"op": "step"}``,
        ``{"op": "start"}`` (once), ``{"op": "step"}``, ``{"op": "act", "action": "0 play
        3c", "version": N}`` (ignored as stale when something happened since the view
        whose ``actions_taken`` was N), ``{"op": "view"}`` or ``{"op": "record"}``. A bad request answers ``{"error": message}``."""
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
                raise SeatError(f"unknown request {op!r}; use start, step, act, view or record")
        except (SeatError, ValueError, KeyError) as exc:
            out = {"error": str(exc)}
        return json.dumps(out, ensure_ascii=False)


def new_seat(request: str) -> Seat:
    """A seat from the page's JSON request: ``variant`` (the variant's data), and
    ``options``, ``players``, ``seat``, ``bots``, ``seed``, a first ``deal`` (``hands``
    and ``up``) with its ``dealer`` and ``score``, as :class:`Seat` takes them. Anything
    wrong with it is a :class:`SeatError` that says what."""
    try:
        return Seat.from_request(json.loads(request))
    except SeatError:
        raise
    except (RentoyError, ValueError, KeyError, TypeError) as exc:
        raise SeatError(f"cannot start this game: {exc}") from None


def _card(card: Card) -> dict[str, Any]:
    return {"code": card.code, "name": card.name, "suit": card.suit, "rank": card.rank}
