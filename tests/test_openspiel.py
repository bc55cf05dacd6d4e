"""Rentoy as an OpenSpiel game, checked by OpenSpiel's own tests.

``random_sim_test`` plays random games through OpenSpiel's C++ checks (legal actions,
chance outcomes summing to one, returns at the end, information-state and observation
strings and tensors at every state, and, with ``serialize``, every state written and read
back); an MCTS bot plays a few games through the same interface.
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from rentoy.engine import Deal, Game  # noqa: E402
from rentoy.integrations import openspiel as rentoy_openspiel  # noqa: E402


def load(variant: str, players: int = 0) -> object:
    return pyspiel.load_game(rentoy_openspiel.GAME_NAME,
                             {"variant": variant, "players": players})


@pytest.mark.parametrize("variant, players", [
    ("1737", 2), ("1737", 4), ("1737", 6), ("1737", 8),
    ("avila", 4), ("1737+borrego", 4), ("conil", 6), ("huetor", 4), ("modern", 2),
])
def test_random_sim_test(variant: str, players: int) -> None:
    game = load(variant, players)
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("players", [2, 4, 6, 8])
def test_random_sim_test_with_serialization(players: int) -> None:
    pyspiel.random_sim_test(load("1737", players), num_sims=1, serialize=True, verbose=False)


def test_all_digit_ids_and_options_in_game_strings() -> None:
    game = pyspiel.load_game('python_rentoy(variant="1737",players=6)')
    assert game.num_players() == 6
    assert pyspiel.load_game(str(game)).num_players() == 6      # the string reads back
    assert pyspiel.load_game("python_rentoy(variant=1737+borrego)").num_players() == 4
    with pytest.raises(Exception, match="players"):
        load("1737", 5)
    with pytest.raises(Exception, match="unknown variant"):
        load("nowhere")


def _play_out(state: object, rng: random.Random) -> None:
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_the_engine_decides_everything() -> None:
    """A game played through OpenSpiel is the engine's game with the same deals and actions:
    same scores, same winner, same returns."""
    rng = random.Random(4)
    state = load("1737", 4).new_initial_state()
    _play_out(state, rng)
    game = state._game      # the test looks inside on purpose: the engine's own record
    again = Game("1737", deals=game.deals)
    for action in game.actions:
        again.apply(action)
    assert again.is_over and again.score == game.score and again.winner == game.winner
    assert state.returns() == [float(r) for r in again.returns()]
    assert sorted(state.returns()) == [-1.0, -1.0, 1.0, 1.0]


def test_chance_nodes_deal_seat_by_seat_then_the_turned_up_card() -> None:
    state = load("1737", 2).new_initial_state()
    cards = [0, 1, 2, 10, 11, 12, 39]
    for card in cards:
        assert state.is_chance_node()
        assert card in dict(state.chance_outcomes())
        state.apply_action(card)
    assert not state.is_chance_node()
    deal = state._game.hand.deal
    assert deal == Deal.parse([["1o", "2o", "3o"], ["1c", "2c", "3c"]], up="12b")
    assert state.current_player() == 0          # the mano: the dealer is seat 1


def test_the_player_to_act_answers_a_raise() -> None:
    state = load("1737", 4).new_initial_state()
    for card in range(13):
        state.apply_action(card)
    assert state.current_player() == 0
    state.apply_action(rentoy_openspiel.RAISE_ACTION)
    seat = state.current_player()
    assert seat % 2 == 1                        # the other team answers, one seat at a time
    assert state.legal_actions() == [rentoy_openspiel.RAISE_ACTION,
                                      rentoy_openspiel.ACCEPT_ACTION,
                                      rentoy_openspiel.FOLD_ACTION]


def test_strings_show_a_seat_only_its_own_cards() -> None:
    state = load("1737", 4).new_initial_state()
    for card in range(13):
        state.apply_action(card)
    hands = state._game.hand.deal.hands
    for seat in range(4):
        seen = state.information_state_string(seat)
        others = [str(c) for s in range(4) if s != seat for c in hands[s]]
        assert all(f" {c}" not in seen.split("|cards")[1].split("|")[0] for c in others)
        assert all(str(c) in seen for c in hands[seat])
        tensor = state.observation_tensor(seat)
        assert sum(tensor[:40]) == 3            # its own three cards, nobody else's


def test_an_mcts_bot_plays_whole_games() -> None:
    from open_spiel.python.algorithms import mcts

    game = load("1737", 2)
    rng = random.Random(1)
    import numpy as np

    for episode in range(2):
        state = game.new_initial_state()
        bots = [mcts.MCTSBot(game, uct_c=2.0, max_simulations=8,
                             evaluator=mcts.RandomRolloutEvaluator(
                                 1, np.random.RandomState(episode)),
                             random_state=np.random.RandomState(episode)),
                None]
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            elif state.current_player() == 0:
                action = bots[0].step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert sorted(state.returns()) == [-1.0, 1.0]
