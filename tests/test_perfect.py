"""``compare --solve``: perfect-play comparisons on the simulation's deals."""

from __future__ import annotations

import contextlib
import csv
import io
import json

import pytest

from rentoy.analysis import position_of, solve, tricks_to_decide
from rentoy.cli import main
from rentoy.engine import Hand
from rentoy.comparison import (compare_perfect, perfect_deal, perfect_divergences,
                            save_perfect_divergences)
from rentoy.simulation.play import DEALS, stream_seed
from rentoy.walkthrough import run_walkthrough


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


def test_records_match_the_public_solver():
    result = compare_perfect(["1737", "conil"], deals=8, seed=3)
    assert result.players == 4 and result.hand_sizes == (3, 5)
    for k, row in enumerate(result.records):
        for i, variant in enumerate(("1737", "conil")):
            deal = perfect_deal(3, k, 4, result.hand_sizes[i])
            position = position_of(Hand(variant, players=4, deal=deal))
            assert row[i][0] == solve(position).winner
            assert row[i][2] == tricks_to_decide(position)


def test_deals_are_the_simulations_first_hands():
    import random

    from rentoy.engine import draw_deal

    deal = perfect_deal(7, 5, 4, 3)
    assert deal == draw_deal(random.Random(stream_seed(7, DEALS, 5)), 4, 3)
    # a five-card variant sees the same cards, and more
    five = perfect_deal(7, 5, 4, 5)
    assert set(deal.cards()) - {deal.up} <= set(five.cards())


def test_a_variant_against_itself_never_differs():
    result = compare_perfect(["1737", "1737"], deals=60, seed=1)
    rate = result.differ(0, 1)
    assert rate.value == 0 and rate.low == 0 and rate.high > 0


def test_the_borrego_changes_some_winners_and_jobs_do_not_matter():
    one = compare_perfect(["1737", "1737+borrego"], deals=300, seed=1)
    assert 0 < len(one.differing(0, 1)) < 60
    two = compare_perfect(["1737", "1737+borrego"], deals=300, seed=1, jobs=2, chunk=100)
    assert one == two
    for i in (0, 1):
        mano = one.mano_win_rate(i)
        assert 0.4 < mano.value < 0.75 and mano.low < mano.value < mano.high
        assert 2 <= one.tricks_to_decide(i).value <= 3


def test_divergences_run_green_and_show_different_winners(tmp_path):
    result = compare_perfect(["1737", "1737+borrego"], deals=200, seed=1)
    found = perfect_divergences(result, 2)
    assert len(found) == 2
    saved = save_perfect_divergences(found, tmp_path)
    assert len(saved) == 4
    for d, pair in zip(found, (saved[0:2], saved[2:4])):
        winners = []
        for s in pair:
            run = run_walkthrough(s.path)
            assert run.ok, run.failures
            winners.append(run.results[0].hand_winner)
        assert winners == ["AB"[w] for w in d.winners] and winners[0] != winners[1]
    again = save_perfect_divergences(found[:1], tmp_path)     # never overwrites
    assert again[0].wanted is not None and again[0].path.exists()


def test_cli_reports_the_share_that_differs():
    status, out, _ = run_cli("compare", "1737", "1737+borrego", "--solve", "150",
                             "--seed", "1", "--format", "json")
    assert status == 0
    data = json.loads(out)["perfect_play"]
    pair = data["winner_differs"][0]
    assert pair["variants"] == ["1737", "1737+borrego"]
    assert pair["share"]["low"] <= pair["share"]["value"] <= pair["share"]["high"]
    assert set(data["variants"]["1737"]) >= {"mano_team_wins", "highest_card_team_wins",
                                             "tricks_to_decide"}
    status, out, _ = run_cli("compare", "1737", "avila", "--solve", "40", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))      # one table: every part stacked
    assert status == 0
    assert any(r["figure"] == "mano's team wins, % of deals" and r["variant"] == "1737" for r in rows)
    status, out, _ = run_cli("compare", "1737", "1737+borrego", "--solve", "100")
    assert status == 0 and "winner differs" in out
    assert max(len(line) for line in out.split("Perfect play")[1].splitlines()) <= 80


@pytest.mark.parametrize("args, message", [
    (["--solve", "0"], "1 or more"),
    (["--solve", "10", "--players", "3"], "3 players is not allowed"),
])
def test_cli_bad_input_exits_2(args, message):
    status, _, err = run_cli("compare", "1737", "avila", *args)
    assert status == 2 and message in err
