"""Rentoy and its relatives (``variants/family.yaml``): the games, the links between
them with their evidence and status, and the dated claims no text supports.

>>> from rentoy.family import load_family
>>> family = load_family()
>>> family.games["rentoy"].date, [l.to for l in family.links if l.source_game == "truque"]
(1613, ['rentoy', 'matarrata', 'truc', 'truco', 'envite'])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from ..core.errors import InputError, Problem
from .sources import builtin_dir
from .yamlfile import file_stamp, load_document

__all__ = ["Game", "Link", "Claim", "Family", "load_family", "LINK_KINDS"]

#: What a link says: the dictionary refers one game's play to the other's (model); one
#: game under two names, or a form of the other (same); a source says one comes from the
#: other (descent); shared shape or shared cards, no descent claimed (kinship); a shared
#: name only (word).
LINK_KINDS: tuple[str, ...] = ("model", "same", "descent", "kinship", "word")
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
    data = doc.mapping("the family is a mapping with `games`, `links` and `claims`")
    problems: list[Problem] = []

    def section(key: str, kind: type) -> Any:
        value = data.get(key)
        if value is None:
            return kind()
        if not isinstance(value, kind):
            problems.append(doc.problem((key,), f"`{key}` is a "
                                        + ("mapping" if kind is dict else "list")))
            return kind()
        return value

    def text(value: object) -> bool:
        return value is None or isinstance(value, str)

    def sources(value: object) -> tuple[str, ...] | None:
        value = () if value is None else (value,) if isinstance(value, str) else value
        if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
            return tuple(value)
        return None

    games: dict[str, Game] = {}
    for gid, g in section("games", dict).items():
        if not isinstance(g, dict) or not isinstance(g.get("name"), str) \
                or g.get("era") not in ("period", "modern"):
            problems.append(doc.problem(("games", gid), "a game needs a `name` and an `era` "
                                                        "(period or modern)"))
            continue
        date = g.get("date")
        if not (date is None or (isinstance(date, int) and not isinstance(date, bool))) \
                or not text(g.get("source")) or not text(g.get("note")):
            problems.append(doc.problem(("games", gid), "a game's `date` is a year, its "
                                                        "`source` and `note` text"))
            continue
        games[str(gid)] = Game(str(gid), g["name"], g["era"], date, g.get("source"),
                               g.get("note"))
    links = []
    for i, link in enumerate(section("links", list)):
        where = ("links", i)
        if not isinstance(link, dict):
            problems.append(doc.problem(where, "a link is a mapping"))
            continue
        bad = len(problems)
        for end in ("from", "to"):
            if not isinstance(link.get(end), str) or link[end] not in games:
                problems.append(doc.problem(where + (end,), f"no game {link.get(end)!r}"))
        if link.get("kind") not in LINK_KINDS:
            problems.append(doc.problem(where + ("kind",), "kind is one of "
                                        + ", ".join(LINK_KINDS)))
        if link.get("status") not in _STATUSES:
            problems.append(doc.problem(where + ("status",), "status is one of "
                                        + ", ".join(_STATUSES)))
        source = sources(link.get("source"))
        if source is None:
            problems.append(doc.problem(where + ("source",), "`source` is a source id or a "
                                                             "list of them"))
        if not text(link.get("note")) or not isinstance(link.get("label", ""), str):
            problems.append(doc.problem(where, "a link's `label` and `note` are text"))
        if len(problems) > bad:
            continue
        links.append(Link(link["from"], link["to"], link["kind"], link.get("label", ""),
                          link["status"], source or (), link.get("note")))
    claims = []
    for i, c in enumerate(section("claims", list)):
        if not (isinstance(c, dict) and isinstance(c.get("year"), int)
                and not isinstance(c.get("year"), bool) and isinstance(c.get("label"), str)
                and isinstance(c.get("source"), str) and text(c.get("note"))):
            problems.append(doc.problem(("claims", i), "a claim needs a `year`, a `label` "
                                                       "and a `source`"))
            continue
        claims.append(Claim(c["year"], c["label"], c["source"], c.get("note")))
    if problems:
        raise InputError(problems)
    return Family(games, tuple(links), tuple(claims))
