"""The bibliography: ``variants/sources.yaml``, one entry per source a variant cites.

Each entry states its kind (:data:`KINDS`) and its date, the rules it states outright
(``states``), and whether it is a second-hand account naming no source of its own
(``unsourced``). A variant file may declare entries of its own in the same form.

>>> from rentoy.sources import load_sources
>>> src = load_sources()["autoridades-1737"]
>>> src.label(), src.stated_values("hand_size")
('period text, 1737', (3,))
"""

from __future__ import annotations

import os

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from .errors import InputError, Problem, suggest
from .yamlfile import Document, file_stamp, load_document

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Source", "KINDS", "KIND_ALIASES", "FIELDS", "load_sources", "entries_problems",
           "builtin_dir", "set_variants_dir"]

#: The kinds of source, from the oldest kind of evidence to the newest, with how a
#: listing names each.
KINDS: dict[str, str] = {
    "period": "period text",           # written while the game it speaks of was played
    "scholarship": "later scholarship",  # a study or edition by a later scholar
    "modern-play": "account of modern play",  # a description of the game as played today
    "software": "software",            # a program: how its authors understand modern play
    "reference": "reference work",     # an encyclopedia or a compendium of card games
}
#: Older names of kinds, still read: primary, secondary, regional.
KIND_ALIASES: dict[str, str] = {"primary": "period", "secondary": "scholarship",
                                "regional": "modern-play"}
FIELDS = ("title", "author", "year", "pages", "extent", "place", "url", "revision", "kind",
          "unsourced", "states", "note")
_REQUIRED = ("title", "kind", "year")


@dataclass(frozen=True)
class Source:
    """One bibliography entry.

    ``states`` maps each rule the source states outright to the value it states (as a
    variant file writes it), or to ``{"one_of": [...]}`` when it describes several forms;
    every source an ``attested`` rule cites must state it there.
    ``unsourced`` marks a second-hand account that names no source of its own: a rule
    attested by it alone is shown as uncorroborated.
    """

    id: str
    title: str
    kind: str
    author: str | None = None
    year: str | None = None        # the date of the work; None: not known
    pages: str | None = None       # the pages cited ("575", "371-372")
    extent: str | None = None      # the length of the whole work ("8 pp.")
    place: str | None = None
    url: str | None = None
    revision: str | None = None    # the commit or revision read, for a text that changes
    note: str | None = None
    unsourced: bool = False
    states: Mapping[str, Any] = field(default_factory=dict)
    defined_in: str | None = None  # the variant file that declares it; None: sources.yaml

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

    @property
    def kind_label(self) -> str:
        """The kind as a listing names it ("period text", "software")."""
        return KINDS.get(self.kind, self.kind)

    @property
    def date(self) -> str:
        """The date as a listing shows it: the year, or "n.d." when it is not known."""
        return self.year or "n.d."

    def label(self) -> str:
        """Kind and date in a few words: "period text, 1737", "software, n.d."."""
        return f"{self.kind_label}, {self.date}"

    def stated_values(self, rule: str) -> tuple[Any, ...]:
        """The values this source states for ``rule`` (none, one, or several forms)."""
        if rule not in self.states:
            return ()
        value = self.states[rule]
        if isinstance(value, Mapping) and set(value) == {"one_of"}:
            return tuple(value["one_of"])
        return (value,)


def entries_problems(doc: Document, entries: Any, prefix: tuple = (),
                     defined_in: str | None = None) -> tuple[dict[str, Source], list[Problem]]:
    """Bibliography entries read from ``entries`` (a mapping of id to fields) at key path
    ``prefix`` of ``doc``: the sources, and every problem found, located."""
    out: dict[str, Source] = {}
    problems: list[Problem] = []
    if not isinstance(entries, dict):
        return out, [doc.problem(prefix, "a bibliography is a mapping of source ids to "
                                         "entries (title, kind, year, ...)")]
    for sid, entry in entries.items():
        path = prefix + (sid,)
        before = len(problems)
        if not isinstance(entry, dict):
            problems.append(doc.problem(path, "each source is a mapping with at least "
                                              "`title`, `kind` and `year`"))
            continue
        missing = [k for k in _REQUIRED if k not in entry]
        if missing:
            problems.append(doc.problem(path, f"missing {', '.join(f'`{k}`' for k in missing)}",
                                        "`year: null` when the date is not known", key=True))
        if "title" in entry and not isinstance(entry["title"], str):
            problems.append(doc.problem(path + ("title",), "the title is text"))
        for key in entry:
            if key not in FIELDS:
                problems.append(doc.problem(path + (key,), f"unknown key `{key}`",
                                            suggest(str(key), FIELDS), key=True))
        written = str(entry.get("kind"))
        kind = KIND_ALIASES.get(written, written)
        if "kind" in entry and kind not in KINDS:
            problems.append(doc.problem(path + ("kind",), f"unknown kind {entry['kind']!r}; "
                                        "use one of " + ", ".join(KINDS),
                                        suggest(str(entry["kind"]), KINDS)))
        states = entry.get("states") or {}
        if not isinstance(states, dict):
            problems.append(doc.problem(path + ("states",), "`states` maps rule names to "
                                                            "the values the source states"))
            states = {}
        if not isinstance(entry.get("unsourced", False), bool):
            problems.append(doc.problem(path + ("unsourced",), "`unsourced` is true or false"))
        if len(problems) > before:
            continue
        out[str(sid)] = Source(
            id=str(sid), title=entry["title"], kind=str(kind),
            **{k: (None if entry.get(k) is None else str(entry[k]))
               for k in ("author", "year", "pages", "extent", "place", "url", "revision",
                         "note")},
            unsourced=bool(entry.get("unsourced", False)),
            states=MappingProxyType({str(k): v for k, v in states.items()}),
            defined_in=defined_in)
    return out, problems


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
        return _resolved(env)
    return _shipped_dir()


# Both looked up once per process: resolving a path asks the file system, and this is
# asked for every file a command reads.
@lru_cache(maxsize=8)
def _resolved(folder: str) -> Path:
    return Path(folder).resolve()


@lru_cache(maxsize=1)
def _shipped_dir() -> Path:
    here = Path(__file__).resolve().parent
    packaged = here / "variants"
    if packaged.is_dir():
        return packaged
    return here.parent / "variants"


@lru_cache(maxsize=8)
def _load(path: str, stamp: int) -> Mapping[str, Source]:
    doc = load_document(path)
    data = doc.mapping("the bibliography is a mapping of source ids")
    out, problems = entries_problems(doc, data)
    if problems:
        raise InputError(problems)
    return out


def load_sources(path: str | Path | None = None) -> Mapping[str, Source]:
    """The bibliography, by source id (cached until the file changes)."""
    path = Path(path) if path else builtin_dir() / "sources.yaml"
    return _load(str(path), file_stamp(path))
