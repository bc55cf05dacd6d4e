"""What a reader meets around the pages: the tab's icon, the description a search engine
shows, a page for an address that has none, row headers, the search results' names, the
home page's way to the table, the figures first on the perfect-play and search-bot
pages, and a worked example's steps in words with the notation beside them."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path


def _page(site: Path, name: str) -> str:
    return (site / "html" / f"{name}.html").read_text(encoding="utf-8")


def test_every_page_has_the_favicon_and_its_own_description(built_site: Path) -> None:
    assert (built_site / "html" / "_static" / "favicon.svg").is_file()
    descriptions = set()
    for name in ("index", "rules", "perfect-play", "worked-examples/generated/game-record"):
        markup = _page(built_site, name)
        assert re.search(r'<link rel="(?:shortcut )?icon" href="[./]*_static/favicon\.svg"', markup), name
        found = re.search(r'<meta name="description" content="([^"]+)">', markup)
        assert found, name
        text = unescape(found.group(1))
        assert 40 <= len(text) <= 160 and "<" not in text, (name, text)
        descriptions.add(text)
    assert len(descriptions) == 4


def test_a_404_page_leads_back_in_both_editions(built_site: Path, built_site_es: Path) -> None:
    english = _page(built_site, "404")
    assert "Page not found" in english and 'href="rules.html"' in english
    assert 'href="play-in-the-browser.html"' in english
    spanish = (built_site_es / "es" / "404.html").read_text(encoding="utf-8")
    assert "Página no encontrada" in spanish


def test_generated_tables_mark_their_row_headers(built_site: Path) -> None:
    markup = _page(built_site, "variants/generated/1737")
    table = markup[markup.index('class="rentoy-table rentoy-rules'):]
    table = table[:table.index("</table>")]
    body = table[table.index("<tbody"):]
    rows = re.findall(r"<tr[^>]*>\s*<(t[dh])", body)
    assert rows and set(rows) == {"th"}


def test_search_lists_commands_by_name_without_escapes(built_site: Path) -> None:
    index = (built_site / "html" / "searchindex.js").read_text(encoding="utf-8")
    assert "&#x27;" not in index and "&amp;" not in index
    assert '"rentoy compare"' in index


def test_home_page_guide_links_the_play_page(built_site: Path) -> None:
    markup = _page(built_site, "index")
    routes = markup[markup.index("rentoy-routes"):]
    routes = routes[:routes.index("</div>")]
    assert 'href="play-in-the-browser.html"' in routes


def test_perfect_play_and_search_bot_give_their_results_first(built_site: Path) -> None:
    for name, lead in (("perfect-play", "What it finds, in short"),
                       ("search-bot", "How strong it is, in short")):
        markup = _page(built_site, name)
        article = markup[markup.index("<article"):]
        paragraphs = re.findall(r"<p>(.*?)</p>", article, re.S)
        assert any(lead in p for p in paragraphs[:2]), name


def test_walkthrough_steps_read_in_words_with_the_notation_beside(built_site: Path,
                                                                  built_site_es: Path
                                                                  ) -> None:
    markup = _page(built_site, "worked-examples/generated/game-record")
    heads = re.findall(r'<p class="rentoy-step-head">(.*?)</p>', markup, re.S)
    assert heads
    first = heads[0]
    assert first.startswith("Seat 0 plays ")
    assert re.search(r'<span class="rentoy-notation"><code[^>]*><span class="pre">0</span>'
                     r'\s*<span class="pre">play</span>\s*<span class="pre">5o</span>', first)
    assert any(h.startswith("Seat 1 raises to 3 ") for h in heads)
    spanish = (built_site_es / "es" / "worked-examples" / "generated" / "game-record.html"
               ).read_text(encoding="utf-8")
    assert re.search(r'<p class="rentoy-step-head">El asiento 0 juega ', spanish)
