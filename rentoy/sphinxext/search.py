"""Search that folds accents: "senas" finds the pages that say "señas".

Sphinx's HTML search stems each word of the pages into an index (in Python) and each
word of a query (in JavaScript), and matches the two. :class:`FoldingEnglish` is the
English search language with accents folded before stemming, registered as the
language ``en-folded`` (and :class:`FoldingSpanish` the Spanish one, ``es-folded``, for
the Spanish edition: :mod:`rentoy.sphinxext.language` picks the one of the build's
language); ``docs/_static/search-fold.js`` (named by
``html_search_scorer``, whose code Sphinx adds to the search page after the stemmer)
folds the query's words the same way. ``conf.py`` selects both:
``html_search_language = "en-folded"`` and ``html_search_scorer`` set to that file's
absolute path (Sphinx opens it from the working folder).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sphinx.search.en import SearchEnglish
from sphinx.search.es import SearchSpanish

from ..data.glossary import term_key

if TYPE_CHECKING:
    from sphinx.application import Sphinx

__all__ = ["FoldingEnglish", "FoldingSpanish"]


class FoldingEnglish(SearchEnglish):
    """English search with accents folded: ``señas`` and ``senas`` index alike."""

    lang = "en-folded"

    def stem(self, word: str) -> str:
        return super().stem(term_key(word))


class FoldingSpanish(SearchSpanish):
    """Spanish search with accents folded: ``señas`` and ``senas`` index alike."""

    lang = "es-folded"

    def stem(self, word: str) -> str:
        return super().stem(term_key(word))


def _fresh_index(app: Sphinx) -> None:
    """``builder-inited``: a build that reads every page afresh (``-E``, or a first
    build) makes its search index afresh too. Sphinx would load the index an earlier build
    left in the output folder and prune it, which keeps that build's words with empty
    page lists: the index would then depend on what the folder held before."""
    if app.builder.format == "html" and app.fresh_env_used:
        Path(app.outdir, "searchindex.js").unlink(missing_ok=True)


def setup(app: Sphinx) -> None:
    app.add_search_language(FoldingEnglish)
    app.add_search_language(FoldingSpanish)
    app.connect("builder-inited", _fresh_index)
