"""The bibliography: ``variants/sources.yaml``, one entry per source a variant cites."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Mapping

from .errors import InputError, Problem
from .yamlfile import load_document

__all__ = ["Source", "load_sources", "builtin_dir"]

_KINDS = ("primary", "secondary", "regional", "software")
_FIELDS = ("title", "author", "year", "pages", "place", "url", "kind", "note")


@dataclass(frozen=True)
class Source:
    """One bibliography entry."""

    id: str
    title: str
    kind: str
    author: str | None = None
    year: str | None = None
    pages: str | None = None
    place: str | None = None
    url: str | None = None
    note: str | None = None

    def citation(self) -> str:
        """A one-line reference: author, title, year."""
        parts = [p for p in (self.author, f"*{self.title}*", self.place, self.year) if p]
        text = ", ".join(parts)
        if self.pages:
            text += f", p. {self.pages}"
        return text


def builtin_dir() -> Path:
    """The folder of the built-in variant files, in a wheel or in a checkout."""
    here = Path(__file__).resolve().parent
    packaged = here / "variants"
    if packaged.is_dir():
        return packaged
    return here.parent / "variants"


@lru_cache(maxsize=8)
def _load(path: str, stamp: int) -> Mapping[str, Source]:
    doc = load_document(path)
    if not isinstance(doc.data, dict):
        raise InputError(doc.problem((), "the bibliography is a mapping of source ids"))
    out: dict[str, Source] = {}
    problems: list[Problem] = []
    for sid, entry in doc.data.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("title"), str):
            problems.append(doc.problem((sid,), "each source needs at least a `title`"))
            continue
        for key in entry:
            if key not in _FIELDS:
                problems.append(doc.problem((sid, key), f"unknown key `{key}`", key=True))
        if entry.get("kind") not in _KINDS:
            problems.append(doc.problem((sid, "kind"), "kind must be one of " + ", ".join(_KINDS)))
        out[str(sid)] = Source(
            id=str(sid), title=entry["title"], kind=entry.get("kind", "secondary"),
            **{k: (None if entry.get(k) is None else str(entry[k]))
               for k in ("author", "year", "pages", "place", "url", "note")})
    if problems:
        raise InputError(problems)
    return out


def load_sources(path: str | Path | None = None) -> Mapping[str, Source]:
    """The bibliography, by source id (cached until the file changes)."""
    path = Path(path) if path else builtin_dir() / "sources.yaml"
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = 0
    return _load(str(path), stamp)
