"""The Play page in a real browser: whole games against the search bots, by clicking.

The site built for this run (conftest.py's ``built_site``) is served on 127.0.0.1 and
opened in headless Chromium, driven through its DevTools protocol (tests/chromium.py):
at 1280 px with the mouse and the keyboard, and at 390 px as a phone, with taps. At each
width a reader follows a variant page's "Play this variant" link, starts a game of 1737
against the search bots, is refused an action and sees why (the rule, its source),
plays the game to its end, downloads the record, and plays a game of Ávila on the same
page. Each record is replayed with ``rentoy run`` and deals as ``rentoy play --seed``
does. Nothing is loaded before a game starts, no request leaves 127.0.0.1, and no
script error occurs in the page or its worker. A build without the Python runtime is
shown as such. The Spanish edition's page (conftest.py's ``built_site_es``) speaks
Spanish at both widths, before and during a game (no English word left, a refusal's
included), and is played to its end there with the keys of the Spanish words (E
envido, Q quiero, N no quiero, S the next hand) or by tapping. Skipped, saying so, only where no Chromium is installed (on Debian:
``apt-get install chromium``). ``RENTOY_SCREENSHOTS=DIR`` keeps screenshots to look at.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import sys
from pathlib import Path

import pytest
import yaml

from chromium import CHROMIUM, Browser, Page, Site
from inprocess import run
from spanish_text import english_share
from rentoy.engine import Deal
from rentoy.walkthrough import load_walkthrough

ROOT = Path(__file__).resolve().parent.parent
#: The long tasks seen while playing, by width and variant (printed with -s).
LONG_TASKS: list = []


STATES = "['your-turn', 'bots', 'hand-over', 'over']"
SHOTS = os.environ.get("RENTOY_SCREENSHOTS")
#: The keys of the English page: the calls' and the next hand's.
ENGLISH_KEYS = {"raise": "r", "game": "g", "accept": "a", "fold": "f", "next": "n"}


def serve(html: Path, edition: str = ""):
    if CHROMIUM is None:
        pytest.skip("no Chromium is installed (chromium, chromium-browser or google-chrome; "
                    "on Debian: apt-get install chromium), so the Play page is not tried")
    manifest = (html / edition / "_static" / "play" / "manifest.js").read_text(encoding="utf-8")
    found = json.loads(manifest.split("=", 1)[1].strip().rstrip(";"))
    assert found.get("runtime") and found.get("wheel"), (
        f"the site was built without what the Play page needs: {found.get('missing')}")
    with Site(html) as site:
        yield site


@pytest.fixture(scope="module")
def served(built_site: Path):
    yield from serve(built_site / "html")


@pytest.fixture(scope="module")
def served_es(built_site_es: Path):
    # The whole site: the Spanish edition reads the runtime from the site's root.
    yield from serve(built_site_es, "es")


def shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(Path(SHOTS) / f"play-{name}.png")


def state(page: Page, among: str = STATES, timeout: float = 240) -> str:
    return page.wait(f"{among}.includes(window.rentoyPlay.state()) && window.rentoyPlay.state()",
                     timeout=timeout)


def press(page: Page, key: str) -> None:
    """A key as typed: digits, letters."""
    code = f"Digit{key}" if key.isdigit() else f"Key{key.upper()}"
    page.key(key, code, key)


def play_game(page: Page, rng: random.Random, keys: dict[str, str] | None) -> dict:
    """Play the started game to its end, choosing among the legal actions at random, by
    clicking (or tapping), or with the ``keys`` (each call's, and ``next``); what was
    seen on the way."""
    seen: dict = {"refusals": [], "hands": 0, "actions": 0}
    tried_card = False
    while True:
        now = state(page, "['your-turn', 'hand-over', 'over']")
        if now == "over":
            # The focus is not lost to the page's body at the end.
            seen["end_focus"] = page.eval("document.activeElement === document.body")
            return seen
        if now == "hand-over":
            seen["hands"] += 1
            seen["sheet"] = page.eval(
                "document.querySelectorAll('.rentoy-play-sheet tbody tr').length")
            assert seen["sheet"] == seen["hands"]
            if seen["hands"] == 1:
                shot(page, f"{page.label}-hand-over")
            if keys:
                press(page, keys["next"])
            else:
                page.click(".rentoy-play-next")
            state(page, "['your-turn', 'bots', 'over']")
            continue
        view = page.eval("window.rentoyPlay.view()")
        if keys and view["pending"] and view["waiting"]:
            # Answering a raise from the keyboard, the focus is on accepting, never on a
            # raise: Enter accepts.
            focused = page.eval("document.activeElement.dataset.kind || "
                                "document.activeElement.tagName")
            seen.setdefault("focus", []).append(focused)
            assert focused in ("accept", "fold"), focused
        if page.phone and not seen.get("in_view_checked"):
            # After the deal, the person's cards are on the screen of a phone.
            seen["in_view_checked"] = True
            page.wait("(() => { const r = document.querySelector('.rentoy-play-cards')"
                      ".getBoundingClientRect(); return r.top >= 0 && "
                      "r.bottom <= window.innerHeight + 1; })()", timeout=10)
        if not seen.get("hint") and view["waiting"] and not view["pending"]:
            page.click(".rentoy-play-asks [data-key='hint']")
            seen["hint"] = page.wait(
                "document.querySelector('.rentoy-play-notice-hint')?.innerText", timeout=120)
        if not seen["refusals"] and not view["pending"]:
            # Accept with no raise to answer: the engine refuses it and says why.
            page.click(".rentoy-play-bet[data-key$=' accept']")
            seen["refusals"].append(page.wait(
                "document.querySelector('.rentoy-play-refusal')?.innerText"))
            seen["links"] = page.eval("[...document.querySelectorAll('.rentoy-play-refusal a')]"
                                      ".map(a => a.href)")
            shot(page, f"{page.label}-refusal")
        illegal = [c for c in view["cards"] if not c["legal"]]
        if illegal and not tried_card and not view["pending"]:
            tried_card = True        # a card a duty forbids (an arrastre): refused too
            page.click(f'[data-key="{illegal[0]["action"]}"]')
            seen["refusals"].append(page.wait(
                "document.querySelector('.rentoy-play-refusal')?.innerText"))
        cards = [(i, c["action"]) for i, c in enumerate(view["cards"]) if c["legal"]]
        bets = [b for b in view["bets"] if b["legal"] and (b["kind"] != "fold" or
                                                            rng.random() < 0.3)]
        options = [("card", i, a) for i, a in cards] + [("bet", b["kind"], b["action"])
                                                         for b in bets]
        if not options:
            options = [("bet", b["kind"], b["action"]) for b in view["bets"] if b["legal"]]
        kind, which, action = rng.choice(options)
        if keys:
            press(page, str(which + 1) if kind == "card" else keys[which])
        else:
            page.click(f'[data-key="{action}"]')
        page.wait(f"window.rentoyPlay.view().actions_taken > {view['actions_taken']}",
                  timeout=60)
        seen["actions"] += 1


def download_record(page: Page, browser: Browser, folder: Path) -> Path:
    before = len(browser.events)
    page.click(".rentoy-play-result .rentoy-play-primary")
    done = browser.wait_event(
        lambda m: m.get("method") == "Browser.downloadProgress"
        and m["params"].get("state") == "completed", 60, since=before)
    path = Path(done["params"]["filePath"])
    assert path.parent == folder and path.is_file()
    return path


def deals_of(record: Path) -> list[Deal]:
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    return [Deal.parse(h["deal"]["hands"], h["deal"]["up"]) for h in data["hands"]]


def check_record(capsys, record: Path, variant: str, seed: int, tmp_path: Path) -> None:
    """``rentoy run`` replays it, and ``rentoy play --seed`` deals its hands alike."""
    status, out, err = run(capsys, "run", str(record), "--json")
    assert status == 0, out + err
    result = json.loads(out)
    assert result["ok"] and result["results"][-1]["game_winner"] in ("A", "B")
    saved = tmp_path / f"cli-{variant}.yaml"
    stdin = sys.stdin
    # Cards by their place, and an accept whenever a raise is the person's to answer
    # (a word out of turn is refused and the next line read).
    sys.stdin = io.StringIO("".join(f"{n}\n" for n in (1, "accept", 2, "accept", 3,
                                                        "accept") * 400))
    try:
        status, out, err = run(capsys, "play", variant, "--seed", str(seed), "--save",
                               str(saved))
    finally:
        sys.stdin = stdin
    assert status == 0, err
    page, cli = deals_of(record), deals_of(saved)
    common = min(len(page), len(cli))
    assert common >= 2 and page[:common] == cli[:common]


@pytest.mark.parametrize("width", [1280, 390])
def test_whole_games_against_the_search_bots(served: Site, capsys, tmp_path: Path,
                                             width: int) -> None:
    phone = width < 600
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    rng = random.Random(width)
    asked = len(served.served)       # what this browser asks the site for
    with Browser(downloads=downloads) as browser:
        page = browser.page(width, 844 if phone else 900, phone=phone)
        page.label = str(width)
        # From a variant's page, as a reader comes to the table.
        page.goto(served.url + "variants/generated/1737.html")
        page.click("a.rentoy-play-link-ref")
        page.wait("location.pathname.endsWith('/play-in-the-browser.html') && "
                  "window.rentoyPlay && window.rentoyPlay.state() === 'setup'")
        assert page.eval("new URL(location.href).searchParams.get('variant')") == "1737"
        assert page.eval("document.querySelector('select[name=variant]').value") == "1737"
        # The first screen is readable before anything is downloaded, says how much, and
        # shows Start without scrolling.
        note = page.eval("document.querySelector('.rentoy-play-download').innerText")
        assert "MB" in note and "Pyodide" in note and "nothing is loaded before" in note
        assert start_on_first_screen(page)
        assert page.eval("document.documentElement.scrollWidth") <= width
        shot(page, f"{width}-setup")
        assert not [p for p in served.served[asked:] if "pyodide" in p or p.endswith(".whl")]
        games = []
        page.eval("document.querySelector('.rentoy-play-more').open = true")
        for variant, seed in (("1737", 21), ("avila", 22)):
            page.eval(f"""(() => {{
                const form = document.querySelector('form.rentoy-play-setup');
                form.elements.variant.value = {json.dumps(variant)};
                form.elements.variant.dispatchEvent(new Event('change'));
                form.elements.pace.value = '0';
                return true; }})()""")
            page.click("input[name=seed]")
            page.eval("document.querySelector('input[name=seed]').select()")
            page.type(str(seed))
            assert page.eval("document.querySelector('select[name=partners]').value") == "search"
            assert page.eval("document.querySelector('select[name=opponents]').value") == "search"
            page.click("form.rentoy-play-setup button[type=submit]")
            state(page)
            assert any("pyodide.asm.wasm" in p for p in served.served[asked:])
            assert page.eval("document.documentElement.scrollWidth") <= width
            shot(page, f"{width}-{variant}-start")
            seen = play_game(page, rng, ENGLISH_KEYS if not phone and variant == "avila"
                             else None)
            assert seen["hands"] >= 1 and seen["actions"] >= 3
            assert seen["hint"].startswith(("Hint: the search bot would", "Every card"))
            assert not seen["end_focus"]
            tricks = page.eval("document.querySelector('.rentoy-play-tricks')?.innerText || ''")
            assert "took trick 1" in tricks or seen["hands"] >= 1
            # The page's long tasks while the game was played, kept: their goal (none
            # above 50 ms) is a benchmark's to judge (bench/browser.py), as a test
            # asserts no wall time.
            LONG_TASKS.append((width, variant, page.eval(
                "window.rentoyPlay.longTasks.filter((t) => t.playing)")))
            first = seen["refusals"][0]
            assert "Refused: no raise is waiting for an answer, so seat 0 cannot accept" in first
            assert "Who answers a raise" in first and "answer_by" in first
            assert f"of variant {variant}" in first and "source: " in first
            assert "nothing-to-answer" in first
            # The rule and the source link to their places on the site.
            for href in seen["links"]:
                path, _, anchor = href[len(served.url):].partition("#")
                markup = (served.folder / path).read_text(encoding="utf-8")
                assert f'id="{anchor}"' in markup, href
            assert any("#rule-" in h for h in seen["links"]) and \
                any("#source-" in h for h in seen["links"])
            for later in seen["refusals"][1:]:
                assert "Refused:" in later and "The rule:" in later and "source" in later
            words = page.eval("document.querySelector('.rentoy-play-result').innerText")
            assert "wins the game" in words
            shot(page, f"{width}-{variant}-over")
            record = download_record(page, browser, downloads)
            assert record.name == f"rentoy-{variant}-seed-{seed}.yaml"
            games.append((variant, seed, record))
            page.click(".rentoy-play-result .rentoy-play-button:not(.rentoy-play-primary)")
            page.wait("window.rentoyPlay.state() === 'setup'")
        timings = page.eval("window.rentoyPlay.timings")
        assert timings and all(t["bot"] == "search" for t in timings)
        if not phone:
            play_this_deal(page, served)
        # No request left the loopback address: not the page's, not its worker's (the
        # browser's own chrome:// pages, which it loads for itself, are not requests).
        assert browser.requests
        outside = [u for u in browser.requests if not u.startswith(served.url) and not
                   u.startswith(("data:", "blob:", "chrome:", "chrome-untrusted:"))]
        assert not outside, outside
        assert "worker" in browser.sessions.values()
        assert not browser.errors, browser.errors
    for variant, seed, record in games:
        check_record(capsys, record, variant, seed, tmp_path)


def start_on_first_screen(page: Page) -> bool:
    """Whether Start is on the first screen, whole, with nothing scrolled."""
    return page.eval("""(() => { window.scrollTo(0, 0);
        const r = document.querySelector('form.rentoy-play-setup button[type=submit]')
            .getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight; })()""")


@pytest.mark.parametrize("width", [1280, 390])
def test_the_first_hand_comes_soon_after_start_on_a_warm_cache(served: Site,
                                                                width: int) -> None:
    # The goal is 3 s on a quiet machine; the bound is that, scaled by the load at the
    # time. The browser keeps the started engine after the first visit, and the second
    # starts from it: the interpreter's own start-up and the engine's imports are skipped.
    phone = width < 600
    with Browser() as browser:
        page = browser.page(width, 844 if phone else 900, phone=phone)
        url = served.url + "play-in-the-browser.html?variant=1737&pace=0&seed=5"
        page.goto(url)
        page.wait("window.rentoyPlay && window.rentoyPlay.state() === 'setup'")
        assert start_on_first_screen(page)
        asked = len(served.served)
        # Pointing at Start fetches and starts the runtime, and says so.
        if phone:
            page.eval("document.querySelector('form button[type=submit]').focus()")
        else:
            page.hover("form.rentoy-play-setup button[type=submit]")
        status = page.wait("document.querySelector('.rentoy-play-status').innerText")
        assert "from this site" in status and "MB" in status
        page.wait("window.rentoyPlay.loaded()", timeout=240)
        assert any("pyodide.asm.wasm" in p for p in served.served[asked:])
        assert "Start deals at once" in page.eval(
            "document.querySelector('.rentoy-play-status').innerText")
        assert page.eval("window.rentoyPlay.loadParts().restored") is False
        # The browser keeps the started engine (its memory, some 30 MB) for next time.
        kept = page.wait("window.rentoyPlay.kept() !== null && window.rentoyPlay.kept()",
                         timeout=120)
        assert kept > 10_000_000, kept
        # The cache is warm: a reader comes back, points at Start and presses it.
        page.goto(url)
        page.wait("window.rentoyPlay && window.rentoyPlay.state() === 'setup'")
        page.click("form.rentoy-play-setup button[type=submit]")
        state(page)
        took = page.eval("window.rentoyPlay.firstDealMs()")
        parts = page.eval("window.rentoyPlay.loadParts()")
        FIRST_DEALS.append((width, took))
        print(f"first hand dealt {took:.0f} ms after Start at {width} px (the runtime "
              f"{parts['runtime_ms']:.0f} ms, the engine {parts['engine_ms']:.0f} ms), load "
              f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        assert parts["restored"] is True       # the time itself: bench/browser.py
        assert not browser.errors, browser.errors


#: The first deal's time after Start, by width (printed with -s).
FIRST_DEALS: list = []


@pytest.mark.parametrize("query, said", [
    ("variant=nonesuch", "the site has no variant nonesuch"),
    ("variant=1737&options=nope", "variant 1737 has no option nope"),
    ("variant=1737&players=5", "played by 2, 4, 6, 8 players, not 5"),
    ("variant=1737&score=4-x", "the score is written A-B"),
    ("variant=1737&dealer=1e9", "dealer is a whole number"),
])
def test_a_bad_link_is_refused_before_anything_starts(served: Site, query: str,
                                                      said: str) -> None:
    with Browser() as browser:
        page = browser.page(1280, 900)
        page.goto(served.url + "play-in-the-browser.html?" + query)
        page.wait("window.rentoyPlay && window.rentoyPlay.state() === 'setup'")
        line = page.eval("document.querySelector('.rentoy-play-deal').innerText")
        assert line.startswith("This link cannot be played: ") and said in line, line
        assert page.eval("document.querySelector('form button[type=submit]').disabled")
        # Left, the link gives way to the choices.
        page.click(".rentoy-play-deal button")
        assert not page.eval("document.querySelector('form button[type=submit]').disabled")
        assert not browser.errors, browser.errors


def test_a_bad_deal_in_a_link_is_refused_in_words_and_nothing_is_dealt(served: Site) -> None:
    with Browser() as browser:
        page = browser.page(1280, 900)
        page.goto(served.url + "play-in-the-browser.html?variant=1737&players=2&deal="
                  "1e+12b+5e+%7C+5c+1e+7o+%2F+up+7e")
        page.wait("window.rentoyPlay && window.rentoyPlay.state() === 'setup'")
        page.click("form.rentoy-play-setup button[type=submit]")
        line = page.wait("document.querySelector('.rentoy-play-deal.rentoy-play-missing')"
                         "?.innerText", timeout=240)
        assert "This link cannot be played: deal '1e 12b 5e | 5c 1e 7o / up 7e': 1e (As de " \
               "espadas) is dealt twice" in line
        assert not re.search(r"Traceback|Error|Exception|File \"", line)
        assert page.eval("window.rentoyPlay.state()") == "setup"
        assert page.eval("window.rentoyPlay.view()") is None
        assert not browser.errors, browser.errors


def play_this_deal(page: Page, served: Site) -> None:
    """A worked example's "Play this deal": the game starts from its deal and score."""
    walk = load_walkthrough(ROOT / "docs" / "examples" / "betting-from-4-5.yaml")
    page.goto(served.url + "worked-examples/generated/betting-from-4-5.html")
    page.click("a.rentoy-play-link-ref")
    page.wait("location.pathname.endsWith('/play-in-the-browser.html') && "
              "window.rentoyPlay && window.rentoyPlay.state() === 'setup'")
    note = page.eval("document.querySelector('.rentoy-play-deal').innerText")
    assert f"deal of “{walk.title}” (seat {walk.dealer} deals), from a score of A 4, B 5" in note
    page.click("form.rentoy-play-setup button[type=submit]")
    state(page)
    view = page.eval("window.rentoyPlay.view()")
    assert view["hand"] == 1 and view["dealer"] == walk.dealer and view["up"]["code"] == \
        walk.deal.up.code
    assert view["score"] == list(walk.start_score)
    assert sorted(c["code"] for c in view["cards"]) == sorted(c.code for c in walk.deal.hands[0])


def test_without_the_runtime_the_page_says_so(served: Site) -> None:
    served.without_runtime = True
    try:
        with Browser() as browser:
            page = browser.page(390, 844, phone=True)
            page.goto(served.url + "play-in-the-browser.html")
            assert page.wait("window.rentoyPlay && window.rentoyPlay.state()") == "missing"
            note = page.eval("document.querySelector('.rentoy-play-download').innerText")
            assert "cannot be played on this copy of the site" in note
            assert "built without the Python runtime" in note and "rentoy play 1737" in note
            assert page.eval("document.querySelector('form button[type=submit]').disabled")
            assert page.eval("document.querySelector('.rentoy-play-download a').href").endswith(
                "play-a-game.html")
            assert not browser.errors, browser.errors
    finally:
        served.without_runtime = False


def spanish_words(page: Page, selector: str = "#rentoy-play") -> list[str]:
    """The English words a part of the page shows (code left out, as on every Spanish
    page)."""
    markup = page.eval(f"document.querySelector({json.dumps(selector)}).outerHTML")
    return english_share(f"<article>{markup}</article>")[2]


def overflowing(page: Page) -> list[str]:
    """The words of the buttons and choices shown whose text is wider than they are, or
    that reach past the page's right edge."""
    return page.eval("""[...document.querySelectorAll('.rentoy-play button, .rentoy-play select')]
        .filter((b) => b.offsetParent && (b.scrollWidth > b.clientWidth + 1 ||
            b.getBoundingClientRect().right > document.documentElement.clientWidth))
        .map((b) => b.innerText || b.value)""")


@pytest.mark.parametrize("width", [1280, 390])
def test_the_spanish_edition_plays_in_spanish(served_es: Site, tmp_path: Path,
                                              width: int) -> None:
    phone = width < 600
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    with Browser(downloads=downloads) as browser:
        page = browser.page(width, 844 if phone else 900, phone=phone)
        page.label = f"es-{width}"
        page.goto(served_es.url + "es/play-in-the-browser.html?variant=1737&seed=31&pace=0")
        page.wait("window.rentoyPlay && window.rentoyPlay.state() === 'setup'")
        assert page.eval("document.documentElement.lang") == "es"
        # The choices, before anything is downloaded: Spanish, with decimal commas.
        setup = page.eval("document.querySelector('form.rentoy-play-setup').innerText")
        for said in ("Una partida nueva", "Variante", "Su asiento", "0 (el primero en jugar)",
                     "Sus compañeros", "Los rivales", "Semilla", "Las jugadas de los bots",
                     "Empezar la partida", "no se carga nada antes de que señale"):
            assert said in setup, said
        assert re.search(r"\d,\d\xa0MB", setup), setup
        assert "El rentoy según las reglas de 1737" in setup
        assert spanish_words(page) == []
        assert page.eval("document.documentElement.scrollWidth") <= width
        assert overflowing(page) == []
        assert start_on_first_screen(page)
        shot(page, f"es-{width}-setup")
        page.click("form.rentoy-play-setup button[type=submit]")
        state(page)
        # The table: every word Spanish, the narration and the prompts included.
        shown = page.eval("document.querySelector('.rentoy-play-table').innerText")
        for said in ("Equipo A (usted)", "Mano 1", "Carta vuelta", "Lo que ha pasado",
                     "Semilla 31", "Teclas: 1–9 juegan una carta, E envida, Q quiere, "
                     "N no quiere, S reparte la mano siguiente",
                     "El rentoy según las reglas de 1737 (1737), 4 jugadores, a 12 tantos."):
            assert said in shown, said
        assert spanish_words(page) == []
        assert overflowing(page) == []
        view = page.eval("window.rentoyPlay.view()")
        assert [b["label"] for b in view["bets"]][1:] == ["Quiero", "No quiero"]
        # A refusal: the engine's reason, the rule, its status and its source in Spanish.
        state(page, "['your-turn']")
        view = page.eval("window.rentoyPlay.view()")
        if not view["pending"]:
            page.click(".rentoy-play-bet[data-key$=' accept']")
            refusal = page.wait("document.querySelector('.rentoy-play-refusal')?.innerText")
            assert refusal.startswith("Rechazada: ningún envite espera respuesta, así que el "
                                      "asiento 0 no tiene envite que querer.")
            assert "La regla: Quién responde a un envite (answer_by) de la variante 1737, " \
                   "inferida; fuente: Rentoy (el texto español sin título" in refusal
            assert "el código del motivo que da el motor" in refusal
            assert spanish_words(page) == []
            shot(page, f"es-{width}-refusal")
        # An action: a raise, by its key (E, for envido) or by a tap on its button.
        view = page.eval("window.rentoyPlay.view()")
        raise_ = next(b for b in view["bets"] if b["kind"] == "raise")
        if raise_["legal"] and not view["pending"]:
            if phone:
                page.click(".rentoy-play-bet[data-key$=' raise']")
            else:
                press(page, "e")
            page.wait(f"window.rentoyPlay.view().actions_taken > {view['actions_taken']}",
                      timeout=60)
            log = page.eval("document.querySelector('.rentoy-play-log').innerText")
            assert "Usted: El equipo A envida y sube la mano de 1 a 3" in log
        keys = None
        if not phone:
            words = page.eval("JSON.parse(document.getElementById('rentoy-play-words')"
                              ".textContent)")
            keys = {kind: c["key"].lower() for kind, c in words["keys_by_kind"].items()}
            keys["next"] = words["next_key"].lower()
            assert keys == {"raise": "e", "game": "j", "accept": "q", "fold": "n",
                            "next": "s"}
        seen = play_game(page, random.Random(width + 1), keys)
        assert seen["hands"] >= 1
        result = page.eval("document.querySelector('.rentoy-play-result').innerText")
        assert "gana la partida" in result and "Descargar el registro" in result
        assert spanish_words(page) == []
        assert page.eval("document.documentElement.scrollWidth") <= width
        assert overflowing(page) == []
        shot(page, f"es-{width}-over")
        record = download_record(page, browser, downloads)
        assert 'title: "Una partida de 1737 en el navegador"' in record.read_text("utf-8")
        assert not browser.errors, browser.errors
