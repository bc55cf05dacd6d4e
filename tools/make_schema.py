"""Writes variants/schema.json (run once by hand; the JSON file is the source of truth afterwards)."""
import json
from pathlib import Path

RULES = {
    "players": ({"type": "array", "items": {"type": "integer", "minimum": 2, "maximum": 40},
                 "minItems": 1, "uniqueItems": True},
                "The numbers of players the variant allows: even, in two teams seated alternately."),
    "default_players": ({"type": "integer", "minimum": 2},
                        "The number of players used when none is given; one of `players`."),
    "hand_size": ({"type": "integer", "minimum": 1, "maximum": 19},
                  "Cards dealt to each player before the trump card is turned up."),
    "top_cards": ({"type": "array", "items": {"$ref": "#/$defs/cardSpec"}, "uniqueItems": True},
                  "Cards ranked above every trump, highest first: a fixed card (`5b`) or a card of "
                  "the trump suit (`2T`)."),
    "top_cards_are_trumps": ({"type": "boolean", "default": True},
                             "Whether the top cards count as trumps: leading one is a trump lead "
                             "(an arrastre), and holding one satisfies the duty to play a trump."),
    "trump_order": ({"$ref": "#/$defs/rankOrder"}, "The ranks of the trump suit, highest first."),
    "plain_order": ({"$ref": "#/$defs/rankOrder"}, "The ranks of the other suits, highest first."),
    "arrastre": ({"enum": ["none", "follow", "overtrump"]},
                 "The duty when a trump is led: `none`; `follow`, play a trump if you hold one; "
                 "`overtrump`, play a trump higher than every card in the trick if you can, "
                 "otherwise any trump."),
    "follow_suit": ({"type": "boolean"},
                    "Whether a player must follow the led suit when able (as in ombre)."),
    "tricks": ({"type": "integer", "minimum": 1}, "Tricks in a hand when it is played out."),
    "tricks_to_win": ({"type": "integer", "minimum": 1},
                      "Tricks a team needs to win the hand; a majority of `tricks`."),
    "stop_when_decided": ({"type": "boolean", "default": True},
                          "Whether the hand stops as soon as a team has `tricks_to_win` tricks."),
    "ladder": ({"type": "array", "minItems": 1,
                "items": {"oneOf": [{"type": "integer", "minimum": 1}, {"const": "game"}]}},
               "The values a hand can take, from the base value up; each raise moves one step. "
               "The last step may be `game`: the winner of the hand wins the game."),
    "raise_right": ({"enum": ["acceptor", "any"]},
                    "Who may raise after a raise is accepted: `acceptor`, only the team that "
                    "accepted (like the owner of a doubling cube); `any`, either team."),
    "target": ({"type": "integer", "minimum": 1},
               "Points that win the game; a team with this many or more after a hand wins."),
    "calls": ({"type": "object", "additionalProperties": False,
               "properties": {
                   "raise": {"type": "array", "items": {"type": "string"},
                             "description": "What a player says for each raise, one per ladder step above the base."},
                   "accept": {"type": "string", "description": "What a player says to accept a raise."},
                   "fold": {"type": "string", "description": "What a player says to refuse a raise (irse)."},
                   "turn_up": {"type": "string", "description": "The name of the turned-up trump card (muestra, vira)."},
               },
               "default": {}},
              "The words players say, shown in transcripts: raises, acceptance, folding, the turned-up card."),
}
REQUIRED = [k for k, (s, _) in RULES.items() if "default" not in s]

provenance_props = {
    "status": {"$ref": "#/$defs/status"},
    "source": {"$ref": "#/$defs/sourceRef"},
    "note": {"type": "string"},
    "alternatives": {"type": "array", "items": {"type": "string"},
                     "description": "Ids of options that give the other readings."},
}


def rule_schema(value, doc):
    value = dict(value)
    default = value.pop("default", None)
    out = {"description": doc,
           "anyOf": [value,
                     {"type": "object", "required": ["value"], "additionalProperties": False,
                      "properties": {"value": value, **provenance_props}},
                     {"type": "object", "required": ["status"], "additionalProperties": False,
                      "properties": provenance_props,
                      "description": "New evidence for the inherited value (only with `extends`)."}]}
    if default is not None:
        out["default"] = default
    return out


schema = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",

    "title": "Rentoy variant",
    "description": "A variant of Rentoy: its rules, each with its provenance, and named options.",
    "type": "object",
    "required": ["id", "name"],
    "additionalProperties": False,
    "properties": {
        "id": {"type": ["string", "integer"], "pattern": "^[A-Za-z0-9][A-Za-z0-9_.-]*$",
               "description": "What users type to select the variant; a built-in file is named after it."},
        "name": {"type": "string", "description": "A human-readable name."},
        "extends": {"type": ["string", "integer", "null"],
                    "description": "The id of the parent variant, or a path to its file (relative to this file)."},
        "period": {"type": ["string", "integer", "null"], "description": "When the variant was played or described."},
        "region": {"type": ["string", "null"], "description": "Where it was played."},
        "sources": {"type": "array", "items": {"type": "string"},
                    "description": "Ids of the sources (in variants/sources.yaml) the variant rests on."},
        "description": {"type": "string", "description": "A paragraph or more of prose (Markdown) about the variant."},
        "rules": {"type": "object", "additionalProperties": False,
                  "description": "The rules; a variant that extends another states only what differs.",
                  "properties": {k: rule_schema(s, d) for k, (s, d) in RULES.items()}},
        "options": {"type": "object", "description": "Named agreed or disputed alternatives.",
                    "propertyNames": {"pattern": "^[a-z0-9][a-z0-9-]*$"},
                    "additionalProperties": {"$ref": "#/$defs/option"}},
    },
    "$defs": {
        "status": {"enum": ["attested", "inferred", "assumed", "disputed"],
                   "description": "attested: a source states it; inferred: reconstructed from related "
                                  "evidence; assumed: an editorial default, no evidence; disputed: "
                                  "sources disagree."},
        "sourceRef": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}, "minItems": 1}],
                      "description": "One source id, or a list of them, from variants/sources.yaml."},
        "cardSpec": {"type": "string", "pattern": "^\\s*([0-9]{1,2}|[AaSsCcRr])[OoCcEeBbTt]\\s*$",
                     "description": "A card code such as `5b`, `Rc`, or a trump-relative code such as `2T`."},
        "rankOrder": {"type": "array", "minItems": 10, "maxItems": 10, "uniqueItems": True,
                      "items": {"enum": [1, 2, 3, 4, 5, 6, 7, 10, 11, 12]},
                      "description": "All ten ranks, highest first."},
        "option": {"type": "object", "required": ["rules", "status"], "additionalProperties": False,
                   "properties": {
                       "name": {"type": "string", "description": "A human-readable name."},
                       "rules": {"type": "object", "additionalProperties": False, "minProperties": 1,
                                 "properties": {k: dict(s) for k, (s, d) in RULES.items()},
                                 "description": "The rules the option changes (bare values)."},
                       **provenance_props}},
    },
    "x-required-rules": REQUIRED,
}
for k, s in schema["$defs"]["option"]["properties"]["rules"]["properties"].items():
    s.pop("default", None)

Path(__file__).resolve().parent.parent.joinpath("variants", "schema.json").write_text(
    json.dumps(schema, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
