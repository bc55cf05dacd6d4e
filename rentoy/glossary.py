"""The Spanish terms of the game with their English glosses (``variants/glossary.yaml``).

>>> from rentoy.glossary import gloss
>>> gloss("baza"), gloss("¡Quiero!")
('trick', 'I accept')
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .errors import InputError
from .sources import builtin_dir
from .yamlfile import file_stamp, load_document

__all__ = ["Term", "load_glossary", "gloss", "lookup", "term_key"]


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
