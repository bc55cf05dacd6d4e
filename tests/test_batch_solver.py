"""The batch solvers (numpy arrays, the compiled kernel) against the solver, world by
world: on positions of every configuration the conformance tests play (every built-in
variant and fixture, alone and with each option), at every table size the solver
takes, each world's winner and the winner after each legal card must be the same."""

from __future__ import annotations

import random

import pytest

from rentoy.analysis.batch import BatchSolver, available, duty_tiers
from rentoy.analysis.kernel import KernelSolver, kernel
from rentoy.analysis.position import hand_ended
from rentoy.analysis.solver import Solver
from rentoy.analysis.worlds import sample_worlds, trick_in_play, trump_tables
from rentoy.bots import make_bot
from rentoy.engine import Game, compile_variant
from rentoy.engine.rules import legal_cards, trick_winner
from rentoy.limits import MAX_SOLVER_PLAYERS
from rentoy.variants import load_variant

from test_conformance import CONFIGS, _label

SOLVERS = [pytest.param("kernel", marks=pytest.mark.skipif(
               kernel() is None, reason="no C compiler: the kernel is not built")),
           pytest.param("batch", marks=pytest.mark.skipif(
               not available(), reason="numpy is not installed"))]


def _positions(spec: str, players: int, games: int, seed: int, limit: int = 10):
    """Up to ``limit`` positions met in ``games`` games between greedy bots, each with a
    few worlds sampled from the seat to play; none with five cards or more in a hand
    (the Python solver would take seconds over each)."""
    variant = load_variant(spec)
    rng = random.Random(seed)
    bot = make_bot("greedy", seed=seed)
    for g in range(games):
        game = Game(variant, players, seed=seed * 100 + g)
        while not game.is_over:
            seen = game.observation(game.current_seat)
            mano = (seen.dealer + 1) % players
            if (hand_ended(seen.tables, seen.tricks_won, len(seen.tricks), mano) is None
                    and len(seen.cards) <= 4 and limit > 0):
                limit -= 1
                leader, trick = trick_in_play(seen)
                yield seen, mano, leader, trick, sample_worlds(seen, 6, rng)
            game.apply_unchecked(bot.choose(seen))


@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.parametrize("spec", CONFIGS, ids=_label)
def test_the_batch_solvers_agree_with_the_solver(spec: str, solver: str) -> None:
    variant = load_variant(spec)
    sizes = [n for n in variant.rules.players if n <= MAX_SOLVER_PLAYERS]
    checked = 0
    for players in sizes[:2]:
        for seen, mano, leader, trick, worlds in _positions(spec, players, 2, players):
            tables, tt = seen.tables, trump_tables(seen)
            plain = Solver(tables, tt, players, mano)
            fast = (KernelSolver if solver == "kernel" else BatchSolver)(tables, tt,
                                                                        players, mano)
            for moves in (False, True):
                got = fast.solve(worlds, leader, trick, seen.tricks_won, moves=moves)
                if got is None:             # too many lines for arrays: world by world
                    continue
                for i, world in enumerate(worlds):
                    assert got.winners[i] == plain.winner(world, leader, trick,
                                                          seen.tricks_won), (world, trick)
                    if moves:
                        assert got.moves[i] == plain.move_winners(
                            world, leader, trick, seen.tricks_won), (world, trick)
                    checked += 1
    assert checked > 0


def test_the_tiers_are_the_engines_duties() -> None:
    """A hand may play exactly its cards of the lowest tier: checked against
    ``legal_cards`` on random hands and tricks of the over-trumping arrastre."""
    tables = compile_variant(load_variant("avila"))
    rng = random.Random(3)
    for trump in range(4):
        tt = tables.by_trump[trump]
        tiers, takes = duty_tiers(tables, tt)
        for _ in range(400):
            cards = rng.sample(range(40), 6)
            trick, hand = cards[:rng.randint(1, 3)], cards[3:]
            holder = trick[trick_winner(tt, trick)]
            base = (trick[0] * 40 + holder) * 40
            low = min(tiers[base + c] for c in hand)
            assert [c for c in hand if tiers[base + c] == low] == \
                legal_cards(tables, tt, hand, trick)
            for c in hand:
                assert takes[base + c] == (trick_winner(tt, trick + [c]) == len(trick))


@pytest.mark.skipif(not available(), reason="numpy is not installed")
def test_the_search_bot_plays_alike_with_and_without_the_arrays() -> None:
    """The same seed, the same choices: the numpy batch's answers are the solver's, and
    its worlds are drawn as the Python path draws them."""
    def actions(batch: bool) -> list[str]:
        bot = make_bot("search:samples=8", seed=2)
        bot._batch = ((lambda o: BatchSolver(o.tables, trump_tables(o), o.players,  # type: ignore[method-assign]
                                             (o.dealer + 1) % o.players))
                      if batch else (lambda observation: None))
        game = Game("1737", players=4, seed=5)
        out = []
        while not game.is_over:
            action = bot.choose(game.observation(game.current_seat))
            out.append(str(action))
            game.apply_unchecked(action)
        return out

    assert actions(True) == actions(False)


@pytest.mark.skipif(kernel() is None, reason="no C compiler: the kernel is not built")
@pytest.mark.parametrize("spec,players", [("1737", 4), ("avila", 2), ("1737+como-al-hombre", 6)])
def test_the_kernels_worlds_are_consistent_and_spread(spec: str, players: int) -> None:
    """Worlds drawn in C: every seat holds as many cards as it should, none seen, every
    card played legal had the seats held them (the engine's check), and over many draws
    every unseen card a seat may hold turns up in its hand."""
    from rentoy.analysis.worlds import exclusions, is_consistent, unseen_cards

    game = Game(spec, players, seed=3)
    bot = make_bot("greedy", seed=1)
    rng = random.Random(1)
    checked = 0
    while not game.is_over:
        seen = game.observation(game.current_seat)
        if seen.trick and seen.tricks:
            solver = KernelSolver(seen.tables, trump_tables(seen), players,
                                  (seen.dealer + 1) % players)
            packed, hmax = solver._sampled(seen, 400, rng)
            pool, width = set(unseen_cards(seen)), players * hmax
            masks = exclusions(seen)
            held: list[set[int]] = [set() for _ in range(players)]
            for w in range(400):
                world = [[c for c in packed[w * width + s * hmax:w * width + (s + 1) * hmax]
                          if c != 255] for s in range(players)]
                assert world[seen.seat] == [int(c) for c in seen.cards]
                assert is_consistent(seen, world)
                for s in range(players):
                    if s != seen.seat:
                        assert set(world[s]) <= pool
                        held[s] |= set(world[s])
            for s in range(players):
                if s != seen.seat and held[s]:      # (a seat may have played its last)
                    assert held[s] == {c for c in pool if not masks[s] >> c & 1}
            checked += 1
        game.apply_unchecked(bot.choose(seen))
    assert checked


@pytest.mark.skipif(kernel() is None, reason="no C compiler: the kernel is not built")
@pytest.mark.parametrize("spec", ["1737", "avila", "1737+como-al-hombre", "conil"])
def test_the_kernels_exclusions_are_the_engines(spec: str) -> None:
    """What each play revealed, read off the duty tiers, is what asking the engine's
    ``legal_cards`` card by card finds (rentoy.analysis.worlds.exclusions); and the
    unseen cards and the cards each seat holds are the worlds module's."""
    from rentoy.analysis.worlds import _held, exclusions, unseen_cards

    variant = load_variant(spec)
    checked = 0
    for players in variant.rules.players[:2]:
        for g in range(4):
            game = Game(variant, players, seed=g)
            bot = make_bot("random", seed=g)
            while not game.is_over:
                seen = game.observation(game.current_seat)
                solver = KernelSolver(seen.tables, trump_tables(seen), players,
                                      (seen.dealer + 1) % players)
                pool = unseen_cards(seen)
                assert solver._seen(seen) == (pool, exclusions(seen, pool), _held(seen),
                                              [int(c) for c in seen.cards])
                checked += 1
                game.apply_unchecked(bot.choose(seen))
    assert checked


class _Failing:
    """The kernel library as if every world's tries failed in the fused call."""

    def __init__(self, lib):
        self.lib = lib

    def rentoy_tally(self, *args):
        return 1

    def __getattr__(self, name):
        return getattr(self.lib, name)


@pytest.mark.skipif(kernel() is None, reason="no C compiler: the kernel is not built")
@pytest.mark.parametrize("spec", ["1737", "avila", "conil"])
@pytest.mark.parametrize("failing", [False, True], ids=["drawn in C", "drawn again"])
def test_a_bots_tally_is_the_worlds_drawn_and_solved(spec: str, failing: bool) -> None:
    """The search bot's one call (draw and solve together) counts what drawing the same
    worlds and solving them one step after the other gives, from the same generator:
    each world's winner and the winner after each of the observer's cards; also when a
    world must be drawn again in Python (the fallback path)."""
    variant = load_variant(spec)
    checked = 0
    for players in variant.rules.players[:2]:
        game = Game(variant, players, seed=7)
        bot = make_bot("random", seed=7)
        while not game.is_over:
            seen = game.observation(game.current_seat)
            solver = KernelSolver(seen.tables, trump_tables(seen), players,
                                  (seen.dealer + 1) % players)
            if failing:
                solver._lib = _Failing(solver._lib)
            leader, trick = trick_in_play(seen)
            mine = (leader + len(trick)) % players == seen.seat
            winners, slots = solver.tally(seen, 16, random.Random(checked), mine)
            solved = solver.sample_and_solve(seen, 16, random.Random(checked), mine)
            assert winners == solved.winners
            if mine:
                assert slots == [[row.get(int(card), -1) for row in solved.moves]
                                 for card in seen.cards]
            checked += 1
            game.apply_unchecked(bot.choose(seen))
    assert checked > 10


def test_the_compiled_library_is_loaded_only_as_built(tmp_path):
    """The kernel is code kept in the cache folder: a damaged library is built again, and
    a folder others may write in is not trusted (a private folder of the process is
    used instead)."""
    import os
    import shutil
    import subprocess
    import sys

    if shutil.which("cc") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler here")
    folder = tmp_path / "cache"
    code = "from rentoy.analysis.kernel import kernel; print(kernel() is not None)"
    env = dict(os.environ, RENTOY_CACHE_DIR=str(folder), RENTOY_KERNEL="1")

    def built() -> str:
        return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, check=True, timeout=300).stdout.strip()

    assert built() == "True"
    (library,) = folder.glob("rentoy-kernel-*.so")
    good = library.read_bytes()
    library.write_bytes(good[:-100] + b"\0" * 100)           # damaged in place
    assert built() == "True" and library.read_bytes() == good
    folder.chmod(0o777)                                       # anyone may write here
    library.unlink()
    assert built() == "True" and not library.exists()
