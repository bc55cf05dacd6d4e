"""The language rentoy speaks: English, or Spanish (``es``).

Two gettext catalogs, both keyed by the English text:

- ``rentoy``, the program's own words (messages, help, headings, rule names and values,
  the narration of a hand), marked in the code with :func:`_` (or :func:`N_` where the
  text is translated later, :func:`ngettext` for a count);
- ``variants``, the texts of the variant files (notes, descriptions, names, the modern
  renderings of quotations), looked up with :func:`data_text` when they are shown.

The language is chosen once per run: ``--lang`` on the command line, else the locale
(``LANGUAGE``, then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them), else
English. English needs no catalog: nothing is read for it, so the command line starts as
fast as before. A text with no translation is shown in English.

>>> from rentoy.i18n import _, choose_language, use_language
>>> choose_language(None, {"LANG": "es_AR.UTF-8"})
'es'
>>> choose_language(None, {"LC_ALL": "C", "LANG": "es_ES.UTF-8"})
'en'
>>> with use_language("en"):
...     _("Order of the trumps")
'Order of the trumps'

The catalogs' sources are ``rentoy/locale/<lang>/parts/<domain>-<part>.po``, one file
per area so that each is edited on its own; ``python -m rentoy.catalogs`` merges them
into the compiled ``rentoy/locale/<lang>/LC_MESSAGES/<domain>.mo`` that install with the
package (see :mod:`rentoy.data.catalogs`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

# Read by every run, English ones included: nothing here imports more than ``os``
# (typing, contextlib and pathlib cost start-up time the command line counts).
TYPE_CHECKING = False
if TYPE_CHECKING:
    import gettext
    from types import TracebackType

__all__ = ["LANGUAGES", "DOMAINS", "LOCALE_DIR", "LanguageError", "choose_language",
           "set_language", "language", "use_language", "_", "N_", "ngettext", "data_text",
           "has_translation", "translations", "number", "percent", "interval"]

#: The languages rentoy speaks, English first (the language of the code and the files).
LANGUAGES: tuple[str, ...] = ("en", "es")
#: The names of the languages, each in itself.
LANGUAGE_NAMES: Mapping[str, str] = {"en": "English", "es": "español"}
#: The catalogs: the program's words and the variant files' texts.
DOMAINS: tuple[str, ...] = ("rentoy", "variants")
#: Where the compiled catalogs live (``<lang>/LC_MESSAGES/<domain>.mo``).
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                          "locale")

_current = "en"
_loaded: dict[tuple[str, str], gettext.NullTranslations] = {}


class LanguageError(ValueError):
    """A language rentoy does not speak."""


def _code(value: str) -> str:
    """The language of a locale name: ``es_AR.UTF-8@euro`` is ``es``, ``C`` is ``en``."""
    code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].strip().lower()
    return "en" if code in ("", "c", "posix") else code


def choose_language(requested: str | None = None,
                    environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``requested`` (``--lang``) if given, else the locale's.

    A requested language rentoy does not speak is an error; a locale's is not (the
    locale speaks for the whole system), it gives English."""
    if requested:
        code = _code(requested)
        if code not in LANGUAGES:
            raise LanguageError(f"--lang {requested!r}: rentoy speaks "
                                f"{' and '.join(LANGUAGES)}")
        return code
    env = os.environ if environ is None else environ
    # GNU gettext reads LANGUAGE (a list, by preference) first, unless the locale is C.
    messages = next((env[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG")
                     if env.get(name)), "")
    if env.get("LANGUAGE") and _code(messages or "x") != "en":
        for item in env["LANGUAGE"].split(":"):
            if _code(item) in LANGUAGES and item:
                return _code(item)
    code = _code(messages)
    return code if code in LANGUAGES else "en"


def set_language(code: str) -> None:
    """Speak ``code`` (one of :data:`LANGUAGES`) from now on."""
    global _current
    if code not in LANGUAGES:
        raise LanguageError(f"rentoy speaks {' and '.join(LANGUAGES)}, not {code!r}")
    _current = code


def language() -> str:
    """The language spoken now."""
    return _current


class use_language:  # noqa: N801 (used as a function: ``with use_language("es"):``)
    """Speak ``code`` within the block, then the language spoken before."""

    def __init__(self, code: str):
        self.code, self.before = code, _current

    def __enter__(self) -> None:
        self.before = _current
        set_language(self.code)

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        set_language(self.before)


def translations(domain: str = "rentoy", code: str | None = None) -> gettext.NullTranslations:
    """The catalog of ``domain`` for ``code`` (the language spoken now): read once."""
    code = code or _current
    key = (code, domain)
    found = _loaded.get(key)
    if found is None:
        import gettext as _gettext  # at use: start-up (bench/startup.py)

        if code == "en":
            found = _gettext.NullTranslations()
        else:
            path = os.path.join(LOCALE_DIR, code, "LC_MESSAGES", f"{domain}.mo")
            try:
                with open(path, "rb") as handle:
                    found = _gettext.GNUTranslations(handle)
            except OSError:       # an installation without the catalog speaks English
                found = _gettext.NullTranslations()
        _loaded[key] = found
    return found


def _(message: str) -> str:
    """``message`` in the language spoken now."""
    if _current == "en":
        return message
    return translations("rentoy").gettext(message)


def N_(message: str) -> str:
    """``message`` unchanged, marked for the catalog: translated later with :func:`_`."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form for ``count`` in the language spoken now."""
    if _current == "en":
        return singular if count == 1 else plural
    return translations("rentoy").ngettext(singular, plural, count)


def number(value: float, places: int | None = None, *, signed: bool = False,
           grouped: bool = True) -> str:
    """A number as the language spoken now writes it: thousands grouped (``10,000`` in
    English, ``10.000`` in Spanish, where a four-digit number is not grouped: ``3000``)
    and, given ``places``, that many decimals after the
    decimal mark (``4.25`` in English, ``4,25`` in Spanish: the decimal comma of Spain
    and of Argentina). ``signed``: with its sign, ``+`` included; ``grouped=False``:
    thousands not grouped.

    >>> with use_language("es"):
    ...     number(1_000_000), number(20), number(4.256, 2), number(0.5, 1, signed=True)
    ('1.000.000', '20', '4,26', '+0,5')
    >>> with use_language("es"):
    ...     number(3000), number(2500.5, 1), number(12345)
    ('3000', '2500,5', '12.345')
    >>> number(12345.678, 1)
    '12,345.7'
    """
    # Spanish groups no four-digit number (3000, not 3.000: the RAE's rule), and from
    # five digits on groups with a point, as Spain's prose usually does (10.000).
    if _current != "en" and abs(value) < 10_000:
        grouped = False
    spec = ("+" if signed else "") + ("," if grouped else "")
    text = f"{value:{spec}}" if places is None else f"{value:{spec}.{places}f}"
    return text if _current == "en" else text.translate(_SWAPPED_MARKS)


_SWAPPED_MARKS = str.maketrans(",.", ".,")


def percent(value: float, places: int | None = 1, *, signed: bool = False) -> str:
    """A percentage (``value`` is already in per cent) as the language spoken now
    writes it: ``23.4%`` in English, ``23,4 %`` in Spanish (with a space that does not
    break, as Spanish spacing has it); ``places`` as for :func:`number`.

    >>> percent(23.44), percent(5, 0)
    ('23.4%', '5%')
    >>> with use_language("es"):
    ...     percent(23.44)
    '23,4\xa0%'
    """
    text = number(value, places, signed=signed)
    return text + ("%" if _current == "en" else "\u00a0%")


def interval(low: str, high: str) -> str:
    """An interval of two numbers already written: ``[22.9, 23.9]`` in English, and in
    Spanish, whose decimal mark is the comma, ``[22,9; 23,9]``."""
    return f"[{low}, {high}]" if _current == "en" else f"[{low}; {high}]"


def data_text(text: str) -> str:
    """A text of the variant files (a note, a description, a name) in the language
    spoken now; the English where it has no translation."""
    if _current == "en" or not text:
        return text
    catalog = translations("variants")
    found = catalog.gettext(text)
    if found == text:
        # A block of YAML (``|``) ends in a line break that readers of the file often
        # strip, or keep where the catalog has none: either form finds the translation,
        # given back in the form asked for.
        other = text[:-1] if text.endswith("\n") else text + "\n"
        translated = catalog.gettext(other)
        if translated != other:
            found = translated + "\n" if text.endswith("\n") else translated.rstrip("\n")
    return found


#: What a catalog read for checking answers for a text it lacks (no text is this).
_MISSING = "\x00missing\x00"
_checking: dict[tuple[str, str], gettext.NullTranslations] = {}


def has_translation(text: str, domain: str = "variants", code: str = "es") -> bool:
    """Whether ``text`` has its translation into ``code`` in ``domain``'s catalog (a
    translation may be the same words, as a name often is)."""
    if code == "en" or not text:
        return True
    key = (code, domain)
    catalog = _checking.get(key)
    if catalog is None:
        import gettext as _gettext  # at use: start-up (bench/startup.py)

        class Missing(_gettext.NullTranslations):
            def gettext(self, message: str) -> str:
                return _MISSING

        path = os.path.join(LOCALE_DIR, code, "LC_MESSAGES", f"{domain}.mo")
        try:
            with open(path, "rb") as handle:
                catalog = _gettext.GNUTranslations(handle)
        except OSError:
            catalog = _gettext.NullTranslations()
        catalog.add_fallback(Missing())
        _checking[key] = catalog
    if catalog.gettext(text) != _MISSING:
        return True
    other = text[:-1] if text.endswith("\n") else text + "\n"     # as data_text reads it
    return catalog.gettext(other) != _MISSING
