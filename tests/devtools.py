"""One page in headless Chromium, laid out as a device would: the face of
``tests/chromium.py`` (the DevTools client every browser test shares) that the layout
checks use, and a command to look at a built page::

    python tests/devtools.py docs/_build/html/compare.html --width 390 --out compare-390.png

:meth:`Browser.open` lays the page out at a width (``mobile=True`` for a phone: device
emulation, since ``--window-size`` lays out wider than asked).
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from chromium import Browser as _Chromium  # noqa: E402
from chromium import Page, find_chromium  # noqa: E402
from chromium import ProtocolError as DevToolsError  # noqa: E402

__all__ = ["Browser", "find_chromium", "DevToolsError"]


class Browser:
    """One headless Chromium showing one page at a time; use as a context manager."""

    def __init__(self, executable: str, timeout: float = 60.0):
        self.timeout = timeout
        self._chromium = _Chromium(executable=executable)
        self._page: Page | None = None

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._chromium.close()

    @property
    def page(self) -> Page:
        if self._page is None:
            raise DevToolsError("no page is open: call open() first")
        return self._page

    def open(self, url: str, width: int, height: int = 900, mobile: bool = False,
             dark: bool = False) -> None:
        """Lay out ``url`` in a viewport ``width`` x ``height`` CSS pixels; ``mobile``
        emulates a phone (its viewport meta tag honoured, touch events on), ``dark`` a
        reader whose system asks for the dark scheme (``prefers-color-scheme: dark``)."""
        if self._page is not None:
            self._page.close()
        self._page = self._chromium.page(width, height, phone=mobile)
        if mobile:      # the layout checks measure CSS pixels: no 3x screenshots
            self._page.send("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
        self._page.send("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
        self._page.goto(url, timeout=self.timeout)
        # Fonts and the layout settle after the load event.
        self.evaluate("document.fonts ? document.fonts.ready.then(() => true) : true")

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (promises awaited)."""
        return self.page.eval(expression, timeout=self.timeout)

    def call(self, method: str, session: bool = False, **params: Any) -> dict[str, Any]:
        """Send one protocol command (to the page when ``session``) and return its result."""
        if session:
            return self.page.send(method, params, timeout=self.timeout)
        return self._chromium.send(method, params, timeout=self.timeout)

    def screenshot(self, path: Path, full_page: bool = False, element: str | None = None
                   ) -> None:
        """A PNG of the viewport (or of the whole page, or of one element found by a CSS
        selector) written to ``path``."""
        params: dict[str, Any] = {"format": "png"}
        if element:
            box = self.evaluate(f"(() => {{ const r = document.querySelector("
                                f"{json.dumps(element)}).getBoundingClientRect(); return "
                                "[r.left + scrollX, r.top + scrollY, r.width, r.height]; })()")
            params["clip"] = {"x": box[0], "y": box[1], "width": box[2], "height": box[3],
                              "scale": 1}
            params["captureBeyondViewport"] = True
        elif full_page:
            size = self.evaluate("[document.documentElement.scrollWidth,"
                                 " document.documentElement.scrollHeight]")
            params["clip"] = {"x": 0, "y": 0, "width": size[0], "height": min(size[1], 16000),
                              "scale": 1}
            params["captureBeyondViewport"] = True
        data = self.call("Page.captureScreenshot", session=True, **params)["data"]
        Path(path).write_bytes(base64.b64decode(data))


def main() -> None:
    parser = argparse.ArgumentParser(description="Screenshot a page in headless Chromium.")
    parser.add_argument("page", help="a file path or URL")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=900)
    parser.add_argument("--out", required=True)
    parser.add_argument("--full", action="store_true", help="the whole page, not one screen")
    parser.add_argument("--click", help="a CSS selector to click before the screenshot")
    parser.add_argument("--element", help="a CSS selector: the screenshot of that element")
    args = parser.parse_args()
    url = args.page if "://" in args.page else Path(args.page).resolve().as_uri()
    executable = find_chromium()
    if executable is None:
        raise SystemExit("no Chromium installed")
    with Browser(executable) as browser:
        browser.open(url, args.width, args.height, mobile=args.width < 600)
        if args.click:
            browser.evaluate(f"document.querySelector({json.dumps(args.click)}).click()")
        browser.screenshot(Path(args.out), full_page=args.full, element=args.element)


if __name__ == "__main__":
    main()
