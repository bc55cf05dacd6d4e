"""Tree mutators: each parses a file, changes its tree with rentoy's own vocabulary, and
writes it back.

The line mutators of ``mutators.py`` damage text; these read the file (YAML, or JSON for
the schema), pick a place in its tree and put there what rentoy must refuse or survive,
knowing what the place means: a rule just past its bound (``target``, ``match``,
``players``, ``tricks``, the ladder, from :data:`rentoy.limits.LIMITS`), a variant the
solver cannot analyse, a call word that shadows what a player types, a seat or a number
of thousands of digits, a control character in a title, one long string repeated
through an alias, nested merge keys, ``extends:`` or ``variant:`` pointed at a FIFO, a
device, a symbolic-link loop or a folder, bytes damaged after the writing, a damaged
schema, and a pair of texts that the old two-checksum cache key could not tell apart.

:func:`mutate_tree` returns a :class:`TreeMutant`: the bytes, sometimes a ``twin`` to
write and check after them (the colliding text), and extra commands its class needs
(``compare --solve``).
"""

from __future__ import annotations

import json
import random
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import yaml

from rentoy.limits import LIMITS

#: Long digit runs: past rentoy's own limit, and past Python's (4,300) for int().
LONG_DIGITS = ["9" * 150, "9" * 5000, "1" + "0" * 4400]
#: Text a terminal would act on (window title, screen clear, CSI, bidi override, CR).
CONTROLS = ["\x1b]0;pwned\x07", "\x1b[2J\x1b[H", "\x9b31m", "\u202e", "a\rb", "\x00", "\x7f"]
#: Call words that read at the table as something else.
SHADOWS = ["1", "2", "?", "help", "3c", "play 3c", "Rc", "fold", "quiero", "no quiero",
           "raise", "¡!", "Só"]
#: Rules and walkthrough keys that size work, with values at, just past and far past
#: their bound.
def _edge(name: str) -> list[int]:
    value = LIMITS[name][0]
    return [value, value + 1, value + 2, 10 ** 9, 2 ** 31]


BOUNDED_RULES: dict[str, Callable[[], list[Any]]] = {
    "target": lambda: _edge("MAX_TARGET"),
    "match": lambda: [v | 1 for v in _edge("MAX_MATCH")],
    "players": lambda: [[v - v % 2] for v in _edge("MAX_PLAYERS")] + [[2, 4, 40]],
    "default_players": lambda: _edge("MAX_PLAYERS"),
    "hand_size": lambda: _edge("MAX_HAND_SIZE"),
    "tricks": lambda: [v | 1 for v in _edge("MAX_TRICKS")],
    "tricks_to_win": lambda: _edge("MAX_TRICKS"),
    "ladder": lambda: [list(range(1, LIMITS["MAX_LADDER_STEPS"][0] + 2)),
                       [1, 3, LIMITS["MAX_TARGET"][0] + 1], [1, 10 ** 12],
                       list(range(1, 9000))],
}
#: Variants the solver cannot analyse (too many tricks, or players), valid otherwise.
UNSOLVABLE = [
    {"hand_size": 9, "tricks": 9, "tricks_to_win": 5, "players": [2], "default_players": 2},
    {"hand_size": 3, "players": [10], "default_players": 10},
    {"hand_size": 1, "tricks": 1, "tricks_to_win": 1, "players": [12], "default_players": 12},
]


@dataclass
class TreeMutant:
    """A mutant: its name, its bytes, perhaps a twin checked after it (which must be
    refused with exit status 2), and extra commands its class needs."""

    name: str
    data: bytes
    twin: bytes | None = None
    extra: list[tuple[str, ...]] = field(default_factory=list)


@dataclass
class Specials:
    """Paths the campaign made for ``extends:``/``variant:`` to point at."""

    fifo: Path
    loop: Path
    folder: Path
    outside: Path          # a good file outside the campaign's folders

    def all(self) -> list[str]:
        return [str(self.fifo), str(self.loop), str(self.folder), str(self.outside),
                "/dev/zero", "/dev/null", "/proc/self/mem", str(self.fifo) + "+borrego"]


# -- reading and writing trees --------------------------------------------------------

def _load(text: str, kind: str) -> Any:
    try:
        return json.loads(text) if kind == "schema" else yaml.safe_load(text)
    except (ValueError, yaml.YAMLError):
        return None


def _dump(tree: Any, kind: str) -> str:
    if kind == "schema":
        return json.dumps(tree, indent=1, ensure_ascii=False)
    return yaml.safe_dump(tree, allow_unicode=True, sort_keys=False, width=100)


def _places(tree: Any, path: tuple = ()) -> list[tuple]:
    """Every path to a value in ``tree`` (mappings and lists)."""
    out = [path]
    if isinstance(tree, dict):
        for key, value in tree.items():
            out += _places(value, path + (key,))
    elif isinstance(tree, list):
        for i, value in enumerate(tree):
            out += _places(value, path + (i,))
    return out


def _get(tree: Any, path: tuple) -> Any:
    for part in path:
        tree = tree[part]
    return tree


def _set(tree: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    _get(tree, path[:-1])[path[-1]] = value
    return tree


def _leaves(tree: Any, test: Callable[[Any], bool]) -> list[tuple]:
    return [p for p in _places(tree) if p and test(_get(tree, p))]


# A placeholder that survives dumping, replaced in the text afterwards (for what YAML
# cannot dump: numbers past Python's digit limit, merge keys, raw bytes).
_MARK = "RENTOYMARK{}"


def _substitute(text: str, values: dict[str, str]) -> str:
    for mark, value in values.items():
        text = re.sub(rf"['\"]?{mark}['\"]?", lambda _, v=value: v, text)
    return text


# -- the mutators ---------------------------------------------------------------------

def bound(rng: random.Random, tree: Any, kind: str, specials: Specials) -> Any:
    """A rule (anywhere it is written: rules, an option, a {value: ...} form) or a
    walkthrough number at or past its bound."""
    if kind == "walkthrough" and isinstance(tree, dict):
        key = rng.choice(["players", "dealer", "score", "games", "seed"])
        tree[key] = rng.choice([10 ** 9, 2 ** 63, [10 ** 9, 0], [0, 2 ** 40], 41, 22, -1])
        return tree
    names = [p for p in _places(tree) if p and p[-1] in BOUNDED_RULES]
    if not names:
        if isinstance(tree, dict):
            tree.setdefault("rules", {})
            if isinstance(tree["rules"], dict):
                name = rng.choice(list(BOUNDED_RULES))
                tree["rules"][name] = rng.choice(BOUNDED_RULES[name]())
        return tree
    path = rng.choice(names)
    value = rng.choice(BOUNDED_RULES[path[-1]]())
    current = _get(tree, path)
    if isinstance(current, dict) and "value" in current:
        current["value"] = value
        return tree
    return _set(tree, path, value)


def unsolvable(rng: random.Random, tree: Any, kind: str, specials: Specials) -> Any:
    """A valid variant the solver cannot analyse (the campaign runs ``compare --solve``)."""
    if isinstance(tree, dict) and isinstance(tree.get("rules"), dict):
        for key in ("hand_size", "tricks", "tricks_to_win", "players", "default_players"):
            tree["rules"].pop(key, None)
        tree["rules"].update(rng.choice(UNSOLVABLE))
        tree.pop("options", None)       # an option may not fit the new table
    return tree


def calls(rng: random.Random, tree: Any, kind: str, specials: Specials) -> Any:
    """A call word that reads at the table as a card, a position, ? or another call."""
    if not isinstance(tree, dict):
        return tree
    rules = tree.setdefault("rules", {}) if kind == "variant" else None
    if not isinstance(rules, dict):
        return tree
    calls = rules.get("calls")
    if isinstance(calls, dict) and "value" in calls and isinstance(calls["value"], dict):
        calls = calls["value"]
    if not isinstance(calls, dict):
        calls = rules["calls"] = {}
    which = rng.choice(["accept", "fold", "raise"])
    word = rng.choice(SHADOWS)
    if which == "raise":
        words = list(calls.get("raise") or ["envío", "revío", "nueve", "el rentoy entero"])
        words[rng.randrange(len(words))] = word
        calls["raise"] = words
    else:
        calls[which] = word
    return tree


def control(rng: random.Random, tree: Any, kind: str, specials: Specials) -> Any:
    """A control character (ESC, OSC, CSI, BEL, a bidi override, CR) in a string, or in
    a key."""
    strings = _leaves(tree, lambda v: isinstance(v, str))
    if not strings:
        return tree
    path = rng.choice(strings)
    text = _get(tree, path)
    at = rng.randrange(len(text) + 1)
    bad = rng.choice(CONTROLS)
    if rng.random() < 0.2 and isinstance(_get(tree, path[:-1]), dict):
        parent = _get(tree, path[:-1])
        parent[str(path[-1]) + bad] = parent.pop(path[-1])
        return tree
    return _set(tree, path, text[:at] + bad + text[at:])


def long_number(rng: random.Random, tree: Any, kind: str, specials: Specials
                ) -> tuple[Any, dict[str, str]]:
    """A number (or an action's seat) of far too many digits."""
    digits = rng.choice(LONG_DIGITS)
    actions = _leaves(tree, lambda v: isinstance(v, str) and re.match(r"^\d+ \w", v))
    if actions and rng.random() < 0.5:
        path = rng.choice(actions)
        seat, rest = _get(tree, path).split(" ", 1)
        return _set(tree, path, f"{digits} {rest}"), {}
    numbers = _leaves(tree, lambda v: isinstance(v, int) and not isinstance(v, bool))
    if not numbers:
        return tree, {}
    mark = _MARK.format(rng.randrange(10 ** 6))
    return _set(tree, rng.choice(numbers), mark), {mark: digits}


def amplify(rng: random.Random, tree: Any, kind: str, specials: Specials) -> Any:
    """One long string, repeated through YAML aliases in many places: within every count
    limit, but a few gigabytes once expanded."""
    places = [p for p in _places(tree) if p]
    if not places:
        return tree
    long = "x" * rng.choice([5_000, 20_000])
    shared = [long] * rng.choice([1, 10])       # one list object: dumped once, aliased
    row = [shared] * rng.choice([100, 1_000])
    path = rng.choice(places)
    return _set(tree, path, [row] * rng.choice([1, 19]))


def merge(rng: random.Random, tree: Any, kind: str, specials: Specials
          ) -> tuple[Any, dict[str, str]]:
    """Nested merge keys (``<<``), each level merging the one below twice, or a wide
    mapping merged into many."""
    places = [p for p in _places(tree) if p and isinstance(_get(tree, p[:-1]), dict)]
    if not isinstance(tree, dict) or not places:
        return tree, {}
    mark = _MARK.format(rng.randrange(10 ** 6))
    levels = rng.choice([8, 20, 30])
    if rng.random() < 0.5:
        defs = ["{a: 1, b: 2}"] + [f"{{<<: [*m{k - 1}, *m{k - 1}]}}" for k in range(1, levels)]
    else:
        wide = "{" + ", ".join(f"k{k}: {k}" for k in range(600)) + "}"
        defs = [wide] + [f"{{<<: *m0, z{k}: {k}}}" for k in range(1, levels)]
    text_defs = {f"m{k}": f"&m{k} {d}" for k, d in enumerate(defs)}
    path = rng.choice(places)
    _set(tree, path, mark)
    head = "".join(f"{key}: {value}\n" for key, value in text_defs.items())
    return tree, {mark: f"{{<<: [*m{levels - 1}, *m0]}}", "^": head}


def special(rng: random.Random, tree: Any, kind: str, specials: Specials) -> Any:
    """``extends:`` or ``variant:`` (or any string) pointed at a FIFO, a device, a loop of
    symbolic links, a folder or a file outside the repository."""
    if not isinstance(tree, dict):
        return tree
    key = "variant" if kind == "walkthrough" else "extends"
    if kind in ("walkthrough", "variant"):
        tree[key] = rng.choice(specials.all())
        return tree
    strings = _leaves(tree, lambda v: isinstance(v, str))
    if strings:
        _set(tree, rng.choice(strings), rng.choice(specials.all()))
    return tree


def schema_damage(rng: random.Random, tree: Any, kind: str, specials: Specials
                  ) -> tuple[Any, dict[str, str]]:
    """The schema damaged as a tree: a part removed, retyped or renamed, a rule that is
    not a mapping, a bad type name, a number of many digits, deep nesting."""
    if not isinstance(tree, dict):
        return tree, {}
    kind_of = rng.choice(["drop", "retype", "rename", "rule", "type", "digits", "deep",
                          "top"])
    rules = tree.get("properties", {}).get("rules", {}).get("properties", {})
    if kind_of == "drop":
        tree.pop(rng.choice(["properties", "$defs", "x-required-rules", "type"]), None)
    elif kind_of == "retype" and rules:
        tree["properties"]["rules"]["properties"] = rng.choice([[], 3, "rules", None])
    elif kind_of == "rename" and rules:
        name = rng.choice(list(rules))
        rules[rng.choice(["class", "1x", "a b", name + "s", "__init__"])] = rules.pop(name)
    elif kind_of == "rule" and rules:
        rules[rng.choice(list(rules))] = rng.choice([3, [], "x", None, {"anyOf": 3}])
    elif kind_of == "type" and rules:
        rule = rules[rng.choice(list(rules))]
        if isinstance(rule, dict):
            rule["type"] = rng.choice(["integr", 5, ["string", "nope"]])
    elif kind_of == "digits":
        mark = _MARK.format(rng.randrange(10 ** 6))
        tree["x-number"] = mark
        return tree, {mark: rng.choice(LONG_DIGITS)}
    elif kind_of == "deep":
        mark = _MARK.format(rng.randrange(10 ** 6))
        tree["x-deep"] = mark
        n = rng.choice([500, 5000])
        return tree, {mark: "[" * n + "]" * n}
    else:
        return rng.choice([[], 3, "schema", None]), {}
    return tree, {}


TREE_MUTATORS: dict[str, Callable[..., Any]] = {f.__name__: f for f in (
    bound, unsolvable, calls, control, long_number, amplify, merge, special)}
#: Which mutators fit which kind of file.
FITS = {
    "variant": list(TREE_MUTATORS),
    "walkthrough": ["bound", "control", "long_number", "amplify", "merge", "special"],
    "schema": ["schema_damage"],
}
_DEFAULT_FIT = ["control", "long_number", "amplify", "merge", "special"]


# -- byte damage and colliding twins -----------------------------------------------------

def damage_bytes(rng: random.Random, data: bytes) -> bytes:
    """A few bytes changed after the writing: flipped, a C1 control or an escape put in,
    a multi-byte character cut."""
    raw = bytearray(data)
    for _ in range(rng.choice([1, 1, 2, 8])):
        if not raw:
            break
        at = rng.randrange(len(raw))
        how = rng.choice(["flip", "c1", "esc", "cut"])
        if how == "flip":
            raw[at] ^= 1 << rng.randrange(8)
        elif how == "c1":
            raw[at:at] = rng.choice([b"\xc2\x9b", b"\xc2\x85", b"\xe2\x80\xae"])
        elif how == "esc":
            raw[at:at] = b"\x1b[2J"
        else:
            raw[at:at] = b"\xc3"
    return bytes(raw)


def old_key(data: bytes) -> str:
    """The cache key rentoy once used: two 32-bit checksums and the length."""
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}{len(data):x}"


def colliding_twin(text: str, rng: random.Random) -> tuple[bytes, bytes] | None:
    """Two texts with the same :func:`old_key`: the file with a comment of ``bc`` pairs
    appended, and the same file with one value damaged (four letters changed so that
    Adler-32 stays) and the comment's letters chosen (by Gaussian elimination over the
    bits of CRC-32) so that CRC-32 stays too. None when the file has no word to damage.
    """
    w = bytearray(text.encode("utf-8"))
    words = [m for m in re.finditer(rb"(?<=: )[b-y]{5,}\b", bytes(w))]
    if not words:
        return None
    word = rng.choice(words)
    i = word.start() + 1
    quads = 64
    comment = b"\n# " + b"bccb" * quads + b"\n"
    first = bytes(w) + comment
    damaged = bytearray(first)
    # +1, -1, -1, +1 at i, i+1, i+2, i+3: the sum and the weighted sum of Adler-32 stay.
    for k, d in zip(range(4), (1, -1, -1, 1)):
        damaged[i + k] = (damaged[i + k] + d) % 256
    base = len(w) + 3
    target = zlib.crc32(bytes(damaged)) ^ zlib.crc32(first)

    def flipped(q: int) -> bytes:
        # Quad q turns "bccb" into "cbbc": bit 0 of four bytes, Adler-32 unchanged.
        out = bytearray(first)
        for k in range(4):
            out[base + 4 * q + k] ^= 1
        return bytes(out)

    deltas = [zlib.crc32(flipped(q)) ^ zlib.crc32(first) for q in range(quads)]
    # Solve XOR of a subset of deltas == target over GF(2).
    rows: list[tuple[int, int]] = []        # (vector, subset bitmask), reduced
    for q, delta in enumerate(deltas):
        vector, subset = delta, 1 << q
        for pivot_vector, pivot_subset in rows:
            if vector ^ pivot_vector < vector:
                vector, subset = vector ^ pivot_vector, subset ^ pivot_subset
        if vector:
            rows.append((vector, subset))
            rows.sort(reverse=True)
    vector, subset = target, 0
    for pivot_vector, pivot_subset in rows:
        if vector ^ pivot_vector < vector:
            vector, subset = vector ^ pivot_vector, subset ^ pivot_subset
    if vector:
        return None
    second = bytearray(damaged)
    for q in range(quads):
        if subset >> q & 1:
            for k in range(4):
                second[base + 4 * q + k] ^= 1
    second_bytes = bytes(second)
    if old_key(second_bytes) != old_key(first) or second_bytes == first:
        return None
    return first, second_bytes


# -- one mutant ---------------------------------------------------------------------

def mutate_tree(rng: random.Random, text: str, kind: str, specials: Specials) -> TreeMutant:
    """One tree mutation of ``text`` (a file of ``kind``), sometimes with its bytes
    damaged after; now and then a colliding twin instead."""
    if kind in ("variant", "walkthrough") and rng.random() < 0.06:
        pair = colliding_twin(text, rng)
        if pair is not None:
            return TreeMutant("collide", pair[0], twin=pair[1])
    tree = _load(text, kind)
    if tree is None:
        return TreeMutant("bytes", damage_bytes(rng, text.encode("utf-8")))
    name = rng.choice(FITS.get(kind, _DEFAULT_FIT))
    mutator = schema_damage if name == "schema_damage" else TREE_MUTATORS[name]
    result = mutator(rng, tree, kind, specials)
    tree, marks = result if isinstance(result, tuple) else (result, {})
    head = marks.pop("^", "")
    out = _substitute(_dump(tree, kind), marks)
    if head and kind != "schema":
        out = head + out
    data = out.encode("utf-8")
    if rng.random() < 0.12:
        data = damage_bytes(rng, data)
        name += "+bytes"
    extra: list[tuple[str, ...]] = []
    if name.startswith("unsolvable") and kind == "variant":
        extra.append(("solve-variant",))
    return TreeMutant(name, data, extra=extra)
