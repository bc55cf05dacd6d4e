"""``rentoy variants``: list the built-in variants with their evidence counts."""

from __future__ import annotations

import argparse

from ..comparison.reference import variants_report
from ..core.i18n import _
from ..data.variants import builtin_catalogue
from . import COMMANDS, report_error
from .common import add_format, emit


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "variants", help=_(COMMANDS["variants"]),
        description=_("List the built-in variants: id, name, period, region, how many of "
                      "their rules are attested, inferred, assumed or disputed, and their "
                      "options."))
    add_format(p)
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    # A damaged variant file is reported after the others are listed (exit status 2).
    catalogue = builtin_catalogue()
    emit(variants_report(list(catalogue.variants)), args.format)

    for error in catalogue.damaged.values():
        report_error(error)
    return 2 if catalogue.damaged else 0
