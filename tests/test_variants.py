"""Variants as data: loading, inheritance and provenance, options, the built-ins."""

from __future__ import annotations

from rentoy import frozen
import json
import textwrap
from pathlib import Path

import pytest

from rentoy.cards import TrumpRelative, parse_card
from rentoy.errors import VariantError
from rentoy.sources import KINDS, builtin_dir, load_sources
from rentoy.provenance import STATUSES
from rentoy.ruleset import Rules
from rentoy.ruletable import RULE_NAMES, rule_description
from rentoy.variant import Variant, is_game_step
from rentoy.variants import (builtin_ids, builtin_variants, check_variant_file,
    load_variant, schema_path)
from rentoy.yamlfile import load_document

from variant_texts import ROOT_RULES

# A complete variant without a parent: one rule with its provenance, and an option.
ROOT = ("id: root\nname: A complete variant\nrules:\n"
        + ROOT_RULES.replace("arrastre: follow", "arrastre: {value: follow, status: attested, "
                                                 "source: source-es, note: the duty}")
        + "options:\n  short:\n    rules: {target: 6}\n    status: assumed\n"
          "    note: a shorter game\n")


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def line_of(path: Path, needle: str) -> int:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


def problems_of(spec, **kw):
    with pytest.raises(VariantError) as info:
        load_variant(spec, **kw)
    return info.value.problems


# ---------------------------------------------------------------------------------------
# Built-ins

def test_builtin_ids_are_the_variant_files():
    ids = builtin_ids()
    assert {"1598", "1704", "1737", "avila"} <= set(ids)
    assert "sources" not in ids and "glossary" not in ids
    files = {p.stem for p in builtin_dir().glob("*.yaml")} - {"sources", "glossary",
                                                              "quotations", "family",
                                                              "remarks"}
    assert set(ids) == files


@pytest.mark.parametrize("vid", builtin_ids())
def test_every_builtin_loads_with_full_provenance(vid):
    variant = load_variant(vid)
    assert variant.id == vid and variant.builtin and variant.path.name == f"{vid}.yaml"
    assert tuple(variant.values) == RULE_NAMES
    for rule in variant.iter_rules():
        assert rule.status in STATUSES
        if rule.status in ("attested", "inferred"):
            assert rule.provenance.source, (vid, rule.name)
    assert sum(variant.status_counts().values()) == len(RULE_NAMES)
    for option in variant.options:
        assert variant.with_options(option).id == f"{vid}+{option}"


def test_builtin_variants_are_sorted_oldest_first():
    ids = [v.id for v in builtin_variants()]
    assert ids.index("1598") < ids.index("1704") < ids.index("1737")


def test_the_1737_reading():
    rules = load_variant("1737").rules
    assert rules.players == (2, 4, 6, 8) and rules.default_players == 4
    assert rules.hand_size == 3 and rules.tricks == 3 and rules.tricks_to_win == 2
    assert rules.trump_order == (2, 12, 11, 10, 1, 7, 6, 5, 4, 3)
    assert rules.plain_order == (12, 11, 10, 1, 7, 6, 5, 4, 3, 2)
    assert rules.arrastre == "follow" and rules.follow_suit is False
    assert rules.ladder == (1, 3, 6, 9, 12) and rules.raise_right == "acceptor"
    assert rules.target == 12 and rules.top_cards == ()


def test_rules_dataclass_fields_are_the_schema_rule_properties():
    schema = json.loads(schema_path().read_text(encoding="utf-8"))
    properties = list(schema["properties"]["rules"]["properties"])
    assert list(frozen.fields(Rules)) == properties == list(RULE_NAMES)
    assert set(schema["x-required-rules"]) <= set(properties)
    option_rules = schema["$defs"]["option"]["properties"]["rules"]["properties"]
    assert list(option_rules) == properties
    for name in RULE_NAMES:
        assert rule_description(name)


def _source_ids(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    return list(value or ())


def test_every_source_cited_exists_in_the_bibliography():
    known = set(load_sources())
    cited: dict[str, set[str]] = {}
    for path in sorted(builtin_dir().glob("*.yaml")):
        if path.name == "sources.yaml":
            continue
        data = load_document(path).data
        found: set[str] = set()
        if path.name in ("glossary.yaml", "quotations.yaml"):
            for entry in data.values():
                found.update(_source_ids(entry.get("source")))
        elif path.name == "family.yaml":
            for entry in [*data["games"].values(), *data["links"], *data["claims"]]:
                found.update(_source_ids(entry.get("source")))
        else:
            found.update(data.get("sources") or ())
            for entry in (data.get("rules") or {}).values():
                if isinstance(entry, dict) and ("value" in entry or "status" in entry):
                    found.update(_source_ids(entry.get("source")))
            for option in (data.get("options") or {}).values():
                if option is not None:   # `name: null` withdraws an inherited option
                    found.update(_source_ids(option.get("source")))
        cited[path.name] = found
    missing = {name: sorted(ids - known) for name, ids in cited.items() if ids - known}
    assert not missing, f"sources cited but not in variants/sources.yaml: {missing}"
    for source in load_sources().values():
        assert source.citation() and source.kind in KINDS


def test_unknown_builtin_id_suggests_the_nearest():
    (problem,) = problems_of("1738")
    assert "unknown variant '1738'" in problem.message
    assert problem.hint == "did you mean `1737`?"


def test_loading_twice_gives_the_same_object():
    assert load_variant("1737") is load_variant("1737")
    assert load_variant(1737) is load_variant("1737")
    assert load_variant(load_variant("avila")) is load_variant("avila")


# ---------------------------------------------------------------------------------------
# Inheritance and provenance

def test_a_root_variant_states_every_rule(tmp_path):
    path = write(tmp_path, "root.yaml", ROOT)
    variant = load_variant(str(path))
    assert variant.id == "root" and not variant.builtin and variant.extends is None
    assert variant.path == path.resolve() and variant.files == (path.resolve(),)
    prov = variant.provenance["arrastre"]
    assert (prov.status, prov.source, prov.note, prov.defined_in) == (
        "attested", ("source-es",), "the duty", "root")
    assert prov.location.line == line_of(path, "arrastre:")
    bare = variant.provenance["tricks"]
    assert bare.status == "assumed" and bare.defined_in == "root"
    # Rules with a schema default may be left out; they are marked as defaults.
    default = variant.provenance["stop_when_decided"]
    assert variant.rules.stop_when_decided is True and default.is_default
    assert default.status == "assumed"


def test_inherited_rules_keep_their_provenance():
    variant = load_variant("avila")
    parent = load_variant("1737")
    assert variant.extends == "1737" and variant.lineage == ("avila", "1737")
    assert variant.provenance["arrastre"].defined_in == "avila"
    # Carried over: the parent's evidence, shown as the parent's, and assumed here.
    target, there = variant.provenance["target"], parent.provenance["target"]
    assert (target.value if hasattr(target, "value") else None) is None
    assert (target.source, target.note, target.defined_in) == (there.source, there.note, "1737")
    assert target.carried and target.stated_status == there.status
    players = variant.provenance["players"]
    assert parent.provenance["players"].status == "attested"
    assert players.status == "assumed" and players.stated_status == "attested"
    assert variant.files == (variant.path, parent.path)
    # Ávila withdraws the options that answer questions about the old texts.
    assert set(parent.options) - set(variant.options) == set(parent.options)


def test_the_provenance_only_form_restates_the_evidence_for_an_inherited_value():
    variant, parent = load_variant("1598"), load_variant("1737")
    assert variant.rules == parent.rules
    players = variant.provenance["players"]
    assert players.status == "assumed" and players.defined_in == "1598"
    assert not players.carried and "Wikipedia" in (players.note or "")
    tied = load_variant("huetor").provenance["deck"]     # the same form, with a source
    assert tied.status == "attested" and tied.defined_in == "huetor"
    assert tied.source == ("huetor-2017",)


def test_inheritance_at_any_depth_by_path_and_by_id(tmp_path):
    write(tmp_path, "a.yaml", 'id: a\nname: A\nextends: "avila"\nrules:\n  target: 9\n'
                              'options:\n  borrego: {rules: {top_cards: [4T]}, status: assumed}\n')
    write(tmp_path, "b.yaml", "id: b\nname: B\nextends: a.yaml\nrules:\n"
                              "  tricks_to_win: {status: disputed, source: source-es, "
                              "note: Two or three.}\n")
    sub = tmp_path / "sub"
    sub.mkdir()
    write(sub, "c.yaml", "id: c\nname: C\nextends: ../b.yaml\nrules:\n  hand_size: 4\n")
    variant = load_variant(str(sub / "c.yaml"))
    assert variant.lineage == ("c", "b", "a", "avila", "1737")
    assert len(variant.files) == 5
    rules = variant.rules
    assert (rules.hand_size, rules.target, rules.arrastre, rules.ladder) == (
        4, 9, "overtrump", (1, 3, 6, 9, 12))
    defined = {name: variant.provenance[name].defined_in
               for name in ("hand_size", "tricks_to_win", "target", "arrastre", "ladder")}
    assert defined == {"hand_size": "c", "tricks_to_win": "b", "target": "a",
                       "arrastre": "avila", "ladder": "1737"}
    # Disputed in b, carried into c: assumed there, disputed where it is stated.
    assert variant.provenance["tricks_to_win"].status == "assumed"
    assert variant.provenance["tricks_to_win"].stated_status == "disputed"
    assert variant.rules.tricks_to_win == 2
    # The same file found relative to a folder, and with an option.
    assert load_variant("sub/c.yaml", relative_to=tmp_path).id == "c"
    assert load_variant(str(sub / "c.yaml") + "+borrego").id == "c+borrego"


def test_a_file_id_need_not_match_its_name(tmp_path):
    path = write(tmp_path, "whatever.yaml", 'id: mine\nname: Mine\nextends: "1737"\n')
    assert load_variant(str(path)).id == "mine"


def test_a_changed_file_is_loaded_again(tmp_path):
    path = write(tmp_path, "v.yaml", 'id: v\nname: V\nextends: "1737"\nrules:\n  target: 9\n')
    first = load_variant(str(path))
    assert load_variant(str(path)) is first
    path.write_text('id: v\nname: V\nextends: "1737"\nrules:\n  target: 15\n',
                    encoding="utf-8")
    import os
    os.utime(path, ns=(first.path.stat().st_mtime_ns + 10**9,) * 2)
    assert load_variant(str(path)).rules.target == 15


@pytest.mark.parametrize("files", [
    {"a.yaml": "extends: a.yaml"},
    {"a.yaml": "extends: b.yaml", "b.yaml": "extends: a.yaml"},
    {"a.yaml": "extends: b.yaml", "b.yaml": "extends: c.yaml", "c.yaml": "extends: a.yaml"},
])
def test_extends_cycles_are_detected(tmp_path, files):
    for name, extends in files.items():
        write(tmp_path, name, f"id: {Path(name).stem}\nname: x\n{extends}\n")
    problems = problems_of(str(tmp_path / "a.yaml"))
    assert "`extends` forms a cycle" in problems[0].message
    assert problems[0].location.file.endswith("a.yaml") and problems[0].location.line == 3
    assert problems[0].path == ("extends",)


def test_a_missing_parent_is_reported_at_extends(tmp_path):
    path = write(tmp_path, "v.yaml", "id: v\nname: V\nextends: nothere.yaml\n")
    (problem,) = problems_of(str(path))
    assert problem.location.line == 3 and problem.path == ("extends",)
    assert "cannot load the parent variant 'nothere.yaml'" in problem.message
    path = write(tmp_path, "w.yaml", "id: w\nname: W\nextends: '1783'\n")
    (problem,) = problems_of(str(path))
    assert "unknown variant '1783'" in problem.message and problem.hint == "did you mean `1737`?"


def test_a_broken_parent_is_reported_in_both_files(tmp_path):
    parent = write(tmp_path, "p.yaml", 'id: p\nname: P\nextends: "1737"\nrules:\n'
                                       "  tricks_to_win: 1\n  target: 0\n")
    write(tmp_path, "c.yaml", "id: c\nname: C\nextends: p.yaml\n")
    problems = problems_of(str(tmp_path / "c.yaml"))
    assert problems[0].location.file.endswith("c.yaml") and problems[0].path == ("extends",)
    assert "cannot load the parent variant 'p.yaml': 0 is too small" in problems[0].message
    (inner,) = problems[1:]
    assert inner.location.file.endswith("p.yaml") and inner.path == ("rules", "target")
    assert inner.location.line == line_of(parent, "target:")


def test_an_inherited_rule_that_clashes_is_blamed_on_this_file(tmp_path):
    path = write(tmp_path, "v.yaml", 'id: v\nname: V\nextends: "1737"\nrules:\n'
                                     "  hand_size: 6\n")
    problems = problems_of(str(path))
    assert all(p.location.file.endswith("v.yaml") for p in problems)
    eight = [p for p in problems if "8 players with 6 cards each" in p.message]
    assert eight and "`players` is inherited from 1737" in eight[0].message
    assert eight[0].path == ("rules", "players")


# ---------------------------------------------------------------------------------------
# Options

def test_an_option_overrides_rules_with_its_own_provenance():
    variant = load_variant("1737+borrego")
    assert variant.id == "1737+borrego" and variant.base_id == "1737"
    assert variant.applied_options == ("borrego",)
    assert variant.rules.top_cards == (TrumpRelative(4),)
    assert variant.values["top_cards"] == ("4T",)
    prov = variant.provenance["top_cards"]
    assert prov.option == "borrego" and prov.status == "attested"
    assert prov.source == ("autoridades-1737",)
    assert variant.provenance["ladder"] == load_variant("1737").provenance["ladder"]


def test_options_stack_in_order():
    variant = load_variant("1737+borrego+como-al-hombre")
    assert variant.applied_options == ("borrego", "como-al-hombre")
    assert variant.rules.follow_suit is True and variant.rules.top_cards == (TrumpRelative(4),)
    assert load_variant("1737+borrego").with_options("como-al-hombre").id == variant.id
    assert load_variant("1598+values-1-3-6-12").rules.ladder == (1, 3, 6, 12)


def test_an_unknown_option_suggests_the_nearest():
    (problem,) = problems_of("1737+borego")
    assert "variant 1737 has no option `borego`" in problem.message
    assert "borrego, como-al-hombre" in problem.message
    assert problem.hint == "did you mean `borrego`?"


def test_an_option_given_twice():
    (problem,) = problems_of("1737+borrego+borrego")
    assert "option `borrego` is given twice" in problem.message


def test_an_option_that_breaks_the_rules_is_reported_at_its_location(tmp_path):
    path = write(tmp_path, "v.yaml", ROOT.replace("rules: {target: 6}",
                                                  "rules: {hand_size: 12, tricks: 1}"))
    problems = problems_of(str(path))
    assert {p.location.file for p in problems} == {str(path)} or all(
        p.location.file.endswith("v.yaml") for p in problems)
    line = line_of(path, "short:")
    assert all(p.location.line == line for p in problems)
    messages = " ".join(p.message for p in problems)
    assert "4 players with 12 cards each" in messages and "1 of 1 tricks" not in messages
    assert any(p.path[:2] == ("options", "short") for p in problems)


def test_options_are_memoised():
    assert load_variant("1737+borrego") is load_variant("1737").with_options("borrego")


def test_game_step_helper():
    assert is_game_step("game") and not is_game_step(12)


def test_check_variant_file_loads_one_file(tmp_path):
    path = write(tmp_path, "root.yaml", ROOT)
    variant = check_variant_file(path)
    assert isinstance(variant, Variant) and variant.id == "root"
    assert variant.with_options("short").rules.target == 6
    assert variant.rules.top_cards == () and parse_card("2o").rank == 2


def test_every_status_has_one_mark():
    from rentoy.provenance import STATUS_MARKS

    assert tuple(STATUS_MARKS) == STATUSES
    assert len(set(STATUS_MARKS.values())) == len(STATUSES)
    assert all(len(mark) == 1 for mark in STATUS_MARKS.values())


def test_schema_references_resolve_to_their_definitions():
    from rentoy.validation import load_schema, resolve_ref
    from rentoy.variants import schema_path

    schema = load_schema(str(schema_path()))
    assert resolve_ref({"$ref": "#/$defs/status"}, schema) is schema["$defs"]["status"]
    plain = {"type": "integer"}
    assert resolve_ref(plain, schema) is plain
    chained = {"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"type": "string"}}}
    assert resolve_ref({"$ref": "#/$defs/a"}, chained) == {"type": "string"}


def test_glossary_terms_compare_without_accents_or_call_marks():
    from rentoy.glossary import gloss, term_key

    assert term_key("¡Envidó!") == term_key(" envido ") == "envido"
    assert term_key("Revío") == "revio"
    assert gloss("¡Revio!") == gloss("revío") is not None
