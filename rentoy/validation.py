"""JSON Schema validation of YAML documents, with errors people can act on.

:func:`schema_problems` runs a JSON Schema over a :class:`~rentoy.yamlfile.Document`
and turns each failure into a :class:`~rentoy.errors.Problem` at the line of the
offending key: an unknown key gets the nearest valid one as a hint ("did you mean
`arrastre`?"), an enum gets its allowed values, a type its expected type.
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from .errors import Problem, suggest
from .yamlfile import Document

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = ["schema_problems", "load_schema", "resolve_ref", "cache_dir"]

_TYPE_NAMES = {"string": "a string", "integer": "a whole number", "number": "a number",
               "boolean": "true or false", "array": "a list", "object": "a mapping",
               "null": "empty (null)"}


@lru_cache(maxsize=None)
def _schema_text(path: str) -> str:
    return Path(path).read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def load_schema(path: str) -> dict[str, Any]:
    return json.loads(_schema_text(path))


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (dict, list)):
        return "a mapping" if isinstance(value, dict) else "a list"
    return repr(value)


def _expected_type(schema: dict[str, Any]) -> str:
    types: Any = schema.get("type")
    if isinstance(types, list):
        return " or ".join(str(_TYPE_NAMES.get(t, t)) for t in types)
    return _TYPE_NAMES.get(types, str(types))


def resolve_ref(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with its ``$ref`` followed (``#/$defs/status`` -> that part of
    ``root``), again while the target is itself a reference; other schemas as they are."""
    while isinstance(schema, dict) and "$ref" in schema:
        ref = schema["$ref"]
        node: Any = root
        for part in ref.lstrip("#/").split("/"):
            node = node[part]
        schema = node
    return schema


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
        return f"write {int(value)}, without the decimal point"
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
        yield doc.problem(path, f"{_describe(error.instance)} is not allowed here; expected "
                          + " or ".join(dict.fromkeys(choices)), _whole_float(error.instance))
        return
    if kind == "additionalProperties":
        allowed = list(error.schema.get("properties", {}))
        extra = [k for k in error.instance if k not in allowed]
        for key in extra:
            hint = suggest(key, allowed) or (
                f"known keys: {', '.join(allowed)}" if allowed else None)
            yield doc.problem(path + (key,), f"unknown key `{key}`", hint, key=True)
        return
    if kind == "required":
        missing = [k for k in error.validator_value if k not in error.instance]
        for key in missing:
            yield doc.problem(path, f"missing key `{key}`", key=True)
        return
    if kind == "enum":
        allowed = error.validator_value
        hint = suggest(error.instance, [a for a in allowed if isinstance(a, str)]) \
            if isinstance(error.instance, str) else None
        yield doc.problem(path, f"{_describe(error.instance)} is not allowed; use one of "
                          + ", ".join(_describe(a) if not isinstance(a, str) else a
                                      for a in allowed), hint)
        return
    if kind == "const":
        yield doc.problem(path, f"{_describe(error.instance)} is not allowed; expected "
                          f"{error.validator_value!r}")
        return
    if kind == "type":
        yield doc.problem(path, f"expected {_expected_type(error.schema)}, "
                          f"got {_describe(error.instance)}", _whole_float(error.instance))
        return
    if kind == "pattern" and "propertyNames" in error.absolute_schema_path:
        # A key that breaks the naming rule (an option id, say): point at the key.
        yield doc.problem(path + (error.instance,), f"the name {_describe(error.instance)} "
                          "is not allowed: use lower-case letters, digits and hyphens",
                          key=True)
        return
    if kind == "pattern":
        what = error.schema.get("description", f"text matching {error.validator_value}")
        yield doc.problem(path, f"{_describe(error.instance)} is not valid here: expected {what}")
        return
    if kind == "propertyNames":
        yield doc.problem(path, f"the name {_describe(error.instance)} is not allowed: use "
                          "lower-case letters, digits and hyphens", key=True)
        return
    if kind in ("minItems", "maxItems"):
        n = error.validator_value
        yield doc.problem(path, f"this list has {len(error.instance)} items; it needs "
                          f"{'at least' if kind == 'minItems' else 'at most'} {n}")
        return
    if kind == "uniqueItems":
        yield doc.problem(path, "this list repeats an item; each may appear once")
        return
    if kind in ("minimum", "maximum"):
        yield doc.problem(path, f"{_describe(error.instance)} is too "
                          f"{'small' if kind == 'minimum' else 'large'}: the "
                          f"{kind} is {error.validator_value}")
        return
    if kind == "minProperties":
        yield doc.problem(path, "this mapping is empty; it needs at least one key")
        return
    yield doc.problem(path, error.message)


@lru_cache(maxsize=None)
def _validator_class() -> Any:
    """Draft 2020-12 with one change: ``"type": "integer"`` is a whole number written as
    one. JSON Schema counts ``3.0`` as an integer, but a rule written ``3.0`` is a float
    to Python and would only fail later, in play; it is refused at its line instead."""
    import jsonschema  # imported here: only needed when a file is checked

    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int)
        and not isinstance(value, bool))
    return jsonschema.validators.extend(base, type_checker=checker)


@lru_cache(maxsize=None)
def _validator(path: str) -> Any:
    """The schema's validator, built once per process."""
    return _validator_class()(load_schema(path))


# Documents known to be valid, remembered across runs so that reading the built-in
# variants does not import and run the validator each time. An entry is a hash of the
# schema's text and the document's data, so editing either (or a document parsed from
# other text under the same name) simply misses. Only valid documents are remembered:
# an invalid one is always validated again, to report its problems.
_VALID_FILE = "valid-documents.json"
_VALID_KEEP = 512


def cache_dir() -> Path | None:
    """Where rentoy keeps its caches: ``RENTOY_CACHE_DIR``, else ``$XDG_CACHE_HOME/rentoy``,
    else ``~/.cache/rentoy``; None when ``RENTOY_CACHE_DIR`` is set empty (no caching)."""
    env = os.environ.get("RENTOY_CACHE_DIR")
    if env is not None:
        return Path(env) if env else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "rentoy"


def _checksum(data: bytes) -> str:
    # Two 32-bit checksums and the length: ample to tell documents apart by accident, and
    # zlib loads in a fraction of the time hashlib (OpenSSL) takes at start-up.
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}{len(data):x}"


@lru_cache(maxsize=None)
def _schema_digest(path: str) -> str:
    # Of the text the schema was read from: any edit changes it, and writing the parsed
    # schema out again (sorted) took half a millisecond at every start.
    return _checksum(_schema_text(path).encode("utf-8"))


# Bumped whenever what the validator accepts changes beyond the schema's text (as when
# whole numbers became strict), so that nothing remembered under the old reading is reused.
_VALIDATOR_VERSION = "strict-integers-1"


def _digest(doc: Document, schema_path: str) -> str:
    # repr keeps apart what JSON would merge (1, "1" and True; int and str keys).
    text = f"{_VALIDATOR_VERSION}\n{_schema_digest(schema_path)}\n{doc.data!r}"
    return _checksum(text.encode("utf-8", "surrogatepass"))


_known: list[str] | None = None


def _known_valid() -> list[str]:
    global _known
    if _known is None:
        _known = []
        folder = cache_dir()
        if folder is not None:
            try:
                loaded = json.loads((folder / _VALID_FILE).read_text(encoding="utf-8"))
                if isinstance(loaded, list):
                    _known = [k for k in loaded if isinstance(k, str)]
            except (OSError, ValueError):
                pass
    return _known


def _remember_valid(digest: str) -> None:
    known = _known_valid()
    known.append(digest)
    del known[:-_VALID_KEEP]
    from .files import write_cache

    write_cache(cache_dir(), _VALID_FILE, json.dumps(known))


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
    found: dict[tuple, Problem] = {}
    for error in validator.iter_errors(doc.data):
        for problem in _problems(error, doc, schema):
            found.setdefault((problem.path, problem.message), problem)
    if not found:
        _remember_valid(digest)
    return sorted(found.values(), key=lambda p: (p.location.line or 0, p.location.column or 0))
