"""argparse's own words (the usage line, its errors, the help option) in the language
spoken: argparse looks them up with the standard library's :func:`gettext.gettext`, in
the default gettext domain and the locale's language. :func:`speaking` points that
domain at rentoy's catalog and that language at the one chosen (``--lang`` included)
for the length of a run, then puts both back. English needs neither: this module is
imported only for another language.

The words are marked here, with the English argparse gives them, so that the catalog
carries them; a Python whose argparse words a message otherwise shows it in English.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from ..core.i18n import LOCALE_DIR, N_, ngettext

__all__ = ["ARGPARSE_WORDS", "speaking"]

#: The messages of argparse that a user of ``rentoy`` can meet (not those that only a
#: mistake in building a parser shows).
ARGPARSE_WORDS: tuple[str, ...] = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)


def _plural_words(count: int) -> str:
    """argparse's one plural, marked for the catalog (argparse asks for it itself)."""
    return ngettext("expected %s argument", "expected %s arguments", count)


#: The gettext domain argparse is pointed at: the program's catalog.
DOMAIN = "rentoy"


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """argparse's words in ``code`` within the block (gettext's default domain and the
    ``LANGUAGE`` it reads, as they were before, after it)."""
    import gettext  # at use: the Spanish help only

    domain = gettext.textdomain()
    before = os.environ.get("LANGUAGE")
    gettext.bindtextdomain(DOMAIN, str(LOCALE_DIR))
    gettext.textdomain(DOMAIN)
    # gettext reads the language from the environment only; LANGUAGE comes first there.
    os.environ["LANGUAGE"] = code
    try:
        yield
    finally:
        gettext.textdomain(domain)
        if before is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = before
