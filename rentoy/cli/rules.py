"""``rentoy rules ID``: one variant's rules, each with its provenance."""

from __future__ import annotations

import argparse

from ..comparison.reference import rules_page, rules_report
from ..core.i18n import _
from ..data.variants import builtin_ids, load_variant
from . import COMMANDS
from .common import add_format, emit, refuse_folder
from .common import refuse_empty_variant


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "rules", help=_(COMMANDS["rules"]),
        description=_("Print a variant's rules as a rules page reads them: by section (players "
                      "and the deal, the cards, the play, the betting, scoring), each rule by "
                      "its name with its value in words, its status (attested, inferred, "
                      "assumed, disputed) and sources, and its note; then the options. "
                      "--table prints one row a rule instead, with where each is stated (this "
                      "file, a parent it inherits from, or an option)."))
    p.add_argument("variant", metavar="ID",
                   help=_("a built-in id, a path to a variant file, either with options "
                          "(1737+borrego)"))
    p.add_argument("--table", action="store_true",
                   help=_("one row a rule (value, status, source, where stated, note) instead "
                          "of the page"))
    add_format(p)
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    refuse_empty_variant(args.variant, "rentoy rules 1737")
    base = args.variant.split("+")[0]
    if base not in builtin_ids():
        refuse_folder(base, _("a variant file"),
                      hint=_("give one of the variant files in it, or a built-in id: "
                             "{ids}").format(ids=", ".join(builtin_ids())))

    variant = load_variant(args.variant)
    emit((rules_report if args.table else rules_page)(variant), args.format)
    return 0
