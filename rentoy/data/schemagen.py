"""The JSON Schema of variant files and the typed rules, generated from the rule table.

Two files are made from :data:`rentoy.model.ruletable.RULES` and checked in:
``variants/schema.json`` (what loading validates against, and what editors read) and
``rentoy/model/ruleset.py`` (the typed :class:`~rentoy.model.ruleset.Rules`). A test fails when
either differs from what this module generates; after changing the table, write both
again::

    python -m rentoy.schemagen            # write the two files
    python -m rentoy.schemagen --check    # exit 1 if either is out of date

>>> schema = variant_schema()
>>> schema["properties"]["rules"]["properties"]["arrastre"]["title"]
'Duty when a trump is led (arrastre)'
>>> schema["x-required-rules"][:3]
['players', 'default_players', 'hand_size']
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..core.files import write_atomic
from ..core.i18n import N_
from ..model.ruletable import RULES, required
from .sources import KIND_ALIASES, KIND_MEANINGS, KINDS

__all__ = ["variant_schema", "schema_text", "ruleset_text", "main"]

_HERE = Path(__file__).resolve().parent.parent     # the package's folder


def _thaw(value: Any) -> Any:
    """Frozen table data as plain JSON values."""
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


_EVIDENCE: dict[str, Any] = {
    "status": {"$ref": "#/$defs/status"},
    "source": {"$ref": "#/$defs/sourceRef"},
    "note": {"type": "string"},
    "alternatives": {"type": "array", "items": {"type": "string"},
                     "description": N_("Ids of options that give the other readings.")},
    "not_modelled": {"type": "boolean",
                     "description": N_("The note says which reading of a disputed rule "
                                       "the engine cannot play, and why.")},
}


def _rule_schema(name: str) -> dict[str, Any]:
    """One rule's entry: its three forms (bare, with provenance, evidence alone)."""
    row = RULES[name]
    bare = _thaw(row.schema)
    entry: dict[str, Any] = {"title": row.title, "description": row.description}
    if row.depends_on:
        entry["x-depends-on"] = list(row.depends_on)
    if row.dependent_part:
        entry["x-dependent-part"] = row.dependent_part
    entry["anyOf"] = [
        bare,
        {"type": "object", "required": ["value"], "additionalProperties": False,
         "properties": {"value": bare, **_EVIDENCE}},
        {"type": "object", "required": ["status"], "additionalProperties": False,
         "properties": dict(_EVIDENCE),
         "description": N_("New evidence for the inherited value (only with `extends`).")},
    ]
    if row.has_default:
        entry["default"] = _thaw(row.default)
    return entry


def _kinds_description() -> str:
    said = "; ".join(f"{kind}: {KIND_MEANINGS[kind]}" for kind in KINDS)
    old = ", ".join(f"{alias} ({KINDS[kind]})" for alias, kind in KIND_ALIASES.items())
    return f"What the text is. {said}. Older names still read: {old}."


def _source_entry() -> dict[str, Any]:
    def text(description: str) -> dict[str, Any]:
        return {"type": ["string", "null"], "description": description}

    return {
        "type": "object", "required": ["title", "kind", "year"], "additionalProperties": False,
        "properties": {
            "title": {"type": "string",
                      "description": N_("The title of the work, or of the entry in it.")},
            "author": text(N_("Who wrote it; `anonymous` for an anonymous work.")),
            "year": {"type": ["string", "integer", "null"],
                     "description": N_("Its date; `null` when not known (say why under "
                                       "`not_known`).")},
            "edition": text(N_("The edition, copy or transcription read (not for a page or "
                               "program that changes: its revision stands for it).")),
            "pages": {"type": ["string", "integer", "null"],
                      "description": N_("The pages cited.")},
            "section": text(N_("The section, chapter or entry cited, where pages do not "
                               "apply.")),
            "extent": text(N_("The length of the whole work.")),
            "place": text(N_("Where it was published, or the journal.")),
            "identifier": text(N_("An ISBN, a library shelfmark, a catalogue number.")),
            "url": text(N_("Where it can be read.")),
            "accessed": text(N_("When it was read at `url` (YYYY-MM-DD).")),
            "revision": text(N_("The commit or revision read, for a text that changes.")),
            "archived": text(N_("The address of an archived copy, for a text that "
                                "changes.")),
            "kind": {"enum": [*KINDS, *KIND_ALIASES], "description": _kinds_description()},
            "subject": {"enum": ["rentoy", "related"],
                        "description": N_("rentoy (default): the text speaks of rentoy; "
                                          "related: only of another game or of card words "
                                          "in general, cited for a rule or a link of the "
                                          "family.")},
            "unsourced": {"type": "boolean",
                          "description": N_("A second-hand account that names no source of "
                                            "its own: a rule attested by it alone is shown "
                                            "as uncorroborated.")},
            "general": {"type": "array", "items": {"type": "string"},
                        "description": N_("The rules of `states` the source states only in "
                                          "a general sentence, such as a dictionary's "
                                          "definition of the game: secondary evidence, "
                                          "which cannot attest a variant's rule.")},
            "states": {"type": "object",
                       "description": N_("The rules the source states outright, each with "
                                         "the value it states (as a variant file writes "
                                         "it), or {one_of: [...]} when it describes "
                                         "several forms.")},
            "not_known": {"type": "object", "additionalProperties": {"type": "string"},
                          "description": N_("For each field of the apparatus that could "
                                            "not be established, why (`rentoy sources "
                                            "--check` asks for every field or its "
                                            "reason).")},
            "note": text(N_("What the source says, and how much of it was read.")),
        }}


_ID_PATTERN = "^[A-Za-z0-9][A-Za-z0-9_.-]*$"


def variant_schema() -> dict[str, Any]:
    """The JSON Schema of a variant file, as a JSON-able dict."""
    rules = {name: _rule_schema(name) for name in RULES}
    bare_rules = {name: _thaw(row.schema) for name, row in RULES.items()}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Rentoy variant",
        "description": N_("A variant of Rentoy: its rules, each with its provenance, and "
                          "named options."),
        "type": "object",
        "required": ["id", "name"],
        "additionalProperties": False,
        "properties": {
            "id": {"type": ["string", "integer"], "pattern": _ID_PATTERN,
                   "description": N_("What users type to select the variant; a built-in "
                                     "file is named after it.")},
            "name": {"type": "string", "description": N_("A human-readable name.")},
            "extends": {"type": ["string", "integer", "null"],
                        "description": N_("The id of the parent variant, or a path to its "
                                          "file (relative to this file).")},
            "period": {"type": ["string", "integer", "null"],
                       "description": N_("When the variant was played or described.")},
            "region": {"type": ["string", "null"],
                       "description": N_("Where it was played.")},
            "sources": {"type": "array", "items": {"type": "string"},
                        "description": N_("Ids of the sources (in variants/sources.yaml) "
                                          "the variant rests on.")},
            "description": {"type": "string",
                            "description": N_("A paragraph or more of prose (Markdown) "
                                              "about the variant.")},
            "rules": {"type": "object", "additionalProperties": False,
                      "description": N_("The rules; a variant that extends another states "
                                        "only what differs."),
                      "properties": rules},
            "options": {
                "type": "object",
                "description": N_("Named agreed or disputed alternatives; `name: null` "
                                  "withdraws one inherited from the parent."),
                "propertyNames": {"pattern": "^[a-z0-9][a-z0-9-]*$"},
                "additionalProperties": {"anyOf": [
                    {"$ref": "#/$defs/option"},
                    {"type": "null",
                     "description": N_("`null` withdraws an option inherited from the "
                                       "parent variant.")}]}},
            "bibliography": {
                "type": "object",
                "description": N_("Sources of the variant's own, in the form of the "
                                  "entries of variants/sources.yaml, to cite beside those: "
                                  "a house's rules, a local account, a source not yet in "
                                  "the bibliography. A file that extends this one may cite "
                                  "them too."),
                "propertyNames": {"pattern": _ID_PATTERN},
                "additionalProperties": {"$ref": "#/$defs/sourceEntry"}},
        },
        "$defs": {
            "sourceEntry": _source_entry(),
            "status": {"enum": ["attested", "inferred", "assumed", "disputed"],
                       "description": N_("attested: a source states it; inferred: "
                                         "reconstructed from related evidence; assumed: an "
                                         "editorial default, no evidence; disputed: "
                                         "sources disagree.")},
            "sourceRef": {"anyOf": [{"type": "string"},
                                    {"type": "array", "items": {"type": "string"},
                                     "minItems": 1}],
                          "description": N_("One source id, or a list of them, from "
                                            "variants/sources.yaml.")},
            "cardSpec": {"type": "string",
                         "pattern": "^\\s*([0-9]{1,2}|[AaSsCcRr])[OoCcEeBbTt]\\s*$",
                         "description": N_("A card code such as `5b`, `Rc`, or a "
                                           "trump-relative code such as `2T`.")},
            "rankOrder": {"type": "array", "minItems": 10, "maxItems": 10, "uniqueItems": True,
                          "items": {"enum": [1, 2, 3, 4, 5, 6, 7, 10, 11, 12]},
                          "description": N_("All ten ranks, highest first.")},
            "option": {
                "type": "object", "required": ["rules", "status"],
                "additionalProperties": False,
                "properties": {
                    "name": {"type": "string", "description": N_("A human-readable name.")},
                    "rules": {"type": "object", "additionalProperties": False,
                              "minProperties": 1,
                              "description": N_("The rules the option changes (bare "
                                                "values)."),
                              "properties": bare_rules},
                    **_EVIDENCE,
                }},
        },
        "x-required-rules": list(required()),
    }


def schema_text() -> str:
    """``variants/schema.json`` as it should read."""
    return json.dumps(variant_schema(), indent=2, ensure_ascii=False) + "\n"


_RULESET_HEAD = '''\
"""A variant's rule values, typed: :class:`Rules` and the words of :class:`Calls`.

Generated from the rule table (:mod:`rentoy.model.ruletable`) by ``python -m
rentoy.schemagen``; do not edit by hand. One field per rule, in the table's order, named
as variant files write it. ``top_cards`` holds parsed cards and ``calls`` a
:class:`Calls`; every other value is as written, lists made tuples.

>>> from rentoy.variants import load_variant
>>> rules = load_variant("1737").rules
>>> rules.ladder, rules.target, rules.games_needed
((1, 3, 6, 9, 12), 12, 1)
"""

from __future__ import annotations

from .cards import Card, TrumpRelative
from ..core.frozen import Frozen

__all__ = ["Rules", "Calls"]


class Calls(Frozen):
    """The words players say (rule ``calls``): one per raise step, accept, fold, turn-up,
    and the call for the whole game (*juego fuera*) where the variant has one."""

    raise_: tuple[str, ...] = ()
    accept: str | None = None
    fold: str | None = None
    turn_up: str | None = None
    game: str | None = None

    def for_raise(self, level: int) -> str | None:
        """The call for a raise to ladder step ``level`` (1 = the first raise): words are
        matched to steps by position. None when no word is recorded for the step, or the
        words were carried over from another ladder (they are then left out here)."""
        return self.raise_[level - 1] if 0 < level <= len(self.raise_) else None


class Rules(Frozen):
    """The rule values of one variant, as the engine reads them."""

'''

_RULESET_TAIL = '''
    @property
    def games_needed(self) -> int:
        """The games that win a match: more than half of ``match``."""
        return self.match // 2 + 1
'''


def ruleset_text() -> str:
    """``rentoy/ruleset.py`` as it should read."""
    fields = "".join(f"    {name}: {row.python}\n" for name, row in RULES.items())
    return _RULESET_HEAD + fields + _RULESET_TAIL


def _targets() -> list[tuple[Path, str]]:
    root = _HERE.parent
    return [(root / "variants" / "schema.json", schema_text()),
            (_HERE / "model" / "ruleset.py", ruleset_text())]


def main(argv: list[str] | None = None) -> int:
    """Write the generated files, or with ``--check`` say which are out of date."""
    args = sys.argv[1:] if argv is None else argv
    check = "--check" in args
    stale = []
    for path, text in _targets():
        try:
            now = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            now = None
        if now == text:
            continue
        stale.append(path)
        if not check:
            write_atomic(path, text)
            print(f"wrote {path}")
    if check and stale:
        for path in stale:
            print(f"{path} is out of date: run python -m rentoy.schemagen", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
