"""A game at the table: one seat is a person, the others are bots.

A :class:`Session` holds a :class:`~rentoy.engine.Game` (or a
:class:`~rentoy.engine.Match` where the variant plays one), lets the bots act until
it is the person's turn, takes the person's line (:func:`~rentoy.table.words.read_line`)
or action (:meth:`Session.act`) and returns what happened as
:class:`~rentoy.table.events.TableEvent` values: the deal of a hand, every action with
the words the variant gives it, refusals with their rule, source and status, hints,
the partner's advice and reasons, the end of a hand, a game and the match. It draws
nothing. Both doors of the table use it: ``rentoy play`` prints its events and the
person's view (:meth:`Session.view`); the site's Play page
(:mod:`rentoy.integrations.browser`) gets them as JSON, one bot's move at a time
(``auto=False`` and :meth:`Session.step`), so that it can show each move as it comes.

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
>>> [b.typed for b in session.bets() if b.legal]
['raise to 3']
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Callable, Sequence

from ..bots import BOT_NAMES as _BOT_NAMES
from ..bots import Bot, SearchBot, make_bot, parse_bot
from ..comparison.reference import refusal_origin, status_word
from ..engine import (ACCEPT, FOLD, GAME_CALL, PLAY, RAISE, TEAMS, Action, Deal, Game, Hand, Match,
                      Observation, draw_deal)
from ..core.errors import IllegalAction, InputError, Location, Problem
from ..core.i18n import _, data_text, language, ngettext, percent
from ..model.ruletable import rule_title
from ..model.variant import Variant
from ..data.variants import load_variant
from ..walkthrough.reading import read_record
from ..walkthrough.narrate import call_for, gloss_for, score_text, step_remarks, value_text
from ..walkthrough.record import PlayedHand, record_text
from ..walkthrough.state import Snapshot
from .advice import chance_of_hand, hint
from .events import Bet, TableEvent, View, play_line, seat_name
from .words import (APPROVE_WORDS, DECLINE_WORDS, HINT_WORDS, LEAVE_WORDS, UNDO_WORDS,
                    action_words, read_line, said_with_value)

# The events and the view are rentoy.table.events' (imported here for the callers that
# have always found them in this module).
__all__ = ["Session", "BOT_NAMES", "PARTNER_MODES"]

#: The bots that can sit at the table, by name: every bot the project has (settings may
#: follow a name, as in ``search:samples=16``; see :mod:`rentoy.bots`).
BOT_NAMES: tuple[str, ...] = _BOT_NAMES
#: How the partner bots' raises are made: ``auto`` (as the bot decides, announced with
#: its reason) or ``ask`` (proposed to the person, who approves or declines each).
PARTNER_MODES: tuple[str, ...] = ("auto", "ask")


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
    bots, so the same seed and the same lines give the same game. ``deals`` are the
    first hands' cards (later hands are the seed's: hand k is the seed's k-th deal),
    ``dealer`` deals the first hand, ``score`` is where the game starts (a game from
    another score than 0-0 is one game, even where the variant plays a match).
    ``partners``: ``auto`` or ``ask`` (see :data:`PARTNER_MODES`). ``auto``: whether
    the bots move by themselves after the person's action (False: one at a time, by
    :meth:`step`). ``origin`` words the rule behind a refusal (by default with its
    sources cited by author and date, which reads the bibliography); ``gloss`` the
    English gloss of a Spanish call (by default the glossary's, which it reads).
    """

    def __init__(self, variant: Variant | str, *, seat: int = 0, players: int | None = None,
                 bots: str | Sequence[str] = "greedy", seed: int = 0,
                 deals: Sequence[Deal] = (), dealer: int | None = None,
                 score: Sequence[int] = (0, 0), partners: str = "auto", auto: bool = True,
                 origin: Callable[[Variant, str], str] = refusal_origin,
                 gloss: Callable[[str | None, Variant, Action, Snapshot], str | None]
                 = gloss_for):
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
        if partners not in PARTNER_MODES:
            raise InputError.at(_("bad --partners {mode}: give auto or ask").format(
                mode=repr(partners)))
        self.seat, self.players, self.seed = seat, n, seed
        self.partners, self.auto, self._origin, self._gloss = partners, auto, origin, gloss
        self.bot_names = _bot_names(bots)
        if dealer is not None and not 0 <= dealer < n:
            raise InputError.at(_("there is no seat {seat} to deal at a table of {players}").format(
                seat=dealer, players=n))
        start = (int(score[0]), int(score[1]))
        self.start_score = start
        rng = random.Random(seed)
        given = list(deals)
        # The hands given (a deal on the command line or in a link, a record resumed)
        # come first; the rest are the seed's: hand k is the seed's k-th deal, as in a
        # game played from the start, so a resumed game does not deal its first hands
        # again.
        drawn: list[Deal] = []

        def source(index: int) -> Deal:
            while len(drawn) <= index:      # drawn once: a hand taken back is dealt alike
                drawn.append(draw_deal(rng, n, rules.hand_size))
            return given[index] if index < len(given) else drawn[index]

        self.game: Game | Match = (
            Match(self.variant, n, rng=rng, dealer=dealer, deals=source if given else None)
            if rules.match > 1 and start == (0, 0)
            else Game(self.variant, n, rng=rng, dealer=dealer, score=start,
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
        self._proposal: Action | None = None  # a partner's raise, waiting for approval
        self._proposal_chance: float | None = None
        self._hinter: SearchBot | None = None
        self._reasons = random.Random(f"reasons {seed}")
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
        the team may, even where the engine names his partner to answer first), or a
        partner's raise waits for his approval (``partners="ask"``)."""
        return not self.over and (self._proposal is not None
                                  or bool(self.game.legal_actions(self.seat)))

    @property
    def proposal(self) -> Action | None:
        """The partner's raise that waits for the person's approval, if any."""
        return self._proposal

    @property
    def current_seat(self) -> int | None:
        """The one seat to act (the engine's ``current_seat``): the turn, or facing a
        raise the seat the variant names to answer; None once the game is over."""
        return None if self.over else self.game.current_seat

    @property
    def hand_number(self) -> int:
        """The number of the hand being played (1 for the first; 0 before the start)."""
        return self._hands

    @property
    def can_undo(self) -> bool:
        """Whether the person's last action can be taken back now."""
        return self._undo is not None

    def observation(self) -> Observation:
        """What the person's seat may know now: the engine's
        :class:`~rentoy.engine.Observation`, the only door to the game for people and
        bots alike."""
        return self.game.observation(self.seat)

    def legal_actions(self) -> list[Action]:
        """The person's legal actions now (empty when not their turn)."""
        if self.over or self._proposal is not None:
            return []
        return list(self.observation().legal)

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
            legal=tuple(self.legal_actions()), bets=tuple(self.bets()))

    def bets(self) -> list[Bet]:
        """The calls of the variant as the person may make them, legal now or not, each
        with the value it names: a raise what it raises to, an acceptance what it
        accepts. The same list gives the terminal's prompt and the page's buttons."""
        obs = self.observation()
        legal = set(self.legal_actions())
        rules = self.variant.rules
        ladder = rules.ladder
        up = ladder[obs.level + 1] if obs.level + 1 < len(ladder) else None
        kinds = [RAISE, *((GAME_CALL,) if rules.juego_fuera != "none" else ()), ACCEPT, FOLD]
        out = []
        for kind in kinds:
            action = Action(self.seat, kind)
            value: int | str | None = (up if kind == RAISE else "game" if kind == GAME_CALL
                                       else obs.value if kind == ACCEPT and obs.pending
                                       else None)
            if kind == RAISE:
                label = (_("Raise to {value}").format(value=value_text(up)) if up is not None
                         else _("Raise"))
            elif kind == GAME_CALL:
                label = _("Call the whole game")
            elif kind == ACCEPT:
                label = (_("Accept {value}").format(value=value_text(obs.value))
                         if obs.pending else _("Accept"))
            else:
                label = _("Fold")
            out.append(Bet(kind=kind, action=action, legal=action in legal, value=value,
                           typed=said_with_value(kind, None if kind in (GAME_CALL, FOLD)
                                                 else value),
                           label=label, call=self._word(kind)))
        return out

    @property
    def _games(self) -> tuple[int, int]:
        return self.game.games_won if isinstance(self.game, Match) else (0, 0)

    # -- playing -----------------------------------------------------------------

    def start(self) -> list[TableEvent]:
        """The opening events: the game, the first deal, and the bots' actions up to the
        person's first turn (with ``auto``; else none)."""
        if self._started:
            return []
        self._started = True
        v = self.variant
        match = (" " + _("The match is the best of {games} games.").format(
            games=v.rules.match) if v.rules.match > 1 and isinstance(self.game, Match)
            else "")
        partners = [s for s in range(self.players) if s != self.seat and s & 1 == self.seat & 1]
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
        events = [TableEvent("game", tuple(lines), {"variant": v.id, "players": self.players,
                                                    "seat": self.seat, "seed": self.seed,
                                                    "bots": list(self.bot_names),
                                                    "score": list(self.start_score)})]
        events.append(self._deal_event())
        return events + self._go_on()

    def submit(self, line: str) -> list[TableEvent]:
        """Take one line typed by the person; the events it led to (nothing once the
        game is over: input after the end is ignored)."""
        if not self._started:
            return self.start() + self.submit(line)
        if self.over:
            return []
        if not self.waiting:     # a bot is to move (only without ``auto``)
            return self._go_on()
        word = " ".join(line.split()).lower()
        if word in HINT_WORDS:
            return [self.hint_event()]
        if word in UNDO_WORDS:
            return self.undo()
        if self._proposal is not None:
            return self._answer_proposal(line)
        if word in LEAVE_WORDS:
            return self._leave_to_partner()
        reading = read_line(line, self.seat, self.view().cards, self.variant)
        if reading.help:
            return [self.help_event()]
        if reading.error is not None:
            return [TableEvent("unknown", (reading.error,), {"input": line.strip()})]
        if reading.action is None:
            return []
        return self.act(reading.action)

    def act(self, action: Action) -> list[TableEvent]:
        """Take the person's ``action``: the engine's refusal, or the events it led to
        (with ``auto``, the bots' moves up to the person's next turn)."""
        if self.over:
            return []
        if self._proposal is not None:
            return [self._proposal_reminder()]
        refusal = self.game.refusal(action)
        if refusal is not None:
            return [self._refused_event(action, refusal)]
        saved = self._save_state()
        events = self._apply(action)
        taken = self.actions_taken
        events += self._go_on()
        # A bot that acted has seen the action: it can no longer be taken back.
        self._undo = saved if self.actions_taken == taken and not self.over else None
        return events

    def step(self) -> list[TableEvent]:
        """One bot's move, when a bot is to act (nothing when the person may act or the
        game is over). A partner's raise is announced with its reason, or, with
        ``partners="ask"``, proposed to the person instead of made."""
        if self.over or self.waiting:
            return []
        seat = self.current_seat
        assert seat is not None and seat != self.seat
        action = self.bots[seat].choose(self.game.observation(seat))
        self._undo = None          # the bot has seen the person's last action
        if seat & 1 == self.seat & 1 and action.kind in (RAISE, GAME_CALL):
            chance = chance_of_hand(self.game.observation(seat), self._reasons)
            if self.partners == "ask":
                self._proposal, self._proposal_chance = action, chance
                self.version += 1
                return [self._proposal_event(action, chance)]
            events = self._apply(action)
            first = events[0]
            events[0] = dataclasses.replace(first, lines=(*first.lines, self._reason_line(
                seat, chance)), data={**first.data, "chance": round(chance, 3)})
            return events + self._advice_event()
        return self._apply(action) + self._advice_event()

    def _go_on(self) -> list[TableEvent]:
        """With ``auto``, the bots' moves up to the person's turn; the partner's advice
        where a raise waits that the person may answer instead of him."""
        if not self.auto:
            return self._advice_event()
        events: list[TableEvent] = []
        while not self.over and not self.waiting:
            events += self.step()
        return events if events and events[-1].kind == "advice" else events + \
            self._advice_event()

    # -- the partner's raises ------------------------------------------------------

    def _reason_line(self, seat: int, chance: float) -> str:
        return _("Seat {seat} (partner) raises because, from its cards and what it has seen, "
                 "it reckons your team wins the hand about {chance} of the time.").format(
                     seat=seat, chance=percent(100 * chance, 0))

    def _proposal_event(self, action: Action, chance: float) -> TableEvent:
        words = action_words()
        value = ("game" if action.kind == GAME_CALL else
                 self.bets()[0].value)
        said = said_with_value(action.kind, value if action.kind == RAISE else None)
        return TableEvent("propose", (
            _("Your partner (seat {seat}) would {said}: from its cards and what it has seen, "
              "it reckons your team wins the hand about {chance} of the time. Type `{yes}` "
              "to let it, or `{no}` and it plays on without raising.").format(
                  seat=action.seat, said=said, chance=percent(100 * chance, 0),
                  yes=words["yes"], no=words["no"]),),
            {"seat": action.seat, "action": str(action), "value": value,
             "chance": round(chance, 3)})

    def _proposal_reminder(self) -> TableEvent:
        assert self._proposal is not None
        words = action_words()
        return TableEvent("unknown", (
            _("Your partner waits for your word on its raise: `{yes}` or `{no}`.").format(
                yes=words["yes"], no=words["no"]),), {"input": ""})

    def _answer_proposal(self, line: str) -> list[TableEvent]:
        """The person's word on the partner's proposed raise: approved, it is made;
        declined, the partner plays on as its bot would without raising."""
        proposal, chance = self._proposal, self._proposal_chance
        assert proposal is not None and chance is not None
        word = " ".join(line.split()).lower()
        if word in ("?", "help", "ayuda"):
            return [self._proposal_event(proposal, chance)]
        approved = word in APPROVE_WORDS
        if not approved and word not in DECLINE_WORDS:
            return [self._proposal_reminder()]
        self._proposal = self._proposal_chance = None
        if approved:
            events = self._apply(proposal)
            first = events[0]
            events[0] = dataclasses.replace(first, lines=(*first.lines, self._reason_line(
                proposal.seat, chance)), data={**first.data, "chance": round(chance, 3),
                                               "approved": True})
        else:
            seen = self.game.observation(proposal.seat)
            calm = dataclasses.replace(seen, legal=tuple(
                a for a in seen.legal if a.kind not in (RAISE, GAME_CALL)))
            events = [TableEvent("declined", (
                _("Your partner (seat {seat}) does not raise.").format(seat=proposal.seat),),
                {"seat": proposal.seat, "action": str(proposal)})]
            events += self._apply(self.bots[proposal.seat].choose(calm))
        return events + self._go_on()

    # -- advice, hints and taking back --------------------------------------------

    def _partner_to_answer(self) -> int | None:
        """The partner the engine names to answer the waiting raise while the person
        may answer it too (``answer_by: team``), if any."""
        if self.over or not self.observation().pending:
            return None
        seat = self.current_seat
        return seat if seat is not None and seat != self.seat and seat & 1 == self.seat & 1 \
            else None

    def _advice_event(self) -> list[TableEvent]:
        """The partner's view of the raise, shown as advice: the answer is the person's."""
        partner = self._partner_to_answer()
        self._advice = None
        if partner is None or not self.legal_actions():
            return []
        advice = self._advice = self._partner_answer(partner)
        return [TableEvent("advice", (
            _("Your partner (seat {seat}) would say {said}. The answer is yours: give it, "
              "or type `{partner}` to leave it to him.").format(
                seat=partner, said=self._said(advice.kind), partner=action_words()["partner"]),
            ),
            {"seat": partner, "advice": str(advice)})]

    def _partner_answer(self, partner: int) -> Action:
        # Asked of a bot like the partner's with a generator of its own: the table's
        # bots draw nothing for advice, so a game goes on as it would without it.
        advisor = self._advisors.get(partner)
        if advisor is None:
            advisor = self._advisors[partner] = make_bot(
                self.bot_names[0], rng=random.Random(f"advice {self.seed} {partner}"))
        return advisor.choose(self.game.observation(partner))

    def _leave_to_partner(self) -> list[TableEvent]:
        obs = self.observation()
        partner = self._partner_to_answer()
        if partner is None:
            if obs.pending and obs.legal:
                text = _("The rules name you to answer this raise, not your partner: the "
                         "answer is yours to give.")
            elif obs.pending:
                text = _("There is nothing to leave to your partner: the raise waits for "
                         "the other team's answer.")
            else:
                text = _("There is nothing to leave to your partner: no raise waits for "
                         "your team's answer.")
            return [TableEvent("unknown", (text,), {"input": "partner"})]
        advice = self._advice if self._advice is not None and self._advice.seat == partner \
            else self._partner_answer(partner)
        self._undo = None
        self._advice = None
        return self._apply(advice) + self._go_on()

    def hint_event(self) -> TableEvent:
        """What the search bot would do in the person's place, with its estimated
        chance of winning the hand; where every card still in play is known, what the
        solver says of each card instead."""
        obs = self.observation()
        if not obs.legal or self._proposal is not None:
            return TableEvent("hint", (_("Nothing to hint: it is not your turn."),), {})
        if self._hinter is None:
            self._hinter = SearchBot(rng=random.Random(f"hint {self.seed}"))
        found = hint(obs, self.players, self.variant.rules.hand_size, self._hinter)
        if found.exact:
            winning = list(found.winning)
            text = (_("Every card still in play is known, so this is exact: ")
                    + (ngettext("{cards} wins the hand for your team with perfect play.",
                                "{cards} win the hand for your team with perfect play.",
                                len(winning)).format(cards=", ".join(winning)) if winning else
                       _("no card wins the hand for your team against perfect play.")))
            return TableEvent("hint", (text,), {"exact": True, "winning": winning})
        choice = found.action
        assert choice is not None
        card = choice.card
        if card is not None:
            what = _("play {code} ({name})").format(code=card.code, name=card.name)
        else:
            what = _("say {said}").format(said=self._said(choice.kind))
        text = _("Hint: the search bot would {what}. Over {samples} deals of the hidden "
                 "cards consistent with what you have seen, your team wins the hand in "
                 "about {chance} of them with perfect play from here.").format(
                     what=what, samples=found.samples, chance=percent(100 * found.chance, 0))
        return TableEvent("hint", (text,), {"exact": False, "action": str(choice),
                                            "chance": round(found.chance, 3)})

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
        """The person's legal actions, as they may be typed, and the table's requests
        (hint, undo, and partner where a raise waits that the partner may answer)."""
        lines = []
        order = {c: i for i, c in enumerate(self.view().cards)}
        legal = sorted(self.legal_actions(), key=lambda a: (
            a.card is None, order.get(a.card, 0) if a.card is not None else 0))
        for a in legal:
            if a.card is not None:
                lines.append(f"{a.card.code:<4} " + _("play {name} (or {position})").format(
                    name=a.card.name, position=order[a.card] + 1))
        for bet in self.bets():
            if bet.legal:
                lines.append(bet.typed + (f" ({bet.call})" if bet.call and bet.call
                                          not in bet.typed else ""))
        head = (_("Your legal actions (type the card's code or its position in your hand):")
                if any(a.kind == PLAY for a in self.legal_actions())
                else _("Your legal actions:"))
        words = action_words()
        lines.append(_("{hint} (the search bot's choice), {undo} (take back your last "
                       "action)").format(hint=words["hint"], undo=words["undo"]))
        if self._partner_to_answer() is not None:
            lines.append(_("{partner} (leave the answer to your partner)").format(
                partner=words["partner"]))
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
        who = seat_name(action.seat, self.seat)
        if action.kind == PLAY:
            first = play_line(remarks[0], action.seat, self.seat)
        else:
            # The English gloss of a Spanish call, shown only in English: in Spanish the
            # game's words stand as they are.
            gloss = self._gloss(call, self.variant, action, after) if language() == "en" \
                else None
            said = ((_(' say "{call}"') if action.seat == self.seat
                     else _(' says "{call}"')).format(call=call)
                    + (f" ({gloss})" if gloss else "") if call else "")
            first = f"{who}{said}: {remarks[0]}"
        lines = [first, *remarks[1:]]
        data: dict[str, object] = {"seat": action.seat, "action": str(action), "call": call,
                                   "value": after.value, "pending": after.pending}
        if action.card is not None:
            data["card"] = action.card.code
        if event.trick is not None:         # the trick this card completed, and who took it
            trick = event.trick
            data["trick"] = {"cards": [[s, c.code] for s, c in
                                       zip(trick.seats(self.players), trick.cards)],
                             "winner": trick.winner}
        events = [TableEvent("action", tuple(lines), data)]
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
        yours = result.winner == self.seat & 1
        lines = [_("End of hand {hand}: team {team} ({whose}) wins it {how} at {value} and "
                   "scores {points}. Score: {score} (to {target}).").format(
                       hand=self._hands, team=result.winner_name,
                       whose=_("your team") if yours else _("the opponents"), how=how,
                       value=value_text(result.value), points=result.points,
                       score=score_text(result.score), target=self.variant.rules.target)]
        events = [TableEvent("hand", tuple(lines), {
            "hand": self._hands, "winner": result.winner_name, "how": result.how,
            "value": result.value, "points": result.points, "score": list(result.score),
            "tricks": list(result.tricks), "yours": yours,
            "game_winner": result.game_winner_name if result.game_winner is not None else None,
            "over": self.over})]
        if result.game_winner is not None:
            won = result.game_winner_name
            whose = (_("your team") if result.game_winner == self.seat & 1
                     else _("the opponents"))
            events.append(TableEvent("game-over", (
                _("Team {team} ({whose}) wins the game, {score}.").format(
                    team=won, whose=whose, score=f"{result.score[0]}-{result.score[1]}"),),
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
        prov = self.variant.provenance.get(refusal.rule) if refusal.rule else None
        if refusal.rule:
            lines.append(self._origin(self.variant, refusal.rule))
        lines.append(_("Try again (? lists your legal actions)."))
        return TableEvent("refused", tuple(lines), {
            "action": str(action), "reason": refusal.reason, "rule": refusal.rule,
            "source": list(refusal.source), "status": prov.status if prov else None,
            "detail": refusal.detail, "message": str(refusal),
            "rule_title": rule_title(refusal.rule) if refusal.rule else None,
            "variant": refusal.variant, "base": self.variant.base_id,
            "status_name": status_word(prov.status) if prov else None,
            "note": data_text(prov.note) if prov and prov.note else None})

    # -- the record --------------------------------------------------------------

    @classmethod
    def resume(cls, path: str, *, seat: int | None = None, bots: str | None = None,
               seed: int | None = None, partners: str = "auto"
               ) -> tuple["Session", list[TableEvent]]:
        """The game a record left off, ready to go on (and the events of its replay): its
        hands are dealt and played again as written, an unfinished last hand included.
        The seat, bots and seed are the record's ``table`` unless given."""
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
                      deals=[h.deal for h in wt.hands], dealer=wt.dealer, partners=partners)
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
        return session, shown + events[last:] + session._go_on()

    def record(self, title: str | None = None, description: str | None = None) -> str:
        """The game so far as a walkthrough-format record (YAML)."""
        hands = list(self.played)
        if not self.over and self._deal is not None:
            hands.append(PlayedHand(self._deal, tuple(self._actions)))
        v = self.variant
        state = "finished" if self.over else "left off"
        return record_text(
            v, hands, players=self.players, dealer=self.first_dealer, score=self.start_score,
            title=title or f"A game of {v.id} at the table",
            description=description or (
                f"Played with `rentoy play {v.id} --seat {self.seat} --seed "
                f"{self.seed}`: seat {self.seat} by a person, the others by "
                f"{' and '.join(dict.fromkeys(self.bot_names))} bots; {state} after "
                f"{len(hands)} hand{'s' if len(hands) != 1 else ''}."),
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
