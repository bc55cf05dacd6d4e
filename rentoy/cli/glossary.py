"""``rentoy glossary [TERM]``: the Spanish terms of the game, or one of them."""

from __future__ import annotations

import argparse

from ..comparison.reference import glossary_report
from ..core.i18n import _
from . import COMMANDS
from .common import add_format, emit


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "glossary", help=_(COMMANDS["glossary"]),
        description=_("List the Spanish terms of the game with their English glosses, or "
                      "look one up (case, accents and the ¡! around a call do not matter) "
                      "with its note and sources."))
    p.add_argument("term", metavar="TERM", nargs="?", help=_("a term or call (default: list all)"))
    add_format(p)
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    emit(glossary_report(args.term), args.format)
    return 0
