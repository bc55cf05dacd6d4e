"""Safe YAML with positions: where keys and values stand, and every way a file fails."""

from __future__ import annotations

import pytest

from rentoy.errors import InputError, Location, Problem
from rentoy.yamlfile import MAX_DEPTH, file_stamp, load_document, parse_document

TEXT = """\
id: x
rules:
  arrastre: follow
  ladder:
    - 1
    - 3
  players: {value: [2, 4], status: attested}
"""


def only_problem(excinfo):
    problems = excinfo.value.problems
    assert len(problems) == 1
    return problems[0]


def test_data_and_positions():
    doc = parse_document(TEXT, "v.yaml")
    assert doc.data["rules"]["ladder"] == [1, 3]
    assert doc.location(("rules", "arrastre")) == Location("v.yaml", 3, 13)
    assert doc.location(("rules", "arrastre"), key=True) == Location("v.yaml", 3, 3)
    assert doc.location(("rules", "ladder", 1)) == Location("v.yaml", 6, 7)
    assert doc.location(("rules", "players", "value", 1)).line == 7


def test_an_unknown_path_falls_back_to_its_nearest_parent():
    doc = parse_document(TEXT, "v.yaml")
    assert doc.location(("rules", "nothing", "here")) == doc.location(("rules",))
    assert doc.location(("nothing",)) == Location("v.yaml", 1, 1)


def test_problem_carries_location_path_and_hint():
    doc = parse_document(TEXT, "v.yaml")
    problem = doc.problem(("rules", "arrastre"), "bad", "try this", key=True)
    assert str(problem) == "v.yaml:3:3: rules.arrastre: bad (try this)"
    assert problem.key_path == "rules.arrastre"
    assert doc.problem(("rules", "ladder", 0), "x").key_path == "rules.ladder[0]"


def test_an_empty_document_is_none():
    assert parse_document("", "e.yaml").data is None
    assert parse_document("# only a comment\n", "e.yaml").data is None


def test_duplicate_keys_are_refused_at_the_second():
    with pytest.raises(InputError) as info:
        parse_document("a: 1\nrules:\n  tricks: 3\n  tricks: 5\n", "d.yaml")
    problem = only_problem(info)
    assert problem.location == Location("d.yaml", 4, 3)
    assert problem.path == ("rules", "tricks")
    assert "duplicate key `tricks`" in problem.message


@pytest.mark.parametrize("text, line", [
    ("a: [1, 2\nb: 3\n", 2),                  # an unclosed list
    ("a: 1\n b: 2\n", 2),                     # bad indentation
    ("a: 'open\n", 2),                        # an unclosed quote
    ("a: 1\n---\nb: 2\n", 2),                 # two documents
    ("a: *nothing\n", 1),                     # an undefined alias
])
def test_broken_yaml_names_the_line(text, line):
    with pytest.raises(InputError) as info:
        parse_document(text, "b.yaml")
    problem = only_problem(info)
    assert problem.location.file == "b.yaml" and problem.location.line == line
    assert problem.message.startswith("this is not valid YAML")


@pytest.mark.parametrize("text, message", [
    ("a: !!int abc\n", "cannot read this value as !!int"),
    ("a: !!float x\n", "cannot read this value as !!float"),
    ("a: !!timestamp 2020-99-99\n", "cannot read this value as !!timestamp"),
    ("? [1, 2]\n: x\n", "a mapping key must be a plain value"),
    ("{a: 1}: x\n", "a mapping key must be a plain value"),
])
def test_values_that_cannot_be_built(text, message):
    with pytest.raises(InputError, match=message) as info:
        parse_document(text, "t.yaml")
    assert only_problem(info).location.line == 1


def test_a_control_character_is_located():
    with pytest.raises(InputError, match="U\\+0007 is not allowed") as info:
        parse_document("a: 1\nb: x\x07y\n", "c.yaml")
    assert only_problem(info).location == Location("c.yaml", 2, 5)


def test_deep_nesting_is_refused_not_a_crash():
    deep = "a: " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n"
    with pytest.raises(InputError, match="nested too deeply"):
        parse_document(deep, "n.yaml")
    very_deep = "[" * 5000 + "]" * 5000
    with pytest.raises(InputError, match="nested too deeply") as info:
        parse_document(very_deep, "n.yaml")
    assert only_problem(info).location.line == 1


def test_a_self_referring_alias_is_refused():
    with pytest.raises(InputError, match="alias may refer to itself"):
        parse_document("a: &x [*x]\n", "s.yaml")


def test_an_alias_bomb_is_refused():
    lines = ["a0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    for i in range(1, 7):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    with pytest.raises(InputError, match="expands to too many values"):
        parse_document("\n".join(lines) + "\n", "bomb.yaml")


def test_aliases_and_merge_keys_work():
    doc = parse_document("base: &b {x: 1, y: 2}\nchild: &c\n  <<: *b\n  y: 3\nagain: *c\n",
                         "m.yaml")
    assert doc.data["child"] == doc.data["again"] == {"x": 1, "y": 3}


def test_load_document_reads_files(tmp_path):
    path = tmp_path / "v.yaml"
    path.write_text(TEXT, encoding="utf-8")
    doc = load_document(path)
    assert doc.file == str(path) and doc.data["id"] == "x"


def test_a_missing_file(tmp_path):
    with pytest.raises(InputError, match="no such file") as info:
        load_document(tmp_path / "absent.yaml")
    assert only_problem(info).location.file == str(tmp_path / "absent.yaml")


def test_a_directory(tmp_path):
    with pytest.raises(InputError, match="this is a directory, not a YAML file"):
        load_document(tmp_path)


def test_a_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("id: x\nname: Ávila\n".encode("latin-1"))
    with pytest.raises(InputError, match="not UTF-8") as info:
        load_document(path)
    assert only_problem(info).location.line == 2


def test_a_name_with_a_nul_byte():
    with pytest.raises(InputError, match="not a usable file name"):
        load_document("bad\x00name.yaml")


def test_file_stamp_changes_with_the_file_and_is_minus_one_when_it_is_gone(tmp_path):
    import os

    path = tmp_path / "v.yaml"
    assert file_stamp(path) == -1
    path.write_text("id: x\n", encoding="utf-8")
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    assert file_stamp(path) == file_stamp(str(path)) == 1_000_000_000
    os.utime(path, ns=(2_000_000_000, 2_000_000_000))
    assert file_stamp(path) == 2_000_000_000


def test_a_problem_reads_as_its_location_then_its_detail():
    located = Problem("unknown key `arastre`", Location("v.yaml", 3, 3),
                      ("rules", "arastre"), "did you mean `arrastre`?")
    assert located.detail == "rules.arastre: unknown key `arastre` (did you mean `arrastre`?)"
    assert str(located) == "v.yaml:3:3: " + located.detail
    bare = Problem("no such variant")
    assert bare.detail == str(bare) == "no such variant"
    indexed = Problem("bad", Location("v.yaml"), ("sources", 2))
    assert indexed.detail == "sources[2]: bad" and str(indexed) == "v.yaml: sources[2]: bad"
