"""Sources cited as readers expect: author and year, linked to the bibliography.

``Real Academia Española 1737`` for a dated work, the title for an anonymous one, the
author and a short title for an undated one; ``a``, ``b``... when one author has two
works of one year. Every place the site names a source uses these, so a source id
(``autoridades-1737``) is shown only in the bibliography, beside its entry. The author,
title, place and section are shown in the build's language where the catalogs translate
them (an author described rather than named: "English Wikipedia (its editors)"); the
letters that tell works apart are the same in every language.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Mapping, Sequence

from docutils import nodes

from ..core.frozen import replace
from ..core.i18n import data_text
from ..data.sources import load_sources
from .elements import xref

if TYPE_CHECKING:
    from ..data.sources import Source

__all__ = ["short_citations", "citation_nodes", "full_citation", "citation_text",
           "source_refs", "is_anonymous"]


def _short_author(author: str) -> str:
    """The first author, without remarks in parentheses: "A (note), B" -> "A"."""
    while re.search(r"\([^()]*\)", author):
        author = re.sub(r"\s*\([^()]*\)", "", author)
    return re.split(r"[;,]", author)[0].strip()


def _short_title(title: str) -> str:
    """The title without its locator: "X, cap. 3" -> "X"; "X (subtitle)" -> "X"."""
    return re.split(r",\s+(?=cap\.|jornada|in\s|s\.v\.|tomo|vol)| \(|: ", title)[0].strip()


def short_citations(sources: Mapping[str, Source]) -> dict[str, tuple[str, str | None, str]]:
    """Per source id: (author or title, the title when it must be shown, year label),
    in the language spoken now.

    Author-year style; the same author and year twice get ``a``, ``b``... in file
    order (told apart by the file's words, so in every language alike); an anonymous
    work is cited by its title.
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
    years = {sid: year for sid, (_who, _title, year) in base.items()}
    for (_who, year), ids in counts.items():
        if len(ids) > 1:
            for i, sid in enumerate(ids):
                years[sid] = year + "abcdefghijklmnopqrstuvwxyz"[i]
    out: dict[str, tuple[str, str | None, str]] = {}
    for sid, (_who, title, _year) in base.items():
        src = sources[sid]
        shown = _short_title(data_text(src.title))
        if is_anonymous(src):
            out[sid] = (shown, None, years[sid])
        else:
            out[sid] = (_short_author(data_text(src.author or "")), title and shown,
                        years[sid])
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


def _locator(src: Source) -> str:
    """The pages or section cited, and the length, in the language spoken now."""
    return replace(src, section=data_text(src.section or "") or None).locator(
        translated=True)


def full_citation(src: Source) -> list[nodes.Node]:
    """Author, *title*, place, year, pages, in the language spoken now."""
    out: list[nodes.Node] = []
    if src.author:
        out.append(nodes.Text(f"{data_text(src.author)}, "))
    title = data_text(src.title)
    out.append(nodes.emphasis(title, title))
    for part in (data_text(src.place or ""), src.year):
        if part:
            out.append(nodes.Text(f", {part}"))
    out.append(nodes.Text(f"{_locator(src)}."))
    return out


def citation_text(src: Source) -> str:
    """The one-line reference (author, title, place, year, pages) in the language
    spoken now, as plain text: the tooltip of a citation."""
    parts = [p for p in (data_text(src.author or ""), data_text(src.title),
                         data_text(src.place or ""), src.year) if p]
    return ", ".join(parts) + _locator(src)


def source_refs(ids: Sequence[str], sep: str = ", ", compact: bool = False
                ) -> list[nodes.Node]:
    """Sources as short author-year citations ("Real Academia Española 1737"), each
    linked to its bibliography entry with the full reference as its tooltip; a dash
    when there are none. ``compact`` drops the title an undated work is cited with (for
    the cells of wide grids). An id the bibliography lacks is shown as it is."""
    if not ids:
        return [nodes.Text("-")]

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
            out.append(xref("source", sid, content, title=citation_text(sources[sid])))
        else:
            out.append(xref("source", sid, sid))
    return out
