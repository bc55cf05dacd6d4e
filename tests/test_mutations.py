"""Mutation fuzzing of variant files: damaged input is refused cleanly, never a crash.

Valid variant files (the built-ins and the fixtures) are mutated: keys dropped or
renamed, values replaced with garbage of any type, values buried in deep nesting,
text cut, spliced with random unicode, or broken YAML. Loading the result must either
succeed, and then the variant must play a hand, or raise
:class:`~rentoy.errors.VariantError` / :class:`~rentoy.errors.InputError` whose every
problem names a file and a line. Any other exception is a bug.
"""

from __future__ import annotations

import copy
import itertools
import math
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rentoy.engine import Hand
from rentoy.errors import InputError
from rentoy.sources import builtin_dir
from rentoy.variants import builtin_ids, check_variant_file

FIXTURES = Path(__file__).parent / "fixtures" / "variants"
SOURCES = sorted([builtin_dir() / f"{vid}.yaml" for vid in builtin_ids()]
                 + list(FIXTURES.glob("*.yaml")))
TEXTS = {path.name: path.read_text(encoding="utf-8") for path in SOURCES}
DATA = {name: yaml.safe_load(text) for name, text in TEXTS.items()}
_counter = itertools.count()

# The number of examples comes from the hypothesis profile (HYPOTHESIS_PROFILE=soak for
# a long run); the default profile keeps the file to a few seconds.
FUZZ = settings(deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10**12, 10**12), st.integers(-3, 45),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.sampled_from(["game", "2T", "5b", "Rc", "8o", "follow", "overtrump", "any",
                     "attested", "source-es", "1737", "avila", "", "+", "../x.yaml",
                     "borrego", "∞", "\u202e", "~"]))
garbage = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.one_of(st.text(max_size=8), st.integers()),
                                            inner, max_size=4)),
    max_leaves=12)


def _paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    """Every key path in a data tree (mapping keys and list indices)."""
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            out.extend(_paths(value, prefix + (key,)))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out.extend(_paths(value, prefix + (i,)))
    return out


def _parent(tree: Any, path: tuple) -> Any:
    for part in path[:-1]:
        tree = tree[part]
    return tree


def _write(tmp: Path, text: str | bytes) -> Path:
    path = tmp / f"mutant-{next(_counter)}.yaml"
    if isinstance(text, str):
        text = text.encode("utf-8", "surrogatepass")
    path.write_bytes(text)
    return path


def _dump(data: Any) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def check_outcome(path: Path) -> None:
    """Load ``path``: a playable variant, or located problems; anything else fails."""
    try:
        variant = check_variant_file(path)
    except InputError as exc:                       # VariantError is an InputError too
        assert exc.problems
        for problem in exc.problems:
            assert problem.location.file, f"no file: {problem}"
            assert problem.location.line is not None, f"no line: {problem}"
            assert str(problem)
        return
    # Accepted: it must play a hand from deal to result.
    rng = random.Random(0)
    for players in variant.rules.players[:2]:
        hand = Hand(variant, players=players, rng=rng)
        for _ in range(players * variant.rules.tricks + 2 * len(variant.rules.ladder) + 1):
            if hand.is_over:
                break
            actions = hand.legal_actions()
            hand.apply(actions[int(rng.random() * len(actions))])
        assert hand.is_over


@pytest.fixture(scope="module")
def tmp(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("mutants")


@FUZZ
@given(name=st.sampled_from(sorted(DATA)), data=st.data())
def test_dropped_keys(tmp, name, data):
    tree = copy.deepcopy(DATA[name])
    paths = [p for p in _paths(tree)]
    for path in data.draw(st.lists(st.sampled_from(paths), min_size=1, max_size=3,
                                   unique=True)):
        try:
            parent = _parent(tree, path)
            del parent[path[-1]]
        except (KeyError, IndexError, TypeError):
            pass                                    # already gone with its parent
    check_outcome(_write(tmp, _dump(tree)))


@FUZZ
@given(name=st.sampled_from(sorted(DATA)), data=st.data())
def test_garbage_values_and_keys(tmp, name, data):
    tree = copy.deepcopy(DATA[name])
    for _ in range(data.draw(st.integers(1, 3))):
        paths = _paths(tree)
        if not paths:
            break
        path = data.draw(st.sampled_from(paths))
        parent = _parent(tree, path)
        how = data.draw(st.sampled_from(["value", "key", "nest", "type"]))
        if how == "key" and isinstance(parent, dict):
            value = parent.pop(path[-1])
            parent[data.draw(st.one_of(st.text(max_size=10), st.integers(), st.booleans()))] \
                = value
        elif how == "nest":
            value = parent[path[-1]]
            for _ in range(data.draw(st.integers(1, 90))):
                value = [value] if data.draw(st.booleans()) else {"value": value}
            parent[path[-1]] = value
        elif how == "type":
            value = parent[path[-1]]
            parent[path[-1]] = str(value) if not isinstance(value, str) else [value]
        else:
            parent[path[-1]] = data.draw(garbage)
    try:
        text = _dump(tree)
    except (yaml.YAMLError, RecursionError):
        return                                      # not expressible as YAML
    check_outcome(_write(tmp, text))


@FUZZ
@given(name=st.sampled_from(sorted(TEXTS)), data=st.data())
def test_damaged_text(tmp, name, data):
    text = TEXTS[name]
    for _ in range(data.draw(st.integers(1, 3))):
        how = data.draw(st.sampled_from(["cut", "splice", "line", "indent", "bytes"]))
        at = data.draw(st.integers(0, len(text)))
        if how == "cut":
            text = text[:at] + text[at + data.draw(st.integers(1, 200)):]
        elif how == "splice":
            text = text[:at] + data.draw(st.text(min_size=1, max_size=20)) + text[at:]
        elif how == "line":
            lines = text.splitlines(keepends=True)
            i = data.draw(st.integers(0, max(len(lines) - 1, 0)))
            lines.insert(i, lines[i] if lines else "x\n")      # a duplicated line
            text = "".join(lines)
        elif how == "indent":
            lines = text.splitlines(keepends=True)
            i = data.draw(st.integers(0, max(len(lines) - 1, 0)))
            if lines:
                lines[i] = data.draw(st.sampled_from([" ", "\t", "  - ", "? "])) + lines[i]
            text = "".join(lines)
        else:
            raw = text.encode("utf-8", "surrogatepass")
            raw = raw[:at] + data.draw(st.binary(min_size=1, max_size=4)) + raw[at:]
            check_outcome(_write(tmp, raw))
            return
    check_outcome(_write(tmp, text))


@pytest.mark.parametrize("text", [
    "", "---\n", "[]\n", "null\n", "42\n", "'just a string'\n", "id: x\n", "name: y\n",
    "id: [x]\nname: y\n", "id: x\nname: y\nextends: x\n",
    "id: x\nname: y\nextends: '1737+nope'\n", "id: x\nname: y\nextends: '1737+borrego'\n",
    "id: x\nname: y\nextends: '1737'\nrules: []\n",
    "id: x\nname: y\nextends: '1737'\nrules: {ladder: [1, 10000000000000000000000]}\n",
    "id: x\nname: y\nextends: '1737'\nrules: {target: 1}\n",
    "id: x\nname: y\nextends: '1737'\nrules: {players: [38], default_players: 38,"
    " hand_size: 1, tricks: 1, tricks_to_win: 1}\n",
    "id: x\nname: y\nextends: '1737'\noptions: {o: {rules: {}, status: assumed}}\n",
    "id: x\nname: y\nextends: '1737'\nrules: {calls: {raise: [a, b, c, d, e, f, g]}}\n",
    "id: x\nname: y\nextends: '1737'\nrules: {top_cards: [2T, 2o, 4T, 5b, 11o, 1e]}\n",
    "&a {id: x, name: y, extends: '1737', rules: {ladder: *a}}\n",
    "id: x\nname: y\nextends: '" + "../" * 40 + "x.yaml'\n",
    "id: x\nname: y\nextends: '" + "a" * 5000 + "'\n",
    "id: x\nname: !!binary aGVsbG8=\n",
    "id: .nan\nname: y\n", "id: 1e400\nname: y\n",
    "\ufeffid: x\nname: y\nextends: '1737'\n",
])
def test_awkward_files(tmp, text):
    check_outcome(_write(tmp, text))


def test_nan_and_infinity_are_refused_as_numbers(tmp):
    path = _write(tmp, "id: x\nname: y\nextends: '1737'\nrules: {target: .inf}\n")
    with pytest.raises(InputError):
        check_variant_file(path)
    assert math.isinf(yaml.safe_load(path.read_text())["rules"]["target"])
