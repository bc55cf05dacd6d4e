"""Mutators: each damages the text of a YAML file in one way, driven by a seeded RNG.

A mutator takes ``(rng, text)`` and returns the damaged file as bytes. Most work on
lines (``key: value`` pairs, list items), so they apply to every kind of file rentoy
reads: variants, walkthroughs, the bibliography and the glossary.
"""

from __future__ import annotations

import random
import re
from typing import Callable

Mutator = Callable[[random.Random, str], bytes]

_VALUE = re.compile(r"^(?P<lead>\s*(?:- )?[\w+\-]+: )(?P<value>\S.*)$")
_ITEM = re.compile(r"^(?P<lead>\s*- )(?P<value>\S.*)$")
_CARD = re.compile(r"\b(?:[1-7]|1[0-2]|[ASCR])[oceb]\b")

#: Values of every YAML type, and the awkward ones.
ODD_VALUES = [
    "0", "-1", "3.0", "4.0", "12.0", "1e3", ".inf", "-.inf", ".nan", "10" * 30, "true", "no",
    "null", "~", '""', "''", "[]", "{}", "[1, 2]", "{a: 1}", "x", "game", "2013-01-01",
    "0x1F", "0o17", "1_000", '"\\u0000"', "'\t'", "|\n  text", "&a 1", "*nothere",
    "[[[]]]", "{value: 3}", "{value: 3, status: maybe}", "{status: attested}",
]
#: Tags, from the harmless to the refused.
TAGS = ["!!bool maybe", "!!timestamp abc", '!!int ""', '!!float ""', '!!int "-"',
        "!!int 3", "!!str 3", "!!binary aGVsbG8=", "!!null x", "!!float 3",
        "!!python/object/apply:os.system", "!!python/tuple", "!!python/name:os.system",
        "!!set", "!!omap", "!!pairs", "!foo", "!<tag:yaml.org,2002:int>", "!!merge"]
BAD_CARDS = ["9o", "8c", "13b", "0e", "1x", "oo", "1", "12", "Zb", "1o1o", "", "1O"]


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _join(lines: list[str]) -> bytes:
    return "\n".join(lines).encode("utf-8")


def _pick_line(rng: random.Random, lines: list[str], pattern: re.Pattern | None = None
               ) -> int | None:
    candidates = [i for i, line in enumerate(lines)
                  if line.strip() and not line.lstrip().startswith("#")
                  and (pattern is None or pattern.match(line))]
    return rng.choice(candidates) if candidates else None


def delete_line(rng: random.Random, text: str) -> bytes:
    lines = _lines(text)
    i = _pick_line(rng, lines)
    if i is not None:
        del lines[i: i + rng.choice([1, 1, 1, 2, 5])]
    return _join(lines)


def duplicate_line(rng: random.Random, text: str) -> bytes:
    lines = _lines(text)
    i = _pick_line(rng, lines)
    if i is not None:
        lines.insert(rng.randrange(len(lines) + 1), lines[i])
    return _join(lines)


def swap_lines(rng: random.Random, text: str) -> bytes:
    lines = _lines(text)
    i, j = _pick_line(rng, lines), _pick_line(rng, lines)
    if i is not None and j is not None:
        lines[i], lines[j] = lines[j], lines[i]
    return _join(lines)


def reindent(rng: random.Random, text: str) -> bytes:
    lines = _lines(text)
    i = _pick_line(rng, lines)
    if i is not None:
        lines[i] = rng.choice(["", " ", "  ", "    ", "\t"]) + lines[i].lstrip()
    return _join(lines)


def truncate(rng: random.Random, text: str) -> bytes:
    raw = text.encode("utf-8")
    return raw[:rng.randrange(len(raw) + 1)]


def swap_type(rng: random.Random, text: str) -> bytes:
    """A value (of a key or a list item) replaced by one of another type."""
    lines = _lines(text)
    i = _pick_line(rng, lines, _VALUE) if rng.random() < 0.7 else None
    pattern = _VALUE if i is not None else _ITEM
    if i is None:
        i = _pick_line(rng, lines, _ITEM)
    if i is not None:
        match = pattern.match(lines[i])
        assert match
        lines[i] = match["lead"] + rng.choice(ODD_VALUES)
    return _join(lines)


def whole_float(rng: random.Random, text: str) -> bytes:
    """A whole number written as a float (``3`` -> ``3.0``)."""
    numbers = list(re.finditer(r"(?<![\w.\-])\d+(?![\w.])", text))
    if not numbers:
        return text.encode("utf-8")
    m = rng.choice(numbers)
    return (text[:m.start()] + m.group() + ".0" + text[m.end():]).encode("utf-8")


def odd_number(rng: random.Random, text: str) -> bytes:
    numbers = list(re.finditer(r"(?<![\w.\-])\d+(?![\w.])", text))
    if not numbers:
        return text.encode("utf-8")
    m = rng.choice(numbers)
    new = rng.choice(["-1", "0", "1", "2", "3", "5", "7", "8", "10", "13", "40", "41", "99",
                      "10" * 40, "1.5", "-0", "true", "'3'"])
    return (text[:m.start()] + new + text[m.end():]).encode("utf-8")


def wrong_card(rng: random.Random, text: str) -> bytes:
    cards = list(_CARD.finditer(text))
    if not cards:
        return swap_type(rng, text)
    m = rng.choice(cards)
    if rng.random() < 0.5:
        new = rng.choice(BAD_CARDS)
    else:                              # a real card, likely dealt twice now
        new = rng.choice([c.group() for c in cards])
    return (text[:m.start()] + new + text[m.end():]).encode("utf-8")


def add_tag(rng: random.Random, text: str) -> bytes:
    lines = _lines(text)
    i = _pick_line(rng, lines, _VALUE)
    if i is not None:
        match = _VALUE.match(lines[i])
        assert match
        tag = rng.choice(TAGS)
        keep = match["value"] if " " not in tag else ""
        lines[i] = match["lead"] + tag + (" " + keep if keep else "")
    return _join(lines)


def alias(rng: random.Random, text: str) -> bytes:
    """Anchors and aliases: undefined, self-referencing, or an expanding bomb."""
    kind = rng.choice(["undefined", "self", "bomb", "merge", "reuse"])
    lines = _lines(text)
    i = _pick_line(rng, lines, _VALUE)
    if i is None:
        return text.encode("utf-8")
    match = _VALUE.match(lines[i])
    assert match
    if kind == "undefined":
        lines[i] = match["lead"] + "*nothere"
    elif kind == "self":
        lines[i] = match["lead"] + "&me [*me]"
    elif kind == "merge":
        lines[i] = match["lead"] + "{<<: {a: 1}, b: 2}"
    elif kind == "reuse":
        j = _pick_line(rng, lines, _VALUE)
        other = _VALUE.match(lines[j]) if j is not None else None
        if other is not None and j != i:
            lines[j] = other["lead"] + "&x " + other["value"]
            lines[i] = match["lead"] + "*x"
    else:
        bomb = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for k in range(1, 9):
            bomb.append(f"a{k}: &a{k} [" + ", ".join([f"*a{k - 1}"] * 10) + "]")
        lines[i] = match["lead"] + "*a8"
        lines = bomb + lines
    return _join(lines)


def deepen(rng: random.Random, text: str) -> bytes:
    lines = _lines(text)
    i = _pick_line(rng, lines, _VALUE)
    if i is not None:
        match = _VALUE.match(lines[i])
        assert match
        n = rng.choice([70, 500, 5000, 50_000])
        open_, close = rng.choice([("[", "]"), ("{a: ", "}")])
        lines[i] = match["lead"] + open_ * n + "1" + close * n
    return _join(lines)


def grow(rng: random.Random, text: str) -> bytes:
    """Size: a long string, a long list, many keys, or a file over the size limit."""
    lines = _lines(text)
    i = _pick_line(rng, lines, _VALUE)
    kind = rng.choice(["string", "list", "block-list", "keys", "file"])
    if kind == "file":
        return (text + "\n#" + "x" * 1_100_000 + "\n").encode("utf-8")
    if i is None:
        return text.encode("utf-8")
    match = _VALUE.match(lines[i])
    assert match
    if kind == "string":
        lines[i] = match["lead"] + '"' + "x" * rng.choice([30_000, 900_000]) + '"'
    elif kind == "list":
        lines[i] = match["lead"] + "[" + "1, " * rng.choice([12_000, 200_000]) + "]"
    elif kind == "block-list":
        indent = " " * (len(match["lead"]) - len(match["lead"].lstrip()) + 2)
        lines[i] = match["lead"].rstrip()
        lines[i + 1:i + 1] = [indent + "- 0 raise"] * 20_000
    else:
        indent = " " * (len(match["lead"]) - len(match["lead"].lstrip()) + 2)
        lines[i] = match["lead"].rstrip()
        lines[i + 1:i + 1] = [f"{indent}k{n}: {n}" for n in range(15_000)]
    return _join(lines)


def encode(rng: random.Random, text: str) -> bytes:
    """Encodings and bytes YAML refuses."""
    kind = rng.choice(["latin-1", "utf-16", "bom", "nul", "control", "invalid", "crlf", "cr"])
    if kind == "latin-1":
        return ("# \u00c1vila\n" + text).encode("latin-1", "replace")
    if kind == "utf-16":
        return text.encode("utf-16")
    if kind == "bom":
        return b"\xef\xbb\xbf" + text.encode("utf-8")
    if kind == "crlf":
        return text.replace("\n", "\r\n").encode("utf-8")
    if kind == "cr":
        return text.replace("\n", "\r").encode("utf-8")
    raw = text.encode("utf-8")
    at = rng.randrange(len(raw) + 1)
    insert = {"nul": b"\x00", "control": bytes([rng.choice([1, 7, 8, 27, 127])]),
              "invalid": rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80\x80"])}[kind]
    return raw[:at] + insert + raw[at:]


def rename_key(rng: random.Random, text: str) -> bytes:
    lines = _lines(text)
    i = _pick_line(rng, lines, _VALUE)
    if i is not None:
        match = _VALUE.match(lines[i])
        assert match
        lead = match["lead"]
        key = lead.strip().lstrip("- ").rstrip(": ")
        new = rng.choice([key[:-1] or "k", key + "s", key.upper(), "1", "on", "<<", "? x",
                          "id", "rules", "variant", "extends"])
        lines[i] = lead.replace(key, new, 1) + match["value"]
    return _join(lines)


def replace_document(rng: random.Random, text: str) -> bytes:
    """The whole file as something else: empty, a list, a scalar, several documents."""
    return rng.choice([b"", b"\n", b"- a\n- b\n", b"3\n", b"null\n", b"[]\n", b"---\n---\n",
                       text.encode("utf-8") + b"\n---\n" + text.encode("utf-8"),
                       b"%YAML 1.1\n---\na: 1\n", b"a: 1\n...\nb: 2\n"])


#: Every mutator, by name.
MUTATORS: dict[str, Mutator] = {f.__name__: f for f in (
    delete_line, duplicate_line, swap_lines, reindent, truncate, swap_type, whole_float,
    odd_number, wrong_card, add_tag, alias, deepen, grow, encode, rename_key,
    replace_document)}
#: The mutators that make big files (used less often: they are slow to read).
HEAVY = {"grow"}


def mutate(rng: random.Random, text: str) -> tuple[str, bytes]:
    """One random mutation (sometimes two stacked); returns its name and the bytes."""
    names = [n for n in MUTATORS if n not in HEAVY]
    name = "grow" if rng.random() < 0.03 else rng.choice(names)
    out = MUTATORS[name](rng, text)
    if name not in HEAVY and rng.random() < 0.2:
        try:
            second = rng.choice(names)
            out = MUTATORS[second](rng, out.decode("utf-8"))
            name += "+" + second
        except UnicodeDecodeError:
            pass
    return name, out
