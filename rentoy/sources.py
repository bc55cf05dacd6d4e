"""The bibliography: ``variants/sources.yaml``, one entry per source a variant cites."""

from __future__ import annotations

import os

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Mapping

from .errors import InputError, Problem
from .yamlfile import file_stamp, load_document

__all__ = ["Source", "load_sources", "builtin_dir", "set_variants_dir"]

_KINDS = ("primary", "secondary", "regional", "software")
_FIELDS = ("title", "author", "year", "pages", "extent", "place", "url", "kind", "note")


@dataclass(frozen=True)
class Source:
    """One bibliography entry."""

    id: str
    title: str
    kind: str
    author: str | None = None
    year: str | None = None
    pages: str | None = None       # the pages cited ("575", "371-372")
    extent: str | None = None      # the length of the whole work ("8 pp.")
    place: str | None = None
    url: str | None = None
    note: str | None = None

    def citation(self) -> str:
        """A one-line reference: author, title, year."""
        parts = [p for p in (self.author, f"*{self.title}*", self.place, self.year) if p]
        text = ", ".join(parts)
        return text + self.locator()

    def locator(self) -> str:
        """The pages cited and the work's length, as appended to a citation."""
        text = ""
        if self.pages:
            several = "-" in self.pages or "," in self.pages
            text += f", {'pp.' if several else 'p.'} {self.pages}"
        if self.extent:
            text += f" ({self.extent})"
        return text


_override: Path | None = None


def set_variants_dir(folder: str | Path | None) -> None:
    """Read the built-in variants, sources and glossary from ``folder`` from now on
    (None: the library's own folder). The ``RENTOY_VARIANTS_DIR`` environment variable
    does the same for a whole process; this call takes precedence over it."""
    global _override
    _override = Path(folder).resolve() if folder is not None else None


def builtin_dir() -> Path:
    """The folder of the built-in variant files: the one set by :func:`set_variants_dir`
    or ``RENTOY_VARIANTS_DIR`` if any, else the one shipped in the wheel or the checkout."""
    if _override is not None:
        return _override
    env = os.environ.get("RENTOY_VARIANTS_DIR")
    if env:
        return Path(env).resolve()
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
               for k in ("author", "year", "pages", "extent", "place", "url", "note")})
    if problems:
        raise InputError(problems)
    return out


def load_sources(path: str | Path | None = None) -> Mapping[str, Source]:
    """The bibliography, by source id (cached until the file changes)."""
    path = Path(path) if path else builtin_dir() / "sources.yaml"
    return _load(str(path), file_stamp(path))
