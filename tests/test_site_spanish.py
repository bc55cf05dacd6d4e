"""The Spanish edition of the site: built from the same sources, complete, and alike.

The Spanish build (``-D language=es``, warnings as errors, nitpicky) is made once per
run, as the README's test command makes it (conftest.py's ``built_site_es``), and read
beside the English one (``built_site``). The tests fail, each with its counts, when:

- a page's catalog (``docs/locales/es/LC_MESSAGES/<page>.po``) lacks a message the page
  now has, or leaves one untranslated or fuzzy (the build counts them for each page,
  before Sphinx translates it: ``rentoy-catalog-gaps.json`` in its doctrees; ``python
  -m rentoy.catalogs site-update`` brings the catalogs up to date with the pages);
- a Spanish page still shows English outside code and quotations: more than
  :data:`MOST_ENGLISH` of its words are common English words that are not Spanish
  (``tests/spanish_text.py``). Measured on the English edition, prose pages have 14 to
  37% of such words and the index of names 9.7%; a Spanish page that keeps one English
  sentence of 25 words in 1,000 has 0.6%, and names of English works in a bibliography
  stay well below 2%: so 2%, and at least 5 such words, fail;
- the two editions' pages differ in their figures (``<img>`` and ``<svg>`` per page);
- a page lacks its language switch to the same page in the other edition, or the
  Spanish page does not say it is Spanish (``<html lang="es">``).

While the pages' catalogs are being translated the first two fail, saying how far each
page is from done.
"""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

import pytest
from spanish_text import english_labels, english_share

from rentoy.i18n import use_language

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
#: The largest share of common English words a Spanish page may have (see above).
MOST_ENGLISH = 0.02
#: Pages Sphinx writes of its own (indices of names, the search page).
SPHINX_PAGES = {"genindex", "py-modindex", "search"}


@pytest.fixture(scope="module")
def spanish(built_site_es: Path) -> Path:
    """The Spanish edition, built once per run as the README builds it (conftest.py's
    ``built_site_es``): the folder holding ``es`` (the pages); its doctrees are the
    sibling folder ``doctrees-es``."""
    return built_site_es


def pages(html: Path) -> list[str]:
    """The pages of one edition (not the Spanish one the English site may hold in es/)."""
    return sorted(p.relative_to(html).with_suffix("").as_posix() for p in html.rglob("*.html")
                  if not {"_static", "_sources", "download"} & set(p.parts)
                  and p.relative_to(html).parts[0] != "es")


def test_the_same_pages_in_both_editions(built_site: Path, spanish: Path) -> None:
    assert pages(built_site / "html") == pages(spanish / "es")


def test_the_pages_catalogs_are_complete(spanish: Path) -> None:
    gaps = json.loads((spanish.parent / "doctrees-es" / "rentoy-catalog-gaps.json"
                       ).read_text())
    short = {doc: found for doc, found in gaps.items()
             if found["missing"] or found["untranslated"] or found["fuzzy"]}
    total = sum(found["messages"] for found in gaps.values())
    lines = [f"{doc}: {f['missing']} missing, {f['untranslated']} untranslated, "
             f"{f['fuzzy']} fuzzy of {f['messages']} ({'; '.join(f['examples'][:1])})"
             for doc, f in short.items()]
    count = sum(f["missing"] + f["untranslated"] + f["fuzzy"] for f in short.values())
    assert not short, (f"{count} of {total} messages of the pages are not translated, in "
                       f"{len(short)} of {len(gaps)} catalogs (python -m rentoy.catalogs "
                       "site-update adds the missing ones):\n" + "\n".join(lines))


def test_no_english_left_on_the_spanish_pages(spanish: Path) -> None:
    html = spanish / "es"
    found = []
    for page in pages(html):
        words, english, which = english_share((html / f"{page}.html").read_text("utf-8"))
        if words and english >= 5 and english / words > MOST_ENGLISH:
            found.append((english / words, page, words, english, which[:6]))
    found.sort(reverse=True)
    lines = [f"{page}: {share:.1%} ({english} of {words} words; {' '.join(sample)} ...)"
             for share, page, words, english, sample in found]
    assert not found, (f"{len(found)} Spanish pages show English outside code and "
                       f"quotations (over {MOST_ENGLISH:.0%} of their words):\n"
                       + "\n".join(lines))


#: Pages whose Spanish still shows English labels that are code written as prose, each
#: with the reason; every other Spanish page has none at all.
STILL_ENGLISH = {
    "cli": "the command line's help quotes option values and JSON keys as they are typed",
    "perfect-play": "the API objects it documents inline keep their English docstrings",
    "openspiel": "OpenSpiel's own constants and the API objects it documents",
    "search-bot": "the search bot's parameters, named as they are typed",
    "play-in-the-browser": "the Play page's words are the seat's, not yet in the catalogs",
    # A decision's worth (rentoy.equity.worth) names the whole-game step by the file's
    # word: "querer game lleva a 4-12".
    "worked-examples/generated/juego-fuera": "a decision's worth says `game`",
    "worked-examples/generated/modern-rentoy-entero": "a decision's worth says `game`",
    "worked-examples/generated/truque-nueve": "a decision's worth says `game`",
    "rule-effects": "the betting comparison (sphinxext.equity) writes a ladder's whole-game "
                    "step as `game`",
}


def test_no_english_label_on_the_spanish_pages(spanish: Path) -> None:
    # A word list (spanish_text.ENGLISH_LABELS: the expectations' labels, the file's rule
    # values, sphinx-argparse's headings, bot names, locators, pp...), outside code,
    # quotations («» and <q>), italics (foreign words and titles) and elements marked
    # lang="en".
    html = spanish / "es"
    found = {}
    for page in pages(html):
        if page.startswith("api") or page in SPHINX_PAGES or page in STILL_ENGLISH:
            continue
        words = english_labels((html / f"{page}.html").read_text("utf-8"), markup=True)
        if words:
            found[page] = words
    assert not found, f"English labels on {len(found)} Spanish pages:\n" + "\n".join(
        f"{page}: {' '.join(words[:12])}" for page, words in sorted(found.items()))


def test_the_generated_spanish_reads_as_written(spanish: Path) -> None:
    # Whole sentences from the generators: the expectations in words, statuses agreeing
    # with their nouns, a rule value as the rule table's phrase.
    example = (spanish / "es" / "worked-examples" / "generated" / "betting-from-4-5.html"
               ).read_text("utf-8")
    assert "tanteo A 4, B 8; mano terminada; mano ganada por el equipo B" in example
    assert "finished" not in example and "hand winner" not in example
    rules = (spanish / "es" / "rules.html").read_text("utf-8")
    assert "en esta lectura hay" not in rules
    assert "no hay obligación de asistir al palo" in rules
    conil = (spanish / "es" / "variants" / "generated" / "conil.html").read_text("utf-8")
    assert re.search(r"\d+ inferidas", conil) and not re.search(r"\d+ inferida,", conil)
    assert "En qué se aparta de la variante modern" in conil
    glossary = (spanish / "es" / "glossary.html").read_text("utf-8")
    assert "el dado doblador" in glossary and "Una palabra para cada cosa" in glossary


def test_the_schema_reference_and_the_bibliography_speak_spanish(spanish: Path) -> None:
    # Read from the schema and the bibliography, in the build's language: each rule named
    # and described as the rule table says, the other keys and the value types through the
    # catalogs; the reasons for what is not known, and authors described, translated.
    schema = (spanish / "es" / "writing-variants.html").read_text("utf-8")
    assert "Las claves de un archivo de variante" in schema
    assert "<strong>Número de jugadores</strong>" in schema
    assert "una lista de números enteros de 2 a 38" in schema
    assert "What users type to select the variant" not in schema
    sources = (spanish / "es" / "sources.html").read_text("utf-8")
    assert "Se desconoce: autor (El texto no nombra a ningún autor." in sources
    assert "Wikipedia en inglés (sus editores), " in sources
    assert "The text names no author" not in sources


_FIGURE = re.compile(r"<(img|svg)\b")


def test_both_editions_show_the_same_figures(built_site: Path, spanish: Path) -> None:
    differ = []
    for page in pages(built_site / "html"):
        spanish_page = spanish / "es" / f"{page}.html"
        if not spanish_page.is_file():
            continue
        en = len(_FIGURE.findall((built_site / "html" / f"{page}.html").read_text("utf-8")))
        es = len(_FIGURE.findall(spanish_page.read_text("utf-8")))
        if en != es:
            differ.append(f"{page}: {en} figures in English, {es} in Spanish")
    assert not differ, "\n".join(differ)


_SWITCH = re.compile(r'<nav class="rentoy-languages".*?</nav>', re.S)
_HREF = re.compile(r'<a class="rentoy-language" href="([^"]+)" hreflang="(\w+)"')


def _switch(markup: str) -> dict[str, str]:
    nav = _SWITCH.search(markup)
    assert nav, "no language switch"
    return {lang: href for href, lang in _HREF.findall(nav.group(0))}


def test_every_page_links_the_same_page_in_the_other_edition(built_site: Path,
                                                             spanish: Path) -> None:
    for page in pages(built_site / "html"):
        english = (built_site / "html" / f"{page}.html").read_text("utf-8")
        castellano = (spanish / "es" / f"{page}.html").read_text("utf-8")
        assert '<html class="no-js" lang="en"' in english, page
        assert '<html class="no-js" lang="es"' in castellano, page
        # The English at the site's root, the Spanish under es/.
        where = posixpath.dirname(page)
        to_es = _switch(english)["es"]
        assert posixpath.normpath(posixpath.join(where, to_es)) == f"es/{page}.html", page
        to_en = _switch(castellano)["en"]
        assert posixpath.normpath(posixpath.join("es", where, to_en)) == f"{page}.html", page
        assert ">Español<" in english and ">English<" in castellano


def test_the_api_reference_stays_in_english_with_a_spanish_note(spanish: Path) -> None:
    markup = (spanish / "es" / "api" / "engine.html").read_text("utf-8")
    assert re.search(r'<div class="[^"]*rentoy-english-page[^"]*" lang="es">', markup)
    assert "en inglés" in markup
    assert re.search(r'<section id="[^"]*" lang="en">', markup)


def test_spanish_search_folds_accents(spanish: Path) -> None:
    index = (spanish / "es" / "searchindex.js").read_text("utf-8")
    assert '"senas"' in index or '"sena"' in index
    assert "SpanishStemmer" in (spanish / "es" / "_static" / "language_data.js").read_text()


def test_generated_pages_are_the_same_in_every_language() -> None:
    from rentoy.sphinxext.pages import _variant_pages, _walkthrough_pages

    folder = DOCS / "worked-examples" / "generated"
    with use_language("en"):
        english = (_variant_pages(), _walkthrough_pages(DOCS / "examples", folder))
    with use_language("es"):
        castellano = (_variant_pages(), _walkthrough_pages(DOCS / "examples", folder))
    assert english == castellano


def test_figures_drawn_into_the_sources_have_a_file_per_language(built_site: Path,
                                                                spanish: Path) -> None:
    figures = DOCS / "figures" / "generated"
    drawn = sorted(p.name for p in figures.glob("*.es.svg"))
    assert drawn
    for name in drawn:
        assert (figures / name.replace(".es.svg", ".svg")).is_file(), name


def test_the_english_share_is_measured_outside_code_and_quotations() -> None:
    assert english_share("<article><p>The rules of the game</p><pre>the code</pre>"
                         "</article>")[:2] == (5, 3)
    assert english_share("<article><p>Las reglas del juego</p><q>of the</q></article>"
                         )[:2] == (4, 0)
    assert english_share('<article><section lang="en"><p>the API</p><div lang="es">'
                         "<p>Nota</p></div></section></article>")[:2] == (1, 0)
