"""The frozen value classes (rentoy.frozen): they behave as frozen dataclasses do, and
the commands that only read variants load neither dataclasses nor typing."""

from __future__ import annotations

import copy
import dataclasses
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from rentoy.frozen import Frozen, FrozenError, field, fields, replace

ROOT = Path(__file__).resolve().parent.parent


class Span(Frozen):
    start: int
    end: int = 0
    tags: list[str] = field(default_factory=list)
    where: str | None = field(default=None, compare=False, repr=False)


class Mark(Frozen):
    at: int
    note: str = field(default="", compare=False)


class Node(Frozen, eq=False):
    name: str


class Labelled(Span):
    label: str = ""


@dataclasses.dataclass(frozen=True)
class SpanDC:
    start: int
    end: int = 0
    tags: list[str] = dataclasses.field(default_factory=list)
    where: str | None = dataclasses.field(default=None, compare=False, repr=False)


def test_construction_by_position_and_keyword_with_defaults() -> None:
    assert Span(1, 2).end == 2 and Span(start=1).end == 0 and Span(1).tags == []
    assert Span(1).tags is not Span(1).tags         # a factory's value is never shared
    assert fields(Span) == ("start", "end", "tags", "where") == fields(Span(1))
    assert Span.__match_args__ == fields(Span)


@pytest.mark.parametrize("args, kwargs, message", [
    ((), {}, "missing 'start'"),
    ((1, 2, [], None, 5), {}, "takes 4 positional arguments but 5 were given"),
    ((1,), {"start": 2}, "multiple values for 'start'"),
    ((1,), {"size": 2}, "unexpected keyword 'size'"),
    ((1, 2, [], None), {"size": 2}, "unexpected keyword 'size'"),
    ((1,), {"end": 2, "tags": [], "size": 2}, "unexpected keyword 'size'"),
])
def test_wrong_arguments_are_type_errors(args: tuple[object, ...], kwargs: dict[str, object],
                                         message: str) -> None:
    with pytest.raises(TypeError, match=message):
        Span(*args, **kwargs)       # type: ignore[arg-type, call-arg, misc]


def test_equality_hashing_and_repr_as_a_frozen_dataclass() -> None:
    a, b = Span(1, 2, ["x"], where="here"), Span(1, 2, ["x"], where="there")
    assert a == b and a != Span(1, 3) and a != (1, 2)      # `where` is not compared
    assert hash(Mark(1, "p")) == hash(Mark(1, "q")) != hash(Mark(2, "p"))
    assert repr(a) == repr(SpanDC(1, 2, ["x"], where="here")).replace("SpanDC", "Span")
    assert Node("n") != Node("n") and len({Node("n"), Node("n")}) == 2   # identity
    with pytest.raises(TypeError):
        hash(a)                     # a list field: unhashable, as a dataclass's is


def test_a_frozen_value_cannot_be_changed() -> None:
    span = Span(1)
    with pytest.raises(FrozenError, match="cannot assign to field 'end'"):
        span.end = 4                # type: ignore[misc]
    with pytest.raises(AttributeError):
        del span.start              # type: ignore[misc]
    assert replace(span, end=4) == Span(1, 4) and span.end == 0
    with pytest.raises(TypeError):
        replace(span, size=3)
    with pytest.raises(TypeError, match="takes a Frozen value"):
        replace(SpanDC(1), end=2)   # type: ignore[type-var]


def test_an_unknown_keyword_in_place_of_a_field_is_a_type_error() -> None:
    class Point(Frozen):
        x: int
        y: int

    with pytest.raises(TypeError, match="unexpected keyword 'z'"):
        Point(1, z=2)               # type: ignore[call-arg]


def test_a_class_extending_another_has_its_fields_first() -> None:
    assert fields(Labelled) == ("start", "end", "tags", "where", "label")
    assert Labelled(1, label="x").label == "x" and Labelled(1) != Span(1)


def test_a_field_without_default_after_one_with_a_default_is_refused() -> None:
    with pytest.raises(TypeError, match="without a default follows one with a default"):
        class Bad(Frozen):          # noqa: F841
            a: int = 0
            b: int


def test_frozen_values_pickle_and_copy() -> None:
    span = Span(1, 2, ["x"], where="here")
    for again in (pickle.loads(pickle.dumps(span)), copy.copy(span), copy.deepcopy(span)):
        assert again == span and again.where == "here" and type(again) is Span


def test_a_variant_survives_a_process_boundary() -> None:
    from rentoy.variants import load_variant

    variant = load_variant("1737+borrego")
    again = pickle.loads(pickle.dumps(variant))
    assert again.rules == variant.rules and again.provenance == variant.provenance
    assert again.id == "1737+borrego"


@pytest.mark.parametrize("command", [["variants"], ["rules", "1737"]])
def test_reading_commands_load_neither_dataclasses_nor_typing(command: list[str],
                                                              tmp_path: Path) -> None:
    # What keeps start-up short (docs/development.md): both cost more than a bare
    # start of the interpreter. The first run fills the caches (it parses and validates
    # the files, with libraries that load both); the second is every later start.
    env = {**os.environ, "RENTOY_CACHE_DIR": str(tmp_path)}
    code = ("import os, sys, rentoy.cli\n"
            f"sys.argv = ['rentoy', *{command!r}]\n"
            "sys.stdout = open(os.devnull, 'w')\n"
            "try:\n    rentoy.cli.main()\nexcept SystemExit:\n    pass\n"
            "sys.stdout = sys.__stdout__\n"
            "print(sorted({'dataclasses', 'typing', 'inspect'} & set(sys.modules)))")
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True, cwd=ROOT, env=env)
    assert done.stdout.strip() == "[]"
