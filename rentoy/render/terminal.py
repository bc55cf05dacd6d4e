"""The terminal as an output device: its width, plain ASCII where it shows no more, and
nothing it would act on.

:func:`terminal_width` is the one answer to "how wide may text output be": an explicit
width (``rentoy --width N``), else the ``COLUMNS`` environment variable, else the size
of the terminal on stdout, else 80. :func:`ascii_fallback` makes a text stream that
cannot encode accents or suit symbols write a plain transliteration (``Huétor`` becomes
``Huetor``) instead of failing.

:class:`OutputStream` is what the command line writes through, standard output and
standard error alike: every control character (:data:`rentoy.core.limits.CONTROL_CHARACTERS`:
ESC, BEL, CSI, ... from a file name or an argument) is written as a visible escape
(:func:`printable`), so no output sets the terminal's title or clears its screen; and
every character is written or the write fails, so output cut short (``ulimit -f``) is
an error, never a silent loss.

>>> terminal_width(60)
60
>>> transliterate("Huétor Vega, Ávila · 5♣ – as de oros…")
'Huetor Vega, Avila . 5b - as de oros...'
>>> print(printable("no such file: \x1b]0;title\x07.yaml"))
no such file: \\x1b]0;title\\x07.yaml
"""

from __future__ import annotations

import codecs
import errno
import os
import re
import sys

from ..core.limits import CONTROL_CHARACTERS

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any, TextIO

__all__ = ["DEFAULT_WIDTH", "MIN_WIDTH", "terminal_width", "transliterate", "ascii_fallback",
           "display_width", "printable", "OutputStream"]

DEFAULT_WIDTH = 80
MIN_WIDTH = 30     # narrower than this, no table can be laid out usefully

_ERRORS = "rentoy-transliterate"

# Symbols with a conventional ASCII spelling; anything else unencodable becomes "?".
_SYMBOLS = {
    "♠": "e", "♣": "b", "♥": "c", "♦": "o",     # espadas, bastos, copas, oros
    "–": "-", "—": "--", "‒": "-", "−": "-", "‘": "'", "’": "'", "‚": ",", "“": '"',
    "”": '"', "„": '"', "«": '"', "»": '"', "…": "...", "·": ".", "•": "*", "×": "x",
    "÷": "/", "±": "+-", "≤": "<=", "≥": ">=", "≠": "!=", "→": "->", "←": "<-",
    "⇒": "=>", "°": " deg", "º": "o", "ª": "a", "¿": "?", "¡": "!", "ß": "ss",
    "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L",
    "\u00a0": " ", "\u2009": " ", "\u202f": " ",
}


def terminal_width(width: int | None = None, stream: TextIO | None = None) -> int:
    """The width text output should fit: ``width`` if given, else ``COLUMNS``, else the
    terminal's size on ``stream`` (stdout by default), else :data:`DEFAULT_WIDTH`."""
    if width:
        return width
    env = os.environ.get("COLUMNS", "").strip()
    # Its length first: int() of thousands of digits fails (a value that long is no width).
    if env.isascii() and env.isdigit() and len(env) <= 9 and int(env) > 0:
        return max(int(env), MIN_WIDTH)
    try:
        columns = os.get_terminal_size((stream or sys.stdout).fileno()).columns
    except (AttributeError, ValueError, OSError):
        return DEFAULT_WIDTH
    return max(columns, MIN_WIDTH) if columns > 0 else DEFAULT_WIDTH


def display_width(text: str) -> int:
    """How many terminal columns ``text`` takes.

    A character takes one column, except a combining mark or another character of no
    width (which joins the one before it) and a wide East Asian character or emoji,
    which takes two: what a terminal shows, so tables align when a cell holds an accent.

    >>> display_width("Avila"), display_width("Ávila"), display_width("A\u0301vila")
    (5, 5, 5)
    >>> display_width("5♣ 王")
    5
    """
    if text.isascii() or max(text) < "\u0300":
        # ASCII and the Latin letters with their accents (below the combining marks,
        # which begin at U+0300) take one column each: no table needs looking up.
        return len(text)
    global _unicodedata
    if _unicodedata is None:
        import unicodedata      # only for text that is not plain ASCII

        _unicodedata = unicodedata
    width = 0
    for ch in text:
        if ch.isascii():
            width += 1
        elif ch in _WIDTHS:
            width += _WIDTHS[ch]
        else:
            _WIDTHS[ch] = size = _char_width(ch)
            width += size
    return width


_unicodedata: Any = None
_WIDTHS: dict[str, int] = {}     # the width of each non-ASCII character met


def _char_width(ch: str) -> int:
    data = _unicodedata
    assert data is not None
    if ch == "\u00ad":                                 # a soft hyphen shows as one
        return 1
    if data.combining(ch) or data.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if data.east_asian_width(ch) in ("W", "F") else 1


def transliterate(text: str) -> str:
    """``text`` in plain ASCII: accents dropped, known symbols spelt out, the rest ``?``."""
    import unicodedata      # only where the output cannot show accents: not at every start

    out = []
    for ch in text:
        if ch.isascii():
            out.append(ch)
        elif ch in _SYMBOLS:
            out.append(_SYMBOLS[ch])
        else:
            base = "".join(c for c in unicodedata.normalize("NFKD", ch)
                           if not unicodedata.combining(c))
            out.append(base if base.isascii() and base else "?")
    return "".join(out)


def _transliterate_error(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    return transliterate(exc.object[exc.start:exc.end]), exc.end


codecs.register_error(_ERRORS, _transliterate_error)


def ascii_fallback(stream: TextIO) -> None:
    """Make ``stream`` transliterate what its encoding cannot show (a no-op for UTF-8).

    Only streams of :class:`io.TextIOWrapper` can be reconfigured; others are left as
    they are.
    """
    encoding = (getattr(stream, "encoding", None) or "").lower().replace("_", "-")
    if encoding in ("utf-8", "utf8", "utf-16", "utf-32"):
        return
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        try:
            reconfigure(errors=_ERRORS)
        except (ValueError, OSError):       # a closed or detached stream
            pass


_CONTROL = re.compile(CONTROL_CHARACTERS)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every control character but newline and tab written as a visible
    escape (``\\x1b``), so a terminal shows it instead of acting on it. A carriage
    return that begins the text stays: it is how a progress bar redraws its line."""
    if _CONTROL.search(text) is None:
        return text
    if text.startswith("\r"):
        return "\r" + _CONTROL.sub(_escape, text[1:])
    return _CONTROL.sub(_escape, text)


class OutputStream:
    """A text stream (standard output or error) that writes :func:`printable` text, and
    all of it or fails.

    Python's text streams drop what a short write leaves over (with ``ulimit -f``, a
    large output is cut and the run ends well): here the encoded text is written to the
    binary buffer until every byte is taken, so the next write fails with the system's
    error (``File too large``) for the command line to report. ``stream`` None (the
    stream was closed before the run) fails on the first write with ``EBADF``, or, with
    ``quiet``, takes what it is given and drops it (standard error: nothing can be
    reported there). Everything else is the stream's own (``isatty``, ``encoding``,
    ``reconfigure``, ...).
    """

    def __init__(self, stream: TextIO | None, name: str, quiet: bool = False):
        self._stream = stream
        self._name = name
        self._quiet = quiet

    @property
    def stream(self) -> TextIO | None:
        """The stream written to (None when it was closed)."""
        return self._stream

    def write(self, text: str) -> int:
        stream = self._stream
        if stream is None:
            if self._quiet:
                return len(text)
            raise OSError(errno.EBADF, f"{self._name} is closed")
        text = printable(text)
        buffer = getattr(stream, "buffer", None)
        encoding = getattr(stream, "encoding", None)
        if buffer is None or not encoding or os.linesep != "\n":
            return stream.write(text)
        stream.flush()      # what was written to the stream itself goes first
        try:
            data = text.encode(encoding, getattr(stream, "errors", None) or "strict")
        except UnicodeEncodeError:    # a file name that is not valid text, say
            data = text.encode(encoding, "backslashreplace")
        view = memoryview(data)
        while view:
            written = buffer.write(view)
            if not written:
                raise OSError(errno.EIO, f"{self._name} takes no more output")
            view = view[written:]
        if getattr(stream, "write_through", False) or (
                getattr(stream, "line_buffering", False) and "\n" in text):
            buffer.flush()
        return len(text)

    def writelines(self, lines: list[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if self._stream is not None:
            self._stream.flush()

    def fileno(self) -> int:
        if self._stream is None:
            raise OSError(errno.EBADF, f"{self._name} is closed")
        return self._stream.fileno()

    def isatty(self) -> bool:
        return self._stream is not None and self._stream.isatty()

    def __getattr__(self, name: str) -> Any:
        if self._stream is None:
            raise AttributeError(name)
        return getattr(self._stream, name)
