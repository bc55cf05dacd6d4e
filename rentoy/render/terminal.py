"""The terminal as an output device: its width, and plain ASCII where it shows no more.

:func:`terminal_width` is the one answer to "how wide may text output be": an explicit
width (``rentoy --width N``), else the ``COLUMNS`` environment variable, else the size
of the terminal on stdout, else 80. :func:`ascii_fallback` makes a text stream that
cannot encode accents or suit symbols write a plain transliteration (``Huétor`` becomes
``Huetor``) instead of failing.

>>> terminal_width(60)
60
>>> transliterate("Huétor Vega, Ávila · 5♣ – as de oros…")
'Huetor Vega, Avila . 5b - as de oros...'
"""

from __future__ import annotations

import codecs
import os
import sys

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any, TextIO

__all__ = ["DEFAULT_WIDTH", "MIN_WIDTH", "terminal_width", "transliterate", "ascii_fallback",
           "display_width"]

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
    if env.isdigit() and int(env) > 0:
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
