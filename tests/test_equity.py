"""The equity tables, take points, the review and their commands: concrete outcomes."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from rentoy.analysis.stakes import Stakes, Step, even_chances, take_point
from rentoy.cli import main
from rentoy.engine import compile_variant
from rentoy.equity import equity_table, measure_hands, play_from
from rentoy.simulation import wilson_interval
from rentoy.variants import load_variant

ROOT = Path(__file__).resolve().parent.parent
SHORT = str(ROOT / "tests" / "fixtures" / "variants" / "short-game.yaml")
GAME_STEP = str(ROOT / "tests" / "fixtures" / "variants" / "game-step.yaml")
EXAMPLES = ROOT / "docs" / "examples"


def cli(capsys, *args: str) -> tuple[int, str, str]:
    try:
        status = main(list(args))
    except SystemExit as exc:          # argparse refuses a bad option value itself
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def _agree(table, games, z: float = 1.96) -> list[str]:
    """The scores where whole games and the table disagree beyond their intervals."""
    bad = []
    for (a, b, d), (won, played) in games.items():
        share = won / played
        low, high = wilson_interval(won, played)
        se_games = (high - low) / (2 * z)
        se_table = (table.high(a, b, d) - table.low(a, b, d)) / (2 * z)
        if abs(share - table.win_a(a, b, d)) > z * math.hypot(se_games, se_table):
            bad.append(f"{a}-{b} dealer {'AB'[d]}: games {share:.3f}, table "
                       f"{table.win_a(a, b, d):.3f}")
    return bad


def test_the_recursion_agrees_with_whole_games_from_chosen_scores():
    counts = measure_hands(SHORT, 300, seed=3, bots="greedy")
    table = equity_table(counts, 3, draws=200, seed=3)
    games = play_from(SHORT, [(0, 0, 1), (1, 2, 1), (2, 0, 0)], 600, seed=4, bots="greedy")
    assert not _agree(table, games)
    # And the figures say something: the side ahead is ahead.
    assert table.win_a(2, 0) > table.win_a(0, 0) > table.win_a(0, 2)


@pytest.mark.soak
def test_the_recursion_agrees_with_whole_games_on_1737_at_four_players():
    counts = measure_hands("1737", 300, seed=5, bots="greedy", jobs=2)
    table = equity_table(counts, 12, seed=5)
    games = play_from("1737", [(0, 0, 1), (4, 5, 1), (8, 8, 0), (10, 6, 1), (3, 9, 0)],
                      2000, seed=6, bots="greedy", jobs=2)
    assert not _agree(table, games)


def test_the_table_is_symmetric_between_the_teams():
    counts = measure_hands(SHORT, 40, seed=1, bots="random")
    table = equity_table(counts, 3, draws=20)
    for a in range(3):
        for b in range(3):
            assert table.win_a(a, b) + table.win_a(b, a) == pytest.approx(1.0)
            assert table.win_a(a, b, 0) + table.win_a(b, a, 1) == pytest.approx(1.0)


def test_the_dead_take_point_is_backgammons_formula_at_4_5():
    even = even_chances(12)
    tables = compile_variant(load_variant("1737"))
    # Team A offered 6 from 3 at 4-5: folding gives 4-8, the hand 10-5 or 4-11; the next
    # hand is dealt by team A (the yardstick ignores the dealer).
    fold, win, lose = even.win_a(4, 8, 0), even.win_a(10, 5, 0), even.win_a(4, 11, 0)
    point = take_point(even, tables, (4, 5), 1, team=0, level=2)
    assert point.dead == pytest.approx((fold - lose) / (win - lose))
    assert 0.0 <= point.live <= point.dead
    # Once 9 is accepted at 4-5 the hand decides the game: the raise to 12 is taken at 0.
    assert take_point(even, tables, (4, 5), 1, team=0, level=4).dead == 0.0
    assert take_point(even, tables, (4, 5), 1, team=1, level=4).live == 0.0


def test_the_live_take_point_shrinks_the_dead_one_by_the_takers_market():
    even = even_chances(12)
    tables = compile_variant(load_variant("1737"))
    stakes = Stakes(even, tables)
    dead = stakes.dead_take((0, 0), 1, 0, Step(0, 1))
    market = 1.0 - stakes.live_take((0, 0), 1, 1, Step(1, 2))
    assert stakes.live_take((0, 0), 1, 0, Step(0, 1)) == pytest.approx(dead * market)


def test_a_whole_game_step_is_worth_the_game():
    variant = load_variant(GAME_STEP)
    tables = compile_variant(variant)
    even = even_chances(int(variant.rules.target))
    top = tables.top_level
    assert tables.ladder[top] == "game"
    stakes = Stakes(even, tables)
    win, lose = stakes.outcomes((2, 3), 1, 0, top)
    assert (win, lose) == (1.0, 0.0)
    fold = stakes.fold((2, 3), 1, 0, Step(top - 1, top))
    assert stakes.dead_take((2, 3), 1, 0, Step(top - 1, top)) == pytest.approx(fold)


def test_equity_json_lists_one_object_per_score(capsys):
    status, out, err = cli(capsys, "equity", "1737", "-f", "json")
    assert status == 0, err
    rows = json.loads(out)
    assert len(rows) == 144
    row = next(r for r in rows if (r["score_a"], r["score_b"]) == (4, 5))
    assert isinstance(row["score_a"], int) and 0.0 <= row["win_a"] <= 1.0
    assert row["win_a_low"] <= row["win_a"] <= row["win_a_high"]
    assert {(r["score_a"], r["score_b"]) for r in rows} == {(a, b) for a in range(12)
                                                            for b in range(12)}


def test_equity_at_4_5_gives_the_founding_example_in_words(capsys):
    status, out, _ = cli(capsys, "equity", "1737", "--at", "4-5", "--width", "80")
    assert status == 0
    text = " ".join(out.split())
    assert "Team A, offered 6 (from 3): folding leaves 4-8" in text
    six = text.split("Team A, offered 6 (from 3)")[1].split("Team B, offered 6")[0]
    # Every option weighed: fold, then accept, then raise to 9, each boundary with its
    # interval, and again counting the later raises.
    assert re.search(r"If A expects to win the hand less than \d+% \[\d+, \d+\] of the "
                     r"time, fold it; from \d+% to \d+% \[\d+, \d+\], accept it; from \d+%, "
                     r"raise to 9\. Counting later raises: if A", six), six
    # B offered 3, in the stored table: fold, then accept, then raise to 6, each
    # boundary with its interval.
    three = text.split("Team B, offered 3 (from 1)")[1].split("Team A, offered 6")[0]
    assert re.search(r"less than (\d+)% \[\d+, \d+\] of the time, fold it; from \1% to "
                     r"(\d+)% \[\d+, \d+\], accept it; from \2%, raise to 6\.", three), three
    assert "Team A, offered 12 (from 9): a dead raise" in text
    assert "dead reckoning" not in text and "live" not in text
    assert max(map(len, out.splitlines())) <= 80
    status, out, _ = cli(capsys, "equity", "1737", "--at", "4-5", "-f", "json")
    data = json.loads(out)
    six = next(d for d in data["decisions"] if d["team"] == "A" and d["to"] == 6)
    assert six["fold"]["score"] == [4, 8] and six["accept_and_win"]["score"] == [10, 5]
    assert 0.0 < six["take_point"]["dead"] < 1.0
    assert [r["option"] for r in six["best"]["dead"]] == ["fold", "accept", "raise"]
    assert six["take_point"]["dead"] == six["best"]["dead"][1]["from"]
    low, high = six["intervals"]["dead_ranges:1"]
    assert low <= six["take_point"]["dead"] <= high


def _chance_options(stakes, d, live):
    """The options open to the team offered ``d``'s raise, and their chances of the game
    at hand chance p, as the printed advice weighs them."""

    values = tuple(getattr(stakes.tables, "steps", stakes.tables.ladder))
    start = values.index(d.from_value)

    def at(p):
        found = stakes.options(d.score, d.dealer, d.team, d.level, True, (0, 1), p, live,
                               start)
        if d.again_dead:
            found.pop("raise", None)
            found.pop("raise-game", None)
        return found
    return at


def test_the_printed_advice_names_the_best_option_at_every_cell_of_every_stored_table():
    """Over every score of every stored table, each decision's ranges (which the words
    and the --at table print) name, at every chance of winning the hand, an option of
    the highest chance of the game, and the take point is where folding stops being
    best."""
    from rentoy.analysis.stakes import STORE
    from rentoy.equity.decisions import best_at, decisions, ranges_words
    from rentoy.equity.store import table_from_json

    grid = [i / 40 for i in range(41)]
    checked = 0
    for path in sorted(STORE.glob("*.json")):
        data = json.loads(path.read_text())
        spec = data["variant"]
        variant = load_variant(str(ROOT / spec) if spec.endswith(".yaml") else spec)
        tables = compile_variant(variant)
        eq = table_from_json(data)
        stakes = Stakes(eq.chances, tables)
        for a in range(eq.target):
            for b in range(eq.target):
                for d in decisions(eq.chances, variant, (a, b), 1):
                    if d.dead:
                        continue
                    for live, ranges in ((False, d.dead_ranges), (True, d.ranges)):
                        values = _chance_options(stakes, d, live)
                        points = grid + [0.5 * (r.low + r.high) for r in ranges]
                        for p in points:
                            found = values(p)
                            named = best_at(ranges, p)
                            assert found[named] >= max(found.values()) - 1e-9, (
                                path.name, a, b, d.team, d.to_value, live, p, named, found)
                            checked += 1
                        fold_best = ranges[0].option == "fold"
                        take = d.take.live if live else d.take.dead
                        assert take == (ranges[1].low if fold_best and len(ranges) > 1
                                        else (1.0 if fold_best else 0.0))
                    words = ranges_words(d.dead_ranges, d, "dead_ranges")
                    assert words.count(";") == len(d.dead_ranges) - 1
    assert checked > 100_000


def test_the_mean_of_the_two_dealers_has_the_interval_of_the_mean(capsys):
    from rentoy.equity.store import load_stored, table_from_json

    eq = table_from_json(load_stored("1737", 4))
    # Equal scores: exactly 50 by symmetry, in the estimate and in every draw.
    for a in range(12):
        assert (eq.win_a(a, a), eq.low(a, a), eq.high(a, a)) == (0.5, 0.5, 0.5)
    # Elsewhere the mean's interval is no wider than the mean of the dealers' intervals.
    wider = [(a, b) for a in range(12) for b in range(12) if a != b and
             eq.high(a, b) - eq.low(a, b) > 0.5 * (eq.high(a, b, 0) - eq.low(a, b, 0)
                                                    + eq.high(a, b, 1) - eq.low(a, b, 1))
             + 1e-9]
    assert not wider
    status, out, _ = cli(capsys, "equity", "1737", "-f", "json")
    row = next(r for r in json.loads(out) if (r["score_a"], r["score_b"]) == (0, 0))
    assert row["by_symmetry"] and row["win_a_low"] == row["win_a_high"] == 0.5


def test_the_stored_tables_are_monotone_and_keep_their_raw_cells():
    from rentoy.analysis.stakes import STORE
    from rentoy.equity.monotone import violations

    for path in sorted(STORE.glob("*.json")):
        data = json.loads(path.read_text())
        assert data["fit"] == "isotonic"
        for dealer in "AB":
            assert violations(data["chances"]["win_a"][dealer]) == 0, path.name
            assert len(data["raw"][dealer]) == data["chances"]["target"]
        # The raw cells are the recursion's, kept beside the fit; measured from thousands
        # of hands a score they may already be in order, and the fit moves them little.
        moved = max(abs(x - y) for r1, r2 in zip(data["raw"]["B"],
                                                 data["chances"]["win_a"]["B"])
                    for x, y in zip(r1, r2))
        assert moved < 0.05, path.name


def test_no_cost_below_zero_and_take_points_in_order_once_fitted():
    """A point more never hurts in the fitted tables, so winning a hand is never worth
    less than losing it, at any score or value."""
    from rentoy.equity.store import load_stored, table_from_json

    eq = table_from_json(load_stored("1737", 4))
    stakes = Stakes(eq.chances, compile_variant(load_variant("1737")))
    for a in range(12):
        for b in range(12):
            for level in range(5):
                for team in (0, 1):
                    win, lose = stakes.outcomes((a, b), 1, team, level)
                    assert win >= lose - 1e-12, (a, b, level, team)


def test_a_variant_without_a_table_is_said_measured_saved_and_read_again(capsys, tmp_path):
    saved = tmp_path / "t.json"
    status, out, err = cli(capsys, "equity", SHORT, "--bots", "greedy", "--hands", "20",
                           "--save", str(saved))
    assert status == 0, err
    assert "about" in err and "min" in err and "measured 9 of 9 scores" in err
    assert "--table" in err
    status, first, err = cli(capsys, "equity", SHORT, "--table", str(saved), "--at", "1-2")
    assert status == 0, err
    assert "read from" in first and "If" in first
    status, again, err = cli(capsys, "equity", SHORT, "--table", str(saved), "--at", "1-2")
    assert again == first
    # A variant with nothing stored says so before it measures.
    status, out, err = cli(capsys, "equity", SHORT, "--bots", "greedy", "-f", "csv")
    assert status == 0 and "no table of chances is stored" in err, err
    # A table made for other rules is refused, naming the file.
    status, out, err = cli(capsys, "equity", "1737", "--table", str(saved))
    assert status == 2 and "t.json" in err and "other rules" in err, err
    broken = tmp_path / "broken.json"
    broken.write_text('{"chances": 3}')
    status, out, err = cli(capsys, "equity", SHORT, "--table", str(broken))
    assert status == 2 and "broken.json" in err and "Traceback" not in err, err


def test_a_long_target_prints_its_grid_in_bands_that_fit(capsys):
    from rentoy.cli.equity import _bands

    assert [len(b) for b in _bands(24, 80)] == [14, 10]
    assert [len(b) for b in _bands(24, 40)] == [6, 6, 6, 6]
    assert [len(b) for b in _bands(12, 80)] == [12]


@pytest.mark.parametrize("args, says", [
    (["--at", "4_5"], "not a score"),
    (["--at", "12-3"], "the game is over at 12"),
    (["--check", "4-x"], "not a score"),
    (["--plot", "heat.gif"], "give a file name ending in"),
])
def test_bad_equity_input_is_refused_with_exit_2(capsys, args, says):
    status, out, err = cli(capsys, "equity", "1737", *args)
    assert status == 2 and says in err and "Traceback" not in err


def test_equity_measures_a_small_variant_and_writes_csv(capsys):
    status, out, err = cli(capsys, "equity", SHORT, "--hands", "30", "--bots", "greedy",
                           "-f", "csv")
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("score_a,score_b,win_a") and len(lines) == 10


def test_equity_plot_is_written(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "equity.svg"
    status, _, err = cli(capsys, "equity", "1737", "--plot", str(path))
    assert status == 0 and path.read_text().lstrip().startswith("<?xml"), err


def test_the_stored_tables_are_current():
    from rentoy.analysis.stakes import STORE
    from rentoy.equity.store import stale

    files = sorted(STORE.glob("*.json"))
    assert files
    for path in files:
        data = json.loads(path.read_text())
        assert not stale(data), f"{path.name} is stale: run {data['generated_by']}"


def test_review_marks_the_fold_that_gave_the_game_away(capsys, tmp_path):
    record = str(EXAMPLES / "game-record.yaml")
    annotated = tmp_path / "reviewed.yaml"
    status, out, err = cli(capsys, "review", record, "-f", "json", "--seed", "1",
                           "--annotate", str(annotated))
    assert status == 0, err
    data = json.loads(out)
    fold = next(e for e in data["entries"] if e["action"] == "0 fold")
    # At 9-10, B raises to 3 after winning a trick: folding gives 9-11, accepting risks
    # 9-13 for 12-10. A's chance of the hand is far above the take point.
    assert fold["mark"] == "very bad" and fold["best"] == "accept"
    low, high = fold["cost_interval"]
    assert 0.10 <= low <= fold["cost"] <= high
    assert data["summary"]["0"]["decisions"] == 8
    assert set(data["marks"]) == {"doubtful", "bad", "very bad"}
    assert all(e["cost_interval"][0] >= 0 for e in data["entries"])
    status, out, err = cli(capsys, "run", str(annotated))
    assert status == 0 and "review:" in out, err


def test_a_review_gives_the_same_marks_under_five_seeds():
    """The marks of a record do not move with the seed: a decision is marked only when
    its cost's whole interval lies above the threshold, from enough worlds."""
    from rentoy.equity.review import MARKS, review_record

    thresholds = dict(MARKS)
    found = []
    for seed in range(5):
        review = review_record(EXAMPLES / "game-record.yaml", seed=seed)
        for e in review.entries:
            assert 0.0 <= e.cost_low <= e.cost <= e.cost_high
            assert e.p_low <= e.p <= e.p_high
            if e.mark:
                assert e.cost_low >= thresholds[e.mark]
        found.append([(e.hand, e.index, e.mark) for e in review.entries])
    assert all(marks == found[0] for marks in found), found
    assert (1, 3, "very bad") in found[0]


def test_a_review_reviews_every_branch_of_a_walkthrough_and_as_decision_at_4_5():
    from rentoy.equity.review import review_record

    review = review_record(EXAMPLES / "betting-from-4-5.yaml", samples=16, seed=1)
    paths = {e.path for e in review.entries}
    assert ("A folds",) in paths and ("A accepts",) in paths and ("A raises to 9",) in paths
    assert review.branches == 14
    answers = {e.path: e for e in review.entries
               if e.seat == 0 and e.kind in ("fold", "accept", "raise") and len(e.path) == 1}
    assert set(answers) == {("A folds",), ("A accepts",), ("A raises to 9",)}
    assert {answers[p].kind for p in answers} == {"fold", "accept", "raise"}


def test_a_review_in_spanish_says_its_figures_in_spanish_and_its_json_in_english(capsys):
    from rentoy.i18n import set_language

    record = str(EXAMPLES / "game-record.yaml")
    try:
        status, out, err = cli(capsys, "--lang", "es", "review", record, "--samples", "64",
                               "--seed", "1", "--width", "200")
        assert status == 0, err
        text = re.sub(r"[ \n]+", " ", out)        # the paragraphs unwrapped
        fold = text.split("Mano 1, asiento 0")[1].split("Mano ")[0]
        assert re.search(r"un \d+\xa0% \[\d+;\xa0\d+\] de ganar la mano", fold), fold
        assert re.search(r"querer era mejor por \d+,\d \[\d+,\d;\xa0\d+,\d\] puntos", fold), fold
        assert "probabilidades iguales, un tanto por mano" in text
        marked = out.split("Decisiones marcadas")[1].split("Resumen")[0]
        assert "muy malo" in marked, marked
        assert "bad" not in marked and "solver" not in marked, marked
        status, out, err = cli(capsys, "--lang", "es", "review", record, "-f", "json",
                               "--samples", "64", "--seed", "1")
    finally:
        set_language("en")
    words = [e["words"] for e in json.loads(out)["entries"]]
    assert any(re.search(r"accepting was better by \d+\.\d \[\d+\.\d,\xa0\d+\.\d\] points of "
                         r"the game", w) for w in words), words
    assert all("," not in w.split("%")[0][-4:] for w in words if "%" in w)


def test_run_says_what_each_decision_of_the_4_5_example_is_worth(capsys):
    status, out, _ = cli(capsys, "run", str(EXAMPLES / "betting-from-4-5.yaml"),
                         "--width", "80")
    assert status == 0
    text = " ".join(out.split())
    assert "What each decision is worth" in text
    assert "Team A folds: folding leaves 4-8" in text
    assert re.search(r"Folding is best below \d+% \[\d+, \d+\] of the hand", text), text


def test_the_table_bot_is_registered():
    from rentoy.bots import BOT_NAMES, make_bot

    assert "tables" in BOT_NAMES
    assert make_bot("tables:samples=4:live=0.2", seed=1).live == 0.2
    with pytest.raises(ValueError, match="live"):
        make_bot("tables:live=2")


def test_the_counts_do_not_depend_on_the_executor():
    from concurrent.futures import ThreadPoolExecutor

    alone = measure_hands(SHORT, 10, seed=2, bots="greedy", scores=[(0, 0), (1, 2)])
    with ThreadPoolExecutor(2) as pool:
        spread = measure_hands(SHORT, 10, seed=2, bots="greedy", scores=[(0, 0), (1, 2)],
                               executor=pool)
    assert alone == spread


def test_a_call_for_the_whole_game_is_a_raise_of_its_own():
    from rentoy.analysis.stakes import raise_steps
    from rentoy.equity.decisions import decisions

    path = str(ROOT / "tests" / "fixtures" / "variants" / "juego-fuera.yaml")
    variant = load_variant(path)
    tables = compile_variant(variant)
    whole = tables.game_level
    assert [s.kind for s in raise_steps(tables, 1)] == ["next", "game"]
    # Under juego_fuera: answer the call is made only in answer to a raise.
    assert [s.kind for s in raise_steps(tables, 1, answering=False)] == ["next"]
    even = even_chances(12)
    stakes = Stakes(even, tables)
    # Offered the whole game from 3 at 4-5: winning wins it, losing loses it, so the take
    # point is the chance of the game after folding (B scores 3: 4-8).
    point = stakes.take_point((4, 5), 1, 0, whole, start=1)
    assert point.dead == pytest.approx(even.win_a(4, 8, 0))
    rows = decisions(even, variant, (4, 5), 1)
    call = next(d for d in rows if d.kind == "game" and d.from_value == 3 and d.team == 0)
    assert call.to_value == "game" and call.fold_score == (4, 8)
    assert "offered the whole game (juego fuera) (from 3)" in " ".join(
        __import__("rentoy.equity.decisions", fromlist=["describe"]).describe(call).split())


def _hand_result(score, dealer, deal, bots, seed):
    import random

    from rentoy.bots import make_bot
    from rentoy.engine import Hand

    choices = random.Random(seed)
    pair = (make_bot(bots, rng=choices), make_bot(bots, rng=choices))
    hand = Hand("1737", 4, dealer, score, deal=deal)
    while not hand.is_over:
        seat = hand.current_seat
        hand.apply_unchecked(pair[seat & 1].choose(hand.observation(seat)))
    return hand.result.winner, hand.result.points


@pytest.mark.parametrize("bots, deals", [("greedy", 200),
                                         ("search:samples=8:careless_at=1", 150)])
def test_the_same_deals_with_the_teams_seats_swapped_give_the_mirrored_chances(bots, deals):
    """Seat rotation: each deal at 3-5 with team B dealing, and again at 5-3 with team A
    dealing and every hand moved one seat back, so that each card has the same place
    relative to the dealer but the other team holds it. The greedy bot's hands mirror
    exactly; the search bot samples its worlds by seat, so its hands differ one by one,
    but the two shares agree within their paired interval."""
    import random

    from rentoy.engine import Deal, draw_deal

    diffs, mirrored = [], 0
    for i in range(deals):
        deal = draw_deal(random.Random(i), 4, 3)
        rotated = Deal(tuple(deal.hands[(s + 1) % 4] for s in range(4)), deal.up)
        w1, p1 = _hand_result((3, 5), 3, deal, bots, 1000 + i)
        w2, p2 = _hand_result((5, 3), 2, rotated, bots, 1000 + i)
        mirrored += (w1 == 1 - w2 and p1 == p2)
        diffs.append((w1 == 0) - (w2 == 1))
    if bots == "greedy":
        assert mirrored == deals
    mean = sum(diffs) / deals
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (deals - 1) / deals)
    assert abs(mean) <= 1.96 * se + 1e-12, (mean, se)


def test_the_search_bots_betting_is_weighed_against_the_tables():
    from rentoy.equity.agreement import betting_agreement

    found = betting_agreement("1737", games=1, seed=2, bots="greedy", judge_samples=8)
    assert found.games == 1 and found.decisions >= 1
    assert found.decisions == found.matches + len(found.costs)
    assert all(c > 0 for c in found.costs)
    # each game's counts add up to the totals the intervals are taken from
    decisions, matches, cost = found.by_game[0]
    assert (decisions, matches) == (found.decisions, found.matches)
    assert cost == pytest.approx(sum(found.costs))
    assert found.share_estimate().value == pytest.approx(found.share)


def test_the_betting_directives_weigh_every_option_and_read_a_saved_table(tmp_path, capsys):
    """A small site: the take points at 4-5 from the stored table, and a walkthrough's
    worth from a table saved by rentoy equity --save and given as :table:."""
    from test_docs_extension import build, make_site

    saved = tmp_path / "short.json"
    status, _, err = cli(capsys, "equity", SHORT, "--bots", "greedy", "--hands", "10",
                         "--save", str(saved))
    assert status == 0, err
    page = ("# Betting\n\n```{rentoy-take-points} 1737 4-5\n```\n\n"
            "```{rentoy-betting-worth} betting.yaml\n```\n")
    docs = make_site(tmp_path / "site", page, {
        "betting.yaml": (EXAMPLES / "betting-from-4-5.yaml").read_text(encoding="utf-8")})
    done = build(docs, "text")
    assert done.returncode == 0, done.stderr
    text = " ".join((docs.parent / "out" / "text" / "index.txt").read_text(
        encoding="utf-8").split())
    assert "Team A, offered 6 (from 3): folding leaves 4-8" in text
    assert re.search(r"fold from \d+% \[\d+, \d+\]|accept from \d+% \[\d+, \d+\]", text), text
    assert "Folding is best below" in text and "python bench" not in text
    # A saved table made for other rules is refused with the file named.
    bad = make_site(tmp_path / "bad", "# T\n\n```{rentoy-take-points} 1737 4-5\n"
                    f":table: {saved}\n```\n")
    done = build(bad, "text")
    assert done.returncode != 0 and "short.json" in done.stderr + done.stdout


def test_hands_measured_in_two_runs_are_the_hands_of_one_longer_run():
    """Every hand has deals and choices of its own (from the seed, the score and its
    number), so a table topped up from hand ``start`` on counts what one run of all the
    hands counts."""
    from rentoy.equity.measure import measure_hands

    fixture = "tests/fixtures/variants/short-game.yaml"
    cells = [(0, 1), (2, 2)]
    whole = measure_hands(fixture, 9, seed=4, bots="greedy", scores=cells)
    first = measure_hands(fixture, 5, seed=4, bots="greedy", scores=cells)
    rest = measure_hands(fixture, 4, seed=4, bots="greedy", scores=cells, start=5)
    for cell in cells:
        merged = dict(first[cell])
        for outcome, n in rest[cell].items():
            merged[outcome] = merged.get(outcome, 0) + n
        assert merged == whole[cell]
        assert sum(merged.values()) == 9
