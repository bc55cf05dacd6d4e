"""One variant as data: its rules, their provenance, its options; immutable.

A :class:`Variant` is what the engine plays and every report reads: the typed
:class:`~rentoy.model.ruleset.Rules`, the rule values as written, a
:class:`~rentoy.model.provenance.Provenance` for every rule, and its named options. Nothing
here reads a file (:mod:`rentoy.data.variants` loads variant files and checks them), so this
module needs nothing beyond the standard library, and a variant can travel as plain
data (:func:`variant_data`, :func:`variant_from_data`): to a worker process, or to a
page that plays it without a YAML reader.

>>> from rentoy.variants import load_variant
>>> v = load_variant("1737")
>>> again = variant_from_data(variant_data(v))
>>> again.rules == v.rules, again.provenance["arrastre"] == v.provenance["arrastre"]
(True, True)
>>> v.with_options("borrego").rules.top_cards
(TrumpRelative(rank=4),)
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType

from . import dependencies as _deps
from .cards import parse_card_spec
from .consistency import rule_problems
from .dependencies import CarriedOver
from ..core.errors import Location, Problem, VariantError, suggest
from ..core.frozen import Frozen, field, replace
from ..core.i18n import _
from .provenance import STATUSES, Provenance, Rule
from .ruleset import Calls, Rules
from .ruletable import GAME, RULE_NAMES

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Option", "Variant", "is_game_step", "variant_data", "variant_from_data",
           "DATA_VERSION"]

#: The version of the form :func:`variant_data` writes (bumped when it changes).
DATA_VERSION = 1


def is_game_step(value: object) -> bool:
    """Whether a ladder value is the whole-game step."""
    return value == GAME


class Option(Frozen):
    """A named alternative reading: a partial rules override with its own provenance."""

    id: str
    rules: Mapping[str, Any]
    provenance: Provenance
    name: str | None = None


class Variant(Frozen, eq=False):
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
    #: For each rule that depends on others (:mod:`rentoy.model.dependencies`), their values
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
    #: (:class:`rentoy.data.sources.Source` entries, which live a floor up: not imported here.)
    bibliography: Mapping[str, Any] = field(default_factory=dict)

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
        """Every rule, in the rule table's order."""
        return (self.rule(name) for name in RULE_NAMES)

    def status_counts(self) -> dict[str, int]:
        """How many rules are attested, inferred, assumed and disputed."""
        counts = dict.fromkeys(STATUSES, 0)
        for name in RULE_NAMES:
            counts[self.provenance[name].status] += 1
        return counts

    def with_options(self, *names: str) -> Variant:
        """This variant with the named options applied, in order."""
        return apply_options(self, names)

    def __repr__(self) -> str:
        return f"<Variant {self.id}: {self.name}>"

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its data (simulation workers, a cluster): a worker needs no files,
        # and the same data gives the same object there (the engine's tables are made
        # once per variant object); within one process, the object itself.
        data = variant_data(self)
        _pickled.setdefault(_data_key(data), self)
        return (_interned, (data,))


# ---------------------------------------------------------------------------------------
# Values: the written form of a rule, and the typed rules made from it.

def freeze(value: Any) -> Any:
    """Lists as tuples and mappings as read-only mappings, all the way down."""
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    if isinstance(value, Mapping):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    return value


def normalise(name: str, value: Any) -> Any:
    """The canonical written form of a schema-valid rule value."""
    if name == "top_cards":
        out = []
        for code in value:
            try:
                out.append(str(parse_card_spec(code)))
            except ValueError:
                out.append(code)   # reported by rule_problems, with its location
        return tuple(out)
    return freeze(value)


def typed_rules(values: Mapping[str, Any],
                carried: Mapping[str, CarriedOver] = MappingProxyType({})) -> Rules:
    """The typed :class:`~rentoy.model.ruleset.Rules` of written rule values."""
    kwargs = dict(values)
    kwargs["top_cards"] = tuple(parse_card_spec(c) for c in values["top_cards"])
    calls = values["calls"]
    # Raise words carried over from another ladder would name the wrong steps.
    raises = () if "calls" in carried else tuple(calls.get("raise", ()))
    kwargs["calls"] = Calls(raises, calls.get("accept"), calls.get("fold"),
                            calls.get("turn_up"), calls.get("game"))
    return Rules(**kwargs)


# ---------------------------------------------------------------------------------------
# Options.

_with_options: weakref.WeakKeyDictionary[Variant, dict[tuple[str, ...], Variant]] = \
    weakref.WeakKeyDictionary()


def apply_options(variant: Variant, names: Sequence[str]) -> Variant:
    """``variant`` with the named options applied in order (the same object each time).

    Raises :class:`~rentoy.core.errors.VariantError` for an unknown option, one named twice,
    or one that makes the rules clash (blamed on the option that made the clash)."""
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
    carried: dict[str, CarriedOver] = dict(variant.carried_over)
    for name in names:
        if name in seen:
            raise VariantError(Problem(_("option `{name}` is given twice").format(name=name),
                                       Location()))
        option = variant.options.get(name)
        if option is None:
            known = ", ".join(variant.options) or _("none")
            raise VariantError(Problem(
                _("variant {variant} has no option `{name}` (its options: {known})").format(
                    variant=variant.base_id, name=name, known=known),
                Location(), hint=suggest(name, variant.options)))
        for rule, value in option.rules.items():
            values[rule] = value
            provenance[rule] = replace(option.provenance, option=name)
        seen.append(name)
        # The option's rules, and the rules of the file that offers it (written with
        # the option in view), are written for the values the option makes; not a rule
        # this variant already holds as carried over from other values (a file that
        # extends the offering one and changes what that rule was written for).
        written.update(_deps.written_for(values, [
            r for r, p in provenance.items()
            if r in option.rules or (p.option is None and r not in variant.carried_over
                                     and p.defined_in == option.provenance.defined_in)]))
        carried = _deps.carried_over(values, provenance, written)
        # Checked after each option, so a clash is blamed on the option that made it.
        where = _option_where(provenance, option)
        problems = rule_problems(values, where) + _deps.call_problems(values, carried, where)
        if problems:
            raise VariantError(problems)
    result = replace(variant, id="+".join([variant.base_id, *seen]),
                     rules=typed_rules(values, carried),
                     values=MappingProxyType(values), provenance=MappingProxyType(provenance),
                     applied_options=tuple(seen), written_for=MappingProxyType(written),
                     carried_over=MappingProxyType(carried))
    memo[names] = result
    return result


def _option_where(provenance: Mapping[str, Provenance], option: Option
                  ) -> Callable[[str], tuple[Location, tuple[str | int, ...]]]:
    def where(rule: str) -> tuple[Location, tuple[str | int, ...]]:
        prov = provenance[rule]
        if prov.option:
            return (prov.location or Location(), ("options", prov.option, "rules", rule))
        # A rule the option leaves alone, made wrong by what the option changes.
        return (option.provenance.location or Location(), ("options", option.id, "rules"))
    return where


# ---------------------------------------------------------------------------------------
# A variant as plain data.

def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _provenance_data(prov: Provenance) -> dict[str, Any]:
    out: dict[str, Any] = {"status": prov.status}
    for key in ("source", "note", "alternatives", "not_modelled", "defined_in", "option",
                "stated_status"):
        value = getattr(prov, key)
        if value:
            out[key] = _plain(value)
    return out


def _provenance_of(data: Mapping[str, Any]) -> Provenance:
    return Provenance(status=data["status"], source=tuple(data.get("source", ())),
                      note=data.get("note"), alternatives=tuple(data.get("alternatives", ())),
                      not_modelled=bool(data.get("not_modelled", False)),
                      defined_in=data.get("defined_in"), option=data.get("option"),
                      stated_status=data.get("stated_status"))


def variant_data(variant: Variant) -> dict[str, Any]:
    """``variant`` as plain JSON-able data (what :func:`variant_from_data` reads back):
    its rules as written, the provenance of each, its options and what it extends. The
    files it came from and its own bibliography entries are left out."""
    return {
        "format": DATA_VERSION,
        "id": variant.id, "name": variant.name, "extends": variant.extends,
        "period": variant.period, "region": variant.region,
        "description": variant.description, "sources": list(variant.sources),
        "lineage": list(variant.lineage), "applied_options": list(variant.applied_options),
        "builtin": variant.builtin, "path": None if variant.path is None else str(variant.path),
        "rules": {name: _plain(variant.values[name]) for name in RULE_NAMES},
        "provenance": {name: _provenance_data(variant.provenance[name]) for name in RULE_NAMES},
        "options": {oid: {"name": o.name, "rules": _plain(o.rules),
                          "provenance": _provenance_data(o.provenance)}
                    for oid, o in variant.options.items()},
        "written_for": _plain(variant.written_for),
        "carried_over": {name: {"part": c.part, "stated_in": c.stated_in, "option": c.option,
                                "changed": list(c.changed), "was": _plain(c.was)}
                         for name, c in variant.carried_over.items()},
    }


def variant_from_data(data: Mapping[str, Any]) -> Variant:
    """The variant :func:`variant_data` wrote (a new object each time)."""
    if data.get("format") != DATA_VERSION:
        raise VariantError(Problem(
            f"variant data of format {data.get('format')!r}; this version reads format "
            f"{DATA_VERSION}", hint="export the variant again with this version"))
    values = {name: normalise(name, data["rules"][name]) for name in RULE_NAMES}
    carried = {name: CarriedOver(name, c["part"], c["stated_in"], c["option"],
                                 tuple(c["changed"]), freeze(c["was"]))
               for name, c in data["carried_over"].items()}
    options = {oid: Option(oid, freeze({k: normalise(k, v) for k, v in o["rules"].items()}),
                           _provenance_of(o["provenance"]), o.get("name"))
               for oid, o in data["options"].items()}
    return Variant(
        id=data["id"], name=data["name"], rules=typed_rules(values, carried),
        provenance=MappingProxyType({n: _provenance_of(data["provenance"][n])
                                     for n in RULE_NAMES}),
        values=MappingProxyType(values), options=MappingProxyType(options),
        applied_options=tuple(data["applied_options"]), extends=data.get("extends"),
        period=data.get("period"), region=data.get("region"),
        description=data.get("description", ""), sources=tuple(data.get("sources", ())),
        path=None if data.get("path") is None else Path(data["path"]),
        lineage=tuple(data["lineage"]),
        written_for=MappingProxyType({k: freeze(v) for k, v in data["written_for"].items()}),
        carried_over=MappingProxyType(carried), builtin=bool(data.get("builtin")))


_pickled: dict[str, Variant] = {}


def _data_key(data: Mapping[str, Any]) -> str:
    import json     # only when a variant is pickled: not at every start

    return json.dumps(data, sort_keys=True)


def _interned(data: Mapping[str, Any]) -> Variant:
    """The variant of ``data``, the same object for the same data within a process."""
    key = _data_key(data)
    found = _pickled.get(key)
    if found is None:
        found = _pickled[key] = variant_from_data(data)
    return found
