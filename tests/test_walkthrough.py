"""Walkthroughs from the API: loading, the run tree, steps, expectations and results."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rentoy.cards import Card
from rentoy.engine import Deal, Hand, draw_deal
from rentoy.errors import IllegalAction, WalkthroughError
from rentoy.variant import Variant
from rentoy.walkthrough import (BranchResult, Segment, Step, Walkthrough, WalkthroughRun,
                                check_walkthrough, load_walkthrough, parse_walkthrough,
                                run_walkthrough)

ROOT = Path(__file__).resolve().parent.parent
BETTING = ROOT / "docs" / "examples" / "betting-from-4-5.yaml"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "walkthroughs"

DEAL = """\
deal:
  hands: [[3c, 6b, 7e], [12c, 2b, 4e], [2c, 1o, 5e], [11c, 3b, 6e]]
  up: 5o
"""


def parse(body: str, deal: bool = True, **kw) -> Walkthrough:
    return parse_walkthrough('variant: "1737"\n' + (DEAL if deal else "") + body, **kw)


def leaf(run: WalkthroughRun, *path: str) -> BranchResult:
    return next(r for r in run.results if r.path == path)


def segment(run: WalkthroughRun, *path: str) -> Segment:
    return next(s for s in run.segments() if s.path == path)


# -- the source text's example -----------------------------------------------------------

@pytest.fixture(scope="module")
def betting() -> WalkthroughRun:
    return run_walkthrough(BETTING)


def test_betting_walkthrough_data(betting):
    wt = betting.walkthrough
    assert isinstance(wt.variant, Variant) and wt.variant.id == "1737"
    assert (wt.players, wt.dealer, wt.mano, wt.start_score, wt.seed) == (4, 3, 0, (4, 5), None)
    assert isinstance(wt.deal, Deal) and wt.deal.up == Card.parse("5o") and wt.trump == "o"
    assert wt.title == "Betting from 4-5" and "4 points" in wt.description
    assert wt.path == BETTING


def test_betting_every_branch_of_the_source_text(betting):
    assert betting.ok
    fold = leaf(betting, "A folds")
    assert (fold.score, fold.finished, fold.hand_winner, fold.game_winner) == \
        ((4, 8), True, "B", None)
    assert fold.value == 3  # settled at the value before the refused raise to 6

    accepted = segment(betting, "A accepts")
    assert accepted.end.value == 6
    assert accepted.end.outcomes == {"A": (10, 5), "B": (4, 11)}
    assert accepted.end.raise_right == "A"
    assert leaf(betting, "A accepts", "A wins two tricks").score == (10, 5)
    assert leaf(betting, "A accepts", "B wins two tricks").score == (4, 11)
    assert leaf(betting, "A accepts", "A raises to 9 later, B folds").score == (10, 5)
    assert leaf(betting, "A raises to 9", "B folds").score == (10, 5)

    a_wins = leaf(betting, "A raises to 9", "B accepts 9", "A wins two tricks")
    b_wins = leaf(betting, "A raises to 9", "B accepts 9", "B wins two tricks")
    assert (a_wins.score, a_wins.game_winner) == ((13, 5), "A")
    assert (b_wins.score, b_wins.game_winner) == ((4, 14), "B")


def test_betting_dead_raise_is_flagged_and_legal(betting):
    dead = segment(betting, "A raises to 9", "B accepts 9", "B raises to 12")
    step = dead.steps[-1]
    assert step.text == "1 raise" and step.refusal is None and step.event is not None
    assert step.dead and step.event.dead
    assert step.value == 12 and step.pending
    assert any(r.startswith("A dead raise") for r in step.remarks)
    # No other raise in the example is dead.
    others = [s for seg in betting.segments() for s in seg.steps
              if s.action.kind == "raise" and s is not step and s.dead]
    assert [s.text for s in others] == ["1 raise"]  # B's raise to 12 at once, also dead
    assert segment(betting, "A raises to 9", "B raises to 12 at once").steps[0].dead


def test_betting_results_depth_first(betting):
    paths = [r.path for r in betting.results]
    assert paths[0] == ("A folds",)
    assert paths[1:4] == [("A accepts", "A wins two tricks"), ("A accepts", "B wins two tricks"),
                          ("A accepts", "A raises to 9 later, B folds")]
    assert paths[-1] == ("A raises to 9", "B accepts 9", "B raises to 12",
                         "A accepts and wins two tricks")
    assert len(paths) == len(set(paths)) == 10


def test_betting_steps_carry_calls_and_state(betting):
    accept = segment(betting, "A accepts").steps[0]
    assert isinstance(accept, Step)
    assert (accept.call, accept.gloss) == ("quiero", "I accept")
    assert accept.raise_right == "A" and accept.value == 6
    assert accept.remarks[0].startswith("Team A accepts: the hand is worth 6.")
    raise_ = betting.root.steps[0]
    assert raise_.call is None and raise_.gloss is None  # 1737 records no raise words
    assert raise_.note == "A raises before leading: 1 to 3."
    assert raise_.line == 36

    trick = segment(betting, "A accepts", "A wins two tricks").steps[3]
    assert trick.trick is not None and trick.trick.winner == 0
    assert "Seat 0 (team A) wins the trick" in trick.remarks[-1]
    assert trick.tricks == (1, 0) and trick.current_trick == ()
    assert [len(h) for h in trick.hands] == [2, 2, 2, 2]
    last = segment(betting, "A accepts", "A wins two tricks").steps[-1]
    assert last.state.finished and last.score == (10, 5) and last.outcomes is None
    assert any("Team A wins the hand, 2 tricks to 0" in r for r in last.remarks)


def test_branches_start_from_their_parents_end(betting):
    parent = segment(betting, "A raises to 9", "B accepts 9")
    for child in parent.branches:
        assert child.start == parent.end
    assert segment(betting, "A folds").start == betting.root.end


def test_json_shape(betting):
    data = betting.to_json()
    assert list(data) == ["ok", "results"] and data["ok"] is True
    first = data["results"][0]
    assert first == {"path": ["A folds"], "ok": True, "score": [4, 8], "value": 3,
                     "finished": True, "hand_winner": "B", "game_winner": None,
                     "tricks": [0, 0], "outcomes": None, "failures": []}
    open_leaf = leaf(betting, "A raises to 9", "B raises to 12 at once").to_json()
    assert open_leaf["outcomes"] == {"A": [16, 5], "B": [4, 17]}
    assert open_leaf["finished"] is False and open_leaf["hand_winner"] is None


# -- semantics ---------------------------------------------------------------------------

HUETOR = """\
variant: huetor
score: [16, 14]
deal:
  hands: [[2e, 12c, 4o], [3e, 6c, 5b], [12e, 7c, 2b], [4e, 11c, 6o]]
  up: 7e
actions: ["0 raise", "3 accept", "0 play 2e", "1 play 3e", "2 play 12e", "3 play 4e",
          "0 play 12c", "1 play 6c", "2 play 7c", "3 play 11c"]
"""


@pytest.mark.parametrize("games, match_winner", [
    ("[2, 2]", "A"), ("[2, 1]", "A"), ("[1, 2]", None), ("[0, 0]", None), (None, None)])
def test_the_hand_that_wins_the_deciding_game_wins_the_match(games, match_winner):
    # Team A wins this hand and with it the pata; whether that is the match depends on
    # the patas won before.
    wt = parse_walkthrough(HUETOR + (f"games: {games}\n" if games else ""))
    assert (wt.best_of, wt.needed) == (5, 3)
    result = run_walkthrough(wt).results[0]
    assert (result.game_winner, result.match_winner) == ("A", match_winner)
    assert "match_winner" not in result.to_json()      # the JSON keeps DESIGN's keys


def test_where_a_game_is_the_whole_contest_its_winner_wins_the_match():
    wt = parse('score: [4, 5]\nactions: ["0 raise", "1 raise", "0 raise", "1 accept", '
               '"0 play 3c", "1 play 12c", "2 play 1o", "3 play 11c", "2 play 5e", '
               '"3 play 6e", "0 play 7e", "1 play 4e"]\n'
               'expect: {game_winner: A, match_winner: A}\n')
    assert (wt.best_of, wt.needed, wt.games) == (1, 1, (0, 0))
    run = run_walkthrough(wt)
    assert run.ok, run.failures
    assert run.results[0].match_winner == "A"


def test_a_wrong_match_winner_is_reported():
    run = run_walkthrough(parse_walkthrough(HUETOR + "games: [1, 1]\nexpect: {match_winner: A}\n"))
    assert not run.ok
    assert any("match_winner" in f for f in run.results[0].failures)

def test_a_trunk_without_branches_is_the_single_leaf():
    run = run_walkthrough(parse('actions: ["0 raise", "1 accept"]\nexpect: {value: 3}\n'))
    assert run.ok and [r.path for r in run.results] == [()]
    assert run.root.result is run.results[0] and run.root.name is None
    assert run.to_json()["results"][0]["path"] == []


def test_value_can_be_the_whole_game():
    wt = parse_walkthrough(
        'variant: modern\nscore: [3, 2]\nactions: ["0 raise", "1 raise", "0 raise", "1 raise"]'
        '\nexpect: {value: game}\n')
    if "game" not in wt.variant.rules.ladder:
        pytest.skip("the modern variant has no whole-game step")
    run = run_walkthrough(wt)
    assert run.results[0].value == "game"


def test_sibling_branches_do_not_leak_into_each_other():
    run = run_walkthrough(parse(
        'actions: ["0 raise"]\n'
        'branches:\n'
        '  - {name: fold, actions: ["1 fold"], expect: {finished: true, score: [1, 0]}}\n'
        '  - {name: accept, actions: ["3 accept"], expect: {finished: false, value: 3}}\n'))
    assert run.ok, run.failures


def test_expected_refusal_leaves_the_state_unchanged():
    run = run_walkthrough(parse(
        'actions: ["0 raise", "1 accept"]\n'
        'branches:\n'
        '  - name: A again\n'
        '    actions: ["0 raise"]\n'
        '    expect: {illegal: true, reason: no-raise-right, value: 3, raise_right: B}\n'
        '    branches:\n'
        '      - {name: then plays, actions: ["0 play 3c"], expect: {value: 3}}\n'))
    assert run.ok, run.failures
    seg = segment(run, "A again")
    step = seg.steps[0]
    assert step.expected_refusal and isinstance(step.refusal, IllegalAction)
    assert step.refusal.reason == "no-raise-right" and step.event is None
    assert seg.start == seg.end
    assert step.remarks[0].startswith("Refused, as expected")


def test_unexpected_refusal_names_line_reason_and_rule_and_stops_the_segment():
    wt = parse(
        'actions: ["0 play 2c"]\n'                       # line 5: seat 0 does not hold 2c
        'branches:\n'
        '  - {name: below, actions: ["1 play 12c"], expect: {tricks: [0, 0]}}\n')
    run = run_walkthrough(wt)
    assert not run.ok
    assert run.root.failures == [run.root.failures[0]]
    message = run.root.failures[0]
    assert message.startswith("line 5: `0 play 2c` was refused")
    assert "[card-not-held]" in message
    below = segment(run, "below")
    assert not below.ran and below.steps == [] and below.failures == []
    result = leaf(run, "below")
    assert not result.ok and result.failures == (message,)


def test_unexpected_refusal_reports_the_rule():
    run = run_walkthrough(parse_walkthrough(
        'variant: "1737"\n'
        'deal:\n'
        '  hands: [[1e, 5o, 6c], [4e, 12c, 3b], [7b, 11o, 2c], [3e, 4c, 5b]]\n'
        '  up: 6e\n'
        'actions: ["0 play 1e", "1 play 3b"]\n'))
    (message,) = run.failures
    assert message.startswith("line 5: `1 play 3b` was refused")
    assert "[arrastre]" in message and "rule `arrastre` of variant 1737" in message


def test_illegal_true_on_a_legal_action_fails():
    run = run_walkthrough(parse('actions: ["0 raise"]\nexpect: {illegal: true}\n'))
    assert not run.ok
    assert run.failures == ["line 5: `0 raise` should have been refused (illegal: true), "
                            "but the rules allow it"]


@pytest.mark.parametrize("expect, message", [
    ("{score: [4, 9]}", "score is [4, 8], expected [4, 9]"),
    ("{value: 6}", "value is 3, expected 6"),
    ("{finished: false}", "finished is true, expected false"),
    ("{hand_winner: A}", 'hand_winner is "B", expected "A"'),
    ("{game_winner: B}", 'game_winner is null, expected "B"'),
    ("{tricks: [1, 0]}", "tricks is [0, 0], expected [1, 0]"),
    ("{outcomes: {A: [10, 5], B: [4, 11]}}",
     'outcomes is null, expected {"A": [10, 5], "B": [4, 11]}'),
])
def test_each_failed_expectation_is_reported_with_its_line(expect, message):
    run = run_walkthrough(parse(
        'score: [4, 5]\nactions: ["0 raise", "1 raise", "0 fold"]\n'
        f'expect: {expect}\n'))
    assert run.failures == [f"line 7: {message}"]
    assert run.results[0].failures == (f"line 7: {message}",)
    assert not run.results[0].ok and not run.ok


def test_refusal_expectations_reason_legal_under_and_dead():
    run = run_walkthrough(parse(
        'actions: ["0 raise", "1 accept", "0 raise"]\n'
        'expect: {illegal: true, reason: arrastre, legal_under: ["avila"], dead: true}\n'))
    reason, legal, dead = run.failures
    assert reason == 'line 6: the refusal\'s reason is "no-raise-right", expected "arrastre"'
    assert legal.startswith("line 6: the refused action is not legal under avila (legal under:")
    assert dead == "line 6: dead is false, expected true"


def test_trick_winners_and_raise_right_expectations():
    run = run_walkthrough(parse(
        'actions: ["0 play 3c", "1 play 12c", "2 play 2c", "3 play 11c"]\n'
        'expect: {trick_winners: [1], raise_right: null, tricks: [0, 1]}\n'))
    assert run.ok, run.failures


def test_a_failed_parent_expectation_reaches_every_leaf():
    run = run_walkthrough(parse(
        'actions: ["0 raise"]\nexpect: {value: 6}\n'
        'branches:\n  - {name: x, actions: ["1 accept"]}\n  - {name: y, actions: ["1 fold"]}\n'))
    assert [r.failures for r in run.results] == [("line 6: value is 3, expected 6",)] * 2
    assert segment(run, "x").ran  # a failed expectation does not stop the play


def test_seeded_deal_is_the_engine_s_deal():
    wt = parse('seed: 7\nactions: []\n', deal=False)
    assert wt.seed == 7 and wt.deal == draw_deal(random.Random(7), 4, 3)
    assert wt.new_hand() == Hand("1737", seed=7)
    assert parse("actions: []\n", deal=False).seed == 0


def test_players_default_to_the_deal_then_the_variant():
    two = parse_walkthrough('variant: "1737"\ndeal: {hands: [[1o, 2o, 3o], [4o, 5o, 6o]], '
                            'up: 7o}\n')
    assert two.players == 2 and two.dealer == 1 and two.mano == 0
    assert parse("actions: []\n", deal=False).players == 4


def test_variant_path_is_relative_to_the_walkthrough(tmp_path):
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "mine.yaml").write_text(
        'id: mine\nname: Mine\nextends: "1737"\nrules:\n  target: 20\n', encoding="utf-8")
    (tmp_path / "walk.yaml").write_text(
        'variant: variants/mine.yaml\nscore: [12, 0]\nactions: ["0 raise"]\n'
        'expect: {value: 3}\n', encoding="utf-8")
    run = run_walkthrough(tmp_path / "walk.yaml")
    assert run.ok and run.walkthrough.variant.id == "mine"
    assert run.walkthrough.target == 20


def test_variant_with_options():
    wt = parse_walkthrough('variant: "1737+borrego"\nactions: []\n')
    assert wt.variant.id == "1737+borrego"


def test_action_notes_and_branch_descriptions():
    wt = parse('actions: [{action: "0 raise", note: why}]\n'
               'branches:\n  - {name: x, description: words, actions: ["1 fold"]}\n')
    assert wt.root.actions[0].note == "why"
    assert wt.root.branches[0].description == "words"
    assert wt.root.description is None


def test_check_walkthrough_summary():
    summary = check_walkthrough(BETTING)
    assert summary == ("walkthrough 'Betting from 4-5': variant 1737, 4 players, dealt as "
                       "written, 65 actions in 15 segments, 10 branches to run")


# -- bad input ---------------------------------------------------------------------------

def problems(path: Path) -> list[str]:
    with pytest.raises(WalkthroughError) as info:
        load_walkthrough(path)
    return [str(p) for p in info.value.problems]


@pytest.mark.parametrize("name, expected", [
    ("bad-card.yaml", ["bad-card.yaml:5:45: deal.hands[2][1]: bad card code '8o'"]),
    ("unknown-key.yaml", ["unknown-key.yaml:7:1: acitons: unknown key `acitons` "
                          "(did you mean `actions`?)",
                          "unknown-key.yaml:11:14: branches[0].expect.vaule: unknown key "
                          "`vaule` (did you mean `value`?)"]),
    ("dealt-twice.yaml", ["dealt-twice.yaml:10:7: deal.up: 5o (Cinco de oros) is dealt twice: "
                          "it is already at line 8 (deal.hands[2][1])"]),
    ("unknown-variant.yaml", ["unknown-variant.yaml:3:10: variant: unknown variant '1739'"]),
    ("bad-yaml.yaml", ["bad-yaml.yaml:5:1: this is not valid YAML"]),
    ("deal-shape.yaml", ["deal-shape.yaml:5:25: deal.hands[1]: seat 1 is dealt 2 cards; "
                         "variant 1737 deals 3 to each player"]),
    ("action-syntax.yaml", ["action-syntax.yaml:4:11: actions[0]: bad action '0 plya 3c': "
                            "unknown kind 'plya' (did you mean `play`?)",
                            "action-syntax.yaml:4:24: actions[1]: there is no seat 5 at a "
                            "table of 4"]),
])
def test_bad_files_are_refused_with_their_lines(name, expected):
    found = problems(FIXTURES / name)
    assert len(found) == len(expected), found
    for text, start in zip(found, expected):
        assert start in text


@pytest.mark.parametrize("body, fragment", [
    ('variant: "1737"\nplayers: 3\n', "variant 1737 is played by 2, 4, 6 or 8 players, not 3"),
    ('variant: "1737"\ndealer: 4\n', "there is no seat 4 at a table of 4"),
    ('variant: "1737"\nscore: [12, 0]\n', "the score [12, 0] already ends a game to 12"),
    ('variant: "1737"\nscore: [1]\n', "this list has 1 items; it needs at least 2"),
    ('variant: "1737"\ngames: [1, 0]\n', "variant 1737 plays single games (its `match` rule "
                                         "is 1)"),
    ('variant: huetor\ngames: [1, 3]\n', "the games [1, 3] already end a match of the best "
                                         "of 5 (both counts must be below 3)"),
    ('variant: huetor\ngames: [1, -1]\n', "-1 is too small: the minimum is 0"),
    ('variant: "1737"\nexpect: {match_winer: A}\n', "unknown key `match_winer` (did you "
                                                     "mean `match_winner`?)"),
    ('variant: "1737"\nplayers: 4\ndeal: {hands: [[1o, 2o, 3o], [4o, 5o, 6o]], up: 7o}\n',
     "the deal has 2 hands; 4 players need 4"),
    ('variant: "1737"\n' + DEAL + 'seed: 3\n', "give either `deal` or `seed`, not both"),
    ('variant: "1737"\nexpect: {illegal: true}\n', "`illegal: true` needs an action"),
    ('variant: "1737"\nactions: ["0 raise"]\nexpect: {reason: arrastre}\n',
     "`reason` describes a refusal: add `illegal: true`"),
    ('variant: "1737"\nactions: ["0 raise"]\nexpect: {illegal: true, reason: arastre}\n',
     "unknown reason code 'arastre' (did you mean `arrastre`?)"),
    ('variant: "1737"\nactions: ["0 raise"]\nexpect: {illegal: true, legal_under: [avla]}\n',
     "'avla' is not a built-in variant (did you mean `avila`?)"),
    ('variant: "1737"\nexpect: {trick_winners: [9]}\n', "there is no seat 9 at a table of 4"),
    ('variant: "1737"\nexpect: {hand_winner: C}\n', "'C' is not allowed; use one of A, B, null"),
    ('variant: "1737"\nexpect: {value: six}\n', "expected a whole number or 'game'"),
    ('variant: "1737"\nbranches: [{name: a}, {name: a}]\n', "two branches here are named 'a'"),
    ('variant: "1737"\nbranches: [{actions: []}]\n', "missing key `name`"),
    ('variant: "1737"\nactions: [{acton: "0 raise"}]\n', "unknown key `acton` (did you mean "
                                                         "`action`?)"),
    ('variant: "1737"\nactions: [7]\n', "7 is not allowed here"),
    ('title: no variant\n', "missing key `variant`"),
    ('- a list\n', "a walkthrough file is a mapping"),
    ('', "a walkthrough file is a mapping"),
    ('variant: "1737"\nvariant: avila\n', "duplicate key `variant`"),
])
def test_bad_input_is_located(body, fragment):
    with pytest.raises(WalkthroughError) as info:
        parse_walkthrough(body, file="w.yaml")
    text = str(info.value)
    assert fragment in text
    assert all(p.location.file == "w.yaml" and p.location.line for p in info.value.problems)


def test_every_problem_is_reported_at_once():
    with pytest.raises(WalkthroughError) as info:
        parse_walkthrough('variant: "1737"\n'
                          'deal: {hands: [[1o, 2o, 9o], [4o, 5o, 6o], [1c, 2c, 3c], '
                          '[4c, 5c, 1o]], up: 7o}\n'
                          'actions: ["0 jump"]\n', file="w.yaml")
    messages = [p.message for p in info.value.problems]
    assert len(messages) == 3, messages
    assert "bad card code '9o'" in messages[0]
    assert "1o (As de oros) is dealt twice" in messages[1]
    assert "unknown kind 'jump'" in messages[2]


def test_a_broken_variant_file_is_reported_from_both_files(tmp_path):
    (tmp_path / "bad.yaml").write_text('id: bad\nname: Bad\nextends: "1737"\nrules:\n'
                                       '  arastre: follow\n', encoding="utf-8")
    (tmp_path / "walk.yaml").write_text('variant: bad.yaml\n', encoding="utf-8")
    with pytest.raises(WalkthroughError) as info:
        load_walkthrough(tmp_path / "walk.yaml")
    first, second = info.value.problems
    assert first.location.line == 1 and "cannot load the variant 'bad.yaml'" in first.message
    assert second.location.file.endswith("bad.yaml") and second.location.line == 5
    assert "did you mean `arrastre`?" in str(second)


def test_missing_file():
    with pytest.raises(WalkthroughError, match="no such file"):
        load_walkthrough(FIXTURES / "no-such-file.yaml")


# -- the top of the ladder in the transcript's prose ---------------------------------------

TOP = "No one may raise further: 12 is the top of the ladder."


def test_a_raise_to_the_top_of_the_ladder_can_only_be_accepted_or_folded():
    # 1737: 1 - 3 - 6 - 9 - 12; four raises in answer to each other reach 12.
    run = run_walkthrough(parse(
        'actions: ["0 raise", "1 raise", "2 raise"]\n'
        'expect: {value: 9}\n'
        'branches:\n'
        '  - name: B raises to 12 at once\n'
        '    actions: ["3 raise"]\n'
        '    branches:\n'
        '      - {name: A accepts 12, actions: ["0 accept"], expect: {value: 12}}\n'
        '  - name: B accepts 9, then raises to 12\n'
        '    actions: ["1 accept", "0 play 3c", "1 raise"]\n'
        '    expect: {value: 12}\n'))
    assert run.ok, run.failures
    assert run.walkthrough.variant.rules.ladder[-1] == 12
    to_12 = segment(run, "B raises to 12 at once").steps[0]
    assert to_12.value == 12 and to_12.pending
    assert to_12.remarks[0] == ("Team B accepts 9 and raises to 12; team A answers: accept or "
                                f"fold. {TOP}")
    accept = segment(run, "B raises to 12 at once", "A accepts 12").steps[0]
    assert accept.remarks[0] == f"Team A accepts: the hand is worth 12. {TOP}"
    assert "may raise from now on" not in accept.remarks[0]
    on_turn = segment(run, "B accepts 9, then raises to 12").steps[-1]
    assert on_turn.value == 12 and on_turn.pending
    assert on_turn.remarks[0] == ("Team B raises the hand from 9 to 12; team A answers: accept "
                                  f"or fold. {TOP}")
    assert "raise again" not in " ".join(r for s in run.root.walk() for st in s.steps
                                         for r in st.remarks if "to 12" in r)


def test_below_the_top_of_the_ladder_the_raise_sentences_stay():
    run = run_walkthrough(parse(
        'actions: ["0 raise", "1 raise", "0 accept"]\nexpect: {value: 6, raise_right: A}\n'))
    assert run.ok, run.failures
    first, second, accept = run.root.steps
    assert first.remarks[0] == ("Team A raises the hand from 1 to 3; team B answers: accept, "
                                "raise again or fold.")
    assert second.remarks[0] == "Team B accepts 3 and raises to 6; team A answers."
    assert accept.remarks[0] == ("Team A accepts: the hand is worth 6. Only team A may raise "
                                 "from now on (the raise right).")
    assert not any("top of the ladder" in r for s in run.root.steps for r in s.remarks)


def test_the_whole_game_as_the_top_of_the_ladder():
    run = run_walkthrough(ROOT / "docs" / "examples" / "modern-rentoy-entero.yaml")
    assert run.walkthrough.variant.rules.ladder[-1] == "game"
    assert run.root.steps[-1].remarks[0].endswith(
        "team A answers: accept or fold. No one may raise further: the whole game is the top "
        "of the ladder.")
    accept = segment(run, "A accepts and wins the game").steps[0]
    assert accept.remarks[0] == ("Team A accepts: the hand is worth the whole game. No one "
                                 "may raise further: the whole game is the top of the ladder.")


# -- failures always name a line; snapshots are shared between steps ---------------------------

def test_a_failure_without_its_own_line_names_its_segment_s_line():
    from dataclasses import replace
    from types import MappingProxyType

    wt = parse('actions: ["0 raise", "0 play 3c"]\nexpect: {value: 6}\n')
    root = wt.root
    assert root.line == 5
    lineless = replace(root, actions=tuple(replace(a, line=None) for a in root.actions),
                       expect_lines=MappingProxyType({}))
    run = run_walkthrough(replace(wt, root=lineless))
    (message,) = run.failures
    assert message.startswith("line 5: `0 play 3c` was refused")
    run = run_walkthrough(replace(wt, root=replace(lineless, actions=lineless.actions[:1])))
    assert run.failures == ["line 5: value is 3, expected 6"]
    assert not any("None" in f for f in run.failures)


def test_snapshots_are_shared_between_steps_and_segments(betting):
    for seg in betting.segments():
        if not seg.ran:
            continue
        applied = [s for s in seg.steps if not s.refused]
        if applied:
            assert seg.end is applied[-1].state
        for child in seg.branches:
            assert child.start is seg.end


def test_expect_keys_are_the_schema_s():
    import json

    from rentoy.walkthrough import EXPECT_KEYS, schema_path

    schema = json.loads(schema_path().read_text(encoding="utf-8"))
    assert set(EXPECT_KEYS) == set(schema["$defs"]["expect"]["properties"]) == {
        "score", "value", "finished", "hand_winner", "game_winner", "tricks", "outcomes",
        "illegal", "reason", "legal_under", "raise_right", "trick_winners", "dead",
        "match_winner"}
