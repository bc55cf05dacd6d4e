"""Headless Chromium driven through its DevTools protocol, and a local server for a site.

A small client of the protocol over a pipe (``--remote-debugging-pipe``: messages are
JSON separated by NUL bytes on file descriptors 3 and 4), so no WebSocket library and
no driver binary are needed. It opens pages, follows every target they start (their
workers included) and records every request any of them makes, clicks with the mouse
or taps with a finger at an element's centre, emulates a phone, takes screenshots and
saves downloads. :class:`Site` serves a built site from a folder on 127.0.0.1 and can
pretend, for the Play page, that the build had no Python runtime.

Used by ``tests/test_play_page.py``, ``bench/browser.py`` and, through the one-page
face of ``tests/devtools.py``, by the layout checks of the site.
"""

from __future__ import annotations

import base64
import functools
import http.server
import json
import os
import select
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable

def find_chromium() -> str | None:
    """The Chromium to drive: ``RENTOY_CHROMIUM``, else the first of the usual names."""
    named = os.environ.get("RENTOY_CHROMIUM")
    if named:
        return named if Path(named).exists() else None
    return next((found for name in ("chromium", "chromium-browser", "google-chrome")
                 if (found := shutil.which(name))), None)


CHROMIUM = find_chromium()

# Nothing but the site under test: no first-run pages, updates, sync or metrics, and any
# name other than the loopback address resolves to nothing (so a stray request cannot
# leave the machine; it is still seen, and the tests fail on it).
_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
          "--no-default-browser-check", "--disable-background-networking",
          "--disable-component-update", "--disable-sync", "--disable-default-apps",
          "--disable-extensions", "--metrics-recording-only", "--mute-audio",
          "--disable-features=Translate,OptimizationHints,MediaRouter,InterestFeedContentSuggestions",
          "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
          "--remote-debugging-pipe"]


class ProtocolError(RuntimeError):
    """The browser answered a command with an error, or did not answer in time."""


class Browser:
    """One headless Chromium; :meth:`page` opens a tab. Use as a context manager."""

    def __init__(self, downloads: Path | None = None, executable: str | None = None):
        executable = executable or CHROMIUM
        if executable is None:
            raise ProtocolError("no Chromium is installed")
        self.profile = Path(tempfile.mkdtemp(prefix="rentoy-chromium-"))
        to_child, self._write = os.pipe()
        self._read, from_child = os.pipe()

        def fds() -> None:      # the protocol's descriptors, as the browser expects them
            os.dup2(to_child, 3)
            os.dup2(from_child, 4)

        self.process = subprocess.Popen(
            [executable, *_FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            pass_fds=(3, 4), preexec_fn=fds)
        os.close(to_child)
        os.close(from_child)
        self._buffer = b""
        self._next = 0
        self.events: list[dict[str, Any]] = []
        self.requests: list[str] = []          # every URL any target asked for
        self.sessions: dict[str, str] = {}     # session id -> target type
        self.errors: list[str] = []            # exceptions and console errors, any target
        self.send("Target.setDiscoverTargets", {"discover": True})
        self.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True,
                                           "flatten": True})
        self.downloads = downloads
        if downloads is not None:
            self.send("Browser.setDownloadBehavior", {
                "behavior": "allow", "downloadPath": str(downloads), "eventsEnabled": True})

    # -- the wire ---------------------------------------------------------------------

    def _post(self, method: str, params: dict[str, Any] | None, session: str | None) -> int:
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        data = json.dumps(message).encode() + b"\0"
        while data:
            data = data[os.write(self._write, data):]
        return self._next

    def _receive(self, timeout: float) -> dict[str, Any] | None:
        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._read], [], [], timeout)
            if not ready:
                return None
            chunk = os.read(self._read, 1 << 20)
            if not chunk:
                raise ProtocolError("the browser closed its end of the pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        message = json.loads(raw)
        if "method" in message:
            self._event(message)
        return message

    def _event(self, message: dict[str, Any]) -> None:
        method, params = message["method"], message.get("params", {})
        session = message.get("sessionId")
        if method == "Target.attachedToTarget":
            child = params["sessionId"]
            kind = params["targetInfo"]["type"]
            self.sessions[child] = kind
            for command, args in (("Network.enable", {}), ("Runtime.enable", {}),
                                  ("Target.setAutoAttach", {"autoAttach": True,
                                                            "waitForDebuggerOnStart": True,
                                                            "flatten": True}),
                                  ("Runtime.runIfWaitingForDebugger", {})):
                self._post(command, args, child)
        elif method == "Network.requestWillBeSent":
            self.requests.append(params["request"]["url"])
        elif method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            self.errors.append(f"{self.sessions.get(session or '', 'browser')}: {text}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in params["args"])
            self.errors.append(f"{self.sessions.get(session or '', 'browser')}: {text}")
        self.events.append(message)

    def send(self, method: str, params: dict[str, Any] | None = None,
             session: str | None = None, timeout: float = 60) -> dict[str, Any]:
        """Send a command and return its result (a :class:`ProtocolError` on an error)."""
        ident = self._post(method, params, session)
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            message = self._receive(max(left, 0)) if left > 0 else None
            if message is None:
                raise ProtocolError(f"{method}: no answer within {timeout} s")
            if message.get("id") == ident:
                if "error" in message:
                    raise ProtocolError(f"{method}: {message['error'].get('message')}")
                result: dict[str, Any] = message.get("result", {})
                return result

    def wait_event(self, test: Callable[[dict[str, Any]], bool], timeout: float,
                   since: int = 0) -> dict[str, Any]:
        """The first event from the ``since``-th on (already seen or to come) for which
        ``test`` is true."""
        seen = since
        deadline = time.monotonic() + timeout
        while True:
            for message in self.events[seen:]:
                if test(message):
                    return message
            seen = len(self.events)
            left = deadline - time.monotonic()
            if left <= 0:
                raise ProtocolError(f"no such event within {timeout} s")
            self._receive(min(left, 0.2))

    def pump(self, seconds: float) -> None:
        """Read what the browser says for ``seconds`` (events go on being recorded)."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            self._receive(left)

    def page(self, width: int = 1280, height: int = 900, phone: bool = False) -> "Page":
        """A new tab at ``width`` CSS pixels; ``phone``: a touch screen at 3x, as a phone."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target,
                                                      "flatten": True})["sessionId"]
        self.sessions[session] = "page"
        page = Page(self, session, target)
        for command in ("Page.enable", "Runtime.enable", "Network.enable"):
            page.send(command)
        page.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True,
                                           "flatten": True})
        page.send("Network.setCacheDisabled", {"cacheDisabled": False})
        page.send("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 3 if phone else 1,
            "mobile": phone})
        if phone:
            page.send("Emulation.setTouchEmulationEnabled", {"enabled": True,
                                                             "maxTouchPoints": 5})
        page.phone = phone
        return page

    def close(self) -> None:
        try:
            self._post("Browser.close", {}, None)
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        for fd in (self._read, self._write):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Page:
    """One tab: evaluate scripts, wait for a condition, click or tap elements."""

    def __init__(self, browser: Browser, session: str, target: str):
        self.browser, self.session, self.target = browser, session, target
        self.phone = False

    def send(self, method: str, params: dict[str, Any] | None = None,
             timeout: float = 60) -> dict[str, Any]:
        return self.browser.send(method, params, self.session, timeout)

    def goto(self, url: str, timeout: float = 60) -> None:
        """Load ``url`` and wait for its load event."""
        before = len(self.browser.events)
        self.send("Page.navigate", {"url": url})
        self.browser.wait_event(
            lambda m: m.get("method") == "Page.loadEventFired"
            and m.get("sessionId") == self.session, timeout, since=before)

    def eval(self, expression: str, timeout: float = 60) -> Any:
        """The value of a JavaScript expression (awaited when it is a promise)."""
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True}, timeout)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise ProtocolError(details.get("exception", {}).get("description")
                                or details.get("text"))
        return result["result"].get("value")

    def wait(self, expression: str, timeout: float = 60, every: float = 0.05) -> Any:
        """Wait until ``expression`` is truthy; its value."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.eval(expression)
            except ProtocolError as exc:
                # Asked while the page navigates (a link just followed): ask the new one.
                if "navigated or closed" not in str(exc) or time.monotonic() > deadline:
                    raise
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise ProtocolError(f"still false after {timeout} s: {expression}")
            self.browser.pump(every)

    def centre(self, selector: str) -> tuple[float, float]:
        """The centre of the element in the viewport, scrolled into view, once the page
        has stopped moving (a smooth scroll, a focus that scrolls, a table redrawn), and
        not at the viewport's edges, where a fixed header lies over the page (a scroll the
        page made since, such as bringing a refusal into view, is undone)."""
        find = f"document.querySelector({json.dumps(selector)})"
        scroll = (f"(() => {{ const el = {find}; if (!el) return false; el.scrollIntoView("
                  "{block: 'center', inline: 'center', behavior: 'instant'}); return true; })()")
        measure = (f"(() => {{ const el = {find}; if (!el) return null; "
                   "const r = el.getBoundingClientRect(); return [r.left + r.width / 2, "
                   "r.top + r.height / 2, r.width, r.height, window.innerHeight]; })()")
        if not self.eval(scroll):
            raise ProtocolError(f"no element {selector}")
        last, still = None, 0
        for _ in range(200):      # still over three readings: no scroll is under way
            box = self.eval(measure)
            if box is None:
                raise ProtocolError(f"no element {selector}")
            if not 0.15 * box[4] <= box[1] <= 0.85 * box[4]:
                self.eval(scroll)
                still = 0
            elif box == last:
                still += 1
                if still == 3:
                    break
            else:
                still = 0
            last = box
            self.browser.pump(0.06)
        if box[2] <= 0 or box[3] <= 0:
            raise ProtocolError(f"{selector} takes no room on the page")
        return box[0], box[1]

    def click(self, selector: str) -> None:
        """Press the element as a person would: a tap on a phone, else the mouse."""
        x, y = self.centre(selector)
        if self.phone:      # a finger: the browser makes the tap a click, as on a phone
            self.send("Input.dispatchTouchEvent", {"type": "touchStart",
                                                   "touchPoints": [{"x": x, "y": y}]})
            self.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            return
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y,
                                                   "button": "left", "clickCount": 1})

    def hover(self, selector: str) -> None:
        """Point at the element with the mouse, without pressing it."""
        x, y = self.centre(selector)
        self.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})

    def key(self, key: str, code: str, text: str = "") -> None:
        """Press and release one key."""
        down = {"type": "keyDown", "key": key, "code": code}
        if text:
            down["text"] = text
        self.send("Input.dispatchKeyEvent", down)
        self.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "code": code})

    def type(self, text: str) -> None:
        self.send("Input.insertText", {"text": text})

    def screenshot(self, path: Path, full: bool = False) -> None:
        params: dict[str, Any] = {"format": "png"}
        if full:
            params["captureBeyondViewport"] = True
            size = self.send("Page.getLayoutMetrics")["cssContentSize"]
            params["clip"] = {"x": 0, "y": 0, "width": size["width"],
                              "height": min(size["height"], 6000), "scale": 1}
        data = self.send("Page.captureScreenshot", params)["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        self.browser.send("Target.closeTarget", {"targetId": self.target})


# ---------------------------------------------------------------------------------------
# The site, served on the loopback address.

class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".mjs": "text/javascript",
                      ".wasm": "application/wasm", ".json": "application/json",
                      ".yaml": "text/plain"}

    def log_message(self, format: str, *args: Any) -> None:      # noqa: A002
        self.server.served.append(self.path)  # type: ignore[attr-defined]

    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        server = self.server
        if server.without_runtime and self.path.split("?")[0].endswith(  # type: ignore[attr-defined]
                "/_static/play/manifest.js"):
            body = (b"window.RENTOY_PLAY_MANIFEST = {\"runtime\": null, \"wheel\": null, "
                    b"\"missing\": \"this site was built without the Python runtime\", "
                    b"\"variants\": []};\n")
            self.send_response(200)
            self.send_header("Content-Type", "text/javascript")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            self.log_message("%s", self.path)
            return
        super().do_GET()


class Site:
    """A built site served from ``folder`` on 127.0.0.1 (a free port) until closed.
    ``served`` lists every path asked for; ``without_runtime`` (settable) serves the Play
    page's manifest as a build without the runtime writes it."""

    def __init__(self, folder: Path):
        self.folder = folder
        handler = functools.partial(_Handler, directory=str(folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.server.served = []  # type: ignore[attr-defined]
        self.server.without_runtime = False  # type: ignore[attr-defined]
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def served(self) -> list[str]:
        return self.server.served  # type: ignore[attr-defined, no-any-return]

    @property
    def without_runtime(self) -> bool:
        return bool(self.server.without_runtime)  # type: ignore[attr-defined]

    @without_runtime.setter
    def without_runtime(self, value: bool) -> None:
        self.server.without_runtime = value  # type: ignore[attr-defined]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def __enter__(self) -> "Site":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
