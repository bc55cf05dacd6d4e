"""A game at the table: one seat is a person, the others are bots.

A :class:`Session` holds a :class:`~rentoy.engine.Game` (or a
:class:`~rentoy.engine.Match` where the variant plays one), lets the bots act until
it is the person's turn, takes the person's line (:func:`~rentoy.table.words.read_line`)
and returns what happened as :class:`TableEvent` values: the deal of a hand, every
action with the words the variant gives it, refusals with their rule, source and
status, the end of a hand, a game and the match. It draws nothing; a front end
(``rentoy play``) prints the events and the person's view
(:meth:`Session.view`).

The game is recorded as it is played, so :meth:`Session.record` gives it as a
walkthrough-format record whenever asked (a game left off included).

>>> session = Session("1737", seat=0, bots="greedy", seed=4)
>>> kinds = [e.kind for e in session.start()]
>>> kinds[:2], session.waiting
(['game', 'deal'], True)
>>> [e.kind for e in session.submit("fold")]
['refused']
>>> [e.kind for e in session.submit("hm")]
['unknown']
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from ..cards import Card
from ..engine import (ACCEPT, FOLD, GAME_CALL, PLAY, RAISE, TEAMS, Action, Deal, Game, Hand, Match,
                      Observation, draw_deal)
from ..bots import BOT_NAMES as _BOT_NAMES
from ..bots import Bot, SearchBot, make_bot, parse_bot
from ..comparison.reference import refusal_origin
from ..errors import IllegalAction, InputError
from ..variant import Variant
from ..variants import load_variant
from ..walkthrough.narrate import call_for, gloss_for, score_text, step_remarks, value_text
from ..walkthrough.record import PlayedHand, record_text
from ..walkthrough.state import Snapshot
from ..i18n import _, data_text, language, ngettext, percent
from .words import HINT_WORDS, LEAVE_WORDS, UNDO_WORDS, action_words, read_line

__all__ = ["Session", "TableEvent", "View", "BOT_NAMES", "lines_of", "seat_name", "play_line"]


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


#: The bots that can sit at the table, by name: every bot the project has (settings may
#: follow a name, as in ``search:samples=16``; see :mod:`rentoy.bots`).
BOT_NAMES: tuple[str, ...] = _BOT_NAMES


@dataclass(frozen=True)
class TableEvent:
    """Something that happened at the table: ``kind`` (``game``, ``deal``, ``action``,
    ``refused``, ``unknown``, ``help``, ``hand``, ``game-over``, ``match``), the
    sentences that say it, and its data (JSON-shaped)."""

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


def _bot_names(bots: str | Sequence[str]) -> tuple[str, str]:
    parts = [p.strip() for p in bots.split(",")] if isinstance(bots, str) else list(bots)
    if len(parts) == 1:
        parts *= 2
    if len(parts) != 2:
        raise InputError.at(_("bad --bots {bots}: give one bot for every seat, or two "
                              "separated by a comma (your partner's, then the "
                              "opponents')").format(bots=repr(bots)),
                            hint=_("e.g. greedy or greedy,random"))
    for spec in parts:
        try:
            parse_bot(spec)
        except ValueError as exc:
            raise InputError.at(str(exc)) from None
    return parts[0], parts[1]


class Session:
    """A game of ``variant`` with a person at ``seat`` and bots at the other seats.

    ``bots``: one bot name for every other seat, or two (``"greedy,random"``: the
    person's partners, then the opponents). ``seed`` deals the cards and seeds the
    bots, so the same seed and the same lines give the same game.
    """

    def __init__(self, variant: Variant | str, *, seat: int = 0, players: int | None = None,
                 bots: str | Sequence[str] = "greedy", seed: int = 0,
                 deals: Sequence[Deal] = (), dealer: int | None = None):
        self.variant = load_variant(variant)
        rules = self.variant.rules
        n = rules.default_players if players is None else players
        if n not in rules.players:
            raise InputError.at(_("variant {variant} is played by {allowed} players, not "
                                  "{players}").format(variant=self.variant.id, players=n,
                                                      allowed=", ".join(map(str, rules.players))))
        if not 0 <= seat < n:
            raise InputError.at(_("there is no seat {seat} at a table of {players}; seats run "
                                  "from 0 to {last}").format(seat=seat, players=n, last=n - 1))
        self.seat, self.players, self.seed = seat, n, seed
        self.bot_names = _bot_names(bots)
        if dealer is not None and not 0 <= dealer < n:
            raise InputError.at(_("there is no seat {seat} to deal at a table of {players}").format(
                seat=dealer, players=n))
        rng = random.Random(seed)
        given = list(deals)
        # The hands given (a deal on the command line, a record resumed) come first; the
        # rest are the seed's: hand k is the seed's k-th deal, as in a game played from
        # the start, so a resumed game does not deal its first hands again.
        drawn: list[Deal] = []

        def source(index: int) -> Deal:
            while len(drawn) <= index:      # drawn once: a hand taken back is dealt alike
                drawn.append(draw_deal(rng, n, rules.hand_size))
            return given[index] if index < len(given) else drawn[index]

        self.game: Game | Match = (
            Match(self.variant, n, rng=rng, dealer=dealer, deals=source if given else None)
            if rules.match > 1
            else Game(self.variant, n, rng=rng, dealer=dealer,
                      deals=source if given else None))
        self._advisors: dict[int, Bot] = {}
        bot_rng = random.Random(f"bots {seed}")
        self.bots = {s: make_bot(self.bot_names[0 if s & 1 == seat & 1 else 1], rng=bot_rng)
                     for s in range(n) if s != seat}
        self.played: list[PlayedHand] = []
        self.first_dealer = self._hand.observation(0).dealer
        self._deal: Deal | None = None
        self._actions: list[Action] = []
        self._hands = 0
        self._started = False
        self.actions_taken = 0     # every action applied so far, the bots' included
        self.version = 0           # changes whenever the table does (an undo included)
        self._undo: _Saved | None = None     # the table before the person's last action
        self._advice: Action | None = None   # the partner's answer, offered as advice
        self._hinter: SearchBot | None = None
        self.variant_spec: str | None = None   # the variant as a record names it

    # -- the state ---------------------------------------------------------------

    @property
    def _hand(self) -> Hand:
        return self.game.hand

    @property
    def over(self) -> bool:
        """Whether the game (or match) is over."""
        return self.game.is_over

    @property
    def waiting(self) -> bool:
        """Whether the person may act now: it is his turn, or a raise waits that his team
        answers and the rules let him answer it (under ``answer_by: team`` any seat of
        the team may, even where the engine names his partner to answer first)."""
        return not self.over and bool(self.game.legal_actions(self.seat))

    @property
    def current_seat(self) -> int | None:
        """The one seat to act (the engine's ``current_seat``): the turn, or facing a
        raise the seat the variant names to answer; None once the game is over."""
        return None if self.over else self.game.current_seat

    def observation(self) -> Observation:
        """What the person's seat may know now: the engine's
        :class:`~rentoy.engine.Observation`, the only door to the game for people and
        bots alike."""
        return self.game.observation(self.seat)

    def legal_actions(self) -> list[Action]:
        """The person's legal actions now (empty when not their turn)."""
        return list(self.observation().legal) if self.waiting else []

    def view(self) -> View:
        """What the person may see now, read from their observation alone."""
        obs = self.observation()
        last = obs.tricks[-1] if obs.tricks else None
        return View(
            seat=self.seat, players=self.players, variant=self.variant,
            hand_number=self._hands, dealer=obs.dealer, cards=obs.cards, up=obs.up,
            trump=obs.trump, trick=obs.trick, tricks_won=obs.tricks_won,
            last_trick=() if last is None else tuple(zip(last.seats(self.players),
                                                         last.cards)),
            last_winner=None if last is None else last.winner,
            score=obs.score, target=self.variant.rules.target, games_won=obs.games_won,
            best_of=self.variant.rules.match, value=obs.value, pending=obs.pending,
            raiser_team=None if obs.raiser is None else TEAMS[obs.raiser & 1],
            raise_right=obs.raise_right,
            current_seat=None if self.over else obs.current_seat,
            legal=obs.legal if not self.over else ())

    @property
    def _games(self) -> tuple[int, int]:
        return self.game.games_won if isinstance(self.game, Match) else (0, 0)

    # -- playing -----------------------------------------------------------------

    def start(self) -> list[TableEvent]:
        """The opening events: the game, the first deal, and the bots' actions up to the
        person's first turn."""
        if self._started:
            return []
        self._started = True
        v = self.variant
        match = (" " + _("The match is the best of {games} games.").format(
            games=v.rules.match) if v.rules.match > 1 else "")
        partners = [s for s in range(self.players) if s != self.seat and s & 1 == self.seat & 1]
        with_partners = (ngettext(", with seat {seats} ({bot} bot)",
                                  ", with seats {seats} ({bot} bot)", len(partners)).format(
            seats=", ".join(map(str, partners)), bot=self.bot_names[0]) if partners else "")
        lines = (_("{name} ({id}), {players} players, to {target} points.").format(
                     name=data_text(v.name), id=v.id, players=self.players,
                     target=v.rules.target) + match,
                 _("You are seat {seat}, team {team}{partners}; the opponents are {bot} "
                   "bots.").format(seat=self.seat, team=TEAMS[self.seat & 1],
                                   partners=with_partners, bot=self.bot_names[1]))
        events = [TableEvent("game", lines, {"variant": v.id, "players": self.players,
                                             "seat": self.seat, "seed": self.seed,
                                             "bots": list(self.bot_names)})]
        events.append(self._deal_event())
        return events + self._run_bots()

    def submit(self, line: str) -> list[TableEvent]:
        """Take one line typed by the person; the events it led to (nothing once the
        game is over: input after the end is ignored)."""
        if not self._started:
            return self.start() + self.submit(line)
        if self.over:
            return []
        if not self.waiting:     # cannot happen between calls; kept for safety
            return self._run_bots()
        word = " ".join(line.split()).lower()
        if word in HINT_WORDS:
            return [self.hint_event()]
        if word in UNDO_WORDS:
            return self.undo()
        if word in LEAVE_WORDS:
            return self._leave_to_partner()
        reading = read_line(line, self.seat, self.view().cards, self.variant)
        if reading.help:
            return [self.help_event()]
        if reading.error is not None:
            return [TableEvent("unknown", (reading.error,), {"input": line.strip()})]
        if reading.action is None:
            return []
        refusal = self.game.refusal(reading.action)
        if refusal is not None:
            return [self._refused_event(reading.action, refusal)]
        saved = self._save_state()
        events = self._apply(reading.action)
        taken = self.actions_taken
        events += self._run_bots()
        # A bot that acted has seen the action: it can no longer be taken back.
        self._undo = saved if self.actions_taken == taken and not self.over else None
        return events

    # -- advice, hints and taking back --------------------------------------------

    def _partner_to_answer(self) -> int | None:
        """The partner the engine names to answer the waiting raise while the person
        may answer it too (``answer_by: team``), if any."""
        if self.over or not self.observation().pending:
            return None
        seat = self.current_seat
        return seat if seat is not None and seat != self.seat else None

    def _advice_event(self) -> list[TableEvent]:
        """The partner's view of the raise, shown as advice: the answer is the person's."""
        partner = self._partner_to_answer()
        self._advice = None
        if partner is None:
            return []
        # Asked of a bot like the partner's with a generator of its own: the table's
        # bots draw nothing for advice, so a game goes on as it would without it (as
        # the site's Play page, which gives none, plays it).
        advisor = self._advisors.get(partner)
        if advisor is None:
            advisor = self._advisors[partner] = make_bot(
                self.bot_names[0], rng=random.Random(f"advice {self.seed} {partner}"))
        advice = advisor.choose(self.game.observation(partner))
        self._advice = advice
        return [TableEvent("advice", (
            _("Your partner (seat {seat}) would say {said}. The answer is yours: give it, "
              "or type `{partner}` to leave it to him.").format(
                seat=partner, said=self._said(advice.kind), partner=action_words()["partner"]),
            ),
            {"seat": partner, "advice": str(advice)})]

    def _leave_to_partner(self) -> list[TableEvent]:
        advice = self._advice
        partner = self._partner_to_answer()
        if advice is None or partner is None or advice.seat != partner:
            return [TableEvent("unknown", (_("There is nothing to leave to your partner now: "
                                             "he answers only a raise your team may answer."),),
                               {"input": "partner"})]
        self._undo = None
        return self._apply(advice) + self._run_bots()

    def hint_event(self) -> TableEvent:
        """What the search bot would do in the person's place, with its estimated
        chance of winning the hand; where every card still in play is known, what the
        solver says of each card instead."""
        from ..analysis import Solver
        from ..analysis.worlds import sample_world, trick_in_play, trump_tables, unseen_cards

        obs = self.observation()
        if not obs.legal:
            return TableEvent("hint", (_("Nothing to hint: it is not your turn."),), {})
        if self._hinter is None:
            self._hinter = SearchBot(rng=random.Random(f"hint {self.seed}"))
        bot = self._hinter
        played = sum(len(t.cards) for t in obs.tricks) + len(obs.trick)
        hidden = self.players * self.variant.rules.hand_size - played - len(obs.cards)
        plays = [a for a in obs.legal if a.kind == PLAY]
        us = self.seat & 1
        # Known when no other seat holds a card, or when every card unseen is in a hand.
        if plays and not obs.pending and (hidden == 0 or len(unseen_cards(obs)) == hidden):
            world = sample_world(obs, random.Random(0))     # the only one there is
            leader, trick = trick_in_play(obs)
            solver = Solver(obs.tables, trump_tables(obs), self.players,
                            (obs.dealer + 1) % self.players)
            moves = solver.move_winners(world, leader, trick, obs.tricks_won)
            winning = [self._card_code(c) for c, team in moves.items() if team == us]
            text = (_("Every card still in play is known, so this is exact: ")
                    + (ngettext("{cards} wins the hand for your team with perfect play.",
                                "{cards} win the hand for your team with perfect play.",
                                len(winning)).format(cards=", ".join(winning)) if winning else
                       _("no card wins the hand for your team against perfect play.")))
            return TableEvent("hint", (text,), {"exact": True, "winning": winning})
        choice = bot.choose(obs)
        estimate = bot.estimate(obs)
        card = choice.card          # a card exactly when the choice is to play one
        if card is not None:
            chance = estimate.cards.get(int(card), estimate.p)
            what = _("play {code} ({name})").format(code=card.code, name=card.name)
        else:
            chance = estimate.p
            what = _("say {said}").format(said=self._said(choice.kind))
        text = _("Hint: the search bot would {what}. Over {samples} deals of the hidden "
                 "cards consistent with what you have seen, your team wins the hand in "
                 "about {chance} of them with perfect play from here.").format(
                     what=what, samples=bot.samples, chance=percent(100 * chance, 0))
        return TableEvent("hint", (text,), {"exact": False, "action": str(choice),
                                            "chance": round(chance, 3)})

    @staticmethod
    def _card_code(card: int) -> str:
        from ..cards import DECK

        return DECK[card].code

    def _save_state(self) -> "_Saved":
        return _Saved(self.game.clone(), list(self.played), self._deal, list(self._actions),
                      self._hands, self.actions_taken)

    def undo(self) -> list[TableEvent]:
        """Take back the person's last action, if no bot has acted (or seen it) since."""
        saved = self._undo
        if saved is None:
            return [TableEvent("unknown", (
                _("Nothing to take back: only your last action can be, and only before any "
                  "bot has acted after it."),), {"input": "undo"})]
        taken: Action | str | None = self._actions[-1] if self._actions else None
        if len(self.played) > len(saved.played):     # the action ended a hand
            taken = self.played[-1].actions[-1]
        self.game, self.played, self._deal = saved.game, saved.played, saved.deal
        self._actions, self._hands, self.actions_taken = (saved.actions, saved.hands,
                                                          saved.actions_taken)
        self._undo = None
        self.version += 1
        return [TableEvent("undo", (_("Taken back: {action}.").format(action=taken),),
                           {"action": str(taken)})]

    def help_event(self) -> TableEvent:
        """The person's legal actions, as they may be typed."""
        lines = []
        order = {c: i for i, c in enumerate(self.view().cards)}
        legal = sorted(self.legal_actions(), key=lambda a: (
            a.card is None, order.get(a.card, 0) if a.card is not None else 0))
        for a in legal:
            if a.card is not None:
                lines.append(f"{a.card.code:<4} " + _("play {name} (or {position})").format(
                    name=a.card.name, position=order[a.card] + 1))
            else:
                lines.append(self._said(a.kind, _("{word} (or {call})")))
        head = (_("Your legal actions (type the card's code or its position in your hand):")
                if any(a.kind == PLAY for a in self.legal_actions())
                else _("Your legal actions:"))
        words = action_words()
        lines.append(_("{hint} (the search bot's choice), {undo} (take back your last "
                       "action)").format(hint=words["hint"], undo=words["undo"]))
        return TableEvent("help", (head, *("  " + s for s in lines)),
                          {"legal": [str(a) for a in legal]})

    def _said(self, kind: str, form: str = "{word} ({call})") -> str:
        """A call as the person types it (``raise``, or ``envido`` in Spanish), with the
        variant's own word for it where it has one and it is another."""
        word = action_words().get(kind, kind)
        call = self._word(kind)
        return form.format(word=word, call=call) if call and call != word else word

    def _word(self, kind: str) -> str | None:
        calls = self.variant.rules.calls
        if kind == RAISE:
            return calls.for_raise(self.observation().level + 1)
        if kind == GAME_CALL:
            return calls.game
        return calls.accept if kind == ACCEPT else calls.fold if kind == FOLD else None

    def _run_bots(self) -> list[TableEvent]:
        events: list[TableEvent] = []
        while not self.over and not self.waiting:
            seat = self.current_seat
            assert seat is not None and seat != self.seat
            events += self._apply(self.bots[seat].choose(self.game.observation(seat)))
        return events + self._advice_event()

    def _apply(self, action: Action) -> list[TableEvent]:
        hand = self._hand
        before = Snapshot.of(hand, self._games, self.variant.rules.games_needed)
        games_before = self._games
        event = self.game.apply(action)    # the hand's event (the game may deal on)
        self._actions.append(action)
        self.actions_taken += 1
        self.version += 1
        after = Snapshot.of(hand, games_before, self.variant.rules.games_needed)
        call = call_for(self.variant, action, after)
        remarks = step_remarks(self.variant, action, event, before, after,
                               hand.observation(0).trump)
        who = self._who(action.seat)
        if action.kind == PLAY:
            first = play_line(remarks[0], action.seat, self.seat)
        else:
            # The English gloss of a Spanish call, shown only in English: in Spanish the
            # game's words stand as they are.
            gloss = gloss_for(call, self.variant, action, after) if language() == "en" else None
            said = ((_(' say "{call}"') if action.seat == self.seat
                     else _(' says "{call}"')).format(call=call)
                    + (f" ({gloss})" if gloss else "") if call else "")
            first = f"{who}{said}: {remarks[0]}"
        lines = [first, *remarks[1:]]
        events = [TableEvent("action", tuple(lines), {
            "seat": action.seat, "action": str(action), "call": call,
            "value": after.value, "pending": after.pending})]
        if hand.is_over:
            events += self._end_of_hand(hand, after)
        return events

    def _end_of_hand(self, hand: Hand, after: Snapshot) -> list[TableEvent]:
        assert self._deal is not None
        self.played.append(PlayedHand(self._deal, tuple(self._actions)))
        result = hand.result
        assert result is not None
        how = (_("{won} tricks to {lost}").format(won=result.tricks[result.winner],
                                                   lost=result.tricks[1 - result.winner])
               if result.how == "tricks" else _("by a fold"))
        lines = [_("End of hand {hand}: team {team} wins it {how} at {value} and scores "
                   "{points}. Score: {score} (to {target}).").format(
                       hand=self._hands, team=result.winner_name, how=how,
                       value=value_text(result.value), points=result.points,
                       score=score_text(result.score), target=self.variant.rules.target)]
        events = [TableEvent("hand", tuple(lines), {
            "hand": self._hands, "winner": result.winner_name, "how": result.how,
            "value": result.value, "points": result.points, "score": list(result.score)})]
        if result.game_winner is not None:
            won = result.game_winner_name
            yours = _("your team") if result.game_winner == self.seat & 1 else _("the opponents")
            events.append(TableEvent("game-over", (
                _("Team {team} ({whose}) wins the game, {score}.").format(
                    team=won, whose=yours, score=f"{result.score[0]}-{result.score[1]}"),),
                {"winner": won, "score": list(result.score)}))
            if after.needed > 1:
                games = after.games_after
                if after.match_winner is not None:
                    text = _("Team {team} wins the match, games {games}.").format(
                        team=after.match_winner, games=f"{max(games)}-{min(games)}")
                else:
                    text = _("Games in the match: {games}; the first to {needed} wins "
                             "it.").format(games=score_text(games), needed=after.needed)
                events.append(TableEvent("match", (text,), {
                    "games": list(games), "winner": after.match_winner}))
        if not self.over:
            events.append(self._deal_event())
        return events

    def _deal_event(self) -> TableEvent:
        hand = self._hand
        self._hands += 1
        self._deal = hand.deal
        self._actions = []
        word = self.variant.rules.calls.turn_up
        seen = hand.observation(self.seat)
        dealer, up = seen.dealer, seen.up
        lines = (_("Hand {hand}: seat {dealer} deals; seat {leader} leads. Turned up{word}: "
                   "{code}, {name}.").format(hand=self._hands, dealer=dealer,
                                             leader=(dealer + 1) % seen.players,
                                             word=f" ({word})" if word else "", code=up.code,
                                             name=up.name),)
        return TableEvent("deal", lines, {"hand": self._hands, "dealer": dealer,
                                          "up": up.code,
                                          "cards": [c.code for c in hand.deal.hands[self.seat]],
                                          "score": list(hand.score)})

    def _refused_event(self, action: Action, refusal: IllegalAction) -> TableEvent:
        lines = [_("Refused: {detail} [{reason}].").format(detail=refusal.detail,
                                                             reason=refusal.reason)]
        status = None
        if refusal.rule:
            prov = self.variant.provenance.get(refusal.rule)
            status = prov.status if prov else None
            lines.append(refusal_origin(self.variant, refusal.rule))
        lines.append(_("Try again (? lists your legal actions)."))
        return TableEvent("refused", tuple(lines), {
            "action": str(action), "reason": refusal.reason, "rule": refusal.rule,
            "source": list(refusal.source), "status": status})

    def _who(self, seat: int) -> str:
        return seat_name(seat, self.seat)

    # -- the record --------------------------------------------------------------

    @classmethod
    def resume(cls, path: str, *, seat: int | None = None, bots: str | None = None,
               seed: int | None = None) -> tuple["Session", list[TableEvent]]:
        """The game a record left off, ready to go on (and the events of its replay): its
        hands are dealt and played again as written, an unfinished last hand included.
        The seat, bots and seed are the record's ``table`` unless given."""
        from ..errors import Location, Problem
        from ..walkthrough.reading import read_record

        reading = read_record(path).refuse()      # the one reading of a record
        wt = reading.walkthrough
        if not wt.is_record:
            raise InputError(Problem(_("this walkthrough is not a game record (it has no "
                                       "`hands`): there is no game to resume"),
                                     Location(path, 1),
                                     hint=_("resume a file that `rentoy play --save` wrote")))
        table = wt.table or {}
        seat = table.get("seat", 0) if seat is None else seat
        names = bots if bots is not None else ",".join(table.get("bots") or ("greedy",))
        seed = table.get("seed", 0) if seed is None else seed
        if wt.start_score != (0, 0) or wt.games != (0, 0):
            raise InputError(Problem(_("this record starts from a score other than 0-0; "
                                       "`rentoy play` resumes games it started"),
                                     Location(path, 1)))
        session = cls(wt.variant, seat=seat, players=wt.players, bots=names, seed=seed,
                      deals=[h.deal for h in wt.hands], dealer=wt.dealer)
        session.variant_spec = wt.variant_spec
        session._started = True
        events = [TableEvent("game", (ngettext(
            "Resuming {title} from {path}: {count} hand played again as recorded.",
            "Resuming {title} from {path}: {count} hands played again as recorded.",
            len(wt.hands)).format(title=repr(wt.title), path=path, count=len(wt.hands)),)
            + tuple(filter(None, [reading.dealt_note()])), {"resumed": str(path)})]
        events.append(session._deal_event())
        for hand in wt.hands:
            for spec in hand.root.actions:
                refusal = session.game.refusal(spec.action)
                if session.over or refusal is not None:
                    why = _("the game is already over") if session.over else str(refusal)
                    raise InputError(Problem(_("`{action}` cannot be played again: {why}").format(
                                                 action=spec.text, why=why),
                                             Location(path, spec.line)))
                events += session._apply(spec.action)
        if session.over:
            raise InputError(Problem(_("this game is finished: there is nothing to resume"),
                                     Location(path, 1), hint=_(
                                         "start a new one with `rentoy play {variant}`").format(
                                             variant=wt.variant_spec)))
        # The hands already over, told by their ends; the one left off, in full.
        last = max(i for i, e in enumerate(events) if e.kind == "deal")
        shown = [e for e in events[:last] if e.kind in ("game", "hand", "game-over", "match")]
        return session, shown + events[last:] + session._run_bots()

    def record(self, title: str | None = None) -> str:
        """The game so far as a walkthrough-format record (YAML)."""
        hands = list(self.played)
        if not self.over and self._deal is not None:
            hands.append(PlayedHand(self._deal, tuple(self._actions)))
        v = self.variant
        state = "finished" if self.over else "left off"
        return record_text(
            v, hands, players=self.players, dealer=self.first_dealer,
            title=title or f"A game of {v.id} at the table",
            description=f"Played with `rentoy play {v.id} --seat {self.seat} --seed "
                        f"{self.seed}`: seat {self.seat} by a person, the others by "
                        f"{' and '.join(dict.fromkeys(self.bot_names))} bots; {state} after "
                        f"{len(hands)} hand{'s' if len(hands) != 1 else ''}.",
            variant_spec=self.variant_spec,
            table={"seat": self.seat, "bots": list(self.bot_names), "seed": self.seed})


@dataclass(frozen=True)
class _Saved:
    """The table just before the person's last action, to take it back."""

    game: Game | Match
    played: list[PlayedHand]
    deal: Deal | None
    actions: list[Action]
    hands: int
    actions_taken: int


def lines_of(events: Iterable[TableEvent]) -> list[str]:
    """Every sentence of ``events``, in order."""
    return [line for e in events for line in e.lines]
