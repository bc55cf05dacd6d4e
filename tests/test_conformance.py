"""Conformance: every variant and option plays random hands by the rules.

One test, parametrised over every built-in variant file (found in ``variants/``, so a
new file is covered as soon as it exists), each with each of its options, and the
fixture variants in ``tests/fixtures/variants/`` that exercise the unusual keys. Each
hand is replayed against a small reference model written from the rules as the
variant states them (not from the engine's tables), and checked for: a deal of
distinct cards, each card played once by the seat that held it, one winner per trick
(the one the reference model picks), legal actions exactly as the model allows,
every other candidate action refused with a documented reason and the state left
unchanged, scores changed only by the hand's value or the fold value, independent
clones, and an end within a bounded number of actions.

The regular run plays a couple of hundred hands per configuration; ``pytest -m
soak`` plays a million hands. Property-based tests (hypothesis) cover the same
invariants with shrinking seeds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rentoy.cards import DECK, Card, TrumpRelative
from rentoy.engine import REASONS, Action, Hand
from rentoy.engine.actions import ACCEPT, FOLD, GAME_CALL, KINDS, PLAY, RAISE
from rentoy.errors import IllegalAction
from rentoy.ruletable import GAME
from rentoy.variant import Variant
from rentoy.variants import builtin_ids, load_variant

FIXTURES = Path(__file__).parent / "fixtures" / "variants"


def _configurations() -> list[str]:
    """Every built-in variant and fixture, alone and with each one of its options."""
    specs = list(builtin_ids()) + [str(p) for p in sorted(FIXTURES.glob("*.yaml"))]
    out = []
    for spec in specs:
        variant = load_variant(spec)
        out.append(spec)
        out.extend(f"{spec}+{option}" for option in variant.options)
    return out


CONFIGS = _configurations()
#: Random hands per configuration in the regular run, and how many of them get the full
#: sweep of every candidate action at every step (the expensive check). The regular run
#: shows that every built-in variant, fixture and option plays by the reference model
#: (about 18,000 hands in all); the volume that finds rare paths is the soak's
#: (``pytest -m soak`` plays a million).
HANDS = 200
SWEPT = 10
SOAK_HANDS = 1_000_000


def _label(spec: str) -> str:
    return spec if "/" not in spec else "fixture:" + Path(spec.split("+")[0]).stem + (
        "+" + spec.split("+", 1)[1] if "+" in spec else "")


# ---------------------------------------------------------------------------------------
# The reference model: the rules read straight from Variant.rules.

@dataclass
class Model:
    """What the rules say about one hand, tracked action by action."""

    variant: Variant
    players: int
    dealer: int
    score: tuple[int, int]
    hands: list[list[Card]]
    up: Card
    turn: int = 0
    leader: int = 0
    trick: list[Card] = field(default_factory=list)
    tricks: list[int] = field(default_factory=lambda: [0, 0])
    played: int = 0
    level: int = 0                    # the value's step in `values`
    accepted: int = 0                 # the last step both teams agreed to
    right: int | None = None          # the team that may raise; None: both
    raiser: int | None = None         # the team whose raise is pending
    raiser_seat: int = -1             # the seat that made it
    raises: int = 0                   # raises made so far in the hand
    over: bool = False
    winner: int | None = None
    points: int | None = None

    def __post_init__(self) -> None:
        self.turn = self.leader = (self.dealer + 1) % self.players
        rules = self.variant.rules
        # The values a hand can take: the ladder, and the whole game when a call for it
        # exists (juego fuera) and the ladder does not end there.
        self.values = list(rules.ladder)
        self.game_at = None
        if rules.juego_fuera != "none":
            if self.values[-1] != GAME:
                self.values.append(GAME)
            self.game_at = len(self.values) - 1
        self.trump = self.up.suit
        self.tops = []
        for spec in rules.top_cards:
            card = spec.resolve(self.trump) if isinstance(spec, TrumpRelative) else spec
            if card not in self.tops:
                self.tops.append(card)

    # -- cards -----------------------------------------------------------------------

    def counts_as(self, card: Card) -> str:
        """The suit a card counts as: a top card counts as a trump when the rule says so."""
        if card in self.tops and self.variant.rules.top_cards_are_trumps:
            return self.trump
        return card.suit

    def strength(self, card: Card, led: str) -> tuple[int, int]:
        rules = self.variant.rules
        if card in self.tops:
            return (3, -self.tops.index(card))
        if card.suit == self.trump:
            return (2, -rules.trump_order.index(card.rank))
        if self.counts_as(card) == led:
            return (1, -rules.plain_order.index(card.rank))
        return (0, 0)

    def winner_position(self, trick: list[Card]) -> int:
        led = self.counts_as(trick[0])
        powers = [self.strength(c, led) for c in trick]
        return powers.index(max(powers))

    def legal_cards(self, seat: int) -> set[Card]:
        hand, trick, rules = self.hands[seat], self.trick, self.variant.rules
        if not trick:
            return set(hand)
        led = self.counts_as(trick[0])
        if led == self.trump and rules.arrastre != "none":
            trumps = [c for c in hand if self.counts_as(c) == self.trump]
            if not trumps:
                return set(hand)
            if rules.arrastre == "overtrump":
                best = max(self.strength(c, led) for c in trick)
                higher = [c for c in trumps if self.strength(c, led) > best]
                return set(higher or trumps)
            return set(trumps)
        if rules.follow_suit:
            same = [c for c in hand if self.counts_as(c) == led]
            return set(same or hand)
        return set(hand)

    # -- actions ---------------------------------------------------------------------

    def legal(self) -> set[Action]:
        if self.over:
            return set()
        rules = self.variant.rules
        top = len(rules.ladder) - 1
        game = self.game_at
        if self.raiser is not None:
            out = set()
            for seat in range(self.players):
                if seat % 2 != self.raiser and (rules.answer_by == "team"
                                                or seat == self.current()):
                    out |= {Action(seat, ACCEPT), Action(seat, FOLD)}
                    if self.level < top and (game is None or self.level < game):
                        out.add(Action(seat, RAISE))
                    if game is not None and self.level < game:
                        out.add(Action(seat, GAME_CALL))
            return out
        out = {Action(self.turn, PLAY, c) for c in self.legal_cards(self.turn)}
        may = self.right in (None, self.turn % 2)
        if may and self.level < top and (game is None or self.level < game):
            out.add(Action(self.turn, RAISE))
        if may and game is not None and self.level < game and rules.juego_fuera == "raise":
            out.add(Action(self.turn, GAME_CALL))
        return out

    def current(self) -> int | None:
        """The one seat to act: the turn, or facing a raise the player after the raiser."""
        if self.over:
            return None
        if self.raiser is not None:
            return (self.raiser_seat + 1) % self.players
        return self.turn

    def apply(self, action: Action) -> None:
        rules = self.variant.rules
        team = action.seat % 2
        if action.kind in (RAISE, GAME_CALL):
            self.raises += 1
            self.accepted = self.level
            self.level = self.level + 1 if action.kind == RAISE else self.game_at
            self.raiser = team
            self.raiser_seat = action.seat
        elif action.kind == ACCEPT:
            self.raiser = None
            self.accepted = self.level
            self.right = team if rules.raise_right == "acceptor" else None
        elif action.kind == FOLD:
            self._end(1 - team, self.values[self.accepted])
        else:
            self.hands[action.seat].remove(action.card)
            self.trick.append(action.card)
            if len(self.trick) < self.players:
                self.turn = (action.seat + 1) % self.players
                return
            won = (self.leader + self.winner_position(self.trick)) % self.players
            self.tricks[won % 2] += 1
            self.played += 1
            self.trick = []
            self.turn = self.leader = won
            if self.tricks[won % 2] >= rules.tricks_to_win and rules.stop_when_decided:
                self._end(won % 2, self.values[self.level])
            elif self.played == rules.tricks:
                majority = 0 if self.tricks[0] >= rules.tricks_to_win else 1
                assert self.tricks[majority] >= rules.tricks_to_win
                self._end(majority, self.values[self.level])

    def _end(self, team: int, value) -> None:
        self.over, self.winner, self.points = True, team, self.points_for(value, team)
        self.settled = value

    def points_for(self, value, team: int) -> int:
        return self.variant.rules.target - self.score[team] if value == GAME else value


# ---------------------------------------------------------------------------------------
# Playing and checking one hand.

def _candidates(players: int) -> list[Action]:
    """Every action anyone could try: each seat, each kind, each card."""
    out = []
    for seat in range(players):
        out.extend(Action(seat, PLAY, card) for card in DECK)
        out.extend(Action(seat, kind) for kind in (RAISE, GAME_CALL, ACCEPT, FOLD))
    return out


_CANDIDATES = {n: _candidates(n) for n in range(2, 40, 2)}


def _snapshot(hand: Hand) -> tuple:
    """Everything the hand's public face shows: every seat's observation and the history."""
    return tuple(hand.observation(s) for s in range(hand.players)) + (hand.history,)


def _seen(hand: Hand):
    """What any seat sees of the public state (seat 0's observation)."""
    return hand.observation(0)


def play_and_check(variant: Variant, rng: random.Random, sweep: bool) -> Hand:
    """Deal one random hand, play it with random legal actions, check every invariant."""
    rules = variant.rules
    players = rng.choice(rules.players)
    dealer = rng.randrange(players)
    target = rules.target
    score = (rng.randrange(target), rng.randrange(target))
    hand = Hand(variant, players=players, dealer=dealer, score=score, rng=rng)

    # 1. the deal: distinct cards, the right counts, the trump from the turned-up card
    up = hand.deal.up
    dealt = [c for seat in range(players) for c in hand.deal.hands[seat]] + [up]
    assert len(set(dealt)) == len(dealt) == players * rules.hand_size + 1
    assert all(isinstance(c, Card) and 0 <= c < 40 for c in dealt)
    assert _seen(hand).trump == up.suit
    assert all(set(hand.observation(s).cards) == set(hand.deal.hands[s]) for s in range(players))
    model = Model(variant, players, dealer, score, [list(h) for h in hand.deal.hands], up)
    original = {s: set(hand.deal.hands[s]) for s in range(players)}

    bound = players * rules.tricks + 2 * len(model.values)
    steps = 0
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal, "no legal action in an unfinished hand"
        assert len(set(legal)) == len(legal)
        allowed = model.legal()
        assert hand.current_seat == model.current()
        assert {a.seat for a in legal} == {model.current()}
        assert set(legal) == {a for a in allowed if a.seat == model.current()}, (
            hand.history, set(legal) ^ allowed)
        # legal_actions() is exactly what can() accepts of the seat's plausible actions
        seat = hand.current_seat
        mine = [Action(seat, PLAY, c) for c in hand.observation(seat).cards] + [
            Action(seat, kind) for kind in (RAISE, GAME_CALL, ACCEPT, FOLD)]
        assert set(legal) == {a for a in mine if hand.can(a)}
        if sweep:
            _sweep(hand, allowed)
        action = legal[int(rng.random() * len(legal))]
        if rng.random() < 0.3:     # now and then another seat that may answer
            action = sorted(allowed, key=str)[int(rng.random() * len(allowed))]
        if rng.random() < 0.1:
            _check_clone(hand, legal, rng)
        if steps % 2:
            event = hand.apply(action)
            assert event.action == action
            seen = _seen(hand)
            assert event.value == seen.value and event.pending == seen.pending
        else:
            hand.apply_unchecked(action)
        model.apply(action)
        seen = _seen(hand)
        if seen.pending:
            assert seen.raiser is not None and seen.raiser & 1 == model.raiser
            assert set(seen.to_act) == {a.seat for a in model.legal()}
        if not model.over:
            assert seen.value == model.values[model.level]
            assert seen.accepted_value == model.values[model.accepted]
        steps += 1
        assert steps <= bound, f"the hand did not end within {bound} actions"

    # 2. the hand is over: nothing is legal, every action is refused as `hand-over`
    seen = _seen(hand)
    assert hand.legal_actions() == [] and seen.to_act == () and hand.current_seat is None
    assert model.over
    for action in (Action(0, RAISE), Action(0, PLAY, DECK[0])):
        assert hand.refusal(action).reason == "hand-over"

    # 3. cards: each played once, by a seat that held it; one winner per trick
    played = []
    for record in seen.tricks:
        assert len(record.cards) == players
        for seat, card in zip(record.seats(players), record.cards):
            assert card in original[seat]
            played.append(card)
        assert record.winner == record.seats(players)[model.winner_position(list(record.cards))]
    played += [c for _, c in seen.trick]
    assert len(played) == len(set(played))
    assert len(seen.tricks) <= rules.tricks

    # 4. the score changed by the hand's value or the fold value, for the winner only
    result = hand.result
    assert result is not None
    assert result.winner == model.winner and result.points == model.points
    assert result.value == model.settled
    if result.how == "fold":
        assert hand.history[-1].kind == FOLD
    else:
        assert result.tricks[result.winner] >= rules.tricks_to_win
    expected = list(score)
    expected[result.winner] += model.points
    assert result.score == tuple(expected)
    assert result.score[1 - result.winner] == score[1 - result.winner]
    assert (result.game_winner == result.winner) == (result.score[result.winner] >= target)
    return hand


def _sweep(hand: Hand, legal: set[Action]) -> None:
    """Every legal action applies; every other candidate is refused, nothing changes."""
    before = _snapshot(hand)
    for action in legal:
        copy = hand.clone()
        copy.apply(action)                      # checked: must not raise
    for action in _CANDIDATES[hand.players]:
        refused = hand.refusal(action)
        if action in legal:
            assert refused is None, (action, refused)
        else:
            assert refused is not None and refused.reason in REASONS, (action, refused)
    # Every seat's legal actions are exactly the candidates can() accepts of it.
    for seat in range(hand.players):
        mine = [a for a in _CANDIDATES[hand.players] if a.seat == seat]
        assert set(hand.legal_actions(seat)) == {a for a in mine if hand.can(a)}, seat
        assert len(set(hand.legal_actions(seat))) == len(hand.legal_actions(seat))
    assert _snapshot(hand) == before
    # The checked path refuses with the same code and leaves the state as it was.
    refused = [a for a in _CANDIDATES[hand.players] if a not in legal][::37]
    for action in refused:
        with pytest.raises(IllegalAction) as info:
            hand.apply(action)
        assert info.value.reason == hand.refusal(action).reason
    assert _snapshot(hand) == before


def _check_clone(hand: Hand, legal: list[Action], rng: random.Random) -> None:
    copy = hand.clone()
    assert copy == hand and copy is not hand
    before = _snapshot(hand)
    copy.apply(legal[int(rng.random() * len(legal))])
    assert copy != hand
    assert _snapshot(hand) == before


def _run(spec: str, hands: int, seed: int, swept: int) -> None:
    variant = load_variant(spec)
    rng = random.Random(seed)
    for i in range(hands):
        play_and_check(variant, rng, sweep=i < swept)


# ---------------------------------------------------------------------------------------
# The tests.

@pytest.mark.parametrize("spec", CONFIGS, ids=[_label(s) for s in CONFIGS])
def test_conformance(spec: str) -> None:
    _run(spec, HANDS, seed=CONFIGS.index(spec), swept=SWEPT)


@pytest.mark.soak
def test_conformance_soak(request: pytest.FixtureRequest) -> None:
    """A million random hands spread over every configuration (``pytest -m soak``)."""
    if "soak" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a long soak: select it with `pytest -m soak`")
    per = SOAK_HANDS // len(CONFIGS) + 1
    for i, spec in enumerate(CONFIGS):
        _run(spec, per, seed=1_000 + i, swept=per // 200)


def test_configurations_cover_the_unusual_keys() -> None:
    """The fixtures really exercise what they are for."""
    variants = [load_variant(s) for s in CONFIGS]
    rules = [v.rules for v in variants]
    assert any(r.hand_size == 5 for r in rules)
    assert any(r.top_cards and not r.top_cards_are_trumps for r in rules)
    assert any(r.ladder[-1] == GAME for r in rules)
    assert any(r.raise_right == "any" for r in rules)
    assert any(r.follow_suit for r in rules)
    assert any(not r.stop_when_decided for r in rules)
    assert any(r.arrastre == "overtrump" for r in rules)
    assert {2, 4, 6, 8} <= {n for r in rules for n in r.players}
    assert set(builtin_ids()) <= {v.base_id for v in variants}


@settings(max_examples=150, deadline=None)
@given(spec=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1))
def test_random_hands_keep_the_invariants(spec: str, seed: int) -> None:
    """Cards conserved, one winner per trick, scores by the hand's value, refusals inert."""
    play_and_check(load_variant(spec), random.Random(seed), sweep=True)


@settings(max_examples=100, deadline=None)
@given(spec=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1),
       tries=st.lists(st.tuples(st.integers(0, 39), st.sampled_from(KINDS),
                                st.integers(0, 39)), min_size=1, max_size=30))
def test_arbitrary_actions_are_applied_or_refused_cleanly(spec, seed, tries) -> None:
    """Throwing arbitrary actions at a hand: each applies, or is refused leaving it unchanged."""
    variant = load_variant(spec)
    rng = random.Random(seed)
    hand = Hand(variant, players=rng.choice(variant.rules.players), rng=rng)
    for seat, kind, card in tries:
        action = Action(seat, kind, DECK[card] if kind == PLAY else None)
        before = hand.clone()
        try:
            hand.apply(action)
        except IllegalAction as exc:
            assert exc.reason in REASONS
            assert hand == before
        else:
            assert action in before.legal_actions(action.seat)
        if hand.is_over:
            break
