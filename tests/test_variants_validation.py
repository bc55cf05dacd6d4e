"""Every way a variant file can be wrong, reported with its file, line and key path.

Each case writes a small variant file, loads it, and checks the one problem it must
produce: the message, the key path, the line (the line holding ``at``), and the hint.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass

import pytest

import rentoy.sources as sources_module
import rentoy.variants as variants_module
from rentoy.errors import InputError, VariantError
from rentoy.sources import builtin_dir
from rentoy.variants import builtin_ids, check_variant_file, load_variant

from variant_texts import ROOT_RULES


def root(*replacements: tuple[str, str], extra: str = "") -> str:
    """A complete variant without a parent, with some rule lines replaced."""
    rules = ROOT_RULES
    for old, new in replacements:
        assert old in rules, old
        rules = rules.replace(old, new)
    return "id: v\nname: V\nrules:\n" + rules + extra


def child(rules: str, extra: str = "") -> str:
    """A variant extending 1737 that states ``rules`` (indented YAML lines)."""
    return 'id: v\nname: V\nextends: "1737"\n' + extra + "rules:\n" + rules


@dataclass(frozen=True)
class Case:
    text: str
    message: str                     # a fragment of the problem's message
    path: tuple = ()                 # the key path the problem names
    at: str | None = None            # a fragment of the line it must point at
    hint: str | None = None          # a fragment of the hint


CASES: dict[str, Case] = {
    "misspelt rule": Case(child("  arrastr: overtrump\n"), "unknown key `arrastr`",
                          ("rules", "arrastr"), "arrastr:", "did you mean `arrastre`?"),
    "misspelt top-level key": Case('id: v\nname: V\nextend: "1737"\n', "unknown key `extend`",
                                   ("extend",), "extend:", "did you mean `extends`?"),
    "misspelt provenance key": Case(child("  arrastre: {value: none, stauts: assumed}\n"),
                                    "unknown key `stauts`", ("rules", "arrastre", "stauts"),
                                    "arrastre:", "did you mean `status`?"),
    "bad status": Case(child("  arrastre: {value: none, status: atested}\n"),
                       "'atested' is not allowed; use one of attested, inferred, assumed, "
                       "disputed", ("rules", "arrastre", "status"), "arrastre:",
                       "did you mean `attested`?"),
    "bad enum value": Case(child("  arrastre: overtrumps\n"), "overtrumps",
                           ("rules", "arrastre"), "arrastre:"),
    "wrong type": Case(child("  hand_size: three\n"), "'three' is not allowed here",
                       ("rules", "hand_size"), "hand_size:"),
    "unknown source in a rule": Case(
        child("  arrastre: {value: none, status: attested, source: source-se}\n"),
        "unknown source `source-se`", ("rules", "arrastre", "source"), "arrastre:",
        "did you mean `source-es`?"),
    "unknown source in the list": Case(
        'id: v\nname: V\nextends: "1737"\nsources: [autoridades-1737, autoridades-1738x]\n',
        "unknown source `autoridades-1738x`", ("sources", 1), "sources:",
        "did you mean `autoridades-1737`?"),
    "unknown source in an option": Case(
        child("  target: 9\n", "options:\n  mine:\n    rules: {target: 6}\n"
                               "    status: attested\n    source: [sorce-es]\n"),
        "unknown source `sorce-es`", ("options", "mine", "source"), "source: [sorce-es]",
        "did you mean `source-es`?"),
    "order repeats a rank": Case(child("  trump_order: [2, 2, 11, 10, 1, 7, 6, 5, 4, 3]\n"),
                                 "repeats an item", ("rules", "trump_order"), "trump_order:"),
    "order misses ranks": Case(child("  plain_order: [12, 11, 10]\n"),
                               "this list has 3 items; it needs at least 10",
                               ("rules", "plain_order"), "plain_order:"),
    "order has an 8": Case(child("  trump_order: [2, 12, 11, 10, 1, 7, 6, 5, 4, 8]\n"),
                           "8 is not allowed", ("rules", "trump_order", 9), "trump_order:"),
    "ladder not increasing": Case(root(("[1, 3, 6, 9, 12]", "[1, 3, 3, 9]")),
                                  "the ladder must strictly increase: [1, 3, 3, 9]",
                                  ("rules", "ladder"), "ladder:"),
    "game not last": Case(root(("[1, 3, 6, 9, 12]", "[1, game, 6]")),
                          "`game` may only be the last step", ("rules", "ladder"), "ladder:"),
    "game first": Case(root(("[1, 3, 6, 9, 12]", "[game]")),
                       "the first step is the hand's base value", ("rules", "ladder"),
                       "ladder:"),
    "ladder step misspelt": Case(child("  ladder: [1, 3, gmae]\n"), "'gmae' is not allowed",
                                 ("rules", "ladder", 2), "ladder:"),
    "ladder step zero": Case(child("  ladder: [0, 3]\n"), "0 is too small",
                             ("rules", "ladder", 0), "ladder:"),
    "not a majority": Case(root(("tricks_to_win: 2", "tricks_to_win: 1")),
                           "1 of 3 tricks is not a majority", ("rules", "tricks_to_win"),
                           "tricks_to_win:", "use 2"),
    "more than a majority": Case(root(("tricks_to_win: 2", "tricks_to_win: 3")),
                                 "more than a majority", ("rules", "tricks_to_win"),
                                 "tricks_to_win:", "use 2"),
    "even tricks": Case(root(("tricks: 3", "tricks: 2"), ("hand_size: 3", "hand_size: 3")),
                        "2 tricks can split evenly", ("rules", "tricks"), "tricks:",
                        "use an odd number"),
    "more tricks than cards": Case(root(("tricks: 3", "tricks: 5"), ("tricks_to_win: 2",
                                                                      "tricks_to_win: 3")),
                                   "a hand of 3 cards cannot play 5 tricks",
                                   ("rules", "tricks"), "tricks:"),
    "odd players": Case(root(("players: [2, 4]", "players: [3, 4]")),
                        "3 players cannot form two equal teams", ("rules", "players"),
                        "players:"),
    "deal does not fit": Case(root(("players: [2, 4]", "players: [4, 14]")),
                              "14 players with 3 cards each, plus the turned-up card, need "
                              "43 cards; the deck has 40", ("rules", "players"), "players:"),
    "default players not allowed": Case(root(("default_players: 4", "default_players: 6")),
                                        "6 is not one of the allowed player counts [2, 4]",
                                        ("rules", "default_players"), "default_players:"),
    "top card rank": Case(root(("top_cards: []", "top_cards: [8o]")),
                          "rank 8 is not in the Spanish 40-card deck", ("rules", "top_cards"),
                          "top_cards:"),
    "top card suit": Case(root(("top_cards: []", "top_cards: [2x]")),
                          "'2x' is not valid here", ("rules", "top_cards", 0), "top_cards:"),
    "top card twice": Case(root(("top_cards: []", "top_cards: [Rc, 12c]")),
                           "12c names 12c again", ("rules", "top_cards"), "top_cards:"),
    "duplicate key": Case(root(("target: 12", "target: 12\n  target: 9")),
                          "duplicate key `target`", ("rules", "target"), "target: 9"),
    "broken yaml": Case(root(("ladder: [1, 3, 6, 9, 12]", "ladder: [1, 3, 6, 9, 12")),
                        "this is not valid YAML", (), "raise_right:"),
    "a list, not a mapping": Case("- id: v\n- name: V\n", "a variant file is a mapping",
                                  (), "- id: v"),
    "a plain value": Case("just a sentence\n", "a variant file is a mapping", (), "just"),
    "an empty file": Case("# nothing here\n", "a variant file is a mapping", (), "nothing"),
    "missing name": Case('id: v\nextends: "1737"\n', "missing key `name`", (), "id: v"),
    "bad id": Case('id: "my variant"\nname: V\nextends: "1737"\n', "'my variant' is not valid",
                   ("id",), "id:"),
    "missing rules": Case(root(("  arrastre: follow\n", ""), ("  target: 12\n", "")),
                          "missing rules: arrastre, target", ("rules",), "rules:",
                          "a variant without `extends` states every rule"),
    "status without a parent": Case(root(("arrastre: follow", "arrastre: {status: assumed}")),
                                    "gives a status but no value", ("rules", "arrastre"),
                                    "arrastre:", "add `value:`"),
    "unknown alternative": Case(
        child("  arrastre: {value: none, status: disputed, alternatives: [borego]}\n"),
        "no option `borego` in this variant", ("rules", "arrastre", "alternatives"),
        "arrastre:", "did you mean `borrego`?"),
    "unknown rule in an option": Case(
        child("  target: 9\n", "options:\n  mine:\n    rules: {arastre: none}\n"
                               "    status: assumed\n"),
        "unknown key `arastre`", ("options", "mine", "rules", "arastre"), "rules: {arastre",
        "did you mean `arrastre`?"),
    "bad option name": Case(
        child("  target: 9\n", "options:\n  Mine_Option:\n    rules: {target: 6}\n"
                               "    status: assumed\n"),
        "the name 'Mine_Option' is not allowed", ("options", "Mine_Option"), "Mine_Option:"),
    "option without status": Case(
        child("  target: 9\n", "options:\n  mine:\n    rules: {target: 6}\n"),
        "missing key `status`", ("options", "mine"), "mine:"),
    "option breaks the rules": Case(
        child("  target: 9\n", "options:\n  mine:\n    rules: {tricks_to_win: 3}\n"
                               "    status: assumed\n"),
        "3 of 3 tricks is more than a majority", ("options", "mine", "rules",
                                                  "tricks_to_win"), "mine:", "use 2"),
}


def line_of(text: str, needle: str) -> int:
    for number, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} is not in the file")


@pytest.mark.parametrize("name", list(CASES))
def test_problem_is_located(name, tmp_path):
    case = CASES[name]
    path = tmp_path / "v.yaml"
    path.write_text(case.text, encoding="utf-8")
    with pytest.raises(VariantError) as info:
        check_variant_file(path)
    problems = [p for p in info.value.problems if case.message in p.message]
    assert problems, [str(p) for p in info.value.problems]
    problem = problems[0]
    assert problem.location.file == str(path)
    assert problem.location.line == line_of(case.text, case.at), str(problem)
    assert problem.location.column is not None
    assert problem.path == case.path
    if case.hint:
        assert problem.hint and case.hint in problem.hint
    # Printed as file:line:column: key.path: message (hint)
    text = str(problem)
    assert text.startswith(f"{path}:{problem.location.line}:")
    if case.path:
        assert f": {problem.key_path}: " in text
    # The same problem through load_variant, given the path.
    with pytest.raises(VariantError) as again:
        load_variant(str(path))
    assert [str(p) for p in again.value.problems] == [str(p) for p in info.value.problems]


def test_every_problem_of_a_file_is_reported_at_once(tmp_path):
    path = tmp_path / "v.yaml"
    path.write_text(child("  arrastr: none\n  tricks_to_win: {value: 2, status: sure}\n"
                          "  hand_size: -1\n"), encoding="utf-8")
    with pytest.raises(VariantError) as info:
        check_variant_file(path)
    problems = info.value.problems
    assert len(problems) == 3
    assert [p.location.line for p in problems] == [5, 6, 7]


def test_a_missing_file(tmp_path):
    with pytest.raises(InputError, match="no such file") as info:
        check_variant_file(tmp_path / "absent.yaml")
    assert info.value.problems[0].location.file == str(tmp_path / "absent.yaml")
    with pytest.raises(VariantError, match="no variant file"):
        load_variant(str(tmp_path / "absent.yaml"))


def test_a_directory(tmp_path):
    with pytest.raises(InputError, match="this is a directory, not a YAML file"):
        check_variant_file(tmp_path)
    with pytest.raises(VariantError, match="no variant file"):
        load_variant(str(tmp_path) + "/")


@pytest.mark.parametrize("spec", ["", "+", "1737+", "x" * 300, "~nosuchuser/v.yaml",
                                  "bad\x00name", "../../../etc"])
def test_odd_specs_are_variant_errors(spec):
    with pytest.raises(VariantError):
        load_variant(spec)


def test_a_builtin_file_must_be_named_after_its_id(tmp_path, monkeypatch):
    folder = tmp_path / "variants"
    folder.mkdir()
    for name in ("schema.json", "sources.yaml", "1737.yaml"):
        shutil.copy(builtin_dir() / name, folder / name)
    text = (builtin_dir() / "1737.yaml").read_text(encoding="utf-8")
    (folder / "1999.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(sources_module, "builtin_dir", lambda: folder)
    assert variants_module.builtin_dir() == folder
    assert builtin_ids() == ["1737", "1999"]
    with pytest.raises(VariantError) as info:
        load_variant("1999")
    (problem,) = info.value.problems
    assert "the built-in file 1999.yaml must have id '1999', not '1737'" in problem.message
    assert problem.path == ("id",) and problem.location.line == line_of(text, 'id: "1737"')
