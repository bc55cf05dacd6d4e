"""The whole site as a browser lays it out, at a phone's width (390 px) and at 1280 px,
in the light scheme and the dark one, in both editions.

Run with ``python -m pytest -m browser`` (left out of the regular run, which looks at the
main pages only: ``tests/test_docs.py``); skipped, with the reason, only where no
Chromium is installed (on Debian: ``apt-get install chromium``). The site is built once,
both editions; every page is opened in headless Chromium, driven through its DevTools
protocol with device emulation for the phone and the reader's colour scheme
(``tests/devtools.py``), and measured as ``tests/pagecheck.py`` says: no page scrolls
sideways, no element reaches past the screen, the column does not scroll sideways, no
box scrolls inside another that scrolls, no table or figure is wider than its room
unless its box scrolls, text in figures is at least 11 px, text contrast (the figures'
titles, subtitles and labels included, against what is drawn behind them) is at least
4.5:1, and each main page shows its title, its first paragraph and what it must lead
with on the first screen. A folded branch opens when its box in a betting tree is
selected, and printing opens every fold. With ``RENTOY_SCREENSHOTS=DIR`` set, the first
screen of each main page at both widths is saved in DIR to look at.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from devtools import Browser, find_chromium
from pagecheck import DESKTOP, MAIN_PAGES, PHONE, check_page, tap_shows_card_name
from sphinxbuild import sphinx_build

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = {"genindex", "search", "py-modindex"}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if find_chromium() is None:
        pytest.skip("no Chromium installed (chromium, chromium-browser or google-chrome; "
                    "on Debian: apt-get install chromium)")
    out = tmp_path_factory.mktemp("browser")
    done = sphinx_build("-W", "-n", "-b", "html", "-d", str(out / ".doctrees"),
                        str(ROOT / "docs"), str(out / "html"), cwd=ROOT, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    done = sphinx_build("-W", "-n", "-b", "html", "-D", "language=es",
                        "-d", str(out / ".doctrees-es"), str(ROOT / "docs"),
                        str(out / "html" / "es"), cwd=ROOT, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    return out / "html"


@pytest.fixture(scope="module")
def browser(site: Path):
    executable = find_chromium()
    assert executable is not None
    with Browser(executable) as opened:
        yield opened


def every_page(html: Path) -> list[str]:
    return sorted(str(p.relative_to(html).with_suffix("")) for p in html.rglob("*.html")
                  if p.stem not in SKIPPED and "_static" not in p.parts
                  and "_sources" not in p.parts)


@pytest.mark.parametrize("width,height,dark", [(*PHONE, False), (*PHONE, True),
                                               (*DESKTOP, False), (*DESKTOP, True)],
                         ids=["390-light", "390-dark", "1280-light", "1280-dark"])
def test_every_page_of_both_editions(site: Path, browser: Browser, width: int, height: int,
                                     dark: bool) -> None:
    problems: list[str] = []
    pages = every_page(site)
    assert "compare" in pages and "variants/generated/1737" in pages
    assert "es/compare" in pages and "404" in pages
    for name in pages:
        wanted = MAIN_PAGES.get(name.removeprefix("es/"))
        found = check_page(browser, site, name, width, height, wanted, dark=dark)
        problems += [f"{'dark: ' if dark else ''}{p}" for p in found.problems()]
    assert not problems, "\n".join(problems)


def test_main_pages_first_screens(site: Path, browser: Browser) -> None:
    shots = os.environ.get("RENTOY_SCREENSHOTS")
    for name, wanted in MAIN_PAGES.items():
        for width, height in (PHONE, DESKTOP):
            found = check_page(browser, site, name, width, height, wanted)
            assert found.data["title_top"] < height / 2, (name, width)
            if wanted:
                assert found.data["wanted_top"] < height, (name, width, wanted)
            if shots:
                browser.screenshot(Path(shots) / f"{name.replace('/', '-')}-{width}.png")


def test_a_tap_shows_a_cards_name(site: Path, browser: Browser) -> None:
    assert tap_shows_card_name(browser, site) == "Dos de oros"


def test_a_box_of_the_betting_tree_opens_its_branch_and_printing_opens_all(
        site: Path, browser: Browser) -> None:
    page = site / "worked-examples" / "generated" / "betting-from-4-5.html"
    browser.open(page.as_uri(), *DESKTOP)
    opened = browser.evaluate("""(async () => {
      const box = document.querySelectorAll("svg.rentoy-tree a.rentoy-tree-node")[3];
      const id = box.getAttribute("href").slice(1);
      box.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
      location.hash = id;
      await new Promise((done) => setTimeout(done, 100));
      return document.getElementById(id).open;
    })()""")
    assert opened is True
    closed = browser.evaluate("""(() => {
      window.dispatchEvent(new Event("beforeprint"));
      const shut = document.querySelectorAll("details:not([open])").length;
      window.dispatchEvent(new Event("afterprint"));
      return [shut, document.querySelectorAll("details:not([open])").length];
    })()""")
    assert closed[0] == 0 and closed[1] > 0


@pytest.mark.parametrize("dark", [False, True])
def test_a_phone_reads_the_heat_maps_numbers(site: Path, browser: Browser, dark: bool) -> None:
    # The equity heat map is a picture whose numbers a phone would show about 4 px high:
    # there it gives way to the table of the same numbers, which fits the screen; a take
    # point map, which has no table, is shown at its own size in a box that scrolls.
    for edition in ("", "es/"):
        browser.open((site / f"{edition}betting.html").as_uri(), *PHONE, mobile=True,
                     dark=dark)
        seen = browser.evaluate("""(() => {
          const image = document.querySelector("figure.rentoy-heat-as-table img");
          const grid = document.querySelector("table.rentoy-heat");
          const cells = [...grid.querySelectorAll("tbody td")];
          return {image: getComputedStyle(image).display,
                  right: grid.getBoundingClientRect().right,
                  px: parseFloat(getComputedStyle(cells[0]).fontSize),
                  numbers: cells.map((c) => c.textContent.trim()),
                  tinted: grid.querySelectorAll("td[class*='rentoy-heat-']").length};
        })()""")
        assert seen["image"] == "none"
        assert seen["right"] <= PHONE[0] and seen["px"] >= 11
        assert len(seen["numbers"]) == 144 and all(n.isdigit() for n in seen["numbers"])
        assert seen["numbers"][0] == "50" and seen["tinted"] > 100
        browser.open((site / f"{edition}betting.html").as_uri(), *DESKTOP, dark=dark)
        assert browser.evaluate("getComputedStyle(document.querySelector("
                                "'figure.rentoy-heat-as-table img')).display") != "none"
    browser.open((site / "rule-effects.html").as_uri(), *PHONE, mobile=True, dark=dark)
    scrolls = browser.evaluate("""[...document.querySelectorAll("figure.rentoy-heat-scrolls")]
      .map((f) => [f.scrollWidth > f.clientWidth, f.querySelector("img").getBoundingClientRect()
      .width, f.querySelector("img").naturalWidth])""")
    assert scrolls and all(s and abs(width - natural) < 2 for s, width, natural in scrolls), \
        scrolls
