"""Rentoy and its relatives (``variants/family.yaml``): the games, the links between
them with their evidence and status, and the dated claims no text supports.

>>> from rentoy.family import load_family
>>> family = load_family()
>>> family.games["rentoy"].date, [l.to for l in family.links if l.source_game == "truque"]
(1613, ['rentoy', 'envite', 'truco'])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Mapping

from .errors import InputError, Problem
from .sources import builtin_dir
from .yamlfile import file_stamp, load_document

__all__ = ["Game", "Link", "Claim", "Family", "load_family", "LINK_KINDS"]

#: What a link says: the dictionary refers one game's play to the other's (model); a
#: source says one comes from the other (descent); shared shape, no descent claimed
#: (kinship); a shared name only (word).
LINK_KINDS: tuple[str, ...] = ("model", "descent", "kinship", "word")
_STATUSES = ("attested", "inferred", "assumed", "disputed")


@dataclass(frozen=True)
class Game:
    id: str
    name: str
    era: str                       # period | modern
    date: int | None               # the first dated evidence, or None
    source: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class Link:
    source_game: str               # the YAML's `from`
    to: str
    kind: str
    label: str
    status: str
    source: tuple[str, ...] = ()
    note: str | None = None


@dataclass(frozen=True)
class Claim:
    year: int
    label: str
    source: str
    note: str | None = None


@dataclass(frozen=True)
class Family:
    games: Mapping[str, Game]
    links: tuple[Link, ...]
    claims: tuple[Claim, ...]


def load_family(path: str | Path | None = None) -> Family:
    """The family of games, checked: every link joins two listed games, with a known
    kind and status."""
    path = Path(path) if path is not None else builtin_dir() / "family.yaml"
    return _load(str(path), file_stamp(path))


@lru_cache(maxsize=4)
def _load(path: str, stamp: int) -> Family:
    doc = load_document(path)
    data = doc.data if isinstance(doc.data, dict) else {}
    problems: list[Problem] = []
    games: dict[str, Game] = {}
    for gid, g in (data.get("games") or {}).items():
        if not isinstance(g, dict) or not isinstance(g.get("name"), str) \
                or g.get("era") not in ("period", "modern"):
            problems.append(doc.problem(("games", gid), "a game needs a `name` and an `era` "
                                                        "(period or modern)"))
            continue
        games[str(gid)] = Game(str(gid), g["name"], g["era"], g.get("date"), g.get("source"),
                               g.get("note"))
    links = []
    for i, link in enumerate(data.get("links") or ()):
        where = ("links", i)
        if not isinstance(link, dict):
            problems.append(doc.problem(where, "a link is a mapping"))
            continue
        for end in ("from", "to"):
            if link.get(end) not in games:
                problems.append(doc.problem(where + (end,), f"no game {link.get(end)!r}"))
        if link.get("kind") not in LINK_KINDS:
            problems.append(doc.problem(where + ("kind",), "kind is one of "
                                        + ", ".join(LINK_KINDS)))
        if link.get("status") not in _STATUSES:
            problems.append(doc.problem(where + ("status",), "status is one of "
                                        + ", ".join(_STATUSES)))
        source = link.get("source") or ()
        links.append(Link(str(link.get("from")), str(link.get("to")), str(link.get("kind")),
                          str(link.get("label", "")), str(link.get("status")),
                          (source,) if isinstance(source, str) else tuple(source),
                          link.get("note")))
    claims = tuple(Claim(int(c["year"]), str(c["label"]), str(c["source"]), c.get("note"))
                   for c in data.get("claims") or ())
    if problems:
        raise InputError(problems)
    return Family(games, tuple(links), claims)
