"""Headless Chromium driven through its DevTools protocol, over a pipe (no extra package).

Chromium started with ``--remote-debugging-pipe`` reads protocol commands from file
descriptor 3 and writes replies and events to descriptor 4, each message a JSON object
ended by a NUL byte. :class:`Browser` starts it, opens one page and sends commands to it;
:meth:`Browser.open` lays the page out as a given device would (``mobile=True`` for a
phone: device emulation, since ``--window-size`` lays out wider than asked).

Used by the browser tests (``tests/test_browser.py``) and, from the command line, to look
at a built page::

    python tests/devtools.py docs/_build/html/compare.html --width 390 --out compare-390.png
"""

from __future__ import annotations

import argparse
import base64
import fcntl
import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

__all__ = ["Browser", "find_chromium", "DevToolsError"]


def find_chromium() -> str | None:
    """The Chromium to drive: ``RENTOY_CHROMIUM``, else the first of the usual names."""
    named = os.environ.get("RENTOY_CHROMIUM")
    if named:
        return named if Path(named).exists() else None
    return next((found for name in ("chromium", "chromium-browser", "google-chrome")
                 if (found := shutil.which(name))), None)


class DevToolsError(RuntimeError):
    """Chromium answered a command with an error, or stopped answering."""


class Browser:
    """One headless Chromium with one page; use as a context manager."""

    def __init__(self, executable: str, timeout: float = 60.0):
        self.timeout = timeout
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()

        def child_fds() -> None:
            # Out of the way first, in case either pipe end is 3 or 4 already.
            high_r = fcntl.fcntl(to_chrome_r, fcntl.F_DUPFD, 10)
            high_w = fcntl.fcntl(from_chrome_w, fcntl.F_DUPFD, 10)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu",
             "--remote-debugging-pipe", "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--hide-scrollbars", "--mute-audio",
             "--font-render-hinting=none", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=child_fds, pass_fds=(3, 4), close_fds=True)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._out = os.fdopen(to_chrome_w, "wb", buffering=0)
        self._in = os.fdopen(from_chrome_r, "rb", buffering=0)
        self._buffer = b""
        self._next_id = 0
        self._events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target,
                                 flatten=True)["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except (DevToolsError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._out.close()
        self._in.close()

    # -- the protocol ------------------------------------------------------------------

    def _read_message(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline:
                raise DevToolsError("Chromium did not answer in time")
            chunk = self._in.read(1 << 16)
            if not chunk:
                raise DevToolsError("Chromium closed the pipe")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(message)

    def call(self, method: str, session: bool = False, **params: Any) -> dict[str, Any]:
        """Send one command (to the page's session when ``session``) and wait for its
        reply; events that arrive meanwhile are kept for :meth:`wait_for`."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        self._out.write(json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise DevToolsError(f"{method}: {reply['error'].get('message')}")
                return reply.get("result", {})
            if "method" in reply:
                self._events.append(reply)

    def wait_for(self, event: str) -> dict[str, Any]:
        """The next event of that name (one already received counts)."""
        deadline = time.monotonic() + self.timeout
        while True:
            for i, seen in enumerate(self._events):
                if seen.get("method") == event:
                    del self._events[i]
                    return seen.get("params", {})
            reply = self._read_message(deadline)
            if "method" in reply:
                self._events.append(reply)

    # -- pages ---------------------------------------------------------------------------

    def open(self, url: str, width: int, height: int = 900, mobile: bool = False) -> None:
        """Lay out ``url`` in a viewport ``width`` x ``height`` CSS pixels; ``mobile``
        emulates a phone (its viewport meta tag honoured, touch events on)."""
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=width,
                  height=height, deviceScaleFactor=1, mobile=mobile)
        self.call("Emulation.setTouchEmulationEnabled", session=True, enabled=mobile,
                  maxTouchPoints=5 if mobile else 1)
        self._events.clear()
        self.call("Page.navigate", session=True, url=url)
        self.wait_for("Page.loadEventFired")
        # Fonts and the layout settle after the load event.
        self.evaluate("document.fonts ? document.fonts.ready.then(() => true) : true")

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (promises awaited)."""
        reply = self.call("Runtime.evaluate", session=True, expression=expression,
                          returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in reply:
            details = reply["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise DevToolsError(f"script failed: {text}")
        return reply["result"].get("value")

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
