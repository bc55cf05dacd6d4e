"""Profiles of play: what is counted per game, the intervals, the same deals under every
variant, and ``rentoy profile``."""

from __future__ import annotations

import json

import pytest

from rentoy.bots import RandomBot
from rentoy.engine import Game
from rentoy.simulation.profile import (MEASURE_NAMES, PROFILE_FIELDS, SkillMatch, game_profile,
                                       measure_profiles, paired_difference, ratio_estimate)
from inprocess import run

FIELD = {name: i for i, name in enumerate(PROFILE_FIELDS)}


def played(variant: str, seed: int) -> Game:
    game = Game(variant, seed=seed)
    bot = RandomBot(seed=seed)
    while not game.is_over:
        game.apply_unchecked(bot.choose(game.observation()))
    return game


@pytest.mark.parametrize("seed", range(6))
def test_a_games_record_counts_what_the_game_did(seed):
    game = played("1737", seed)
    record = game_profile(game)
    hands = game.finished_hands
    results = [h.result for h in hands]
    assert record[FIELD["hands"]] == len(hands)
    assert record[FIELD["points"]] == sum(r.points for r in results)
    assert record[FIELD["folds"]] == sum(r.how == "fold" for r in results)
    assert record[FIELD["a_wins"]] == (game.winner == "A")
    assert record[FIELD["dealer_wins"]] + record[FIELD["mano_wins"]] == len(hands)  # 4 seats
    assert 0 <= record[FIELD["perfect_agrees"]] <= len(hands)
    # the steps reached never grow with the step, and the first needs a raise
    steps = [record[FIELD[f"step_{k}"]] for k in range(1, 5)]
    assert steps == sorted(steps, reverse=True) and steps[0] <= record[FIELD["raised"]]
    # the loser was behind by 3 or more at some hand's start whenever it came back
    scores = [(0, 0)] + [r.score for r in results]
    winner = 0 if game.winner == "A" else 1
    behind = max(s[1 - winner] - s[winner] for s in scores[:-1])
    assert record[FIELD["comeback_3"]] == (behind >= 3)
    leads = [0 if a > b else 1 for a, b in scores[1:] if a != b]
    assert record[FIELD["lead_changes"]] == sum(x != y for x, y in zip(leads, leads[1:]))
    last = results[-1]
    before = scores[-2]
    value = 12 if isinstance(last.value, str) else last.value
    assert record[FIELD["last_hand"]] == (before[1 - winner] + value >= 12)


def test_decisions_count_only_actions_taken_with_a_choice():
    game = played("1737", 2)
    record = game_profile(game)
    assert 0 < record[FIELD["decisions"]] <= len(game.actions)


def test_the_ratio_estimate_and_its_interval():
    est = ratio_estimate([2, 4, 3], [1, 1, 1])
    assert est.value == 3.0 and est.n == 3
    assert est.low == pytest.approx(3 - 1.959964 * (1 / 3) ** 0.5, rel=1e-5)
    assert ratio_estimate([1], [1]).low is None


def test_a_variant_against_itself_differs_by_exactly_nothing():
    assert paired_difference([1, 3], [2, 2], [1, 3], [2, 2]).value == 0.0
    result = measure_profiles(["1737"], games=4, seed=2, bots="random", skill=())
    for name in MEASURE_NAMES:
        diff = result.difference("1737", "1737", name)
        assert diff.value in (0.0, None)


def test_the_same_seed_gives_the_same_profile_whatever_the_jobs():
    one = measure_profiles(["1737", "avila"], games=6, seed=5, bots="random",
                           skill=(SkillMatch("greedy_v_random", "greedy", "random"),))
    two = measure_profiles(["1737", "avila"], games=6, seed=5, bots="random",
                           skill=(SkillMatch("greedy_v_random", "greedy", "random"),), jobs=2)
    assert one.records == two.records and one.wins == two.wins


def test_every_variant_plays_the_same_deals():
    result = measure_profiles(["1737", "1737+borrego"], games=3, seed=1, bots="random",
                              skill=())
    # the first hand of each game is the same deal: the mano's team's first-hand cards
    # and so the perfect-play winner agree wherever the borrego does not change the hand
    assert result.games == 3 and len(result.records[0]) == len(result.records[1]) == 3


def test_shares_of_games_have_intervals_inside_0_and_1():
    result = measure_profiles(["1737"], games=3, seed=1, bots="random", skill=())
    for name in MEASURE_NAMES:
        est = result.estimate("1737", name)
        if est.value is not None and est.low is not None:
            assert est.low >= 0.0
    share = result.estimate("1737", "first_mano_game_rate")
    assert 0.0 <= share.low <= share.value <= share.high <= 1.0


def test_skill_wins_count_both_seatings():
    result = measure_profiles(["1737"], games=4, seed=3, bots="random",
                              skill=(SkillMatch("greedy_v_random", "greedy", "random"),))
    wins = result.wins[0][0]
    assert len(wins) == 4 and all(w in (0, 1, 2) for w in wins)


def test_rentoy_profile_json_gives_every_figure_with_its_interval(capsys):
    status, out, err = run(capsys, "profile", "1737", "avila", "--games", "3", "--bots",
                           "random", "--no-skill", "--seed", "1", "-f", "json")
    assert status == 0, err
    data = json.loads(out)
    assert data["variants"] == ["1737", "avila"] and data["games"] == 3
    assert set(MEASURE_NAMES) <= set(data["figures"]["1737"])
    assert set(data["differences"]) == {"avila"}
    one = data["figures"]["avila"]["hands_per_game"]
    assert one["low"] <= one["value"] <= one["high"]


def test_rentoy_profile_text_and_csv(capsys):
    status, out, _err = run(capsys, "--width", "80", "profile", "1737", "avila", "--games",
                            "2", "--bots", "random", "--no-skill")
    assert status == 0
    assert "Balance" in out and "avila - 1737" in out
    assert "0 by construction" in out            # neither variant follows suit
    assert max(len(line) for line in out.splitlines()) <= 80
    status, out, _err = run(capsys, "profile", "1737", "--games", "2", "--bots", "random",
                            "--no-skill", "-f", "csv")
    assert out.splitlines()[0].startswith("variant,group,figure,value,low,high")


def test_rentoy_profile_speaks_spanish(capsys):
    status, out, _err = run(capsys, "--lang", "es", "--width", "80", "profile", "1737",
                            "--games", "2", "--bots", "random", "--no-skill")
    assert status == 0
    assert "Equilibrio" in out and "Balance" not in out


def test_rentoy_profile_refuses_bad_input(capsys):
    status, _out, err = run(capsys, "profile", "nope", "--games", "2")
    assert status == 2 and "nope" in err and "Traceback" not in err
    status, _out, err = run(capsys, "profile", "1737", "--games", "0")
    assert status == 2
