"""JSON Schema validation of YAML documents, with errors people can act on.

:func:`schema_problems` runs a JSON Schema over a :class:`~rentoy.data.yamlfile.Document`
and turns each failure into a :class:`~rentoy.core.errors.Problem` at the line of the
offending key: an unknown key gets the nearest valid one as a hint ("did you mean
`arrastre`?"), an enum gets its allowed values, a type its expected type.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from ..core.errors import InputError, Location, Problem, suggest
from ..core.i18n import N_, _, number
from ..core.limits import LIMITS, over_limit, shown
from ..core.caches import cache_dir
from .yamlfile import Document, load_json, read_text, text_digest

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = ["schema_problems", "load_schema", "resolve_ref", "cache_dir"]

#: What to do about a damaged schema.
_RESTORE = N_("restore the file from the rentoy package")

_TYPE_NAMES = {"string": N_("a string"), "integer": N_("a whole number"),
               "number": N_("a number"), "boolean": N_("true or false"), "array": N_("a list"),
               "object": N_("a mapping"), "null": N_("empty (null)")}


@lru_cache(maxsize=None)
def _schema_text(path: str) -> str:
    return read_text(path, "JSON")


@lru_cache(maxsize=None)
def load_schema(path: str) -> dict[str, Any]:
    """The JSON Schema at ``path``, read like every other file (bounded, a FIFO or a
    device refused unread, see :func:`rentoy.data.yamlfile.load_json`) and checked for the
    shape rentoy reads from it: an :class:`~rentoy.core.errors.InputError` naming the file
    when it is damaged, never a crash of every command that needs it."""
    schema = load_json(path)
    if not isinstance(schema, dict) or not isinstance(schema.get("properties"), dict) \
            or not all(isinstance(v, dict) for v in schema["properties"].values()):
        raise InputError(Problem(_("this is not a JSON Schema of rentoy's files: it needs a "
                                   "mapping of `properties`"), Location(path),
                                 hint=_(_RESTORE)))
    return schema


def schema_part(path: str, *keys: str) -> Any:
    """What the schema at ``path`` holds under ``keys`` (``"properties", "rules",
    "properties"``): an :class:`~rentoy.core.errors.InputError` naming the schema when that
    part is missing or not a mapping (a damaged schema stops with its name, not a
    ``KeyError``)."""
    node: Any = load_schema(path)
    for key in keys:
        node = node.get(key) if isinstance(node, dict) else None
    if not isinstance(node, dict):
        raise InputError(Problem(_("this schema has no mapping `{keys}`").format(
            keys=".".join(keys)), Location(path), hint=_(_RESTORE)))
    return node


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (dict, list)):
        return _("a mapping") if isinstance(value, dict) else _("a list")
    return shown(value)


def _expected_type(schema: dict[str, Any]) -> str:
    types: Any = schema.get("type")
    if isinstance(types, list):
        return _(" or ").join(_(_TYPE_NAMES[t]) if t in _TYPE_NAMES else str(t) for t in types)
    return _(_TYPE_NAMES[types]) if types in _TYPE_NAMES else str(types)


def resolve_ref(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with its ``$ref`` followed (``#/$defs/status`` -> that part of
    ``root``), again while the target is itself a reference; other schemas as they are."""
    for _step in range(32):             # a reference that leads back to itself ends too
        if not (isinstance(schema, dict) and "$ref" in schema):
            return schema
        ref = schema["$ref"]
        node: Any = root
        for part in ref.lstrip("#/").split("/"):
            node = node[part]
        schema = node
    raise KeyError(schema.get("$ref") if isinstance(schema, dict) else schema)


def _branch(error: Any, root: dict[str, Any]) -> list[Any]:
    """For an anyOf/oneOf failure, the errors of the branch the user most likely meant."""
    instance = error.instance
    branches = error.validator_value
    by_branch: dict[int, list[Any]] = {}
    for sub in error.context:
        by_branch.setdefault(sub.relative_schema_path[0], []).append(sub)
    # A mapping with `value` is the {value, status, source, note} form; one with
    # `status` and no `value` restates the evidence for an inherited value; any other
    # mapping is a bare value that happens to be a mapping.
    preferred = None
    if isinstance(instance, dict):
        for i, branch in enumerate(branches):
            branch = resolve_ref(branch, root)
            if branch.get("type") != "object":
                continue
            required = branch.get("required", [])
            if "value" in instance and "value" in required:
                preferred = i
            elif "value" not in instance and "status" in instance and "status" in required:
                preferred = i
            elif not {"value", "status"} & set(instance) and not {"value", "status"} & set(required):
                preferred = i
    if preferred is not None and preferred in by_branch:
        return by_branch[preferred]
    # Otherwise the branch whose type matches, or the one with the deepest error.
    for i, branch in enumerate(branches):
        branch = resolve_ref(branch, root)
        kind = branch.get("type")
        if kind and i in by_branch and _type_matches(instance, kind):
            return by_branch[i]
    return []


def _type_matches(value: Any, kind: Any) -> bool:
    kinds = kind if isinstance(kind, list) else [kind]
    checks = {"string": lambda v: isinstance(v, str), "boolean": lambda v: isinstance(v, bool),
              "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
              "array": lambda v: isinstance(v, list), "object": lambda v: isinstance(v, dict),
              "null": lambda v: v is None, "number": lambda v: isinstance(v, (int, float))}
    return any(checks.get(k, lambda v: False)(value) for k in kinds)


def _whole_float(value: Any) -> str | None:
    """The hint for a whole number written as a float (``3.0``)."""
    if isinstance(value, float) and value.is_integer():
        return _("write {number}, without the decimal point").format(number=int(value))
    return None


def _problems(error: Any, doc: Document, root: dict[str, Any]) -> Iterator[Problem]:
    path = tuple(error.absolute_path)
    kind = error.validator
    if kind in ("anyOf", "oneOf"):
        inner = _branch(error, root)
        if inner:
            for sub in inner:
                yield from _problems(sub, doc, root)
            return
        choices = []
        for branch in error.validator_value:
            branch = resolve_ref(branch, root)
            if "const" in branch:
                choices.append(repr(branch["const"]))
            elif "type" in branch:
                choices.append(_expected_type(branch))
        yield doc.problem(path, _("{value} is not allowed here; expected {choices}").format(
            value=_describe(error.instance), choices=_(" or ").join(dict.fromkeys(choices))),
            _whole_float(error.instance))
        return
    if kind == "additionalProperties":
        allowed = list(error.schema.get("properties", {}))
        extra = [k for k in error.instance if k not in allowed]
        for key in extra:
            hint = suggest(key, allowed) or (
                _("known keys: {keys}").format(keys=", ".join(allowed)) if allowed else None)
            yield doc.problem(path + (key,), _("unknown key `{key}`").format(key=key), hint,
                              key=True)
        return
    if kind == "required":
        missing = [k for k in error.validator_value if k not in error.instance]
        for key in missing:
            yield doc.problem(path, _("missing key `{key}`").format(key=key), key=True)
        return
    if kind == "enum":
        allowed = error.validator_value
        hint = suggest(error.instance, [a for a in allowed if isinstance(a, str)]) \
            if isinstance(error.instance, str) else None
        yield doc.problem(path, _("{value} is not allowed; use one of {allowed}").format(
            value=_describe(error.instance), allowed=", ".join(
                _describe(a) if not isinstance(a, str) else a for a in allowed)), hint)
        return
    if kind == "const":
        yield doc.problem(path, _("{value} is not allowed; expected {expected}").format(
            value=_describe(error.instance), expected=repr(error.validator_value)))
        return
    if kind == "type":
        yield doc.problem(path, _("expected {expected}, got {value}").format(
            expected=_expected_type(error.schema), value=_describe(error.instance)),
            _whole_float(error.instance))
        return
    if kind == "pattern" and "propertyNames" in error.absolute_schema_path:
        # A key that breaks the naming rule (an option id, say): point at the key.
        yield doc.problem(path + (error.instance,), _(
            "the name {name} is not allowed: use lower-case letters, digits and "
            "hyphens").format(name=_describe(error.instance)), key=True)
        return
    if kind == "pattern":
        # The schema describes its patterns in English; those descriptions are marked
        # for the catalog where the schema is made (rentoy.schemagen).
        what = _(error.schema["description"]) if "description" in error.schema \
            else _("text matching {pattern}").format(pattern=error.validator_value)
        yield doc.problem(path, _("{value} is not valid here: expected {what}").format(
            value=_describe(error.instance), what=what))
        return
    if kind == "propertyNames":
        yield doc.problem(path, _("the name {name} is not allowed: use lower-case letters, "
                                  "digits and hyphens").format(name=_describe(error.instance)),
                          key=True)
        return
    if kind in ("minItems", "maxItems"):
        n = error.validator_value
        limit = error.schema.get("x-limit-items") if kind == "maxItems" else None
        count = number(len(error.instance))
        if isinstance(limit, str) and limit in LIMITS:
            yield doc.problem(path, over_limit(limit, _("this list has {count} items").format(
                count=count)), _("give at most {n}").format(n=number(n)))
            return
        text = (_("this list has {count} items; it needs at least {n}") if kind == "minItems"
                else _("this list has {count} items; it needs at most {n}"))
        yield doc.problem(path, text.format(count=count, n=number(n)))
        return
    if kind == "uniqueItems":
        yield doc.problem(path, _("this list repeats an item; each may appear once"))
        return
    if kind == "maximum" and isinstance(error.schema.get("x-limit"), str) \
            and error.schema["x-limit"] in LIMITS:
        # A bound on what a variant may ask of the engine: named, as every limit is.
        yield doc.problem(path, over_limit(error.schema["x-limit"], _(
            "{value} is too large").format(value=_describe(error.instance))),
                          _("use at most {n}").format(n=error.validator_value))
        return
    if kind in ("minimum", "maximum"):
        text = (_("{value} is too small: the minimum is {bound}") if kind == "minimum"
                else _("{value} is too large: the maximum is {bound}"))
        yield doc.problem(path, text.format(value=_describe(error.instance),
                                            bound=error.validator_value))
        return
    if kind == "minProperties":
        yield doc.problem(path, _("this mapping is empty; it needs at least one key"))
        return
    yield doc.problem(path, error.message)


@lru_cache(maxsize=None)
def _validator_class() -> Any:
    """Draft 2020-12 with two changes. ``"type": "integer"`` is a whole number written as
    one: JSON Schema counts ``3.0`` as an integer, but a rule written ``3.0`` is a float
    to Python and would only fail later, in play; it is refused at its line instead. And
    a list longer than its ``maxItems`` is refused as a whole, its items not checked one
    by one (a ladder of 9,000 steps is one problem in milliseconds, not 9,000 problems in
    seconds)."""
    import jsonschema  # imported here: only needed when a file is checked

    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int)
        and not isinstance(value, bool))
    each = base.VALIDATORS["items"]

    def items(validator: Any, value: Any, instance: Any, schema: Any) -> Any:
        most = schema.get("maxItems")
        if isinstance(instance, list) and isinstance(most, int) and len(instance) > most:
            return iter(())         # reported once, by maxItems
        return each(validator, value, instance, schema)

    return jsonschema.validators.extend(base, validators={"items": items},
                                        type_checker=checker)


@lru_cache(maxsize=None)
def _validator(path: str) -> Any:
    """The schema's validator, built once per process; a schema that is not one is an
    :class:`~rentoy.core.errors.InputError` naming it."""
    import jsonschema  # at use: start-up (bench/startup.py)

    schema = load_schema(path)
    cls = _validator_class()
    try:
        cls.check_schema(schema)
    except jsonschema.SchemaError as exc:
        where = "/".join(str(p) for p in exc.absolute_path) or _("the top")
        raise InputError(Problem(_("this is not a valid JSON Schema: at {where}: "
                                   "{message}").format(where=shown(where),
                                                       message=exc.message[:200]),
                                 Location(path), hint=_(_RESTORE))) from None
    _check_references(schema, schema, path)
    return cls(schema)


def _check_references(node: Any, root: dict[str, Any], path: str) -> None:
    """Every ``$ref`` of the schema leads somewhere in it (else an error naming the
    schema, not a failure inside the validator)."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            ref = item.get("$ref")
            if ref is not None:
                try:
                    if not isinstance(ref, str) or not ref.startswith("#/") \
                            or not isinstance(resolve_ref({"$ref": ref}, root), dict):
                        raise KeyError(ref)
                except (KeyError, TypeError, IndexError, RecursionError):
                    raise InputError(Problem(
                        _("this schema refers to {ref}, which it does not hold").format(
                            ref=shown(ref)), Location(path), hint=_(_RESTORE))) from None
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


# Documents known to be valid, remembered across runs so that reading the built-in
# variants does not import and run the validator each time. An entry is a hash of the
# schema's text and the document's data, so editing either (or a document parsed from
# other text under the same name) simply misses. Only valid documents are remembered:
# an invalid one is always validated again, to report its problems.
_VALID_FILE = "valid-documents.json"
_VALID_KEEP = 512
#: The largest file of valid documents read back, in bytes (512 entries of 68 bytes).
_VALID_LIMIT = 64_000


@lru_cache(maxsize=None)
def _schema_digest(path: str) -> str:
    # Of the text the schema was read from: any edit changes it, and writing the parsed
    # schema out again (sorted) took half a millisecond at every start.
    return text_digest(_schema_text(path).encode("utf-8", "surrogatepass"))


# Bumped whenever what the validator accepts changes beyond the schema's text (as when
# whole numbers became strict), so that nothing remembered under the old reading is reused.
_VALIDATOR_VERSION = "digest-2"


def _digest(doc: Document, schema_path: str) -> str:
    # A document's data is a function of the text it was parsed from: the text's digest
    # stands for it, and the data is never expanded (its aliases repeated) to be hashed.
    own = doc.digest if doc.digest is not None else "data:" + fingerprint(doc.data)
    text = f"{_VALIDATOR_VERSION}\n{_schema_digest(schema_path)}\n{own}"
    return text_digest(text.encode("utf-8"))


def fingerprint(value: Any) -> str:
    """A digest of plain data (what YAML gives) that tells apart what JSON would merge
    (1, "1" and True; int and str keys) and costs one step per distinct object: a value
    shared through YAML aliases is hashed once, not once per place it appears.

    >>> fingerprint({"a": [1, "1", True]}) == fingerprint({"a": [1, "1", True]})
    True
    >>> len({fingerprint(v) for v in (1, "1", True, 1.0, None, [1], {"1": 1}, {1: 1})})
    8
    """
    memo: dict[int, str] = {}

    def walk(item: Any) -> str:
        known = memo.get(id(item))
        if known is not None:
            return known
        if isinstance(item, dict):
            text = "{" + ",".join(walk(k) + ":" + walk(v) for k, v in item.items()) + "}"
        elif isinstance(item, (list, tuple)):
            text = "[" + ",".join(walk(v) for v in item) + "]"
        elif isinstance(item, str):
            text = "s" + text_digest(item.encode("utf-8", "surrogatepass"))
        else:
            # hex: a whole number of any length (repr fails past 4,300 digits)
            text = type(item).__name__ + ":" + (hex(item) if isinstance(item, int)
                                                and not isinstance(item, bool) else repr(item))
        digest = text_digest(text.encode("utf-8", "surrogatepass"))
        memo[id(item)] = digest
        return digest

    return walk(value)


_known: list[str] | None = None
_ENTRY = re.compile(r"[0-9a-f]{32}\.[0-9a-f]{32}")


def _known_valid() -> list[str]:
    global _known
    if _known is None:
        from ..core.caches import damaged, entry_ok, json_payload, read_bounded

        folder = cache_dir()
        raw = read_bounded(folder, _VALID_FILE, _VALID_LIMIT)
        found = json_payload(raw)
        loaded: list[Any] = found if isinstance(found, list) else []
        if raw is not None and folder is not None and not (
                isinstance(found, list) and all(isinstance(k, str) for k in found)):
            damaged(folder / _VALID_FILE)
            loaded = []
        # Each entry carries its own seal (of its digest, the validator's reading and
        # rentoy's version): one that fails it, damaged or of another version, is dropped.
        _known = [k.partition(".")[0] for k in loaded if isinstance(k, str)
                  and _ENTRY.fullmatch(k) and entry_ok(_VALIDATOR_VERSION, k[:32].encode(),
                                                        k[33:])]
    return _known


def _remember_valid(digest: str) -> None:
    known = _known_valid()
    known.append(digest)
    del known[:-_VALID_KEEP]
    from ..core.caches import seal_entry
    from ..core.files import write_cache

    write_cache(cache_dir(), _VALID_FILE, json.dumps(
        [f"{k}.{seal_entry(_VALIDATOR_VERSION, k.encode())}" for k in known]))


def schema_problems(doc: Document, schema_path: str | Path) -> list[Problem]:
    """Every schema violation in ``doc``, as problems sorted by position.

    Integers are strict: ``3.0`` where the schema asks for an integer is refused, with
    the hint to write ``3``. The validator is built once per process, and a document
    found valid is remembered (see :func:`cache_dir`), so reading it again skips
    validation.
    """
    schema = load_schema(str(schema_path))
    digest = _digest(doc, str(schema_path))
    if digest in _known_valid():
        return []
    validator = _validator(str(schema_path))
    found: dict[tuple[Any, ...], Problem] = {}
    for error in validator.iter_errors(doc.data):
        for problem in _problems(error, doc, schema):
            found.setdefault((problem.path, problem.message), problem)
    if not found:
        _remember_valid(digest)
    return sorted(found.values(), key=lambda p: (p.location.line or 0, p.location.column or 0))
