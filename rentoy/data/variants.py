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
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType

from ..model import dependencies as _deps
from . import sources as _sources
from ..model.consistency import rule_problems
from ..core.errors import InputError, Location, Problem, VariantError, suggest
from ..core.frozen import Frozen, replace
from ..core.i18n import _
from ..core.limits import MAX_EXTENDS_DEPTH, over_limit
from ..model.provenance import Provenance, carry_over
from ..model.ruletable import RULE_NAMES, defaults, required
from .sources import Source, entries_problems, load_sources
from .validation import schema_problems
from ..model.variant import Option, Variant, apply_options, normalise, typed_rules
from .yamlfile import Document, file_stamp, load_document

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "load_variant", "load_variants", "builtin_ids", "builtin_variants", "builtin_catalogue",
    "Catalogue", "schema_path", "check_variant_file", "cited_source", "is_uncorroborated",
    "unbacked_attestations",
]

_RESERVED_FILES = {"sources.yaml", "glossary.yaml", "quotations.yaml", "family.yaml",
                   "remarks.yaml"}


def builtin_dir() -> Path:
    """The folder of the built-in variant files (looked up in :mod:`rentoy.data.sources` on
    every call, so pointing that module elsewhere points the variants there too)."""
    return _sources.builtin_dir()


def schema_path() -> Path:
    """The published JSON Schema of variant files (generated from the rule table by
    :mod:`rentoy.data.schemagen`)."""
    return builtin_dir() / "schema.json"


def cited_source(variant: Variant, sid: str) -> Source | None:
    """A source ``variant`` may cite: one of its own `bibliography` entries, or an entry
    of variants/sources.yaml; None when neither has it."""
    if sid in variant.bibliography:
        found: Source = variant.bibliography[sid]
        return found
    return load_sources().get(sid)


def is_uncorroborated(variant: Variant, name: str) -> bool:
    """Whether rule ``name`` of ``variant`` is `attested` by one source alone, a
    second-hand account that names no source of its own (``unsourced`` in the
    bibliography)."""
    prov = variant.provenance[name]
    if prov.status != "attested" or len(prov.source) != 1:
        return False
    src = cited_source(variant, prov.source[0])
    return src is not None and src.unsourced


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
            not_modelled=bool(entry.get("not_modelled", False)),
            defined_in=defined_in, location=location)
    return entry, Provenance("assumed", (), "stated without provenance", (),
                             defined_in, location=location)


_MISSING = object()


def _untied(entry: Any, prov: Provenance) -> list[str]:
    """What a restatement of the evidence for an inherited value (``{status, source,
    note}`` without ``value``) lacks to tie the rule to its variant: ``source`` and
    ``note``, unless it says the rule is `assumed`."""
    if not isinstance(entry, dict) or "value" in entry or prov.status == "assumed":
        return []
    return [key for key, given in (("source", prov.source), ("note", prov.note)) if not given]


def builtin_ids() -> list[str]:
    """The ids of the built-in variants (their file names)."""
    # Listed plainly rather than globbed: asked for every variant loaded.
    try:
        names = os.listdir(builtin_dir())
    except OSError:             # no such folder: no built-in variants
        return []
    return sorted(name[:-len(".yaml")] for name in names if name.endswith(".yaml")
                  and name != ".yaml" and name not in _RESERVED_FILES)


def _catalogue_order(v: Variant) -> tuple[Any, ...]:
    year = re.match(r"\d{4}", v.period or "")
    if year:
        return (0, int(year.group()), v.id)
    return (1, len(v.lineage), v.id)


def builtin_variants() -> list[Variant]:
    """Every built-in variant: the dated historical ones oldest first, then the modern
    ones, parents before the variants that extend them. Raises
    :class:`~rentoy.core.errors.VariantError` when one of them cannot be loaded (see
    :func:`builtin_catalogue` to go on without it)."""
    return sorted((load_variant(i) for i in builtin_ids()), key=_catalogue_order)


class Catalogue(Frozen):
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
        missing = _untied(entry, prov)
        if missing:
            raise VariantError(doc.problem(
                ("rules", name), f"`{name}` keeps the inherited value as {prov.status} but "
                f"gives no {' and no '.join(missing)}: an inherited rule is assumed here "
                "unless this file ties it to this variant with a source and a note",
                f"add {' and '.join(f'`{k}:`' for k in missing)} saying what the rule rests "
                "on for this variant, or write `status: assumed`", key=True))
        values[name] = normalise(name, value)
        provenance[name] = prov
    if parent is None:
        missing = [r for r in required() if r not in values]
        if missing:
            raise VariantError(doc.problem(
                ("rules",), f"missing rules: {', '.join(missing)}",
                "a variant without `extends` states every rule; or add `extends: \"1737\"` "
                "and state only what differs", key=True))
        for name, default in defaults().items():
            if name not in values:
                values[name] = normalise(name, default)
                provenance[name] = Provenance(
                    "assumed", note="not stated by the variant; the engine's default")
    values = {name: values[name] for name in RULE_NAMES}

    def where(rule: str) -> tuple[Location, tuple[Any, ...]]:
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
            rules=MappingProxyType({k: normalise(k, v) for k, v in entry["rules"].items()}),
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
        id=vid, name=data["name"], rules=typed_rules(values, carried),
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
            apply_options(variant, (oid,))
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


def _warnings(doc: Document, data: dict[str, Any], variant: Variant, parent: Variant | None
              ) -> tuple[Problem, ...]:
    """What ``rentoy check`` says of a valid file: rules it leaves carried over,
    inherited options against its own rules, and statuses firmer than their evidence."""
    vid = variant.id

    def locate(rule: str) -> tuple[Location, tuple[Any, ...]]:
        prov = variant.provenance[rule]
        if prov.defined_in == vid and prov.location is not None:
            return (prov.location, ("rules", rule))
        return (doc.location(("extends",), key=True), ("extends",))

    out = _deps.stale_warnings(variant.carried_over, variant.values, variant.provenance,
                               vid, locate)
    out += _deps.option_warnings(variant.options, variant.values,
                                 parent.values if parent else None, variant.provenance,
                                 vid, variant.base_id,
                                 lambda oid: apply_options(variant, (oid,)), locate)
    if parent is not None and variant.description:
        out += _description_warnings(doc, data, variant, locate)
    out += _evidence_warnings(doc, variant, locate)
    return tuple(out)


def _evidence_warnings(doc: Document, variant: Variant, locate: Any) -> list[Problem]:
    """The rules and options whose status is firmer than their evidence
    (:mod:`rentoy.data.evidence`)."""
    from .evidence import evidence_findings

    out = []
    for finding in evidence_findings(variant):
        if finding.rule is not None:
            location, path = locate(finding.rule)
        else:
            path = ("options", str(finding.option))
            location = doc.location(path, key=True)
        out.append(Problem(finding.message, location, path, finding.hint))
    return out


def _description_warnings(doc: Document, data: dict[str, Any], variant: Variant,
                          locate: Any) -> list[Problem]:
    """The inherited rules whose status is firmer than the file's description says
    (:mod:`rentoy.model.claims`)."""
    from ..model.claims import claim_conflicts  # at use: start-up (bench/startup.py)

    written = data.get("rules") or {}
    inherited = {name for name in RULE_NAMES if name not in written or (
        isinstance(written[name], dict) and "value" not in written[name])}
    out = []
    for name, claim in claim_conflicts(variant.description, variant.provenance, inherited):
        location, _ = locate(name)
        prov = variant.provenance[name]
        where = "carried over" if prov.carried else "restated here"
        out.append(Problem(
            f"`{name}` is {prov.status} ({where}), but the description says: "
            f"\"{claim.sentence}\"", location, ("rules", name),
            f"give `{name}` the status the description says, or say in the description why "
            "this rule is firmer"))
    return out


def _note_inherited(problem: Problem, provenance: Mapping[str, Provenance], vid: str
                    ) -> Problem:
    """Say where a rule comes from when a problem names a rule this file does not state."""
    rule = problem.path[1] if len(problem.path) > 1 else None
    prov = provenance.get(rule) if isinstance(rule, str) else None
    if prov is None or prov.defined_in == vid:
        return problem
    origin = f"inherited from {prov.defined_in}" if prov.defined_in else "the default"
    return replace(problem, message=f"{problem.message} (`{rule}` is {origin})")


def _source_problems(doc: Document, data: dict[str, Any], provenance: Mapping[str, Provenance],
                     options: Mapping[str, Option], vid: str,
                     own: Mapping[str, Source]) -> list[Problem]:
    known = {**load_sources(), **own}
    problems = []

    def check(sid: str, path: tuple[Any, ...]) -> None:
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
    src = cited_source(variant, sid)
    stated = src.stated_values(rule) if src is not None else ()
    if rule == "calls":
        return any(isinstance(v, Mapping) and v and all(
            value.get(key) == normalise(rule, word) for key, word in v.items())
            for v in stated)
    return any(normalise(rule, v) == value for v in stated)


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
            src = cited_source(variant, sid)
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
        if not _is_file(path) and os.path.lexists(path) and not os.path.isdir(path):
            # There, but not a file: a FIFO, a device, a loop of links. The bounded
            # reader says which (and reads nothing from it).
            from .yamlfile import read_text

            try:
                read_text(path)
            except InputError as exc:
                raise VariantError(exc.problems) from None
        if not _is_file(path):
            raise VariantError(Problem(_("no variant file {name}").format(name=repr(base)),
                                       Location(str(path)),
                                       hint=None if path.suffix in (".yaml", ".yml") else
                                       _("a variant file ends in .yaml")))
    elif base in ids:
        path = builtin_dir() / f"{base}.yaml"
    else:
        raise VariantError(Problem(
            _("unknown variant {name}; the built-in variants are {ids}").format(
                name=repr(base), ids=", ".join(ids)),
            hint=suggest(base, ids) or _("or give the path to a variant file")))
    return apply_options(_load_file(path, stack), options)


def load_variant(spec: str | int | Path | Variant, relative_to: str | Path | None = None
                 ) -> Variant:
    """A variant by built-in id, path, or either with options (``1737+borrego``).

    Paths are taken relative to ``relative_to`` (a folder) when given. Raises
    :class:`~rentoy.core.errors.VariantError` with the file, line and what is wrong.
    """
    if isinstance(spec, Variant):
        return spec
    return _resolve(str(spec), Path(relative_to) if relative_to is not None else None)


def load_variants(specs: Sequence[str | int | Path | Variant]) -> list[Variant]:
    """The variants named by ``specs`` (all built-ins when empty), each once.

    Raises :class:`~rentoy.core.errors.VariantError` for an unknown id (with a suggestion)
    or a variant named twice.
    """
    variants = [load_variant(s) for s in specs] if specs else builtin_variants()
    seen: set[str] = set()
    for v in variants:
        if v.id in seen:
            raise VariantError(Problem(_("variant {id} is named twice").format(id=v.id),
                                       hint=_("name each variant once")))
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
    from .glossary import gloss_warnings    # only `rentoy check` reads the glossary here

    glosses = gloss_warnings(variant.values, prov.location or Location(),
                                   ("rules", "calls"))
    return replace(variant, warnings=variant.warnings + tuple(glosses)) if glosses else variant
