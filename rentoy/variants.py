"""Variants as data: YAML files -> validated, immutable :class:`Variant` objects.

A variant file states rules, each bare or with its provenance
(``{value, status, source, note}``); a variant that ``extends`` another states only
what differs, and inherited rules keep their provenance and the id of the variant
that states them. Named options (``1737+borrego``) are partial rule overrides with
their own provenance. Loading checks the file against ``variants/schema.json``, then
the rules against each other (a ladder that rises, a majority of tricks, a deal that
fits in 40 cards), and reports every problem with its file, line and key path.

>>> from rentoy.variants import load_variant
>>> v = load_variant("avila")
>>> v.rules.arrastre, v.provenance["arrastre"].defined_in
('overtrump', 'avila')
>>> v.provenance["target"].defined_in   # inherited from its parent
'1737'
>>> load_variant("1737+borrego").rules.top_cards
(TrumpRelative(rank=4),)
"""

from __future__ import annotations

import os
import re
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, make_dataclass, replace
from pathlib import Path
from types import MappingProxyType

from .cards import Card, CardError, TrumpRelative, parse_card, parse_card_spec
from . import dependencies as _deps
from .dependencies import CarriedOver
from .errors import InputError, Location, Problem, VariantError, suggest
from .limits import (LIMITS, MAX_EXTENDS_DEPTH, MAX_HAND_SIZE, MAX_LADDER_STEPS, MAX_MATCH,
                     MAX_PLAYERS, MAX_TARGET, MAX_TRICKS, over_limit, shown)
from . import sources as _sources
from .sources import Source, entries_problems, load_sources
from .validation import load_schema, schema_part, schema_problems
from .yamlfile import Document, file_stamp, load_document

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "STATUSES", "STATUS_MARKS", "RULE_NAMES", "Provenance", "Rule", "Calls", "Rules",
    "Option", "Variant",
    "load_variant", "load_variants", "builtin_ids", "builtin_variants", "schema_path", "rule_description",
    "rule_title", "is_game_step", "CARRIED_STATUS", "carry_over", "unbacked_attestations",
    "check_players", "check_solvable", "builtin_catalogue", "Catalogue", "HELP_WORDS",
    "COMMON_CALLS",
]

#: The provenance statuses, from strongest evidence to none.
STATUSES: tuple[str, ...] = ("attested", "inferred", "assumed", "disputed")
#: The strongest status a variant gives a rule it carries over from another variant
#: (its parent, or an option defined there) without restating the evidence: evidence
#: does not travel across periods and places, so `attested` there is `inferred` here.
#: `assumed` and `disputed` carry over as they are.
CARRIED_STATUS: dict[str, str] = {"attested": "inferred", "inferred": "inferred",
                                  "assumed": "assumed", "disputed": "disputed"}
#: A one-letter mark per status, for legends and compact cells.
STATUS_MARKS: dict[str, str] = {"attested": "A", "inferred": "I", "assumed": "?",
                                "disputed": "D"}
GAME = "game"
_RESERVED_FILES = {"sources.yaml", "glossary.yaml", "quotations.yaml", "family.yaml"}


def builtin_dir() -> Path:
    """The folder of the built-in variant files (looked up in :mod:`rentoy.sources` on
    every call, so pointing that module elsewhere points the variants there too)."""
    return _sources.builtin_dir()


def schema_path() -> Path:
    """The published JSON Schema of variant files."""
    return builtin_dir() / "schema.json"


def _schema() -> dict[str, Any]:
    return load_schema(str(schema_path()))


def _rule_schemas() -> dict[str, Any]:
    # Checked for its shape: a damaged schema is an error naming it, not a KeyError.
    return schema_part(str(schema_path()), "properties", "rules", "properties")


#: Every rule key, in the order the schema (and every table) lists them.
RULE_NAMES: tuple[str, ...] = tuple(_rule_schemas())


def rule_description(name: str) -> str:
    """The schema's one-paragraph description of a rule."""
    return _rule_schemas()[name].get("description", "")


def rule_title(name: str) -> str:
    """A rule's name as readers say it ("Order of the trumps"), from the schema's
    ``title``; the key itself when the schema gives none."""
    return _rule_schemas()[name].get("title", name)


def is_game_step(value: object) -> bool:
    """Whether a ladder value is the whole-game step."""
    return value == GAME


@dataclass(frozen=True)
class Provenance:
    """Where a rule comes from: its evidence status, sources and the variant stating it."""

    status: str
    source: tuple[str, ...] = ()
    note: str | None = None
    alternatives: tuple[str, ...] = ()
    defined_in: str | None = None   # the variant id whose file states the rule
    option: str | None = None       # the option that set it, when one did
    location: Location | None = field(default=None, compare=False, repr=False)
    #: The status the rule has in ``defined_in`` when this variant carries it over
    #: without evidence of its own (``status`` is then at most `inferred`); None when
    #: the variant states the rule itself.
    stated_status: str | None = None

    @property
    def is_default(self) -> bool:
        return self.defined_in is None

    @property
    def carried(self) -> bool:
        """Whether the rule is carried over from another variant, whose evidence it shows."""
        return self.stated_status is not None


def carry_over(prov: Provenance) -> Provenance:
    """``prov`` as seen from a variant that inherits it without restating it: the same
    value, sources and note, ``stated_status`` the status where it is stated, and
    ``status`` capped by :data:`CARRIED_STATUS`. Engine defaults stay as they are."""
    if prov.defined_in is None or prov.carried:
        return prov
    return replace(prov, status=CARRIED_STATUS[prov.status], stated_status=prov.status)


@dataclass(frozen=True)
class Rule:
    """One rule of a variant: its name, value and provenance."""

    name: str
    value: Any
    provenance: Provenance

    @property
    def status(self) -> str:
        return self.provenance.status


@dataclass(frozen=True)
class Calls:
    """The words players say (``calls`` rule): one per raise step, accept, fold, turn-up."""

    raise_: tuple[str, ...] = ()
    accept: str | None = None
    fold: str | None = None
    turn_up: str | None = None

    def for_raise(self, level: int) -> str | None:
        """The call for a raise to ladder step ``level`` (1 = the first raise): words are
        matched to steps by position. None when no word is recorded for the step, or the
        words were carried over from another ladder (they are then left out here)."""
        return self.raise_[level - 1] if 0 < level <= len(self.raise_) else None


class _RulesBase:
    """The rule values the engine reads, typed. Field names are the YAML keys.

    The class is made from the schema (``variants/schema.json``): one field per rule,
    in the schema's order, so a rule added there is a field here with nothing else to
    write. ``top_cards`` holds parsed cards and ``calls`` a :class:`Calls`; every
    other value is as written, lists made tuples.
    """

    __slots__ = ()

    @property
    def games_needed(self) -> int:
        """The games that win a match: more than half of ``match``."""
        return int(self.match) // 2 + 1

    if TYPE_CHECKING:
        def __init__(self, **values: Any) -> None: ...

        def __getattr__(self, name: str) -> Any: ...


_JSON_TYPES: dict[str, Any] = {"integer": int, "boolean": bool, "string": str,
                               "array": tuple, "object": Mapping}


def _rule_type(schema: Any) -> Any:
    """The Python type of a rule's value, from the first (bare) form in its schema."""
    forms = schema.get("anyOf") if isinstance(schema, dict) else None
    bare = forms[0] if isinstance(forms, list) and forms else schema
    if not isinstance(bare, dict):
        return object
    if "enum" in bare:
        return str
    if "$ref" in bare:
        return tuple
    kind = bare.get("type", "")
    return _JSON_TYPES.get(kind, object) if isinstance(kind, str) else object


def _make_rules() -> Any:
    # No base class (autodoc would show a private one): the namespace brings its property,
    # and its docstring (else one is made from the signature, at every start).
    try:
        return make_dataclass(
            "Rules", [(name, _rule_type(rule)) for name, rule in _rule_schemas().items()],
            namespace={"games_needed": _RulesBase.games_needed, "__doc__": _RulesBase.__doc__},
            frozen=True)
    except (TypeError, ValueError) as exc:     # a rule name that is not a field name
        raise VariantError(Problem(f"the rules of this schema cannot be read: "
                                   f"{str(exc)[:120]}", Location(str(schema_path())),
                                   hint="restore the file from the rentoy package")) from None


if TYPE_CHECKING:
    Rules = _RulesBase
else:
    Rules = _make_rules()
    Rules.__module__ = __name__
    Rules.__annotations__["calls"] = Calls
    Rules.__annotations__["top_cards"] = tuple[Card | TrumpRelative, ...]


@dataclass(frozen=True)
class Option:
    """A named alternative reading: a partial rules override with its own provenance."""

    id: str
    rules: Mapping[str, Any]
    provenance: Provenance
    name: str | None = None


@dataclass(frozen=True, eq=False)
class Variant:
    """A validated, immutable variant: rules, provenance, options and where it came from."""

    id: str
    name: str
    rules: Rules
    provenance: Mapping[str, Provenance]
    values: Mapping[str, Any]          # the rule values as written (for display and JSON)
    options: Mapping[str, Option] = field(default_factory=dict)
    applied_options: tuple[str, ...] = ()
    extends: str | None = None
    period: str | None = None
    region: str | None = None
    description: str = ""
    sources: tuple[str, ...] = ()
    path: Path | None = None
    files: tuple[Path, ...] = ()       # this file and every file it extends
    lineage: tuple[str, ...] = ()      # this id, its parent's, ... up to the root
    #: For each rule that depends on others (:mod:`rentoy.dependencies`), their values
    #: where the rule was stated.
    written_for: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: The inherited rules whose dependencies changed since: shown as carried over,
    #: and not used to name raises.
    carried_over: Mapping[str, CarriedOver] = field(default_factory=dict)
    #: What ``rentoy check`` warns about this file (it still loads and plays): rules it
    #: leaves carried over, inherited options against its own rules.
    #: ``check_variant_file`` adds raise words the glossary glosses for other values.
    warnings: tuple[Problem, ...] = ()
    builtin: bool = False
    #: Bibliography entries the file (or a file it extends) declares under `bibliography`.
    bibliography: Mapping[str, Source] = field(default_factory=dict)

    @property
    def base_id(self) -> str:
        """The id without options (``1737`` for ``1737+borrego``)."""
        return self.lineage[0] if self.lineage else self.id

    def rule(self, name: str) -> Rule:
        """One rule with its provenance."""
        if name not in self.values:
            raise KeyError(f"no rule {name!r}; rules are: {', '.join(RULE_NAMES)}")
        return Rule(name, self.values[name], self.provenance[name])

    def iter_rules(self) -> Iterator[Rule]:
        """Every rule, in schema order."""
        return (self.rule(name) for name in RULE_NAMES)

    def status_counts(self) -> dict[str, int]:
        """How many rules are attested, inferred, assumed and disputed."""
        counts = dict.fromkeys(STATUSES, 0)
        for name in RULE_NAMES:
            counts[self.provenance[name].status] += 1
        return counts

    def source(self, sid: str) -> Source | None:
        """A source this variant may cite: one of its own `bibliography` entries, or an
        entry of variants/sources.yaml; None when neither has it."""
        if sid in self.bibliography:
            return self.bibliography[sid]
        return load_sources().get(sid)

    def is_uncorroborated(self, name: str) -> bool:
        """Whether the rule is `attested` by one source alone, a second-hand account that
        names no source of its own (``unsourced`` in the bibliography)."""
        prov = self.provenance[name]
        if prov.status != "attested" or len(prov.source) != 1:
            return False
        src = self.source(prov.source[0])
        return src is not None and src.unsourced

    def with_options(self, *names: str) -> "Variant":
        """This variant with the named options applied, in order."""
        return _apply_options(self, names)

    def __repr__(self) -> str:
        return f"<Variant {self.id}: {self.name}>"

    def __reduce__(self):
        # Pickled as what loads it again (simulation workers), not as its mappings.
        if self.path is None:
            return super().__reduce__()
        spec = self.base_id if self.builtin else str(self.path)
        return (load_variant, ("+".join([spec, *self.applied_options]),))


# ---------------------------------------------------------------------------------------
# Values: normalising what a file writes, and checking rules against each other.

def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    return value


def _normalise(name: str, value: Any) -> Any:
    """The canonical written form of a schema-valid rule value."""
    if name == "top_cards":
        out = []
        for code in value:
            try:
                out.append(str(parse_card_spec(code)))
            except CardError:
                out.append(code)   # reported by rule_problems, with its location
        return tuple(out)
    return _freeze(value)


def _typed(values: Mapping[str, Any], carried: Mapping[str, CarriedOver] = MappingProxyType({})
           ) -> Rules:
    kwargs = dict(values)
    kwargs["top_cards"] = tuple(parse_card_spec(c) for c in values["top_cards"])
    calls = values["calls"]
    # Raise words carried over from another ladder would name the wrong steps.
    raises = () if "calls" in carried else tuple(calls.get("raise", ()))
    kwargs["calls"] = Calls(raises, calls.get("accept"), calls.get("fold"),
                            calls.get("turn_up"))
    return Rules(**kwargs)


#: What a person types at the table to see the legal actions (``rentoy play``).
HELP_WORDS: tuple[str, ...] = ("?", "help", "ayuda")
#: The calls every variant understands at the table, by kind: the English names and the
#: Spanish answers (a variant's own words for its calls come on top).
COMMON_CALLS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "raise": ("raise",), "accept": ("accept", "quiero"), "fold": ("fold", "no quiero")})

# Letters whose accent the table's reading drops, for the check below (the glossary's
# fold, imported only for other letters: it is not needed at every start).
_PLAIN = str.maketrans("áàâäéèêëíìîïóòôöúùûüñçÁÀÂÄÉÈÊËÍÌÎÏÓÒÔÖÚÙÛÜÑÇ",
                       "aaaaeeeeiiiioooouuuuncaaaaeeeeiiiioooouuuunc")


def _as_typed(word: str) -> str:
    """``word`` as the table compares typed text (``rentoy.glossary.term_key``: lower
    case, no accents, no ¡!¿? around it, spaces single)."""
    text = " ".join(word.split()).strip("¡!¿?.,;:").strip().lower().translate(_PLAIN)
    if not text.isascii():
        from .glossary import term_key

        text = term_key(" ".join(word.split()))
    return text


def _shadowed(key: str) -> str | None:
    """What typed text ``key`` (see :func:`_as_typed`) already means at the table, if
    anything but a call: a call word equal to it could not be told apart."""
    if not key:
        return "nothing (it is only punctuation)"
    if key in HELP_WORDS:
        return "the request for the legal actions"
    if key.isdigit():
        return "a card's position in the hand"
    code = key[5:].strip() if key.startswith("play ") else key
    try:
        parse_card(code)
    except CardError:
        return None
    return "a card"


def _call_word_problems(calls: Mapping[str, Any], bad: Callable[..., None]) -> None:
    """Each call word must read as that call at the table and as nothing else: not a
    card (``3c``), a position (``1``), ``?``, or another call."""
    taken = {_as_typed(w): kind for kind, words in COMMON_CALLS.items() for w in words}
    mine: dict[str, str] = {}
    for kind, words in (("raise", calls.get("raise") or ()), ("accept", [calls.get("accept")]),
                        ("fold", [calls.get("fold")])):
        for word in words:
            if not isinstance(word, str):
                continue
            key = _as_typed(word)
            means = ("the request for the legal actions" if " ".join(word.split())
                     in HELP_WORDS else _shadowed(key))
            if means is None and taken.get(key, kind) != kind:
                means = f"the call `{taken[key]}`, which every variant understands"
            if means is None and mine.get(key, kind) != kind:
                means = f"this variant's call `{mine[key]}`"
            if means is not None:
                bad("calls", f"the {kind} word {shown(word)} reads at the table as {means}",
                    "choose a word that is not a card, a number, ? or another call")
            mine.setdefault(key, kind)


def rule_problems(values: Mapping[str, Any],
                  where: Callable[[str], tuple[Location, tuple]]) -> list[Problem]:
    """Checks that need more than one rule, or more than the schema can say: among
    them the bounds of :mod:`rentoy.limits` on what sizes the work of a game (players,
    cards, tricks, the ladder, the target, the match), and call words that a person at
    the table could not type as calls."""
    problems: list[Problem] = []

    def bad(rule: str, message: str, hint: str | None = None) -> None:
        location, path = where(rule)
        problems.append(Problem(message, location, path, hint))

    def over(rule: str, value: Any, limit: str, what: str, hint: str) -> bool:
        """Report ``value`` of ``rule`` when it is over ``limit``; whether it is."""
        if isinstance(value, int) and not isinstance(value, bool) and value > LIMITS[limit][0]:
            bad(rule, over_limit(limit, what), hint)
            return True
        return False

    players, hand = values["players"], values["hand_size"]
    tricks, target, games = values["tricks"], values["target"], values["match"]
    for n in players:
        over("players", n, "MAX_PLAYERS", f"a table of {shown(n)} players",
             f"use at most {MAX_PLAYERS} players")
    over("hand_size", hand, "MAX_HAND_SIZE", f"a hand of {shown(hand)} cards",
         f"deal at most {MAX_HAND_SIZE} cards")
    over("tricks", tricks, "MAX_TRICKS", f"{shown(tricks)} tricks a hand",
         f"play at most {MAX_TRICKS} tricks")
    over("target", target, "MAX_TARGET", f"a game to {shown(target)} points",
         f"play games to at most {MAX_TARGET} points")
    over("match", games, "MAX_MATCH", f"a match of {shown(games)} games",
         f"play matches of at most {MAX_MATCH} games")
    if len(values["ladder"]) > MAX_LADDER_STEPS:
        bad("ladder", over_limit("MAX_LADDER_STEPS", f"the ladder has "
                                 f"{len(values['ladder']):,} steps"),
            f"give at most {MAX_LADDER_STEPS} steps")
    for step in values["ladder"]:
        if over("ladder", step, "MAX_TARGET", f"a ladder step of {shown(step)} points",
                f"no step need be worth more than the largest target, {MAX_TARGET}"):
            break
    if isinstance(values.get("calls"), Mapping):
        _call_word_problems(values["calls"], bad)

    seen_top: set[str] = set()
    for code in values["top_cards"]:
        try:
            canonical = str(parse_card_spec(code))
        except CardError as exc:
            bad("top_cards", str(exc))
            continue
        if canonical in seen_top:
            bad("top_cards", f"{code} names {canonical} again; each top card is listed once")
        seen_top.add(canonical)
    ladder = values["ladder"]
    for i, step in enumerate(ladder):
        if step == GAME and i != len(ladder) - 1:
            bad("ladder", "`game` may only be the last step of the ladder")
    numbers = [s for s in ladder if s != GAME]
    if any(b <= a for a, b in zip(numbers, numbers[1:])):
        bad("ladder", f"the ladder must strictly increase: {list(ladder)}")
    if ladder and ladder[0] == GAME:
        bad("ladder", "the first step is the hand's base value and must be a number")

    tricks, to_win, hand = values["tricks"], values["tricks_to_win"], values["hand_size"]
    majority = tricks // 2 + 1
    if tricks > hand:
        bad("tricks", f"a hand of {hand} cards cannot play {tricks} tricks")
    if tricks % 2 == 0:
        # No variant states how a level split (2-2) is settled, so it must not happen.
        bad("tricks", f"{tricks} tricks can split evenly between the teams and no rule "
                      "settles a tie", f"use an odd number, such as {tricks + 1}")
    if 2 * to_win <= tricks:
        bad("tricks_to_win", f"{to_win} of {tricks} tricks is not a majority",
            f"use {majority}")
    elif to_win > tricks:
        bad("tricks_to_win", f"a team cannot take {to_win} tricks when {tricks} are played",
            f"use {majority}")
    elif tricks % 2 and to_win != majority:
        bad("tricks_to_win", f"{to_win} of {tricks} tricks is more than a majority: a hand "
                             f"could end with neither team holding {to_win}",
            f"use {majority}")

    games = values["match"]
    if games % 2 == 0:
        # Best of an even number can end level, and no source says how that is settled.
        bad("match", f"a match of {games} games can end {games // 2}-{games // 2} and no rule "
                     "settles a tie", f"use an odd number, such as {games + 1}")

    players = values["players"]
    for n in players:
        if n % 2:
            bad("players", f"{n} players cannot form two equal teams; use an even number")
        elif n * hand + 1 > 40:
            bad("players", f"{n} players with {hand} cards each, plus the turned-up card, "
                           f"need {n * hand + 1} cards; the deck has 40")
    if values["default_players"] not in players:
        bad("default_players", f"{values['default_players']} is not one of the allowed "
                               f"player counts {list(players)}")
    return problems


def check_players(variant: "Variant", players: object) -> int:
    """``players`` when ``variant`` may be played by that many, else an
    :class:`~rentoy.errors.InputError` (the one check the engine makes before dealing:
    only an allowed count is sure to fit the 40-card deck)."""
    allowed = variant.rules.players
    if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
        raise InputError(Problem(f"variant {variant.id} is played by "
                                 f"{', '.join(map(str, allowed))} players, not {players!r}"))
    return players


def check_solvable(variant: "Variant", players: int | None = None) -> None:
    """Refuse, before any work starts, a variant the double-dummy solver cannot analyse
    (``rentoy solve``, ``rentoy compare --solve``): more tricks than
    :data:`~rentoy.limits.MAX_SOLVER_TRICKS`, or a table (``players``, else the
    variant's default) of more than :data:`~rentoy.limits.MAX_SOLVER_PLAYERS`. An
    :class:`~rentoy.errors.InputError` at the rule's line in the variant's file."""
    from .limits import MAX_SOLVER_PLAYERS, MAX_SOLVER_TRICKS

    def at(rule: str) -> Location:
        prov = variant.provenance.get(rule)
        found = prov.location if prov is not None else None
        return found if found is not None else Location(
            str(variant.path) if variant.path else None)

    tricks = variant.rules.tricks
    if tricks > MAX_SOLVER_TRICKS:
        raise VariantError(Problem(over_limit(
            "MAX_SOLVER_TRICKS", f"variant {variant.id} plays {tricks} tricks a hand, more "
            "than the double-dummy solver analyses"), at("tricks"), ("rules", "tricks"),
            "solve a variant of fewer tricks; simulate this one instead"))
    n = variant.rules.default_players if players is None else players
    if isinstance(n, int) and n > MAX_SOLVER_PLAYERS:
        rule = "default_players" if n == variant.rules.default_players else "players"
        raise VariantError(Problem(over_limit(
            "MAX_SOLVER_PLAYERS", f"variant {variant.id} at {n} players is a larger table "
            "than the double-dummy solver analyses"), at(rule), ("rules", rule),
            f"give --players {max(p for p in variant.rules.players if p <= MAX_SOLVER_PLAYERS)}"
            if any(p <= MAX_SOLVER_PLAYERS for p in variant.rules.players)
            else "simulate this variant instead"))


# ---------------------------------------------------------------------------------------
# Loading files.

def _provenance(entry: Any, defined_in: str, location: Location, inherited: Any
                ) -> tuple[Any, Provenance]:
    """Split a written rule into its value and provenance.

    Three forms: a bare value (status `assumed`), ``{value, status, source, note}``,
    and ``{status, source, note}`` alone, which restates the evidence for the value
    inherited from the parent (``inherited``; ``_MISSING`` when there is none).
    """
    if isinstance(entry, dict) and ("value" in entry or "status" in entry):
        source = entry.get("source") or ()
        value = entry["value"] if "value" in entry else inherited
        return value, Provenance(
            status=entry.get("status", "assumed"),
            source=(source,) if isinstance(source, str) else tuple(source),
            note=entry.get("note"), alternatives=tuple(entry.get("alternatives", ())),
            defined_in=defined_in, location=location)
    return entry, Provenance("assumed", (), "stated without provenance", (),
                             defined_in, location=location)


_MISSING = object()


def _default_rules() -> dict[str, Any]:
    return {name: schema["default"] for name, schema in _rule_schemas().items()
            if "default" in schema}


def _required_rules() -> list[str]:
    names = _schema().get("x-required-rules")
    return [n for n in names if isinstance(n, str)] if isinstance(names, list) else []


def builtin_ids() -> list[str]:
    """The ids of the built-in variants (their file names)."""
    # Listed plainly rather than globbed: asked for every variant loaded.
    try:
        names = os.listdir(builtin_dir())
    except OSError:             # no such folder: no built-in variants
        return []
    return sorted(name[:-len(".yaml")] for name in names if name.endswith(".yaml")
                  and name != ".yaml" and name not in _RESERVED_FILES)


def _catalogue_order(v: Variant) -> tuple:
    year = re.match(r"\d{4}", v.period or "")
    if year:
        return (0, int(year.group()), v.id)
    return (1, len(v.lineage), v.id)


def builtin_variants() -> list[Variant]:
    """Every built-in variant: the dated historical ones oldest first, then the modern
    ones, parents before the variants that extend them. Raises
    :class:`~rentoy.errors.VariantError` when one of them cannot be loaded (see
    :func:`builtin_catalogue` to go on without it)."""
    return sorted((load_variant(i) for i in builtin_ids()), key=_catalogue_order)


@dataclass(frozen=True)
class Catalogue:
    """The built-in variants that load, in :func:`builtin_variants` order, and the
    error of each one that does not, by id."""

    variants: tuple[Variant, ...]
    damaged: Mapping[str, VariantError]


def builtin_catalogue() -> Catalogue:
    """Every built-in variant loaded on its own: a damaged file (or one extending a
    damaged file) is set aside with its error, and the others are unaffected."""
    loaded: list[Variant] = []
    damaged: dict[str, VariantError] = {}
    for vid in builtin_ids():
        try:
            loaded.append(load_variant(vid))
        except VariantError as exc:
            damaged[vid] = exc
    return Catalogue(tuple(sorted(loaded, key=_catalogue_order)), MappingProxyType(damaged))


_cache: dict[str, tuple[tuple[tuple[str, int], ...], Variant]] = {}
_PARENT_FAILS = "cannot load the parent variant"


def _load_file(path: Path, stack: tuple[Path, ...] = ()) -> Variant:
    path = path.resolve()
    if path in stack:
        chain = " -> ".join(p.name for p in stack + (path,))
        raise VariantError(Problem(f"`extends` forms a cycle: {chain}", Location(str(path))))
    hit = _cache.get(str(path))
    if hit and all(file_stamp(p) == t for p, t in hit[0]):
        return hit[1]
    variant = _build(path, stack + (path,))
    # Loaded again once any of its files, or the bibliography it was checked against,
    # changes.
    watched = (*variant.files, builtin_dir() / "sources.yaml")
    _cache[str(path)] = (tuple((str(p), file_stamp(p)) for p in watched), variant)
    return variant


def _display(path: Path) -> str:
    """A path as users should read it: relative to the working folder when inside it."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _build(path: Path, stack: tuple[Path, ...]) -> Variant:
    try:
        doc = load_document(_display(path))
    except InputError as exc:           # unreadable or not YAML: still a bad variant file
        raise VariantError(exc.problems) from None
    data = doc.data
    if not isinstance(data, dict):
        raise VariantError(doc.problem((), "a variant file is a mapping with at least `id`, "
                                           "`name` and `rules`"))
    problems = schema_problems(doc, schema_path())
    if problems:
        raise VariantError(problems)

    vid = str(data["id"])
    is_builtin = path.parent == builtin_dir().resolve()
    if is_builtin and path.stem != vid:
        raise VariantError(doc.problem(("id",), f"the built-in file {path.name} must have "
                                                f"id {path.stem!r}, not {vid!r}"))

    parent: Variant | None = None
    if data.get("extends") not in (None, ""):
        if len(stack) >= MAX_EXTENDS_DEPTH:
            raise VariantError(doc.problem(("extends",), over_limit(
                "MAX_EXTENDS_DEPTH", f"this file is number {len(stack)} in a chain of "
                "variant files extending each other"),
                "extend a variant nearer the root of the chain", key=True))
        try:
            parent = _resolve(str(data["extends"]), path.parent, stack)
        except VariantError as exc:
            # Say so at this file's `extends`, and keep the parent's own located problems
            # (only the first and the last link of a long chain are worth reading).
            first = exc.problems[0]
            cause = first.message
            if cause.startswith(_PARENT_FAILS):     # say what fails, not every link
                cause = cause.split("': ", 1)[-1]
            raise VariantError([doc.problem(
                ("extends",), f"{_PARENT_FAILS} {str(data['extends'])!r}: {cause}",
                first.hint)]
                + [p for p in exc.problems if p.location.line is not None
                   and p.location.file != doc.file
                   and not p.message.startswith(_PARENT_FAILS)]) from None

    values: dict[str, Any] = dict(parent.values) if parent else {}
    # What the parent states is carried over: its evidence shown, its status capped.
    provenance: dict[str, Provenance] = (
        {name: carry_over(p) for name, p in parent.provenance.items()} if parent else {})
    for name, entry in (data.get("rules") or {}).items():
        value, prov = _provenance(entry, vid, doc.location(("rules", name), key=True),
                                  values.get(name, _MISSING))
        if value is _MISSING:
            raise VariantError(doc.problem(
                ("rules", name), f"`{name}` gives a status but no value, and there is no "
                "parent variant to inherit the value from", "add `value:`", key=True))
        values[name] = _normalise(name, value)
        provenance[name] = prov
    if parent is None:
        missing = [r for r in _required_rules() if r not in values]
        if missing:
            raise VariantError(doc.problem(
                ("rules",), f"missing rules: {', '.join(missing)}",
                "a variant without `extends` states every rule; or add `extends: \"1737\"` "
                "and state only what differs", key=True))
        for name, default in _default_rules().items():
            if name not in values:
                values[name] = _normalise(name, default)
                provenance[name] = Provenance(
                    "assumed", note="not stated by the variant; the engine's default")
    values = {name: values[name] for name in RULE_NAMES}

    def where(rule: str) -> tuple[Location, tuple]:
        prov = provenance[rule]
        if prov.defined_in == vid and prov.location is not None:
            return (prov.location, ("rules", rule))
        # An inherited rule clashes with one this file states: point at this file.
        return (doc.location(("rules",) if "rules" in data else ("extends",), key=True),
                ("rules", rule))

    problems = [_note_inherited(p, provenance, vid) for p in rule_problems(values, where)]
    written = dict(parent.written_for) if parent else {}
    written.update(_deps.written_for(values, [n for n in RULE_NAMES
                                              if provenance[n].defined_in == vid]))
    carried = _deps.carried_over(values, provenance, written)
    problems += _deps.call_problems(values, carried, where)

    options: dict[str, Option] = (
        {oid: replace(o, provenance=carry_over(o.provenance))
         for oid, o in parent.options.items()} if parent else {})
    for oid, entry in (data.get("options") or {}).items():
        loc = doc.location(("options", oid), key=True)
        if entry is None:   # `name: null` withdraws an option the parent offers
            if str(oid) in options:
                del options[str(oid)]
            else:
                problems.append(doc.problem(
                    ("options", oid), f"`{oid}: null` withdraws an inherited option, but "
                    f"the parent has no option `{oid}`", suggest(oid, options), key=True))
            continue
        source = entry.get("source") or ()
        options[str(oid)] = Option(
            id=str(oid), name=entry.get("name"),
            rules=MappingProxyType({k: _normalise(k, v) for k, v in entry["rules"].items()}),
            provenance=Provenance(
                status=entry["status"], source=(source,) if isinstance(source, str) else tuple(source),
                note=entry.get("note"), defined_in=vid, location=loc))

    # An inherited rule may name as alternatives options this file withdrew.
    for name, prov in list(provenance.items()):
        kept = tuple(a for a in prov.alternatives if a in options)
        if kept != prov.alternatives and prov.defined_in != vid:
            provenance[name] = replace(prov, alternatives=kept)
    bibliography: dict[str, Source] = dict(parent.bibliography) if parent else {}
    if data.get("bibliography") is not None:
        own, found = entries_problems(doc, data["bibliography"], ("bibliography",),
                                      defined_in=vid)
        problems += found
        builtin_sources = load_sources()
        for sid in own:
            if sid in builtin_sources:
                problems.append(doc.problem(
                    ("bibliography", sid), f"`{sid}` is already an entry of "
                    "variants/sources.yaml; cite it as it is, or give yours another id",
                    key=True))
        bibliography.update(own)
    problems += _source_problems(doc, data, provenance, options, vid, bibliography)
    for name, prov in provenance.items():
        for alt in prov.alternatives:
            if prov.defined_in == vid and alt not in options:
                problems.append(doc.problem(("rules", name, "alternatives"),
                                            f"no option `{alt}` in this variant",
                                            suggest(alt, options)))
    if problems:
        raise VariantError(problems)

    lineage = (vid,) + (parent.lineage if parent else ())
    variant = Variant(
        id=vid, name=data["name"], rules=_typed(values, carried),
        provenance=MappingProxyType(provenance), values=MappingProxyType(values),
        options=MappingProxyType(options), extends=str(data["extends"]) if parent else None,
        period=None if data.get("period") is None else str(data["period"]),
        region=data.get("region"), description=(data.get("description") or "").strip(),
        sources=tuple(data.get("sources") or ()), path=path,
        written_for=MappingProxyType(written), carried_over=MappingProxyType(carried),
        files=(path,) + (parent.files if parent else ()), lineage=lineage,
        builtin=is_builtin, bibliography=MappingProxyType(bibliography))
    # Every option, its own or inherited, must give a playable variant.
    for oid, option in options.items():
        try:
            _apply_options(variant, (oid,))
        except VariantError as exc:
            if option.provenance.defined_in == vid:
                problems += exc.problems
            else:
                problems += [doc.problem(
                    ("extends",), f"the option `{oid}` inherited from "
                    f"{option.provenance.defined_in} does not fit this variant: {p.message}",
                    p.hint, key=True) for p in exc.problems]
    if problems:
        raise VariantError(problems)
    return replace(variant, warnings=_warnings(doc, data, variant, parent))


def _warnings(doc: Document, data: dict, variant: Variant, parent: Variant | None
              ) -> tuple[Problem, ...]:
    """What ``rentoy check`` says of a valid file: rules it leaves carried over and
    inherited options against its own rules."""
    vid = variant.id

    def locate(rule: str) -> tuple[Location, tuple]:
        prov = variant.provenance[rule]
        if prov.defined_in == vid and prov.location is not None:
            return (prov.location, ("rules", rule))
        return (doc.location(("extends",), key=True), ("extends",))

    out = _deps.stale_warnings(variant.carried_over, variant.values, variant.provenance,
                               vid, locate)
    out += _deps.option_warnings(variant.options, variant.values,
                                 parent.values if parent else None, variant.provenance,
                                 vid, variant.base_id,
                                 lambda oid: _apply_options(variant, (oid,)), locate)
    return tuple(out)


def _note_inherited(problem: Problem, provenance: Mapping[str, Provenance], vid: str
                    ) -> Problem:
    """Say where a rule comes from when a problem names a rule this file does not state."""
    rule = problem.path[1] if len(problem.path) > 1 else None
    prov = provenance.get(rule) if isinstance(rule, str) else None
    if prov is None or prov.defined_in == vid:
        return problem
    origin = f"inherited from {prov.defined_in}" if prov.defined_in else "the default"
    return replace(problem, message=f"{problem.message} (`{rule}` is {origin})")


def _source_problems(doc: Document, data: dict, provenance: Mapping[str, Provenance],
                     options: Mapping[str, Option], vid: str,
                     own: Mapping[str, Source]) -> list[Problem]:
    known = {**load_sources(), **own}
    problems = []

    def check(sid: str, path: tuple) -> None:
        if sid not in known:
            problems.append(doc.problem(
                path, f"unknown source `{sid}`: it is not in variants/sources.yaml nor in "
                      "this file's `bibliography`", suggest(sid, known)
                or "declare it under `bibliography:` in this file"))

    for i, sid in enumerate(data.get("sources") or ()):
        check(sid, ("sources", i))
    for name, prov in provenance.items():
        if prov.defined_in == vid and prov.option is None:
            for sid in prov.source:
                check(sid, ("rules", name, "source"))
    for oid, option in options.items():
        if option.provenance.defined_in == vid:
            for sid in option.provenance.source:
                check(sid, ("options", oid, "source"))
    return problems


def _states(variant: Variant, sid: str, rule: str, value: Any) -> bool:
    """Whether source ``sid`` states ``value`` for ``rule``; for `calls`, some of the
    words, each as the rule has it."""
    src = variant.source(sid)
    stated = src.stated_values(rule) if src is not None else ()
    if rule == "calls":
        return any(isinstance(v, Mapping) and v and all(
            value.get(key) == _normalise(rule, word) for key, word in v.items())
            for v in stated)
    return any(_normalise(rule, v) == value for v in stated)


def _unbacked(variant: Variant, what: str, rule: str, value: Any,
              sources: Sequence[str]) -> list[str]:
    if not sources:
        return [f"{what} is attested, but cites no source"]
    out = [f"{what} is attested by {sid}, but {sid} does not state "
           f"{rule}: {_format_plain(value)}"
           for sid in sources if not _states(variant, sid, rule, value)]
    if rule == "calls" and not out:
        said: set[str] = set()
        for sid in sources:
            src = variant.source(sid)
            for v in src.stated_values(rule) if src is not None else ():
                said.update(v)
        missing = [key for key in value if key not in said]
        if missing:
            out.append(f"{what} is attested, but no source states its "
                       f"{', '.join(missing)}")
    return out


def unbacked_attestations(variant: Variant) -> list[str]:
    """The rules (and options) ``variant`` itself marks `attested` that a source they
    cite does not state, by the sources' ``states`` lists (for `calls`, every word must be
    stated by one of them): one message each. A source that disagrees, or speaks of
    another game, belongs in the note, not among the sources of an attested rule."""
    out = []
    for name in RULE_NAMES:
        prov = variant.provenance[name]
        if prov.status != "attested" or prov.carried or prov.option \
                or prov.defined_in != variant.base_id:
            continue
        out += _unbacked(variant, f"{variant.base_id}.{name}", name, variant.values[name],
                         prov.source)
    for oid, option in variant.options.items():
        prov = option.provenance
        if prov.status != "attested" or prov.carried:
            continue
        for name, value in option.rules.items():
            out += _unbacked(variant, f"option {variant.base_id}+{oid}", name, value,
                             prov.source)
    return out


def _format_plain(value: Any) -> str:
    """A rule value as YAML-like text for messages."""
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(_format_plain(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_format_plain(v)}" for k, v in value.items()) + "}"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


_with_options: "weakref.WeakKeyDictionary[Variant, dict[tuple[str, ...], Variant]]" = \
    weakref.WeakKeyDictionary()


def _apply_options(variant: Variant, names: Sequence[str]) -> Variant:
    """``variant`` with the named options applied in order (the same object each time)."""
    names = tuple(names)
    if not names:
        return variant
    memo = _with_options.setdefault(variant, {})
    if names in memo:
        return memo[names]
    values = dict(variant.values)
    provenance = dict(variant.provenance)
    written = dict(variant.written_for)
    seen: list[str] = list(variant.applied_options)
    for name in names:
        if name in seen:
            raise VariantError(Problem(f"option `{name}` is given twice",
                                       Location()))
        option = variant.options.get(name)
        if option is None:
            known = ", ".join(variant.options) or "none"
            raise VariantError(Problem(
                f"variant {variant.base_id} has no option `{name}` (its options: {known})",
                Location(),
                hint=suggest(name, variant.options)))
        for rule, value in option.rules.items():
            values[rule] = value
            provenance[rule] = replace(option.provenance, option=name)
        seen.append(name)
        # The option's rules, and the rules of the file that offers it (written with
        # the option in view), are written for the values the option makes.
        written.update(_deps.written_for(values, [
            r for r, p in provenance.items()
            if r in option.rules or (p.option is None
                                     and p.defined_in == option.provenance.defined_in)]))
        carried = _deps.carried_over(values, provenance, written)
        # Checked after each option, so a clash is blamed on the option that made it.
        where = _option_where(provenance, option)
        problems = rule_problems(values, where) + _deps.call_problems(values, carried, where)
        if problems:
            raise VariantError(problems)
    result = replace(variant, id="+".join([variant.base_id, *seen]),
                     rules=_typed(values, carried),
                     values=MappingProxyType(values), provenance=MappingProxyType(provenance),
                     applied_options=tuple(seen), written_for=MappingProxyType(written),
                     carried_over=MappingProxyType(carried))
    memo[names] = result
    return result


def _option_where(provenance: Mapping[str, Provenance], option: Option
                  ) -> Callable[[str], tuple[Location, tuple]]:
    def where(rule: str) -> tuple[Location, tuple]:
        prov = provenance[rule]
        if prov.option:
            return (prov.location or Location(), ("options", prov.option, "rules", rule))
        # A rule the option leaves alone, made wrong by what the option changes.
        return (option.provenance.location or Location(), ("options", option.id, "rules"))
    return where


def _looks_like_path(text: str) -> bool:
    return "/" in text or "\\" in text or text.endswith((".yaml", ".yml"))


def _is_file(path: Path) -> bool:
    """Like ``Path.is_file``, but False for names the system cannot even look up."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _resolve(spec: str, relative_to: Path | None, stack: tuple[Path, ...] = ()) -> Variant:
    base, *options = spec.split("+")
    ids = builtin_ids()
    folder = relative_to or Path.cwd()
    if _looks_like_path(base) or (base not in ids and base and _is_file(folder / base)):
        try:
            path = Path(base).expanduser()
        except RuntimeError:            # `~user` with no such user
            path = Path(base)
        if not path.is_absolute() and relative_to is not None:
            path = relative_to / path
        if not _is_file(path):
            raise VariantError(Problem(f"no variant file {base!r}", Location(str(path)),
                                       hint=None if path.suffix in (".yaml", ".yml") else
                                       "a variant file ends in .yaml"))
    elif base in ids:
        path = builtin_dir() / f"{base}.yaml"
    else:
        raise VariantError(Problem(
            f"unknown variant {base!r}; the built-in variants are {', '.join(ids)}",
            hint=suggest(base, ids) or "or give the path to a variant file"))
    return _apply_options(_load_file(path, stack), options)


def load_variant(spec: str | int | Path | Variant, relative_to: str | Path | None = None
                 ) -> Variant:
    """A variant by built-in id, path, or either with options (``1737+borrego``).

    Paths are taken relative to ``relative_to`` (a folder) when given. Raises
    :class:`~rentoy.errors.VariantError` with the file, line and what is wrong.
    """
    if isinstance(spec, Variant):
        return spec
    return _resolve(str(spec), Path(relative_to) if relative_to is not None else None)


def load_variants(specs: Sequence[str | int | Path | Variant]) -> list[Variant]:
    """The variants named by ``specs`` (all built-ins when empty), each once.

    Raises :class:`~rentoy.errors.VariantError` for an unknown id (with a suggestion)
    or a variant named twice.
    """
    variants = [load_variant(s) for s in specs] if specs else builtin_variants()
    seen: set[str] = set()
    for v in variants:
        if v.id in seen:
            raise VariantError(Problem(f"variant {v.id} is named twice",
                                       hint="name each variant once"))
        seen.add(v.id)
    return variants


def check_variant_file(path: str | Path) -> Variant:
    """Load one variant file (for ``rentoy check``); raises VariantError when invalid.

    Its ``warnings`` also say which raise words the file states for a step whose value
    the glossary's gloss does not name (read only here, so loading a variant does not
    load the glossary)."""
    variant = _load_file(Path(path))
    prov = variant.provenance["calls"]
    if prov.defined_in != variant.id or "calls" in variant.carried_over:
        return variant
    glosses = _deps.gloss_warnings(variant.values, prov.location or Location(),
                                   ("rules", "calls"))
    return replace(variant, warnings=variant.warnings + tuple(glosses)) if glosses else variant
