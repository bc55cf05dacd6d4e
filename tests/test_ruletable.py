"""The rule table states every rule once; the schema and the typed rules are made from it."""

from __future__ import annotations

from rentoy import frozen
import json
from pathlib import Path

import pytest

from rentoy import schemagen
from rentoy.ruleset import Rules
from rentoy.ruletable import (RULE_NAMES, RULES, SECTION_TITLES, SECTIONS, defaults,
                              depends_on, required, rules_in)
from rentoy.variants import load_variant, schema_path

ROOT = Path(__file__).resolve().parent.parent


def test_the_checked_in_schema_is_the_generated_one() -> None:
    assert schema_path().read_text(encoding="utf-8") == schemagen.schema_text(), \
        "variants/schema.json is out of date: run python -m rentoy.schemagen"


def test_the_typed_rules_are_the_generated_ones() -> None:
    assert (ROOT / "rentoy" / "model" / "ruleset.py").read_text(encoding="utf-8") == \
        schemagen.ruleset_text(), "rentoy/model/ruleset.py is out of date: run python -m rentoy.schemagen"
    assert list(frozen.fields(Rules)) == list(RULE_NAMES)


def test_the_check_command_says_whether_the_files_are_current(capsys) -> None:
    assert schemagen.main(["--check"]) == 0


def test_every_rule_has_a_readers_name_a_section_and_a_phrase_for_each_value() -> None:
    assert set(SECTIONS) == set(SECTION_TITLES)
    assert sorted(r.name for s in SECTIONS for r in rules_in(s)) == sorted(RULE_NAMES)
    for name, row in RULES.items():
        assert row.title and row.title != name and row.description, name
        assert row.section in SECTIONS, name
        for value in row.values:
            key = "true" if value is True else "false" if value is False else str(value)
            assert key in row.phrases, (name, value)


def test_the_schema_carries_the_tables_names_defaults_and_dependencies() -> None:
    schema = json.loads(schema_path().read_text(encoding="utf-8"))
    rules = schema["properties"]["rules"]["properties"]
    assert list(rules) == list(RULE_NAMES)
    assert schema["x-required-rules"] == list(required())
    for name, entry in rules.items():
        assert entry["title"] == RULES[name].title
        assert entry.get("default", "none") == (
            dict(defaults()[name]) if name == "calls" else defaults().get(name, "none"))
        assert tuple(entry.get("x-depends-on", ())) == depends_on().get(name, ((), None))[0]


def test_phrases_put_values_in_words() -> None:
    assert RULES["ladder"].phrase([1, 3, 6, 9, 12]) == "worth 1, 3, 6, 9 and 12, one step per raise"
    assert RULES["ladder"].phrase([1, 3, 6, "game"]).endswith("6 and the whole game, one step "
                                                               "per raise")
    assert RULES["follow_suit"].phrase(False).startswith("no duty")
    assert RULES["match"].phrase(1) == "a single game"
    assert RULES["match"].phrase(5) == "the best of 5 games"


def test_bounds_come_from_the_table() -> None:
    from rentoy import limits

    assert RULES["players"].minimum == 2
    assert RULES["players"].maximum == limits.MAX_PLAYERS == 38
    assert RULES["hand_size"].maximum == limits.MAX_HAND_SIZE == 19
    assert RULES["target"].maximum == limits.MAX_TARGET


@pytest.mark.parametrize("name", RULE_NAMES)
def test_every_rule_is_read_by_every_builtin_variant(name: str) -> None:
    assert name in load_variant("1737").values
