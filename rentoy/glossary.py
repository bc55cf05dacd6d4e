"""The Spanish terms of the game with their English glosses (``variants/glossary.yaml``).

>>> from rentoy.glossary import gloss
>>> gloss("baza"), gloss("¡Quiero!")
('trick', 'I accept')
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Mapping

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
    out: dict[str, Term] = {}
    for term, entry in (doc.data or {}).items():
        if not isinstance(entry, dict) or "gloss" not in entry:
            raise InputError(doc.problem((term,), "each term needs a `gloss`"))
        source = entry.get("source") or ()
        out[str(term)] = Term(str(term), entry["gloss"], entry.get("note"),
                              (source,) if isinstance(source, str) else tuple(source))
    return out


def lookup(word: str) -> Term | None:
    """The glossary's entry for a Spanish term or call (case, accents and the ¡! around
    a call do not matter), or None when it is not listed."""
    key = _key(word)
    terms = load_glossary()
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
