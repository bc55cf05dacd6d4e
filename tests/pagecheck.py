"""What the site's pages are checked for in a browser, at a phone's width and a desktop's.

:func:`check_page` opens a built page in headless Chromium (device emulation for the
phone, see ``tests/devtools.py``) and measures, with a script run in the page:

- **overflow**: the page must not scroll sideways; a table may not be wider than the
  room it has unless its box scrolls (a wide grid scrolls in its own box); an element
  wider than the article must sit in a box that scrolls;
- **text in figures**: every text of a drawn figure, at the size it is shown, is at
  least 11 px high (a figure too wide to shrink scrolls instead);
- **contrast**: every text of the article stands out from its background by at least
  4.5 to 1 (WCAG AA), the opacity of its ancestors counted;
- **the first screen**: where the title, the first paragraph and any element asked for
  (the compare page's answer) begin, against the height of the screen.

The findings come back as data; the tests decide what fails.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from devtools import Browser

PHONE = (390, 844)
DESKTOP = (1280, 900)
SMALLEST_TEXT = 11.0
CONTRAST = 4.5

#: The main pages, and what each must show on its first screen (a CSS selector).
MAIN_PAGES = {
    "index": "div.rentoy-routes",
    "play": None,
    "rules": None,
    "variants/index": None,
    "variants/generated/1737": None,
    "compare": ".rentoy-answer-lead",
    "rule-effects": None,
    "perfect-play": None,
    "search-bot": None,
    "worked-examples/generated/betting-from-4-5": None,
    "provenance": None,
    "family": None,
    "evidence": None,
    "sources": None,
}

MEASURE = r"""
(() => {
  const W = innerWidth, H = innerHeight, out = {};
  const article = document.querySelector("article");
  const room = article.getBoundingClientRect();
  out.page_width = document.documentElement.scrollWidth;
  out.width = W;
  const scrolls = (el) => {
    for (let n = el.parentElement; n && n !== article; n = n.parentElement) {
      const s = getComputedStyle(n);
      if (/(auto|scroll)/.test(s.overflowX) && n.clientWidth < W) return true;
    }
    return false;
  };
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    (el.getAttribute("class") ? "." + el.getAttribute("class").trim().split(/\s+/).join(".") : "");
  out.too_wide = [];
  article.querySelectorAll("table, svg, pre, img, figure, div").forEach((el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || el.closest("svg") && el.tagName.toLowerCase() !== "svg") return;
    if (r.right > room.right + 1 && !scrolls(el)) out.too_wide.push({el: name(el), width: Math.round(r.width), room: Math.round(room.width)});
  });
  out.small_text = [];
  article.querySelectorAll("svg.rentoy-figure text").forEach((t) => {
    const r = t.getBoundingClientRect();
    if (r.width === 0) return;
    const m = t.getScreenCTM();
    const size = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    if (size < __SMALLEST__ - 0.25) out.small_text.push({text: t.textContent.slice(0, 40), px: Math.round(size * 10) / 10, figure: name(t.closest("svg"))});
  });
  const rgba = (c) => { const m = c.match(/[\d.]+/g); return m ? m.map(Number).concat(m.length < 4 ? [1] : []) : [0,0,0,0]; };
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }; return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const over = (top, below) => { const a = top[3]; return [0,1,2].map((i) => top[i] * a + below[i] * (1 - a)).concat([1]); };
  const background = (el) => {
    const layers = [];
    for (let n = el; n; n = n.parentElement) {
      const c = rgba(getComputedStyle(n).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    let colour = [255, 255, 255, 1];
    for (let i = layers.length - 1; i >= 0; i--) colour = over(layers[i], colour);
    return colour;
  };
  out.low_contrast = [];
  const seen = new Set();
  const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || seen.has(el) || el.closest("svg, pre, .highlight")) continue;
    seen.add(el);
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    let opacity = 1;
    for (let n = el; n; n = n.parentElement) opacity *= parseFloat(getComputedStyle(n).opacity);
    const bg = background(el);
    const fg = rgba(getComputedStyle(el).color);
    const shown = over([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
    const [a, b] = [lum(shown), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    if (ratio < __CONTRAST__ - 0.01) out.low_contrast.push({el: name(el), text: node.textContent.trim().slice(0, 30), ratio: Math.round(ratio * 100) / 100});
  }
  // Past the screen: any element of the page reaching beyond the viewport's sides, unless
  // a box that scrolls (or clips) and fits holds it, or it is a drawer kept off-screen.
  const clipped = (el) => {
    for (let n = el.parentElement; n && n !== document.body; n = n.parentElement) {
      const s = getComputedStyle(n);
      if (/(auto|scroll|hidden|clip)/.test(s.overflowX)) {
        const r = n.getBoundingClientRect();
        if (r.left >= -1 && r.right <= W + 1) return true;
      }
    }
    return false;
  };
  out.past_viewport = [];
  document.body.querySelectorAll("*").forEach((el) => {
    if (el.closest(".sidebar-drawer, .toc-drawer, svg *, .visually-hidden, script, style")) return;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return;
    if ((r.right > W + 1 || r.left < -1) && !clipped(el))
      out.past_viewport.push({el: name(el), left: Math.round(r.left), right: Math.round(r.right)});
  });
  // A box that scrolls sideways inside another that does: two scroll bars for one grid.
  const scrolling = (n) => /(auto|scroll)/.test(getComputedStyle(n).overflowX) && n.scrollWidth > n.clientWidth + 1;
  out.nested_scroll = [];
  article.querySelectorAll("*").forEach((el) => {
    if (!scrolling(el)) return;
    for (let n = el.parentElement; n && n !== document.body; n = n.parentElement)
      if (scrolling(n)) { out.nested_scroll.push({el: name(el), in: name(n)}); break; }
  });
  // A box that scrolls up and down inside the page: on a phone the page's own scrolling
  // is caught by it half way down.
  out.inner_vertical = [];
  article.querySelectorAll("*").forEach((el) => {
    if (/(auto|scroll)/.test(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight + 1
        && el.clientHeight > 0) out.inner_vertical.push({el: name(el)});
  });
  // The column itself scrolling sideways (furo's content box scrolls what overflows it):
  // the reader then pans the whole text to read a line.
  out.column_scrolls = [];
  for (let n = article; n && n !== document.body; n = n.parentElement)
    if (scrolling(n)) out.column_scrolls.push({el: name(n), width: n.scrollWidth, room: n.clientWidth});
  // The text of drawn figures (titles, subtitles, labels) against the page behind them.
  // Behind a text is the figure's own background, or the last filled shape drawn before
  // it whose box holds the text's centre (a box of a tree, a cell of a grid, a marker).
  out.figure_contrast = [];
  const shapesOf = new Map();
  const behind = (t, svg) => {
    let bg = background(svg);
    if (!shapesOf.has(svg)) shapesOf.set(svg, [...svg.querySelectorAll("rect, circle, ellipse, path, polygon")]
      .filter((e) => { const f = getComputedStyle(e).fill; return f !== "none" && rgba(f)[3] > 0; })
      .map((e) => [e, e.getBoundingClientRect()]));
    const r = t.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    let shape = null;
    for (const [e, b] of shapesOf.get(svg)) {
      if (x < b.left || x > b.right || y < b.top || y > b.bottom) continue;
      if (e.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING) shape = e;
    }
    if (shape) {
      const st = getComputedStyle(shape), f = rgba(st.fill);
      bg = over([f[0], f[1], f[2], f[3] * parseFloat(st.fillOpacity) * parseFloat(st.opacity)], bg);
    }
    return bg;
  };
  article.querySelectorAll("svg").forEach((svg) => {
   if (svg.closest("svg") !== svg || !svg.querySelector("text")) return;
   svg.querySelectorAll("text").forEach((t) => {
    const r = t.getBoundingClientRect();
    if (r.width === 0 || !t.textContent.trim()) return;
    const s = getComputedStyle(t);
    if (s.fill === "none" || s.visibility === "hidden") return;
    let opacity = parseFloat(s.fillOpacity);
    for (let n = t; n; n = n.parentElement) opacity *= parseFloat(getComputedStyle(n).opacity);
    const bg = behind(t, svg);
    const fg = rgba(s.fill);
    const shown = over([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
    const [a, b] = [lum(shown), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    if (ratio < __CONTRAST__ - 0.01) out.figure_contrast.push({text: t.textContent.trim().slice(0, 30), figure: name(t.closest("svg")), ratio: Math.round(ratio * 100) / 100});
   });
  });
  const top = (sel) => { const e = document.querySelector(sel); return e ? Math.round(e.getBoundingClientRect().top + scrollY) : null; };
  out.height = H;
  out.title_top = top("article h1");
  out.first_text_top = top("article section > p");
  out.wanted_top = __WANTED__ ? top(__WANTED__) : null;
  return out;
})()
"""


@dataclass
class Findings:
    page: str
    width: int
    data: dict[str, Any] = field(default_factory=dict)

    def problems(self, contrast: bool = True) -> list[str]:
        d, where = self.data, f"{self.page} at {self.width} px"
        out = []
        if d["page_width"] > d["width"] + 1:
            out.append(f"{where}: the page scrolls sideways ({d['page_width']} px wide)")
        out += [f"{where}: {w['el']} is {w['width']} px wide in {w['room']} px and does not "
                "scroll" for w in d["too_wide"][:3]]
        out += [f"{where}: text {t['text']!r} in {t['figure']} is {t['px']} px high"
                for t in d["small_text"][:3]]
        out += [f"{where}: {p['el']} reaches past the screen ({p['left']} to {p['right']} "
                "px)" for p in d["past_viewport"][:3]]
        out += [f"{where}: {n['el']} scrolls inside {n['in']}, which scrolls too"
                for n in d["nested_scroll"][:3]]
        out += [f"{where}: {v['el']} scrolls up and down inside the page"
                for v in d["inner_vertical"][:3]]
        out += [f"{where}: the column {c['el']} scrolls sideways ({c['width']} px in "
                f"{c['room']})" for c in d["column_scrolls"]]
        if contrast:
            out += [f"{where}: {c['el']} ({c['text']!r}) has contrast {c['ratio']}:1"
                    for c in d["low_contrast"][:3]]
            out += [f"{where}: text {c['text']!r} of {c['figure']} has contrast "
                    f"{c['ratio']}:1 against the page" for c in d["figure_contrast"][:3]]
        for what, key in (("the title", "title_top"), ("the first paragraph", "first_text_top"),
                          ("what the page must show first", "wanted_top")):
            if d.get(key) is not None and d[key] >= d["height"]:
                out.append(f"{where}: {what} starts below the first screen ({d[key]} px)")
        return out


def check_page(browser: Browser, html: Path, page: str, width: int, height: int,
               wanted: str | None = None, dark: bool = False) -> Findings:
    """Open ``page`` (a docname) of the built site ``html`` at ``width`` (in the dark
    scheme with ``dark``) and measure it."""
    browser.open((html / f"{page}.html").as_uri(), width, height, mobile=width < 600,
                 dark=dark)
    script = (MEASURE.replace("__SMALLEST__", str(SMALLEST_TEXT))
              .replace("__CONTRAST__", str(CONTRAST))
              .replace("__WANTED__", json.dumps(wanted) if wanted else "null"))
    return Findings(page, width, browser.evaluate(script))


def tap_shows_card_name(browser: Browser, html: Path, page: str = "play") -> str | None:
    """Tap the first small card of ``page`` on a phone; the name it then shows, if any."""
    browser.open((html / f"{page}.html").as_uri(), *PHONE, mobile=True)
    return browser.evaluate(r"""
(() => {
  const card = document.querySelector("article abbr.rentoy-card");
  const r = card.getBoundingClientRect();
  card.scrollIntoView();
  card.click();
  const after = getComputedStyle(card, "::after").content;
  return after && after !== "none" ? after.replace(/^"|"$/g, "") : null;
})()""")
