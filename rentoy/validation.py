"""JSON Schema validation of YAML documents, with errors people can act on.

:func:`schema_problems` runs a JSON Schema over a :class:`~rentoy.yamlfile.Document`
and turns each failure into a :class:`~rentoy.errors.Problem` at the line of the
offending key: an unknown key gets the nearest valid one as a hint ("did you mean
`arrastre`?"), an enum gets its allowed values, a type its expected type.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from .errors import Problem, suggest
from .yamlfile import Document

__all__ = ["schema_problems", "load_schema", "resolve_ref"]

_TYPE_NAMES = {"string": "a string", "integer": "a whole number", "number": "a number",
               "boolean": "true or false", "array": "a list", "object": "a mapping",
               "null": "empty (null)"}


@lru_cache(maxsize=None)
def load_schema(path: str) -> dict[str, Any]:
    return json.loads(Path(path).read_text(encoding="utf-8"))


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
                          + " or ".join(dict.fromkeys(choices)))
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
                          f"got {_describe(error.instance)}")
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


def schema_problems(doc: Document, schema_path: str | Path) -> list[Problem]:
    """Every schema violation in ``doc``, as problems sorted by position."""
    import jsonschema  # imported here: only needed when a file is checked

    schema = load_schema(str(schema_path))
    validator = jsonschema.Draft202012Validator(schema)
    found: dict[tuple, Problem] = {}
    for error in validator.iter_errors(doc.data):
        for problem in _problems(error, doc, schema):
            found.setdefault((problem.path, problem.message), problem)
    return sorted(found.values(), key=lambda p: (p.location.line or 0, p.location.column or 0))
