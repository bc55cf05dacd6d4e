"""Simulated play: the unit, reproducibility, common random numbers, the intervals."""

from __future__ import annotations

import json
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from rentoy.errors import InputError
from rentoy.simulation import (FIELDS, STATISTIC_NAMES, Moments, mean_interval, play_chunk,
                               ratio_interval, simulate, wilson_interval)
from rentoy.simulation import play as play_module
from rentoy.simulation.play import ChunkTask
from rentoy.simulation.stats import Z95
from rentoy.simulation.duties import duty_counts
from rentoy.bots import team_bots
from rentoy.variants import load_variant
from inprocess import run


@pytest.fixture(scope="module")
def same_rules(tmp_path_factory):
    """A variant file with exactly the 1737 rules under another id."""
    path = tmp_path_factory.mktemp("variants") / "twin.yaml"
    path.write_text('id: twin\nname: The 1737 rules again\nextends: "1737"\n',
                    encoding="utf-8")
    return str(path)


# -- the unit -----------------------------------------------------------------------------

def test_at_least_n_hands_per_variant_in_the_fewest_whole_games():
    result = simulate(["1737", "1737+values-1-3-6-12"], hands=200, seed=3)
    assert min(result.hands) >= 200
    # one game fewer would leave some variant short of 200 hands
    records = play_chunk(ChunkTask(result.specs, 4, ("random", "random"), 3, 0,
                                   result.games)).records
    totals = [sum(r[i][0] for r in records) for i in range(2)]
    assert tuple(totals) == result.hands
    assert min(sum(r[i][0] for r in records[:-1]) for i in range(2)) < 200
    per_game = result.estimate("1737", "hands_per_game")
    assert per_game.value * result.games == pytest.approx(result.hands[0])


def test_records_are_consistent():
    for records in play_chunk(ChunkTask(("1737", "avila"), 4, ("greedy", "random"), 1, 0,
                                        30)).records:
        for r in records:
            rec = dict(zip(FIELDS, r))
            assert rec["folds"] + rec["played_out"] == rec["hands"]
            assert rec["two_tricks"] <= rec["played_out"]
            assert rec["trump_leads"] <= rec["tricks"] and rec["trump_tricks"] <= rec["tricks"]
            assert rec["mano_wins"] <= rec["hands"] and rec["a_wins"] in (0, 1)
            assert rec["points"] >= rec["hands"]       # every hand is worth 1 or more



@pytest.mark.parametrize("variant,players,bots", [
    ("1737", 4, "random"), ("avila", 4, "random"), ("1737+como-al-hombre", 6, "random"),
    ("avila", 4, "greedy")])
def test_the_duty_counts_of_a_game_are_its_hands_counts(variant, players, bots):
    """The record of a game counts every follow the observation of each hand shows,
    the trick a fold left unfinished included (a fold ends most hands of random play
    in the middle of a trick)."""
    names = (bots, bots)
    rng = random.Random()
    unfinished = 0
    for game in range(12):
        played = play_module.play_game(load_variant(variant), players, 9, game, rng,
                                       team_bots(names, rng), bots == "random")
        record = play_module._record(played)
        hands = played.finished_hands
        sums = [sum(duty_counts(h)[k] for h in hands) for k in range(5)]
        assert list(record[-5:]) == sums
        unfinished += sum(bool(h.observation(0).trick) for h in hands)
    assert unfinished > 0       # the unfinished tricks were there to be counted


# -- reproducibility ----------------------------------------------------------------------

def test_the_same_seed_gives_the_same_result_and_another_seed_another():
    a = simulate(["1737", "avila"], hands=300, seed=7)
    b = simulate(["1737", "avila"], hands=300, seed=7)
    assert a == b
    assert a.to_data(timing=False) == b.to_data(timing=False)
    assert simulate(["1737", "avila"], hands=300, seed=8) != a


def test_results_do_not_depend_on_jobs_executor_or_chunking():
    one = simulate(["1737", "avila"], hands=400, seed=2, bots="greedy,random")
    assert simulate(["1737", "avila"], hands=400, seed=2, bots="greedy,random", jobs=2,
                    chunk_games=7) == one
    with ThreadPoolExecutor(3) as ex:
        assert simulate(["1737", "avila"], hands=400, seed=2, bots="greedy,random",
                        executor=ex, chunk_games=3) == one
    assert simulate(["1737", "avila"], hands=400, seed=2, bots="greedy,random",
                    chunk_games=1000) == one


def test_the_progress_callback_counts_up_to_the_hands(monkeypatch):
    seen = []
    simulate("1737", hands=300, seed=1, chunk_games=10, progress=lambda d, t: seen.append((d, t)))
    assert seen == sorted(seen) and seen[-1] == (300, 300) and len(seen) > 1


# -- common random numbers ----------------------------------------------------------------

def test_every_variant_is_dealt_the_same_cards(monkeypatch):
    seen: dict[str, list] = {}
    real = play_module._record

    def recording(game):                 # every finished game's deals, by variant
        seen.setdefault(game.variant.id, []).extend(game.deals)
        return real(game)

    monkeypatch.setattr(play_module, "_record", recording)
    play_chunk(ChunkTask(("1737", "1737+values-1-3-6-12"), 4, ("random", "random"), 5, 0, 1))
    first, second = seen["1737"], seen["1737+values-1-3-6-12"]
    common = min(len(first), len(second))
    assert common >= 1 and first[:common] == second[:common]
    # ... and the deals depend on the seed and the game only: a run of one variant
    # alone is dealt the same cards.
    seen.clear()
    play_chunk(ChunkTask(("1737+values-1-3-6-12",), 4, ("random", "random"), 5, 0, 1))
    assert seen["1737+values-1-3-6-12"] == second


def test_identical_rules_give_identical_play_and_zero_differences(same_rules):
    result = simulate(["1737", same_rules], hands=300, seed=4, bots="greedy,random")
    assert result.variants == ("1737", "twin")
    assert result.hands[0] == result.hands[1]
    for name, diff in result.difference("twin", "1737").items():
        assert (diff.value, diff.low, diff.high) == (0.0, 0.0, 0.0), name
        assert result.estimate("twin", name) == result.estimate("1737", name)


def test_pairing_narrows_the_interval_of_a_difference():
    result = simulate(["1737", "avila"], hands=2000, seed=1)
    for name in ("fold_rate", "trump_trick_rate", "hands_per_game"):
        a, b = result.estimate("1737", name), result.estimate("avila", name)
        diff = result.difference("avila", "1737")[name]
        assert diff.value == pytest.approx(b.value - a.value)
        assert diff.se < 0.5 * (a.se ** 2 + b.se ** 2) ** 0.5


# -- the intervals ------------------------------------------------------------------------

def _coverage(make, truth, trials=400):
    hits = 0
    for t in range(trials):
        est = make(random.Random(t))
        hits += est.low <= truth <= est.high
    return hits / trials


def test_interval_coverage_on_a_known_bernoulli():
    p = 0.3

    def game_wins(rng):   # 150 games, team A winning each with probability p
        m = Moments(1)
        for _ in range(150):
            win = (int(rng.random() < p),)
            m.add_game([(1,) + (0,) * 8 + win + (0,) * (len(FIELDS) - 10)])
        return m.estimate(0, "game_win_rate_a")

    assert 0.92 <= _coverage(game_wins, p) <= 0.98
    assert 0.92 <= _coverage(lambda rng: mean_interval(
        [float(rng.random() < p) for _ in range(150)]), p) <= 0.98


def test_interval_coverage_of_a_ratio_over_clusters():
    q = 0.7       # each hand is folded with probability q; games have 1-8 hands

    def fold_rate(rng):
        records = []
        for _ in range(120):
            hands = rng.randint(1, 8)
            folds = sum(rng.random() < q for _ in range(hands))
            records.append([(hands, hands, folds) + (0,) * (len(FIELDS) - 3)])
        return Moments.of(1, records).estimate(0, "fold_rate")

    assert 0.92 <= _coverage(fold_rate, q) <= 0.98


def test_a_ratio_of_units_of_one_is_the_mean_of_their_values():
    # With every unit counting one trial the ratio is a plain mean, and the delta
    # method's interval is the mean's own: two readings of the same figure.
    values = [0.0, 1.0, 1.0, 0.5, 3.0, 2.0]
    ratio, mean = ratio_interval([(v, 1) for v in values]), mean_interval(values)
    assert ratio.value == pytest.approx(mean.value)
    assert ratio.se == pytest.approx(mean.se)
    assert (ratio.low, ratio.high) == (pytest.approx(mean.low), pytest.approx(mean.high))
    assert ratio_interval([]).value is None and ratio_interval([(1, 2)]).se is None


def test_interval_coverage_of_a_ratio_interval_over_clusters():
    q = 0.3       # each decision of a game matches with probability q, 1-30 a game

    def share(rng):
        pairs = []
        for _ in range(80):
            n = rng.randint(1, 30)
            pairs.append((sum(rng.random() < q for _ in range(n)), n))
        return ratio_interval(pairs)

    assert 0.92 <= _coverage(share, q) <= 0.98


def test_interval_coverage_of_a_paired_difference():
    # variant 1 folds whenever variant 0 does, and one more hand in ten: the true
    # difference of the fold rates is 0.3 * 0.1 = 0.03 (q0 = 0.7).
    def difference(rng):
        records = []
        for _ in range(150):
            hands = rng.randint(1, 6)
            f0 = f1 = 0
            for _ in range(hands):
                fold = rng.random() < 0.7
                f0 += fold
                f1 += fold or rng.random() < 0.1
            pad = (0,) * (len(FIELDS) - 3)
            records.append([(hands, hands, f0) + pad, (hands, hands, f1) + pad])
        return Moments.of(2, records).difference(1, 0, "fold_rate")

    assert 0.92 <= _coverage(difference, 0.03) <= 0.98


def test_moments_merge_exactly_in_any_grouping():
    rng = random.Random(1)
    games = [[tuple(rng.randint(0, 9) for _ in FIELDS) for _ in range(3)] for _ in range(40)]
    whole = Moments.of(3, games)
    parts = Moments(3)
    for k in (30, 0, 20, 10):       # merged out of order
        parts.merge(Moments.of(3, games[k:k + 10]))
    assert whole == parts
    one_by_one = Moments(3)
    for g in games:
        one_by_one.add_game(g)
    assert one_by_one == whole


def test_small_samples_and_empty_counts():
    m = Moments(1)
    m.add_game([(2, 2, 2, 0, 0, 1, 0, 0, 0, 1) + (0,) * (len(FIELDS) - 10)])
    est = m.estimate(0, "two_trick_share")         # no hand played out: nothing to say
    assert est.value is None
    one = m.estimate(0, "fold_rate")
    assert one.value == 1.0 and one.low is None    # one game: no interval
    assert wilson_interval(0, 20)[0] == 0.0
    assert Z95 == pytest.approx(1.959964, abs=1e-6)


# -- bad input ----------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, message", [
    ({"hands": 0}, "positive"),
    ({"hands": 10, "bots": "clever"}, "unknown bot"),
    ({"hands": 10, "bots": "greedy,random,random"}, "one bot for both teams"),
    ({"hands": 10, "players": 5}, "not allowed"),
    ({"hands": 10, "jobs": -1}, "--jobs"),
])
def test_bad_settings_are_input_errors(kwargs, message):
    with pytest.raises(InputError, match=message):
        simulate("1737", **kwargs)


def test_variants_with_no_table_size_in_common_are_refused(tmp_path):
    path = tmp_path / "six.yaml"
    path.write_text('id: six\nname: Six only\nextends: "1737"\nrules:\n'
                    '  players: [6]\n  default_players: 6\n', encoding="utf-8")
    result = simulate([str(path), "1737"], hands=20, seed=1)
    assert result.players == 6
    with pytest.raises(InputError, match="not allowed"):
        simulate([str(path), "1737"], hands=20, players=4)


# -- the commands ------------------------------------------------------------------------

def test_simulate_json_is_reproducible_whatever_jobs(capsys):
    def data(*extra):
        status, out, err = run(capsys, "simulate", "1737", "--hands", "300", "--seed", "1",
                               "--json", *extra)
        assert status == 0 and err == ""
        return json.loads(out)

    one = data()
    assert one["hands"] >= 300 and one["games"] > 0
    assert one["seconds"] > 0 and one["hands_per_second"] > 0
    assert set(one["statistics"]) == set(STATISTIC_NAMES)
    assert 0 < one["statistics"]["fold_rate"]["value"] < 1
    timing = ("seconds", "hands_per_second")
    strip = lambda d: {k: v for k, v in d.items() if k not in timing}  # noqa: E731
    assert strip(data()) == strip(one)
    assert strip(data("--jobs", "2")) == strip(one)
    assert strip(data("--bots", "greedy")) != strip(one)


def test_simulate_text(capsys):
    status, out, _ = run(capsys, "simulate", "avila", "--hands", "100", "--bots",
                         "greedy,random")
    assert status == 0
    assert "greedy (team A), random (team B)" in out and "hands per second" in out


def test_a_variant_that_plays_matches_is_measured_per_game(capsys):
    status, out, _ = run(capsys, "simulate", "huetor", "--hands", "60", "--json")
    assert status == 0 and json.loads(out)["match"] == 5
    status, out, _ = run(capsys, "simulate", "1737", "--hands", "60", "--json")
    assert json.loads(out)["match"] == 1
    status, out, _ = run(capsys, "compare", "1737", "huetor", "--simulate", "60")
    assert status == 0
    out = " ".join(out.split())     # the note is wrapped to the terminal's width
    assert ("Games are played one by one (in huetor a match is the best of 5 games): "
            "the figures are per game, not per match.") in out
    status, out, _ = run(capsys, "compare", "1737", "avila", "--simulate", "60")
    assert "per match" not in out


def test_compare_simulate_is_identical_for_jobs_1_and_2(capsys):
    outputs = []
    for jobs in ("1", "2"):
        status, out, err = run(capsys, "compare", "1737", "avila", "1737+borrego",
                               "--simulate", "300", "--seed", "1", "--jobs", jobs)
        assert status == 0 and err == ""
        outputs.append(out)
    assert outputs[0] == outputs[1]
    assert "Paired differences from 1737" in outputs[0]
    assert "1737+borrego - 1737" in outputs[0]


def test_compare_simulate_json_and_reference(capsys):
    status, out, _ = run(capsys, "compare", "1737", "avila", "--simulate", "200", "--seed",
                         "2", "--reference", "avila", "-f", "json")
    assert status == 0
    sim = json.loads(out)["simulation"]
    assert sim["reference"] == "avila"
    assert [d["variant"] for d in sim["differences"]] == ["1737"]
    assert min(r["hands"] for r in sim["results"]) >= 200


def test_plot_comparison_writes_an_svg(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    from rentoy.simulation import plot_comparison

    result = simulate(["1737", "avila"], hands=100, seed=1)
    path = plot_comparison(result, tmp_path / "cmp.svg")
    text = path.read_text(encoding="utf-8")
    assert text.startswith("<?xml") and "<svg" in text
    again = plot_comparison(result, tmp_path / "again.svg")
    assert again.read_text(encoding="utf-8") == text       # deterministic output
    status, _, _ = run(capsys, "compare", "1737", "avila", "--simulate", "50", "--plot",
                       str(tmp_path / "cli.png"))
    assert status == 0 and (tmp_path / "cli.png").read_bytes()[:4] == b"\x89PNG"


def test_a_progress_bar_only_for_long_runs_on_a_terminal(monkeypatch):
    import io
    import sys

    from rentoy.cli.common import progress_bar

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    # The run's estimated seconds decide (rentoy.simulation.cost), not its count alone.
    assert progress_bar(100.0, "hands") == (None, None)   # the test's stderr is no terminal
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert progress_bar(0.5, "hands") == (None, None)     # a short run
    update, bar = progress_bar(100.0, "hands")
    update(500_000, 10**6)
    bar.close()
    assert "500000/1000000" in terminal.getvalue() and "hands" in terminal.getvalue()


def test_a_duty_neither_variant_has_is_zero_by_construction_in_the_paired_table(capsys):
    # Neither 1737 nor avila makes a player follow suit; avila alone makes him
    # over-trump: the first difference is 0 by construction, the second is measured.
    status, out, _ = run(capsys, "compare", "1737", "avila", "--simulate", "100",
                         "--seed", "1", "--width", "200")
    assert status == 0
    paired = out.split("Paired differences from 1737")[1].splitlines()
    follow = next(line for line in paired if line.startswith("following suit forced"))
    over = next(line for line in paired if line.startswith("over-trumping forced"))
    assert follow.split("  ")[-1].strip() == "0 by construction (neither has the duty)"
    assert " pp [" in over
    status, out, _ = run(capsys, "simulate", "1737", "--hands", "60", "--json")
    assert "by construction" not in out      # the numbers stay numbers in the data
