"""The Spanish terms of the game with their English glosses (``variants/glossary.yaml``).

>>> from rentoy.glossary import gloss
>>> gloss("baza"), gloss("¡Quiero!")
('trick', 'I accept')
>>> raise_gloss("envío", 3), raise_gloss("envío", 2)
('I raise, the first raise, to 3', 'a raise to 2')
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..model.dependencies import raise_words, value_words
from ..core.errors import InputError, Location, Problem
from ..core.i18n import N_, _, data_text
from ..model.ruletable import GAME
from .sources import builtin_dir
from .yamlfile import file_stamp, load_document

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Term", "load_glossary", "gloss", "lookup", "term_key", "raise_gloss",
           "gloss_warnings", "named_value", "shown_gloss"]

_RAISE_FOR_GAME = N_("a raise for the whole game")
_RAISE_TO = N_("a raise to {value}")


# A dataclass, the house's value class: no command reads the glossary before it prints
# (rentoy.frozen.Frozen is kept for the values start-up loads; see bench/startup.py).
@dataclass(frozen=True)
class Term:
    term: str
    gloss: str
    note: str | None = None
    source: tuple[str, ...] = ()


def _key(word: str) -> str:
    """Lower case, without the ¡! and ¿? around calls."""
    return word.strip().strip("¡!¿?.,;:").strip().lower()


def load_glossary(path: str | Path | None = None) -> Mapping[str, Term]:
    """Every term, in file order (``path``: another glossary file)."""
    path = Path(path) if path is not None else builtin_dir() / "glossary.yaml"
    return _load(str(path), file_stamp(path))


@lru_cache(maxsize=8)
def _load(path: str, stamp: int) -> Mapping[str, Term]:
    doc = load_document(path)
    data = doc.mapping("the glossary is a mapping of terms, each with a `gloss`", empty=True)
    out: dict[str, Term] = {}
    for term, entry in data.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("gloss"), str):
            raise InputError(doc.problem((term,), "each term needs a `gloss` (text)"))
        note = entry.get("note")
        if note is not None and not isinstance(note, str):
            raise InputError(doc.problem((term, "note"), "a note is text"))
        source = entry.get("source") or ()
        source = (source,) if isinstance(source, str) else source
        if not isinstance(source, list | tuple) or not all(isinstance(s, str) for s in source):
            raise InputError(doc.problem((term, "source"), "`source` is a source id or a "
                                         "list of them"))
        out[str(term)] = Term(str(term), entry["gloss"], note, tuple(source))
    return out


def lookup(word: str) -> Term | None:
    """The glossary's entry for a Spanish term or call (case, accents and the ¡! around
    a call do not matter), or None when it is not listed."""
    key = _key(word)
    try:
        terms = load_glossary()
    except InputError:
        return None   # a damaged glossary costs the glosses, not the work that shows them
    if key in terms:
        return terms[key]
    folded = _fold(key)
    for term, entry in terms.items():
        if _fold(term) == folded:
            return entry
    return None


def gloss(word: str) -> str | None:
    """The English gloss of a Spanish term or call, or None when it is not listed."""
    found = lookup(word)
    return found.gloss if found is not None else None


def term_key(word: str) -> str:
    """A term or call as the glossary compares and sorts them: lower case, without the
    ¡! and ¿? around calls, and without accents (``"¡Envidó!"`` -> ``"envido"``)."""
    return _fold(_key(word))


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


# ---------------------------------------------------------------------------------------
# The glosses of raise words, against the ladder steps they stand for.

_NAMED = r"\bto (\d+)\b"     # compiled when first used (re keeps it): not at every start


def named_value(text: str | None) -> int | str | None:
    """The ladder value a gloss names: ``"... to 3"`` gives 3, ``"... whole game"``
    gives ``game``; None when it names none."""
    if not text:
        return None
    found = re.search(_NAMED, text)
    if found:
        return int(found.group(1))
    return GAME if "whole game" in text else None


def _names(named: int | str | None, value: Any, target: int | None) -> bool:
    """Whether a gloss naming ``named`` fits a raise to ``value`` (a value that reaches
    the target is the whole game too, as juego fuera is at 12 of 12)."""
    if named is None or named == value:
        return True
    return named == GAME and target is not None and isinstance(value, int) and value >= target


def raise_gloss(word: str | None, value: Any, target: int | None = None) -> str | None:
    """The gloss of the raise word ``word`` for a raise to ``value``: the glossary's,
    unless it names another value; then one made from the ladder, so a raise to 2 is
    never glossed as a raise to 3. ``target``: the points that win the game."""
    if not word:
        return None
    text = gloss(word)
    if not _names(named_value(text), value, target):
        return _RAISE_FOR_GAME if value == GAME else _RAISE_TO.format(value=value)
    return text


def shown_gloss(text: str) -> str:
    """A gloss (the glossary's, or one :func:`raise_gloss` made) in the language spoken
    now: the glossary's through the variants catalog, a made one through rentoy's."""
    if text == _RAISE_FOR_GAME:
        return _(_RAISE_FOR_GAME)
    made = re.fullmatch(r"a raise to (\d+)", text)
    if made:
        return _(_RAISE_TO).format(value=made.group(1))
    return data_text(text)


def gloss_warnings(values: Mapping[str, Any], location: Location, path: tuple[str | int, ...]
                   ) -> list[Problem]:
    """Raise words whose glossary gloss names another value than their ladder step."""
    out = []
    ladder = values.get("ladder") or ()
    for level, word in enumerate(raise_words(values), start=1):
        if level >= len(ladder):
            break
        text = gloss(word)
        if not _names(named_value(text), ladder[level], values.get("target")):
            out.append(Problem(
                f"the raise word {word!r} stands for the raise to "
                f"{value_words(ladder[level])} here, but the glossary glosses it "
                f"\"{text}\"; transcripts gloss it "
                f"\"{raise_gloss(word, ladder[level], values.get('target'))}\" instead",
                location, path + ("raise", level - 1),
                "use a word for that step, or keep it knowingly"))
    return out
