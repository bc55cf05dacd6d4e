"""Sources cited as readers expect: author and year, linked to the bibliography.

``Real Academia Española 1737`` for a dated work, the title for an anonymous one, the
author and a short title for an undated one; ``a``, ``b``... when one author has two
works of one year. Every place the site names a source uses these, so a source id
(``autoridades-1737``) is shown only in the bibliography, beside its entry.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Mapping, Sequence

from docutils import nodes

from .elements import xref

if TYPE_CHECKING:
    from ..sources import Source

__all__ = ["short_citations", "citation_nodes", "full_citation", "source_refs",
           "is_anonymous"]

def _short_author(author: str) -> str:
    """The first author, without remarks in parentheses: "A (note), B" -> "A"."""
    while re.search(r"\([^()]*\)", author):
        author = re.sub(r"\s*\([^()]*\)", "", author)
    return re.split(r"[;,]", author)[0].strip()


def _short_title(title: str) -> str:
    """The title without its locator: "X, cap. 3" -> "X"; "X (subtitle)" -> "X"."""
    return re.split(r",\s+(?=cap\.|jornada|in\s|s\.v\.|tomo|vol)| \(|: ", title)[0].strip()


def short_citations(sources: Mapping[str, Source]) -> dict[str, tuple[str, str | None, str]]:
    """Per source id: (author or title, the title when it must be shown, year label).

    Author-year style; the same author and year twice get ``a``, ``b``... in file
    order; an anonymous work is cited by its title.
    """
    base: dict[str, tuple[str, str | None, str]] = {}
    for sid, src in sources.items():
        author = _short_author(src.author) if src.author else ""
        anonymous = not author or author.lower() == "anonymous"
        if anonymous:
            base[sid] = (_short_title(src.title), None, src.year or "")
        elif src.year:
            base[sid] = (author, None, src.year)
        else:
            base[sid] = (author, _short_title(src.title), "")
    counts: dict[tuple[str, str], list[str]] = {}
    for sid, (who, title, year) in base.items():
        if year and title is None:
            counts.setdefault((who, year), []).append(sid)
    out = dict(base)
    for (who, year), ids in counts.items():
        if len(ids) > 1:
            for i, sid in enumerate(ids):
                out[sid] = (who, None, year + "abcdefghijklmnopqrstuvwxyz"[i])
    return out


def citation_nodes(short: tuple[str, str | None, str], anonymous_title: bool = False
                   ) -> list[nodes.Node]:
    who, title, year = short
    out: list[nodes.Node] = []
    if anonymous_title:
        out.append(nodes.emphasis(who, who))
    else:
        out.append(nodes.Text(who))
    if title:
        out += [nodes.Text(", "), nodes.emphasis(title, title)]
    if year:
        out.append(nodes.Text(f" {year}"))
    return out


def is_anonymous(src: Source) -> bool:
    return not src.author or _short_author(src.author).lower() == "anonymous"


def full_citation(src: Source) -> list[nodes.Node]:
    """Author, *title*, place, year, pages."""
    out: list[nodes.Node] = []
    if src.author:
        out.append(nodes.Text(f"{src.author}, "))
    out.append(nodes.emphasis(src.title, src.title))
    for part in (src.place, src.year):
        if part:
            out.append(nodes.Text(f", {part}"))
    out.append(nodes.Text(f"{src.locator()}."))
    return out


def source_refs(ids: Sequence[str], sep: str = ", ", compact: bool = False
                ) -> list[nodes.Node]:
    """Sources as short author-year citations ("Real Academia Española 1737"), each
    linked to its bibliography entry with the full reference as its tooltip; a dash
    when there are none. ``compact`` drops the title an undated work is cited with (for
    the cells of wide grids). An id the bibliography lacks is shown as it is."""
    if not ids:
        return [nodes.Text("-")]
    from ..sources import load_sources

    sources = load_sources()
    labels = short_citations(sources)
    out: list[nodes.Node] = []
    for i, sid in enumerate(ids):
        if i:
            out.append(nodes.Text(sep))
        if sid in labels:
            who, title, year = labels[sid]
            content = citation_nodes((who, None if compact else title, year),
                                     is_anonymous(sources[sid]))
            out.append(xref("source", sid, content,
                            title=sources[sid].citation().replace("*", "")))
        else:
            out.append(xref("source", sid, sid))
    return out
