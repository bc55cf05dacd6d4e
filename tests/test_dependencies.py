"""Rules that depend on each other: each declared dependency broken by a fixture variant
(``tests/fixtures/dependencies/``) and the message ``rentoy check`` gives it; raise words
matched to ladder steps in transcripts; options against a file's own rules; the built-in
variants, with every option, clean."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from rentoy.cli import main
from rentoy.dependencies import dependencies
from rentoy.glossary import named_value, raise_gloss
from rentoy.engine import RAISE
from rentoy.errors import VariantError
from rentoy.variants import builtin_ids, load_variant
from rentoy.walkthrough import run_walkthrough

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures" / "dependencies"


def fixture(name: str) -> Path:
    return FIXTURES / f"{name}.yaml"


def check(capsys, path: Path) -> tuple[int, str, str]:
    status = main(["check", str(path)])
    out, err = capsys.readouterr()
    return status, out, err


def warnings_of(name: str) -> list[str]:
    return [str(w) for w in load_variant(fixture(name)).warnings]


# ---------------------------------------------------------------------------------------
# The declarations

def test_dependencies_are_declared_in_the_rule_table():
    deps = {name: d.on for name, d in dependencies().items()}
    assert deps == {
        "default_players": ("players",), "top_cards_are_trumps": ("top_cards",),
        "plain_order": ("trump_order",), "tricks": ("hand_size",),
        "tricks_to_win": ("tricks",), "stop_when_decided": ("tricks_to_win",),
        "ladder": ("target",), "calls": ("ladder", "raise_right"),
        "trick_winner": ("top_cards", "trump_order", "plain_order"),
        "juego_fuera": ("ladder", "target")}
    assert dependencies()["calls"].part == "raise"


# ---------------------------------------------------------------------------------------
# The two files of the issue

def test_modern_with_a_doubling_ladder_is_told_which_calls_to_restate(capsys):
    status, out, err = check(capsys, fixture("doubling-ladder"))
    assert status == 0
    assert out.rstrip().endswith("; 1 warning")
    lines = err.splitlines()
    assert len(lines) == 1
    line = lines[0]
    assert line.startswith("rentoy: warning: ")
    assert "doubling-ladder.yaml:7:3: rules.ladder:" in line
    assert ("the raise words of `calls`, envío (to 3), revío (to 6), nueve (to 9), "
            "el rentoy entero (the whole game), are inherited from modern") in line
    assert "carried over from another ladder" in line
    assert "restate `calls` with 3 raise words, one per step above the base of [1, 2, 4, 8]" in line


def test_the_carried_over_calls_are_recorded_and_not_used():
    v = load_variant(fixture("doubling-ladder"))
    item = v.carried_over["calls"]
    assert (item.rule, item.part, item.stated_in, item.changed) == (
        "calls", "raise", "modern", ("ladder",))
    assert item.was["ladder"] == (1, 3, 6, 9, "game")
    assert item.label == "carried over from another ladder"
    assert v.values["calls"]["raise"] == ("envío", "revío", "nueve", "el rentoy entero")
    assert v.rules.calls.raise_ == ()                 # never used to name a raise
    assert v.rules.calls.accept == "quiero"           # the other words still fit


def _raises_transcript(spec: str, tmp_path: Path) -> list:
    """Every raise of a hand raised to the top of the ladder, as the runner narrates it."""
    variant = load_variant(spec)
    raises = len(variant.rules.ladder) - 1
    seats = [i % 2 for i in range(raises)] + [raises % 2]
    actions = [f"{s} raise" for s in seats[:-1]] + [f"{seats[-1]} accept"]
    path = tmp_path / "walk.yaml"
    path.write_text(json.dumps({"title": "raises", "variant": str(spec), "players": 2,
                                "actions": actions,
                                "expect": {"value": variant.rules.ladder[-1]}}),
                    encoding="utf-8")
    run = run_walkthrough(path)
    assert run.ok, [r.failures for r in run.results]
    return [s for s in run.root.steps if s.action.kind == RAISE]


def test_transcripts_of_the_doubling_ladder_never_misname_a_raise(tmp_path):
    steps = _raises_transcript(str(fixture("doubling-ladder")), tmp_path)
    assert [s.state.value for s in steps] == [2, 4, 8]
    assert all(s.call is None and s.gloss is None for s in steps)
    text = " ".join(" ".join(s.remarks) for s in steps)
    assert "raises the hand from 1 to 2" in text
    assert "envío" not in text and "nueve" not in text


def test_restated_words_are_glossed_with_the_value_they_reach(tmp_path, capsys):
    steps = _raises_transcript(str(fixture("calls-restated")), tmp_path)
    assert [(s.call, s.gloss) for s in steps] == [
        ("envío", "a raise to 2"), ("revío", "a raise to 4"), ("nueve", "a raise to 8")]
    status, _out, err = check(capsys, fixture("calls-restated"))
    assert status == 0
    assert ("rules.calls.raise[0]: the raise word 'envío' stands for the raise to 2 here, "
            "but the glossary glosses it \"I raise, the first raise, to 3\"") in err
    assert len(err.splitlines()) == 3


def test_modern_transcripts_keep_the_glossary_glosses(tmp_path):
    steps = _raises_transcript("modern", tmp_path)
    assert [(s.call, s.gloss) for s in steps] == [
        ("envío", "I raise, the first raise, to 3"),
        ("revío", "I raise again (read as the raise to 6)"),
        ("nueve", "nine (read as the raise to 9)"),
        ("el rentoy entero", "the whole rentoy (read as the raise for the whole game)")]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(2, 40), min_size=1, max_size=6, unique=True),
       st.booleans())
def test_no_ladder_makes_a_gloss_name_another_value(tmp_path_factory, steps, game):
    """Whatever ladder a file gives modern, a raise is never glossed with another value."""
    ladder = [1] + sorted(steps) + (["game"] if game else [])
    folder = tmp_path_factory.mktemp("ladder")
    path = folder / "mine.yaml"
    path.write_text(f"id: mine\nname: Mine\nextends: modern\nrules:\n  ladder: {ladder}\n"
                    .replace("'", ""), encoding="utf-8")
    variant = load_variant(path)
    for level, value in enumerate(variant.rules.ladder[1:], start=1):
        word = variant.rules.calls.for_raise(level)
        named = named_value(raise_gloss(word, value, variant.rules.target))
        assert named in (None, value) or (named == "game" and value == "game")
    for step in _raises_transcript(str(path), folder):
        named = named_value(step.gloss)
        assert named is None or named == step.state.value


def test_1737_with_the_5_de_bastos_on_top_is_told_of_the_stale_note(capsys):
    status, _out, err = check(capsys, fixture("five-de-bastos"))
    assert status == 0
    first = err.splitlines()[0]
    assert "five-de-bastos.yaml:7:3: rules.top_cards:" in first
    assert "`top_cards_are_trumps` (true; its note: \"No card stands above the trumps" in first
    assert "is inherited from 1737, written for `top_cards` []" in first
    assert "carried over from another set of top cards" in first
    assert "restate `top_cards_are_trumps`" in first
    v = load_variant(fixture("five-de-bastos"))
    assert v.carried_over["top_cards_are_trumps"].label == \
        "carried over from another set of top cards"


# ---------------------------------------------------------------------------------------
# Each dependency broken, and the message it gets

BROKEN = {
    "default-players": (6, "players", "`default_players` (4; its note:",
                        "carried over from other numbers of players"),
    "hand-size": (6, "hand_size", "`tricks` (3; its note:",
                  "carried over from another hand size"),
    "tricks-to-win": (9, "tricks_to_win", "`stop_when_decided` (true; its note:",
                      "carried over from another number of tricks to win"),
    "trump-order": (7, "trump_order", "`plain_order` ([12, 11, 10, 1, 7, 6, 5, 4, 3, 2]",
                    "carried over from another trump order"),
    "target": (6, "target", "`ladder` ([1, 3, 6, 9, 12]; its note:",
               "carried over from another target"),
    "raise-right": (6, "raise_right", "the raise words of `calls`, envío (to 3), revío "
                    "(to 6), nueve (to 9), el rentoy entero (the whole game), are inherited "
                    "from modern",
                    "carried over from another raise right"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_each_dependency_broken_gets_a_warning(name, capsys):
    line, rule, what, label = BROKEN[name]
    status, _out, err = check(capsys, fixture(name))
    assert status == 0
    found = [w for w in err.splitlines() if f"{name}.yaml:{line}:3: rules.{rule}:" in w]
    assert found, err
    assert what in found[0] and label in found[0]
    assert found[0].startswith("rentoy: warning: ")


def test_tricks_to_win_left_from_three_tricks_is_an_error(capsys):
    status, _out, err = check(capsys, fixture("five-tricks"))
    assert status == 2
    assert ("rules.tricks_to_win: 2 of 5 tricks is not a majority (`tricks_to_win` is "
            "inherited from 1737) (use 3)") in err


def test_a_call_list_longer_than_the_ladder_cannot_be_played(capsys):
    status, _out, err = check(capsys, fixture("calls-too-many"))
    assert status == 2
    assert ("calls-too-many.yaml:7:3: rules.calls.raise: `calls` has 4 raise words (envío, "
            "revío, nueve, el rentoy entero) for the ladder [1, 2, 4, 8], which has 3 raises: "
            "more words than steps") in err
    with pytest.raises(VariantError):
        load_variant(fixture("calls-too-many"))


def test_a_call_list_shorter_than_the_ladder_cannot_be_played(tmp_path):
    path = tmp_path / "short.yaml"
    path.write_text("id: short\nname: Short\nextends: modern\nrules:\n"
                    "  calls: {value: {raise: [envío, revío]}}\n", encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert "fewer words than steps" in str(info.value)
    assert "short.yaml:5:3: rules.calls.raise:" in str(info.value)


def test_a_ladder_below_both_targets_is_not_carried_over(tmp_path):
    # modern's [1, 3, 6, 9, game] means the same in a game to 12 and to 30; 1737's
    # [1, 3, 6, 9, 12] does not (its 12 is the whole game only in a game to 12).
    path = tmp_path / "mine.yaml"
    for parent, carried in (("modern", False), ("1737", True)):
        path.write_text(f'id: mine\nname: Mine\nextends: "{parent}"\nrules:\n  target: 30\n',
                        encoding="utf-8")
        assert ("ladder" in load_variant(path).carried_over) is carried, parent
    # A file with a ladder of its own below every target inherits modern's lengths of a
    # game as options, without a warning.
    path.write_text('id: mine\nname: Mine\nextends: modern\nrules:\n  ladder: [1, 2, 4, 8]\n'
                    '  calls: {value: {raise: [dos, cuatro, ocho]}, status: assumed, '
                    'note: Mine.}\n', encoding="utf-8")
    v = load_variant(path)
    assert v.warnings == () and v.with_options("target-30").rules.target == 30


def test_restating_the_dependent_rule_clears_the_warning(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text('id: mine\nname: Mine\nextends: "1737"\nrules:\n  top_cards: ["5b"]\n'
                    "  top_cards_are_trumps: {status: assumed, note: The 5b is a trump.}\n"
                    "options:\n  borrego: null\n", encoding="utf-8")
    v = load_variant(path)
    assert v.warnings == () and dict(v.carried_over) == {}


# ---------------------------------------------------------------------------------------
# Options against the file's own rules

def test_inherited_options_that_repeat_or_undo_the_files_rules(capsys):
    status, _out, err = check(capsys, fixture("borrego-always"))
    assert status == 0
    lines = err.splitlines()
    assert len(lines) == 3
    assert ("borrego-always.yaml:7:3: rules.top_cards: the option `borrego` inherited from "
            "1737 sets `top_cards` to [4T], as this file already does, so "
            "borrego-always+borrego would change nothing (withdraw it with `borrego: null` "
            "under `options`)") in lines[0]
    assert ("borrego-always.yaml:9:3: rules.ladder: the option `values-1-3-6-12` inherited "
            "from 1737 would replace this file's `ladder` ([1, 3, 6, 9, 12, 15]) with "
            "[1, 3, 6, 12]") in err
    assert ("borrego-always.yaml:9:3: rules.ladder: the option `truque` inherited "
            "from 1737 would replace this file's `ladder` ([1, 3, 6, 9, 12, 15]) with "
            "[1, 3, 6, 9, game]") in err


def test_withdrawn_options_leave_no_warning(capsys):
    status, out, err = check(capsys, fixture("borrego-withdrawn"))
    assert (status, err) == (0, "")
    assert "warning" not in out


def test_an_own_option_that_changes_the_ladder_under_inherited_calls(capsys):
    status, _out, err = check(capsys, fixture("option-ladder"))
    assert status == 0
    assert ("option-ladder.yaml:6:3: options.short.rules: the option `short` changes "
            "`ladder` to [1, 3, 6], so the raise words of `calls`") in err
    assert "(set `calls` in the option too)" in err
    under = load_variant(f"{fixture('option-ladder')}+short")
    assert under.rules.calls.raise_ == ()
    assert under.carried_over["calls"].changed == ("ladder",)


def test_an_own_option_that_cannot_be_played_with_the_files_calls(capsys):
    status, _out, err = check(capsys, fixture("option-calls"))
    assert status == 2
    assert ("option-calls.yaml:10:3: options.short.rules: `calls` has 4 raise words (uno, "
            "dos, tres, cuatro) for the ladder [1, 3, 6], which has 2 raises") in err


def test_an_inherited_option_that_changes_the_ladder_under_the_files_calls(capsys):
    status, _out, err = check(capsys, fixture("inherited-option-calls"))
    assert status == 0
    assert ("inherited-option-calls.yaml:7:3: rules.calls: the option `values-1-3-6-12` "
            "inherited from 1737 changes `ladder` to [1, 3, 6, 12]") in err
    assert "(withdraw it with `values-1-3-6-12: null` under `options`)" in err
    # Juego fuera at 12 of 12 is the whole game: its gloss fits.
    assert "juego fuera' stands for" not in err


def test_an_options_own_file_writes_its_rules_for_it():
    """1737 states top_cards_are_trumps with its borrego in view: not carried over."""
    assert dict(load_variant("1737+borrego").carried_over) == {}
    assert dict(load_variant("1598+borrego").carried_over) == {}


def test_rules_lists_inherited_options_and_carried_over_rules(capsys):
    assert main(["rules", str(fixture("five-de-bastos"))]) == 0
    out = " ".join(capsys.readouterr().out.split())     # notes wrap to the terminal
    assert ("Not restated: top_cards_are_trumps is carried over from another set of top "
            "cards (stated in 1737 for top_cards none).") in out
    assert ("Inherited: borrego, como-al-hombre, dos-de-todos-palos, truque, juego-fuera, "
            "values-1-3-6-12 "
            "from 1737 (a file withdraws one with `<option>: null` under `options`).") in out
    assert main(["rules", str(fixture("five-de-bastos")), "-f", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    stale = {r["rule"]: r["carried_over"] for r in data["rules"] if r["carried_over"]}
    assert list(stale) == ["top_cards_are_trumps"]
    assert {o["id"]: o["defined_in"] for o in data["options"]}["borrego"] == "1737"


def test_check_json_lists_warnings(capsys):
    assert main(["check", str(fixture("doubling-ladder")), "-f", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (result,) = data["results"]
    assert data["ok"] and result["ok"] and result["problems"] == []
    (warning,) = result["warnings"]
    assert (warning["line"], warning["path"]) == (7, "rules.ladder")
    assert warning["hint"].startswith("restate `calls` with 3 raise words")


# ---------------------------------------------------------------------------------------
# The built-in variants

@pytest.mark.parametrize("vid", builtin_ids())
def test_builtin_variants_and_their_options_are_clean(vid):
    variant = load_variant(vid)
    assert variant.warnings == ()
    assert dict(variant.carried_over) == {}
    for option in variant.options:
        assert dict(variant.with_options(option).carried_over) == {}, option


def test_check_on_every_builtin_prints_no_warning(capsys):
    paths = [str(ROOT / "variants" / f"{vid}.yaml") for vid in builtin_ids()]
    assert main(["check", *paths]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert not re.search("warning", out)


# ---------------------------------------------------------------------------------------
# The site

def test_the_site_marks_carried_over_rules(tmp_path):
    from test_docs_extension import build, make_site

    text = fixture("doubling-ladder").read_text(encoding="utf-8")
    docs = make_site(tmp_path, "# Doubling\n\n```{rentoy-example-variant} doubling.yaml\n```\n\n"
                               "```{rentoy-ladder} doubling.yaml\n```\n\n"
                               "```{rentoy-bibliography}\n```\n",
                     {"doubling.yaml": text})
    result = build(docs)
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "out" / "html" / "index.html").read_text(encoding="utf-8")
    assert 'class="rentoy-carried-over">Carried over from another ladder: not restated.' in html
    assert html.count("(carried over from another ladder)") == 3     # one per raise
    assert "envío</em>" not in html


# ---------------------------------------------------------------------------------------
# A second reading: carried over, computed from the variant that states each rule

CHOICES = {
    "ladder": [[1, 2, 4, 8], [1, 3, 6, 9, "game"], [1, 3, 6, 9, 12]],
    "top_cards": [[], ["5b"], ["4T"]],
    "target": [12, 24],
    "raise_right": ["acceptor", "any"],
    "trump_order": [[2, 12, 11, 10, 1, 7, 6, 5, 4, 3], [3, 2, 12, 11, 10, 1, 7, 6, 5, 4]],
    "players": [[2, 4, 6, 8], [4, 6]],
}


def _ladder_below(name, rule, ladder, was, now):
    """A ladder whose every step is below both targets (or the whole game) says the same
    under either."""
    return name == "ladder" and rule == "target" and all(
        step == "game" or step < min(was, now) for step in ladder)


@settings(max_examples=60, deadline=None)
@given(parent=st.sampled_from(["1737", "avila", "modern", "galicia", "huetor"]),
       changes=st.dictionaries(st.sampled_from(sorted(CHOICES)), st.integers(0, 2)),
       restated=st.sets(st.sampled_from(sorted(dependencies()))))
def test_carried_over_agrees_with_a_direct_reading(tmp_path_factory, parent, changes,
                                                   restated):
    """For each dependent rule the file does not restate: carried over exactly when a rule
    it depends on differs from its value in the variant whose file states it (a ladder
    from a target only when one of its steps reaches the lower of the two)."""
    lines = [f'id: mine\nname: Mine\nextends: "{parent}"\nrules:']
    for rule, pick in changes.items():
        value = CHOICES[rule][pick % len(CHOICES[rule])]
        lines.append(f"  {rule}: {json.dumps(value)}")
    for rule in restated - set(changes):
        lines.append(f"  {rule}: {{status: assumed, note: restated}}")
    path = tmp_path_factory.mktemp("second") / "mine.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    try:
        variant = load_variant(path)
    except VariantError:
        return       # a combination that cannot be played (a ladder under its raise words)
    expected = set()
    for name, dep in dependencies().items():
        stated_in = variant.provenance[name].defined_in
        if stated_in in (None, "mine") or not dep.applies(variant.values[name]):
            continue
        source = load_variant(stated_in)
        if any(variant.values[r] != source.values[r]
               and not _ladder_below(name, r, variant.values[name], source.values[r],
                                     variant.values[r]) for r in dep.on):
            expected.add(name)
    assert set(variant.carried_over) == expected
    stale_warned = {w.message for w in variant.warnings if "carried over from" in w.message
                    and not w.message.startswith("the option")}
    assert len(stale_warned) == len(expected)
