"""The double-dummy solver against a second reading: brute force over the engine itself.

The oracle knows no rule: it plays every legal card through ``Hand.clone()`` and
``Hand.apply`` and asks the engine who won. The solver (tables, memo, equivalent
cards, settled hands) must agree with it on random deals of every built-in variant
and option, for several table sizes, from the deal and after some cards are played.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rentoy.analysis import (Position, PositionError, Solver, hand_ended, move_winners,
                             position_of, principal_line, settled, solve, tricks_to_decide,
                             winner)
from rentoy.cards import parse_card
from rentoy.engine import Deal, Hand, cards_left, compile_variant
from rentoy.variants import builtin_variants, load_variant


def _all_variants() -> list[str]:
    out = []
    for base in builtin_variants():
        out.append(base.id)
        out.extend(f"{base.id}+{o}" for o in base.options)
    return out


VARIANTS = _all_variants()


def oracle(hand: Hand) -> int:
    """Brute-force minimax over the engine: the winning team with perfect play."""
    if hand.is_over:
        return hand.result.winner
    plays = [a for a in hand.legal_actions() if a.kind == "play"]
    team = plays[0].seat & 1
    for action in plays:
        child = hand.clone()
        child.apply(action)
        if oracle(child) == team:
            return team
    return 1 - team


def oracle_moves(hand: Hand) -> dict[str, int]:
    out = {}
    for action in hand.legal_actions():
        if action.kind == "play":
            child = hand.clone()
            child.apply(action)
            out[action.card.code] = oracle(child)
    return out


def oracle_length(hand: Hand, team: int) -> float:
    """Tricks the hand lasts when ``team`` wins it as quickly as it can and the other
    team holds out as long as it can (infinity when ``team`` cannot win): engine only.
    Every built-in variant stops the hand once it is decided."""
    if hand.is_over:
        return len(list(hand.observation(0).tricks)) if hand.result.winner == team else float("inf")
    plays = [a for a in hand.legal_actions() if a.kind == "play"]
    lengths = []
    for action in plays:
        child = hand.clone()
        child.apply(action)
        lengths.append(oracle_length(child, team))
    return min(lengths) if plays[0].seat & 1 == team else max(lengths)


def random_position(variant: str, players_pick: int, seed: int, budget: int) -> Hand:
    """A random deal of ``variant``, played at random until at most ``budget`` cards are
    left in the hands (keeps the oracle fast)."""
    v = load_variant(variant)
    counts = v.rules.players
    n = counts[players_pick % len(counts)]
    rng = random.Random(seed)
    hand = Hand(v, players=n, dealer=rng.randrange(n), rng=rng)
    left = n * v.rules.hand_size
    extra = rng.randrange(3)
    while not hand.is_over and (left > budget or extra > 0):
        if left <= budget:
            extra -= 1
        plays = [a for a in hand.legal_actions() if a.kind == "play"]
        hand.apply(rng.choice(plays))
        left -= 1
    return hand


@settings(max_examples=300)
@given(st.sampled_from(VARIANTS), st.integers(0, 7), st.integers(0, 2**32))
def test_solver_agrees_with_brute_force(variant, players_pick, seed):
    hand = random_position(variant, players_pick, seed, budget=13)
    if hand.is_over:
        return
    position = position_of(hand)
    assert winner(position) == oracle(hand)
    assert {c.code: t for c, t in move_winners(position).items()} == oracle_moves(hand)


@settings(max_examples=40)
@given(st.sampled_from(["1737", "avila", "conil", "1737+como-al-hombre", "galicia"]),
       st.integers(0, 3), st.integers(0, 2**32))
def test_tricks_to_decide_agrees_with_brute_force(variant, players_pick, seed):
    hand = random_position(variant, players_pick, seed, budget=10)
    if hand.is_over:
        return
    position = position_of(hand)
    assert compile_variant(hand.variant).rules.stop_when_decided
    assert tricks_to_decide(position) == oracle_length(hand, oracle(hand))


@pytest.mark.parametrize("players", [2, 4, 6, 8])
def test_whole_deals_of_1737(players):
    """From the deal itself (no card played), where the oracle is still quick."""
    for seed in range(6 if players <= 4 else 2):
        hand = Hand("1737", players=players, seed=seed)
        if players == 8:      # the oracle is slow on 8 hands of 3: start after a trick
            rng = random.Random(seed)
            for _ in range(8):
                hand.apply(rng.choice([a for a in hand.legal_actions() if a.kind == "play"]))
        assert winner(position_of(hand)) == oracle(hand)


def test_principal_line_is_legal_and_reaches_the_winner():
    for variant in ("1737", "avila", "conil", "1737+borrego"):
        for seed in range(10 if variant != "conil" else 3):
            hand = Hand(variant, seed=seed)
            solution = solve(position_of(hand))
            by = tricks_to_decide(position_of(hand))
            for seat, card in solution.line_seats():
                hand.apply(f"{seat} play {card}")
            assert hand.is_over and hand.result.winner == solution.winner
            # the winners make sure of the hand by then, the others hold out till then
            assert len(list(hand.observation(0).tricks)) == by
            assert set(solution.moves.values()) <= {0, 1}
            assert (solution.winner in solution.moves.values())


def test_a_known_deal():
    """Two players, oros trumps. A holds the malilla but B's As de copas takes a
    trick and B's lead of espadas the last: B wins however A starts."""
    deal = Deal.parse([["2o", "3c", "4c"], ["12o", "1c", "5e"]], up="7o")
    hand = Hand("1737", players=2, deal=deal)
    solution = solve(position_of(hand))
    assert solution.winner_name == "B"
    assert solution.move_names == {"2o": "B", "3c": "B", "4c": "B"}
    # With the borrego the 4 of oros would rank first; here nobody holds it.
    # Under como-al-hombre (follow suit) the same: B still wins.
    assert winner(position_of(Hand("1737+como-al-hombre", players=2, deal=deal))) == 1


def test_plain_card_api_matches_positions():
    tables = compile_variant(load_variant("avila"))
    for seed in range(20):
        hand = Hand("avila", seed=seed)
        pos = position_of(hand)
        solver = Solver(tables, tables.by_trump[hand.deal.up // 10], 4, 0)
        hands = [[int(c) for c in cards_left(hand.deal, hand.history)[s]] for s in range(4)]
        assert solver.winner(hands, leader=0) == winner(pos)
        bits = [sum(1 << c for c in h) for h in hands]
        assert all(b for b in bits)


def test_refuses_betting_and_finished_hands():
    hand = Hand("1737", seed=3)
    hand.apply("0 raise")
    with pytest.raises(PositionError, match="raise waits"):
        position_of(hand)
    hand.apply("1 fold")
    with pytest.raises(PositionError, match="over"):
        position_of(hand)


def test_settled_and_ended_follow_the_engine():
    tables = compile_variant(load_variant("1737"))
    assert hand_ended(tables, (2, 0), 2, 0) == 0
    assert hand_ended(tables, (1, 1), 2, 0) is None
    assert hand_ended(tables, (1, 2), 3, 0) == 1
    conil = compile_variant(load_variant("conil"))
    assert settled(conil, (2, 0), 2, 0) is None and settled(conil, (3, 1), 4, 0) == 0


def test_position_play_matches_the_engine():
    hand = Hand("1737", seed=5)
    pos = position_of(hand)
    rng = random.Random(5)
    while not hand.is_over:
        card = rng.choice(pos.legal())
        hand.apply(f"{pos.seat} play {card}")
        pos = pos.play(card)
        if not hand.is_over:
            assert pos == position_of(hand)
    assert pos.winner == hand.result.winner


def test_position_from_a_parsed_card_list():
    pos = Position(compile_variant(load_variant("1737")),
                   compile_variant(load_variant("1737")).by_trump[0],
                   ((parse_card("2o"),), (parse_card("3o"),)), leader=1, tricks=(1, 1),
                   mano=0)
    assert pos.seat == 1 and pos.done == 2
    assert solve(pos).winner == 0 and principal_line(pos) == (parse_card("3o"), parse_card("2o"))


def test_hands_as_bitmasks():
    tables = compile_variant(load_variant("1737"))
    for seed in range(10):
        hand = Hand("1737", seed=seed)
        solver = Solver(tables, tables.by_trump[hand.deal.up // 10], 4, 0)
        lists = [list(cards_left(hand.deal, hand.history)[s]) for s in range(4)]
        masks = [sum(1 << c for c in h) for h in lists]
        assert solver.winner(masks, 0) == solver.winner(lists, 0)
        assert solver.move_winners(masks, 0) == {c: t for c, t in
                                                 solver.move_winners(lists, 0).items()}
